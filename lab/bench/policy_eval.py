"""Policy store quality: OPP-115 annotation F1, segmentation on real policies, retrieval hits.

    .venv/bin/python lab/bench/policy_eval.py [--data ../shared/data]

Needs ../shared/data (opp115/, privacy_policies/); prints JSON figures.
"""

from __future__ import annotations

import argparse
import csv
import json
import statistics
import sys
import time
from pathlib import Path

from guardian.policies import OPP_CATEGORIES, ActionQuery, PolicyIndex, RuleAnnotator, Statement, segment_document

A = RuleAnnotator()

# (policy file, action, words the right statement must contain)
RETRIEVAL_CASES = [
    ("Reddit.md", dict(data=["Location(precise)"], actions=["collect"]), "precise location"),
    ("Google.md", dict(data=["Email"], actions=["collect"], purposes=["functionality"]), "email"),
    ("Spotify.md", dict(data=["Financial"], actions=["collect"], purposes=["functionality"]), "payment"),
    ("Netflix.md", dict(data=["Cookies"], actions=["collect"], purposes=["advertising"]), "advertis"),
    ("PayPal.md", dict(data=["Financial"], actions=["share"], recipients=["service_provider"]), "service provider"),
    ("Zoom.md", dict(data=["Content"], actions=["collect"]), "content"),
    ("TikTok.md", dict(data=["Phone"], actions=["collect"]), "phone"),
    ("LinkedIn.md", dict(data=["Contact"], actions=["share"], recipients=["advertising"]), "advertis"),
    ("WhatsApp.md", dict(data=["Contact"], actions=["collect"]), "contact"),
    ("Wikipedia.md", dict(data=["IPAddress"], actions=["collect"]), "ip address"),
    ("DuckDuckGo.md", dict(data=["SearchHistory"], actions=["collect"]), "search"),
    ("Mozilla.md", dict(data=["AppUsage"], actions=["collect"], purposes=["analytics"]), "telemetry"),
    ("Facebook.md", dict(data=["DeviceID"], actions=["collect"]), "device"),
    ("Apple.md", dict(data=["Health"], actions=["collect"]), "health"),
    ("X.md", dict(data=["Location(precise)"], actions=["collect"]), "location"),
]


def opp115(root: Path) -> dict:
    rows = list(csv.DictReader(open(root / "opp115" / "segments.csv", encoding="utf-8")))
    tp = {c: 0 for c in OPP_CATEGORIES}
    fp = dict(tp)
    fn = dict(tp)
    neg_total = neg_ok = 0
    for r in rows:
        gold = set(filter(None, r["categories_majority"].split("|")))
        if not gold:
            continue
        pred: set[str] = set()
        for seg in segment_document(r["segment_text"], "text") or []:
            pred |= set(A.opp_categories(seg.text)) or {A.annotate(seg.text, seg.heading).opp_category}
        if len(pred) > 1:
            pred.discard("Other")
        for c in OPP_CATEGORIES:
            tp[c] += c in pred and c in gold
            fp[c] += c in pred and c not in gold
            fn[c] += c not in pred and c in gold
    f1 = {}
    for c in OPP_CATEGORIES:
        p = tp[c] / (tp[c] + fp[c]) if tp[c] + fp[c] else 0.0
        rec = tp[c] / (tp[c] + fn[c]) if tp[c] + fn[c] else 0.0
        f1[c] = round(2 * p * rec / (p + rec), 3) if p + rec else 0.0
    # attribute: Does/Does Not (negation) on the selected span of each practice
    for path in sorted((root / "opp115" / "consolidation_threshold-0.75").glob("*.csv")):
        for rec in csv.reader(open(path, encoding="utf-8")):
            try:
                attrs = json.loads(rec[6])
            except (json.JSONDecodeError, IndexError):
                continue
            dd = attrs.get("Does/Does Not")
            span = next((a.get("selectedText") for k, a in attrs.items() if k.startswith("Action") and a.get("startIndexInSegment", -1) >= 0), None)
            if not dd or dd.get("value") not in ("Does", "Does Not") or not span:
                continue
            neg_total += 1
            neg_ok += A.annotate(span).negated == (dd["value"] == "Does Not")
    return {"segments": sum(1 for r in rows if r["categories_majority"]), "macro_f1": round(statistics.mean(f1.values()), 3), "f1": f1,
            "negation_accuracy": round(neg_ok / neg_total, 3) if neg_total else None, "negation_n": neg_total}


def policies(root: Path) -> dict:
    docs = sorted((root / "privacy_policies" / "documents").glob("*.md"))
    counts, times, indexes = {}, [], {}
    for doc in docs:
        t = time.perf_counter()
        segs = segment_document(doc.read_text("utf-8"), "markdown")
        stmts = [Statement(id=f"{doc.stem}:{i}", text=s.text, heading=s.heading, fields=A.annotate(s.text, s.heading)) for i, s in enumerate(segs)]
        indexes[doc.name] = PolicyIndex(stmts)
        times.append(time.perf_counter() - t)
        counts[doc.stem] = len(stmts)
    hits = []
    for name, q, words in RETRIEVAL_CASES:
        ev = indexes[name].top_k(ActionQuery.of(**q))
        hit = next((i + 1 for i, e in enumerate(ev) if words in e.statement.text.lower()), None)
        hits.append({"policy": name, "action": q, "must_contain": words, "rank": hit})
    sample = indexes["Reddit.md"].statements[40:43]
    return {
        "policies": len(docs), "statements_mean": round(statistics.mean(counts.values()), 1), "statements_min": min(counts.values()),
        "statements_max": max(counts.values()), "per_policy": counts, "ms_per_policy_mean": round(1000 * statistics.mean(times), 1),
        "ms_per_policy_max": round(1000 * max(times), 1), "retrieval_hit_at_8": f"{sum(h['rank'] is not None for h in hits)}/{len(hits)}",
        "retrieval": hits, "sample": [{"heading": s.heading, "text": s.text[:200], **s.fields.as_record()} for s in sample],
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(Path(__file__).resolve().parents[3] / "shared" / "data"))
    root = Path(ap.parse_args().data)
    if not (root / "opp115").is_dir():
        print(f"no data at {root}", file=sys.stderr)
        return 1
    json.dump({"opp115": opp115(root), "real_policies": policies(root)}, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
