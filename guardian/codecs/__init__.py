"""Codecs: request body and URL query <-> `Payload` (DESIGN.md step 2).

`decode_request` reads every value a request carries (query string and body) as `Field`s and
never raises for bad input: what it cannot read becomes an opaque payload with the reason; a
body that claims JSON or a form but does not parse, and is text, is read as text (bytes that are
text are never opaque). Values that pack something (JSON, a URL with a query, base64 of JSON or of
text) in a query or form value, a JSON string, a line or a URL path segment are read as the fields
inside them (`nested.py`, `path.py`), within a budget of decoded characters as large as the body
size limit. `key=value` parameters in the URL path (`/activity;src=1;u1=...`, `/tpid=...`) are
fields `path:N;KEY#i`, and a segment that holds an e-mail address is a field `path:N` (`path.py`);
the cookies of the Cookie header are fields `cookie:NAME#i` (`cookie.py`); a header that holds an
e-mail address (`X-User-Email`, `From`) is a field `header:NAME#i` (`header.py`).
`encode_request` writes edited values back in place, in the body's own format and encoding.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from guardian.codecs._email import EMAIL_BYTES
from guardian.codecs._mime import media_type
from guardian.codecs.base import BodyCodec
from guardian.codecs.content_encoding import decode_body, decode_sniffed, encode_body, parse_codings
from guardian.codecs.cookie import COOKIE_PREFIX, decode_cookies, encode_cookies
from guardian.codecs.attributes import name_attribute_values
from guardian.codecs.header import HEADER_PREFIX, decode_headers, encode_headers
from guardian.codecs.nested import SEP, Budget, rewrap, unwrap
from guardian.codecs.path import encode_path, path_fields, path_located, path_params_located
from guardian.codecs.query import decode_query, encode_query
from guardian.codecs.registry import by_name, pick
from guardian.errors import CodecError, EncodeError
from guardian.records import Field, HttpRequest, Payload

__all__ = [
    "decode_request",
    "encode_request",
    "RequestRewrite",
    "BodyCodec",
    "OPAQUE_ADDRESSES",
    "DEFAULT_MAX_BODY_BYTES",
]

DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True)
class RequestRewrite:
    """What to change on a request after a rewrite: its URL, raw body and headers to set."""

    url: str  # new URL (query edits applied); the identical string when no query edit
    body: bytes  # new raw body, re-encoded with the same Content-Encoding
    headers: tuple[tuple[str, str], ...] = ()  # headers to set, only those that changed


def _content_encoding(request: HttpRequest) -> str:
    return ", ".join(request.header_all("content-encoding"))


def _as_text(data: bytes) -> str | None:
    """The body as text when it is UTF-8 with no control bytes but white space, else None."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    controls = sum(1 for ch in text[:4096] if ord(ch) < 32 and ch not in "\t\r\n")
    return text if controls == 0 else None


def decode_request(
    request: HttpRequest, *, max_body_bytes: int = DEFAULT_MAX_BODY_BYTES, cookies: bool = True
) -> Payload:
    """The query, path, cookie, header and body fields of `request`, values that pack JSON
    unwrapped; an unreadable body gives an opaque payload. `cookies=False` leaves the Cookie
    header out (the pipeline does for a site's own cookies sent back to it)."""
    payload = _decode_flat(request, max_body_bytes, cookies=cookies)
    budget = Budget(max_body_bytes)
    fields = unwrap(payload.fields, budget) if payload.fields else []
    # Path segments count only when they hold key=value pairs or pack something: a plain path
    # gives no fields.
    fields += path_fields(request.url, budget)
    fields = name_attribute_values(fields) if fields else []
    if fields:
        payload = payload.with_fields(tuple(fields))
    return payload


def _decode_flat(request: HttpRequest, max_body_bytes: int, *, cookies: bool = True) -> Payload:
    """The fields as the query, cookie and body codecs read them, nothing unwrapped."""
    fields = tuple(decode_query(request.url)) + (tuple(decode_cookies(request)) if cookies else ())
    fields += tuple(decode_headers(request))
    raw = request.body
    header = _content_encoding(request)
    encoding = header.strip().lower() or "identity"

    def opaque(reason: str) -> Payload:
        return Payload(fields, "opaque", encoding, reason, len(raw))

    if not raw:
        return Payload(fields, "none", encoding, None, 0)
    if len(raw) > max_body_bytes:
        return opaque(f"body larger than {max_body_bytes} bytes")
    content_type = request.header("content-type") or ""
    data = b""
    try:
        data, _, sniffed = _open_body(raw, header, max_body_bytes)
        codec = pick(media_type(content_type), data)
    except CodecError as e:
        return _opaque_with_addresses(opaque(str(e)), data)
    compressed = "+".join(sniffed) or None
    try:
        body_fields = codec.decode(data, content_type)
    except CodecError as e:
        # A body that says JSON (or a form) and does not parse is still text: an e-mail in a
        # truncated JSON beacon must not pass as "opaque". A binary format's body is not text,
        # however printable its bytes: a text edit would corrupt it.
        text = _as_text(data) if codec.name not in ("text", "protobuf") else None
        if text is None:
            return _opaque_with_addresses(opaque(str(e)), data)
        return Payload(fields + (Field("text:", "", text),), "text", encoding, None, len(raw), malformed=str(e),
                       body_compression=compressed)
    return Payload(fields + tuple(body_fields), codec.name, encoding, None, len(raw), body_compression=compressed)


OPAQUE_SCAN_BYTES = 1024 * 1024  # an opaque body is searched for addresses up to this size
OPAQUE_ADDRESSES = "opaque:addresses"  # the field that lists them (never written back: the body is opaque)
MAX_OPAQUE_ADDRESSES = 20


def _opaque_with_addresses(payload: Payload, data: bytes) -> Payload:
    """An opaque body (binary, or a format of its own) is never read as text, but an e-mail
    address in it is still one: the addresses found in its bytes become one field, so the
    request is decided on them. That field cannot be written back, so a rewrite of it is a deny:
    an address is a sign of what else the body holds that cannot be seen (masking the address
    alone in place, byte for byte, let a session replay's name, phone and user id through:
    lab/bench/live_clients, openreplay)."""
    found = list(dict.fromkeys(m.group().decode("ascii") for m in EMAIL_BYTES.finditer(data[:OPAQUE_SCAN_BYTES])))
    if not found:
        return payload
    field = Field(OPAQUE_ADDRESSES, "email", "\n".join(found[:MAX_OPAQUE_ADDRESSES]))
    return payload.with_fields(payload.fields + (field,))


def _open_body(raw: bytes, header: str, max_body_bytes: int) -> tuple[bytes, tuple[str, ...], tuple[str, ...]]:
    """The body's data with its Content-Encoding undone, then any compression the sender applied
    itself without saying so (recognised by its magic bytes), and the two chains to redo them."""
    data, chain = decode_body(raw, parse_codings(header), max_body_bytes)
    data, sniffed = decode_sniffed(data, max_body_bytes)
    return data, chain, sniffed


def encode_request(
    request: HttpRequest,
    payload: Payload,
    edits: Mapping[str, str],
    *,
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
) -> RequestRewrite:
    """Write `edits` (field path -> new value) into `request`; `EncodeError` if one cannot be."""
    if any(SEP in p for p in edits):  # nested fields: edit their outer values, in their encoding
        flat = _decode_flat(request, max_body_bytes)
        values = {f.path: f.value for f in flat.fields}
        for loc in path_located(request.url) + path_params_located(request.url):
            values[loc.field.path] = loc.field.value
        edits = rewrap(values, edits)
    query_edits = {p: v for p, v in edits.items() if p.startswith("query:")}
    path_edits = {p: v for p, v in edits.items() if p.startswith("path:")}
    cookie_edits = {p: v for p, v in edits.items() if p.startswith(COOKIE_PREFIX)}
    header_edits = {p: v for p, v in edits.items() if p.startswith(HEADER_PREFIX)}
    body_edits = {p: v for p, v in edits.items() if not p.startswith(("query:", "path:", COOKIE_PREFIX, HEADER_PREFIX))}
    url = encode_path(encode_query(request.url, query_edits), path_edits)
    to_set: tuple[tuple[str, str], ...] = (("cookie", encode_cookies(request, cookie_edits)),) if cookie_edits else ()
    to_set += encode_headers(request, header_edits) if header_edits else ()
    if not body_edits:
        return RequestRewrite(url, request.body, to_set)
    codec = by_name(payload.body_codec)
    if codec is None:
        why = payload.opaque_reason or "the request has no body"
        raise EncodeError(f"cannot write {next(iter(body_edits))!r}: {why}")
    content_type = request.header("content-type") or ""
    try:
        data, chain, sniffed = _open_body(request.body, _content_encoding(request), max_body_bytes)
        new_data = codec.encode(data, content_type, body_edits)
        body = request.body if new_data == data else encode_body(encode_body(new_data, sniffed), chain)
    except EncodeError:
        raise
    except CodecError as e:
        raise EncodeError(f"cannot rewrite the body: {e}") from e
    headers = to_set
    if body != request.body and request.header("transfer-encoding") is None:
        headers += (("content-length", str(len(body))),)
    return RequestRewrite(url, body, headers)
