"""Shared by the two recorder scripts: one JSON line per request hook, flushed at once.

Bodies are written as latin-1 text (lossless for bytes, and greppable). The recorders never
change a request, except recorder_last's `x-livebench-flow` tag (taken off by the fake server).
"""

from __future__ import annotations

import json
import os
import threading
import time
from typing import Any, TextIO

from mitmproxy import http


class JsonlWriter:
    """Appends JSON lines to the file named by an environment variable (none: writes nothing)."""

    def __init__(self, env: str) -> None:
        path = os.environ.get(env)
        self._fh: TextIO | None = open(path, "a", encoding="utf-8") if path else None  # noqa: SIM115
        self._lock = threading.Lock()

    def write(self, line: dict[str, Any]) -> None:
        """One line, flushed, so the harness can read it while the proxy runs."""
        if self._fh is None:
            return
        text = json.dumps(line, ensure_ascii=True)
        with self._lock:
            self._fh.write(text + "\n")
            self._fh.flush()


def request_view(flow: http.HTTPFlow) -> dict[str, Any]:
    """The request as mitmproxy holds it now: method, host, path, headers, raw body."""
    req = flow.request
    raw = req.raw_content
    return {
        "flow_id": flow.id,
        "t": time.time(),
        "method": req.method,
        "scheme": req.scheme,
        "host": req.pretty_host,
        "path": req.path,
        "http_version": req.http_version,
        "headers": [[k.decode("latin-1"), v.decode("latin-1")] for k, v in req.headers.fields],  # order, repeats kept
        "body_latin1": raw.decode("latin-1") if raw is not None else None,
        "streamed": raw is None,
        "user": _proxy_user(flow),
    }


def _proxy_user(flow: http.HTTPFlow) -> str | None:
    """The user name mitmproxy's proxyauth checked for this flow (never the password), or None."""
    auth = flow.metadata.get("proxyauth")
    return auth[0] if isinstance(auth, tuple) and auth and isinstance(auth[0], str) else None
