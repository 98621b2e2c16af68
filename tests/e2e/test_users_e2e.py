"""End to end: one proxy, two users, through a real mitmdump with the addon.

mitmdump checks the users itself (`--set proxyauth=@htpasswd`); `guardian_users=proxyauth` makes
the user name the session key, so what one user's browsing taught (here: a user id found in a
request to a collector, then sent again under a name no dictionary knows) protects that user's
later requests and changes nothing for the other user. The decision process is on, as on any
machine with two cores: the proxy sends it each user's session with the requests.
"""

from __future__ import annotations

# Proxy and Upstream are the fixture types defined in conftest.py; annotations only.

import base64
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

USER_ID = "u8f14e45fceea16"
HEADERS = {"Referer": "http://shop.test/", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors",
           "Sec-Fetch-Dest": "image"}
COLLECT = f"http://metrics.test/collect?uid={USER_ID}&ev=view"
AGAIN = f"http://cdn.other.test/p.gif?ref={USER_ID}&w=1"


def _auth(user: str, password: str) -> dict[str, str]:
    token = base64.b64encode(f"{user}:{password}".encode()).decode()
    return {**HEADERS, "Proxy-Authorization": f"Basic {token}"}


@pytest.fixture(scope="module")
def proxy(proxy_factory, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    passlib_apache = pytest.importorskip("passlib.apache", reason="mitmproxy's htpasswd support needs passlib")
    htpasswd: Path = tmp_path_factory.mktemp("users") / "htpasswd"
    users = passlib_apache.HtpasswdFile(str(htpasswd), new=True)
    users.set_password("alice", "alice-pw")
    users.set_password("bob", "bob-pw")
    users.save()
    return proxy_factory("users", "guardian_users=proxyauth", f"proxyauth=@{htpasswd}", "guardian_decision_process=on")


def test_each_user_has_their_own_memory(proxy, upstream) -> None:  # type: ignore[no-untyped-def]
    status, _, _ = proxy.send("GET", COLLECT, b"", _auth("alice", "alice-pw"))
    assert status == 200
    first = upstream.take()
    assert len(first) == 1 and USER_ID not in first[0].target  # her id, swapped at the collector
    status, _, _ = proxy.send("GET", AGAIN, b"", _auth("alice", "alice-pw"))
    assert status == 200
    again = upstream.take()
    assert len(again) == 1 and USER_ID not in again[0].target  # found again by its value: swapped
    assert proxy.audit()[-1]["decision"] == "transform"
    status, _, _ = proxy.send("GET", AGAIN, b"", _auth("bob", "bob-pw"))
    assert status == 200
    bobs = upstream.take()
    assert len(bobs) == 1 and bobs[0].target == AGAIN  # not his id: as sent
    assert proxy.audit()[-1]["decision"] == "allow"


def test_a_request_without_credentials_is_refused_by_mitmproxy(proxy, upstream) -> None:  # type: ignore[no-untyped-def]
    status, _, _ = proxy.send("GET", AGAIN, b"", HEADERS)
    assert status == 407
    assert upstream.take() == []


def test_no_user_name_in_the_files_the_proxy_wrote(proxy) -> None:  # type: ignore[no-untyped-def]
    text = proxy.audit_path.read_text()
    assert "alice" not in text and "bob" not in text and USER_ID not in text
