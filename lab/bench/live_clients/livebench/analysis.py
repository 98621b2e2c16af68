"""From one page's records to its figures: sent, arrived, blocked, rewritten, planted, intact.

Each request the client sent is followed by its mitmproxy flow id: the recorder before the
addon (as sent), the recorder after it (the addon's decision, whether the proxy answered), and
the fake server (as it arrived). The shop's page and bundle loads are the harness's own and are
not counted as SDK requests, but they must arrive intact too (a blocked bundle is a broken page).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any
from urllib.parse import urlsplit

from .compare import compare_request
from .fakenet import SHOP_HOST
from .planted import PLANTED, find_planted
from .runner import PageRun

__all__ = ["analyse_page", "endpoint_of", "health"]

_INFRA = re.compile(r"^/live/[a-z0-9-]+/(identify|pageview|bundle\.js)$|^/favicon\.ico$")


def endpoint_of(method: str, host: str, path: str) -> str:
    """"METHOD host/path" without the query: the unit of the per-endpoint counts."""
    return f"{method} {host}{urlsplit(path).path}"


_BROWSER_HOSTS = ("googleapis.com", "google.com", "gvt1.com", "gvt2.com", "googleusercontent.com")


def _is_infra(line: dict[str, Any]) -> bool:
    """The harness's own page and bundle loads."""
    return line["host"] == SHOP_HOST and line["method"] == "GET" and bool(_INFRA.match(urlsplit(line["path"]).path))


def _is_browser_own(line: dict[str, Any]) -> bool:
    """Chromium's own background calls (component updates, account checks), not the page's."""
    site = next((v for k, v in line["headers"] if k.lower() == "sec-fetch-site"), "none")
    host = line["host"]
    return site == "none" and any(host == h or host.endswith("." + h) for h in _BROWSER_HOSTS) and not _is_infra(line)


def _request_row(fid: str, sent: dict[str, Any], after: dict[str, Any] | None, response: dict[str, Any] | None,
                 error: dict[str, Any] | None, arrived: Any) -> dict[str, Any]:
    """One request's fate, comparison and planted hits."""
    row: dict[str, Any] = {"flow": fid, "endpoint": endpoint_of(sent["method"], sent["host"], sent["path"]),
                           "infra": _is_infra(sent), "bytes_sent": len(sent.get("body_latin1") or "")}
    decision = (after or {}).get("guardian") or (response or {}).get("guardian")
    if decision:
        row["decision"] = decision.get("decision")
        row["reason"] = decision.get("reason")
        row["categories"] = decision.get("categories")
        row["finding_fields"] = sorted({f"{f.get('category')}@{f.get('field')}" for f in decision.get("findings") or []})
    blocked = bool(after and after.get("answered_by_proxy")) or bool(
        response and not response.get("from_server") and arrived is None and response.get("status") == 403)
    sent_hits, _ = find_planted(sent["path"], [tuple(h) for h in sent["headers"]], (sent.get("body_latin1") or "").encode("latin-1"))
    row["planted_sent"] = sorted(sent_hits)
    if arrived is not None:
        row["fate"] = "arrived"
        comp = compare_request(sent, arrived.method, arrived.host, arrived.target, arrived.headers, arrived.body)
        row["status"] = comp.status
        row["changes"] = comp.changes
        row["swaps"] = comp.swaps
        hits, partial = find_planted(arrived.target, arrived.headers, arrived.body)
        row["planted_arrived"] = {k: f"{h.where} ({h.chain})" for k, h in hits.items()}
        row["partial_arrived"] = sorted(partial)
    elif blocked:
        row["fate"] = row["status"] = "blocked"
        row["proxy_status"] = (after or {}).get("proxy_status") or (response or {}).get("status")
    else:
        row["fate"] = row["status"] = "lost"
        row["error"] = (error or {}).get("error")
    return row


def _unseen(run: PageRun) -> list[dict[str, Any]]:
    """Flows answered before any `request` hook ran (a block on headers alone): a sent request too.

    Only their method, host and path are known; they count as sent, and as blocked or lost."""
    seen = {x["flow_id"] for x in run.first}
    out: dict[str, dict[str, Any]] = {}
    for x in run.last:
        if x.get("event") in ("response", "error") and x["flow_id"] not in seen and "host" in x:
            out.setdefault(x["flow_id"], {"flow_id": x["flow_id"], "method": x["method"], "host": x["host"],
                                          "path": x["path"], "headers": [], "body_latin1": None, "unseen": True})
    return list(out.values())


def analyse_page(run: PageRun) -> dict[str, Any]:
    """The page's figures and its per-request rows."""
    after = {x["flow_id"]: x for x in run.last if x.get("event") == "request"}
    responses = {x["flow_id"]: x for x in run.last if x.get("event") == "response"}
    errors = {x["flow_id"]: x for x in run.last if x.get("event") == "error"}
    arrived = {a.flow_id: a for a in run.arrived if a.flow_id}
    sent = list(run.first) + _unseen(run)
    rows = [_request_row(s["flow_id"], s, after.get(s["flow_id"]), responses.get(s["flow_id"]),
                         errors.get(s["flow_id"]), arrived.get(s["flow_id"])) for s in sent if not _is_browser_own(s)]
    browser_own = sum(1 for s in run.first if _is_browser_own(s))
    sdk_rows = [r for r in rows if not r["infra"]]
    planted_arrived: dict[str, str] = {}
    planted_sent: set[str] = set()
    partial: set[str] = set()
    for r in sdk_rows:
        planted_sent.update(r["planted_sent"])
        partial.update(r.get("partial_arrived", []))
        for k, where in r.get("planted_arrived", {}).items():
            planted_arrived.setdefault(k, f"{r['endpoint']} {where}")
    statuses = Counter(r["status"] for r in rows)
    page_loaded = all(r["fate"] == "arrived" for r in rows if r["infra"]) and any(r["infra"] for r in rows)
    return {
        "sdk": run.sdk, "page": run.page, "mode": run.mode, "result": run.result, "seconds": run.seconds,
        "sent": len(sdk_rows),
        "arrived": sum(r["fate"] == "arrived" for r in sdk_rows),
        "blocked": sum(r["fate"] == "blocked" for r in sdk_rows),
        "lost": sum(r["fate"] == "lost" for r in sdk_rows),
        "rewritten": sum(r["fate"] == "arrived" and r["status"] != "identical" for r in sdk_rows),
        "statuses": dict(statuses),
        "planted_sent": sorted(planted_sent),
        "planted_arrived": planted_arrived,
        "partial_arrived": sorted(partial),
        "all_kept": not planted_arrived,
        "intact": page_loaded and all(r["fate"] == "arrived" and r["status"] in ("identical", "id_swapped", "reencoded") for r in rows),
        "page_loaded": page_loaded,
        "endpoints": dict(Counter(r["endpoint"] for r in sdk_rows)),
        "console_errors": run.console_errors,
        "failed_requests": run.failed_requests,
        "unmatched_arrivals": sum(1 for a in run.arrived if not a.flow_id),
        "browser_own_requests": browser_own,
        "requests": rows,
    }


def health(page: dict[str, Any], baseline: dict[str, Any] | None) -> dict[str, Any]:
    """Per-endpoint counts against the baseline's: a retry loop shows as many more to one endpoint."""
    if baseline is None:
        return {"endpoint_delta": {}, "retry_suspects": []}
    delta: dict[str, list[int]] = {}
    for ep in sorted(set(page["endpoints"]) | set(baseline["endpoints"])):
        b, g = baseline["endpoints"].get(ep, 0), page["endpoints"].get(ep, 0)
        if b != g:
            delta[ep] = [b, g]
    suspects = [ep for ep, (b, g) in delta.items() if g >= 2 * b + 2]
    return {"endpoint_delta": delta, "retry_suspects": suspects,
            "new_console_errors": max(0, len(page["console_errors"]) - len(baseline["console_errors"]))}


PLANTED_KEYS = tuple(PLANTED)
