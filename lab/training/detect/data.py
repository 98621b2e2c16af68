"""TAB documents as labelled paragraphs for the prose tagger, and the train/val split of them.

TAB (the Text Anonymization Benchmark, ECHR cases; `tab/tab_train_subset.json` of the shared
data folder) marks every mention DIRECT, QUASI or NO_MASK for the person to protect: exactly the
private/public line the tagger learns. A DIRECT or QUASI mention of a person, place,
organisation or date is a positive of its class; a NO_MASK one is a negative (the court, the
Government, a public date); DIRECT or QUASI mentions of TAB's other types (codes, quantities,
demographics, miscellany) are left out of the loss, since other recognisers find those and the
tagger must not learn to call them nothing. Documents are cut into paragraphs at line breaks,
as `lab/bench/detect_bench.py` reads TAB. Only TAB's train documents are read; its dev documents are
the benchmark's.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

__all__ = ["TAB_LABEL", "IGNORE", "NONE", "tab_file", "tab_paragraphs", "split_docs"]

# TAB entity type -> the tagger's class (others: IGNORE when DIRECT/QUASI, nothing when NO_MASK).
TAB_LABEL = {"PERSON": "PERSON", "LOC": "LOCATION", "ORG": "ORGANIZATION", "DATETIME": "DATE"}
IGNORE = "IGNORE"
NONE = "NONE"  # a span every token of which is none: a public value a head must leave alone
TAB_VAL_DOCS = 15  # of TAB's 92 train documents, held out for validation (by document)

Labelled = tuple[str, list[tuple[int, int, str]]]


def tab_file(data: str | Path, name: str = "tab_train_subset.json") -> Path:
    """The TAB file under a shared data folder (or the file itself)."""
    path = Path(data)
    if path.is_file():
        return path
    found = path / "tab" / name
    if not found.exists():
        raise FileNotFoundError(f"TAB file not found: {found}")
    return found


def tab_paragraphs(path: Path) -> dict[str, list[Labelled]]:
    """doc_id -> its paragraphs, each with (start, end, class or IGNORE) spans."""
    docs = json.loads(path.read_text(encoding="utf-8"))
    out: dict[str, list[Labelled]] = {}
    for doc in docs:
        text = doc["text"]
        spans: list[tuple[int, int, str]] = []
        for ann in doc["annotations"].values():
            for m in ann["entity_mentions"]:
                kind = TAB_LABEL.get(m["entity_type"])
                if m["identifier_type"] in ("DIRECT", "QUASI"):
                    spans.append((m["start_offset"], m["end_offset"], kind or IGNORE))
        paragraphs: list[Labelled] = []
        pos = 0
        for para in text.split("\n"):
            end = pos + len(para)
            if para.strip():
                paragraphs.append((para, [(s - pos, e - pos, c) for s, e, c in spans if s >= pos and e <= end]))
            pos = end + 1
        out[doc["doc_id"]] = paragraphs
    return out


def split_docs(doc_ids: list[str], seed: int) -> tuple[list[str], list[str]]:
    """(train, val) document ids: a seeded shuffle, TAB_VAL_DOCS held out."""
    order = sorted(doc_ids)
    random.Random(seed).shuffle(order)
    return order[TAB_VAL_DOCS:], order[:TAB_VAL_DOCS]
