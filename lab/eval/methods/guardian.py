"""GuardianAgent full: detect, score in a given action context (L fixed at 0.7), start at l0,
and run the verified escalation loop (L1-L5, attacker, verifier); also its ablations.

The main table compares anonymizers, so by default every text is anonymized: l0 comes from the
band position z even where the context would allow (z = 0: L1) or deny (z = 1: L4) the text, and
`decision` records what the context decided (the risk-control tables measure those decisions).
With `enforce_decisions` (`guardian-lab eval --enforce-decisions`) the method does what the proxy
would do instead: an allow leaves the text as it is, a deny sends nothing (the output is empty:
privacy 1, utility 0). The escalation loop's per-flow deadline is the run's `--deadline` (the
proxy's own 4-20 s would cut most CPU LLM calls short). The detector and the escalation loop are the
pipeline's, built by `guardian.assemble` as the proxy's are (`Resources.pipeline`).
"""

from __future__ import annotations

from lab.eval.contexts import CONTEXTS, assess_in
from lab.eval.methods._text import TEXT_PATH, text_payload
from lab.eval.methods.base import Method, MethodOutput, Resources
from lab.eval.methods.fixed_level import llm_round_info
from guardian.records import Verdict
from guardian.risk import start_level

__all__ = ["GuardianFull", "GuardianFast"]



class GuardianFull(Method):
    """Adaptive L1-L5 from the AMRSF start level; `l_max` and `verify` make the ablations."""

    needs_llm = True

    def __init__(
        self, resources: Resources, *, context: str | None = None, l_max: int = 5, verify: bool = True
    ) -> None:
        super().__init__(resources)
        self.context = CONTEXTS[context or resources.context]
        self.l_max = l_max
        self.verify = verify
        suffix = "" if (l_max, verify) == (5, True) else (f"-lmax{l_max}" if verify else "-noverify")
        self.name = f"guardian{suffix}"  # type: ignore[misc]
        self.label = "GuardianAgent" + (  # type: ignore[misc]
            "" if not suffix else f" (l_max={l_max})" if verify else " (verifier off)"
        )

    def anonymize(self, text: str) -> MethodOutput:
        # assembled as the proxy's
        pipeline = self.resources.pipeline(l_max=self.l_max, verify=self.verify, with_llm=self.needs_llm)
        payload = text_payload(text)
        findings = pipeline.detector.detect(payload)
        risk = assess_in(self.context, findings)
        decision = risk.verdict.value
        l0 = risk.start_level if risk.verdict is Verdict.TRANSFORM else start_level(risk.band_position)
        info = {"R": round(risk.risk, 4), "z": round(risk.band_position, 4), "l0": l0}
        if self.resources.enforce_decisions:
            if risk.verdict is Verdict.ALLOW:
                return MethodOutput(text, level=0, decision=decision, info=info)
            if risk.verdict is Verdict.DENY:
                return MethodOutput("", level=None, decision=decision, info=info)
        result = pipeline.rewrite(payload, findings, min(l0, self.l_max), self.context.basis)
        esc = getattr(result, "escalation", None) or {}
        rounds = esc.get("rounds", [])
        info.update(stopped=esc.get("stopped"), rounds=len(rounds))
        if rounds and result.level >= 4:  # the final text came from an LLM level
            info.update(llm_round_info(rounds[-1]))
        return MethodOutput(result.edits.get(TEXT_PATH, text), level=result.level, decision=decision, info=info)


class GuardianFast(GuardianFull):
    """GuardianAgent full with no LLM: the rule levels, the fast attacker, its verified
    evidence rewritten by the generaliser ladders; L4/L5 are the generaliser's. What the proxy does
    on the default CPU set-up."""

    needs_llm = False

    def __init__(self, resources: Resources, *, context: str | None = None, verify: bool = True) -> None:
        super().__init__(resources, context=context, verify=verify)
        self.name = "guardian-fast" + ("" if verify else "-noverify")  # type: ignore[misc]
        self.label = "GuardianAgent (fast attacker, no LLM" + (")" if verify else ", verifier off)")  # type: ignore[misc]
