"""Restore a stream of JSON objects chunk by chunk: Gemini's streamed array, NDJSON, one object.

Gemini's `streamGenerateContent` without `alt=sse` answers one JSON array whose elements arrive
one by one (`[{...}\\n,\\r\\n{...}\\n]`); NDJSON streams put one object per line. Both are read the
same way: each complete object at the top level, or directly inside a top-level array, is an
event for `stream.EventRestorer` (its deltas restored across objects, the rest in place); the
bytes between objects (`[`, `,`, `]`, spaces, newlines) are framing and pass as they are. A
whole non-streamed JSON answer is the same thing with one object.

The scanner keeps only its depth and whether it is inside a string, so a chunk may end
anywhere (inside a string, an escape, a UTF-8 character). An object that grows beyond
`MAX_PENDING_BYTES` makes the rest of the stream pass as sent; an object cut off by the end of
the stream goes out as received. Nothing here raises on what a service sends.
"""

from __future__ import annotations

import json
import re

from guardian.vault.jsontext import restore_json
from guardian.vault.memory import Conversation, json_escape
from guardian.vault.stream import EventRestorer, OnAnswer

__all__ = ["JsonStreamRestorer", "restore_json_answer", "MAX_PENDING_BYTES"]

MAX_PENDING_BYTES = 1024 * 1024
_STRUCTURE = re.compile(rb'["{}\[\]]')
_IN_STRING = re.compile(rb'["\\]')


class JsonStreamRestorer:
    """Restores one stream of JSON objects; `feed` each chunk, then `finish` once."""

    def __init__(self, conversation: Conversation, *, on_answer: OnAnswer | None = None) -> None:
        self.conversation = conversation
        self.events = EventRestorer(conversation, on_answer=on_answer)
        self._buf = b""  # bytes not yet handed on: framing, then an object being read
        self._pos = 0  # where scanning resumes in _buf
        self._start: int | None = None  # where the object being read starts in _buf
        self._depth = 0
        self._base = 0  # the depth objects start at: 0, or 1 inside a top-level array
        self._string = False
        self._raw = False

    @property
    def restored(self) -> int:
        return self.events.restored

    @property
    def held_max(self) -> int:
        return self.events.held_max

    def feed(self, chunk: bytes) -> list[bytes]:
        """The bytes to send on now (possibly none) for this chunk."""
        if self._raw:
            return [chunk] if chunk else []
        self._buf += chunk
        self._scan()
        cut = self._pos if self._start is None else self._start  # framing read so far goes out now
        if cut:
            self.events.passthrough(self._buf[:cut])
            self._buf, self._pos = self._buf[cut:], self._pos - cut
            if self._start is not None:
                self._start = 0
        if len(self._buf) > MAX_PENDING_BYTES:
            self._raw = True
            out = self.events.finish() + self._buf
            self._buf = b""
            return [out]
        out = self.events.drain()
        return [out] if out else []

    def finish(self) -> list[bytes]:
        """What is left at the end of the stream: objects that waited, an object cut off."""
        out = self.events.finish() + self._buf
        self._buf = b""
        return [out] if out else []

    # -- inside ------------------------------------------------------------------------------

    def _scan(self) -> None:
        buf, i = self._buf, self._pos
        while i < len(buf):
            if self._string:
                m = _IN_STRING.search(buf, i)
                if m is None:
                    i = len(buf)
                    break
                if m.group() == b"\\":
                    if m.end() >= len(buf):  # the escaped character is in the next chunk
                        i = m.start()
                        break
                    i = m.end() + 1
                    continue
                self._string, i = False, m.end()
                continue
            m = _STRUCTURE.search(buf, i)
            if m is None:
                i = len(buf)
                break
            char, i = m.group(), m.end()
            if char == b'"':
                self._string = True
            elif char in (b"{", b"["):
                if char == b"[" and self._depth == 0 and self._start is None and self._base == 0:
                    self._base = 1  # a top-level array: its elements are the objects
                elif char == b"{" and self._depth == self._base and self._start is None:
                    self._start = m.start()
                self._depth += 1
            else:
                self._depth = max(0, self._depth - 1)
                if self._start is not None and self._depth == self._base:
                    self._object(self._start, i)
                    buf, i = self._buf, 0  # _object handed on everything up to here
                elif self._depth == 0:
                    self._base = 0  # the top-level array ended
        self._pos = i

    def _object(self, start: int, end: int) -> None:
        """A complete object: framing before it, then the object, handed on in order."""
        self.events.passthrough(self._buf[:start])
        raw = self._buf[start:end]
        self._buf, self._start = self._buf[end:], None
        try:
            text = raw.decode("utf-8")
            obj = json.loads(text)
        except (ValueError, RecursionError):
            self.events.passthrough(raw)
            return
        self.events.event(raw, "", text, "", obj)


def restore_json_answer(text: str, conversation: Conversation, *, on_answer: OnAnswer | None = None) -> tuple[str, int]:
    """A whole JSON answer (an object, a buffered streamed array, NDJSON) with its pseudonyms
    restored as a stream of it would be; what is not JSON is restored as JSON-escaped text."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        doc = None
    if isinstance(doc, dict):  # one answer: every string in place
        if on_answer is not None:
            on_answer(doc)
        return restore_json(text, conversation)
    restorer = JsonStreamRestorer(conversation, on_answer=on_answer)
    data = text.encode("utf-8", "surrogatepass")
    out = b"".join([*restorer.feed(data), *restorer.finish()]).decode("utf-8", "surrogatepass")
    count = restorer.restored
    if doc is None and conversation.mentions(out):  # lines that are not JSON: as text in JSON
        out, n = conversation.restore(out, escape=json_escape)
        count += n
    elif doc is not None and not isinstance(doc, list):  # a bare string or number
        out, count = restore_json(text, conversation)
    return out, count
