"""L4/L5, the verifier and the escalation loop, against the stub LLM server on 127.0.0.1."""

from __future__ import annotations

import json
import socket

import pytest

from guardian.anonymize.escalation import EscalationLoop, is_text
from guardian.anonymize.generalize import Generalize
from guardian.anonymize.llm_levels import LLMLevel, accept_rewrite, remove_cues
from guardian.anonymize.verifier import verify
from guardian.categories import DataCategory as C
from guardian.detect import Detector
from guardian.llm import LLMSettings, SyncLLM
from lab.testing.stub_llm import Reply, StubLLM
from guardian.records import Basis, Field, FieldKind, Finding, HttpRequest, Payload, Verdict

TEXT = "Please call Jane at 555-867-5309 or mail jane.doe@example.org about the broken printer on floor two."


def findings_for(value: str, path: str = "text:") -> tuple[Finding, ...]:
    return tuple(Detector().analyze_field(Field(path, "", value)))


def role_of(body) -> str:
    system = body["messages"][0]["content"]
    return "attacker" if "privacy attacker" in system else ("l4" if "minimal edit" in system else "l5")


def responder(attacker=None, l4=None, l5=None, delay=0.0):
    """A stub responder answering by role; each answer a JSON-able value or a raw string."""

    def answer(body):
        value = {"attacker": attacker, "l4": l4, "l5": l5}[role_of(body)]
        if value is None:
            return Reply(status=500)
        return Reply(value if isinstance(value, str) else json.dumps(value), delay=delay if role_of(body) == "attacker" else 0)

    return answer


@pytest.fixture
def llm_with():
    made = []

    def make(timeout=10.0, **kw):
        stub = StubLLM(responder=responder(**kw)).start()
        llm = SyncLLM(LLMSettings(base_url=stub.base_url, timeout=timeout, response_format="json_object"))
        made.append((stub, llm))
        return stub, llm

    yield make
    for stub, llm in made:
        llm.close()
        stub.stop()


def payload(value: str = TEXT) -> Payload:
    return Payload(fields=(Field("text:", "", value),), body_codec="text")


def guesses(*items):
    return {"guesses": [{"field": f, "guess": g, "confidence": c} for f, g, c in items]}


# -- verifier --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "guess, expected",
    [
        ("jane.doe@example.org", True),  # substring
        ("Jane Smith", True),  # shares the content word "jane"
        ("printer repair", True),
        ("Bob from Leeds", False),  # hallucinated: nothing in the original supports it
        ("the", False),  # stop words only
        ("", False),
    ],
)
def test_verifier(guess, expected):
    assert verify(guess, TEXT) is expected


# -- levels ---------------------------------------------------------------------------------


def test_generaliser_uses_phrases_never_tags():
    fs = findings_for(TEXT)
    out = Generalize().rewrite_in(TEXT, list(fs))
    assert "555-867-5309" not in out and "jane.doe@example.org" not in out
    assert "a phone number" in out and "an email address" in out and "[" not in out


def test_acceptance_rejects_kept_spans_tags_and_lost_content():
    spans = ["555-867-5309", "jane.doe@example.org"]
    good = "Please call Jane at a phone number or mail an email address about the broken printer on floor two."
    assert accept_rewrite(TEXT, good, spans, 4).ok
    assert accept_rewrite(TEXT, good.replace("a phone number", "555-867-5309"), spans, 4).reason == "span kept"
    # Another spelling of the same number is caught by the detector.
    other = good.replace("a phone number", "(555) 867 5309")
    assert not accept_rewrite(TEXT, other, spans, 4, Detector()).ok
    assert accept_rewrite(TEXT, "Please call [PERSON] at [PHONE].", spans, 4).reason == "tags"
    assert not accept_rewrite(TEXT, "Hello there, nice weather today in the park.", spans, 4).ok


def test_remove_cues_drops_self_disclosure_but_never_everything():
    text = "I'm a nurse in Leeds. The printer on floor two is broken again."
    assert remove_cues(text, [])[0] == "The printer on floor two is broken again."
    assert remove_cues("I'm a nurse.", [])[0] == "I'm a nurse."


def test_llm_l4_accepted_and_rejected(llm_with):
    fs = findings_for(TEXT)
    good = Generalize().rewrite_in(TEXT, list(fs))
    _, llm = llm_with(l4={"text": good})
    assert LLMLevel(llm).rewrite(TEXT, fs, 4) == (good, "llm", "ok")
    _, bad = llm_with(l4={"text": TEXT})  # the model changed nothing
    value, source, reason = LLMLevel(bad).rewrite(TEXT, fs, 4)
    assert source == "fallback" and reason == "span kept" and "555-867-5309" not in value


def test_llm_l5_garbage_falls_back_to_l4_plus_cue_removal(llm_with):
    text = "I'm a nurse in Leeds. Mail jane.doe@example.org about the broken printer on floor two."
    fs = findings_for(text)
    _, llm = llm_with(l5="I will not do that")
    value, source, reason = LLMLevel(llm).rewrite(text, fs, 5)
    assert source == "fallback" and reason == "LLMBadResponse"
    assert value == "Mail an email address about the broken printer on floor two."


# -- the loop ---------------------------------------------------------------------------------


def loop_for(llm, **kw):
    return EscalationLoop(llm, **kw)


def test_hallucinated_guess_does_not_escalate(llm_with):
    _, llm = llm_with(attacker=guesses(("location", "Bob lives in Leeds", 0.95)))
    out = loop_for(llm).run(payload(), findings_for(TEXT), 1, basis=Basis.BACKGROUND, hasher=lambda s: "h")
    esc = out.escalation
    assert out.level == 1 and esc["stopped"] == "c_hat<tau_g" and len(esc["rounds"]) == 1
    assert esc["rounds"][0]["guesses"][0]["verified"] is False and esc["rounds"][0]["c_hat"] == 0


def test_same_guess_escalates_with_the_verifier_off(llm_with):
    _, llm = llm_with(attacker=guesses(("location", "Bob lives in Leeds", 0.95)), l4={"text": "x"}, l5={"text": "x"})
    out = loop_for(llm, verify_guesses=False).run(payload(), findings_for(TEXT), 1, basis=Basis.BACKGROUND)
    assert out.level == 5 and out.escalation["stopped"] == "l_max"


def test_supported_guess_escalates_to_l_max(llm_with):
    good4 = Generalize().rewrite_in(TEXT, list(findings_for(TEXT)))
    good5 = "Someone asks to be contacted about the broken printer on floor two."
    stub, llm = llm_with(attacker=guesses(("name", "Jane", 0.9)), l4={"text": good4}, l5={"text": good5})
    out = loop_for(llm).run(payload(), findings_for(TEXT), 1, basis=Basis.BACKGROUND, hasher=lambda s: f"#{len(s)}")
    esc = out.escalation
    assert [r["level"] for r in esc["rounds"]] == [1, 2, 3, 4, 5]
    assert out.level == 5 and esc["stopped"] == "l_max" and out.edits == {"text:": good5}
    assert esc["rounds"][3]["source"] == "llm" and esc["rounds"][4]["source"] == "llm"
    # Guesses are hashed, never raw, and the attacker never saw the original values.
    assert "Jane" not in json.dumps(esc) and esc["rounds"][0]["guesses"][0]["guess_hash"] == "#4"
    attacker_inputs = [r["messages"][1]["content"] for r in stub.requests if role_of(r) == "attacker"]
    assert attacker_inputs and all("555-867-5309" not in t for t in attacker_inputs)


def test_rounds_are_capped_at_T(llm_with):
    _, llm = llm_with(attacker=guesses(("name", "Jane", 0.9)))
    out = loop_for(llm, rounds=2).run(payload(), findings_for(TEXT), 1, basis=Basis.BACKGROUND)
    assert out.escalation["stopped"] == "T" and out.level == 2 and len(out.escalation["rounds"]) == 2


def test_l_max_caps_the_level(llm_with):
    _, llm = llm_with(attacker=guesses(("name", "Jane", 0.9)))
    out = loop_for(llm, l_max=3).run(payload(), findings_for(TEXT), 2, basis=Basis.BACKGROUND)
    assert out.level == 3 and out.escalation["stopped"] == "l_max"


def test_deadline_sends_the_strongest_level_reached(llm_with):
    _, llm = llm_with(attacker=guesses(("name", "Jane", 0.9)), delay=3.0)
    loop = loop_for(llm, deadlines={Basis.USER_INITIATED: 0.5, Basis.DEFAULT: 1, Basis.BACKGROUND: 2})
    out = loop.run(payload(), findings_for(TEXT), 2, basis=Basis.USER_INITIATED)
    assert out.escalation["stopped"] == "deadline" and out.escalation["deadline_hit"]
    assert out.level == 2 and out.edits and "deadline" in out.note
    assert out.escalation["deadline_s"] == 0.5


def test_attacker_down_is_conservative():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    llm = SyncLLM(LLMSettings(base_url=f"http://127.0.0.1:{port}/v1", timeout=5))
    try:
        out = EscalationLoop(llm).run(payload(), findings_for(TEXT), 1, basis=Basis.DEFAULT)
    finally:
        llm.close()
    assert out.escalation["stopped"] == "attacker_unavailable" and out.level == 3
    assert "[PHONE]" in out.edits["text:"]


def test_structured_payload_only_text_fields_go_to_the_llm(llm_with):
    comment = "Call me at 555-867-5309, the printer on floor two is broken again."
    fields = (
        Field("json:$.email", "email", "jane.doe@example.org"),
        Field("json:$.comment", "comment", comment),
        Field("json:$.count", "count", "3", FieldKind.NUMBER),
        Field("json:$.plan", "plan", "pro"),
    )
    p = Payload(fields=fields, body_codec="json")
    fs = tuple(f for field in fields for f in Detector().analyze_field(field))
    llm_text = "Call me at a phone number, the printer on floor two is broken again."
    stub, llm = llm_with(attacker=guesses(), l4={"text": llm_text})
    out = EscalationLoop(llm).run(p, fs, 4, basis=Basis.BACKGROUND)
    assert out.edits["json:$.comment"] == llm_text
    assert out.edits["json:$.email"] == "an email address"
    assert "json:$.count" not in out.edits and "json:$.plan" not in out.edits
    l4_calls = [r for r in stub.requests if role_of(r) == "l4"]
    assert len(l4_calls) == 1 and "jane.doe@example.org" not in l4_calls[0]["messages"][1]["content"]
    assert is_text(comment, FieldKind.STRING) and not is_text("jane.doe@example.org", FieldKind.STRING)


def test_pipeline_runs_the_loop_when_configured(llm_with):
    from guardian.pipeline import Pipeline

    _, llm = llm_with(attacker=guesses(("email", "example.org", 0.9)), l4={"text": "nope"})
    pipeline = Pipeline(escalation=EscalationLoop(llm))
    request = HttpRequest(
        "POST",
        "https://www.google-analytics.com/g/collect",
        (("Origin", "https://shop.example"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"),
         ("Sec-Fetch-Dest", "empty"), ("Content-Type", "application/json")),
        # the loop runs when a finding sits in prose (the pipeline's rule)
        b'{"event":"signup","note":"Please write to jane.doe@example.org about my order soon","user":{"plan":"pro"}}',
    )
    outcome = pipeline.decide(request)
    assert outcome.verdict is Verdict.TRANSFORM
    esc = outcome.line["anonymize"]["escalation"]
    assert esc["rounds"][0]["guesses"][0]["verified"] is True and outcome.line["l_final"] > outcome.line["l0"]
    assert "example.org" not in json.dumps(esc)
    assert b"jane.doe" not in outcome.rewrite.body
    # Without an LLM the pipeline is exactly as before: rule levels only, no escalation record.
    plain = Pipeline().decide(request)
    assert "escalation" not in plain.line["anonymize"]


def test_guess_labels_come_from_a_closed_list(llm_with):
    from guardian.anonymize.attacker import Attacker, field_label

    assert field_label("Location") == "location" and field_label("relationship status") == "relationship_status"
    assert field_label("Jane Price") == "other"
    _, llm = llm_with(attacker=guesses(("jane.doe@example.org", "x", 0.5), ("Age", "34", 0.5)))
    assert [g.field for g in Attacker(llm).guess("text")] == ["other", "age"]


@pytest.mark.parametrize(
    "answer, expected",
    [
        ({"field": "name", "guess": "Jane", "confidence": 0.9}, [("name", "Jane", 0.9)]),
        ([{"field": "age", "guess": "34", "confidence": 0.7}], [("age", "34", 0.7)]),
        ({"age": "34", "city": {"guess": "Leeds", "confidence": 0.8}}, [("age", "34", 0.5), ("city", "Leeds", 0.8)]),
        ({"field": "name", "guess": "***", "confidence": 0.9}, []),
    ],
)
def test_attacker_near_misses_are_reshaped(llm_with, answer, expected):
    from guardian.anonymize.attacker import Attacker

    _, llm = llm_with(attacker=answer)
    assert [(g.field, g.guess, g.confidence) for g in Attacker(llm).guess("text")] == expected


def test_acceptance_matches_whole_words_only():
    assert accept_rewrite("Everyone has one dog at home today.", "Someone has a dog at home today.", ["one"], 4).ok


def test_rewrite_under_another_key_is_read(llm_with):
    text = "Mail jane.doe@example.org about the broken printer on floor two."
    _, llm = llm_with(l4={"anonymized_text": "Mail an email address about the broken printer on floor two."})
    assert LLMLevel(llm).rewrite(text, findings_for(text), 4)[1] == "llm"
