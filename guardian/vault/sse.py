"""Restore a server-sent event stream chunk by chunk, pseudonyms split anywhere included.

A chunk may end inside an event: the incomplete event waits for the rest (an SSE client
dispatches an event only at its blank line, so this delays nothing the client could use, and a
UTF-8 character cut between two chunks is whole again). Each complete event with one `data:`
line of JSON goes to `stream.EventRestorer`, which restores its deltas across events (a
pseudonym cut `"[PERS"`, `"ON_1]"`) and its other strings in place, and gives it back with
only those strings changed: the event's name, id, comments, line endings and every other byte
stay as sent. `data: [DONE]` ends every slot. A complete event that is not one line of JSON
(plain text data, several data lines) has its pseudonyms restored as text; a comment or a
keep-alive passes as it is.

Bad input is passed on, never raised: an event that is not UTF-8 or not JSON of a known shape
goes out as received, in its place; an event longer than `MAX_PENDING_BYTES` with no end in
sight makes the rest of the stream pass as the service sent it; a last event cut off by the end
of the stream goes out as received (a client would drop it).
"""

from __future__ import annotations

import json
import re
import zlib
from typing import Any

from guardian.vault.memory import Conversation, json_escape
from guardian.vault.stream import EventRestorer, OnAnswer

__all__ = ["StreamRestorer", "Decompressor", "MAX_PENDING_BYTES", "split_event"]

MAX_PENDING_BYTES = 1024 * 1024  # an "event" longer than this is passed on as it is
_EVENT_END = re.compile(rb"\r\n\r\n|\n\n|\r\r")
_LINES = re.compile(r"(\r\n|\r|\n)")
DONE = "[DONE]"


class Decompressor:
    """Incremental Content-Encoding decoding of a stream (gzip, deflate, br, zstd)."""

    SUPPORTED = ("gzip", "x-gzip", "deflate", "br", "zstd")

    def __init__(self, coding: str) -> None:
        self.coding = coding
        if coding in ("gzip", "x-gzip"):
            self._obj: Any = zlib.decompressobj(16 + zlib.MAX_WBITS)
        elif coding == "deflate":
            self._obj = zlib.decompressobj()
        elif coding == "br":
            import brotli

            self._obj = brotli.Decompressor()
        elif coding == "zstd":
            import zstandard

            self._obj = zstandard.ZstdDecompressor().decompressobj()
        else:
            raise ValueError(f"unsupported stream coding {coding!r}")

    def feed(self, data: bytes) -> bytes:
        if self.coding == "br":
            return bytes(self._obj.process(data))
        return bytes(self._obj.decompress(data))


def split_event(text: str) -> tuple[str, str, str] | None:
    """An event's text as (before, data, after) around the value of its one `data:` line; None
    when it has no data line or several."""
    pieces = _LINES.split(text)  # line, separator, line, ...
    data = [i for i in range(0, len(pieces), 2) if pieces[i].startswith("data:")]
    if len(data) != 1:
        return None
    i = data[0]
    line = pieces[i]
    cut = 6 if line.startswith("data: ") else 5  # the spec strips one space after the colon
    return "".join(pieces[:i]) + line[:cut], line[cut:], "".join(pieces[i + 1 :])


class StreamRestorer:
    """Restores one event stream; `feed` each chunk, then `finish` once. Never raises on bad input."""

    def __init__(self, conversation: Conversation, *, on_answer: OnAnswer | None = None) -> None:
        self.conversation = conversation
        self.events = EventRestorer(conversation, on_answer=on_answer)
        self._pending = b""
        self._raw = False  # the stream could not be read: the rest passes as sent
        self._plain_restored = 0

    @property
    def restored(self) -> int:
        return self.events.restored + self._plain_restored

    @property
    def held_max(self) -> int:
        return self.events.held_max

    def feed(self, chunk: bytes) -> list[bytes]:
        """The bytes to send on now (possibly none) for this chunk."""
        if self._raw:
            return [chunk] if chunk else []
        data = self._pending + chunk
        end = 0
        for m in _EVENT_END.finditer(data):
            end = m.end()
        if end == 0 and len(data) > MAX_PENDING_BYTES:
            return self._give_up(data)
        self._pending = data[end:]
        for m_start, m_end in _boundaries(data[:end]):
            self._event(data[m_start:m_end])
        out = self.events.drain()
        return [out] if out else []

    def finish(self) -> list[bytes]:
        """What is left at the end of the stream: events that waited, a last partial event."""
        out = self.events.finish() + self._pending
        self._pending = b""
        return [out] if out else []

    # -- inside ------------------------------------------------------------------------------

    def _give_up(self, data: bytes) -> list[bytes]:
        self._raw, self._pending = True, b""
        out = self.events.finish() + data
        return [out]

    def _event(self, raw: bytes) -> None:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            self.events.passthrough(raw)
            return
        parts = split_event(text)
        if parts is None:
            has_data = any(line.startswith("data:") for line in _LINES.split(text)[::2])
            self.events.passthrough(self._plain(text, raw) if has_data else raw)
            return
        before, payload, after = parts
        obj = None
        if payload[:1] in ("{", "[", '"'):
            try:
                obj = json.loads(payload)
            except (ValueError, RecursionError):
                obj = None
        if obj is None:
            if payload.strip() == DONE:
                self.events.end_all()
                self.events.passthrough(raw)
            else:
                self.events.passthrough(self._plain(text, raw))
            return
        self.events.event(raw, before, payload, after, obj)

    def _plain(self, text: str, raw: bytes) -> bytes:
        """A complete event that is not one line of JSON: its pseudonyms restored as they are
        written (JSON-escaped: it may be JSON over several data lines)."""
        restored, n = self.conversation.restore(text, escape=json_escape)
        self._plain_restored += n
        return restored.encode("utf-8") if n else raw


def _boundaries(data: bytes) -> list[tuple[int, int]]:
    spans, start = [], 0
    for m in _EVENT_END.finditer(data):
        spans.append((start, m.end()))
        start = m.end()
    return spans
