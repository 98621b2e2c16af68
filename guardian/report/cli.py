"""`guardian report`: the audit log summed up as text, JSON or one HTML page."""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

__all__ = ["register"]


def _default_audit() -> str:
    return os.environ.get("GUARDIAN_AUDIT") or str(Path(".cache") / "audit.jsonl")


def _cmd_report(args: argparse.Namespace) -> int:
    from guardian.report.html import render_html
    from guardian.report.summary import format_text, load_records, parse_since, summarise

    path = Path(args.audit or _default_audit())
    since = parse_since(args.since) if args.since else None
    summary = summarise(load_records(path, events=True), since=since)
    if args.json:
        json.dump(summary.as_dict(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_text(summary, source=str(path), limit=args.top))
    if args.html:
        page = render_html(summary, source=str(path), generated=datetime.now(timezone.utc))
        Path(args.html).write_text(page, encoding="utf-8")
        print(f"wrote {args.html}", file=sys.stderr)
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`guardian report`."""
    p = sub.add_parser(
        "report",
        help="summarise an audit log: decisions by site, recipient and category, latency",
        description="Summarise a GuardianAgent audit log (JSONL): flows, allow/transform/deny by site and "
        "recipient type, top data categories, p50/p95 added latency, mode and errors. "
        "Only the log is read, and no personal data is shown.",
    )
    p.add_argument("audit", nargs="?", help="the audit log (default: $GUARDIAN_AUDIT, else .cache/audit.jsonl)")
    p.add_argument("--since", help="only records from then on: an ISO date/time or an age such as 30m, 24h, 7d")
    p.add_argument("--html", metavar="FILE", help="also write one self-contained HTML page with charts to FILE")
    p.add_argument("--json", action="store_true", help="print the summary as JSON instead of text")
    p.add_argument("--top", type=int, default=15, help="rows per table in the text report (default 15)")
    p.set_defaults(func=_cmd_report)
