"""The pipeline end to end on plain values: every stage real, no proxy."""

from __future__ import annotations

import gzip
import json

import pytest

from guardian.pipeline import Pipeline, safe_path
from guardian.records import HttpRequest, Verdict
from guardian.rules import parse_rules

BEACON = (
    ("Origin", "https://shop.example"),
    ("Sec-Fetch-Site", "cross-site"),
    ("Sec-Fetch-Mode", "no-cors"),
    ("Sec-Fetch-Dest", "empty"),
)
EMAIL = "jane.doe@example.org"


def _json(url: str, payload: object, headers: tuple[tuple[str, str], ...] = BEACON, **kw: object) -> HttpRequest:
    body = json.dumps(payload).encode()
    return HttpRequest("POST", url, headers + (("Content-Type", "application/json"),), body)


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline(
        parse_rules(
            """
trusted: [bank.example]
blocked: [{domain: broker.example, reason: sells profiles}]
domains:
  ads.example: {recipient: advertising, purposes: [advertising]}
never_touch: [session_note]
"""
        )
    )


def test_no_personal_data_is_allowed(pipeline: Pipeline) -> None:
    outcome = pipeline.decide(_json("https://www.google-analytics.com/g/collect", {"event": "scroll", "pct": 50}))
    assert outcome.verdict is Verdict.ALLOW and outcome.rewrite is None
    assert outcome.line["categories"] == [] and outcome.line["likelihood_source"] == "prior"


def test_email_to_analytics_beacon_is_rewritten_at_l1(pipeline: Pipeline) -> None:
    outcome = pipeline.decide(_json("https://www.google-analytics.com/g/collect", {"ev": "signup", "email": EMAIL}))
    assert outcome.verdict is Verdict.TRANSFORM
    assert json.loads(outcome.rewrite.body) == {"ev": "signup", "email": "***@example.org"}
    record = outcome.line
    assert record["recipient"] == "analytics" and record["basis"] == "background"
    assert record["l0"] == 1 and record["l_final"] == 1 and record["transparency"]["evidence"] == "none"
    assert record["risk"]["M_T"] == 1.3


def test_contact_data_to_an_ad_network_is_denied(pipeline: Pipeline) -> None:
    outcome = pipeline.decide(_json("https://px.ads.example/p", {"em": EMAIL, "ph": "+1 415 555 0199"}))
    assert outcome.verdict is Verdict.DENY and outcome.rewrite is None
    assert "advertising" in outcome.reason and outcome.line["R"] >= outcome.line["risk"]["tau_d"]


def test_rules_short_circuit(pipeline: Pipeline) -> None:
    trusted = pipeline.decide(_json("https://api.bank.example/pay", {"card": "4111 1111 1111 1111"}))
    assert trusted.verdict is Verdict.ALLOW and trusted.line["rule"] == "trusted:bank.example"
    assert "findings" not in trusted.line  # the body was not even read
    blocked = pipeline.decide(HttpRequest("GET", "https://x.broker.example/sync"))
    assert blocked.verdict is Verdict.DENY and "sells profiles" in blocked.reason


def test_never_touch_fields_are_neither_detected_nor_rewritten(pipeline: Pipeline) -> None:
    outcome = pipeline.decide(
        _json("https://www.google-analytics.com/g/collect", {"session_note": EMAIL, "email": EMAIL})
    )
    assert [f["field"] for f in outcome.line["findings"]] == ["json:$.email"]
    sent = json.loads(outcome.rewrite.body)
    assert sent["session_note"] == EMAIL and sent["email"] != EMAIL


def test_query_string_pixel_is_rewritten_in_the_url(pipeline: Pipeline) -> None:
    request = HttpRequest(
        "GET",
        f"https://www.google-analytics.com/collect?v=1&em={EMAIL}&t=pageview",
        (("Referer", "https://shop.example/"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"), ("Sec-Fetch-Dest", "image")),
    )
    outcome = pipeline.decide(request)
    assert outcome.verdict is Verdict.TRANSFORM
    assert EMAIL not in outcome.rewrite.url and outcome.rewrite.url.endswith("&t=pageview")
    assert outcome.rewrite.body == b""


def test_gzip_body_is_rewritten_and_recompressed(pipeline: Pipeline) -> None:
    body = gzip.compress(json.dumps({"email": EMAIL}).encode())
    request = HttpRequest(
        "POST",
        "https://www.google-analytics.com/g/collect",
        BEACON + (("Content-Type", "application/json"), ("Content-Encoding", "gzip")),
        body,
    )
    outcome = pipeline.decide(request)
    assert outcome.verdict is Verdict.TRANSFORM
    assert json.loads(gzip.decompress(outcome.rewrite.body)) == {"email": "***@example.org"}
    assert ("content-length", str(len(outcome.rewrite.body))) in [(k.lower(), v) for k, v in outcome.rewrite.headers]


def test_binary_bodies_are_opaque_not_errors(pipeline: Pipeline) -> None:
    body = b"\x89PNG\r\n\x1a\n\x00\x00"
    outcome = pipeline.decide(HttpRequest("POST", "https://shop.example/x", (("Content-Type", "image/png"),), body))
    assert outcome.verdict is Verdict.ALLOW
    assert "binary" in outcome.line["payload"]["opaque_reason"].lower()


def test_truncated_json_to_analytics_is_read_as_text_and_its_email_rewritten(pipeline: Pipeline) -> None:
    # Evasion: a body that claims JSON and does not parse used to be opaque, and opaque passed.
    body = b'{"event": "signup", "email": "jane.doe@example.org", "plan": "pr'
    headers = (("Content-Type", "application/json"), ("Origin", "https://shop.example"),
               ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"), ("Sec-Fetch-Dest", "empty"))
    outcome = pipeline.decide(HttpRequest("POST", "https://www.google-analytics.com/g/collect", headers, body))
    payload = outcome.line["payload"]
    assert payload["codec"] == "text" and payload["malformed"].startswith("malformed JSON") and payload["opaque_reason"] is None
    assert "Email" in outcome.line["categories"] and outcome.verdict is not Verdict.ALLOW
    if outcome.rewrite is not None:
        assert b"jane.doe@example.org" not in outcome.rewrite.body and outcome.rewrite.body.endswith(b'"plan": "pr')


def test_opaque_bodies_can_be_denied_by_rule() -> None:
    strict = Pipeline(parse_rules("opaque_bodies: deny"))
    outcome = strict.decide(HttpRequest("POST", "https://shop.example/x", (("Content-Encoding", "weird"),), b"abc"))
    assert outcome.verdict is Verdict.DENY and outcome.line["rule"] == "opaque_bodies:deny"


def test_records_hold_no_raw_detected_value(pipeline: Pipeline) -> None:
    secrets = [EMAIL, "+1 415 555 0199", "4111 1111 1111 1111", "hunter2-pass"]
    request = _json(
        f"https://tracker.unknown-site.example/u/{EMAIL}/e?x={EMAIL}",
        {"email": EMAIL, "phone": secrets[1], "card": secrets[2], "password": secrets[3]},
    )
    outcome = pipeline.decide(request)
    dumped = json.dumps(outcome.line)
    for secret in secrets:
        assert secret not in dumped
    assert {f["value_hash"] for f in outcome.line["findings"]} and outcome.line["path"] == "/u/*/e"


def test_stage_timings_are_recorded(pipeline: Pipeline) -> None:
    ms = pipeline.decide(_json("https://shop.example/api", {"q": "shoes"})).line["ms"]
    assert {"rules", "decode", "detect", "context", "likelihood", "risk", "total"} <= set(ms)
    assert all(v >= 0 for v in ms.values())


@pytest.mark.parametrize(
    "url, expected",
    [
        ("https://a.example/users/jane@example.org/x?q=1", "/users/*/x"),
        ("https://a.example/orders/123456", "/orders/*"),
        ("https://a.example/static/app.js", "/static/app.js"),
        ("https://a.example", "/"),
    ],
)
def test_safe_path(url: str, expected: str) -> None:
    assert safe_path(url) == expected


def test_the_pool_resumes_a_fast_decision_at_its_costly_stage(pipeline: Pipeline, monkeypatch: pytest.MonkeyPatch) -> None:
    """No stage runs twice for one request: the pool finishes what the fast path began."""
    import asyncio

    from guardian.decider import FlowDecider
    from guardian.errors import SlowPathNeeded
    from guardian.pipeline import Partial

    prose = _json("https://tracker.example/collect", {"note": "Please call Maria Lopez back about her order tomorrow"})
    classify = pipeline.classifier.classify
    calls: list[str] = []

    def counted(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        calls.append("classify")
        return classify(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline.classifier, "classify", counted)
    with pytest.raises(SlowPathNeeded) as slow:
        pipeline.decide_fast(prose)
    assert slow.value.stage == "detect" and isinstance(slow.value.partial, Partial)
    resumed = pipeline.resume(slow.value.partial)
    assert calls == ["classify"]  # the kinds were not worked out again
    whole = pipeline.decide(prose)
    assert resumed.line["decision"] == whole.line["decision"] and resumed.line["findings"] == whole.line["findings"]
    calls.clear()
    decider = FlowDecider(workers=1)
    try:
        decision = asyncio.run(decider.decide(pipeline, prose, fail="closed", timeout=30))
    finally:
        decider.close()
    assert decision.path == "pool" and calls == ["classify"]


def test_a_partial_crosses_processes_and_resumes_in_the_copy_of_its_session(
    pipeline: Pipeline, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pickled as the proxy sends it to the decision process, a decision the fast path stopped goes
    on from its costly stage there: decode and kinds ran once, and the outcome, what it taught the
    session included, is the one-process decision's."""
    import pickle

    from guardian import _wire
    from guardian.errors import SlowPathNeeded
    from guardian.fieldkinds.seen import SeenIdentifiers
    from guardian.pipeline import Partial
    from guardian.session import Session
    from guardian.stages import decode as decode_stage

    calls: list[str] = []
    classify, decode = pipeline.classifier.classify, decode_stage.decode_request

    def counted_classify(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        calls.append("classify")
        return classify(*args, **kwargs)  # type: ignore[arg-type]

    def counted_decode(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        calls.append("decode")
        return decode(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline.classifier, "classify", counted_classify)
    monkeypatch.setattr(decode_stage, "decode_request", counted_decode)
    # a frame chain and an id the session knows, and a prose note that needs NER: the early stages
    # read the session and teach it (the frame), the detect stage teaches it the id
    request = HttpRequest(
        "POST", "https://tracker.example/collect?uid=u8f14e45fceea16",
        (("Content-Type", "application/json"), ("Origin", "https://shop.example"), ("Sec-Fetch-Site", "cross-site"),
         ("Sec-Fetch-Dest", "iframe"), ("Referer", "https://shop.example/page")),
        json.dumps({"note": "Please call Maria Lopez back about her order tomorrow", "em": "jane.doe@example.org"}).encode(),
    )

    def session() -> Session:
        return Session("auth:alice", seen=SeenIdentifiers(key=b"k" * 32))

    whole = pipeline.decide(request, session())
    calls.clear()
    proxy_side = session()
    with pytest.raises(SlowPathNeeded) as slow:
        pipeline.decide_fast(request, proxy_side)
    partial = slow.value.partial
    assert isinstance(partial, Partial) and pipeline.stages[partial.index].name == slow.value.stage == "detect"
    assert partial.state.view is not None and partial.state.view.changes()  # the early stages taught something
    message = _wire.Resume(1, partial, "closed", 10.0, "auth:alice", None, None)
    crossed = pickle.loads(_wire.encode_frame(message)[_wire.HEADER.size:]).partial
    assert crossed.state.view is None and crossed.state.rules is None  # this process's alone
    copy = session()  # the decision process's copy, as the proxy's session was
    resumed = pipeline.resume(crossed, copy)
    assert calls == ["decode", "classify"]  # once each, in the proxy; the copy went on from detect
    assert resumed.line["findings"] == whole.line["findings"] and resumed.verdict is whole.verdict
    assert resumed.rewrite == whole.rewrite and resumed.changes == whole.changes
    assert whole.changes.frames and whole.changes.ids  # taught before the stop (the frame) and after it (the id)
    assert set(resumed.record.ms) == set(whole.record.ms)  # the early stages' timings came along


def _chat(*turns: tuple[str, str]) -> HttpRequest:
    body = {"model": "m", "messages": [{"role": role, "content": text} for role, text in turns]}
    return HttpRequest("POST", "https://api.openai.com/v1/chat/completions", (("Content-Type", "application/json"),),
                       json.dumps(body).encode())


def test_a_chat_turn_gets_its_conversations_pseudonyms_once_and_they_cross_processes(pipeline: Pipeline) -> None:
    import pickle

    from guardian import _wire
    from guardian.anonymize.operators.chat_pseudonym import ChatBook
    from guardian.vault.memory import Vault

    conversation = Vault().conversation("k")
    first = "My name is Jane Doe and my e-mail is jane.doe@example.org. Write a short cover letter for me."
    decision = pipeline.decide(_chat(("user", first)), chat=ChatBook.of(conversation, "tags"))
    assert decision.verdict is Verdict.TRANSFORM and decision.rewrite is not None
    sent = json.loads(decision.rewrite.body)["messages"][0]["content"]
    assert sent == "My name is [PERSON_1] and my e-mail is [EMAIL_1]. Write a short cover letter for me."
    assert decision.chat is not None and decision.chat.restores and decision.chat.new == 2
    assert decision.line["pseudonyms"]["new"] == 2 and "Jane" not in json.dumps(decision.line)
    frame = pickle.loads(_wire.encode_frame(_wire.Answer(1, _wire.sent(decision)))[_wire.HEADER.size:])  # as the decision process answers
    got = _wire.received(frame.decision, decision.changes)
    assert got.chat == decision.chat and len(got.chat.entries) == 2
    assert len(conversation) == 0  # the pipeline changed a copy; the proxy adopts what it made
    assert conversation.adopt(got.chat.entries, dict(got.chat.counters)) == 0
    # an allowed turn: only the values the conversation knows are replaced again, even unfound
    conversation.pseudonym("blue harbor", "LOCATION", "tags")
    later = pipeline.decide(_chat(("user", "Write a haiku about blue harbor.")), chat=ChatBook.of(conversation, "tags"))
    assert later.verdict is Verdict.TRANSFORM and "replaced again" in later.reason and later.rewrite is not None
    assert json.loads(later.rewrite.body)["messages"][0]["content"] == "Write a haiku about [LOCATION_1]."
    plain = pipeline.decide(_chat(("user", "What is a tuple in Python?")), chat=ChatBook.of(conversation, "tags"))
    assert plain.verdict is Verdict.ALLOW and plain.rewrite is None and plain.chat is not None and plain.chat.entries == ()
    # no conversation given (another recipient, `guardian check`): the rule levels' own tags
    alone = pipeline.decide(_chat(("user", first)))
    assert alone.chat is None and "[PERSON_1]" not in json.loads(alone.rewrite.body)["messages"][0]["content"]  # type: ignore[union-attr]


def test_a_prompt_is_read_with_swapped_letters_respelled_and_rewritten_as_typed(pipeline: Pipeline) -> None:
    """ "soemone" reads as "someone", so the marital status it introduces is found; the rewrite
    keeps every other character the user typed, the typo too."""
    from guardian.detect._frequency import zipf

    if zipf("someone", "en") == 0.0:
        pytest.skip("wordfreq is not installed")
    text = "As soemone who's recently divorced, I finally have time to ask: how do tides work?"
    decision = pipeline.decide(_chat(("user", text)))
    assert decision.rewrite is not None
    sent = json.loads(decision.rewrite.body)["messages"][0]["content"]
    assert sent.startswith("As soemone who's [") and "divorced" not in sent and sent.endswith("how do tides work?")
