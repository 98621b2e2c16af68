"""Writes off the request path: a bounded queue and one thread that retries while the store is down.

A component puts a write (a function of no arguments that does it) and returns at once. The
thread runs the writes in order; one that meets `StoreUnavailable` stays at the head and is
tried again after a pause (doubling from `retry_s` up to `max_retry_s`), so nothing is lost to a
short outage and the order is kept. Any other `StoreError` (a row the database refuses) is
logged and dropped: retrying it would hold every later write back. Above `max_items` waiting
writes the oldest are dropped and counted, so an outage of hours costs bounded memory.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable

from guardian.store.errors import StoreError, StoreUnavailable

__all__ = ["WriteQueue", "DEFAULT_MAX_ITEMS", "DEFAULT_RETRY_S", "MAX_RETRY_S"]

log = logging.getLogger("guardian")

DEFAULT_MAX_ITEMS = 10_000
DEFAULT_RETRY_S = 1.0
MAX_RETRY_S = 30.0


class WriteQueue:
    """Writes to one store, done in order by a background thread started at the first `put`."""

    def __init__(self, name: str, *, max_items: int = DEFAULT_MAX_ITEMS, retry_s: float = DEFAULT_RETRY_S,
                 max_retry_s: float = MAX_RETRY_S) -> None:
        self.name = name
        self.max_items = max_items
        self.retry_s = retry_s
        self.max_retry_s = max_retry_s
        self.dropped = 0  # writes given up: the queue was full, or the database refused them
        self.failures = 0  # tries that met an unavailable store
        self._items: deque[tuple[str, Callable[[], None]]] = deque()
        self._cond = threading.Condition()
        self._busy = False
        self._stop = False
        self._thread: threading.Thread | None = None

    def __len__(self) -> int:
        with self._cond:
            return len(self._items) + int(self._busy)

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
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name=f"guardian-store-writer-{self.name[:24]}", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every queued write is done (or dropped); False when `timeout` passed first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while self._items or self._busy:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._cond.notify_all()  # wake a retry pause: try now
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
                self._cond.wait(pause)  # a flush wakes it early
                pause = min(self.max_retry_s, pause * 2)
