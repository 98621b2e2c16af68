"""SSE responses are streamed; large uploads are decided from headers and streamed or refused."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from mitmproxy import exceptions, http
from mitmproxy.test import taddons, tflow

from guardian.addon import GuardianAddon
from guardian.addon.streaming import StreamGate, announces_no_large_body, upload_size
from guardian.pipeline import Pipeline
from guardian.rules import parse_rules

RULES = """\
version: 1
trusted: [trusted.example]
blocked:
  - domain: blocked.example
    reason: test block
domains:
  shop.example: {recipient: first_party, purposes: [functionality]}
"""


def _gate(rules: str = RULES) -> tuple[GuardianAddon, StreamGate]:
    guardian = GuardianAddon(Pipeline(parse_rules(rules)))
    return guardian, StreamGate(guardian)


def _upload(host: str, size: int | None, *, chunked: bool = False, path: str = "/upload") -> Any:
    flow = tflow.tflow()
    flow.request.method = "POST"
    flow.request.host = host
    flow.request.path = path
    flow.request.headers["Content-Type"] = "application/octet-stream"
    if size is not None:
        flow.request.headers["Content-Length"] = str(size)
    if chunked:
        del flow.request.headers["Content-Length"]
        flow.request.headers["Transfer-Encoding"] = "chunked"
    flow.request.data.content = None  # requestheaders: the body has not been read yet
    return flow


def _run(gate: StreamGate, flow: Any) -> None:
    asyncio.run(gate.requestheaders(flow))


@pytest.mark.parametrize(
    "headers,version,declared,chunked",
    [
        ({"content-length": "10"}, "HTTP/1.1", 10, False),
        ({"transfer-encoding": "chunked"}, "HTTP/1.1", None, True),
        ({}, "HTTP/2.0", None, False),
        ({"content-length": "x"}, "HTTP/1.1", None, False),
    ],
)
def test_upload_size(headers: dict[str, str], version: str, declared: int | None, chunked: bool) -> None:
    size = upload_size(http.Headers([(k.encode(), v.encode()) for k, v in headers.items()]), version)
    assert (size.declared, size.chunked) == (declared, chunked)


@pytest.mark.parametrize(
    "fields",
    [(), ((b"Content-Length", b"10"),), ((b"content-length", b"1000"),), ((b"Content-Length", b"1001"),),
     ((b"CONTENT-LENGTH", b" 10"),), ((b"Content-Length", b"10"), (b"Content-Length", b"10")),
     ((b"Transfer-Encoding", b"chunked"),), ((b"Transfer-Encoding", b"gzip"), (b"Content-Length", b"5")),
     ((b"Content-Length", b"-1"),), ((b"Content-Length", b"x"),), ((b"Accept", b"*/*"), (b"Content-Lengthy", b"99999"))],
)
@pytest.mark.parametrize("version", ["HTTP/1.1", "HTTP/2.0"])
def test_the_one_pass_check_never_lets_a_large_upload_through(fields: tuple[tuple[bytes, bytes], ...], version: str) -> None:
    # it may send an ordinary request to the full reading, never a large or unsized one past it
    if announces_no_large_body(fields, 1000):
        assert not upload_size(http.Headers(list(fields)), version).above(1000)


def test_the_one_pass_check_answers_the_usual_requests_itself() -> None:
    assert announces_no_large_body((), 1000)  # no body announced
    assert announces_no_large_body(((b"Host", b"a"), (b"Content-Length", b"1000")), 1000)
    assert not announces_no_large_body(((b"Content-Length", b"1001"),), 1000)


def test_small_upload_is_left_to_the_request_hook() -> None:
    guardian, gate = _gate()
    with taddons.context(guardian, gate) as tctx:
        tctx.configure(gate, guardian_stream_threshold=1000)
        flow = _upload("shop.example", 999)
        _run(gate, flow)
        assert not flow.request.stream and "guardian" not in flow.metadata


@pytest.mark.parametrize("host", ["shop.example", "trusted.example"])
def test_large_upload_is_streamed_and_recorded(host: str) -> None:
    guardian, gate = _gate()
    with taddons.context(guardian, gate) as tctx:
        tctx.configure(gate, guardian_stream_threshold=1000)
        flow = _upload(host, 5000)
        _run(gate, flow)
        assert flow.request.stream is True and flow.response is None
        record = flow.metadata["guardian"]
        assert record["decision"] == "allow"
        assert record["stream"] == {"declared_bytes": 5000, "chunked": False, "threshold": 1000,
                                    "body_inspected": False, "action": "streamed"}


def test_large_upload_to_a_blocked_host_gets_the_explained_403() -> None:
    guardian, gate = _gate()
    with taddons.context(guardian, gate) as tctx:
        tctx.configure(gate, guardian_stream_threshold=1000)
        flow = _upload("blocked.example", 5000)
        _run(gate, flow)
        assert flow.response.status_code == 403 and not flow.request.stream
        assert "test block" in json.loads(flow.response.content)["reason"]
        assert flow.metadata["guardian"]["stream"]["action"] == "blocked"


@pytest.mark.parametrize("size,chunked", [(10**9, False), (None, True)])
def test_refused_huge_or_unsized_upload_is_cut_off(size: int | None, chunked: bool) -> None:
    guardian, gate = _gate()
    with taddons.context(guardian, gate) as tctx:
        tctx.configure(gate, guardian_stream_threshold=1000)
        flow = _upload("blocked.example", size, chunked=chunked)
        _run(gate, flow)
        assert flow.error is not None and flow.response is None  # killed: nothing buffered, nothing sent
        assert flow.metadata["guardian"]["stream"]["action"] == "killed"


def test_opaque_bodies_deny_refuses_uninspectable_uploads() -> None:
    guardian, gate = _gate(RULES + "opaque_bodies: deny\n")
    with taddons.context(guardian, gate) as tctx:
        tctx.configure(gate, guardian_stream_threshold=1000)
        flow = _upload("shop.example", 5000)
        _run(gate, flow)
        assert flow.response.status_code == 403
        assert flow.metadata["guardian"]["rule"] == "opaque_bodies:deny"
        trusted = _upload("trusted.example", 5000)
        _run(gate, trusted)
        assert trusted.request.stream is True


def test_monitor_mode_streams_even_a_blocked_upload() -> None:
    guardian, gate = _gate()
    with taddons.context(guardian, gate) as tctx:
        tctx.configure(guardian, guardian_mode="monitor")
        tctx.configure(gate, guardian_stream_threshold=1000)
        flow = _upload("blocked.example", 5000)
        _run(gate, flow)
        assert flow.request.stream is True and flow.response is None
        assert flow.metadata["guardian"]["decision"] == "deny" and flow.metadata["guardian"]["enforced"] is False


def test_request_hook_skips_a_streamed_upload() -> None:
    guardian, gate = _gate()
    with taddons.context(guardian, gate) as tctx:
        tctx.configure(gate, guardian_stream_threshold=1000)
        flow = _upload("shop.example", 5000)
        _run(gate, flow)
        before = dict(flow.metadata["guardian"])
        asyncio.run(guardian.request(flow))
        assert flow.metadata["guardian"] == before


def test_bad_threshold_fails_at_configure() -> None:
    _, gate = _gate()
    with taddons.context(gate) as tctx:
        with pytest.raises(exceptions.OptionsError):
            tctx.configure(gate, guardian_stream_threshold=0)


@pytest.mark.parametrize(
    "content_type,streamed",
    [("text/event-stream", True), ("text/event-stream; charset=utf-8", True), ("application/json", False)],
)
def test_event_stream_responses_are_streamed(content_type: str, streamed: bool) -> None:
    _, gate = _gate()
    with taddons.context(gate):
        flow = tflow.tflow(resp=True)
        flow.response.headers["Content-Type"] = content_type
        gate.responseheaders(flow)
        assert bool(flow.response.stream) is streamed
