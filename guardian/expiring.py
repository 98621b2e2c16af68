"""A bounded map whose entries expire: the per-process session state of the request path.

The frame chain (`guardian.context.frames`) and the identifiers seen earlier
(`guardian.fieldkinds.seen`) both keep what one browsing session showed: at most `max_items`
entries (the least recently written go first) for at most `ttl_s` seconds each. Thread-safe: the
proxy decides flows from several threads.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

__all__ = ["ExpiringMap"]

K = TypeVar("K")
V = TypeVar("V")


class ExpiringMap(Generic[K, V]):
    """Key -> value, bounded to `max_items` and forgetting each entry `ttl_s` after it was written."""

    def __init__(self, max_items: int, ttl_s: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.max_items = max_items
        self.ttl_s = ttl_s
        self._clock = clock
        self._items: OrderedDict[K, tuple[V, float]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    def put(self, key: K, value: V) -> None:
        self.put_many(((key, value),))

    def put_many(self, items: Iterable[tuple[K, V]]) -> None:
        now = self._clock()
        with self._lock:
            for key, value in items:
                self._items[key] = (value, now)
                self._items.move_to_end(key)
            while len(self._items) > self.max_items:
                self._items.popitem(last=False)

    def get(self, key: K) -> V | None:
        """The value of `key` if written less than `ttl_s` ago; an expired entry is dropped."""
        with self._lock:
            entry = self._items.get(key)
            if entry is None:
                return None
            value, written = entry
            if self._clock() - written > self.ttl_s:
                del self._items[key]
                return None
            return value

    def pop(self, key: K) -> None:
        with self._lock:
            self._items.pop(key, None)

    def entries(self) -> list[tuple[K, V, float]]:
        """(key, value, age in seconds) of every fresh entry, oldest written first (a snapshot)."""
        now = self._clock()
        with self._lock:
            return [(k, v, now - t) for k, (v, t) in self._items.items() if now - t <= self.ttl_s]

    def put_aged(self, entries: Iterable[tuple[K, V, float]]) -> None:
        """Write entries as if written `age` seconds ago (a snapshot taken elsewhere, replayed here);
        the map stays ordered by write time, so the bound still drops the oldest first."""
        now = self._clock()
        with self._lock:
            for key, value, age in entries:
                self._items[key] = (value, now - max(0.0, age))
            items = sorted(self._items.items(), key=lambda kv: kv[1][1])
            self._items = OrderedDict(items[-self.max_items:])
