"""mitmdump script, loaded before GuardianAgent: records each request exactly as the client sent it.

Writes to $LIVEBENCH_FIRST (JSONL), keyed by the flow id.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mitmproxy import http

sys.path.insert(0, str(Path(__file__).resolve().parent))
from recorder_common import JsonlWriter, request_view  # noqa: E402


class RecorderFirst:
    """Writes the client's request before any other addon sees it."""

    def __init__(self) -> None:
        self.out = JsonlWriter("LIVEBENCH_FIRST")

    def request(self, flow: http.HTTPFlow) -> None:
        """Record the request as it came from the browser."""
        self.out.write(request_view(flow))


addons = [RecorderFirst()]
