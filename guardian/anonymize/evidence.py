"""Evidence-driven rewriting: the spans a verified guess relied on, as findings the next level
rewrites with the generaliser ladder (ladders.yaml).

An evidence finding is an ordinary `Finding` whose recognizer reads "evidence/<attribute>/<rung>"
(rung 1 the first time a span is used, 2 the next, ...). It is quasi, so every level from L2 up
treats it; at the rule levels (L1-L3) the detector's findings get the level's operator and
evidence spans the ladder phrase; at L4/L5 both go to the LLM or the generaliser.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, MutableMapping, Sequence

from guardian.anonymize.base import LevelOperator
from guardian.anonymize.generalize import Generalize
from guardian.categories import DataCategory as C
from guardian.detect.detector import stack_frames
from guardian.records import FieldKind, Finding, Payload

__all__ = ["EVIDENCE", "evidence_finding", "is_evidence", "evidence_of", "field_spans", "rewrite_rule_level", "add_tagged"]

EVIDENCE = "evidence"
ENTITY_OF: Mapping[str, tuple[str, C]] = {  # the attacker's field label -> (entity, category)
    "age": ("AGE", C.CONTACT), "sex": ("GENDER", C.CONTACT), "relationship_status": ("RELATIONSHIP", C.CONTACT),
    "income_level": ("MONEY", C.FINANCIAL), "education": ("FIELD_OF_STUDY", C.CONTACT),
    "occupation": ("OCCUPATION", C.CONTACT), "location": ("LOCATION", C.LOCATION), "birthplace": ("LOCATION", C.LOCATION),
}
LADDER_ATTRIBUTE: Mapping[str, str] = {"birthplace": "location"}  # a birthplace climbs the location ladder


def evidence_finding(field: str, path: str, start: int, end: int, rung: int, confidence: float) -> Finding:
    entity, category = ENTITY_OF.get(field, ("QUASI_IDENTIFIER", C.CONTACT))
    attribute = LADDER_ATTRIBUTE.get(field, field)
    return Finding(category, entity, path, start, end, confidence, f"{EVIDENCE}/{attribute}/{rung}", quasi=True)


def is_evidence(finding: Finding) -> bool:
    return finding.recognizer.startswith(EVIDENCE + "/")


def evidence_of(finding: Finding) -> tuple[str, int]:
    """(ladder attribute, rung) of an evidence finding."""
    _, attribute, rung = finding.recognizer.split("/", 2)
    return attribute, int(rung)


def field_spans(scope: Sequence[tuple[str, str]], spans: Sequence[tuple[int, int]]) -> list[tuple[str, int, int]]:
    """Spans of the scope's values joined with "\\n" -> (field path, start, end) inside one value."""
    out: list[tuple[str, int, int]] = []
    pos = 0
    for path, value in scope:
        end = pos + len(value)
        for s, e in spans:
            if s >= pos and e <= end and e > s:
                out.append((path, s - pos, e - pos))
        pos = end + 1
    return out


def add_tagged(
    evidence: MutableMapping[tuple[str, int, int], Finding], tagged: Sequence[tuple[str, str, float]],
    scope: Sequence[tuple[str, str]],
) -> int:
    """Words the span tagger marked in the anonymized text, as (word, field, score), become evidence
    at rung 1 wherever the original scope holds the word as a whole word; a span that already is
    evidence keeps its rung. Returns how many spans were added."""
    original = "\n".join(value for _, value in scope)
    frames = stack_frames(original)  # a stack trace's frames are code: no word of theirs is evidence
    added = 0
    for word, field, score in tagged:
        if not any(ch.isalnum() for ch in word):
            continue
        found = [(m.start(), m.end()) for m in re.finditer(rf"(?<![^\W_]){re.escape(word)}(?![^\W_])", original)
                 if not any(a <= m.start() and m.end() <= b for a, b in frames)]
        for path, start, end in field_spans(scope, found):
            if (path, start, end) not in evidence:
                evidence[(path, start, end)] = evidence_finding(field, path, start, end, 1, score)
                added += 1
    return added


def rewrite_rule_level(
    payload: Payload, findings: Sequence[Finding], evidence: Sequence[Finding], operator: LevelOperator,
    edits: Mapping[str, str], generalize: Generalize,
) -> dict[str, str]:
    """`edits` (the level's rewrite of `findings`) with the fields holding evidence rewritten again
    from the original: findings by the level's operator, evidence spans by the ladder. An evidence
    span overlapping a finding the level rewrites is left to the finding."""
    by_path: dict[str, list[Finding]] = {}
    for f in evidence:
        by_path.setdefault(f.field_path, []).append(f)
    out = dict(edits)
    fields = payload.by_path()
    for path, spans in by_path.items():
        item = fields.get(path)
        if item is None or item.kind is not FieldKind.STRING:
            continue
        own = [f for f in findings if f.field_path == path]
        # a finding this level rewrites covers its span; one it keeps (a quasi-identifier at L1,
        # free text as a whole) does not, so evidence inside it is still rewritten
        treated = [f for f in own if operator.applies_to(f)]
        kept = [e for e in spans if not any(f.start < e.end and e.start < f.end for f in treated)]

        def literal(f: Finding, span: str, kind: FieldKind = item.kind) -> str | None:
            if is_evidence(f):
                return None  # the ladder phrase, with agreement
            return operator.rewrite(span, f, kind) if operator.applies_to(f) else span

        value = generalize.rewrite_in(item.value, [*own, *kept], literal=literal)
        if value != item.value:
            out[path] = value
    return out
