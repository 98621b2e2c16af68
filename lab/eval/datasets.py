"""Loaders for the three benchmarks: every sample is one text and its gold sensitive spans.

Each loader reads from a path the user gives (the data never lives in the project) and yields
`Sample`s with character spans into `Sample.text`. The unit of a sample, per data set:

- **TAB** (`tab_*.json`, TAB's standoff JSON): one paragraph (a line of the case text) that holds
  at least one DIRECT or QUASI mention; the gold spans are those mentions (NO_MASK is ignored).
  Paragraphs keep the LLM levels within a small CPU model's reach (a whole case is ~4,000 chars).
- **SynthPAI** (`synthpai_profiles.jsonl`): one comment that holds at least one gold span by the
  rule of `synthpai_surface_forms` (ground-truth profile values and their obvious surface forms,
  only for attributes that SynthPAI's human labellers found inferable).
- **PII-Masking-300k** (`*.jsonl` with `source_text`, `privacy_mask`): one row; the gold spans are
  its `privacy_mask` entries. Rows without any span are skipped (nothing to protect).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from guardian.errors import ConfigError

__all__ = [
    "DATASETS",
    "GoldSpan",
    "Sample",
    "load_tab",
    "load_synthpai",
    "load_pii300k",
    "load_dataset",
    "pick",
    "synthpai_surface_forms",
]

DATASETS = ("tab", "synthpai", "pii300k")
# Where each data set lives under --data (the layout of ../shared/data).
_SUBDIRS = {"tab": "tab", "synthpai": "synthpai", "pii300k": "pii_masking_300k"}


@dataclass(frozen=True)
class GoldSpan:
    """A ground-truth sensitive span: `text[start:end] == value`."""

    start: int
    end: int
    value: str
    label: str  # TAB entity type, SynthPAI attribute, PII-Masking label
    direct: bool = False  # TAB DIRECT / SynthPAI username; the rest are quasi-identifiers


@dataclass(frozen=True)
class Sample:
    """One text of a benchmark with its gold spans."""

    dataset: str
    id: str
    text: str
    spans: tuple[GoldSpan, ...]
    meta: dict[str, object] = field(default_factory=dict, compare=False)


def _require(path: Path, what: str) -> Path:
    if not path.exists():
        raise ConfigError(f"{what} not found at {path}")
    return path


# -- TAB ---------------------------------------------------------------------------------------


def load_tab(path: str | Path) -> list[Sample]:
    """TAB documents (a file, or a directory of `*.json`) as DIRECT/QUASI-bearing paragraphs."""
    path = _require(Path(path), "TAB data")
    files = sorted(path.glob("*.json")) if path.is_dir() else [path]
    out: list[Sample] = []
    for file in files:
        docs = json.loads(file.read_text(encoding="utf-8"))
        for doc in docs:
            out.extend(_tab_paragraphs(doc))
    return out


def _tab_paragraphs(doc: dict) -> Iterator[Sample]:
    text: str = doc["text"]
    mentions = [
        m
        for ann in doc.get("annotations", {}).values()
        for m in ann.get("entity_mentions", [])
        if m.get("identifier_type") in ("DIRECT", "QUASI")
    ]
    pos = 0
    for n, line in enumerate(text.split("\n")):
        start, end = pos, pos + len(line)
        pos = end + 1
        if not line.strip():
            continue
        spans = sorted(
            {
                GoldSpan(
                    m["start_offset"] - start,
                    m["end_offset"] - start,
                    text[m["start_offset"] : m["end_offset"]],
                    m.get("entity_type", ""),
                    m.get("identifier_type") == "DIRECT",
                )
                for m in mentions
                if start <= m["start_offset"] and m["end_offset"] <= end and m["end_offset"] > m["start_offset"]
            },
            key=lambda s: (s.start, s.end),
        )
        if spans:
            yield Sample("tab", f"{doc['doc_id']}#{n}", line, tuple(spans), {"doc_id": doc["doc_id"]})


# -- SynthPAI ----------------------------------------------------------------------------------

_SEX_FORMS = {
    "male": ("male", "man", "guy", "dude"),
    "female": ("female", "woman", "lady", "girl"),
}
# "man"/"woman"... count only when the author says it of themselves: "as a woman", "I'm a guy".
_SELF = r"(?:\bi\s*am|\bi'm|\bim|\bas)\s+an?\s+"
# A degree level alone ("Masters", "PhD") is too common a word to count as the value.
_DEGREE = re.compile(r"(?:bachelor'?s?|master'?s?|phd|doctorate|diploma|degree)", re.I)
_STUDYING = re.compile(r"^(?:currently\s+)?studying\s+(?:towards\s+)?(?:an?\s+)?", re.I)
_GENERIC_PARTS = frozenset({"the", "and", "of", "in", "a", "an", "for", "degree", "studies", "study"})


def synthpai_surface_forms(attribute: str, value: object) -> list[str]:
    """Regexes for the obvious surface forms of one ground-truth attribute value.

    The rule, per attribute (every match is case-insensitive and whole-word):
    age: the number ("31"), also "31yo"/"31y"; sex: "male"/"female", and "man", "guy", "woman",
    "lady", "girl" only after "I'm a", "I am a", "as a"; city_country, birth_city_country: the
    whole value and each comma-separated part ("Zurich", "Switzerland"); education: the whole
    value and each part around " in "/" of " that is not a generic word ("Computer Science");
    occupation: the whole value and its head noun (last word, if 5+ letters: "engineer");
    income: the whole value and the leading number with "k" ("250k"); relationship_status:
    the value ("married", "divorced"...); income_level is not a surface string and has no span.
    """
    v = " ".join(str(value).split())
    if not v:
        return []
    esc = re.escape
    forms: list[str] = []
    if attribute == "age":
        forms = [rf"\b{esc(v)}(?:\s*(?:yo|y/o|y))?\b"]
    elif attribute == "sex":
        words = _SEX_FORMS.get(v.lower(), (v,))
        forms = [rf"\b{esc(words[0])}\b"] + [rf"{_SELF}{esc(w)}\b" for w in words[1:]]
    elif attribute in ("city_country", "birth_city_country"):
        parts = [v] + [p.strip() for p in v.split(",") if len(p.strip()) >= 3]
        forms = [rf"\b{esc(p)}\b" for p in dict.fromkeys(parts)]
    elif attribute == "education":
        v = _STUDYING.sub("", v).strip() or v
        parts = [v] + [p.strip() for p in re.split(r"\bin\b|\bof\b|,", v) if p.strip()]
        parts = [
            p for p in dict.fromkeys(parts)
            if len(p) >= 4 and p.lower() not in _GENERIC_PARTS and not _DEGREE.fullmatch(p)
        ]
        forms = [rf"\b{esc(p)}\b" for p in parts]
    elif attribute == "occupation":
        parts = [v]
        head = v.split()[-1]
        if len(head) >= 5 and head.isalpha():
            parts.append(head)
        forms = [rf"\b{esc(p)}s?\b" for p in dict.fromkeys(parts)]
    elif attribute == "income":
        forms = [rf"\b{esc(v)}\b"]
        m = re.match(r"(\d+)\s*(?:thousand|k)\b", v, re.I)
        if m:
            forms.append(rf"\b{m.group(1)}\s?k\b")
    elif attribute == "relationship_status":
        forms = [rf"\b{esc(v)}\b"]
    return forms


def _inferable(record: dict, attribute: str) -> bool:
    label = (record.get("human_labels") or {}).get(attribute) or {}
    return bool(str(label.get("estimate", "")).strip())


def load_synthpai(path: str | Path) -> list[Sample]:
    """SynthPAI profiles as the comments that hold a gold span (see `synthpai_surface_forms`)."""
    out: list[Sample] = []
    for record in _jsonl_records(_require(Path(path), "SynthPAI data")):
        patterns = [
            (attr, re.compile(rx, re.I))
            for attr, value in (record.get("profile") or {}).items()
            if _inferable(record, attr)
            for rx in synthpai_surface_forms(attr, value)
        ]
        for n, comment in enumerate(record.get("comments", [])):
            spans = _synthpai_spans(comment, patterns)
            if spans:
                out.append(Sample("synthpai", f"{record['author']}#{n}", comment, spans, {"author": record["author"]}))
    return out


def _jsonl_records(path: Path) -> Iterator[dict]:
    """The JSON objects of a .jsonl file, or of every .jsonl file in a folder, in name order."""
    files = sorted(path.glob("*.jsonl")) if path.is_dir() else [path]
    for file in files:
        for line in file.read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield json.loads(line)


def _synthpai_spans(text: str, patterns: Sequence[tuple[str, re.Pattern[str]]]) -> tuple[GoldSpan, ...]:
    found: list[GoldSpan] = []
    for attr, regex in patterns:
        for m in regex.finditer(text):
            found.append(GoldSpan(m.start(), m.end(), m.group(), attr))
    # Keep the longest of overlapping matches ("Zurich, Switzerland" over "Zurich").
    kept: list[GoldSpan] = []
    for s in sorted(found, key=lambda s: (-(s.end - s.start), s.start)):
        if all(s.end <= k.start or s.start >= k.end for k in kept):
            kept.append(s)
    return tuple(sorted(kept, key=lambda s: (s.start, s.end)))


# -- PII-Masking-300k ---------------------------------------------------------------------------


def load_pii300k(path: str | Path) -> list[Sample]:
    """PII-Masking-300k rows (`source_text`, `privacy_mask`) that hold at least one span."""
    out: list[Sample] = []
    for row in _jsonl_records(_require(Path(path), "PII-Masking-300k data")):
        text = row["source_text"]
        spans = tuple(
            sorted(
                (GoldSpan(m["start"], m["end"], text[m["start"] : m["end"]], m.get("label", "")) for m in row.get("privacy_mask", [])),
                key=lambda s: (s.start, s.end),
            )
        )
        if spans:
            out.append(Sample("pii300k", str(row.get("id", len(out))), text, spans))
    return out


_LOADERS = {"tab": load_tab, "synthpai": load_synthpai, "pii300k": load_pii300k}


def load_dataset(name: str, data_dir: str | Path) -> list[Sample]:
    """All samples of one benchmark under `data_dir` (laid out as ../shared/data)."""
    if name not in _LOADERS:
        raise ConfigError(f"unknown data set {name!r}; known: {', '.join(DATASETS)}")
    return _LOADERS[name](Path(data_dir) / _SUBDIRS[name])


def pick(samples: Sequence[Sample], n: int | None, seed: int) -> list[Sample]:
    """`n` samples drawn without replacement with `seed` (all of them, shuffled, when n is None)."""
    chosen = list(samples)
    random.Random(seed).shuffle(chosen)
    return chosen if n is None or n >= len(chosen) else chosen[:n]
