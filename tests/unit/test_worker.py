"""The decision process's wire format (guardian/_wire.py): typed messages in frames, garbage closes."""

from __future__ import annotations

import pickle
import subprocess
import sys
import types

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guardian._wire import HEADER, MAX_FRAME_BYTES, Configure, Declined, FrameLink, Ready, encode_frame
from guardian.settings import Settings
from guardian.worker import main


class FakeTransport:
    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True


def _link() -> tuple[FrameLink, list[tuple[object, ...]], list[str], FakeTransport]:
    got: list[tuple[object, ...]] = []
    lost: list[str] = []
    link = FrameLink(got.append, lost.append)
    transport = FakeTransport()
    link.transport = transport  # type: ignore[assignment]
    return link, got, lost, transport


@settings(max_examples=60, deadline=None)
@given(
    messages=st.lists(st.one_of(st.builds(Ready, st.integers(0, 10**9)), st.builds(Declined, st.integers(0, 10**9))), min_size=1, max_size=6),
    cuts=st.lists(st.integers(1, 50), max_size=20),
)
def test_frames_survive_any_split_of_the_stream(messages: list[Ready | Declined], cuts: list[int]) -> None:
    link, got, lost, transport = _link()
    stream = b"".join(encode_frame(m) for m in messages)
    pos = 0
    for cut in cuts:  # the socket may hand over any piece: half a header, two frames at once
        link.data_received(stream[pos:pos + cut])
        pos += cut
    link.data_received(stream[pos:])
    assert got == messages
    assert not transport.closed and not lost


def test_read_only_mappings_cross_as_read_only_mappings() -> None:
    """A record's likelihood section and the settings' deadlines are MappingProxyType."""
    settings_ = Settings()
    back = pickle.loads(encode_frame(Configure(settings_))[HEADER.size:]).settings
    assert back == settings_
    assert isinstance(back.deadlines, types.MappingProxyType)


def test_read_only_mappings_from_the_child_read_back_in_the_proxy() -> None:
    """The child runs `guardian.worker` as `__main__`; what it pickles must not name `__main__`
    (the proxy's `__main__` is mitmdump's)."""
    child = (  # what `python -m guardian.worker` does (runpy's own entry), without a socket: exit 2
        "import pickle, runpy, sys, types\n"
        "try:\n"
        "    runpy._run_module_as_main('guardian.worker')\n"
        "except SystemExit:\n"
        "    pass\n"
        "sys.stdout.buffer.write(pickle.dumps(types.MappingProxyType({'L': 0.5}), protocol=5))\n"
    )
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, check=True, timeout=120).stdout
    back = pickle.loads(out)
    assert isinstance(back, types.MappingProxyType) and back == {"L": 0.5}


def test_an_oversized_announcement_closes_the_link_without_reading_on() -> None:
    link, got, lost, transport = _link()
    link.data_received(HEADER.pack(MAX_FRAME_BYTES + 1) + b"x" * 10)
    assert transport.closed and got == []
    link.connection_lost(None)
    assert "unreadable" in lost[0]


@pytest.mark.parametrize("payload", [b"not a pickle", pickle.dumps("a string, not a message"), pickle.dumps(()), pickle.dumps(("ready", 1))])
def test_garbage_closes_the_link(payload: bytes) -> None:
    link, got, lost, transport = _link()
    link.data_received(HEADER.pack(len(payload)) + payload)
    assert transport.closed and got == []


def test_send_on_a_closed_link_says_so() -> None:
    link, _, _, transport = _link()
    link.send(Ready(1))
    assert transport.written and pickle.loads(transport.written[0][HEADER.size:]) == Ready(1)
    transport.closed = True
    with pytest.raises(ConnectionError):
        link.send(Ready(1))


def test_the_program_refuses_to_start_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "started by the proxy" in capsys.readouterr().err


def test_a_session_copy_follows_the_proxys_sync_messages() -> None:
    """The decision process's copies: a snapshot makes one, changes bring it up to date, and what
    the users taught (`learned`) replaces the copy's table; a copy never teaches the learner."""
    from guardian.fieldkinds.learned import LEARNED_ID
    from guardian.session import Session, SessionChanges, Sessions
    from guardian.worker import _Holder

    holder = _Holder(sessions=Sessions(teaches=False))
    proxy_side = Session("auth:alice")
    proxy_side.apply(SessionChanges(ids=(proxy_side.seen.digest("u8f14e45fceea16"),)))
    copy = holder.session("auth:alice", proxy_side.sync_message(1), {("cdn.example", "query:zq"): True})
    assert copy.seen.knows("u8f14e45fceea16") and copy.seen.key == proxy_side.seen.key
    assert copy.learner is not None and copy.learner.kind("cdn.example", "query:zq#0") is LEARNED_ID
    later = SessionChanges(ids=(proxy_side.seen.digest("c0ffee0000beef1"),))
    assert holder.session("auth:alice", ("changes", (later,))) is copy and copy.seen.knows("c0ffee0000beef1")
    before = copy.learner.version
    from guardian.fieldkinds.learned import Observation

    copy.apply(SessionChanges(observed=(Observation("cdn.example", "query:other", b"x" * 16),)))
    assert copy.learner.version == before  # counted by the proxy, not here
