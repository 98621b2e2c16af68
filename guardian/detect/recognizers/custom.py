r"""The user's own recognisers, declared in the rules file: an organisation's own data.

Employee and customer numbers, project code names, internal host names: nothing built in can
know them. A rules file declares them in the shape of Presidio's YAML recognisers (parsed and
checked, with line numbers, by `guardian.rules`):

    recognizers:
      - name: employee number
        supported_entity: EMPLOYEE_ID      # optional: the name in upper case
        category: PersistentID             # the AMRSF category the risk model scores (not Content)
        patterns:
          - {name: staff id, regex: '\bE-[0-9]{6}\b', score: 0.5}   # single quotes: \b as written
        context: [employee, staff]         # a word near the match adds 0.35
        checksum: luhn                     # optional: luhn | mod97 | mod11; a failing match is dropped
        deny_list: [Bluebird, build01.corp.example]   # always this entity

Each entry becomes one `CustomRecognizer`; a pipeline's detectors get them on top of the
built-in ones (`Detector.with_recognizers`). As in Presidio, regexes and deny-list words match
regardless of case (`REGEX_FLAGS`), a deny-list word matches whole (not inside a longer word),
a checksum that holds raises the score to 1.0, and a context word (in the field's name or in the
48 characters before the match) adds 0.35. Unlike Presidio, every repeat must be bounded
(`{1,20}`, never `+` or `*`), as in the built-in recognisers: values are attacker-controlled and
are read on every request. Category Content is refused (`guardian.rules`): the rule levels leave
free text to the LLM levels, so its spans would never be rewritten without an LLM.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from guardian.detect._wordlist import word_alternation
from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer
from guardian.detect.recognizers.credit_card import luhn_ok

try:  # the stdlib's own regex parser, to find unbounded repeats (3.11+; private, so guarded)
    from re import _parser as sre_parse
except ImportError:  # pragma: no cover - without it, no bound check
    sre_parse = None  # type: ignore[assignment]

__all__ = [
    "CustomRecognizer",
    "RecognizerSpec",
    "CHECKSUMS",
    "CONTEXT_SIMILARITY_FACTOR",
    "DENY_LIST_SCORE",
    "NAME_PREFIX",
    "REGEX_FLAGS",
    "deny_list_pattern",
    "entity_name",
    "mod11_ok",
    "mod97_ok",
    "regex_problem",
    "user_pattern",
]

# Presidio's defaults, so a recogniser copied from a Presidio YAML file scores as it did there.
REGEX_FLAGS = re.IGNORECASE | re.MULTILINE | re.DOTALL  # PatternRecognizer's global_regex_flags
CONTEXT_SIMILARITY_FACTOR = 0.35  # LemmaContextAwareEnhancer's: what a context word adds
DENY_LIST_SCORE = 1.0  # PatternRecognizer's deny_list_score
NAME_PREFIX = "custom:"  # a finding's `recognizer` field: never confused with a built-in one
MAX_REPEAT = 10_000  # the largest repeat bound accepted (tests/unit/detect/test_detect_robustness.py)
MIN_CHECKED_CHARS = 2  # a checksum over fewer characters proves nothing
_ENTITY = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}")
_NOT_ENTITY = re.compile(r"[^A-Za-z0-9]{1,64}")
_DIGITS = frozenset("0123456789")
_ALNUM = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
MOD11_TEN = frozenset("Xx")  # ISO 7064 MOD 11-2 writes a check value of 10 as X


# --- checksums: over the match's characters, separators ignored ------------------------------


def _luhn(text: str) -> bool:
    """Luhn (mod 10) over the digits of `text` (letters and separators ignored)."""
    digits = "".join(ch for ch in text if ch in _DIGITS)
    return len(digits) >= MIN_CHECKED_CHARS and luhn_ok(digits)


def mod97_ok(text: str) -> bool:
    """ISO 7064 MOD 97-10 over the letters and digits of `text` (A=10 .. Z=35, as in an IBAN once
    its first four characters are moved to the end): the number leaves 1 when divided by 97."""
    chars = [ch for ch in text if ch in _ALNUM]
    if len(chars) < MIN_CHECKED_CHARS:
        return False
    return int("".join(str(int(ch, 36)) for ch in chars)) % 97 == 1


def mod11_ok(text: str) -> bool:
    """ISO 7064 MOD 11-2 (ORCID, Chinese resident ids) over the digits of `text`, the last of
    which may be X (ten); separators ignored, a letter anywhere else fails."""
    chars = [ch for ch in text if ch in _DIGITS or ch in MOD11_TEN]
    if len(chars) < MIN_CHECKED_CHARS or any(ch in MOD11_TEN for ch in chars[:-1]):
        return False
    total = 0
    for ch in chars:  # Horner's rule: the check character weighs 1, the one before it 2, then 4 ...
        total = (total * 2 + (10 if ch in MOD11_TEN else int(ch))) % 11
    return total == 1


CHECKSUMS: Mapping[str, Callable[[str], bool]] = {"luhn": _luhn, "mod97": mod97_ok, "mod11": mod11_ok}


# --- the spec a rules file entry becomes -------------------------------------------------------


@dataclass(frozen=True)
class RecognizerSpec:
    """One validated `recognizers` entry of a rules file."""

    name: str
    entity: str
    category: DataCategory
    patterns: tuple[Pattern, ...] = ()
    context: tuple[str, ...] = ()
    checksum: str | None = None  # a key of CHECKSUMS
    deny_list: tuple[str, ...] = ()
    deny_list_score: float = DENY_LIST_SCORE


def user_pattern(name: str, regex: str, score: float) -> Pattern:
    """A rules file's regex as a `Pattern`, with Presidio's flags."""
    return Pattern(name, regex, score, flags=REGEX_FLAGS)


def entity_name(text: str) -> str | None:
    """`text` as an entity name (EMPLOYEE_ID): upper case, runs of other characters as "_";
    None when nothing usable is left."""
    entity = _NOT_ENTITY.sub("_", text.strip()).strip("_").upper()
    return entity if _ENTITY.fullmatch(entity) else None


def regex_problem(regex: str) -> str | None:
    """What is wrong with a user's regex (it does not compile, or repeats without a bound), or None."""
    if "\b" in regex:  # YAML reads "\b" in double quotes as a backspace, not a word boundary
        return "regex holds a backspace: write it in single quotes ('\\bE-[0-9]{6}') or as \"\\\\b\""
    try:
        re.compile(regex, REGEX_FLAGS)
    except re.error as e:
        return f"invalid regex: {e}"
    if sre_parse is None:  # pragma: no cover
        return None
    bad = _unbounded(sre_parse.parse(regex, REGEX_FLAGS))
    if bad:
        return (f"regex repeats without a bound ({', '.join(bad)}): write e.g. {{1,20}} for + and {{0,20}} "
                f"for *, at most {MAX_REPEAT}, as values are read on every request")
    return None


def _unbounded(parsed: object) -> list[str]:
    """The repeats in a parsed regex without a finite bound of at most MAX_REPEAT."""
    repeats = {sre_parse.MAX_REPEAT, sre_parse.MIN_REPEAT, getattr(sre_parse, "POSSESSIVE_REPEAT", None)}
    bad: list[str] = []
    for op, av in parsed:  # type: ignore[attr-defined]
        if op in repeats:
            low, high, sub = av
            if high == sre_parse.MAXREPEAT or high > MAX_REPEAT:
                bad.append(f"{{{low},}}" if high == sre_parse.MAXREPEAT else f"{{{low},{high}}}")
            bad.extend(_unbounded(sub))
        elif op is sre_parse.SUBPATTERN:
            bad.extend(_unbounded(av[-1]))
        elif op is getattr(sre_parse, "ATOMIC_GROUP", None):
            bad.extend(_unbounded(av))
        elif op is sre_parse.BRANCH:
            for branch in av[1]:
                bad.extend(_unbounded(branch))
        elif op in (sre_parse.ASSERT, sre_parse.ASSERT_NOT):
            bad.extend(_unbounded(av[1]))
        elif op is sre_parse.GROUPREF_EXISTS:
            bad.extend(_unbounded(av[1]))
            if av[2] is not None:
                bad.extend(_unbounded(av[2]))
    return bad


def deny_list_pattern(words: Sequence[str], score: float) -> Pattern:
    """One regex for a deny-list: any of the words, whole (Presidio's boundaries: no word
    character just before or after), longest first so a phrase wins over a word inside it."""
    alternatives = word_alternation(words)
    return Pattern("deny_list", rf"(?<!\w)(?:{alternatives})(?!\w)", score, flags=REGEX_FLAGS)


# --- the recogniser ------------------------------------------------------------------------------


class CustomRecognizer(PatternRecognizer):
    """One recogniser of a rules file: its patterns, context words, checksum and deny-list."""

    CONTEXT_BOOST: ClassVar[float] = CONTEXT_SIMILARITY_FACTOR

    def __init__(self, spec: RecognizerSpec) -> None:
        self.spec = spec
        # Per instance, where the built-ins have class constants: each rules entry is one recogniser.
        self.name = NAME_PREFIX + spec.name  # type: ignore[misc]
        self.entities = (spec.entity,)  # type: ignore[misc]
        self.CATEGORY = spec.category  # type: ignore[misc]
        self.CONTEXT = spec.context  # type: ignore[misc]
        self._deny = deny_list_pattern(spec.deny_list, spec.deny_list_score) if spec.deny_list else None
        self.PATTERNS = spec.patterns + ((self._deny,) if self._deny is not None else ())  # type: ignore[misc]
        self._checksum = CHECKSUMS[spec.checksum] if spec.checksum is not None else None
        super().__init__()

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        """The checksum, on regex matches only: a deny-list word is the entity by declaration."""
        if self._checksum is None or pattern is self._deny:
            return None
        return self._checksum(text)
