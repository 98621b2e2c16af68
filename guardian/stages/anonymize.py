"""The anonymize stage: identifiers swapped for same-shape substitutes, the rest rewritten at the
start level and up (`guardian.anonymize`); costly when the escalation loop would run an attacker."""

from __future__ import annotations

from typing import TYPE_CHECKING

from guardian.anonymize import Anonymizer, RewriteResult
from guardian.anonymize.operators.identifier import IdentifierSwap, Swapped, swap_identifiers
from guardian.audit import ValueHasher
from guardian.detect import Detector
from guardian.records import Basis, Finding, Payload, RecipientType
from guardian.stages.flow import Decision, FlowState, Stage

if TYPE_CHECKING:
    from guardian.anonymize.escalation import EscalationLoop

__all__ = ["Anonymize"]


class Anonymize(Stage):
    name = "anonymize"
    costly = True

    def __init__(
        self, anonymizer: Anonymizer, escalation: EscalationLoop | None, identifier_swap: IdentifierSwap,
        detector: Detector, hasher: ValueHasher,
    ) -> None:
        self.anonymizer = anonymizer
        self.escalation = escalation  # None: no LLM configured, rule levels only (L4 -> L3)
        self.identifier_swap = identifier_swap  # the session's own when it has one
        self.detector = detector  # the escalation loop's, to find what a rewrite left
        self.hasher = hasher

    def slow(self, state: FlowState) -> bool:
        if state.chat_only:
            return False
        swapped = self._swapped(state)
        return _escalating(state) and self.escalates(swapped.payload, swapped.rest)

    def run(self, state: FlowState) -> Decision | None:
        if state.chat_only:  # allowed: only the conversation's pseudonyms may change it
            return None
        swapped, start = self._swapped(state), state.start_level
        with state.timer.stage("anonymize"):
            if swapped.rest:
                result = self.rewrite(swapped.payload, swapped.rest, start, state.where.basis, escalate=_escalating(state))
            else:  # identifiers only: their substitutes are the whole rewrite
                result = RewriteResult(start, start, {}, (), ())
        state.result = result
        state.edits = {**swapped.pending, **result.edits, **swapped.edits}
        return None

    def _swapped(self, state: FlowState) -> Swapped:
        """User ids and hashed personal data to a recipient: same-shape substitutes (once a request)."""
        if state.swapped is None:
            context = state.where
            swap = state.session.swap or self.identifier_swap
            state.swapped = swap_identifiers(swap, state.payload, state.findings, context.destination_site or context.destination)
        return state.swapped

    def rewrite(
        self, payload: Payload, findings: tuple[Finding, ...], level: int, basis: Basis | None = None,
        *, escalate: bool = True,
    ) -> RewriteResult:
        """Rewrite at l0; step up a rule level while the current one leaves every finding as it was.
        When some finding sits in prose, the verified escalation loop runs instead (L1-L5): an
        attacker reads prose; an e-mail field or an id has nothing more to give away than its
        rule level already removes. `escalate=False`: rule levels only (a prompt to an AI service)."""
        if escalate and self.escalates(payload, findings):
            assert self.escalation is not None
            return self.escalation.run(payload, findings, level, basis=basis, detector=self.detector, hasher=self.hasher)
        result = self.anonymizer.rewrite(payload, findings, level)
        while not result.edits and result.untreated and result.level < self.anonymizer.max_level:
            result = self.anonymizer.rewrite(payload, findings, result.level + 1)
        return result

    def escalates(self, payload: Payload, findings: tuple[Finding, ...]) -> bool:
        """Whether the escalation loop runs for these findings (`EscalationLoop.runs_for`)."""
        return self.escalation is not None and self.escalation.runs_for(payload, findings)


def _escalating(state: FlowState) -> bool:
    """Whether the loop may run at all. A prompt to an AI service keeps its meaning: only the findings
    about the user are replaced (by the chat's pseudonyms), never words generalised by the
    attacker's loop or paraphrased by an LLM."""
    return state.where.recipient is not RecipientType.AI_SERVICE
