"""guardian/addon/users.py and guardian_users: whose flow a request is."""

from __future__ import annotations

import pytest
from mitmproxy import exceptions
from mitmproxy.addons.proxyauth import ProxyAuth
from mitmproxy.test import taddons, tflow

from guardian.addon.guardian import GuardianAddon
from guardian.addon.users import UNAUTHENTICATED, user_key
from guardian.session import DEFAULT_USER


NO_PIPELINE = object()  # a pipeline handed in: the options above build none (no decisions made here)


def _flow(user: str | None = None, address: str = "10.0.0.7"):  # type: ignore[no-untyped-def]
    flow = tflow.tflow()
    flow.client_conn.peername = (address, 50000)
    if user is not None:
        flow.metadata["proxyauth"] = (user, "secret")
    return flow


def test_the_modes() -> None:
    assert user_key(_flow("alice"), "one") == DEFAULT_USER
    assert user_key(_flow("alice"), "proxyauth") == "auth:alice"
    assert user_key(_flow("default"), "proxyauth") != DEFAULT_USER  # a user called "default" is not the one user
    assert user_key(_flow(), "proxyauth") == UNAUTHENTICATED
    assert user_key(_flow(address="10.0.0.8"), "client") == "addr:10.0.0.8"


def test_one_session_per_user_and_the_same_one_again() -> None:
    addon = GuardianAddon(NO_PIPELINE)  # type: ignore[arg-type]
    with taddons.context(addon, ProxyAuth()) as tctx:
        tctx.configure(addon, guardian_decision_process="off")
        tctx.options.proxyauth = "alice:pw"
        tctx.configure(addon, guardian_users="proxyauth")
        a, b = addon.session_for(_flow("alice")), addon.session_for(_flow("bob"))
        assert a is not b and addon.session_for(_flow("alice")) is a
        assert len(addon.sessions) == 2


def test_proxyauth_mode_needs_proxyauth() -> None:
    addon = GuardianAddon(NO_PIPELINE)  # type: ignore[arg-type]
    with taddons.context(addon, ProxyAuth()) as tctx:
        tctx.configure(addon, guardian_decision_process="off")
        with pytest.raises(exceptions.OptionsError, match="proxyauth"):
            tctx.configure(addon, guardian_users="proxyauth")


def test_session_bounds_come_from_the_options() -> None:
    addon = GuardianAddon(NO_PIPELINE)  # type: ignore[arg-type]
    with taddons.context(addon) as tctx:
        tctx.configure(addon, guardian_decision_process="off",
                       guardian_users="client", guardian_sessions_max=2, guardian_session_ttl="60")
        assert (addon.sessions.max_sessions, addon.sessions.ttl_s) == (2, 60.0)
        for n in range(3):
            addon.session_for(_flow(address=f"10.0.0.{n}"))
        assert len(addon.sessions) == 2
