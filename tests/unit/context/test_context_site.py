"""eTLD+1 and first-party site (guardian/context/site.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from guardian.context import registrable_domain
from guardian.context.site import first_party, is_public_suffix, is_top_level_navigation, site_of_url
from guardian.records import HttpRequest


@pytest.mark.parametrize(
    ("host", "site"),
    [
        ("www.example.com", "example.com"),
        ("a.b.c.example.com", "example.com"),
        ("example.com", "example.com"),
        ("WWW.Example.COM", "example.com"),
        ("www.example.com.", "example.com"),
        ("www.bbc.co.uk", "bbc.co.uk"),
        ("shop.example.co.uk", "example.co.uk"),
        ("foo.bar.com.au", "bar.com.au"),
        # github.io is a private-section suffix: every user's pages are their own site.
        ("alice.github.io", "alice.github.io"),
        ("docs.alice.github.io", "alice.github.io"),
        ("d111abc.cloudfront.net", "d111abc.cloudfront.net"),
        # A host that is itself a public suffix is its own site.
        ("github.io", "github.io"),
        ("co.uk", "co.uk"),
        # IP literals and single labels as they are.
        ("192.168.1.10", "192.168.1.10"),
        ("10.0.0.1", "10.0.0.1"),
        ("::1", "::1"),
        ("[2001:db8::1]", "2001:db8::1"),
        ("localhost", "localhost"),
        ("LOCALHOST.", "localhost"),
        ("intranet", "intranet"),
        ("", ""),
        # Unknown TLD: the last label is taken as the suffix.
        ("a.b.corp.internal", "corp.internal"),
        # Unicode and punycode forms are one site.
        ("www.bücher.de", "xn--bcher-kva.de"),
        ("xn--bcher-kva.de", "xn--bcher-kva.de"),
    ],
)
def test_registrable_domain(host: str, site: str) -> None:
    assert registrable_domain(host) == site


_label = st.from_regex(r"[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?", fullmatch=True)


@given(st.lists(_label, min_size=1, max_size=5), st.sampled_from(["com", "co.uk", "github.io", "org", "de"]))
def test_registrable_domain_is_a_suffix_and_idempotent(labels: list[str], suffix: str) -> None:
    host = ".".join(labels) + "." + suffix
    site = registrable_domain(host)
    assert host == site or host.endswith("." + site)
    assert registrable_domain(site) == site
    assert site.endswith(suffix)


def test_public_suffix() -> None:
    assert is_public_suffix("co.uk")
    assert is_public_suffix("cloudfront.net")
    assert not is_public_suffix("example.co.uk")
    assert not is_public_suffix("127.0.0.1")


@pytest.mark.parametrize(
    ("value", "site"),
    [
        ("https://www.example.com", "example.com"),
        ("https://www.example.com:8443", "example.com"),
        ("https://shop.example.co.uk/basket?x=1", "example.co.uk"),
        ("http://localhost:3000/", "localhost"),
        ("null", None),
        ("", None),
        ("chrome-extension://abcdefghijklmnop", None),
        ("about:blank", None),
        ("not a url", None),
    ],
)
def test_site_of_url(value: str, site: str | None) -> None:
    assert site_of_url(value) == site


def _req(*headers: tuple[str, str], url: str = "https://api.example.com/v1/x") -> HttpRequest:
    return HttpRequest("GET", url, tuple(headers))


@pytest.mark.parametrize(
    ("request_", "site", "source"),
    [
        # Origin wins over Referer.
        (_req(("Origin", "https://www.shop.example"), ("Referer", "https://www.other.example/p")), "shop.example", "origin"),
        # Origin: null is ignored; Referer is used.
        (_req(("Origin", "null"), ("Referer", "https://www.other.example/p")), "other.example", "referer"),
        (_req(("Referer", "https://news.example.co.uk/story/1")), "example.co.uk", "referer"),
        # Sec-Fetch-Site alone: the destination's own site, or unknown when cross-site.
        (_req(("Sec-Fetch-Site", "same-origin")), "example.com", "sec-fetch-site"),
        (_req(("Sec-Fetch-Site", "same-site")), "example.com", "sec-fetch-site"),
        (_req(("Sec-Fetch-Site", "none")), "example.com", "sec-fetch-site"),
        (_req(("Sec-Fetch-Site", "cross-site")), None, "sec-fetch-site"),
        # Origin: null with nothing else falls through to Sec-Fetch-Site.
        (_req(("Origin", "null"), ("Sec-Fetch-Site", "cross-site")), None, "sec-fetch-site"),
        # Nothing: a non-browser client.
        (_req(("User-Agent", "curl/8.5.0"), ("Accept", "*/*")), None, "none"),
    ],
)
def test_first_party(request_: HttpRequest, site: str | None, source: str) -> None:
    fp = first_party(request_)
    assert (fp.site, fp.source) == (site, source)


def test_top_level_navigation() -> None:
    nav = _req(("Sec-Fetch-Mode", "navigate"), ("Sec-Fetch-Dest", "document"))
    frame = _req(("Sec-Fetch-Mode", "navigate"), ("Sec-Fetch-Dest", "iframe"))
    fetch = _req(("Sec-Fetch-Mode", "cors"), ("Sec-Fetch-Dest", "empty"))
    assert is_top_level_navigation(nav)
    assert not is_top_level_navigation(frame)
    assert not is_top_level_navigation(fetch)
    assert not is_top_level_navigation(_req())


def test_which_requests_carry_the_destinations_own_cookies() -> None:
    from guardian.context.site import sends_own_cookies

    assert sends_own_cookies("same-origin", None, "shop.example")
    assert sends_own_cookies("none", None, "shop.example")  # a navigation the user started
    assert not sends_own_cookies("cross-site", "https://shop.example/", "shop.example")  # Fetch Metadata wins
    assert sends_own_cookies(None, "https://www.shop.example/basket", "api.shop.example")
    assert not sends_own_cookies(None, "https://news.example/", "ads.tracker.example")
    assert not sends_own_cookies(None, None, "shop.example")  # unknown: the cookies are read
