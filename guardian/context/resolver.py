"""The context stage: one request in, one `RequestContext` out (DESIGN.md step 4).

`ContextResolver.resolve` runs the concerns in order, each in its own module, each documented
there with its exact rules:

1. ``site.py``: the destination's site (eTLD+1) and the first-party site (Origin, Referer,
   Sec-Fetch-Site), and whether the request is a top-level navigation.
2. ``recipients.py``: the recipient type, from the user's rule, the first party, the tracker
   map (``trackers.py``), the request's telemetry shape (``collectors.py``, found by the
   pipeline from the decoded body and handed in) and a few heuristics.
3. ``purposes.py``: the purposes, from the user's rule, the tracker category and URL path hints.
4. ``basis.py``: the action basis (user-initiated / default / background) from Fetch Metadata;
   a request with no Fetch Metadata at all (an app, a script, a server-side SDK) to a
   collection endpoint (a tracker's host, or a telemetry shape) is background by nature.

The user's YAML rule for a domain reaches this stage as a `ContextOverride`; the pipeline
finds the rule, this stage only applies it. One instance serves every flow (thread-safe). It
keeps two things across requests: the frame chain (``frames.py``: which top-level site embedded
each frame it saw load), and a bounded memo of contexts keyed on exactly what the concerns read
(`_key`), because a page's requests repeat the same few hosts, paths and headers.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from urllib.parse import urlsplit

from guardian.context.basis import collection_basis, resolve_basis
from guardian.context.collectors import Collector
from guardian.context.frames import FrameChain, Frames
from guardian.context.purposes import resolve_purposes
from guardian.context.recipients import resolve_recipient
from guardian.context.site import (
    first_party,
    from_another_host_of_site,
    is_top_level_navigation,
    normalise_host,
    registrable_domain,
)
from guardian.context.trackers import TrackerMap, builtin_trackers
from guardian.fieldkinds.classifier import is_sync_path
from guardian.records import HttpRequest, Purpose, RecipientType, RequestContext

__all__ = ["ContextOverride", "ContextResolver", "CACHE_SIZE"]

CACHE_SIZE = 4096  # contexts kept: a browsing session talks to a few hundred (host, path) pairs
# Every header a concern above reads. The context is a function of these values, the method,
# host, path, whether a query and a body are present, and the rule override: that is the cache key.
_CONTEXT_HEADERS = (
    "origin", "sec-fetch-site", "sec-fetch-mode", "sec-fetch-dest", "sec-fetch-user",
    "sec-purpose", "purpose", "x-moz", "ping-from", "ping-to", "content-type",
)


@dataclass(frozen=True)
class ContextOverride:
    """What the user's rules say about a domain; None leaves that part to the heuristics."""

    recipient: RecipientType | None = None
    purposes: tuple[Purpose, ...] | None = None


class ContextResolver:
    """Works out recipient, purposes and basis of a request from the request alone."""

    def __init__(self, trackers: TrackerMap | None = None, *, cache_size: int = CACHE_SIZE) -> None:
        self.trackers = trackers if trackers is not None else builtin_trackers()
        self.cache_size = cache_size
        self._cache: OrderedDict[tuple[object, ...], RequestContext] = OrderedDict()
        self._lock = threading.Lock()

    def resolve(
        self, request: HttpRequest, override: ContextOverride | None = None, collector: Collector | None = None,
        *, frames: Frames | None = None,
    ) -> RequestContext:
        """The context of `request`; `override` (from the user's rules) wins where it is set;
        `collector`: the request has a telemetry SDK's shape (`collectors.recognise_collector`);
        `frames`: the user's frame chain, taught this request (None: no frames known).

        Memoised on what the concerns read (`_key`): a page's requests repeat the same few."""
        override = override or ContextOverride()
        frames = frames if frames is not None else FrameChain()
        frames.observe(request)
        try:
            key = (*_key(request, override), _frame_top(request, frames), collector)
        except ValueError:  # an unparseable URL: resolve it uncached (the concerns cope)
            return self._resolve(request, override, collector, frames)
        with self._lock:
            context = self._cache.get(key)
            if context is not None:
                self._cache.move_to_end(key)
                return context
        context = self._resolve(request, override, collector, frames)
        with self._lock:
            self._cache[key] = context
            if len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        return context

    def _resolve(
        self, request: HttpRequest, override: ContextOverride, collector: Collector | None, frames: Frames
    ) -> RequestContext:
        destination = normalise_host(request.host)
        destination_site = registrable_domain(destination)
        first = first_party(request, frames.top_site if len(frames) else None)
        recipient = resolve_recipient(
            destination,
            destination_site,
            first,
            self.trackers,
            top_level_navigation=is_top_level_navigation(request),
            override=override.recipient,
            path=request.url_path,
            collector=collector,
            sync_hop=request.method.upper() == "GET" and bool(urlsplit(request.url).query)
            and is_sync_path(request.url_path or "/"),
            sibling_host=collector is not None and from_another_host_of_site(request, destination),
        )
        category = recipient.category or (recipient.tracker.category if recipient.tracker else None)
        purposes, purpose_sources = resolve_purposes(
            request.url,
            recipient.type,
            category=category,
            category_source=recipient.source if recipient.source == "shape" else (
                (recipient.tracker.source or self.trackers.source) if recipient.tracker else self.trackers.source
            ),
            override=override.purposes,
        )
        basis, basis_signals = collection_basis(*resolve_basis(request), category=category)
        # a collector known only by its path's word counts where it named the recipient
        used = collector is not None and (collector.documented or recipient.source == "shape")
        return RequestContext(
            destination=destination,
            destination_site=destination_site,
            first_party_site=first.site,
            first_party_source=first.source,
            recipient=recipient.type,
            recipient_source=recipient.source,
            purposes=purposes,
            purpose_sources=purpose_sources,
            basis=basis,
            basis_signals=basis_signals,
            tracker_owner=recipient.tracker.owner if recipient.tracker else None,
            tracker_category=category,
            policy_url=self.trackers.policy_url(destination),
            collector=collector.kind if used else None,
            collector_evidence=collector.evidence if used else None,
        )

    def policy_url(self, host: str) -> str | None:
        """The privacy-policy URL the tracker lists give for the owner of `host`, if any."""
        return self.trackers.policy_url(host)


def _frame_top(request: HttpRequest, frames: Frames) -> str | None:
    """The top-level site of the frame this request comes from, when the proxy saw it load."""
    if not len(frames):
        return None
    for name in ("origin", "referer"):
        value = request.header(name)
        if value is not None:
            return frames.top_site(value)
    return None


def _key(request: HttpRequest, override: ContextOverride) -> tuple[object, ...]:
    """What the context of `request` depends on. The Referer counts by its origin only (the first
    party is its site); the query and body by their presence only (a pixel's basis signal)."""
    parts = urlsplit(request.url)
    referer = request.header("referer")
    referer_origin = "/".join(referer.split("/", 3)[:3]) if referer is not None else None
    headers = tuple(request.header(name) for name in _CONTEXT_HEADERS)
    any_fetch = any(name.lower().startswith("sec-fetch-") for name, _ in request.headers)
    return (
        request.method, request.host, parts.netloc, parts.path, bool(parts.query), bool(request.body),
        referer_origin, headers, any_fetch, override,
    )
