"""A slow LLM endpoint never holds up a flow: free text to an analytics collector, through a real
mitmdump whose LLM answers after 30 s. The fast attacker and the rule levels decide each flow, the
first one after the start included (less the fast attacker's own model load, which a proxy without
an LLM pays too); the LLM is asked in the background."""

from __future__ import annotations

# Proxy and Upstream are the fixture types defined in conftest.py; annotations only.

import json
import time

import pytest

from guardian.llm.stub import Reply, StubLLM

pytestmark = pytest.mark.e2e

SLOW_LLM_S = 30.0
QUICK_S = 1.5  # a flow that did not wait for the LLM
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
        took = []
        for note in NOTES:
            body = json.dumps({"event": "feedback", "note": note, "user": {"plan": "pro"}}).encode()
            t0 = time.monotonic()
            status, _, _ = proxy.send("POST", "http://metrics.test/collect", body, BEACON_HEADERS)
            took.append(time.monotonic() - t0)
            assert status == 200
        records = proxy.wait_audit(lambda r: len(r) >= len(NOTES))[-len(NOTES):]
        for record, seconds in zip(records, took):
            esc = record["anonymize"]["escalation"]  # type: ignore[index]
            first = esc["rounds"][0]
            assert record["decision"] == "transform" and first["attacker"] == "fast"
            assert first["llm_background"]["attacker"] in ("asked", "pending")
            # the fast attacker's own time is not an LLM wait: on the first flow it may still be
            # loading its model (warmed in the background from the start)
            fast_s = sum(r.get("fast_ms", 0.0) for r in esc["rounds"]) / 1000
            assert seconds - fast_s < QUICK_S, (took, fast_s)
        assert max(took[1:]) < QUICK_S, took
        sent = b"".join(r.body for r in upstream.take())
        assert b"slowllm@" not in sent  # the rule levels rewrote the addresses without the LLM
