"""Did a request arrive as the client sent it? Identical, ids swapped in their format, or changed.

Compared: method, host, path and query, body, and headers other than hop-by-hop ones, Host,
Content-Length and the bench's own tag (HTTP/2 to HTTP/1.1 conversion by mitmproxy changes
those, and only those). A difference counts as an *id swap* (intact) when both sides have the
same length and every changed character sits in an id-like token (a run of letters, digits, `_`
and `-`, or a base64 run that also takes `+`, `/` and `=`, of 8+ characters holding a digit, or of
16+ characters with both letter cases) and keeps its class: digits stay digits and letters
stay letters, except in a hex token (hex digits of one letter case with at least one letter, as
in a UUID or a hash), where any hex digit may take any other's place; separators are unchanged.
A swap counts only where the field's key names an id (`id`, `uid`, `userId`, `anonymous_id`,
`device`, `visitor`, `session`, a cookie's name with one of these ...): a long token under any
other key that the proxy rewrote in its format (a key, a signature, a hash of the page) was
changed, whatever the proxy's own rule took it for; a value that is a UUID as a whole (8-4-4-4-12
hex digits, or one with a count or a time in digits joined to it) is an id under any key, as its
format says (Bugfender logs the id of the issue it made as a log line's text; Zipy sends its
session id in a query parameter `p`). A URL path is compared percent-decoded (RevenueCat's
`%24RCAnonymousID%3A<hex>`: "%3A" would join the id to the colon's code). A query parameter or a header that is base64
(plain or compressed) of JSON, as Pendo's `jzb` and Sensors Data's `data` are, is judged leaf by
leaf under its keys. Anything else is *changed*, reported by field path (JSON body, form or query
field, header name) or byte offset.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from .planted import decompress

__all__ = ["Comparison", "compare_request", "same_shape_swap"]

IGNORED_HEADERS = {
    "connection", "keep-alive", "proxy-connection", "proxy-authorization", "te", "trailer", "trailers",
    "transfer-encoding", "upgrade", "content-length", "host", "x-livebench-flow",
}
_HEX = set("0123456789abcdefABCDEF")
ID_WITHOUT_DIGIT_MIN = 16  # a random id this long may lack a digit; a word this long has one case
# a UUID, alone or with a count or a time in digits joined to it (Zipy's "<uuid>-1796152628")
_UUID = re.compile(r"(?:[0-9]{1,20}[-_.:])?(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|"
                   r"[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12})(?:[-_.:][0-9]{1,20})?")


@dataclass
class Comparison:
    """The verdict on one request: `identical`, `id_swapped`, `reencoded` or `changed`."""

    status: str
    changes: list[str] = field(default_factory=list)
    swaps: list[str] = field(default_factory=list)

    @property
    def intact(self) -> bool:
        """Identical, or only ids swapped in their format, or the same content re-compressed."""
        return self.status in ("identical", "id_swapped", "reencoded")


def _cls(ch: str) -> str:
    """Character class: d(igit), l(etter) or the character itself (a separator)."""
    if ch.isdigit():
        return "d"
    if ch.isalpha():
        return "l"
    return ch


def _id_char(c: str) -> bool:
    """A character that can be part of an id token (base64's "+" too: "fiJZr+CqZDVpx5W0s8UA1e")."""
    return c.isalnum() or c in "_-+"


def _b64_char(c: str) -> bool:
    """A character of a base64 id: App Insights' `newId` draws 22 of "A-Za-z0-9+/"."""
    return c.isalnum() or c in "_-+/="


def _token(s: str, i: int, part: Callable[[str], bool] = _id_char) -> tuple[int, int]:
    """Bounds of the id-like token (characters for which `part` holds) around position i."""
    a = i
    while a > 0 and part(s[a - 1]):
        a -= 1
    b = i
    while b < len(s) and part(s[b]):
        b += 1
    return a, b


def _is_hex_token(tok: str) -> bool:
    """All letters and digits are hex digits of one case, with at least one letter (a UUID, a hash)."""
    chars = [c for c in tok if c.isalnum()]
    if not chars or not all(c in _HEX for c in chars):
        return False
    letters = [c for c in chars if c.isalpha()]
    return bool(letters) and (all(c.islower() for c in letters) or all(c.isupper() for c in letters))


def _id_like(tok: str) -> bool:
    """Long enough, and not a word: a digit in it, or 16+ characters of both letter cases
    (a random base64 id has no digit about one time in 40)."""
    if len(tok) < 8:
        return False
    if any(c.isdigit() for c in tok):
        return True
    return len(tok) >= ID_WITHOUT_DIGIT_MIN and any(c.islower() for c in tok) and any(c.isupper() for c in tok)


def _token_swapped(old: str, new: str) -> bool:
    """`new` is an id of the same format as the id-like token `old` (same length assumed)."""
    if not _id_like(old):
        return False
    for x, y in zip(old, new):
        if x != y and not (x.isalnum() and y.isalnum()):
            return False  # separators stay where they are
    if _is_hex_token(old):  # a UUID or hash: any hex digit for any, in the same letter case
        lower = any(c.islower() for c in old)
        return all(c in _HEX and (c.isdigit() or c.islower() == lower) for c in new if c.isalnum())
    return all(x == y or _cls(x) == _cls(y) for x, y in zip(old, new))


def same_shape_swap(a: str, b: str) -> list[str] | None:
    """The swapped tokens' spans ("start:end") when `b` is `a` with ids swapped in format, else None."""
    if len(a) != len(b) or a == b:
        return None
    for part in (_id_char, _b64_char):  # a base64 id's "/" splits it under the first reading only
        spans = _swapped_spans(a, b, part)
        if spans is not None:
            return [f"{s}:{e}" for s, e in sorted(spans)]
    return None


def _swapped_spans(a: str, b: str, part: Callable[[str], bool]) -> set[tuple[int, int]] | None:
    """The tokens (by `part`) that differ, when each is an id swapped in its format; else None."""
    spans: set[tuple[int, int]] = set()
    for i, (x, y) in enumerate(zip(a, b)):
        if x == y:
            continue
        if not (x.isalnum() and y.isalnum()):
            return None
        spans.add(_token(a, i, part))
    for ta, tb in spans:
        if _token(b, ta, part) != (ta, tb) or not _token_swapped(a[ta:tb], b[ta:tb]):
            return None
    return spans


def _headers(h: list[tuple[str, str]] | list[list[str]]) -> dict[str, list[str]]:
    """Header values by lower-case name, cookies split into pairs (h2 sends them apart, h1 joined)."""
    out: dict[str, list[str]] = {}
    for k, v in h:
        name = k.lower()
        if name in IGNORED_HEADERS:
            continue
        if name == "cookie":
            out.setdefault(name, []).extend(p.strip() for p in v.split(";") if p.strip())
        else:
            out.setdefault(name, []).append(v)
    return {k: sorted(v) for k, v in out.items()}


def _json_paths(a: Any, b: Any, path: str, out: list[tuple[str, Any, Any]]) -> None:
    """Leaf paths where two JSON values differ: (path, old, new)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                out.append((f"{path}.{k}", a.get(k, "<absent>"), b.get(k, "<absent>")))
            else:
                _json_paths(a[k], b[k], f"{path}.{k}", out)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            _json_paths(x, y, f"{path}[{i}]", out)
    elif a != b:
        out.append((path, a, b))


# The last key of a field's label ("json$.user.anonymousId", "query:uid", "cookie:_ga", "json$.ids[0]")
_LAST_KEY = re.compile(r"([A-Za-z0-9_$\-]+)(?:\[\d+\])*$")
# Beside the words, vendors' documented keys: Dynatrace OpenKit's beacon "vi" (its visitor id),
# Piano Analytics' "idclient" (its visitor id) and GrowthBook's "hashValue" (the value of the
# experiment's hash attribute, the user's or the device's id).
_ID_WORDS = re.compile(r"(?:^|_)(?:id|ids|identifier|uid|uuid|guid|cid|sid|vid|did|fp|user|users|visitor|device|anonymous|anon|"
                       r"distinct|session|sessions|client|browser|fingerprint|ga|fbp|ajs|vi|idclient|hash_value)(?:_|$)|(?:id|uid|uuid|guid)$")


def id_key(label: str) -> bool:
    """Whether the field's last key names an id (its words, camel case split: `anonymousId`)."""
    m = _LAST_KEY.search(label)
    if m is None:
        return False
    key = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", m.group(1).lstrip("$")).lower().replace("-", "_")
    return bool(_ID_WORDS.search(key))


def _leaf_verdict(label: str, old: Any, new: Any, comp: Comparison) -> None:
    """Add one differing leaf to `comp`: a swap in format under a key that names an id (or of a
    value that is a UUID as a whole), or a change."""
    if not id_key(label) and not (isinstance(old, str) and _UUID.fullmatch(old)):
        comp.changes.append(label)
        return
    if isinstance(old, str) and isinstance(new, str):
        spans = same_shape_swap(old, new)
        if spans is not None:
            comp.swaps.append(label)
            return
    elif isinstance(old, (int, float)) and isinstance(new, (int, float)) and not isinstance(old, bool):
        spans = same_shape_swap(str(old), str(new))
        if spans is not None:
            comp.swaps.append(label)
            return
    comp.changes.append(label)


def _pairs_diff(prefix: str, a: list[tuple[str, str]], b: list[tuple[str, str]], comp: Comparison) -> None:
    """Differences between two lists of (name, value) pairs (a query string, a form)."""
    if [k for k, _ in a] != [k for k, _ in b]:
        comp.changes.append(f"{prefix}:<fields added/removed/reordered>")
        return
    paths: list[tuple[str, Any, Any]]
    for (k, va), (_, vb) in zip(a, b):
        if va == vb:
            continue
        pa, pb = _packed_json(va, any_start=True), _packed_json(vb, any_start=True)
        if pa is not None and pb is not None:  # base64 (compressed) JSON: judged leaf by leaf, by its keys
            paths = []
            _json_paths(pa, pb, f"{prefix}:{k}|b64$", paths)
            for p, old, new in paths:
                _leaf_verdict(p, old, new, comp)
            continue
        if va.lstrip()[:1] not in ("{", "[") or vb.lstrip()[:1] not in ("{", "["):
            # a scalar ("440218210.1795976158", GA's client id) is judged as itself under its key,
            # not as a JSON number under a path that no longer names it
            _leaf_verdict(f"{prefix}:{k}", va, vb, comp)
            continue
        try:
            ja, jb = json.loads(va), json.loads(vb)
        except ValueError:
            _leaf_verdict(f"{prefix}:{k}", va, vb, comp)
            continue
        paths = []
        _json_paths(ja, jb, f"{prefix}:{k}$", paths)
        for p, old, new in paths:
            _leaf_verdict(p, old, new, comp)


def _body_diff(a: bytes, b: bytes, encoding: str, comp: Comparison) -> None:
    """Differences between two bodies: by JSON path, form field, or byte offsets."""
    da, db = a, b
    if encoding or a[:2] == b"\x1f\x8b":
        ia, ib = decompress(a, encoding), decompress(b, encoding)
        if ia is not None and ib is not None:
            da, db = ia[1], ib[1]
            if da == db:
                comp.swaps.append("body:<re-compressed, same content>")
                return
    ta, tb = da.decode("utf-8", errors="replace"), db.decode("utf-8", errors="replace")
    try:
        ja, jb = json.loads(ta), json.loads(tb)
    except ValueError:
        ja = jb = None
    if ja is not None:
        paths: list[tuple[str, Any, Any]] = []
        _json_paths(ja, jb, "body:$", paths)
        for p, old, new in paths:
            _leaf_verdict(p, old, new, comp)
        return
    if "=" in ta and "\n" not in ta.strip() and " " not in ta:
        _pairs_diff("form", parse_qsl(ta, keep_blank_values=True), parse_qsl(tb, keep_blank_values=True), comp)
        return
    spans = same_shape_swap(ta, tb)
    if spans is not None:
        comp.swaps.extend(f"body@{s}" for s in spans)
        return
    offsets = [i for i, (x, y) in enumerate(zip(da, db)) if x != y]
    first = offsets[0] if offsets else min(len(da), len(db))
    comp.changes.append(f"body@{first} ({len(da)}->{len(db)} bytes, {len(offsets)} bytes differ)")


def _packed_json(value: str, *, any_start: bool = False) -> dict[str, Any] | list[Any] | None:
    """A header value that is base64 (standard or URL-safe, padded or not) of one JSON object,
    opened as the proxy's codec opens one (`guardian.codecs.base64_.open_base64`). `any_start`:
    a query parameter, which may also be base64 of compressed JSON, or of a JSON array (Pendo's
    `jzb`, Sensors Data's `data`)."""
    from guardian.codecs.base64_ import open_base64

    if not (any_start or value.startswith("eyJ")) or len(value) > 16384:
        return None
    opened = open_base64(value)
    if opened is None:
        return None
    try:
        obj = json.loads(opened.text)
    except ValueError:
        return None
    return obj if isinstance(obj, dict) or (any_start and isinstance(obj, list)) else None


def compare_request(sent: dict[str, Any], method: str, host: str, target: str,
                    headers: list[tuple[str, str]], body: bytes) -> Comparison:
    """Compare the client's request (`sent`, a recorder line) with what arrived."""
    comp = Comparison("identical")
    if sent["method"] != method:
        comp.changes.append(f"method:{sent['method']}->{method}")
    if sent["host"].lower() != host.lower():
        comp.changes.append("host")
    if sent["path"] != target:
        ua, ub = urlsplit(sent["path"]), urlsplit(target)
        if ua.path != ub.path:
            spans = same_shape_swap(unquote(ua.path), unquote(ub.path))
            (comp.swaps if spans is not None else comp.changes).append("url:path")
        if ua.query != ub.query:
            _pairs_diff("query", parse_qsl(ua.query, keep_blank_values=True), parse_qsl(ub.query, keep_blank_values=True), comp)
    ha, hb = _headers(sent["headers"]), _headers(headers)
    for name in sorted(set(ha) | set(hb)):
        va, vb = ha.get(name), hb.get(name)
        if va == vb:
            continue
        if va is None or vb is None or len(va) != len(vb):
            comp.changes.append(f"header:{name}")
            continue
        for x, y in zip(va, vb):
            if x != y:  # a cookie pair is judged under the cookie's own name
                label = f"cookie:{x.partition('=')[0].strip()}" if name == "cookie" and "=" in x else f"header:{name}"
                px, py = _packed_json(x), _packed_json(y)
                if px is not None and py is not None:  # an SDK's packed JSON object: judged leaf by leaf, by its keys
                    paths: list[tuple[str, Any, Any]] = []
                    _json_paths(px, py, f"{label}|b64$", paths)
                    for p, old, new in paths:
                        _leaf_verdict(p, old, new, comp)
                    continue
                _leaf_verdict(label, x, y, comp)
    sent_body = (sent.get("body_latin1") or "").encode("latin-1")
    if sent_body != body:
        encoding = next((v for k, v in sent["headers"] if k.lower() == "content-encoding"), "")
        _body_diff(sent_body, body, encoding, comp)
    if comp.changes:
        comp.status = "changed"
    elif any(s == "body:<re-compressed, same content>" for s in comp.swaps) and len(comp.swaps) == 1:
        comp.status = "reencoded"
    elif comp.swaps:
        comp.status = "id_swapped"
    return comp
