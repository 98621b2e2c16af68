"""The user's `policies:` rules reach the policy store, also after a rules reload."""

from __future__ import annotations

from pathlib import Path

from guardian.pipeline import Pipeline
from guardian.policy_store.addon import PolicyAddonPart
from guardian.policy_store.discover import rule_url
from guardian.rules import parse_rules


class _Store:
    trackers = None
    policy_urls: dict[str, str] = {}


def test_attach_hands_the_rules_policy_urls_to_the_store() -> None:
    part = PolicyAddonPart()
    part.store = _Store()  # type: ignore[assignment]
    pipeline = Pipeline(parse_rules("policies:\n  shop.example: https://shop.example/p\n"))
    part.attach(pipeline, None)
    assert rule_url("www.shop.example".split(".", 1)[1], part.store.policy_urls) == "https://shop.example/p"
    part.attach(pipeline.with_rules(parse_rules("")), None)
    assert part.store.policy_urls == {}
