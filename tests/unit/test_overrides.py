"""`guardian allow|block|reset`: comment-keeping edits of the rules file, and the live reload."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
from mitmproxy.test import taddons, tflow

from guardian.addon import GuardianAddon
from guardian.cli import main
from guardian.errors import ConfigError, RulesError
from guardian.overrides import (
    SHIPPED_RULES,
    RulesWatcher,
    allow_domain,
    block_domain,
    default_rules_path,
    reset_domain,
)
from guardian.rules import load_rules


@pytest.fixture()
def rules_file(tmp_path: Path) -> Path:
    path = tmp_path / "rules.yaml"
    shutil.copy(SHIPPED_RULES, path)
    return path


def test_allow_then_reset_gives_back_the_same_file(rules_file: Path) -> None:
    before = rules_file.read_text()
    allow_domain("shop.example", rules_file)
    assert load_rules(rules_file).trusted_match("www.shop.example") == "shop.example"
    reset_domain("shop.example", rules_file)
    assert rules_file.read_text() == before


def test_block_and_reset_keep_every_comment(rules_file: Path) -> None:
    before = rules_file.read_text()
    comments = [line for line in before.splitlines() if line.lstrip().startswith("#")]
    block_domain("tracker.example", rules_file)
    block_domain("ads.example", rules_file)
    text = rules_file.read_text()
    assert [line for line in text.splitlines() if line.lstrip().startswith("#")] == comments
    rules = load_rules(rules_file)
    assert rules.blocked_match("x.tracker.example") is not None and rules.blocked_match("ads.example") is not None
    reset_domain("ads.example", rules_file)
    reset_domain("tracker.example", rules_file)
    assert rules_file.read_text() == before


def test_allow_removes_a_block_and_block_removes_a_trust(rules_file: Path) -> None:
    block_domain("a.example", rules_file)
    result = allow_domain("a.example", rules_file)
    assert "removed a.example from blocked" in result.changes
    rules = load_rules(rules_file)
    assert rules.blocked_match("a.example") is None and rules.trusted_match("a.example")
    block_domain("a.example", rules_file)
    rules = load_rules(rules_file)
    assert rules.trusted_match("a.example") is None and rules.blocked_match("a.example")


def test_block_under_a_trusted_parent_is_refused_and_writes_nothing(rules_file: Path) -> None:
    before = rules_file.read_text()
    with pytest.raises(ConfigError, match="guardian reset paypal.com"):
        block_domain("www.paypal.com", rules_file)
    assert rules_file.read_text() == before


def test_a_url_is_reduced_to_its_host_and_junk_is_refused(rules_file: Path) -> None:
    assert allow_domain("https://Shop.Example/cart?x=1", rules_file).domain == "shop.example"
    with pytest.raises(ConfigError):
        allow_domain("not a domain", rules_file)


def test_a_broken_file_is_not_edited(rules_file: Path) -> None:
    rules_file.write_text("trusted: [nope nope]\n")
    with pytest.raises(RulesError):
        allow_domain("a.example", rules_file)
    assert rules_file.read_text() == "trusted: [nope nope]\n"


def test_missing_file_is_created_from_the_shipped_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GUARDIAN_RULES", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    path = default_rules_path()
    assert path == tmp_path / "cfg" / "guardian" / "rules.yaml"
    result = allow_domain("a.example")
    assert result.created and path.exists()
    assert "# GuardianAgent default rules" in path.read_text()
    monkeypatch.setenv("GUARDIAN_RULES", str(tmp_path / "env.yaml"))
    assert default_rules_path() == tmp_path / "env.yaml"


def test_cli_commands(rules_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["block", "t.example", "--rules", str(rules_file)]) == 0
    assert "added t.example to blocked" in capsys.readouterr().out
    assert main(["allow", "t.example", "--rules", str(rules_file)]) == 0
    assert main(["reset", "t.example", "--rules", str(rules_file)]) == 0
    assert main(["block", "www.paypal.com", "--rules", str(rules_file)]) == 2
    assert "guardian reset paypal.com" in capsys.readouterr().err


def test_watcher_polls_at_most_once_per_interval_and_skips_bad_files(rules_file: Path) -> None:
    watcher = RulesWatcher(rules_file, interval=1.0)
    assert watcher.poll(now=0.0) is None  # unchanged
    block_domain("t.example", rules_file)
    t = watcher._next  # noqa: SLF001 - drive the clock by hand
    assert watcher.poll(now=t - 0.5) is None  # too soon: not even a stat
    rules = watcher.poll(now=t)
    assert rules is not None and rules.blocked_match("t.example")
    rules_file.write_text("trusted: [nope nope]\n")
    assert watcher.poll(now=t + 10) is None  # bad file: logged, old rules stay
    assert watcher.poll(now=t + 20) is None  # and reported once only


def _deny_flow() -> object:
    flow = tflow.tflow()
    flow.request.method = "POST"
    flow.request.host = "t.example"
    flow.request.content = b"hello"
    return flow


def test_running_addon_picks_up_an_override(rules_file: Path) -> None:
    addon = GuardianAddon()
    with taddons.context(addon) as tctx:
        tctx.configure(addon, guardian_rules=str(rules_file))
        assert addon.engine.watch is not None
        block_domain("t.example", rules_file)
        addon.engine.watch._next = 0.0  # noqa: SLF001 - no waiting for the once-a-second check
        flow = _deny_flow()
        asyncio.run(addon.request(flow))
        assert flow.response is not None and flow.response.status_code == 403
        assert "guardian allow t.example" in flow.response.headers["X-Guardian-Override"]
        allow_domain("t.example", rules_file)
        addon.engine.watch._next = 0.0  # noqa: SLF001
        flow = _deny_flow()
        asyncio.run(addon.request(flow))
        assert flow.response is None and flow.metadata["guardian"]["rule"] == "trusted:t.example"


def test_reset_says_what_still_covers_the_domain(rules_file: Path) -> None:
    result = reset_domain("www.paypal.com", rules_file)
    assert result.changes == ("note: www.paypal.com is still covered by the trusted entry paypal.com",)


def test_minimal_file_gets_only_what_it_needs(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text("# mine\nversion: 1\n")
    allow_domain("a.example", path)
    assert path.read_text() == "# mine\nversion: 1\ntrusted:\n  - a.example\n"
