"""Prometheus metrics of the decisions, served on a port of their own (`guardian_metrics`).

Prometheus scrapes the proxy directly, not through it, so this is a small HTTP server beside the
proxy (like the PAC file's), bound to 127.0.0.1 unless the option names another address:

    guardian_metrics         off (default) | PORT | HOST:PORT ([::1]:PORT); PORT 0: a free one, logged
    guardian_metrics_hosts   false (default) | true: a `host` label (the registrable domain) on
                             the decision counters; one series per site, so off unless asked for

What is counted comes from the decision records (`guardian/addon/record.py`), read from
`flow.metadata` by hooks that run after the hooks that decide (this addon is listed last):
`requestheaders` (streamed uploads), `request` (every other request, a block included),
`response` and `error` as a safety net; each record is counted once. WebSocket messages are
counted in `websocket_message`, each by its index. Records made by the decision process arrive
here like the proxy's own, stage timings included. The pool, the decision process, the vault and
the stores' health are read when Prometheus scrapes, not on the request path.

Labels take their values from closed sets only (verdicts, recipient types, data categories,
stage names of the code, failure causes), so no personal value can reach the exposition text;
the one open label, `host`, exists only with `guardian_metrics_hosts`.
"""

from __future__ import annotations

import ipaddress
import logging
import math
import re
import threading
import weakref
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from mitmproxy import exceptions, http

from guardian.addon.record import METADATA_KEY, WEBSOCKET_METADATA_KEY
from guardian.categories import DataCategory
from guardian.errors import SettingsError
from guardian.records import RecipientType, Verdict
from guardian.settings import OptionSpec, declare_options

if TYPE_CHECKING:
    from wsgiref.simple_server import WSGIServer

    from prometheus_client import CollectorRegistry, Counter, Histogram
    from prometheus_client.core import Metric

    from guardian.addon.shared import StateView, VaultView
    from guardian.store.gate import GateState

__all__ = [
    "MetricsServer",
    "MetricsListen",
    "RecordMetrics",
    "parse_listen",
    "read_record",
    "METRICS_OPTION",
    "HOSTS_OPTION",
    "STAGE_BUCKETS_S",
]

log = logging.getLogger("guardian")

METRICS_OPTION = "guardian_metrics"
HOSTS_OPTION = "guardian_metrics_hosts"
OFF = "off"
METRICS_OPTIONS: Mapping[str, OptionSpec] = {
    METRICS_OPTION: OptionSpec(
        str, OFF, "Serve Prometheus metrics at http://HOST:PORT/metrics: off, PORT (on 127.0.0.1) or HOST:PORT."
    ),
    HOSTS_OPTION: OptionSpec(
        bool, False, "Label the decision counters with the destination's registrable domain (one series per site)."
    ),
}
DEFAULT_BIND = "127.0.0.1"  # metrics name sites and load: not for the network unless asked
MAX_PORT = 65535
STOP_WAIT_S = 5.0
# Seconds per stage: an inline decision takes about half a millisecond, NER tens of
# milliseconds, the LLM escalation seconds (its deadline is at most 90% of guardian_timeout).
STAGE_BUCKETS_S = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
# Label values outside the closed sets below: never the value itself.
OTHER = "other"
NONE = "none"  # no recipient: decided by a rule or the fail mode before the context stage
VERDICTS = frozenset(v.value for v in Verdict)
RECIPIENTS = frozenset(r.value for r in RecipientType)
CATEGORIES = frozenset(c.value for c in DataCategory)
FAILURE_CAUSES = ("timeout", "overload")  # the error section's flags; anything else is "error"
# The background LLM's calls as decision records tell them (`guardian/llm/background.py`): the
# roles that ask (the attacker, the rewriting levels, the policy matcher's System 2) and what
# became of a call. Counted from records, so the decision process's calls are counted too.
LLM_ROLES = frozenset({"attacker", "l4", "l5", "system2"})
LLM_STATUSES = frozenset({"asked", "pending", "failed", "dropped", "closed"})
MAX_LLM_CALLS = 32  # read from one record at most
MAX_LLM_DEPTH = 6
# The stores' `store` label: the components that keep data (guardian/store), anything else "other".
STORE_COMPONENTS = frozenset({"policy", "vault", "labels", "sessions"})
# The record's `ms` keys are stage names written by the code (`guardian.stages.flow.StageTimer`);
# the shape and the cap keep a future key from ever growing the series without bound.
STAGE_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
MAX_STAGES = 32
MS_PER_S = 1000.0
_HOST_NAME = re.compile(r"[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?")
_LISTEN_HELP = "use off, PORT or HOST:PORT (e.g. 9464 or 127.0.0.1:9464; an IPv6 address in brackets)"

RecordLine = Mapping[str, object]  # one decision record as `DecisionRecord.as_dict()` wrote it


class MetricsListen(NamedTuple):
    """Where the metrics server listens."""

    host: str
    port: int  # 0: a free port the system picks


def parse_listen(value: str | None) -> MetricsListen | None:
    """`guardian_metrics` as an address, or None for off; `SettingsError` naming the option."""
    text = (value or "").strip()
    if not text or text.lower() == OFF:
        return None
    host, port_text = DEFAULT_BIND, text
    if ":" in text:
        host, _, port_text = text.rpartition(":")
        if host.startswith("[") and host.endswith("]"):
            host = host[1:-1]
            if not _is_ip(host):
                raise SettingsError(METRICS_OPTION, value, f"{host!r} in brackets is not an IPv6 address; {_LISTEN_HELP}")
        elif ":" in host:
            raise SettingsError(METRICS_OPTION, value, f"put an IPv6 address in brackets; {_LISTEN_HELP}")
        elif not _HOST_NAME.fullmatch(host):
            raise SettingsError(METRICS_OPTION, value, f"not a host name or address; {_LISTEN_HELP}")
    if not port_text.isdigit() or int(port_text) > MAX_PORT:
        raise SettingsError(METRICS_OPTION, value, f"not a TCP port; {_LISTEN_HELP}")
    return MetricsListen(host, int(port_text))


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class RecordMetrics:
    """What one decision record adds to the metrics: label values from closed sets, seconds."""

    verdict: str
    recipient: str
    protocol: str
    categories: tuple[str, ...]
    stages: tuple[tuple[str, float], ...]  # (stage, seconds)
    failure: str | None  # timeout | overload | error: the fail mode decided; None: the pipeline did
    host: str | None  # the registrable domain, only when asked for
    llm_calls: tuple[tuple[str, str], ...] = ()  # (role, status) of the LLM calls no flow waited for


def read_record(record: RecordLine, *, hosts: bool = False) -> RecordMetrics:
    """The metrics of one decision record (a JSONL line's dict); never a value of the request."""
    verdict = _closed(record.get("decision"), VERDICTS)
    recipient = _closed(record.get("recipient"), RECIPIENTS) if record.get("recipient") is not None else NONE
    raw_categories = record.get("categories")
    categories = tuple(_closed(c, CATEGORIES) for c in raw_categories) if isinstance(raw_categories, list) else ()
    error = record.get("error")
    failure = None
    if isinstance(error, Mapping):
        failure = next((cause for cause in FAILURE_CAUSES if error.get(cause) is True), "error")
    return RecordMetrics(
        verdict=verdict,
        recipient=recipient,
        protocol="websocket" if record.get("protocol") == "websocket" else "http",
        categories=categories,
        stages=_stages(record.get("ms")),
        failure=failure,
        host=_host_label(record.get("host")) if hosts else None,
        llm_calls=_llm_calls(record),
    )


def _llm_calls(record: RecordLine) -> tuple[tuple[str, str], ...]:
    """The background LLM calls a decision made or found answered, from its record (wherever the
    decision process or the proxy wrote them): `llm_background` {role: status} in the escalation's
    rounds and rewrites, `llm_remembered` [role] (a background answer used), and the likelihood's
    `s2_background` (System 2). Roles and statuses from closed sets only."""
    out: list[tuple[str, str]] = []
    stack: list[tuple[object, int]] = [(record.get("anonymize"), 0), (record.get("likelihood"), 0)]
    while stack and len(out) < MAX_LLM_CALLS:
        node, depth = stack.pop()
        if depth > MAX_LLM_DEPTH:
            continue
        if isinstance(node, Mapping):
            asked = node.get("llm_background")
            if isinstance(asked, Mapping):
                out.extend((_closed(role, LLM_ROLES), _closed(status, LLM_STATUSES)) for role, status in asked.items())
            remembered = node.get("llm_remembered")
            if isinstance(remembered, list):
                out.extend((_closed(role, LLM_ROLES), "remembered") for role in remembered)
            if isinstance(node.get("s2_background"), str):
                out.append(("system2", _closed(node["s2_background"], LLM_STATUSES)))
            stack.extend((v, depth + 1) for k, v in node.items() if isinstance(v, (Mapping, list)))
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node[:MAX_LLM_CALLS] if isinstance(v, (Mapping, list)))
    return tuple(out[:MAX_LLM_CALLS])


def _closed(value: object, allowed: frozenset[str]) -> str:
    return value if isinstance(value, str) and value in allowed else OTHER


def _stages(ms: object) -> tuple[tuple[str, float], ...]:
    if not isinstance(ms, Mapping):
        return ()
    out = []
    for name, value in ms.items():
        if len(out) >= MAX_STAGES:
            break
        if isinstance(name, str) and STAGE_NAME.fullmatch(name) and isinstance(value, (int, float)):
            if math.isfinite(value) and value >= 0:
                out.append((name, value / MS_PER_S))
    return tuple(out)


def _host_label(host: object) -> str:
    if not isinstance(host, str) or not host:
        return NONE
    from guardian.context.site import registrable_domain  # only with guardian_metrics_hosts

    return registrable_domain(host) or NONE


class _DecisionMetrics:
    """The counters and histograms that decision records feed, in one registry."""

    def __init__(self, registry: CollectorRegistry, *, hosts: bool) -> None:
        from prometheus_client import Counter, Histogram

        host = ("host",) if hosts else ()
        self.decisions: Counter = Counter(
            "guardian_decisions", "Decisions by verdict, recipient type and protocol (http, websocket message).",
            ("verdict", "recipient", "protocol", *host), registry=registry,
        )
        self.categories: Counter = Counter(
            "guardian_decision_categories",
            "Data categories found, one per category in a decision's record, by verdict and recipient type.",
            ("verdict", "recipient", "category", *host), registry=registry,
        )
        self.stages: Histogram = Histogram(
            "guardian_stage_seconds", "Seconds per pipeline stage of a decision (stage total: the whole pipeline).",
            ("stage",), buckets=STAGE_BUCKETS_S, registry=registry,
        )
        self.failures: Counter = Counter(
            "guardian_fail_mode",
            "Decisions made by the fail mode (guardian_fail), by cause (timeout, overload: the pool was "
            "full, error: the pipeline failed) and the verdict it gave.",
            ("cause", "verdict"), registry=registry,
        )
        self.llm_calls: Counter = Counter(
            "guardian_llm_background",
            "LLM calls no flow waited for, by role (attacker, l4, l5, system2) and what became of them "
            "(asked, pending: one already was, failed: it failed lately, dropped: the queue was full, "
            "closed, remembered: its answer was used), from the decision records of both processes.",
            ("role", "status"), registry=registry,
        )

    def observe(self, m: RecordMetrics) -> None:
        host = (m.host,) if m.host is not None else ()
        self.decisions.labels(m.verdict, m.recipient, m.protocol, *host).inc()
        for category in m.categories:
            self.categories.labels(m.verdict, m.recipient, category, *host).inc()
        for stage, seconds in m.stages:
            self.stages.labels(stage).observe(seconds)
        if m.failure is not None:
            self.failures.labels(m.failure, m.verdict).inc()
        for role, status in m.llm_calls:
            self.llm_calls.labels(role, status).inc()


class _StateCollector:
    """Values read when Prometheus scrapes (in the server's thread): queues, the decision process,
    the vault, the identifiers remembered, the stores' health. Each is one int read, so no lock is
    needed."""

    def __init__(self, engine: StateView, restore: VaultView | None) -> None:
        self.engine = engine
        self.restore = restore

    def collect(self) -> Iterator[Metric]:
        from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

        decider = self.engine.decider
        yield GaugeMetricFamily("guardian_pool_requests", "Costly decisions running or waiting in the pool now.", value=decider.in_pool)
        yield GaugeMetricFamily(
            "guardian_pool_capacity", "Costly decisions the pool holds before the fail mode applies (overload).", value=decider.capacity
        )
        process = self.engine.process
        yield GaugeMetricFamily(
            "guardian_decision_process_up", "1 while the decision process answers, else 0 (the proxy decides).", value=int(process.ready)
        )
        yield GaugeMetricFamily(
            "guardian_decision_process_pending", "Requests sent to the decision process, not yet answered.", value=process.pending
        )
        yield CounterMetricFamily(
            "guardian_decision_process_restarts", "Decision processes started again after the first.", value=process.restarts
        )
        vault = self.restore.vault if self.restore is not None else None
        if vault is not None:
            yield GaugeMetricFamily("guardian_vault_values", "Pseudonymised values kept in the AI-chat vault.", value=len(vault))
            yield GaugeMetricFamily("guardian_vault_conversations", "Conversations in the AI-chat vault.", value=vault.conversations)
        sessions = self.engine.sessions  # the proxy's own: the decision process keeps copies of them
        count, entries = sessions.sizes()
        yield GaugeMetricFamily("guardian_sessions", "Users with a live session (guardian_users).", value=count)
        yield GaugeMetricFamily(
            "guardian_session_entries", "Frames and identifiers (keyed digests) remembered in all sessions.", value=entries
        )
        yield CounterMetricFamily(
            "guardian_sessions_expired", "Sessions forgotten for age or for room (guardian_session_ttl, _max).",
            value=sessions.expired,
        )
        yield GaugeMetricFamily(
            "guardian_learned_keys", "Recipient keys whose kind the users taught: per-user ids and site constants.",
            value=len(sessions.learner),
        )
        yield from _store_metrics()


def _store_metrics() -> Iterator[Metric]:
    """Each store's health (`guardian.store.gate`), one series per component: its state, its
    write queues' depth, retries and drops, the reads answered from memory."""
    from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

    from guardian.store.gate import STATES, gates

    by_store: dict[str, list[GateState]] = {}
    for gate in gates():
        name = gate.component if gate.component in STORE_COMPONENTS else OTHER
        by_store.setdefault(name, []).append(gate.snapshot())
    state = GaugeMetricFamily(
        "guardian_store_state",
        "1 for the state each store is in: ok, degraded (slow or frozen: no answer in time) or down (unreachable).",
        labels=("store", "state"),
    )
    queued = GaugeMetricFamily("guardian_store_queued_writes", "Writes waiting for the store.", labels=("store",))
    retries = CounterMetricFamily(
        "guardian_store_write_retries", "Write tries that met an unavailable store (each is tried again).", labels=("store",)
    )
    dropped = CounterMetricFamily(
        "guardian_store_dropped_writes", "Writes given up: the queue was full (the oldest go), refused, or left at close.",
        labels=("store",),
    )
    from_memory = CounterMetricFamily(
        "guardian_store_reads_from_memory",
        "Store reads answered with what the proxy holds: past their deadline, or while the store was bad.",
        labels=("store",),
    )
    for name, snaps in sorted(by_store.items()):
        worst = max(STATES.index(s.state) for s in snaps)
        for i, value in enumerate(STATES):
            state.add_metric((name, value), int(i == worst))
        queued.add_metric((name,), sum(s.queued for s in snaps))
        retries.add_metric((name,), sum(s.retries for s in snaps))
        dropped.add_metric((name,), sum(s.dropped for s in snaps))
        from_memory.add_metric((name,), sum(s.from_memory for s in snaps))
    yield from (state, queued, retries, dropped, from_memory)


class MetricsServer:
    """Counts every decision and serves the counts on `guardian_metrics` (off by default)."""

    def __init__(self, engine: StateView, restore: VaultView | None = None) -> None:
        self.engine = engine  # the decider, the decision process, the sessions
        self.restore = restore  # the AI-chat addon, for its vault's size; None: not reported
        self.listen: MetricsListen | None = None
        self.hosts = False
        self.registry: CollectorRegistry | None = None  # private: instances and tests never collide
        self._metrics: _DecisionMetrics | None = None  # None while off: nothing is counted
        self._server: WSGIServer | None = None
        self._thread: threading.Thread | None = None
        # The record each flow was counted with (a flow is never kept alive by this).
        self._counted: weakref.WeakKeyDictionary[http.HTTPFlow, RecordLine] = weakref.WeakKeyDictionary()
        self._messages: weakref.WeakKeyDictionary[http.HTTPFlow, int] = weakref.WeakKeyDictionary()  # last index counted

    # -- options -------------------------------------------------------------------------------

    def load(self, loader: Any) -> None:
        declare_options(loader, METRICS_OPTIONS)

    def configure(self, updated: set[str]) -> None:
        from mitmproxy import ctx

        if not {METRICS_OPTION, HOSTS_OPTION} & updated:
            return
        try:
            listen = parse_listen(ctx.options.guardian_metrics)
        except SettingsError as e:
            raise exceptions.OptionsError(str(e)) from e
        hosts = bool(ctx.options.guardian_metrics_hosts)
        if listen != self.listen or hosts != self.hosts or (listen is not None) != (self._metrics is not None):
            self._stop()
            self.listen, self.hosts = listen, hosts
            if listen is not None:
                self._start(listen, hosts)

    def done(self) -> None:
        self._stop()

    @property
    def url(self) -> str | None:
        """Where the metrics are served now, or None when off."""
        if self._server is None:
            return None
        host, port = self._server.server_address[:2]
        host = f"[{host}]" if ":" in str(host) else str(host)
        return f"http://{host}:{port}/metrics"

    def _start(self, listen: MetricsListen, hosts: bool) -> None:
        try:
            from prometheus_client import CollectorRegistry, start_http_server
        except ImportError as e:
            raise exceptions.OptionsError(
                f"{METRICS_OPTION}: needs the prometheus_client package (pip install -c constraints.txt prometheus_client)"
            ) from e
        registry = CollectorRegistry()
        registry.register(_StateCollector(self.engine, self.restore))
        metrics = _DecisionMetrics(registry, hosts=hosts)
        try:
            self._server, self._thread = start_http_server(listen.port, addr=listen.host, registry=registry)
        except OSError as e:
            raise exceptions.OptionsError(f"{METRICS_OPTION}={listen.host}:{listen.port}: cannot serve the metrics: {e}") from e
        self.registry, self._metrics = registry, metrics
        log.info("guardian: Prometheus metrics at %s", self.url)

    def _stop(self) -> None:
        # A new registry on the next start: counts restart from zero, which Prometheus reads as a reset.
        self._metrics = None
        self.registry = None
        server, thread, self._server, self._thread = self._server, self._thread, None, None
        if server is not None:
            server.shutdown()
            server.server_close()
        if thread is not None:
            thread.join(STOP_WAIT_S)

    # -- hooks: after the deciding addons, so the record is there ------------------------------

    def requestheaders(self, flow: http.HTTPFlow) -> None:
        self._count(flow)  # a streamed upload, decided from its headers

    def request(self, flow: http.HTTPFlow) -> None:
        self._count(flow)

    def response(self, flow: http.HTTPFlow) -> None:
        self._count(flow)  # a record written by a hook after `request`: none today

    def error(self, flow: http.HTTPFlow) -> None:
        self._count(flow)

    def websocket_message(self, flow: http.HTTPFlow) -> None:
        metrics = self._metrics
        if metrics is None or flow.websocket is None:
            return
        records = flow.metadata.get(WEBSOCKET_METADATA_KEY)
        if not isinstance(records, list) or not records:
            return
        last = self._messages.get(flow, -1)
        new: list[tuple[int, RecordLine]] = []
        for record in reversed(records):  # the newest last: usually one step back, not the whole list
            message = record.get("message") if isinstance(record, Mapping) else None
            index = message.get("index") if isinstance(message, Mapping) else None
            if not isinstance(index, int) or index <= last:
                break
            if record.get("id", flow.id) == flow.id:
                new.append((index, record))
        for index, record in reversed(new):
            metrics.observe(read_record(record, hosts=self.hosts))
            self._messages[flow] = index

    def _count(self, flow: http.HTTPFlow) -> None:
        metrics = self._metrics
        if metrics is None:
            return
        record = flow.metadata.get(METADATA_KEY)
        if not isinstance(record, Mapping) or self._counted.get(flow) is record:
            return
        if record.get("id", flow.id) != flow.id:  # a copy's record (a replay): decided once, counted once
            return
        self._counted[flow] = record
        metrics.observe(read_record(record, hosts=self.hosts))
