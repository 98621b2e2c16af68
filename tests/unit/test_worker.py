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
    from guardian.fieldkinds.learned import LEARNED_ID, Observation
    from guardian.session import SessionChanges
    from guardian.session_sync import ProxySessions, SessionCopies
    from guardian.worker import _Holder

    holder = _Holder(sessions=SessionCopies())
    proxy = ProxySessions()
    proxy_side = proxy.get("auth:alice")
    proxy_side.apply(SessionChanges(ids=(proxy_side.seen.digest("u8f14e45fceea16"),)))
    copy = holder.session("auth:alice", proxy.sync_message(proxy_side, 1), {("cdn.example", "query:zq"): True})
    assert copy.seen.knows("u8f14e45fceea16") and copy.seen.key == proxy_side.seen.key
    assert copy.learner is not None and copy.learner.kind("cdn.example", "query:zq#0") is LEARNED_ID
    later = SessionChanges(ids=(proxy_side.seen.digest("c0ffee0000beef1"),))
    assert holder.session("auth:alice", ("changes", (later,))) is copy and copy.seen.knows("c0ffee0000beef1")
    before = copy.learner.version
    copy.apply(SessionChanges(observed=(Observation("cdn.example", "query:other", b"x" * 16),)))
    assert copy.learner.version == before  # counted by the proxy, not here


def test_a_resumed_decision_runs_only_the_stages_the_proxy_did_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """The proxy's fast path stopped before NER and sent the `Partial` (`Resume`): the decision
    process decodes nothing and works out no field kinds again, and answers what one process decides."""
    import asyncio
    import json
    from pathlib import Path

    from guardian._wire import HEADER, Answer, Resume
    from guardian.assemble import assemble, build_components
    from guardian.errors import SlowPathNeeded
    from guardian.fieldkinds import FieldKindClassifier
    from guardian.records import HttpRequest
    from guardian.session_sync import ProxySessions
    from guardian.stages import decode as decode_stage
    from guardian.worker import _Server

    rules = Path(__file__).resolve().parents[1] / "e2e" / "rules.yaml"
    settings = Settings.from_values({"guardian_rules": str(rules), "guardian_policy_db": "off"})
    components = build_components(settings, warm=False)
    local = assemble(settings, components=components)
    request = HttpRequest("POST", "http://metrics.test/collect", (("Content-Type", "application/json"),),
                          json.dumps({"note": "Please call Maria Lopez back about her order tomorrow"}).encode())
    reference = ProxySessions(seen_key=b"k" * 32)
    whole = local.decide(request, reference.get("auth:alice"))

    calls: list[str] = []
    classify, decode = FieldKindClassifier.classify, decode_stage.decode_request
    monkeypatch.setattr(FieldKindClassifier, "classify", lambda self, *a, **k: calls.append("classify") or classify(self, *a, **k))
    monkeypatch.setattr(decode_stage, "decode_request", lambda *a, **k: calls.append("decode") or decode(*a, **k))
    proxy = ProxySessions(seen_key=b"k" * 32)
    session = proxy.get("auth:alice")
    with pytest.raises(SlowPathNeeded) as slow:
        local.decide_fast(request, session)
    assert calls == ["decode", "classify"]

    async def scenario() -> Answer:
        server = _Server(asyncio.get_running_loop())
        transport = FakeTransport()
        server.link.transport = transport  # type: ignore[assignment]
        try:
            server.configure(Configure(settings, components.hasher))
            message = Resume(1, slow.value.partial, "closed", 30.0, "auth:alice", proxy.sync_message(session, 1), None)
            server.on_message(pickle.loads(encode_frame(message)[HEADER.size:]))  # as it crosses
            for _ in range(600):
                answers = [m for m in (pickle.loads(w[HEADER.size:]) for w in transport.written) if isinstance(m, Answer)]
                if answers:
                    return answers[0]
                await asyncio.sleep(0.05)
            raise AssertionError("no answer")
        finally:
            server.close()

    answer = asyncio.run(scenario())
    assert calls == ["decode", "classify"]  # nothing again in the decision process
    got = answer.decision
    assert got.verdict == whole.verdict.value and got.path == "pool" and got.rewrite == whole.rewrite
    assert json.loads(got.line)["findings"] == whole.line["findings"]
    components.close()
