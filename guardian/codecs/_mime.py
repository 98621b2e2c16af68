"""Media-type, parameter and charset helpers shared by the codecs."""

from __future__ import annotations

import re

from guardian.errors import DecodeError, EncodeError

_PARAM = re.compile(r';\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)', re.DOTALL)
_QUOTED_PAIR = re.compile(r"\\(.)", re.DOTALL)


def parse_header(value: str) -> tuple[str, dict[str, str]]:
    """Split `type/sub; a=b; c="d"` into the lower-cased first token and its parameters; of a list
    ("text/plain, application/json", a header set twice) the first member."""
    head, _, _ = value.partition(";")
    head = head.partition(",")[0]
    params: dict[str, str] = {}
    for match in _PARAM.finditer(value, len(head)):
        raw = match.group(2).strip()
        if raw.startswith('"'):
            raw = _QUOTED_PAIR.sub(r"\1", raw[1:-1])
        elif match.group(1).lower() != "boundary":
            # an unquoted value is a token, which holds no comma: "charset=utf-8, application/json" (a
            # header the page set twice, which Fetch joins with ", ") has the charset "utf-8"; a
            # multipart boundary may hold one (RFC 2046's bchars)
            raw = raw.partition(",")[0].strip()
        params.setdefault(match.group(1).lower(), raw)
    return head.strip().lower(), params


def media_type(content_type: str) -> str:
    """The lower-cased media type of a Content-Type value, without parameters."""
    return parse_header(content_type)[0]


def charset_of(content_type: str, default: str = "utf-8") -> str:
    return parse_header(content_type)[1].get("charset", "").strip() or default


def decode_text(body: bytes, charset: str) -> str:
    """Bytes to text; surrogateescape keeps undecodable bytes so they encode back unchanged."""
    try:
        return body.decode(charset, "surrogateescape")
    except LookupError:
        raise DecodeError(f"unknown charset {charset!r}") from None
    except UnicodeDecodeError as e:
        raise DecodeError(f"body is not valid {charset} at byte {e.start}") from None
    except UnicodeError:  # codecs such as idna refuse the error handler itself
        raise DecodeError(f"charset {charset!r} cannot be used for a body") from None


def encode_text(text: str, charset: str) -> bytes:
    try:
        return text.encode(charset, "surrogateescape")
    except LookupError:
        raise EncodeError(f"unknown charset {charset!r}") from None
    except UnicodeError as e:
        raise EncodeError(f"value cannot be written in {charset}: {e}") from None


def is_text_encodable(text: str, charset: str) -> bool:
    try:
        text.encode(charset, "surrogateescape")
    except (LookupError, UnicodeError):
        return False
    return True
