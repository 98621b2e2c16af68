"""The engine: the settings, the components and the pipeline in force, and the decisions made with them.

One object holds what a decision needs, in the proxy and in the decision process alike:

- the settings, the components `guardian.assemble` built from them and the pipeline over those
  components, rebuilt one way: new settings rebuild what changed (`configure`), an edited rules
  file gives a new pipeline over the same components (`current`);
- in the proxy, the users' sessions (`guardian.session_sync.ProxySessions`), the shared
  `FlowDecider` and the decision process (handed in: `Offload`), and `decide`, which picks one of
  them for a request.

It loads no mitmproxy (the decision process imports it): what a flow is, who its user is and how
a verdict is applied to it stay in `guardian.addon`, which reads the engine through `decide`,
`rules`, `pipeline` and `settings`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from guardian import heap
from guardian.assemble import Components, assemble, build_components, wait_warm
from guardian.context.ai_services import is_ai_request
from guardian.decider import Decided, Decision, FlowDecider
from guardian.errors import GuardianError
from guardian.overrides import RulesWatcher
from guardian.session import SEEN_KEY_LABEL, SessionChanges
from guardian.session_sync import ProxySessions
from guardian.settings import Settings
from guardian.store.gate import off_loop
from guardian.store.url import is_postgres_url
from guardian.user_rules import UserRules

if TYPE_CHECKING:
    from guardian.anonymize.operators.chat_pseudonym import ChatBook
    from guardian.audit import ValueHasher
    from guardian.pipeline import Partial, Pipeline
    from guardian.records import HttpRequest
    from guardian.rules import Rules
    from guardian.session import Session

__all__ = ["Engine", "Offload", "SESSION_USERS_LABEL", "pipeline_shape"]

log = logging.getLogger("guardian")

SESSION_USERS_LABEL = "session-users"  # ValueHasher.derive: the key of the users' hashes in a shared store


class Offload(Protocol):
    """Where the proxy sends decisions to another core (`guardian.addon.offload.DecisionProcess`)."""

    settings: Settings | None  # None: not started

    @property
    def ready(self) -> bool: ...

    @property
    def pending(self) -> int: ...

    def configure(self, settings: Settings, hasher: ValueHasher | None = None) -> None: ...

    async def decide(
        self, request: HttpRequest, session: Session, sessions: ProxySessions, *, fail: str, timeout: float,
        chat: ChatBook | None = None, partial: Partial | None = None,
    ) -> Decided | None: ...


def pipeline_shape(settings: Settings) -> Settings:
    """The settings with what only the flow handling reads set aside: equal shapes, same pipeline.
    (The timeout and audit path stay: they set the LLM deadlines and the hasher's key.)"""
    return settings.with_(mode="enforce", fail="closed", stream_threshold=0, decision_process="off",
                          users="one", sessions_max=1, session_ttl=1.0, user_rules=None)


def _session_shape(settings: Settings) -> tuple[str, int, float, str | None, str | None]:
    return settings.users, settings.sessions_max, settings.session_ttl, settings.store, settings.user_rules


def _always_idle() -> bool:
    return True


class Engine:
    """The pipeline in force and what decides with it; see the module docstring."""

    def __init__(self, pipeline: Pipeline | None = None) -> None:
        self.pipeline = pipeline  # swapped whole on a rebuild or rules reload, never changed
        self.settings = Settings()
        self.components: Components | None = None  # None with a pipeline handed in (tests)
        self.watch: RulesWatcher | None = None  # reloads an edited rules file
        self.decider = FlowDecider()
        self.sessions = ProxySessions()  # one per user (guardian_users); rebuilt with the settings' bounds
        self._sessions_shape: tuple[object, ...] | None = None
        self.process: Offload | None = None  # the decision process, when the proxy has one
        self.idle: Callable[[], bool] = _always_idle  # whether a cheap request may be decided here

    # -- the pipeline ----------------------------------------------------------------------------

    @property
    def handed_in(self) -> bool:
        """A pipeline given whole (tests): not built here from the settings."""
        return self.pipeline is not None and self.components is None

    def configure(
        self, settings: Settings, *, rebuild: bool | None = None, warm: bool = True, hasher: ValueHasher | None = None,
        sessions: bool = True, check_sessions: Callable[[Settings], None] | None = None,
    ) -> bool:
        """Take `settings`: a new pipeline when its shape changed (or `rebuild` says so), built over
        the components that did not change; new sessions when their bounds or key changed (after
        `check_sessions`, which may refuse them). True when the pipeline was rebuilt. Raises
        `GuardianError` for settings that cannot be built."""
        if rebuild is None:
            rebuild = self.pipeline is None or pipeline_shape(settings) != pipeline_shape(self.settings)
        if rebuild:
            components = build_components(settings, previous=self.components, warm=warm, hasher=hasher)
            try:
                pipeline = assemble(settings, components=components)
            except BaseException:
                components.close(keep=self.components)  # what it built anew; what it reused stays
                raise
            old, self.components, self.pipeline = self.components, components, pipeline
            if old is not None:
                old.close(keep=components)
                heap.freeze()
            self.watch = RulesWatcher(settings.rules_path) if settings.rules_path else None
            if self.process is not None and self.process.settings is not None:
                self.process.configure(settings, components.hasher)
        if sessions:
            hasher_now = self.components.hasher if self.components is not None else None
            shape = (_session_shape(settings), id(hasher_now))
            if shape != self._sessions_shape:  # kept across other changes: a user's memory is not the pipeline's
                if check_sessions is not None:
                    check_sessions(settings)
                self.sessions = self._new_sessions(settings)
                self._sessions_shape = shape
        self.settings = settings
        return rebuild

    def current(self) -> Pipeline | None:
        """The pipeline in force, after picking up an edited rules file (one stat a second): a new
        pipeline over the same components."""
        watch, pipeline = self.watch, self.pipeline
        if watch is not None and pipeline is not None:
            rules = watch.poll()
            if rules is not None:
                if self.components is not None:
                    self.pipeline = assemble(self.settings, rules=rules, components=self.components)
                else:
                    self.pipeline = pipeline.with_rules(rules)
        return self.pipeline

    @property
    def rules(self) -> Rules | None:
        """The rules of the pipeline in force (None before the first, or for a stand-in without rules:
        mitmproxy reads every attribute of an addon when it registers it)."""
        return getattr(self.pipeline, "rules", None)

    # -- the users' sessions ---------------------------------------------------------------------

    def _new_sessions(self, settings: Settings) -> ProxySessions:
        """Empty sessions with these bounds. The identifiers' digest key comes from the
        deployment's key (the audit log's), so every instance given that key file uses the same
        digests; with a shared store (`guardian_store=postgresql://...`) a user new to this
        instance starts with what the others kept (`guardian.store.sessions`)."""
        old = self.sessions
        hasher = self.components.hasher if self.components is not None else None
        store = None
        if hasher is not None and settings.store and is_postgres_url(settings.store):
            from guardian.store.sessions import SessionStore
            from guardian.store import store_from_url

            try:
                store = SessionStore(store_from_url(settings.store, component="sessions"),
                                     hasher.derive(SESSION_USERS_LABEL), ttl_s=settings.session_ttl)
            except GuardianError as e:
                raise GuardianError(f"guardian_store: the sessions cannot use it: {e}") from e
        old.close()  # its store, when it has one
        return ProxySessions(
            seen_key=hasher.derive(SEEN_KEY_LABEL) if hasher is not None else None,
            max_sessions=settings.sessions_max, ttl_s=settings.session_ttl, store=store,
            rules_for=UserRules(settings.user_rules).for_user if settings.user_rules else None,
        )

    async def session_of(self, user: str) -> Session:
        """`user`'s session, off the event loop when a shared store is read (a user new here, or
        one whose session is due to be read again): a database read must not hold up every other flow."""
        sessions = self.sessions
        if sessions.store is None:
            return sessions.get(user)
        known = sessions.peek(user)
        if known is None:
            return await off_loop(sessions.get, user)  # the store's threads, never the loop's default pool
        if sessions.stale(known):  # what other instances learnt since: read in a thread, merged here
            kept = await off_loop(sessions.pull, known)
            if kept is not None:
                sessions.merge(known, kept)  # on the loop, where the decision process's copy is synced
        return sessions.get(user)

    async def shown(self, user: str, values: Sequence[str]) -> None:
        """Teach `user`'s session the token-shaped literals of a script their browser loaded
        (`fieldkinds.shown`): a value every visitor gets is no one's data when an SDK sends it on.
        Sent to the decision process's copy with the user's next request, as a decision's changes."""
        if not values:
            return
        session = await self.session_of(user)
        changes = SessionChanges(shown=tuple(session.seen.digest(v) for v in values))
        session.apply(changes)
        self.sessions.learnt(session, changes)

    # -- deciding --------------------------------------------------------------------------------

    async def decide(
        self, request: HttpRequest, session: Session, chat: ChatBook | None = None, *, pipeline: Pipeline | None = None
    ) -> Decided:
        """The decision for one request of `session`'s user (in the AI conversation `chat`) with
        `pipeline` (default: the one in force): the decision process's, or this process's when it
        has none (starting, stopped, or a pipeline handed in by a test); never raises. Either way
        the session has learnt what the decision taught when it returns."""
        if pipeline is None:
            pipeline = self.current()
        assert pipeline is not None, "a decision comes after the first pipeline"
        settings, process = self.settings, self.process
        fail, timeout = settings.fail, settings.timeout
        partial: Partial | None = None
        if pipeline is self.pipeline and process is not None and process.settings is not None:
            # A prompt to an AI model is prose: deciding it runs NER or the prose tagger, which the
            # decision process has loaded; it goes there whole, its early stages off this loop.
            if process.ready and self.idle() and not is_ai_request(request):
                quick = self.decider.decide_inline(pipeline, request, session, fail=fail, chat=chat)
                if isinstance(quick, Decision):
                    self.sessions.learnt(session, quick.changes)
                    return quick
                # costly: the decision process finishes it from that stage, off this loop
                partial = quick
            decision = await process.decide(request, session, self.sessions, fail=fail, timeout=timeout,
                                            chat=chat, partial=partial)
            if decision is not None:
                return decision
        if partial is not None:  # the decision process is gone or declined it: finished here, from that stage
            decision = await self.decider.decide_pooled(pipeline, request, session, fail=fail, timeout=timeout,
                                                        partial=partial, chat=chat)
        else:
            decision = await self.decider.decide(pipeline, request, session, fail=fail, timeout=timeout, chat=chat)
        self.sessions.learnt(session, decision.changes)  # and the decision process's copy with the next request
        return decision

    def wait_warm(self, timeout_s: float) -> bool:
        """Wait, at most `timeout_s`, for the models the components began loading; whether they
        all loaded (`guardian.assemble.wait_warm`). Before the first flow, so that none waits."""
        return wait_warm(timeout_s)

    def close(self) -> None:
        """Stop deciding: the pool, the sessions' store (it writes what is queued), the components."""
        self.decider.close()
        self.sessions.close()
        if self.components is not None:
            self.components.close()
