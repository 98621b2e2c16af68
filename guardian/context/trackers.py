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
    ``ServiceProvider``, ``CDN``, ``Payment``, ``Login`` (sign-in and single sign-on
    providers), ``Security`` (anti-fraud, bot and ad-fraud detection), ``Government`` and
    ``Other`` (named by a list as a tracker or a threat, but of no kind we can map: a
    DuckDuckGo tracker without categories, cryptomining, malware). Names are matched ignoring case,
    spaces, ``-`` and ``_`` (``data broker`` is ``DataBroker``) and stored in the canonical
    spelling; any other name is a `ConfigError`, so a list with a typo fails when loaded, not
    while deciding a request. What a category means for the recipient type and the purposes is
    decided in ``recipients.py`` and ``purposes.py``.

The built-in map
    ``builtin_trackers.yaml`` beside this module, written for this project (not copied from the
    Disconnect or DuckDuckGo lists, whose licences are non-commercial): owner -> domain ->
    category. It is read once per process (`builtin_trackers` caches it). Its `source` is
    ``builtin``; a map built from a user's list has source ``list``, and that word goes into
    `RequestContext.recipient_source`. Each entry carries the source of the map it came from
    (`TrackerEntry.source`), so a merged map (`TrackerMap.merge`) still tells them apart.

Property domains, owner aliases and privacy policies (from the user's lists, see ``lists.py``)
    Besides tracker domains a map may know ``owners``: domains an owner runs that are not
    trackers (Disconnect's entity ``properties``, DuckDuckGo's ``domains``). `owner_of` asks
    them when no tracker entry matches, so ``nytimes.com`` and ``nyt.com`` are one party.
    Owner names are compared by a key (case, punctuation and legal suffixes such as ``Inc``
    or ``LLC`` dropped: ``Google LLC`` is ``Google``), and ``aliases`` join names that lists
    spell differently for one company (``Meta`` and ``Facebook, Inc.``): `merge` aliases two
    names when two layers give at least `MIN_SHARED_DOMAINS` domains one to each (a single
    shared domain is as often a list's mistake or a sold domain), and a DuckDuckGo tracker's
    ``ownedBy`` aliases its brand to its company (``Google Analytics`` to ``Google LLC``). `owner_of` returns the name first seen for the
    whole group. ``policies`` maps an owner to its privacy-policy URL; `policy_url(host)`
    gives the URL for the owner of a host, for the policy store.
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import yaml

from guardian import yamlfile
from guardian.context.site import is_ip_literal, is_public_suffix, normalise_host
from guardian.errors import ConfigError

__all__ = [
    "ADVERTISING",
    "ANALYTICS",
    "MONITORING",
    "SOCIAL",
    "FINGERPRINTING",
    "DATA_BROKER",
    "SERVICE_PROVIDER",
    "CDN",
    "PAYMENT",
    "GOVERNMENT",
    "LOGIN",
    "SECURITY",
    "OTHER",
    "CATEGORIES",
    "TrackerEntry",
    "TrackerMap",
    "canonical_category",
    "builtin_trackers",
]

ADVERTISING = "Advertising"
ANALYTICS = "Analytics"
MONITORING = "Monitoring"  # ours: error tracking, RUM, APM, logging (telemetry about the site, and its users)
SOCIAL = "Social"
FINGERPRINTING = "Fingerprinting"
DATA_BROKER = "DataBroker"
SERVICE_PROVIDER = "ServiceProvider"
CDN = "CDN"
PAYMENT = "Payment"
GOVERNMENT = "Government"
LOGIN = "Login"
SECURITY = "Security"
OTHER = "Other"

CATEGORIES: tuple[str, ...] = (
    ADVERTISING,
    ANALYTICS,
    MONITORING,
    SOCIAL,
    FINGERPRINTING,
    DATA_BROKER,
    SERVICE_PROVIDER,
    CDN,
    PAYMENT,
    LOGIN,
    SECURITY,
    GOVERNMENT,
    OTHER,
)
_BY_KEY = {c.lower(): c for c in CATEGORIES}
_SEPARATORS = re.compile(r"[\s_\-]+")
_OWNER_PUNCT = re.compile(r"[^\w]+")
_LEGAL_SUFFIXES = frozenset(
    {"inc", "llc", "ltd", "limited", "corp", "corporation", "co", "gmbh", "sa", "sas", "ag",
     "plc", "bv", "nv", "srl", "spa", "ab", "as", "oy", "pty", "kk", "company"}
)

_BUILTIN_RESOURCE = "builtin_trackers.yaml"

# `TrackerMap.merge` aliases two owner names when layers give at least this many domains to each.
MIN_SHARED_DOMAINS = 2


def canonical_category(name: str) -> str:
    """The canonical spelling of a category name; `ConfigError` when it is not one."""
    key = _SEPARATORS.sub("", str(name)).lower()
    try:
        return _BY_KEY[key]
    except KeyError:
        raise ConfigError(
            f"unknown tracker category {name!r}; expected one of {', '.join(CATEGORIES)}"
        ) from None


def owner_key(name: str) -> str:
    """The comparison key of an owner name: ``Google LLC`` and ``google`` are one key."""
    words = _OWNER_PUNCT.sub(" ", name.casefold()).split()
    while len(words) > 1 and words[-1] in _LEGAL_SUFFIXES:
        words.pop()
    return " ".join(words)


@dataclass(frozen=True)
class TrackerEntry:
    """Who owns a tracker domain and what kind of service it is."""

    owner: str
    category: str
    # builtin | list; "" takes the source of the map the entry is put in. Not compared.
    source: str = field(default="", compare=False)


class _Owners:
    """Union-find over owner keys; each group answers with the first name it was given."""

    def __init__(self) -> None:
        self._parent: dict[str, str] = {}
        self._name: dict[str, str] = {}

    def add(self, name: str) -> str:
        key = owner_key(name)
        if key not in self._parent:
            self._parent[key] = key
            self._name[key] = name
        return key

    def find(self, key: str) -> str:
        root = key
        while self._parent[root] != root:
            root = self._parent[root]
        while self._parent[key] != root:  # path compression
            self._parent[key], key = root, self._parent[key]
        return root

    def union(self, a: str, b: str) -> None:
        ra, rb = self.find(self.add(a)), self.find(self.add(b))
        if ra != rb:
            order = list(self._parent)  # insertion order: the first-registered name names the group
            if order.index(rb) < order.index(ra):
                ra, rb = rb, ra
            self._parent[rb] = ra

    def name(self, owner: str) -> str:
        return self._name[self.find(self.add(owner))]

    def root(self, owner: str) -> str:
        return self.find(self.add(owner))


class TrackerMap:
    """Domain -> `TrackerEntry`, looked up by host with suffix matching."""

    def __init__(
        self,
        entries: Mapping[str, TrackerEntry],
        *,
        source: str = "list",
        owners: Mapping[str, str] | None = None,
        policies: Mapping[str, str] | None = None,
        aliases: Iterable[tuple[str, str]] = (),
    ) -> None:
        self.source = source  # goes into recipient_source: builtin | list
        self._entries: dict[str, TrackerEntry] = {}
        self._owners = _Owners()
        for domain, entry in entries.items():
            host = normalise_host(domain)
            if not host:
                raise ConfigError(f"empty domain in tracker map (owner {entry.owner!r})")
            if not entry.owner.strip():
                raise ConfigError(f"tracker domain {domain!r} has no owner")
            category = canonical_category(entry.category)
            self._entries[host] = TrackerEntry(entry.owner.strip(), category, entry.source or source)
            self._owners.add(entry.owner.strip())
        self._properties: dict[str, str] = {}
        for domain, owner in (owners or {}).items():
            host = normalise_host(domain)
            if host and owner.strip():
                self._properties[host] = owner.strip()
                self._owners.add(owner.strip())
        for a, b in aliases:
            self._owners.union(a, b)
        self._policies: dict[str, str] = {}
        for owner, url in (policies or {}).items():
            self._policies.setdefault(self._owners.root(owner), url)

    @classmethod
    def merge(cls, *layers: TrackerMap) -> TrackerMap:
        """One map from several, the first winning per domain (user lists first, then builtin).

        The longest listed domain still wins across layers (a builtin ``accounts.google.com``
        outlives a list's ``google.com``), and an ``Other`` entry yields to a lower layer's
        entry of a known kind for the same domain. Owners that two layers give one domain are aliased.
        """
        entries: dict[str, TrackerEntry] = {}
        owners: dict[str, str] = {}
        policies: dict[str, str] = {}
        aliases: list[tuple[str, str]] = []
        seen: dict[str, str] = {}  # domain -> owner of the highest layer naming it
        shared: Counter[tuple[str, str]] = Counter()  # (owner, other layer's owner) -> domains
        for layer in layers:
            aliases.extend(layer.aliases())
            named = [(d, e.owner) for d, e in layer._entries.items()] + list(layer._properties.items())
            for domain, owner in named:
                first = seen.setdefault(domain, owner)
                if owner_key(first) != owner_key(owner):
                    shared[(first, owner)] += 1
            for domain, entry in layer._entries.items():
                # A higher layer's "Other" (listed, kind unknown) yields to a lower layer's kind.
                if entries.setdefault(domain, entry).category == OTHER and entry.category != OTHER:
                    entries[domain] = entry
            for domain, owner in layer._properties.items():
                owners.setdefault(domain, owner)
            for key, url in layer._policies.items():
                policies.setdefault(layer._owners._name[key], url)
        # One shared domain is as likely a list's mistake or a sold domain as one company.
        aliases.extend(pair for pair, n in shared.items() if n >= MIN_SHARED_DOMAINS)
        source = layers[0].source if layers else "list"
        return cls(entries, source=source, owners=owners, policies=policies, aliases=aliases)

    def aliases(self) -> list[tuple[str, str]]:
        """(group name, member name) for every owner name that is not its group's own."""
        pairs = []
        for key, name in self._owners._name.items():
            group = self._owners.name(name)
            if group != name:
                pairs.append((group, name))
        return pairs

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
        """The owner of a site or host as a party; None when unlisted or matched at a suffix.

        Tracker entries are asked first, then the owners' property domains; the answer is the
        name of the owner's alias group, so equal answers mean one party.
        """
        found = self.lookup(site)
        if found is not None:
            if is_public_suffix(found[0]):
                return None
            return self._owners.name(found[1].owner)
        owner = self._property_owner(site)
        return self._owners.name(owner) if owner is not None else None

    def _property_owner(self, site: str) -> str | None:
        host = normalise_host(site)
        if not host or is_ip_literal(host) or not self._properties:
            return None
        labels = host.split(".")
        for i in range(len(labels)):
            candidate = ".".join(labels[i:])
            owner = self._properties.get(candidate)
            if owner is not None:
                return None if is_public_suffix(candidate) else owner
        return None

    def policy_url(self, host: str) -> str | None:
        """The privacy-policy URL a list gives for the owner of `host`; None when none is known."""
        owner = self.owner_of(host)
        if owner is None:
            return None
        return self._policies.get(self._owners.root(owner))

    def properties(self) -> list[tuple[str, str]]:
        """Every (domain, owner) of the owners' non-tracker domains."""
        return list(self._properties.items())


@functools.cache
def builtin_trackers() -> TrackerMap:
    """The packaged map, read once per process."""
    text = importlib.resources.files(__package__).joinpath(_BUILTIN_RESOURCE).read_text("utf-8")
    try:
        data = yamlfile.safe_load(text)
    except yaml.YAMLError as e:
        raise ConfigError(f"{_BUILTIN_RESOURCE}: {e}") from e
    return TrackerMap.from_owner_mapping(data, source="builtin")
