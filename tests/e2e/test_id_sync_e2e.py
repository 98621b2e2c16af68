"""End to end: ID-sync pixels through a real mitmdump with the addon (cookie syncing).

A sync pixel the page loads is rewritten, never blocked (blocking an image can break the page):
the upstream still gets the request, without the original ids, and each rewritten id keeps the
shape and length of the original (base64 stays base64 of the same length, a UUID stays a UUID).
The sync hosts are real exchange hosts: mitmdump runs in upstream mode, so they land on the
local recording server; their recipient comes from the built-in tracker map.
"""

from __future__ import annotations

# Proxy, Upstream and Received are the fixture types defined in conftest.py; annotations only.

import base64
import re
from urllib.parse import parse_qs, urlsplit

import pytest

pytestmark = pytest.mark.e2e

PARTNER_UID = "b4ef851f-ab63-43ef-8f8a-6b8ccdc71c69"  # the partner's own user id (a UUID)
GOOGLE_HM = base64.urlsafe_b64encode(b"pxid-7206189466151837296-acme").decode().rstrip("=")  # hosted match data
UUID_RE = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\Z")
B64URL_RE = re.compile(r"[A-Za-z0-9_\-]+\Z")

# What Chrome sends for an <img> sync pixel on a news article (a cross-site image load).
PIXEL_HEADERS = {
    "Referer": "http://news.example.org/world/2024/05/elections-live",
    "Sec-Fetch-Site": "cross-site",
    "Sec-Fetch-Mode": "no-cors",
    "Sec-Fetch-Dest": "image",
    "Accept": "image/avif,image/webp,image/apng,image/*,*/*;q=0.8",
}


@pytest.fixture(scope="module")
def proxy(proxy_factory) -> Proxy:  # type: ignore[no-untyped-def]
    return proxy_factory("id_sync")


def _one(upstream: Upstream) -> Received:
    got = upstream.take()
    assert len(got) == 1, f"expected exactly one request upstream, got {len(got)}"
    return got[0]


def _query(target: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(target).query, keep_blank_values=True)


def test_google_cookie_match_pixel_is_rewritten_not_blocked(proxy: Proxy, upstream: Upstream) -> None:
    url = (f"http://cm.g.doubleclick.net/pixel?google_nid=acme_dmp&google_cm&google_sc"
           f"&google_hm={GOOGLE_HM}&gdpr=0")
    status, _, _ = proxy.send("GET", url, b"", PIXEL_HEADERS)
    assert status == 200  # the pixel loads
    got = _one(upstream)
    assert got.target.startswith("http://cm.g.doubleclick.net/pixel?")
    assert GOOGLE_HM not in got.target
    sent = _query(got.target)
    assert sent["google_nid"] == ["acme_dmp"] and sent["gdpr"] == ["0"]  # the sync machinery is kept
    assert "google_cm" in sent and "google_sc" in sent
    new_hm = sent["google_hm"][0]
    assert new_hm != GOOGLE_HM and len(new_hm) == len(GOOGLE_HM) and B64URL_RE.match(new_hm)
    record = proxy.audit()[-1]
    assert record["decision"] == "transform"


def test_trade_desk_match_tag_partner_uid_is_rewritten_not_blocked(proxy: Proxy, upstream: Upstream) -> None:
    url = f"http://match.adsrvr.org/track/cmf/generic?ttd_pid=8gkxb6n&ttd_tpi=1&ttd_puid={PARTNER_UID}&gdpr=0"
    status, _, _ = proxy.send("GET", url, b"", PIXEL_HEADERS)
    assert status == 200
    got = _one(upstream)
    assert got.target.startswith("http://match.adsrvr.org/track/cmf/generic?")
    assert PARTNER_UID not in got.target
    sent = _query(got.target)
    assert sent["ttd_pid"] == ["8gkxb6n"] and sent["ttd_tpi"] == ["1"]
    new_puid = sent.get("ttd_puid", [""])[0]
    if new_puid:  # ttd_puid is documented as optional (drop_ok): dropped or rewritten in its shape
        assert new_puid != PARTNER_UID and len(new_puid) == len(PARTNER_UID)
        assert [i for i, ch in enumerate(new_puid) if ch == "-"] == [8, 13, 18, 23]  # the UUID's layout
    record = proxy.audit()[-1]
    assert record["decision"] == "transform"


def test_a_rewritten_partner_uuid_is_still_a_uuid(proxy: Proxy, upstream: Upstream) -> None:
    url = f"http://match.adsrvr.org/track/cmf/generic?ttd_pid=8gkxb6n&ttd_tpi=1&ttd_puid={PARTNER_UID}"
    proxy.send("GET", url, b"", PIXEL_HEADERS)
    new_puid = _query(_one(upstream).target).get("ttd_puid", [""])[0]
    assert new_puid != PARTNER_UID and UUID_RE.match(new_puid)


def test_meta_pixel_advanced_matching_hashes_never_reach_the_pixel(proxy: Proxy, upstream: Upstream) -> None:
    """Hashed advanced matching: a SHA-256 of the normalised e-mail and phone is the
    e-mail and the phone to an ad network. The pixel loads; neither digest, nor the _fbp id, goes out."""
    import hashlib

    em = hashlib.sha256(b"jane.doe@example.org").hexdigest()
    ph = hashlib.sha256(b"14155552671").hexdigest()
    fbp = "fb.1.1596403881668.1116446470"
    url = f"http://www.facebook.com/tr/?id=123456789012345&ev=PageView&ud[em]={em}&ud[ph]={ph}&fbp={fbp}&rl=&if=false"
    status, _, _ = proxy.send("GET", url, b"", PIXEL_HEADERS)
    assert status == 200  # the pixel loads
    got = _one(upstream)
    for original in (em, ph, "1596403881668.1116446470"):
        assert original not in got.target
    sent = _query(got.target)
    assert sent["id"] == ["123456789012345"] and sent["ev"] == ["PageView"]  # the pixel's own ids stay
    assert re.fullmatch(r"[0-9a-f]{64}", sent["ud[em]"][0]) and re.fullmatch(r"[0-9a-f]{64}", sent["ud[ph]"][0])
    assert re.fullmatch(r"fb\.1\.[0-9]{13}\.[0-9]{10}", sent["fbp"][0])
    record = proxy.audit()[-1]
    assert record["decision"] == "transform"
    assert {f["entity"] for f in record["findings"]} >= {"EMAIL_HASH", "PHONE_HASH", "USER_ID"}


def test_a_tracking_cookie_to_an_ad_exchange_is_rewritten_and_other_cookies_kept(proxy: Proxy, upstream: Upstream) -> None:
    """Cookies are how ids travel to third parties: the exchange's documented user-id
    cookie reaches it rewritten in its shape; a cookie that is not a documented id stays as sent."""
    uuid2 = "8812345678901234567"
    headers = dict(PIXEL_HEADERS, Cookie=f"uuid2={uuid2}; XANDR_PANID=; sess=s%3Aabc.def")
    status, _, _ = proxy.send("GET", "http://ib.adnxs.com/px?id=123&t=2", b"", headers)
    assert status == 200  # the pixel loads
    got = _one(upstream)
    cookie = got.header("Cookie") or ""
    assert uuid2 not in cookie
    new_id = cookie.split(";")[0].removeprefix("uuid2=")
    assert new_id.isdigit() and len(new_id) == len(uuid2)
    assert cookie.endswith("; XANDR_PANID=; sess=s%3Aabc.def")
    assert got.target == "http://ib.adnxs.com/px?id=123&t=2"
    assert proxy.audit()[-1]["decision"] == "transform"


def test_an_undocumented_id_cookie_of_an_ad_exchange_is_rewritten_in_its_shape(proxy: Proxy, upstream: Upstream) -> None:
    """A listed ad tracker's own cookie, sent from another site's page, is its handle on the browser
    whatever it is called (as browsers' tracking protection treats it); a session cookie stays."""
    visitor = "70f2c4d4-8a1b-4c3d-9e0f-a1b2c3d4e5f6"
    headers = dict(PIXEL_HEADERS, Cookie=f"vx_k={visitor}; sess=s%3Aabc.def")
    status, _, _ = proxy.send("GET", "http://ib.adnxs.com/i.gif?e=1", b"", headers)
    assert status == 200  # the pixel loads
    cookie = _one(upstream).header("Cookie") or ""
    assert visitor not in cookie
    assert UUID_RE.match(cookie.split(";")[0].removeprefix("vx_k=")) and cookie.endswith("; sess=s%3Aabc.def")
    record = proxy.audit()[-1]
    assert record["decision"] == "transform" and [f["field"] for f in record["findings"]] == ["cookie:vx_k#0"]


def test_first_party_cookies_reach_the_site_untouched(proxy: Proxy, upstream: Upstream) -> None:
    cookie = "_ga=GA1.2.1234567890.1700000000; sessionid=abc123XYZ789; cart=3"
    headers = {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty",
               "Referer": "http://news.example.org/world", "Cookie": cookie}
    status, _, _ = proxy.send("GET", "http://news.example.org/api/session", b"", headers)
    assert status == 200
    assert _one(upstream).header("Cookie") == cookie
    assert proxy.audit()[-1]["decision"] == "allow"
