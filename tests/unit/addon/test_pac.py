"""The PAC file: its script, and the small server that serves it."""

from __future__ import annotations

import urllib.request

import pytest
from mitmproxy import exceptions
from mitmproxy.test import taddons

from guardian.addon import GuardianAddon
from guardian.addon.pac import PAC_MEDIA_TYPE, PacServer, pac_script, proxy_address
from guardian.pipeline import Pipeline
from guardian.rules import parse_rules


@pytest.mark.parametrize(
    "host,port,expected",
    [("127.0.0.1", 8080, "127.0.0.1:8080"), ("", None, "127.0.0.1:8080"), ("0.0.0.0", 9000, "127.0.0.1:9000"), ("::1", 1, "[::1]:1")],
)
def test_proxy_address(host: str, port: int | None, expected: str) -> None:
    assert proxy_address(host, port) == expected


def test_pac_script_sends_ignored_hosts_direct_and_the_rest_to_the_proxy() -> None:
    script = pac_script("127.0.0.1:8080", ["Bank.example", "*.pinned.example"])
    assert "function FindProxyForURL(url, host)" in script
    assert '"PROXY 127.0.0.1:8080"' in script
    assert '["bank.example", "pinned.example"]' in script
    assert "; DIRECT" not in script  # no silent fallback around the privacy checks


def test_server_serves_the_pac_file_from_the_current_rules() -> None:
    guardian = GuardianAddon(Pipeline(parse_rules("version: 1\nignore_hosts: [bank.example]\n")))
    pac = PacServer(guardian)
    with taddons.context(guardian, pac) as tctx:
        tctx.configure(pac, listen_host="127.0.0.1", listen_port=18181, guardian_pac_port=0)
        assert pac.server is None
        pac._start("127.0.0.1", 0)  # an ephemeral port: the option takes a fixed one
        try:
            with urllib.request.urlopen(pac.url, timeout=10) as resp:  # noqa: S310 - loopback
                body = resp.read().decode()
                assert resp.headers["Content-Type"] == PAC_MEDIA_TYPE
            assert "bank.example" in body and "PROXY 127.0.0.1:18181" in body
        finally:
            pac.done()
        assert pac.server is None


def test_bad_pac_port_fails_at_configure() -> None:
    pac = PacServer(GuardianAddon(Pipeline()))
    with taddons.context(pac) as tctx:
        with pytest.raises(exceptions.OptionsError):
            tctx.configure(pac, guardian_pac_port=70000)
