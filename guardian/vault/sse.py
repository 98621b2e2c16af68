"""Restore a server-sent event stream chunk by chunk, pseudonyms split anywhere included.

Two carry-over buffers, both small:

- bytes: a chunk may end inside an event; the incomplete event waits for the rest. An SSE
  client dispatches an event only at its blank line, so this delays nothing the client could use.
- text: a model writes a pseudonym in pieces ("[PERS", "ON_1]"), one per event. The text deltas
  of the known answer schemas (OpenAI chat completions and responses, Anthropic messages, Gemini,
  ChatGPT web) are read per slot (a choice, a content block); a delta that ends with the start of
  a pseudonym keeps that end back (at most the longest pseudonym's length less one) and puts it
  in front of the slot's next delta. Before any other event of the stream (the finish chunk,
  `[DONE]`, a block's stop) and at the end, what is kept back goes out in a copy of the slot's
  last delta event, so nothing is lost and the order of the text is unchanged.

Events that change are written back as compact JSON; all others pass byte for byte.
"""

from __future__ import annotations

import copy
import json
import re
import zlib
from collections.abc import Callable, Iterator
from typing import Any

from guardian.vault.store import Conversation, json_escape

__all__ = ["StreamRestorer", "Decompressor", "delta_slots", "MAX_PENDING_BYTES"]

MAX_PENDING_BYTES = 1024 * 1024  # an "event" longer than this is passed on as it is
_EVENT_END = re.compile(rb"\r\n\r\n|\n\n|\r\r")
_PINGS = frozenset({"ping", "keepalive", "heartbeat"})

Slot = tuple[str, Any, Any]  # (slot name, container, key): container[key] is the delta text
OnAnswer = Callable[[Any], None]


def delta_slots(obj: Any) -> list[Slot]:
    """Where the text deltas of one event are, for the answer schemas that stream text."""
    if not isinstance(obj, dict):
        return []
    slots: list[Slot] = []
    kind = obj.get("type")
    if kind == "response.output_text.delta" and isinstance(obj.get("delta"), str):  # OpenAI responses
        slots.append((f"out{obj.get('output_index')}.{obj.get('content_index')}", obj, "delta"))
    if kind == "content_block_delta" and isinstance(obj.get("delta"), dict):  # Anthropic messages
        delta = obj["delta"]
        if delta.get("type") == "text_delta" and isinstance(delta.get("text"), str):
            slots.append((f"block{obj.get('index')}", delta, "text"))
    for i, choice in enumerate(obj.get("choices") or [] if isinstance(obj.get("choices"), list) else []):
        if not isinstance(choice, dict):
            continue
        delta = choice.get("delta")
        if isinstance(delta, dict) and isinstance(delta.get("content"), str):  # OpenAI chat completions
            slots.append((f"choice{choice.get('index', i)}", delta, "content"))
        elif isinstance(choice.get("text"), str):  # legacy completions
            slots.append((f"choice{choice.get('index', i)}", choice, "text"))
    for ci, cand in enumerate(obj.get("candidates") or [] if isinstance(obj.get("candidates"), list) else []):
        parts = cand.get("content", {}).get("parts") if isinstance(cand, dict) and isinstance(cand.get("content"), dict) else None
        for pi, part in enumerate(parts if isinstance(parts, list) else []):
            if isinstance(part, dict) and isinstance(part.get("text"), str):  # Gemini
                slots.append((f"cand{ci}.{pi}", part, "text"))
    if isinstance(obj.get("v"), str) and obj.get("o", "append") == "append" and str(obj.get("p", "/parts/0")).endswith("/parts/0"):
        slots.append(("chatgpt", obj, "v"))  # ChatGPT web: an append to the message text
    return slots


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


class StreamRestorer:
    """Restores one event stream; `feed` each chunk, then `finish` once. Never raises on bad input."""

    def __init__(self, conversation: Conversation, *, on_answer: OnAnswer | None = None) -> None:
        self.conversation = conversation
        self.on_answer = on_answer  # sees every JSON event (to learn ids for later turns)
        self.restored = 0
        self.held_max = 0  # the most text kept back at once (characters)
        self._pending = b""
        self._carry: dict[str, str] = {}
        self._last: dict[str, tuple[list[str], Any, str]] = {}  # slot -> (event lines, event object, slot path)
        conversation.holdback("")  # build the conversation's pattern now, not on the first chunk

    def feed(self, chunk: bytes) -> list[bytes]:
        """The bytes to send on now (possibly none) for this chunk."""
        data = self._pending + chunk
        end = 0
        for m in _EVENT_END.finditer(data):
            end = m.end()
        if end == 0 and len(data) <= MAX_PENDING_BYTES:
            self._pending = data
            return []
        if end == 0:  # no event boundary in sight: not an event stream we can read; pass it on
            self._pending = b""
            return [self._plain(data)]
        self._pending = data[end:]
        out = []
        for event in self._events(data[:end]):
            out.extend(self._event(event))
        return [b"".join(out)] if out else []

    def finish(self) -> list[bytes]:
        """What is left at the end of the stream: a last partial event, text kept back."""
        out = self._flush()
        if self._pending:
            out.append(self._plain(self._pending))
            self._pending = b""
        return [b"".join(out)] if out else []

    # -- inside ------------------------------------------------------------------------------

    @staticmethod
    def _events(data: bytes) -> Iterator[bytes]:
        start = 0
        for m in _EVENT_END.finditer(data):
            yield data[start : m.end()]
            start = m.end()

    def _plain(self, data: bytes) -> bytes:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return data
        restored, n = self.conversation.restore(text, escape=json_escape)
        self.restored += n
        return restored.encode("utf-8") if n else data

    def _event(self, raw: bytes) -> list[bytes]:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return [*self._flush(), raw]
        body = text.rstrip("\r\n")
        lines = re.split(r"\r\n|\r|\n", body)
        data_idx = [i for i, line in enumerate(lines) if line.startswith("data:")]
        if len(data_idx) != 1:  # a comment, a keep-alive, or a multi-line data event
            return [raw] if not data_idx else [*self._flush(), self._plain(raw)]
        i = data_idx[0]
        payload = lines[i][5:].lstrip(" ")
        try:
            obj = json.loads(payload) if payload[:1] in ("{", "[") else None
        except (ValueError, RecursionError):
            obj = None
        if obj is None:
            return [*self._flush(), self._plain(raw)]
        if self.on_answer is not None:
            self.on_answer(obj)
        slots = delta_slots(obj)
        if not slots:
            if isinstance(obj, dict) and obj.get("type") in _PINGS:
                return [raw]
            return [*self._flush(), self._plain(raw)]
        changed = False
        for name, container, key in slots:
            original_text = container[key]
            whole = self._carry.pop(name, "") + original_text
            keep = self.conversation.holdback(whole)
            head, tail = (whole[:-keep], whole[-keep:]) if keep else (whole, "")
            restored, n = self.conversation.restore(head)
            self.restored += n
            if tail:
                self._carry[name] = tail
                self.held_max = max(self.held_max, len(tail))
            if restored != original_text:
                container[key] = restored
                changed = True
            self._last[name] = (lines, obj, key)
        if not changed:
            return [raw]
        lines = list(lines)
        lines[i] = "data: " + json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
        return [("\n".join(lines) + "\n\n").encode("utf-8")]

    def _flush(self) -> list[bytes]:
        """Events carrying the text kept back, one per slot, in copies of each slot's last delta."""
        out = []
        for name, text in list(self._carry.items()):
            del self._carry[name]
            lines, obj, key = self._last[name]
            clone = copy.deepcopy(obj)
            restored, n = self.conversation.restore(text)
            self.restored += n
            for slot_name, container, slot_key in delta_slots(clone):
                container[slot_key] = restored if slot_name == name else ""
            data = "data: " + json.dumps(clone, ensure_ascii=False, separators=(",", ":"))
            kept = [line if not line.startswith("data:") else data for line in lines]
            out.append(("\n".join(kept) + "\n\n").encode("utf-8"))
        return out
