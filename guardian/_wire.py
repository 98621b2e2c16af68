"""How the proxy and the decision process talk: typed messages in frames of a 4-byte length and a pickle.

    proxy (guardian.addon.offload)                      decision process (guardian.worker)
    Configure(settings, hasher) ──────────────────────> builds its pipeline
                          <──────────────── Ready(pid) | Failed(why)
    Decide(rid, request, fail, timeout, user, sync, learned, chat) ──> decides
    Resume(rid, partial, fail, timeout, user, sync, learned) ──> finishes what the proxy began
                 <──── Answer(rid, Sent) | Declined(rid): the proxy decides it

A decision crosses as `Sent`: plain values, its record's JSONL line as JSON (which the proxy reads
at once, for the audit log and `flow.metadata`) and the record itself pickled. The proxy turns it
into a `Received`, which reads the record only when something asks for it: unpickling the whole
record cost the proxy 0.1-0.2 ms of its event loop a request, reading the line 0.02 ms. The proxy's
audit line for a received decision is the child's JSON with the flow's three keys spliced onto its
end (`Received.audit_json`), not the whole line encoded again.

Both ends are this package, over a socket pair that nothing else holds, so a pickle is safe here.
The module imports no mitmproxy (the child never loads the proxy) and, at run time, only
`guardian.records` of the package: a pickle names classes by their module, so the messages live
here, in a module both processes import by name (in `guardian.worker`, which the child runs as
`__main__`, the proxy could not find them).
"""

from __future__ import annotations

import asyncio
import copyreg
import pickle
import struct
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

import orjson

from guardian.records import Verdict

if TYPE_CHECKING:
    from guardian.anonymize.operators.chat_pseudonym import ChatBook, ChatOutcome
    from guardian.audit import ValueHasher
    from guardian.codecs import RequestRewrite
    from guardian.decision_record import DecisionRecord
    from guardian.pipeline import Decision
    from guardian.records import HttpRequest
    from guardian.session import SessionChanges
    from guardian.settings import Settings
    from guardian.stages.flow import Partial

__all__ = [
    "Configure", "Decide", "Resume", "Answer", "Declined", "Ready", "Failed", "Message", "MESSAGES",
    "Sent", "Received", "sent", "received", "FrameLink", "encode_frame", "HEADER", "MAX_FRAME_BYTES", "PROXY_PID_ENV",
]

HEADER = struct.Struct(">I")
MAX_FRAME_BYTES = 64 * 1024 * 1024  # a request is at most guardian_max_body (8 MB by default) plus headers
PICKLE_PROTOCOL = 5
PROXY_PID_ENV = "GUARDIAN_PROXY_PID"  # set by the proxy that starts the decision process


def _read_only(mapping: dict[Any, Any]) -> types.MappingProxyType[Any, Any]:
    return types.MappingProxyType(mapping)


# Read-only mappings (a record's likelihood section, the settings' deadlines) cross as themselves.
copyreg.pickle(types.MappingProxyType, lambda m: (_read_only, (dict(m),)))


# -- the messages ------------------------------------------------------------------------------
# Named tuples: each pickles as its class and its values, no dict of attributes.

class Configure(NamedTuple):
    """proxy -> child: build the pipeline for these settings (`hasher`: the proxy's key)."""

    settings: Settings
    hasher: ValueHasher | None = None


class Decide(NamedTuple):
    """proxy -> child: decide `request` in the copy of `user`'s session, brought up to date by
    `sync` (`ProxySessions.sync_message`) and what the users taught (`learned`, when it changed)."""

    rid: int
    request: HttpRequest
    fail: str
    timeout: float
    user: str
    sync: tuple[str, object] | None
    learned: dict[tuple[str, str], bool] | None
    chat: ChatBook | None


class Resume(NamedTuple):
    """proxy -> child: finish `partial`, a decision the proxy's fast path stopped before a costly
    stage (its state holds the request and the AI conversation), in the copy of `user`'s session,
    brought up to date as for `Decide`: the stages before it do not run again."""

    rid: int
    partial: Partial
    fail: str
    timeout: float
    user: str
    sync: tuple[str, object] | None
    learned: dict[tuple[str, str], bool] | None


class Sent(NamedTuple):
    """A decision as it crosses: the verdict by its value, the changes as None when it taught
    nothing (an enum member and an empty dataclass cost the proxy 12 us of its 44 us per
    unpickled decision), the record's line as JSON (or the dict where orjson refuses it, e.g. a
    lone surrogate) and the record pickled."""

    verdict: str
    reason: str
    rewrite: RequestRewrite | None
    changes: SessionChanges | None
    path: str
    chat: ChatOutcome | None
    line: bytes | dict[str, Any]
    record: bytes


class Answer(NamedTuple):
    """child -> proxy: the decision for request `rid`."""

    rid: int
    decision: Sent


class Declined(NamedTuple):
    """child -> proxy: decide request `rid` yourself (no pipeline yet, one that failed to build)."""

    rid: int


class Ready(NamedTuple):
    """child -> proxy: the pipeline is built."""

    pid: int


class Failed(NamedTuple):
    """child -> proxy: the pipeline cannot be built, and why; the child then closes the link."""

    why: str


Message = Configure | Decide | Resume | Answer | Declined | Ready | Failed
MESSAGES = (Configure, Decide, Resume, Answer, Declined, Ready, Failed)


# -- decisions across ---------------------------------------------------------------------------

_VERDICTS: dict[str, Verdict] = {v.value: v for v in Verdict}


def sent(decision: Decision) -> Sent:
    """`decision` as it crosses to the proxy."""
    line = decision.line
    try:
        wire: bytes | dict[str, Any] = orjson.dumps(line, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # what orjson refuses crosses as the dict itself
        wire = line
    return Sent(decision.verdict.value, decision.reason, decision.rewrite, decision.changes or None, decision.path,
                decision.chat, wire, pickle.dumps(decision.record, protocol=pickle.HIGHEST_PROTOCOL))


@dataclass(frozen=True, repr=False)
class Received:
    """A decision from the decision process, as the proxy enforces and records it: what a
    `guardian.pipeline.Decision` offers, with its line read and its record unpickled when first read."""

    verdict: Verdict
    reason: str
    rewrite: RequestRewrite | None
    changes: SessionChanges
    path: str
    chat: ChatOutcome | None
    line: Mapping[str, Any]
    line_json: bytes | None  # the line as the child encoded it, for `audit_json`
    packed_record: bytes

    @cached_property
    def record(self) -> DecisionRecord:
        """The decision record (a block page of an upload, a test, a debugger); rarely read."""
        record: DecisionRecord = pickle.loads(self.packed_record)
        return record

    def audit_json(self, *, id: str, mode: str, enforced: bool) -> bytes | None:  # noqa: A002
        """`flow_line(self.line, id=..., mode=..., enforced=...)` as the audit log's JSON line, the
        flow's three keys spliced onto the child's JSON (about 4 us of the proxy's loop a request
        less than encoding it again). None where the line has no JSON, or already has one of the keys."""
        wire = self.line_json
        if wire is None or wire[-1:] != b"}" or wire == b"{}":
            return None
        line = self.line
        if "id" in line or "mode" in line or "enforced" in line:
            return None
        try:
            tail = b',"id":%b,"mode":%b,"enforced":%b}\n' % (orjson.dumps(id), orjson.dumps(mode), b"true" if enforced else b"false")
        except TypeError:  # what orjson refuses: the audit log's own encoder takes the dict
            return None
        return wire[:-1] + tail

    def __repr__(self) -> str:  # a log or a debugger never unpickles a record just to show it
        return (f"Received(verdict={self.verdict!r}, reason={self.reason!r}, rewrite={self.rewrite!r}, "
                f"changes={self.changes!r}, path={self.path!r}, chat={self.chat!r})")


def received(message: Sent, no_changes: SessionChanges) -> Received:
    """The proxy's side of `sent`; `no_changes` is the session's shared empty value."""
    line = message.line
    got = object.__new__(Received)
    # a frozen dataclass's fields set in one step, as `object.__setattr__` would one by one (a
    # third of the proxy's cost of a received decision went to the nine calls)
    got.__dict__.update(
        verdict=_VERDICTS[message.verdict], reason=message.reason, rewrite=message.rewrite,
        changes=no_changes if message.changes is None else message.changes, path=message.path, chat=message.chat,
        line=orjson.loads(line) if isinstance(line, bytes) else line, line_json=line if isinstance(line, bytes) else None,
        packed_record=message.record,
    )
    return got


# -- frames ------------------------------------------------------------------------------------

def encode_frame(message: Message) -> bytes:
    """One message as bytes on the wire."""
    data = pickle.dumps(message, protocol=PICKLE_PROTOCOL)
    if len(data) > MAX_FRAME_BYTES:
        raise ValueError(f"message of {len(data)} bytes is over the frame limit")
    return HEADER.pack(len(data)) + data


class FrameLink(asyncio.Protocol):
    """Both ends' transport: messages in from `data_received` (no task per message, which is
    most of what a round trip costs), messages out through the transport's buffer (never blocks).
    A garbled stream, or anything that is not one of the messages above, closes the link;
    `on_message` and `on_lost` are the owner's."""

    def __init__(self, on_message: Callable[[Message], None], on_lost: Callable[[str], None]) -> None:
        self.on_message = on_message
        self.on_lost = on_lost
        self.transport: asyncio.Transport | None = None
        self._buffer = bytearray()
        self._why = "the other end closed"

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def send(self, message: Message) -> None:
        if self.transport is None or self.transport.is_closing():
            raise ConnectionError("the link is closed")
        self.transport.write(encode_frame(message))

    def data_received(self, data: bytes) -> None:
        buffer = self._buffer
        buffer += data
        while len(buffer) >= HEADER.size:
            (size,) = HEADER.unpack_from(buffer)
            if size > MAX_FRAME_BYTES:
                return self._garbled(f"frame of {size} bytes announced")
            end = HEADER.size + size
            if len(buffer) < end:
                return None
            try:
                message = pickle.loads(memoryview(buffer)[HEADER.size:end])
            except Exception as e:  # noqa: BLE001 - an unreadable frame ends the link, never the process
                return self._garbled(type(e).__name__)
            del buffer[:end]
            if not isinstance(message, MESSAGES):
                return self._garbled("not a message")
            self.on_message(message)
        return None

    def _garbled(self, why: str) -> None:
        self._why = f"unreadable message ({why})"
        self._buffer.clear()
        if self.transport is not None:
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.on_lost(self._why if exc is None else f"{type(exc).__name__}")

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()
