"""A mitmdump script for the browser test: sends every `*.test` host to the local HTTPS server.

It plays the part of DNS for the made-up host names (the browser sends them to the proxy, so
the proxy, not the browser, resolves them). Only the TCP address changes: SNI, the Host
header, the URL that GuardianAgent decides on and the certificate check stay those of the
real name. The target comes from $GUARDIAN_E2E_HTTPS ("127.0.0.1:PORT").
"""

from __future__ import annotations

import os

from mitmproxy.proxy import server_hooks


class BrowserHosts:
    def __init__(self) -> None:
        host, _, port = os.environ.get("GUARDIAN_E2E_HTTPS", "").rpartition(":")
        self.target = (host, int(port)) if host and port.isdigit() else None

    def server_connect(self, data: server_hooks.ServerConnectionHookData) -> None:
        address = data.server.address
        if self.target and address and str(address[0]).lower().rstrip(".").endswith(".test"):
            data.server.address = self.target


addons = [BrowserHosts()]
