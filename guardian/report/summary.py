"""Read an audit log and sum it up: decisions by site, recipient type and category, latency.

Only fields that the audit log itself keeps free of personal data are read: host names,
decisions, recipient types, categories, timestamps, modes, errors and milliseconds. Paths,
findings and hashes are never copied into a report.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from guardian.errors import ConfigError

__all__ = ["DECISIONS", "Summary", "load_records", "parse_since", "percentile", "summarise", "format_text"]

DECISIONS = ("allow", "transform", "deny")
EVENTS = ("restore",)  # audit lines that are not decisions: an AI answer restored (guardian/addon/restore.py)
AI_COUNTS = ("pseudonymized", "restored")  # per service: values, never the values themselves
_RELATIVE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$", re.I)
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


def parse_since(text: str, now: datetime | None = None) -> datetime:
    """`--since`: an ISO date or time (UTC unless it says otherwise) or an age like 30m, 24h, 7d."""
    now = now or datetime.now(timezone.utc)
    m = _RELATIVE.match(text)
    if m:
        return now - timedelta(**{_UNITS[m.group(2).lower()]: float(m.group(1))})
    try:
        when = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise ConfigError(f"--since {text!r}: give an ISO date/time (2026-11-01, 2026-11-01T09:30) or an age (30m, 24h, 7d)") from None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def _timestamp(record: dict[str, Any]) -> datetime | None:
    ts = record.get("ts")
    if not isinstance(ts, str):
        return None
    try:
        when = datetime.fromisoformat(ts.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def load_records(path: str | Path, *, events: bool = False) -> Iterator[dict[str, Any]]:
    """The decision records of an audit log; lines that are not JSON objects are skipped. With
    `events`, the lines of later events of a flow too (`"event": "restore"`: an answer restored)."""
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            line = line.strip()
            if not line:
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(record, dict) and ("decision" in record or (events and record.get("event") in EVENTS)):
                yield record


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (q in 0..100) of `values`; None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def _site(host: str) -> str:
    from guardian.context.site import registrable_domain

    try:
        return registrable_domain(host) or host
    except Exception:  # noqa: BLE001 - a report must not die on one odd host name
        return host


def _recipient(record: dict[str, Any]) -> str:
    if record.get("recipient"):
        return str(record["recipient"])
    if record.get("error"):
        return "(pipeline error)"
    if record.get("rule"):
        return "(decided by rule)"
    return "(unknown)"


@dataclass
class Summary:
    """Counts over the selected records; every table is (name -> decision -> count)."""

    flows: int = 0
    skipped_undated: int = 0
    first: datetime | None = None
    last: datetime | None = None
    decisions: Counter[str] = field(default_factory=Counter)
    enforced: int = 0
    by_site: dict[str, Counter[str]] = field(default_factory=dict)
    by_first_party: dict[str, Counter[str]] = field(default_factory=dict)
    by_recipient: dict[str, Counter[str]] = field(default_factory=dict)
    by_basis: dict[str, Counter[str]] = field(default_factory=dict)
    categories: Counter[str] = field(default_factory=Counter)
    category_decisions: dict[str, Counter[str]] = field(default_factory=dict)
    modes: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    rules: Counter[str] = field(default_factory=Counter)
    levels: Counter[int] = field(default_factory=Counter)
    latency_ms: list[float] = field(default_factory=list)
    timeline: list[tuple[datetime, str]] = field(default_factory=list)
    ai_chats: dict[str, Counter[str]] = field(default_factory=dict)  # site -> pseudonymized / restored counts

    def p(self, q: float) -> float | None:
        return percentile(self.latency_ms, q)

    def as_dict(self) -> dict[str, Any]:
        """The summary as plain JSON-able data (`guardian report --json`)."""

        def table(t: dict[str, Counter[str]]) -> dict[str, dict[str, int]]:
            return {k: dict(v) for k, v in sorted(t.items(), key=lambda kv: -sum(kv[1].values()))}

        return {
            "flows": self.flows,
            "from": self.first.isoformat() if self.first else None,
            "to": self.last.isoformat() if self.last else None,
            "decisions": {d: self.decisions.get(d, 0) for d in DECISIONS},
            "enforced": self.enforced,
            "by_site": table(self.by_site),
            "by_first_party": table(self.by_first_party),
            "by_recipient": table(self.by_recipient),
            "by_basis": table(self.by_basis),
            "categories": dict(self.categories.most_common()),
            "modes": dict(self.modes),
            "errors": dict(self.errors),
            "rules": dict(self.rules.most_common()),
            "levels": {str(k): v for k, v in sorted(self.levels.items())},
            "latency_ms": {"p50": self.p(50), "p95": self.p(95), "max": max(self.latency_ms, default=None)},
            "skipped_undated": self.skipped_undated,
            "ai_chats": {k: {c: v.get(c, 0) for c in AI_COUNTS} for k, v in sorted(self.ai_chats.items())},
        }


def _bump(table: dict[str, Counter[str]], key: str, decision: str) -> None:
    table.setdefault(key, Counter())[decision] += 1


def summarise(records: Iterable[dict[str, Any]], since: datetime | None = None) -> Summary:
    """Sum up `records`; with `since`, only those at or after it (undated ones are left out)."""
    s = Summary()
    for r in records:
        when = _timestamp(r)
        if since is not None and (when is None or when < since):
            s.skipped_undated += when is None
            continue
        if r.get("event") == "restore":  # not a flow: an answer of one, restored
            s.ai_chats.setdefault(_site(str(r.get("host") or "(no host)")), Counter())["restored"] += int(r.get("restored") or 0)
            continue
        pseudonyms = r.get("pseudonyms")
        if isinstance(pseudonyms, dict) and pseudonyms.get("pseudonymized"):
            s.ai_chats.setdefault(_site(str(r.get("host") or "(no host)")), Counter())["pseudonymized"] += int(pseudonyms["pseudonymized"])
        decision = str(r.get("decision"))
        s.flows += 1
        s.decisions[decision] += 1
        s.enforced += bool(r.get("enforced"))
        host = str(r.get("host") or "(no host)")
        context = r.get("context") or {}
        _bump(s.by_site, _site(host), decision)
        _bump(s.by_first_party, str(context.get("first_party_site") or "(none)"), decision)
        _bump(s.by_recipient, _recipient(r), decision)
        _bump(s.by_basis, str(r.get("basis") or "(none)"), decision)
        for category in r.get("categories") or []:
            s.categories[category] += 1
            _bump(s.category_decisions, category, decision)
        s.modes[str(r.get("mode") or "enforce")] += 1
        error = r.get("error")
        if isinstance(error, dict):
            s.errors["timeout" if error.get("timeout") else str(error.get("type") or "error")] += 1
        if r.get("rule"):
            s.rules[str(r["rule"])] += 1
        if decision == "transform":
            s.levels[int(r.get("l_final") or 0)] += 1
        ms = r.get("ms")
        total = ms.get("total") if isinstance(ms, dict) else None
        if isinstance(total, (int, float)):
            s.latency_ms.append(float(total))
        if when is not None:
            s.first = when if s.first is None or when < s.first else s.first
            s.last = when if s.last is None or when > s.last else s.last
            s.timeline.append((when, decision))
    return s


def _fmt_ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f} ms"


def _rows(table: dict[str, Counter[str]], limit: int) -> list[str]:
    items = sorted(table.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))
    width = max((len(k) for k, _ in items[:limit]), default=4)
    out = [f"  {'':<{width}}  {'flows':>6} {'allow':>6} {'transf':>6} {'deny':>6}"]
    for name, counts in items[:limit]:
        out.append(
            f"  {name:<{width}}  {sum(counts.values()):>6} "
            + " ".join(f"{counts.get(d, 0):>6}" for d in DECISIONS)
        )
    if len(items) > limit:
        out.append(f"  ... and {len(items) - limit} more")
    return out


def format_text(s: Summary, *, source: str = "", limit: int = 15) -> str:
    """The summary as plain text for a terminal."""
    lines = [f"GuardianAgent report{f' for {source}' if source else ''}"]
    if s.first and s.last:
        lines.append(f"period: {s.first.isoformat(timespec='seconds')} .. {s.last.isoformat(timespec='seconds')}")
    if s.flows == 0:
        lines.append("no decisions in the selected period")
        return "\n".join(lines) + "\n"
    pct = {d: 100 * s.decisions.get(d, 0) / s.flows for d in DECISIONS}
    lines.append(
        f"flows: {s.flows}   allow {s.decisions.get('allow', 0)} ({pct['allow']:.0f}%)   "
        f"transform {s.decisions.get('transform', 0)} ({pct['transform']:.0f}%)   "
        f"deny {s.decisions.get('deny', 0)} ({pct['deny']:.0f}%)   enforced {s.enforced}"
    )
    lines.append(
        f"added latency: p50 {_fmt_ms(s.p(50))}, p95 {_fmt_ms(s.p(95))}, max {_fmt_ms(max(s.latency_ms, default=None))}"
    )
    lines.append("mode: " + ", ".join(f"{k} {v}" for k, v in s.modes.most_common()))
    lines.append("errors: " + (", ".join(f"{k} {v}" for k, v in s.errors.most_common()) or "none"))
    if s.skipped_undated:
        lines.append(f"({s.skipped_undated} records without a timestamp left out by --since)")
    lines += ["", "by destination site:", *_rows(s.by_site, limit)]
    lines += ["", "by recipient type:", *_rows(s.by_recipient, limit)]
    lines += ["", "by first-party site (the page that sent it):", *_rows(s.by_first_party, limit)]
    lines += ["", "by action basis:", *_rows(s.by_basis, limit)]
    lines += ["", "top data categories (flows carrying them):"]
    lines += [f"  {name:<24} {count:>6}" for name, count in s.categories.most_common(limit)] or ["  none"]
    if s.levels:
        lines += ["", "transform levels: " + ", ".join(f"L{k} {v}" for k, v in sorted(s.levels.items()))]
    if s.ai_chats:
        lines += ["", "AI chats (values pseudonymized in prompts / restored in answers):"]
        lines += [f"  {name:<24} {c.get('pseudonymized', 0):>6} / {c.get('restored', 0):<6}" for name, c in sorted(s.ai_chats.items())]
    if s.rules:
        lines += ["", "decided by rule: " + ", ".join(f"{k} {v}" for k, v in s.rules.most_common(limit))]
    return "\n".join(lines) + "\n"
