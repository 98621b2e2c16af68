from __future__ import annotations

import pytest

from lab.eval.methods import METHODS, build_method
from lab.eval.methods.guardian import GuardianFull
from lab.eval.metrics import span_present

from .conftest import FakeLLM

TEXT = "Please write to jane.doe@example.org or call +1 415 555 2671 about the order today."


@pytest.mark.parametrize("level", [1, 2, 3])
def test_fixed_rule_levels_rewrite_the_email(regex_resources, level: int) -> None:  # type: ignore[no-untyped-def]
    out = build_method(f"L{level}", regex_resources).anonymize(TEXT)
    assert out.level == level
    assert not span_present("jane.doe@example.org", out.text)
    assert "about the order today" in out.text


def test_fixed_l4_uses_the_llm_rewrite(regex_resources) -> None:  # type: ignore[no-untyped-def]
    regex_resources.llm = FakeLLM(text="Please write to an email address or call a phone number about the order today.")
    method = build_method("L4", regex_resources)
    assert method.needs_llm
    out = method.anonymize(TEXT)
    assert out.text.startswith("Please write to an email address")
    assert out.info["source"] == "llm"
    assert regex_resources.llm.calls == ["l4"]  # l_max = level: no attacker round


def test_a_refused_llm_rewrite_is_reported_with_its_reason(regex_resources) -> None:  # type: ignore[no-untyped-def]
    regex_resources.llm = FakeLLM(text="Please write to jane.doe@example.org about the order today.")
    out = build_method("L4", regex_resources).anonymize(TEXT)
    assert out.info == {"source": "fallback", "fallback_reasons": ["span kept"]}
    assert not span_present("jane.doe@example.org", out.text)


def test_guardian_full_escalates_on_a_verified_guess(regex_resources) -> None:  # type: ignore[no-untyped-def]
    regex_resources.llm = FakeLLM(guesses=[{"field": "email", "guess": "jane.doe@example.org", "confidence": 0.9}])
    out = GuardianFull(regex_resources).anonymize(TEXT)
    assert out.decision == "transform"
    assert out.level is not None and out.level > out.info["l0"]
    assert "attacker" in regex_resources.llm.calls


def test_guardian_anonymizes_every_text_and_reports_the_context_decision(regex_resources) -> None:  # type: ignore[no-untyped-def]
    regex_resources.llm = FakeLLM()
    allow = GuardianFull(regex_resources, context="C_low").anonymize(TEXT)
    assert (allow.decision, allow.info["l0"]) == ("allow", 1)
    assert not span_present("jane.doe@example.org", allow.text) and "about the order" in allow.text
    deny = GuardianFull(regex_resources, context="C_ext").anonymize(TEXT)
    assert (deny.decision, deny.info["l0"]) == ("deny", 4)
    assert deny.text and not span_present("jane.doe@example.org", deny.text)


def test_guardian_enforcing_decisions_allows_and_denies_by_context(regex_resources) -> None:  # type: ignore[no-untyped-def]
    regex_resources.llm = FakeLLM()
    regex_resources.enforce_decisions = True
    allow = GuardianFull(regex_resources, context="C_low").anonymize(TEXT)
    assert (allow.decision, allow.text) == ("allow", TEXT)
    deny = GuardianFull(regex_resources, context="C_ext").anonymize(TEXT)
    assert (deny.decision, deny.text) == ("deny", "")


def test_ablation_names_and_registry(regex_resources) -> None:  # type: ignore[no-untyped-def]
    names = {build_method(n, regex_resources).name for n in METHODS}
    assert names == set(METHODS)
    assert GuardianFull(regex_resources, verify=False).label == "GuardianAgent (verifier off)"


def test_the_run_context_sets_guardian_full(regex_resources) -> None:  # type: ignore[no-untyped-def]
    from lab.eval.methods.base import Resources

    assert GuardianFull(regex_resources).context.name == "C_med"
    res = Resources(regex_resources.llm, deadline_s=30, context="C_ext", enforce_decisions=True)
    res._detector = regex_resources.detector
    assert GuardianFull(res).context.name == "C_ext"
    assert GuardianFull(res, context="C_low").context.name == "C_low"  # an explicit one wins
    assert GuardianFull(res).anonymize(TEXT).decision == "deny"


def test_guardian_fast_runs_without_an_llm_and_never_calls_one(regex_resources) -> None:  # type: ignore[no-untyped-def]
    from lab.eval.methods import NO_LLM_METHODS
    from lab.eval.methods.guardian import GuardianFast

    assert "guardian-fast" in NO_LLM_METHODS and not GuardianFast.needs_llm
    regex_resources.llm = FakeLLM(guesses=[{"field": "email", "guess": "jane.doe@example.org", "confidence": 0.9}])
    out = GuardianFast(regex_resources).anonymize(TEXT)
    assert not span_present("jane.doe@example.org", out.text)
    assert not regex_resources.llm.calls  # the run's LLM is there, and guardian-fast does not use it


def test_guardian_fast_has_a_verifier_ablation_that_needs_no_llm(regex_resources) -> None:  # type: ignore[no-untyped-def]
    from lab.eval.methods import NO_LLM_METHODS, build_method

    method = build_method("guardian-fast-noverify", regex_resources)
    assert method.name == "guardian-fast-noverify" and "guardian-fast-noverify" in NO_LLM_METHODS
    assert not method.verify and not method.needs_llm


def test_methods_without_an_llm_get_the_fast_attackers_guess_metric(regex_resources) -> None:  # type: ignore[no-untyped-def]
    from lab.eval.methods import build_method
    from lab.eval.runner import fast_confidence

    method = build_method("L1", regex_resources)
    original = "As a nurse in Tacoma I work night shifts at the hospital and love it."
    assert fast_confidence(method, original, "") == 0.0
    plain = fast_confidence(method, original, original)
    assert plain is not None and 0.0 < plain <= 1.0  # "nurse" is in the original: the occupation guess is supported
    assert fast_confidence(method, original, "The weather was fine and the bus came on time today.") == 0.0
