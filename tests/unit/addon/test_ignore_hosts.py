"""The rules' ignore_hosts list: validated with line numbers, turned into mitmproxy's ignore_hosts."""

from __future__ import annotations

import re

import pytest
from mitmproxy.test import taddons

from guardian.addon import GuardianAddon
from guardian.addon.ignore import IgnoreHosts, ignore_patterns
from guardian.errors import RulesError
from guardian.pipeline import Pipeline
from guardian.rules import load_rules, parse_rules


def test_rules_parse_ignore_hosts() -> None:
    rules = parse_rules("version: 1\nignore_hosts:\n  - bank.example\n  - '*.pinned.example'\n")
    assert rules.ignore_hosts == ("bank.example", "*.pinned.example")


def test_bad_ignore_host_names_its_line() -> None:
    with pytest.raises(RulesError) as e:
        parse_rules("version: 1\nignore_hosts:\n  - bank.example\n  - https://x.example/\n", "r.yaml")
    assert e.value.line == 4 and "ignore_hosts" in str(e.value)


def test_default_rules_ship_an_ignore_list() -> None:
    rules = load_rules("rules/default.yaml")
    assert "windowsupdate.com" in rules.ignore_hosts and len(rules.ignore_hosts) >= 5


@pytest.mark.parametrize(
    "target,ignored",
    [
        ("bank.example:443", True),
        ("www.bank.example:443", True),
        ("BANK.example:8443", True),
        ("notbank.example:443", False),
        ("bank.example.evil.test:443", False),
        ("bank.example", False),
    ],
)
def test_patterns_match_the_domain_and_its_subdomains(target: str, ignored: bool) -> None:
    patterns = ignore_patterns(["bank.example", "*.other.example"])
    assert any(re.search(p, target, re.IGNORECASE) for p in patterns) is ignored


def test_addon_sets_ignore_hosts_keeping_the_users_own() -> None:
    guardian = GuardianAddon(Pipeline(parse_rules("version: 1\nignore_hosts: [bank.example]\n")))
    ignore = IgnoreHosts(guardian)
    with taddons.context(guardian, ignore) as tctx:
        tctx.options.update(ignore_hosts=[r"^user\.example:443$"])
        ignore.sync(force=True)
        assert tctx.options.ignore_hosts == [r"^user\.example:443$", *ignore_patterns(["bank.example"])]
        # a rules reload replaces the rules' part only
        guardian.engine.pipeline = guardian.pipeline.with_rules(parse_rules("version: 1\nignore_hosts: [pinned.example]\n"))
        ignore.client_connected(None)
        assert tctx.options.ignore_hosts == [r"^user\.example:443$", *ignore_patterns(["pinned.example"])]


def test_allow_hosts_wins_over_the_rules_list() -> None:
    guardian = GuardianAddon(Pipeline(parse_rules("version: 1\nignore_hosts: [bank.example]\n")))
    ignore = IgnoreHosts(guardian)
    with taddons.context(guardian, ignore) as tctx:
        tctx.options.update(allow_hosts=["only.example"])
        ignore.sync(force=True)
        assert tctx.options.ignore_hosts == []
