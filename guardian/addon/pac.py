"""A proxy auto-config (PAC) file, served over plain HTTP on its own local port.

Operating systems and browsers fetch a PAC file directly (not through the proxy), so it cannot
be answered by a hook: with `--set guardian_pac_port=8079` this addon runs a tiny HTTP server
on the proxy's listen host that answers `GET /proxy.pac`. Local and plain host names, and the
rules' `ignore_hosts`, go DIRECT; everything else goes to the proxy, with no DIRECT fallback,
so a stopped proxy shows up as an error instead of silently skipping the privacy checks.
`GET /ca.pem` serves mitmproxy's CA certificate (public part only) for easy installation.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable

from mitmproxy import exceptions

from guardian.addon.shared import RulesView
from guardian.settings import OptionSpec, declare_options

__all__ = ["PacServer", "pac_script", "proxy_address", "PAC_PATH", "PAC_MEDIA_TYPE"]

log = logging.getLogger("guardian")

PAC_PATH = "/proxy.pac"
CA_PATH = "/ca.pem"
PAC_MEDIA_TYPE = "application/x-ns-proxy-autoconfig"
PAC_OPTIONS: Mapping[str, OptionSpec] = {
    "guardian_pac_port": OptionSpec(int, 0, "Serve a PAC file at http://LISTEN_HOST:PORT/proxy.pac (0: off)."),
}


def proxy_address(listen_host: str, listen_port: int | None) -> str:
    """host:port that clients use to reach the proxy (a wildcard bind is reached on loopback)."""
    host = listen_host if listen_host and listen_host not in ("0.0.0.0", "::") else "127.0.0.1"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"{host}:{listen_port or 8080}"


def pac_script(proxy: str, direct_domains: Iterable[str] = ()) -> str:
    """The PAC JavaScript: `direct_domains` (and their subdomains) and local hosts DIRECT, the rest via `proxy`."""
    domains = sorted({d.lower().rstrip(".").removeprefix("*.") for d in direct_domains})
    return (
        "// GuardianAgent proxy auto-config. Hosts in the rules' ignore_hosts go DIRECT.\n"
        f"var PROXY = {json.dumps('PROXY ' + proxy)};\n"
        f"var DIRECT_DOMAINS = {json.dumps(domains)};\n"
        "function FindProxyForURL(url, host) {\n"
        "  host = host.toLowerCase();\n"
        "  if (isPlainHostName(host) || host === 'localhost' || host === '[::1]' || host === '::1' ||\n"
        "      shExpMatch(host, '127.*')) {\n"
        "    return 'DIRECT';\n"
        "  }\n"
        "  for (var i = 0; i < DIRECT_DOMAINS.length; i++) {\n"
        "    var d = DIRECT_DOMAINS[i];\n"
        "    if (host === d || dnsDomainIs(host, '.' + d)) {\n"
        "      return 'DIRECT';\n"
        "    }\n"
        "  }\n"
        "  return PROXY;\n"
        "}\n"
    )


def _handler(pac: Callable[[], str], ca_file: Callable[[], Path]) -> type[BaseHTTPRequestHandler]:
    class PacHandler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:  # noqa: N802 - http.server's naming
            path = self.path.split("?", 1)[0]
            if path in (PAC_PATH, "/", "/wpad.dat"):
                self._send(200, PAC_MEDIA_TYPE, pac().encode())
            elif path == CA_PATH and ca_file().is_file():
                self._send(200, "application/x-pem-file", ca_file().read_bytes())
            else:
                self._send(404, "text/plain", b"not found; the PAC file is at /proxy.pac\n")

        def _send(self, status: int, media_type: str, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", media_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    return PacHandler


class PacServer:
    """Serves the PAC file on `guardian_pac_port` (0: off)."""

    def __init__(self, engine: RulesView) -> None:
        self.engine = engine  # its rules give the DIRECT list
        self.server: ThreadingHTTPServer | None = None
        self._proxy = "127.0.0.1:8080"
        self._confdir = Path("~/.mitmproxy").expanduser()

    def load(self, loader: Any) -> None:
        declare_options(loader, PAC_OPTIONS)

    def configure(self, updated: set[str]) -> None:
        from mitmproxy import ctx

        opts = ctx.options
        if {"listen_host", "listen_port"} & updated or "guardian_pac_port" in updated:
            self._proxy = proxy_address(opts.listen_host, opts.listen_port)
        if "confdir" in updated:
            self._confdir = Path(opts.confdir).expanduser()
        if {"guardian_pac_port", "listen_host"} & updated:
            self._stop()
            port = opts.guardian_pac_port
            if port < 0 or port > 65535:
                raise exceptions.OptionsError(f"guardian_pac_port must be 0 (off) or a TCP port, not {port}")
            if port:
                self._start(opts.listen_host or "127.0.0.1", port)

    def done(self) -> None:
        self._stop()

    def pac(self) -> str:
        rules = self.engine.rules
        return pac_script(self._proxy, rules.ignore_hosts if rules is not None else ())

    @property
    def url(self) -> str | None:
        if self.server is None:
            return None
        host, port = self.server.server_address[:2]
        return f"http://{proxy_address(str(host), int(port))}{PAC_PATH}"

    def _start(self, host: str, port: int) -> None:
        try:
            self.server = ThreadingHTTPServer((host, port), _handler(self.pac, lambda: self._confdir / "mitmproxy-ca-cert.pem"))
        except OSError as e:
            raise exceptions.OptionsError(f"cannot serve the PAC file on {host}:{port}: {e}") from e
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, name="guardian-pac", daemon=True).start()
        log.info("guardian: PAC file at %s", self.url)

    def _stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None
