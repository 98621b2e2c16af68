"""What GuardianAgent does to real browser traffic: every request of a folder of HAR recordings.

    .venv/bin/python lab/bench/real_traffic.py FOLDER [--labels FILE] [--rules FILE] [--out JSON]

Each ``*.har`` in FOLDER is decided by ``guardian check --har FILE --jsonl`` (the proxy's own
pipeline, offline), and the records are summed up:

- requests, allowed / transformed / denied, touched share (transform + deny);
- touched by resource type, and the **breakage candidates**: touched loads of a script, style,
  font, document, iframe or image (what a page may need to render or work);
- by recipient type, and the hosts touched most;
- with ``--leaks``: every transformed request is decided again and its rewrite checked for the
  originals it was meant to remove: a finding's value (6 characters or more) or its MD5, SHA-1 or
  SHA-256 hex digest still in the rewritten URL or body counts as a leak (the values are only
  compared in memory, never printed);
- with ``--labels`` (JSONL lines ``{"file", "entry", "user_data": bool, "what"}``, labelled by
  the rule in the corpus's LABELS.md): **precision**, touched requests labelled as carrying the
  user's data or identifiers over touched requests that are labelled, the touched requests
  labelled "no user data" (file, entry, host, resource, categories: what to fix), and the
  labelled allowed requests that do carry user data (misses).

The resource type is the record's (Sec-Fetch-Dest, else the HAR's ``_resourceType``); older
recordings have neither, so it is then inferred from the response's mime type, and the report
says for how many. Records hold no raw values; nothing here prints any.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from guardian.cli import main as guardian_main  # noqa: E402

TOUCHED = ("transform", "deny")
RESOURCE_ORDER = ("script", "style", "font", "image", "document", "iframe", "xhr/fetch/empty", "other")
BREAKAGE = frozenset({"script", "style", "font", "document", "iframe", "image"})
_RESOURCE = {  # Sec-Fetch-Dest values and Chrome's _resourceType names
    "script": "script", "style": "style", "stylesheet": "style", "font": "font", "image": "image",
    "imageset": "image", "document": "document", "iframe": "iframe", "frame": "iframe",
    "empty": "xhr/fetch/empty", "xhr": "xhr/fetch/empty", "fetch": "xhr/fetch/empty",
    "ping": "xhr/fetch/empty", "beacon": "xhr/fetch/empty", "eventsource": "xhr/fetch/empty",
}


def resource_class(recorded: str | None, mime: str) -> tuple[str, bool]:
    """The resource class of a request, and whether it was inferred from the response mime type."""
    if recorded:
        return _RESOURCE.get(recorded.lower(), "other"), False
    m = mime.lower()
    for needle, cls in (("javascript", "script"), ("ecmascript", "script"), ("css", "style"), ("font", "font"),
                        ("woff", "font"), ("image/", "image"), ("html", "document"), ("json", "xhr/fetch/empty"),
                        ("xml", "xhr/fetch/empty"), ("text/plain", "xhr/fetch/empty")):
        if needle in m:
            return cls, True
    return "other", True


def response_mimes(path: Path) -> list[str]:
    """The response mime type of every entry of a HAR file ('' where it has none)."""
    try:
        entries = json.loads(path.read_text("utf-8", errors="replace"))["log"]["entries"]
    except (ValueError, KeyError, TypeError):
        return []
    return [str(((e.get("response") or {}).get("content") or {}).get("mimeType") or "") if isinstance(e, dict) else ""
            for e in entries]


def decide_file(path: Path, rules: str | None, trackers: str | None = None) -> list[dict[str, Any]]:
    """`guardian check --har PATH --jsonl` as records, run in this process."""
    argv = ["check", "--har", str(path), "--jsonl", "--no-progress"] + (["--rules", rules] if rules else [])
    argv += ["--trackers", trackers] if trackers else []
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = guardian_main(argv)
    if code != 0:
        print(f"real_traffic: guardian check failed on {path.name} (exit {code})", file=sys.stderr)
    return [json.loads(line) for line in out.getvalue().splitlines() if line.strip()]


def third_party(r: dict[str, Any]) -> bool:
    """Sent to another site than the page's (by the record's first-party and destination sites)."""
    ctx = r.get("context") or {}
    first, dest = ctx.get("first_party_site"), ctx.get("destination_site")
    return bool(first and dest and first != dest)


def carries_data(r: dict[str, Any]) -> bool:
    """A query string or a body: what the allowed-request label sample is drawn from."""
    payload = r.get("payload") or {}
    return bool(payload.get("fields") or payload.get("body_bytes"))


def load_labels(path: Path) -> dict[tuple[str, int], dict[str, Any]]:
    """Hand labels by (HAR file name, entry index)."""
    labels: dict[tuple[str, int], dict[str, Any]] = {}
    for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if line.strip():
            try:
                d = json.loads(line)
                labels[(str(d["file"]), int(d["entry"]))] = d
            except (ValueError, KeyError, TypeError) as e:
                print(f"real_traffic: {path.name}:{n}: not a label ({e})", file=sys.stderr)
    return labels


def pct(n: int, d: int) -> str:
    """n of d as a percentage, '-' when d is 0."""
    return f"{100 * n / d:.1f}%" if d else "-"


def summarize(records: Sequence[dict[str, Any]], labels: dict[tuple[str, int], dict[str, Any]] | None) -> dict[str, Any]:
    decisions = Counter(str(r.get("decision") or "error") for r in records)
    total, touched = len(records), [r for r in records if r.get("decision") in TOUCHED]
    by_res: dict[str, Counter[str]] = {c: Counter() for c in RESOURCE_ORDER}
    by_recipient: dict[str, Counter[str]] = {}
    hosts: Counter[str] = Counter()
    for r in records:
        res = r["_class"]
        by_res[res]["requests"] += 1
        rec = by_recipient.setdefault(str(r.get("recipient") or "(none)"), Counter())
        rec["requests"] += 1
        if r.get("decision") in TOUCHED:
            by_res[res][r["decision"]] += 1
            rec[r["decision"]] += 1
            hosts[str(r.get("host"))] += 1
    breakage = [r for r in touched if r["_class"] in BREAKAGE]
    report: dict[str, Any] = {
        "files": len({r["har"]["file"] for r in records}), "requests": total,
        "allow": decisions["allow"], "transform": decisions["transform"], "deny": decisions["deny"],
        "errors": decisions["error"], "touched": len(touched), "touched_share": len(touched) / total if total else 0.0,
        "resource_inferred_from_mime": sum(1 for r in records if r["_inferred"]),
        "by_resource": {k: dict(v) for k, v in by_res.items()},
        "breakage_candidates": len(breakage),
        "breakage_denied": len([r for r in breakage if r.get("decision") == "deny"]),
        "breakage_list": [{"file": r["har"]["file"], "entry": r["har"]["entry"], "host": r.get("host"),
                           "resource": r["_class"], "decision": r.get("decision")} for r in breakage],
        "breakage_by_resource": dict(Counter(r["_class"] for r in breakage)),
        "by_recipient": {k: dict(v) for k, v in sorted(by_recipient.items(), key=lambda kv: -kv[1]["requests"])},
        "top_hosts_touched": hosts.most_common(15),
        "allowed_third_party_with_data": sum(
            1 for r in records if r.get("decision") == "allow" and third_party(r) and carries_data(r)),
    }
    if labels is not None:
        def lab(r: dict[str, Any]) -> dict[str, Any] | None:
            return labels.get((r["har"]["file"], int(r["har"]["entry"])))

        labelled = [r for r in touched if lab(r) is not None]
        true_pos = [r for r in labelled if lab(r)["user_data"]]  # type: ignore[index]
        allowed = [r for r in records if r.get("decision") == "allow" and lab(r) is not None]
        report["labels"] = {
            "touched_labelled": len(labelled), "touched_unlabelled": len(touched) - len(labelled),
            "touched_with_user_data": len(true_pos),
            "precision": len(true_pos) / len(labelled) if labelled else None,
            "false_positives": [_row(r, lab(r)) for r in labelled if not lab(r)["user_data"]],  # type: ignore[index]
            "allowed_labelled": len(allowed),
            "misses": [_row(r, lab(r)) for r in allowed if lab(r)["user_data"]],  # type: ignore[index]
        }
        # a second measure: of the allowed third-party requests with parameters, the share
        # that still carries a persistent id (labels with "persistent_id": true)
        pool = [r for r in records if r.get("decision") == "allow" and third_party(r) and carries_data(r)]
        with_id = [r for r in pool if (lab(r) or {}).get("persistent_id")]
        report["labels"]["allowed_third_party_with_persistent_id"] = len(with_id)
        report["labels"]["allowed_third_party_id_share"] = len(with_id) / len(pool) if pool else None
    return report


def _row(r: dict[str, Any], label: dict[str, Any] | None) -> dict[str, Any]:
    return {"file": r["har"]["file"], "entry": r["har"]["entry"], "host": r.get("host"), "resource": r["_class"],
            "decision": r.get("decision"), "categories": r.get("categories") or [],
            "what": (label or {}).get("what", "")}


def print_report(rep: dict[str, Any], out: Any = sys.stdout) -> None:
    w = out.write
    n = rep["requests"]
    w(f"{rep['files']} files, {n} requests: allow {rep['allow']}, transform {rep['transform']}, deny {rep['deny']}, "
      f"errors {rep['errors']}; touched {rep['touched']} ({pct(rep['touched'], n)})\n")
    w(f"\nby resource type (inferred from the response mime type for {rep['resource_inferred_from_mime']} requests)\n")
    w(f"  {'resource':<16} {'reqs':>6} {'xform':>6} {'deny':>6} {'touched':>8}\n")
    for res, c in rep["by_resource"].items():
        t = c.get("transform", 0) + c.get("deny", 0)
        w(f"  {res:<16} {c.get('requests', 0):>6} {c.get('transform', 0):>6} {c.get('deny', 0):>6} {pct(t, c.get('requests', 0)):>8}\n")
    parts = ", ".join(f"{k} {v}" for k, v in sorted(rep["breakage_by_resource"].items(), key=lambda kv: -kv[1]))
    w(f"  blocked loads (denied script/style/font/document/iframe/image: what can break a page): {rep['breakage_denied']}\n")
    for b in rep["breakage_list"]:
        w(f"    {b['decision']:<9} {b['resource']:<7} {b['host']}  ({b['file']} #{b['entry']})\n")
    w(f"  breakage candidates (touched script/style/font/document/iframe/image): {rep['breakage_candidates']}"
      f"{' (' + parts + ')' if parts else ''}\n")
    w(f"\nby recipient type\n  {'recipient':<22} {'reqs':>6} {'xform':>6} {'deny':>6}\n")
    for rec, c in rep["by_recipient"].items():
        w(f"  {rec:<22} {c.get('requests', 0):>6} {c.get('transform', 0):>6} {c.get('deny', 0):>6}\n")
    w(f"  allowed third-party requests with a query or body (the miss-label pool): "
      f"{rep['allowed_third_party_with_data']}\n")
    w("\ntop hosts touched\n")
    for host, k in rep["top_hosts_touched"]:
        w(f"  {k:>5}  {host}\n")
    lab = rep.get("labels")
    if lab is None:
        return
    share = lab.get("allowed_third_party_id_share")
    if share is not None:
        w(f"allowed third-party requests with parameters that still carry a persistent id (labels): "
          f"{lab['allowed_third_party_with_persistent_id']} of {rep['allowed_third_party_with_data']} ({100 * share:.1f}%)\n")
    prec = "-" if lab["precision"] is None else f"{100 * lab['precision']:.1f}%"
    w(f"\nlabels: precision {prec} ({lab['touched_with_user_data']} of {lab['touched_labelled']} labelled touched "
      f"requests carry user data; {lab['touched_unlabelled']} touched unlabelled)\n")
    w(f"touched but labelled 'no user data' ({len(lab['false_positives'])}):\n")
    for row in lab["false_positives"]:
        w(f"  {row['file']} #{row['entry']} {row['decision']} {row['host']} [{row['resource']}] "
          f"{','.join(row['categories'])}: {row['what']}\n")
    w(f"allowed but labelled as carrying user data ({len(lab['misses'])} of {lab['allowed_labelled']} labelled allowed):\n")
    for row in lab["misses"]:
        w(f"  {row['file']} #{row['entry']} {row['host']} [{row['resource']}] {','.join(row['categories'])}: {row['what']}\n")


def collect(folder: Path, rules: str | None, trackers: str | None = None) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for path in sorted(folder.glob("*.har")):
        mimes = response_mimes(path)
        for r in decide_file(path, rules, trackers):
            idx = int(r["har"]["entry"])
            r["_class"], r["_inferred"] = resource_class(r["har"].get("resource"), mimes[idx] if idx < len(mimes) else "")
            records.append(r)
    return records


def leak_check(folder: Path, trackers: str | None = None) -> dict[str, Any]:
    """Transformed requests whose rewrite still carries an original value or its hex digest."""
    import hashlib

    from guardian.assemble import assemble
    from guardian.codecs import decode_request
    from guardian.har import HarEntry, read_har
    from guardian.records import HttpRequest
    from guardian.session import DEFAULT_USER, Session
    from guardian.settings import Settings

    pipeline = assemble(Settings.from_values({"guardian_policy_db": "off", "guardian_trackers": trackers}))
    checked = 0
    leaks: list[dict[str, Any]] = []
    for path in sorted(folder.glob("*.har")):
        entries, _ = read_har(path)
        session = Session(DEFAULT_USER)  # one recording, one browsing session (as guardian check)
        for entry in entries:
            if not isinstance(entry, HarEntry):
                continue
            outcome = pipeline.decide(entry.request, session)
            session.apply(outcome.changes)
            if outcome.rewrite is None:
                continue
            checked += 1
            fields = decode_request(entry.request).by_path()
            replaced = {name.lower() for name, _ in outcome.rewrite.headers}
            headers = tuple(h for h in entry.request.headers if h[0].lower() not in replaced) + outcome.rewrite.headers
            sent_request = HttpRequest(entry.request.method, outcome.rewrite.url, headers, outcome.rewrite.body)
            # the URL, the headers the rewrite set and every value the rewritten request carries
            # (a Referer the rewrite leaves alone is the browser's, not something it rewrote)
            sent = "\n".join([outcome.rewrite.url, *(v for _, v in outcome.rewrite.headers),
                              *(f.value for f in decode_request(sent_request).fields)])
            sent_lower = sent.lower()
            for f in outcome.line["findings"]:
                item = fields.get(f["field"])
                if item is None:
                    continue
                value = item.value[f["span"][0]:f["span"][1]]
                if len(value) < 6:
                    continue
                data = value.encode("utf-8", "surrogatepass")
                forms = [value] + [h(data).hexdigest() for h in (hashlib.md5, hashlib.sha1, hashlib.sha256)]
                if value in sent or any(d in sent_lower for d in forms[1:]):
                    leaks.append({"file": path.name, "entry": entry.index, "host": entry.request.host,
                                  "field": f["field"], "category": f["category"]})
    return {"transformed_checked": checked, "leaks": leaks}


def main(argv: Iterable[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path, help="a folder of *.har recordings")
    ap.add_argument("--labels", type=Path, help="hand labels, JSONL {file, entry, user_data, what}")
    ap.add_argument("--rules", help="YAML rules file for guardian check (default: built-in rules)")
    ap.add_argument("--out", type=Path, help="write the report as JSON here")
    ap.add_argument("--trackers", help="tracker list files or folders, as guardian check --trackers (default: the built-in map)")
    ap.add_argument("--leaks", action="store_true", help="check every rewrite for originals left in it (decides again)")
    args = ap.parse_args(list(argv) if argv is not None else None)
    if not args.folder.is_dir() or not any(args.folder.glob("*.har")):
        print(f"real_traffic: no *.har in {args.folder}", file=sys.stderr)
        return 2
    records = collect(args.folder, args.rules, args.trackers)
    report = summarize(records, load_labels(args.labels) if args.labels else None)
    print_report(report)
    if args.leaks:
        report["leaks"] = leak_check(args.folder, args.trackers)
        found = report["leaks"]["leaks"]
        print(f"\nleak check: {report['leaks']['transformed_checked']} rewritten requests, "
              f"{len(found)} findings whose original or its digest is still in the rewrite")
        for leak in found:
            print(f"  {leak['file']} #{leak['entry']} {leak['host']} {leak['field']} ({leak['category']})")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
