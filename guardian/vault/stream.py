"""The events of a streamed answer restored in order, pseudonyms split across deltas included.

The framing (`sse.py`: server-sent events; `jsonstream.py`: a streamed JSON array or NDJSON)
cuts the stream into events and hands each one here with the bytes around its JSON payload.

A model writes a pseudonym in pieces, one per delta: `"[PERS"`, `"ON_1]"`. A delta that ends
with what may be the start of a pseudonym (at most the longest pseudonym's length less one
characters) keeps that end back, and the slot's next delta gets it in front of its own text
(`slots.py` says which deltas continue which). The event whose end was kept back waits in the
output queue until the slot's next delta comes, or the slot ends (then the kept text goes back
into that same event, restored as far as it can be): events are never added, dropped, split or
reordered, so ids, event names, finish events and usage pass as the service sent them, and only
the restored strings differ. Everything behind a waiting event waits with it; the queue is
bounded (`MAX_QUEUED_EVENTS`, `MAX_QUEUED_BYTES`): past that the oldest waiting event goes out
with its text as received.

Only string tokens that change are rewritten (`jsontext.rewrite_json`); an event with nothing
to restore goes out byte for byte. Nothing here raises on what a service sends.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from guardian.vault.jsontext import Path, rewrite_json
from guardian.vault.slots import Slot, ends, shape_of, value_at
from guardian.vault.memory import Conversation, json_escape

__all__ = ["EventRestorer", "OnAnswer", "MAX_QUEUED_EVENTS", "MAX_QUEUED_BYTES"]

MAX_QUEUED_EVENTS = 64  # events behind one that waits for its slot's next delta
MAX_QUEUED_BYTES = 1024 * 1024

OnAnswer = Callable[[Any], None]


@dataclass(eq=False)
class _Event:
    """One event in the output queue: its bytes around the payload, and its restored strings."""

    raw: bytes
    before: str
    payload: str
    after: str
    values: dict[Path, str] = field(default_factory=dict)  # slot strings that change
    slots: set[Path] = field(default_factory=set)  # slot strings (not restored again as a whole)
    waiting: int = 0  # slots whose kept-back text this event may still get back


@dataclass
class _Open:
    """A slot with text kept back: the event it was kept from, and what is known so far."""

    event: _Event
    path: Path
    original: str  # the delta as the service sent it
    head: str  # the delta less the kept-back end, restored
    tail: str  # the kept-back end, as sent
    json: bool


class EventRestorer:
    """Restores the events of one answer; `event`/`passthrough` in stream order, `drain` for
    the bytes that can go out, `finish` at the end."""

    def __init__(self, conversation: Conversation, *, on_answer: OnAnswer | None = None) -> None:
        self.conversation = conversation
        self.on_answer = on_answer  # sees every parsed event (to learn ids for later turns)
        self.restored = 0
        self.held_max = 0  # the most text kept back at once (characters)
        self._queue: deque[_Event | bytes] = deque()
        self._queued_bytes = 0
        self._open: dict[str, _Open] = {}
        self._json: dict[str, bool] = {}  # slot -> its text is JSON (decided on its first text)
        conversation.holdback("")  # build the conversation's pattern now, not on the first chunk

    # -- input ---------------------------------------------------------------------------------

    def passthrough(self, raw: bytes) -> None:
        """Bytes that go out as they are, in their place (framing, an event that is not JSON)."""
        if raw:
            self._push(raw)

    def end_all(self) -> None:
        """Every slot is over (`[DONE]`, the end of the stream): kept-back text goes back."""
        for name in list(self._open):
            self._close(name)

    def event(self, raw: bytes, before: str, payload: str, after: str, obj: Any) -> None:
        """One parsed event: `raw` is `before + payload + after` as received, `obj` the payload."""
        if self.on_answer is not None:
            self.on_answer(obj)
        shape = shape_of(obj)
        event = _Event(raw, before, payload, after)
        here = {s.name for s in shape.slots}
        if shape.ends:
            for name in [n for n in self._open if n not in here and ends(shape.ends, n)]:
                self._close(name)
        for slot in shape.slots:
            value = value_at(obj, slot.path)
            if isinstance(value, str):
                self._delta(event, slot, value)
        self._push(event)

    # -- output --------------------------------------------------------------------------------

    def drain(self) -> bytes:
        """What can go out now: the queue up to the first event that still waits."""
        out = []
        while self._queue:
            head = self._queue[0]
            if isinstance(head, _Event) and head.waiting:
                break
            self._queue.popleft()
            out.append(head if isinstance(head, bytes) else self._render(head))
            self._queued_bytes -= len(head if isinstance(head, bytes) else head.raw)
        return b"".join(out)

    def finish(self) -> bytes:
        """Everything left, at the end of the stream."""
        self.end_all()
        for item in self._queue:  # nothing is left waiting at the end, whatever happened before
            if isinstance(item, _Event):
                item.waiting = 0
        return self.drain()

    # -- inside --------------------------------------------------------------------------------

    def _restore(self, text: str, is_json: bool) -> str:
        restored, n = self.conversation.restore(text, escape=json_escape if is_json else None)
        self.restored += n
        return restored

    def _is_json(self, slot: Slot, text: str) -> bool:
        """Arguments are JSON; a text slot is when its first character opens an object (a
        JSON-mode answer), so an original with a quote cannot break what the client parses."""
        if slot.json:
            return True
        known = self._json.get(slot.name)
        if known is None and text.strip():
            known = self._json[slot.name] = text.lstrip()[:1] == "{"
        return bool(known)

    def _delta(self, event: _Event, slot: Slot, value: str) -> None:
        event.slots.add(slot.path)
        before = self._open.pop(slot.name, None)
        text = value
        if before is not None:  # its event keeps what it had; the kept-back end comes here
            self._settle(before, before.head)
            text = before.tail + value
        is_json = self._is_json(slot, text)
        keep = 0 if slot.last else self.conversation.holdback(text)
        head, tail = (text[:-keep], text[-keep:]) if keep else (text, "")
        restored = self._restore(head, is_json)
        if tail:
            self._open[slot.name] = _Open(event, slot.path, value, restored, tail, is_json)
            event.waiting += 1
            self.held_max = max(self.held_max, len(tail))
        elif restored != value:
            event.values[slot.path] = restored

    def _settle(self, slot: _Open, text: str) -> None:
        if text != slot.original:
            slot.event.values[slot.path] = text
        slot.event.waiting -= 1

    def _close(self, name: str) -> None:
        """The slot is over: its kept-back end goes back into the event it was kept from."""
        slot = self._open.pop(name)
        self._settle(slot, slot.head + self._restore(slot.tail, slot.json))

    def _push(self, item: _Event | bytes) -> None:
        self._queue.append(item)
        self._queued_bytes += len(item if isinstance(item, bytes) else item.raw)
        while len(self._queue) > MAX_QUEUED_EVENTS or self._queued_bytes > MAX_QUEUED_BYTES:
            head = self._queue[0]
            if not isinstance(head, _Event) or not head.waiting:
                break
            waiting = [n for n, s in self._open.items() if s.event is head]
            if not waiting:  # cannot happen (a waiting event has an open slot); never loop on it
                break
            for name in waiting:
                self._close(name)

    def _render(self, event: _Event) -> bytes:
        try:
            payload, n = rewrite_json(event.payload, self.conversation, event.values, event.slots)
        except (ValueError, RecursionError):  # not what it parsed as: as received
            return event.raw
        self.restored += n
        if payload == event.payload:
            return event.raw
        return (event.before + payload + event.after).encode("utf-8")
