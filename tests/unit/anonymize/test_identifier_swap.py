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


def test_a_run_of_digits_beside_a_uuid_stays_digits() -> None:
    # Zipy's session id: a UUID and the time the session began
    value = "6ecb5bcf-bc44-4e48-9c9a-56ba1692f72e-1796152628"
    out = IdentifierSwap(KEY).swap(value, "services.zipy.ai")
    assert out != value and re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}-[0-9]{10}", out)


def test_short_format_segments_are_kept() -> None:
    out = IdentifierSwap(KEY).swap("GA1.2.1234567890.1700000000", "g.example")
    assert out.startswith("GA1.2.") and out[6:] != "1234567890.1700000000"


@pytest.mark.parametrize(("value", "site", "kept"), [
    ("_PENDO_T_KsjPu9ZKD8u", "pendo.io", "_PENDO_T_"),  # the recipient's own name before the random part
    ("acme-7f3k29xq81mz", "acme.example", "acme-"),
])
def test_a_prefix_that_names_the_recipient_is_kept(value: str, site: str, kept: str) -> None:
    out = IdentifierSwap(KEY).swap(value, site)
    assert out.startswith(kept) and out != value and len(out) == len(value)
    assert not IdentifierSwap(KEY).swap(value, "other.example").startswith(kept)  # not the recipient's: swapped


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
        ("user-7c1f9a2e8b7d4c3e", "user-"),  # a log stream named after its user: the site's word stays
        ("visitor_7c1f9a2e8b7d", "visitor_"),
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


def test_a_uuid_inside_a_longer_id_keeps_its_version_and_variant() -> None:
    value = "user:0190b6c4-5e7a-7c3d-9f1e-2a4b6c8d0e1f:web"
    out = IdentifierSwap(KEY).swap(value, "tracker.example")
    inner = out[len("user:") : len("user:") + 36]
    assert out != value and out.endswith(":web")
    assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-9[0-9a-f]{3}-[0-9a-f]{12}", inner)


@pytest.mark.parametrize("value", ["490154203237518", "356938035643809", "4111111111111111"])
def test_a_luhn_checked_number_stays_luhn_valid(value: str) -> None:
    from guardian.detect.recognizers.credit_card import luhn_ok

    assert luhn_ok(value)
    for site in ("a.example", "b.example", "c.example"):
        out = IdentifierSwap(KEY).swap(value, site)
        assert out != value and len(out) == len(value) and out.isdigit() and luhn_ok(out)


def _finding(path: str, start: int, end: int, category: str, entity: str) -> "Finding":  # noqa: F821
    from guardian.categories import DataCategory
    from guardian.records import Finding

    return Finding(category=DataCategory(category), entity=entity, field_path=path, start=start, end=end,
                   score=0.8, recognizer="test")


def test_an_id_in_a_field_with_other_findings_is_swapped_in_place_never_masked() -> None:
    from guardian.anonymize.operators.identifier import swap_identifiers
    from guardian.records import Field, Payload

    uuid = "3f2b8c4e-9a1d-4e6f-8b2a-7c5d1e9f0a3b"
    value = f"device {uuid} of jane.doe@example.org"
    path = "json:$.note"
    email = _finding(path, value.index("jane"), len(value), "Email", "EMAIL_ADDRESS")
    device = _finding(path, 7, 7 + 36, "DeviceID", "DEVICE_ID")
    payload = Payload(fields=(Field(path, "note", value),))
    out = swap_identifiers(IdentifierSwap(KEY), payload, (email, device), "tracker.example")
    assert out.edits == {} and out.covered == (device,) and out.rest == (email,)
    swapped = out.pending[path]
    assert uuid not in swapped and len(swapped) == len(value)
    assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}", swapped[7:43])
    assert out.payload.by_path()[path].value == swapped  # the levels rewrite the e-mail around it
    assert swapped[email.start : email.end] == "jane.doe@example.org"


def test_a_device_id_field_is_swapped_whole() -> None:
    from guardian.anonymize.operators.identifier import swap_identifiers
    from guardian.records import Field, Payload

    value = "38400000-8cf0-11bd-b23e-10b96e40000d"
    payload = Payload(fields=(Field("query:idfa#0", "idfa", value),))
    out = swap_identifiers(IdentifierSwap(KEY), payload, (_finding("query:idfa#0", 0, 36, "DeviceID", "DEVICE_ID"),),
                           "ads.example")
    assert set(out.edits) == {"query:idfa#0"} and out.rest == () and "*" not in out.edits["query:idfa#0"]
    assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-b[0-9a-f]{3}-[0-9a-f]{12}", out.edits["query:idfa#0"])
