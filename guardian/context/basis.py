"""Action basis: whether the user asked for a request, the page made it, or it ran behind them.

Read from the Fetch Metadata request headers (``Sec-Fetch-Site``, ``-Mode``, ``-Dest``,
``-User``) and a few others. The first rule that matches wins; the header facts that decided
it go into `RequestContext.basis_signals` as ``name=value`` strings (``sec-fetch-user=?1``),
or a short phrase for a fact that is not one header value (``url query present``).

Speculative
 1. ``Sec-Purpose`` containing ``prefetch`` or ``prerender``, ``Purpose: prefetch`` (older
    Chrome) or ``X-Moz: prefetch`` (Firefox): BACKGROUND. Checked first because a
    speculation-rules prefetch of a page carries ``Sec-Fetch-Mode: navigate`` as well, and no
    one asked for it yet.

User-initiated
 2. ``Sec-Fetch-User: ?1``: the browser saw a user activation (click, key press) start this
    navigation.
 3. ``Sec-Fetch-Mode: navigate`` with ``Sec-Fetch-Dest: document`` (or no Dest): a top-level
    navigation or form submit (a POST navigation is a form submit; ``method=POST`` is added to
    the signals). Navigations of frames (``iframe``, ``frame``, ``embed``, ``object``) without
    a user activation are the page loading embedded content, not the user, so they fall
    through to the rules below (and end as DEFAULT).
 4. ``Sec-Fetch-Site: none``: the request did not come from a page at all: a typed URL, a
    bookmark, a link opened from another application.

Background
 5. Hyperlink auditing ping: a ``Ping-From`` or ``Ping-To`` header, or
    ``Content-Type: text/ping`` (``<a ping=...>``).
 6. Tracking pixel: ``Sec-Fetch-Dest`` is ``image``, ``audio``, ``video``, ``track`` or
    ``font`` and the URL has a query string, ``;name=value`` path parameters (Floodlight's
    ``/activity;src=1;type=sales;ord=9?``) or the request has a body: media loads that carry
    data out (``/tr?id=..&ev=PageView``). A plain image without any of these is not a pixel.
 7. ``Sec-Fetch-Mode: no-cors`` with ``Sec-Fetch-Dest: empty``: ``navigator.sendBeacon`` of a
    string or form, or a ``keepalive`` no-cors ``fetch``: data sent without waiting for, or
    being able to read, an answer.
 8. ``Sec-Fetch-Site: cross-site`` with ``Sec-Fetch-Dest: empty``: a script on the page sends
    data to another site (fetch, XHR, beacon with a JSON body).

Default
 9. ``Sec-Fetch-Dest: empty`` from the same origin or site (mode ``cors`` or
    ``same-origin``): the page's own fetch/XHR to its backend.
10. No ``Sec-Fetch-*`` header at all (signal ``no sec-fetch headers``). Non-browser clients
    (curl, apps, SDKs) send none; Chrome and Firefox send them on every HTTPS request and to
    localhost, but not over plain HTTP to other hosts (not a potentially trustworthy origin).
    For that case the only guess left comes from ``Origin``: a ``POST`` whose ``Origin`` is
    another site than the destination and whose ``Content-Type`` is ``text/plain`` is what
    ``sendBeacon`` of a string looks like: BACKGROUND (``method=POST``, ``origin=cross-site``,
    ``content-type=text/plain`` added). Anything else: DEFAULT.
11. Anything else (a page-embedded script, stylesheet, frame or plain image): DEFAULT, with the
    ``Sec-Fetch-*`` values that were present as signals.

After the recipient is known (`collection_basis`): a request with no ``Sec-Fetch-*`` header at
all whose destination is a collection endpoint (a host the tracker map files as analytics,
monitoring, advertising, social media, a data broker or a fingerprinter, or a telemetry SDK's
shape, `collectors.py`) is BACKGROUND (signal ``collection endpoint``): an app's or a script's
SDK sends its events behind the user's back as a browser's beacon does, and is protected alike.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from guardian.context.site import registrable_domain, site_of_url
from guardian.records import Basis, HttpRequest

__all__ = ["PIXEL_DESTS", "COLLECTION_CATEGORIES", "resolve_basis", "collection_basis"]

PIXEL_DESTS = frozenset({"image", "audio", "video", "track", "font"})
# Tracker-map categories whose hosts collect data about people (`trackers.py` names).
COLLECTION_CATEGORIES = frozenset({"Analytics", "Monitoring", "Advertising", "Social", "DataBroker", "Fingerprinting"})
NO_FETCH_METADATA = "no sec-fetch headers"
_SAME_SITE = frozenset({"same-origin", "same-site"})
_PATH_PARAM = re.compile(r";[^/;=]+=")


def _value(request: HttpRequest, name: str) -> str:
    """A header's first value, trimmed and lower-cased; "" when absent."""
    return (request.header(name) or "").strip().lower()


def _media_type(request: HttpRequest) -> str:
    """The Content-Type without parameters (``text/plain;charset=UTF-8`` -> ``text/plain``)."""
    return _value(request, "Content-Type").split(";", 1)[0].strip()


def _speculative(request: HttpRequest) -> list[str]:
    """Signals of a prefetch or prerender request; empty when it is not one."""
    sec_purpose = _value(request, "Sec-Purpose")
    if "prefetch" in sec_purpose or "prerender" in sec_purpose:
        return [f"sec-purpose={sec_purpose}"]
    for name in ("Purpose", "X-Moz"):
        if _value(request, name) == "prefetch":
            return [f"{name.lower()}=prefetch"]
    return []


def _fetch_signals(site: str, mode: str, dest: str) -> list[str]:
    """The Sec-Fetch-Site/Mode/Dest values present, as signals."""
    pairs = (("sec-fetch-site", site), ("sec-fetch-mode", mode), ("sec-fetch-dest", dest))
    return [f"{name}={value}" for name, value in pairs if value]


def resolve_basis(request: HttpRequest) -> tuple[Basis, tuple[str, ...]]:
    """The action basis of `request` and its signals, by the rules in this module's docstring."""
    site = _value(request, "Sec-Fetch-Site")
    mode = _value(request, "Sec-Fetch-Mode")
    dest = _value(request, "Sec-Fetch-Dest")
    method = request.method.strip().upper()

    speculative = _speculative(request)
    if speculative:
        return Basis.BACKGROUND, tuple(speculative)

    if _value(request, "Sec-Fetch-User") == "?1":
        return Basis.USER_INITIATED, ("sec-fetch-user=?1",)
    if mode == "navigate" and dest in ("document", ""):
        signals = _fetch_signals("", mode, dest)
        if method == "POST":
            signals.append("method=POST")
        return Basis.USER_INITIATED, tuple(signals)
    if site == "none":
        return Basis.USER_INITIATED, ("sec-fetch-site=none",)

    ping = [
        f"{name.lower()} present"
        for name in ("Ping-From", "Ping-To")
        if request.header(name) is not None
    ]
    if _media_type(request) == "text/ping":
        ping.append("content-type=text/ping")
    if ping:
        return Basis.BACKGROUND, tuple(ping)
    if dest in PIXEL_DESTS:
        carried = []
        parts = urlsplit(request.url)
        if parts.query:
            carried.append("url query present")
        if _PATH_PARAM.search(parts.path):
            carried.append("url path parameters present")
        if request.body:
            carried.append("body present")
        if carried:
            return Basis.BACKGROUND, (f"sec-fetch-dest={dest}", *carried)
    if mode == "no-cors" and dest == "empty":
        return Basis.BACKGROUND, ("sec-fetch-mode=no-cors", "sec-fetch-dest=empty")
    if site == "cross-site" and dest == "empty":
        return Basis.BACKGROUND, ("sec-fetch-site=cross-site", "sec-fetch-dest=empty")

    if dest == "empty" and site in _SAME_SITE:
        return Basis.DEFAULT, tuple(_fetch_signals(site, mode, dest))
    if not any(name.lower().startswith("sec-fetch-") for name, _ in request.headers):
        origin_site = site_of_url(request.header("Origin") or "")
        if (
            method == "POST"
            and origin_site is not None
            and origin_site != registrable_domain(request.host)
            and _media_type(request) == "text/plain"
        ):
            return Basis.BACKGROUND, (
                NO_FETCH_METADATA,
                "method=POST",
                "origin=cross-site",
                "content-type=text/plain",
            )
        return Basis.DEFAULT, (NO_FETCH_METADATA,)
    return Basis.DEFAULT, tuple(_fetch_signals(site, mode, dest))


def collection_basis(basis: Basis, signals: tuple[str, ...], *, category: str | None) -> tuple[Basis, tuple[str, ...]]:
    """The basis once the recipient's category is known: a request without Fetch Metadata to a
    collection endpoint is background (see the module docstring); anything else as it was."""
    if basis is Basis.DEFAULT and signals == (NO_FETCH_METADATA,) and category in COLLECTION_CATEGORIES:
        return Basis.BACKGROUND, (*signals, "collection endpoint")
    return basis, signals
