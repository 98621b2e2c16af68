"""The decode stage: the request's fields, from its URL, headers, cookies and body (`guardian.codecs`)."""

from __future__ import annotations

from guardian.codecs import decode_request
from guardian.context.site import sends_own_cookies
from guardian.stages.flow import Decision, FlowState, Stage

__all__ = ["Decode"]


class Decode(Stage):
    name = "decode"

    def __init__(self, max_body_bytes: int) -> None:
        self.max_body_bytes = max_body_bytes

    def run(self, state: FlowState) -> Decision | None:
        request = state.request
        with state.timer.stage("decode"):
            # A site's own cookies sent back to it from its own pages disclose nothing new and
            # are allowed as any first-party id: not read (a browser sends a dozen on every request).
            own = sends_own_cookies(request.header("Sec-Fetch-Site"), request.header("Origin") or request.header("Referer"),
                                    request.host)
            state.payload = decode_request(request, max_body_bytes=self.max_body_bytes, cookies=not own)
        return None
