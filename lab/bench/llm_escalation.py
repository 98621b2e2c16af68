"""Measure L4/L5 and the verified escalation loop against a real LLM endpoint.

    .venv/bin/python lab/bench/llm_escalation.py --base-url http://127.0.0.1:8081/v1 --n 50 --l0 3

On n SynthPAI texts (a profile's first comments, up to --chars) and n PII-Masking-300k texts
(with a non-empty privacy mask) from ../shared/data it reports:
- the share of L4 and L5 LLM outputs accepted by the acceptance check (else the fallback is used);
- the mean final level and the upgrade rate (share of texts escalated above l0), with the
  verifier V(g, x0) on and off (the paper's A/B);
- p50/p95 ms per loop (verifier on, run first on a cold cache; the off run reuses the client's
  response cache, so its times are not reported).
Writes a JSON summary to lab/bench/results/llm_escalation.json (no raw text in it).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from guardian.anonymize.llm_levels import LLMLevel
from guardian.assemble import assemble, build_components
from guardian.llm import LLMSettings, SyncLLM
from guardian.records import Basis, Field, Payload
from guardian.settings import Settings

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"


def synthpai(n: int, chars: int) -> list[str]:
    out = []
    with open(DATA / "synthpai" / "synthpai_profiles.jsonl") as fh:
        for line in fh:
            text = ""
            for c in json.loads(line)["comments"]:
                if len(text) + len(c) > chars:
                    break
                text = f"{text} {c}".strip()
            if len(text) >= 80:
                out.append(text)
            if len(out) == n:
                break
    return out


def pii_masking(n: int, chars: int) -> list[str]:
    out = []
    with open(DATA / "pii_masking_300k" / "pii300k_en_validation_sample.jsonl") as fh:
        for line in fh:
            row = json.loads(line)
            if row["privacy_mask"] and len(row["source_text"]) <= chars:
                out.append(row["source_text"])
            if len(out) == n:
                break
    return out


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def summarize(rows: list[dict], l0: int) -> dict:
    """The figures per data set from the per-text rows (also usable on a partial run)."""
    out: dict[str, object] = {}
    for name in sorted({r["set"] for r in rows}):
        rs = [r for r in rows if r["set"] == name]
        n = len(rs)
        res: dict[str, object] = {
            "texts": n,
            "l4_llm_accepted": round(sum(r["l4_source"] == "llm" for r in rs) / n, 3),
            "l5_llm_accepted": round(sum(r["l5_source"] == "llm" for r in rs) / n, 3),
            "fallback_reasons": dict(Counter(
                f"L{lvl}:{r[f'l{lvl}_reason']}" for r in rs for lvl in (4, 5) if r[f"l{lvl}_source"] != "llm"
            )),
        }
        for key in ("on", "off"):
            res[f"verifier_{key}"] = {
                "mean_final_level": round(statistics.mean(r[f"{key}_level"] for r in rs), 3),
                "upgrade_rate": round(sum(r[f"{key}_level"] > l0 for r in rs) / n, 3),
                "stopped": dict(Counter(r[f"{key}_stopped"] for r in rs)),
            }
        ms = [r["on_ms"] for r in rs]
        res["loop_ms_p50"], res["loop_ms_p95"] = round(pct(ms, 0.5)), round(pct(ms, 0.95))
        out[name] = res
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base-url", default="http://127.0.0.1:8081/v1")
    ap.add_argument("--n", type=int, default=50, help="texts per dataset")
    ap.add_argument("--l0", type=int, default=3, help="start level")
    ap.add_argument("--chars", type=int, default=400, help="longest text")
    ap.add_argument("--rows", default=str(Path(__file__).parent / "results" / "llm_escalation_rows.jsonl"),
                    help="one JSON line per text, written as it goes (no raw text)")
    ap.add_argument("--summarize", action="store_true", help="only summarize the rows file of a (partial) run")
    ap.add_argument("--resume", action="store_true", help="keep the rows already in --rows and do only the rest")
    ap.add_argument("--out", default=str(Path(__file__).parent / "results" / "llm_escalation.json"))
    args = ap.parse_args()
    rows_path = Path(args.rows)
    if args.summarize:
        rows = [json.loads(line) for line in rows_path.read_text().splitlines() if line.strip()]
        print(json.dumps(summarize(rows, args.l0), indent=2))
        return 0

    # The pipelines are assembled as the proxy's are, with the evaluation's settings: every prose
    # value in scope, background deadlines of an hour, no policy store; verifier on and off.
    on = Settings(llm=LLMSettings(base_url=args.base_url, timeout=900), policy_db=None, timeout=4000,
                  escalation_scope="all_text", deadlines={b: 3600 for b in Basis}, llm_background=False)
    parts = {True: build_components(on)}
    parts[False] = build_components(on.with_(llm_verify=False), previous=parts[True])
    pipelines = {verify: assemble(parts[verify].settings, components=parts[verify]) for verify in (True, False)}
    llm = parts[True].llm
    assert isinstance(llm, SyncLLM)
    detector = pipelines[True].detector
    levels = LLMLevel(llm, detector=detector)
    sets = {"synthpai": synthpai(args.n, args.chars), "pii_masking": pii_masking(args.n, args.chars)}
    # Interleaved, so a partial run covers both sets.
    work = [(name, i, texts[i]) for i in range(args.n) for name, texts in sets.items() if i < len(texts)]
    rows_path.parent.mkdir(parents=True, exist_ok=True)
    rows: list[dict] = []
    if args.resume and rows_path.exists():
        rows = [json.loads(line) for line in rows_path.read_text().splitlines() if line.strip()]
        done = {(r["set"], r["i"]) for r in rows}
        work = [w for w in work if (w[0], w[1]) not in done]
    with open(rows_path, "a" if args.resume else "w") as fh:
        for name, i, text in work:
            field = Field("text:", "", text)
            findings = tuple(detector.analyze_field(field))
            payload = Payload(fields=(field,), body_codec="text")
            row: dict[str, object] = {"set": name, "i": i, "chars": len(text)}
            # Verifier on first, on a cold cache, so its ms are a real loop's; then L4 and L5 once
            # each (cached where the loop reached them) for the acceptance shares; then verifier off.
            for key, verify_on in (("on", True), ("off", False)):
                if key == "off":
                    for lvl in (4, 5):
                        _, source, reason = levels.rewrite(text, findings, lvl, timeout=900)
                        row[f"l{lvl}_source"], row[f"l{lvl}_reason"] = source, reason
                t0 = time.perf_counter()
                out = pipelines[verify_on].rewrite(payload, findings, args.l0, Basis.BACKGROUND)
                row[f"{key}_ms"] = round((time.perf_counter() - t0) * 1000)
                row[f"{key}_level"] = out.level
                row[f"{key}_stopped"] = getattr(out, "escalation", {})["stopped"]
            rows.append(row)
            fh.write(json.dumps(row) + "\n")
            fh.flush()
            print(json.dumps(row), file=sys.stderr, flush=True)
    summary = {"n_per_set": args.n, "l0": args.l0, **summarize(rows, args.l0), "client_stats": dict(llm.client.stats)}
    parts[True].close()
    Path(args.out).write_text(json.dumps(summary, indent=2) + "\n")
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
