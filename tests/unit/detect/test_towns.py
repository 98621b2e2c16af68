"""The town list: GeoNames' populated places by name, looked up by digest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from guardian.detect import towns


@pytest.mark.parametrize("name", ["Großenhain", "Schwäbisch Gmünd", "Kastamonu", "Καρδίτσα", "Лодейное Поле",
                                  "Tomelloso", "Caracal", "L'Aquila"])
def test_towns_of_many_countries_and_scripts_are_known(name: str) -> None:
    assert towns.is_town(name)


@pytest.mark.parametrize("word", ["Google", "Oma", "Internet", "Dienstag", "Hallo", "Großenhainer", ""])
def test_words_and_nicknames_are_no_towns(word: str) -> None:
    assert not towns.is_town(word)


@pytest.mark.parametrize(("text", "town"), [
    ("Schwäbisch Gmünd ist schön", "Schwäbisch Gmünd"),  # the longest name of up to three words
    ("Kastamonu'da büyüdüm", "Kastamonu"),  # a Turkish case ending after the apostrophe is no part of it
    ("L'Aquila è", "L'Aquila"),
    ("Caracal.", "Caracal"),
])
def test_town_end_takes_the_longest_known_name(text: str, town: str) -> None:
    assert text[:towns.town_end(text, 0)] == town


def test_a_word_that_starts_no_town_has_no_end() -> None:
    assert towns.town_end("Hallo Welt", 0) is None


def test_the_file_is_sorted_digests_with_a_clean_licence_record() -> None:
    data = towns.TOWNS.read_bytes()
    assert len(data) % 8 == 0 and len(data) > 8 * 100_000
    table = towns._digests()
    assert table is not None and bool((table[1:] > table[:-1]).all())
    record = json.loads(towns.TOWNS.with_suffix(".json").read_text(encoding="utf-8"))
    assert record["digests"] == len(data) // 8 and record["licence"]["clean"] is True
    assert "GeoNames" in record["licence"]["data"][0]["source"]


def test_a_missing_file_finds_no_town_and_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(towns, "TOWNS", tmp_path / "absent.u64")
    towns._digests.cache_clear()
    try:
        assert not towns.is_town("Großenhain")
        assert "town names not loaded" in caplog.text
    finally:
        towns._digests.cache_clear()


@pytest.mark.parametrize(("text", "town"), [
    ("I'm from Kettering originally, so this one's for me.", "Kettering"),
    ("Greetings from Stratford-upon-Avon!", "Stratford-upon-Avon"),
    ("We moved to a flat near Tewkesbury last year.", "Tewkesbury"),
    ("Back in my hometown, Whakatane, for the weekend, so bear with me.", "Whakatane"),
    ("Our village of Ambleside has a quiz tonight.", "Ambleside"),
    # or said to be the writer's home
    ("Dunedin has been my home for years and I never found out why.", "Dunedin"),
    ("Meerut is home for me, and the local paper ran a piece on this.", "Meerut"),
    # a move's "to" names a home, unlike a trip's; the town one was born and bred in
    ("We moved to Bozeman last year from the coast.", "Bozeman"),
    ("Since relocating to Odense I need to learn Danish.", "Odense"),
    ("Halifax born and bred, never seen a tornado.", "Halifax"),
])
def test_an_english_town_after_a_preposition_of_place_is_a_location(text: str, town: str) -> None:
    from guardian.detect.recognizers.towns import TownRecognizer
    from guardian.records import Field

    found = TownRecognizer().analyze(Field("text:", "", text))
    assert [(text[f.start:f.end], f.entity) for f in found] == [(town, "LOCATION")]


@pytest.mark.parametrize("text", [
    "I was born in May.",  # a month, whatever GeoNames lists
    "Tickets to Kettering are cheap.",  # where one goes
    "Paris is home to the Louvre.",  # home to a thing, no one's home
    "Paste it in Notepad.",  # no town
    "How do I get command line arguments in Rust?",  # a town's name in a clause that asks: its topic
    "Can I do this in Perl, or only in Python?",
])
def test_no_english_town_where_none_is_named_after_a_preposition(text: str) -> None:
    from guardian.detect.recognizers.towns import TownRecognizer
    from guardian.records import Field

    assert TownRecognizer().analyze(Field("text:", "", text)) == []


def test_a_town_with_a_version_number_is_a_product() -> None:
    from guardian.detect.recognizers.towns import TownRecognizer
    from guardian.records import Field

    assert TownRecognizer().analyze(Field("text:", "", "Nested cos() calculation in Oracle 10")) == []
