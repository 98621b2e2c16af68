"""health.py: the shape of a condition's name (MEDICAL_WORD), used behind a first-person cue."""

from __future__ import annotations

import pytest

from guardian.detect.recognizers.health import MEDICAL_WORD


@pytest.mark.parametrize(
    "phrase",
    ["ascariasis", "pyothorax", "monkeypox", "streptococcal sepsis", "impulse disorders", "autoinflammatory syndromes",
     "erectile dysfunction", "a hearing impairment", "a knee injury", "shoulder lesions", "nasal polyps",
     "hay fever", "whooping cough", "chronic back pain", "mild intellectual disabilities"],
)
def test_a_condition_has_the_shape(phrase: str) -> None:
    assert MEDICAL_WORD.search(phrase)


@pytest.mark.parametrize(
    "phrase",
    ["a question", "pain points with Jira", "a schema with three tables", "a diagnosis", "a lot of empathy",
     "a diploma", "two kids and a dog", "a fever-pitch deadline", "feverish plans"],
)
def test_an_ordinary_phrase_has_not(phrase: str) -> None:
    assert not MEDICAL_WORD.search(phrase)


@pytest.mark.parametrize(("text", "medicine"), [
    ("Ever since I started on methotrexate my focus has been off.", "methotrexate"),
    ("The new dose of escitalopram makes me jittery.", "escitalopram"),
    ("I take rosuvastatin at night.", "rosuvastatin"),
])
def test_a_medicine_by_its_inn_shape(text: str, medicine: str) -> None:
    from guardian.detect.recognizers.health import HealthRecognizer
    from guardian.records import Field

    found = [text[f.start:f.end] for f in HealthRecognizer().analyze(Field("text:", "", text))]
    assert medicine in found


def test_english_words_that_hold_a_stem_are_no_medicine() -> None:
    from guardian.detect.recognizers.health import HealthRecognizer
    from guardian.records import Field

    text = "Think of recycling ideas and the ordered lists of a bicycling club."
    assert HealthRecognizer().analyze(Field("text:", "", text)) == []
