"""Tracker lists from the user's disk: Disconnect and DuckDuckGo TDS, turned into a `TrackerMap`.

Formats (recognised by their content, not their file name)
    Disconnect ``services.json``: ``{"categories": {CATEGORY: [{ENTITY: {HOMEPAGE: [domain..],
    flags..}}]}}``. Every domain becomes an entry owned by ENTITY. Disconnect ``entities.json``:
    ``{"entities": {ENTITY: {"properties": [..], "resources": [..]}}}``: both lists become the
    entity's owned domains (ownership only, no category). DuckDuckGo TDS (``tds.json``, the
    Tracker Radar blocklist): ``{"trackers": {domain: {owner, categories, fingerprinting,
    default, ..}}, "entities": {name: {domains}}, "domains": {domain: name}}``. The owner of a
    tracker is its ``owner.ownedBy`` when set (``Google Analytics`` is ``Google LLC``'s), else
    ``owner.name``; ``owner.privacyPolicy`` gives the owner's privacy-policy URL.
    Entries that are not host names (Disconnect lists a few URL paths, ``yandex.ru/clck/click``)
    are skipped: the map matches hosts. ``cnames`` (CNAME-cloaked first-party hosts) are not used.

Categories (list category -> ours; a domain or tracker with several takes the first in the
order below, which puts the most characteristic kind first: Google Analytics is listed by
DuckDuckGo as Advertising and Analytics, and is an analytics service)
    Disconnect: Social -> Social; Advertising -> Advertising; Analytics -> Analytics;
    FingerprintingInvasive, FingerprintingGeneral -> Fingerprinting; Cryptomining -> Other;
    Email, EmailAggressive -> Analytics (mail open and click measurement; "aggressive" ones tie it
    to a person, but they are mail and support tools such as Intercom, not ad networks);
    Anti-fraud -> Security;
    ConsentManagers -> ServiceProvider; Content -> ServiceProvider (embedded content, not
    blocked by default by Disconnect either); Disconnect (the old Facebook/Google/Twitter
    category) -> Social.
    DuckDuckGo: Social Network -> Social; Session Replay, Audience Measurement, Tag Manager ->
    Analytics; Ad Motivated Tracking, Advertising, Action Pixels -> Advertising; Analytics,
    Third-Party Analytics Marketing -> Analytics; Social - Share, Social - Comment -> Social;
    Online Payment -> Payment; Federated Login, SSO -> Login; Ad Fraud -> Security;
    Content Delivery -> CDN; Embedded Content, Support Chat Widget, Badge, Consent Management
    Platform -> ServiceProvider; Malware, Obscure Ownership, Unknown High Risk Behavior -> Other.
    A TDS tracker with no category (most of them) is Fingerprinting when its ``fingerprinting``
    score is 3 (the list's highest), else Other: DuckDuckGo names it a tracker, not its kind.
    Category names a list adds later are counted in `ListStats.unknown_categories` and
    otherwise ignored, so a newer list still loads.

Paths and merging (`load_trackers`)
    A path is a file or a directory; a directory is searched two levels deep for ``*.json``
    files, in name order, and files in no known format are skipped (at least one must be
    known). A named file that is missing, not JSON or in no known format is a `ConfigError`
    that names it. Paths come in the user's order; the first list that names a domain wins,
    unless its category is Other and a later list gives a known kind (a DuckDuckGo tracker
    without categories does not hide Disconnect's category for it). So
    ``--trackers data/trackers`` reads ``disconnect/`` before ``duckduckgo/``; name the files
    in another order to prefer the other list.
    The lists together then sit above the built-in map: for one domain a list's entry beats
    the built-in one, while a longer domain still beats a shorter one across both (the
    built-in ``accounts.google.com`` outlives a list's ``google.com``). The user's YAML rules
    sit above everything, applied by the pipeline (`ContextOverride`).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from guardian.context.site import normalise_host
from guardian.context.trackers import (
    ADVERTISING,
    ANALYTICS,
    CDN,
    FINGERPRINTING,
    LOGIN,
    OTHER,
    PAYMENT,
    SECURITY,
    SERVICE_PROVIDER,
    SOCIAL,
    TrackerEntry,
    TrackerMap,
    builtin_trackers,
)
from guardian.errors import ConfigError

__all__ = [
    "DISCONNECT_CATEGORIES",
    "TDS_CATEGORIES",
    "ListStats",
    "load_list_file",
    "load_lists",
    "load_trackers",
    "parse_disconnect_entities",
    "parse_disconnect_services",
    "parse_tds",
    "split_paths",
]

# In precedence order: a domain listed under several takes the first (dicts keep order).
DISCONNECT_CATEGORIES: dict[str, str] = {
    "Social": SOCIAL,
    "Advertising": ADVERTISING,
    "Analytics": ANALYTICS,
    "FingerprintingInvasive": FINGERPRINTING,
    "FingerprintingGeneral": FINGERPRINTING,
    "Cryptomining": OTHER,
    "EmailAggressive": ANALYTICS,
    "Email": ANALYTICS,
    "Anti-fraud": SECURITY,
    "ConsentManagers": SERVICE_PROVIDER,
    "Content": SERVICE_PROVIDER,
    "Disconnect": SOCIAL,
}

TDS_CATEGORIES: dict[str, str] = {
    "Social Network": SOCIAL,
    "Session Replay": ANALYTICS,
    "Audience Measurement": ANALYTICS,
    "Tag Manager": ANALYTICS,
    "Ad Motivated Tracking": ADVERTISING,
    "Advertising": ADVERTISING,
    "Action Pixels": ADVERTISING,
    "Analytics": ANALYTICS,
    "Third-Party Analytics Marketing": ANALYTICS,
    "Social - Share": SOCIAL,
    "Social - Comment": SOCIAL,
    "Online Payment": PAYMENT,
    "Federated Login": LOGIN,
    "SSO": LOGIN,
    "Ad Fraud": SECURITY,
    "Content Delivery": CDN,
    "Embedded Content": SERVICE_PROVIDER,
    "Support Chat Widget": SERVICE_PROVIDER,
    "Badge": SERVICE_PROVIDER,
    "Consent Management Platform": SERVICE_PROVIDER,
    "Malware": OTHER,
    "Obscure Ownership": OTHER,
    "Unknown High Risk Behavior": OTHER,
}

TDS_FINGERPRINTING_MAX = 3  # the TDS `fingerprinting` score of "excessive" use

_HOST = re.compile(r"^[a-z0-9_]([a-z0-9_\-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_\-]*[a-z0-9_])?)+$")
_DIR_DEPTH = 2


@dataclass
class ListStats:
    """What one list file gave, for the coverage report and the log."""

    path: str
    format: str  # disconnect-services | disconnect-entities | tds
    trackers: int = 0  # tracker domains kept
    owned_domains: int = 0  # non-tracker domains with an owner
    skipped: list[str] = field(default_factory=list)  # entries that are not host names
    categories: Counter[str] = field(default_factory=Counter)  # ours, per tracker domain
    unknown_categories: Counter[str] = field(default_factory=Counter)


def _host(domain: object) -> str | None:
    """The normalised host, or None when `domain` is not a host name."""
    if not isinstance(domain, str):
        return None
    host = normalise_host(domain)
    return host if _HOST.match(host) else None


def _pick(names: Iterable[str], table: Mapping[str, str], stats: ListStats) -> str | None:
    """Our category for a set of list categories: the first of `table`'s order present."""
    present = set()
    for name in names:
        if name in table:
            present.add(name)
        else:
            stats.unknown_categories[name] += 1
    return next((ours for theirs, ours in table.items() if theirs in present), None)


def parse_disconnect_services(data: Mapping[str, Any], stats: ListStats) -> TrackerMap:
    """A map from Disconnect's ``services.json``."""
    cats = data.get("categories")
    if not isinstance(cats, Mapping):
        raise ConfigError("no 'categories' object")
    seen: dict[str, tuple[str, set[str]]] = {}  # host -> (entity, list categories)
    for category, entities in cats.items():
        if not isinstance(entities, list):
            raise ConfigError(f"category {category!r} is not a list")
        for item in entities:
            if not isinstance(item, Mapping):
                raise ConfigError(f"category {category!r} holds a non-object entry")
            for entity, sites in item.items():
                if not isinstance(sites, Mapping):
                    raise ConfigError(f"entity {entity!r} in {category!r} is not an object")
                for domains in sites.values():
                    if not isinstance(domains, list):
                        continue  # flags: "performance": "true", "dnt": "eff", ...
                    for domain in domains:
                        host = _host(domain)
                        if host is None:
                            stats.skipped.append(str(domain))
                            continue
                        seen.setdefault(host, (str(entity), set()))[1].add(str(category))
    entries: dict[str, TrackerEntry] = {}
    for host, (entity, categories) in seen.items():
        ours = _pick(categories, DISCONNECT_CATEGORIES, stats)
        if ours is None:
            continue
        entries[host] = TrackerEntry(entity, ours)
        stats.categories[ours] += 1
    stats.trackers = len(entries)
    return TrackerMap(entries, source="list")


def parse_disconnect_entities(data: Mapping[str, Any], stats: ListStats) -> TrackerMap:
    """Ownership only, from Disconnect's ``entities.json``."""
    entities = data.get("entities")
    if not isinstance(entities, Mapping):
        raise ConfigError("no 'entities' object")
    owners: dict[str, str] = {}
    for entity, body in entities.items():
        if not isinstance(body, Mapping):
            raise ConfigError(f"entity {entity!r} is not an object")
        for key in ("properties", "resources"):
            for domain in body.get(key) or ():
                host = _host(domain)
                if host is None:
                    stats.skipped.append(str(domain))
                    continue
                owners.setdefault(host, str(entity))
    stats.owned_domains = len(owners)
    return TrackerMap({}, source="list", owners=owners)


def parse_tds(data: Mapping[str, Any], stats: ListStats) -> TrackerMap:
    """A map from DuckDuckGo's Tracker Radar blocklist (``tds.json``)."""
    trackers = data.get("trackers")
    if not isinstance(trackers, Mapping):
        raise ConfigError("no 'trackers' object")
    entries: dict[str, TrackerEntry] = {}
    policies: dict[str, str] = {}
    aliases: list[tuple[str, str]] = []
    for domain, body in trackers.items():
        if not isinstance(body, Mapping):
            raise ConfigError(f"tracker {domain!r} is not an object")
        host = _host(body.get("domain") or domain)
        if host is None:
            stats.skipped.append(str(domain))
            continue
        owner = body.get("owner") if isinstance(body.get("owner"), Mapping) else {}
        name = str(owner.get("ownedBy") or owner.get("name") or "").strip()
        if not name:
            stats.skipped.append(str(domain))
            continue
        if owner.get("ownedBy") and owner.get("name"):
            aliases.append((name, str(owner["name"])))
        policy = owner.get("privacyPolicy")
        if isinstance(policy, str) and policy.startswith(("https://", "http://")):
            policies.setdefault(name, policy)
        ours = _pick(body.get("categories") or (), TDS_CATEGORIES, stats)
        if ours is None:
            fingerprinting = body.get("fingerprinting")
            ours = FINGERPRINTING if fingerprinting == TDS_FINGERPRINTING_MAX else OTHER
        entries[host] = TrackerEntry(name, ours)
        stats.categories[ours] += 1
    owners: dict[str, str] = {}
    domains = data.get("domains")
    if isinstance(domains, Mapping):
        for domain, name in domains.items():
            host = _host(domain)
            if host is not None and isinstance(name, str) and host not in entries:
                owners[host] = name
    entities = data.get("entities")
    if isinstance(entities, Mapping):
        for name, body in entities.items():
            for domain in (body.get("domains") or ()) if isinstance(body, Mapping) else ():
                host = _host(domain)
                if host is not None and host not in entries:
                    owners.setdefault(host, str(name))
    stats.trackers = len(entries)
    stats.owned_domains = len(owners)
    return TrackerMap(entries, source="list", owners=owners, policies=policies, aliases=aliases)


def _detect(data: object) -> str | None:
    """Which list format a parsed JSON document is in, or None."""
    if not isinstance(data, Mapping):
        return None
    if isinstance(data.get("trackers"), Mapping):
        return "tds"
    if isinstance(data.get("categories"), Mapping):
        return "disconnect-services"
    if isinstance(data.get("entities"), Mapping):
        return "disconnect-entities"
    return None


_PARSERS = {
    "tds": parse_tds,
    "disconnect-services": parse_disconnect_services,
    "disconnect-entities": parse_disconnect_entities,
}


def load_list_file(path: str | Path, *, required: bool = True) -> tuple[TrackerMap, ListStats] | None:
    """One list file; `ConfigError` naming it when it is bad (None if not `required` and unknown)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text("utf-8"))
    except OSError as e:
        raise ConfigError(f"tracker list {path}: cannot read: {e.strerror or e}") from e
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        if not required:
            return None
        raise ConfigError(f"tracker list {path}: not JSON: {e}") from e
    fmt = _detect(data)
    if fmt is None:
        if not required:
            return None
        raise ConfigError(
            f"tracker list {path}: not a Disconnect services.json/entities.json or DuckDuckGo "
            "tds.json (expected a 'trackers', 'categories' or 'entities' object)"
        )
    stats = ListStats(str(path), fmt)
    try:
        tracker_map = _PARSERS[fmt](data, stats)  # type: ignore[arg-type]
    except ConfigError as e:
        raise ConfigError(f"tracker list {path} ({fmt}): {e}") from e
    return tracker_map, stats


def _files(path: Path) -> list[Path]:
    """The JSON files of a directory, two levels deep, in name order."""
    found: list[Path] = []
    for depth in range(_DIR_DEPTH):
        pattern = "/".join(["*"] * depth + ["*.json"])
        found.extend(p for p in path.glob(pattern) if p.is_file())
    return sorted(found)


def load_lists(paths: Sequence[str | Path]) -> tuple[TrackerMap, list[ListStats]]:
    """The user's lists merged, first path first; with what each file gave."""
    layers: list[TrackerMap] = []
    stats: list[ListStats] = []
    for raw in paths:
        path = Path(raw).expanduser()
        if path.is_dir():
            loaded = [r for f in _files(path) if (r := load_list_file(f, required=False))]
            if not loaded:
                raise ConfigError(f"tracker list directory {path}: no Disconnect or DuckDuckGo list in it")
        elif path.exists():
            loaded = [load_list_file(path)]  # type: ignore[list-item]
        else:
            raise ConfigError(f"tracker list {path}: no such file or directory")
        for tracker_map, st in loaded:
            layers.append(tracker_map)
            stats.append(st)
    return TrackerMap.merge(*layers), stats


def split_paths(text: str | Sequence[str] | None) -> list[str]:
    """Paths from a comma-separated option value (or a list of such values); blanks dropped."""
    if not text:
        return []
    items = [text] if isinstance(text, str) else list(text)
    return [p.strip() for item in items for p in item.split(",") if p.strip()]


def load_trackers(paths: str | Sequence[str] | None) -> TrackerMap:
    """The map a resolver uses: the user's lists (if any) above the built-in map. Load once."""
    names = split_paths(paths)
    if not names:
        return builtin_trackers()
    lists, _ = load_lists(names)
    return TrackerMap.merge(lists, builtin_trackers())
