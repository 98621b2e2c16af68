"""The prose model side by side: today's detector (Presidio + spaCy) against the prose tagger.

    .venv/bin/python lab/bench/prose_tagger_bench.py [--data ../shared/data] [--prompts ../prompt-sets]
        [--prose spacy tagger] [--no-presidio] [--texts 200] [--out lab/bench/results/prose_tagger_bench.json]
        [--speed-only] [--presidio-ner]

Systems (each on exactly the same texts in one run):

- `guardian+spacy`: the detector as it ships (`default_recognizers(prose="spacy")`);
- `guardian+tagger`: the same recognisers with the prose tagger in NER's place
  (`default_recognizers(prose="tagger")`);
- `spacy` / `tagger`: the prose model alone (what it adds and what it gets wrong);
- `presidio`: Presidio's default recognisers (lab/bench/detect_bench.py's baseline).

Quality:

- PII-Masking-300k sample and TAB dev (DIRECT+QUASI gold): span recall by the gold label's
  category and precision by the predicted one, lab/bench/detect_bench.py's overlap rule (a gold
  span is found when predictions cover half its characters; a prediction is right when gold
  covers half of it), category-blind "ALL"; whole-value Content findings are not spans.
- Prompt sets (dev files only; the *_test files are never opened): benign prompts carry no
  personal data, so any tagged span is a false positive: the share of prompts with one (per
  system, and which recognisers tag them); planted prompts carry planted values: recall per
  planted category, and the share of prompts where nothing but planted values is tagged.

Speed: ms per 100 words of TAB dev text (p50/p95, one thread), the prose model alone (the tagger
int8, and fp32 for reference) and the whole detector per system; systems interleaved per text so
a load change on the shared machine hits all of them alike. NER remembers no text while timed
(`set_ner_cache(0)`). `--presidio-ner` adds spaCy and guardian+spacy with NER read through Presidio's
AnalyzerEngine, the path before `presidio_engine.load_ner`; `--speed-only` skips the quality tables.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

os.environ["TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS"] = ""
os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from detect_bench import (  # noqa: E402
    MIN_COVER, Score, _covered, _f, load_pii300k, load_tab, pct, presidio_spans, windows_of_100_words,
)

from guardian.detect import Detector  # noqa: E402
from guardian.detect.prose_tagger import set_tag_cache  # noqa: E402
from guardian.detect.detector import set_remember_prose  # noqa: E402
from guardian.detect.presidio_engine import limit_threads, load_analyzer, set_ner_cache  # noqa: E402
from guardian.detect.recognizers import NerRecognizer, ProseTaggerRecognizer  # noqa: E402
from guardian.detect.registry import default_recognizers  # noqa: E402
from guardian.records import Field  # noqa: E402

Span = tuple[int, int, str]
Run = Callable[[str], list[Span]]

# Planted category -> the AMRSF category a finding for it has (for the by-category table).
PLANTED = ("full_name", "first_name", "relative_name", "employer", "city", "street_address", "date_of_birth",
           "job_title", "health_condition", "phone", "email", "username", "ssn", "card_number", "iban")


def detector_run(detector: Detector, *, by_source: bool = False) -> Run:
    def run(text: str) -> list[Span]:
        found = detector.analyze_field(Field("text:", "", text))
        return [(f.start, f.end, f"{f.recognizer}:{f.entity}" if by_source else f.category.value)
                for f in found if f.entity != "FREE_TEXT"]

    return run


def recognizer_run(rec: NerRecognizer | ProseTaggerRecognizer, *, by_source: bool = False) -> Run:
    def run(text: str) -> list[Span]:
        return [(f.start, f.end, f"{f.recognizer}:{f.entity}" if by_source else f.category.value)
                for f in rec.analyze(Field("text:", "", text))]

    return run


def load_prompts(root: Path, name: str) -> list[dict]:
    if "test" in name:
        raise ValueError("the prompt sets' test files are not read by this benchmark")
    path = root / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line.strip()] if path.exists() else []


def benign_scores(rows: list[dict], run: Run) -> dict:
    tagged = 0
    by_source: Counter = Counter()
    examples: list[str] = []
    for r in rows:
        pred = run(r["text"])
        if pred:
            tagged += 1
            for s, e, label in pred:
                by_source[label] += 1
            if len(examples) < 40:
                examples.append(" | ".join(f"{r['text'][s:e]}<{label}>" for s, e, label in pred))
    return {"prompts": len(rows), "with_a_tag": tagged, "share_tagged": round(tagged / max(1, len(rows)), 3),
            "spans_by_label": dict(by_source.most_common()), "examples": examples}


def planted_scores(rows: list[dict], run: Run) -> dict:
    gold_n: Counter = Counter()
    hit: Counter = Counter()
    clean = 0
    extra: Counter = Counter()
    examples: list[str] = []
    for r in rows:
        pred = run(r["text"])
        ps = [(s, e) for s, e, _ in pred]
        gs = [(p["start"], p["end"]) for p in r["planted"]]
        for p in r["planted"]:
            gold_n[p["category"]] += 1
            gold_n["ALL"] += 1
            if _covered((p["start"], p["end"]), ps) >= MIN_COVER:
                hit[p["category"]] += 1
                hit["ALL"] += 1
        wrong = [(s, e, label) for s, e, label in pred if _covered((s, e), gs) < MIN_COVER]
        clean += not wrong
        for s, e, label in wrong:
            extra[label] += 1
            if len(examples) < 40:
                examples.append(f"{r['text'][s:e]}<{label}>")
    recall = {c: {"gold": gold_n[c], "recall": round(hit[c] / gold_n[c], 3)} for c in ("ALL", *PLANTED) if gold_n[c]}
    return {"prompts": len(rows), "recall": recall, "only_planted_tagged": round(clean / max(1, len(rows)), 3),
            "extra_spans_by_label": dict(extra.most_common()), "extra_examples": examples}


def span_table(rows: list[tuple[str, list[Span]]], run: Run) -> dict:
    score = Score()
    for text, gold in rows:
        score.add(gold, run(text))
    return score.table()


def timing(runs: dict[str, Callable[[str], object]], texts: list[str]) -> dict:
    """ms per call per system, systems interleaved per text."""
    for t in texts[:5]:
        for fn in runs.values():
            fn(t)
    ms: dict[str, list[float]] = defaultdict(list)
    for t in texts:
        for name, fn in runs.items():
            t0 = time.perf_counter()
            fn(t)
            ms[name].append((time.perf_counter() - t0) * 1000)
    return {k: {"n": len(v), "p50": pct(v, 0.5), "p95": pct(v, 0.95)} for k, v in ms.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[3] / "shared" / "data")
    ap.add_argument("--prompts", type=Path, default=Path(__file__).resolve().parents[3] / "prompt-sets")
    ap.add_argument("--prose", nargs="+", choices=("spacy", "tagger"), default=["spacy", "tagger"])
    ap.add_argument("--weights", default=None, help="prose tagger weights (default: the shipped ones)")
    ap.add_argument("--no-presidio", action="store_true", help="skip Presidio's default recognisers")
    ap.add_argument("--texts", type=int, default=200, help="100-word windows timed (0: no timing)")
    ap.add_argument("--fp32", action="store_true", help="also time the tagger's fp32 variant")
    ap.add_argument("--presidio-ner", action="store_true",
                    help="also time spaCy and guardian+spacy with NER through Presidio's AnalyzerEngine (as before load_ner)")
    ap.add_argument("--speed-only", action="store_true", help="time only: no quality tables, no prompt sets")
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results" / "prose_tagger_bench.json")
    args = ap.parse_args(argv)
    limit_threads(1)
    sets = {"pii_masking_300k": load_pii300k(args.data), "tab_dev_direct_quasi": load_tab(args.data)}
    benign = load_prompts(args.prompts, "benign_dev.jsonl")
    planted = load_prompts(args.prompts, "planted_dev.jsonl")

    models: dict[str, NerRecognizer | ProseTaggerRecognizer] = {}
    detectors: dict[str, Detector] = {}
    for prose in args.prose:
        recs = default_recognizers(prose)
        if prose == "tagger" and args.weights:
            recs = [ProseTaggerRecognizer(weights=args.weights) if isinstance(r, ProseTaggerRecognizer) else r for r in recs]
        detectors[f"guardian+{prose}"] = Detector(recs)
        model = next(r for r in recs if isinstance(r, (NerRecognizer, ProseTaggerRecognizer)))
        # "spacy alone" is spaCy's model alone: the detector's NER also asks the tagger about unknown words
        models[prose] = NerRecognizer(unknown_words=False) if isinstance(model, NerRecognizer) else model
    systems: dict[str, Run] = {name: detector_run(d) for name, d in detectors.items()}
    systems.update({name: recognizer_run(m) for name, m in models.items()})
    if not args.no_presidio:
        systems["presidio"] = presidio_spans()
    by_source: dict[str, Run] = {name: detector_run(d, by_source=True) for name, d in detectors.items()}
    by_source.update({name: recognizer_run(m, by_source=True) for name, m in models.items()})
    if "presidio" in systems:
        by_source["presidio"] = systems["presidio"]

    report: dict = {"matching": f"overlap, >= {MIN_COVER} of characters covered", "quality": {}, "prompts": {}}
    for set_name, rows in sets.items() if not args.speed_only else ():
        report["quality"][set_name] = {name: span_table(rows, run) for name, run in systems.items()}
    if benign and not args.speed_only:
        report["prompts"]["benign_dev"] = {name: benign_scores(benign, run) for name, run in by_source.items()}
    if planted and not args.speed_only:
        report["prompts"]["planted_dev"] = {name: planted_scores(planted, run) for name, run in by_source.items()}

    if args.texts:
        set_ner_cache(0)  # "spacy alone" and "guardian+spacy" share one model: no lookups of each other's texts
        set_tag_cache(0)  # the same for the tagger's systems
        set_remember_prose(False)  # the warm-up texts are timed again: read, not looked up
        texts = windows_of_100_words([t for t, _ in sets["tab_dev_direct_quasi"]], args.texts)
        runs: dict[str, Callable[[str], object]] = {}
        for name, m in models.items():
            runs[f"{name} alone"] = recognizer_run(m)
        if args.fp32 and "tagger" in models:
            from guardian.detect.prose_tagger import ProseTagger, ProseWeights, weights_path

            w = ProseWeights.load(args.weights or weights_path())
            w.meta["encoder"] = "fp32"  # same head on fp32 states: timing only
            runs["tagger alone (fp32)"] = recognizer_run(ProseTaggerRecognizer(ProseTagger(w)))
        for name, d in detectors.items():
            runs[name] = detector_run(d)
        if args.presidio_ner and "spacy" in models:  # the same detector, NER through the AnalyzerEngine
            via = NerRecognizer(load_analyzer())
            runs["spacy alone (via presidio)"] = recognizer_run(via)
            runs["guardian+spacy (via presidio)"] = detector_run(
                Detector([via if r is models["spacy"] else r for r in detectors["guardian+spacy"].recognizers]))
        report["speed_ms_per_100_words"] = timing(runs, texts)
        report["load_average"] = os.getloadavg()

    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False))
    _print(report)
    print(f"wrote {args.out}")
    return 0


def _print(report: dict) -> None:
    for set_name, by_sys in report["quality"].items():
        print(f"\n== {set_name}")
        print(f"{'system':16} {'category':20} {'gold':>5} {'recall':>7} {'pred':>5} {'prec':>7} {'f1':>7}")
        for sys_name, table in by_sys.items():
            for cat, row in table.items():
                print(f"{sys_name:16} {cat:20} {row['gold']:5} {_f(row['recall'])} {row['pred']:5} "
                      f"{_f(row['precision'])} {_f(row['f1'])}")
    for name, by_sys in report["prompts"].items():
        print(f"\n== prompts: {name}")
        for sys_name, row in by_sys.items():
            if "share_tagged" in row:
                print(f"{sys_name:16} share of benign prompts with a tag {row['share_tagged']:.3f} "
                      f"({row['with_a_tag']}/{row['prompts']}); top: {list(row['spans_by_label'].items())[:5]}")
            else:
                rec = " ".join(f"{c}={v['recall']:.2f}" for c, v in row["recall"].items())
                print(f"{sys_name:16} only planted tagged {row['only_planted_tagged']:.3f}; recall {rec}")
    if "speed_ms_per_100_words" in report:
        print("\nms per 100 words:", json.dumps(report["speed_ms_per_100_words"]), "load", report.get("load_average"))


if __name__ == "__main__":
    raise SystemExit(main())
