"""CoordinatesRecognizer: lat/lon pairs; 3+ decimals precise, fewer coarse and only in context."""

from __future__ import annotations

import pytest

from guardian.categories import DataCategory
from guardian.detect.recognizers import CoordinatesRecognizer
from guardian.records import Field

REC = CoordinatesRecognizer()


def found(value: str, name: str = "") -> list[tuple[DataCategory, str]]:
    return [(f.category, value[f.start : f.end]) for f in REC.analyze(Field("text:", name, value))]


P, C = DataCategory.LOCATION_PRECISE, DataCategory.LOCATION_COARSE


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("at 52.5200, 13.4050 now", [(P, "52.5200, 13.4050")]),
        ("-33.8688,151.2093", [(P, "-33.8688,151.2093")]),
        ("40.7128°, -74.0060°", [(P, "40.7128°, -74.0060°")]),
        ("location: 52.52, 13.40", [(C, "52.52, 13.40")]),
        ("gps 52.5, 13.4", [(C, "52.5, 13.4")]),
    ],
)
def test_pairs(value: str, expected: list[tuple[DataCategory, str]]) -> None:
    assert found(value) == expected


@pytest.mark.parametrize(
    "value",
    [
        "prices 12.99, 14.99",  # two decimals without a location word
        "95.1234, 13.4050",  # latitude beyond 90
        "52.1234, 181.1234",  # longitude beyond 180
        "0.000, 0.000",  # null island placeholder
        "52.5200",  # one number is no pair
        "1.2.3, 4.5.6",
    ],
)
def test_not_pairs(value: str) -> None:
    assert found(value) == []


def test_context_from_field_name() -> None:
    assert found("52.52, 13.40", name="userLocation") == [(C, "52.52, 13.40")]
    [f] = REC.analyze(Field("text:", "", "52.5200, 13.4050"))
    assert f.entity == "GEO_COORDINATE" and f.score >= 0.8
