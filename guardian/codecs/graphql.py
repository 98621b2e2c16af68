"""GraphQL over HTTP: only the `variables` of a (batched) JSON request are fields.

The query document and operationName are code, not user data, so they are never fields.
A raw `application/graphql` body is read as a query with no fields (not opaque).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from guardian.codecs._mime import charset_of, decode_text, media_type
from guardian.codecs.json_ import JSON_TYPES, JsonCodec
from guardian.errors import EncodeError
from guardian.records import Field

__all__ = ["GraphQLCodec"]

_VARIABLES = re.compile(r"graphql:\$(?:\[\d+\])?\.variables(?:$|[.\[#])")


def _is_operation(value: object) -> bool:
    if not isinstance(value, dict):
        return False
    persisted = (
        isinstance(value.get("extensions"), dict) and "persistedQuery" in value["extensions"]
    )
    return isinstance(value.get("query"), str) or persisted  # Apollo persisted queries omit it


def looks_like_graphql(body: bytes, charset: str = "utf-8") -> bool:
    """A JSON object with a `query` (or persisted-query hash), or a non-empty list of them."""
    stripped = body.strip()
    if stripped[:1] not in (b"{", b"["):
        return False
    if b"query" not in stripped and b"Query" not in stripped and b"\\" not in stripped:
        return False  # neither key is in it, not even escaped: nothing to parse
    try:
        doc = json.loads(stripped.decode(charset, "surrogateescape"))
    except (ValueError, RecursionError, LookupError):
        return False
    if isinstance(doc, list):
        return bool(doc) and all(_is_operation(op) for op in doc)
    return _is_operation(doc)


class GraphQLCodec(JsonCodec):
    name = "graphql"
    prefix = "graphql"

    def accepts(self, mime: str, body: bytes) -> bool:
        if mime == "application/graphql":
            return True
        jsonish = mime in JSON_TYPES or mime.endswith("+json") or mime == "text/plain"
        return jsonish and looks_like_graphql(body)

    def sniff(self, body: bytes) -> bool:
        return looks_like_graphql(body)

    def keep_field(self, field: Field) -> bool:
        return _VARIABLES.match(field.path) is not None

    def decode(self, body: bytes, content_type: str) -> list[Field]:
        if media_type(content_type) == "application/graphql":
            decode_text(body, charset_of(content_type))  # still reports an unknown charset
            return []
        return super().decode(body, content_type)

    def encode(self, body: bytes, content_type: str, edits: Mapping[str, str]) -> bytes:
        if edits and media_type(content_type) == "application/graphql":
            raise EncodeError(f"unknown field path {next(iter(edits))!r}")
        return super().encode(body, content_type, edits)
