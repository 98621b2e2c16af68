"""Anytime scheduling of LLM calls: start one only when its measured latency fits the deadline.

Per (endpoint, role) the estimator keeps an EWMA of call times and the last WINDOW of them:

    ewma <- (1 - ALPHA) * ewma + ALPHA * x
    estimate = max(ewma, quantile_Q(window))          (the cold-start prior while unmeasured)
    start the call  iff  estimate + MARGIN_S <= deadline - now

A call that timed out is observed at the time it took (a lower bound of its true latency). With
no measurement and no prior (`cold_start_s=None`), the call is not started on the request path;
the caller may hand it to `probe()`, which runs it on one background thread and records its
time, so the next flow knows. A skipped endpoint is probed again at most every PROBE_EVERY_S,
so an endpoint that became fast is noticed. With a background runner (`guardian.llm.background`,
as the proxy is assembled) the escalation loop asks there instead, and each background call
reports its time with `observe`.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import numpy as np

__all__ = ["LatencyEstimator", "ALPHA", "WINDOW", "QUANTILE", "MARGIN_S", "PROBE_EVERY_S"]

ALPHA = 0.3  # EWMA weight of the newest call
WINDOW = 32  # call times kept per key
QUANTILE = 0.9  # Q: the high quantile the plan budgets for
MARGIN_S = 0.05  # head-room for parsing and acceptance after the answer
PROBE_EVERY_S = 60.0  # a background probe per key at most this often

Key = tuple[str, str]  # (endpoint, role)
T = TypeVar("T")


class LatencyEstimator:
    """Shared by all flows (thread-safe); one per LLM client."""

    def __init__(self, *, cold_start_s: float | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.cold_start_s = cold_start_s
        self.clock = clock
        self._lock = threading.Lock()
        self._ewma: dict[Key, float] = {}
        self._window: dict[Key, deque[float]] = {}
        self._probed: dict[Key, float] = {}
        self._pool: ThreadPoolExecutor | None = None

    def observe(self, key: Key, seconds: float) -> None:
        """One call's time, from the request path or the background."""
        with self._lock:
            prev = self._ewma.get(key)
            self._ewma[key] = seconds if prev is None else (1 - ALPHA) * prev + ALPHA * seconds
            self._window.setdefault(key, deque(maxlen=WINDOW)).append(seconds)

    def estimate(self, key: Key) -> float | None:
        """max(EWMA, Q-quantile) of the measured calls, else the cold-start prior (None: unknown)."""
        with self._lock:
            window = self._window.get(key)
            if not window:
                return self.cold_start_s
            return max(self._ewma[key], float(np.quantile(np.fromiter(window, float), QUANTILE)))

    def snapshot(self, key: Key) -> dict[str, float | int | None]:
        """For the record: the estimate, the EWMA and the number of calls measured."""
        with self._lock:
            n = len(self._window.get(key, ()))
            ewma = self._ewma.get(key)
        est = self.estimate(key)
        return {"estimate_s": None if est is None else round(est, 3),
                "ewma_s": None if ewma is None else round(ewma, 3), "calls": n}

    def plan(self, key: Key, remaining: float) -> str | None:
        """None when a call fits in `remaining` seconds; else why it is skipped."""
        est = self.estimate(key)
        if est is None:
            return "no latency measured yet"
        if est + MARGIN_S > remaining:
            return f"estimated {est:.2f}s > {max(0.0, remaining):.2f}s left"
        return None

    def timed(self, key: Key, call: Callable[[], T]) -> T:
        """Run `call` and observe its time (also when it raises: a timeout is a lower bound)."""
        t0 = self.clock()
        try:
            return call()
        finally:
            self.observe(key, self.clock() - t0)

    def probe(self, key: Key, call: Callable[[], object]) -> bool:
        """Run `call` in the background to measure the endpoint; False if one ran lately."""
        with self._lock:
            now = self.clock()
            last = self._probed.get(key)
            if last is not None and now - last < PROBE_EVERY_S:
                return False
            self._probed[key] = now
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="guardian-llm-probe")
            pool = self._pool

        def run() -> None:
            try:
                self.timed(key, call)
            except Exception:  # noqa: BLE001 - a probe's failure is its measurement
                pass

        pool.submit(run)
        return True
