"""text/* bodies other than markup and code: the whole body is one field `text:`."""

from __future__ import annotations

from collections.abc import Mapping

from guardian.codecs._mime import charset_of, decode_text, encode_text
from guardian.codecs._splice import Located, splice
from guardian.codecs.base import BodyCodec
from guardian.records import Field

__all__ = ["TextCodec"]

# Page code, not user data; rewriting it would break the page, so these stay opaque.
_NOT_TEXT = frozenset(
    {"text/html", "text/css", "text/javascript", "text/ecmascript", "text/x-javascript"}
)


class TextCodec(BodyCodec):
    name = "text"

    def accepts(self, mime: str, body: bytes) -> bool:
        return mime.startswith("text/") and mime not in _NOT_TEXT

    def decode(self, body: bytes, content_type: str) -> list[Field]:
        return [Field("text:", "", decode_text(body, charset_of(content_type)))]

    def encode(self, body: bytes, content_type: str, edits: Mapping[str, str]) -> bytes:
        if not edits:
            return body
        charset = charset_of(content_type)
        whole = Located(Field("text:", "", ""), 0, len(body))
        return splice(body, [whole], edits, lambda _, v: encode_text(v, charset))
