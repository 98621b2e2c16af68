"""IbanRecognizer: the registry's length and structure per country, and mod-97 (python-stdnum)."""

from __future__ import annotations

import pytest

from guardian.categories import DataCategory
from guardian.detect.recognizers import IbanRecognizer
from guardian.detect.recognizers.iban import iban_ok
from guardian.records import Field

REC = IbanRecognizer()


def found(value: str) -> list[str]:
    return [value[f.start : f.end] for f in REC.analyze(Field("text:", "", value))]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("DE89370400440532013000", ["DE89370400440532013000"]),
        ("pay to DE89 3704 0044 0532 0130 00 please", ["DE89 3704 0044 0532 0130 00"]),
        ("GB82 WEST 1234 5698 7654 32", ["GB82 WEST 1234 5698 7654 32"]),
        ("FR1420041010050500013M02606", ["FR1420041010050500013M02606"]),
        ("nl91abna0417164300", ["nl91abna0417164300"]),
        # the loose regex runs on into the next word; the country length cuts it off
        ("DE89 3704 0044 0532 0130 00 ABCD", ["DE89 3704 0044 0532 0130 00"]),
        # countries the registry added later than a hand-kept table: Russia's 33 characters
        ("на счёт RU25 0749 9478 2383 8076 4465 5049 4589 4 пришли", ["RU25 0749 9478 2383 8076 4465 5049 4589 4"]),
    ],
)
def test_valid_ibans(value: str, expected: list[str]) -> None:
    assert found(value) == expected


@pytest.mark.parametrize(
    "value",
    [
        "DE89370400440532013001",  # mod 97 fails
        "DE8937040044053201300",  # one short for DE
        "XX89370400440532013000",  # unknown country
        "ORDER12345678901234567",
        "DE89 3704 0044 0532 0130 0012",  # cut falls inside a group
    ],
)
def test_invalid_ibans(value: str) -> None:
    assert found(value) == []


def test_iban_ok_and_category() -> None:
    assert iban_ok("CH9300762011623852957")
    assert not iban_ok("CH9300762011623852958")
    [f] = REC.analyze(Field("text:", "", "NL91ABNA0417164300"))
    assert (f.category, f.entity, f.score) == (DataCategory.FINANCIAL, "IBAN_CODE", 1.0)
