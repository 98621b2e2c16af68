"""guardian/detect/wordnet_health.py: WordNet's senses of a word, health or not."""

from __future__ import annotations

import pytest

from guardian.detect._english import stop_words
from guardian.detect.wordnet_health import HEALTH, OTHER, UNKNOWN, lists_path, names_no_health, reading


def test_the_lists_ship_with_the_package() -> None:
    assert lists_path().is_file()


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("asthma", HEALTH), ("Asthma", HEALTH), ("allergic", HEALTH),  # a pertainym's adjective
        ("hearing-impaired", HEALTH),  # a satellite of "deaf"
        ("seizures", HEALTH),  # a plural, by WordNet's detachment rules
        ("thermos", OTHER), ("workouts", OTHER), ("bread", OTHER),
        ("zzqxv", UNKNOWN), ("ozempic", UNKNOWN),
    ],
)
def test_a_word_reads_as_wordnet_knows_it(word: str, expected: str) -> None:
    assert reading(word) == expected


@pytest.mark.parametrize(
    ("span", "none"),
    [
        ("my thermos", True),  # "my" is a function word
        ("bread", True),
        ("lactose intolerance", False),  # a collocation with a health sense, each word without one
        ("insulin", False),  # not under WordNet's drugs, but in the detector's own gazetteer
        ("Ozempic", False),  # unknown: left to the reader
        ("machine-washable", True),  # an unknown hyphenated word as its parts
        ("", False), ("the", False),  # no word to judge
    ],
)
def test_a_span_names_no_health_only_when_every_word_is_known_in_other_senses(span: str, none: bool) -> None:
    assert names_no_health(span, stop_words()) is none
