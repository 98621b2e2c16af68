"""What passes between the stages: one request's `FlowState`, the `Decision` at its end, and the
`Partial` that the fast path hands on when a costly stage is next.

A `FlowState` is plain data, so a `Partial` pickles: the decision process resumes it where the
proxy's fast path stopped. Two things in it belong to the process that runs the stages and never
cross: the session view (`view`: reads go to the session, writes stay in the view) and the rules in
force for the user (`rules`). A state that crossed carries the view's writes so far (`taught`);
`bind` opens a view on the session copy there with those writes in it, and derives the rules again,
so the decision ends with the same `changes` as one made in a single process.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from guardian.anonymize import RewriteResult
from guardian.anonymize.operators.chat_pseudonym import ChatBook, ChatEdits, ChatOutcome
from guardian.anonymize.operators.identifier import Swapped
from guardian.codecs import RequestRewrite
from guardian.context.collectors import Collector
from guardian.decision_record import DecisionRecord, Section
from guardian.matcher import LikelihoodEstimate
from guardian.policies.records import NO_EVIDENCE, PolicyEvidence
from guardian.records import Action, Finding, HttpRequest, KindLabel, Payload, RequestContext, RiskAssessment, Verdict
from guardian.rules import Rules
from guardian.session import NO_CHANGES, Session, SessionChanges, SessionView

__all__ = ["Decision", "FlowState", "Partial", "Stage", "StageTimer", "rules_for"]


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


class StageTimer:
    """Stage timings: `with timer.stage("detect"): ...` (stages never nest; a plain class, not a
    generator context manager, because it runs a dozen times per request). `perf_counter` is the
    system's monotonic clock, so a timer that crossed to the decision process goes on counting."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}  # per stage
        self._t0 = time.perf_counter()
        self._name = ""
        self._t = 0.0

    def stage(self, name: str) -> StageTimer:
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


def rules_for(base: Rules, view: SessionView) -> Rules:
    """The rules a decision in `view`'s session uses: the user's own over the proxy's, when any."""
    own = view.rules
    return own.over(base) if own is not None else base


@dataclass(eq=False)
class FlowState:
    """One request on its way through the stages: what each stage leaves for the later ones.
    Each field is set by the stage named beside it and read only after it."""

    request: HttpRequest
    chat: ChatBook | None  # the AI conversation the request may belong to
    base: dict[str, str]  # method, host, path: the first keys of every record
    view: SessionView | None  # this process's window on the session (not pickled: `bind`)
    rules: Rules | None  # the user's rules over the proxy's, in this process (not pickled: `bind`)
    timer: StageTimer = field(default_factory=StageTimer)
    taught: SessionChanges = NO_CHANGES  # the view's writes, while the state is across processes
    payload: Payload = field(default_factory=Payload)  # decode; kinds takes the protected fields out
    collector: Collector | None = None  # context
    context: RequestContext | None = None  # context
    kinds: Mapping[str, KindLabel] = field(default_factory=dict)  # kinds
    payload_section: Section = field(default_factory=dict)  # kinds (detect adds a prompt's public subjects)
    findings: tuple[Finding, ...] = ()  # detect
    action: Action | None = None  # detect
    evidence: PolicyEvidence = NO_EVIDENCE  # policy
    estimate: LikelihoodEstimate | None = None  # likelihood (the fast path's, when it settled it)
    risk: RiskAssessment | None = None  # risk
    record: DecisionRecord | None = None  # risk, then each later stage adds its section
    start_level: int = 0  # risk
    restores: bool = False  # risk: the answer gets the conversation's originals back
    chat_only: bool = False  # risk: allowed, but the conversation's known values are replaced again
    swapped: Swapped | None = None  # anonymize (before its costly check)
    result: RewriteResult | None = None  # anonymize
    edits: dict[str, str] = field(default_factory=dict)  # anonymize, pseudonyms: new values by field path
    pseudonyms: ChatEdits | None = None  # pseudonyms, for an allowed request to a chat
    outcome: ChatOutcome | None = None  # pseudonyms: what the conversation gained

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        view = state.pop("view")
        state.pop("rules")
        if isinstance(view, SessionView):
            state["taught"] = view.changes()
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state, view=None, rules=None)

    def bind(self, session: Session, base: Rules) -> None:
        """Resume in `session` (the decision process's copy of the one the fast path read) under
        the pipeline's rules `base`: a view with what the decision taught so far, the user's rules."""
        view = session.view()
        taught = self.taught
        if taught:
            view.frames.learned.update(taught.frames)
            view.seen.apply(taught.ids, taught.cookie_sites)  # the view keeps the writes
            view.observed = taught.observed
        self.view, self.rules, self.taught = view, rules_for(base, view), NO_CHANGES

    @property
    def session(self) -> SessionView:
        """The session view (`bind` gave one to a state that crossed)."""
        assert self.view is not None, "a state from another process is bound before it runs"
        return self.view

    @property
    def in_force(self) -> Rules:
        assert self.rules is not None, "a state from another process is bound before it runs"
        return self.rules

    @property
    def where(self) -> RequestContext:
        assert self.context is not None, "the context stage runs first"
        return self.context

    @property
    def made(self) -> DecisionRecord:
        assert self.record is not None, "the risk stage runs first"
        return self.record

    def finish(
        self, record: DecisionRecord, *, rewrite: RequestRewrite | None = None, chat: ChatOutcome | None = None
    ) -> Decision:
        """The decision, with the stages' timings in its record."""
        record = record.evolve(ms=self.timer.total())
        return Decision(verdict=record.decision, record=record, reason=record.reason, rewrite=rewrite, chat=chat)


class Stage:
    """One step of the decision. `run` returns None to go on, or the decision when it is made
    here (a rule's block, a trusted host, nothing to rewrite). A `costly` stage may run a model or
    ask the LLM; `slow` says whether it would for this request, so the fast path stops before it."""

    name: str = ""
    costly: bool = False

    def slow(self, state: FlowState) -> bool:
        """Whether this request needs the slow path here (only a costly stage ever does)."""
        return False

    def run(self, state: FlowState) -> Decision | None:
        raise NotImplementedError


@dataclass(frozen=True)
class Partial:
    """A decision the fast path stopped before a costly stage: that stage's index and the state so
    far, for `Pipeline.resume` (in the pool, or pickled to the decision process)."""

    index: int
    state: FlowState
