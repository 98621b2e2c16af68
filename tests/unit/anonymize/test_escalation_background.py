"""The escalation loop with a background runner: no flow waits for an LLM it has not measured fast,
and the LLM's answer, when it comes, teaches the next flow with the same text."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from guardian.anonymize.attacker import Guess
from guardian.anonymize.escalation import LLM_WAIT_S, EscalationLoop
from guardian.anonymize.scheduling import LatencyEstimator
from guardian.llm import LLMSettings, SyncLLM
from guardian.llm.background import BackgroundLLM
from lab.testing.stub_llm import Reply, StubLLM
from guardian.records import Basis, Field, Payload

TEXT = "As a nurse in Tacoma I work night shifts on the ward."
QUICK_S = 5.0  # half the slow LLM's 10 s: decided before it could answer (an ordering, not a speed figure)
SLOW_LLM_S = 10.0
WAIT_S = 20.0  # the most a test waits for a background answer


class Fast:
    """A healthcare guess relying on "nurse" while that word is in the text."""

    def guess(self, anonymized: str, *, timeout: float | None = None) -> list[Guess]:
        return [Guess("occupation", "healthcare worker", 0.9, ("nurse",), "fast")] if "nurse" in anonymized else []


def payload(value: str = TEXT) -> Payload:
    return Payload(fields=(Field("text:", "", value),), body_codec="text")


def attacker_says_tacoma(delay: float) -> Any:
    """The stub endpoint's attacker: "Tacoma" while the text names it; L4/L5 answer a rewrite."""

    def answer(body: dict[str, Any]) -> Reply:
        system, text = body["messages"][0]["content"], body["messages"][-1]["content"]
        if "privacy attacker" in system:
            guesses = [{"field": "location", "guess": "Tacoma", "confidence": 0.9}] if "Tacoma" in text else []
            return Reply(json.dumps({"guesses": guesses}), delay=delay)
        return Reply(json.dumps({"text": "As someone I work night shifts on the ward."}), delay=delay)

    return answer


@pytest.fixture
def endpoint() -> Iterator[Any]:
    """(stub, llm, background) for a stub endpoint answering after `delay` seconds."""
    made: list[tuple[StubLLM, SyncLLM, BackgroundLLM]] = []

    def make(delay: float) -> tuple[StubLLM, SyncLLM, BackgroundLLM]:
        stub = StubLLM(responder=attacker_says_tacoma(delay)).start()
        llm = SyncLLM(LLMSettings(base_url=stub.base_url, timeout=SLOW_LLM_S * 3, response_format="json_object"))
        made.append((stub, llm, BackgroundLLM(llm)))
        return made[-1]

    yield make
    for stub, llm, background in made:
        background.close()
        llm.close()
        stub.stop()


def attacker_requests(stub: StubLLM, text: str) -> int:
    return sum("privacy attacker" in r["messages"][0]["content"] and r["messages"][-1]["content"].endswith(text)
               for r in stub.requests)


def test_the_first_decision_after_a_start_does_not_wait_for_a_slow_llm(endpoint: Any) -> None:
    stub, llm, background = endpoint(SLOW_LLM_S)
    loop = EscalationLoop(llm, fast_attacker=Fast(), background=background, rewrite_all_text=True)
    t0 = time.monotonic()
    out = loop.run(payload(), (), 1, basis=Basis.BACKGROUND, hasher=lambda s: "h")
    assert time.monotonic() - t0 < QUICK_S
    esc = out.escalation or {}
    first = esc["rounds"][0]
    # the fast attacker's round decided: its verified guess took "nurse" up the ladder
    assert first["attacker"] == "fast" and first["guesses"][0]["source"] == "fast" and first["guesses"][0]["verified"]
    assert first["llm_skipped"] == {"attacker": "no latency measured yet"}
    assert first["llm_background"] == {"attacker": "asked"}
    assert esc["attackers"] == ["fast"] and esc["llm_wait_s"] == LLM_WAIT_S and esc["stopped"] == "c_hat<tau_g"
    assert out.level == 2 and "healthcare worker" in out.edits["text:"]
    # a second flow while the LLM still thinks: not asked twice, not awaited either
    t0 = time.monotonic()
    again = loop.run(payload(), (), 1, basis=Basis.BACKGROUND)
    assert time.monotonic() - t0 < QUICK_S
    assert (again.escalation or {})["rounds"][0]["llm_background"] == {"attacker": "pending"}


def test_the_background_answer_teaches_the_next_flow_with_the_same_text(endpoint: Any) -> None:
    stub, llm, background = endpoint(LLM_WAIT_S + 0.5)  # answers, but too slowly to be awaited
    loop = EscalationLoop(llm, fast_attacker=Fast(), background=background, rewrite_all_text=True)
    first = loop.run(payload(), (), 1, basis=Basis.BACKGROUND, hasher=lambda s: "h")
    assert "Tacoma" in first.edits["text:"]  # the fast attacker knows no places
    assert background.wait_idle(WAIT_S)  # the LLM answered in the background
    t0 = time.monotonic()
    out = loop.run(payload(), (), 1, basis=Basis.BACKGROUND, hasher=lambda s: "h")
    assert time.monotonic() - t0 < QUICK_S
    esc = out.escalation or {}
    r1 = esc["rounds"][0]
    assert r1["llm_remembered"] == ["attacker"] and r1["attacker"] == "fast+llm" and esc["attackers"] == ["fast", "llm"]
    assert {(g["source"], g["verified"]) for g in r1["guesses"]} == {("fast", True), ("llm", True)}
    assert "Tacoma" not in out.edits["text:"] and "nurse" not in out.edits["text:"]
    assert attacker_requests(stub, TEXT) == 1  # one call for the text, however many flows carry it
    # the background call measured the endpoint: too slow to be awaited, so the next round asks there too
    assert loop.latency.snapshot((stub.base_url, "attacker"))["calls"] >= 1
    assert esc["rounds"][1]["llm_skipped"]["attacker"].startswith("estimated")


def test_llm_rewrite_levels_are_learnt_in_the_background(endpoint: Any) -> None:
    stub, llm, background = endpoint(0.0)
    loop = EscalationLoop(llm, fast_attacker=Fast(), background=background, rewrite_all_text=True, l_max=4)
    first = loop.run(payload(), (), 4, basis=Basis.BACKGROUND)
    r = (first.escalation or {})["rounds"][0]
    assert r["source"] == "fallback" and r["fallback_reasons"] == ["background"] and r["llm_background"] == {"l4": "asked"}
    assert background.wait_idle(WAIT_S)
    out = loop.run(payload(), (), 4, basis=Basis.BACKGROUND)
    r = (out.escalation or {})["rounds"][0]
    assert r["source"] == "llm" and r["llm_remembered"] == ["l4"]
    assert out.edits["text:"] == "As someone I work night shifts on the ward."


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class TimedLLM:
    """Answers by role after `delay` seconds of the fake clock."""

    def __init__(self, clock: Clock, delay: float) -> None:
        self.clock, self.delay = clock, delay
        self.calls: list[str] = []

    def complete_json(self, role: str, messages: Any, schema: dict[str, Any], **kw: Any) -> Any:
        self.calls.append(role)
        self.clock.now += self.delay
        return {"guesses": []}


class Recording:
    """A background runner that remembers nothing and records what it was asked."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def recall(self, role: str, messages: Any, schema: dict[str, Any]) -> Any:
        return None

    def ask(self, role: str, messages: Any, schema: dict[str, Any], **kw: Any) -> str:
        self.asked.append(role)
        return "asked"


@pytest.mark.parametrize("measured, inline", [(0.3, True), (2.0, False)])
def test_only_a_role_measured_fast_is_awaited_and_within_llm_wait(measured: float, inline: bool) -> None:
    clock, background = Clock(), Recording()
    llm = TimedLLM(clock, measured)
    latency = LatencyEstimator(clock=clock)
    latency.observe(("TimedLLM", "attacker"), measured)
    loop = EscalationLoop(llm, fast_attacker=Fast(), background=background,  # type: ignore[arg-type]
                          latency=latency, clock=clock, rewrite_all_text=True, l_max=2)
    out = loop.run(payload(), (), 1, basis=Basis.BACKGROUND)  # a 20 s deadline: 2 s would fit it
    first = (out.escalation or {})["rounds"][0]
    assert (llm.calls == ["attacker"]) is inline and (background.asked == ["attacker"]) is not inline
    assert first["attacker"] == ("fast+llm" if inline else "fast") and clock.now - 100.0 <= LLM_WAIT_S


def test_an_unmeasured_role_is_assumed_slow_whatever_the_cold_start() -> None:
    clock, background = Clock(), Recording()
    llm = TimedLLM(clock, 0.1)
    loop = EscalationLoop(llm, fast_attacker=Fast(), background=background,  # type: ignore[arg-type]
                          cold_start_s=0.0, clock=clock, rewrite_all_text=True, l_max=2)
    loop.run(payload(), (), 1, basis=Basis.BACKGROUND)
    assert llm.calls == [] and background.asked == ["attacker"]


def test_without_a_fast_attacker_a_deferred_llm_attacker_is_conservative() -> None:
    clock, background = Clock(), Recording()
    loop = EscalationLoop(TimedLLM(clock, 0.1), fast_attacker_error="weights corrupt",
                          background=background, clock=clock, rewrite_all_text=True)  # type: ignore[arg-type]
    out = loop.run(payload(), (), 1, basis=Basis.DEFAULT)
    esc = out.escalation or {}
    assert esc["stopped"] == "attacker_in_background" and out.level == 3
    assert "background" in (out.note or "") and background.asked == ["attacker"]
