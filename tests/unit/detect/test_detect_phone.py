"""PhoneRecognizer: international and national formats; IDs, timestamps and UUIDs are not phones."""

from __future__ import annotations

import pytest

from guardian.categories import DataCategory
from guardian.detect import resolve_overlaps
from guardian.detect.recognizers import PhoneRecognizer
from guardian.records import Field, FieldKind

REC = PhoneRecognizer()


def found(value: str, name: str = "", kind: FieldKind = FieldKind.STRING) -> list[str]:
    """Matched texts after the Detector's overlap rule (a recogniser may propose nested spans)."""
    field = Field("text:", name, value, kind)
    return [value[f.start : f.end] for f in resolve_overlaps(REC.analyze(field), value)]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("ring +49 30 1234567 now", ["+49 30 1234567"]),
        ("+1 (415) 555-2671.", ["+1 (415) 555-2671"]),
        ("+44 20 7946 0958", ["+44 20 7946 0958"]),
        ("+33 6 12 34 56 78", ["+33 6 12 34 56 78"]),
        ("+4915112345678", ["+4915112345678"]),
        ("office (415) 555-2671", ["(415) 555-2671"]),
        ("415-555-2671 or 415.555.2671", ["415-555-2671", "415.555.2671"]),
        ("Berlin 030 1234567", ["030 1234567"]),
        ("mobil 0171-1234567", ["0171-1234567"]),
        ("06 12 34 56 78", ["06 12 34 56 78"]),
        ("My phone number is (0115) 496 0907 in case", ["(0115) 496 0907"]),  # area code in parentheses
        ("reach me on (02565) 463516.", ["(02565) 463516"]),
    ],
)
def test_formats_with_separators(value: str, expected: list[str]) -> None:
    assert found(value) == expected


@pytest.mark.parametrize(
    "value",
    [
        "1690000000",  # unix seconds
        "1690000000123",  # unix millis
        "order 4155552671 shipped",  # a bare run without a phone word
        "2024-01-15T10:30:00+01:00",
        "2024-01-15 10:30:45",
        "20240115103000",
        "550e8400-e29b-41d4-a716-446655440000",
        "12345678-1234-5678-1234-567812345678",
        "version 1.2.3.4567",
        "01 02 2023",  # a date, not a number
        "+1 234",  # too few digits
        "+1 2345 6789 0123 4567 89",  # more than 15 digits
        "1+2=3456789",
        "000 0000000",
    ],
)
def test_not_phones(value: str) -> None:
    assert found(value) == []


def test_bare_digits_need_a_phone_name_or_word() -> None:
    assert found("4155552671", name="id") == []
    assert found("4155552671", name="mobileNumber") == ["4155552671"]
    assert found("4155552671", name="tel", kind=FieldKind.NUMBER) == ["4155552671"]
    assert found("call me on 4155552671") == ["4155552671"]
    assert found("tel 123456") == []  # six digits: too short even in context


def test_category_and_scores() -> None:
    [intl] = REC.analyze(Field("text:", "", "+49 30 1234567"))
    [national] = REC.analyze(Field("text:", "", "x 030 1234567"))
    assert intl.category is DataCategory.PHONE and intl.entity == "PHONE_NUMBER"
    assert intl.score > national.score  # the country code is the stronger signal


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Any questions? You can reach me at 6175550143.", ["6175550143"]),
        ("Text us on 6175550143 after six.", ["6175550143"]),
        ("My number is: 6175550143", ["6175550143"]),
        ("Invoice 6175550143 is overdue, please reach the team.", []),
    ],
)
def test_a_bare_number_is_a_phone_when_the_sentence_says_how_to_reach_the_writer(value: str, expected: list[str]) -> None:
    assert found(value) == expected
