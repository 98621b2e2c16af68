"""The URL path: segments that pack a payload, and `key=value` parameters that live in it.

Segments count from the path's start: `/a/b` is segment 1 = "a", segment 2 = "b" (segment 0 is
the empty text before the first "/"). Two things in a path become fields; a plain path
(`/api/v2/users/123`) gives none, so what the detector sees of ordinary requests does not change.

Path parameters, `path:N;KEY#i` (name KEY, value percent-decoded, `i` counting KEY within the
segment, as `query:KEY#i` counts it within the query):

    /activity;src=123;u1=jane%40x.org      path:1;src#0 = "123", path:1;u1#0 = "jane@x.org"
    /map/c=281/tpid=7206189466151837296    path:2;c#0 = "281", path:3;tpid#0 = "7206..."

A segment's text up to its first ";" is its name, a pair only when it is exactly `KEY=VALUE` with
a non-empty VALUE holding no "=" (so base64 with its "=" padding, `abc==`, stays a segment); each
";"-separated piece after it is a pair when it is `KEY=VALUE` (VALUE may be empty or hold "=";
Floodlight sends `;ord=;`). KEY is 1 to `MAX_KEY_CHARS` of [A-Za-z0-9_.-], read as written. Pieces
of any other shape (`;~oref=...`, `;1`) are not fields and stay as they are. At most
`MAX_PATH_PARAMS` pairs a path are read. A path without "=" costs one `find`.

Payload segments, `path:N|>...`: a segment (without parameters) that opens as something nested
(`nested.unwrap`: base64 JSON, a URL with a query) becomes the fields inside it.

Address segments, `path:N`: a segment (without parameters, packing nothing) that holds an e-mail
address, or is a phone number in E.164 (`/+14155550199/`), is a field as it is, the whole decoded
segment, so the address is found where REST APIs and trackers put it
(`/v1/users/jane.doe@example.org/traits`, `/u/jane.doe%40example.org`), at most `MAX_PATH_PARAMS`
of them. A segment with only an "@" and no address (`/@jane`, a handle) is not one, nor are
digits without the "+" (as often an id as a phone).

A write-back replaces only the edited value (or segment), re-escaping only what changed
(`_requote`); every other character of the URL is kept.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import unquote

from guardian.codecs._email import EMAIL_TEXT, may_hold_email
from guardian.codecs._requote import PATH_SAFE, requote_path
from guardian.codecs._splice import Located, splice
from guardian.codecs.nested import SEP, Budget, unwrap
from guardian.errors import EncodeError
from guardian.records import Field

__all__ = [
    "path_located",
    "path_params_located",
    "path_candidates",
    "path_fields",
    "encode_path",
    "MIN_SEGMENT_CHARS",
    "MAX_PATH_PARAMS",
    "MAX_KEY_CHARS",
    "PARAM_SAFE",
]

MIN_SEGMENT_CHARS = 12  # shorter segments are words and ids; the shortest payload, a URL, is 12
MAX_PATH_PARAMS = 128  # pairs read from one path; Floodlight: ~15 keys of its own + custom u1..u100
MAX_KEY_CHARS = 64  # a longer "key" is a blob with an "=" in it, not a parameter name
_KEY = re.compile(rf"[A-Za-z0-9_.\-]{{1,{MAX_KEY_CHARS}}}")
# What an edited parameter value may hold unescaped: a path segment's characters less ";" and "="
# (they would split the value into new pairs) and "+" (some servers read it as a space).
PARAM_SAFE = PATH_SAFE.replace(";", "").replace("=", "").replace("+", "")
_SEGMENT_SAFE = PATH_SAFE.replace("=", "")
_PREFIX = "path:"
_PARAM_MARK = ";"  # between the segment index and the key in a parameter's field path
_NO_SEGMENTS: frozenset[int] = frozenset()


def _path_span(url: str) -> tuple[int, int]:
    """Where the path sits in `url`: after the authority, before any `?` or `#`."""
    end = len(url)
    for mark in "?#":
        found = url.find(mark)
        if 0 <= found < end:
            end = found
    scheme = url.find("://", 0, end)
    start = 0 if scheme < 0 else url.find("/", scheme + 3, end)
    return (end, end) if start < 0 else (start, end)


def _decoded(raw: str) -> str:
    """A path's percent-decoding: "+" is itself, bytes that are not UTF-8 survive as surrogates."""
    return unquote(raw, errors="surrogateescape") if "%" in raw else raw


def path_located(url: str) -> list[Located]:
    """Every path segment as a field `path:N` (percent-decoded) with its raw span in `url`."""
    start, end = _path_span(url)
    located: list[Located] = []
    pos = start
    for index, raw in enumerate(url[start:end].split("/")):
        located.append(Located(Field(f"{_PREFIX}{index}", "", _decoded(raw)), pos, pos + len(raw)))
        pos += len(raw) + 1
    return located


def _segment_params(segment: str, index: int, offset: int, room: int) -> list[Located]:
    """The `KEY=VALUE` pairs of one segment (at `offset` in the URL), at most `room` of them."""
    located: list[Located] = []
    seen: dict[str, int] = {}
    pos = offset
    for number, piece in enumerate(segment.split(_PARAM_MARK)):
        if len(located) >= room:
            break
        key, eq, raw = piece.partition("=")
        # The segment's name is a pair only when nothing else could read it: not "", not "a==".
        strict_ok = number > 0 or (raw != "" and "=" not in raw)
        if eq and strict_ok and _KEY.fullmatch(key):
            count = seen[key] = seen.get(key, -1) + 1
            value_start = pos + len(key) + 1
            field = Field(f"{_PREFIX}{index}{_PARAM_MARK}{key}#{count}", key, _decoded(raw))
            located.append(Located(field, value_start, value_start + len(raw)))
        pos += len(piece) + 1
    return located


def _params_by_segment(url: str, start: int, end: int) -> list[tuple[int, Located]]:
    """(segment index, located pair) for every parameter of the path at [start, end)."""
    if url.find("=", start, end) < 0:  # every pair has one: an ordinary path stops here
        return []
    found: list[tuple[int, Located]] = []
    pos = start
    for index, segment in enumerate(url[start:end].split("/")):
        if "=" in segment:
            room = MAX_PATH_PARAMS - len(found)
            found += [(index, loc) for loc in _segment_params(segment, index, pos, room)]
            if len(found) >= MAX_PATH_PARAMS:
                break
        pos += len(segment) + 1
    return found


def path_params_located(url: str) -> list[Located]:
    """Every path parameter as a field `path:N;KEY#i` (value percent-decoded) with its raw span."""
    return [loc for _, loc in _params_by_segment(url, *_path_span(url))]


def _candidates(url: str, start: int, end: int, skip: frozenset[int]) -> list[Field]:
    """The segments of the path at [start, end) long enough to pack a payload, less `skip`; a
    field is built only for those, since every request's path passes here."""
    if end - start < MIN_SEGMENT_CHARS:
        return []
    return [
        Field(f"{_PREFIX}{index}", "", _decoded(raw))
        for index, raw in enumerate(url[start:end].split("/"))
        if len(raw) >= MIN_SEGMENT_CHARS and index not in skip
    ]


def path_candidates(url: str, skip: frozenset[int] = _NO_SEGMENTS) -> list[Field]:
    """The segments long enough to pack a payload (less those in `skip`); the cheap filter before
    any decoder."""
    return _candidates(url, *_path_span(url), skip)


# A whole segment that is a phone number in E.164 (ITU-T E.164: "+", then up to 15 digits; the
# "+" written or escaped), `/users/+14155550199/`. Digits alone are ids as often as phones.
_E164 = re.compile(r"(?:\+|%2[Bb])[1-9][0-9]{6,14}")


def _address_segments(url: str, start: int, end: int, skip: frozenset[int]) -> list[Field]:
    """The segments of the path at [start, end) that hold an e-mail address or are an E.164
    phone number, less `skip`, each as one field `path:N`; a path with no "@" and no "+"
    (written or escaped) costs a few `find`s."""
    emails = url.find("@", start, end) >= 0 or url.find("%40", start, end) >= 0
    phones = url.find("+", start, end) >= 0 or url.find("%2", start, end) >= 0
    if not emails and not phones:
        return []
    fields: list[Field] = []
    for index, raw in enumerate(url[start:end].split("/")):
        if index in skip:
            continue
        if (emails and may_hold_email(raw) and EMAIL_TEXT.search(_decoded(raw))) or (phones and _E164.fullmatch(raw)):
            fields.append(Field(f"{_PREFIX}{index}", "", _decoded(raw)))
            if len(fields) >= MAX_PATH_PARAMS:  # bounded as the parameters are
                break
    return fields


def _opened(fields: list[Field]) -> frozenset[int]:
    """The segment indexes that nested fields came out of (`path:N|>...`)."""
    return frozenset(int(f.path[len(_PREFIX) : f.path.index(SEP)]) for f in fields if SEP in f.path)


def path_fields(url: str, budget: Budget) -> list[Field]:
    """What the path of `url` carries: its parameters (their values unwrapped when they pack
    something), the fields inside segments that pack a payload, and segments that hold an e-mail
    address."""
    start, end = _path_span(url)
    params = _params_by_segment(url, start, end)
    if not params:  # the common case: nothing to unwrap, no segment to leave out
        fields = [f for f in unwrap(_candidates(url, start, end, _NO_SEGMENTS), budget) if SEP in f.path]
        return fields + _address_segments(url, start, end, _opened(fields))
    fields = unwrap([loc.field for _, loc in params], budget)
    # A segment with parameters is read as its pairs only, so no two fields share a span.
    taken = frozenset(index for index, _ in params)
    opened = [f for f in unwrap(_candidates(url, start, end, taken), budget) if SEP in f.path]
    return fields + opened + _address_segments(url, start, end, taken | _opened(opened))


def _render(url: str, loc: Located, value: str) -> str:
    """The raw text for `value` over the span of `loc`: a parameter value must not gain a ";",
    "=" or "/" that would change how the path splits."""
    raw = url[loc.start : loc.end]
    if _PARAM_MARK in loc.field.path:
        safe = PARAM_SAFE
    elif "=" not in raw:  # a segment with no "=" must not gain one: it would read as a KEY=VALUE pair
        safe = _SEGMENT_SAFE
    else:
        safe = PATH_SAFE
    return requote_path(raw, loc.field.value, value, safe)


def encode_path(url: str, edits: Mapping[str, str]) -> str:
    """`url` with the edited path segments and parameters written back, every other character
    kept; `EncodeError` for an unknown path or two edits of the same characters."""
    if not edits:
        return url
    located = path_located(url)
    if any(_PARAM_MARK in path for path in edits):
        located += path_params_located(url)
    by_path = {loc.field.path: loc for loc in located}
    spans = sorted((by_path[p].start, by_path[p].end, p) for p in edits if p in by_path)
    for (_, end, first), (start, _, second) in zip(spans, spans[1:]):
        if start < end:  # a segment and one of its parameters: splicing both would garble it
            raise EncodeError(f"cannot write both {first!r} and {second!r}: they overlap")
    return splice(url, located, edits, lambda loc, value: _render(url, loc, value))
