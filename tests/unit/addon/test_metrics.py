"""The metrics addon: what it counts, with which labels, what it never shows, and its options."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from mitmproxy import exceptions
from mitmproxy.test import taddons, tflow
from mitmproxy.websocket import WebSocketMessage
from prometheus_client.parser import text_string_to_metric_families

from guardian.addon import GuardianAddon
from guardian.addon.metrics import MetricsListen, MetricsServer, parse_listen, read_record
from guardian.addon.restore import ChatRestore
from guardian.addon.websocket import WebSocketGuard
from guardian.decision_record import DecisionRecord
from guardian.errors import SettingsError
from guardian.pipeline import Decision, Pipeline
from guardian.records import HttpRequest, Verdict
from guardian.rules import parse_rules

EMAIL = "jane.doe.metrics@example.org"
PHONE = "+1 415 555 0199"
RULES = """
version: 1
domains:
  shop.test: {recipient: first_party, purposes: [functionality]}
  metrics.test: {recipient: analytics, purposes: [analytics]}
  ads.test: {recipient: advertising, purposes: [advertising]}
"""
# What Chrome sends for navigator.sendBeacon() from http://shop.test to another site.
BEACON_HEADERS = {"Origin": "http://shop.test", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "empty"}
ON = "127.0.0.1:0"  # a free port: the tests read the bound one from `url`
Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(parse_rules(RULES))  # built once: the matcher and classifier take seconds


def _flow(host: str, *, path: str = "/collect") -> Any:
    flow = tflow.tflow()
    flow.request.host = host
    flow.request.method = "POST"
    flow.request.path = path
    flow.request.headers.update({**BEACON_HEADERS, "Content-Type": "application/json"})
    flow.request.content = json.dumps({"em": EMAIL, "ph": PHONE}).encode()
    return flow


def _decide(guardian: GuardianAddon, metrics: MetricsServer, flow: Any) -> None:
    """The hooks in the proxy's order: the decision addon's request hook, then the metrics'."""
    asyncio.run(guardian.request(flow))
    metrics.request(flow)


def _scrape(metrics: MetricsServer) -> str:
    assert metrics.url is not None
    with urllib.request.urlopen(metrics.url, timeout=10) as resp:  # noqa: S310 - loopback
        return resp.read().decode()


def _samples(text: str) -> Samples:
    out: Samples = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def _value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


@pytest.fixture
def served(pipeline: Pipeline) -> Iterator[tuple[GuardianAddon, MetricsServer, Any]]:
    guardian = GuardianAddon(pipeline)
    metrics = MetricsServer(guardian)
    with taddons.context(guardian, metrics) as tctx:
        tctx.configure(metrics, guardian_metrics=ON)
        try:
            yield guardian, metrics, tctx
        finally:
            metrics.done()


# -- the option -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value, expected",
    [
        ("off", None), ("OFF", None), ("", None),
        ("9464", MetricsListen("127.0.0.1", 9464)),
        ("0.0.0.0:9464", MetricsListen("0.0.0.0", 9464)),
        ("localhost:0", MetricsListen("localhost", 0)),
        ("[::1]:9464", MetricsListen("::1", 9464)),
    ],
)
def test_parse_listen(value: str, expected: MetricsListen | None) -> None:
    assert parse_listen(value) == expected


@pytest.mark.parametrize("value", ["on", "70000", "-1", "::1:9464", "[host]:9464", ":9464", "host:", "a b:9464", "9464/metrics"])
def test_parse_listen_rejects(value: str) -> None:
    with pytest.raises(SettingsError, match="guardian_metrics="):
        parse_listen(value)


def test_bad_option_value_fails_at_configure_naming_the_option() -> None:
    metrics = MetricsServer(GuardianAddon())
    with taddons.context(metrics) as tctx:
        with pytest.raises(exceptions.OptionsError, match="guardian_metrics='nine'"):
            tctx.configure(metrics, guardian_metrics="nine")
        assert metrics.url is None


def test_off_by_default_serves_and_counts_nothing(pipeline: Pipeline) -> None:
    guardian = GuardianAddon(pipeline)
    metrics = MetricsServer(guardian)
    with taddons.context(guardian, metrics):
        assert metrics.url is None and metrics.registry is None
        flow = _flow("ads.test")
        _decide(guardian, metrics, flow)  # no error, nothing kept
        assert metrics.registry is None


def test_done_stops_the_server(served: tuple[GuardianAddon, MetricsServer, Any]) -> None:
    _, metrics, _ = served
    url = metrics.url
    assert url is not None and "guardian_pool_capacity" in _scrape(metrics)
    metrics.done()
    assert metrics.url is None
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(url, timeout=5)  # noqa: S310 - loopback


# -- what is counted --------------------------------------------------------------------------


def test_decisions_by_verdict_recipient_and_category(served: tuple[GuardianAddon, MetricsServer, Any]) -> None:
    guardian, metrics, _ = served
    flows = {host: _flow(host) for host in ("shop.test", "metrics.test", "ads.test")}
    for flow in flows.values():
        _decide(guardian, metrics, flow)
    verdicts = {host: flow.metadata["guardian"]["decision"] for host, flow in flows.items()}
    assert verdicts == {"shop.test": "allow", "metrics.test": "transform", "ads.test": "deny"}
    samples = _samples(_scrape(metrics))
    for verdict, recipient in (("allow", "first_party"), ("transform", "analytics"), ("deny", "advertising")):
        assert _value(samples, "guardian_decisions_total", verdict=verdict, recipient=recipient, protocol="http") == 1
        for category in ("Email", "Phone"):
            assert _value(samples, "guardian_decision_categories_total", verdict=verdict, recipient=recipient, category=category) == 1
    assert _value(samples, "guardian_stage_seconds_count", stage="detect") == 3
    assert _value(samples, "guardian_stage_seconds_count", stage="anonymize") == 1  # the rewrite only
    assert _value(samples, "guardian_stage_seconds_bucket", stage="total", le="+Inf") == 3
    assert not any(dict(labels).get("host") for _, labels in samples)  # no host label unless asked for


def test_each_decision_is_counted_once_whatever_hooks_follow(served: tuple[GuardianAddon, MetricsServer, Any]) -> None:
    guardian, metrics, _ = served
    denied = _flow("ads.test")  # blocked: the proxy answers it, the upstream never does
    _decide(guardian, metrics, denied)
    metrics.response(denied)
    metrics.error(denied)
    replay = denied.copy()  # a copy carries the record, but was not decided again
    metrics.request(replay)
    metrics.response(replay)
    samples = _samples(_scrape(metrics))
    assert _value(samples, "guardian_decisions_total", verdict="deny", recipient="advertising", protocol="http") == 1


def test_host_label_only_with_the_option_and_only_the_registrable_domain(
    served: tuple[GuardianAddon, MetricsServer, Any],
) -> None:
    guardian, metrics, tctx = served
    tctx.configure(metrics, guardian_metrics_hosts=True)
    _decide(guardian, metrics, _flow("pixel.eu.ads.test"))
    samples = _samples(_scrape(metrics))
    assert _value(samples, "guardian_decisions_total", verdict="deny", recipient="advertising", protocol="http", host="ads.test") == 1
    assert _value(samples, "guardian_decision_categories_total", verdict="deny", recipient="advertising", category="Email",
                  host="ads.test") == 1
    assert "pixel.eu" not in _scrape(metrics)


def test_nothing_personal_in_the_exposition_text(pipeline: Pipeline) -> None:
    guardian = GuardianAddon(pipeline)
    restore = ChatRestore(guardian)
    metrics = MetricsServer(guardian, restore)
    with taddons.context(guardian, restore, metrics) as tctx:
        tctx.configure(metrics, guardian_metrics=ON, guardian_metrics_hosts=True)
        try:
            assert restore.vault is not None
            restore.vault.conversation("conversation-key").pseudonym(EMAIL, "EMAIL_ADDRESS", "tags")
            for host in ("shop.test", "metrics.test", "ads.test"):
                _decide(guardian, metrics, _flow(host, path=f"/u/{EMAIL}/track?em={EMAIL}&ph=4155550199"))
            text = _scrape(metrics)
        finally:
            metrics.done()
    assert "guardian_decisions_total" in text and "guardian_vault_values 1.0" in text
    for planted in (EMAIL, "jane.doe", "example.org", "4155550199", "555 0199", "conversation-key"):
        assert planted not in text


def test_fail_mode_counted_by_cause(served: tuple[GuardianAddon, MetricsServer, Any]) -> None:
    class Broken:
        def decide_fast(self, request: HttpRequest, session: object = None, chat: object = None) -> Decision:
            raise RuntimeError("stage failed on " + request.url)

        decide = decide_fast

    guardian, metrics, tctx = served
    broken = GuardianAddon(Broken())  # type: ignore[arg-type]
    flow = _flow("metrics.test")
    asyncio.run(broken.request(flow))
    metrics.request(flow)
    samples = _samples(_scrape(metrics))
    assert _value(samples, "guardian_fail_mode_total", cause="error", verdict="deny") == 1  # guardian_fail=closed
    assert _value(samples, "guardian_decisions_total", verdict="deny", recipient="none", protocol="http") == 1


@pytest.mark.parametrize(
    "error, cause",
    [({"timeout": True}, "timeout"), ({"overload": True}, "overload"), ({"type": "RuntimeError", "where": "x.py:f:1"}, "error"), (None, None)],
)
def test_read_record_failure_cause(error: dict[str, object] | None, cause: str | None) -> None:
    record = {"decision": "deny", "recipient": None, "categories": [], "ms": {}, "host": "a.test", "error": error}
    assert read_record({k: v for k, v in record.items() if v is not None}).failure == cause


def test_read_record_keeps_only_closed_label_values() -> None:
    record = {
        "decision": EMAIL, "recipient": EMAIL, "categories": ["Email", EMAIL], "protocol": "websocket",
        "ms": {"detect": 2.0, EMAIL: 1.0, "Total": 1.0, "risk": float("nan"), "rules": "1"}, "host": f"{EMAIL}.test",
    }
    m = read_record(record)
    assert (m.verdict, m.recipient, m.categories, m.protocol, m.host) == ("other", "other", ("Email", "other"), "websocket", None)
    assert m.stages == (("detect", 0.002),)


def test_websocket_messages_counted_once_each(served: tuple[GuardianAddon, MetricsServer, Any]) -> None:
    class Scripted:
        def decide_fast(self, request: HttpRequest, session: object = None, chat: object = None) -> Decision:
            record = DecisionRecord(method=request.method, host=request.host, path="/ws", decision=Verdict.ALLOW,
                                    reason="scripted", findings=({"category": "Email"},))
            return Decision(Verdict.ALLOW, record, "scripted", None)

        decide = decide_fast

    _, metrics, _ = served
    guard = WebSocketGuard(GuardianAddon(Scripted()))  # type: ignore[arg-type]
    flow = tflow.twebsocketflow(messages=False)
    flow.websocket.messages = []
    for n in range(3):
        flow.websocket.messages.append(WebSocketMessage(1, True, json.dumps({"msg": n, "to": EMAIL}).encode()))
        asyncio.run(guard.websocket_message(flow))
        metrics.websocket_message(flow)
        metrics.websocket_message(flow)  # a second call adds nothing
    samples = _samples(_scrape(metrics))
    assert _value(samples, "guardian_decisions_total", verdict="allow", recipient="none", protocol="websocket") == 3
    assert _value(samples, "guardian_decision_categories_total", verdict="allow", recipient="none", category="Email") == 3


def test_state_read_at_scrape_time(served: tuple[GuardianAddon, MetricsServer, Any]) -> None:
    guardian, metrics, _ = served
    samples = _samples(_scrape(metrics))
    assert _value(samples, "guardian_pool_capacity") == guardian.decider.capacity
    assert _value(samples, "guardian_decision_process_up") == 0
    assert _value(samples, "guardian_decision_process_restarts_total") == 0
    assert _value(samples, "guardian_sessions") == 0 and _value(samples, "guardian_session_entries") == 0
    guardian.sessions.get("addr:127.0.0.1")
    samples = _samples(_scrape(metrics))
    assert _value(samples, "guardian_sessions") == 1 and _value(samples, "guardian_sessions_expired_total") == 0
    assert _value(samples, "guardian_learned_keys") == 0
    guardian.process.started = 3  # the first child and two restarts
    samples = _samples(_scrape(metrics))
    assert _value(samples, "guardian_decision_process_restarts_total") == 2
    assert ("guardian_vault_values", ()) not in samples  # no AI-chat addon given


def test_store_health_read_at_scrape_time(served: tuple[GuardianAddon, MetricsServer, Any], tmp_path: Any) -> None:
    import time

    from guardian.store import SQLiteStore, StoreUnavailable, WriteQueue

    _, metrics, _ = served
    store = SQLiteStore(tmp_path / "vault.sqlite3", component="vault")

    def down() -> None:
        raise StoreUnavailable("vault.sqlite3: database is locked")

    queue = WriteQueue("vault", gate=store.gate, max_items=2, retry_s=60)
    try:
        store.gate.failed(StoreUnavailable("vault.sqlite3: database is locked"), write=True)  # as a backend reports it
        for i in range(3):
            queue.put(f"w{i}", down)
        deadline = time.monotonic() + 10
        while queue.failures < 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        samples = _samples(_scrape(metrics))
        assert _value(samples, "guardian_store_state", store="vault", state="down") == 1  # the worst of the vault's stores
        assert _value(samples, "guardian_store_state", store="vault", state="ok") == 0
        assert _value(samples, "guardian_store_queued_writes", store="vault") >= 2
        assert _value(samples, "guardian_store_dropped_writes_total", store="vault") >= 1
        assert _value(samples, "guardian_store_write_retries_total", store="vault") >= 1
        assert ("guardian_store_reads_from_memory_total", (("store", "vault"),)) in samples
    finally:
        queue.close(0)
        store.close()


def test_background_llm_calls_are_read_from_the_record_with_closed_labels() -> None:
    record = {
        "decision": "transform",
        "anonymize": {"escalation": {"rounds": [
            {"llm_background": {"attacker": "asked"}},
            {"llm_background": {"attacker": "pending"}, "rewrite": {"llm_background": {"l4": "dropped"}}},
            {"llm_remembered": ["attacker"], "llm_background": {"jane@x.org": "secret-status"}},
        ]}},
        "likelihood": {"source": "fallback", "s2_background": "asked"},
    }
    calls = sorted(read_record(record).llm_calls)
    assert calls == sorted([("attacker", "asked"), ("attacker", "pending"), ("l4", "dropped"),
                            ("attacker", "remembered"), ("other", "other"), ("system2", "asked")])
    assert read_record({"decision": "allow"}).llm_calls == ()
