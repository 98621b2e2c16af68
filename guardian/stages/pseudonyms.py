"""The pseudonyms stage: an AI chat's findings replaced by the conversation's pseudonyms
(`guardian.anonymize.operators.chat_pseudonym`), so its answer can get the originals back."""

from __future__ import annotations

from guardian.anonymize.operators.chat_pseudonym import RULE_LEVEL_MAX, ChatOutcome, pseudonymize_chat
from guardian.stages.flow import Decision, FlowState, Stage

__all__ = ["Pseudonyms"]


class Pseudonyms(Stage):
    name = "pseudonyms"

    def run(self, state: FlowState) -> Decision | None:
        chat, payload, findings, kinds = state.chat, state.payload, state.findings, state.kinds
        if chat is None:
            return None
        if state.chat_only:  # an allowed turn: only the values the conversation knows, again
            with state.timer.stage("pseudonyms"):
                state.pseudonyms = pseudonymize_chat(payload, findings, kinds, chat, restores=True, known_only=True)
            return None
        if not (state.restores or chat.all_flows):
            return None
        assert state.result is not None, "the anonymize stage runs first"
        with state.timer.stage("pseudonyms"):
            if state.result.level <= RULE_LEVEL_MAX:  # an LLM level's rewrite has no spans: kept as made
                pseudonyms = pseudonymize_chat(payload, findings, kinds, chat, restores=state.restores)
                state.edits = {**{p: v for p, v in state.edits.items() if p not in pseudonyms.read}, **pseudonyms.edits}
                outcome = pseudonyms.outcome
            else:
                outcome = ChatOutcome(chat.cid, state.restores)
        record = state.made
        state.record = record.evolve(extra={**record.extra, "pseudonyms": outcome.record(chat.style, chat.source)})
        state.outcome = outcome
        return None
