"""The recogniser interface, and the regex-plus-checksum base most recognisers build on.

Presidio's shape: a recogniser names its entities, keeps its patterns and context words as
class constants, and checks a match in an overridable `validate_result` (a checksum, a range).
The `Detector` runs every recogniser on a field and resolves the overlaps between them.
"""

from __future__ import annotations

import abc
import re
from dataclasses import dataclass
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect._first_chars import compile_fast
from guardian.detect._names import compact_key, find_key, has_key, name_tokens
from guardian.detect._text import is_natural_text
from guardian.records import Field, Finding

_PLAIN_WORD = re.compile(r"[a-z]{1,40}")

__all__ = ["Recognizer", "Pattern", "PatternRecognizer", "ENGLISH_ONLY"]

# `Recognizer.LANGUAGES` of a reader that knows only English (its model, its word lists, its cues).
ENGLISH_ONLY: frozenset[str] = frozenset({"en"})


class Recognizer(abc.ABC):
    """Finds one kind of personal data inside a field's value, as character spans."""

    name: ClassVar[str]
    entities: ClassVar[tuple[str, ...]]
    # True when a finding describes the whole value (a field-name hint): the Detector then lets
    # a more specific span inside it win that part and keeps the rest, instead of dropping it.
    whole_value: ClassVar[bool] = False
    # True when a finding's label names its whole span ("Address: 262, The Lees, CT6 6JL"): a
    # stronger finding strictly inside it takes its part and the finding keeps the rest, so
    # weaker ones cannot split the labelled value or leave its house number.
    container: ClassVar[bool] = False
    # True for a recogniser that runs a model (NER): the proxy decides a request that needs one
    # in its worker pool, not inline (`Detector.needs_model`).
    costly: ClassVar[bool] = False
    # True: run only on values that read as prose (dates, job titles, places are everywhere in
    # machine data, personal only in what a person wrote). Also keeps JSON bodies fast.
    NATURAL_TEXT_ONLY: ClassVar[bool] = False
    # The languages this recogniser can read (ISO 639-1), or None: any (a checksum, an e-mail's
    # shape). The Detector skips it on prose that `guardian.detect.language` is sure is in another
    # language; on short, mixed or unsure text every recogniser runs.
    LANGUAGES: ClassVar[frozenset[str] | None] = None
    # A regex every value this recogniser can find anything in contains (a digit, "@", a key's
    # literal prefix). The Detector skips the recogniser on a value without it, and evaluates each
    # distinct trigger once per value: most machine values then cost one or two searches instead
    # of every pattern. None: no such precondition. Tests check that a trigger never changes what
    # the recogniser finds (tests/unit/detect/test_triggers.py).
    TRIGGER: ClassVar[str | None] = None
    TRIGGER_FLAGS: ClassVar[int] = 0
    # The shortest value this recogniser can find anything in (a `PatternRecognizer` computes it
    # from its regexes); the Detector skips shorter values.
    min_chars: int = 0

    def reads(self, value: str) -> bool:
        """Whether this recogniser looks at `value` at all (a costly one says so cheaply)."""
        return True

    def warm(self) -> None:
        """Load what the first value would otherwise wait for (a model); nothing by default."""

    @abc.abstractmethod
    def analyze(self, field: Field) -> list[Finding]:
        """The findings in `field.value`; offsets index `field.value`. Must not raise on any str."""

    def compiled_patterns(self) -> tuple[re.Pattern[str], ...]:
        """The regexes this recogniser runs, so a test can check that all of them are bounded."""
        return ()


@dataclass(frozen=True)
class Pattern:
    """One regex of a `PatternRecognizer`.

    The span is group 0, or the first matched group whose name starts with "v" when the regex
    has such groups (so `password=` can be matched while only the secret is the span).
    Every quantifier must be bounded ({m,n}, never * or +): values are attacker-controlled.
    """

    name: str
    regex: str
    score: float
    entity: str = ""  # "" means the recogniser's first entity
    flags: int = 0
    needs_context: bool = False  # fire only with a context word in the field name or just before


class PatternRecognizer(Recognizer):
    """A recogniser made of `PATTERNS`, `CONTEXT` words and a `validate_result` hook."""

    PATTERNS: ClassVar[tuple[Pattern, ...]] = ()
    CONTEXT: ClassVar[tuple[str, ...]] = ()
    CATEGORY: ClassVar[DataCategory]
    CONTEXT_WINDOW: ClassVar[int] = 48  # characters before a match searched for context words
    CONTEXT_BOOST: ClassVar[float] = 0.1
    VALIDATED_SCORE: ClassVar[float] = 1.0  # a match whose checksum holds scores at least this
    QUASI_ENTITIES: ClassVar[frozenset[str]] = frozenset()  # entities that are quasi-identifiers

    def __init__(self) -> None:
        self._compiled = tuple((p, compile_fast(p.regex, p.flags)) for p in self.PATTERNS)
        self._trigger = compile_fast(self.TRIGGER, self.TRIGGER_FLAGS) if self.TRIGGER else None
        self.min_chars = min((_min_width(p) for p in self.PATTERNS), default=0)
        self._context_keys = tuple(k for k in (compact_key(w) for w in self.CONTEXT) if k)
        self._context_set = frozenset(self._context_keys)  # for text: any key, in one pass (`has_key`)
        self._context_longest = max(map(len, self._context_keys), default=0)

    def compiled_patterns(self) -> tuple[re.Pattern[str], ...]:
        return tuple(regex for _, regex in self._compiled)

    # -- hooks -------------------------------------------------------------------------------

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        """Check a match: False drops it, True marks it validated (a checksum held), None keeps it."""
        return None

    def score_result(self, text: str, pattern: Pattern, validated: bool | None) -> float:
        """The score of a kept match before any context boost."""
        return max(pattern.score, self.VALIDATED_SCORE) if validated else pattern.score

    def requires_context(self, text: str, pattern: Pattern) -> bool:
        """Whether this match counts only with a context word; override when the value decides
        (a checksum is evidence, not proof: a bare number that passes one by chance needs support)."""
        return pattern.needs_context

    def entity_for(self, pattern: Pattern, match: re.Match[str]) -> str:
        """The entity of a match; override when one regex yields several entities."""
        return pattern.entity or self.entities[0]

    def category_for(self, entity: str, text: str) -> DataCategory:
        """The AMRSF category of a match; override when it depends on the value."""
        return self.CATEGORY

    def match_span(self, pattern: Pattern, match: re.Match[str]) -> tuple[int, int] | None:
        """The span of a match: the first matched "v" group, else the whole match."""
        for group, value in match.groupdict().items():
            if group.startswith("v") and value is not None:
                return match.span(group)
        return match.span()

    # -- the loop ----------------------------------------------------------------------------

    def analyze(self, field: Field) -> list[Finding]:
        text = field.value
        if self._trigger is not None and self._trigger.search(text) is None:
            return []
        if self.NATURAL_TEXT_ONLY and not is_natural_text(text):
            return []
        return self.scan(field)

    def scan(self, field: Field) -> list[Finding]:
        """`analyze` without the trigger and prose gates (the Detector checks those once per value)."""
        text = field.value
        found: list[Finding] = []
        name_context: bool | None = None  # computed once, only if a match needs it
        for pattern, regex in self._compiled:
            for match in regex.finditer(text):
                span = self.match_span(pattern, match)
                if span is None or span[0] >= span[1]:
                    continue
                start, end = span
                matched = text[start:end]
                validated = self.validate_result(matched, pattern)
                if validated is False:
                    continue
                if name_context is None:
                    name_context = self._name_has_context(field.name)
                context = name_context or self._text_has_context(text, start)
                if self.requires_context(matched, pattern) and not context:
                    continue
                score = self.score_result(matched, pattern, validated)
                if context and not pattern.needs_context:
                    score += self.CONTEXT_BOOST  # a needs_context score already assumes it
                entity = self.entity_for(pattern, match)
                found.append(
                    Finding(
                        category=self.category_for(entity, matched),
                        entity=entity,
                        field_path=field.path,
                        start=start,
                        end=end,
                        score=round(min(1.0, max(0.0, score)), 4),
                        recognizer=self.name,
                        quasi=entity in self.QUASI_ENTITIES,
                    )
                )
        return found

    def _name_has_context(self, name: str) -> bool:
        if not self._context_keys or not name:
            return False
        tokens = name_tokens(name)
        return any(find_key(tokens, key, glue=True) for key in self._context_keys)

    def _text_has_context(self, text: str, start: int) -> bool:
        if not self._context_keys or start == 0:
            return False
        window = text[max(0, start - self.CONTEXT_WINDOW) : start]
        if has_key(name_tokens(window), self._context_set, self._context_longest):
            return True
        # a word written in camel case is one word of the text ("WhatsApp", "iPhone"), which the
        # field-name tokens split and singularise ("whats" -> "what", "app")
        return has_key(tuple(_PLAIN_WORD.findall(window.lower())), self._context_set, self._context_longest)


def _min_width(pattern: Pattern) -> int:
    """The fewest characters a match of `pattern` spans (lookarounds count zero): no shorter value
    can hold one. 0 when the regex parser cannot tell."""
    try:
        import re._parser as sre_parse  # the stdlib's own regex parser (3.11+)

        return int(sre_parse.parse(pattern.regex, pattern.flags).getwidth()[0])
    except Exception:  # noqa: BLE001 - a private API: without it, no length gate
        return 0
