"""`guardian_trackers` (the addon option) and `guardian check --trackers`: lists loaded once,
bad files rejected at start with the file named, and the lists' answers in the decision record."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from mitmproxy import exceptions
from mitmproxy.test import taddons, tflow

from guardian.addon import GuardianAddon
from guardian.cli import main
from guardian.context import builtin_trackers

LISTS = Path(__file__).resolve().parents[2] / "fixtures" / "context" / "lists"


def _flow(url: str) -> object:
    flow = tflow.tflow()
    flow.request.method = "POST"
    flow.request.url = url
    flow.request.headers["Origin"] = "https://www.news.example"
    flow.request.headers["Sec-Fetch-Site"] = "cross-site"
    flow.request.headers["Sec-Fetch-Mode"] = "cors"
    flow.request.headers["Sec-Fetch-Dest"] = "empty"
    flow.request.headers["Content-Type"] = "application/json"
    flow.request.content = b'{"page":"home"}'
    return flow


def test_addon_builds_the_resolver_from_the_lists_once() -> None:
    addon = GuardianAddon()
    with taddons.context(addon) as tctx:
        tctx.configure(addon, guardian_trackers=f"{LISTS / 'duckduckgo' / 'tds.json'}, {LISTS / 'disconnect'}")
        resolver = addon.engine.components.context
        assert resolver is not None and addon.pipeline is not None
        assert addon.pipeline.context is resolver
        assert resolver.trackers.lookup("measure.example")[1].source == "list"  # type: ignore[index]
        flow = _flow("https://www.measure.example/collect")
        asyncio.run(addon.request(flow))  # type: ignore[arg-type]
        context = flow.metadata["guardian"]["context"]  # type: ignore[attr-defined]
        assert (context["recipient"], context["recipient_source"]) == ("analytics", "list")
        assert context["policy_url"] == "https://bigco.example/privacy"
        # Another option changing keeps the loaded lists.
        tctx.configure(addon, guardian_mode="monitor")
        assert addon.engine.components.context is resolver and addon.pipeline.context is resolver


def test_addon_without_lists_uses_the_builtin_map() -> None:
    addon = GuardianAddon()
    with taddons.context(addon) as tctx:
        tctx.configure(addon, guardian_mode="enforce")
        assert addon.engine.components is not None and addon.engine.components.context.trackers is builtin_trackers()
        assert addon.pipeline is not None and addon.pipeline.context is addon.engine.components.context


def test_addon_rejects_a_bad_list_naming_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text("{nope")
    addon = GuardianAddon()
    with taddons.context(addon) as tctx:
        with pytest.raises(exceptions.OptionsError, match="broken.json"):
            tctx.configure(addon, guardian_trackers=str(bad))


def test_check_with_trackers_prints_the_full_context(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "check", "--url", "https://www.measure.example/collect",
        "-H", "Origin: https://www.news.example", "-H", "Sec-Fetch-Site: cross-site",
        "-H", "Sec-Fetch-Mode: cors", "-H", "Sec-Fetch-Dest: empty", "--body", '{"page":"home"}',
    ]
    assert main([*args, "--trackers", str(LISTS)]) == 0
    context = json.loads(capsys.readouterr().out)["context"]
    assert context == {
        "destination": "www.measure.example",
        "destination_site": "measure.example",
        "first_party_site": "news.example",
        "first_party_source": "origin",
        "recipient": "analytics",
        "recipient_source": "list",
        "purposes": ["analytics"],
        "purpose_sources": ["list"],
        "basis": "background",
        "basis_signals": ["sec-fetch-site=cross-site", "sec-fetch-dest=empty"],
        "tracker_owner": "BigCo Inc.",
        "tracker_category": "Analytics",
        "policy_url": "https://bigco.example/privacy",
        "collector": None,
        "collector_evidence": None,
    }
    assert main(args) == 0  # without the lists: an event collector by its path and body
    context = json.loads(capsys.readouterr().out)["context"]
    assert (context["recipient"], context["recipient_source"]) == ("analytics", "shape")


def test_check_with_a_missing_list_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.json"
    assert main(["check", "--url", "https://a.example/", "--trackers", str(missing)]) == 2
    assert str(missing) in capsys.readouterr().err
