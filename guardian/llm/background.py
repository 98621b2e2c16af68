"""LLM calls off the request path: a few in flight, a bounded queue, the answers remembered.

A flow never waits for an LLM it has not measured fast (DESIGN.md: the LLM teaches the next
decision, it never holds up a flow). A stage that wants an answer it does not have decides
without it and asks here; when the LLM answers, the answer is remembered under its prompt, and
the next decision that builds the same prompt (the same anonymized text for the attacker, the
same value for L4/L5, the same action and evidence for System 2) recalls it at once:

    recall(role, messages, schema) -> answer | None        memory only, no call
    ask(role, messages, schema, then=..., ...) -> status   never blocks; the status says what became of it

    status  "asked"     queued; IN_FLIGHT calls run at once, on daemon threads
            "pending"   the same prompt is already queued or running
            "failed"    the same prompt failed less than RETRY_AFTER_S ago
            "dropped"   QUEUE prompts are already waiting: a slow LLM cannot pile up work
            "closed"    the runner was stopped (a rebuilt pipeline uses its own)

Each status is counted (`stats`), with "answered", "errors" and "recalled". `then(answer)` runs
on the worker before the answer is remembered; an `LLMError` it raises (an answer that does not
parse) means the answer is not remembered. A call here may take the endpoint's
`background_timeout` (`LLMSettings`), longer than a flow's. Prompts and answers stay in memory
only: prompts until they are sent, answers (keyed by a digest of the prompt) for ANSWER_TTL_S.
"""

from __future__ import annotations

import hashlib
import json
import logging
import queue
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from guardian.errors import LLMError, LLMTimeout
from guardian.expiring import ExpiringMap
from guardian.types import JsonLLM

__all__ = ["BackgroundLLM", "IN_FLIGHT", "QUEUE", "REMEMBER", "ANSWER_TTL_S", "RETRY_AFTER_S"]

log = logging.getLogger("guardian.llm")

# One call at a time: the embedded CPU server answers one at a time anyway, and the client's
# other slot (GUARDIAN_LLM_CONCURRENCY, 2) stays free for the calls a flow may wait for.
IN_FLIGHT = 1
QUEUE = 16  # prompts waiting beyond those in flight; more are dropped and counted
REMEMBER = 2048  # answers kept, the least recently written dropped first
ANSWER_TTL_S = 24 * 3600.0  # an answer is recalled for this long (a model's answer to a prompt does not age fast)
RETRY_AFTER_S = 60.0  # a prompt whose call failed is not asked again before this


@dataclass
class _Job:
    key: str
    role: str
    messages: list[dict[str, str]]
    schema: dict[str, Any]
    options: dict[str, Any]
    then: Callable[[Any], None] | None
    on_error: Callable[[LLMError], None] | None
    observe: Callable[[float], None] | None


class BackgroundLLM:
    """One per LLM client, shared by every pipeline built on it (thread-safe)."""

    def __init__(
        self,
        llm: JsonLLM,
        *,
        in_flight: int = IN_FLIGHT,
        queue_size: int = QUEUE,
        remember: int = REMEMBER,
        answer_ttl_s: float = ANSWER_TTL_S,
        retry_after_s: float = RETRY_AFTER_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.llm = llm
        self.in_flight = max(1, in_flight)
        self.clock = clock
        self._jobs: queue.Queue[_Job | None] = queue.Queue(maxsize=max(1, queue_size))
        self._answers: ExpiringMap[str, Any] = ExpiringMap(remember, answer_ttl_s, clock)
        self._failed: ExpiringMap[str, str] = ExpiringMap(remember, retry_after_s, clock)
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._pending: set[str] = set()  # queued or running
        self._threads: list[threading.Thread] = []
        self._closed = False
        self._stats: Counter[str] = Counter()

    # -- the request path's side: never blocks ------------------------------------------------

    @staticmethod
    def key(role: str, messages: Sequence[dict[str, str]], schema: dict[str, Any]) -> str:
        """The digest a prompt's answer is remembered under."""
        blob = json.dumps([role, list(messages), schema], sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()

    def recall(self, role: str, messages: Sequence[dict[str, str]], schema: dict[str, Any]) -> Any | None:
        """The remembered answer to this prompt, or None."""
        answer = self._answers.get(self.key(role, messages, schema))
        if answer is not None:
            with self._lock:
                self._stats["recalled"] += 1
        return answer

    def ask(
        self,
        role: str,
        messages: Sequence[dict[str, str]],
        schema: dict[str, Any],
        *,
        then: Callable[[Any], None] | None = None,
        on_error: Callable[[LLMError], None] | None = None,
        observe: Callable[[float], None] | None = None,
        **options: Any,
    ) -> str:
        """Queue the call unless it is pending, failed lately, or the queue is full; the status.
        `options` go to `complete_json` (max_tokens, coerce); `observe(seconds)` gets the call's
        time when it answered or timed out (a lower bound then), for the latency estimate."""
        key = self.key(role, messages, schema)
        with self._lock:
            if self._closed:
                status = "closed"
            elif key in self._pending:
                status = "pending"
            elif self._failed.get(key) is not None:
                status = "failed"
            else:
                job = _Job(key, role, list(messages), schema, options, then, on_error, observe)
                try:
                    self._jobs.put_nowait(job)
                    self._pending.add(key)
                    status = "asked"
                    self._start_workers()
                except queue.Full:
                    status = "dropped"
            self._stats[status] += 1
        if status == "dropped":
            log.debug("guardian: background LLM queue full; a %s prompt was dropped", role)
        return status

    def stats(self) -> dict[str, int]:
        """Counters (asked, pending, failed, dropped, answered, errors, recalled) and the queue now."""
        with self._lock:
            return {**self._stats, "queued": self._jobs.qsize(), "in_flight_or_queued": len(self._pending)}

    # -- lifecycle -------------------------------------------------------------------------------

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Until nothing is queued or running, or `timeout` passed (False then)."""
        end = None if timeout is None else time.monotonic() + timeout
        with self._idle:
            while self._pending:
                left = None if end is None else end - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._idle.wait(left)
        return True

    def close(self) -> None:
        """Stop taking prompts and drop those waiting; the workers end after their current call
        (daemon threads, never joined: a slow call must not hold up a reload or the exit)."""
        with self._idle:
            if self._closed:
                return
            self._closed = True
            while True:  # the client these prompts were for is being closed too
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if job is not None:
                    self._pending.discard(job.key)
            self._idle.notify_all()
            threads = len(self._threads)
        for _ in range(threads):
            try:
                self._jobs.put_nowait(None)
            except queue.Full:  # a worker also ends once it finds the runner closed and idle
                break

    # -- the workers ------------------------------------------------------------------------------

    def _start_workers(self) -> None:
        """Called with the lock held: the workers start with the first prompt, not at assembly."""
        while len(self._threads) < self.in_flight:
            worker = threading.Thread(target=self._work, name=f"guardian-llm-background-{len(self._threads)}", daemon=True)
            self._threads.append(worker)
            worker.start()

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            try:
                self._run(job)
            finally:
                with self._idle:
                    self._pending.discard(job.key)
                    self._idle.notify_all()
                    if self._closed and not self._pending:
                        return

    def _run(self, job: _Job) -> None:
        t0 = self.clock()
        try:
            answer = self.llm.complete_json(job.role, job.messages, job.schema, background=True, **job.options)
            if job.observe is not None:
                job.observe(self.clock() - t0)
            if job.then is not None:
                job.then(answer)
        except LLMError as e:
            if isinstance(e, LLMTimeout) and job.observe is not None:
                job.observe(self.clock() - t0)
            self._failed.put(job.key, type(e).__name__)
            with self._lock:
                self._stats["errors"] += 1
            log.debug("guardian: background %s call failed: %s", job.role, e)
            if job.on_error is not None:
                job.on_error(e)
            return
        except Exception as e:  # noqa: BLE001 - a caller's hook or a closing client must not end the worker
            self._failed.put(job.key, type(e).__name__)
            with self._lock:
                self._stats["errors"] += 1
            log.warning("guardian: background %s call not used: %s", job.role, type(e).__name__)
            return
        self._answers.put(job.key, answer)
        with self._lock:
            self._stats["answered"] += 1
