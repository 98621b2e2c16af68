"""A test-only mitmproxy addon: `POST http://options.guardian-e2e.invalid/` with a JSON object sets
those options on the running proxy (`ctx.options.update`), as `--set` would at start.

The SDK tests use it to run both pseudonym styles through one proxy: starting a second one costs
more on a 2-core machine than the whole of a run. Loaded before guardian_addon.py, so the request
that sets options is answered here and never decided or sent upstream.
"""

from __future__ import annotations

import json

from mitmproxy import ctx, http

HOST = "options.guardian-e2e.invalid"


class SetOptions:
    def request(self, flow: http.HTTPFlow) -> None:
        if flow.response or flow.error or flow.request.pretty_host != HOST:
            return
        try:
            ctx.options.update(**json.loads(flow.request.content or b"{}"))
        except Exception as e:  # noqa: BLE001 - the test reads the status and the reason
            flow.response = http.Response.make(400, f"{type(e).__name__}: {e}".encode())
            return
        flow.response = http.Response.make(204)


addons = [SetOptions()]
