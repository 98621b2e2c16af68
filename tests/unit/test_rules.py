"""Rules files: schema, line-numbered errors, domain matching, never_touch."""

from __future__ import annotations

from pathlib import Path

import pytest

from guardian.categories import Tier
from guardian.errors import RulesError
from guardian.records import Field, Purpose, RecipientType
from guardian.rules import domain_matches, load_rules, parse_rules

ROOT = Path(__file__).resolve().parents[2]


def test_shipped_default_rules_load() -> None:
    rules = load_rules(ROOT / "rules" / "default.yaml")
    assert rules.trusted and rules.opaque_bodies == "allow"
    assert rules.thresholds[Tier.CRITICAL] == (0.10, 0.55)


def test_full_file_parses() -> None:
    rules = parse_rules(
        """
version: 1
trusted: [bank.example]
blocked:
  - domain: broker.example
    reason: sells profiles
  - evil.example
domains:
  cdn.shop.example: {recipient: service_provider, purposes: [functionality]}
  shop.example: {recipient: first_party}
thresholds:
  high: {allow: 0.2, deny: 0.7}
never_touch:
  - csrf_token
  - field: "json:$.session"
    domains: [shop.example]
likelihood_prior: {first_party: 0.3}
opaque_bodies: deny
"""
    )
    assert rules.trusted_match("www.bank.example") == "bank.example"
    assert rules.blocked_match("x.broker.example").reason == "sells profiles"
    assert rules.blocked_match("evil.example").reason == "blocked by rule"
    assert rules.override_for("img.cdn.shop.example").recipient is RecipientType.SERVICE_PROVIDER
    assert rules.override_for("shop.example").purposes is None
    assert rules.override_for("cdn.shop.example").purposes == (Purpose.FUNCTIONALITY,)
    assert rules.thresholds == {Tier.HIGH: (0.2, 0.7)}
    assert rules.likelihood_prior == {RecipientType.FIRST_PARTY: 0.3}
    fields = [Field("json:$.session", "session", "x"), Field("form:csrf_token#0", "csrf_token", "y"), Field("form:a#0", "a", "z")]
    assert rules.untouchable("shop.example", fields) == {"json:$.session", "form:csrf_token#0"}
    assert rules.untouchable("other.example", fields) == {"form:csrf_token#0"}


@pytest.mark.parametrize(
    "text, line, fragment",
    [
        ("version: 1\nfoo: 1\n", 2, "unknown key 'foo'"),
        ("trusted:\n  - ok.example\n  - http://x.example/\n", 3, "not a domain name"),
        ("domains:\n  a.example: {recipient: alien}\n", 2, "not one of"),
        ("thresholds:\n  critical: {allow: 0.9, deny: 0.5}\n", 2, "must not exceed"),
        ("thresholds:\n  extreme: {allow: 0.1, deny: 0.5}\n", 2, "unknown tier"),
        ("likelihood_prior:\n  first_party: 1.5\n", 2, "between 0 and 1"),
        ("trusted: [a.example\n", 2, "invalid YAML"),
        ("opaque_bodies: maybe\n", 1, "allow or deny"),
        ("blocked:\n  - {domain: a.example, why: x}\n", 2, "takes `domain`"),
    ],
)
def test_bad_files_name_the_line(text: str, line: int, fragment: str) -> None:
    with pytest.raises(RulesError) as info:
        parse_rules(text, "my.yaml")
    assert info.value.line == line
    assert fragment in str(info.value) and str(info.value).startswith(f"my.yaml:{line}:")


def test_empty_file_is_empty_rules() -> None:
    assert parse_rules("").trusted == ()


def test_missing_file_is_a_rules_error(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="cannot read"):
        load_rules(tmp_path / "nope.yaml")


@pytest.mark.parametrize(
    "host, domain, expected",
    [
        ("example.com", "example.com", True),
        ("a.b.example.com", "example.com", True),
        ("badexample.com", "example.com", False),
        ("EXAMPLE.com.", "example.com", True),
        ("a.example.com", "*.example.com", True),
    ],
)
def test_domain_matching(host: str, domain: str, expected: bool) -> None:
    assert domain_matches(host, domain) is expected


def test_policy_urls_per_domain() -> None:
    rules = parse_rules("policies:\n  shop.example: https://shop.example/legal/privacy\n")
    assert rules.policies == {"shop.example": "https://shop.example/legal/privacy"}
    with pytest.raises(RulesError, match="http\\(s\\) URL") as info:
        parse_rules("policies:\n  shop.example: ftp://x/\n", "r.yaml")
    assert info.value.line == 2


def test_per_host_answers_are_remembered_and_stay_per_host() -> None:
    rules = parse_rules(
        "version: 1\n"
        "domains:\n  example.com: {recipient: first_party}\n  api.example.com: {recipient: service_provider}\n"
        "never_touch:\n  - csrf*\n  - {field: sid, domains: [bank.test]}\n"
    )
    sid, csrf = Field(name="sid", path="form:sid", value="1"), Field(name="CSRF_token", path="form:CSRF_token", value="2")
    for _ in range(2):  # the second pass answers from the per-host memo
        assert rules.override_for("api.example.com").recipient is RecipientType.SERVICE_PROVIDER
        assert rules.override_for("www.example.com").recipient is RecipientType.FIRST_PARTY
        assert rules.override_for("other.test") is None
        assert rules.untouchable("www.bank.test", [sid, csrf]) == {"form:sid", "form:CSRF_token"}
        assert rules.untouchable("shop.test", [sid, csrf]) == {"form:CSRF_token"}
    assert rules == parse_rules(  # the memo is not part of what a rules file is
        "version: 1\n"
        "domains:\n  example.com: {recipient: first_party}\n  api.example.com: {recipient: service_provider}\n"
        "never_touch:\n  - csrf*\n  - {field: sid, domains: [bank.test]}\n"
    )
