"""The encode stage: the record's anonymize section, and the edits written back into the request in
its own format (`guardian.codecs`); a format that cannot take them denies instead."""

from __future__ import annotations

from guardian.codecs import OPAQUE_ADDRESSES, RequestRewrite, encode_request
from guardian.anonymize.operators.chat_pseudonym import ChatOutcome
from guardian.decision_record import Section, safe_field_path
from guardian.errors import CodecError
from guardian.records import Verdict
from guardian.stages.flow import Decision, FlowState, Stage

__all__ = ["Encode"]


class Encode(Stage):
    name = "encode"

    def __init__(self, max_body_bytes: int) -> None:
        self.max_body_bytes = max_body_bytes

    def run(self, state: FlowState) -> Decision:
        if state.chat_only:
            return self._chat_only(state)
        result, swapped, edits, payload = state.result, state.swapped, state.edits, state.payload
        assert result is not None and swapped is not None, "the anonymize stage runs first"
        anonymize: dict[str, object] = {
            "l0": state.start_level,
            "l_final": result.level,
            "note": result.note,
            "rewritten": len(result.rewritten) + len(swapped.covered),
            "untreated": sorted({f.category.value for f in result.untreated}),
            "edited_fields": sorted(safe_field_path(p) for p in edits),
            "identifiers_swapped": len(swapped.covered),
        }
        escalation: Section | None = getattr(result, "escalation", None)  # EscalatedResult: the rounds of the loop
        if escalation:
            anonymize["escalation"] = escalation
        record = state.made.evolve(anonymize=anonymize, l_final=result.level)
        rewrite: RequestRewrite | None = None
        if edits:
            with state.timer.stage("encode"):
                try:
                    rewrite = encode_request(state.request, payload, edits, max_body_bytes=self.max_body_bytes)
                except CodecError as e:
                    if any(p.startswith(OPAQUE_ADDRESSES) for p in edits):
                        reason = (f"{record.reason}; an e-mail address sits in a body the proxy cannot read or rewrite "
                                  f"({payload.opaque_reason}): blocked, as nothing else keeps it from the recipient")
                    else:
                        # the error names the field, whose path may hold a key that is personal data
                        reason = f"the body needed a rewrite that its format does not allow ({safe_field_path(str(e))}); denied instead"
                    return state.finish(record.evolve(decision=Verdict.DENY, reason=reason))
        return state.finish(record, rewrite=rewrite, chat=state.outcome)

    def _chat_only(self, state: FlowState) -> Decision:
        """An allowed request to a chat: as it is, or a transform when known values came back."""
        pseudonyms, chat, record = state.pseudonyms, state.chat, state.made
        assert pseudonyms is not None and chat is not None, "the pseudonyms stage runs first"
        outcome = pseudonyms.outcome
        rewrite: RequestRewrite | None = None
        if pseudonyms.edits:
            with state.timer.stage("encode"):
                try:
                    rewrite = encode_request(state.request, state.payload, dict(pseudonyms.edits), max_body_bytes=self.max_body_bytes)
                except CodecError:  # allowed as it is: the pseudonyms were an addition, not a need
                    outcome = ChatOutcome(outcome.cid, outcome.restores, counters=outcome.counters)
        record = record.evolve(extra={**record.extra, "pseudonyms": outcome.record(chat.style, chat.source)})
        if rewrite is not None:
            reason = record.reason + "; values pseudonymized earlier in this conversation were replaced again"
            record = record.evolve(decision=Verdict.TRANSFORM, reason=reason)
        return state.finish(record, rewrite=rewrite, chat=outcome)
