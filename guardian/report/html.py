"""One self-contained HTML page for a `Summary`: inline CSS and inline SVG charts, no scripts,
nothing fetched. Like the text report it shows host names, categories, counts and times only.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta
from html import escape

from guardian.report.summary import DECISIONS, Summary

__all__ = ["render_html"]

COLOURS = {"allow": "#2e7d32", "transform": "#f29900", "deny": "#c62828"}
# Bucket widths tried for "decisions over time", smallest first: the first giving <= MAX_BUCKETS wins.
BUCKETS = (1, 5, 10, 30, 60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600, 86400, 7 * 86400)
MAX_BUCKETS = 60


def _legend() -> str:
    items = "".join(
        f'<span class="key"><span class="swatch" style="background:{COLOURS[d]}"></span>{d}</span>' for d in DECISIONS
    )
    return f'<div class="legend">{items}</div>'


def _hbars(table: dict[str, Counter[str]], limit: int = 15, label_width: int = 220) -> str:
    """Horizontal bars, one per row, stacked allow/transform/deny."""
    items = sorted(table.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))[:limit]
    if not items:
        return "<p>none</p>"
    peak = max(sum(c.values()) for _, c in items)
    bar_w, row_h, width = 460, 22, label_width + 460 + 60
    parts = [f'<svg class="chart" width="{width}" height="{row_h * len(items) + 6}" role="img">']
    for i, (name, counts) in enumerate(items):
        y = 3 + i * row_h
        shown = name if len(name) <= 32 else name[:31] + "…"
        parts.append(
            f'<text x="{label_width - 8}" y="{y + 15}" text-anchor="end" class="lbl">{escape(shown)}'
            f"<title>{escape(name)}</title></text>"
        )
        x = float(label_width)
        for d in DECISIONS:
            n = counts.get(d, 0)
            if not n:
                continue
            w = bar_w * n / peak
            parts.append(
                f'<rect x="{x:.1f}" y="{y + 2}" width="{max(w, 1):.1f}" height="{row_h - 6}" fill="{COLOURS[d]}">'
                f"<title>{escape(name)}: {n} {d}</title></rect>"
            )
            x += w
        parts.append(f'<text x="{x + 6:.1f}" y="{y + 15}" class="num">{sum(counts.values())}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _bucket_seconds(first: datetime, last: datetime) -> int:
    span = max((last - first).total_seconds(), 1.0)
    return next((b for b in BUCKETS if span / b <= MAX_BUCKETS), BUCKETS[-1])


def _fmt_tick(when: datetime, step: int) -> str:
    if step >= 86400:
        return when.strftime("%Y-%m-%d")
    if step >= 60:
        return when.strftime("%m-%d %H:%M")
    return when.strftime("%H:%M:%S")


def _timeline(s: Summary) -> str:
    """Stacked columns of decisions per time bucket."""
    if not s.timeline or s.first is None or s.last is None:
        return "<p>no timestamped records</p>"
    step = _bucket_seconds(s.first, s.last)
    origin = datetime.fromtimestamp(int(s.first.timestamp()) // step * step, tz=s.first.tzinfo)
    n = int((s.last - origin).total_seconds() // step) + 1
    buckets = [Counter() for _ in range(n)]  # type: list[Counter[str]]
    for when, decision in s.timeline:
        buckets[min(n - 1, int((when - origin).total_seconds() // step))][decision] += 1
    peak = max(sum(b.values()) for b in buckets) or 1
    left, top, plot_w, plot_h = 48, 10, 720, 200
    col = plot_w / n
    parts = [f'<svg class="chart" width="{left + plot_w + 10}" height="{top + plot_h + 40}" role="img">']
    for frac in (0, 0.5, 1):  # y axis: 0, half, peak
        y = top + plot_h - frac * plot_h
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" class="num">{round(peak * frac)}</text>')
    for i, counts in enumerate(buckets):
        y = float(top + plot_h)
        start = origin + timedelta(seconds=i * step)
        for d in DECISIONS:
            c = counts.get(d, 0)
            if not c:
                continue
            h = plot_h * c / peak
            y -= h
            parts.append(
                f'<rect x="{left + i * col + 1:.1f}" y="{y:.1f}" width="{max(col - 2, 1):.1f}" height="{h:.1f}" '
                f'fill="{COLOURS[d]}"><title>{_fmt_tick(start, step)}: {c} {d}</title></rect>'
            )
    ticks = sorted({0, n // 2, n - 1})
    for i in ticks:
        x = left + i * col + col / 2
        label = _fmt_tick(origin + timedelta(seconds=i * step), step)
        parts.append(f'<text x="{x:.1f}" y="{top + plot_h + 16}" text-anchor="middle" class="num">{escape(label)}</text>')
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{top + plot_h + 34}" text-anchor="middle" class="lbl">'
        f"time (UTC), {step}s per column</text>"
    )
    parts.append("</svg>")
    return "".join(parts)


def _table(table: dict[str, Counter[str]], head: str, limit: int = 25) -> str:
    items = sorted(table.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))[:limit]
    rows = "".join(
        f"<tr><td>{escape(k)}</td><td>{sum(c.values())}</td>" + "".join(f"<td>{c.get(d, 0)}</td>" for d in DECISIONS) + "</tr>"
        for k, c in items
    )
    return (
        f"<table><tr><th>{escape(head)}</th><th>flows</th>"
        + "".join(f"<th>{d}</th>" for d in DECISIONS)
        + f"</tr>{rows}</table>"
    )


def _ms(v: float | None) -> str:
    return "–" if v is None else f"{v:.1f} ms"


CSS = """
body{font:14px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;margin:24px;color:#222;max-width:1100px}
h1{font-size:22px;margin:0 0 4px} h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
.meta{color:#666} .cards{display:flex;gap:12px;flex-wrap:wrap;margin:16px 0}
.card{border:1px solid #ddd;border-radius:6px;padding:10px 14px;min-width:120px}
.card b{display:block;font-size:22px} .card span{color:#666;font-size:12px}
.legend{margin:4px 0 8px} .key{margin-right:14px} .swatch{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:-1px}
svg text.lbl{font-size:12px;fill:#333} svg text.num{font-size:11px;fill:#555} svg line.grid{stroke:#e3e3e3}
table{border-collapse:collapse;margin:6px 0} td,th{border:1px solid #ddd;padding:3px 8px;text-align:right} td:first-child,th:first-child{text-align:left}
.two{display:flex;gap:32px;flex-wrap:wrap}
"""


def render_html(s: Summary, *, source: str = "", generated: datetime | None = None) -> str:
    """The whole report page as one HTML string."""
    period = (
        f"{s.first.isoformat(timespec='seconds')} to {s.last.isoformat(timespec='seconds')}"
        if s.first and s.last
        else "no timestamped records"
    )
    cards = [
        ("flows", str(s.flows)),
        *[(d, str(s.decisions.get(d, 0))) for d in DECISIONS],
        ("p50 added latency", _ms(s.p(50))),
        ("p95 added latency", _ms(s.p(95))),
        ("errors", str(sum(s.errors.values()))),
        ("mode", ", ".join(f"{k} {v}" for k, v in s.modes.most_common()) or "–"),
    ]
    card_html = "".join(f'<div class="card"><b>{escape(v)}</b><span>{escape(k)}</span></div>' for k, v in cards)
    categories = {k: s.category_decisions.get(k, Counter()) for k, _ in s.categories.most_common(15)}
    stamp = f" · generated {generated.isoformat(timespec='seconds')}" if generated else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>GuardianAgent report</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>{CSS}</style></head>
<body>
<h1>GuardianAgent report</h1>
<div class="meta">{escape(source)} · {escape(period)}{escape(stamp)}</div>
<div class="cards">{card_html}</div>
{_legend()}
<h2>Decisions over time</h2>
{_timeline(s)}
<h2>Decisions by destination site</h2>
{_hbars(s.by_site)}
<h2>Decisions by recipient type</h2>
{_hbars(s.by_recipient)}
<h2>Top data categories (flows carrying them)</h2>
{_hbars(categories) if categories else "<p>no personal data detected</p>"}
<h2>Tables</h2>
<div class="two">{_table(s.by_first_party, "first-party site")}{_table(s.by_basis, "action basis")}</div>
<p class="meta">From the audit log only: host names, categories, decisions, times and latencies;
no request paths, bodies or detected values.</p>
</body></html>
"""
