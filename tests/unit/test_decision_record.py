"""DecisionRecord.evolve: the per-flow copy of a record, the same as dataclasses.replace."""

from __future__ import annotations

import dataclasses

import pytest

from guardian.decision_record import DecisionRecord, safe_field_path
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


@pytest.mark.parametrize("now", [1764179182.0344, 1764179182.9999, 1764179183.0, 1767225599.5, 1767225600.001, 1767225599.9999996])
def test_the_timestamp_reads_as_datetime_writes_it(monkeypatch: pytest.MonkeyPatch, now: float) -> None:
    import datetime as dt
    import time

    from guardian import decision_record

    monkeypatch.setattr(time, "time", lambda: now)
    expected = dt.datetime.fromtimestamp(now, dt.timezone.utc).isoformat(timespec="milliseconds")
    assert decision_record.now_iso() == expected
    assert decision_record.now_iso() == expected  # and again, from the second's text kept


@pytest.mark.parametrize(
    ("path", "logged"),
    [
        ('json:$.users["jane.doe@example.org"].phone', 'json:$.users["*"].phone'),
        ('json:$.x["jane.doe%40example.org"]', 'json:$.x["*"]'),
        ("query:jane.doe@example.org#0", "query:*#0"),
        ("form:4155550199#0", "form:*#0"),
        ("header:referer#0|>url|>query:email#0", "header:referer#0|>url|>query:email#0"),
        ("query:dl#0|>url|>query:em#1", "query:dl#0|>url|>query:em#1"),
        ("json:$.batch[12].properties.$email", "json:$.batch[12].properties.$email"),
        ("path:1;u1#0", "path:1;u1#0"),
        ("xml:/soap:Envelope/soap:Body/User@email#0", "xml:/soap:Envelope/soap:Body/User@email#0"),
        ("query:dl#0|>url|>query:jane.doe@example.org#0", "query:dl#0|>url|>query:*#0"),
        # a map's key with spaces is a value, not a schema's name (a phone, a person's name)
        ('formlines:6:m#0|>json|>json:$["+1 415 555 0187"]{key}', "formlines:6:m#0|>json|>json:$*{key}"),
        ('json:$.counts["Ann Lee"]', "json:$.counts*"),
        ('json:$["first-name"].x', 'json:$["first-name"].x'),
    ],
)
def test_a_key_that_is_an_address_or_a_long_number_is_not_logged_in_a_fields_path(path: str, logged: str) -> None:
    assert safe_field_path(path) == logged
