"""The decision process: the same pipeline as the proxy's, on another CPU core.

mitmproxy runs every hook on one event loop in one Python process, so a decision made there
costs the proxy itself: on two cores, plain mitmdump already keeps one core busy and the
decision (about 0.5 ms of Python per request) came straight off its throughput. With
`guardian_decision_process` on, the addon starts this program once and sends it each request;
it decides with the pipeline built by the same `guardian.assemble` call from the same `Settings`
and answers with the `Decision` the in-process decider would have given (the same
`FlowDecider`: inline when cheap, its bounded pool when costly, the fail mode on error or
timeout). The proxy keeps enforcing, recording and everything else.

    proxy (mitmdump)                                  decision process (python -m guardian.worker)
    request hook ── Decide(rid, request, user, sync, chat) ──> FlowDecider.decide(pipeline, request, session, chat)
                 ── Resume(rid, partial, user, sync) ──> the pool: pipeline.resume(partial, session)
                 <───── Answer(rid, sent(Decision)) ──┘   rules file watched here too
    no answer yet (starting, died) ──> the proxy decides in process, as without this option

Each user's session (frame chains, identifiers seen earlier) is the proxy's; this process keeps a
copy of each, which the proxy brings up to date with the request (`guardian.session_sync`: the
whole session for a new copy, or what the proxy decided without this process since). Both apply
each decision's changes, so a decision made here and one made in the proxy after a fallback read
the same memory. The messages and their
frames are `guardian._wire`'s; the decisions are `guardian.decider`'s: neither (nor anything
this program imports) loads mitmproxy. The process ends when the proxy closes its end (or dies).
"""

from __future__ import annotations

import asyncio
import logging
import os
import pickle
import socket
import sys
from collections.abc import Coroutine
from typing import TYPE_CHECKING

from guardian import heap
from guardian.decider import Decision, share_the_gil
from guardian.engine import Engine
from guardian._wire import PROXY_PID_ENV, Answer, Configure, Decide, Declined, Failed, FrameLink, Message, Ready, Resume, sent
from guardian.policies.service import PolicyStore, swap_fetcher
from guardian.session_sync import SessionCopies
from guardian.user_rules import UserRules

if TYPE_CHECKING:
    from guardian.anonymize.operators.chat_pseudonym import ChatBook
    from guardian.assemble import Components
    from guardian.audit import ValueHasher
    from guardian.pipeline import Partial, Pipeline
    from guardian.records import HttpRequest
    from guardian.session import Session
    from guardian.session_sync import SyncMessage
    from guardian.settings import Settings

__all__ = ["serve", "main"]

log = logging.getLogger("guardian")

PR_SET_PDEATHSIG = 1  # prctl(2)
WARM_BEFORE_READY_S = 60.0  # the most a new process waits for its models before it says it is ready


class _Holder:
    """The engine of this process (`guardian.engine.Engine`: the pipeline rebuilt on new settings,
    swapped on an edited rules file), the policy store's fetcher and the copies of the proxy's sessions."""

    def __init__(self, sessions: SessionCopies | None = None) -> None:
        self.engine = Engine()
        self.fetching: PolicyStore | None = None  # the store whose background fetcher runs here
        self.sessions = sessions  # copies of the proxy's sessions (`guardian.session_sync`)

    @property
    def settings(self) -> Settings | None:
        return self.engine.settings if self.engine.pipeline is not None else None

    @property
    def components(self) -> Components | None:
        return self.engine.components

    @property
    def pipeline(self) -> Pipeline | None:
        return self.engine.pipeline

    def configure(self, settings: Settings, hasher: ValueHasher | None = None) -> None:
        """Build the pipeline for `settings`; `hasher` is the proxy's (one key for the records'
        hashes and the identifier swap in both processes, when no audit log fixes it)."""
        # the proxy sends settings only when its own pipeline was rebuilt (or to a new process)
        self.engine.configure(settings, rebuild=True, hasher=hasher, sessions=False)
        # new copies: the proxy sends each session whole (with its digest key) with its next request
        self.sessions = SessionCopies(
            max_sessions=settings.sessions_max, ttl_s=settings.session_ttl,
            rules_for=UserRules(settings.user_rules).for_user if settings.user_rules else None,
        )
        self._sync_fetcher()
        heap.freeze()

    def _sync_fetcher(self) -> None:
        store = self.components.policy_store if self.components is not None else None
        wanted = store if store is not None and self.settings is not None and self.settings.policy_fetch else None
        self.fetching = swap_fetcher(self.fetching, wanted)

    def session(self, user: str, sync: SyncMessage | None, learned: dict[tuple[str, str], bool] | None = None) -> Session:
        """The copy of `user`'s session, brought up to the proxy's first, and what the proxy's
        users taught (`learned`, when it changed): `SessionCopies.copy_of`."""
        assert self.sessions is not None
        return self.sessions.copy_of(user, sync, learned)

    def current(self) -> Pipeline:
        pipeline = self.engine.current()
        assert pipeline is not None  # decisions come after settings
        return pipeline

    def close(self) -> None:
        self.fetching = swap_fetcher(self.fetching, None)
        self.engine.close()


class _Server:
    """One proxy's link: its messages answered with the holder's pipeline and the shared decider."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.holder = _Holder()
        self.decider = self.holder.engine.decider  # the engine's: inline when cheap, its pool when costly
        self.tasks: set[asyncio.Task[None]] = set()
        self.closed: asyncio.Future[str] = loop.create_future()
        self.link = FrameLink(self.on_message, self.on_lost)

    def on_message(self, message: Message) -> None:
        try:
            if isinstance(message, Decide):
                self.decide(message)
            elif isinstance(message, Resume):
                self.resume(message)
            elif isinstance(message, Configure):
                self.configure(message)
        except ConnectionError:  # the proxy is gone; connection_lost ends the loop
            pass

    def on_lost(self, why: str) -> None:
        if not self.closed.done():
            self.closed.set_result(why)

    def configure(self, message: Configure) -> None:
        try:
            self.holder.configure(message.settings, message.hasher)
        except Exception as e:  # noqa: BLE001 - the proxy decides in process and says why
            log.error("guardian: the decision process cannot build its pipeline: %s", e)
            self.link.send(Failed(f"{type(e).__name__}: {e}"))
            self.link.close()
            return
        if not self.holder.engine.wait_warm(WARM_BEFORE_READY_S):  # until then the proxy decides alone, warm
            log.warning("guardian: the decision process's models were still loading after %.0f s", WARM_BEFORE_READY_S)
        heap.enable()
        self.link.send(Ready(os.getpid()))

    def decide(self, message: Decide) -> None:
        ready = self.prepared(message.rid, message.user, message.sync, message.learned)
        if ready is None:
            return
        pipeline, session = ready
        rid, request, fail, chat = message.rid, message.request, message.fail, message.chat
        decision = self.decider.decide_inline(pipeline, request, session, fail=fail, chat=chat)
        if isinstance(decision, Decision):  # cheap: answered now, from this callback
            self.reply(rid, decision)
            return
        self.start(self.pooled(rid, pipeline, request, session, fail, message.timeout, decision, chat))

    def resume(self, message: Resume) -> None:
        """What the proxy's fast path began, finished in the pool from its costly stage on."""
        ready = self.prepared(message.rid, message.user, message.sync, message.learned)
        if ready is None:
            return
        pipeline, session = ready
        partial = message.partial
        self.start(self.pooled(message.rid, pipeline, partial.state.request, session, message.fail, message.timeout, partial, None))

    def prepared(
        self, rid: int, user: str, sync: tuple[str, object] | None, learned: dict[tuple[str, str], bool] | None
    ) -> tuple[Pipeline, Session] | None:
        """The pipeline in force and `user`'s synced copy for a decision; None when it was declined."""
        if self.holder.pipeline is None:  # not built: the proxy decides this one
            self.link.send(Declined(rid))
            return None
        session = self.holder.session(user, sync, learned)  # before any decline: the proxy counts it sent
        try:
            return self.holder.current(), session  # a rules reload may build a new pipeline here
        except Exception as e:  # noqa: BLE001 - the proxy decides it; the link stays up
            log.error("guardian: no pipeline for a decision (%s); the proxy decides it", type(e).__name__)
            self.link.send(Declined(rid))
            return None

    def start(self, work: Coroutine[None, None, None]) -> None:
        task = self.loop.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def pooled(
        self, rid: int, pipeline: Pipeline, request: HttpRequest, session: Session, fail: str, timeout: float,
        partial: Partial | None, chat: ChatBook | None,
    ) -> None:
        decision = await self.decider.decide_pooled(pipeline, request, session, fail=fail, timeout=timeout, partial=partial, chat=chat)
        try:
            self.reply(rid, decision)
        except ConnectionError:  # the proxy is gone; the loop ends with the link
            pass

    def reply(self, rid: int, decision: Decision) -> None:
        try:
            self.link.send(Answer(rid, sent(decision)))
        except (pickle.PicklingError, TypeError, ValueError, AttributeError) as e:  # the proxy decides it instead
            log.error("guardian: a decision could not be sent back (%s); the proxy decides it", type(e).__name__)
            self.link.send(Declined(rid))

    def close(self) -> None:
        self.holder.close()  # the engine: its decider, its components
        self.link.close()


async def serve(sock: socket.socket) -> None:
    """Answer the proxy's messages on `sock` until it closes its end."""
    loop = asyncio.get_running_loop()
    server = _Server(loop)
    await loop.create_unix_connection(lambda: server.link, sock=sock)
    try:
        await server.closed
    finally:
        server.close()


def _end_with_parent() -> None:
    """On Linux, have the kernel end this process when the proxy dies, even while the pipeline is
    still being built (the socket's end-of-stream is read only once it is)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes
    import signal

    parent = int(os.environ.get(PROXY_PID_ENV, "0") or 0)
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        return
    if parent and os.getppid() != parent:  # the proxy died before the request took effect
        sys.exit(0)


def main(argv: list[str] | None = None) -> int:
    """`python -m guardian.worker FD`: serve the proxy on the inherited socket FD."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or not args[0].isdigit():
        print("usage: python -m guardian.worker FD (started by the proxy, not by hand)", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="guardian-decisions[%(process)d]: %(message)s", stream=sys.stderr)
    _end_with_parent()
    share_the_gil()  # NER in the pool beside the loop's inline decisions
    sock = socket.socket(fileno=int(args[0]))
    try:
        asyncio.run(serve(sock))
    except KeyboardInterrupt:  # the proxy's Ctrl-C reaches its whole process group
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
