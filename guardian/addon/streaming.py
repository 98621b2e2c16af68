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

import asyncio
import logging
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from mitmproxy import exceptions, http

from guardian.addon.enforce import block_response
from guardian.pipeline import safe_path
from guardian.records import HttpRequest, Verdict

__all__ = ["StreamGate", "UploadSize", "upload_size", "is_event_stream", "DEFAULT_STREAM_THRESHOLD"]

log = logging.getLogger("guardian")

DEFAULT_STREAM_THRESHOLD = 8 * 1024 * 1024  # = the default guardian_max_body: larger bodies are opaque anyway


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


def is_event_stream(response: http.Response) -> bool:
    return response.headers.get("content-type", "").split(";")[0].strip().lower() == "text/event-stream"


class StreamGate:
    """Streams SSE responses and decides large uploads from their headers."""

    def __init__(self, guardian: Any) -> None:
        self.guardian = guardian  # the GuardianAddon: pipeline, mode, audit
        self.threshold = DEFAULT_STREAM_THRESHOLD
        self.max_body = DEFAULT_STREAM_THRESHOLD

    def load(self, loader: Any) -> None:
        loader.add_option(
            "guardian_stream_threshold",
            int,
            DEFAULT_STREAM_THRESHOLD,
            "Uploads larger than this many bytes (or of unknown size) are decided from URL, headers "
            "and rules alone, then streamed, never buffered.",
        )

    def configure(self, updated: set[str]) -> None:
        from mitmproxy import ctx

        if "guardian_stream_threshold" in updated:
            if ctx.options.guardian_stream_threshold <= 0:
                raise exceptions.OptionsError("guardian_stream_threshold must be a positive number of bytes")
            self.threshold = ctx.options.guardian_stream_threshold
        if "guardian_max_body" in updated and hasattr(ctx.options, "guardian_max_body"):
            self.max_body = ctx.options.guardian_max_body

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
        size = upload_size(flow.request.headers, flow.request.http_version)
        if not size.above(self.threshold):
            return
        reload_rules = getattr(self.guardian, "reload_rules", None)
        if reload_rules is not None:  # an edited rules file applies to these messages too
            reload_rules()
        pipeline = getattr(self.guardian, "pipeline", None)
        if pipeline is None:
            return
        request = HttpRequest(
            method=flow.request.method,
            url=flow.request.url,
            headers=tuple(flow.request.headers.items(multi=True)),
            body=b"",  # not read: decided from the URL, headers and rules alone
        )
        timeout = float(getattr(self.guardian, "timeout", 10.0))
        try:
            loop = asyncio.get_running_loop()
            outcome = await asyncio.wait_for(loop.run_in_executor(None, pipeline.decide, request), timeout=timeout)
            verdict, reason, record = outcome.verdict, outcome.reason, dict(outcome.record)
        except Exception as e:  # noqa: BLE001 - any failure must become the configured fail mode
            closed = getattr(self.guardian, "fail", "closed") == "closed"
            verdict = Verdict.DENY if closed else Verdict.ALLOW
            reason = f"the privacy pipeline failed ({type(e).__name__}); guardian_fail={'closed' if closed else 'open'}"
            record = {
                "v": 1, "method": request.method, "host": request.host, "path": safe_path(request.url),
                "decision": verdict.value, "reason": reason, "categories": [], "error": {"type": type(e).__name__},
            }
            outcome = None
        trusted = str(record.get("rule") or "").startswith("trusted:")
        if verdict is not Verdict.DENY and not trusted and pipeline.rules.opaque_bodies == "deny":
            verdict = Verdict.DENY
            reason = (
                f"an upload of {self._size_text(size)} is above guardian_stream_threshold and cannot be "
                "inspected, and opaque bodies are denied by rule"
            )
            record.update(decision="deny", reason=reason, rule="opaque_bodies:deny")
        record["id"] = flow.id
        record["mode"] = getattr(self.guardian, "mode", "enforce")
        record["stream"] = {
            "declared_bytes": size.declared,
            "chunked": size.chunked,
            "threshold": self.threshold,
            "body_inspected": False,
        }
        enforce = record["mode"] == "enforce"
        if verdict is Verdict.DENY and enforce:
            if size.declared is not None and size.declared <= self.max_body:
                flow.response = block_response(request.host, reason, record, html=self._wants_html(flow))
                record["stream"]["action"] = "blocked"
            else:
                flow.kill()
                record["stream"]["action"] = "killed"
            record["enforced"] = True
        else:
            if enforce and verdict is Verdict.TRANSFORM and outcome is not None and outcome.rewrite is not None:
                parts = urlsplit(outcome.rewrite.url)  # only the query can have changed: the body is unread
                flow.request.path = parts.path + (f"?{parts.query}" if parts.query else "")
                record["enforced"] = True
            else:
                record["enforced"] = False
            flow.request.stream = True
            record["stream"]["action"] = "streamed"
        flow.metadata["guardian_stream"] = "request"
        self.guardian._record(flow, record)  # same metadata, log line and audit as the request hook

    @staticmethod
    def _size_text(size: UploadSize) -> str:
        return "unknown size" if size.declared is None else f"{size.declared} bytes"

    @staticmethod
    def _wants_html(flow: http.HTTPFlow) -> bool:
        dest = flow.request.headers.get("sec-fetch-dest", "")
        return dest in ("document", "iframe") or "text/html" in flow.request.headers.get("accept", "")[:40]
