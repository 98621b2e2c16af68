"""The decision addon: its options, the request hook, and the engine every hook shares.

Thin glue over `guardian.engine.Engine`, which holds the settings, the components and the
pipeline (rebuilt one way: new settings rebuild what changed, an edited rules file gives a new
pipeline over the same components), the users' sessions, the shared `FlowDecider` and the
decision process. `configure` turns the guardian options into one frozen `Settings` for the
engine; the request hook turns a flow into an `HttpRequest`, asks the engine, enforces the
outcome and hands the record to the `RecordWriter`. The other addons read this one through the
narrow views of `guardian.addon.shared` (settings, rules, decide, record), never its attributes.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Any

from mitmproxy import exceptions, http

from guardian.addon.enforce import apply_rewrite, block_response, enforce_and_record, is_preflight, preflight_response
from guardian.addon.offload import DecisionProcess, wants_process
from guardian.addon.record import RecordWriter
from guardian.addon.shared import ChatTurn, ChatTurns, check_own_options, flow_request, wants_html
from guardian.addon.users import user_key
from guardian.anonymize.operators.chat_pseudonym import ChatBook
from guardian.audit import AuditLog
from guardian import heap
from guardian._wire import Received
from guardian.decider import Decided, FlowDecider, error_summary, share_the_gil
from guardian.decision_record import flow_line
from guardian.engine import SESSION_USERS_LABEL, Engine
from guardian.errors import GuardianError
from guardian.pipeline import Pipeline
from guardian.records import HttpRequest
from guardian.rules import Rules
from guardian.session import Session
from guardian.session_sync import ProxySessions
from guardian.settings import MATCHER_ENCODERS, Settings, declare_options

__all__ = [
    "GuardianAddon", "keep_last_set_values", "wants_html", "check_own_options", "flow_request", "DECISION_OPTIONS",
    "MATCHER_ENCODERS", "ChatTurn", "ChatTurns", "SESSION_USERS_LABEL",
]

log = logging.getLogger("guardian")

DECISION_OPTIONS = (
    "guardian_rules", "guardian_audit", "guardian_mode", "guardian_fail", "guardian_timeout",
    "guardian_max_body", "guardian_matcher", "guardian_prose", "guardian_fast_attacker", "guardian_trackers",
    "guardian_id_rotation", "guardian_decision_process", "guardian_users", "guardian_sessions_max",
    "guardian_session_ttl", "guardian_user_rules",
)

# Options only the flow handling reads: a change of these alone needs no new pipeline.
_FLOW_OPTIONS = frozenset({
    "guardian_mode", "guardian_fail", "guardian_stream_threshold", "guardian_timeout", "guardian_audit",
    "guardian_decision_process", "guardian_users", "guardian_sessions_max", "guardian_session_ttl",
    "guardian_user_rules",
})

# With a decision process, a cheap request that finds the proxy idle (no other exchange open, the
# child owing nothing) is decided here: the trip to the child and its wake-up cost more than the
# decision. Under load every request goes to the child, which keeps the decisions' CPU off
# mitmproxy's core.
IDLE_OPEN_EXCHANGES = 1  # the flow being decided
WARM_AT_START_S = 60.0  # the most the start waits for the models to load before mitmproxy listens
OPEN_EXCHANGE_MAX_S = 300.0  # an exchange open longer than this (a stream, a lost hook) no longer counts


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


class GuardianAddon:
    """Decides every outgoing request: allow, rewrite in place, or block."""

    def __init__(self, pipeline: Pipeline | None = None) -> None:
        self.engine = Engine(pipeline)
        self.engine.idle = self.idle
        self.process = DecisionProcess()  # guardian_decision_process: decisions on another core
        self._running = False
        self.writer = RecordWriter()
        self.chat: ChatTurns | None = None  # the AI chats' conversations (guardian/addon/restore.py)
        self._open: dict[str, float] = {}  # flow id -> when its request arrived, until its response or error

    # -- what the engine holds (read by the other addons through guardian.addon.shared) ---------

    @property
    def pipeline(self) -> Pipeline | None:
        return self.engine.pipeline

    @property
    def rules(self) -> Rules | None:
        return self.engine.rules

    @property
    def settings(self) -> Settings:
        return self.engine.settings

    @property
    def decider(self) -> FlowDecider:
        return self.engine.decider

    @property
    def sessions(self) -> ProxySessions:
        return self.engine.sessions

    @property
    def process(self) -> DecisionProcess:
        return self._process

    @process.setter
    def process(self, process: DecisionProcess) -> None:  # a new one after a stop, a bench's stand-in
        self._process = self.engine.process = process

    @property
    def mode(self) -> str:
        return self.settings.mode

    @property
    def timeout(self) -> float:
        return self.settings.timeout

    def record_event(self, line: dict[str, Any]) -> None:
        """An audit line that is not a decision (ChatRestore's counts), by the same writer."""
        self.writer.write_event(line)

    async def shown(self, flow: http.HTTPFlow, values: Sequence[str]) -> None:
        """The literals of a script `flow`'s user loaded, taught to their session (`Engine.shown`)."""
        await self.engine.shown(user_key(flow, self.settings.users), values)

    def use_chat(self, turns: ChatTurns | None) -> None:
        """The AI-chat addon's turns, asked around every decision that may be a chat turn."""
        self.chat = turns

    def record(
        self, flow: http.HTTPFlow, line: dict[str, Any], *, message: bool = False, encoded: bytes | None = None
    ) -> dict[str, Any]:
        """Store a record's line on its flow and in the audit log (`RecordWriter.write_line`)."""
        return self.writer.write_line(flow, line, message=message, encoded=encoded)

    # -- options -------------------------------------------------------------------------------

    def load(self, loader: Any) -> None:
        declare_options(loader, DECISION_OPTIONS)

    def configure(self, updated: set[str]) -> None:
        from mitmproxy import ctx

        try:
            settings = Settings.from_options(ctx.options)
        except GuardianError as e:
            raise exceptions.OptionsError(str(e)) from e
        engine = self.engine
        rebuild = None  # the engine compares the pipeline's shape
        if engine.handed_in:  # a pipeline handed in (tests) is replaced only by this addon's own
            rebuild = bool((set(DECISION_OPTIONS) - _FLOW_OPTIONS) & updated)  # options, not another addon's
        before = engine.settings
        try:
            # The proxy's own models load now even with a decision process: it decides alone
            # until the process is ready (several seconds after the start), and after its death.
            rebuilt = engine.configure(settings, rebuild=rebuild, warm=True, check_sessions=self._check_users)
        except GuardianError as e:
            raise exceptions.OptionsError(str(e)) from e
        if rebuilt and engine.rules is not None:
            log.info("guardian: rules loaded from %s", engine.rules.source)
        if not self._running and not engine.wait_warm(WARM_AT_START_S):
            # at the start, before mitmproxy listens: no flow waits for a model load
            log.warning("guardian: the models were still loading after %.0f s; the first prompts wait for them", WARM_AT_START_S)
        self.writer.log_each_flow = getattr(ctx.options, "termlog_verbosity", "info") == "debug"
        if settings.audit_path != before.audit_path or (settings.audit_path and self.writer.audit is None):
            try:
                self.writer.replace_audit(AuditLog(settings.audit_path) if settings.audit_path else None)
            except OSError as e:
                raise exceptions.OptionsError(f"guardian_audit={settings.audit_path!r}: cannot open it: {e}") from e
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

    def session_for(self, flow: http.HTTPFlow) -> Session:
        """The session of the user whose flow this is (`guardian_users`)."""
        return self.sessions.get(user_key(flow, self.settings.users))

    async def session_of(self, flow: http.HTTPFlow) -> Session:
        """`session_for`, off the event loop when a shared store is read (`Engine.session_of`)."""
        return await self.engine.session_of(user_key(flow, self.settings.users))

    def running(self) -> None:
        heap.enable()  # the models and the pipeline are loaded: keep the collector off them
        share_the_gil()  # this process's pool runs NER beside mitmproxy's event loop (fallbacks, no decision process)
        self._running = True
        self._sync_process()

    def _sync_process(self) -> None:
        """Start or stop the decision process as the option says (only for an assembled pipeline)."""
        components = self.engine.components
        wanted = components is not None and wants_process(self.settings.decision_process)
        if wanted and self.process.settings is None:
            try:
                self.process.start(self.settings, components.hasher if components is not None else None)
            except Exception as e:  # noqa: BLE001 - without it the proxy decides in process, as with "off"
                log.warning("guardian: the decision process did not start (%s); deciding in the proxy", error_summary(e))
        elif not wanted and self.process.settings is not None:
            self.process.close()
            self.process = DecisionProcess()

    def done(self) -> None:
        self._running = False
        self.process.close()
        self.engine.close()  # the pool, the sessions' store (a few seconds at most), the components
        self.writer.replace_audit(None)  # flushes what is buffered

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
        """The pipeline in force, after picking up an edited rules file (`Engine.current`)."""
        return self.engine.current()

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
        """The decision for one request of `session`'s user with `pipeline` (`Engine.decide`); never raises."""
        return await self.engine.decide(request, session, chat, pipeline=pipeline)

    def enforce(self, flow: http.HTTPFlow, request: HttpRequest, decision: Decided) -> None:
        """Apply a decision to an HTTP request in enforce mode, and write its record."""

        def deny() -> dict[str, Any]:
            if is_preflight(flow.request.method, flow.request.headers):
                # never a 403 to a preflight: the page would see a network error, not the block
                flow.response = preflight_response(flow.request.headers)
                return {"preflight": "answered by the proxy"}
            flow.response = block_response(
                request.host, decision.reason, decision.line, html=wants_html(flow),
                request_headers=flow.request.headers,
            )
            return {}

        mode = self.mode
        # the record is made into its line once (`Decision.line`), for the block page and the log alike
        enforce_and_record(
            self, flow, decision.verdict, decision.rewrite,
            deny=deny,
            transform=lambda rewrite: apply_rewrite(flow.request, rewrite),
            line=lambda enforced, extra: flow_line(decision.line, id=flow.id, mode=mode, enforced=enforced, **extra),
            encoded=(lambda enforced: decision.audit_json(id=flow.id, mode=mode, enforced=enforced))
            if isinstance(decision, Received) else None,
        )
