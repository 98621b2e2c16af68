"""Writes off the request path: a bounded queue and one thread that retries while the store is down.

A component puts a write (a function of no arguments that does it) and returns at once. The
thread runs the writes in order; one that meets `StoreUnavailable` stays at the head and is
tried again after a pause (doubling from `retry_s` up to `max_retry_s`, or at once when the
store's gate sees it answer again), so nothing is lost to an outage the queue can hold and the
order is kept. A write cut off at its COMMIT may have landed and is done again: harmless for
an upsert or a delete (the sessions', the vault's). Any other `StoreError` (a row the database
refuses) is logged and dropped: retrying it would hold every later write back. Above
`max_items` waiting writes the oldest are dropped and counted, so an outage of hours costs
bounded memory.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from guardian.store.errors import StoreError, StoreUnavailable

if TYPE_CHECKING:
    from guardian.store.gate import StoreGate

__all__ = ["WriteQueue", "DEFAULT_MAX_ITEMS", "DEFAULT_RETRY_S", "MAX_RETRY_S"]

log = logging.getLogger("guardian")

DEFAULT_MAX_ITEMS = 10_000
DEFAULT_RETRY_S = 1.0
MAX_RETRY_S = 10.0  # the longest pause between tries; the gate wakes the queue sooner when it can


class WriteQueue:
    """Writes to one store, done in order by a background thread started at the first `put`."""

    def __init__(self, name: str, *, max_items: int = DEFAULT_MAX_ITEMS, retry_s: float = DEFAULT_RETRY_S,
                 max_retry_s: float = MAX_RETRY_S, gate: StoreGate | None = None) -> None:
        self.name = name
        self.max_items = max_items
        self.retry_s = retry_s
        self.max_retry_s = max_retry_s
        self.puts = 0  # writes queued, ever
        self.dropped = 0  # writes given up: the queue was full, or the database refused them
        self.failures = 0  # tries that met an unavailable store (each one retried)
        self._woken = False
        self._items: deque[tuple[str, Callable[[], None]]] = deque()
        self._cond = threading.Condition()
        self._busy = False
        self._stop = False
        self._thread: threading.Thread | None = None
        if gate is not None:
            gate.watch(self)  # the store's health sees this queue, and wakes it when the store is back

    def __len__(self) -> int:
        with self._cond:
            return len(self._items)  # the write being tried stays at the head until it is done

    def put(self, what: str, write: Callable[[], None]) -> None:
        """Queue `write` (`what` names it in logs: never a value). Never blocks on the database."""
        with self._cond:
            if self._stop:
                log.warning("guardian: store %s: %s after close, not written", self.name, what)
                self.dropped += 1
                return
            if len(self._items) >= self.max_items:
                self._items.popleft()
                self.dropped += 1
                if self.dropped == 1 or self.dropped % 1000 == 0:
                    log.warning("guardian: store %s: write queue full (%d); %d oldest writes dropped", self.name, self.max_items, self.dropped)
            self._items.append((what, write))
            self.puts += 1
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name=f"guardian-store-writer-{self.name[:24]}", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def wake(self) -> None:
        """Try the head write now, not after the pause (the store answers again)."""
        with self._cond:
            self._woken = True
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every queued write is done (or dropped); False when `timeout` passed first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while self._items or self._busy:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._woken = True  # end a retry pause: try now
                self._cond.notify_all()
                self._cond.wait(0.05 if left is None else min(left, 0.05))
        return True

    def close(self, timeout: float = 5.0) -> int:
        """Try the waiting writes for up to `timeout` seconds, then stop; how many were left unwritten."""
        self.flush(timeout)
        with self._cond:
            self._stop = True
            left = len(self._items)
            self._items.clear()
            self._cond.notify_all()
        if left:
            self.dropped += left
            log.warning("guardian: store %s: %d writes not done at close (the database is unavailable)", self.name, left)
        return left

    def _run(self) -> None:
        pause = self.retry_s
        while True:
            with self._cond:
                while not self._items and not self._stop:
                    self._cond.wait()
                if self._stop:
                    return
                what, write = self._items[0]
                self._busy = True
            ok = False
            try:
                write()
                ok = True
                pause = self.retry_s
            except StoreUnavailable:
                self.failures += 1
            except StoreError as e:
                log.warning("guardian: store %s: %s not written: %s", self.name, what, e)
                ok = True  # dropped below: never retried
                self.dropped += 1
            except Exception as e:  # noqa: BLE001 - a bug in one write must not stop the others
                log.warning("guardian: store %s: %s failed (%s); dropped", self.name, what, type(e).__name__)
                ok = True
                self.dropped += 1
            with self._cond:
                self._busy = False
                if ok:
                    if self._items and self._items[0][1] is write:
                        self._items.popleft()
                    self._cond.notify_all()
                    continue
                self._cond.notify_all()
                # a new write does not end the pause (each one would be a try against a store that
                # is down); a flush, a close or the gate (the store answers again) does
                until = time.monotonic() + pause
                while not self._woken and not self._stop and (left := until - time.monotonic()) > 0:
                    self._cond.wait(left)
                if self._woken:
                    self._woken, pause = False, self.retry_s
                else:
                    pause = min(self.max_retry_s, pause * 2)
