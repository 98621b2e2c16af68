"""The proxy's end of the decision process (`guardian.worker`): start it, ask it, fall back.

`guardian_decision_process` (auto | on | off; auto is on with two or more CPUs) moves the
decisions of HTTP requests, uploads and WebSocket messages to one child process, so that they
run on another core than mitmproxy's event loop. The proxy's part of a decision is then a pickle
each way, about a tenth of deciding in process. (An idle proxy still decides cheap requests
itself: `GuardianAddon.idle`.)

Nothing depends on the child being there. Until it says it is ready, after it dies, or when it
declines a request, `decide` returns None and the caller decides in process with its own
pipeline, built from the same settings: the decisions are the same, only the core differs. A
child that dies is started again after a pause that doubles each time (5 s up to 5 min). A child
that does not answer within the flow's timeout (plus a margin for the trip) gets the fail mode
for that request, as a stuck in-process decision would.
"""

from __future__ import annotations

import asyncio
import enum
import itertools
import logging
import os
import pickle
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from guardian._wire import (
    PROXY_PID_ENV, Answer, Configure, Decide, Declined, Failed, FrameLink, Message, Ready, Received, Resume, encode_frame,
    received,
)
from guardian.decider import FlowDecider, Decided
from guardian.session import NO_CHANGES

if TYPE_CHECKING:
    from guardian.anonymize.operators.chat_pseudonym import ChatBook
    from guardian.audit import ValueHasher
    from guardian.records import HttpRequest
    from guardian.session import Session
    from guardian.session_sync import ProxySessions
    from guardian.settings import Settings
    from guardian.stages.flow import Partial

__all__ = ["DecisionProcess", "wants_process", "ANSWER_MARGIN_S"]

log = logging.getLogger("guardian")

ANSWER_MARGIN_S = 2.0  # beyond guardian_timeout: the child applies the timeout itself, this is the trip
RESTART_FIRST_S = 5.0
RESTART_MAX_S = 300.0
STOP_WAIT_S = 5.0
SWEEP_S = 0.25  # how often overdue answers are looked for (a child that stopped answering)
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])  # the folder holding `guardian/`


class _Unanswered(enum.Enum):
    """What a waiting request gets instead of an answer."""

    DECLINED = "declined"  # the child declined it, or is gone: decided in process
    OVERDUE = "overdue"  # the child did not answer within the timeout: the fail mode


def wants_process(setting: str, cpus: int | None = None) -> bool:
    """Whether `guardian_decision_process` asks for the child on this machine."""
    if setting == "auto":
        return (cpus if cpus is not None else (os.cpu_count() or 1)) >= 2
    return setting == "on"


class DecisionProcess:
    """One child process that decides requests with the proxy's settings."""

    def __init__(self) -> None:
        self.settings: Settings | None = None
        self.hasher: ValueHasher | None = None  # the proxy's, handed to every child
        self._proc: subprocess.Popen[bytes] | None = None
        self._sock: socket.socket | None = None  # the proxy's end, until the reader takes it
        self._link: FrameLink | None = None
        self._connecting: asyncio.Task[None] | None = None
        self._pending: dict[int, asyncio.Future[Received | _Unanswered]] = {}
        self._deadlines: dict[int, float] = {}  # request id -> when (loop time) its answer is overdue
        self._sweeping: asyncio.TimerHandle | None = None  # the next `_sweep`, while any request waits
        self._sweep_loop: asyncio.AbstractEventLoop | None = None
        self._ids = itertools.count(1)
        self._ready = False
        self._restart_at = 0.0
        self._restart_pause = RESTART_FIRST_S
        self.started = 0  # children started so far (the first one included)
        self.copies = 0  # the child's session copies: a new number at each start and new settings
        self._learnt_sent: tuple[int, int] | None = None  # (copies, learner version) the child has

    @property
    def ready(self) -> bool:
        return self._ready

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    @property
    def pending(self) -> int:
        """Requests sent to the child and not answered yet (read by the metrics addon)."""
        return len(self._pending)

    @property
    def restarts(self) -> int:
        """Children started again after the first (after a death or a failed take-up)."""
        return max(0, self.started - 1)

    # -- lifetime --------------------------------------------------------------------------------

    def start(self, settings: Settings, hasher: ValueHasher | None = None) -> None:
        """Start the child for these settings (no-op when one runs); it builds its pipeline meanwhile.
        With the proxy's `hasher` the child rewrites an identifier to the value the proxy would
        (and a restarted child to the same one as before), even without an audit log's key file."""
        self.settings = settings
        if hasher is not None:
            self.hasher = hasher
        if self._proc is not None and self._proc.poll() is None:
            return
        parent, child = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        env = dict(os.environ)
        env[PROXY_PID_ENV] = str(os.getpid())
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH", "")) if p)
        try:
            self._proc = subprocess.Popen(
                [sys.executable, "-m", "guardian.worker", str(child.fileno())],
                pass_fds=(child.fileno(),), stdin=subprocess.DEVNULL, env=env, cwd=_PACKAGE_ROOT,
            )
        except OSError as e:
            parent.close()
            log.warning("guardian: cannot start the decision process (%s); deciding in the proxy", e)
            self._pause()
            return
        finally:
            child.close()
        try:  # the settings first, so the child builds its pipeline now, not at the first request
            parent.sendall(encode_frame(Configure(settings, self.hasher)))
        except OSError as e:
            parent.close()
            self._proc.kill()
            self._proc.wait()
            self._proc = None
            log.warning("guardian: cannot reach the decision process (%s); deciding in the proxy", e)
            self._pause()
            return
        self._sock = parent
        self.started += 1
        self.copies += 1
        log.info("guardian: decision process %d starting", self._proc.pid)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not on the proxy's loop: the first request connects
            return
        self._connecting = loop.create_task(self._connect())
        self._connecting.add_done_callback(_report_connect_error)

    def configure(self, settings: Settings, hasher: ValueHasher | None = None) -> None:
        """New settings: the child rebuilds its pipeline (requests wait for that, in order)."""
        self.settings = settings
        if hasher is not None:
            self.hasher = hasher
        message = Configure(settings, self.hasher)
        self.copies += 1  # the child starts its copies of the sessions anew
        try:
            if self._link is not None:
                self._link.send(message)
            elif self._sock is not None:  # started, not yet taken up by the loop
                self._sock.sendall(encode_frame(message))
        except (OSError, ConnectionError) as e:  # the link notices the death; the restart sends these
            log.warning("guardian: cannot send new settings to the decision process (%s)", e)

    def close(self) -> None:
        """Stop the child (it keeps nothing that a stop could lose: the proxy writes the records)."""
        self._ready = False
        link, self._link = self._link, None
        if link is not None:
            link.on_lost = _ignore
            link.close()
        if self._sock is not None:
            self._sock.close()
            self._sock = None
        self._release_pending()
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=STOP_WAIT_S)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=STOP_WAIT_S)

    # -- deciding --------------------------------------------------------------------------------

    async def decide(
        self, request: HttpRequest, session: Session, sessions: ProxySessions, *, fail: str, timeout: float,
        chat: ChatBook | None = None, partial: Partial | None = None,
    ) -> Decided | None:
        """The child's decision in its copy of `session`, one of the proxy's `sessions` (and the
        AI conversation `chat`, sent with the request: the proxy keeps the conversations); None
        when the caller must decide in process (not ready, gone). The copy gets what the proxy's
        session learnt without it first (`ProxySessions.sync_message`), and the proxy's session
        what the child's decision taught (`ProxySessions.learnt_in_copy`). `partial`: what this
        process's fast path began with `session` and stopped before a costly stage; the child
        finishes it from there (`Resume`), or decides the request whole when it cannot cross."""
        link = self._link
        if not self._ready or link is None:
            await self._connect()
            return None
        rid = next(self._ids)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Received | _Unanswered] = loop.create_future()
        copy = self.copies
        learner, learned = sessions.learner, None
        version = (copy, learner.version)
        if version != self._learnt_sent:  # what the users taught, when it changed
            learned = learner.learnt()
        message = Decide(rid, request, fail, timeout, session.user, sessions.sync_message(session, copy), learned, chat)
        try:
            if partial is None or not _sent_as_resume(link, message, partial):
                link.send(message)
        except (ValueError, ConnectionError):  # over the frame limit, a closed link
            return None
        sessions.synced(session, copy)
        if learned is not None:
            self._learnt_sent = version
        self._pending[rid] = future
        # the child applies the timeout itself; this one covers a child that stopped answering
        self._deadlines[rid] = loop.time() + timeout + ANSWER_MARGIN_S
        if self._sweeping is None or self._sweep_loop is not loop:  # (a test may run several loops)
            self._sweeping, self._sweep_loop = loop.call_later(SWEEP_S, self._sweep), loop
        try:
            answer = await future
        finally:
            self._pending.pop(rid, None)
            self._deadlines.pop(rid, None)
        if answer is _Unanswered.OVERDUE:
            return FlowDecider.failure(request, fail, f"no decision from the decision process within {timeout:g}s", {"timeout": True})
        if answer is _Unanswered.DECLINED:
            return None
        sessions.learnt_in_copy(session, answer.changes)  # the child applied them to its copy: both stay equal
        return answer

    async def _connect(self) -> None:
        """Take up the started child's socket on this loop; start a child again after a death."""
        if self._sock is None and self._link is None and self.settings is not None:
            if time.monotonic() < self._restart_at:
                return
            self.start(self.settings)  # with the hasher kept from the first start
        if self._sock is None or self._link is not None:
            return
        sock, self._sock = self._sock, None
        link = FrameLink(self._on_message, self._lost)
        self._link = link
        try:
            await asyncio.get_running_loop().create_unix_connection(lambda: link, sock=sock)
        except OSError as e:  # the child is stopped and started again after the pause, like a dead one
            sock.close()
            self._lost(f"cannot take up its socket: {type(e).__name__}")

    def _on_message(self, message: Message) -> None:
        if isinstance(message, (Answer, Declined)):
            future = self._pending.get(message.rid)
            if future is not None and not future.done():
                future.set_result(received(message.decision, NO_CHANGES) if isinstance(message, Answer) else _Unanswered.DECLINED)
        elif isinstance(message, Ready):
            self._ready = True
            self._restart_pause = RESTART_FIRST_S
            log.info("guardian: decision process %s ready", message.pid)
        elif isinstance(message, Failed):
            log.warning("guardian: the decision process could not start: %s", message.why)

    def _lost(self, why: str) -> None:
        self._ready = False
        self._link = None
        self._release_pending()
        if self._proc is not None:
            if self._proc.poll() is None:
                self._proc.kill()
            self._proc.wait()
            self._proc = None
        log.warning("guardian: decision process stopped (%s); deciding in the proxy, new try in %.0fs", why, self._restart_pause)
        self._pause()

    def _pause(self) -> None:
        """No new child before the pause is over; the next pause is twice as long (at most 5 min)."""
        self._restart_at = time.monotonic() + self._restart_pause
        self._restart_pause = min(RESTART_MAX_S, self._restart_pause * 2)

    def _sweep(self) -> None:
        """Give the fail mode to the requests whose answer is overdue. One timer for all of them,
        every `SWEEP_S` while any waits, rather than a timer per request: each cost the proxy's
        event loop a handle made, pushed and cancelled (about 4 us a request at C=8)."""
        self._sweeping = None
        if not self._deadlines:
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        for rid in [rid for rid, deadline in self._deadlines.items() if deadline <= now]:
            del self._deadlines[rid]
            future = self._pending.get(rid)
            if future is not None and not future.done():
                future.set_result(_Unanswered.OVERDUE)
        if self._deadlines:
            self._sweeping = loop.call_later(SWEEP_S, self._sweep)

    def _release_pending(self) -> None:
        """Waiting requests are decided in process instead."""
        for future in self._pending.values():
            if not future.done():
                future.set_result(_Unanswered.DECLINED)
        self._pending.clear()
        self._deadlines.clear()
        if self._sweeping is not None:
            self._sweeping.cancel()
            self._sweeping = None


def _sent_as_resume(link: FrameLink, message: Decide, partial: Partial) -> bool:
    """`message`'s request sent as the `partial` decision the proxy began, for the child to finish
    from its costly stage; False when the partial cannot cross (a value in its state that does not
    pickle, or a frame over the limit): the request then goes whole."""
    try:
        link.send(Resume(message.rid, partial, message.fail, message.timeout, message.user, message.sync, message.learned))
    except (pickle.PicklingError, TypeError, AttributeError, ValueError) as e:
        log.debug("guardian: a decision begun here cannot cross (%s); the decision process decides it whole", type(e).__name__)
        return False
    return True


def _report_connect_error(task: asyncio.Task[None]) -> None:
    """A failed take-up of the child's socket is logged (the next request tries again), never left
    as an unretrieved task exception."""
    if not task.cancelled() and task.exception() is not None:
        log.warning("guardian: cannot connect to the decision process (%s); deciding in the proxy",
                    type(task.exception()).__name__)


def _ignore(_: str) -> None:
    """A link closed on purpose reports nothing."""
