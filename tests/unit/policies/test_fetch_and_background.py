"""Fetching against local servers: every bad input is a recorded outcome, never a crash or stall."""

from __future__ import annotations

import threading
import time

import pytest

from guardian.context import ContextResolver
from guardian.pipeline import Pipeline
from guardian.policies import PolicyFetchError
from guardian.policies.service import PolicyStore
from guardian.records import HttpRequest
from guardian.rules import parse_rules

from .conftest import FIXTURES, send, wait_until

POLICY = (FIXTURES / "shop_policy.html").read_bytes()


def _big(h) -> None:  # 50 MB, no Content-Length
    h.send_response(200)
    h.send_header("Content-Type", "text/html")
    h.end_headers()
    chunk = b"<p>" + b"a" * 65533 + b"\n"
    for _ in range(50 * 16):
        h.wfile.write(chunk)


def _slow(h) -> None:
    h.send_response(200)
    h.send_header("Content-Type", "text/html")
    h.end_headers()
    for _ in range(30):
        h.wfile.write(b"<p>we collect</p>")
        h.wfile.flush()
        time.sleep(0.5)


ROUTES = {
    "/ok": lambda h: send(h, POLICY),
    "/big": _big,
    "/declared-big": lambda h: send(h, b"x" * 10, headers={}) if False else (h.send_response(200), h.send_header("Content-Type", "text/html"), h.send_header("Content-Length", str(50 * 1024 * 1024)), h.end_headers()),
    "/pdf": lambda h: send(h, b"%PDF-1.7 binary", "application/pdf"),
    "/binary-as-html": lambda h: send(h, b"\x00\x01\x02" * 100, "text/html"),
    "/loop-a": lambda h: send(h, b"", status=302, headers={"Location": "/loop-b"}),
    "/loop-b": lambda h: send(h, b"", status=302, headers={"Location": "/loop-a"}),
    "/slow": _slow,
    "/shoes": lambda h: send(h, (FIXTURES / "no_policy.html").read_bytes()),
    "/de": lambda h: send(h, (FIXTURES / "policy_de.html").read_bytes()),
    "/md": lambda h: send(h, (FIXTURES / "shop_policy.md").read_bytes(), "text/markdown"),
}


@pytest.mark.parametrize(
    "path, outcome",
    [
        ("/big", "too_large"),
        ("/declared-big", "too_large"),
        ("/pdf", "not_text"),
        ("/binary-as-html", "not_text"),
        ("/loop-a", "redirect_loop"),
        ("/slow", "timeout"),
        ("/shoes", "no_policy_text"),
        ("/de", "other_language"),
        ("/missing", "http_404"),
    ],
)
def test_bad_input_is_a_recorded_outcome(server, store: PolicyStore, path: str, outcome: str) -> None:
    server.routes.update(ROUTES)
    with pytest.raises(PolicyFetchError) as err:
        store.fetch_now("shop.example", url=server.url(path))
    assert err.value.outcome == outcome
    state = store.db.fetch_state("shop.example")
    assert state is not None and state.outcome == outcome and state.failures == 1
    assert state.next_attempt_at > time.time()  # back-off
    assert store.lookup_site("shop.example", request_fetch=False)[0] == "failed"


def test_good_pages_are_stored_and_script_text_is_not(server, store: PolicyStore) -> None:
    server.routes.update(ROUTES)
    version = store.fetch_now("shop.example", url=server.url("/ok"))
    texts = " ".join(s.text for s in version.statements)
    assert "postal address with delivery service providers" in texts and "browsing history to advertisers" not in texts
    md = store.fetch_now("shop2.example", url=server.url("/md"))
    assert any("advertising partners" in s.text for s in md.statements)


def test_backoff_doubles(server, store: PolicyStore) -> None:
    server.routes.update(ROUTES)
    for _ in range(2):
        with pytest.raises(PolicyFetchError):
            store.fetch_now("shop.example", url=server.url("/pdf"))
    state = store.db.fetch_state("shop.example")
    assert state.failures == 2 and state.next_attempt_at - state.updated_at == pytest.approx(2 * store.backoff_base_s)


def test_discovery_well_known_then_home_page_links(server, store: PolicyStore) -> None:
    server.routes.update({"/": lambda h: send(h, (FIXTURES / "no_policy.html").read_bytes()), "/legal/privacy-notice": lambda h: send(h, POLICY)})
    store.base_url = lambda site: server.url("/")
    version = store.fetch_now("shop.example")
    assert version.url.endswith("/legal/privacy-notice")
    assert "/privacy" in server.hits and server.hits.index("/privacy") < server.hits.index("/legal/privacy-notice")


def test_user_rule_and_tracker_url_come_first(server, store: PolicyStore) -> None:
    server.routes.update({"/rule": lambda h: send(h, POLICY), "/owner": lambda h: send(h, POLICY)})

    class Trackers:
        def policy_url(self, host: str) -> str:
            return server.url("/owner")

    store.trackers = Trackers()
    assert store.fetch_now("shop.example").url.endswith("/owner")
    assert store.fetch_now("shop.example", first_url=server.url("/rule")).url.endswith("/rule")


def _request() -> HttpRequest:
    return HttpRequest(
        "POST", "http://shop.example/api/signup",
        headers=(("Origin", "http://shop.example"), ("Content-Type", "application/json")),
        body=b'{"email":"jane.doe@example.org"}',
    )


def test_first_flow_is_not_held_later_flows_use_the_policy(server, store: PolicyStore) -> None:
    release = threading.Event()

    def delayed(h) -> None:
        release.wait(10)
        send(h, POLICY)

    server.routes.update({"/delayed": delayed})
    store.base_url = lambda site: server.url("/")  # never the internet
    rules = parse_rules(f"policies:\n  shop.example: {server.url('/delayed')}\n")
    pipeline = Pipeline(rules, policy_store=store)
    store.start()
    try:
        first = pipeline.decide(_request()).line["transparency"]
        assert first["evidence"] == "none" and first["M_T"] == 1.3 and first["status"] == "unknown"
        assert pipeline.decide(_request()).line["transparency"]["status"] == "pending"  # the fetch waits on the server
        release.set()
        assert wait_until(lambda: pipeline.decide(_request()).line["transparency"]["evidence"] == "policy")
    finally:
        store.stop()
    record = pipeline.decide(_request()).line
    t = record["transparency"]
    assert t["status"] == "stored" and t["evidence_ids"] and t["policy"]["version"] >= 1
    assert t["signals"]["covers_category"] and t["M_T"] < 1.3
    assert record["risk"]["M_T"] == t["M_T"]


def test_pipeline_without_store_is_unchanged() -> None:
    t = Pipeline().decide(_request()).line["transparency"]
    assert t == {"evidence": "none", "M_T": 1.3}


def test_a_site_with_nothing_stored_is_not_looked_up_in_the_database_on_every_request(
    store: PolicyStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    import guardian.policies.service as service

    calls: list[str] = []
    latest = store.db.latest
    monkeypatch.setattr(store.db, "latest", lambda site: calls.append(site) or latest(site))
    for _ in range(5):
        assert store.lookup_site("nothing.example", request_fetch=False)[0] == "unknown"
    assert calls == ["nothing.example"]
    now = time.time()
    monkeypatch.setattr(service.time, "time", lambda: now + service.ABSENT_RECHECK_S + 1)
    store.lookup_site("nothing.example", request_fetch=False)
    assert calls == ["nothing.example"] * 2  # looked at again after a while
