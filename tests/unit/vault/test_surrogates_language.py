"""Surrogates in the original's script and the text's language: Faker's locales beyond English,
the built-in lists unchanged for English, stable per conversation, restorable, and valid national
numbers in the surrogates style."""

from __future__ import annotations

import pytest

from guardian.anonymize.operators.chat_pseudonym import ChatBook, pseudonymize_chat
from guardian.anonymize.operators.national_id_swap import national_row
from guardian.categories import DataCategory
from guardian.records import Field, Finding, Payload
from guardian.vault.memory import Vault
from guardian.vault.surrogates import (
    CITIES,
    FIRST_NAMES,
    LAST_NAMES,
    _pool,
    candidates,
    locale_for,
    script_of,
)


def _free(value: str) -> bool:
    return False


def _person(original: str, language: str | None, n: int = 1, seed: int = 7) -> str:
    return candidates("PERSON", "surrogates", n, seed, original, _free, language)


@pytest.mark.parametrize(
    ("text", "script"),
    [("Jürgen", "LATIN"), ("Иван", "CYRILLIC"), ("Γιώργος", "GREEK"), ("محمد", "ARABIC"), ("דוד", "HEBREW"),
     ("王伟", "CJK"), ("김민준", "HANGUL"), ("12-34", None), ("Ivan Иванов Петров", "CYRILLIC")],
)
def test_script_of_the_letters(text: str, script: str | None) -> None:
    assert script_of(text) == script


@pytest.mark.parametrize(
    ("original", "language", "locale", "script"),
    [
        ("Jürgen Müller", "de", "de_DE", "LATIN"),
        ("Иван Петров", "ru", "ru_RU", "CYRILLIC"),
        ("Иван Петров", None, "ru_RU", "CYRILLIC"),  # the script alone picks Russian
        ("Олена Шевченко", "uk", "uk_UA", "CYRILLIC"),
        ("Γιώργος Παπαδόπουλος", "el", "el_GR", "GREEK"),
        ("Γιώργος Παπαδόπουλος", None, "el_GR", "GREEK"),
        ("Ayşe Yılmaz", "tr", "tr_TR", "LATIN"),
        ("Andrei Popescu", "ro", "ro_RO", "LATIN"),
        ("Jan Kowalski", "pl", "pl_PL", "LATIN"),
        ("Marie Dubois", "fr", "fr_FR", "LATIN"),
        ("José García", "es", "es_ES", "LATIN"),
        ("Marco Rossi", "it", "it_IT", "LATIN"),
        ("João Silva", "pt", "pt_PT", "LATIN"),
        ("Jan de Vries", "nl", "nl_NL", "LATIN"),
    ],
)
def test_a_name_gets_a_name_of_its_language_and_script(original: str, language: str | None, locale: str, script: str) -> None:
    assert locale_for(original, language) == locale
    pool = _pool(locale)
    for n in range(1, 6):
        value = _person(original, language, n)
        first, last = value.split(" ", 1)
        assert script_of(value) == script and value != original
        assert first in pool.first and last in pool.last


def test_a_russian_woman_gets_a_womans_first_and_last_name() -> None:
    pool = _pool("ru_RU")
    for n in range(1, 6):
        first, last = _person("Анна Иванова", "ru", n).split()
        assert first in pool.female and last in pool.last_female


def test_a_latin_name_in_cyrillic_text_stays_latin() -> None:
    """A transliterated name keeps its script: the built-in lists, not Russian names."""
    assert locale_for("Ivan Petrov", "ru") is None
    assert _person("Ivan Petrov", "ru") == _person("Ivan Petrov", None)


def test_english_and_unknown_keep_the_built_in_lists_exactly() -> None:
    for n in range(1, 40):
        for language in (None, "en"):
            value = _person("Jane Doe", language, n, seed=3)
            first, last = value.split()
            assert first in FIRST_NAMES and last in LAST_NAMES
            assert value == _person("Jane Doe", None, n, seed=3)
        assert candidates("LOCATION", "surrogates", n, 3, "Paris", _free) in CITIES
    assert candidates("ADDRESS", "surrogates", 1, 3, "12 Main Street", _free) == "[ADDRESS_1]"


def test_same_seed_counter_and_language_same_surrogate() -> None:
    a = _person("Jürgen Müller", "de", 2, seed=99)
    assert a == _person("Jürgen Müller", "de", 2, seed=99)
    assert a != _person("Jürgen Müller", "de", 3, seed=99)
    assert _person("Jürgen Müller", None, 2, seed=99) != a  # no language: the English lists


def test_cities_and_streets_of_a_locale() -> None:
    city = candidates("LOCATION", "surrogates", 1, 5, "Москва", _free)
    assert script_of(city) == "CYRILLIC" and city in _pool("ru_RU").cities
    street = candidates("ADDRESS", "surrogates", 1, 5, "Hauptstraße 5", _free, "de")
    assert street in _pool("de_DE").streets and any(ch.isdigit() for ch in street)
    # Faker has no Turkish places: the built-in list, as before
    assert candidates("LOCATION", "surrogates", 1, 5, "İstanbul", _free, "tr") in CITIES


@pytest.mark.parametrize("locale", ["de_DE", "ru_RU", "el_GR", "fr_FR", "it_IT", "uk_UA"])
def test_a_city_never_holds_a_word_of_a_name(locale: str) -> None:
    pool = _pool(locale)
    words = {w.casefold() for n in (*pool.first, *pool.last) for w in n.split()}
    assert pool.cities and not [c for c in pool.cities if {w.casefold() for w in c.split()} & words]


def test_taken_surrogates_are_skipped_and_all_taken_gives_a_tag() -> None:
    first = _person("Jürgen Müller", "de")
    second = candidates("PERSON", "surrogates", 1, 7, "Jürgen Müller", lambda v: v == first, "de")
    assert second != first and " " in second
    assert candidates("PERSON", "surrogates", 1, 7, "Jürgen Müller", lambda v: not v.startswith("["), "de") == "[PERSON_1]"


def test_a_national_number_gets_a_valid_one_of_its_format() -> None:
    value = candidates("NATIONAL_ID", "surrogates", 1, 11, "1630615123457", _free)
    assert value != "1630615123457" and national_row(value, "RO_CNP") is not None
    assert value == candidates("NATIONAL_ID", "surrogates", 1, 11, "1630615123457", _free)
    assert candidates("NATIONAL_ID", "tags", 1, 11, "1630615123457", _free) == "[NATIONAL_ID_1]"


@pytest.mark.parametrize(
    ("language", "text", "spans"),
    [
        ("de", "Ich heiße Jürgen Müller, wohne in Berlin, Hauptstraße 5, CNP 1630615123457.",
         [(10, 23, "PERSON"), (34, 40, "LOCATION"), (42, 55, "ADDRESS"), (61, 74, "NATIONAL_ID")]),
        ("ru", "Меня зовут Анна Иванова, я живу в Москве.", [(11, 23, "PERSON"), (34, 40, "LOCATION")]),
        ("el", "Με λένε Γιώργος Παπαδόπουλος και μένω στην Αθήνα.", [(8, 28, "PERSON"), (43, 48, "LOCATION")]),
    ],
)
def test_round_trip_through_the_vault(language: str, text: str, spans: list[tuple[int, int, str]]) -> None:
    conv = Vault().conversation("k")
    out = text
    for start, end, label in sorted(spans, reverse=True):
        value, made = conv.pseudonym(text[start:end], label, "surrogates", avoid=text, language=language)
        assert made and not value.startswith("[") and value != text[start:end]
        out = out[:start] + value + out[end:]
    assert conv.restore(out) == (text, len(spans))


def test_the_chat_operator_writes_surrogates_in_the_fields_language() -> None:
    text = "Hallo, ich heiße Jürgen Müller und ich möchte wissen, wie ich meine Steuererklärung mache."
    start = text.index("Jürgen")
    payload = Payload((Field("json:$.messages[0].content", "content", text),))
    finding = Finding(DataCategory.CONTACT, "PERSON", "json:$.messages[0].content", start, start + 13, 0.9, "ner")
    conversation = Vault().conversation("k")
    edits = pseudonymize_chat(payload, [finding], {}, ChatBook.of(conversation, "surrogates"), restores=True)
    (made,) = edits.outcome.entries
    pool = _pool("de_DE")
    # German first and last names may themselves hold a space ("Hans Peter", "Koch II").
    words = made.pseudonym.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    assert any(first in pool.first and last in pool.last for first, last in splits), made.pseudonym
    assert edits.edits["json:$.messages[0].content"] == text.replace("Jürgen Müller", made.pseudonym)
