"""The decision process (guardian/addon/offload.py + guardian/worker.py), with a real child.

The child is `python -m guardian.worker`, started the way the proxy starts it. Its decisions must
be the in-process pipeline's; when it is not there, stops answering or dies, the proxy decides.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from pathlib import Path

import pytest

from guardian.addon import offload
from guardian.addon.offload import DecisionProcess, wants_process
from guardian.assemble import assemble, build_components
from guardian.decider import FlowDecider, Decision
from guardian.records import HttpRequest, Verdict
from guardian.session import DEFAULT_USER, Session
from guardian.session_sync import ProxySessions
from guardian.settings import Settings

RULES = Path(__file__).resolve().parents[2] / "e2e" / "rules.yaml"
START_LIMIT_S = 120.0  # the child loads spaCy and the tables: seconds on a loaded 2-core machine


def _json(url: str, body: object, **headers: str) -> HttpRequest:
    hs = tuple(headers.items()) + (("Content-Type", "application/json"),)
    return HttpRequest("POST", url, hs, json.dumps(body).encode())


REQUESTS = [
    _json("http://shop.test/api/cart", {"items": [{"sku": "A1", "qty": 2}], "note": "gift wrap"},
          **{"Origin": "http://shop.test", "Sec-Fetch-Site": "same-origin"}),  # allow
    _json("http://metrics.test/collect", {"ev": "lead", "em": "jane.doe@example.org", "ph": "+1 415 555 0123"},
          **{"Origin": "http://shop.test", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"}),  # transform
    _json("http://ads.test/pixel", {"em": "jane.doe@example.org", "ph": "+1 415 555 0123", "cc": "4111 1111 1111 1111"},
          **{"Origin": "http://shop.test", "Sec-Fetch-Site": "cross-site"}),  # deny
    HttpRequest("GET", "http://cdn.blocked.test/lib.js?v=1"),  # deny by rule
    HttpRequest("POST", "http://metrics.test/collect", (("Content-Type", "application/json"),), b'{"email": "jane@exa'),
]


def _settings(tmp_path: Path, **values: object) -> Settings:
    # spaCy reads the prose here and no fast attacker runs (no MiniLM in either process): the child
    # must decide as the proxy does with the same settings, whichever models those name, and each
    # child starts faster
    return Settings.from_values({"guardian_rules": str(RULES), "guardian_policy_db": "off", "guardian_prose": "spacy",
                                 "guardian_fast_attacker": False, **values})


def _comparable(decision: Decision) -> dict[str, object]:
    """What must not differ between the two processes: everything but the clock."""
    line = decision.record.as_dict()
    for key in ("ts", "ms"):
        line.pop(key, None)
    return {"verdict": decision.verdict, "reason": decision.reason, "record": line,
            "rewrite": decision.rewrite, "path": decision.path}


async def _ready(process: DecisionProcess, probe: HttpRequest) -> None:
    deadline = time.monotonic() + START_LIMIT_S
    while not process.ready:
        assert time.monotonic() < deadline, "the decision process did not get ready"
        assert await process.decide(probe, Session(DEFAULT_USER), ProxySessions(), fail="closed", timeout=5) is None  # not ready: the proxy decides
        await asyncio.sleep(0.2)


def test_wants_process_follows_the_option_and_the_cpus() -> None:
    assert wants_process("auto", cpus=2) and not wants_process("auto", cpus=1)
    assert wants_process("on", cpus=1) and not wants_process("off", cpus=16)


def test_without_a_child_the_proxy_decides() -> None:
    assert asyncio.run(DecisionProcess().decide(REQUESTS[0], Session(DEFAULT_USER), ProxySessions(), fail="closed", timeout=1)) is None


def test_the_child_decides_as_the_proxy_would_then_falls_back_when_stopped_or_dead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = _settings(tmp_path, guardian_audit=str(tmp_path / "audit.jsonl"))  # one hasher key, beside the log
    local = assemble(settings)
    decider = FlowDecider()
    monkeypatch.setattr(offload, "ANSWER_MARGIN_S", 0.5)
    monkeypatch.setattr(offload, "RESTART_FIRST_S", 0.5)

    async def scenario() -> None:
        sessions = ProxySessions()
        session, mirror = sessions.get(DEFAULT_USER), Session(DEFAULT_USER)  # the child's and the in-process one's
        process = DecisionProcess()
        process.start(settings)
        try:
            await _ready(process, REQUESTS[0])
            # 1. the same decisions, request by request, as the in-process pipeline
            for request in REQUESTS:
                remote = await process.decide(request, session, sessions, fail="closed", timeout=10)
                assert remote is not None
                here = await decider.decide(local, request, mirror, fail="closed", timeout=10)
                assert _comparable(remote) == _comparable(here)
            verdicts = [(await process.decide(r, session, sessions, fail="closed", timeout=10)).verdict for r in REQUESTS[:4]]  # type: ignore[union-attr]
            assert verdicts == [Verdict.ALLOW, Verdict.TRANSFORM, Verdict.DENY, Verdict.DENY]

            # 2. a child that stops answering: the flow gets the fail mode after its timeout, no hang
            pid = process.pid
            assert pid is not None
            os.kill(pid, signal.SIGSTOP)
            try:
                stuck = await asyncio.wait_for(process.decide(REQUESTS[0], session, sessions, fail="closed", timeout=0.5), 10)
            finally:
                os.kill(pid, signal.SIGCONT)
            assert stuck is not None and stuck.verdict is Verdict.DENY and stuck.path == "failed"
            assert stuck.record.error == {"timeout": True}

            # 3. a child that dies: waiting and later requests are decided by the proxy; a new child comes
            os.kill(pid, signal.SIGSTOP)  # so it cannot answer before it dies
            waiting = asyncio.ensure_future(process.decide(REQUESTS[1], session, sessions, fail="closed", timeout=10))
            await asyncio.sleep(0.05)
            os.kill(pid, signal.SIGKILL)
            assert await asyncio.wait_for(waiting, 10) is None
            await asyncio.sleep(0.6)  # past the restart pause
            await _ready(process, REQUESTS[0])
            assert process.started == 2 and process.pid != pid
            again = await process.decide(REQUESTS[2], session, sessions, fail="closed", timeout=10)
            assert again is not None and again.verdict is Verdict.DENY
        finally:
            process.close()
        assert process.pid is None

    asyncio.run(scenario())
    decider.close()


def test_a_child_that_cannot_start_is_not_retried_on_every_request(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls: list[list[str]] = []

    def refuse(cmd: list[str], **_: object) -> None:
        calls.append(cmd)
        raise OSError("no such interpreter")

    monkeypatch.setattr(offload.subprocess, "Popen", refuse)
    process = DecisionProcess()
    process.start(_settings(tmp_path))

    async def many() -> list[Decision | None]:
        return [await process.decide(REQUESTS[0], Session(DEFAULT_USER), ProxySessions(), fail="closed", timeout=1) for _ in range(20)]

    assert asyncio.run(many()) == [None] * 20  # the proxy decides every one
    assert len(calls) == 1  # the next try waits for the pause


def test_a_child_whose_socket_cannot_be_taken_up_is_stopped_and_retried_later(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real_popen = offload.subprocess.Popen

    def idle_child(cmd: list[str], **kwargs: object) -> object:  # a child that never answers
        return real_popen([cmd[0], "-c", "import time; time.sleep(60)"], **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(offload.subprocess, "Popen", idle_child)
    process = DecisionProcess()
    process.start(_settings(tmp_path))
    pid = process.pid

    async def scenario() -> list[Decision | None]:
        async def refuse(*_: object, **__: object) -> None:
            raise OSError("socket gone")

        monkeypatch.setattr(asyncio.get_running_loop(), "create_unix_connection", refuse)
        return [await process.decide(REQUESTS[0], Session(DEFAULT_USER), ProxySessions(), fail="closed", timeout=1) for _ in range(5)]

    try:
        assert asyncio.run(scenario()) == [None] * 5  # the proxy decides; no request hangs or raises
        assert pid is not None and process.pid is None and process.started == 1  # stopped; no retry storm
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    finally:
        process.close()


def test_without_an_audit_log_the_child_hashes_and_swaps_ids_with_the_proxys_key(tmp_path: Path) -> None:
    """No key file beside a log: the child gets the proxy's hasher, so a fallback decision or a
    restarted child rewrites an identifier to the same value, and records hash values alike."""
    from guardian.assemble import build_components

    settings = _settings(tmp_path)  # no guardian_audit
    components = build_components(settings, warm=False)
    local = assemble(settings, components=components)
    decider = FlowDecider()
    tracked = HttpRequest(
        "GET", "http://metrics.test/collect?uid=8f14e45fceea167a5a36dedd4bea2543&ev=view",
        (("Referer", "http://shop.test/"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"),
         ("Sec-Fetch-Dest", "image")),
    )

    async def scenario() -> None:
        sessions = ProxySessions()
        session, mirror = sessions.get(DEFAULT_USER), Session(DEFAULT_USER)  # the child's and the in-process one's
        process = DecisionProcess()
        process.start(settings, components.hasher)
        try:
            await _ready(process, REQUESTS[0])
            for request in (REQUESTS[1], tracked):
                remote = await process.decide(request, session, sessions, fail="closed", timeout=10)
                here = await decider.decide(local, request, mirror, fail="closed", timeout=10)
                assert remote is not None and _comparable(remote) == _comparable(here)
            swapped = await process.decide(tracked, session, sessions, fail="closed", timeout=10)
            assert swapped is not None and swapped.verdict is Verdict.TRANSFORM and swapped.rewrite is not None
        finally:
            process.close()

    asyncio.run(scenario())
    decider.close()


def _sec(url: str, *headers: tuple[str, str]) -> HttpRequest:
    return HttpRequest("GET", url, headers)


# Four requests of one browsing session whose decisions depend on what the earlier ones taught:
SESSION_REQUESTS = [
    # a partner's frame on a news page ...
    _sec("https://widgets.partner.example/w.html", ("Sec-Fetch-Dest", "iframe"), ("Sec-Fetch-Mode", "navigate"),
         ("Sec-Fetch-Site", "cross-site"), ("Referer", "https://news.example/")),
    # ... a user id sent to a collector ...
    _sec("http://metrics.test/collect?uid=u8f14e45fceea16&ev=view", ("Referer", "http://shop.test/"),
         ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"), ("Sec-Fetch-Dest", "image")),
    # ... the frame's own call: first party is the news site, not the partner (the frame chain) ...
    _sec("https://widgets.partner.example/sync?pid=77&ev=load", ("Origin", "https://widgets.partner.example"),
         ("Referer", "https://widgets.partner.example/w.html"), ("Sec-Fetch-Site", "same-origin"), ("Sec-Fetch-Dest", "empty")),
    # ... and the same id under a name no dictionary knows (the identifiers seen)
    _sec("http://cdn.other.test/p.gif?ref=u8f14e45fceea16&w=1", ("Referer", "http://shop.test/"),
         ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"), ("Sec-Fetch-Dest", "image")),
]


def test_a_fallback_in_the_middle_of_a_session_decides_with_the_same_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from guardian.addon.guardian import GuardianAddon

    settings = _settings(tmp_path)
    components = build_components(settings, warm=False)
    local = assemble(settings, components=components)
    decider = FlowDecider()
    monkeypatch.setattr(offload, "RESTART_FIRST_S", 0.5)

    async def scenario() -> tuple[list[Decision], list[Decision]]:
        reference = Session(DEFAULT_USER)  # one process decides everything
        expected = [await decider.decide(local, r, reference, fail="closed", timeout=30) for r in SESSION_REQUESTS]
        assert expected[2].record.context.first_party_site == "news.example"  # type: ignore[union-attr]
        assert expected[3].verdict is Verdict.TRANSFORM  # found again by its value
        addon = GuardianAddon(local)
        process = addon.process
        process.start(settings, components.hasher)
        session = addon.sessions.get(DEFAULT_USER)
        got: list[Decision] = []
        try:
            await _ready(process, SESSION_REQUESTS[2])
            first = await process.decide(SESSION_REQUESTS[0], session, addon.sessions, fail="closed", timeout=30)  # the child
            assert first is not None
            got.append(first)
            pid = process.pid
            assert pid is not None
            os.kill(pid, signal.SIGKILL)
            while process.ready:  # the proxy notices the death
                await asyncio.sleep(0.05)
            got.append(await addon.decide(local, SESSION_REQUESTS[1], session))  # decided by the proxy itself
            await asyncio.sleep(0.6)  # past the restart pause
            await _ready(process, SESSION_REQUESTS[2])
            for request in SESSION_REQUESTS[2:]:  # a new child, with the session the proxy sent it
                remote = await process.decide(request, session, addon.sessions, fail="closed", timeout=30)
                assert remote is not None
                got.append(remote)
        finally:
            process.close()
            addon.decider.close()
        return expected, got

    expected, got = asyncio.run(scenario())
    decider.close()
    assert [_comparable(d) for d in got] == [_comparable(d) for d in expected]


def test_an_idle_proxy_decides_cheap_requests_itself_and_a_busy_one_asks_the_child(tmp_path: Path) -> None:
    """C=1 latency: a cheap request that finds no other exchange open is decided in the proxy; with
    others open the child decides. The two share one memory: the decisions equal a one-process run."""
    from guardian.addon.guardian import GuardianAddon

    settings = _settings(tmp_path)
    components = build_components(settings, warm=False)
    local = assemble(settings, components=components)
    decider = FlowDecider()

    async def scenario() -> tuple[list[Decision], list[Decision], list[int]]:
        reference = Session(DEFAULT_USER)
        expected = [await decider.decide(local, r, reference, fail="closed", timeout=30) for r in SESSION_REQUESTS]
        addon = GuardianAddon(local)
        process = addon.process
        process.start(settings, components.hasher)
        session = addon.sessions.get(DEFAULT_USER)
        asked: list[int | str] = []
        real = process.decide

        async def counting(request: HttpRequest, *args: object, **kwargs: object) -> Decision | None:
            asked.append(SESSION_REQUESTS.index(request) if request in SESSION_REQUESTS else request.host)
            return await real(request, *args, **kwargs)  # type: ignore[arg-type]

        got: list[Decision] = []
        try:
            await _ready(process, SESSION_REQUESTS[2])
            process.decide = counting  # type: ignore[method-assign]
            for i, request in enumerate(SESSION_REQUESTS):
                addon._open = {"this": time.monotonic()}  # the flow being decided
                # 1 and 2 find two more exchanges open (busy): 2 (the child) needs what 0 (the proxy)
                # taught, 3 (the proxy) what 1 (the child) did
                if i in (1, 2):
                    addon._open.update({"other": time.monotonic(), "third": time.monotonic()})
                got.append(await addon.decide(local, request, session))
            addon._open = {"this": time.monotonic()}
            # a prompt to an AI model needs a model (its prose): the child decides it even when idle,
            # so its early stages do not run here first
            prompt = HttpRequest("POST", "https://api.openai.com/v1/chat/completions", (("content-type", "application/json"),),
                                 b'{"model": "m", "messages": [{"role": "user", "content": "Hi"}]}')
            await addon.decide(local, prompt, session)
        finally:
            process.close()
            addon.decider.close()
        return expected, got, asked

    expected, got, asked = asyncio.run(scenario())
    decider.close()
    assert asked == [1, 2, "api.openai.com"]  # the idle ones never reached the child, but for the prompt
    assert [_comparable(d) for d in got] == [_comparable(d) for d in expected]


def test_open_exchanges_are_counted_until_their_response_or_error_and_old_ones_expire() -> None:
    from mitmproxy.test import tflow

    from guardian.addon import guardian as guardian_module
    from guardian.addon.guardian import GuardianAddon

    addon = GuardianAddon()
    first, second = tflow.tflow(), tflow.tflow()
    addon.requestheaders(first)
    assert addon.idle()
    addon.requestheaders(second)
    assert not addon.idle()
    addon.response(second)
    assert addon.idle()
    addon.requestheaders(second)
    addon.error(first)
    assert addon.idle()
    addon.requestheaders(first)
    addon._open[first.id] -= guardian_module.OPEN_EXCHANGE_MAX_S + 1  # a stream open for long: not counted
    assert addon.idle() and first.id not in addon._open


def test_a_costly_request_begun_in_an_idle_proxy_is_finished_by_the_child_from_its_costly_stage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Prose for NER to a tracker, found idle: the proxy's fast path runs the early stages and sends
    the `Partial` (`Resume`), the child goes on from detect. The field kinds were worked out once for
    the request, and the decision is a one-process run's."""
    from guardian.addon.guardian import GuardianAddon
    from guardian._wire import Message, Resume

    settings = _settings(tmp_path)
    components = build_components(settings, warm=False)
    local = assemble(settings, components=components)
    decider = FlowDecider()
    prose = _json("http://metrics.test/collect", {"ev": "note", "text": "Please call Maria Lopez back about her order tomorrow"},
                  **{"Origin": "http://shop.test", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"})
    kinds: list[str] = []
    classify = local.classifier.classify

    def counted(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        kinds.append("classify")
        return classify(*args, **kwargs)  # type: ignore[arg-type]

    async def scenario() -> tuple[Decision, Decision, list[Message]]:
        expected = await decider.decide(local, prose, Session(DEFAULT_USER), fail="closed", timeout=30)
        addon = GuardianAddon(local)
        process = addon.process
        process.start(settings, components.hasher)
        sent: list[Message] = []
        try:
            await _ready(process, REQUESTS[0])
            link = process._link
            assert link is not None
            send = link.send
            link.send = lambda message: (sent.append(message), send(message))[1]  # type: ignore[method-assign]
            monkeypatch.setattr(local.classifier, "classify", counted)
            addon._open = {"this": time.monotonic()}  # idle: the proxy tries the fast path itself
            got = await addon.decide(local, prose, addon.sessions.get(DEFAULT_USER))
        finally:
            process.close()
            addon.decider.close()
        return expected, got, sent

    expected, got, sent = asyncio.run(scenario())
    decider.close()
    assert kinds == ["classify"]  # in the proxy, once; the child began at detect
    assert [type(m) for m in sent] == [Resume]
    resume = sent[0]
    assert isinstance(resume, Resume) and local.stages[resume.partial.index].name == "detect"
    assert _untimed(_comparable(got)) == _untimed(_comparable(expected)) and got.path == "pool"


def _untimed(value: object) -> object:
    """`value` without the timings nested in it (the escalation loop's rounds)."""
    if isinstance(value, dict):
        return {k: _untimed(v) for k, v in value.items() if k != "ms" and not k.endswith("_ms")}
    if isinstance(value, (list, tuple)):
        return [_untimed(v) for v in value]
    return value
