"""Frames: which top-level site embedded each frame, as the proxy saw the frames load.

An ad exchange's iframe on a news page sends its ID-sync calls with its own URL as Referer, so
by the Referer alone the exchange is its own "first party" and its calls look like a site
talking to itself. The first party of such a request is the page in the address bar.

The browser tells the proxy when it loads a frame (``Sec-Fetch-Dest: iframe`` or ``frame``),
with the embedding page as Referer. `FrameChain.observe` keeps, per frame origin, the top-level
site it was embedded in, following the chain when the embedder is itself a known frame (a frame
in a frame). `FrameChain.top_site` answers for a later request whose Referer or Origin is that
frame. A top-level navigation to an origin (``Sec-Fetch-Dest: document``) removes it: the user
now visits that site itself.

The map is per proxy, bounded (`MAX_FRAMES`, oldest first out) and forgets after `TTL_S`. One
frame origin embedded by several sites (the same exchange on two news sites in two tabs) keeps
the latest: for the question asked here, "is this the exchange talking to itself?", either
top-level site gives the right answer, because neither is the exchange.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from urllib.parse import urlsplit

from guardian.context.site import registrable_domain, site_of_url
from guardian.expiring import ExpiringMap
from guardian.records import HttpRequest

__all__ = ["FrameChain", "origin_of", "MAX_FRAMES", "TTL_S", "FRAME_DESTS"]

MAX_FRAMES = 4096
TTL_S = 3600.0  # an hour: a tab left open longer gets its frames reloaded (and seen again) anyway
FRAME_DESTS = frozenset({"iframe", "frame", "fencedframe"})


def origin_of(url: str) -> str | None:
    """`scheme://host[:port]` of an http(s) URL or serialised origin, lower-cased; None otherwise."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return None
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


class FrameChain:
    """Frame origin -> the top-level site that embedded it (see the module docstring)."""

    def __init__(
        self, *, max_frames: int = MAX_FRAMES, ttl_s: float = TTL_S, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._frames: ExpiringMap[str, str] = ExpiringMap(max_frames, ttl_s, clock)  # frame origin -> top site

    def __len__(self) -> int:
        return len(self._frames)

    def observe(self, request: HttpRequest) -> None:
        """Learn from a frame load or a top-level navigation; anything else is ignored (cheaply)."""
        dest = (request.header("sec-fetch-dest") or "").strip().lower()
        if dest not in FRAME_DESTS and dest != "document":
            return
        origin = origin_of(request.url)
        if origin is None:
            return
        if dest == "document":
            if (request.header("sec-fetch-mode") or "").strip().lower() == "navigate":
                self._frames.pop(origin)
            return
        embedder = request.header("referer") or ""
        embedder_origin = origin_of(embedder)
        if embedder_origin is None:
            return
        top = self.top_site(embedder_origin) or site_of_url(embedder)
        if top is None or top == registrable_domain(urlsplit(request.url).hostname or ""):
            return  # a site framing its own pages: nothing to learn
        self._frames.put(origin, top)

    def top_site(self, url: str) -> str | None:
        """The top-level site a frame of this URL's origin (an Origin or Referer value) was last
        embedded in, if seen and fresh. (`observe` stores top sites, already resolved through any
        frame chain.)"""
        origin = "/".join(url.strip().lower().split("/", 3)[:3])  # scheme://host[:port], as origin_of keys it
        return self._frames.get(origin)
