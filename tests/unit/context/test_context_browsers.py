"""End to end through `ContextResolver` with header sets as Chrome, Firefox and curl send them.

Each case checks the first party, recipient (and source), purposes (and sources) and basis
(and signals) together, so a change in any rule shows up as a failing case named after the
traffic it misjudges.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from guardian.context import ContextResolver
from guardian.records import Basis, HttpRequest, Purpose, RecipientType, RequestContext

Headers = tuple[tuple[str, str], ...]

# --- browser fingerprints (what every request of that browser carries) -------------------------

CHROME: Headers = (
    ("sec-ch-ua", '"Chromium";v="124", "Google Chrome";v="124", "Not-A.Brand";v="99"'),
    ("sec-ch-ua-mobile", "?0"),
    ("sec-ch-ua-platform", '"Windows"'),
    ("User-Agent", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"),
    ("Accept-Encoding", "gzip, deflate, br, zstd"),
    ("Accept-Language", "en-GB,en;q=0.9"),
)
FIREFOX: Headers = (
    ("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0"),
    ("Accept-Language", "en-US,en;q=0.5"),
    ("Accept-Encoding", "gzip, deflate, br"),
    ("Connection", "keep-alive"),
)
CHROME_DOC_ACCEPT = (
    "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,"
    "*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"
)
FIREFOX_DOC_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"
CHROME_IMG_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"


def req(method: str, url: str, browser: Headers, *headers: tuple[str, str], body: bytes = b"") -> HttpRequest:
    """A request with the browser's constant headers first, as on the wire."""
    return HttpRequest(method, url, browser + headers, body)


# --- the traffic ------------------------------------------------------------------------------

CHROME_TYPED_NAVIGATION = req(
    "GET", "https://www.example.com/", CHROME,
    ("Upgrade-Insecure-Requests", "1"),
    ("Accept", CHROME_DOC_ACCEPT),
    ("Sec-Fetch-Site", "none"),
    ("Sec-Fetch-Mode", "navigate"),
    ("Sec-Fetch-User", "?1"),
    ("Sec-Fetch-Dest", "document"),
)
CHROME_LOGIN_FORM_POST = req(
    "POST", "https://www.example.com/login", CHROME,
    ("Cache-Control", "max-age=0"),
    ("Content-Type", "application/x-www-form-urlencoded"),
    ("Origin", "https://www.example.com"),
    ("Upgrade-Insecure-Requests", "1"),
    ("Accept", CHROME_DOC_ACCEPT),
    ("Sec-Fetch-Site", "same-origin"),
    ("Sec-Fetch-Mode", "navigate"),
    ("Sec-Fetch-User", "?1"),
    ("Sec-Fetch-Dest", "document"),
    ("Referer", "https://www.example.com/login"),
    body=b"email=jane%40example.org&password=hunter2",
)
# form.submit() from script: a navigation without user activation.
CHROME_SCRIPTED_FORM_POST = req(
    "POST", "https://www.example.com/newsletter", CHROME,
    ("Content-Type", "application/x-www-form-urlencoded"),
    ("Origin", "https://www.example.com"),
    ("Accept", CHROME_DOC_ACCEPT),
    ("Sec-Fetch-Site", "same-origin"),
    ("Sec-Fetch-Mode", "navigate"),
    ("Sec-Fetch-Dest", "document"),
    ("Referer", "https://www.example.com/"),
    body=b"email=jane%40example.org",
)
CHROME_SAME_ORIGIN_FETCH = req(
    "POST", "https://www.example.com/api/cart", CHROME,
    ("Accept", "application/json"),
    ("Content-Type", "application/json"),
    ("Origin", "https://www.example.com"),
    ("Sec-Fetch-Site", "same-origin"),
    ("Sec-Fetch-Mode", "cors"),
    ("Sec-Fetch-Dest", "empty"),
    ("Referer", "https://www.example.com/product/42"),
    body=b'{"sku":"42","qty":1}',
)
CHROME_API_SUBDOMAIN = req(
    "PUT", "https://api.example.com/v1/profile", CHROME,
    ("Accept", "application/json"),
    ("Content-Type", "application/json"),
    ("Origin", "https://www.example.com"),
    ("Sec-Fetch-Site", "same-site"),
    ("Sec-Fetch-Mode", "cors"),
    ("Sec-Fetch-Dest", "empty"),
    ("Referer", "https://www.example.com/"),
    body=b'{"name":"Jane Doe","phone":"+44 20 7946 0018"}',
)
CHROME_YOUTUBE_THUMBNAIL = req(
    "GET", "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg", CHROME,
    ("Accept", CHROME_IMG_ACCEPT),
    ("Sec-Fetch-Site", "cross-site"),
    ("Sec-Fetch-Mode", "no-cors"),
    ("Sec-Fetch-Dest", "image"),
    ("Referer", "https://www.youtube.com/"),
)
# gtag.js sends GA4 hits with navigator.sendBeacon (text/plain, so no-cors).
CHROME_GA4_BEACON = req(
    "POST", "https://region1.google-analytics.com/g/collect?v=2&tid=G-ABC123XYZ&cid=555.666&en=page_view", CHROME,
    ("Content-Type", "text/plain;charset=UTF-8"),
    ("Origin", "https://www.shop.example"),
    ("Accept", "*/*"),
    ("Sec-Fetch-Site", "cross-site"),
    ("Sec-Fetch-Mode", "no-cors"),
    ("Sec-Fetch-Dest", "empty"),
    ("Referer", "https://www.shop.example/"),
)
# The same hit on a Google property: one owner, so first party.
CHROME_GA4_ON_GOOGLE = req(
    "POST", "https://www.google-analytics.com/g/collect?v=2&tid=G-GOOGLE1", CHROME,
    ("Content-Type", "text/plain;charset=UTF-8"),
    ("Origin", "https://store.google.com"),
    ("Sec-Fetch-Site", "cross-site"),
    ("Sec-Fetch-Mode", "no-cors"),
    ("Sec-Fetch-Dest", "empty"),
    ("Referer", "https://store.google.com/"),
)
FIREFOX_META_PIXEL = req(
    "GET", "https://www.facebook.com/tr/?id=1234567890&ev=PageView&dl=https%3A%2F%2Fwww.shop.example%2F&noscript=1", FIREFOX,
    ("Accept", "image/avif,image/webp,*/*"),
    ("Referer", "https://www.shop.example/"),
    ("Sec-Fetch-Dest", "image"),
    ("Sec-Fetch-Mode", "no-cors"),
    ("Sec-Fetch-Site", "cross-site"),
)
CHROME_CRITEO_EVENT = req(
    "GET", "https://sslwidget.criteo.com/event?a=12345&v=5.23.0&p0=e%3Dvh&p1=e%3Dvp%26p%3D42", CHROME,
    ("Accept", CHROME_IMG_ACCEPT),
    ("Sec-Fetch-Site", "cross-site"),
    ("Sec-Fetch-Mode", "no-cors"),
    ("Sec-Fetch-Dest", "image"),
    ("Referer", "https://www.shop.example/"),
)
# <a href=... ping=...>: Chrome POSTs "PING" as text/ping when the link is followed.
CHROME_HYPERLINK_PING = req(
    "POST", "https://audit.news.example/click", CHROME,
    ("Content-Type", "text/ping"),
    ("Ping-From", "https://www.news.example/story/1"),
    ("Ping-To", "https://www.other.example/"),
    ("Accept", "*/*"),
    ("Sec-Fetch-Site", "same-site"),
    ("Sec-Fetch-Mode", "no-cors"),
    ("Sec-Fetch-Dest", "empty"),
    body=b"PING",
)
CHROME_LIVERAMP_SYNC = req(
    "GET", "https://idsync.rlcdn.com/712388.gif?partner_uid=8f14e45fceea167a", CHROME,
    ("Accept", CHROME_IMG_ACCEPT),
    ("Sec-Fetch-Site", "cross-site"),
    ("Sec-Fetch-Mode", "no-cors"),
    ("Sec-Fetch-Dest", "image"),
    ("Referer", "https://www.shop.example/"),
)
CHROME_UNKNOWN_THIRD_PARTY = req(
    "POST", "https://api.widgetco.example/v2/submit", CHROME,
    ("Content-Type", "application/json"),
    ("Origin", "https://www.shop.example"),
    ("Sec-Fetch-Site", "cross-site"),
    ("Sec-Fetch-Mode", "cors"),
    ("Sec-Fetch-Dest", "empty"),
    ("Referer", "https://www.shop.example/"),
    body=b'{"email":"jane@example.org"}',
)
CHROME_GOV_API_FROM_OTHER_SITE = req(
    "POST", "https://api.irs.gov/v1/lookup", CHROME,
    ("Content-Type", "application/json"),
    ("Origin", "https://www.taxprep.example"),
    ("Sec-Fetch-Site", "cross-site"),
    ("Sec-Fetch-Mode", "cors"),
    ("Sec-Fetch-Dest", "empty"),
    body=b'{"ssn":"123-45-6789"}',
)
CHROME_GOV_UK_OWN_FORM = req(
    "POST", "https://www.tax.service.gov.uk/submit", CHROME,
    ("Content-Type", "application/x-www-form-urlencoded"),
    ("Origin", "https://www.tax.service.gov.uk"),
    ("Sec-Fetch-Site", "same-origin"),
    ("Sec-Fetch-Mode", "navigate"),
    ("Sec-Fetch-User", "?1"),
    ("Sec-Fetch-Dest", "document"),
    body=b"nino=QQ123456C",
)
# A click on a search result: Referer is Google, but the user is going to the news site.
FIREFOX_LINK_FROM_SEARCH = req(
    "GET", "https://www.news.example/2024/story", FIREFOX,
    ("Accept", FIREFOX_DOC_ACCEPT),
    ("Referer", "https://www.google.com/"),
    ("Upgrade-Insecure-Requests", "1"),
    ("Sec-Fetch-Dest", "document"),
    ("Sec-Fetch-Mode", "navigate"),
    ("Sec-Fetch-Site", "cross-site"),
    ("Sec-Fetch-User", "?1"),
)
# Mixpanel's JS sends JSON with sendBeacon/fetch: a cross-site cors request.
FIREFOX_MIXPANEL_TRACK = req(
    "POST", "https://api-js.mixpanel.com/track/?verbose=1&ip=1", FIREFOX,
    ("Accept", "*/*"),
    ("Content-Type", "application/json"),
    ("Origin", "https://app.saas.example"),
    ("Referer", "https://app.saas.example/"),
    ("Sec-Fetch-Dest", "empty"),
    ("Sec-Fetch-Mode", "cors"),
    ("Sec-Fetch-Site", "cross-site"),
    body=b'[{"event":"Signed up","properties":{"distinct_id":"u-1"}}]',
)
FIREFOX_SAME_ORIGIN_SEARCH = req(
    "GET", "https://www.example.com/api/search?q=running+shoes", FIREFOX,
    ("Accept", "application/json"),
    ("Referer", "https://www.example.com/"),
    ("Sec-Fetch-Dest", "empty"),
    ("Sec-Fetch-Mode", "cors"),
    ("Sec-Fetch-Site", "same-origin"),
)
CHROME_CDNJS_SCRIPT = req(
    "GET", "https://cdnjs.cloudflare.com/ajax/libs/jquery/3.7.1/jquery.min.js", CHROME,
    ("Accept", "*/*"),
    ("Sec-Fetch-Site", "cross-site"),
    ("Sec-Fetch-Mode", "no-cors"),
    ("Sec-Fetch-Dest", "script"),
    ("Referer", "https://www.shop.example/"),
)
CHROME_AD_IFRAME = req(
    "GET", "https://tpc.googlesyndication.com/safeframe/1-0-40/html/container.html", CHROME,
    ("Accept", CHROME_DOC_ACCEPT),
    ("Sec-Fetch-Site", "cross-site"),
    ("Sec-Fetch-Mode", "navigate"),
    ("Sec-Fetch-Dest", "iframe"),
    ("Referer", "https://www.news.example/"),
)
CHROME_SPECULATIVE_PREFETCH = req(
    "GET", "https://www.example.com/next-page", CHROME,
    ("Accept", CHROME_DOC_ACCEPT),
    ("Sec-Purpose", "prefetch"),
    ("Sec-Fetch-Site", "same-origin"),
    ("Sec-Fetch-Mode", "navigate"),
    ("Sec-Fetch-Dest", "document"),
    ("Referer", "https://www.example.com/"),
)
# Plain HTTP to a non-localhost host: browsers send no Sec-Fetch-* headers.
CHROME_PLAIN_HTTP_BEACON = req(
    "POST", "http://stats.counter.example/hit", CHROME,
    ("Content-Type", "text/plain;charset=UTF-8"),
    ("Origin", "http://blog.example"),
    ("Referer", "http://blog.example/post/7"),
    body=b"visitor=abc&page=/post/7",
)
CHROME_PLAIN_HTTP_COMMENT = req(
    "POST", "http://blog.example/comment", CHROME,
    ("Content-Type", "application/x-www-form-urlencoded"),
    ("Origin", "http://blog.example"),
    ("Referer", "http://blog.example/post/7"),
    body=b"author=Jane&text=Nice",
)
CURL_GET = HttpRequest("GET", "https://api.example.com/v1/users/me", (("Host", "api.example.com"), ("User-Agent", "curl/8.5.0"), ("Accept", "*/*")))
CURL_SEGMENT = HttpRequest(
    "POST",
    "https://api.segment.io/v1/track",
    (("User-Agent", "analytics-python/2.3.2"), ("Content-Type", "application/json")),
    b'{"userId":"u-1","event":"Order Completed"}',
)


@dataclass(frozen=True)
class Expect:
    first_party: tuple[str | None, str]
    recipient: tuple[RecipientType, str]
    purposes: tuple[tuple[Purpose, str], ...]
    basis: tuple[Basis, tuple[str, ...]]
    owner: str | None = None


FP, SP = RecipientType.FIRST_PARTY, RecipientType.SERVICE_PROVIDER
USER, DEFAULT, BG = Basis.USER_INITIATED, Basis.DEFAULT, Basis.BACKGROUND
FUNC_DEFAULT = ((Purpose.FUNCTIONALITY, "default"),)
UNDISCLOSED = ((Purpose.UNDISCLOSED, "default"),)
SAME_ORIGIN_FETCH = ("sec-fetch-site=same-origin", "sec-fetch-mode=cors", "sec-fetch-dest=empty")

CASES: dict[str, tuple[HttpRequest, Expect]] = {
    "chrome typed navigation": (CHROME_TYPED_NAVIGATION, Expect(
        ("example.com", "sec-fetch-site"), (FP, "heuristic"), FUNC_DEFAULT, (USER, ("sec-fetch-user=?1",)))),
    "chrome login form post": (CHROME_LOGIN_FORM_POST, Expect(
        ("example.com", "origin"), (FP, "heuristic"), ((Purpose.AUTHENTICATION, "url"),), (USER, ("sec-fetch-user=?1",)))),
    "chrome scripted form post": (CHROME_SCRIPTED_FORM_POST, Expect(
        ("example.com", "origin"), (FP, "heuristic"), FUNC_DEFAULT,
        (USER, ("sec-fetch-mode=navigate", "sec-fetch-dest=document", "method=POST")))),
    "chrome same-origin fetch": (CHROME_SAME_ORIGIN_FETCH, Expect(
        ("example.com", "origin"), (FP, "heuristic"), ((Purpose.FUNCTIONALITY, "url"),), (DEFAULT, SAME_ORIGIN_FETCH))),
    "chrome first-party api subdomain": (CHROME_API_SUBDOMAIN, Expect(
        ("example.com", "origin"), (FP, "heuristic"), FUNC_DEFAULT,
        (DEFAULT, ("sec-fetch-site=same-site", "sec-fetch-mode=cors", "sec-fetch-dest=empty")))),
    "chrome youtube page loads ytimg thumbnail (same owner CDN)": (CHROME_YOUTUBE_THUMBNAIL, Expect(
        ("youtube.com", "referer"), (FP, "heuristic"), ((Purpose.FUNCTIONALITY, "builtin"),),
        (DEFAULT, ("sec-fetch-site=cross-site", "sec-fetch-mode=no-cors", "sec-fetch-dest=image")), owner="Google")),
    "chrome ga4 sendBeacon": (CHROME_GA4_BEACON, Expect(
        ("shop.example", "origin"), (RecipientType.ANALYTICS, "builtin"), ((Purpose.ANALYTICS, "builtin"),),
        (BG, ("sec-fetch-mode=no-cors", "sec-fetch-dest=empty")), owner="Google")),
    "chrome ga4 on a google site (same owner)": (CHROME_GA4_ON_GOOGLE, Expect(
        ("google.com", "origin"), (FP, "heuristic"), ((Purpose.ANALYTICS, "builtin"),),
        (BG, ("sec-fetch-mode=no-cors", "sec-fetch-dest=empty")), owner="Google")),
    "firefox meta pixel": (FIREFOX_META_PIXEL, Expect(
        ("shop.example", "referer"), (RecipientType.SOCIAL_MEDIA, "builtin"),
        ((Purpose.PROFILING, "builtin"), (Purpose.MARKETING, "builtin")),
        (BG, ("sec-fetch-dest=image", "url query present")), owner="Meta")),
    "chrome criteo ad event": (CHROME_CRITEO_EVENT, Expect(
        ("shop.example", "referer"), (RecipientType.ADVERTISING, "builtin"),
        ((Purpose.ADVERTISING, "builtin"), (Purpose.ANALYTICS, "url")),
        (BG, ("sec-fetch-dest=image", "url query present")), owner="Criteo")),
    "chrome hyperlink ping": (CHROME_HYPERLINK_PING, Expect(
        ("news.example", "sec-fetch-site"), (FP, "heuristic"), FUNC_DEFAULT,
        (BG, ("ping-from present", "ping-to present", "content-type=text/ping")))),
    "chrome data broker id sync": (CHROME_LIVERAMP_SYNC, Expect(
        ("shop.example", "referer"), (RecipientType.DATA_BROKER, "builtin"),
        ((Purpose.PROFILING, "builtin"), (Purpose.ADVERTISING, "builtin")),
        (BG, ("sec-fetch-dest=image", "url query present")), owner="LiveRamp")),
    "chrome unknown third party": (CHROME_UNKNOWN_THIRD_PARTY, Expect(
        ("shop.example", "origin"), (RecipientType.UNKNOWN_THIRD_PARTY, "heuristic"), UNDISCLOSED,
        (BG, ("sec-fetch-site=cross-site", "sec-fetch-dest=empty")))),
    "chrome .gov api from another site": (CHROME_GOV_API_FROM_OTHER_SITE, Expect(
        ("taxprep.example", "origin"), (RecipientType.GOVERNMENT, "heuristic"), UNDISCLOSED,
        (BG, ("sec-fetch-site=cross-site", "sec-fetch-dest=empty")))),
    "chrome .gov.uk site posting to itself": (CHROME_GOV_UK_OWN_FORM, Expect(
        ("tax.service.gov.uk", "origin"), (FP, "heuristic"), FUNC_DEFAULT, (USER, ("sec-fetch-user=?1",)))),
    "firefox link from search result": (FIREFOX_LINK_FROM_SEARCH, Expect(
        ("google.com", "referer"), (FP, "heuristic"), FUNC_DEFAULT, (USER, ("sec-fetch-user=?1",)))),
    "firefox mixpanel json beacon": (FIREFOX_MIXPANEL_TRACK, Expect(
        ("saas.example", "origin"), (RecipientType.ANALYTICS, "builtin"), ((Purpose.ANALYTICS, "builtin"),),
        (BG, ("sec-fetch-site=cross-site", "sec-fetch-dest=empty")), owner="Mixpanel")),
    "firefox same-origin search fetch": (FIREFOX_SAME_ORIGIN_SEARCH, Expect(
        ("example.com", "referer"), (FP, "heuristic"), ((Purpose.FUNCTIONALITY, "url"),), (DEFAULT, SAME_ORIGIN_FETCH))),
    "chrome cdnjs script": (CHROME_CDNJS_SCRIPT, Expect(
        ("shop.example", "referer"), (SP, "builtin"), ((Purpose.FUNCTIONALITY, "builtin"),),
        (DEFAULT, ("sec-fetch-site=cross-site", "sec-fetch-mode=no-cors", "sec-fetch-dest=script")), owner="Cloudflare")),
    "chrome ad iframe": (CHROME_AD_IFRAME, Expect(
        ("news.example", "referer"), (RecipientType.ADVERTISING, "builtin"), ((Purpose.ADVERTISING, "builtin"),),
        (DEFAULT, ("sec-fetch-site=cross-site", "sec-fetch-mode=navigate", "sec-fetch-dest=iframe")), owner="Google")),
    "chrome speculative prefetch": (CHROME_SPECULATIVE_PREFETCH, Expect(
        ("example.com", "referer"), (FP, "heuristic"), FUNC_DEFAULT, (BG, ("sec-purpose=prefetch",)))),
    "chrome plain-http cross-site beacon": (CHROME_PLAIN_HTTP_BEACON, Expect(
        ("blog.example", "origin"), (RecipientType.UNKNOWN_THIRD_PARTY, "heuristic"), UNDISCLOSED,
        (BG, ("no sec-fetch headers", "method=POST", "origin=cross-site", "content-type=text/plain")))),
    "chrome plain-http same-site form": (CHROME_PLAIN_HTTP_COMMENT, Expect(
        ("blog.example", "origin"), (FP, "heuristic"), FUNC_DEFAULT, (DEFAULT, ("no sec-fetch headers",)))),
    "curl to its own api": (CURL_GET, Expect(
        (None, "none"), (FP, "heuristic"), FUNC_DEFAULT, (DEFAULT, ("no sec-fetch headers",)))),
    # an SDK's request without Fetch Metadata to a collection endpoint is background
    "server-side sdk to segment": (CURL_SEGMENT, Expect(
        (None, "none"), (RecipientType.ANALYTICS, "builtin"), ((Purpose.ANALYTICS, "builtin"),),
        (Basis.BACKGROUND, ("no sec-fetch headers", "collection endpoint")), owner="Twilio")),
}


@pytest.fixture(scope="module")
def resolver() -> ContextResolver:
    return ContextResolver()


@pytest.mark.parametrize(("request_", "expect"), list(CASES.values()), ids=list(CASES))
def test_browser_traffic(resolver: ContextResolver, request_: HttpRequest, expect: Expect) -> None:
    ctx: RequestContext = resolver.resolve(request_)
    assert (ctx.first_party_site, ctx.first_party_source) == expect.first_party
    assert (ctx.recipient, ctx.recipient_source) == expect.recipient
    assert tuple(zip(ctx.purposes, ctx.purpose_sources, strict=True)) == expect.purposes
    assert (ctx.basis, ctx.basis_signals) == expect.basis
    assert ctx.tracker_owner == expect.owner
    assert ctx.destination == request_.host
    assert ctx.as_record()["recipient"] == expect.recipient[0].value
