"""One way for every hook to get a decision: inline when cheap, in a bounded pool when costly.

    request ──decide_fast (event loop, ~0.5 ms)──> Decision                        cheap: most traffic
        └── SlowPathNeeded(partial) ──> pool: resume from that stage (NER, LLM)   costly
                                        (or the decision process's pool: the proxy sends the Partial)
        └── body > INLINE_MAX_BODY ──> pool: decide
               └── pool full ──> the fail mode, for this request alone
    any error or timeout ──> the fail mode (guardian_fail: closed blocks, open passes)

Cheap decisions never wait behind costly ones: they do not enter the pool at all. The pool holds
at most `workers + queue_limit` costly requests (running or waiting); one more gets the fail
mode at once instead of a place in a queue that would outlast its timeout. A slot is freed when
its work ends, not when a caller gives up waiting, so the bound holds under timeouts too.

The proxy's hooks (`guardian.addon`) and the decision process (`guardian.worker`) use the same
decider; it imports no mitmproxy, so the decision process never loads the proxy.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import sys
import threading
import traceback
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Protocol

from guardian.anonymize.operators.chat_pseudonym import ChatBook
from guardian.decision_record import failure_record
from guardian.errors import SlowPathNeeded
from guardian._wire import Received
from guardian.pipeline import Decision, Partial
from guardian.records import HttpRequest, Verdict
from guardian.session import Session

__all__ = ["FlowDecider", "Decision", "Decided", "Decides", "INLINE_MAX_BODY", "error_summary"]

log = logging.getLogger("guardian")

# A decision as the proxy enforces it: made in this process, or received from the decision process.
Decided = Decision | Received

INLINE_MAX_BODY = 64 * 1024  # a larger body is decoded in the pool, never on the event loop
DEFAULT_QUEUE_LIMIT = 32  # costly requests waiting beyond the running ones
# How long a busy Python thread keeps the GIL from one that asks for it (Python's default: 5 ms).
# spaCy 3.8's compiled parser (NER) takes the GIL back thousands of times per text (Cython 3's
# exception check after each C call that returns -1), so with the event loop deciding cheap
# requests back to back, one 100-word NER call waited 5 ms each time: 78 s instead of 17 ms. At
# 0.1 ms it takes about as long as alone, and the loop keeps ~75% of its pace meanwhile
# (lab/bench/gil_bench.py). With no thread waiting, the interval costs nothing.
GIL_SWITCH_S = 0.0001


def share_the_gil() -> None:
    """Set the process's GIL switch interval for a pool that runs NER beside a busy event loop
    (the proxy, the decision process): see GIL_SWITCH_S."""
    sys.setswitchinterval(GIL_SWITCH_S)


class Decides(Protocol):
    """What the decider needs of a pipeline (`guardian.pipeline.Pipeline`)."""

    def decide(self, request: HttpRequest, session: Session | None = None, chat: ChatBook | None = None) -> Decision: ...

    def decide_fast(self, request: HttpRequest, session: Session | None = None, chat: ChatBook | None = None) -> Decision: ...

    def resume(self, partial: Partial, session: Session | None = None) -> Decision: ...


def error_summary(exc: BaseException) -> dict[str, str]:
    """Where an error happened, without its message: messages may quote request data."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = next((f for f in reversed(frames) if "/guardian/" in f.filename.replace("\\", "/")), None)
    where = where or (frames[-1] if frames else None)
    loc = f"{os.path.basename(where.filename)}:{where.name}:{where.lineno}" if where else "unknown"
    return {"type": type(exc).__name__, "where": loc}


class FlowDecider:
    """Runs the pipeline for hooks: inline for cheap requests, a bounded pool for costly ones."""

    def __init__(self, *, workers: int | None = None, queue_limit: int = DEFAULT_QUEUE_LIMIT) -> None:
        self.workers = workers or max(2, os.cpu_count() or 2)
        self.capacity = self.workers + queue_limit
        self._pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="guardian")
        self._lock = threading.Lock()
        self._in_pool = 0

    @property
    def in_pool(self) -> int:
        """Costly requests running or waiting now."""
        return self._in_pool

    async def decide(
        self, pipeline: Decides, request: HttpRequest, session: Session | None = None, *, fail: str, timeout: float,
        chat: ChatBook | None = None,
    ) -> Decision:
        """The decision for one request, in `session` (None: a session for this request alone),
        whose changes it applies, and in the AI conversation `chat` when it may be one; never
        raises (failures become the fail mode)."""
        decision = self.decide_inline(pipeline, request, session, fail=fail, chat=chat)
        if isinstance(decision, Decision):
            return decision
        return await self.decide_pooled(pipeline, request, session, fail=fail, timeout=timeout, partial=decision, chat=chat)

    def decide_inline(
        self, pipeline: Decides, request: HttpRequest, session: Session | None = None, *, fail: str,
        chat: ChatBook | None = None,
    ) -> Decision | Partial | None:
        """The decision when it is cheap (made here, now); else what `decide_pooled` finishes: the
        decision so far (a `Partial`, resumed at its first costly stage), or None (decided there)."""
        if len(request.body) > INLINE_MAX_BODY:
            return None
        try:
            return _decision(pipeline.decide_fast(request, session, chat), "inline", session)
        except SlowPathNeeded as slow:
            return slow.partial if isinstance(slow.partial, Partial) else None
        except Exception as e:  # noqa: BLE001 - any failure must become the configured fail mode
            return self.failure(request, fail, "the privacy pipeline failed", error_summary(e))

    async def decide_pooled(
        self, pipeline: Decides, request: HttpRequest, session: Session | None = None, *, fail: str, timeout: float,
        partial: Partial | None = None, chat: ChatBook | None = None,
    ) -> Decision:
        """The decision made in the bounded pool (the slow path: NER, the LLM): `partial` resumed
        (it has its `chat` already; one from the proxy goes on in `session`, this process's copy),
        or the whole decision; never raises."""
        try:
            future = self._submit(pipeline, request, session, partial, chat)
            if future is None:
                what = f"the privacy pipeline is overloaded ({self.capacity} costly requests in progress)"
                return self.failure(request, fail, what, {"overload": True})
            outcome = await asyncio.wait_for(asyncio.wrap_future(future), timeout=timeout)
            return _decision(outcome, "pool", session)
        except (asyncio.TimeoutError, TimeoutError):
            return self.failure(request, fail, f"no decision within {timeout:g}s", {"timeout": True})
        except Exception as e:  # noqa: BLE001 - any failure must become the configured fail mode
            return self.failure(request, fail, "the privacy pipeline failed", error_summary(e))

    def _submit(
        self, pipeline: Decides, request: HttpRequest, session: Session | None, partial: Partial | None,
        chat: ChatBook | None = None,
    ) -> Future[Decision] | None:
        with self._lock:
            if self._in_pool >= self.capacity:
                return None
            self._in_pool += 1
        try:
            if partial is not None:
                future = self._pool.submit(pipeline.resume, partial, session)
            else:
                future = self._pool.submit(pipeline.decide, request, session, chat)
        except RuntimeError:  # shut down
            self._release(None)
            raise
        future.add_done_callback(self._release)
        return future

    def _release(self, _: object) -> None:
        with self._lock:
            self._in_pool -= 1

    @staticmethod
    def failure(request: HttpRequest, fail: str, what: str, error: dict[str, object]) -> Decision:
        """The fail mode's decision: closed denies, open allows; the record says why."""
        verdict = Verdict.DENY if fail == "closed" else Verdict.ALLOW
        reason = f"{what}; guardian_fail={fail}"
        log.warning("guardian: %s for %s %s (%s)", what, request.method, request.host, error)
        return Decision(verdict, failure_record(request, verdict, reason, error), reason, None, path="failed")

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _decision(outcome: Decision, path: str, session: Session | None) -> Decision:
    """The hook's decision; what the outcome taught `session` is applied here, the one place a
    decision changes a session (a timed-out decision's changes are dropped with it)."""
    if session is not None and outcome.changes:
        session.apply(outcome.changes)
    return outcome if outcome.path == path else dataclasses.replace(outcome, path=path)
