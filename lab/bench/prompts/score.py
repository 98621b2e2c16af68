"""Score what reached the AI service for the prompt sets (lab/bench/prompts/README.md).

    .venv/bin/python lab/bench/prompts/score.py --set benign_dev --pipeline
    .venv/bin/python lab/bench/prompts/score.py --set planted_dev --pipeline [--save-sent FILE]
    .venv/bin/python lab/bench/prompts/score.py --set benign_dev --jsonl sent.jsonl

The sets live outside the project (`--data`, default /work/prompt-sets). `--pipeline` runs
GuardianAgent's own pipeline over the set; `--jsonl` reads `{"id", "sent"}` lines (`sent`: the
prompt as it reached the service, null when it was blocked; optional `findings`:
`[{"start", "end", "entity"}]` on the original text). A table goes to stdout and the JSON to
`--out` (default <data>/results/<set>.json, outside the project: a dev result holds prompt
texts). Texts (examples, the most frequent changes) are shown for dev sets only; a test set's
output has numbers and replacement tags only.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Iterable

DATA = Path("/work/prompt-sets")
CHAT_URL = "https://api.openai.com/v1/chat/completions"
CONTENT_FIELD = "json:$.messages[0].content"
MAX_EXAMPLES = 5

# -- diffs -------------------------------------------------------------------------------------

_TOKEN = re.compile(r"\w+|\s+|[^\w\s]", re.UNICODE)
_TAG = re.compile(r"\[[A-Z][A-Z_ ]*?(?:_\d+)?\]")


def _tokens(text: str) -> list[tuple[str, int]]:
    return [(m.group(), m.start()) for m in _TOKEN.finditer(text)]


def changed_spans(original: str, sent: str) -> list[dict[str, Any]]:
    """Word-level differences: `start`/`end` on the original, `orig`, `repl` (what replaced it)."""
    a, b = _tokens(original), _tokens(sent)
    matcher = difflib.SequenceMatcher(None, [t for t, _ in a], [t for t, _ in b], autojunk=False)
    out: list[dict[str, Any]] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        start = a[i1][1] if i1 < len(a) else len(original)
        end = a[i2 - 1][1] + len(a[i2 - 1][0]) if i2 > i1 else start
        rstart = b[j1][1] if j1 < len(b) else len(sent)
        rend = b[j2 - 1][1] + len(b[j2 - 1][0]) if j2 > j1 else rstart
        out.append({"start": start, "end": end, "orig": original[start:end], "repl": sent[rstart:rend]})
    return out


def replacement_kind(repl: str) -> str:
    """"[LOCATION]" for an entity tag (numbering dropped), "(removed)", or "(other)"."""
    tags = sorted({re.sub(r"_\d+\]$", "]", t) for t in _TAG.findall(repl)})
    if tags:
        return " ".join(tags)
    return "(removed)" if not repl.strip() else "(other)"


def _covered(span: dict[str, Any], findings: Iterable[dict[str, Any]]) -> bool:
    s, e = span["start"], max(span["end"], span["start"] + 1)
    return any(f["start"] < e and s < f["end"] for f in findings if f.get("entity") != "FREE_TEXT")


# -- benign ------------------------------------------------------------------------------------


def benign_result(row: dict[str, Any], got: dict[str, Any] | None) -> dict[str, Any]:
    """One benign prompt: status unchanged / changed / blocked / missing, and its changes."""
    if got is None:
        return {"id": row["id"], "status": "missing", "changes": []}
    sent = got.get("sent")
    if sent is None:
        return {"id": row["id"], "status": "blocked", "changes": []}
    if sent == row["text"]:
        return {"id": row["id"], "status": "unchanged", "changes": []}
    findings = got.get("findings")
    changes = changed_spans(row["text"], sent)
    for c in changes:
        c["kind"] = replacement_kind(c["repl"])
        if findings is not None:
            c["finding"] = _covered(c, findings)
    return {"id": row["id"], "status": "changed", "changes": changes}


def score_benign(rows: list[dict[str, Any]], sent: dict[str, dict[str, Any]], *, show_texts: bool) -> dict[str, Any]:
    results = [benign_result(r, sent.get(r["id"])) for r in rows]
    by_source: dict[str, Counter] = defaultdict(Counter)
    for r, res in zip(rows, results):
        by_source[r["source"]][res["status"]] += 1
    status = Counter(res["status"] for res in results)
    scored = len(rows) - status["missing"]
    kinds = Counter(c["kind"] for res in results for c in res["changes"])
    without_finding = sum(
        1 for res in results if any(c.get("finding") is False for c in res["changes"])
    )
    out: dict[str, Any] = {
        "n": len(rows),
        "scored": scored,
        "unchanged": status["unchanged"],
        "changed": status["changed"],
        "blocked": status["blocked"],
        "missing": status["missing"],
        "unchanged_share": _share(status["unchanged"], scored),
        "per_source": {
            src: {"n": sum(c.values()) - c["missing"], "unchanged": c["unchanged"],
                  "unchanged_share": _share(c["unchanged"], sum(c.values()) - c["missing"])}
            for src, c in sorted(by_source.items())
        },
        "replacement_kinds": dict(kinds.most_common()),
        "changed_prompts_with_a_change_no_finding_covers": without_finding,
    }
    if show_texts:
        text_of = {r["id"]: r["text"] for r in rows}
        changed = [res for res in results if res["status"] == "changed"]
        out["examples"] = [
            {"id": res["id"], "text": text_of[res["id"]], "sent": sent[res["id"]]["sent"],
             "changes": [{k: c[k] for k in ("orig", "repl", "finding") if k in c} for c in res["changes"]]}
            for res in changed[:MAX_EXAMPLES]
        ]
        pairs = Counter((c["orig"], c["repl"]) for res in changed for c in res["changes"])
        out["top_changes"] = [{"orig": o, "repl": r, "count": n} for (o, r), n in pairs.most_common(30)]
    return out


# -- planted -----------------------------------------------------------------------------------

_STOP = frozenset("and the und von van der den de del la le di da das des les los apt suite".split())
_ALNUM = re.compile(r"[^0-9a-z]")


def _value_tokens(value: str) -> list[str]:
    return [t for t in re.findall(r"[^\W\d_]{3,}|\d{4,}", value.lower()) if t not in _STOP]


def _count_word(token: str, text: str) -> int:
    return len(re.findall(rf"(?<![^\W_]){re.escape(token)}(?![^\W_])", text.lower()))


def value_present(value: str, sent: str) -> bool:
    """Whether a planted value still reaches the service: as written (case folded) or, for a
    value with 4+ digits (a phone, a card, a date), with separators and spacing ignored."""
    if value.lower() in sent.lower():
        return True
    if sum(ch.isdigit() for ch in value) >= 4:
        return _ALNUM.sub("", value.lower()) in _ALNUM.sub("", sent.lower())
    return False


def kept_parts(value: str, sent: str, rest_of_original: str) -> list[str]:
    """Words of the value (3+ letters, 4+ digits) that the sent text has more often than the
    original had them outside the planted spans."""
    return [t for t in dict.fromkeys(_value_tokens(value)) if _count_word(t, sent) > _count_word(t, rest_of_original)]


def align(text: str, spans: list[dict[str, Any]], sent: str) -> list[str] | None:
    """The replacement of each planted span when `sent` is `text` with only those spans
    replaced (anything, also nothing); None when something else changed."""
    pattern, pos = [], 0
    for s in sorted(spans, key=lambda s: s["start"]):
        pattern.append(re.escape(text[pos:s["start"]]))
        pattern.append("(.*?)")
        pos = s["end"]
    pattern.append(re.escape(text[pos:]))
    m = re.fullmatch("".join(pattern), sent, flags=re.DOTALL)
    return list(m.groups()) if m else None


def planted_result(row: dict[str, Any], got: dict[str, Any] | None) -> dict[str, Any]:
    spans = sorted(row["planted"], key=lambda s: s["start"])
    if got is None:
        return {"id": row["id"], "status": "missing", "values": [], "aligned": False, "extra": []}
    sent = got.get("sent")
    if sent is None:
        values = [{"category": s["category"], "protected": True, "nothing_kept": True, "kept": []} for s in spans]
        return {"id": row["id"], "status": "blocked", "values": values, "aligned": False, "extra": []}
    text = row["text"]
    rest, pos = [], 0
    for s in spans:
        rest.append(text[pos:s["start"]])
        pos = s["end"]
    rest.append(text[pos:])
    rest_of_original = " ".join(rest)
    replacements = align(text, spans, sent)
    values = []
    for i, s in enumerate(spans):
        # aligned: judge the value by its own replacement; else by the whole text sent
        where = replacements[i] if replacements is not None else sent
        kept = kept_parts(s["value"], where, "" if replacements is not None else rest_of_original)
        present = value_present(s["value"], where)
        values.append({"category": s["category"], "protected": not present, "nothing_kept": not present and not kept,
                       "kept": kept, "replacement": replacements[i] if replacements is not None else None})
    extra: list[dict[str, Any]] = []
    if replacements is None:
        base_start, base_end = row.get("base_span", (0, len(text)))
        findings = got.get("findings")
        for c in changed_spans(text, sent):
            if any(c["start"] < s["end"] and s["start"] < max(c["end"], c["start"] + 1) for s in spans):
                continue  # a change that touches a planted value: judged above
            c["where"] = "base" if base_start <= c["start"] and c["end"] <= base_end else "wording"
            c["kind"] = replacement_kind(c["repl"])
            if findings is not None:
                c["finding"] = _covered(c, findings)
            extra.append(c)
    return {"id": row["id"], "status": "scored", "values": values, "aligned": replacements is not None, "extra": extra}


def score_planted(
    rows: list[dict[str, Any]], sent: dict[str, dict[str, Any]], *, show_texts: bool, base_unchanged: set[str] | None = None
) -> dict[str, Any]:
    """`base_unchanged`: ids of the benign prompts that reached the service unchanged (from a
    benign run of the same split), to tell the planted values' effect from the base's own."""
    results = [planted_result(r, sent.get(r["id"])) for r in rows]
    status = Counter(res["status"] for res in results)
    scored = [res for res in results if res["status"] != "missing"]
    per_cat: dict[str, Counter] = defaultdict(Counter)
    for res in scored:
        for v in res["values"]:
            c = per_cat[v["category"]]
            c["n"] += 1
            c["protected"] += v["protected"]
            c["nothing_kept"] += v["nothing_kept"]
    n_values = sum(c["n"] for c in per_cat.values())
    aligned = sum(res["aligned"] for res in scored)
    all_protected = sum(all(v["protected"] for v in res["values"]) for res in scored)
    both = sum(res["aligned"] and all(v["protected"] for v in res["values"]) for res in scored)
    extra_where = Counter(c["where"] for res in scored for c in res["extra"])
    out: dict[str, Any] = {
        "n": len(rows),
        "scored": len(scored),
        "blocked": status["blocked"],
        "missing": status["missing"],
        "values": n_values,
        "protected": sum(c["protected"] for c in per_cat.values()),
        "protected_share": _share(sum(c["protected"] for c in per_cat.values()), n_values),
        "nothing_kept_share": _share(sum(c["nothing_kept"] for c in per_cat.values()), n_values),
        "per_category": {
            cat: {"n": c["n"], "protected_share": _share(c["protected"], c["n"]),
                  "nothing_kept_share": _share(c["nothing_kept"], c["n"])}
            for cat, c in sorted(per_cat.items())
        },
        "prompts_all_values_protected_share": _share(all_protected, len(scored)),
        "otherwise_unchanged": aligned,
        "otherwise_unchanged_share": _share(aligned, len(scored)),
        "protected_and_otherwise_unchanged_share": _share(both, len(scored)),
        "extra_changes_by_place": dict(extra_where),
        "extra_change_kinds": dict(Counter(c["kind"] for res in scored for c in res["extra"]).most_common()),
        "prompts_with_an_extra_change_no_finding_covers": sum(
            any(c.get("finding") is False for c in res["extra"]) for res in scored
        ),
    }
    if base_unchanged is not None:
        base_of = {r["id"]: r.get("base_id") for r in rows}
        mine = [res for res in scored if base_of[res["id"]] in base_unchanged]
        out["base_unchanged"] = len(mine)
        out["otherwise_unchanged_share_where_base_unchanged"] = _share(sum(res["aligned"] for res in mine), len(mine))
    if show_texts:
        by_id = {r["id"]: r for r in rows}
        bad = [res for res in scored if not res["aligned"] or not all(v["protected"] for v in res["values"])]
        out["examples"] = [
            {"id": res["id"], "text": by_id[res["id"]]["text"], "sent": sent[res["id"]]["sent"],
             "leaked": [{"category": v["category"], "value": s["value"], "kept": v["kept"]}
                        for v, s in zip(res["values"], sorted(by_id[res["id"]]["planted"], key=lambda s: s["start"]))
                        if not v["nothing_kept"]],
             "extra_changes": [{k: c[k] for k in ("orig", "repl", "where", "finding") if k in c} for c in res["extra"]]}
            for res in bad[:MAX_EXAMPLES]
        ]
        pairs = Counter((c["orig"], c["repl"]) for res in scored for c in res["extra"])
        out["top_extra_changes"] = [{"orig": o, "repl": r, "count": n} for (o, r), n in pairs.most_common(30)]
    return out


def _share(k: int, n: int) -> float | None:
    return round(k / n, 4) if n else None


# -- inputs ------------------------------------------------------------------------------------


def load_jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def load_sent(path: Path) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for r in load_jsonl(path):
        sent = r["sent"] if "sent" in r else r.get("text")
        out[r["id"]] = {"sent": sent, "findings": r.get("findings")}
    return out


def run_pipeline(
    rows: list[dict[str, Any]], *, progress: bool = True, prose: str = "auto", chat: bool = True
) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """Each prompt through GuardianAgent's pipeline as an OpenAI chat completion request: with
    `chat`, as the first turn of a conversation of its own (the proxy's default, guardian_pseudonyms
    =tags: what the service receives), else with the rule levels' one-off tags."""
    from guardian.anonymize.operators.chat_pseudonym import ChatBook
    from guardian.assemble import assemble
    from guardian.records import HttpRequest, Verdict
    from guardian.settings import Settings
    from guardian.vault.memory import Vault

    t0 = time.perf_counter()
    pipeline = assemble(Settings(policy_db=None, prose=prose))
    build_s = time.perf_counter() - t0
    headers = (("Content-Type", "application/json"), ("Authorization", "Bearer sk-prompt-bench"))
    out: dict[str, dict[str, Any]] = {}
    ms: list[float] = []
    verdicts: Counter = Counter()
    for i, r in enumerate(rows):
        body = json.dumps({"model": "gpt-4o-mini", "messages": [{"role": "user", "content": r["text"]}]}).encode()
        t = time.perf_counter()
        book = ChatBook.of(Vault().conversation(r["id"]), "tags") if chat else None
        outcome = pipeline.decide(HttpRequest("POST", CHAT_URL, headers, body), chat=book)
        ms.append((time.perf_counter() - t) * 1000)
        verdicts[outcome.verdict.value] += 1
        if outcome.verdict is Verdict.DENY:
            sent = None
        elif outcome.rewrite is None or not outcome.rewrite.body:
            sent = r["text"]
        else:
            sent = json.loads(outcome.rewrite.body)["messages"][0]["content"]
        findings = [
            {"start": f["span"][0], "end": f["span"][1], "entity": f["entity"], "category": f["category"],
             "recognizer": f.get("recognizer")}
            for f in outcome.line.get("findings", []) if f.get("field") == CONTENT_FIELD
        ]
        out[r["id"]] = {"sent": sent, "findings": findings}
        if progress and (i + 1) % 50 == 0:
            print(f"  {i + 1}/{len(rows)} prompts", file=sys.stderr)
    run = {
        "build_s": round(build_s, 1),
        "verdicts": dict(verdicts),
        "ms_p50": round(statistics.median(ms), 1) if ms else None,
        "ms_p95": round(sorted(ms)[int(0.95 * (len(ms) - 1))], 1) if ms else None,
    }
    return out, run


# -- output ------------------------------------------------------------------------------------


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def table(name: str, result: dict[str, Any]) -> str:
    lines = []
    if name.startswith("benign"):
        lines.append(f"{'source':<28} {'n':>5} {'unchanged':>10} {'share':>8}")
        for src, s in result["per_source"].items():
            lines.append(f"{src:<28} {s['n']:>5} {s['unchanged']:>10} {_pct(s['unchanged_share']):>8}")
        lines.append(f"{'ALL':<28} {result['scored']:>5} {result['unchanged']:>10} {_pct(result['unchanged_share']):>8}")
        lines.append(f"blocked {result['blocked']}, missing {result['missing']}; changed prompts with a change no finding covers: "
                     f"{result['changed_prompts_with_a_change_no_finding_covers']}")
        kinds = ", ".join(f"{k} {v}" for k, v in list(result["replacement_kinds"].items())[:12])
        lines.append(f"replacements: {kinds or '-'}")
    else:
        lines.append(f"{'category':<18} {'n':>4} {'protected':>10} {'nothing kept':>13}")
        for cat, c in result["per_category"].items():
            lines.append(f"{cat:<18} {c['n']:>4} {_pct(c['protected_share']):>10} {_pct(c['nothing_kept_share']):>13}")
        lines.append(f"{'ALL values':<18} {result['values']:>4} {_pct(result['protected_share']):>10} {_pct(result['nothing_kept_share']):>13}")
        lines.append(f"prompts: {result['scored']}, all values protected {_pct(result['prompts_all_values_protected_share'])}, "
                     f"otherwise unchanged {_pct(result['otherwise_unchanged_share'])}, both {_pct(result['protected_and_otherwise_unchanged_share'])}, "
                     f"blocked {result['blocked']}, missing {result['missing']}")
        if "base_unchanged" in result:
            lines.append(f"where the benign base prompt passes unchanged ({result['base_unchanged']}): otherwise unchanged "
                         f"{_pct(result['otherwise_unchanged_share_where_base_unchanged'])}")
        lines.append(f"changes outside the planted values: {result['extra_changes_by_place'] or '-'}; "
                     f"kinds: {', '.join(f'{k} {v}' for k, v in list(result['extra_change_kinds'].items())[:10]) or '-'}")
    return "\n".join(lines)


def score(
    name: str, rows: list[dict[str, Any]], sent: dict[str, dict[str, Any]], base_unchanged: set[str] | None = None
) -> dict[str, Any]:
    show = name.endswith("_dev")
    if name.startswith("benign"):
        return score_benign(rows, sent, show_texts=show)
    if name.startswith("planted"):
        return score_planted(rows, sent, show_texts=show, base_unchanged=base_unchanged)
    raise SystemExit(f"unknown set {name!r}: benign_dev, benign_test, planted_dev or planted_test")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--set", required=True, help="benign_dev | benign_test | planted_dev | planted_test")
    ap.add_argument("--data", type=Path, default=DATA, help="the folder of the sets (default %(default)s)")
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--pipeline", action="store_true", help="run GuardianAgent's pipeline over the set")
    src.add_argument("--jsonl", type=Path, help='score a file of {"id", "sent"} lines')
    ap.add_argument("--out", type=Path, help="the JSON result (default <data>/results/<set>.json)")
    ap.add_argument("--save-sent", type=Path, help="with --pipeline: write what was sent, as --jsonl reads it")
    ap.add_argument("--limit", type=int, help="only the first N prompts (a quick look)")
    ap.add_argument("--no-chat", action="store_true", help="with --pipeline: the rule levels' tags, no conversation "
                    "(the proxy's default sends the chat's pseudonyms instead)")
    ap.add_argument("--prose", default="auto", choices=("auto", "spacy", "tagger"), help="with --pipeline: the prose model (guardian_prose, default %(default)s)")
    ap.add_argument("--base-sent", type=Path, help="planted sets: a benign run of the same split (--save-sent output), "
                    "to report 'otherwise unchanged' where the base prompt itself passes unchanged")
    args = ap.parse_args(argv)

    rows = load_jsonl(args.data / f"{args.set}.jsonl")
    if args.limit:
        rows = rows[: args.limit]
    run: dict[str, Any] = {}
    if args.pipeline:
        sent, run = run_pipeline(rows, prose=args.prose, chat=not args.no_chat)
        run["prose"] = args.prose
        if args.save_sent:
            args.save_sent.parent.mkdir(parents=True, exist_ok=True)
            with args.save_sent.open("w", encoding="utf-8") as f:
                for r in rows:
                    f.write(json.dumps({"id": r["id"], **sent[r["id"]]}, ensure_ascii=False) + "\n")
    else:
        sent = load_sent(args.jsonl)
    base_unchanged = None
    if args.base_sent and args.set.startswith("planted"):
        benign = {r["id"]: r["text"] for r in load_jsonl(args.data / f"{args.set.replace('planted', 'benign')}.jsonl")}
        base_unchanged = {i for i, got in load_sent(args.base_sent).items() if benign.get(i) is not None and got["sent"] == benign[i]}
    result = {"set": args.set, "input": "pipeline" if args.pipeline else str(args.jsonl), **run,
              **score(args.set, rows, sent, base_unchanged)}
    print(f"== {args.set} ({result['input']}) ==")
    print(table(args.set, result))
    if result.get("examples"):
        print(f"\nexamples (dev only, up to {MAX_EXAMPLES}):")
        for ex in result["examples"]:
            changes = ex.get("changes") or ex.get("extra_changes") or []
            spans = "; ".join(f"{c['orig']!r} -> {c['repl']!r}" for c in changes)
            leaked = "; ".join(f"{v['category']} kept {v['kept'] or v['value']!r}" for v in ex.get("leaked", []))
            print(f"- {ex['id']}: {spans}{' | ' + leaked if leaked else ''}")
    out = args.out or args.data / "results" / f"{args.set}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nwrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
