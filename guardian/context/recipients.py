"""Recipient type: who receives a request, decided from its destination and first party.

The first rule that matches wins; the source goes into `RequestContext.recipient_source`.

1. The user's rule for the domain names a recipient (`ContextOverride.recipient`): that type,
   source ``rule``.
1b. The request goes to an AI service (`ai_services.is_ai_service`: a chat app's or model API's
   host, or a model endpoint path on any host): ``AI_SERVICE``, source ``builtin``, whatever the
   first party (a chat page posting to its own site still hands a prompt to an AI provider).
   A chat model's request on a host and path no list names (`collectors.py` rule 0: `model` and
   `messages` with chat roles) is one too, source ``shape``.
1c. The request has a telemetry SDK's documented shape (`collectors.py`: an ingestion path, an
   envelope, an SDK's description of itself): ``ANALYTICS``, category Monitoring or Analytics
   by the collector's kind, source ``shape`` (the map's own source when it already files the
   host under Analytics or Monitoring). A hosted search API's documented path (kind search)
   is ``SERVICE_PROVIDER`` instead: the site's search box answered by its processor. This
   comes before the first-party rules: a collector
   self-hosted on the site's domain, or proxied through it past blockers, still hands what it
   is given to an analytics or monitoring service. A host the map files under Advertising,
   DataBroker, Social or Fingerprinting keeps that category (rule 3): its shape says less
   about where the data ends.
2. The first-party site is known and the destination's site equals it, or both have the same
   owner in the tracker map (`TrackerMap.owner_of`; hosts matched only at a shared-hosting
   public suffix such as ``cloudfront.net`` have no owner): ``FIRST_PARTY``, source
   ``heuristic``. Same owner counts as one party even for tracker domains, as in DuckDuckGo's
   entity model: a ``google.com`` page sending to ``google-analytics.com`` is first party (its
   purposes still say analytics).
2b. Except when the request comes from a page on another host of the same site (a dedicated
   subdomain, `site.from_another_host_of_site`) and the collectors' weakest rule says an event
   collector (rule 7b's evidence): ``ANALYTICS``, source ``shape``. A log, event or flag service
   that a site runs itself on its own subdomain (Seq, FeatBit, Unleash, Jitsu) is analytics by
   what it is given, as a documented shape says in rule 1c; the site's own host keeps its
   requests (its own "/api/events" may be a calendar's).
2a. Except when that first party came from an Origin or Referer on a data broker's or
   fingerprinter's site (tracker map): that is the tracker's frame or redirect inside some page
   (an ID-sync call from a broker's iframe), never a site the user visits; the rules below
   decide it. An ad network's frame is recognised by the frame chain instead (`frames.py`
   names the real first party when the proxy saw the frame load), because the lists file
   visited sites such as google.com under Advertising.
3. The destination is in the tracker map: its category mapped to a type, source the map's
   (``builtin`` for the packaged map, ``list`` for a user's list):
   Advertising -> ADVERTISING, Analytics and Monitoring -> ANALYTICS, Social -> SOCIAL_MEDIA,
   DataBroker -> DATA_BROKER, ServiceProvider / CDN / Payment / Login / Security ->
   SERVICE_PROVIDER, Government -> GOVERNMENT, Fingerprinting -> ADVERTISING (a domain that
   fingerprints browsers tracks people across sites without their say, as an ad network does;
   list makers file most such domains under ad tech), Other -> UNKNOWN_THIRD_PARTY (a list
   names it a tracker or a threat but says not what kind). The source is the entry's own
   (``builtin`` or ``list``), which differ in a merged map.
3b. Except a host the map files under ServiceProvider or CDN (a cloud platform: amazonaws.com,
   googleapis.com host anyone's service) when the collectors' weakest rule says a monitoring
   collector (rule 7b's evidence with a monitoring word: "events:report", or the collecting word of
   the host's own labels: "dataplane.rum."): ``ANALYTICS``, source ``shape``. A platform's
   "/events" alone may be a support desk's or a calendar's, and stays the platform's.
4. The request is a top-level navigation (``Sec-Fetch-Mode: navigate`` and
   ``Sec-Fetch-Dest: document``, see ``site.py``): ``FIRST_PARTY``, source ``heuristic``.
   The user is going to that site; it becomes the site in the address bar, whatever page the
   link was on. Trackers were handled in rule 3, so an ad-click redirect through
   ``googleadservices.com`` is still advertising.
5. Nothing is known about the first party (no Origin, Referer or Sec-Fetch-Site): a
   non-browser client talking straight to its server, or a typed navigation over plain HTTP:
   ``FIRST_PARTY``, source ``heuristic``. Except (5b) a GET with a query to an ID-sync
   endpoint (a sync word in its path, `fieldkinds.classifier.is_sync_path`): that is a hop of
   an ad-tech cookie-sync redirect chain, which browsers send without a Referer, never a site
   the user visits: ``ADVERTISING``, source ``shape``.
6. The destination is a government site (host ends in one of `GOVERNMENT_SUFFIXES`):
   ``GOVERNMENT``, source ``heuristic``. It comes after the first-party rules: a ``.gov`` page
   talking to its own site is first party.
7. Otherwise: ``UNKNOWN_THIRD_PARTY``, source ``heuristic``; except (7b) when the collectors'
   weakest rule says an event collector (its path's word and the event it carries): then
   ``ANALYTICS``, source ``shape``. A search API known only by its shape (their rule 5) stays
   here: its query is the search box's (`stages/detect.py` reads it so), but no list says whose
   processor the host is, so the ids and contacts it gets are rewritten as for any unknown party.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeGuard

from guardian.context.ai_services import is_ai_service
from guardian.context.collectors import MODEL as MODEL_KIND
from guardian.context.collectors import MONITORING as MONITORING_KIND
from guardian.context.collectors import SEARCH as SEARCH_KIND
from guardian.context.collectors import Collector
from guardian.context.site import FirstParty, normalise_host
from guardian.context.trackers import (
    ADVERTISING,
    ANALYTICS,
    CDN,
    MONITORING,
    DATA_BROKER,
    FINGERPRINTING,
    GOVERNMENT,
    LOGIN,
    OTHER,
    PAYMENT,
    SECURITY,
    SERVICE_PROVIDER,
    SOCIAL,
    TrackerEntry,
    TrackerMap,
)
from guardian.records import RecipientType

__all__ = [
    "CATEGORY_RECIPIENT",
    "GOVERNMENT_SUFFIXES",
    "Recipient",
    "is_government_host",
    "resolve_recipient",
]

CATEGORY_RECIPIENT: dict[str, RecipientType] = {
    ADVERTISING: RecipientType.ADVERTISING,
    ANALYTICS: RecipientType.ANALYTICS,
    MONITORING: RecipientType.ANALYTICS,  # telemetry about how people use the site: analytics, by its data
    SOCIAL: RecipientType.SOCIAL_MEDIA,
    DATA_BROKER: RecipientType.DATA_BROKER,
    SERVICE_PROVIDER: RecipientType.SERVICE_PROVIDER,
    CDN: RecipientType.SERVICE_PROVIDER,
    PAYMENT: RecipientType.SERVICE_PROVIDER,
    GOVERNMENT: RecipientType.GOVERNMENT,
    FINGERPRINTING: RecipientType.ADVERTISING,
    LOGIN: RecipientType.SERVICE_PROVIDER,
    SECURITY: RecipientType.SERVICE_PROVIDER,
    OTHER: RecipientType.UNKNOWN_THIRD_PARTY,
}

# Categories of hosting platforms: a host the map files so may run anyone's service on it.
_PLATFORMS = frozenset({SERVICE_PROVIDER, CDN})

# Domain suffixes reserved for governments: US federal (.gov) and military (.mil), UK, France,
# Canada's federal government, Australia, New Zealand, India, Ireland, and the EU institutions.
GOVERNMENT_SUFFIXES: tuple[str, ...] = (
    "gov",
    "mil",
    "gov.uk",
    "gouv.fr",
    "gc.ca",
    "canada.ca",
    "gov.au",
    "govt.nz",
    "gov.in",
    "gov.ie",
    "europa.eu",
)


@dataclass(frozen=True)
class Recipient:
    """The recipient type, where it came from, and the destination's tracker entry if any."""

    type: RecipientType
    source: str  # rule | builtin | list | heuristic | shape
    tracker: TrackerEntry | None = None
    category: str | None = None  # set when the category is not the tracker entry's (a collector's shape)


def is_government_host(host: str) -> bool:
    """True when `host` is, or is under, one of `GOVERNMENT_SUFFIXES`."""
    host = normalise_host(host)
    return any(host == s or host.endswith("." + s) for s in GOVERNMENT_SUFFIXES)


# Tracker kinds that are never the site a person visits: their pages are frames and redirects
# inside other sites. Not Advertising: the lists file google.com and other visited sites under
# it; not Social or Analytics, which people visit. An ad network's frame is found by the frame
# chain instead (frames.py).
_NEVER_VISITED = frozenset({DATA_BROKER, FINGERPRINTING})
# Map categories that say more about a collector's host than its telemetry shape does (rule 1c).
_RISKIER_THAN_TELEMETRY = frozenset({ADVERTISING, DATA_BROKER, SOCIAL, FINGERPRINTING})
_TELEMETRY = frozenset({ANALYTICS, MONITORING})


def _collector_recipient(collector: Collector, entry: TrackerEntry | None, trackers: TrackerMap) -> Recipient | None:
    """Rule 1c: a telemetry-shaped request goes to analytics, unless the map says worse; a hosted
    search query to the site's search provider."""
    if entry is not None and entry.category in _RISKIER_THAN_TELEMETRY:
        return None
    if collector.kind == SEARCH_KIND:
        if entry is not None and entry.category in _TELEMETRY:
            return None  # a search vendor's own analytics endpoint is analytics (rule 3)
        return Recipient(RecipientType.SERVICE_PROVIDER, "shape", entry, category=SERVICE_PROVIDER)
    if entry is not None and entry.category in _TELEMETRY:
        return Recipient(RecipientType.ANALYTICS, entry.source or trackers.source, entry)
    category = MONITORING if collector.kind == MONITORING_KIND else ANALYTICS
    return Recipient(RecipientType.ANALYTICS, "shape", entry, category=category)


def _tracker_frame(first: FirstParty, trackers: TrackerMap, top_level_navigation: bool) -> bool:
    """Rule 2a: a request whose Origin or Referer is on a data broker's or fingerprinter's site
    comes from that tracker's frame or redirect inside some other page, not
    from a site the user visits, so that site is no first party (the frame chain, when the proxy
    saw the frame load, already named the real one)."""
    if top_level_navigation or first.source not in ("origin", "referer") or not first.site:
        return False
    match = trackers.lookup(first.site)
    return match is not None and match[1].category in _NEVER_VISITED


def resolve_recipient(
    destination: str,
    destination_site: str,
    first: FirstParty,
    trackers: TrackerMap,
    *,
    top_level_navigation: bool = False,
    override: RecipientType | None = None,
    path: str = "/",
    collector: Collector | None = None,
    sync_hop: bool = False,
    sibling_host: bool = False,
) -> Recipient:
    """The recipient of a request to `destination`, by the rules in this module's docstring."""
    match = trackers.lookup(destination)
    entry = match[1] if match is not None else None
    if override is not None:
        return Recipient(override, "rule", entry)
    if not top_level_navigation and is_ai_service(destination, path):
        return Recipient(RecipientType.AI_SERVICE, "builtin", entry)
    if not top_level_navigation and collector is not None and collector.kind == MODEL_KIND:
        return Recipient(RecipientType.AI_SERVICE, "shape", entry)  # rule 1b: a chat model's request on any host
    if collector is not None and collector.documented and not top_level_navigation:
        telemetry = _collector_recipient(collector, entry, trackers)
        if telemetry is not None:
            return telemetry
    if first.site and not _tracker_frame(first, trackers, top_level_navigation):
        if destination_site == first.site:
            if sibling_host and not top_level_navigation and _event_collector(collector):
                return _shape_recipient(collector)  # rule 2b: the site's own collector on its own subdomain
            return Recipient(RecipientType.FIRST_PARTY, "heuristic", entry)
        owner = trackers.owner_of(destination)
        if owner is not None and owner == trackers.owner_of(first.site):
            return Recipient(RecipientType.FIRST_PARTY, "heuristic", entry)
    if entry is not None:
        if entry.category in _PLATFORMS and not top_level_navigation and _event_collector(collector) \
                and collector.kind == MONITORING_KIND:
            # rule 3b: a cloud platform's host carrying an SDK's events (AWS RUM's dataplane, Google
            # Cloud's error reporting): the platform hosts many services, this one collects telemetry
            return _shape_recipient(collector)
        return Recipient(CATEGORY_RECIPIENT[entry.category], entry.source or trackers.source, entry)
    if sync_hop and not top_level_navigation and first.source == "none":
        return Recipient(RecipientType.ADVERTISING, "shape", category=ADVERTISING)
    if top_level_navigation or first.source == "none":
        return Recipient(RecipientType.FIRST_PARTY, "heuristic")
    if is_government_host(destination):
        return Recipient(RecipientType.GOVERNMENT, "heuristic")
    if _event_collector(collector):  # rule 7b: a third party in no list whose path and body say it collects events
        return _shape_recipient(collector)
    return Recipient(RecipientType.UNKNOWN_THIRD_PARTY, "heuristic")


def _event_collector(collector: Collector | None) -> TypeGuard[Collector]:
    """The collectors' weakest rule (a path's word and the event it carries) said so."""
    return collector is not None and not collector.documented and collector.kind != SEARCH_KIND


def _shape_recipient(collector: Collector) -> Recipient:
    return Recipient(RecipientType.ANALYTICS, "shape", None,
                     category=MONITORING if collector.kind == MONITORING_KIND else ANALYTICS)
