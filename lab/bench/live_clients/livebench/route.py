"""mitmdump script: every connection goes to the fake internet (it plays DNS for all host names).

Only the TCP address changes: SNI, the Host header, the URL that GuardianAgent decides on and the
certificate check stay those of the real name. Target from $LIVEBENCH_TARGET ("127.0.0.1:PORT").
Needs `connection_strategy=lazy`, so the request is read before the server connection is made.
"""

from __future__ import annotations

import os

from mitmproxy.proxy import server_hooks


class RouteEverything:
    """Points each new server connection at the fake internet."""

    def __init__(self) -> None:
        host, _, port = os.environ.get("LIVEBENCH_TARGET", "").rpartition(":")
        self.target = (host, int(port)) if host and port.isdigit() else None

    def server_connect(self, data: server_hooks.ServerConnectionHookData) -> None:
        """Re-address the connection (not its SNI or Host)."""
        if self.target and data.server.address:
            data.server.address = self.target


addons = [RouteEverything()]
