"""text/* bodies other than markup and code: the whole body is one field `text:`.

Only text that is what it says is read: prose (a note, a log line, a message) or one plain
value. A text/plain body in a format of its own (a compact positional event format, a string
table, `bel.7;2,'load;...`) cannot be labelled field by field, and read as prose its own tokens
would be masked and rewritten: it is opaque (`DecodeError`), decided on its headers and
destination, never rewritten.

A body that is one base64 token of JSON or text (an SDK that encodes its whole event batch) is a
plain value too, whatever its declared type (`text/plain`, `application/octet-stream`, none):
`text:` is then opened as base64 like any value (`text:|>base64|>json:$.email`) and written back
in its own alphabet and padding.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from guardian.codecs._mime import charset_of, decode_text, encode_text
from guardian.codecs.base64_ import MIN_BASE64_CHARS, looks_like_text, open_base64
from guardian.codecs._splice import Located, splice
from guardian.codecs.base import BodyCodec
from guardian.errors import DecodeError
from guardian.records import Field

__all__ = ["TextCodec", "is_base64_payload", "reads_as_text"]

# Page code, not user data; rewriting it would break the page, so these stay opaque.
_NOT_TEXT = frozenset(
    {"text/html", "text/css", "text/javascript", "text/ecmascript", "text/x-javascript"}
)


# A separator with no space after it joins the slots of a record format ("1,2;e,'load"); prose
# puts a space after its commas and semicolons.
_TIGHT_SEPARATOR = re.compile(r"[;,|{}\[\]=<>^~`\\](?=\S)|[\x00-\x08\x0e-\x1f]")
_WORD = re.compile(r"[^\W\d_]{2,64}")
MAX_PLAIN_VALUE_CHARS = 1024  # a one-line body up to this long with no separators is one value
PROSE_MIN_WORDS = 3
PROSE_MIN_SPACE_SHARE = 0.08  # English prose has a space every 5-6 characters (~15%)
PROSE_MAX_TIGHT_SHARE = 0.03  # a tight separator or two in a sentence; one per slot in a record
PROSE_MIN_WORD_SHARE = 0.5  # most of prose is letters


MAX_BASE64_BODY_CHARS = 1024 * 1024  # a larger single token is not opened to look (it stays opaque)
_BASE64_TOKEN = re.compile(r"[A-Za-z0-9+/_\-]+={0,2}")


def is_base64_payload(text: str) -> bool:
    """Whether `text` is one base64(url) token (surrounding space aside) of JSON or of text."""
    token = text.strip()
    if not MIN_BASE64_CHARS <= len(token) <= MAX_BASE64_BODY_CHARS or not _BASE64_TOKEN.fullmatch(token):
        return False
    opened = open_base64(token)
    if opened is None:
        return False
    inner = opened.text.lstrip()
    return inner[:1] in ("{", "[") or looks_like_text(opened.text)


def reads_as_text(text: str) -> bool:
    """Whether a text body is prose or one plain value rather than a format of its own."""
    sample = text[:8192]
    if not sample.strip():
        return True
    tight = len(_TIGHT_SEPARATOR.findall(sample))
    if "\n" not in sample.strip() and len(sample) <= MAX_PLAIN_VALUE_CHARS and tight == 0:
        return True  # one value ("jane@example.org", a search term)
    if " " not in sample.strip() and is_base64_payload(text):
        return True  # one base64 value, however long, its padding no `k=v` slot
    words = _WORD.findall(sample)
    letters = sum(len(w) for w in words)
    spaces = sum(1 for ch in sample if ch.isspace())
    size = len(sample)
    return (
        len(words) >= PROSE_MIN_WORDS
        and spaces >= PROSE_MIN_SPACE_SHARE * size
        and tight <= max(2.0, PROSE_MAX_TIGHT_SHARE * size)
        and letters >= PROSE_MIN_WORD_SHARE * size
    )


class TextCodec(BodyCodec):
    name = "text"

    def accepts(self, mime: str, body: bytes) -> bool:
        return mime.startswith("text/") and mime not in _NOT_TEXT

    def decode(self, body: bytes, content_type: str) -> list[Field]:
        text = decode_text(body, charset_of(content_type))
        if not reads_as_text(text):
            raise DecodeError("text in no known structure (a compact or positional format): read as opaque")
        return [Field("text:", "", text)]

    def sniff(self, body: bytes) -> bool:
        """An untyped body is read as text only when it is one base64 token of JSON or text."""
        return self.sniff_base64(body)

    def sniff_base64(self, body: bytes) -> bool:
        """Whether `body` is one base64(url) token of JSON or text (`is_base64_payload`)."""
        if not MIN_BASE64_CHARS <= len(body) <= MAX_BASE64_BODY_CHARS + 2:  # + a trailing line end
            return False
        try:
            return is_base64_payload(body.decode("ascii"))
        except UnicodeDecodeError:
            return False

    def encode(self, body: bytes, content_type: str, edits: Mapping[str, str]) -> bytes:
        if not edits:
            return body
        charset = charset_of(content_type)
        whole = Located(Field("text:", "", ""), 0, len(body))
        return splice(body, [whole], edits, lambda _, v: encode_text(v, charset))
