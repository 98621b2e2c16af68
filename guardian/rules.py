"""The user's YAML rules: schema, validation with line numbers, and matching (DESIGN.md step 1).

A rules file looks like `rules/default.yaml`:

    version: 1
    trusted: [bank.example]              # pass untouched: not decoded, not scored
    blocked:                             # always deny
      - domain: databroker.example
        reason: sells profiles
    domains:                             # context overrides per domain
      cdn.shop.example: {recipient: service_provider, purposes: [functionality]}
    thresholds:                          # per-tier (tau_a, tau_d) overrides
      critical: {allow: 0.10, deny: 0.55}
    never_touch:                         # fields never detected nor rewritten
      - field: csrf_token                # glob on the field name or its full path
        domains: [shop.example]          # optional; all domains when absent
    likelihood_prior: {first_party: 0.2} # prior L per recipient type
    opaque_bodies: allow                 # allow | deny a body that cannot be read as fields
    ignore_hosts: [bank.example]         # never intercepted: mitmproxy passes the TLS through
    policies:                            # where a site's privacy policy is, when discovery misses it
      shop.example: https://shop.example/legal/privacy
    restore_answers: [helpdesk.example]  # answers restored from pseudonyms, as for AI services
    block_attachments: [openai.com]      # AI requests with an image, audio or file part are denied
    recognizers:                         # the organisation's own data, as Presidio's YAML recognisers
      - name: employee number            # (guardian/detect/recognizers/custom.py)
        category: PersistentID
        patterns: [{name: staff id, regex: "E-[0-9]{6}", score: 0.5}]
        context: [employee, staff]
        checksum: luhn                   # optional: luhn | mod97 | mod11
        deny_list: [build01.corp.example]

A domain entry matches the domain itself and every subdomain of it. A bad file raises
`RulesError` naming the file and line, at load time, never mid-traffic.
"""

from __future__ import annotations

import enum
import fnmatch
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import yaml

from guardian.categories import TIER_THRESHOLDS, DataCategory, Tier
from guardian.errors import RulesError
from guardian.records import Field, Purpose, RecipientType

if TYPE_CHECKING:
    from guardian.detect.base import Pattern
    from guardian.detect.recognizers.custom import RecognizerSpec

__all__ = ["BlockRule", "DomainOverride", "FieldRule", "Rules", "load_rules", "parse_rules", "domain_matches"]

_E = TypeVar("_E", bound=enum.Enum)

_TOP_KEYS = frozenset(
    {
        "version",
        "trusted",
        "blocked",
        "domains",
        "thresholds",
        "never_touch",
        "likelihood_prior",
        "opaque_bodies",
        "ignore_hosts",
        "policies",
        "restore_answers",
        "block_attachments",
        "recognizers",
    }
)
# The keys of a `recognizers` entry: Presidio's YAML recogniser keys, plus `category` and `checksum`.
_RECOGNIZER_KEYS = ("name", "supported_entity", "category", "patterns", "context", "checksum", "deny_list", "deny_list_score")
_PATTERN_KEYS = frozenset({"name", "regex", "score"})
# A recogniser's categories: not Content, a whole value of free text, which the rule levels (L1-L3)
# leave to the LLM levels: its spans would be scored but, without an LLM, never rewritten.
_CATEGORIES = ", ".join(c.value for c in DataCategory if c is not DataCategory.CONTENT)


HOST_MEMO_SIZE = 4096  # hosts whose override and never_touch rules are remembered


def domain_matches(host: str, domain: str) -> bool:
    """Whether `host` is `domain` or a subdomain of it (label boundary, case-insensitive)."""
    host = host.lower().rstrip(".")
    domain = domain.lower().rstrip(".").removeprefix("*.")
    return host == domain or host.endswith("." + domain)


@dataclass(frozen=True)
class BlockRule:
    domain: str
    reason: str


@dataclass(frozen=True)
class DomainOverride:
    domain: str
    recipient: RecipientType | None = None
    purposes: tuple[Purpose, ...] | None = None


@dataclass(frozen=True)
class FieldRule:
    pattern: str  # glob over Field.name or Field.path
    domains: tuple[str, ...] = ()  # empty: every domain

    def __post_init__(self) -> None:
        # compiled once: the rules are matched against every field of every request
        object.__setattr__(self, "_by_name", re.compile(fnmatch.translate(self.pattern.lower())).match)
        object.__setattr__(self, "_by_path", re.compile(fnmatch.translate(self.pattern)).match)

    def applies_to(self, host: str) -> bool:
        return not self.domains or any(domain_matches(host, d) for d in self.domains)

    def matches_field(self, item: Field) -> bool:
        return self._by_name(item.name.lower()) is not None or self._by_path(item.path) is not None  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Rules:
    """A validated rules file."""

    trusted: tuple[str, ...] = ()
    blocked: tuple[BlockRule, ...] = ()
    domains: tuple[DomainOverride, ...] = ()
    thresholds: dict[Tier, tuple[float, float]] = field(default_factory=dict)
    never_touch: tuple[FieldRule, ...] = ()
    likelihood_prior: dict[RecipientType, float] = field(default_factory=dict)
    opaque_bodies: str = "allow"
    ignore_hosts: tuple[str, ...] = ()  # not intercepted at all (pinned apps, banking, OS updates)
    policies: dict[str, str] = field(default_factory=dict)  # domain -> privacy-policy URL (discovery step 1)
    restore_answers: tuple[str, ...] = ()  # more hosts whose answers get the originals back (guardian/addon/restore.py)
    block_attachments: tuple[str, ...] = ()  # AI services that get no image, audio or file part (the request is denied)
    recognizers: tuple[RecognizerSpec, ...] = ()  # the user's own (employee numbers, code names): every pipeline's detectors
    # the proxy's blocks under a user's own rules (guardian.user_rules): checked before any trust
    locked: tuple[BlockRule, ...] = ()
    source: str = "<built-in>"
    # host -> (override, never_touch rules that apply): the rules never change, hosts repeat
    _by_host: dict[str, tuple[DomainOverride | None, tuple[FieldRule, ...]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def trusted_match(self, host: str) -> str | None:
        """The trusted domain entry that covers `host`, if any."""
        return next((d for d in self.trusted if domain_matches(host, d)), None)

    def blocked_match(self, host: str) -> BlockRule | None:
        return next((b for b in self.blocked if domain_matches(host, b.domain)), None)

    def locked_match(self, host: str) -> BlockRule | None:
        """A block of the proxy's that a user's own rules cannot lift (`guardian.user_rules`)."""
        return next((b for b in self.locked if domain_matches(host, b.domain)), None) if self.locked else None

    def attachments_blocked(self, host: str) -> str | None:
        """The `block_attachments` entry that covers `host`, if any."""
        return next((d for d in self.block_attachments if domain_matches(host, d)), None)

    def override_for(self, host: str) -> DomainOverride | None:
        """The most specific domain override for `host` (longest matching domain)."""
        return self._for_host(host)[0]

    def untouchable(self, host: str, fields: Iterable[Field]) -> frozenset[str]:
        """Paths of the fields that `never_touch` protects for this host."""
        rules = self._for_host(host)[1]
        if not rules:
            return frozenset()
        return frozenset(f.path for f in fields if any(r.matches_field(f) for r in rules))

    def _for_host(self, host: str) -> tuple[DomainOverride | None, tuple[FieldRule, ...]]:
        found = self._by_host.get(host)
        if found is None:
            hits = [o for o in self.domains if domain_matches(host, o.domain)]
            found = (max(hits, key=lambda o: len(o.domain), default=None), tuple(r for r in self.never_touch if r.applies_to(host)))
            if len(self._by_host) >= HOST_MEMO_SIZE:
                self._by_host.clear()  # a crude bound; hosts of one browsing session are few
            self._by_host[host] = found
        return found

    def tier_thresholds(self) -> dict[Tier, tuple[float, float]]:
        return {**TIER_THRESHOLDS, **self.thresholds}


# --- parsing --------------------------------------------------------------------------------


class _Parser:
    """Walks the composed YAML node tree so that every error can name its line."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, node: yaml.Node | None, message: str) -> RulesError:
        line = node.start_mark.line + 1 if node is not None else None
        return RulesError(message, path=self.source, line=line)

    def mapping(self, node: yaml.Node, what: str) -> list[tuple[str, yaml.Node, yaml.Node]]:
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, f"{what} must be a mapping")
        out = []
        for key, value in node.value:
            out.append((self.string(key, f"a key in {what}"), key, value))
        return out

    def sequence(self, node: yaml.Node, what: str) -> list[yaml.Node]:
        if isinstance(node, yaml.ScalarNode) and node.tag.endswith(":null"):
            return []
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(node, f"{what} must be a list")
        return list(node.value)

    def string(self, node: yaml.Node, what: str) -> str:
        if not isinstance(node, yaml.ScalarNode) or node.tag.endswith(":null") or not str(node.value).strip():
            raise self.fail(node, f"{what} must be a non-empty string")
        return str(node.value).strip()

    def number(self, node: yaml.Node, what: str) -> float:
        try:
            value = float(self.string(node, what))
        except ValueError:
            raise self.fail(node, f"{what} must be a number between 0 and 1") from None
        if not 0.0 <= value <= 1.0:
            raise self.fail(node, f"{what} must be between 0 and 1, not {value}")
        return value

    def domain(self, node: yaml.Node, what: str) -> str:
        value = self.string(node, what).lower().rstrip(".")
        bare = value.removeprefix("*.")
        if "/" in bare or ":" in bare or " " in bare or "." not in bare and bare != "localhost":
            raise self.fail(node, f"{what} {value!r} is not a domain name (write e.g. example.com)")
        return value

    def enum(self, node: yaml.Node, kind: type[_E], what: str) -> _E:
        value = self.string(node, what).lower()
        try:
            return kind(value)
        except ValueError:
            allowed = ", ".join(m.value for m in kind)
            raise self.fail(node, f"{what} {value!r} is not one of: {allowed}") from None

    def parse(self, root: yaml.Node | None) -> Rules:
        if root is None:
            return Rules(source=self.source)
        top = self.mapping(root, "the rules file")
        values: dict[str, object] = {}
        for key, key_node, value in top:
            if key not in _TOP_KEYS:
                raise self.fail(key_node, f"unknown key {key!r}; expected one of {', '.join(sorted(_TOP_KEYS))}")
            values[key] = getattr(self, f"_{key}")(value)
        return Rules(source=self.source, **{k: v for k, v in values.items() if k != "version"})

    def _version(self, node: yaml.Node) -> int:
        if self.string(node, "version") != "1":
            raise self.fail(node, "version must be 1")
        return 1

    def _trusted(self, node: yaml.Node) -> tuple[str, ...]:
        return tuple(self.domain(n, "trusted domain") for n in self.sequence(node, "trusted"))

    def _blocked(self, node: yaml.Node) -> tuple[BlockRule, ...]:
        rules = []
        for item in self.sequence(node, "blocked"):
            if isinstance(item, yaml.ScalarNode):
                rules.append(BlockRule(self.domain(item, "blocked domain"), "blocked by rule"))
                continue
            entry = dict((k, v) for k, _, v in self.mapping(item, "a blocked entry"))
            if "domain" not in entry or set(entry) - {"domain", "reason"}:
                raise self.fail(item, "a blocked entry takes `domain` and an optional `reason`")
            reason = self.string(entry["reason"], "reason") if "reason" in entry else "blocked by rule"
            rules.append(BlockRule(self.domain(entry["domain"], "blocked domain"), reason))
        return tuple(rules)

    def _domains(self, node: yaml.Node) -> tuple[DomainOverride, ...]:
        out = []
        for name, key_node, value in self.mapping(node, "domains"):
            domain = self.domain(key_node, "domain")
            entry = self.mapping(value, f"domains.{name}")
            recipient = purposes = None
            for key, knode, v in entry:
                if key == "recipient":
                    recipient = self.enum(v, RecipientType, "recipient")
                elif key == "purposes":
                    purposes = tuple(self.enum(p, Purpose, "purpose") for p in self.sequence(v, "purposes"))
                else:
                    raise self.fail(knode, f"domains.{name} takes `recipient` and `purposes`, not {key!r}")
            out.append(DomainOverride(domain, recipient, purposes))
        return tuple(out)

    def _thresholds(self, node: yaml.Node) -> dict[Tier, tuple[float, float]]:
        out: dict[Tier, tuple[float, float]] = {}
        for name, key_node, value in self.mapping(node, "thresholds"):
            try:
                tier = Tier[name.upper()]
            except KeyError:
                raise self.fail(key_node, f"unknown tier {name!r}; expected critical, high, moderate or low") from None
            entry = dict((k, v) for k, _, v in self.mapping(value, f"thresholds.{name}"))
            if set(entry) != {"allow", "deny"}:
                raise self.fail(value, f"thresholds.{name} needs exactly `allow` and `deny`")
            allow, deny = self.number(entry["allow"], "allow"), self.number(entry["deny"], "deny")
            if allow > deny:
                raise self.fail(value, f"thresholds.{name}: allow ({allow}) must not exceed deny ({deny})")
            out[tier] = (allow, deny)
        return out

    def _never_touch(self, node: yaml.Node) -> tuple[FieldRule, ...]:
        out = []
        for item in self.sequence(node, "never_touch"):
            if isinstance(item, yaml.ScalarNode):
                out.append(FieldRule(self.string(item, "field pattern")))
                continue
            entry = dict((k, v) for k, _, v in self.mapping(item, "a never_touch entry"))
            if "field" not in entry or set(entry) - {"field", "domains"}:
                raise self.fail(item, "a never_touch entry takes `field` and optional `domains`")
            domains: tuple[str, ...] = ()
            if "domains" in entry:
                domains = tuple(self.domain(d, "domain") for d in self.sequence(entry["domains"], "domains"))
            out.append(FieldRule(self.string(entry["field"], "field"), domains))
        return tuple(out)

    def _likelihood_prior(self, node: yaml.Node) -> dict[RecipientType, float]:
        out = {}
        for name, key_node, value in self.mapping(node, "likelihood_prior"):
            out[self.enum(key_node, RecipientType, "recipient type")] = self.number(value, f"likelihood_prior.{name}")
        return out

    def _policies(self, node: yaml.Node) -> dict[str, str]:
        out = {}
        for name, key_node, value in self.mapping(node, "policies"):
            url = self.string(value, f"policies.{name}")
            if not url.startswith(("http://", "https://")):
                raise self.fail(value, f"policies.{name} must be an http(s) URL, not {url!r}")
            out[self.domain(key_node, "policies domain")] = url
        return out

    def _restore_answers(self, node: yaml.Node) -> tuple[str, ...]:
        return tuple(self.domain(n, "restore_answers domain") for n in self.sequence(node, "restore_answers"))

    def _block_attachments(self, node: yaml.Node) -> tuple[str, ...]:
        return tuple(self.domain(n, "block_attachments domain") for n in self.sequence(node, "block_attachments"))

    def _ignore_hosts(self, node: yaml.Node) -> tuple[str, ...]:
        return tuple(self.domain(n, "ignore_hosts domain") for n in self.sequence(node, "ignore_hosts"))

    def _recognizers(self, node: yaml.Node) -> tuple[RecognizerSpec, ...]:
        specs: list[RecognizerSpec] = []
        for item in self.sequence(node, "recognizers"):
            spec = self._recognizer(item)
            if any(s.name == spec.name for s in specs):
                raise self.fail(item, f"two recognizers are named {spec.name!r}")
            specs.append(spec)
        return tuple(specs)

    def _recognizer(self, item: yaml.Node) -> RecognizerSpec:
        """One `recognizers` entry: a name, a category, patterns and/or a deny-list."""
        # imported here: only a file that declares recognisers loads the detection package for it
        from guardian.detect.recognizers.custom import CHECKSUMS, DENY_LIST_SCORE, RecognizerSpec, entity_name

        entry: dict[str, yaml.Node] = {}
        for key, key_node, value in self.mapping(item, "a recognizers entry"):
            if key not in _RECOGNIZER_KEYS:
                raise self.fail(key_node, f"a recognizers entry takes {', '.join(_RECOGNIZER_KEYS)}; not {key!r}")
            entry[key] = value
        if "name" not in entry:
            raise self.fail(item, "a recognizers entry needs a `name`")
        name = self.string(entry["name"], "recognizer name")
        what = f"recognizer {name!r}"
        if "category" not in entry:
            raise self.fail(item, f"{what} needs a `category`, one of: {_CATEGORIES}")
        category_name = self.string(entry["category"], f"{what}: category")
        try:
            category = DataCategory.parse(category_name)
        except ValueError:
            raise self.fail(entry["category"], f"{what}: category {category_name!r} is not one of: {_CATEGORIES}") from None
        if category is DataCategory.CONTENT:
            raise self.fail(entry["category"], f"{what}: category Content is free text as a whole, which only the "
                                               f"LLM levels rewrite; choose e.g. Contact or PersistentID")
        if "supported_entity" in entry:
            written = self.string(entry["supported_entity"], f"{what}: supported_entity")
            entity = entity_name(written)
            if entity is None or entity != written.upper():
                raise self.fail(entry["supported_entity"], f"{what}: supported_entity {written!r} must be letters, digits and _ (e.g. EMPLOYEE_ID)")
        else:
            entity = entity_name(name)
            if entity is None:
                raise self.fail(entry["name"], f"{what}: name it with letters or give it a `supported_entity`")
        patterns = tuple(self._pattern(p, what) for p in self._items(entry, "patterns", what))
        deny_list = tuple(self.string(w, f"{what}: a deny_list entry") for w in self._items(entry, "deny_list", what))
        if not patterns and not deny_list:
            raise self.fail(item, f"{what} needs `patterns` or a `deny_list`")
        checksum = None
        if "checksum" in entry:
            checksum = self.string(entry["checksum"], f"{what}: checksum").lower()
            if checksum not in CHECKSUMS:
                raise self.fail(entry["checksum"], f"{what}: checksum {checksum!r} is not one of: {', '.join(CHECKSUMS)}")
            if not patterns:
                raise self.fail(entry["checksum"], f"{what}: a checksum checks what `patterns` match, and it has none")
        context = tuple(self.string(w, f"{what}: a context word") for w in self._items(entry, "context", what))
        deny_score = DENY_LIST_SCORE
        if "deny_list_score" in entry:
            deny_score = self.number(entry["deny_list_score"], f"{what}: deny_list_score")
        return RecognizerSpec(name, entity, category, patterns, context, checksum, deny_list, deny_score)

    def _items(self, entry: dict[str, yaml.Node], key: str, what: str) -> list[yaml.Node]:
        return self.sequence(entry[key], f"{what}: {key}") if key in entry else []

    def _pattern(self, node: yaml.Node, what: str) -> Pattern:
        """One entry of a recogniser's `patterns`: `name`, `regex` (compiled and checked here), `score`."""
        from guardian.detect.recognizers.custom import regex_problem, user_pattern

        entry = {k: v for k, _, v in self.mapping(node, f"{what}: a pattern")}
        if set(entry) != _PATTERN_KEYS:
            raise self.fail(node, f"{what}: a pattern takes exactly `name`, `regex` and `score`")
        name = self.string(entry["name"], f"{what}: pattern name")
        self.string(entry["regex"], f"{what}, pattern {name!r}: regex")  # non-empty
        regex = str(entry["regex"].value)  # as written: a space at either end is part of it
        problem = regex_problem(regex)
        if problem is not None:
            raise self.fail(entry["regex"], f"{what}, pattern {name!r}: {problem}")
        return user_pattern(name, regex, self.number(entry["score"], f"{what}, pattern {name!r}: score"))

    def _opaque_bodies(self, node: yaml.Node) -> str:
        value = self.string(node, "opaque_bodies").lower()
        if value not in ("allow", "deny"):
            raise self.fail(node, "opaque_bodies must be allow or deny")
        return value


def parse_rules(text: str, source: str = "<string>") -> Rules:
    """Parse and validate rules from YAML text; raises `RulesError` with the line on error."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        raise RulesError(f"invalid YAML: {e.problem or e}", path=source, line=mark.line + 1 if mark else None) from e
    except yaml.YAMLError as e:
        raise RulesError(f"invalid YAML: {e}", path=source) from e
    return _Parser(source).parse(root)


def load_rules(path: str | Path) -> Rules:
    """Load and validate a rules file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise RulesError(f"cannot read rules file: {e}", path=str(p)) from e
    return parse_rules(text, str(p))
