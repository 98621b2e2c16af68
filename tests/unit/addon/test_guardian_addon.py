"""The addon's options, hooks and fail modes, driven like mitmproxy's own addon tests."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import pytest
from mitmproxy import exceptions
from mitmproxy.test import taddons, tflow

from guardian.addon import GuardianAddon
from guardian.codecs import RequestRewrite
from guardian.decision_record import DecisionRecord
from guardian.errors import SlowPathNeeded
from guardian.pipeline import Decision
from guardian.records import HttpRequest, Verdict


class ScriptedPipeline:
    """Returns a fixed outcome, raises, or blocks until released: the addon's view of a pipeline.

    `fast`: the outcome comes from the inline fast path; otherwise `decide_fast` asks for the
    pool, as a request with prose (NER) does."""

    def __init__(
        self, outcome: Decision | None = None, *, error: Exception | None = None, hang: bool = False, fast: bool = False
    ) -> None:
        self.outcome, self.error, self.hang, self.fast = outcome, error, hang, fast
        self.release = threading.Event()
        self.seen: list[HttpRequest] = []
        self.pooled = 0

    def decide_fast(self, request: HttpRequest, session: object = None, chat: object = None) -> Decision:
        if not self.fast:
            raise SlowPathNeeded("detect", "scripted")
        return self._answer(request)

    def decide(self, request: HttpRequest, session: object = None, chat: object = None) -> Decision:
        self.pooled += 1
        return self._answer(request)

    def _answer(self, request: HttpRequest) -> Decision:
        self.seen.append(request)
        if self.hang:
            self.release.wait(5)
        if self.error:
            raise self.error
        assert self.outcome is not None
        return self.outcome


def _outcome(verdict: Verdict, rewrite: RequestRewrite | None = None) -> Decision:
    reason = "Email to advertising: risk 0.90"
    record = DecisionRecord(
        method="POST", host="address", path="/path", decision=verdict, reason=reason,
        findings=({"category": "Email", "value_hash": "00"},),
    )
    return Decision(verdict, record, reason, rewrite)


def _flow() -> Any:
    flow = tflow.tflow()
    flow.request.method = "POST"
    flow.request.content = b'{"email":"jane@example.org"}'
    return flow


def _run(addon: GuardianAddon, flow: Any) -> None:
    asyncio.run(addon.request(flow))


def test_allow_leaves_the_request_alone() -> None:
    addon = GuardianAddon(ScriptedPipeline(_outcome(Verdict.ALLOW)))
    with taddons.context(addon):
        flow = _flow()
        before = flow.request.get_state()
        _run(addon, flow)
        assert flow.request.get_state() == before
        assert flow.response is None
        assert flow.metadata["guardian"]["decision"] == "allow"


def test_deny_answers_403_and_explains() -> None:
    addon = GuardianAddon(ScriptedPipeline(_outcome(Verdict.DENY)))
    with taddons.context(addon):
        flow = _flow()
        _run(addon, flow)
        assert flow.response.status_code == 403
        assert flow.response.headers["X-Guardian-Decision"] == "deny"
        assert flow.response.headers["X-Guardian-Reason"].startswith("Email to advertising")
        body = json.loads(flow.response.content)
        assert body["categories"] == ["Email"] and "trusted:" in body["override"]
        assert flow.metadata["guardian"]["enforced"] is True


def test_deny_of_a_page_load_is_html() -> None:
    addon = GuardianAddon(ScriptedPipeline(_outcome(Verdict.DENY)))
    with taddons.context(addon):
        flow = _flow()
        flow.request.headers["Sec-Fetch-Dest"] = "document"
        _run(addon, flow)
        assert flow.response.headers["Content-Type"].startswith("text/html")
        assert b"Blocked by GuardianAgent" in flow.response.content


def test_a_block_is_readable_by_the_page_that_sent_it() -> None:
    addon = GuardianAddon(ScriptedPipeline(_outcome(Verdict.DENY)))
    with taddons.context(addon):
        flow = _flow()
        flow.request.headers["Origin"] = "https://shop.example"
        flow.request.headers["Cookie"] = "sid=1"
        _run(addon, flow)
        headers = flow.response.headers
        assert flow.response.status_code == 403
        assert headers["Access-Control-Allow-Origin"] == "https://shop.example"
        assert headers["Access-Control-Allow-Credentials"] == "true"
        assert "X-Guardian-Decision" in headers["Access-Control-Expose-Headers"]


def test_a_block_without_an_origin_has_no_cors_headers() -> None:
    addon = GuardianAddon(ScriptedPipeline(_outcome(Verdict.DENY)))
    with taddons.context(addon):
        flow = _flow()
        _run(addon, flow)
        assert "Access-Control-Allow-Origin" not in flow.response.headers


def test_a_preflight_for_a_blocked_request_is_answered_by_the_proxy_never_denied() -> None:
    addon = GuardianAddon(ScriptedPipeline(_outcome(Verdict.DENY), fast=True))
    with taddons.context(addon):
        flow = tflow.tflow()
        flow.request.method = "OPTIONS"
        flow.request.content = b""
        flow.request.headers["Origin"] = "https://shop.example"
        flow.request.headers["Access-Control-Request-Method"] = "POST"
        flow.request.headers["Access-Control-Request-Headers"] = "content-type,x-api-key"
        _run(addon, flow)
        headers = flow.response.headers
        assert flow.response.status_code == 204
        assert headers["Access-Control-Allow-Origin"] == "https://shop.example"
        assert headers["Access-Control-Allow-Methods"] == "POST"
        assert headers["Access-Control-Allow-Headers"] == "content-type,x-api-key"
        assert headers["Access-Control-Allow-Credentials"] == "true"
        assert flow.metadata["guardian"]["preflight"] == "answered by the proxy"


def test_a_preflight_that_is_allowed_goes_to_the_destination() -> None:
    addon = GuardianAddon(ScriptedPipeline(_outcome(Verdict.ALLOW), fast=True))
    with taddons.context(addon):
        flow = tflow.tflow()
        flow.request.method = "OPTIONS"
        flow.request.content = b""
        flow.request.headers["Access-Control-Request-Method"] = "POST"
        _run(addon, flow)
        assert flow.response is None


def test_transform_rewrites_body_query_and_length() -> None:
    new_body = b'{"email":"***@example.org"}'
    rewrite = RequestRewrite(
        url="http://address:22/path?em=%2A%2A%2A", body=new_body, headers=(("content-length", str(len(new_body))),)
    )
    addon = GuardianAddon(ScriptedPipeline(_outcome(Verdict.TRANSFORM, rewrite)))
    with taddons.context(addon):
        flow = _flow()
        _run(addon, flow)
        assert flow.request.raw_content == new_body
        assert flow.request.headers["content-length"] == str(len(new_body))
        assert flow.request.path == "/path?em=%2A%2A%2A"
        assert flow.response is None


def test_monitor_mode_changes_nothing() -> None:
    addon = GuardianAddon(ScriptedPipeline(_outcome(Verdict.DENY)))
    with taddons.context(addon) as tctx:
        tctx.configure(addon, guardian_mode="monitor")
        flow = _flow()
        _run(addon, flow)
        assert flow.response is None
        assert flow.metadata["guardian"]["decision"] == "deny"
        assert flow.metadata["guardian"]["enforced"] is False


@pytest.mark.parametrize("fail, blocked", [("closed", True), ("open", False)])
def test_pipeline_error_applies_the_fail_mode(fail: str, blocked: bool) -> None:
    addon = GuardianAddon(ScriptedPipeline(error=ValueError("boom jane@example.org")))
    with taddons.context(addon) as tctx:
        tctx.configure(addon, guardian_fail=fail)
        flow = _flow()
        _run(addon, flow)
        assert (flow.response is not None and flow.response.status_code == 403) is blocked
        record = flow.metadata["guardian"]
        assert record["error"]["type"] == "ValueError"
        assert "jane@example.org" not in json.dumps(record)  # the message may quote data: never kept


def test_timeout_applies_the_fail_mode() -> None:
    pipeline = ScriptedPipeline(_outcome(Verdict.ALLOW), hang=True)
    addon = GuardianAddon(pipeline)
    with taddons.context(addon) as tctx:
        tctx.configure(addon, guardian_timeout="0.05", guardian_fail="closed")
        flow = _flow()
        _run(addon, flow)
        pipeline.release.set()
        assert flow.response.status_code == 403
        assert flow.metadata["guardian"]["error"] == {"timeout": True}


def test_hook_guards_skip_answered_and_dead_flows() -> None:
    pipeline = ScriptedPipeline(_outcome(Verdict.DENY))
    addon = GuardianAddon(pipeline)
    with taddons.context(addon):
        answered = tflow.tflow(resp=True)
        _run(addon, answered)
        dead = _flow()
        dead.live = False
        _run(addon, dead)
        assert pipeline.seen == []


def test_audit_log_gets_one_line_per_flow(tmp_path: Path) -> None:
    addon = GuardianAddon(ScriptedPipeline(_outcome(Verdict.DENY)))
    audit = tmp_path / "audit.jsonl"
    with taddons.context(addon) as tctx:
        tctx.configure(addon, guardian_audit=str(audit))
        _run(addon, _flow())
        _run(addon, _flow())
    addon.done()  # flushes the buffered audit writer
    lines = audit.read_text().splitlines()
    assert len(lines) == 2 and json.loads(lines[0])["decision"] == "deny"


@pytest.mark.parametrize(
    "option, value",
    [("guardian_mode", "loud"), ("guardian_fail", "sideways"), ("guardian_timeout", "0"), ("guardian_max_body", 0)],
)
def test_bad_options_fail_at_configure(option: str, value: object) -> None:
    addon = GuardianAddon()
    with taddons.context(addon) as tctx:
        with pytest.raises(exceptions.OptionsError):
            tctx.configure(addon, **{option: value})


def test_bad_rules_file_fails_at_configure_naming_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "rules.yaml"
    bad.write_text("version: 1\ntrusted:\n  - not a domain\n")
    addon = GuardianAddon()
    with taddons.context(addon) as tctx:
        with pytest.raises(exceptions.OptionsError, match=r"rules.yaml:3:"):
            tctx.configure(addon, guardian_rules=str(bad))


def test_matcher_option_picks_system1_encoder() -> None:
    addon = GuardianAddon()
    with taddons.context(addon) as tctx:
        tctx.configure(addon)
        assert addon.pipeline is not None and addon.pipeline.matcher.s1.encoder.name == "multihot"
        tctx.configure(addon, guardian_matcher="minilm")
        assert addon.pipeline.matcher.s1.encoder.name == "minilm"
        with pytest.raises(exceptions.OptionsError, match="OPP-115"):
            tctx.configure(addon, guardian_matcher="minilm-lora")  # an opt-in: no weights ship
        with pytest.raises(Exception, match="guardian_matcher"):
            tctx.configure(addon, guardian_matcher="hybrid")  # no weights at all
    addon.done()


def test_cheap_requests_are_decided_inline_without_the_pool() -> None:
    pipeline = ScriptedPipeline(_outcome(Verdict.ALLOW), fast=True)
    addon = GuardianAddon(pipeline)
    with taddons.context(addon):
        flow = _flow()
        _run(addon, flow)
        assert pipeline.pooled == 0 and addon.decider.in_pool == 0
        assert flow.metadata["guardian"]["decision"] == "allow"


def test_a_full_pool_fails_the_costly_request_alone() -> None:
    slow = ScriptedPipeline(_outcome(Verdict.ALLOW), hang=True)
    fast = ScriptedPipeline(_outcome(Verdict.ALLOW), fast=True)
    addon = GuardianAddon(slow)

    async def scenario() -> tuple[list[Any], Any]:
        costly = [_flow() for _ in range(addon.decider.capacity + 3)]
        waiting = [asyncio.create_task(addon.request(f)) for f in costly]
        await asyncio.sleep(0.2)  # every pool slot is taken by a hanging decision
        addon.engine.pipeline = fast
        cheap = _flow()
        await addon.request(cheap)
        slow.release.set()
        await asyncio.gather(*waiting)
        return costly, cheap

    with taddons.context(addon) as tctx:
        tctx.configure(addon, guardian_timeout="5", guardian_fail="closed")
        costly, cheap = asyncio.run(scenario())
    assert cheap.response is None and cheap.metadata["guardian"]["decision"] == "allow"
    overloaded = [f for f in costly if f.metadata["guardian"].get("error") == {"overload": True}]
    assert len(overloaded) == 3 and all(f.response.status_code == 403 for f in overloaded)
    addon.done()
