"""The engine: the pipeline in force, reloaded one way, and the one place a verdict is enforced and recorded."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from mitmproxy.test import tflow

from guardian.addon.enforce import enforce_and_record
from guardian.engine import Engine
from guardian.pipeline import Pipeline
from guardian.records import HttpRequest, Verdict
from guardian.rules import parse_rules
from guardian.overrides import RulesWatcher
from guardian.session import DEFAULT_USER


def test_an_edited_rules_file_gives_a_new_pipeline_and_the_rules_follow(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("version: 1\nignore_hosts: [bank.example]\n")
    engine = Engine(Pipeline(parse_rules(path.read_text())))
    engine.watch = RulesWatcher(path, interval=0.0)
    first = engine.current()
    assert first is engine.pipeline and engine.rules is not None and engine.rules.ignore_hosts == ("bank.example",)
    path.write_text("version: 1\nignore_hosts: [pinned.example, other.example]\n")
    os.utime(path, ns=(1, 1))  # a new stamp even within the file system's clock tick
    second = engine.current()
    assert second is not first and second is engine.pipeline
    assert engine.rules is not None and engine.rules.ignore_hosts == ("pinned.example", "other.example")
    engine.close()


def test_decide_uses_the_pipeline_in_force() -> None:
    engine = Engine(Pipeline(parse_rules("version: 1\nblocked: [tracker.example]\n")))
    request = HttpRequest(method="GET", url="https://tracker.example/p?x=1", headers=(), body=b"")
    session = engine.sessions.get(DEFAULT_USER)
    decision = asyncio.run(engine.decide(request, session))
    assert decision.verdict is Verdict.DENY
    engine.close()


class _Recorder:
    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.lines: list[tuple[dict[str, Any], bool, bytes | None]] = []

    def record(self, flow: Any, line: dict[str, Any], *, message: bool = False, encoded: bytes | None = None) -> dict[str, Any]:
        self.lines.append((line, message, encoded))
        return line


def _enforce(mode: str, verdict: Verdict) -> tuple[list[str], _Recorder]:
    done: list[str] = []
    recorder = _Recorder(mode)

    def deny() -> dict[str, Any]:
        done.append("deny")
        return {"why": "denied"}

    enforce_and_record(
        recorder, tflow.tflow(), verdict, None if verdict is not Verdict.TRANSFORM else object(),  # type: ignore[arg-type]
        deny=deny, transform=lambda rewrite: done.append("transform"), passed=lambda: done.append("passed"),
        line=lambda enforced, extra: {"enforced": enforced, **extra}, encoded=lambda enforced: b"{}",
    )
    return done, recorder


def test_enforce_mode_applies_the_verdict_and_records_what_it_did() -> None:
    done, recorder = _enforce("enforce", Verdict.DENY)
    assert done == ["deny"] and recorder.lines == [({"enforced": True, "why": "denied"}, False, None)]
    done, recorder = _enforce("enforce", Verdict.TRANSFORM)
    assert done == ["transform", "passed"] and recorder.lines == [({"enforced": True}, False, b"{}")]
    done, recorder = _enforce("enforce", Verdict.ALLOW)
    assert done == ["passed"] and recorder.lines == [({"enforced": False}, False, b"{}")]


def test_monitor_mode_touches_nothing_and_records_all_the_same() -> None:
    for verdict in (Verdict.DENY, Verdict.TRANSFORM):
        done, recorder = _enforce("monitor", verdict)
        assert done == ["passed"] and recorder.lines == [({"enforced": False}, False, b"{}")]
