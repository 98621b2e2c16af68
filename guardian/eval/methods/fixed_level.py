"""Fixed level L1..L5: GuardianAgent's detector, then one level, no risk model, no escalation.

L1-L3 are the rule levels (`Anonymizer`); L4/L5 are the LLM levels with their acceptance check
and deterministic fallback, run through the escalation loop with l0 = l_max = the level (so the
loop stops after anonymizing, without an attacker round).
"""

from __future__ import annotations

from guardian.eval.methods._text import TEXT_PATH, text_payload
from guardian.eval.methods.base import Method, MethodOutput, Resources

__all__ = ["FixedLevel"]


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
        from guardian.anonymize.escalation import EscalationLoop

        loop = EscalationLoop(
            self.resources.llm, l_max=self.level, rewrite_all_text=True,
            deadlines={b: self.resources.deadline_s for b in _bases()},
        )
        result = loop.run(payload, findings, self.level, detector=self.resources.detector)
        rounds = (result.escalation or {}).get("rounds", [])
        info = {"source": rounds[-1].get("source")} if rounds else {}
        return MethodOutput(result.edits.get(TEXT_PATH, text), level=result.level, info=info)


def _bases():  # type: ignore[no-untyped-def]
    from guardian.records import Basis

    return list(Basis)
