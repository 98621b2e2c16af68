"""Bodies that must not be buffered: server-sent events and large uploads.

- A `text/event-stream` response is streamed to the client as it arrives (`responseheaders`),
  so live updates are never held back until the stream ends.
- An upload whose declared size is above `guardian_stream_threshold` (or whose size is unknown:
  HTTP/1.1 chunked) is decided in `requestheaders`, from the URL, headers and rules alone, and
  then streamed: its body is never held in memory. Trusted hosts pass; blocked hosts, a
  pipeline deny (the URL query and context alone), or `opaque_bodies: deny` refuse it; anything
  else passes with its query rewritten when the pipeline says transform. A refused upload gets
  the explained 403 when its declared size is at most `guardian_max_body` (mitmproxy reads and
  discards a body it answers before reading, so that much is bounded); a larger or unsized one
  is cut off (connection killed) with the reason in the log and audit record.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from mitmproxy import http

from guardian.addon.enforce import block_response, enforce_and_record
from guardian.addon.shared import DecideView, check_own_options, flow_request, wants_html
from guardian.codecs import RequestRewrite
from guardian.records import Verdict
from guardian.settings import DEFAULT_STREAM_THRESHOLD, declare_options

__all__ = ["StreamGate", "UploadSize", "upload_size", "announces_no_large_body", "is_event_stream", "DEFAULT_STREAM_THRESHOLD"]

log = logging.getLogger("guardian")


@dataclass(frozen=True)
class UploadSize:
    """What the request headers say about the body size."""

    declared: int | None  # Content-Length, when present and valid
    chunked: bool  # HTTP/1.1 Transfer-Encoding: chunked with no Content-Length: size unknown

    def above(self, threshold: int) -> bool:
        return self.chunked or (self.declared is not None and self.declared > threshold)


def upload_size(headers: Any, http_version: str = "HTTP/1.1") -> UploadSize:
    """The body size a request announces. HTTP/2 bodies without Content-Length count as unknown-small."""
    raw = headers.get("content-length")
    declared = None
    if raw is not None:
        try:
            declared = int(raw.strip())
        except ValueError:
            declared = None
    chunked = (
        declared is None
        and http_version.startswith("HTTP/1")
        and "chunked" in headers.get("transfer-encoding", "").lower()
    )
    return UploadSize(declared if declared is not None and declared >= 0 else None, chunked)


def announces_no_large_body(fields: tuple[tuple[bytes, bytes], ...], threshold: int) -> bool:
    """Whether a request's raw header fields show no body or one of at most `threshold` bytes, in
    one pass over them (mitmproxy's `headers.get` scans and lower-cases every header per lookup,
    and every request asks). Anything unusual (two lengths, a transfer coding, a length that is
    not plain digits) returns False: `upload_size` then reads the headers properly."""
    length = None
    for name, value in fields:
        size = len(name)
        if size == 14 and name.lower() == b"content-length":
            if length is not None:
                return False
            length = value
        elif size == 17 and name.lower() == b"transfer-encoding":
            return False
    return length is None or (length.isdigit() and int(length) <= threshold)


def is_event_stream(response: http.Response) -> bool:
    return response.headers.get("content-type", "").split(";")[0].strip().lower() == "text/event-stream"


class StreamGate:
    """Streams SSE responses and decides large uploads from their headers."""

    def __init__(self, engine: DecideView) -> None:
        self.engine = engine  # settings, the pipeline in force, decide, record

    def load(self, loader: Any) -> None:
        declare_options(loader, ("guardian_stream_threshold",))

    def configure(self, updated: set[str]) -> None:
        check_own_options(updated, ("guardian_stream_threshold",))

    @property
    def threshold(self) -> int:
        return self.engine.settings.stream_threshold

    # -- responses -----------------------------------------------------------------------------

    def responseheaders(self, flow: http.HTTPFlow) -> None:
        if flow.response is None or flow.error:
            return
        if is_event_stream(flow.response) and not flow.response.stream:
            flow.response.stream = True
            flow.metadata["guardian_stream"] = "response:text/event-stream"

    # -- large uploads -------------------------------------------------------------------------

    async def requestheaders(self, flow: http.HTTPFlow) -> None:
        if flow.response or flow.error or not flow.live:
            return
        if "guardian" in flow.metadata or flow.request.stream:
            return
        if announces_no_large_body(flow.request.headers.fields, self.threshold):
            return  # most requests: decided in `request`, from the body read whole
        size = upload_size(flow.request.headers, flow.request.http_version)
        if not size.above(self.threshold):
            return
        engine = self.engine
        pipeline = engine.current_pipeline()  # an edited rules file applies to uploads too
        if pipeline is None:
            return
        request = flow_request(flow, body=b"")  # not read: decided from the URL, headers and rules alone
        decision = await engine.decide(pipeline, request, await engine.session_of(flow))
        record, verdict, reason = decision.record, decision.verdict, decision.reason
        trusted = (record.rule or "").startswith("trusted:")
        if verdict is not Verdict.DENY and not trusted and pipeline.rules.opaque_bodies == "deny":
            verdict = Verdict.DENY
            reason = (
                f"an upload of {self._size_text(size)} is above guardian_stream_threshold and cannot be "
                "inspected, and opaque bodies are denied by rule"
            )
            record = dataclasses.replace(record, decision=verdict, reason=reason, rule="opaque_bodies:deny")
        stream: dict[str, Any] = {
            "declared_bytes": size.declared,
            "chunked": size.chunked,
            "threshold": self.threshold,
            "body_inspected": False,
        }

        def deny() -> dict[str, Any]:
            if size.declared is not None and size.declared <= engine.settings.max_body:
                flow.response = block_response(
                    request.host, reason, record.as_dict(), html=wants_html(flow), request_headers=flow.request.headers
                )
                stream["action"] = "blocked"
            else:
                flow.kill()
                stream["action"] = "killed"
            return {}  # the action is in the record's `stream` section

        def transform(rewrite: RequestRewrite) -> None:
            parts = urlsplit(rewrite.url)  # only the query can have changed: the body is unread
            flow.request.path = parts.path + (f"?{parts.query}" if parts.query else "")

        def passed() -> None:
            flow.request.stream = True
            stream["action"] = "streamed"

        def line(enforced: bool, _: dict[str, Any]) -> dict[str, Any]:
            flow.metadata["guardian_stream"] = "request"
            return record.for_flow(id=flow.id, mode=engine.mode, enforced=enforced, stream=stream).as_dict()

        enforce_and_record(engine, flow, verdict, decision.rewrite, deny=deny, transform=transform, line=line, passed=passed)

    @staticmethod
    def _size_text(size: UploadSize) -> str:
        return "unknown size" if size.declared is None else f"{size.declared} bytes"
