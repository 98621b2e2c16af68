"""Fixed level L1..L5: GuardianAgent's detector, then one level, no risk model, no escalation.

L1-L3 are the rule levels (`Anonymizer`); L4/L5 are the LLM levels with their acceptance check
and deterministic fallback, run through the escalation loop with l0 = l_max = the level (so the
loop stops after anonymizing, without an attacker round).
"""

from __future__ import annotations

from lab.eval.methods._text import TEXT_PATH, text_payload
from lab.eval.methods.base import Method, MethodOutput, Resources

__all__ = ["FixedLevel", "llm_round_info"]


class FixedLevel(Method):
    """Always anonymize at one level."""

    def __init__(self, resources: Resources, level: int) -> None:
        super().__init__(resources)
        self.level = level
        self.name = f"L{level}"  # type: ignore[misc]
        self.label = f"Fixed L{level}"  # type: ignore[misc]
        self.needs_llm = level >= 4  # type: ignore[misc]

    def anonymize(self, text: str) -> MethodOutput:
        payload = text_payload(text)
        findings = self.resources.detector.detect(payload)
        if self.level <= 3:
            from guardian.anonymize import Anonymizer

            result = Anonymizer().rewrite(payload, findings, self.level)
            return MethodOutput(result.edits.get(TEXT_PATH, text), level=result.level)
        # L4/L5: the assembled pipeline's escalation loop, started and capped at this level
        result = self.resources.pipeline(l_max=self.level).rewrite(payload, findings, self.level)
        rounds = (getattr(result, "escalation", None) or {}).get("rounds", [])
        info = llm_round_info(rounds[-1]) if rounds else {}
        return MethodOutput(result.edits.get(TEXT_PATH, text), level=result.level, info=info)


def llm_round_info(round_: dict[str, object]) -> dict[str, object]:
    """Where a round's text came from (llm | fallback | ...) and why the LLM's was refused: fixed
    reason strings ("span kept", "length ratio 0.21"), never text."""
    info: dict[str, object] = {"source": round_.get("source")}
    if round_.get("fallback_reasons"):
        info["fallback_reasons"] = round_["fallback_reasons"]
    return info
