"""Workload d of lab/bench/proxy_bench.py, "overload": bodies, per-class figures from the audit log, report.

90% of the requests are cheap first-party JSON (like workload a); 10% carry 60-120 words of prose
naming a person and a city, which makes the detector run its NER model. Sent at a concurrency
well above what the addon can decide within `guardian_timeout`, it shows whether the cheap
requests wait behind the expensive ones until the fail mode answers them.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from statistics import quantiles
from typing import Any

__all__ = ["CHEAP", "PROSE", "CLASSES", "bodies", "audit_by_class", "class_figures", "check", "render"]

CHEAP, PROSE = "cheap", "prose"
CLASSES = (CHEAP, PROSE)
HOST = "shop.test"  # first party in lab/bench/rules.yaml: nothing here is blocked by rule
PATHS = {CHEAP: "/api/cart", PROSE: "/api/comments"}  # the audit record's path tells the class
PROSE_EVERY = 10  # one request in ten is prose
VARIANTS = 400  # distinct bodies, cycled: 40 prose texts, 360 carts

NAMES = (
    "Maria Schneider", "James Okafor", "Aiko Tanaka", "Lucas Moreau", "Priya Raman", "Tomas Garcia",
    "Sofia Rossi", "Daniel Cohen", "Emma Johansson", "Kwame Mensah", "Olivia Brennan", "Mateo Silva",
)  # fmt: skip
CITIES = (
    "Lyon", "Manchester", "Osaka", "Porto", "Leipzig", "Toronto",
    "Melbourne", "Nairobi", "Seattle", "Bologna", "Krakow", "Valparaiso",
)  # fmt: skip
SENTENCES = (
    "I ordered the blue running shoes last week for my sister {name}, who lives in {city}.",
    "The parcel reached {city} two days later than the tracking page had promised.",
    "{name} tried them on the same evening and said the fit was a little narrow at the toe.",
    "We would like to exchange them for the wider model in the same colour if that is possible.",
    "The box was slightly dented but the shoes themselves looked perfect and clean.",
    "Could you please send the return label to the address we used for the original order?",
    "My colleague {other} bought a similar pair from your shop and was very happy with it.",
    "It would help a lot if the size guide mentioned that this brand runs small.",
    "Customer service in {city} was friendly when I called on Tuesday morning.",
    "Please let me know whether the exchange can be done before the end of the month.",
    "{name} plans to use them for the half marathon that takes place in {city} in the spring.",
    "Thank you for the quick replies so far, and sorry for the long message.",
)


def prose(i: int) -> str:
    """The i-th comment: 60-120 words that name a person and a city, different for every i."""
    rng = random.Random(i)  # deterministic per variant, so runs send the same texts
    name, other, city = rng.choice(NAMES), rng.choice(NAMES), rng.choice(CITIES)
    target = 60 + rng.randrange(61)
    order = list(range(1, len(SENTENCES)))
    rng.shuffle(order)
    parts = [SENTENCES[0].format(name=name, city=city, other=other)]  # the name and city always come first
    words = len(parts[0].split())
    for k in order:  # bounded by the number of sentences
        if words >= target:
            break
        s = SENTENCES[k].format(name=name, city=city, other=other)
        if words + len(s.split()) > 120:
            continue
        parts.append(s)
        words += len(s.split())
    return " ".join(parts)


def bodies(n: int = VARIANTS) -> list[tuple[str, str, dict[str, str], bytes]]:
    """`n` requests as (class, url, headers, body); every `PROSE_EVERY`-th one is prose."""
    same_site = {"Origin": f"http://{HOST}", "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors"}
    out = []
    for i in range(n):
        if i % PROSE_EVERY == PROSE_EVERY - 1:
            text = prose(i)
            if (i // PROSE_EVERY) % 2 == 0:  # half JSON, half a text/plain body: both reach NER
                body = json.dumps({"comment": text, "order": f"O{i}"}).encode()
                ctype = "application/json"
            else:
                body, ctype = text.encode(), "text/plain; charset=utf-8"
            out.append((PROSE, f"http://{HOST}{PATHS[PROSE]}", {**same_site, "Content-Type": ctype}, body))
        else:
            body = json.dumps({"items": [{"sku": f"D{i}", "qty": 1 + i % 3}], "note": "gift wrap", "x": 1.5}).encode()
            headers = {**same_site, "Content-Type": "application/json"}
            out.append((CHEAP, f"http://{HOST}{PATHS[CHEAP]}", headers, body))
    return out


def _pct(values: Sequence[float], q: int) -> float | None:
    """The q-th percentile (1-99), linear between closest ranks like proxy_bench.pct; None for no values."""
    if not values:
        return None
    if len(values) == 1:
        return float(values[0])
    return float(quantiles(values, n=100, method="inclusive")[q - 1])


def _r(x: float | None) -> float | None:
    """Round to 2 decimals, keeping None."""
    return None if x is None else round(x, 2)


def class_figures(latencies_ms: Sequence[float], statuses: Counter[int], fail_403: int, errors: int) -> dict[str, Any]:
    """One class's client-side figures: sent, 2xx, 403 from the fail mode, other answers, errors, latency."""
    answered = len(latencies_ms)
    ok = sum(v for k, v in statuses.items() if 200 <= k < 300)
    return {
        "sent": answered + errors,
        "ok_2xx": ok,
        "fail_403": fail_403,  # 403 whose X-Guardian-Reason names guardian_fail
        "other_status": answered - ok - fail_403,
        "client_errors": errors,  # timeouts, resets: no answer at all
        "statuses": {str(k): v for k, v in sorted(statuses.items())},
        "p50_ms": _r(_pct(latencies_ms, 50)),
        "p95_ms": _r(_pct(latencies_ms, 95)),
        "p99_ms": _r(_pct(latencies_ms, 99)),
        "max_ms": _r(max(latencies_ms) if latencies_ms else None),
    }


def _is_fail_mode(record: dict[str, Any]) -> bool:
    """A record written by the addon's fail mode: `error` set and the reason names guardian_fail."""
    return bool(record.get("error")) and "guardian_fail" in str(record.get("reason", ""))


def audit_by_class(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Per class: records, fail-mode records, decisions, categories, and ms.detect / ms.total percentiles."""
    by_path = {p: c for c, p in PATHS.items()}
    out: dict[str, Any] = {}
    for cls in CLASSES:
        mine = [r for r in records if by_path.get(str(r.get("path", "")).split("?")[0]) == cls]
        ms = {k: [float(r["ms"][k]) for r in mine if isinstance(r.get("ms"), dict) and isinstance(r["ms"].get(k), (int, float))]
              for k in ("detect", "total")}  # fmt: skip
        out[cls] = {
            "records": len(mine),
            "fail_mode": sum(1 for r in mine if _is_fail_mode(r)),
            "decisions": dict(Counter(str(r.get("decision")) for r in mine)),
            "categories": dict(Counter(c for r in mine for c in r.get("categories", []))),
            "ms": {k: {"n": len(v), "p50": _r(_pct(v, 50)), "p95": _r(_pct(v, 95))} for k, v in ms.items()},
        }
    out["other"] = sum(1 for r in records if by_path.get(str(r.get("path", "")).split("?")[0]) is None)
    return out


def check(section: dict[str, Any]) -> dict[str, Any]:
    """The target: no cheap request lost to the fail mode (and one audit record per answered request)."""
    addon = section["proxies"].get("addon")
    if addon is None:
        return {"ok": True, "summary": "addon not run", "problems": []}
    lost = section["cheap_lost_to_fail_mode"]
    cheap = addon["classes"][CHEAP]
    audit = section.get("audit") or {}
    problems = []
    if lost:
        problems.append(f"{lost} cheap requests lost to the fail mode")
    answered = addon["summary"]["completed"]
    unanswered = sum(addon["classes"][c]["client_errors"] for c in CLASSES)
    if unanswered or not answered:
        problems.append(f"{unanswered} requests without an answer, {answered} answered (did the addon die?)")
    recorded = sum(audit.get(c, {}).get("records", 0) for c in CLASSES) + audit.get("other", 0)
    if recorded != answered:
        problems.append(f"{recorded} audit records for {answered} responses")
    text = f"cheap requests lost to the fail mode {lost}/{cheap['sent']} (target 0), audit records {recorded}/{answered}"
    return {"ok": not problems, "summary": text, "problems": problems}


def render(section: dict[str, Any]) -> list[str]:
    """The overload table and its headline figure."""
    out = [
        "",
        f"== Overload: workload d at concurrency {section['concurrency']}, addon with "
        f"guardian_timeout={section['guardian_timeout']:g}s (1 in {PROSE_EVERY} requests prose -> NER) ==",
        f"{'proxy':<7}{'class':<7}{'sent':>6}{'2xx':>6}{'403fail':>8}{'other':>6}{'cliErr':>7}"
        f"{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}{'req/s':>8}",
    ]
    for px, fig in section["proxies"].items():
        for k, cls in enumerate(CLASSES):
            c = fig["classes"][cls]
            cells = [c["p50_ms"], c["p95_ms"], c["p99_ms"], c["max_ms"]]
            rate = fig["summary"]["req_per_s"] if k == 0 else None  # the proxy's, both classes together
            out.append(
                f"{px:<7}{cls:<7}{c['sent']:>6}{c['ok_2xx']:>6}{c['fail_403']:>8}{c['other_status']:>6}{c['client_errors']:>7}"
                + "".join(f"{'-' if v is None else f'{v:.1f}':>9}" for v in cells)
                + f"{'' if rate is None else f'{rate:.1f}':>8}"
                + ("  (time limit hit)" if k == 0 and fig["summary"]["hit_time_limit"] else "")
            )
    audit = section.get("audit")
    if audit:
        for cls in CLASSES:
            a = audit[cls]
            det, tot = a["ms"]["detect"], a["ms"]["total"]
            out.append(
                f"audit {cls}: {a['records']} records, {a['fail_mode']} fail mode, decisions {a['decisions']}, "
                f"ms.detect p50/p95 {det['p50']}/{det['p95']}, ms.total p50/p95 {tot['p50']}/{tot['p95']}, "
                f"categories {a['categories']}"
            )
        if audit[PROSE]["records"] and not audit[PROSE]["categories"] and not audit[PROSE]["fail_mode"]:
            out.append("note: no prose record has a category: NER may be off (model not installed?)")
    if "addon" in section["proxies"]:
        cheap = section["proxies"]["addon"]["classes"][CHEAP]
        out.append(
            f">>> cheap requests lost to the fail mode: {section['cheap_lost_to_fail_mode']} of {cheap['sent']} "
            f"(target 0; client saw {cheap['fail_403']} fail-mode 403s)"
        )
    return out
