"""Speed of the fast attacker and of one escalation decision, per 100 words, on this CPU.

    .venv/bin/python lab/bench/attacker_bench.py [--data ../shared/data] [--n 200] [--out lab/bench/results/attacker_bench.json]

Texts: SynthPAI comments of the dev and test authors joined in order into ~100-word messages
(`--data`), or, without the data, a fixed set of made-up 100-word messages. Measured after a
warm-up, one text at a time, torch with one thread (as on the request path):

- `attacker`: `FastAttacker.guess` (MiniLM token states + heads + evidence words).
- `attacker_with_tagger`: `FastAttacker.read(tag=True)`: the same pass with the span tagger's head.
- `tagger_head`: the span tagger alone on token states already computed (what it adds to the pass).
- `decision`: one `EscalationLoop.run` with the fast attacker and no LLM: rule level, attack,
  verifier with spans, evidence rewrite, again until c_hat < tau_g (what a flow waits for).

Reported: p50 / p95 / max in ms, raw and scaled to 100 words (ms * 100 / words).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from guardian.anonymize.escalation import EscalationLoop  # noqa: E402
from guardian.anonymize.fast_attacker import FastAttacker  # noqa: E402
from guardian.anonymize.fast_attacker.spans import tag_spans, token_probs  # noqa: E402
from guardian.records import Basis, Field, Payload  # noqa: E402

WORDS = 100
FALLBACK = [
    "As a nurse in Tacoma I work night shifts, and after eleven years my back is finally giving up. "
    "My ex-husband still gets the kids every weekend, which is fine, but the commute to the hospital "
    "is brutal when it snows. Anyone else here juggling shift work and co-parenting? I would love "
    "tips on sleeping during the day, blackout curtains have not been enough for me so far.",
    "Just finished grading forty essays on Shakespeare and my eyes hurt. Teaching high school English "
    "in a small town means everybody knows you at the grocery store. My wife keeps telling me to take "
    "a proper vacation this summer, maybe somewhere with mountains. We have been married twenty years "
    "and still argue about whether pineapple belongs on pizza, which I suppose is a good sign really.",
    "The weather today was great for a walk along the river. I saw ducks, a heron and two kids trying "
    "to fish with a stick and a string. Later I made soup with leftover vegetables and watched an old "
    "film. Nothing special happened, just a calm day, which is exactly what I needed after this week. "
    "Tomorrow I plan to fix the bike and maybe read a bit more of that long novel on the shelf.",
]


def messages(data: str | None, n: int) -> list[str]:
    if data:
        try:
            from lab.training.fast_attacker.data import load_authors, split_authors

            split = split_authors(load_authors(data))
            out: list[str] = []
            for author in split["dev"] + split["test"]:
                cur: list[str] = []
                for c in author.comments:
                    cur.append(c)
                    if len(" ".join(cur).split()) >= WORDS:
                        out.append(" ".join(cur))
                        cur = []
            if out:
                return out[:n]
        except Exception as e:  # noqa: BLE001 - the bench falls back to its own texts
            print(f"no SynthPAI texts ({e}); using the built-in ones", file=sys.stderr)
    return [FALLBACK[i % len(FALLBACK)] for i in range(n)]


def stats(ms: list[float], words: list[int]) -> dict[str, float]:
    per100 = [m * WORDS / max(1, w) for m, w in zip(ms, words)]
    q = lambda xs, p: sorted(xs)[min(len(xs) - 1, int(p * len(xs)))]  # noqa: E731
    return {"p50_ms": round(statistics.median(ms), 1), "p95_ms": round(q(ms, 0.95), 1), "max_ms": round(max(ms), 1),
            "p50_ms_per_100_words": round(statistics.median(per100), 1), "p95_ms_per_100_words": round(q(per100, 0.95), 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="../shared/data")
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--out", default="lab/bench/results/attacker_bench.json")
    args = ap.parse_args()
    texts = messages(args.data, args.n)
    attacker = FastAttacker.shipped()
    attacker.warm()
    for t in texts[:5]:
        attacker.guess(t)
    words = [len(t.split()) for t in texts]
    a_ms, r_ms, h_ms, d_ms, levels, tagged = [], [], [], [], [], 0
    loop = EscalationLoop(None, fast_attacker=attacker, rewrite_all_text=True)
    for t in texts:
        t0 = time.perf_counter()
        attacker.guess(t)
        a_ms.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        tagged += len(attacker.read(t, tag=True).spans)
        r_ms.append((time.perf_counter() - t0) * 1000)
        if attacker.tagger is not None:
            tokens = attacker.encoder.encode([t])[0]
            t0 = time.perf_counter()
            tag_spans(t, tokens.offsets, token_probs(attacker.tagger, tokens.states), attacker.tagger.thresholds)
            h_ms.append((time.perf_counter() - t0) * 1000)
        payload = Payload(fields=(Field("text:", "", t),), body_codec="text")
        t0 = time.perf_counter()
        out = loop.run(payload, (), 1, basis=Basis.USER_INITIATED)
        d_ms.append((time.perf_counter() - t0) * 1000)
        levels.append(out.level)
    result = {
        "texts": len(texts), "mean_words": round(statistics.mean(words), 1), "source": "synthpai dev+test" if args.data else "built-in",
        "attacker": stats(a_ms, words), "attacker_with_tagger": stats(r_ms, words),
        "tagger_head": stats(h_ms, words) if h_ms else "span tagger unavailable: " + attacker.span_status,
        "tagged_spans_per_text": round(tagged / max(1, len(texts)), 2), "decision": stats(d_ms, words),
        "final_level_counts": {str(k): levels.count(k) for k in sorted(set(levels))},
        "model_version": attacker.version,
    }
    print(json.dumps(result, indent=2))
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
