"""CredentialsRecognizer: bearer tokens, JWTs, API key shapes and inline password pairs."""

from __future__ import annotations

import base64

import pytest

from guardian.categories import DataCategory
from guardian.detect.recognizers import CredentialsRecognizer
from guardian.records import Field

REC = CredentialsRecognizer()

JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ"
    ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
)
BASIC = base64.b64encode(b"alice:s3cret").decode()


def found(value: str) -> list[tuple[str, str]]:
    """(entity, matched text) pairs in order."""
    return [(f.entity, value[f.start : f.end]) for f in REC.analyze(Field("text:", "", value))]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (f"token {JWT} end", [("JWT", JWT)]),
        ("Authorization: Bearer abcDEF123456ghiJKL", [("BEARER_TOKEN", "abcDEF123456ghiJKL")]),
        (f"Authorization: Basic {BASIC}", [("BASIC_AUTH", BASIC)]),
        ("key sk-proj-abcdefghijklmnopqrstuvwxyz012345", [("API_KEY", "sk-proj-abcdefghijklmnopqrstuvwxyz012345")]),
        ("sk_live_4eC39HqLyjWDarjtT1zdp7dc", [("API_KEY", "sk_live_4eC39HqLyjWDarjtT1zdp7dc")]),
        ("aws AKIAIOSFODNN7EXAMPLE.", [("API_KEY", "AKIAIOSFODNN7EXAMPLE")]),
        ("ghp_" + "a1" * 18, [("API_KEY", "ghp_" + "a1" * 18)]),
        ("github_pat_11ABCDEFG0123456789_abcdefghij", [("API_KEY", "github_pat_11ABCDEFG0123456789_abcdefghij")]),
        ("xoxb-1234567890-abcdefghij", [("API_KEY", "xoxb-1234567890-abcdefghij")]),
        ("AIza" + "B" * 35, [("API_KEY", "AIza" + "B" * 35)]),
        ("login?user=ann&password=hunter2&x=1", [("PASSWORD", "hunter2")]),
        ('{"password": "correct horse"}', [("PASSWORD", "correct horse")]),
        ("api_key='abc123'", [("API_KEY", "abc123")]),
        ("PIN: 4821", [("PIN", "4821")]),
        ("client_secret = s3cr3t!", [("SECRET", "s3cr3t!")]),
        ("my password is Tr0ub4dor&3.", [("PASSWORD", "Tr0ub4dor&3")]),
    ],
)
def test_credentials_with_exact_spans(value: str, expected: list[tuple[str, str]]) -> None:
    assert found(value) == expected


@pytest.mark.parametrize(
    "value",
    [
        "the password is required",
        "password: ********",
        "password={{password}}",
        "the bearer instrument",  # prose, not a token
        "Basic authentication is fine",  # not base64 of user:pass
        "passport: X1234567",
        "bypass=on",
        "task-abcdefghijklmnopqrstuvwxyz",  # "sk-" inside a word
        "AKIA1234",  # too short for an AWS key
        "eyJhbGciOi.notjwt",
        # an OAuth scope's name after a key-like word, and a word where a generated token would be
        "scope=view_products:example-shop-prod create_anonymous_token:example-shop-prod",
        "token: example",
    ],
)
def test_not_credentials(value: str) -> None:
    assert found(value) == []


def test_category_is_credentials() -> None:
    findings = REC.analyze(Field("text:", "", f"password=x1y2z3 {JWT}"))
    assert {f.category for f in findings} == {DataCategory.CREDENTIALS}
    assert {f.recognizer for f in findings} == {"credentials"}
