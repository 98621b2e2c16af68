"""L1-L3 operators and the span-splicing engine."""

from __future__ import annotations

import json

import pytest

from guardian.anonymize import Anonymizer
from guardian.anonymize.operators import AggressiveMask, EntityTag, PartialMask
from guardian.categories import DataCategory as C
from guardian.records import Field, FieldKind, Finding, Payload


def _finding(cat: C, entity: str, start: int, end: int, path: str = "f", quasi: bool = False) -> Finding:
    return Finding(cat, entity, path, start, end, 0.9, "test", quasi)


@pytest.mark.parametrize(
    "span, cat, entity, expected",
    [
        ("jane.doe@example.org", C.EMAIL, "EMAIL_ADDRESS", "***@example.org"),
        ("+1 415 555 0199", C.PHONE, "PHONE_NUMBER", "+* *** *** **99"),
        ("4111 1111 1111 1234", C.FINANCIAL, "CREDIT_CARD", "**** **** **** 1234"),
        ("512-44-3019", C.SSN, "US_SSN", "***-**-3019"),
        ("203.0.113.77", C.IP_ADDRESS, "IP_ADDRESS", "203.0.113.0"),
        ("2001:db8:85a3:1:2:3:4:5", C.IP_ADDRESS, "IP_ADDRESS", "2001:db8:85a3::"),
        ("52.520008, 13.404954", C.LOCATION_PRECISE, "GEO_COORDINATE", "52.5, 13.4"),
        ("hunter2", C.CREDENTIALS, "PASSWORD", "*******"),
        ("1984-03-07", C.CONTACT, "DATE_OF_BIRTH", "1984"),
        ("Jane Doe", C.CONTACT, "PERSON", "J. D."),
        ("en-GB", C.LANGUAGE, "LANGUAGE", "en"),
        ("https://shop.example/orders/123?x=1", C.BROWSING_HISTORY, "URL", "https://shop.example/"),
        ("12 Baker Street, London", C.POSTAL_ADDRESS, "ADDRESS", "** ***** ******, London"),
    ],
)
def test_l1_keeps_a_non_identifying_part(span: str, cat: C, entity: str, expected: str) -> None:
    assert PartialMask().rewrite(span, _finding(cat, entity, 0, len(span)), FieldKind.STRING) == expected


def test_l1_leaves_quasi_identifiers_and_l2_masks_them() -> None:
    quasi = _finding(C.LOCATION_COARSE, "CITY", 0, 6, quasi=True)
    assert not PartialMask().applies_to(quasi)
    assert AggressiveMask().applies_to(quasi)
    assert AggressiveMask().rewrite("Berlin", quasi, FieldKind.STRING) == "******"


def test_content_is_for_the_llm_levels() -> None:
    content = _finding(C.CONTENT, "FREE_TEXT", 0, 10)
    assert not any(op.applies_to(content) for op in (PartialMask(), AggressiveMask(), EntityTag()))


@pytest.mark.parametrize("op", [PartialMask(), AggressiveMask(), EntityTag()])
def test_numbers_stay_numbers(op) -> None:  # type: ignore[no-untyped-def]
    for cat, literal in [(C.LOCATION_PRECISE, "52.520008"), (C.PHONE, "4155550199"), (C.FINANCIAL, "4111111111111111")]:
        out = op.rewrite(literal, _finding(cat, "X", 0, len(literal)), FieldKind.NUMBER)
        assert isinstance(json.loads(out), (int, float)) and out != literal


def test_l3_tags() -> None:
    assert EntityTag().rewrite("a@b.co", _finding(C.EMAIL, "EMAIL_ADDRESS", 0, 6), FieldKind.STRING) == "[EMAIL]"
    assert EntityTag().rewrite("4111", _finding(C.FINANCIAL, "CREDIT_CARD", 0, 4), FieldKind.STRING) == "[CREDIT_CARD]"


def test_engine_splices_several_spans_in_one_field_and_leaves_others() -> None:
    text = "mail jane@ex.org or call +1 415 555 0199 today"
    payload = Payload(fields=(Field("f", "msg", text), Field("g", "other", "untouched jane@ex.org")))
    findings = [_finding(C.EMAIL, "EMAIL_ADDRESS", 5, 16), _finding(C.PHONE, "PHONE_NUMBER", 25, 40)]
    result = Anonymizer().rewrite(payload, findings, 3)
    assert result.edits == {"f": "mail [EMAIL] or call [PHONE] today"}
    assert len(result.rewritten) == 2 and result.level == 3


def test_engine_skips_overlaps_and_out_of_range_spans() -> None:
    payload = Payload(fields=(Field("f", "x", "abcdefghij"),))
    findings = [_finding(C.EMAIL, "E", 0, 6), _finding(C.PHONE, "P", 4, 9), _finding(C.SSN, "S", 8, 99)]
    result = Anonymizer().rewrite(payload, findings, 2)
    assert len(result.rewritten) == 1 and len(result.untreated) == 2


def test_engine_caps_at_the_strongest_rule_level_and_says_so() -> None:
    payload = Payload(fields=(Field("f", "x", "a@b.co"),))
    result = Anonymizer().rewrite(payload, [_finding(C.EMAIL, "EMAIL_ADDRESS", 0, 6)], 4)
    assert result.level == 3 and result.requested_level == 4 and "L4" in (result.note or "")
    assert result.edits == {"f": "[EMAIL]"}
