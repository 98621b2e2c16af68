"""Values inside values: JSON in a query or form value or a JSON string, and base64(url) JSON.

Trackers pack their payloads: Mixpanel posts `data=<base64 of JSON>`, ad bidders put `r={...}` in a
query, SDKs send JSON as a string inside JSON. `unwrap` replaces such a field by the fields inside
it, with paths `<outer path>|>json|>json:$.a` or `<outer path>|>base64|>json:$.a`, up to
`MAX_DEPTH` layers and `MAX_NESTED_CHARS` characters; `rewrap` writes edits of those inner fields
back into the outer value in the encoding it came in (JSON byte-preservingly, base64 with the same
alphabet and padding), so a rewritten value stays what the receiver can read. Nothing here raises
on bad input: a value that is not what it looks like stays a plain field.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping, Sequence

from guardian.codecs.json_ import JsonCodec
from guardian.errors import CodecError, EncodeError
from guardian.records import Field, FieldKind

__all__ = ["SEP", "MAX_DEPTH", "MAX_NESTED_CHARS", "unwrap", "rewrap", "split_nested"]

SEP = "|>"  # between the layers of a nested field's path
MAX_DEPTH = 3  # layers unwrapped at most (JSON in base64 in a form value is 2)
MAX_NESTED_CHARS = 1024 * 1024  # a larger value is scanned as it is, not unwrapped
MIN_BASE64_CHARS = 16  # shorter base64-looking values are ids, not payloads
_JSON = JsonCodec()
_JSON_TYPE = "application/json"
_B64 = re.compile(r"[A-Za-z0-9+/]+={0,2}")
_B64URL = re.compile(r"[A-Za-z0-9_\-]+={0,2}")


def _json_text(value: str) -> bool:
    v = value.strip()
    return len(v) >= 2 and ((v[0] == "{" and v[-1] == "}") or (v[0] == "[" and v[-1] == "]"))


def _b64_layer(value: str) -> tuple[str, str] | None:
    """(layer, decoded JSON text) when `value` is base64 or base64url of JSON, else None."""
    v = value.strip()
    if len(v) < MIN_BASE64_CHARS:
        return None
    if _B64.fullmatch(v):
        layer, alt = "base64", None
    elif _B64URL.fullmatch(v):
        layer, alt = "base64url", b"-_"
    else:
        return None
    padded = v + "=" * (-len(v) % 4)
    try:
        raw = base64.b64decode(padded, altchars=alt, validate=True)
        text = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    return (layer, text) if _json_text(text) else None


def _inner(field: Field) -> tuple[str, str] | None:
    """The layer name and the JSON text a field's value holds, or None."""
    if field.kind is not FieldKind.STRING or len(field.value) > MAX_NESTED_CHARS:
        return None
    if _json_text(field.value):
        return "json", field.value
    return _b64_layer(field.value)


def unwrap(fields: Sequence[Field], depth: int = 0) -> list[Field]:
    """The fields, with every one that packs JSON replaced by the fields inside it."""
    out: list[Field] = []
    for field in fields:
        inner = _inner(field) if depth < MAX_DEPTH else None
        if inner is None:
            out.append(field)
            continue
        layer, text = inner
        try:
            found = _JSON.decode(text.encode("utf-8"), _JSON_TYPE)
        except CodecError:
            out.append(field)  # looked like JSON, is not: the value as it is
            continue
        if not found:
            out.append(field)
            continue
        prefix = f"{field.path}{SEP}{layer}{SEP}"
        nested = [Field(prefix + f.path, f.name, f.value, f.kind) for f in found]
        out.extend(unwrap(nested, depth + 1) if depth + 1 < MAX_DEPTH else nested)
    return out


def split_nested(path: str) -> tuple[str, str, str] | None:
    """(outer path, layer, inner path) of a nested field's path, or None for a plain one."""
    outer, sep, rest = path.partition(SEP)
    if not sep:
        return None
    layer, sep, inner = rest.partition(SEP)
    if not sep or layer not in ("json", "base64", "base64url"):
        return None
    return outer, layer, inner


def _encode_layer(layer: str, original: str, new_json: str) -> str:
    if layer == "json":
        return new_json
    stripped = original.strip()
    # Padded when it had "=", or needed none (a length of a multiple of 4 reads as the padded style).
    padded = stripped.endswith("=") or len(stripped) % 4 == 0
    raw = new_json.encode("utf-8")
    out = base64.b64encode(raw) if layer == "base64" else base64.urlsafe_b64encode(raw)
    text = out.decode("ascii")
    return text if padded else text.rstrip("=")


def _decode_layer(layer: str, value: str) -> str:
    if layer == "json":
        return value
    found = _b64_layer(value)
    if found is None or found[0] != layer:
        raise EncodeError("a nested value changed its encoding between decode and encode")
    return found[1]


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
        text = _decode_layer(layer, original)
        inner_values = {f.path: f.value for f in _JSON.decode(text.encode("utf-8"), _JSON_TYPE)}
        flat = rewrap(inner_values, inner_edits)  # deeper layers first
        new_text = _JSON.encode(text.encode("utf-8"), _JSON_TYPE, flat).decode("utf-8")
        plain[outer] = _encode_layer(layer, original, new_text)
    return plain
