"""Newline-delimited JSON bodies: NDJSON / JSON Lines, and Sentry envelopes.

Each line (each envelope frame) is one field, `ndjson:N` or `envelope:N`, whose value is the
line's text; `nested.unwrap` then reads a JSON line as its leaves (`ndjson:3|>json|>json:$.user.
email`) without spending a nesting layer, and a line that is not JSON stays a text field. Lines
are counted from 0 on the body as sent, blank ones included, so a path names the same line on
decode and encode.

A Sentry envelope (https://develop.sentry.dev/sdk/data-model/envelopes/) is a header line, then
items: an item header line, then a payload that is either the next line or, when the item
header has `length`, exactly that many bytes (which may hold newlines, or binary: a binary payload
is no field and is kept byte for byte). Frames are counted 0 (envelope header), 1 (first item
header), 2 (its payload) and so on. Rewriting a payload whose header declares a `length` writes
the new byte length into that header, so the envelope stays readable.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass

from guardian.codecs._splice import Located, splice
from guardian.codecs.base import BodyCodec
from guardian.codecs.json_ import scan_json
from guardian.errors import DecodeError, EncodeError
from guardian.records import Field

__all__ = ["NdjsonCodec", "SentryEnvelopeCodec", "Frame", "NDJSON_TYPES", "ENVELOPE_TYPE"]

NDJSON_TYPES = frozenset(
    {
        "application/x-ndjson",
        "application/ndjson",
        "application/jsonl",
        "application/x-jsonl",
        "application/jsonlines",
        "application/x-jsonlines",
        "application/json-lines",
    }
)
ENVELOPE_TYPE = "application/x-sentry-envelope"
SNIFF_LINE_BYTES = 64 * 1024  # an untyped body's first lines are parsed only up to this size
_LENGTH_PATH = "json:$.length"
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


@dataclass(frozen=True)
class Frame:
    """One line or envelope payload: the [start, end) span of its bytes (no line ending)."""

    index: int
    start: int
    end: int
    header: int | None = None  # an envelope payload's item header frame
    sized: bool = False  # that header declares the payload's byte length


def _line_end(body: bytes, pos: int) -> tuple[int, int]:
    """(end of the line's content, start of the next line) for the line starting at `pos`."""
    newline = body.find(b"\n", pos)
    if newline < 0:
        return len(body), len(body) + 1
    end = newline - 1 if newline > pos and body[newline - 1] == 0x0D else newline
    return end, newline + 1


def split_lines(body: bytes) -> list[Frame]:
    frames: list[Frame] = []
    pos = 0
    while pos <= len(body):
        end, pos_next = _line_end(body, pos)
        frames.append(Frame(len(frames), pos, end))
        pos = pos_next
    return frames


def _json_object(line: bytes) -> dict[str, object] | None:
    try:
        doc = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return doc if isinstance(doc, dict) else None


def split_envelope(body: bytes) -> list[Frame]:
    """The frames of a Sentry envelope, or `DecodeError` when its framing is broken."""
    end, pos = _line_end(body, 0)
    if _json_object(body[:end]) is None:
        raise DecodeError("envelope header is not a JSON object")
    frames = [Frame(0, 0, end)]
    while pos < len(body):
        end, after = _line_end(body, pos)
        if not body[pos:end].strip():  # a blank line between items
            pos = after
            continue
        header = _json_object(body[pos:end])
        if header is None:
            raise DecodeError(f"envelope item header at byte {pos} is not a JSON object")
        header_index = len(frames)
        frames.append(Frame(header_index, pos, end))
        pos = min(after, len(body))
        length = header.get("length")
        if isinstance(length, int) and not isinstance(length, bool) and length >= 0:
            if pos + length > len(body):
                raise DecodeError(f"envelope item at byte {pos} is shorter than its length {length}")
            frames.append(Frame(len(frames), pos, pos + length, header_index, True))
            pos += length
            if body[pos : pos + 1] == b"\n":
                pos += 1
        else:
            end, after = _line_end(body, pos)
            frames.append(Frame(len(frames), pos, end, header_index))
            pos = after
    return frames


def _text(data: bytes) -> str | None:
    """A frame's text when it is UTF-8 with no control characters; binary frames are no field."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return None if _CONTROL.search(text) else text


def _first_lines(body: bytes, count: int) -> list[bytes]:
    """The first `count` non-blank lines within the sniffing window."""
    lines: list[bytes] = []
    pos = 0
    while len(lines) < count and pos < min(len(body), SNIFF_LINE_BYTES):
        end, after = _line_end(body, pos)
        if body[pos:end].strip():
            lines.append(body[pos:end])
        pos = after
    return lines


class NdjsonCodec(BodyCodec):
    """NDJSON / JSON Lines: one JSON document a line."""

    name = "ndjson"
    prefix = "ndjson"

    def accepts(self, mime: str, body: bytes) -> bool:
        if mime in NDJSON_TYPES:
            return True
        return mime == "text/plain" and self.sniff(body)

    def sniff(self, body: bytes) -> bool:
        """Two or more lines, the first two of them JSON objects or arrays."""
        if body[:1] not in (b"{", b"[") or b"\n" not in body[:SNIFF_LINE_BYTES]:
            return False
        lines = _first_lines(body, 2)
        return len(lines) == 2 and all(_is_json_container(line) for line in lines)

    def frames(self, body: bytes) -> list[Frame]:
        return split_lines(body)

    def _located(self, body: bytes) -> tuple[list[Frame], list[Located]]:
        frames = self.frames(body)
        located: list[Located] = []
        for frame in frames:
            text = _text(body[frame.start : frame.end]) if frame.end > frame.start else None
            if text is not None and text.strip():
                field = Field(f"{self.prefix}:{frame.index}", "", text)
                located.append(Located(field, frame.start, frame.end))
        return frames, located

    def decode(self, body: bytes, content_type: str) -> list[Field]:
        return [loc.field for loc in self._located(body)[1]]

    def encode(self, body: bytes, content_type: str, edits: Mapping[str, str]) -> bytes:
        if not edits:
            return body
        frames, located = self._located(body)
        by_path = {loc.field.path: frames[int(loc.field.path.rpartition(":")[2])] for loc in located}
        new: dict[str, bytes] = {}
        for path, value in edits.items():
            frame = by_path.get(path)
            if frame is None:
                raise EncodeError(f"unknown field path {path!r}")
            try:
                data = value.encode("utf-8")
            except UnicodeEncodeError:
                raise EncodeError(f"new value of {path!r} cannot be written as UTF-8") from None
            if not frame.sized and (b"\n" in data or b"\r" in data):
                raise EncodeError(f"new value of {path!r} would break the body's line framing")
            new[path] = data
        for path, data in list(new.items()):
            frame = by_path[path]
            if frame.sized and frame.header is not None:
                header_path = f"{self.prefix}:{frame.header}"
                header = frames[frame.header]
                old_header = new.get(header_path, body[header.start : header.end])
                new[header_path] = _with_length(old_header, len(data))
                by_path.setdefault(header_path, header)
        spans = [Located(Field(p, "", ""), by_path[p].start, by_path[p].end) for p in new]
        out = splice(body, spans, new, lambda loc, _: new[loc.field.path])
        self.check_framing(out, len(frames))
        return out

    def check_framing(self, body: bytes, frames: int) -> None:
        """`EncodeError` unless a rewritten body splits into as many frames as the original."""
        try:
            count = len(self.frames(body))
        except DecodeError as e:
            raise EncodeError(f"the rewrite would break the body's framing: {e}") from None
        if count != frames:
            raise EncodeError("the rewrite would change the number of lines in the body")


def _is_json_container(line: bytes) -> bool:
    stripped = line.strip()
    if stripped[:1] not in (b"{", b"["):
        return False
    try:
        json.loads(stripped)
    except (ValueError, RecursionError):
        return False
    return True


def _with_length(header: bytes, length: int) -> bytes:
    """An item header with its `length` set to `length`, every other byte kept."""
    try:
        text = header.decode("utf-8")
        located = [loc for loc in scan_json(text, "json") if loc.field.path == _LENGTH_PATH]
    except (UnicodeDecodeError, DecodeError):
        raise EncodeError("an envelope item header no longer parses") from None
    if not located:
        raise EncodeError("an envelope item header lost its length")
    return splice(text, located, {_LENGTH_PATH: str(length)}, lambda _, v: v).encode("utf-8")


class SentryEnvelopeCodec(NdjsonCodec):
    """Sentry envelopes: a header line, then item header and payload pairs."""

    name = "envelope"
    prefix = "envelope"

    def accepts(self, mime: str, body: bytes) -> bool:
        if mime == ENVELOPE_TYPE:
            return True
        # Browser SDKs post envelopes as text/plain, which needs no CORS preflight.
        return mime == "text/plain" and self.sniff(body)

    def sniff(self, body: bytes) -> bool:
        """A JSON object line, then one with a string `type`: an envelope header and item header."""
        if body[:1] != b"{" or b"\n" not in body[:SNIFF_LINE_BYTES]:
            return False
        end, pos = _line_end(body, 0)
        if _json_object(body[:end]) is None:
            return False
        end, _ = _line_end(body, pos)
        item = _json_object(body[pos:end])
        return item is not None and isinstance(item.get("type"), str)

    def frames(self, body: bytes) -> list[Frame]:
        return split_envelope(body)
