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
        ("Ozempic", False),  # unknown: left to the reader
        ("machine-washable", True),  # an unknown hyphenated word as its parts
        ("", False), ("the", False),  # no word to judge
    ],
)
def test_a_span_names_no_health_only_when_every_word_is_known_in_other_senses(span: str, none: bool) -> None:
    assert names_no_health(span, stop_words()) is none


def test_the_prose_taggers_warm_up_reads_the_lists() -> None:
    from guardian.detect import wordnet_health
    from guardian.detect.registry import default_recognizers
    from guardian.detect.recognizers.prose_tagger import ProseTaggerRecognizer

    wordnet_health._lists.cache_clear()
    tagger = next(r for r in default_recognizers("tagger") if isinstance(r, ProseTaggerRecognizer))
    if tagger._tagger is None:
        pytest.skip("the prose tagger's weights or encoder are not installed")
    tagger.warm()
    assert wordnet_health._lists.cache_info().currsize == 1


def test_a_word_of_the_callers_gazetteer_is_health() -> None:
    assert names_no_health("insulin")  # WordNet: a hormone, not a drug
    assert not names_no_health("insulin", also_health=lambda word: word == "insulin")
