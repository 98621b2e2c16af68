"""Phone numbers in the national formats of the text's language (libphonenumber)."""

from __future__ import annotations

import pytest

from guardian.detect.recognizers.national_phones import NationalPhoneRecognizer
from guardian.records import Field


def _found(text: str) -> list[str]:
    return [text[f.start:f.end] for f in NationalPhoneRecognizer().analyze(Field("text:", "", text))]


@pytest.mark.parametrize(("text", "number"), [
    ("¿Qué monedas se usan en Suiza? Si hace falta, mi teléfono es 91 196 28 53.", "91 196 28 53"),
    ("Что послужило причиной войны? Мой номер телефона: 8 (928) 597-62-33.", "8 (928) 597-62-33"),
    ("Jaką czynność wykonuje strażak? Mój numer telefonu to 502-042-578.", "502-042-578"),
    ("Wie hoch ist die Zugspitze? Sie erreichen mich unter 0151 23456789, danke.", "0151 23456789"),
    ("Türkiye'nin başkenti neresidir? Numaram 0532 123 45 67, teşekkürler.", "0532 123 45 67"),
])
def test_a_number_written_the_countrys_way_is_found(text: str, number: str) -> None:
    assert _found(text) == [number]


@pytest.mark.parametrize("text", [
    "¿Cuántas personas vivían en España en 1992? Unas 39 000 000, creo, y en 2023 unas 48 345 223.",
    "Wie viel kostet ein Haus in München? Etwa 1 250 000 Euro, die Postleitzahl ist 80331.",
    "What is the population of Spain? About 48 345 223 people live there today, I think.",  # English: not read here
    "Сколько лет Пушкину было в 1837 году? Ему было 37 лет.",
])
def test_years_amounts_postcodes_and_english_are_not_numbers(text: str) -> None:
    assert _found(text) == []


def test_a_long_text_is_read_up_to_the_prose_readers_bound() -> None:
    sentence = "Si no contesto, llámame al 6{:02d} 12 34 56 por la tarde. "
    text = "".join(sentence.format(i % 100) for i in range(400))
    found = _found(text)
    assert found and all(n.endswith("12 34 56") for n in found)
    assert len(found) == text[:10_000].count("12 34 56")  # every number of the first 10,000 characters


@pytest.mark.parametrize(("text", "number"), [
    # a number the plan has not assigned, of a possible length, right after the writer's words for their line
    ("Если так быстрее, мой номер 85045046121. Установки размеров для дочерних элементов узла.", "85045046121"),
    ("Dacă e mai simplu pentru voi, sunați-mă la 0781.538.468, vă mulțumesc frumos.", "0781.538.468"),
    ("Το βίντεο έχει μεταφορτωθεί. Θα με βρεις στο 2780 139 412.", "2780 139 412"),  # "you'll find me on"
])
def test_a_possible_number_after_the_writers_cue_is_a_phone(text: str, number: str) -> None:
    assert _found(text) == [number]


@pytest.mark.parametrize("text", [
    "Wie viele Einwohner hatte Berlin im Jahr 1990? Die Zahl 34567890 habe ich gelesen.",  # no cue
    "¿Cuál es el número de pedido 50450461 que aparece en la factura de la tienda?",  # a word between: an order's
])
def test_a_possible_number_without_the_writers_cue_is_none(text: str) -> None:
    assert _found(text) == []


def test_a_cued_number_after_a_short_verb_typed_without_accents() -> None:
    """ "το τηλ μου ειναι 2940 414334": "is" between the cue and the number, accent left out."""
    from guardian.detect.recognizers.national_phones import _cued_possible_numbers

    text = "το τηλ μου ειναι 2940 414334 Δημιούργησε κάρτες"
    assert [text[a:b] for a, b in _cued_possible_numbers(text, "GR", "el")] == ["2940 414334"]


@pytest.mark.parametrize(("text", "number"), [
    # digit groups no plan places (no such country code; a local number without its area code), after a cue
    ("Danke für die Erklärung der Einstellungen. Bitte per SMS an 00119 070955 antworten.", "00119 070955"),
    ("selam! tel numaram 534 4 898, bu ne demek: Verilerinizi yedeklemek", "534 4 898"),
    # the cue after the number, as Turkish puts it
    ("Lütfen 216 6 411 numarasına SMS ile cevap verin. Verilerinizi yedeklemek", "216 6 411"),
    ("Lütfen 216 6 411'e SMS atın, teşekkürler. Verilerinizi yedeklemek", "216 6 411"),
])
def test_digit_groups_by_a_cue_before_or_after_are_a_phone(text: str, number: str) -> None:
    assert _found(text) == [number]


@pytest.mark.parametrize("text", [
    "¿Es el número 1 234 567 un número primo? Calcula también la suma de sus cifras.",  # an amount's grouping
    "Mein Geburtsdatum ist der 12.05.1990, und welche Nummer hat das Formular dafür?",  # a date
    "Telefonun fiyatı 12 500 TL mi, yoksa 13 999 TL mi? Hangisi daha ucuz olur?",  # a price after the cue word
    "Die Spendennummer: per SMS an 2024 schreiben, dann werden 5 Euro gespendet.",  # too few digits
])
def test_digit_groups_of_amounts_dates_and_codes_are_not_a_phone(text: str) -> None:
    assert _found(text) == []
