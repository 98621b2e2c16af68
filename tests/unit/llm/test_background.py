"""The background LLM runner: never blocks the caller, bounded, remembers answers by prompt."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from guardian.errors import LLMBadResponse, LLMTimeout
from guardian.llm.background import BackgroundLLM

SCHEMA: dict[str, Any] = {"type": "object"}
WAIT_S = 10.0  # generous: only a broken runner takes this long


def prompt(text: str) -> list[dict[str, str]]:
    return [{"role": "user", "content": text}]


class HeldLLM:
    """Answers {"echo": <the prompt>} once `release` is set; records each call's options."""

    def __init__(self, *, error: Exception | None = None) -> None:
        self.release = threading.Event()
        self.started = threading.Event()
        self.error = error
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def complete_json(self, role: str, messages: Any, schema: dict[str, Any], **kw: Any) -> Any:
        self.calls.append((role, kw))
        self.started.set()
        assert self.release.wait(WAIT_S)
        if self.error is not None:
            raise self.error
        return {"echo": messages[-1]["content"]}


@pytest.fixture
def held() -> Any:
    made: list[tuple[HeldLLM, BackgroundLLM]] = []

    def make(**kw: Any) -> tuple[HeldLLM, BackgroundLLM]:
        llm = HeldLLM(error=kw.pop("error", None))
        runner = BackgroundLLM(llm, **kw)
        made.append((llm, runner))
        return llm, runner

    yield make
    for llm, runner in made:
        llm.release.set()
        runner.close()


def test_ask_returns_at_once_and_the_answer_is_recalled_later(held: Any) -> None:
    llm, runner = held()
    seen: list[Any] = []
    times: list[float] = []
    assert runner.recall("attacker", prompt("a"), SCHEMA) is None
    assert runner.ask("attacker", prompt("a"), SCHEMA, then=seen.append, observe=times.append, max_tokens=7) == "asked"
    assert llm.started.wait(WAIT_S)
    assert runner.ask("attacker", prompt("a"), SCHEMA) == "pending"  # the same prompt is never queued twice
    assert runner.recall("attacker", prompt("a"), SCHEMA) is None  # not answered yet
    llm.release.set()
    assert runner.wait_idle(WAIT_S)
    assert runner.recall("attacker", prompt("a"), SCHEMA) == {"echo": "a"} and seen == [{"echo": "a"}]
    assert len(times) == 1 and times[0] >= 0
    assert runner.recall("l4", prompt("a"), SCHEMA) is None  # remembered per role and prompt
    role, options = llm.calls[0]
    assert role == "attacker" and options == {"background": True, "max_tokens": 7}
    stats = runner.stats()
    assert stats["asked"] == 1 and stats["pending"] == 1 and stats["answered"] == 1 and stats["recalled"] == 1


def test_a_full_queue_drops_and_counts(held: Any) -> None:
    llm, runner = held(in_flight=1, queue_size=2)
    assert runner.ask("attacker", prompt("0"), SCHEMA) == "asked"
    assert llm.started.wait(WAIT_S)  # "0" is in flight; two more may wait
    assert [runner.ask("attacker", prompt(str(i)), SCHEMA) for i in (1, 2, 3, 4)] == ["asked", "asked", "dropped", "dropped"]
    assert runner.stats()["dropped"] == 2 and runner.stats()["in_flight_or_queued"] == 3
    llm.release.set()
    assert runner.wait_idle(WAIT_S)
    assert len(llm.calls) == 3 and runner.recall("attacker", prompt("3"), SCHEMA) is None
    assert runner.ask("attacker", prompt("3"), SCHEMA) == "asked"  # room again


def test_a_failed_prompt_is_not_asked_again_soon_and_errors_are_reported(held: Any) -> None:
    llm, runner = held(error=LLMTimeout("system2", "slow"))
    errors: list[Exception] = []
    times: list[float] = []
    llm.release.set()
    assert runner.ask("system2", prompt("x"), SCHEMA, on_error=errors.append, observe=times.append) == "asked"
    assert runner.wait_idle(WAIT_S)
    assert [type(e) for e in errors] == [LLMTimeout] and len(times) == 1  # a timeout is a latency's lower bound
    assert runner.ask("system2", prompt("x"), SCHEMA) == "failed" and runner.stats()["errors"] == 1


def test_an_answer_its_caller_rejects_is_not_remembered(held: Any) -> None:
    llm, runner = held()
    llm.release.set()

    def reject(answer: Any) -> None:
        raise LLMBadResponse("system2", "no number")

    runner.ask("system2", prompt("x"), SCHEMA, then=reject)
    assert runner.wait_idle(WAIT_S)
    assert runner.recall("system2", prompt("x"), SCHEMA) is None and runner.stats()["errors"] == 1


def test_a_closed_runner_drops_what_waits_and_takes_no_prompts(held: Any) -> None:
    llm, runner = held()
    runner.ask("attacker", prompt("0"), SCHEMA)
    assert llm.started.wait(WAIT_S)
    runner.ask("attacker", prompt("1"), SCHEMA)  # waits behind "0"
    runner.close()
    assert runner.ask("attacker", prompt("x"), SCHEMA) == "closed"
    llm.release.set()
    assert runner.wait_idle(WAIT_S) and [role for role, _ in llm.calls] == ["attacker"]  # "1" was never sent
    assert runner.recall("attacker", prompt("0"), SCHEMA) == {"echo": "0"}  # the call under way still teaches
