"""Against the real embedded model: a guesser round, a System-2 answer, one full loop."""

from __future__ import annotations

import json

import pytest

from guardian.anonymize.attacker import Attacker
from guardian.anonymize.escalation import EscalationLoop
from guardian.anonymize.verifier import verify
from guardian.detect import Detector
from guardian.categories import DataCategory
from guardian.matcher.schema import Practice
from guardian.matcher.system1 import EvidenceItem
from guardian.matcher.system2 import ask_system2
from guardian.records import Action, Basis, Field, Payload, Purpose, RecipientType

pytestmark = pytest.mark.llm

LEAKY = "I'm Jane Price, a 34-year-old nurse in Leeds. Write to jane.price@nhs.net if the rota changes."


def test_guesser_round_returns_verified_guesses(llm):
    guesses = Attacker(llm).guess(LEAKY, timeout=600)
    assert guesses, "the attacker found nothing in a text full of personal details"
    assert all(0.0 <= g.confidence <= 1.0 and g.guess for g in guesses)
    assert any(verify(g.guess, LEAKY) for g in guesses)
    assert llm.client.stats["bad_responses"] == 0


def test_system2_answers_the_matchers_own_prompt(llm):
    action = Action("ads.example", frozenset({DataCategory.HEALTH, DataCategory.EMAIL}), RecipientType.ADVERTISING,
                    (Purpose.ADVERTISING,), Basis.BACKGROUND)
    never = EvidenceItem("s1", Practice(frozenset({"share"})),
                         "We never share health information with advertisers or any third party for marketing.")
    answer = ask_system2(llm, action, [never], timeout=600)
    assert 0.0 <= answer.likelihood <= 1.0
    assert isinstance(answer.rationale, str) and set(answer.evidence_ids) <= {"s1"}


def test_one_full_loop_on_a_short_text(llm):
    text = "Hi, this is Jane Price. Mail jane.price@nhs.net about the broken printer on ward two."
    payload = Payload(fields=(Field("text:", "", text),), body_codec="text")
    findings = tuple(Detector().analyze_field(payload.fields[0]))
    loop = EscalationLoop(llm, deadlines={Basis.BACKGROUND: 900})
    out = loop.run(payload, findings, 3, basis=Basis.BACKGROUND, hasher=lambda s: "h:" + str(len(s)))
    esc = out.escalation
    assert esc["rounds"] and esc["stopped"] in ("c_hat<tau_g", "l_max", "T")
    assert 3 <= out.level <= 5
    assert "jane.price@nhs.net" not in out.edits["text:"]
    blob = json.dumps(esc)
    assert "Jane" not in blob and "nhs.net" not in blob  # guesses hashed, never raw
