"""The report: per SDK and page, per mode; totals for the dev and the blind set separately.

Blind SDKs appear only in the blind set's totals (sums and counts over the set), never one by
one, nor by endpoints, field paths, reasons or console texts, unless `reveal_blind`: the people
who tune the proxy must not see their traffic, nor how the proxy treats each of them.
"""

from __future__ import annotations

import time
from typing import Any

from .analysis import health
from .planted import PLANTED
from .sdks import Sdk

__all__ = ["build_report", "markdown"]

_SHORT = {"name": "N", "email": "E", "phone": "P", "user_id": "U"}


def _sdk_summary(pages: dict[str, dict[str, Any]], baseline: dict[str, dict[str, Any]] | None) -> dict[str, Any]:
    """Per SDK in one mode: planted values kept, by rewriting, page view intact, health."""
    ident, view = pages.get("identify"), pages.get("pageview")
    if ident is None or view is None:
        return {"ran": False}
    base_ident, base_view = (baseline or {}).get("identify"), (baseline or {}).get("pageview")
    plants = bool(base_ident["planted_arrived"]) if base_ident else bool(ident["planted_sent"])
    kept = plants and ident["all_kept"]
    # An SDK that goes silent (fewer of its requests arrive than in the baseline) is broken, however
    # clean what little it sent: a page whose collector never hears from it keeps nothing by rewriting.
    silent_ident = base_ident is not None and ident["arrived"] < base_ident["arrived"]
    silent_view = base_view is not None and view["arrived"] < base_view["arrived"]
    return {
        "ran": True,
        "plants": plants,
        "all_kept": kept,
        "kept_by_rewriting": kept and ident["blocked"] == 0 and ident["lost"] == 0 and not silent_ident,
        "pageview_intact": view["intact"] and not silent_view,
        "silent": [kind for kind, quiet in (("identify", silent_ident), ("pageview", silent_view)) if quiet],
        "identify_blocked": ident["blocked"],
        "console_errors": len(ident["console_errors"]) + len(view["console_errors"]),
        "retry_suspects": len(ident.get("health", {}).get("retry_suspects", [])) + len(view.get("health", {}).get("retry_suspects", [])),
    }


def _totals(summaries: dict[str, dict[str, Any]], pages: dict[str, dict[str, dict[str, Any]]], sdks: list[Sdk]) -> dict[str, Any]:
    """Sums over a set of SDKs in one mode."""
    ran = [s for s in sdks if summaries.get(s.slug, {}).get("ran")]
    out: dict[str, Any] = {"sdks": len(sdks), "ran": len(ran)}
    out["plants_something"] = sum(summaries[s.slug]["plants"] for s in ran)
    out["plants_nothing"] = [s.slug for s in ran if not summaries[s.slug]["plants"]]
    out["all_planted_kept"] = sum(summaries[s.slug]["all_kept"] for s in ran)
    out["kept_by_rewriting_all_arrived"] = sum(summaries[s.slug]["kept_by_rewriting"] for s in ran)
    out["pageview_intact"] = sum(summaries[s.slug]["pageview_intact"] for s in ran)
    out["sdks_with_console_errors"] = sum(summaries[s.slug]["console_errors"] > 0 for s in ran)
    out["sdks_with_retry_suspects"] = sum(summaries[s.slug]["retry_suspects"] > 0 for s in ran)
    for kind in ("identify", "pageview"):
        rows = [pages[s.slug][kind] for s in ran]
        out[kind] = {k: sum(r[k] for r in rows) for k in ("sent", "arrived", "blocked", "rewritten", "lost")}
        out[kind]["planted_values_arrived"] = sum(len(r["planted_arrived"]) for r in rows)
    return out


def build_report(results: dict[str, dict[str, dict[str, dict[str, Any]]]], sdks: list[Sdk], pinned: dict[str, str],
                 build_errors: dict[str, str], *, reveal_blind: bool = False, trackers: str | None = None) -> dict[str, Any]:
    """The report dict (report.json)."""
    baseline = results.get("baseline")
    for mode, by_sdk in results.items():
        for slug, pages in by_sdk.items():
            for kind, page in pages.items():
                base = (baseline or {}).get(slug, {}).get(kind) if mode != "baseline" else None
                page["health"] = health(page, base)
    table = [{"slug": s.slug, "package": s.package, "version": pinned.get(s.package), "vendor": s.vendor, "kind": s.kind,
              "collector": s.collector, "blind": s.blind, **({"build_error": build_errors[s.slug]} if s.slug in build_errors else {})}
             for s in sdks]
    report: dict[str, Any] = {"generated": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "trackers": trackers,
                              "modes": list(results), "planted": PLANTED, "reveal_blind": reveal_blind, "sdks": table,
                              "summary": {}, "totals": {}, "pages": {}}
    for mode, by_sdk in results.items():
        summaries = {slug: _sdk_summary(pages, (baseline or {}).get(slug)) for slug, pages in by_sdk.items()}
        report["summary"][mode] = {s.slug: summaries.get(s.slug, {"ran": False}) for s in sdks if not s.blind or reveal_blind}
        report["totals"][mode] = {
            "dev": _totals(summaries, by_sdk, [s for s in sdks if not s.blind]),
            "blind": _totals(summaries, by_sdk, [s for s in sdks if s.blind]),
        }
        if not reveal_blind:
            report["totals"][mode]["blind"]["plants_nothing"] = len(report["totals"][mode]["blind"]["plants_nothing"])
        report["pages"][mode] = {s.slug: by_sdk[s.slug] for s in sdks
                                 if s.slug in by_sdk and (not s.blind or reveal_blind)}
    return report


def _planted_cell(page: dict[str, Any]) -> str:
    """N/E/P/U for each planted value that reached a collector, '-' for none."""
    got = [_SHORT[k] for k in PLANTED if k in page["planted_arrived"]]
    return "".join(got) or "-"


def _row(slug: str, kind: str, page: dict[str, Any]) -> str:
    """One markdown row."""
    intact = "yes" if page["intact"] else ("no (page did not load)" if not page["page_loaded"] else "no")
    h = page.get("health", {})
    notes = []
    if kind == "identify" and page["mode"] == "baseline" and not page["planted_arrived"]:
        notes.append("PLANTS NOTHING")
    if page["result"] != "ok":
        notes.append(f"call: {page['result'][:60]}")
    if h.get("retry_suspects"):
        notes.append("retries? " + ", ".join(h["retry_suspects"])[:80])
    if page.get("statuses", {}).get("changed"):
        changed = [r for r in page["requests"] if r.get("status") == "changed"]
        fields = sorted({c for r in changed for c in r["changes"]})
        notes.append("changed: " + ", ".join(fields)[:120])
    if page["blocked"]:
        reasons = sorted({(r.get("reason") or "")[:70] for r in page["requests"] if r.get("fate") == "blocked"})
        notes.append("blocked: " + "; ".join(reasons)[:160])
    return (f"| {slug} | {kind} | {page['sent']} | {page['arrived']} | {page['blocked']} | {page['rewritten']} | "
            f"{_planted_cell(page)} | {intact if kind == 'pageview' else ''} | {len(page['console_errors'])} | "
            f"{'; '.join(notes)} |")


def markdown(report: dict[str, Any]) -> str:
    """The tables (per mode: dev SDKs by page, then totals for dev and blind)."""
    lines: list[str] = []
    blind = {s["slug"] for s in report["sdks"] if s["blind"]}
    for mode, by_sdk in report["pages"].items():
        lines += [f"### {mode}", "",
                  "| SDK | page | sent | arrived | blocked | rewritten | planted at collector | intact | console errors | notes |",
                  "|---|---|---|---|---|---|---|---|---|---|"]
        for slug, pages in by_sdk.items():
            if slug in blind and not report["reveal_blind"]:
                continue
            for kind, page in pages.items():
                lines.append(_row(slug, kind, page))
        lines.append("")
        lines.append("| set | SDKs | plant something | all planted kept | kept by rewriting, all arrived | page view intact | identify sent/arrived/blocked/rewritten | page view sent/arrived/blocked/rewritten |")
        lines.append("|---|---|---|---|---|---|---|---|")
        for name, t in report["totals"][mode].items():
            i, v = t["identify"], t["pageview"]
            lines.append(f"| {name} | {t['ran']}/{t['sdks']} | {t['plants_something']} | {t['all_planted_kept']} | "
                         f"{t['kept_by_rewriting_all_arrived']} | {t['pageview_intact']} | "
                         f"{i['sent']}/{i['arrived']}/{i['blocked']}/{i['rewritten']} | {v['sent']}/{v['arrived']}/{v['blocked']}/{v['rewritten']} |")
        lines.append("")
    lines.append("Planted at collector: N name, E e-mail, P phone, U user id ('-': none arrived in any form checked).")
    return "\n".join(lines)
