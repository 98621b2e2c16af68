"""The addon's LLM options: off by default, on with a base URL, bad values fail at start."""

from __future__ import annotations

import pytest
from mitmproxy import exceptions
from mitmproxy.test import taddons

from guardian.addon.guardian import GuardianAddon
from guardian.llm.addon import parse_deadlines
from guardian.llm.stub import StubLLM
from guardian.records import Basis


def test_no_llm_by_default_keeps_rule_levels(monkeypatch):
    monkeypatch.delenv("GUARDIAN_LLM_BASE_URL", raising=False)
    addon = GuardianAddon()
    with taddons.context(addon) as tctx:
        tctx.configure(addon)
        assert addon.pipeline is not None and addon.pipeline.escalation is None
    addon.done()


def test_base_url_turns_the_loop_on_and_survives_a_rules_reload(monkeypatch):
    monkeypatch.delenv("GUARDIAN_LLM_BASE_URL", raising=False)
    addon = GuardianAddon()
    with StubLLM() as stub, taddons.context(addon) as tctx:
        tctx.configure(addon, guardian_llm=stub.base_url, guardian_llm_deadline="background=30", guardian_timeout=10)
        loop = addon.pipeline.escalation
        assert loop is not None and loop.deadlines[Basis.BACKGROUND] == 9.0  # capped below the timeout
        tctx.configure(addon, guardian_llm_verify=False)
        assert addon.pipeline.escalation.verify_guesses is False
        tctx.configure(addon, guardian_llm="off")
        assert addon.pipeline.escalation is None
        addon.done()


def test_bad_deadline_fails_at_start():
    addon = GuardianAddon()
    with taddons.context(addon) as tctx:
        with pytest.raises(exceptions.OptionsError):
            tctx.configure(addon, guardian_llm="http://127.0.0.1:9/v1", guardian_llm_deadline="soon=3")
    addon.done()


def test_parse_deadlines():
    d = parse_deadlines("user_initiated=2, default=5", timeout=100)
    assert d[Basis.USER_INITIATED] == 2 and d[Basis.DEFAULT] == 5 and d[Basis.BACKGROUND] == 20
