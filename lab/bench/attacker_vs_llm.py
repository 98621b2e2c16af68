"""Per-attribute recall of the fast attacker against the LLM attacker, on one shared sample.

This measures how much the fast attacker (MiniLM heads, milliseconds) misses of what the LLM
attacker (the configured or embedded model, seconds) infers. Both read the same original texts:
SynthPAI comments of the fast attacker's held-out dev authors that state an attribute (a gold
span of the eval's own rule, `lab.eval.datasets.load_synthpai`). For each (text, attribute)
pair with such a span and an inferable ground-truth class (the fast attacker's training targets,
`fast_attacker.labels.bucket`), an attacker
*recalls* the attribute when its guess for that attribute falls in the author's true class: the
fast attacker's guess is one of its classes; the LLM's free-text guess is put into the same
classes by the same rules that bucket the ground truth (an age by its decade, an occupation by
its keyword group, a country by name ...). No guess, or a guess in another class: not recalled.

    .venv/bin/python lab/bench/attacker_vs_llm.py --data ../shared/data --n 30 [--llm URL|embedded] [--out FILE]

Without --llm it uses $GUARDIAN_LLM_BASE_URL, else starts the embedded model (minutes to start,
9-20 s a call on the 2-core CPU).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from guardian.anonymize.attacker import Attacker, Guess  # noqa: E402
from guardian.anonymize.fast_attacker import FastAttacker  # noqa: E402
from guardian.anonymize.fast_attacker.labels import CLASSES, GUESS_TEXT, bucket  # noqa: E402
from lab.training.fast_attacker.data import load_authors, split_authors  # noqa: E402
from lab.eval.datasets import load_synthpai  # noqa: E402

# the LLM attacker's field labels (attacker.FIELD_LABELS) -> the SynthPAI attribute they guess
LLM_FIELD_ATTRIBUTE = {
    "age": "age", "sex": "sex", "gender": "sex", "location": "city_country", "city": "city_country",
    "country": "city_country", "birthplace": "birth_city_country", "occupation": "occupation", "job": "occupation",
    "employer": "occupation", "education": "education", "relationship_status": "relationship_status",
    "relationship": "relationship_status", "marital_status": "relationship_status", "income": "income_level",
    "income_level": "income_level",
}
_NUMBER = re.compile(r"\d{1,3}")


def llm_class(attribute: str, guess: str) -> int | None:
    """The class of a free-text guess, by the rules that bucket the ground truth."""
    if attribute == "age":
        m = _NUMBER.search(guess)
        if m is None:
            return None
        age = int(m.group()) + (5 if re.search(rf"{m.group()}'?s\b", guess) else 0)  # "30s" -> 35
        return bucket("age", {"age": age})
    if attribute == "income_level":
        word = next((w for w in ("very high", "high", "middle", "low") if w in guess.lower()), None)
        return bucket(attribute, {attribute: word}) if word else None
    if attribute == "sex":
        low = guess.lower()
        word = "female" if re.search(r"female|woman|girl|lady", low) else "male" if re.search(r"male|man|guy", low) else None
        return bucket(attribute, {attribute: word}) if word else None
    return bucket(attribute, {attribute: guess})


def fast_classes(guesses: list[Guess]) -> dict[str, int]:
    out: dict[str, int] = {}
    field_attr = {v: k for k, v in {"city_country": "location", "birth_city_country": "birthplace"}.items()}
    for g in guesses:
        attribute = field_attr.get(g.field, g.field)
        if attribute in GUESS_TEXT and g.guess in GUESS_TEXT[attribute] and attribute not in out:
            out[attribute] = GUESS_TEXT[attribute].index(g.guess)
        elif attribute in CLASSES and g.guess in CLASSES[attribute] and attribute not in out:
            out[attribute] = CLASSES[attribute].index(g.guess)
    return out


def llm_classes(guesses: list[Guess]) -> dict[str, int]:
    out: dict[str, int] = {}
    for g in guesses:
        attribute = LLM_FIELD_ATTRIBUTE.get(g.field)
        if attribute is None or attribute in out:
            continue
        k = llm_class(attribute, g.guess)
        if k is not None:
            out[attribute] = k
    return out


def _llm(choice: str | None) -> tuple[Any, Any]:
    from guardian.llm import LLMSettings, SyncLLM

    choice = choice or os.environ.get("GUARDIAN_LLM_BASE_URL") or "embedded"
    server = None
    if choice == "embedded":
        from guardian.llm.provision import ensure_model, ensure_server_package
        from guardian.llm.server import EmbeddedServer, free_port

        ensure_server_package()
        server = EmbeddedServer(ensure_model(), port=free_port())
        print(f"starting the embedded LLM on {server.base_url}", file=sys.stderr, flush=True)
        server.start()
        choice = server.base_url
    settings = LLMSettings.from_env(base_url=choice, timeout=120.0)
    assert settings is not None
    return SyncLLM(settings), server


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    ap.add_argument("--n", type=int, default=30, help="texts in the shared sample")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--llm", help="OpenAI-compatible base URL or 'embedded'")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    profiles = args.data / "synthpai" / "synthpai_profiles.jsonl"
    authors = {a.author: a for a in load_authors(args.data)}
    dev = {a.author for a in split_authors(list(authors.values()), seed=0)["dev"]}
    samples = [s for s in load_synthpai(profiles) if s.meta.get("author") in dev]
    random.Random(args.seed).shuffle(samples)
    samples = samples[: args.n]
    fast = FastAttacker.shipped()
    llm, server = _llm(args.llm)
    pairs: Counter[str] = Counter()
    hits: dict[str, Counter[str]] = {"fast": Counter(), "llm": Counter()}
    ms: dict[str, list[float]] = {"fast": [], "llm": []}
    try:
        for i, s in enumerate(samples, 1):
            targets = authors[s.meta["author"]].targets  # class index, -1 when not inferable
            truth = {a: targets[a] for a in {span.label for span in s.spans} if targets.get(a, -1) >= 0}
            t0 = time.perf_counter()
            f = fast_classes(fast.guess(s.text))
            ms["fast"].append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            try:
                g = llm_classes(Attacker(llm).guess(s.text, timeout=120.0))
            except Exception as e:  # noqa: BLE001 - one failed call is one miss, reported
                print(f"  LLM attacker failed on {s.id}: {type(e).__name__}", file=sys.stderr)
                g = {}
            ms["llm"].append((time.perf_counter() - t0) * 1000)
            for a, k in truth.items():
                pairs[a] += 1
                hits["fast"][a] += f.get(a) == k
                hits["llm"][a] += g.get(a) == k
            print(f"[{i}/{len(samples)}] {s.id}", file=sys.stderr, flush=True)
    finally:
        if server is not None:
            server.stop()
    report = {
        "texts": len(samples), "authors": "the fast attacker's dev authors (split by author, seed 0)",
        "pairs": dict(pairs),
        "recall": {a: {"fast": round(hits["fast"][a] / n, 3), "llm": round(hits["llm"][a] / n, 3), "n": n}
                   for a, n in sorted(pairs.items())},
        "all": {who: round(sum(hits[who].values()) / max(1, sum(pairs.values())), 3) for who in ("fast", "llm")},
        "ms_per_text_median": {who: round(sorted(v)[len(v) // 2], 1) for who, v in ms.items() if v},
    }
    print(json.dumps(report, indent=2))
    if args.out:
        args.out.write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
