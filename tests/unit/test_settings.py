"""Settings: one frozen type from mitmproxy options or CLI flags; bad values name option and value."""

from __future__ import annotations

import pytest
from mitmproxy.test import taddons

from guardian.errors import SettingsError
from guardian.records import Basis
from guardian.settings import OPTIONS, PROSE_MODELS, Settings, declare_options, parse_deadlines, parse_set


def test_defaults_are_the_documented_ones() -> None:
    s = Settings.from_values({}, env={})
    assert (s.mode, s.fail, s.timeout, s.matcher, s.llm) == ("enforce", "closed", 10.0, "multihot", None)
    assert s.policy_db is not None and s.policy_db.endswith("policies.sqlite3")
    assert s.deadlines[Basis.BACKGROUND] == 9.0  # 20 s capped at 90% of the 10 s timeout


@pytest.mark.parametrize(
    "option, value, why",
    [
        ("guardian_mode", "loud", "must be one of"),
        ("guardian_timeout", 0, "must be positive"),
        ("guardian_timeout", "soon", "not a number"),
        ("guardian_max_body", -1, "must be positive"),
        ("guardian_llm_deadline", "soon=3", "bad deadline"),
        ("guardian_matcher", "hybrid", "must be one of"),
        ("guardian_prose", "bert", "must be one of"),
        ("guardian_nope", 1, "no such option"),
    ],
)
def test_a_bad_value_names_the_option_and_the_value(option: str, value: object, why: str) -> None:
    with pytest.raises(SettingsError) as e:
        Settings.from_values({option: value}, env={})
    assert e.value.option == option and f"{option}={value!r}" in str(e.value) and why in str(e.value)


def test_the_llm_comes_from_the_option_over_the_environment() -> None:
    env = {"GUARDIAN_LLM_BASE_URL": "http://env:1/v1", "GUARDIAN_LLM_API_KEY": "k"}
    assert Settings.from_values({}, env=env).llm.base_url == "http://env:1/v1"  # type: ignore[union-attr]
    explicit = Settings.from_values({"guardian_llm": "http://opt:2/v1"}, env=env).llm
    assert explicit is not None and explicit.base_url == "http://opt:2/v1" and explicit.api_key == "k"
    assert Settings.from_values({"guardian_llm": "off"}, env=env).llm is None


def test_policy_db_off_means_no_store() -> None:
    assert Settings.from_values({"guardian_policy_db": "off"}, env={}).policy_db is None


def test_cli_set_values_are_typed_as_mitmdump_would() -> None:
    values = parse_set(["guardian_timeout=2.5", "guardian_llm_verify=false", "guardian_max_body=10", "guardian_rules="])
    assert values == {"guardian_timeout": "2.5", "guardian_llm_verify": False, "guardian_max_body": 10, "guardian_rules": None}
    assert Settings.from_values(values, env={}).timeout == 2.5
    with pytest.raises(SettingsError, match="guardian_llm_verify"):
        parse_set(["guardian_llm_verify=maybe"])
    with pytest.raises(SettingsError, match="NAME=VALUE"):
        parse_set(["timeout=3"])


def test_options_and_flags_give_the_same_settings(tmp_path) -> None:  # type: ignore[no-untyped-def]
    class Loader:
        def __init__(self, options) -> None:  # type: ignore[no-untyped-def]
            self.options = options

        def add_option(self, name, typespec, default, help, choices=None) -> None:  # type: ignore[no-untyped-def]
            self.options.add_option(name, typespec, default, help, choices)

    values = {"guardian_rules": str(tmp_path / "r.yaml"), "guardian_timeout": "2.5", "guardian_policy_db": "off"}
    with taddons.context() as tctx:
        declare_options(Loader(tctx.options), OPTIONS)
        tctx.options.update(**values)
        from_options = Settings.from_options(tctx.options, env={})
    assert from_options == Settings.from_values(values, env={})


def test_parse_deadlines_caps_below_the_timeout() -> None:
    d = parse_deadlines("user_initiated=2, default=5", timeout=100)
    assert d[Basis.USER_INITIATED] == 2 and d[Basis.DEFAULT] == 5 and d[Basis.BACKGROUND] == 20
    assert parse_deadlines(None, timeout=4)[Basis.DEFAULT] == pytest.approx(3.6)


def test_the_prose_models_are_the_detectors() -> None:
    from guardian.detect.registry import PROSE_CHOICES

    assert set(PROSE_CHOICES) == set(PROSE_MODELS) - {"auto"}
    assert Settings().prose == OPTIONS["guardian_prose"].default == "auto"
    assert Settings.from_values({"guardian_prose": "tagger"}, env={}).prose == "tagger"
