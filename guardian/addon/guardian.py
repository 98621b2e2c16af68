"""The decision addon: its options, the request hook, and the one pipeline every hook shares.

Thin glue. `configure` turns the guardian options into one frozen `Settings` and builds the
pipeline with `guardian.assemble` (only the parts whose options changed are rebuilt); a rules
file edited while running is picked up by building a new pipeline and swapping one reference.
The request hook turns a flow into an `HttpRequest`, asks the shared `FlowDecider` (inline when
cheap, the bounded pool when costly, the fail mode on error), enforces the outcome and hands the
record to the shared `RecordWriter`. The other addons (policy fetching, the LLM link, streaming,
WebSocket, PAC, ignore_hosts) read `pipeline`, `settings`, `decider` and `writer` from here.
"""

from __future__ import annotations

import logging
import time
from typing import Any, Protocol

from mitmproxy import exceptions, http

from guardian.addon.enforce import apply_rewrite, block_response, is_preflight, preflight_response
from guardian.addon.offload import DecisionProcess, wants_process
from guardian.addon.record import RecordWriter
from guardian.addon.users import user_key
from guardian.anonymize.operators.chat_pseudonym import ChatBook
from guardian.assemble import Components, assemble, build_components
from guardian.context.ai_services import is_ai_request
from guardian.audit import AuditLog
from guardian import heap
from guardian._wire import Received
from guardian.decider import Decided, Decision, FlowDecider, error_summary, share_the_gil
from guardian.decision_record import flow_line
from guardian.errors import GuardianError
from guardian.overrides import RulesWatcher
from guardian.pipeline import Partial, Pipeline
from guardian.records import HttpRequest, Verdict
from guardian.session import SEEN_KEY_LABEL, Session
from guardian.session_sync import ProxySessions
from guardian.store.gate import off_loop
from guardian.store.url import is_postgres_url
from guardian.user_rules import UserRules
from guardian.settings import MATCHER_ENCODERS, OPTIONS, Settings, check_options, declare_options

__all__ = ["GuardianAddon", "keep_last_set_values", "wants_html", "check_own_options", "DECISION_OPTIONS", "MATCHER_ENCODERS"]

log = logging.getLogger("guardian")

DECISION_OPTIONS = (
    "guardian_rules", "guardian_audit", "guardian_mode", "guardian_fail", "guardian_timeout",
    "guardian_max_body", "guardian_matcher", "guardian_prose", "guardian_trackers", "guardian_id_rotation",
    "guardian_decision_process", "guardian_users", "guardian_sessions_max", "guardian_session_ttl",
    "guardian_user_rules",
)


class ChatTurn(Protocol):
    """One request's place in an AI conversation, from `begin` to `end` (guardian/addon/restore.py)."""

    book: ChatBook  # the conversation's mapping, for the pipeline's chat operator

    def end(self) -> None: ...


class ChatTurns(Protocol):
    """What the AI-chat addon adds around a decision: the conversation a request may belong to
    (read off the event loop when the vault is shared) and, after the decision, its new pseudonyms
    kept and the answer marked for restoring."""

    async def begin(self, flow: http.HTTPFlow, request: HttpRequest) -> ChatTurn | None: ...

    def settle(self, flow: http.HTTPFlow, turn: ChatTurn, decision: Decided) -> None: ...

# Options only the flow handling reads: a change of these alone needs no new pipeline.
_FLOW_OPTIONS = frozenset({
    "guardian_mode", "guardian_fail", "guardian_stream_threshold", "guardian_timeout", "guardian_audit",
    "guardian_decision_process", "guardian_users", "guardian_sessions_max", "guardian_session_ttl",
    "guardian_user_rules",
})


SESSION_USERS_LABEL = "session-users"  # ValueHasher.derive: the key of the users' hashes in a shared store
# With a decision process, a cheap request that finds the proxy idle (no other exchange open, the
# child owing nothing) is decided here: the trip to the child and its wake-up cost more than the
# decision (C=1: +2.0 ms p50 through the child, +1.2 ms in process). Under load every request
# goes to the child, which keeps the decisions' CPU off mitmproxy's core.
IDLE_OPEN_EXCHANGES = 1  # the flow being decided
OPEN_EXCHANGE_MAX_S = 300.0  # an exchange open longer than this (a stream, a lost hook) no longer counts


def _session_shape(settings: Settings) -> tuple[str, int, float, str | None, str | None]:
    return settings.users, settings.sessions_max, settings.session_ttl, settings.store, settings.user_rules


def _pipeline_shape(settings: Settings) -> Settings:
    """The settings with what only the flow handling reads set aside: equal shapes, same pipeline.
    (The timeout and audit path stay: they set the LLM deadlines and the hasher's key.)"""
    return settings.with_(mode="enforce", fail="closed", stream_threshold=0, decision_process="off",
                          users="one", sessions_max=1, session_ttl=1.0, user_rules=None)


def keep_last_set_values() -> list[str]:
    """Make a guardian option given twice with --set take its last value, as a command line reads.

    mitmproxy 11 refuses such an option only when the script declares it ("Received multiple
    values"), and then drops the script's addons without a word: the proxy would run with no
    privacy checks at all. Call this at script import, before the addons declare their options;
    it returns the names it fixed (each is logged)."""
    try:
        from mitmproxy import ctx
        from mitmproxy.optmanager import _UnconvertedStrings

        deferred = ctx.options.deferred
    except Exception:  # noqa: BLE001 - not under mitmproxy (tests, imports): nothing to fix
        return []
    fixed = []
    for name, value in list(deferred.items()):
        if name.startswith("guardian_") and isinstance(value, _UnconvertedStrings) and len(value.val) > 1:
            deferred[name] = _UnconvertedStrings(value.val[-1:])
            fixed.append(name)
            log.warning("guardian: %s was set %d times; using the last value", name, len(value.val))
    return fixed


def check_own_options(updated: set[str], names: tuple[str, ...]) -> None:
    """An addon's `configure` check of its own options: `OptionsError` naming option and value."""
    from mitmproxy import ctx

    if set(names) & updated:
        try:
            check_options(ctx.options, names)
        except GuardianError as e:
            raise exceptions.OptionsError(str(e)) from e


def wants_html(flow: http.HTTPFlow) -> bool:
    """A page load (document, frame) gets the HTML block page; anything else JSON."""
    dest = flow.request.headers.get("sec-fetch-dest", "")
    return dest in ("document", "iframe") or "text/html" in flow.request.headers.get("accept", "")[:40]


def flow_request(flow: http.HTTPFlow, body: bytes | None = None) -> HttpRequest:
    """The pipeline's view of a flow's request (`body` given: that instead of the flow's)."""
    request = flow.request
    return HttpRequest(
        method=request.method,
        url=request.url,
        # as `headers.items(multi=True)` decodes them, without a call per header
        headers=tuple([(k.decode("utf-8", "surrogateescape"), v.decode("utf-8", "surrogateescape")) for k, v in request.headers.fields]),
        body=(request.raw_content or b"") if body is None else body,
    )


class GuardianAddon:
    """Decides every outgoing request: allow, rewrite in place, or block."""

    def __init__(self, pipeline: Pipeline | None = None) -> None:
        self.pipeline = pipeline  # swapped whole on a rebuild or rules reload, never changed
        self.settings = Settings()
        self.components: Components | None = None  # None with a pipeline given by a test
        self.decider = FlowDecider()
        self.process = DecisionProcess()  # guardian_decision_process: decisions on another core
        self._running = False
        self.writer = RecordWriter()
        self._rules_watch: RulesWatcher | None = None  # reloads an edited rules file
        self.chat: ChatTurns | None = None  # the AI chats' conversations (guardian/addon/restore.py)
        self.sessions = ProxySessions()  # one per user (guardian_users); rebuilt with the settings' bounds
        self._sessions_shape: tuple[object, ...] | None = None
        self._open: dict[str, float] = {}  # flow id -> when its request arrived, until its response or error

    # -- the settings the hooks read -----------------------------------------------------------

    @property
    def mode(self) -> str:
        return self.settings.mode

    @property
    def fail(self) -> str:
        return self.settings.fail

    @property
    def timeout(self) -> float:
        return self.settings.timeout

    @property
    def audit(self) -> AuditLog | None:
        return self.writer.audit

    # -- options -------------------------------------------------------------------------------

    def load(self, loader: Any) -> None:
        declare_options(loader, DECISION_OPTIONS)

    def configure(self, updated: set[str]) -> None:
        from mitmproxy import ctx

        try:
            settings = Settings.from_options(ctx.options)
        except GuardianError as e:
            raise exceptions.OptionsError(str(e)) from e
        if self.pipeline is not None and self.components is None:  # a pipeline handed in (tests)
            # ... replaced only by this addon's own options (not by another addon declaring its own)
            rebuild = bool((set(DECISION_OPTIONS) - _FLOW_OPTIONS) & updated)
        else:
            rebuild = self.pipeline is None or _pipeline_shape(settings) != _pipeline_shape(self.settings)
        if rebuild:
            try:
                # With a decision process the proxy's own pipeline only stands in for it: its
                # MiniLM models load if a fallback ever needs them, not at start (~240 MB less).
                warm = not wants_process(settings.decision_process)
                components = build_components(settings, previous=self.components, warm=warm)
                pipeline = assemble(settings, components=components)
            except GuardianError as e:
                raise exceptions.OptionsError(str(e)) from e
            old, self.components, self.pipeline = self.components, components, pipeline
            if old is not None:
                old.close(keep=components)
                heap.freeze()
            self._rules_watch = RulesWatcher(settings.rules_path) if settings.rules_path else None
            log.info("guardian: rules loaded from %s", pipeline.rules.source)
            if self.process.settings is not None:
                self.process.configure(settings, components.hasher)
        hasher = self.components.hasher if self.components is not None else None
        shape = (_session_shape(settings), id(hasher))
        if shape != self._sessions_shape:  # kept across other changes: a user's memory is not the pipeline's
            self._check_users(settings)
            self.sessions = self._new_sessions(settings)
            self._sessions_shape = shape
        self.writer.log_each_flow = getattr(ctx.options, "termlog_verbosity", "info") == "debug"
        if settings.audit_path != self.settings.audit_path or (settings.audit_path and self.writer.audit is None):
            try:
                self.writer.replace_audit(AuditLog(settings.audit_path) if settings.audit_path else None)
            except OSError as e:
                raise exceptions.OptionsError(f"guardian_audit={settings.audit_path!r}: cannot open it: {e}") from e
        self.settings = settings
        if self._running:
            self._sync_process()

    def _check_users(self, settings: Settings) -> None:
        """guardian_users=proxyauth needs mitmproxy's proxyauth: without it every flow is one user."""
        from mitmproxy import ctx

        if settings.users == "proxyauth" and not getattr(ctx.options, "proxyauth", None):
            raise exceptions.OptionsError(
                "guardian_users=proxyauth: set proxyauth too (for example --set proxyauth=@/path/to/htpasswd), "
                "or the proxy cannot tell its users apart"
            )

    def _new_sessions(self, settings: Settings) -> ProxySessions:
        """Empty sessions with these bounds. The identifiers' digest key comes from the
        deployment's key (the audit log's), so every instance given that key file uses the same
        digests; with a shared store (`guardian_store=postgresql://...`) a user new to this
        instance starts with what the others kept (`guardian.session_store`)."""
        old = self.sessions
        hasher = self.components.hasher if self.components is not None else None
        store = None
        if hasher is not None and settings.store and is_postgres_url(settings.store):
            from guardian.session_store import SessionStore
            from guardian.store import store_from_url

            try:
                store = SessionStore(store_from_url(settings.store, component="sessions"),
                                     hasher.derive(SESSION_USERS_LABEL), ttl_s=settings.session_ttl)
            except GuardianError as e:
                raise exceptions.OptionsError(f"guardian_store: the sessions cannot use it: {e}") from e
        old.close()  # its store, when it has one
        return ProxySessions(
            seen_key=hasher.derive(SEEN_KEY_LABEL) if hasher is not None else None,
            max_sessions=settings.sessions_max, ttl_s=settings.session_ttl, store=store,
            rules_for=UserRules(settings.user_rules).for_user if settings.user_rules else None,
        )

    def session_for(self, flow: http.HTTPFlow) -> Session:
        """The session of the user whose flow this is (`guardian_users`)."""
        return self.sessions.get(user_key(flow, self.settings.users))

    async def session_of(self, flow: http.HTTPFlow) -> Session:
        """`session_for`, off the event loop when a shared store is read (a user new here, or one
        whose session is due to be read again): a database read must not hold up every other flow."""
        user = user_key(flow, self.settings.users)
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

    def running(self) -> None:
        heap.enable()  # the models and the pipeline are loaded: keep the collector off them
        share_the_gil()  # this process's pool runs NER beside mitmproxy's event loop (fallbacks, no decision process)
        self._running = True
        self._sync_process()

    def _sync_process(self) -> None:
        """Start or stop the decision process as the option says (only for an assembled pipeline)."""
        wanted = self.components is not None and wants_process(self.settings.decision_process)
        if wanted and self.process.settings is None:
            try:
                self.process.start(self.settings, self.components.hasher if self.components is not None else None)
            except Exception as e:  # noqa: BLE001 - without it the proxy decides in process, as with "off"
                log.warning("guardian: the decision process did not start (%s); deciding in the proxy", error_summary(e))
        elif not wanted and self.process.settings is not None:
            self.process.close()
            self.process = DecisionProcess()

    def done(self) -> None:
        self._running = False
        self.process.close()
        self.decider.close()
        self.sessions.close()  # its store writes what is queued (a few seconds at most)
        self.writer.replace_audit(None)  # flushes what is buffered
        if self.components is not None:
            self.components.close()

    # -- hooks ---------------------------------------------------------------------------------

    def requestheaders(self, flow: http.HTTPFlow) -> None:
        if flow.live:
            self._open[flow.id] = time.monotonic()

    def response(self, flow: http.HTTPFlow) -> None:
        self._open.pop(flow.id, None)

    def error(self, flow: http.HTTPFlow) -> None:
        self._open.pop(flow.id, None)

    def idle(self) -> bool:
        """No exchange open but the one being decided, and nothing owed by the decision process."""
        if self.process.pending:
            return False
        if len(self._open) > IDLE_OPEN_EXCHANGES:
            cutoff = time.monotonic() - OPEN_EXCHANGE_MAX_S
            for fid in [fid for fid, t in self._open.items() if t < cutoff]:
                del self._open[fid]
        return len(self._open) <= IDLE_OPEN_EXCHANGES

    async def request(self, flow: http.HTTPFlow) -> None:
        if flow.response or flow.error or not flow.live:
            return
        if "guardian" in flow.metadata:  # already decided (e.g. a replayed flow, a streamed upload)
            return
        if flow.request.raw_content is None:  # a streamed body is decided in requestheaders
            return
        pipeline = self.current_pipeline()
        if pipeline is None:
            return
        request = flow_request(flow)
        self.enforce(flow, request, await self.decide_turn(flow, pipeline, request))

    # -- shared with the protocol addons -------------------------------------------------------

    def current_pipeline(self) -> Pipeline | None:
        """The pipeline in force, after picking up an edited rules file (one stat a second)."""
        if self._rules_watch is not None and self.pipeline is not None:
            rules = self._rules_watch.poll()
            if rules is not None:
                if self.components is not None:
                    self.pipeline = assemble(self.settings, rules=rules, components=self.components)
                else:
                    self.pipeline = self.pipeline.with_rules(rules)
        return self.pipeline

    async def decide_turn(self, flow: http.HTTPFlow, pipeline: Pipeline, request: HttpRequest) -> Decided:
        """`decide` for a flow's request (HTTP, a WebSocket message) in its user's session and, when
        it may be a turn of an AI conversation, in that conversation; never raises."""
        session = await self.session_of(flow)
        chat = self.chat
        turn = None
        if chat is not None:
            try:
                turn = await chat.begin(flow, request)
            except Exception as e:  # noqa: BLE001 - the pipeline's own tags still protect the prompt
                log.error("guardian: the AI chat's conversation cannot be read for %s (%s)", request.host, error_summary(e))
        if turn is None:
            return await self.decide(pipeline, request, session)
        try:
            decision = await self.decide(pipeline, request, session, turn.book)
            try:
                chat.settle(flow, turn, decision)
            except Exception as e:  # noqa: BLE001 - the rewrite stands; its answer is not restored
                log.error("guardian: the AI chat's new pseudonyms were not kept for %s (%s)", request.host, error_summary(e))
            return decision
        finally:
            turn.end()

    async def decide(self, pipeline: Pipeline, request: HttpRequest, session: Session, chat: ChatBook | None = None) -> Decided:
        """The decision for one request of `session`'s user (in the AI conversation `chat`): the
        decision process's, or this process's when it has none (starting, stopped, or a pipeline
        handed in by a test); never raises. Either way the session has learnt what the decision
        taught when it returns."""
        partial: Partial | None = None
        if pipeline is self.pipeline and self.process.settings is not None:
            # A prompt to an AI model is prose: deciding it runs NER or the prose tagger, which the
            # decision process has loaded; it goes there whole, its early stages off this loop.
            if self.process.ready and self.idle() and not is_ai_request(request):
                quick = self.decider.decide_inline(pipeline, request, session, fail=self.fail, chat=chat)
                if isinstance(quick, Decision):
                    self.sessions.learnt(session, quick.changes)
                    return quick
                # costly: the decision process finishes it from that stage (the proxy's models stay unloaded)
                partial = quick
            decision = await self.process.decide(request, session, self.sessions, fail=self.fail, timeout=self.timeout,
                                                 chat=chat, partial=partial)
            if decision is not None:
                return decision
        if partial is not None:  # the decision process is gone or declined it: finished here, from that stage
            decision = await self.decider.decide_pooled(pipeline, request, session, fail=self.fail, timeout=self.timeout,
                                                        partial=partial, chat=chat)
        else:
            decision = await self.decider.decide(pipeline, request, session, fail=self.fail, timeout=self.timeout, chat=chat)
        self.sessions.learnt(session, decision.changes)  # and the decision process's copy with the next request
        return decision

    def enforce(self, flow: http.HTTPFlow, request: HttpRequest, decision: Decided) -> None:
        """Apply a decision to an HTTP request in enforce mode, and write its record."""
        enforce = self.mode == "enforce"
        enforced = False
        extra: dict[str, Any] = {}
        if enforce and decision.verdict is Verdict.DENY and is_preflight(flow.request.method, flow.request.headers):
            # never a 403 to a preflight: the page would see a network error, not the block
            flow.response = preflight_response(flow.request.headers)
            enforced, extra = True, {"preflight": "answered by the proxy"}
        elif enforce and decision.verdict is Verdict.DENY:
            flow.response = block_response(
                request.host, decision.reason, decision.line, html=wants_html(flow),
                request_headers=flow.request.headers,
            )
            enforced = True
        elif enforce and decision.verdict is Verdict.TRANSFORM and decision.rewrite is not None:
            apply_rewrite(flow.request, decision.rewrite)
            enforced = True
        # the record is made into its line once (`Decision.line`), for the block page and the log alike
        mode = self.mode
        line = flow_line(decision.line, id=flow.id, mode=mode, enforced=enforced, **extra)
        encoded = decision.audit_json(id=flow.id, mode=mode, enforced=enforced) if isinstance(decision, Received) and not extra else None
        self.writer.write_line(flow, line, encoded=encoded)
