"""The LLM options (declared by LLMLink, built into the pipeline by assembly): off by default,
on with a base URL, rebuilt on change, bad values fail at start."""

from __future__ import annotations

import pytest
from mitmproxy import exceptions
from mitmproxy.test import taddons

from guardian.addon.guardian import GuardianAddon
from guardian.addon.llm import LLMLink, probe
from lab.testing.stub_llm import StubLLM
from guardian.records import Basis
from guardian.settings import parse_deadlines


def _addons() -> tuple[GuardianAddon, LLMLink]:
    addon = GuardianAddon()
    return addon, LLMLink(addon)


def test_no_llm_by_default_keeps_rule_levels(monkeypatch):
    monkeypatch.delenv("GUARDIAN_LLM_BASE_URL", raising=False)
    addon, link = _addons()
    with taddons.context(addon, link) as tctx:
        tctx.configure(addon)
        assert addon.pipeline is not None and addon.pipeline.escalation is not None and addon.pipeline.escalation.llm is None
    addon.done()


def test_base_url_turns_the_loop_on_and_survives_a_rules_reload(monkeypatch):
    monkeypatch.delenv("GUARDIAN_LLM_BASE_URL", raising=False)
    addon, link = _addons()
    with StubLLM() as stub, taddons.context(addon, link) as tctx:
        tctx.configure(addon, guardian_llm=stub.base_url, guardian_llm_deadline="background=30", guardian_timeout="10")
        loop = addon.pipeline.escalation
        assert loop is not None and loop.deadlines[Basis.BACKGROUND] == 9.0  # capped below the timeout
        client = addon.engine.components.llm
        tctx.configure(addon, guardian_llm_verify=False)
        assert addon.pipeline.escalation.verify_guesses is False
        assert addon.engine.components.llm is client  # the same endpoint: the client is kept
        assert addon.pipeline.matcher.llm is client  # System 2 asks the same client
        tctx.configure(addon, guardian_llm="off")
        assert addon.pipeline.escalation is not None and addon.pipeline.escalation.llm is None and addon.pipeline.matcher.llm is None
        addon.done()


def test_bad_deadline_fails_at_start_naming_the_option():
    addon, link = _addons()
    with taddons.context(addon, link) as tctx:
        with pytest.raises(exceptions.OptionsError, match="guardian_llm_deadline='soon=3'"):
            tctx.configure(addon, guardian_llm="http://127.0.0.1:9/v1", guardian_llm_deadline="soon=3")
    addon.done()


def test_probe_names_a_dead_endpoint_and_passes_a_live_one():
    with StubLLM() as stub:
        assert probe(stub.base_url, "none") is None
    assert probe("http://127.0.0.1:9/v1", "none", timeout=2) is not None


def test_parse_deadlines():
    d = parse_deadlines("user_initiated=2, default=5", timeout=100)
    assert d[Basis.USER_INITIATED] == 2 and d[Basis.DEFAULT] == 5 and d[Basis.BACKGROUND] == 20
