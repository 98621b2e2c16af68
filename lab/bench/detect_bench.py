"""Detection quality and speed: GuardianAgent's Detector vs Presidio's default recognisers.

    .venv/bin/python lab/bench/detect_bench.py [--data ../shared/data] [--out lab/bench/results/detect_bench.json]

Quality, per data set, span level, both systems on exactly the same texts in the same run:

- PII-Masking-300k sample (`pii_masking_300k/`): every `privacy_mask` span is gold.
- TAB dev split (`tab/tab_dev_subset.json`): mentions marked DIRECT or QUASI are gold; NO_MASK
  mentions are not (a prediction on them is a false positive). TAB documents are cut at line
  breaks into paragraphs, each scanned as one field (as a form or JSON text field would be).

Matching rule (overlap, category-blind): a gold span is *recalled* when the predicted spans
together cover at least half of its characters; a predicted span is *correct* when the gold
spans together cover at least half of its characters. Whole-value "Content" findings
(entity FREE_TEXT: "this field is free text") are not spans and are left out of the scoring.
Recall is also broken down by the gold label's AMRSF category, precision by the predicted one.

Speed: p50/p95 of `Detector.analyze_field` on 100-word windows of TAB text (NER runs), and of
`Detector.detect` on small JSON bodies without free text (decoded by the real codecs).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path

os.environ["TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS"] = ""
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from guardian.codecs import decode_request  # noqa: E402
from guardian.detect import Detector  # noqa: E402
from guardian.detect.prose_tagger import set_tag_cache  # noqa: E402
from guardian.detect.detector import set_remember_prose  # noqa: E402
from guardian.detect.presidio_engine import load_analyzer, set_ner_cache  # noqa: E402
from guardian.records import Field, HttpRequest  # noqa: E402

Span = tuple[int, int, str]  # start, end, category label

# Gold label -> AMRSF category (the category the label's data belongs to).
PII300K_CATEGORY = {
    "EMAIL": "Email", "TEL": "Phone", "IP": "IPAddress", "PASS": "Credentials", "USERNAME": "Contact",
    "GIVENNAME1": "Contact", "GIVENNAME2": "Contact", "LASTNAME1": "Contact", "LASTNAME2": "Contact",
    "LASTNAME3": "Contact", "TITLE": "Contact", "SEX": "Contact", "BOD": "Contact", "DATE": "Contact",
    "TIME": "Contact", "SOCIALNUMBER": "SSN", "PASSPORT": "SSN", "IDCARD": "SSN",
    "DRIVERLICENSE": "SSN", "STREET": "PostalAddress", "BUILDING": "PostalAddress",
    "SECADDRESS": "PostalAddress", "POSTCODE": "PostalAddress", "CITY": "Location(coarse)",
    "STATE": "Location(coarse)", "COUNTRY": "Location(coarse)", "GEOCOORD": "Location(precise)",
    "CARDISSUER": "Financial",
}
TAB_CATEGORY = {
    "PERSON": "Contact", "CODE": "SSN", "LOC": "Location(coarse)", "ORG": "Contact",
    "DEM": "Contact", "DATETIME": "Contact", "QUANTITY": "Contact", "MISC": "Contact",
}
PRESIDIO_CATEGORY = {
    "PERSON": "Contact", "EMAIL_ADDRESS": "Email", "PHONE_NUMBER": "Phone", "IP_ADDRESS": "IPAddress",
    "LOCATION": "Location(coarse)", "DATE_TIME": "Contact", "NRP": "Contact", "US_SSN": "SSN",
    "CREDIT_CARD": "Financial", "IBAN_CODE": "Financial", "US_BANK_NUMBER": "Financial",
    "US_PASSPORT": "SSN", "US_DRIVER_LICENSE": "SSN", "UK_NHS": "Health", "MEDICAL_LICENSE": "Health",
    "URL": "BrowsingHistory", "CRYPTO": "Financial", "US_ITIN": "SSN", "UK_NINO": "SSN",
    "MAC_ADDRESS": "DeviceID", "UUID": "DeviceID",
}
MIN_COVER = 0.5


# -- data ------------------------------------------------------------------------------------


def load_pii300k(root: Path, *, labels: bool = False) -> list[tuple[str, list[Span]]]:
    """Rows of (text, gold spans); `labels=True` keeps the dataset's own label, not the category."""
    rows = []
    with (root / "pii_masking_300k" / "pii300k_en_validation_sample.jsonl").open() as f:
        for line in f:
            r = json.loads(line)
            gold = [
                (m["start"], m["end"], m["label"] if labels else PII300K_CATEGORY.get(m["label"], m["label"]))
                for m in r["privacy_mask"]
            ]
            rows.append((r["source_text"], gold))
    return rows


def load_tab(root: Path, *, labels: bool = False) -> list[tuple[str, list[Span]]]:
    """TAB dev documents cut into paragraphs, gold DIRECT+QUASI mentions re-based per paragraph."""
    docs = json.loads((root / "tab" / "tab_dev_subset.json").read_text())
    out = []
    for doc in docs:
        text = doc["text"]
        mentions = [
            (m["start_offset"], m["end_offset"],
             m["entity_type"] if labels else TAB_CATEGORY.get(m["entity_type"], "Contact"))
            for ann in doc["annotations"].values()
            for m in ann["entity_mentions"]
            if m["identifier_type"] in ("DIRECT", "QUASI")
        ]
        pos = 0
        for para in text.split("\n"):
            end = pos + len(para)
            if para.strip():
                gold = [(s - pos, e - pos, c) for s, e, c in mentions if s >= pos and e <= end]
                out.append((para, gold))
            pos = end + 1
    return out


# -- scoring ---------------------------------------------------------------------------------


def _covered(span: tuple[int, int], others: Iterable[tuple[int, int]]) -> float:
    s, e = span
    if e <= s:
        return 0.0
    marks = bytearray(e - s)
    for a, b in others:
        for i in range(max(a, s), min(b, e)):
            marks[i - s] = 1
    return sum(marks) / (e - s)


class Score:
    def __init__(self) -> None:
        self.gold = Counter()
        self.hit = Counter()
        self.pred = Counter()
        self.correct = Counter()

    def add(self, gold: list[Span], pred: list[Span]) -> None:
        gs = [(s, e) for s, e, _ in gold]
        ps = [(s, e) for s, e, _ in pred]
        for s, e, c in gold:
            self.gold[c] += 1
            self.gold["ALL"] += 1
            if _covered((s, e), ps) >= MIN_COVER:
                self.hit[c] += 1
                self.hit["ALL"] += 1
        for s, e, c in pred:
            self.pred[c] += 1
            self.pred["ALL"] += 1
            if _covered((s, e), gs) >= MIN_COVER:
                self.correct[c] += 1
                self.correct["ALL"] += 1

    def table(self) -> dict[str, dict[str, float | int]]:
        out = {}
        for c in sorted(set(self.gold) | set(self.pred), key=lambda k: (k != "ALL", k)):
            r = self.hit[c] / self.gold[c] if self.gold[c] else None
            p = self.correct[c] / self.pred[c] if self.pred[c] else None
            f = 2 * p * r / (p + r) if p and r else None
            out[c] = {"gold": self.gold[c], "recall": _r(r), "pred": self.pred[c], "precision": _r(p), "f1": _r(f)}
        return out


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def guardian_spans(detector: Detector) -> Callable[[str], list[Span]]:
    def run(text: str) -> list[Span]:
        found = detector.analyze_field(Field("text:", "", text))
        return [(f.start, f.end, f.category.value) for f in found if f.entity != "FREE_TEXT"]

    return run


def guardian_spans_by_source(detector: Detector) -> Callable[[str], list[Span]]:
    """Like `guardian_spans`, labelled "recogniser:ENTITY" (for the false-positive breakdown)."""

    def run(text: str) -> list[Span]:
        found = detector.analyze_field(Field("text:", "", text))
        return [(f.start, f.end, f"{f.recognizer}:{f.entity}") for f in found if f.entity != "FREE_TEXT"]

    return run


def presidio_spans() -> Callable[[str], list[Span]]:
    engine = load_analyzer(predefined=True)

    def run(text: str) -> list[Span]:
        return [
            (r.start, r.end, PRESIDIO_CATEGORY.get(r.entity_type, r.entity_type))
            for r in engine.analyze(text=text, language="en")
        ]

    return run


# -- miss analysis ---------------------------------------------------------------------------


def _redact(value: str, keep: int = 3, width: int = 24) -> str:
    """A shortened, partly masked value: enough shape to see why it was missed, not the datum."""
    v = value.replace("\n", "\\n")
    shown = "".join(ch if i < keep or not ch.isalnum() else ("9" if ch.isdigit() else "x")
                    for i, ch in enumerate(v))
    return shown if len(shown) <= width else shown[: width - 1] + "…"


def _context(text: str, s: int, e: int, width: int = 28) -> str:
    left = text[max(0, s - width) : s].replace("\n", "⏎")
    right = text[e : e + 12].replace("\n", "⏎")
    return f"{left}[{_redact(text[s:e])}]{right}"


def analyse(rows: list[tuple[str, list[Span]]], run: Callable[[str], list[Span]], *, examples: int,
            title: str) -> dict:
    """Missed gold spans by gold label, and false-positive predictions by predicted category."""
    missed: dict[str, list[str]] = defaultdict(list)
    gold_n: Counter = Counter()
    false_pos: dict[str, list[str]] = defaultdict(list)
    pred_n: Counter = Counter()
    for text, gold in rows:
        pred = run(text)
        ps = [(s, e) for s, e, _ in pred]
        gs = [(s, e) for s, e, _ in gold]
        for s, e, label in gold:
            gold_n[label] += 1
            if _covered((s, e), ps) < MIN_COVER:
                missed[label].append(_context(text, s, e))
        for s, e, cat in pred:
            pred_n[cat] += 1
            if _covered((s, e), gs) < MIN_COVER:
                false_pos[cat].append(_context(text, s, e))
    print(f"\n== {title}: missed gold spans by label ({sum(map(len, missed.values()))} of {sum(gold_n.values())})")
    for label, items in sorted(missed.items(), key=lambda kv: -len(kv[1])):
        print(f"  {label:16} {len(items):4} / {gold_n[label]:4} missed")
        for ex in items[:examples]:
            print(f"      {ex}")
    print(f"\n== {title}: false positives by recogniser:entity ({sum(map(len, false_pos.values()))} of "
          f"{sum(pred_n.values())})")
    for cat, items in sorted(false_pos.items(), key=lambda kv: -len(kv[1])):
        print(f"  {cat:32} {len(items):4} / {pred_n[cat]:4} wrong")
        for ex in items[:examples]:
            print(f"      {ex}")
    return {"missed": {k: len(v) for k, v in missed.items()}, "false_positives": {k: len(v) for k, v in false_pos.items()}}


# -- speed -----------------------------------------------------------------------------------


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))], 3)


def windows_of_100_words(texts: list[str], n: int) -> list[str]:
    words = " ".join(texts).split()
    return [" ".join(words[i : i + 100]) for i in range(0, min(len(words) - 100, n * 100), 100)]


SMALL_BODIES = [
    b'{"event":"add_to_cart","items":[{"sku":"A1-442","qty":2,"price":12.99}],"currency":"EUR","ts":1700000000}',
    b'{"page":"/products/shoes","viewport":{"w":1280,"h":720},"session_ms":5421,"ab":"variant-b"}',
    b'{"cart_id":"c_8f3a","coupon":null,"shipping":"standard","gift":false,"total":"49.90"}',
    b'{"user":{"id":12345,"plan":"pro","theme":"dark"},"flags":["beta","new_nav"],"v":3}',
    b'{"search":{"sort":"price_asc","page":2,"filters":{"color":"blue","size":"M"}}}',
    b'{"metrics":{"lcp":1234.5,"cls":0.02,"fid":12},"url":"https://shop.example/cart","ua":"Mozilla/5.0"}',
]


def speed(detector: Detector, tab: list[tuple[str, list[Span]]], n_text: int, n_json: int) -> dict:
    texts = windows_of_100_words([t for t, _ in tab], n_text)
    set_ner_cache(0)  # the warm-up texts are timed again: NER must read them again, not look them up
    set_tag_cache(0)  # the same for the prose tagger (NER's reader of unknown words)
    set_remember_prose(False)  # and for the detector's memory of values
    for t in texts[:5]:  # warm-up
        detector.analyze_field(Field("text:", "", t))
    per_100 = []
    for t in texts:
        t0 = time.perf_counter()
        detector.analyze_field(Field("json:$.message", "message", t))
        per_100.append((time.perf_counter() - t0) * 1000)
    payloads = [
        decode_request(HttpRequest("POST", "https://shop.example/api", (("content-type", "application/json"),), b))
        for b in SMALL_BODIES
    ]
    json_ms = []
    for i in range(n_json):
        p = payloads[i % len(payloads)]
        t0 = time.perf_counter()
        detector.detect(p)
        json_ms.append((time.perf_counter() - t0) * 1000)
    findings_on_clean_json = sum(len(detector.detect(p)) for p in payloads)
    return {
        "per_100_words_ms": {"n": len(per_100), "p50": pct(per_100, 0.5), "p95": pct(per_100, 0.95),
                             "mean": round(statistics.mean(per_100), 3)},
        "small_json_ms": {"n": len(json_ms), "p50": pct(json_ms, 0.5), "p95": pct(json_ms, 0.95),
                          "fields": [len(p.fields) for p in payloads]},
        "findings_on_clean_json_bodies": findings_on_clean_json,
    }


# -- main ------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[3] / "shared" / "data")
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results" / "detect_bench.json")
    ap.add_argument("--texts", type=int, default=200, help="100-word windows timed")
    ap.add_argument("--json", type=int, default=2000, help="small JSON bodies timed")
    ap.add_argument("--no-baseline", action="store_true", help="skip Presidio's default recognisers")
    ap.add_argument("--analyse", action="store_true",
                    help="only print missed gold spans by label and false positives, redacted; no timing")
    ap.add_argument("--examples", type=int, default=4, help="examples per group with --analyse")
    ap.add_argument("--set", choices=("pii", "tab", "both"), default="both", help="data sets for --analyse")
    ap.add_argument("--model", default=None, help="spaCy model for NER (default: presidio_engine.DEFAULT_MODEL)")
    args = ap.parse_args(argv)
    if not (args.data / "tab").is_dir() or not (args.data / "pii_masking_300k").is_dir():
        print(f"data not found under {args.data}", file=sys.stderr)
        return 2
    if args.analyse:
        run = guardian_spans_by_source(_make_detector(args.model))
        if args.set in ("pii", "both"):
            analyse(load_pii300k(args.data, labels=True), run, examples=args.examples, title="PII-Masking-300k")
        if args.set in ("tab", "both"):
            analyse(load_tab(args.data, labels=True), run, examples=args.examples, title="TAB dev")
        return 0
    sets = {"pii_masking_300k": load_pii300k(args.data), "tab_dev_direct_quasi": load_tab(args.data)}
    t0 = time.perf_counter()
    detector = _make_detector(args.model)
    load_s = time.perf_counter() - t0
    systems = {"guardian": guardian_spans(detector)}
    if not args.no_baseline:
        systems["presidio_default"] = presidio_spans()
    report: dict = {"matching": f"overlap, category-blind, >= {MIN_COVER} of characters covered", "quality": {}}
    for set_name, rows in sets.items():
        report["quality"][set_name] = {}
        for sys_name, run in systems.items():
            score = Score()
            for text, gold in rows:
                score.add(gold, run(text))
            report["quality"][set_name][sys_name] = score.table()
    report["speed"] = speed(detector, sets["tab_dev_direct_quasi"], args.texts, args.json)
    report["detector_load_s"] = round(load_s, 2)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1))
    for set_name, by_sys in report["quality"].items():
        print(f"\n== {set_name}")
        print(f"{'system':18} {'category':20} {'gold':>5} {'recall':>7} {'pred':>5} {'prec':>7} {'f1':>7}")
        for sys_name, table in by_sys.items():
            for cat, row in table.items():
                print(f"{sys_name:18} {cat:20} {row['gold']:5} {_f(row['recall'])} {row['pred']:5} "
                      f"{_f(row['precision'])} {_f(row['f1'])}")
    print("\nspeed:", json.dumps(report["speed"]))
    print(f"wrote {args.out}")
    return 0


def _make_detector(model: str | None) -> Detector:
    if model is None:
        return Detector()
    from guardian.detect.recognizers import NerRecognizer
    from guardian.detect.registry import RECOGNIZER_CLASSES

    return Detector([NerRecognizer(model=model) if cls is NerRecognizer else cls() for cls in RECOGNIZER_CLASSES])


def _f(x: float | None) -> str:
    return f"{x:7.3f}" if x is not None else "      -"


if __name__ == "__main__":
    raise SystemExit(main())
