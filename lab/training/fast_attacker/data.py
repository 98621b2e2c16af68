"""SynthPAI profiles for the fast attacker, and the split by author (never by comment).

Each author is one synthetic profile with its comments. The target of an attribute is the
ground-truth bucket (labels.bucket), kept only where the human labeller found the attribute
inferable from the comments (a non-empty `human_labels[attribute].estimate`); elsewhere it is
-1 (no loss, not scored). Authors are shuffled with `seed` and cut into
train (60%) / val (10%: early stopping and temperature, the only tuning) / dev (15%) / test (15%);
no hyper-parameter was chosen on dev or test.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

from guardian.anonymize.fast_attacker.labels import ATTRIBUTES, bucket
from guardian.errors import ConfigError

__all__ = ["Author", "load_authors", "split_authors", "SPLITS", "SHARES", "data_file"]

SPLITS = ("train", "val", "dev", "test")
SHARES = (0.60, 0.10, 0.15, 0.15)
FILE = "synthpai/synthpai_profiles.jsonl"


@dataclass(frozen=True)
class Author:
    author: str
    comments: tuple[str, ...]
    targets: dict[str, int]  # attribute -> class index, or -1 (not inferable / no bucket)


def data_file(data: str | Path) -> Path:
    """The profiles file under `data` (the shared data folder, or the synthpai folder itself)."""
    root = Path(data)
    for candidate in (root / FILE, root / Path(FILE).name, root):
        if candidate.is_file():
            return candidate
    raise ConfigError(f"no SynthPAI profiles under {root} (expected {root / FILE})")


def load_authors(data: str | Path) -> list[Author]:
    out = []
    with data_file(data).open(encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            row = json.loads(line)
            human = row.get("human_labels", {})
            targets = {}
            for a in ATTRIBUTES:
                inferable = bool(str(human.get(a, {}).get("estimate", "")).strip())
                b = bucket(a, row["profile"]) if inferable else None
                targets[a] = -1 if b is None else b
            comments = tuple(c for c in row.get("comments", []) if isinstance(c, str) and c.strip())
            out.append(Author(row["author"], comments, targets))
    return out


def split_authors(authors: list[Author], seed: int = 0) -> dict[str, list[Author]]:
    """train / val / dev / test by author, shuffled with `seed` (sorted first: stable across runs)."""
    order = sorted(authors, key=lambda a: a.author)
    random.Random(seed).shuffle(order)
    out: dict[str, list[Author]] = {}
    start = 0
    for i, (name, share) in enumerate(zip(SPLITS, SHARES)):
        end = len(order) if i == len(SPLITS) - 1 else start + round(share * len(order))
        out[name] = order[start:end]
        start = end
    return out
