"""proxy_bench's --variants: each phase goes on where its proxy's last one stopped."""

from __future__ import annotations

import asyncio

import pytest

from lab.bench import proxy_bench as pb


class _Counted:
    """A proxy or upstream as run_phase reads it: a port, and CPU seconds."""

    def __init__(self, port: int = 0) -> None:
        self.port = port

    def cpu_s(self) -> float:
        return 0.0

    def loop_cpu_s(self) -> float:
        return 0.0


def test_variants_are_checked_by_parse_args() -> None:
    assert pb.parse_args([]).variants == pb.VARIANTS
    assert pb.parse_args(["--variants", "6000"]).variants == 6000
    with pytest.raises(SystemExit):
        pb.parse_args(["--variants", "0"])


def test_a_phase_sends_the_requests_from_its_start_on_cycling() -> None:
    seen: list[str] = []

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            if not head:
                break
            seen.append(head.split(b" ", 2)[1].decode())
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
            await writer.drain()

    async def run() -> pb.PhaseResult:
        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        reqs = [pb.Req(pb._request("GET", f"http://shop.test/{i}"), "get", 200) for i in range(4)]
        try:
            return await pb.run_phase(_Counted(port), _Counted(), reqs, 3, 1, False, 10.0, 5.0, 5)
        finally:
            server.close()

    result = asyncio.run(run())
    assert len(result.latencies_ms) == 3
    assert seen == ["http://shop.test/1", "http://shop.test/2", "http://shop.test/3"]  # 5, 6, 7 of 4 variants
