"""Does `GreedyNer` find exactly what spaCy's own NER pipe finds? Every text that differs, counted.

    .venv/bin/python lab/bench/greedy_ner_check.py [--data ../shared/data] [--prompts ../prompt-sets]

Texts: TAB train and dev documents cut at line breaks, the PII-Masking-300k sample, and the prompt
sets' dev files (benign_dev, planted_dev, planted_wide_dev; the test and held files are never
opened). Per text, spaCy's `nlp(text).ents` (its compiled decoding loop) against
`GreedyNer.doc_entities` (guardian/detect/greedy_ner.py) on the same tokens: first token, end token,
label. Prints the counts and both decoders' time; exit status 1 when any text differs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
PROMPT_FILES = ("benign_dev.jsonl", "planted_dev.jsonl", "planted_wide_dev.jsonl")  # never *_test, *_held


def texts(data: Path, prompts: Path) -> list[str]:
    out: list[str] = []
    for name in ("tab_dev_subset.json", "tab_train_subset.json"):
        path = data / "tab" / name
        if path.exists():
            out += [p for doc in json.loads(path.read_text()) for p in doc["text"].split("\n") if p.strip()]
    pii = data / "pii_masking_300k" / "pii300k_en_validation_sample.jsonl"
    if pii.exists():
        out += [json.loads(line)["source_text"] for line in pii.read_text().splitlines() if line.strip()]
    for name in PROMPT_FILES:
        path = prompts / name
        if path.exists():
            out += [json.loads(line)["text"] for line in path.read_text().splitlines() if line.strip()]
    return [t for t in out if t]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=HERE.parents[2] / "shared" / "data")
    ap.add_argument("--prompts", type=Path, default=HERE.parents[2] / "prompt-sets")
    args = ap.parse_args()
    from guardian.detect.greedy_ner import GreedyNer, decodes
    from guardian.detect.presidio_engine import DEFAULT_MODEL, load_ner

    nlp = load_ner(DEFAULT_MODEL).nlp
    if not decodes(nlp):
        print("this model's NER is not decoded by GreedyNer (spaCy runs it)")
        return 1
    greedy = GreedyNer(nlp)
    sample = texts(args.data, args.prompts)
    if not sample:
        print(f"no texts under {args.data} or {args.prompts}")
        return 1
    differ = entities = 0
    spacy_s = greedy_s = 0.0
    for text in sample:
        t0 = time.perf_counter()
        expected = [(e.start, e.end, e.label_) for e in nlp(text).ents]
        t1 = time.perf_counter()
        got = greedy.doc_entities(nlp.make_doc(text))
        t2 = time.perf_counter()
        spacy_s, greedy_s = spacy_s + t1 - t0, greedy_s + t2 - t1
        entities += len(expected)
        differ += got != expected
    print(f"texts {len(sample)}, entities {entities}, texts that differ {differ}; "
          f"spaCy {spacy_s:.1f} s, GreedyNer {greedy_s:.1f} s (tokenizing included)")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
