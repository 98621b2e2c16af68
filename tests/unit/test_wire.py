"""Decisions across the two processes (guardian/_wire.py): what the proxy gets is what was decided,
its line read at once and its record unpickled only when read; the audit line is spliced, not re-encoded."""

from __future__ import annotations

import dataclasses
import json
import pickle

import pytest

from guardian._wire import HEADER, Answer, Received, encode_frame, received, sent
from guardian.audit import _encode
from guardian.decision_record import flow_line
from guardian.pipeline import Decision, Pipeline
from guardian.records import HttpRequest, Verdict
from guardian.rules import parse_rules
from guardian.session import NO_CHANGES, SessionChanges

BEACON = (("Origin", "https://shop.example"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"))
EMAIL = "jane.doe@example.org"


def _json(url: str, payload: object) -> HttpRequest:
    return HttpRequest("POST", url, BEACON + (("Content-Type", "application/json"),), json.dumps(payload).encode())


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(parse_rules("domains:\n  ads.example: {recipient: advertising, purposes: [advertising]}\n"))


def _across(decision: Decision) -> Received:
    """`decision` as the proxy reads it from a frame the child wrote."""
    frame = encode_frame(Answer(7, sent(decision)))
    message = pickle.loads(frame[HEADER.size:])
    assert isinstance(message, Answer) and message.rid == 7
    return received(message.decision, NO_CHANGES)


def test_a_decision_crosses_with_its_line_read_and_its_record_packed(pipeline: Pipeline) -> None:
    made = pipeline.decide(_json("https://px.ads.example/p", {"em": EMAIL, "ph": "+1 415 555 0199"}))
    assert made.verdict is not Verdict.ALLOW  # a decision with something in it
    got = _across(made)
    assert "record" not in got.__dict__  # not unpickled for the verdict and the line
    assert got.verdict is made.verdict and got.reason == made.reason and got.rewrite == made.rewrite
    assert got.changes == made.changes and got.path == made.path and got.chat == made.chat
    assert got.line == json.loads(json.dumps(made.line))
    assert got.record == made.record and "record" in got.__dict__  # unpickled when first read, once
    assert EMAIL not in repr(got)


def test_what_a_decision_taught_crosses_with_it_and_nothing_as_the_shared_empty_value(pipeline: Pipeline) -> None:
    made = pipeline.decide(_json("https://shop.example/api/cart", {"sku": "A1"}))
    taught = dataclasses.replace(made, changes=SessionChanges(ids=(b"digest",)), verdict=Verdict.DENY)
    back = _across(taught)
    assert back.changes == taught.changes and back.verdict is Verdict.DENY
    assert _across(dataclasses.replace(made, changes=SessionChanges())).changes is NO_CHANGES


def test_a_received_decision_gives_the_audit_line_the_proxy_would_encode(pipeline: Pipeline) -> None:
    for request in (_json("https://shop.example/api/cart", {"sku": "A1"}), _json("https://px.ads.example/p", {"em": EMAIL})):
        got = _across(pipeline.decide(request))
        for mode, enforced in (("enforce", False), ("enforce", True), ("observe", False)):
            spliced = got.audit_json(id="a1b2-\"c", mode=mode, enforced=enforced)
            assert spliced == _encode(flow_line(got.line, id="a1b2-\"c", mode=mode, enforced=enforced))
            assert json.loads(spliced) == flow_line(got.line, id="a1b2-\"c", mode=mode, enforced=enforced)
    # a line that already names one of the flow's keys is encoded whole by the audit log
    made = pipeline.decide(_json("https://shop.example/api/cart", {"sku": "A1"}))
    made.line["mode"] = "x"
    assert _across(made).audit_json(id="f", mode="enforce", enforced=False) is None


def test_a_line_orjson_refuses_crosses_as_it_is(pipeline: Pipeline) -> None:
    made = pipeline.decide(_json("https://www.google-analytics.com/g/collect", {"event": "scroll"}))
    made.line["note"] = "lone \udcff surrogate"  # kept by surrogateescape in a decoded URL
    got = _across(made)
    assert got.line["note"] == "lone \udcff surrogate"
    assert got.audit_json(id="f", mode="enforce", enforced=False) is None  # the audit log encodes the dict


def test_a_decision_made_here_is_plain_data(pipeline: Pipeline) -> None:
    made = pipeline.decide(_json("https://shop.example/api/cart", {"sku": "A1"}))
    assert pickle.loads(pickle.dumps(made)) == made  # an ordinary frozen dataclass: no reducer of its own
    assert type(made).__reduce__ is object.__reduce__ and not hasattr(made, "audit_json")
