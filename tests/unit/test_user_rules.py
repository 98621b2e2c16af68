"""guardian/user_rules.py: a user's own rules over the proxy's, for that user only."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from guardian import user_rules
from guardian.records import HttpRequest, Verdict
from guardian.rules import parse_rules
from guardian.session import Sessions
from guardian.user_rules import UserRules, layered, rules_file_name

BASE = parse_rules("""
trusted: [cdn.example]
blocked: [{domain: broker.example, reason: sells profiles}]
""", "proxy.yaml")
OWN = parse_rules("""
trusted: [broker.example, wiki.example]
blocked: [{domain: chat.example, reason: not for me}]
""", "alice.yaml")


@pytest.mark.parametrize(("user", "name"), [
    ("auth:alice", "alice.yaml"), ("addr:10.0.0.7", "10.0.0.7.yaml"), ("auth:a.b-c_d@corp", "a.b-c_d@corp.yaml"),
    ("auth:../etc/passwd", None), ("auth:.hidden", None), ("auth:a/b", None), ("auth:x'); DROP--", None),
    ("default", None), ("auth:" + "a" * 65, None), ("auth:..", None),
])
def test_only_a_safe_name_maps_to_a_file(user: str, name: str | None) -> None:
    assert rules_file_name(user) == name


def test_layering_keeps_the_proxys_blocks() -> None:
    rules = layered(BASE, OWN)
    assert rules.trusted_match("wiki.example") == "wiki.example" and rules.trusted_match("cdn.example") == "cdn.example"
    assert rules.blocked_match("chat.example") is not None
    assert rules.locked_match("broker.example") is not None  # trusted by the user, blocked by the proxy: blocked


def test_a_users_file_changes_that_users_decisions_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from guardian.pipeline import Pipeline

    monkeypatch.setattr(user_rules, "CHECK_EVERY_S", 0.0)
    (tmp_path / "alice.yaml").write_text("blocked: [{domain: chat.example, reason: not for me}]\n")
    sessions = Sessions(rules_for=UserRules(tmp_path).for_user)
    pipeline = Pipeline(BASE)
    request = HttpRequest("GET", "https://chat.example/")
    alice, bob = sessions.get("auth:alice"), sessions.get("auth:bob")
    assert pipeline.decide(request, alice).verdict is Verdict.DENY
    assert pipeline.decide(request, bob).verdict is Verdict.ALLOW
    assert pipeline.decide(HttpRequest("GET", "https://broker.example/"), alice).verdict is Verdict.DENY
    (tmp_path / "alice.yaml").write_text("trusted: [chat.example]\n")  # edited while running
    later = time.time() + 5
    os.utime(tmp_path / "alice.yaml", (later, later))
    assert pipeline.decide(request, alice).verdict is Verdict.ALLOW
    (tmp_path / "alice.yaml").write_text("trusted: [\n")  # a mistake: the last good rules stay
    os.utime(tmp_path / "alice.yaml", (later + 5, later + 5))
    assert pipeline.decide(HttpRequest("GET", "https://chat.example/", (("X-N", "2"),)), alice).verdict is Verdict.ALLOW
