"""The Detector: every recogniser over every field, overlaps resolved, output sorted."""

from __future__ import annotations

import bisect
import dataclasses
import logging
from collections.abc import Collection, Iterable, Mapping, Sequence

from guardian.detect._text import is_natural_text
from guardian.detect.base import Recognizer
from guardian.detect.recognizers.ner import NerRecognizer
from guardian.detect.registry import default_recognizers
from guardian.errors import ConfigError
from guardian.categories import DataCategory
from guardian.records import Field, Finding, KindLabel, Payload, ValueKind

__all__ = ["Detector", "resolve_overlaps", "MAX_FIELD_CHARS"]

log = logging.getLogger(__name__)

MAX_FIELD_CHARS = 100_000
# What runs on a field of each kind (`guardian.fieldkinds`); unlabelled fields and user data get
# every recogniser. An e-mail is never machinery; a page URL is scored only for what it carries
# (an e-mail, a secret, a card or an id number in its query), never as browsing history itself.
KIND_RECOGNIZERS: Mapping[ValueKind, frozenset[str]] = {
    ValueKind.SITE_MACHINERY: frozenset({"email"}),
    ValueKind.PAGE_CONTEXT: frozenset({"email", "credentials", "credit_card", "ssn", "iban"}),
    ValueKind.USER_IDENTIFIER: frozenset(),
}
IDENTIFIER_SCORE = 0.8  # a persistent id named by a vendor dictionary or its key and shape
VENDOR_SCORE = 0.85  # user data a vendor dictionary documents (e.g. a hashed e-mail)
_EDGE = " \t\r\n\f\v,;"  # trimmed off the pieces of a split whole-value finding


class Detector:
    """Finds personal data in a payload's fields (DESIGN.md step 3).

    Values longer than `max_field_chars` are scanned only up to that length; the caller learns
    which through `truncated_fields`. A recogniser that fails on a value is logged and skipped:
    detection never raises on a string.
    """

    def __init__(
        self, recognizers: Sequence[Recognizer] | None = None, *, max_field_chars: int = MAX_FIELD_CHARS
    ) -> None:
        if max_field_chars < 1:
            raise ConfigError(f"max_field_chars must be at least 1, not {max_field_chars}")
        self.recognizers: tuple[Recognizer, ...] = tuple(
            default_recognizers() if recognizers is None else recognizers
        )
        self.max_field_chars = max_field_chars
        self._whole_value = frozenset(r.name for r in self.recognizers if r.whole_value)

    def detect(self, payload: Payload, kinds: Mapping[str, KindLabel] | None = None) -> tuple[Finding, ...]:
        """The findings of all fields of `payload`, sorted by (field_path, start); `kinds` (from
        `guardian.fieldkinds`) says which recognisers each field gets."""
        found: list[Finding] = []
        for item in payload.fields:
            found.extend(self.analyze_field(item, kinds.get(item.path) if kinds else None))
        found.sort(key=lambda f: (f.field_path, f.start, f.end))
        return tuple(found)

    def needs_model(self, payload: Payload, kinds: Mapping[str, KindLabel] | None = None) -> bool:
        """Whether detecting this payload runs a model (NER on some prose value): the slow path."""
        costly = [r for r in self.recognizers if r.costly]
        return any(
            r.reads(f.value[: self.max_field_chars])
            for f in payload.fields
            if self._runs_all(kinds.get(f.path) if kinds else None)
            for r in costly
        )

    @staticmethod
    def _runs_all(label: KindLabel | None) -> bool:
        return label is None or label.kind is ValueKind.USER_DATA

    def analyze_field(self, field: Field, label: KindLabel | None = None) -> list[Finding]:
        """The findings of one field: non-overlapping, sorted by start."""
        if not isinstance(field.value, str):
            return []
        if label is not None and label.kind is ValueKind.USER_IDENTIFIER:
            return _whole_value(field, DataCategory.DEVICE_ID, "USER_ID", IDENTIFIER_SCORE, label)
        scanned = field
        if len(field.value) > self.max_field_chars:
            scanned = dataclasses.replace(field, value=field.value[: self.max_field_chars])
        allowed = None if self._runs_all(label) else KIND_RECOGNIZERS[label.kind]  # type: ignore[union-attr]
        candidates: list[Finding] = []
        for recognizer in self.recognizers:
            if allowed is not None and recognizer.name not in allowed:
                continue
            try:
                found = recognizer.analyze(scanned)
            except Exception:  # one broken recogniser must not take the request down
                # The value stays out of the log: it is the personal data we protect.
                log.warning(
                    "recogniser %s failed on field %s", recognizer.name, field.path, exc_info=True
                )
                continue
            candidates.extend(f for f in found if _well_formed(f, scanned))
        kept = resolve_overlaps(candidates, scanned.value, whole_value=self._whole_value)
        if not kept and label is not None and label.kind is ValueKind.USER_DATA and label.category is not None:
            entity = f"{label.category.name}_HASH" if label.hashed else label.category.name
            return _whole_value(field, label.category, entity, VENDOR_SCORE, label)
        return kept

    def truncated_fields(self, payload: Payload) -> tuple[str, ...]:
        """Paths of the fields of which only a prefix was scanned: longer than `max_field_chars`,
        or prose longer than what NER reads (`NerRecognizer.MAX_CHARS`)."""
        ner_caps = [r.MAX_CHARS for r in self.recognizers if isinstance(r, NerRecognizer) and r.available]
        ner_cap = min(ner_caps, default=None)
        return tuple(
            f.path
            for f in payload.fields
            if len(f.value) > self.max_field_chars
            or (ner_cap is not None and len(f.value) > ner_cap and is_natural_text(f.value))
        )


def _whole_value(field: Field, category: DataCategory, entity: str, score: float, label: KindLabel) -> list[Finding]:
    """One finding over the value's trimmed extent, from the field's kind label."""
    value = field.value[:MAX_FIELD_CHARS]
    start = len(value) - len(value.lstrip())
    end = len(value.rstrip())
    if start >= end:
        return []
    recognizer = label.source if label.source.startswith("vendor:") else f"field_kind:{label.source}"
    return [Finding(category, entity, field.path, start, end, score, recognizer, quasi=False)]


def _well_formed(finding: Finding, field: Field) -> bool:
    """A finding of this field with a non-empty span inside the value and a score in [0, 1]."""
    return (
        finding.field_path == field.path
        and 0 <= finding.start < finding.end <= len(field.value)
        and 0.0 <= finding.score <= 1.0
    )


def _greedy(candidates: Iterable[Finding]) -> list[Finding]:
    """Keep the higher score, then the longer span; drop whatever overlaps a kept finding.

    A stable sort keeps the recognisers' order for exact ties. Kept spans are held sorted and
    checked by bisection, so a value with thousands of matches stays O(n log n).
    """
    order = sorted(candidates, key=lambda f: (-f.score, -(f.end - f.start), f.start))
    starts: list[int] = []
    ends: list[int] = []
    kept: list[Finding] = []
    for f in order:
        i = bisect.bisect_right(starts, f.start)
        if i > 0 and ends[i - 1] > f.start:
            continue
        if i < len(starts) and starts[i] < f.end:
            continue
        starts.insert(i, f.start)
        ends.insert(i, f.end)
        kept.append(f)
    return kept


def _pieces(whole: Finding, inner: Sequence[Finding], text: str) -> list[Finding]:
    """`whole` minus the spans in `inner`: the gaps that still hold a letter or digit."""
    out: list[Finding] = []
    cursor = whole.start
    bounds = [(f.start, f.end) for f in inner if f.start < whole.end and f.end > whole.start]
    bounds.append((whole.end, whole.end))
    for start, end in sorted(bounds):
        a, b = cursor, min(start, whole.end)
        while a < b and text[a] in _EDGE:
            a += 1
        while b > a and text[b - 1] in _EDGE:
            b -= 1
        if a < b and any(ch.isalnum() for ch in text[a:b]):
            out.append(dataclasses.replace(whole, start=a, end=b))
        cursor = max(cursor, end)
    return out


def resolve_overlaps(
    findings: Iterable[Finding], text: str, *, whole_value: Collection[str] = ()
) -> list[Finding]:
    """Non-overlapping findings of one field, sorted by start.

    Among span findings: the higher score wins, then the longer span (so a span covering
    another wins at equal score). Findings from a `whole_value` recogniser (field-name hints)
    compete by score only with a span finding on exactly their span, which wins ties; a span
    strictly inside them takes its part, and the whole-value finding keeps the gaps around it:
    "message" = "call +1 415 555 2671 now" gives Content "call", Phone, Content "now".
    """
    spans: list[Finding] = []
    wholes: list[Finding] = []
    for f in findings:
        (wholes if f.recognizer in whole_value else spans).append(f)
    survivors: list[Finding] = []
    for w in _greedy(wholes):
        rivals = [s for s in spans if s.start == w.start and s.end == w.end]
        if rivals and max(s.score for s in rivals) >= w.score:
            continue  # e.g. a Luhn-valid card in a "password" field
        if rivals:
            spans = [s for s in spans if not (s.start == w.start and s.end == w.end)]
        survivors.append(w)
    kept = _greedy(spans)
    if survivors:
        kept_sorted = sorted(kept, key=lambda f: f.start)
        for w in survivors:
            kept.extend(_pieces(w, kept_sorted, text))
    kept.sort(key=lambda f: (f.start, f.end))
    return kept
