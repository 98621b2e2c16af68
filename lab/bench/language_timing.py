"""Free-text detection time per language: p95 ms per 100 words, the language identifier included.

    .venv/bin/python lab/bench/language_timing.py --data FILE.jsonl [--rounds 5] [--out RESULT.json]

FILE holds prose lines `{"id": "<lang>:...", "text": ...}` (the language is what comes before the
first ":" of the id, or a `lang` key). Per language, the lines are joined into texts of about 100
words (a prompt's paragraph, not a ten-word question whose fixed costs would dominate), and each
text is detected as one prose field by the prompt detector (`guardian_prose=auto`: the prose tagger,
the rule-based recognisers, the multilingual tagger and the language gate), with the language
identifier's, the detector's, the prose tagger's and NER's memory of texts off, so every text costs what a new
prompt costs. Reported: p50 and p95 ms
per 100 words over all rounds, after one untimed warm-up pass.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from pathlib import Path

WORDS = 100


def texts_by_language(path: Path) -> dict[str, list[str]]:
    lines: dict[str, list[str]] = defaultdict(list)
    for raw in path.read_text(encoding="utf-8").splitlines():
        if raw.strip():
            row = json.loads(raw)
            lines[row.get("lang") or str(row["id"]).split(":", 1)[0]].append(row["text"])
    out: dict[str, list[str]] = {}
    for lang, rows in lines.items():
        texts, words, current = [], 0, []
        for text in rows:
            current.append(text)
            words += len(text.split())
            if words >= WORDS:
                texts.append(" ".join(current))
                current, words = [], 0
        out[lang] = texts
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    from guardian.assemble import build_components
    from guardian.detect import language
    from guardian.detect.detector import set_remember_prose
    from guardian.detect.presidio_engine import set_ner_cache
    from guardian.detect.prose_tagger import set_tag_cache
    from guardian.records import Field, Payload
    from guardian.settings import Settings

    set_tag_cache(0)  # every text read afresh: a chat's history is remembered, a new prompt is not
    set_ner_cache(0)
    set_remember_prose(False)
    parts = build_components(Settings(policy_db=None), warm=False)
    detector = parts.prompt_detector or parts.detector
    by_lang = texts_by_language(args.data)
    for texts in by_lang.values():  # warm-up: models loaded, caches of compiled patterns filled
        for text in texts:
            detector.detect(Payload(fields=(Field("text:", "", text),)))
    result = {}
    for lang, texts in sorted(by_lang.items()):
        per_100: list[float] = []
        for _ in range(args.rounds):
            for text in texts:
                language._sample_language.cache_clear()  # the identifier runs for every text
                payload = Payload(fields=(Field("text:", "", text),))
                start = time.perf_counter()
                detector.detect(payload)
                per_100.append((time.perf_counter() - start) * 1000 * WORDS / max(1, len(text.split())))
        per_100.sort()
        result[lang] = {"texts": len(texts), "p50_ms": round(statistics.median(per_100), 2),
                        "p95_ms": round(per_100[int(0.95 * (len(per_100) - 1))], 2)}
        print(f"{lang}: {len(texts)} texts of ~{WORDS} words, p50 {result[lang]['p50_ms']} ms, p95 {result[lang]['p95_ms']} ms per 100 words")
    if args.out:
        args.out.write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
