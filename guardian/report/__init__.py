"""Reports over the audit log: `guardian report AUDIT.jsonl [--since ...] [--html FILE]`."""

from __future__ import annotations

from guardian.report.cli import register
from guardian.report.html import render_html
from guardian.report.summary import Summary, format_text, load_records, parse_since, percentile, summarise

__all__ = ["Summary", "format_text", "load_records", "parse_since", "percentile", "register", "render_html", "summarise"]
