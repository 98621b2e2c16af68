"""Identifier swap: same shape, stable per recipient and period, never the original."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guardian.anonymize.operators.identifier import EMAIL_LOCAL_CHARS, IdentifierSwap

KEY = b"k" * 32


def _classes(value: str) -> str:
    return re.sub(r"[0-9]", "9", re.sub(r"[a-z]", "a", re.sub(r"[A-Z]", "A", value)))


@pytest.mark.parametrize(
    "value",
    ["GA1.2.1234567890.1700000000", "fb.1.1596403881668.1116446470", "123e4567-e89b-42d3-a456-426614174000",
     "u_8k3m9c2b7z", "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8", "AbCdEf012345XyZ"],
)
def test_same_shape_and_not_the_original(value: str) -> None:
    out = IdentifierSwap(KEY).swap(value, "tracker.example")
    assert out != value and len(out) == len(value)
    assert re.sub(r"[A-Za-z0-9]", "x", out) == re.sub(r"[A-Za-z0-9]", "x", value)  # separators kept
    if re.fullmatch(r"[0-9a-f\-]+", value):
        assert re.fullmatch(r"[0-9a-f\-]+", out)  # a hex digest or UUID stays lower-case hex
    else:
        assert _classes(out) == _classes(value)


def test_short_format_segments_are_kept() -> None:
    out = IdentifierSwap(KEY).swap("GA1.2.1234567890.1700000000", "g.example")
    assert out.startswith("GA1.2.") and out[6:] != "1234567890.1700000000"


def test_stable_per_site_and_period_different_across_sites_and_periods() -> None:
    now = [1_000_000.0]
    swap = IdentifierSwap(KEY, rotation_s=3600, clock=lambda: now[0])
    a = swap.swap("visitor-8f3a9c2b7d", "a.example")
    assert swap.swap("visitor-8f3a9c2b7d", "a.example") == a
    assert swap.swap("visitor-8f3a9c2b7d", "b.example") != a
    now[0] += 3600
    assert swap.swap("visitor-8f3a9c2b7d", "a.example") != a
    assert IdentifierSwap(b"other-key" * 4).swap("visitor-8f3a9c2b7d", "a.example") != a


def test_rotation_must_be_positive() -> None:
    with pytest.raises(ValueError):
        IdentifierSwap(KEY, rotation_s=0)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcXYZ0123456789._-:", min_size=4, max_size=60))
def test_length_and_separators_always_kept(value: str) -> None:
    out = IdentifierSwap(KEY).swap(value, "s.example")
    assert len(out) == len(value)
    assert [c for c in out if not c.isalnum()] == [c for c in value if not c.isalnum()]


def test_a_uuid_stays_a_uuid_of_its_version() -> None:
    value = "123e4567-e89b-42d3-a456-426614174000"
    out = IdentifierSwap(KEY).swap(value, "adsrvr.example")
    assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}", out) and out != value
    upper = IdentifierSwap(KEY).swap(value.upper(), "adsrvr.example")
    assert upper == upper.upper() and re.fullmatch(r"[0-9A-F-]{36}", upper)


def test_the_names_of_a_cookie_string_stay() -> None:
    value = "__utma=123456789.987654321.1600000000.1600000001.1600000002.3;+__utmz=123456789.1600000000.1.1.utmcsr=(direct);"
    out = IdentifierSwap(KEY).swap(value, "google-analytics.example")
    assert out.startswith("__utma=") and ";+__utmz=" in out and "utmcsr=(" in out
    assert "987654321" not in out and len(out) == len(value)


def test_base64_padding_is_no_name() -> None:
    out = IdentifierSwap(KEY).swap("fb.1.AbCdEfGhIjKl=", "s.example")
    assert "AbCdEfGhIjKl" not in out and out.endswith("=")


@pytest.mark.parametrize(
    ("value", "namespace"),
    [
        ("$device:18f3a9b2c0b2d4e6f", "$device:"),
        ("anon:7c1f9a2e8b7d4c3e", "anon:"),
        ("urn:uuid:5c1f9a2e-8b7d-4c3e-9f10-2a6b7c8d9e0f", "urn:uuid:"),
    ],
)
def test_a_namespace_prefix_names_the_id_and_stays(value: str, namespace: str) -> None:
    out = IdentifierSwap(KEY).swap(value, "tracker.example")
    assert out.startswith(namespace) and out != value and len(out) == len(value)
    rest = out[len(namespace):]
    assert all(ch in "0123456789abcdef-" for ch in rest)  # a hex id stays hex after its namespace


def test_an_address_becomes_another_address_at_its_domain_with_nothing_of_its_own() -> None:
    swap = IdentifierSwap(b"k" * 32, clock=lambda: 0.0)
    out = swap.swap("jane.doe@example.org", "shop.example")
    local, _, domain = out.partition("@")
    assert domain == "example.org" and len(local) == EMAIL_LOCAL_CHARS and local.isalnum()
    assert "doe" not in local and "jane" not in local
    assert swap.swap("jane.doe@example.org", "shop.example") == out  # stable within a period
    assert swap.swap("j@example.org", "shop.example").partition("@")[0] != "j"  # a one-letter local too
    # a value that is not a whole address keeps the character-by-character shape
    assert "@" in swap.swap("u-93c1e7a4b2@x", "shop.example")
