"""The Prometheus metrics of a real mitmdump, scraped over HTTP on their own port."""

from __future__ import annotations

# Proxy and Upstream are the fixture types defined in conftest.py; annotations only.

import json
import urllib.request

import pytest
from prometheus_client.parser import text_string_to_metric_families

from guardian.llm.server import free_port

pytestmark = pytest.mark.e2e

EMAIL = "jane.doe.metrics-e2e@example.org"
PHONE = "+1 415 555 0199"
CARD = "4111 1111 1111 1111"
BEACON_HEADERS = {
    "Origin": "http://shop.test",
    "Sec-Fetch-Site": "cross-site",
    "Sec-Fetch-Mode": "no-cors",
    "Sec-Fetch-Dest": "empty",
    "Content-Type": "application/json",
}
SCRAPE_TIMEOUT_S = 10


def _scrape(port: int) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=SCRAPE_TIMEOUT_S) as resp:  # noqa: S310 - loopback
        return resp.read().decode()


def test_decisions_are_counted_and_served(proxy_factory, upstream: Upstream) -> None:  # type: ignore[no-untyped-def]
    port = free_port()
    # the default set-up: decisions made in the decision process, their records counted here
    proxy: Proxy = proxy_factory("metrics", f"guardian_metrics=127.0.0.1:{port}", "guardian_decision_process=auto")
    upstream.take()

    cart = json.dumps({"items": [{"sku": "A1", "qty": 2}]}).encode()
    assert proxy.send("POST", "http://shop.test/api/cart", cart, {"Content-Type": "application/json"})[0] == 200
    beacon = json.dumps({"event": "signup", "user": {"email": EMAIL}}).encode()
    assert proxy.send("POST", "http://metrics.test/collect", beacon, BEACON_HEADERS)[0] == 200
    pixel = json.dumps({"em": EMAIL, "ph": PHONE, "cc": CARD}).encode()
    assert proxy.send("POST", "http://ads.test/pixel", pixel, BEACON_HEADERS)[0] == 403
    assert proxy.send("GET", "http://cdn.blocked.test/lib.js")[0] == 403
    assert [r.target.split("/")[2] for r in upstream.take()] == ["shop.test", "metrics.test"]  # the rewrite went on
    assert [r["decision"] for r in proxy.wait_audit(lambda r: len(r) >= 4)][-4:] == ["allow", "transform", "deny", "deny"]

    text = _scrape(port)
    samples = {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }

    def value(name: str, **labels: str) -> float:
        return samples.get((name, tuple(sorted(labels.items()))), 0.0)

    decisions = {labels: v for (name, labels), v in samples.items() if name == "guardian_decisions_total"}
    assert decisions == {
        (("protocol", "http"), ("recipient", "first_party"), ("verdict", "allow")): 1,
        (("protocol", "http"), ("recipient", "analytics"), ("verdict", "transform")): 1,
        (("protocol", "http"), ("recipient", "advertising"), ("verdict", "deny")): 1,
        (("protocol", "http"), ("recipient", "none"), ("verdict", "deny")): 1,  # the blocked.test rule
    }
    assert value("guardian_decision_categories_total", verdict="transform", recipient="analytics", category="Email") == 1
    for category in ("Email", "Phone", "Financial"):
        assert value("guardian_decision_categories_total", verdict="deny", recipient="advertising", category=category) == 1
    assert value("guardian_decision_categories_total", verdict="allow", recipient="first_party", category="Email") == 0
    # the stage histograms: every decision has a total, the three the pipeline read a detect stage
    assert value("guardian_stage_seconds_count", stage="total") == 4
    assert value("guardian_stage_seconds_count", stage="detect") == 3
    assert value("guardian_stage_seconds_bucket", stage="detect", le="+Inf") == 3
    assert value("guardian_decision_process_up") == 1
    assert value("guardian_fail_mode_total", cause="timeout", verdict="deny") == 0
    assert ("guardian_vault_values", ()) in samples and ("guardian_pool_capacity", ()) in samples
    assert "host=" not in text  # no host label unless guardian_metrics_hosts asks for it
    for planted in (EMAIL, "jane.doe", "4111", "555 0199", "5550199"):
        assert planted not in text
