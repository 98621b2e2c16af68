"""The floor of deciding in another process: one round trip per request, no decision (`proxy_bench.py --addon-script`).

Loaded by mitmdump, this script starts a child (this file run as a program) over a socket pair,
as `guardian.addon.offload` starts the decision process, and its async `request` hook sends each
request (`flow_request`, the same frames) to the child and waits for the child's empty answer.
The difference to plain mitmdump is what any out-of-process decision costs mitmproxy's event loop
(the frame each way, the socket, the suspended hook) before a single stage runs; the difference to
`guardian_addon.py` is the decision itself, the record and the other hooks.

    .venv/bin/python lab/bench/proxy_bench.py --workloads a --serial 0 --addon-script lab/bench/roundtrip_addon.py
"""

from __future__ import annotations

import asyncio
import itertools
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from guardian._wire import Decide, Declined, FrameLink, Message  # noqa: E402 - after the path is set


class RoundTrip:
    """Per request: the request to the child, then its answer awaited (nothing decided)."""

    def __init__(self) -> None:
        self.link: FrameLink | None = None
        self.starting: asyncio.Future[None] | None = None
        self.child: subprocess.Popen[bytes] | None = None
        self.pending: dict[int, asyncio.Future[None]] = {}
        self.ids = itertools.count(1)

    def load(self, loader: Any) -> None:  # the options proxy_bench sets on the addon proxy
        loader.add_option("guardian_rules", Optional[str], None, "unused")
        loader.add_option("guardian_audit", Optional[str], None, "unused")

    async def _connect(self) -> FrameLink:
        if self.link is not None:
            return self.link
        if self.starting is not None:
            await self.starting
            assert self.link is not None
            return self.link
        loop = asyncio.get_running_loop()
        self.starting = loop.create_future()
        parent, child = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.child = subprocess.Popen([sys.executable, __file__, str(child.fileno())], pass_fds=(child.fileno(),))
        child.close()
        link = FrameLink(self._answered, lambda why: None)
        await loop.create_unix_connection(lambda: link, sock=parent)
        self.link = link
        self.starting.set_result(None)
        return link

    async def request(self, flow: Any) -> None:
        from guardian.addon.guardian import flow_request

        if flow.response or flow.error or not flow.live:
            return
        link = await self._connect()
        rid = next(self.ids)
        answer: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending[rid] = answer
        link.send(Decide(rid, flow_request(flow), "closed", 5.0, "-", None, None, None))
        try:
            await answer
        finally:
            self.pending.pop(rid, None)

    def _answered(self, message: Message) -> None:
        answer = self.pending.get(message.rid) if isinstance(message, Declined) else None
        if answer is not None and not answer.done():
            answer.set_result(None)

    def done(self) -> None:
        if self.link is not None:
            self.link.close()
        if self.child is not None:
            self.child.wait(timeout=5)


async def _echo(fd: int) -> None:
    """The child: answer every message at once, until the proxy closes its end."""
    loop = asyncio.get_running_loop()
    closed: asyncio.Future[str] = loop.create_future()
    link = FrameLink(lambda message: link.send(Declined(message.rid)) if isinstance(message, Decide) else None,
                     lambda why: closed.done() or closed.set_result(why))
    await loop.create_unix_connection(lambda: link, sock=socket.socket(fileno=fd))
    await closed


if __name__ == "__main__":
    asyncio.run(_echo(int(sys.argv[1])))
else:
    addons = [RoundTrip()]
