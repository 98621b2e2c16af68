"""The request path as one object: rules, codecs, detect, context, policy, likelihood, risk, anonymize.

`Pipeline.decide` turns an `HttpRequest` into an `Decision`: the verdict, the rewrite for a
transform, and the `DecisionRecord` that the addon stores in `flow.metadata["guardian"]` and
the audit log. It knows nothing about mitmproxy, so tests, the CLI and the evaluation harness
drive it with plain values. Its stages (`guardian.stages`, one object each) run in DESIGN.md's
order and only ever look forward:

    rules -> codecs.decode -> context -> fieldkinds -> detect -> policy_store -> matcher -> risk
          -> anonymize -> pseudonyms (an AI chat's, when the caller gives its conversation) -> codecs.encode

A pipeline is built once, by `guardian.assemble.assemble`, and never changed afterwards; a rules
reload builds a new one (`with_rules`). What a decision remembers (frames, identifiers seen, the
user's own rules) is the user's `Session` (`guardian.session`), passed in: the pipeline reads it
and returns what the decision taught as `Decision.changes`, which the caller applies. An AI
chat's conversation is the proxy's too: the caller passes a copy (`ChatBook`), and the pseudonyms
the decision gave for the first time come back as `Decision.chat` (guardian/addon/restore.py).

`decide_fast` runs the same decision but stops before the first costly stage this request needs
(NER, System 2, the escalation loop's attacker), raising `SlowPathNeeded` with the decision so far
(a `Partial`: the stage's index and a picklable state); `resume` finishes it from that stage, in
the proxy's pool or, the `Partial` pickled, in the decision process. (One repeat is left: when
System 1 is unsure and System 2 is configured, the matcher scores System 1 again when resumed, a
few milliseconds.)
"""

from __future__ import annotations

import dataclasses
import secrets
from typing import TYPE_CHECKING, TypeVar

from guardian.anonymize import Anonymizer, RewriteResult
from guardian.anonymize.operators.chat_pseudonym import ChatBook
from guardian.anonymize.operators.identifier import IdentifierSwap
from guardian.audit import ValueHasher
from guardian.context import ContextResolver
from guardian.decision_record import safe_path
from guardian.detect import Detector
from guardian.errors import SlowPathNeeded
from guardian.fieldkinds import FieldKindClassifier
from guardian.matcher import Matcher, PriorLikelihood
from guardian.records import Basis, Finding, HttpRequest, Payload, RecipientType
from guardian.rules import Rules
from guardian.session import DEFAULT_USER, Session, SessionView
from guardian.settings import DEFAULT_MAX_BODY_BYTES
from guardian.stages import (
    Anonymize, Decode, Decision, Detect, Encode, FlowState, Kinds, Likelihood, Partial, Policy, Pseudonyms,
    ResolveContext, Risk, RuleCheck, Stage, rules_for, run_stages,
)
from guardian.stages.risk import RESOURCE_LOAD_LEVEL

if TYPE_CHECKING:
    from guardian.anonymize.escalation import EscalationLoop
    from guardian.policies.service import PolicyStore

__all__ = ["Decision", "Partial", "Pipeline", "DEFAULT_MAX_BODY_BYTES", "safe_path", "RESOURCE_LOAD_LEVEL"]

_S = TypeVar("_S", bound=Stage)


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
        # user ids and hashed personal data to a recipient: same-shape substitutes (a random key by hand)
        init(self, "identifier_swap", identifier_swap or IdentifierSwap(secrets.token_bytes(32)))
        init(self, "stages", self._build_stages())

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
    stages: tuple[Stage, ...]  # in the order they run (`guardian.stages`)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Pipeline is immutable once built (tried to set {name}); assemble a new one")

    def _build_stages(self) -> tuple[Stage, ...]:
        return (
            RuleCheck(self.own_endpoints),
            Decode(self.max_body_bytes),
            ResolveContext(self.context),
            Kinds(self.classifier, self.detector),
            Detect(self.detector, self.prompt_detector),
            Policy(self.policy_store),
            Likelihood(self.matcher),
            Risk(self.hasher),
            Anonymize(self.anonymizer, self.escalation, self.identifier_swap, self.detector, self.hasher),
            Pseudonyms(),
            Encode(self.max_body_bytes),
        )

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
        )

    def detector_for(self, recipient: RecipientType) -> Detector:
        """The detector that reads a request to this recipient: prompts to AI services have their
        own when the settings name another prose model for them (`guardian_prose`)."""
        return self._stage(Detect).detector_for(recipient)

    # -- the request path ---------------------------------------------------------------------

    def decide(self, request: HttpRequest, session: Session | None = None, chat: ChatBook | None = None) -> Decision:
        """Run every stage for one request and return the verdict, rewrite and record, with what
        the decision taught `session` (`Decision.changes`, for `Session.apply`; the pipeline never
        writes a session itself). No session: one for this request alone, that nothing keeps.
        `chat`: the AI conversation the request may belong to (`Decision.chat`: what it added)."""
        state = self._begin(request, session, chat)
        return _finished(run_stages(self.stages, state), state)

    def decide_fast(self, request: HttpRequest, session: Session | None = None, chat: ChatBook | None = None) -> Decision:
        """`decide`, or `SlowPathNeeded` before the first costly stage this request needs (NER,
        System 2, the escalation loop's attacker). The exception carries the decision so far
        (`SlowPathNeeded.partial`, a `Partial`): `resume` finishes it from that stage, so no stage
        runs twice for one request.

        Whatever it returns is exactly what `decide` returns: it only refuses the costly cases."""
        state = self._begin(request, session, chat)
        outcome = run_stages(self.stages, state, fast=True)
        if isinstance(outcome, Partial):
            raise SlowPathNeeded(self.stages[outcome.index].name, "the stage runs a model or asks the LLM", partial=outcome)
        return _finished(outcome, state)

    def resume(self, partial: Partial, session: Session | None = None) -> Decision:
        """Finish a decision `decide_fast` stopped (in the pool, or in the decision process): the
        same outcome `decide` gives. A `Partial` from this process goes on in the view it began
        with; one that crossed goes on in `session`, the copy here of the session it began in
        (None: one for this request alone)."""
        state = partial.state
        if state.view is None:
            state.bind(session or Session(DEFAULT_USER), self.rules)
        return _finished(run_stages(self.stages, state, partial.index), state)

    def _begin(self, request: HttpRequest, session: Session | None, chat: ChatBook | None) -> FlowState:
        view = (session or Session(DEFAULT_USER)).view()
        base = {"method": request.method, "host": request.host, "path": safe_path(request.url)}
        return FlowState(request, chat, base, view, rules_for(self.rules, view))

    # -- helpers -------------------------------------------------------------------------------

    def rewrite(
        self, payload: Payload, findings: tuple[Finding, ...], level: int, basis: Basis | None = None,
        *, escalate: bool = True,
    ) -> RewriteResult:
        """The anonymize stage's rewrite (`guardian.stages.anonymize.Anonymize.rewrite`): rule
        levels, or the verified escalation loop when some finding sits in prose."""
        return self._stage(Anonymize).rewrite(payload, findings, level, basis, escalate=escalate)

    def _stage(self, kind: type[_S]) -> _S:
        return next(s for s in self.stages if isinstance(s, kind))


def _finished(outcome: Decision | Partial, state: FlowState) -> Decision:
    """The decision run to its end, with what it taught its session."""
    assert isinstance(outcome, Decision), "the slow path runs every stage it reaches"
    view: SessionView | None = state.view
    changes = view.changes() if view is not None else None
    return dataclasses.replace(outcome, changes=changes) if changes else outcome


def _rules_detector(detector: Detector, rules: Rules) -> Detector:
    """`detector` without any rules file's own recognisers, plus `rules`' (a rules reload)."""
    from guardian.detect.recognizers.custom import CustomRecognizer

    own = tuple(CustomRecognizer(spec) for spec in rules.recognizers)
    if not own and not any(isinstance(r, CustomRecognizer) for r in detector.recognizers):
        return detector
    base = Detector(tuple(r for r in detector.recognizers if not isinstance(r, CustomRecognizer)),
                    max_field_chars=detector.max_field_chars)
    return base.with_recognizers(own)
