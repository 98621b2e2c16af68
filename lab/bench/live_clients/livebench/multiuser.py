"""Multi-user mode (`run.py --users N`): does the proxy learn each user's ids, and leave site keys alone?

N proxy users (`user1..userN`, checked by mitmproxy's `proxyauth` against an htpasswd file, in
both modes; in guardian mode `guardian_users=proxyauth` makes each its own session) visit every
SDK's pages, interleaved (user1 sdkA, user2 sdkA, user3 sdkA, user1 sdkB ...), each visit in a
fresh browser context (no cookies, no storage) whose proxy credentials are that user's. In a
visit the user loads each page twice: identify, pageview, identify, pageview (same context, so
an id kept in storage shows up again), then leaves for about:blank. Each user plants its own
user id (`usr_...`, `PLANTED_USER_IDS`); name, e-mail and phone are the harness's usual ones.

## The labelling rule (ground truth, computed from the BASELINE run: nothing rewritten)

A *field* is (SDK, destination host, field), the field being one of (`field_values`)
  `query:<name>`, `form:<name>` (url-encoded body), `cookie:<name>`, `header:<name>`,
  `path:<i>` (the i-th segment of the URL path),
  `body:$.<JSON path>` (a JSON body, or each line of an NDJSON body),
  and inside any of them `$.<JSON path>` when the value is JSON text, or `>b64$.<JSON path>`
  when it is base64 (16+ characters) of JSON text. Array indices are normalised to `[]`.
Values are strings and numbers (as text); null, booleans, "" and containers are not values.
Compressed bodies are inflated first (as `planted.py` and `compare.py` do).

A value is *id-shaped* when it is 8 to 256 characters long, holds no whitespace, and holds a
digit or 16+ letters of both cases.

Over the N users' requests to that SDK (all four page loads), a field is
- a **per-user id** when every user sent it, all its values are id-shaped, each user has one value
  that repeats (sent at least twice, and at least half of that user's values of the field), and
  those N values (one per user) differ from each other;
- a **constant** when every user sent it and all its values, across all users, are one and the
  same id-shaped value;
- **neither** otherwise (timestamps, per-request nonces, counters, words, fields that not every
  user sent).

## Scoring (the GUARDIAN run against that ground truth)

Each value of a per-user id field (and each value of a constant field) that a user's browser sent
in the guardian run is one *occurrence*. The request is followed by its flow id to what arrived;
the field is looked up at the same exact place (same JSON path with indices, same query name and
position). The occurrence is
- *found* when it arrived rewritten (a different value: swapped in format, masked), removed (the
  field is no longer there), or the request was blocked by the proxy;
- *unchanged* when the same value arrived at the same place;
- *lost* when the request never arrived and the proxy did not answer it (left out of the %).
Reported: per-user id occurrences found / (found + unchanged), per SDK and per set (dev, blind);
and constant values rewritten or removed as if they were ids (count and fields; must be 0).

Blind SDKs: their fields appear in the report only as counts and sums over the set, and in the
truth/observation files under a hashed key, unless `--reveal-blind`.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from .compare import IGNORED_HEADERS
from .fakenet import SHOP_HOST, Arrived, FakeNet
from .pages import PAGE_KINDS, RUN_JS, page_path
from .planted import PLANTED_JS, decompress
from .proxy import Proxy
from .runner import CALL_LIMIT_MS, USER_AGENT, JsonlTail, _wait_quiet
from .sdks import Sdk

__all__ = [
    "id_shaped", "label_field", "field_values", "label_fields", "tally_occurrences", "score", "users",
    "UserVisit", "visit_user", "write_htpasswd", "markdown_multiuser", "PLANTED_USER_IDS", "merge_tallies",
    "compare_rounds", "markdown_rounds",
]

ID_MIN, ID_MAX = 8, 256
MIXED_LETTERS_MIN = 16
PER_USER, CONSTANT, NEITHER = "per_user_id", "constant", "neither"
# Each user's own user id (user1 keeps the harness's usual one); the rest of the plants are shared.
PLANTED_USER_IDS = ("usr_8f3k2m9qz4", "usr_2w7n5r1xk8", "usr_6d4h9t3bv1", "usr_9c1q8j6mz5", "usr_4p5y2g7ls3",
                    "usr_7k3e1u9wa6", "usr_1z8b4n6rd2", "usr_5t2m7f3hc9", "usr_3x9v5k1pe7", "usr_8a6j2w4qy1")
# Headers set by the browser or the transport, not by the SDK (their values are the browser's).
_BROWSER_HEADERS = {"user-agent", "accept", "accept-encoding", "accept-language", "origin", "referer",
                    "content-type", "cache-control", "pragma", "priority", "proxy-authorization"}
_B64_FULL = re.compile(r"^[A-Za-z0-9+/_-]{16,}={0,2}$")
_WS = re.compile(r"\s")


def users(n: int) -> list[str]:
    """The proxy users' names: user1..userN."""
    return [f"user{i + 1}" for i in range(n)]


def password(user: str) -> str:
    """A user's proxy password (made up; the proxy only checks it)."""
    return f"{user}-livebench-pw"


def write_htpasswd(path: Path, names: list[str]) -> Path:
    """An htpasswd file with each user and its password (passlib, as mitmproxy reads it)."""
    from passlib.apache import HtpasswdFile

    path.parent.mkdir(parents=True, exist_ok=True)
    ht = HtpasswdFile(str(path), new=True)
    for u in names:
        ht.set_password(u, password(u))
    ht.save()
    return path


def planted_for(index: int) -> dict[str, str]:
    """The values user number `index` (0-based) plants: the usual ones with its own user id."""
    uid = PLANTED_USER_IDS[index] if index < len(PLANTED_USER_IDS) else f"usr_{hashlib.sha256(str(index).encode()).hexdigest()[:10]}"
    return {**PLANTED_JS, "user_id": uid}


# ---------------------------------------------------------------------------------------------
# The labelling rule


def id_shaped(value: str) -> bool:
    """8-256 characters, no whitespace, and a digit or 16+ letters of both cases."""
    if not (ID_MIN <= len(value) <= ID_MAX) or _WS.search(value):
        return False
    if any(c.isdigit() for c in value):
        return True
    letters = [c for c in value if c.isalpha()]
    return len(letters) >= MIXED_LETTERS_MIN and any(c.islower() for c in letters) and any(c.isupper() for c in letters)


def label_field(values_by_user: dict[str, list[str]], n_users: int) -> str:
    """PER_USER, CONSTANT or NEITHER for one field, from the values each user sent (baseline)."""
    sent = {u: v for u, v in values_by_user.items() if v}
    if len(sent) < n_users or n_users < 2:
        return NEITHER  # not every user sent it
    every = [x for v in sent.values() for x in v]
    if not all(id_shaped(x) for x in every):
        return NEITHER
    if len(set(every)) == 1:
        return CONSTANT
    modal: list[str] = []
    for v in sent.values():
        value, count = Counter(v).most_common(1)[0]
        if count < 2 or count * 2 < len(v):
            return NEITHER  # no value of this user's repeats: a nonce, a timestamp, a counter
        modal.append(value)
    return PER_USER if len(set(modal)) == len(modal) else NEITHER


# ---------------------------------------------------------------------------------------------
# Fields of a request (the harness's decodings: query and form by parse_qsl, JSON by path,
# cookies pair by pair, bodies inflated by declared encoding or magic bytes)


def _leaves(obj: Any, path: str, exact: str, depth: int) -> Iterator[tuple[str, str, str]]:
    """(normalised path, exact path, value) of a JSON value's leaves (arrays as [] / [i])."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _leaves(v, f"{path}.{k}", f"{exact}.{k}", depth)
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _leaves(v, f"{path}[]", f"{exact}[{i}]", depth)
    elif isinstance(obj, str):
        yield from _scalar(obj, path, exact, depth)
    elif isinstance(obj, (int, float)) and not isinstance(obj, bool):
        yield path, exact, str(obj)


def _scalar(value: str, path: str, exact: str, depth: int = 0) -> Iterator[tuple[str, str, str]]:
    """A text value: itself, or the leaves of the JSON it holds (as text, or as base64 of JSON)."""
    if not value:
        return
    if depth < 3:
        s = value.strip()
        if s[:1] in "{[":
            try:
                inner = json.loads(s)
            except ValueError:
                inner = None
            if isinstance(inner, (dict, list)):
                yield from _leaves(inner, f"{path}$", f"{exact}$", depth + 1)
                return
        if _B64_FULL.match(s):
            decoded = _b64_json(s)
            if decoded is not None:
                yield from _leaves(decoded, f"{path}>b64$", f"{exact}>b64$", depth + 1)
                return
    yield path, exact, value


def _b64_json(s: str) -> Any:
    """The JSON object or array that `s` is base64 (or base64url) of, else None."""
    t = s.rstrip("=")
    try:
        raw = (base64.urlsafe_b64decode if ("-" in t or "_" in t) else base64.b64decode)(t + "=" * (-len(t) % 4))
        out = json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return None
    return out if isinstance(out, (dict, list)) else None


def _pairs(prefix: str, pairs: list[tuple[str, str]]) -> Iterator[tuple[str, str, str]]:
    """Query or form fields (a repeated name gets its position in the exact key)."""
    seen: Counter[str] = Counter()
    for k, v in pairs:
        exact = f"{prefix}:{k}#{seen[k]}"
        seen[k] += 1
        yield from _scalar(v, f"{prefix}:{k}", exact)


def field_values(method: str, target: str, headers: list[tuple[str, str]] | list[list[str]],
                 body: bytes) -> list[tuple[str, str, str]]:
    """(field, exact place, value) for every value in a request: URL path segments, query,
    cookies, SDK headers, and a JSON, NDJSON or form body (inflated when compressed)."""
    out: list[tuple[str, str, str]] = []
    parts = urlsplit(target)
    for i, seg in enumerate(p for p in parts.path.split("/") if p):
        out.extend(_scalar(unquote(seg), f"path:{i}", f"path:{i}"))
    out.extend(_pairs("query", parse_qsl(parts.query, keep_blank_values=True)))
    encoding = ""
    for k, v in headers:
        name = k.lower()
        if name == "content-encoding":
            encoding = v
        if name in IGNORED_HEADERS or name in _BROWSER_HEADERS or name.startswith("sec-"):
            continue
        if name == "cookie":
            out.extend(_pairs("cookie", [tuple(p.strip().split("=", 1)) if "=" in p else (p.strip(), "")  # type: ignore[misc]
                                         for p in v.split(";") if p.strip()]))
        else:
            out.extend(_scalar(v, f"header:{name}", f"header:{name}"))
    if body:
        data = body
        inflated = decompress(body, encoding)
        if inflated is not None:
            data = inflated[1]
        text = data.decode("utf-8", errors="replace")
        try:
            doc = json.loads(text)
        except ValueError:
            doc = None
        if isinstance(doc, (dict, list)):
            out.extend(_leaves(doc, "body:$", "body:$", 0))
        elif "\n" in text.strip() and text.lstrip()[:1] in "{[":
            for i, line in enumerate(text.strip().splitlines()):  # NDJSON: one document a line
                try:
                    out.extend(_leaves(json.loads(line), "body:$", f"body:{i}$", 0))
                except ValueError:
                    continue
        elif "=" in text and "\n" not in text.strip() and " " not in text:
            out.extend(_pairs("form", parse_qsl(text, keep_blank_values=True)))
    return out


# ---------------------------------------------------------------------------------------------
# Running the visits


@dataclass
class UserVisit:
    """One user's visit of one SDK's pages (both, twice) in one fresh context, in one mode."""

    sdk: str
    user: str
    mode: str
    first: list[dict[str, Any]] = field(default_factory=list)
    last: list[dict[str, Any]] = field(default_factory=list)
    arrived: list[Arrived] = field(default_factory=list)
    results: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    round: int = 1  # `--rounds R`: which pass over the interleaved visits (1..R)

    def as_json(self) -> dict[str, Any]:
        """The raw records (dev SDKs: DIR/raw/multiuser/<mode>/<sdk>/<user>.json, `<user>.r<k>.json` with rounds)."""
        return {"sdk": self.sdk, "user": self.user, "mode": self.mode, "round": self.round, "results": self.results,
                "first": self.first,
                "last": self.last, "arrived": [a.as_json() for a in self.arrived], "console_errors": self.console_errors}


LOAD_MIN_S = 1.5
LOAD_QUIET_S = 1.2


def visit_user(browser: Any, proxy: Proxy, net: FakeNet, sdk: Sdk, user: str, index: int, log: Callable[[str], None],
               masked: bool = False, round_no: int = 1) -> UserVisit:
    """Load identify, pageview, identify, pageview in one fresh context as proxy user `user`."""
    run = UserVisit(sdk.slug, user, proxy.mode, round=round_no)
    first_tail, last_tail = JsonlTail(proxy.first), JsonlTail(proxy.last)
    mark = net.mark()
    started = time.monotonic()
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US",
                                  timezone_id="America/Los_Angeles", user_agent=USER_AGENT,
                                  proxy={"server": f"http://127.0.0.1:{proxy.port}", "username": user,
                                         "password": password(user)})
    planted = planted_for(index)
    loads = list(PAGE_KINDS) * 2
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.on("console", lambda m: run.console_errors.append(m.text[:400]) if m.type == "error" else None)
        page.on("pageerror", lambda e: run.console_errors.append(f"pageerror: {str(e)[:400]}"))
        for n, kind in enumerate(loads):
            try:
                page.goto(f"https://{SHOP_HOST}{page_path(sdk.slug, kind)}", wait_until="load", timeout=30_000)
                run.results.append(str(page.evaluate(RUN_JS, [kind, planted, CALL_LIMIT_MS]))[:200])
            except Exception as e:  # noqa: BLE001 - a broken page is a result
                run.results.append(f"error: {str(e).splitlines()[0][:200]}")
            last = n == len(loads) - 1
            _wait_quiet(net, first_tail, sdk.min_wait_s if last else LOAD_MIN_S, sdk.max_wait_s, LOAD_QUIET_S)
        try:
            page.goto("about:blank", wait_until="load", timeout=10_000)
        except Exception as e:  # noqa: BLE001
            run.console_errors.append(f"leaving the page: {str(e).splitlines()[0][:200]}")
        _wait_quiet(net, first_tail, 0.5, 8.0, LOAD_QUIET_S)
    finally:
        context.close()
    time.sleep(0.3)
    run.first = first_tail.read()
    run.last = last_tail.read()
    run.arrived = net.since(mark)
    run.seconds = round(time.monotonic() - started, 1)
    ok = sum(r == "ok" for r in run.results)
    name = "(blind)" if masked else sdk.slug
    log(f"  {proxy.mode:8} r{round_no} {name:13} {user:6} calls ok {ok}/{len(loads)} sent={len(run.first) if not masked else '-':>3} "
        f"{run.seconds:5.1f}s")
    return run


# ---------------------------------------------------------------------------------------------
# From visits to the ground truth (baseline) and the occurrences (guardian)


def _sdk_requests(visit: UserVisit) -> list[dict[str, Any]]:
    """The SDK's requests of a visit as sent (the harness's page and bundle loads, Chromium's own calls out)."""
    from .analysis import _is_browser_own, _is_infra

    return [x for x in visit.first if not _is_infra(x) and not _is_browser_own(x)]


def _sent_fields(line: dict[str, Any]) -> list[tuple[str, str, str]]:
    """field_values of a recorder line (as sent); the field keyed by host."""
    body = (line.get("body_latin1") or "").encode("latin-1")
    return [(f"{line['host'].lower()} {f}", ex, v) for f, ex, v in field_values(line["method"], line["path"], line["headers"], body)]


def field_key(sdk: Sdk, key: str, hide: bool) -> str:
    """The field's key in files and the report (hashed for a blind SDK unless revealed)."""
    if hide and sdk.blind:
        return "blind:" + hashlib.sha256(f"livebench-multiuser|{sdk.slug}|{key}".encode()).hexdigest()[:20]
    return key


def label_fields(visits: list[UserVisit], n_users: int) -> dict[str, str]:
    """{field: label} for one SDK from its baseline visits (every user's requests of all four loads)."""
    values: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for v in visits:
        for line in _sdk_requests(v):
            for key, _exact, value in _sent_fields(line):
                values[key][v.user].append(value)
    return {k: label_field(dict(by_user), n_users) for k, by_user in sorted(values.items())}


def _arrived_places(a: Arrived) -> dict[str, list[str]]:
    """{exact place: [values]} of an arrived request."""
    out: dict[str, list[str]] = defaultdict(list)
    for f, ex, val in field_values(a.method, a.target, a.headers, a.body):
        out[f"{a.host.lower()} {f}|{ex}"].append(val)
    return out


def tally_occurrences(visits: list[UserVisit], keys: set[str] | None = None) -> tuple[dict[str, Counter[str]], int]:
    """Per field (of `keys`; None: all): occurrences found/unchanged/blocked/lost/… in a guardian run; and how
    many SDK requests were recorded under another proxy user than the visit's (should be 0)."""
    tallies: dict[str, Counter[str]] = defaultdict(Counter)
    wrong_user = 0
    for v in visits:
        arrived = {a.flow_id: a for a in v.arrived if a.flow_id}
        after = {x["flow_id"]: x for x in v.last if x.get("event") == "request"}
        responses = {x["flow_id"]: x for x in v.last if x.get("event") == "response"}
        for line in _sdk_requests(v):
            if line.get("user") not in (None, v.user):
                wrong_user += 1
            fields = [(k, ex, val) for k, ex, val in _sent_fields(line) if (keys is None or k in keys) and id_shaped(val)]
            if not fields:
                continue
            a = arrived.get(line["flow_id"])
            places = _arrived_places(a) if a is not None else {}
            seen: Counter[str] = Counter()
            for key, exact, value in fields:
                t = tallies[key]
                t["sent"] += 1
                if a is None:
                    fate = after.get(line["flow_id"], {})
                    resp = responses.get(line["flow_id"], {})
                    blocked = fate.get("answered_by_proxy") or (resp and not resp.get("from_server"))
                    t["blocked" if blocked else "lost"] += 1
                    continue
                got = places.get(f"{key}|{exact}", [])
                i = seen[exact]
                seen[exact] += 1
                if i >= len(got):
                    t["removed"] += 1
                elif got[i] == value:
                    t["unchanged"] += 1
                else:
                    t["rewritten"] += 1
    return tallies, wrong_user


# ---------------------------------------------------------------------------------------------
# The report


def _pct(a: int, b: int) -> float | None:
    return round(100.0 * a / b, 1) if b else None


def score(truth: dict[str, dict[str, str]], observed: dict[str, dict[str, dict[str, int]]], sdks: list[Sdk],
          reveal_blind: bool) -> dict[str, Any]:
    """Join the ground truth ({sdk: {field: label}}) and the guardian run's tallies ({sdk: {field: counts}})."""
    per_sdk: dict[str, dict[str, Any]] = {}
    for s in sdks:
        labels = truth.get(s.slug)
        if labels is None:
            continue
        obs = observed.get(s.slug, {})
        classes = Counter(labels.values())
        found = total = blocked = lost = 0
        missed: dict[str, int] = {}
        const_rewritten: dict[str, int] = {}
        for key, label in labels.items():
            t = obs.get(key, {})
            if label == PER_USER:
                f = t.get("rewritten", 0) + t.get("removed", 0) + t.get("blocked", 0)
                found += f
                total += f + t.get("unchanged", 0)
                blocked += t.get("blocked", 0)
                lost += t.get("lost", 0)
                if t.get("unchanged"):
                    missed[key] = t["unchanged"]
            elif label == CONSTANT:
                r = t.get("rewritten", 0) + t.get("removed", 0)
                if r:
                    const_rewritten[key] = r
        row: dict[str, Any] = {
            "fields": {PER_USER: classes.get(PER_USER, 0), CONSTANT: classes.get(CONSTANT, 0), NEITHER: classes.get(NEITHER, 0)},
            "per_user_found": found, "per_user_total": total, "per_user_pct": _pct(found, total),
            "per_user_blocked": blocked, "per_user_lost": lost,
            "per_user_fields_unseen": sum(1 for k, lab in labels.items() if lab == PER_USER and not obs.get(k, {}).get("sent")),
            "constants_rewritten": sum(const_rewritten.values()),
        }
        if not s.blind or reveal_blind:
            row["per_user_id_fields"] = sorted(k for k, lab in labels.items() if lab == PER_USER)
            row["constant_fields"] = sorted(k for k, lab in labels.items() if lab == CONSTANT)
            row["missed"] = missed
            row["constants_rewritten_fields"] = const_rewritten
        per_sdk[s.slug] = row
    totals: dict[str, Any] = {}
    for name, members in (("dev", [s for s in sdks if not s.blind]), ("blind", [s for s in sdks if s.blind])):
        rows = [per_sdk[s.slug] for s in members if s.slug in per_sdk]
        t: dict[str, Any] = {"sdks": len(rows)}
        for k in (PER_USER, CONSTANT, NEITHER):
            t[f"fields_{k}"] = sum(r["fields"][k] for r in rows)
        for k in ("per_user_found", "per_user_total", "per_user_blocked", "per_user_lost", "constants_rewritten"):
            t[k] = sum(r[k] for r in rows)
        t["per_user_pct"] = _pct(t["per_user_found"], t["per_user_total"])
        t["sdks_with_per_user_ids"] = sum(1 for r in rows if r["fields"][PER_USER])
        if name == "dev" or reveal_blind:
            t["constants_rewritten_fields"] = sorted(f"{s.slug}: {k}" for s in members if s.slug in per_sdk
                                                     for k in per_sdk[s.slug].get("constants_rewritten_fields", {}))
        totals[name] = t
    allrows = list(per_sdk.values())
    found = sum(r["per_user_found"] for r in allrows)
    total = sum(r["per_user_total"] for r in allrows)
    totals["all"] = {"per_user_found": found, "per_user_total": total, "per_user_pct": _pct(found, total),
                     "constants_rewritten": sum(r["constants_rewritten"] for r in allrows)}
    shown = {slug: row for slug, row in per_sdk.items() if reveal_blind or not next(s for s in sdks if s.slug == slug).blind}
    return {"per_sdk": shown, "totals": totals}


def markdown_multiuser(mu: dict[str, Any]) -> str:
    """The multi-user tables: per dev SDK, then per set."""
    rounds = mu.get("rounds", 1) or 1
    lines = [f"### multi-user: {mu['users']} proxy users, each page loaded twice per user"
             + (f", {rounds} rounds (this table: all rounds added up)" if rounds > 1 else ""), ""]
    sc = mu.get("score")
    truth_counts = mu.get("truth_counts", {})
    if sc is None:
        lines.append("(no score: the guardian run or the ground truth is missing)")
        lines.append("")
        if truth_counts:
            lines.append("| SDK | per-user id fields | constant fields | neither |")
            lines.append("|---|---|---|---|")
            for slug, c in truth_counts.items():
                lines.append(f"| {slug} | {c.get(PER_USER, 0)} | {c.get(CONSTANT, 0)} | {c.get(NEITHER, 0)} |")
        return "\n".join(lines)
    lines += ["| SDK | per-user id fields | constant fields | neither | per-user id occurrences found | % | "
              "constants rewritten | notes |", "|---|---|---|---|---|---|---|---|"]
    for slug, r in sc["per_sdk"].items():
        notes = []
        if r.get("missed"):
            notes.append("unchanged: " + ", ".join(f"{k} ({n})" for k, n in r["missed"].items())[:200])
        if r.get("constants_rewritten_fields"):
            notes.append("constants rewritten: " + ", ".join(r["constants_rewritten_fields"])[:200])
        if r["per_user_blocked"]:
            notes.append(f"{r['per_user_blocked']} found by a block")
        if r["per_user_lost"]:
            notes.append(f"{r['per_user_lost']} lost")
        pct = "" if r["per_user_pct"] is None else f"{r['per_user_pct']}"
        lines.append(f"| {slug} | {r['fields'][PER_USER]} | {r['fields'][CONSTANT]} | {r['fields'][NEITHER]} | "
                     f"{r['per_user_found']}/{r['per_user_total']} | {pct} | {r['constants_rewritten']} | {'; '.join(notes)} |")
    lines += ["", "| set | SDKs | with per-user ids | per-user id fields | constant fields | neither | "
              "per-user id occurrences found | % | constants rewritten |", "|---|---|---|---|---|---|---|---|---|"]
    for name in ("dev", "blind"):
        t = sc["totals"][name]
        if not t["sdks"]:
            continue
        lines.append(f"| {name} | {t['sdks']} | {t['sdks_with_per_user_ids']} | {t[f'fields_{PER_USER}']} | "
                     f"{t[f'fields_{CONSTANT}']} | {t[f'fields_{NEITHER}']} | {t['per_user_found']}/{t['per_user_total']} | "
                     f"{t['per_user_pct']} | {t['constants_rewritten']} |")
    lines += ["", "Found: arrived rewritten (swapped in format, masked), removed, or blocked; % of found + unchanged "
              "(lost requests left out). Labels from the baseline run (README: multi-user mode)."]
    if mu.get("rounds_compared"):
        lines += ["", markdown_rounds(mu["rounds_compared"], mu.get("rounds", 0))]
    return "\n".join(lines)


def markdown_rounds(cmp: dict[str, Any], rounds: int) -> str:
    """Round 1 beside the last round (the table above adds all rounds up)."""
    a, b = cmp["first"], cmp["last"]

    def cell(c: dict[str, Any]) -> str:
        pct = "-" if c["per_user_pct"] is None else f"{c['per_user_pct']}%"
        return f"{c['per_user_found']}/{c['per_user_total']} ({pct})"

    lines = [f"### rounds: {rounds} passes against the same proxies; round {a} beside round {b}", "",
             f"| SDK / set | found, round {a} | found, round {b} | constants rewritten, round {a} | "
             f"constants rewritten, round {b} | unchanged in round {b} |", "|---|---|---|---|---|---|"]
    for slug, r in cmp["per_sdk"].items():
        missed = ", ".join(f"{k} ({n})" for k, n in (r.get("last_missed") or {}).items())[:300]
        lines.append(f"| {slug} | {cell(r['first'])} | {cell(r['last'])} | {r['first']['constants_rewritten']} | "
                     f"{r['last']['constants_rewritten']} | {missed} |")
    for name, r in cmp["totals"].items():
        lines.append(f"| **{name}** | {cell(r['first'])} | {cell(r['last'])} | {r['first']['constants_rewritten']} | "
                     f"{r['last']['constants_rewritten']} | |")
    lines += ["", "Each round scored alone against the labels of all the baseline's rounds."]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# The whole run (bench.run_bench calls this when --users N > 1)


def run_modes(cfg: Any, net: FakeNet, ca: Any, chromium: str, group: Any, bundles: dict[str, Path]) -> dict[str, dict[str, list[UserVisit]]]:
    """Every mode: one mitmdump (proxyauth for user1..userN), one Chromium, the visits interleaved;
    with `cfg.rounds` R > 1 the whole sequence R times against the same mitmdump (what it learnt
    stays), each visit a fresh context, each user with the same planted user id in every round."""
    from playwright.sync_api import sync_playwright

    from .browser import launch
    from .proxy import start_proxy

    names = users(cfg.users)
    rounds = max(1, int(getattr(cfg, "rounds", 1)))
    htpasswd = write_htpasswd(cfg.out / "work" / "htpasswd", names)
    out: dict[str, dict[str, list[UserVisit]]] = {}
    for mode in cfg.modes:
        proxy = start_proxy(mode, cfg.out / "work" / mode, cfg.out / "mitmconf", ca.ca_pem, net.port, group,
                            trackers=cfg.trackers, mitmdump=cfg.mitmdump, htpasswd=htpasswd)
        cfg.log(f"[{mode}] mitmdump on 127.0.0.1:{proxy.port}, {len(names)} proxy users")
        out[mode] = {}
        try:
            with sync_playwright() as pw:
                browser = launch(pw, chromium, proxy.port, proxy.ca_cert, cfg.out / "work" / "profile")
                try:
                    for r in range(1, rounds + 1):
                        if rounds > 1:
                            cfg.log(f"[{mode}] round {r}/{rounds}")
                        for sdk in cfg.sdks:
                            if sdk.slug not in bundles:
                                continue
                            out[mode].setdefault(sdk.slug, [])
                            for i, user in enumerate(names):
                                if not proxy.alive():
                                    raise RuntimeError(f"mitmdump died; see {proxy.log}")
                                v = visit_user(browser, proxy, net, sdk, user, i, cfg.log,
                                               masked=sdk.blind and not cfg.reveal_blind, round_no=r)
                                out[mode][sdk.slug].append(v)
                                if not sdk.blind or cfg.keep_blind_raw:
                                    folder = cfg.out / "raw" / "multiuser" / mode / sdk.slug
                                    folder.mkdir(parents=True, exist_ok=True)
                                    name = f"{user}.json" if rounds == 1 else f"{user}.r{r}.json"
                                    (folder / name).write_text(json.dumps(v.as_json(), indent=1))
                finally:
                    browser.close()
        finally:
            group.stop(proxy.process)
    return out


def _visit_stats(visits: dict[str, list[UserVisit]], sdks: list[Sdk], reveal_blind: bool) -> dict[str, Any]:
    """Calls that returned ok, SDK requests sent, per SDK (dev) and per set."""
    rows: dict[str, dict[str, int]] = {}
    for s in sdks:
        vs = visits.get(s.slug)
        if not vs:
            continue
        rows[s.slug] = {"calls_ok": sum(r == "ok" for v in vs for r in v.results),
                        "calls": sum(len(v.results) for v in vs),
                        "sent": sum(len(_sdk_requests(v)) for v in vs),
                        "arrived": sum(1 for v in vs for x in _sdk_requests(v)
                                       if x["flow_id"] in {a.flow_id for a in v.arrived}),
                        "wrong_user": sum(1 for v in vs for x in _sdk_requests(v) if x.get("user") not in (None, v.user)),
                        "no_user": sum(1 for v in vs for x in _sdk_requests(v) if x.get("user") is None)}
    out: dict[str, Any] = {"per_sdk": {k: r for k, r in rows.items()
                                       if reveal_blind or not next(s for s in sdks if s.slug == k).blind}}
    for name, members in (("dev", [s for s in sdks if not s.blind]), ("blind", [s for s in sdks if s.blind])):
        rs = [rows[s.slug] for s in members if s.slug in rows]
        out[name] = {k: sum(r[k] for r in rs) for k in ("calls_ok", "calls", "sent", "arrived", "wrong_user", "no_user")}
    return out


def build(cfg: Any, visits: dict[str, dict[str, list[UserVisit]]], truth_file: Path | None) -> dict[str, Any]:
    """Ground truth (baseline), tallies (guardian), the score; writes the truth and observation files."""
    hide = not cfg.reveal_blind
    by_slug = {s.slug: s for s in cfg.sdks}
    mu: dict[str, Any] = {"users": cfg.users, "modes": list(visits), "reveal_blind": cfg.reveal_blind,
                          "visits": {m: _visit_stats(v, cfg.sdks, cfg.reveal_blind) for m, v in visits.items()}}
    truth: dict[str, dict[str, str]] | None = None
    if "baseline" in visits:
        truth = {}
        for slug, vs in visits["baseline"].items():
            labels = label_fields(vs, cfg.users)
            truth[slug] = {field_key(by_slug[slug], k, hide): lab for k, lab in labels.items()}
        (cfg.out / "multiuser_truth.json").write_text(json.dumps(
            {"users": cfg.users, "hidden_blind": hide, "sdks": truth}, indent=1))
    elif truth_file is not None:
        data = json.loads(truth_file.read_text())
        if data.get("hidden_blind") != hide:
            raise SystemExit(f"{truth_file}: written with{'out' if not data.get('hidden_blind') else ''} --reveal-blind; use the same here")
        truth = data["sdks"]
        mu["truth_from"] = str(truth_file)
    if truth is not None:
        mu["truth_counts"] = {slug: dict(Counter(labels.values())) for slug, labels in truth.items()
                              if cfg.reveal_blind or not by_slug[slug].blind} if truth else {}
    observed: dict[str, dict[str, dict[str, int]]] | None = None
    observed_rounds: dict[str, dict[str, dict[str, dict[str, int]]]] = {}
    if "guardian" in visits:
        observed = {}
        wrong = 0
        for slug, vs in visits["guardian"].items():
            wanted = None
            if truth is not None:
                wanted = {k for k, lab in truth.get(slug, {}).items() if lab != NEITHER}
            for r in sorted({v.round for v in vs}):
                tallies, w = tally_occurrences([v for v in vs if v.round == r], None)
                wrong += w
                observed_rounds.setdefault(str(r), {})[slug] = {
                    field_key(by_slug[slug], k, hide): dict(c) for k, c in tallies.items()
                    if wanted is None or field_key(by_slug[slug], k, hide) in wanted}
            observed[slug] = merge_tallies([rows.get(slug, {}) for rows in observed_rounds.values()])
        (cfg.out / "multiuser_observed.json").write_text(json.dumps(
            {"users": cfg.users, "rounds": len(observed_rounds) or 1, "hidden_blind": hide, "sdks": observed,
             "by_round": observed_rounds}, indent=1))
    elif getattr(cfg, "rescore", False) and (cfg.out / "multiuser_observed.json").exists():
        data = json.loads((cfg.out / "multiuser_observed.json").read_text())
        observed = data["sdks"]
        observed_rounds = data.get("by_round") or {"1": observed}
    mu["rounds"] = len(observed_rounds) or getattr(cfg, "rounds", 1)
    if truth is not None and observed is not None:
        sdks = [s for s in cfg.sdks if s.slug in truth]
        mu["score"] = score(truth, observed, sdks, cfg.reveal_blind)
        if len(observed_rounds) > 1:
            mu["score_by_round"] = {r: score(truth, obs, sdks, cfg.reveal_blind)
                                    for r, obs in sorted(observed_rounds.items(), key=lambda kv: int(kv[0]))}
            mu["rounds_compared"] = compare_rounds(mu["score_by_round"])
    return mu


def merge_tallies(rows: list[dict[str, dict[str, int]]]) -> dict[str, dict[str, int]]:
    """Field tallies of several rounds added up ({field: counts})."""
    out: dict[str, Counter[str]] = defaultdict(Counter)
    for row in rows:
        for key, counts in row.items():
            out[key].update(counts)
    return {k: dict(c) for k, c in out.items()}


def compare_rounds(by_round: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Round 1 beside the last round: found %, found/total and constants rewritten, per set and per SDK."""
    order = sorted(by_round, key=int)
    first, last = order[0], order[-1]

    def cells(row: dict[str, Any]) -> dict[str, Any]:
        return {"per_user_found": row["per_user_found"], "per_user_total": row["per_user_total"],
                "per_user_pct": row["per_user_pct"], "constants_rewritten": row["constants_rewritten"]}

    out: dict[str, Any] = {"first": int(first), "last": int(last), "totals": {}, "per_sdk": {}}
    for name in ("dev", "blind", "all"):
        a, b = by_round[first]["totals"].get(name), by_round[last]["totals"].get(name)
        if a is not None and b is not None and (name == "all" or a.get("sdks")):
            out["totals"][name] = {"first": cells(a), "last": cells(b)}
    for slug, b in by_round[last]["per_sdk"].items():
        a = by_round[first]["per_sdk"].get(slug)
        if a is None:
            continue
        row: dict[str, Any] = {"first": cells(a), "last": cells(b)}
        if "missed" in b:
            row["last_missed"] = b["missed"]
            row["last_constants_rewritten_fields"] = b.get("constants_rewritten_fields", {})
        out["per_sdk"][slug] = row
    return out
