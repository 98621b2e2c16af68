"""The optional LLM annotator: checked values from the model, the rules underneath."""

from __future__ import annotations

import json

from guardian.llm import LLMSettings, SyncLLM
from lab.testing.stub_llm import Reply, StubLLM
from guardian.policies.annotate import RuleAnnotator
from guardian.policies.llm_annotator import LLMAnnotator

TEXT = "We do not sell your email address to advertisers."


def _annotator(stub: StubLLM) -> LLMAnnotator:
    return LLMAnnotator(SyncLLM(LLMSettings(base_url=stub.base_url, model="m", timeout=5)), timeout=5)


def test_model_values_are_used_and_checked_against_the_vocabulary() -> None:
    answer = {
        "data": ["Email", "Not-a-category"], "actions": ["sell"], "purposes": ["advertising"],
        "recipients": ["advertising"], "opp_category": "Third Party Sharing/Collection", "negated": True,
        "legal_basis": [], "rights": ["teleport"], "retention": None, "international_transfer": False,
    }
    with StubLLM([Reply(json.dumps(answer))]) as stub:
        fields = _annotator(stub).annotate(TEXT, "Sharing")
        sent = stub.requests[-1]
    assert fields.data == {"Email"} and fields.actions == {"sell"} and fields.negated is True
    assert fields.opp_category == "Third Party Sharing/Collection"
    assert fields.rights == RuleAnnotator().annotate(TEXT, "Sharing").rights  # invalid value dropped -> rules
    assert TEXT in json.dumps(sent)


def test_garbage_or_a_dead_endpoint_gives_the_rule_annotation() -> None:
    rules = RuleAnnotator().annotate(TEXT, "Sharing")
    with StubLLM([Reply("not json at all")]) as stub:
        annotator = _annotator(stub)
        assert annotator.annotate(TEXT, "Sharing") == rules
    dead = LLMAnnotator(SyncLLM(LLMSettings(base_url="http://127.0.0.1:9/v1", model="m", timeout=2)), timeout=2)
    assert dead.annotate(TEXT, "Sharing") == rules
    assert dead.stats["fallback"] == 1
