"""Consistent pseudonyms for one request of a conversation, from the pipeline's own findings.

The pipeline (immutable, shared) has decided the request and found the spans; this step, run
per flow by the addon, writes the conversation's pseudonyms into those spans instead of the
pipeline's one-off tags, so "Jane" is `[PERSON_1]` in every turn and the answer can be restored:

    decision record findings ──> originals (the request re-read with the same codec)
        ──> Conversation.pseudonym(original) ──> edits ──> codecs.encode_request ──> RequestRewrite

Every non-free-text finding is replaced whole (a superset of what L1-L3 rewrite, so nothing the
pipeline hid comes back). Values the conversation already knows are replaced again wherever they
reappear in the user's text, even where the detector missed them this time (a chat client sends
the history, with the answers restored, on every turn). A free-text rewrite by the LLM levels (L4,
L5) is kept as the pipeline made it: it has no spans to pseudonymize.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from guardian.codecs import RequestRewrite, decode_request, encode_request
from guardian.decision_record import DecisionRecord
from guardian.errors import CodecError
from guardian.records import Field, FieldKind, HttpRequest, Payload
from guardian.vault.store import Conversation
from guardian.vault.surrogates import label_for

__all__ = ["PseudonymResult", "pseudonymize_request", "pseudonymize_text", "Span", "MIN_KNOWN_CHARS", "RULE_LEVEL_MAX"]

MIN_KNOWN_CHARS = 3  # a known value shorter than this is not looked for outside a finding
RULE_LEVEL_MAX = 3  # L1-L3 rewrite spans; L4/L5 rewrite free text (no spans to pseudonymize)
FREE_TEXT = "Content"  # the category of a whole prose value: never one span to replace
NUMBER_REPLACEMENT = "0"  # a JSON number stays a number (as L3 does); not restorable

InScope = Callable[[Field], bool]


@dataclass(frozen=True)
class Span:
    """One detected value in a field: where it is and what it is."""

    start: int
    end: int
    category: str
    entity: str


@dataclass(frozen=True)
class PseudonymResult:
    """The rewrite with the conversation's pseudonyms (None: nothing to change), and counts."""

    rewrite: RequestRewrite | None
    pseudonymized: int = 0  # spans replaced
    new: int = 0  # values seen for the first time in this conversation
    again: int = 0  # known values found again where the detector found nothing


def _known_pattern(originals: Sequence[str]) -> re.Pattern[str] | None:
    pieces = [
        ("(?<!\\w)" if v[:1].isalnum() else "") + re.escape(v) + ("(?!\\w)" if v[-1:].isalnum() else "")
        for v in originals
        if len(v) >= MIN_KNOWN_CHARS
    ]
    return re.compile("|".join(pieces)) if pieces else None


def pseudonymize_text(
    text: str, spans: Sequence[Span], conversation: Conversation, style: str, *, avoid: str | None = None,
    known: re.Pattern[str] | None = None, number: bool = False,
) -> tuple[str, int, int, int]:
    """`text` with `spans` (overlaps: the earlier kept, as the anonymizer does) and, with `known`,
    the conversation's known values replaced by pseudonyms. Returns text, replaced, new, again."""
    chosen: list[tuple[int, int, str]] = []
    last_start = len(text) + 1
    for s in sorted(spans, key=lambda x: (x.start, -x.end), reverse=True):
        if s.category == FREE_TEXT or s.end > last_start or s.start >= s.end or s.end > len(text):
            continue
        chosen.append((s.start, s.end, f"{s.category}\x00{s.entity}"))
        last_start = s.start
    new = 0
    out: list[tuple[int, int, str]] = []
    for start, end, what in reversed(chosen):  # in reading order: the first name met is [PERSON_1]
        if number:
            out.append((start, end, NUMBER_REPLACEMENT))
            continue
        category, entity = what.split("\x00", 1)
        value, made = conversation.pseudonym(text[start:end], label_for(category, entity), style, avoid=text if avoid is None else avoid)
        new += made
        out.append((start, end, value))
    again = 0
    if known is not None and not number:
        taken = [(s, e) for s, e, _ in out]
        for m in known.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            value = conversation.lookup(m.group(0))
            if value is None:  # dropped meanwhile (a clear)
                continue
            out.append((m.start(), m.end(), value))
            taken.append((m.start(), m.end()))
            again += 1
    for start, end, value in sorted(out, reverse=True):
        text = text[:start] + value + text[end:]
    return text, len(out), new, again


def _spans(record: DecisionRecord) -> dict[str, list[Span]]:
    by_field: dict[str, list[Span]] = {}
    for f in record.findings:
        span = f.get("span") or (0, 0)
        by_field.setdefault(str(f.get("field")), []).append(
            Span(int(span[0]), int(span[1]), str(f.get("category")), str(f.get("entity") or ""))
        )
    return by_field


def pseudonymize_request(
    request: HttpRequest,
    record: DecisionRecord,
    conversation: Conversation,
    style: str,
    *,
    max_body_bytes: int,
    scope: Callable[[HttpRequest, Payload], InScope] | None = None,
) -> PseudonymResult:
    """The request rewritten with the conversation's pseudonyms at the record's findings and at
    known values in the fields that `scope(request, payload)` admits (every field when None)."""
    if record.l_final > RULE_LEVEL_MAX:
        return PseudonymResult(None)
    payload = decode_request(request, max_body_bytes=max_body_bytes, cookies=False)  # the prompt, not the session
    if payload.opaque:
        return PseudonymResult(None)
    spans = _spans(record)
    in_scope = scope(request, payload) if scope is not None else None
    avoid = "\n".join(f.value for f in payload.fields)
    fields = payload.by_path()
    new = 0
    # First the findings, so that a value found in one field is known in every other field.
    for path, field_spans in spans.items():
        item = fields.get(path)
        if item is not None and item.kind is FieldKind.STRING:
            new += pseudonymize_text(item.value, field_spans, conversation, style, avoid=avoid)[2]
    known = _known_pattern(conversation.known_originals())
    edits: dict[str, str] = {}
    replaced = again = 0
    for item in payload.fields:
        field_spans = spans.get(item.path, [])
        look = known if (in_scope is None or in_scope(item)) else None
        if not field_spans and look is None:
            continue
        text, n, _, seen = pseudonymize_text(
            item.value, field_spans, conversation, style, avoid=avoid, known=look, number=item.kind is FieldKind.NUMBER
        )
        if text != item.value:
            edits[item.path] = text
        replaced, again = replaced + n, again + seen
    if not edits:
        return PseudonymResult(None)
    try:
        rewrite = encode_request(request, payload, edits, max_body_bytes=max_body_bytes)
    except CodecError:
        return PseudonymResult(None)
    return PseudonymResult(rewrite, replaced, new, again)
