"""A town, then the writer's "I live there", in any language the detector reads."""

from __future__ import annotations

import pytest

from guardian.detect.recognizers.lived_there import LivedThereRecognizer
from guardian.records import Field


def _found(text: str) -> list[str]:
    return [text[f.start:f.end] for f in LivedThereRecognizer().analyze(Field("text:", "", text))]


@pytest.mark.parametrize(("text", "town"), [
    ("Does this also apply to Leeds? I have lived there since I was born.", "Leeds"),
    ("Gilt das auch für Cottbus? Da wohne ich seit meiner Geburt.", "Cottbus"),
    ("¿Vale también para Ponferrada? Vivo allí desde que nací.", "Ponferrada"),
    ("Se aplică și pentru Brașov? Locuiesc acolo de când m-am născut.", "Brașov"),
    ("Это работает и для Твери? Я там живу с рождения.", "Твери"),  # the genitive, by its nominative Тверь
    ("Bu Kastamonu için de geçerli mi? Doğduğumdan beri orada yaşıyorum.", "Kastamonu"),
    ("Ισχύει και για τη Λάρισα; Μένω εκεί από τότε που γεννήθηκα.", "Λάρισα"),  # Greek asks with ";"
    ("Is it true in Leeds, where I grew up?", "Leeds"),  # a relative clause right after the town
])
def test_a_town_before_the_writers_i_live_there(text: str, town: str) -> None:
    assert _found(text) == [town]


@pytest.mark.parametrize("text", [
    "What is the population of Leeds? I have never been there.",  # no "I live there"
    "Das Essen war kalt. Da wohne ich seit Jahren.",  # German's article: a noun, not the town Essen
    "I love Paris in spring. Where I live it rains.",  # a relative clause away from the town
    "Leeds is big. Manchester is bigger. I live there.",  # a town opening its sentence is read as its first word
    "I live there.",  # no town
])
def test_no_town_without_the_phrase_or_its_town(text: str) -> None:
    assert _found(text) == []
