"""Apply one anonymization level to the findings of a payload, span by span, inside each field."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from guardian.anonymize.base import LevelOperator
from guardian.anonymize.operators import AggressiveMask, EntityTag, PartialMask
from guardian.records import Finding, Payload

__all__ = ["Anonymizer", "RewriteResult", "RULE_LEVELS"]

RULE_LEVELS: Mapping[int, LevelOperator] = {1: PartialMask(), 2: AggressiveMask(), 3: EntityTag()}


@dataclass(frozen=True)
class RewriteResult:
    """The edits for one level: new values by field path, and what was and was not rewritten."""

    requested_level: int
    level: int  # the level applied; lower than requested when that level is not available
    edits: dict[str, str]
    rewritten: tuple[Finding, ...]
    untreated: tuple[Finding, ...]  # kept at this level: quasi-identifiers at L1, free text below L4
    note: str | None = None


class Anonymizer:
    """Rewrites detected spans at a level; the structure around them is the codec's business."""

    def __init__(self, operators: Mapping[int, LevelOperator] | None = None) -> None:
        self._operators = dict(operators or RULE_LEVELS)
        self.max_level = max(self._operators)

    def operator(self, level: int) -> LevelOperator:
        """The operator of `level`, clamped to the levels available."""
        return self._operators[min(max(level, min(self._operators)), self.max_level)]

    def rewrite(self, payload: Payload, findings: Sequence[Finding], level: int) -> RewriteResult:
        """Rewrite every finding the level treats; overlapping spans keep the earlier one."""
        applied = min(max(level, min(self._operators)), self.max_level)
        note = None
        if applied != level:
            note = f"L{level} is not available here; the strongest rule level L{applied} was used"
        operator = self._operators[applied]
        fields = payload.by_path()
        by_field: dict[str, list[Finding]] = defaultdict(list)
        untreated: list[Finding] = []
        for f in findings:
            if f.field_path in fields and operator.applies_to(f):
                by_field[f.field_path].append(f)
            else:
                untreated.append(f)
        edits: dict[str, str] = {}
        rewritten: list[Finding] = []
        for path, spans in by_field.items():
            item = fields[path]
            value = item.value
            last_start = len(value) + 1
            # Right to left, so earlier offsets stay valid; skip a span overlapping one already done.
            for f in sorted(spans, key=lambda x: (x.start, -x.end), reverse=True):
                if f.end > last_start or f.start >= f.end or f.end > len(value):
                    untreated.append(f)
                    continue
                replacement = operator.rewrite(value[f.start : f.end], f, item.kind)
                value = value[: f.start] + replacement + value[f.end :]
                last_start = f.start
                rewritten.append(f)
            if value != item.value:
                edits[path] = value
        return RewriteResult(level, applied, edits, tuple(rewritten), tuple(untreated), note)
