"""Request headers that carry an e-mail address: `header:NAME#i` fields, written back in place.

Browsers' own headers carry no address, but apps and SDKs add their own (`X-User-Email`,
`X-Customer: jane@x.org`), and HTTP has one for it: `From` (RFC 9110 section 10.1.2). The
`Referer` of a page whose URL holds the address (`/account?email=jane@x.org`) carries it to every
third party the page calls where the site's Referrer-Policy sends the full URL
(`no-referrer-when-downgrade`, `unsafe-url`); read as a URL, only the address in its path, query
or fragment is rewritten, never its host.

A header is a field when its value holds an address (`_email.EMAIL_TEXT`, written or
percent-encoded) or is a base64 JSON object (`eyJ...`, an SDK's packed user, which the field's
nested layer opens as it opens one anywhere) or an unsecured JWT (its claims opened the same way),
or when its name says it carries a person's or a device's id (`X-Engagespot-User-Id: usr_8f3k`,
read as a key `user_id` is), so every other request reads no header and its decision does not
change. A
value that percent-encodes (W3C `baggage: user=jane%40x.org`) is read decoded, and written back
with its own escapes kept where nothing changed and `,;=` escaped in what did; a URL (a Referer)
is read as written, for the URL layer to open. NAME
is the header's name in lower case (HTTP names are case-insensitive; the field-name hints read
`x-user-email` as they read `user_email`), `i` counts the headers of that name.

Not read, whatever they hold:
- credentials (`Authorization`, `Proxy-Authorization`): a login must reach its service as sent;
- `Cookie`, which `cookie.py` reads pair by pair;
- `Host`, `Origin`: where the request goes and comes from, which the context stage reads;
- `User-Agent`: the software's name (a crawler's contact address is not its user's).

A value longer than `MAX_HEADER_CHARS` is not read (no client sends one; a server would refuse
it), and at most `MAX_HEADER_FIELDS` headers a request are. A write-back replaces only the edited
value; a new value with a line break or another control character is refused (`EncodeError`),
since it would split the header.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import unquote

from guardian.codecs._email import EMAIL_TEXT, may_hold_email
from guardian.codecs._requote import requote_path
from guardian.codecs.base64_ import open_base64
from guardian.codecs.nested import unsecured_jwt_claims
from guardian.errors import EncodeError
from guardian.records import Field, HttpRequest

__all__ = ["HEADER_PREFIX", "MAX_HEADER_CHARS", "MAX_HEADER_FIELDS", "NOT_READ", "decode_headers", "encode_headers"]

HEADER_PREFIX = "header:"
MAX_HEADER_CHARS = 16 * 1024  # larger than any client's header; servers cap them at 8-16 KB
MAX_HEADER_FIELDS = 32  # headers read from one request; an app sends one or two
NOT_READ = frozenset(
    {"authorization", "proxy-authorization", "cookie", "host", "origin", "user-agent"}
)
# What an edited percent-encoded value may hold unescaped: baggage's own separators are escaped.
_ENCODED_SAFE = "!#$&'()*+-./:<>?@[]^_`{|}~"
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://")
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")  # a header value's forbidden characters (tab is allowed)
# base64(url) of a JSON object ('{"' encodes as "eyJ"): the cheap test before decoding a header's value
_PACKED_JSON = re.compile(r"eyJ[A-Za-z0-9+/_\-]{13,}={0,2}")


# A header whose name says it carries a person's or a device's id ("X-Engagespot-User-Id",
# "X-Anonymous-Id", "X-Device-Id", "X-MagicBell-User-External-Id"): an SDK's user id travels there as
# it does in a body's `userId`, and the field-name hints read the name as they read a key. A
# request's, a trace's or an app's id ("X-Request-Id", "X-Client-Id") names no person.
_PERSON_ID_HEADER = re.compile(
    r"(?:^|[-_])(?:user|customer|visitor|anonymous|anon|distinct|member|device|profile|contact)[-_]?(?:external[-_]?)?id$"
    r"|(?:^|[-_])external[-_]user[-_]?id$|(?:^|[-_])uid$", re.IGNORECASE)
_ID_VALUE = re.compile(r"[\w.:@\-]{4,128}")  # one token, as an id is written


def _reads(name: str, value: str) -> bool:
    if len(value) > MAX_HEADER_CHARS or name.startswith(":") or name in NOT_READ:
        return False  # ":authority" and the like are HTTP/2 pseudo-headers
    if _PERSON_ID_HEADER.search(name) and _ID_VALUE.fullmatch(value):
        return True
    if not may_hold_email(value):
        return _packed_json(value) or _unsecured_jwt(value)
    # A URL (a Referer) escapes its "@" in a query value; the unwrapped URL field reads it decoded.
    return EMAIL_TEXT.search(value) is not None or ("%40" in value and EMAIL_TEXT.search(unquote(value)) is not None)


def _packed_json(value: str) -> bool:
    """A value that is base64(url) of one JSON object (an SDK's `X-Target: eyJlbWFpbCI6...`, a
    user's ids and traits for a targeting call): the field's nested layer opens it, as it opens
    such a value anywhere, and the ids and traits in it are read by their keys as in a body. A
    token (a JWT, three dotted parts) is no single object and is not read."""
    if not _PACKED_JSON.fullmatch(value):
        return False
    opened = open_base64(value)
    return opened is not None and opened.text.lstrip()[:1] == "{"


def _unsecured_jwt(value: str) -> bool:
    """An unsecured JWT ("eyJ...eyJ...." with `alg` "none", RFC 7519 section 6; Croct's `X-Token`):
    no signature holds its claims, so the nested layer opens them as it opens a packed object. A
    signed one is its issuer's credential and stays as sent."""
    return value[:3] == "eyJ" and value.endswith(".") and value.count(".") == 2 and unsecured_jwt_claims(value) is not None


def _read(value: str) -> str:
    """A header's value as its field holds it: percent-decoded, unless it is a URL."""
    if "%" not in value or _URL.match(value):
        return value
    return unquote(value, errors="surrogateescape")


def decode_headers(request: HttpRequest) -> list[Field]:
    """Every request header whose value holds an e-mail address, as a field `header:NAME#i`."""
    if not any(may_hold_email(value) or value[:3] == "eyJ" or _PERSON_ID_HEADER.search(key) for key, value in request.headers):
        return []  # nearly every request: one pass, nothing lower-cased or counted
    fields: list[Field] = []
    seen: dict[str, int] = {}
    for key, value in request.headers:
        name = key.lower()
        index = seen[name] = seen.get(name, -1) + 1
        if _reads(name, value):
            fields.append(Field(f"{HEADER_PREFIX}{name}#{index}", name, _read(value)))
            if len(fields) >= MAX_HEADER_FIELDS:
                break
    return fields


def encode_headers(request: HttpRequest, edits: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """The headers to set: every value of each edited header's name, in order, the edited ones
    replaced (a name sent twice is set twice); `EncodeError` for an unknown field or a new value
    that would split the header."""
    by_path = {f.path: f for f in decode_headers(request)}
    names: dict[str, None] = {}
    for path, value in edits.items():
        if path not in by_path:
            raise EncodeError(f"unknown field path {path!r}")
        if _CONTROL.search(value):
            raise EncodeError(f"cannot write {path!r}: the new value holds a control character")
        names[by_path[path].name] = None
    out: list[tuple[str, str]] = []
    seen: dict[str, int] = {}
    for key, value in request.headers:
        name = key.lower()
        index = seen[name] = seen.get(name, -1) + 1
        path = f"{HEADER_PREFIX}{name}#{index}"
        if name in names:
            if path in edits and by_path[path].value != value:  # read decoded: written in its own escapes
                out.append((key, requote_path(value, by_path[path].value, edits[path], _ENCODED_SAFE)))
            else:
                out.append((key, edits.get(path, value)))
    return tuple(out)
