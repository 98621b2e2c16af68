"""`guardian check`: decide one request, or every request of a browser recording, offline.

The pipeline is built once by `guardian.assemble` from the proxy's own options (`--set`, as for
mitmdump, plus `--rules` / `--trackers`), so what it prints is what the proxy would decide:

    guardian check --url URL [-H 'K: V'] [--body TEXT | --body-file F]   one request: its record
    guardian check --har FILE [--jsonl]                                  a HAR recording: per host
                                                                         summary, or one record per
                                                                         request (no raw values)

Users preview a site before browsing through the proxy; `lab/bench/real_traffic.py` measures with it.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from guardian.errors import GuardianError

if TYPE_CHECKING:
    from guardian.har import HarEntry
    from guardian.pipeline import Pipeline
    from guardian.session import Session
    from guardian.settings import Settings

__all__ = ["register", "check_settings", "har_records", "host_summary"]


def _parse_header(text: str) -> tuple[str, str]:
    name, sep, value = text.partition(":")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"a header is 'Name: value', not {text!r}")
    return name.strip(), value.strip()


def _body_for_humans(body: bytes, headers: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """The rewritten body as text when it decodes, else base64; decoded from its Content-Encoding."""
    from guardian.codecs.content_encoding import decode_body, parse_codings

    encoding = next((v for k, v in headers if k.lower() == "content-encoding"), "identity")
    try:
        plain, _ = decode_body(body, parse_codings(encoding), max_bytes=64 * 1024 * 1024)
    except GuardianError:
        plain = body
    try:
        return {"text": plain.decode("utf-8"), "content_encoding": encoding}
    except UnicodeDecodeError:
        return {"base64": base64.b64encode(plain).decode("ascii"), "content_encoding": encoding}


def check_settings(args: argparse.Namespace) -> Settings:
    """The settings `guardian check` runs with: `--set` values, then `--rules` / `--trackers`."""
    from guardian.settings import Settings, parse_set

    values = parse_set(args.set)
    if args.rules:
        values["guardian_rules"] = args.rules
    if args.trackers:
        values["guardian_trackers"] = ",".join(args.trackers)
    return Settings.from_values(values)


def _one(args: argparse.Namespace, pipeline: Pipeline) -> int:
    from guardian.records import HttpRequest

    if not args.url:
        raise GuardianError("give --url (one request) or --har FILE (a recording)")
    if args.body_file is not None:
        body = sys.stdin.buffer.read() if args.body_file == "-" else Path(args.body_file).read_bytes()
    else:
        body = (args.body or "").encode("utf-8")
    headers = list(args.header)
    if body and not any(k.lower() == "content-type" for k, _ in headers):
        headers.append(("Content-Type", "application/json" if body.lstrip()[:1] in (b"{", b"[") else "text/plain"))
    request = HttpRequest(method=args.method.upper(), url=args.url, headers=tuple(headers), body=body)
    outcome = pipeline.decide(request)  # the proxy's decision, in full (System 2 and escalation included)
    record = dict(outcome.line)
    if outcome.rewrite is not None:
        record["rewritten"] = {"url": outcome.rewrite.url, "body": _body_for_humans(outcome.rewrite.body, headers)}
        if outcome.rewrite.headers:  # the headers a transform sets (Cookie, one that held an address)
            record["rewritten"]["headers"] = [list(pair) for pair in outcome.rewrite.headers]
    json.dump(record, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def har_records(pipeline: Pipeline, path: Path, *, progress: bool = False) -> list[dict[str, Any]]:
    """One record per entry of a HAR file (the proxy's decision record, plus `har`); errors named."""
    from guardian.har import HarError, read_har
    from guardian.session import DEFAULT_USER, Session

    entries, note = read_har(path)
    if note:
        print(f"guardian: {note}", file=sys.stderr)
    inferred = sum(1 for e in entries if not isinstance(e, HarError) and e.inferred)
    if inferred:  # an old recording without Fetch Metadata: say what was filled in from its pages
        print(f"guardian: {path.name}: no Sec-Fetch-Dest on {inferred} page or frame document load(s); "
              "inferred from the recording's pages (har.inferred in their records)", file=sys.stderr)
    bar = None
    if progress and entries:
        from tqdm import tqdm

        bar = tqdm(total=len(entries), desc=path.name, unit="req", file=sys.stderr, leave=False)
    out: list[dict[str, Any]] = []
    session = Session(DEFAULT_USER)  # one recording, one browsing session: frames and ids carry over
    for item in entries:
        if isinstance(item, HarError):
            print(f"guardian: {path.name}: {item.message}; decided the others", file=sys.stderr)
            out.append({"har": {"file": path.name, "entry": item.index, "resource": None}, "error": item.message})
        else:
            out.append(_decide_entry(pipeline, session, path, item))
        if bar is not None:
            bar.update(1)
    if bar is not None:
        bar.close()
    return out


def _decide_entry(pipeline: Pipeline, session: Session, path: Path, entry: HarEntry) -> dict[str, Any]:
    try:
        outcome = pipeline.decide(entry.request, session)
        session.apply(outcome.changes)
        record = dict(outcome.line)
    except Exception as e:  # noqa: BLE001 - one entry's failure is reported, the others decided
        message = f"entry {entry.index}: the pipeline failed ({type(e).__name__})"
        print(f"guardian: {path.name}: {message}", file=sys.stderr)
        record = {"method": entry.request.method, "host": entry.request.host, "error": message}
    record["har"] = {"file": path.name, "entry": entry.index, "resource": entry.resource}
    if entry.inferred:
        record["har"]["inferred"] = list(entry.inferred)
    return record


def host_summary(records: Sequence[dict[str, Any]], out: TextIO) -> None:
    """Per host: requests, allow / transform / deny, and what was found by category and field kind."""
    by_host: dict[str, Counter[str]] = defaultdict(Counter)
    found: dict[str, Counter[str]] = defaultdict(Counter)
    for r in records:
        host = str(r.get("host") or "(unreadable entry)")
        by_host[host]["requests"] += 1
        by_host[host][str(r.get("decision") or "error")] += 1
        for f in r.get("findings") or ():
            kind = f.get("kind")
            found[host][f"{f.get('category')}" + (f" ({kind})" if kind else "")] += 1
    totals: Counter[str] = Counter()
    for c in by_host.values():
        totals.update(c)
    out.write(f"{'host':<44} {'reqs':>5} {'allow':>6} {'xform':>6} {'deny':>5} {'err':>4}  found\n")
    order = sorted(by_host, key=lambda h: (-(by_host[h]["transform"] + by_host[h]["deny"]), -by_host[h]["requests"], h))
    for host in order:
        c = by_host[host]
        what = ", ".join(f"{k} x{n}" for k, n in found[host].most_common(4))
        out.write(f"{host[:44]:<44} {c['requests']:>5} {c['allow']:>6} {c['transform']:>6} {c['deny']:>5} {c['error']:>4}  {what}\n")
    touched = totals["transform"] + totals["deny"]
    share = f"{100 * touched / totals['requests']:.1f}%" if totals["requests"] else "-"
    out.write(
        f"\n{totals['requests']} requests to {len(by_host)} hosts: allow {totals['allow']}, transform "
        f"{totals['transform']}, deny {totals['deny']}, errors {totals['error']} (touched {share})\n"
    )


def _har(args: argparse.Namespace, pipeline: Pipeline) -> int:
    records = har_records(pipeline, Path(args.har), progress=not args.no_progress)
    if args.jsonl:
        for r in records:
            sys.stdout.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
    else:
        host_summary(records, sys.stdout)
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    from guardian.engine import Engine

    settings = check_settings(args)
    engine = Engine()  # the proxy's: the same settings build the same pipeline
    try:
        engine.configure(settings, sessions=False)
        pipeline = engine.pipeline
        assert pipeline is not None
        return _har(args, pipeline) if args.har else _one(args, pipeline)
    finally:
        engine.close()
        # a model still loading in the background when the interpreter shuts down fails inside
        # torch's own thread pool (which takes no work once shutdown began): let it finish first
        from guardian.assemble import WARM_JOIN_AT_EXIT_S, wait_warm

        wait_warm(WARM_JOIN_AT_EXIT_S)


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`guardian check`."""
    check = sub.add_parser(
        "check",
        help="decide one request, or every request of a HAR recording, offline",
        description="Decide requests offline (no proxy) with the same pipeline, built by the same assembly as "
        "the proxy's: one request (--url) prints its decision record, the one the proxy writes (timings aside; "
        "value hashes match with the same guardian_audit key), with the rewritten URL, body and headers "
        "for a transform; a browser recording (--har) prints a summary per host, or one record per request "
        "(--jsonl). Records hold no raw values.",
    )
    check.add_argument("--url", help="the request URL, e.g. https://tracker.example/collect")
    check.add_argument("--har", metavar="FILE", help="decide every request of this HAR recording instead")
    check.add_argument("--jsonl", action="store_true", help="with --har: one JSON record per request on stdout")
    check.add_argument("--no-progress", action="store_true", help="with --har: no progress bar on stderr")
    check.add_argument("--method", default="POST", help="HTTP method (default POST)")
    check.add_argument(
        "--header", "-H", action="append", default=[], type=_parse_header, metavar="'K: V'", help="a request header; repeatable"
    )
    body = check.add_mutually_exclusive_group()
    body.add_argument("--body", help="the request body as a string")
    body.add_argument("--body-file", help="read the body from a file ('-' for stdin)")
    check.add_argument("--rules", help="YAML rules file (default: built-in rules)")
    check.add_argument(
        "--trackers",
        action="append",
        metavar="PATH",
        help="tracker list file or directory (Disconnect, DuckDuckGo TDS); repeatable or comma-separated",
    )
    check.add_argument(
        "--set", action="append", default=[], metavar="NAME=VALUE",
        help="a proxy option, as for mitmdump (e.g. guardian_llm=URL, guardian_policy_db=off); repeatable",
    )
    check.set_defaults(func=_cmd_check)
