"""The tracker map: domain -> owner and category, matched on the host by domain suffix.

Matching (`TrackerMap.lookup`)
    The host is normalised like a site (lower case, no trailing dot, IDNA), then the map is
    asked for the host itself and each parent domain, longest first:
    ``a.b.doubleclick.net`` tries ``a.b.doubleclick.net``, ``b.doubleclick.net``,
    ``doubleclick.net``, ``net``. The longest listed domain wins, so a map can give a subdomain
    its own category (``analytics.twitter.com`` Analytics under ``twitter.com`` Social). IP
    literals match only an identical entry.

Owners (`TrackerMap.owner_of`)
    Every entry names the company that owns the domain. Two domains with one owner count as
    one party (DuckDuckGo's entity model): a page on ``youtube.com`` loading ``i.ytimg.com`` is
    talking to its own first party, both being Google's. Owners compare as exact strings.
    An entry matched at a domain that is itself a public suffix (``cloudfront.net``,
    ``googleapis.com``, ``akamaihd.net``: the private section of the Public Suffix List) names
    who runs the shared hosting, not who controls the customer's subdomain, so `owner_of`
    returns None for such hosts: a site on ``d1.cloudfront.net`` is not Amazon's, and must not
    make ``amazon-adsystem.com`` its first party. `lookup` still returns the match, so the
    category (CDN) still applies.

Categories
    ``Advertising``, ``Analytics``, ``Social``, ``Fingerprinting``, ``DataBroker``,
    ``ServiceProvider``, ``CDN``, ``Payment``, ``Government``. Names are matched ignoring case,
    spaces, ``-`` and ``_`` (``data broker`` is ``DataBroker``) and stored in the canonical
    spelling; any other name is a `ConfigError`, so a list with a typo fails when loaded, not
    while deciding a request. What a category means for the recipient type and the purposes is
    decided in ``recipients.py`` and ``purposes.py``.

The built-in map
    ``builtin_trackers.yaml`` beside this module, written for this project (not copied from the
    Disconnect or DuckDuckGo lists, whose licences are non-commercial): owner -> domain ->
    category. It is read once per process (`builtin_trackers` caches it). Its `source` is
    ``builtin``; a map built from a user's list has source ``list``, and that word goes into
    `RequestContext.recipient_source`.
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from collections.abc import Mapping
from dataclasses import dataclass

import yaml

from guardian.context.site import is_ip_literal, is_public_suffix, normalise_host
from guardian.errors import ConfigError

__all__ = [
    "ADVERTISING",
    "ANALYTICS",
    "SOCIAL",
    "FINGERPRINTING",
    "DATA_BROKER",
    "SERVICE_PROVIDER",
    "CDN",
    "PAYMENT",
    "GOVERNMENT",
    "CATEGORIES",
    "TrackerEntry",
    "TrackerMap",
    "canonical_category",
    "builtin_trackers",
]

ADVERTISING = "Advertising"
ANALYTICS = "Analytics"
SOCIAL = "Social"
FINGERPRINTING = "Fingerprinting"
DATA_BROKER = "DataBroker"
SERVICE_PROVIDER = "ServiceProvider"
CDN = "CDN"
PAYMENT = "Payment"
GOVERNMENT = "Government"

CATEGORIES: tuple[str, ...] = (
    ADVERTISING,
    ANALYTICS,
    SOCIAL,
    FINGERPRINTING,
    DATA_BROKER,
    SERVICE_PROVIDER,
    CDN,
    PAYMENT,
    GOVERNMENT,
)
_BY_KEY = {c.lower(): c for c in CATEGORIES}
_SEPARATORS = re.compile(r"[\s_\-]+")

_BUILTIN_RESOURCE = "builtin_trackers.yaml"


def canonical_category(name: str) -> str:
    """The canonical spelling of a category name; `ConfigError` when it is not one."""
    key = _SEPARATORS.sub("", str(name)).lower()
    try:
        return _BY_KEY[key]
    except KeyError:
        raise ConfigError(
            f"unknown tracker category {name!r}; expected one of {', '.join(CATEGORIES)}"
        ) from None


@dataclass(frozen=True)
class TrackerEntry:
    """Who owns a tracker domain and what kind of service it is."""

    owner: str
    category: str


class TrackerMap:
    """Domain -> `TrackerEntry`, looked up by host with suffix matching."""

    def __init__(self, entries: Mapping[str, TrackerEntry], *, source: str = "list") -> None:
        self.source = source  # goes into recipient_source: builtin | list
        self._entries: dict[str, TrackerEntry] = {}
        for domain, entry in entries.items():
            host = normalise_host(domain)
            if not host:
                raise ConfigError(f"empty domain in tracker map (owner {entry.owner!r})")
            if not entry.owner.strip():
                raise ConfigError(f"tracker domain {domain!r} has no owner")
            category = canonical_category(entry.category)
            self._entries[host] = TrackerEntry(entry.owner.strip(), category)

    @classmethod
    def from_owner_mapping(cls, data: object, *, source: str = "list") -> TrackerMap:
        """Build from ``{owner: {domain: category}}`` (the built-in YAML's shape)."""
        if not isinstance(data, Mapping):
            raise ConfigError("tracker map must be a mapping of owner -> {domain: category}")
        entries: dict[str, TrackerEntry] = {}
        for owner, domains in data.items():
            if not isinstance(domains, Mapping):
                raise ConfigError(f"tracker owner {owner!r} must map domains to categories")
            for domain, category in domains.items():
                key = normalise_host(str(domain))
                if key in entries:
                    raise ConfigError(
                        f"tracker domain {domain!r} listed twice "
                        f"({entries[key].owner!r} and {owner!r})"
                    )
                entries[key] = TrackerEntry(str(owner), str(category))
        return cls(entries, source=source)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, host: object) -> bool:
        return isinstance(host, str) and self.lookup(host) is not None

    def items(self) -> list[tuple[str, TrackerEntry]]:
        """Every (domain, entry), for listing and tests."""
        return list(self._entries.items())

    def lookup(self, host: str) -> tuple[str, TrackerEntry] | None:
        """The longest listed domain that `host` equals or is a subdomain of, with its entry."""
        host = normalise_host(host)
        if not host:
            return None
        if is_ip_literal(host):
            entry = self._entries.get(host)
            return (host, entry) if entry is not None else None
        labels = host.split(".")
        for i in range(len(labels)):
            candidate = ".".join(labels[i:])
            entry = self._entries.get(candidate)
            if entry is not None:
                return candidate, entry
        return None

    def owner_of(self, site: str) -> str | None:
        """The owner of a site or host as a party; None when unlisted or matched at a suffix."""
        found = self.lookup(site)
        if found is None or is_public_suffix(found[0]):
            return None
        return found[1].owner


@functools.cache
def builtin_trackers() -> TrackerMap:
    """The packaged map, read once per process."""
    text = importlib.resources.files(__package__).joinpath(_BUILTIN_RESOURCE).read_text("utf-8")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise ConfigError(f"{_BUILTIN_RESOURCE}: {e}") from e
    return TrackerMap.from_owner_mapping(data, source="builtin")
