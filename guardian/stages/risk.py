"""The risk stage: the verdict from severity, likelihood and transparency (`guardian.risk`), the
decision record, and the cases where a deny or an allow is a rewrite instead."""

from __future__ import annotations

from guardian.audit import ValueHasher
from guardian.categories import DataCategory, Tier, tier_of
from guardian.codecs.cookie import COOKIE_PREFIX
from guardian.codecs.header import HEADER_PREFIX
from guardian.decision_record import DecisionRecord, explain, findings_section
from guardian.fieldkinds import is_resource_load
from guardian.fieldkinds.classifier import resource_dest
from guardian.records import Action, Basis, Finding, HttpRequest, Purpose, RecipientType, RequestContext, Verdict
from guardian.risk import assess
from guardian.rules import domain_matches
from guardian.stages.flow import Decision, FlowState, Stage

__all__ = ["Risk", "RESOURCE_LOAD_LEVEL", "AI_PROMPT_FLOOR_TIER", "AI_PROMPT_FLOOR_LEVEL",
           "COLLECTOR_FLOOR_TIER", "COLLECTOR_FLOOR_LEVEL"]

RESOURCE_LOAD_LEVEL = 3  # L3, the strongest rule level: what a resource load is rewritten at instead of a deny
# Data of this tier or above in a prompt to an AI service is at least transformed. The prompt
# itself being free text (Content) does not count: that is what a chat is.
AI_PROMPT_FLOOR_TIER = Tier.HIGH
AI_PROMPT_FLOOR_LEVEL = 1  # ... starting at L1 when the risk alone would have allowed it
# Analytics and monitoring collectors (trackers, RUM, error trackers, by the map or by the
# request's shape) never get the user's contact data or ids as they are: Moderate-tier data or
# above (an e-mail, a name, a phone, a user id) is at least rewritten, from L1, and what the risk
# would deny is rewritten at L3 instead: the SDK keeps working, the data does not leave.
# The same holds for any third party a request is sent to for analytics (its path or host says
# so: `/v2/behavioral_action/...`, `personalize-events.<region>.amazonaws.com`), whatever list
# files the host under: a processor that tracks behaviour is a collector of it.
COLLECTOR_FLOOR_TIER = Tier.MODERATE
COLLECTOR_FLOOR_LEVEL = 1


class Risk(Stage):
    name = "risk"

    def __init__(self, hasher: ValueHasher) -> None:
        self.hasher = hasher  # the findings' value hashes in the record

    def run(self, state: FlowState) -> Decision | None:
        action, estimate, context, rules = state.action, state.estimate, state.where, state.in_force
        assert action is not None and estimate is not None, "the detect and likelihood stages run first"
        evidence, request, chat = state.evidence, state.request, state.chat
        with state.timer.stage("risk"):
            risk = assess(action, estimate.value, likelihood_source=estimate.source,
                          transparency=evidence.signals, thresholds=rules.thresholds)
        record = DecisionRecord(
            **state.base,
            decision=risk.verdict,
            reason=explain(action, risk, context),
            payload=state.payload_section,
            context=context,
            risk=risk,
            transparency={**evidence.record, "M_T": risk.m_transparency},
            likelihood=estimate.record,
            findings=findings_section(state.payload, state.findings, state.kinds, self.hasher),
        )
        state.risk, state.start_level = risk, risk.start_level
        state.restores = chat is not None and (
            context.recipient is RecipientType.AI_SERVICE or chat.restores
            or any(domain_matches(request.host, d) for d in rules.restore_answers)
        )
        if risk.verdict is not Verdict.TRANSFORM:
            instead = _rewrite_instead(risk.verdict, request, context, action, state.findings, opaque=state.payload.opaque)
            if instead is None:
                if chat is not None and state.restores and risk.verdict is Verdict.ALLOW:
                    # values the conversation pseudonymized before, back in the history: again
                    state.record, state.chat_only = record, True
                    return None
                return state.finish(record)
            state.start_level, why = instead
            record = record.evolve(decision=Verdict.TRANSFORM, reason=f"{record.reason}; {why}")
        state.record = record
        return None


def _rewrite_instead(
    verdict: Verdict, request: HttpRequest, context: RequestContext, action: Action, findings: tuple[Finding, ...],
    *, opaque: bool = False,
) -> tuple[int, str] | None:
    """(start level, why) when a deny or an allow is a rewrite instead; None when it stands."""
    if verdict is Verdict.DENY:
        return _deny_instead(request, context, findings, opaque=opaque)
    tier = tier_of(action.categories - {DataCategory.CONTENT})
    if verdict is Verdict.ALLOW and tier >= COLLECTOR_FLOOR_TIER:
        if context.recipient is RecipientType.ANALYTICS:
            return COLLECTOR_FLOOR_LEVEL, f"{tier.name.lower()}-tier data sent to {_collector_phrase(context)} is always rewritten"
        if context.recipient not in _NOT_COLLECTORS and Purpose.ANALYTICS in context.purposes:
            return COLLECTOR_FLOOR_LEVEL, f"{tier.name.lower()}-tier data sent to a third party for analytics is always rewritten"
    if verdict is Verdict.ALLOW and context.recipient is RecipientType.AI_SERVICE and tier >= AI_PROMPT_FLOOR_TIER:
        # High- and Critical-tier data (a card, an SSN, a diagnosis, a phone) never reaches a model
        # provider as is, however good its policy; a user rule that trusts the provider (or names
        # another recipient for it) is how to send it anyway.
        return AI_PROMPT_FLOOR_LEVEL, f"{tier.name.lower()}-tier data in a prompt to an AI service is always rewritten"
    return None


# Recipients the analytics floor leaves to the risk alone: the site itself (its own analytics
# knows its users already) and AI services (their own floor, above).
_NOT_COLLECTORS = frozenset({RecipientType.FIRST_PARTY, RecipientType.AI_SERVICE})


def _deny_instead(
    request: HttpRequest, context: RequestContext, findings: tuple[Finding, ...], *, opaque: bool
) -> tuple[int, str] | None:
    """(start level, why) when a deny is a rewrite instead: the request keeps working without the data."""
    if context.recipient is RecipientType.AI_SERVICE:
        # the chat keeps working without the data
        return RESOURCE_LOAD_LEVEL, "a prompt to an AI service is not blocked: its personal data is rewritten instead"
    if is_resource_load(request):
        # a script, style, font, image or frame the page needs is never blocked for what it
        # carries: the identifying parts are rewritten at the strongest rule level instead
        return RESOURCE_LOAD_LEVEL, f"{_article(resource_dest(request))} load is not blocked: its personal data is rewritten instead"
    if findings and all(f.field_path.startswith(COOKIE_PREFIX) for f in findings):
        # as a browser that blocks third-party cookies strips them rather than the request
        return RESOURCE_LOAD_LEVEL, "only its cookies carry personal data: they are rewritten instead of blocking the request"
    if not opaque and findings and all(f.field_path.startswith((COOKIE_PREFIX, HEADER_PREFIX)) for f in findings):
        # the request itself, read through, carries nothing: as a browser trims a Referer, the
        # headers are rewritten and what the request is for still works (a body the proxy
        # cannot read may hold what the header hints at: that stays blocked)
        return RESOURCE_LOAD_LEVEL, "only its headers carry personal data: they are rewritten instead of blocking the request"
    if context.recipient is RecipientType.ANALYTICS and findings:
        # an SDK whose requests fail retries, queues or breaks the page; rewritten, it works
        return RESOURCE_LOAD_LEVEL, f"{_collector_phrase(context)} is not blocked: its personal data is rewritten instead"
    if context.recipient is RecipientType.UNKNOWN_THIRD_PARTY and context.basis is not Basis.USER_INITIATED and findings:
        # a script's own request to a service no list knows: the data is taken out, the script
        # keeps working; what the user sends by their own action is blocked with the reason
        return RESOURCE_LOAD_LEVEL, ("a request the page makes by itself to an unlisted third party is not blocked: "
                                     "its personal data is rewritten instead")
    return None


def _collector_phrase(context: RequestContext) -> str:
    """"a monitoring collector", "an analytics collector"."""
    kind = context.collector or ("monitoring" if context.tracker_category == "Monitoring" else "analytics")
    return f"{_article(kind)} collector"


def _article(noun: str | None) -> str:
    """`noun` with its indefinite article: "an image", "a script"."""
    word = noun or "resource"
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"
