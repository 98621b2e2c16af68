"""DecisionRecord.evolve: the per-flow copy of a record, the same as dataclasses.replace."""

from __future__ import annotations

import dataclasses

import pytest

from guardian.decision_record import DecisionRecord
from guardian.records import Verdict


def test_evolve_is_replace_without_the_generated_init() -> None:
    record = DecisionRecord(method="GET", host="shop.example", path="/", decision=Verdict.ALLOW, reason="no data")
    changed = record.evolve(decision=Verdict.DENY, ms={"total": 1.0})
    assert changed == dataclasses.replace(record, decision=Verdict.DENY, ms={"total": 1.0})
    assert record.decision is Verdict.ALLOW  # the original is untouched
    with pytest.raises(dataclasses.FrozenInstanceError):
        changed.reason = "x"  # type: ignore[misc]
    flow = record.for_flow(id="f1", mode="enforce", enforced=True, stream={"chunks": 2})
    assert (flow.id, flow.mode, flow.enforced, flow.extra) == ("f1", "enforce", True, {"stream": {"chunks": 2}})


def test_evolve_refuses_a_field_the_record_does_not_have() -> None:
    record = DecisionRecord(method="GET", host="h", path="/", decision=Verdict.ALLOW, reason="r")
    with pytest.raises(TypeError, match="no field 'verdict'"):
        record.evolve(verdict=Verdict.DENY)
