from __future__ import annotations

import pytest

from lab.eval.datasets import GoldSpan
from lab.eval.metrics import mean_std, privacy, span_present, token_jaccard


@pytest.mark.parametrize(
    ("value", "output", "present"),
    [
        ("John Smith", "by mr  JOHN\nsmith today", True),  # whitespace and case folded
        ("Ann", "Annual report", False),  # must stand alone
        ("17", "in 2017", False),
        ("17", "at 17 on", True),
        ("M", "I'm here", False),  # short values keep their case
        ("M", "Sex: M.", True),
        ("***", "***", False),  # no letter or digit: never present
        ("a.b@x.org", "mail a.b@x.org!", True),
    ],
)
def test_span_present(value: str, output: str, present: bool) -> None:
    assert span_present(value, output) is present


def test_privacy_counts_each_gold_span() -> None:
    spans = (GoldSpan(0, 4, "Anna", "N"), GoldSpan(5, 9, "Berg", "N"), GoldSpan(10, 12, "31", "AGE"))
    assert privacy(spans, "Anna [LASTNAME] is [AGE]") == pytest.approx(2 / 3)
    assert privacy(spans, "") == 1.0
    assert privacy((), "x") is None


def test_token_jaccard() -> None:
    assert token_jaccard("a b c", "a b c") == 1.0
    assert token_jaccard("Hello world", "hello [PERSON]") == pytest.approx(1 / 3)
    assert token_jaccard("", "") == 1.0


def test_mean_std_skips_none() -> None:
    assert mean_std([1.0, None, 3.0]) == (2.0, pytest.approx(2**0.5))
    assert mean_std([None]) == (None, None)
    assert mean_std([0.5]) == (0.5, 0.0)
