"""How the proxy and the decision process talk: frames of a 4-byte length and a pickle.

    proxy (guardian.addon.offload)                 decision process (guardian.worker)
    ("settings", Settings, ValueHasher) ─────────> builds its pipeline
                          <─────────── ("ready", pid) | ("failed", why)
    ("decide", id, HttpRequest, fail, timeout) ──> decides
                 <─── ("decision", id, Decision) | ("declined", id): the proxy decides it

A `Decision` crosses in a compact form of its own (`Decision.__reduce__`): its record's JSONL line
as JSON, read at once, and the record itself packed, unpacked only if the proxy reads it.

Both ends are this package, over a socket pair that nothing else holds, so a pickle is safe
here. The module imports no mitmproxy (the child never loads the proxy) and nothing of guardian.
A pickle names functions by their module, so the reducer below lives here, in a module both
processes import by name: in `guardian.worker`, which the child runs as `__main__`, the proxy
could not find it.
"""

from __future__ import annotations

import asyncio
import copyreg
import pickle
import struct
import types
from collections.abc import Callable
from typing import Any

__all__ = ["Frame", "FrameLink", "encode_frame", "HEADER", "MAX_FRAME_BYTES", "PROXY_PID_ENV"]

HEADER = struct.Struct(">I")
MAX_FRAME_BYTES = 64 * 1024 * 1024  # a request is at most guardian_max_body (8 MB by default) plus headers
PICKLE_PROTOCOL = 5
PROXY_PID_ENV = "GUARDIAN_PROXY_PID"  # set by the proxy that starts the decision process


def _read_only(mapping: dict[Any, Any]) -> types.MappingProxyType[Any, Any]:
    return types.MappingProxyType(mapping)


# Read-only mappings (a record's likelihood section, the settings' deadlines) cross as themselves.
copyreg.pickle(types.MappingProxyType, lambda m: (_read_only, (dict(m),)))

Frame = tuple[Any, ...]  # ("settings", Settings, ValueHasher) | ("decide", id, HttpRequest, fail, timeout) | ...


def encode_frame(message: Frame) -> bytes:
    """One message as bytes on the wire."""
    data = pickle.dumps(message, protocol=PICKLE_PROTOCOL)
    if len(data) > MAX_FRAME_BYTES:
        raise ValueError(f"message of {len(data)} bytes is over the frame limit")
    return HEADER.pack(len(data)) + data


class FrameLink(asyncio.Protocol):
    """Both ends' transport: messages in from `data_received` (no task per message, which is
    most of what a round trip costs), messages out through the transport's buffer (never blocks).
    A garbled stream closes the link; `on_message` and `on_lost` are the owner's."""

    def __init__(self, on_message: Callable[[Frame], None], on_lost: Callable[[str], None]) -> None:
        self.on_message = on_message
        self.on_lost = on_lost
        self.transport: asyncio.Transport | None = None
        self._buffer = bytearray()
        self._why = "the other end closed"

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def send(self, message: Frame) -> None:
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
            if not isinstance(message, tuple) or not message:
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
