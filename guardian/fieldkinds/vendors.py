"""Vendor parameter dictionaries: what each parameter of a tracker's or SDK's requests is.

One YAML file per vendor family in `guardian/fieldkinds/vendors/` (Google Analytics, Meta Pixel,
Segment, Stripe, reCAPTCHA ...), each entry with the vendor's documentation as its source; see
`vendors/README.md` for the schema. A family applies to requests to its endpoints (host, and
optionally path globs); an entry marked `any_host` applies to every request (a captcha response
posted to a site's own login form). Keys are globs (`*`, `?`; brackets are literal, so
`ud[em]` is a key, not a character class) over a field's key, or dotted JSON paths from the body's
root (`$.context.page.url`, `[]` for any array index). The first matching entry wins.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from guardian import yamlfile
from guardian.categories import DataCategory
from guardian.errors import ConfigError
from guardian.records import Field, KindLabel, ValueKind
from guardian.rules import domain_matches

__all__ = ["VendorFamily", "VendorParam", "VendorDictionaries", "SHIPPED_DIR", "shipped_dictionaries"]

SHIPPED_DIR = Path(__file__).with_name("vendors")
_FILE_KEYS = frozenset({"family", "vendors", "docs", "endpoints", "params", "drop_ok"})
_ENDPOINT_KEYS = frozenset({"hosts", "paths"})
ANY_HOST = "*"  # an endpoint on any host, known by its paths (self-hosted Matomo's /matomo.php)
_PARAM_KEYS = frozenset({"keys", "kind", "what", "source", "category", "hashed", "never_touch", "any_host", "attachment"})
_INDEX = re.compile(r"\[[0-9]+\]")
LABEL_CACHE_SIZE = 8192  # (families, name, path) answers kept
FAMILY_CACHE_SIZE = 4096  # (host, path, shaped) answers kept


def _glob(pattern: str) -> re.Pattern[str]:
    """`*` and `?` as wildcards, everything else literal (brackets included)."""
    return re.compile("".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern) + r"\Z")


def json_path(field: Field) -> str | None:
    """A JSON field's path from the root with array indices as `[]`: `$.batch[].userId` (for a
    value inside a value, the path inside the innermost one)."""
    for part in reversed(field.path.split("|>")):  # the innermost JSON layer (a URL or base64 may wrap it)
        source, _, locator = part.partition(":")
        if source in ("json", "graphql") and locator.startswith("$"):
            return _INDEX.sub("[]", locator)
    return None


@dataclass(frozen=True)
class VendorParam:
    """One dictionary entry: keys and what their values are."""

    keys: tuple[re.Pattern[str], ...]
    paths: tuple[re.Pattern[str], ...]  # the `$.` keys
    label: KindLabel
    any_host: bool = False

    def matches(self, field: Field) -> bool:
        if any(k.match(field.name) for k in self.keys):
            return True
        path = json_path(field) if self.paths else None
        return path is not None and any(p.match(path) for p in self.paths)


@dataclass(frozen=True)
class VendorFamily:
    """One file: where the family's requests go and what their parameters are."""

    family: str
    endpoints: tuple[tuple[tuple[str, ...], tuple[re.Pattern[str], ...]], ...]  # (domains, path globs)
    params: tuple[VendorParam, ...]
    drop_ok: frozenset[str]

    def serves(self, host: str, path: str) -> bool:
        for domains, paths in self.endpoints:
            if any(d == ANY_HOST or domain_matches(host, d) for d in domains) and (not paths or any(p.match(path) for p in paths)):
                return True
        return False


def _check_keys(where: str, mapping: Mapping[str, Any], allowed: frozenset[str]) -> None:
    unknown = sorted(set(mapping) - allowed)
    if unknown:
        raise ConfigError(f"{where}: unknown key {unknown[0]!r}; known: {', '.join(sorted(allowed))}")


def _param(where: str, raw: object, family: str) -> VendorParam:
    if not isinstance(raw, Mapping):
        raise ConfigError(f"{where}: a param entry is a mapping")
    _check_keys(where, raw, _PARAM_KEYS)
    keys = raw.get("keys")
    if not isinstance(keys, list) or not keys or not all(isinstance(k, str) and k for k in keys):
        raise ConfigError(f"{where}: keys must be a non-empty list of strings")
    try:
        kind = ValueKind(raw.get("kind"))
    except ValueError:
        raise ConfigError(f"{where}: kind must be one of {', '.join(k.value for k in ValueKind)}") from None
    if not raw.get("source"):
        raise ConfigError(f"{where}: every entry names its source (the vendor's documentation)")
    category = None
    if raw.get("category") is not None:
        try:
            category = DataCategory.parse(str(raw["category"]))
        except ValueError as e:
            raise ConfigError(f"{where}: {e}") from None
    label = KindLabel(
        kind=kind,
        source=f"vendor:{family}",
        why=str(raw.get("what") or ""),
        category=category,
        hashed=bool(raw.get("hashed", False)),
        never_touch=bool(raw.get("never_touch", False)),
        attachment=bool(raw.get("attachment", False)),
    )
    return VendorParam(
        keys=tuple(_glob(k) for k in keys if not k.startswith("$.")),
        paths=tuple(_glob(k) for k in keys if k.startswith("$.")),
        label=label,
        any_host=bool(raw.get("any_host", False)),
    )


def load_family(path: Path) -> VendorFamily:
    """One dictionary file; `ConfigError` names the file and the entry that is wrong."""
    try:
        doc = yamlfile.safe_load(path.read_text("utf-8"))
    except (OSError, yaml.YAMLError) as e:
        raise ConfigError(f"{path}: {e}") from None
    if not isinstance(doc, Mapping):
        raise ConfigError(f"{path}: not a mapping")
    _check_keys(str(path), doc, _FILE_KEYS)
    family = str(doc.get("family") or path.stem)
    endpoints = []
    for i, ep in enumerate(doc.get("endpoints") or ()):
        if not isinstance(ep, Mapping) or not isinstance(ep.get("hosts"), list):
            raise ConfigError(f"{path}: endpoints[{i}] needs a hosts list")
        _check_keys(f"{path}: endpoints[{i}]", ep, _ENDPOINT_KEYS)
        if ANY_HOST in ep["hosts"] and not ep.get("paths"):
            raise ConfigError(f"{path}: endpoints[{i}] has hosts ['{ANY_HOST}'] without paths: that would be every request")
        endpoints.append((tuple(str(h).lower() for h in ep["hosts"]), tuple(_glob(str(p)) for p in ep.get("paths") or ())))
    params = tuple(_param(f"{path}: params[{i}]", raw, family) for i, raw in enumerate(doc.get("params") or ()))
    return VendorFamily(family, tuple(endpoints), params, frozenset(str(k) for k in doc.get("drop_ok") or ()))


class VendorDictionaries:
    """Every family of one or more folders; looks up a field's entry for a request."""

    def __init__(self, families: Sequence[VendorFamily]) -> None:
        self.families = tuple(families)
        self._any_host = tuple(p for f in self.families for p in f.params if p.any_host)
        self._labels: dict[tuple[tuple[int, ...], str, str], KindLabel | None] = {}
        self._families: dict[tuple[str, str, tuple[str, ...]], tuple[VendorFamily, ...]] = {}
        # domain -> families with an endpoint on it: a request looks up its host's suffixes only
        self._by_domain: dict[str, list[VendorFamily]] = {}
        self._any_host_families: list[VendorFamily] = []  # self-hosted tools: known by their path alone
        for family in self.families:
            for domains, _ in family.endpoints:
                for d in domains:
                    if d == ANY_HOST:
                        if family not in self._any_host_families:
                            self._any_host_families.append(family)
                        continue
                    bucket = self._by_domain.setdefault(d.removeprefix("*.").rstrip("."), [])
                    if family not in bucket:
                        bucket.append(family)

    @classmethod
    def load(cls, folders: Iterable[Path]) -> VendorDictionaries:
        return cls([load_family(p) for folder in folders for p in sorted(Path(folder).glob("*.yaml"))])

    def by_name(self, family: str) -> VendorFamily | None:
        """The family of that name (`segment`), for a request that has its documented shape."""
        return next((f for f in self.families if f.family == family), None)

    def for_request(self, host: str, path: str, shaped: tuple[str, ...] = ()) -> tuple[VendorFamily, ...]:
        """The families whose endpoints serve this host and path, and those named in `shaped`:
        the request has their documented format on a host of its own (a CDP built on the
        Segment Spec, a self-hosted collector).

        Memoised on (host, path, shaped): a page's requests go to the same few endpoints, and
        matching every family's endpoint globs cost more than the rest of the field kinds."""
        key = (host, path, shaped)
        try:
            return self._families[key]
        except KeyError:
            pass
        found = self._for_request(host, path, shaped)
        if len(self._families) >= FAMILY_CACHE_SIZE:
            self._families.clear()  # a bound, not an LRU, as for the labels
        self._families[key] = found
        return found

    def _for_request(self, host: str, path: str, shaped: tuple[str, ...]) -> tuple[VendorFamily, ...]:
        labels = host.lower().rstrip(".").split(".")
        seen: list[VendorFamily] = [f for name in shaped if (f := self.by_name(name)) is not None]
        for i in range(len(labels)):
            for family in self._by_domain.get(".".join(labels[i:]), ()):
                if family not in seen and family.serves(host, path):
                    seen.append(family)
        for family in self._any_host_families:
            if family not in seen and family.serves(host, path):
                seen.append(family)
        return tuple(seen)

    def label(self, families: tuple[VendorFamily, ...], field: Field) -> KindLabel | None:
        """The first entry for this field among the request's families, then the any-host ones.

        An entry matches on the field's name and JSON path only, so the answer is memoised on
        (families, name, path): the same parameters come back on every request of a page."""
        key = (tuple(map(id, families)), field.name, field.path)  # ids: the families live as long as self
        try:
            return self._labels[key]
        except KeyError:
            pass
        label = self._label(families, field)
        if len(self._labels) >= LABEL_CACHE_SIZE:
            self._labels.clear()  # rare: a bound, not an LRU (a dict is safe across threads)
        self._labels[key] = label
        return label

    def _label(self, families: tuple[VendorFamily, ...], field: Field) -> KindLabel | None:
        for family in families:
            for param in family.params:
                if param.matches(field):
                    return param.label
        return next((p.label for p in self._any_host if p.matches(field)), None)


@lru_cache(maxsize=1)
def shipped_dictionaries() -> VendorDictionaries:
    """The dictionaries shipped in the package (loaded once per process)."""
    return VendorDictionaries.load([SHIPPED_DIR])
