"""ISO 20275's legal forms as guardian/detect/legal_forms.py reads them."""

from __future__ import annotations

import pytest

from guardian.detect.legal_forms import form_at, form_in, forms_after, forms_within, legal_forms


@pytest.mark.parametrize("form", ["GmbH", "S.R.L.", "SRL", "PFA", "SCA", "A.Ş.", "Ltd. Şti.", "sp. z o.o.", "Inc.", "INC",
                                  "KGaA", "e.V.", "ООО"])
def test_the_list_holds_the_forms_people_write(form: str) -> None:
    assert form_at(form, 0) == len(form)


@pytest.mark.parametrize("word", ["Gemeinde", "Bezirk", "as", "AS", "PL", "the", "Linux"])
def test_words_and_bare_two_letter_codes_are_no_form(word: str) -> None:
    """A title-case word the list spells out, and two letters without dots, read as prose."""
    assert form_at(word, 0) is None


def test_forms_close_a_name_with_their_separators() -> None:
    text = "bei Hofmann Vogt AG & Co. KGaA arbeite ich"
    end = text.index(" AG")
    assert text[end:forms_after(text, end)] == " AG & Co. KGaA"
    text = "Ich bin bei Mocanu PFA."
    assert text[: forms_after(text, text.index(" PFA"))] == "Ich bin bei Mocanu PFA"  # the sentence's dot stays out
    assert forms_after("Mocanu PFAX", len("Mocanu")) is None  # a form glued to more letters is a word


def test_spaced_dots_and_forms_within_a_span() -> None:
    assert form_at("S. R. L. din", 0) == len("S. R. L.")
    assert form_in("Talleres Beltrán S.L")
    assert not form_in("Talleres Beltrán")
    text = "Levante S.L. en Madrid"
    assert [text[a:b] for a, b in forms_within(text, 0, len(text))] == ["S.L."]


def test_the_list_is_iso_20275s_and_ordered_longest_first() -> None:
    forms = legal_forms()
    assert len(forms) > 1000  # GLEIF's list, not a hand-kept one
    assert [len(f) for f in forms] == sorted((len(f) for f in forms), reverse=True)
