"""L4 and L5 with an LLM, each checked before use and backed by a deterministic fallback.

L4, minimal edit: the LLM replaces only the sensitive details with natural generic phrases.
L5, semantic: the LLM paraphrases the text without identifying details or contextual cues.
An LLM output is accepted only if none of the original span values is found in it (verbatim,
or by the detector in another spelling), it has no entity tags, and the text's non-sensitive
content survives (share of its content words kept, and a sane length). Otherwise L4 falls back
to the deterministic generaliser, and L5 to that plus the removal of contextual-cue sentences.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from guardian.anonymize.attacker import JsonLLM
from guardian.anonymize.generalize import Generalize
from guardian.anonymize.verifier import content_words
from guardian.categories import DataCategory
from guardian.detect import Detector
from guardian.errors import LLMError
from guardian.records import Field, Finding

__all__ = ["Acceptance", "accept_rewrite", "remove_cues", "LLMLevel", "REWRITE_SCHEMA", "MIN_KEPT", "role_of"]

REWRITE_SCHEMA: dict[str, Any] = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}
# Share of the non-sensitive content words that must survive, and the allowed length ratio.
MIN_KEPT = {4: 0.6, 5: 0.25}
LENGTH_RATIO = {4: (0.5, 2.0), 5: (0.25, 2.0)}

_L4_SYSTEM = (
    "You anonymize text with a minimal edit. Replace only the sensitive details (names, places, "
    "dates, ages, jobs, relationships, contact data, identifying numbers, and the ones listed) "
    "with natural generic phrases such as 'a city in the US', 'a healthcare worker', 'last "
    "spring', 'an email address'. Keep every other word exactly as it is. Never use tags, "
    'brackets or asterisks. Answer only with JSON: {"text": "<the edited text>"}.'
)
_L5_SYSTEM = (
    "You anonymize text by paraphrasing it. Keep its meaning and purpose, but remove every "
    "identifying detail and contextual cue: names, places, dates, ages, jobs, relationships, "
    "unusual events, anything that hints at who wrote it or who it is about. Write naturally; "
    'never use tags or brackets. Answer only with JSON: {"text": "<the paraphrase>"}.'
)
_TAG = re.compile(r"\[[A-Z_]{2,}\]|<[A-Z_]{2,}>")
_SENTENCE_END = re.compile(r"[.!?]+(?=\s)|\n+")  # "jane.doe@example.org" is not two sentences
_SELF_DISCLOSURE = re.compile(
    r"\b(i am|i'm|im|i was|i've been|i have been|i live|i lived|i work|i worked|i grew up|i moved|"
    r"i was born|born in|years old|my (?:wife|husband|partner|boyfriend|girlfriend|kids?|son|daughter|"
    r"job|boss|hometown|salary|degree|age)|back home in|here in|as an? \w+ (?:myself|here))\b",
    re.I,
)


@dataclass(frozen=True)
class Acceptance:
    ok: bool
    reason: str  # why not, or "ok"


def _norm(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", text.lower())


def accept_rewrite(
    original: str, candidate: str, spans: Sequence[str], level: int, detector: Detector | None = None
) -> Acceptance:
    """The acceptance check for an LLM rewrite of one text value."""
    if not isinstance(candidate, str) or not candidate.strip():
        return Acceptance(False, "empty")
    if _TAG.search(candidate):
        return Acceptance(False, "tags")
    for span in spans:
        s = span.strip()
        # Whole words only: a span "one" is not kept by "someone".
        if len(s) >= 2 and re.search(rf"(?<!\w){re.escape(s)}(?!\w)", candidate, re.I):
            return Acceptance(False, "span kept")
    if detector is not None and spans:
        wanted = {_norm(s) for s in spans if len(_norm(s)) >= 4}
        for f in detector.analyze_field(Field("text:", "", candidate)):
            if _norm(candidate[f.start : f.end]) in wanted:
                return Acceptance(False, "span kept (detector)")
    lo, hi = LENGTH_RATIO[level]
    ratio = len(candidate) / max(1, len(original))
    if not lo <= ratio <= hi:
        return Acceptance(False, f"length ratio {ratio:.2f}")
    sensitive = set().union(*(content_words(s) for s in spans)) if spans else set()
    keep = content_words(original) - sensitive
    if keep:
        kept = len(keep & content_words(candidate)) / len(keep)
        if kept < MIN_KEPT[level]:
            return Acceptance(False, f"content kept {kept:.2f}")
    return Acceptance(True, "ok")


def remove_cues(value: str, findings: Sequence[Finding]) -> tuple[str, list[Finding]]:
    """Drop contextual-cue sentences: those whose only content is a quasi-identifier, and short
    first-person self-disclosures ("I'm a nurse in Leeds."). Never drops every sentence.
    Returns the text left and its findings with shifted offsets."""
    cuts = [0, *(m.end() for m in _SENTENCE_END.finditer(value)), len(value)]
    sentences = [(a, b) for a, b in zip(cuts, cuts[1:]) if value[a:b].strip()]
    keep: list[tuple[int, int]] = []
    for start, end in sentences:
        inside = [f for f in findings if start <= f.start and f.end <= end]
        text = value[start:end]
        rest = text
        for f in sorted(inside, key=lambda x: x.start, reverse=True):
            rest = rest[: f.start - start] + " " + rest[f.end - start :]
        cue = any(f.quasi for f in inside) and len(content_words(rest)) <= 2
        cue = cue or (_SELF_DISCLOSURE.search(text) is not None and len(text.split()) <= 20)
        if not cue:
            keep.append((start, end))
    if not keep:
        return value, list(findings)
    out, moved, pos_out = [], [], 0
    for start, end in keep:
        piece = value[start:end].strip()
        lead = len(value[start:end]) - len(value[start:end].lstrip())
        if out:
            pos_out += 1
        for f in findings:
            if start <= f.start and f.end <= end:
                shift = pos_out - (start + lead)
                moved.append(Finding(f.category, f.entity, f.field_path, f.start + shift, f.end + shift,
                                     f.score, f.recognizer, f.quasi))
        out.append(piece)
        pos_out += len(piece)
    return " ".join(out), moved


def _reshape_text(value: Any) -> Any:
    """{"rewritten": "..."} or {"anonymized_text": "..."}: the one string value is the text."""
    if isinstance(value, dict) and "text" not in value:
        strings = [v for v in value.values() if isinstance(v, str)]
        if len(strings) == 1:
            return {"text": strings[0]}
    return value


class LLMLevel:
    """One text value at L4 or L5: the LLM's rewrite if accepted, else the deterministic fallback."""

    def __init__(self, llm: JsonLLM | None, *, detector: Detector | None = None, max_tokens: int = 512) -> None:
        self.llm = llm
        self.detector = detector
        self.generalize = Generalize()
        self.max_tokens = max_tokens

    def fallback(self, value: str, findings: Sequence[Finding], level: int) -> str:
        if level >= 5:
            value, findings = remove_cues(value, findings)
        return self.generalize.rewrite_in(value, list(findings))

    def messages(self, value: str, spans: Sequence[str], level: int) -> list[dict[str, str]]:
        system = _L4_SYSTEM if level == 4 else _L5_SYSTEM
        listed = "\n".join(f"- {s}" for s in dict.fromkeys(spans)) or "- (none detected; use your judgement)"
        user = f"Sensitive details:\n{listed}\n\nText:\n{value}" if level == 4 else f"Text:\n{value}"
        return [{"role": "system", "content": system}, {"role": "user", "content": user}]

    def prompt(self, value: str, findings: Sequence[Finding], level: int) -> tuple[list[dict[str, str]], dict[str, Any]]:
        """The messages and the call's options for one value (the same inline and in the background)."""
        options = {"max_tokens": min(self.max_tokens, 64 + len(value) // 2), "coerce": _reshape_text}
        return self.messages(value, _spans(value, findings), level), options

    def rewrite(
        self, value: str, findings: Sequence[Finding], level: int, *, timeout: float | None = None
    ) -> tuple[str, str, str]:
        """(new value, source 'llm' | 'fallback', reason) for one text value at level 4 or 5."""
        if self.llm is None:
            return self.fallback(value, findings, level), "fallback", "no llm"
        if timeout is not None and timeout <= 0.05:
            return self.fallback(value, findings, level), "fallback", "deadline"
        messages, options = self.prompt(value, findings, level)
        try:
            answer = self.llm.complete_json(role_of(level), messages, REWRITE_SCHEMA, timeout=timeout, **options)
        except LLMError as e:
            return self.fallback(value, findings, level), "fallback", type(e).__name__
        return self.accept(value, findings, level, answer)

    def accept(self, value: str, findings: Sequence[Finding], level: int, answer: Any) -> tuple[str, str, str]:
        """The LLM's `answer` for `value` if the acceptance check passes, else the fallback."""
        candidate = str(answer.get("text", "") if isinstance(answer, dict) else "").strip()
        verdict = accept_rewrite(value, candidate, _spans(value, findings), level, self.detector)
        if not verdict.ok:
            return self.fallback(value, findings, level), "fallback", verdict.reason
        return candidate, "llm", "ok"


def role_of(level: int) -> str:
    """The LLM role that writes `level` (4 or 5)."""
    return "l4" if level == 4 else "l5"


def _spans(value: str, findings: Sequence[Finding]) -> list[str]:
    """The values of the details to remove; CONTENT findings mark the free text itself, not a detail."""
    return [
        value[f.start : f.end] for f in findings
        if 0 <= f.start < f.end <= len(value) and f.category is not DataCategory.CONTENT
    ]
