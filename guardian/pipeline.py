"""The request path as one object: rules, codecs, detect, context, policy, likelihood, risk, anonymize.

`Pipeline.decide` turns an `HttpRequest` into an `Decision`: the verdict, the rewrite for a
transform, and the `DecisionRecord` that the addon stores in `flow.metadata["guardian"]` and
the audit log. It knows nothing about mitmproxy, so tests, the CLI and the evaluation harness
drive it with plain values. Stages run in DESIGN.md's order and only ever look forward:

    rules -> codecs.decode -> fieldkinds -> detect -> context -> policy_store -> matcher -> risk
          -> anonymize -> pseudonyms (an AI chat's, when the caller gives its conversation) -> codecs.encode

A pipeline is built once, by `guardian.assemble.assemble`, and never changed afterwards; a rules
reload builds a new one (`with_rules`). What a decision remembers (frames, identifiers seen, the
user's own rules) is the user's `Session` (`guardian.session`), passed in: the pipeline reads it
and returns what the decision taught as `Decision.changes`, which the caller applies. An AI
chat's conversation is the proxy's too: the caller passes a copy (`ChatBook`), and the pseudonyms
the decision gave for the first time come back as `Decision.chat` (guardian/addon/restore.py).

`decide_fast` runs the same decision but stops at the first stage that would run a model or ask
the LLM, raising `SlowPathNeeded` with the decision so far (`Partial`); the proxy decides cheap
requests inline and `resume`s the rest in its worker pool, from that stage on. (One repeat is
left: when System 1 is unsure and System 2 is configured, the matcher scores System 1 again
when resumed, a few milliseconds.)
"""

from __future__ import annotations

import dataclasses
import secrets
import time
from collections.abc import Generator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any


from guardian.anonymize import Anonymizer, RewriteResult
from guardian.anonymize.operators.chat_pseudonym import RULE_LEVEL_MAX, ChatBook, ChatEdits, ChatOutcome, pseudonymize_chat
from guardian.anonymize.operators.identifier import IdentifierSwap, swap_identifiers
from guardian.audit import ValueHasher
from guardian.categories import DataCategory, Tier, tier_of
from guardian.codecs import OPAQUE_ADDRESSES, RequestRewrite, decode_request, encode_request
from guardian.codecs.cookie import COOKIE_PREFIX
from guardian.codecs.header import HEADER_PREFIX
from guardian.context import ContextOverride, ContextResolver
from guardian.context.collectors import recognise_collector
from guardian.context.site import sends_own_cookies
from guardian.decision_record import DecisionRecord, explain, findings_section, safe_field_path, safe_path
from guardian.detect import Detector
from guardian.detect.subject import filter_prompt_findings
from guardian.errors import CodecError, SlowPathNeeded
from guardian.fieldkinds import FieldKindClassifier, is_resource_load
from guardian.fieldkinds.classifier import resource_dest
from guardian.matcher import LikelihoodEstimate, Matcher, PriorLikelihood
from guardian.policy_store.records import NO_EVIDENCE
from guardian.records import (
    Action,
    Basis,
    Finding,
    HttpRequest,
    KindLabel,
    Payload,
    RecipientType,
    RequestContext,
    Verdict,
)
from guardian.risk import assess
from guardian.rules import Rules, domain_matches
from guardian.session import DEFAULT_USER, NO_CHANGES, Session, SessionChanges, SessionView
from guardian.settings import DEFAULT_MAX_BODY_BYTES

if TYPE_CHECKING:
    from guardian.anonymize.escalation import EscalationLoop
    from guardian.assemble import Components
    from guardian.policy_store import PolicyStore

__all__ = ["Decision", "Partial", "Pipeline", "DEFAULT_MAX_BODY_BYTES", "safe_path", "RESOURCE_LOAD_LEVEL"]

RESOURCE_LOAD_LEVEL = 3  # L3, the strongest rule level: what a resource load is rewritten at instead of a deny
# Data of this tier or above in a prompt to an AI service is at least transformed. The prompt
# itself being free text (Content) does not count: that is what a chat is.
AI_PROMPT_FLOOR_TIER = Tier.HIGH
AI_PROMPT_FLOOR_LEVEL = 1  # ... starting at L1 when the risk alone would have allowed it
# Analytics and monitoring collectors (trackers, RUM, error trackers, by the map or by the
# request's shape) never get the user's contact data or ids as they are: Moderate-tier data or
# above (an e-mail, a name, a phone, a user id) is at least rewritten, from L1, and what the risk
# would deny is rewritten at L3 instead: the SDK keeps working, the data does not leave.
COLLECTOR_FLOOR_TIER = Tier.MODERATE
COLLECTOR_FLOOR_LEVEL = 1


@dataclass(frozen=True)
class Decision:
    """What was decided for one request: the one type from the pipeline through the decider to the
    addon, which enforces it and writes its record. (From the decision process the proxy gets the
    same values as a `guardian._wire.Received`.)"""

    verdict: Verdict
    record: DecisionRecord  # no raw detected value in it
    reason: str  # one sentence for the user, used in block responses
    rewrite: RequestRewrite | None = None  # set for a transform that changed something
    changes: SessionChanges = NO_CHANGES  # what the decision taught its session (`Session.apply`)
    path: str = "inline"  # inline | pool | failed: where the decider made it
    chat: ChatOutcome | None = None  # the AI chat's new pseudonyms, for its conversation (`ChatRestore.settle`)

    @cached_property
    def line(self) -> dict[str, Any]:
        """The decision record as its JSONL dict (made once, however often it is read)."""
        return self.record.as_dict()


class _Timer:
    """Stage timings: `with timer.stage("detect"): ...` (stages never nest; a plain class, not a
    generator context manager, because it runs a dozen times per request)."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}  # per stage
        self._t0 = time.perf_counter()
        self._name = ""
        self._t = 0.0

    def stage(self, name: str) -> _Timer:
        self._name = name
        return self

    def __enter__(self) -> None:
        self._t = time.perf_counter()

    def __exit__(self, *exc: object) -> None:
        self.seconds[self._name] = time.perf_counter() - self._t

    def total(self) -> dict[str, float]:
        """Each stage's ms and the total, to the microsecond (half up: `round` is slower)."""
        ms = {name: int(s * 1_000_000 + 0.5) / 1000 for name, s in self.seconds.items()}
        ms["total"] = int((time.perf_counter() - self._t0) * 1_000_000 + 0.5) / 1000
        return ms


class Pipeline:
    """Decides requests. Built once (by `assemble`), immutable, then used from many threads."""

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        detector: Detector | None = None,
        prompt_detector: Detector | None = None,
        context: ContextResolver | None = None,
        likelihood: PriorLikelihood | None = None,
        anonymizer: Anonymizer | None = None,
        hasher: ValueHasher | None = None,
        max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
        policy_store: PolicyStore | None = None,
        escalation: EscalationLoop | None = None,
        matcher: Matcher | None = None,
        classifier: FieldKindClassifier | None = None,
        own_endpoints: tuple[str, ...] = (),
        identifier_swap: IdentifierSwap | None = None,
        components: Components | None = None,
    ) -> None:
        rules = rules or Rules()
        prior = likelihood or PriorLikelihood(rules.likelihood_prior)
        init = object.__setattr__
        init(self, "rules", rules)
        init(self, "classifier", classifier or FieldKindClassifier())  # field kinds, before detection
        init(self, "detector", detector or Detector())
        init(self, "prompt_detector", prompt_detector)  # prompts to AI services; None: the detector above
        init(self, "context", context or ContextResolver())
        init(self, "likelihood", prior)
        # L from policy evidence (System 1 / System 2); the prior above when there is none
        init(self, "matcher", (matcher or Matcher.shipped()).with_prior(prior))
        init(self, "anonymizer", anonymizer or Anonymizer())
        init(self, "hasher", hasher or ValueHasher())
        init(self, "max_body_bytes", max_body_bytes)
        init(self, "policy_store", policy_store)  # None: every action is scored with no policy evidence
        init(self, "escalation", escalation)  # None: no LLM configured, rule levels only (L4 -> L3)
        init(self, "own_endpoints", own_endpoints)  # the configured LLM's base URLs: never an outgoing flow to decide
        init(self, "components", components)  # what `assemble` built it from (None when built by hand)
        # user ids and hashed personal data to a recipient: same-shape substitutes (a random key by hand)
        init(self, "identifier_swap", identifier_swap or IdentifierSwap(secrets.token_bytes(32)))

    rules: Rules
    classifier: FieldKindClassifier
    detector: Detector
    prompt_detector: Detector | None
    context: ContextResolver
    likelihood: PriorLikelihood
    matcher: Matcher
    anonymizer: Anonymizer
    hasher: ValueHasher
    max_body_bytes: int
    policy_store: PolicyStore | None
    escalation: EscalationLoop | None
    own_endpoints: tuple[str, ...]
    identifier_swap: IdentifierSwap
    components: Components | None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Pipeline is immutable once built (tried to set {name}); assemble a new one")

    def with_rules(self, rules: Rules) -> Pipeline:
        """A pipeline with new rules that shares this one's loaded stages; its detectors carry the
        new rules' own recognisers in place of the old ones'."""
        return Pipeline(
            rules,
            classifier=self.classifier,
            detector=_rules_detector(self.detector, rules),
            prompt_detector=_rules_detector(self.prompt_detector, rules) if self.prompt_detector is not None else None,
            context=self.context,
            anonymizer=self.anonymizer,
            hasher=self.hasher,
            max_body_bytes=self.max_body_bytes,
            policy_store=self.policy_store,
            escalation=self.escalation,
            matcher=self.matcher,
            own_endpoints=self.own_endpoints,
            identifier_swap=self.identifier_swap,
            components=self.components,
        )

    def detector_for(self, recipient: RecipientType) -> Detector:
        """The detector that reads a request to this recipient: prompts to AI services have their
        own when the settings name another prose model for them (`guardian_prose`)."""
        if recipient is RecipientType.AI_SERVICE and self.prompt_detector is not None:
            return self.prompt_detector
        return self.detector

    # -- the request path ---------------------------------------------------------------------

    def decide(self, request: HttpRequest, session: Session | None = None, chat: ChatBook | None = None) -> Decision:
        """Run every stage for one request and return the verdict, rewrite and record, with what
        the decision taught `session` (`Decision.changes`, for `Session.apply`; the pipeline never
        writes a session itself). No session: one for this request alone, that nothing keeps.
        `chat`: the AI conversation the request may belong to (`Decision.chat`: what it added)."""
        view = (session or Session(DEFAULT_USER)).view()
        return _with_changes(_run_to_end(self._stages(request, view, fast=False, chat=chat)), view)

    def decide_fast(self, request: HttpRequest, session: Session | None = None, chat: ChatBook | None = None) -> Decision:
        """`decide`, or `SlowPathNeeded` at the first stage that would run NER or ask the LLM.
        The exception carries the decision so far (`SlowPathNeeded.partial`): `resume` finishes
        it from that stage, so no stage runs twice for one request.

        Whatever it returns is exactly what `decide` returns: it only refuses the costly cases."""
        view = (session or Session(DEFAULT_USER)).view()
        stages = self._stages(request, view, fast=True, chat=chat)
        try:
            stage = next(stages)
        except StopIteration as done:
            return _with_changes(done.value, view)
        raise SlowPathNeeded(stage, "the stage runs a model or asks the LLM", partial=Partial(stages, view))

    def resume(self, partial: Partial) -> Decision:
        """Finish a decision `decide_fast` stopped (in the pool): the same outcome `decide` gives."""
        return _with_changes(_run_to_end(partial.stages), partial.view)

    def _stages(
        self, request: HttpRequest, view: SessionView, *, fast: bool, chat: ChatBook | None = None
    ) -> Generator[str, None, Decision]:
        """The decision, stage by stage. With `fast`, it yields the name of the first stage that
        runs a model or asks the LLM before running it, and goes on as the slow path when resumed."""
        timer = _Timer()
        own = view.rules
        rules = own.over(self.rules) if own is not None else self.rules
        host = request.host
        base = {"method": request.method, "host": host, "path": safe_path(request.url)}

        own = next((e for e in self.own_endpoints if request.url.startswith(e)), None)
        if own is not None:  # GuardianAgent's own LLM calls, when they come through the proxy: no loop
            reason = f"{host} is GuardianAgent's own LLM endpoint"
            return self._finish(DecisionRecord(**base, decision=Verdict.ALLOW, reason=reason, rule="own:llm"), timer)
        with timer.stage("rules"):
            blocked = rules.locked_match(host)  # the proxy's blocks, under a user's own rules
            trusted = rules.trusted_match(host) if blocked is None else None
            blocked = blocked or (rules.blocked_match(host) if trusted is None else None)
        if trusted is not None:
            reason = f"{host} is trusted by rule"
            return self._finish(DecisionRecord(**base, decision=Verdict.ALLOW, reason=reason, rule=f"trusted:{trusted}"), timer)
        if blocked is not None:
            reason = f"{host} is blocked by rule: {blocked.reason}"
            return self._finish(DecisionRecord(**base, decision=Verdict.DENY, reason=reason, rule=f"blocked:{blocked.domain}"), timer)

        with timer.stage("decode"):
            # A site's own cookies sent back to it from its own pages disclose nothing new and
            # are allowed as any first-party id: not read (a browser sends a dozen on every request).
            own = sends_own_cookies(request.header("Sec-Fetch-Site"), request.header("Origin") or request.header("Referer"), host)
            payload = decode_request(request, max_body_bytes=self.max_body_bytes, cookies=not own)
        with timer.stage("context"):  # before the kinds: a tracker's cookies from another site are ids
            collector = recognise_collector(request, payload)
            context = self.context.resolve(request, _override(rules, host), collector, frames=view.frames)
        with timer.stage("kinds"):
            kinds = self.classifier.classify(
                request, payload, tracker_cookies=_tracks_by_cookie(context),
                telemetry=context.recipient is RecipientType.ANALYTICS,
                sites=(context.first_party_site, context.destination_site),
                shaped=(collector.family,) if collector is not None and collector.family else (),
                third_party=context.recipient not in (RecipientType.FIRST_PARTY, RecipientType.AI_SERVICE),
                seen=view.seen,
                learned=view.learner,
            )
            if context.recipient not in (RecipientType.FIRST_PARTY, RecipientType.AI_SERVICE):
                # what the proxy's users send this recipient: per-user ids and constants (fieldkinds/learned.py)
                view.observe(context.destination_site or context.destination, payload.fields, kinds)
            protected = rules.untouchable(host, payload.fields) | {p for p, k in kinds.items() if k.never_touch}
            if protected:
                payload = payload.with_fields(tuple(f for f in payload.fields if f.path not in protected))
        payload_section = self._payload_record(payload, len(protected), kinds)
        attachments_rule = rules.attachments_blocked(host)
        if attachments_rule is not None and any(k.attachment for k in kinds.values()):
            reason = f"{host} gets no attachments (images, audio, files) by rule"
            record = DecisionRecord(**base, decision=Verdict.DENY, reason=reason, rule=f"block_attachments:{attachments_rule}",
                                    payload=payload_section)
            return self._finish(record, timer)
        if payload.opaque and rules.opaque_bodies == "deny":
            reason = f"the body could not be read ({payload.opaque_reason}) and opaque bodies are denied by rule"
            record = DecisionRecord(**base, decision=Verdict.DENY, reason=reason, rule="opaque_bodies:deny", payload=payload_section)
            return self._finish(record, timer)

        detector = self.detector_for(context.recipient)
        if fast and detector.needs_model(payload, kinds):
            yield "detect"  # a prose value needs NER
            fast = False
        with timer.stage("detect"):
            findings = detector.detect(payload, kinds)
            view.seen.remember(payload.fields, findings)  # the same id under another name, later
            if context.recipient is RecipientType.AI_SERVICE:
                # a prompt's public knowledge (a language, a place asked about, a public figure) is
                # left alone; what is about the user is pseudonymised (detect/subject.py)
                findings, public = filter_prompt_findings(payload.fields, findings, detector.subject_judge)
                if public:
                    payload_section = {**payload_section, "subject": {"public": public}}
        action = Action.build(context, findings)
        with timer.stage("policy"):  # memory only: an unknown site is fetched in the background
            evidence = self.policy_store.transparency(action, context) if self.policy_store is not None else NO_EVIDENCE
        estimate: LikelihoodEstimate | None
        with timer.stage("likelihood"):
            try:
                estimate = self.matcher.estimate(action, evidence.statements, fast_only=fast)
            except SlowPathNeeded:  # System 1 is unsure and System 2 is configured
                estimate = None
        if estimate is None:
            yield "likelihood"
            fast = False
            with timer.stage("likelihood"):
                estimate = self.matcher.estimate(action, evidence.statements)
        with timer.stage("risk"):
            risk = assess(
                action,
                estimate.value,
                likelihood_source=estimate.source,
                transparency=evidence.signals,
                thresholds=rules.thresholds,
            )
        record = DecisionRecord(
            **base,
            decision=risk.verdict,
            reason=explain(action, risk, context),
            payload=payload_section,
            context=context,
            risk=risk,
            transparency={**evidence.record, "M_T": risk.m_transparency},
            likelihood=estimate.record,
            findings=findings_section(payload, findings, kinds, self.hasher),
        )
        start_level = risk.start_level
        restores = chat is not None and (
            context.recipient is RecipientType.AI_SERVICE or chat.restores
            or any(domain_matches(host, d) for d in rules.restore_answers)
        )
        if risk.verdict is not Verdict.TRANSFORM:
            instead = _rewrite_instead(risk.verdict, request, context, action, findings, opaque=payload.opaque)
            if instead is None:
                if chat is not None and restores and risk.verdict is Verdict.ALLOW:
                    # values the conversation pseudonymized before, back in the history: again
                    with timer.stage("pseudonyms"):
                        pseudonyms = pseudonymize_chat(payload, findings, kinds, chat, restores=True, known_only=True)
                    return self._chat_only(request, payload, record, pseudonyms, chat, timer)
                return self._finish(record, timer)
            start_level, why = instead
            record = record.evolve(decision=Verdict.TRANSFORM, reason=f"{record.reason}; {why}")

        site = context.destination_site or context.destination
        swapped = swap_identifiers(view.swap or self.identifier_swap, payload, findings, site)
        rest = swapped.rest
        # A prompt keeps its meaning: only the findings about the user are replaced (by the chat's
        # pseudonyms), never words generalised by the attacker's loop or paraphrased by an LLM.
        escalate = context.recipient is not RecipientType.AI_SERVICE
        if fast and escalate and self._escalates(swapped.payload, rest):
            yield "anonymize"  # the escalation loop runs an attacker
            fast = False
        with timer.stage("anonymize"):
            if rest:
                result = self.rewrite(swapped.payload, rest, start_level, context.basis, escalate=escalate)
            else:  # identifiers only: their substitutes are the whole rewrite
                result = RewriteResult(start_level, start_level, {}, (), ())
        edits = {**swapped.pending, **result.edits, **swapped.edits}
        outcome: ChatOutcome | None = None
        if chat is not None and (restores or chat.all_flows):
            with timer.stage("pseudonyms"):
                if result.level <= RULE_LEVEL_MAX:  # an LLM level's rewrite has no spans: kept as made
                    pseudonyms = pseudonymize_chat(payload, findings, kinds, chat, restores=restores)
                    edits = {**{p: v for p, v in edits.items() if p not in pseudonyms.read}, **pseudonyms.edits}
                    outcome = pseudonyms.outcome
                else:
                    outcome = ChatOutcome(chat.cid, restores)
            record = record.evolve(extra={**record.extra, "pseudonyms": outcome.record(chat.style, chat.source)})
        anonymize: dict[str, Any] = {
            "l0": start_level,
            "l_final": result.level,
            "note": result.note,
            "rewritten": len(result.rewritten) + len(swapped.covered),
            "untreated": sorted({f.category.value for f in result.untreated}),
            "edited_fields": sorted(safe_field_path(p) for p in edits),
            "identifiers_swapped": len(swapped.covered),
        }
        escalation = getattr(result, "escalation", None)  # EscalatedResult: the rounds of the loop
        if escalation:
            anonymize["escalation"] = escalation
        record = record.evolve(anonymize=anonymize, l_final=result.level)
        rewrite = None
        if edits:
            with timer.stage("encode"):
                try:
                    rewrite = encode_request(request, payload, edits, max_body_bytes=self.max_body_bytes)
                except CodecError as e:
                    if any(p.startswith(OPAQUE_ADDRESSES) for p in edits):
                        reason = (f"{record.reason}; an e-mail address sits in a body the proxy cannot read or rewrite "
                                  f"({payload.opaque_reason}): blocked, as nothing else keeps it from the recipient")
                    else:
                        # the error names the field, whose path may hold a key that is personal data
                        reason = f"the body needed a rewrite that its format does not allow ({safe_field_path(str(e))}); denied instead"
                    return self._finish(record.evolve(decision=Verdict.DENY, reason=reason), timer)
        return self._finish(record, timer, rewrite=rewrite, chat=outcome)

    # -- helpers -------------------------------------------------------------------------------

    def rewrite(
        self, payload: Payload, findings: tuple[Finding, ...], level: int, basis: Basis | None = None,
        *, escalate: bool = True,
    ) -> RewriteResult:
        """Rewrite at l0; step up a rule level while the current one leaves every finding as it was.
        When some finding sits in prose, the verified escalation loop runs instead (L1-L5): an
        attacker reads prose; an e-mail field or an id has nothing more to give away than its
        rule level already removes. `escalate=False`: rule levels only (a prompt to an AI service)."""
        if escalate and self._escalates(payload, findings):
            assert self.escalation is not None
            return self.escalation.run(
                payload, findings, level, basis=basis, detector=self.detector, hasher=self.hasher
            )
        result = self.anonymizer.rewrite(payload, findings, level)
        while not result.edits and result.untreated and result.level < self.anonymizer.max_level:
            result = self.anonymizer.rewrite(payload, findings, result.level + 1)
        return result

    def _escalates(self, payload: Payload, findings: tuple[Finding, ...]) -> bool:
        """Whether the escalation loop runs for these findings (`EscalationLoop.runs_for`)."""
        return self.escalation is not None and self.escalation.runs_for(payload, findings)

    def _payload_record(self, payload: Payload, protected: int, kinds: Mapping[str, KindLabel]) -> dict[str, Any]:
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

    def _chat_only(
        self, request: HttpRequest, payload: Payload, record: DecisionRecord, pseudonyms: ChatEdits, chat: ChatBook,
        timer: _Timer,
    ) -> Decision:
        """An allowed request to a chat: as it is, or a transform when known values came back."""
        outcome, rewrite = pseudonyms.outcome, None
        if pseudonyms.edits:
            with timer.stage("encode"):
                try:
                    rewrite = encode_request(request, payload, dict(pseudonyms.edits), max_body_bytes=self.max_body_bytes)
                except CodecError:  # allowed as it is: the pseudonyms were an addition, not a need
                    outcome = ChatOutcome(outcome.cid, outcome.restores, counters=outcome.counters)
        record = record.evolve(extra={**record.extra, "pseudonyms": outcome.record(chat.style, chat.source)})
        if rewrite is not None:
            reason = record.reason + "; values pseudonymized earlier in this conversation were replaced again"
            record = record.evolve(decision=Verdict.TRANSFORM, reason=reason)
        return self._finish(record, timer, rewrite=rewrite, chat=outcome)

    @staticmethod
    def _finish(
        record: DecisionRecord, timer: _Timer, *, rewrite: RequestRewrite | None = None, chat: ChatOutcome | None = None
    ) -> Decision:
        record = record.evolve(ms=timer.total())
        return Decision(verdict=record.decision, record=record, reason=record.reason, rewrite=rewrite, chat=chat)


class Partial:
    """A decision `decide_fast` stopped before a costly stage, for `Pipeline.resume` (in the pool;
    generators may be resumed on another thread, never on two at once)."""

    def __init__(self, stages: Generator[str, None, Decision], view: SessionView) -> None:
        self.stages = stages
        self.view = view


def _run_to_end(stages: Generator[str, None, Decision]) -> Decision:
    """Run the remaining stages, costly ones included; the outcome."""
    try:
        while True:
            next(stages)
    except StopIteration as done:
        return done.value


def _with_changes(outcome: Decision, view: SessionView) -> Decision:
    changes = view.changes()
    return dataclasses.replace(outcome, changes=changes) if changes else outcome


_COOKIE_TRACKERS = frozenset({RecipientType.ADVERTISING, RecipientType.ANALYTICS, RecipientType.DATA_BROKER})


def _override(rules: Rules, host: str) -> ContextOverride | None:
    """What the user's rules say about `host`'s recipient and purposes, if anything."""
    rule = rules.override_for(host)
    if rule is None:
        return None
    return ContextOverride(recipient=rule.recipient, purposes=rule.purposes)


def _tracks_by_cookie(context: RequestContext) -> bool:
    """Whether the request goes to an advertising, analytics or data-broker recipient from another
    site's page (the frame chain's top-level site when known): its cookies are then how it follows
    the browser across sites."""
    return (
        context.recipient in _COOKIE_TRACKERS
        and context.first_party_site is not None
        and context.first_party_site != context.destination_site
    )


def _rewrite_instead(
    verdict: Verdict, request: HttpRequest, context: RequestContext, action: Action, findings: tuple[Finding, ...],
    *, opaque: bool = False,
) -> tuple[int, str] | None:
    """(start level, why) when a deny or an allow is a rewrite instead; None when it stands."""
    if verdict is Verdict.DENY:
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
    tier = tier_of(action.categories - {DataCategory.CONTENT})
    if verdict is Verdict.ALLOW and context.recipient is RecipientType.ANALYTICS and tier >= COLLECTOR_FLOOR_TIER:
        return COLLECTOR_FLOOR_LEVEL, f"{tier.name.lower()}-tier data sent to {_collector_phrase(context)} is always rewritten"
    if verdict is Verdict.ALLOW and context.recipient is RecipientType.AI_SERVICE and tier >= AI_PROMPT_FLOOR_TIER:
        # High- and Critical-tier data (a card, an SSN, a diagnosis, a phone) never reaches a model
        # provider as is, however good its policy; a user rule that trusts the provider (or names
        # another recipient for it) is how to send it anyway.
        return AI_PROMPT_FLOOR_LEVEL, f"{tier.name.lower()}-tier data in a prompt to an AI service is always rewritten"
    return None


def _collector_phrase(context: RequestContext) -> str:
    """"a monitoring collector", "an analytics collector"."""
    kind = context.collector or ("monitoring" if context.tracker_category == "Monitoring" else "analytics")
    return f"{_article(kind)} collector"


def _article(noun: str | None) -> str:
    """`noun` with its indefinite article: "an image", "a script"."""
    word = noun or "resource"
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def _rules_detector(detector: Detector, rules: Rules) -> Detector:
    """`detector` without any rules file's own recognisers, plus `rules`' (a rules reload)."""
    from guardian.detect.recognizers.custom import CustomRecognizer

    own = tuple(CustomRecognizer(spec) for spec in rules.recognizers)
    if not own and not any(isinstance(r, CustomRecognizer) for r in detector.recognizers):
        return detector
    base = Detector(tuple(r for r in detector.recognizers if not isinstance(r, CustomRecognizer)),
                    max_field_chars=detector.max_field_chars)
    return base.with_recognizers(own)
