"""The kinds stage: what each field is (an id, a constant, free text...: `guardian.fieldkinds`), the
fields nothing may touch taken out, and the rules that decide on the kinds alone (attachments,
opaque bodies)."""

from __future__ import annotations

from collections.abc import Mapping

from guardian.decision_record import DecisionRecord, Section, safe_field_path
from guardian.detect import Detector
from guardian.fieldkinds import FieldKindClassifier
from guardian.fieldkinds.seen import SEEN_LABEL
from guardian.records import KindLabel, Payload, RecipientType, RequestContext, Verdict
from guardian.stages.flow import Decision, FlowState, Stage

__all__ = ["Kinds"]

_COOKIE_TRACKERS = frozenset({RecipientType.ADVERTISING, RecipientType.ANALYTICS, RecipientType.DATA_BROKER})
_NOT_THIRD_PARTY = (RecipientType.FIRST_PARTY, RecipientType.AI_SERVICE)


class Kinds(Stage):
    name = "kinds"

    def __init__(self, classifier: FieldKindClassifier, detector: Detector) -> None:
        self.classifier = classifier
        self.detector = detector  # for the fields it would read only in part (the payload section)

    def run(self, state: FlowState) -> Decision | None:
        request, context, view, rules = state.request, state.where, state.session, state.in_force
        collector, payload, host = state.collector, state.payload, request.host
        with state.timer.stage("kinds"):
            kinds = self.classifier.classify(
                request, payload, tracker_cookies=_tracks_by_cookie(context),
                telemetry=context.recipient is RecipientType.ANALYTICS,
                sites=(context.first_party_site, context.destination_site),
                shaped=(collector.family,) if collector is not None and collector.family else (),
                third_party=context.recipient not in _NOT_THIRD_PARTY,
                seen=view.seen,
                learned=view.learner,
            )
            if context.recipient not in _NOT_THIRD_PARTY:
                # an id seen before in a body, now a segment of the path (`/memberships/<id>`)
                segments = view.seen.path_segments(request.url, payload.fields) if view.seen is not None else []
                if segments:
                    payload = payload.with_fields((*payload.fields, *segments))
                    kinds = {**kinds, **{f.path: SEEN_LABEL for f in segments if view.seen.knows(f.value)}}
                # what the proxy's users send this recipient: per-user ids and constants (fieldkinds/learned.py)
                view.observe(context.destination_site or context.destination, payload.fields, kinds)
            protected = rules.untouchable(host, payload.fields) | {p for p, k in kinds.items() if k.never_touch}
            if protected:
                payload = payload.with_fields(tuple(f for f in payload.fields if f.path not in protected))
        state.payload, state.kinds = payload, kinds
        state.payload_section = section = self.payload_record(payload, len(protected), kinds)
        attachments_rule = rules.attachments_blocked(host)
        if attachments_rule is not None and any(k.attachment for k in kinds.values()):
            reason = f"{host} gets no attachments (images, audio, files) by rule"
            return state.finish(DecisionRecord(**state.base, decision=Verdict.DENY, reason=reason,
                                               rule=f"block_attachments:{attachments_rule}", payload=section))
        if payload.opaque and rules.opaque_bodies == "deny":
            reason = f"the body could not be read ({payload.opaque_reason}) and opaque bodies are denied by rule"
            return state.finish(DecisionRecord(**state.base, decision=Verdict.DENY, reason=reason,
                                               rule="opaque_bodies:deny", payload=section))
        return None

    def payload_record(self, payload: Payload, protected: int, kinds: Mapping[str, KindLabel]) -> Section:
        counts: dict[str, int] = {}
        for label in kinds.values():
            counts[label.kind.value] = counts.get(label.kind.value, 0) + 1
        return {
            "codec": payload.body_codec,
            "content_encoding": payload.content_encoding,
            "body_compression": payload.body_compression,
            "opaque_reason": payload.opaque_reason,
            "malformed": payload.malformed,
            "body_bytes": payload.body_size,
            "fields": len(payload.fields),
            "never_touch_fields": protected,
            "kinds": counts,  # fields per kind; the rest have no label (scored as user data)
            "truncated_fields": [safe_field_path(p) for p in self.detector.truncated_fields(payload)],
        }


def _tracks_by_cookie(context: RequestContext) -> bool:
    """Whether the request goes to an advertising, analytics or data-broker recipient from another
    site's page (the frame chain's top-level site when known): its cookies are then how it follows
    the browser across sites."""
    return (
        context.recipient in _COOKIE_TRACKERS
        and context.first_party_site is not None
        and context.first_party_site != context.destination_site
    )
