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

The map belongs to one user's session (`guardian.session`), bounded (`MAX_FRAMES`, oldest first out) and forgets after `TTL_S`. One
frame origin embedded by several sites (the same exchange on two news sites in two tabs) keeps
the latest: for the question asked here, "is this the exchange talking to itself?", either
top-level site gives the right answer, because neither is the exchange.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Protocol
from urllib.parse import urlsplit

from guardian.context.site import registrable_domain, site_of_url
from guardian.expiring import ExpiringMap
from guardian.records import HttpRequest

__all__ = ["FrameChain", "FrameChange", "Frames", "learn_frame", "origin_key", "origin_of", "MAX_FRAMES", "TTL_S", "FRAME_DESTS"]

MAX_FRAMES = 4096
TTL_S = 3600.0  # an hour: a tab left open longer gets its frames reloaded (and seen again) anyway
FRAME_DESTS = frozenset({"iframe", "frame", "fencedframe"})
# (frame origin, top-level site it was embedded in), or (origin, None): it is no frame any more
FrameChange = tuple[str, "str | None"]


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
        change = learn_frame(request, self.top_site)
        if change is not None:
            self.apply((change,))

    def apply(self, changes: Iterable[FrameChange]) -> None:
        """Store what `learn_frame` found (in order: a later change to one origin wins)."""
        for origin, top in changes:
            if top is None:
                self._frames.pop(origin)
            else:
                self._frames.put(origin, top)

    def top_site(self, url: str) -> str | None:
        """The top-level site a frame of this URL's origin (an Origin or Referer value) was last
        embedded in, if seen and fresh. (`observe` stores top sites, already resolved through any
        frame chain.)"""
        return self._frames.get(origin_key(url))

    def entries(self) -> list[tuple[str, str, float]]:
        """(frame origin, top site, age in seconds) of every fresh entry: a snapshot."""
        return self._frames.entries()

    def restore(self, entries: Iterable[tuple[str, str, float]]) -> None:
        """Add a snapshot's entries (`entries` of another chain), with their ages."""
        self._frames.put_aged(entries)


class Frames(Protocol):
    """What the context stage reads and teaches: a `FrameChain`, or a session's view of one."""

    def __len__(self) -> int: ...

    def observe(self, request: HttpRequest) -> None: ...

    def top_site(self, url: str) -> str | None: ...


def learn_frame(request: HttpRequest, top_site: Callable[[str], str | None]) -> FrameChange | None:
    """What `request` teaches, without storing it: (frame origin, its top-level site), or
    (origin, None) when a top-level navigation to that origin makes it no frame any more.
    `top_site`: the chain as known so far (an embedder that is itself a frame)."""
    dest = (request.header("sec-fetch-dest") or "").strip().lower()
    if dest not in FRAME_DESTS and dest != "document":
        return None
    origin = origin_of(request.url)
    if origin is None:
        return None
    if dest == "document":
        if (request.header("sec-fetch-mode") or "").strip().lower() == "navigate" and top_site(origin) is not None:
            return (origin, None)
        return None
    embedder = request.header("referer") or ""
    embedder_origin = origin_of(embedder)
    if embedder_origin is None:
        return None
    top = top_site(embedder_origin) or site_of_url(embedder)
    if top is None or top == registrable_domain(urlsplit(request.url).hostname or ""):
        return None  # a site framing its own pages: nothing to learn
    return (origin, top)


def origin_key(url: str) -> str:
    """scheme://host[:port] of an Origin or Referer value, as `origin_of` keys it (cheaply)."""
    return "/".join(url.strip().lower().split("/", 3)[:3])
