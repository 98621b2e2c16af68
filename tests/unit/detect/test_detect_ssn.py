"""SsnRecognizer: dashed/spaced forms, invalid areas/groups/serials, bare digits only in context."""

from __future__ import annotations

import pytest

from guardian.categories import DataCategory
from guardian.detect.recognizers import SsnRecognizer
from guardian.detect.recognizers.ssn import ssn_ok
from guardian.records import Field

REC = SsnRecognizer()


def found(value: str, name: str = "") -> list[str]:
    return [value[f.start : f.end] for f in REC.analyze(Field("text:", name, value))]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("my ssn 536-22-1234.", ["536-22-1234"]),
        ("536 22 1234", ["536 22 1234"]),
        ("a 123-45-6789 b 772-01-0001", ["123-45-6789", "772-01-0001"]),
    ],
)
def test_valid_forms(value: str, expected: list[str]) -> None:
    assert found(value) == expected


@pytest.mark.parametrize(
    "value",
    [
        "000-12-3456",  # area 000
        "666-12-3456",  # area 666
        "912-34-5678",  # area 9xx
        "536-00-1234",  # group 00
        "536-22-0000",  # serial 0000
        "078-05-1120",  # the Woolworth wallet card
        "111-11-1111",
        "1536-22-1234",  # inside a longer number
        "536-22-12345",
        "536-22-1234-7",
    ],
)
def test_invalid_numbers(value: str) -> None:
    assert found(value) == []


def test_bare_nine_digits_need_context() -> None:
    assert found("536221234") == []
    assert found("536221234", name="ssn") == ["536221234"]
    assert found("social security number: 536221234") == ["536221234"]
    assert found("666221234", name="ssn") == []


def test_scores_and_category() -> None:
    [dashed] = REC.analyze(Field("text:", "", "x 536-22-1234"))
    [spaced] = REC.analyze(Field("text:", "", "x 536 22 1234"))
    [bare] = REC.analyze(Field("text:", "", "ssn 536221234"))
    assert dashed.category is DataCategory.SSN and dashed.entity == "US_SSN"
    assert dashed.score >= 0.75 and spaced.score >= 0.7
    assert bare.score < dashed.score
    assert ssn_ok("536221234") and not ssn_ok("53622123x")
