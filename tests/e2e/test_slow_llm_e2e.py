"""A slow LLM endpoint never holds up a flow: free text to an analytics collector, through a real
mitmdump whose LLM answers after 30 s. The fast attacker and the rule levels decide each flow, the
first one after the start included; the LLM is asked in the background."""

from __future__ import annotations

# Proxy and Upstream are the fixture types defined in conftest.py; annotations only.

import json
import time

import pytest

from lab.testing.stub_llm import Reply, StubLLM

pytestmark = pytest.mark.e2e

SLOW_LLM_S = 30.0
BEACON_HEADERS = {
    "Origin": "http://shop.test",
    "Sec-Fetch-Site": "cross-site",
    "Sec-Fetch-Mode": "no-cors",
    "Sec-Fetch-Dest": "empty",
    "Content-Type": "application/json",
}
NOTES = (
    "Please write to jane.doe.slowllm@example.org about my order soon",
    "I am a nurse in Tacoma, mail me at tom.rees.slowllm@example.com about my order",
    "Call Anna Berg at anna.berg.slowllm@example.net tomorrow about the broken printer",
)


def test_no_flow_waits_for_a_slow_llm(proxy_factory, upstream: Upstream) -> None:  # type: ignore[no-untyped-def]
    with StubLLM([Reply(json.dumps({"guesses": []}), delay=SLOW_LLM_S)]) as stub:
        proxy: Proxy = proxy_factory("slowllm", f"guardian_llm={stub.base_url}", "guardian_llm_format=json_object")
        upstream.take()
        started = time.monotonic()
        for note in NOTES:
            body = json.dumps({"event": "feedback", "note": note, "user": {"plan": "pro"}}).encode()
            status, _, _ = proxy.send("POST", "http://metrics.test/collect", body, BEACON_HEADERS)
            assert status == 200
        records = proxy.wait_audit(lambda r: len(r) >= len(NOTES))[-len(NOTES):]
        # Every flow was decided and forwarded before the LLM could answer even its first call: an
        # ordering with a 30 s margin, not a speed figure.
        assert time.monotonic() - started < SLOW_LLM_S
        for record in records:
            esc = record["anonymize"]["escalation"]  # type: ignore[index]
            assert record["decision"] == "transform"
            assert all(r.get("attacker") == "fast" for r in esc["rounds"])  # no LLM call on the request path
            assert esc["rounds"][0]["llm_background"]["attacker"] in ("asked", "pending")
        sent = b"".join(r.body for r in upstream.take())
        assert b"slowllm@" not in sent  # the rule levels rewrote the addresses without the LLM
