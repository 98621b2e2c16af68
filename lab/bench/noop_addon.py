"""A do-nothing mitmproxy script addon: the floor any script addon costs (`proxy_bench.py --addon-script`).

It declares the options the benchmark sets on the addon proxy and has an async `request` hook
that returns at once, so the difference to plain mitmdump is mitmproxy's own cost of loading a
script and calling its hook per flow: what no work inside the GuardianAgent addon can remove.
"""

from __future__ import annotations

from typing import Any, Optional

from mitmproxy import http


class Noop:
    def load(self, loader: Any) -> None:
        loader.add_option("guardian_rules", Optional[str], None, "unused")
        loader.add_option("guardian_audit", Optional[str], None, "unused")

    async def request(self, flow: http.HTTPFlow) -> None:
        if flow.response or flow.error or not flow.live:
            return


addons = [Noop()]
