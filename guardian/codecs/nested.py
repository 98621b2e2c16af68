"""Values inside values: JSON, URLs with a query, and base64(url) JSON or text, in any string field.

Trackers pack their payloads: Mixpanel posts `data=<base64 of JSON>`, ad bidders put `r={...}` in
a query, SDKs send JSON as a string inside JSON, analytics hits carry the page URL with its own
query (`dl=https%3A%2F%2Fshop.com%2Fp%3Femail%3D...`), cookie-sync calls base64 a
`user=jane@x.com;plan=pro` string. `unwrap` replaces such a field by the fields inside it, with
paths `<outer path>|><layer>|><inner path>`:

    query:r#0|>json|>json:$.user.email           JSON in a value
    form:data#0|>base64|>json:$.properties.$email  base64 (or base64url) of JSON
    header:x-token#0|>jwt|>json:$.sub            an unsecured JWT's claims (RFC 7519 section 6)
    query:uid#0|>base64url|>text:                base64 of text: one field, the text
    query:dl#0|>url|>query:email#0               a URL's inner query parameter (also href:, fragment:)

up to `MAX_DEPTH` layers, `MAX_NESTED_CHARS` characters a value and, per request, as many decoded
characters as the body size limit (`Budget`). `rewrap` writes edits of inner fields back into the
outer value in the encoding it came in: JSON and URLs byte-preservingly (only the edited tokens
change), base64 in the same alphabet and padding style, an unsecured JWT as header, claims and its empty
signature. A signed JWT is not opened: its signature would fail with any claim changed, and it
is the issuer's credential. Nothing here raises on bad input: a value that is not what it looks
like stays a plain field.

Cost: every string field of every request passes through `_open`; a plain value (a short word, a
number, an id) is turned away by its length and first character before any pattern or decoder runs.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from guardian.codecs._splice import Located, splice
from guardian.codecs.base64_ import LAYERS as BASE64_LAYERS
from guardian.codecs.base64_ import (
    MIN_BASE64_CHARS,
    decode_layer,
    encode_layer,
    looks_like_text,
    open_base64,
)
from guardian.codecs.json_ import json_fields, render_token, scan_json
from guardian.codecs.url_value import MIN_URL_CHARS, looks_like_url, url_located, write_url
from guardian.errors import CodecError, EncodeError
from guardian.records import Field, FieldKind

__all__ = [
    "SEP",
    "URL_LAYER",
    "MAX_DEPTH",
    "MAX_NESTED_CHARS",
    "FRAMED_SOURCES",
    "Budget",
    "unwrap",
    "rewrap",
    "split_nested",
    "unsecured_jwt_claims",
]

SEP = "|>"  # between the layers of a nested field's path
URL_LAYER = f"{SEP}url{SEP}"  # a URL value's layer: `X|>url|>href:` (scheme, host, path), `X|>url|>query:NAME#i`
MAX_DEPTH = 3  # layers unwrapped at most (JSON in base64 in a form value is 2)
MAX_NESTED_CHARS = 1024 * 1024  # a larger value is scanned as it is, not unwrapped
LAYERS = ("json", "url", "jwt", *BASE64_LAYERS)
# A line of these bodies is the body's own framing, not an encoding: the JSON it holds is read
# without spending one of the MAX_DEPTH layers (an NDJSON line of base64 JSON is still 2 deep).
FRAMED_SOURCES = ("ndjson:", "envelope:")
_MIN_CHARS = 2  # "{}"
_JSON_START = frozenset("{[ \t\r\n")
_URL_START = frozenset("hH")
_TEXT_PATH = "text:"
_B64URL_PART = re.compile(r"[A-Za-z0-9_\-]+")


class Budget:
    """Decoded characters a request may still unwrap; shared by all its fields, so many
    medium-sized payloads cannot add up to more work than one body of the size limit."""

    def __init__(self, chars: int) -> None:
        self.left = chars

    def spend(self, chars: int) -> bool:
        """Take `chars` when that many are left; False (and nothing taken) when not."""
        if chars > self.left:
            return False
        self.left -= chars
        return True


@dataclass(frozen=True)
class _Opened:
    """What a field's value holds: the layer it was wrapped in and the fields inside."""

    layer: str
    fields: list[Field]


def _json_text(value: str) -> bool:
    v = value.strip()
    return len(v) >= 2 and ((v[0] == "{" and v[-1] == "}") or (v[0] == "[" and v[-1] == "]"))


def _json_fields(text: str) -> list[Field] | None:
    """The leaves of a JSON text, or None when it does not parse or has none."""
    try:
        found = json_fields(text, "json")
    except CodecError:
        return None
    return found or None


def _open(field: Field, budget: Budget | None) -> _Opened | None:
    """The layer and inner fields of a value that packs something, or None for a plain value.

    The checks run cheapest first: length and first character turn away almost every value
    before a pattern or decoder runs."""
    value = field.value
    size = len(value)
    if size < _MIN_CHARS or size > MAX_NESTED_CHARS or field.kind is not FieldKind.STRING:
        return None
    first = value[0]
    if first == '"':
        # a JSON string as a parameter's value ('$customerId="usr_8f3k"': an API that takes its
        # parameters as JSON literals): the string inside, under the parameter's own name
        if size < 3 or value[-1] != '"' or (budget is not None and not budget.spend(size)):
            return None
        found = _json_fields(value)
        if found is None or len(found) != 1 or found[0].kind is not FieldKind.STRING:
            return None
        return _Opened("json", [dataclasses.replace(found[0], name=field.name)])
    if first in _JSON_START:
        if not _json_text(value) or (budget is not None and not budget.spend(size)):
            return None
        found = _json_fields(value)
        return None if found is None else _Opened("json", found)
    if size < MIN_URL_CHARS:
        return None
    if first in _URL_START and looks_like_url(value):
        if budget is not None and not budget.spend(size):
            return None
        located = url_located(value, field.name)
        return _Opened("url", [loc.field for loc in located]) if located else None
    if size < MIN_BASE64_CHARS:
        return None
    if first == "e" and value.endswith(".") and value.count(".") == 2:
        claims = unsecured_jwt_claims(value)
        if claims is not None and (budget is None or budget.spend(len(claims))):
            found = _json_fields(claims)
            return None if found is None else _Opened("jwt", found)
    opened = open_base64(value)
    if opened is None or (budget is not None and not budget.spend(len(opened.text))):
        return None
    if _json_text(opened.text):
        found = _json_fields(opened.text)
        if found is not None:
            return _Opened(opened.layer, found)
    # Text needs the stronger evidence: an encoder's exact output, and words in it.
    if opened.canonical and looks_like_text(opened.text):
        return _Opened(opened.layer, [Field(_TEXT_PATH, field.name, opened.text)])
    return None


def _b64url_json(part: str) -> str | None:
    """The JSON object text a base64url part (unpadded, as JWS writes it) holds, or None."""
    if not part or not _B64URL_PART.fullmatch(part):
        return None
    try:
        text = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)).decode("utf-8")
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return None
    return text if text.lstrip().startswith("{") and _json_text(text) else None


def unsecured_jwt_claims(value: str) -> str | None:
    """The claims (JSON text) of an unsecured JWT, "header.claims." with the header's `alg` "none"
    (RFC 7519 section 6: no signature, so its claims can be rewritten and it still reads); None for
    anything else, a signed JWT included."""
    head, claims, signature = value.split(".")
    if signature:
        return None
    header = _b64url_json(head)
    if header is None:
        return None
    try:
        alg = json.loads(header).get("alg")
    except ValueError:
        return None
    if not isinstance(alg, str) or alg.lower() != "none":
        return None
    return _b64url_json(claims)


def unwrap(fields: Sequence[Field], budget: Budget | None = None, depth: int = 0) -> list[Field]:
    """The fields, with every one that packs something replaced by the fields inside it."""
    out: list[Field] = []
    for field in fields:
        opened = _open(field, budget) if depth < MAX_DEPTH else None
        if opened is None:
            out.append(field)
            continue
        prefix = f"{field.path}{SEP}{opened.layer}{SEP}"
        nested = [Field(prefix + f.path, f.name, f.value, f.kind) for f in opened.fields]
        framed = (
            depth == 0
            and opened.layer == "json"
            and field.path.startswith(FRAMED_SOURCES)
            and SEP not in field.path
        )
        out.extend(unwrap(nested, budget, depth if framed else depth + 1))
    return out


def split_nested(path: str) -> tuple[str, str, str] | None:
    """(outer path, layer, inner path) of a nested field's path, or None for a plain one."""
    outer, sep, rest = path.partition(SEP)
    if not sep:
        return None
    layer, sep, inner = rest.partition(SEP)
    if not sep or layer not in LAYERS:
        return None
    return outer, layer, inner


def _layer_text(layer: str, value: str) -> str:
    """The text inside `value` as `layer` read it; `EncodeError` when it no longer reads so."""
    if layer in BASE64_LAYERS:
        text = decode_layer(layer, value)
        if text is None:
            raise EncodeError("a nested value changed its encoding between decode and encode")
        return text
    if layer == "jwt":
        claims = unsecured_jwt_claims(value) if value.count(".") == 2 else None
        if claims is None:
            raise EncodeError("a nested value is no longer an unsecured JWT")
        return claims
    return value


def _rewrite_content(layer: str, text: str, edits: Mapping[str, str]) -> str:
    """`text` (what a layer holds) with its inner fields' `edits` written back in place."""
    if layer == "url":
        located = url_located(text, "")
    elif layer != "json" and all(p.split(SEP, 1)[0] == _TEXT_PATH for p in edits):
        located = [Located(Field(_TEXT_PATH, "", text), 0, len(text))]
    else:
        try:
            located = scan_json(text, "json")
        except CodecError as e:
            raise EncodeError(f"a nested JSON value no longer parses: {e}") from None
    flat = rewrap({loc.field.path: loc.field.value for loc in located}, edits)  # deeper layers first
    if layer == "url":
        return write_url(text, flat)
    if located and located[0].field.path == _TEXT_PATH:
        return splice(text, located, flat, lambda _, value: value)
    return splice(text, located, flat, lambda loc, v: render_token(loc, v, "utf-8", text[loc.start : loc.end]))


def rewrap(values: Mapping[str, str], edits: Mapping[str, str]) -> dict[str, str]:
    """Edits of nested fields as edits of their outermost fields (others pass through).

    `values` holds the original value of every outer field path; `EncodeError` when one is
    missing or no longer decodes as it did."""
    plain: dict[str, str] = {}
    grouped: dict[tuple[str, str], dict[str, str]] = {}
    for path, value in edits.items():
        parts = split_nested(path)
        if parts is None:
            plain[path] = value
        else:
            outer, layer, inner = parts
            grouped.setdefault((outer, layer), {})[inner] = value
    for (outer, layer), inner_edits in grouped.items():
        if outer not in values:
            raise EncodeError(f"cannot write {outer!r}: its original value is unknown")
        original = values[outer]
        new_text = _rewrite_content(layer, _layer_text(layer, original), inner_edits)
        if layer in BASE64_LAYERS:
            try:
                data = new_text.encode("utf-8", "surrogateescape")
            except UnicodeEncodeError:
                raise EncodeError(f"new value of {outer!r} cannot be written as UTF-8") from None
            new_text = encode_layer(layer, original, data)
        elif layer == "jwt":  # the same header, the claims re-encoded as JWS writes them, no signature
            claims = base64.urlsafe_b64encode(new_text.encode("utf-8", "surrogateescape")).rstrip(b"=").decode("ascii")
            new_text = f"{original.split('.', 1)[0]}.{claims}."
        plain[outer] = new_text
    return plain
