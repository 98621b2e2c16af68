"""Topic negatives for the subject judge: user turns of Schema-Guided Dialogue's train dialogues.

    python -m lab.training.detect.sgd_turns --sgd DIR --out sgd_train_user.jsonl
    guardian-lab detect train-subject ... --topic-extra sgd_train_user.jsonl

Schema-Guided Dialogue (google-research-datasets/dstc8-schema-guided-dialogue, CC BY-SA 4.0):
crowd workers' paraphrases of requests to an assistant ("I need a hotel in Sydney on March 2nd").
Their places, dates and names are what the request is about, not details of the writer, so the
judge learns that a first-person request is not a first-person disclosure. Only `train/` is read
(a development set may read `dev/`), and turns that may carry a detail of the writer are left out:
the banking, payment and therapist services (money to named people, a therapist), and turns with
a possessive, a relative, a home or an address. The sample is fixed by its seed.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path

__all__ = ["user_turns", "main"]

SKIP_SERVICES = re.compile(r"^(?:Banks|Payment|Services_4)")
PERSONAL = re.compile(
    r"\b(?:my|mine|our|wife|husband|son|daughter|kid|kids|mom|dad|mother|father|brother|sister|friend|boyfriend|"
    r"girlfriend|partner|live|lives|home|address)\b|\d{3,}\s+\w+\s+(?:st|street|ave|avenue|rd|road|blvd|drive|dr|lane|ln)\b",
    re.I,
)
CANDIDATE = re.compile(r"[A-Z][a-z]|\d")  # something the detector may find
MIN_WORDS, MAX_WORDS = 5, 40
SAMPLE = 1500
SEED = 46


def user_turns(sgd: Path) -> list[tuple[str, str]]:
    """(dialogue id, user turn) of every kept turn in `sgd`/train/dialogues_*.json."""
    out: list[tuple[str, str]] = []
    for path in sorted((sgd / "train").glob("dialogues_*.json")):
        for dialogue in json.loads(path.read_text(encoding="utf-8")):
            if any(SKIP_SERVICES.match(s) for s in dialogue["services"]):
                continue
            for turn in dialogue["turns"]:
                text = turn["utterance"].strip()
                if turn["speaker"] != "USER" or not MIN_WORDS <= len(text.split()) <= MAX_WORDS or PERSONAL.search(text):
                    continue
                if CANDIDATE.search(text[1:]):
                    out.append((dialogue["dialogue_id"], text))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sgd", type=Path, required=True, help="a checkout of dstc8-schema-guided-dialogue")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--sample", type=int, default=SAMPLE)
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args(argv)
    turns = user_turns(args.sgd)
    random.Random(args.seed).shuffle(turns)
    seen: set[str] = set()
    with args.out.open("w", encoding="utf-8") as f:
        for dialogue, text in turns:
            if text.lower() in seen:
                continue
            seen.add(text.lower())
            f.write(json.dumps({"id": f"sgd-train-{len(seen) - 1:05d}", "source": "sgd_train", "dialogue": dialogue, "text": text}) + "\n")
            if len(seen) >= args.sample:
                break
    print(f"{len(turns)} turns, {len(seen)} written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
