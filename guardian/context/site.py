"""Sites: the eTLD+1 of a host, and the first-party site of a request.

Registrable domain (`registrable_domain`)
    The eTLD+1 from the Public Suffix List bundled with `publicsuffixlist` (no network), private
    section included, so ``alice.github.io`` and ``bob.github.io`` are two sites and
    ``www.example.co.uk`` is ``example.co.uk``. The host is lower-cased, a trailing dot and IPv6
    brackets are removed, and non-ASCII labels are turned into their IDNA (``xn--``) form so a
    Unicode host and its punycode form are one site. IP literals and single-label hosts
    (``localhost``) are returned as they are; a host that is itself a public suffix
    (``github.io``, ``co.uk``) is its own site; a host under a suffix the list does not know
    (``a.b.internal``) gets the last label as its suffix (``b.internal``).

First-party site (`first_party`), the first rule that gives an answer:
    1. ``Origin``: the site of its host (source ``origin``). ``Origin: null`` (sandboxed frames,
       opaque origins, some redirects) and non-http(s) origins (``chrome-extension://``) are
       ignored.
    2. ``Referer``: the site of its host (source ``referer``), same conditions.
    1-2. When that Origin or Referer is a frame the proxy saw an embedding page load
       (`frames.FrameChain`), the first party is that page's top-level site (source ``frame``).
    3. ``Sec-Fetch-Site``: ``same-origin``, ``same-site`` or ``none`` (typed URL, bookmark) mean
       the page is on the destination's own site, so the first party is the destination's site;
       ``cross-site`` says only that it is some other site, so the site is unknown (``None``).
       Source ``sec-fetch-site`` in all four cases.
    4. Otherwise nothing is known (source ``none``): a non-browser client talking straight to
       its server, or a browser that sent neither header (plain HTTP, ``no-referrer`` policy).

Top-level navigation (`is_top_level_navigation`)
    ``Sec-Fetch-Mode: navigate`` with ``Sec-Fetch-Dest: document``: the browser is loading a new
    page into the tab, so the destination becomes the site in the address bar. The first-party
    site above still names the page the user came from (Referer); ``recipients.py`` uses this
    fact to treat the destination of such a navigation as first party. Frames (``iframe``,
    ``frame``, ``embed``, ``object``) are not top-level. Without Sec-Fetch-* headers (plain HTTP,
    non-browser clients) a navigation cannot be recognised.
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from publicsuffixlist import PublicSuffixList

from guardian.records import HttpRequest

__all__ = [
    "FirstParty",
    "registrable_domain",
    "normalise_host",
    "is_ip_literal",
    "site_of_url",
    "first_party",
    "from_another_host_of_site",
    "is_top_level_navigation",
    "is_public_suffix",
    "sends_own_cookies",
]

# Built once: parsing the bundled list takes a few milliseconds.
_PSL = PublicSuffixList()

# Only these schemes name a web site; extension and file origins do not.
_WEB_SCHEMES = frozenset({"http", "https", "ws", "wss"})


@dataclass(frozen=True)
class FirstParty:
    """The site of the page that sent a request, and which header told us."""

    site: str | None
    source: str  # origin | referer | sec-fetch-site | none


def is_ip_literal(host: str) -> bool:
    """True for an IPv4 or IPv6 address (brackets allowed)."""
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


def normalise_host(host: str) -> str:
    """Lower-case, strip the trailing dot and IPv6 brackets, IDNA-encode Unicode labels."""
    host = host.strip().lower().rstrip(".")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if host.isascii():
        return host
    labels = []
    for label in host.split("."):
        try:
            labels.append(label.encode("idna").decode("ascii"))
        except UnicodeError:
            # Not valid IDNA 2003: keep the label; it still compares equal to itself.
            labels.append(label)
    return ".".join(labels)


@functools.lru_cache(maxsize=4096)
def registrable_domain(host: str) -> str:
    """The eTLD+1 of `host`; IP literals and single-label hosts are returned as they are."""
    host = normalise_host(host)
    if not host or "." not in host or is_ip_literal(host):
        return host
    site = _PSL.privatesuffix(host)
    # None: the host is itself a public suffix (github.io, co.uk); it is then its own site.
    return site if isinstance(site, str) else host


def is_public_suffix(domain: str) -> bool:
    """True when `domain` is itself on the Public Suffix List (``co.uk``, ``cloudfront.net``)."""
    domain = normalise_host(domain)
    return bool(domain) and not is_ip_literal(domain) and bool(_PSL.is_public(domain))


def site_of_url(url: str) -> str | None:
    """The site of an http(s) URL or serialised origin; None for "null" or a non-web scheme."""
    url = url.strip()
    if not url or url == "null":
        return None
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:
        return None
    if parts.scheme.lower() not in _WEB_SCHEMES or not host:
        return None
    return registrable_domain(host)


def from_another_host_of_site(request: HttpRequest, destination: str) -> bool:
    """The page that sent `request` is on another host of the destination's own site: the browser
    says so (`Sec-Fetch-Site: same-site`, which Fetch Metadata sends for same-site, cross-origin
    requests), or the Origin (else Referer) names another host of that site."""
    fetch_site = (request.header("Sec-Fetch-Site") or "").strip().lower()
    if fetch_site == "same-site":
        return True
    if fetch_site == "same-origin":
        return False
    for header in ("Origin", "Referer"):
        value = request.header(header)
        if value is None:
            continue
        try:
            host = urlsplit(value.strip()).hostname
        except ValueError:
            return False
        if not host:
            return False
        host = normalise_host(host)
        return host != destination and registrable_domain(host) == registrable_domain(destination)
    return False


def first_party(request: HttpRequest, frame_top: Callable[[str], str | None] | None = None) -> FirstParty:
    """The first-party site of `request`, by the rules in this module's docstring. `frame_top`
    (`frames.FrameChain.top_site`) names the top-level site of a frame origin the proxy saw load:
    a request from inside a frame then has that site as its first party (source ``frame``)."""
    for header, source in (("Origin", "origin"), ("Referer", "referer")):
        value = request.header(header)
        if value is not None:
            site = site_of_url(value)
            if site:
                if frame_top is not None:
                    top = frame_top(value)
                    if top is not None:
                        return FirstParty(top, "frame")
                return FirstParty(site, source)
    fetch_site = (request.header("Sec-Fetch-Site") or "").strip().lower()
    if fetch_site in ("same-origin", "same-site", "none"):
        return FirstParty(registrable_domain(request.host), "sec-fetch-site")
    if fetch_site == "cross-site":
        return FirstParty(None, "sec-fetch-site")
    return FirstParty(None, "none")


def is_top_level_navigation(request: HttpRequest) -> bool:
    """True when the browser is loading `request` as the new page of a tab."""
    mode = (request.header("Sec-Fetch-Mode") or "").strip().lower()
    dest = (request.header("Sec-Fetch-Dest") or "").strip().lower()
    return mode == "navigate" and dest == "document"


# Sec-Fetch-Site values of a request whose cookies are the destination site's own
# (Fetch Metadata, W3C): "none" is a navigation the user started (typed, bookmarked).
_FIRST_PARTY_FETCH = frozenset({"same-origin", "same-site", "none"})


def sends_own_cookies(fetch_site: str | None, source: str | None, host: str) -> bool:
    """Whether a request carries the destination's cookies back to it from a page of the same site
    (first-party cookies), by Sec-Fetch-Site, else by its Origin or Referer. Unknown: False."""
    fetch = (fetch_site or "").strip().lower()
    if fetch:
        return fetch in _FIRST_PARTY_FETCH
    site = site_of_url(source) if source else None
    return site is not None and site == registrable_domain(host)
