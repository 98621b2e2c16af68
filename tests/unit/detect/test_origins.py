"""A people's or a country's name by CLDR, not by a list."""

from __future__ import annotations

import pytest

from guardian.detect.origins import is_origin_word


@pytest.mark.parametrize("word", ["Nigerian", "Ghanaian", "Pakistani", "Vietnamese", "Mexican", "Hmong", "Yoruba",
                                  "Filipino", "Punjabi", "African", "Korean", "Welsh"])
def test_peoples_and_countries_adjectives(word: str) -> None:
    assert is_origin_word(word)


@pytest.mark.parametrize("word", ["Jordan", "Ryan", "Brian", "Christian", "Python", "Amazon", "Windows", "Sorry",
                                  "Nig", "Nigerian-ish", ""])
def test_names_products_and_other_words_are_no_origin(word: str) -> None:
    assert not is_origin_word(word)
