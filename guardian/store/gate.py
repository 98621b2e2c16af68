"""Store reads with a deadline, on threads of the store's own, and the store's health as every
call found it: a slow, frozen or unreachable database costs a flow a few hundred milliseconds
at most, once, and then nothing until it answers again.

    StoreGate (one per store: `Store.gate`; `Store.call` is the way in)
      ├── call(fn)             fn() on the gate's threads; past the deadline `StoreTimeout`, and
      │                        the caller answers from memory; while the store is bad one call at
      │                        a time finds out and the others are told at once
      ├── start(fn)            fn() on the gate's threads, not waited for (a warm-up)
      ├── probe                while the store is bad and no call finds out, a cheap read every
      │                        PROBE_S, so its state comes back without a flow's read
      ├── ran(s) / failed(e)   what a call found (the backends report every call, the write
      │                        queues' included): the state, one log line per outage and one back;
      │                        reads and writes are told apart (a SQLite file locked by another
      │                        process still serves reads), and it is well when both are
      ├── watch(queue)         a `WriteQueue` of this store: woken when the store is back; its
      │                        depth, retries and drops for /metrics and the recovery line
      └── state                ok | degraded (slow or frozen: no answer in time) | down (unreachable)
    off_loop(fn, *args)        a blocking call whose store reads are gated, from a coroutine, on
                               the store layer's threads (never asyncio's default pool, which the
                               proxy's name lookups need)
    gates()                    the live gates, for /metrics

The deadline here bounds how long a caller waits; the backends bound how long a call may hold a
thread (`PostgresStore.call_timeout_s`, SQLite's busy timeout), so a frozen database cannot
keep the gate's threads for ever either. Log lines name the component and the store (a path, or
the URL without its password), never a value.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
import weakref
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from guardian.store.errors import StoreError, StoreTimeout, StoreUnavailable

if TYPE_CHECKING:
    from guardian.store.writeback import WriteQueue

__all__ = [
    "StoreGate", "GateState", "off_loop", "gates", "OK", "DEGRADED", "DOWN", "STATES",
    "READ_DEADLINE_S", "WORKERS", "PROBE_S", "CALLER_THREADS",
]

log = logging.getLogger("guardian")

T = TypeVar("T")

OK, DEGRADED, DOWN = "ok", "degraded", "down"
STATES = (OK, DEGRADED, DOWN)
READS, WRITES = "reads", "writes"
# A read of a user's rows takes a few milliseconds on a healthy database, a whole decision some
# tens of milliseconds; past this the flow decides from memory.
READ_DEADLINE_S = 0.3
WORKERS = 4  # threads per store; a frozen database holds one at a time (the others are told at once)
PROBE_S = 2.0  # while a store is bad, how often its gate asks it whether it is back (when no call does)
CALLER_THREADS = 8  # off_loop's threads: each call in them returns within a read deadline

_GATES: weakref.WeakSet[StoreGate] = weakref.WeakSet()
_callers: ThreadPoolExecutor | None = None
_callers_lock = threading.Lock()


@dataclass(frozen=True)
class GateState:
    """One store's health and its write queues, as /metrics shows them."""

    component: str
    state: str
    queued: int  # writes waiting now
    retries: int  # write tries that met an unavailable store
    dropped: int  # writes given up: the queue was full, the database refused them, or closed
    from_memory: int  # reads answered with what memory holds (past the deadline, or the store bad)


class StoreGate:
    """The calls to one store: its own threads, a deadline per read, its health."""

    def __init__(self, name: str, *, component: str = "store", deadline_s: float = READ_DEADLINE_S,
                 workers: int = WORKERS, probe: Callable[[], object] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, not {workers}")
        self.name = name
        self.component = component
        self.deadline_s = deadline_s
        self.workers = workers
        self.state = OK
        self.closed = False
        self.timeouts = 0  # reads past their deadline
        self.failures = 0  # calls that found the store unavailable
        self.from_memory = 0
        self._probe = probe  # a cheap read (SELECT 1): the state comes back to ok without a flow's read
        self._probing = False
        self._clock = clock
        self._lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None
        self._in_flight = 0
        self._bad: set[str] = set()  # READS, WRITES: what the last calls of each kind could not do
        self._queues: weakref.WeakSet[WriteQueue] = weakref.WeakSet()
        # the outage now, if any: since when, why, and the counts when it began
        self._since = 0.0
        self._outage_reads = 0
        self._outage_start: tuple[int, int] = (0, 0)  # (writes queued, dropped) when it began
        _GATES.add(self)

    # -- calls ---------------------------------------------------------------------------------

    def call(self, fn: Callable[[], T], *, deadline: float | None = None) -> T:
        """`fn()` on the gate's threads, within `deadline` seconds (the gate's by default); past it
        `StoreTimeout`, and at once while the store is bad and another call is already finding
        out. The caller then answers from memory. `fn`'s own errors are raised as they are."""
        wait = self.deadline_s if deadline is None else deadline
        with self._lock:
            # while the store is bad one call at a time finds out; and never queue behind threads
            # that all wait on the database
            if READS in self._bad and self._in_flight:
                self._from_memory_locked()
                raise StoreTimeout(f"{self.name} is not answering; another read is finding out whether it is back")
            if self._in_flight >= self.workers:
                self._from_memory_locked()
                raise StoreTimeout(f"{self.name}: every thread of it waits on the database")
            self._in_flight += 1
            pool = self._executor_locked()
        future: Future[T] = self._submit(pool, fn)
        try:
            return future.result(timeout=wait)
        except FutureTimeout:
            if future.cancel():  # never started: it holds no thread
                self._done()
            self._late(wait)
            raise StoreTimeout(f"{self.name}: no answer within {wait:g}s") from None
        except StoreUnavailable:
            with self._lock:
                self._from_memory_locked()
            raise

    def start(self, fn: Callable[[], object]) -> None:
        """`fn()` on the gate's threads, not waited for; its errors are reported by the backend
        (a failed warm-up changes nothing but the state)."""
        with self._lock:
            if self._in_flight >= self.workers:
                return
            self._in_flight += 1
            pool = self._executor_locked()

        try:
            self._submit(pool, self._quiet(fn))
        except StoreUnavailable:
            pass

    def _quiet(self, fn: Callable[[], object]) -> Callable[[], None]:
        def quiet() -> None:
            try:
                fn()
            except Exception as e:  # noqa: BLE001 - a warm-up or a probe: the next call tries again
                log.debug("guardian: store %s: %s", self.name, type(e).__name__)

        return quiet

    def _submit(self, pool: ThreadPoolExecutor, fn: Callable[[], T]) -> Future[T]:
        try:
            return pool.submit(self._run, fn)
        except RuntimeError:  # closed meanwhile
            self._done()
            raise StoreUnavailable(f"{self.name} is closed") from None

    def _run(self, fn: Callable[[], T]) -> T:
        try:
            return fn()
        finally:
            self._done()

    @property
    def in_flight(self) -> int:
        """Calls on the gate's threads now (a stuck one counts until its backend's bound ends it)."""
        return self._in_flight

    def _done(self) -> None:
        with self._lock:
            self._in_flight -= 1

    def _executor_locked(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix=f"guardian-store-{self.component}")
        self.closed = False
        return self._pool

    def _from_memory_locked(self) -> None:
        self.from_memory += 1
        if self._bad:
            self._outage_reads += 1

    # -- health --------------------------------------------------------------------------------

    def ran(self, seconds: float, *, write: bool = False) -> None:
        """A call came back from the database after `seconds` (`write`: a transaction). A prompt
        answer (within the deadline) says reads are served again, a write that got through says
        writes are; the store is well when both are."""
        if self.state == OK:
            return
        prompt = seconds <= self.deadline_s
        with self._lock:
            if not self._bad:
                return
            if write:
                self._bad.discard(WRITES)
            if prompt:
                self._bad.discard(READS)
            back = not self._bad
            if back:
                self.state = OK
                took = self._clock() - self._since
                reads = self._outage_reads
                queued, dropped = self._queue_totals()
                puts0, dropped0 = self._outage_start
            queues = list(self._queues)
        if back:
            waiting = sum(len(q) for q in queues)
            log.warning(
                "guardian: store %s (%s) answers again after %.1fs: %d reads were answered from memory, %d writes "
                "queued (%d waiting, now being written), %d dropped",
                self.component, self.name, took, reads, queued - puts0, waiting, dropped - dropped0,
            )
        if back or prompt:  # reads are answered: the writes may go through too, try them now
            for q in queues:
                q.wake()

    def failed(self, err: StoreError, *, write: bool = False) -> None:
        """A call found the store unavailable (`StoreTimeout`: it did not answer in time)."""
        self._bad_news(WRITES if write else READS, DEGRADED if isinstance(err, StoreTimeout) else DOWN,
                       f"is unavailable ({_cause(err)})", failure=True)

    def _late(self, seconds: float) -> None:
        self._bad_news(READS, DEGRADED, f"did not answer within {seconds:.2f}s (slow or frozen)", late=True)

    def _bad_news(self, what: str, state: str, why: str, *, failure: bool = False, late: bool = False) -> None:
        with self._lock:
            self.failures += int(failure)
            self.timeouts += int(late)
            first = not self._bad
            if first:
                self._begin_outage_locked()
            self._bad.add(what)
            self.state = state
            if late:
                self._from_memory_locked()
        if first:
            log.warning(
                "guardian: store %s (%s) %s; deciding from memory and queueing writes until it answers",
                self.component, self.name, why,
            )
            self._start_prober()

    def _start_prober(self) -> None:
        with self._lock:
            if self._probe is None or self._probing or self.closed:
                return
            self._probing = True
        threading.Thread(target=self._prober, name=f"guardian-store-probe-{self.component}", daemon=True).start()

    def _prober(self) -> None:
        """Until the store is well (or closed): every PROBE_S, when no call is out, one probe on the
        gate's threads, not waited for; what it finds, the backend reports."""
        assert self._probe is not None
        while True:
            time.sleep(PROBE_S)
            with self._lock:
                if not self._bad or self.closed:
                    self._probing = False
                    return
                if self._in_flight:  # a call is finding out already
                    continue
                self._in_flight += 1
                pool = self._executor_locked()
            try:
                self._submit(pool, self._quiet(self._probe))
            except StoreUnavailable:
                pass

    def _begin_outage_locked(self) -> None:
        self._since = self._clock()
        self._outage_reads = 0
        self._outage_start = self._queue_totals()

    def _queue_totals(self) -> tuple[int, int]:
        queues = list(self._queues)
        return sum(q.puts for q in queues), sum(q.dropped for q in queues)

    # -- write queues and metrics --------------------------------------------------------------

    def watch(self, queue: WriteQueue) -> None:
        """Count `queue`'s writes as this store's, and wake it when the store answers again."""
        with self._lock:
            self._queues.add(queue)

    def snapshot(self) -> GateState:
        queues = list(self._queues)
        return GateState(
            component=self.component, state=self.state, queued=sum(len(q) for q in queues),
            retries=sum(q.failures for q in queues), dropped=sum(q.dropped for q in queues), from_memory=self.from_memory,
        )

    def close(self) -> None:
        """Let the threads go (a call still waiting on the database ends with its own bound)."""
        with self._lock:
            pool, self._pool = self._pool, None
            self.closed = True
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def _cause(err: StoreError) -> str:
    """The reason in an error's message (after the store's name), short."""
    return str(err).rsplit(": ", 1)[-1].strip()[:200] or type(err).__name__


def gates() -> list[StoreGate]:
    """The gates of the stores open now."""
    return [g for g in list(_GATES) if not g.closed]


def _caller_pool() -> ThreadPoolExecutor:
    global _callers
    with _callers_lock:
        if _callers is None:
            _callers = ThreadPoolExecutor(max_workers=CALLER_THREADS, thread_name_prefix="guardian-store-caller")
        return _callers


async def off_loop(fn: Callable[..., T], *args: object) -> T:
    """`fn(*args)` from a coroutine, on the store layer's threads rather than asyncio's default
    pool: for a blocking call whose store reads go through a gate (so it returns within their
    deadline), e.g. `Sessions.get` or `Vault.refresh`."""
    import asyncio

    return await asyncio.get_running_loop().run_in_executor(_caller_pool(), functools.partial(fn, *args))
