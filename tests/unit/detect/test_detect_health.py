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
    # by its brand name (medicines.txt): no INN stem to go by
    ("Waiting for the pharmacy to refill my Ozempic, might as well ask.", "Ozempic"),
    ("I'm on Vyvanse and it's messing with my focus.", "Vyvanse"),
    ("after two weeks on entresto my head feels clearer", "entresto"),
])
def test_a_medicine_by_its_inn_shape_or_its_name(text: str, medicine: str) -> None:
    from guardian.detect.recognizers.health import HealthRecognizer
    from guardian.records import Field

    found = [text[f.start:f.end] for f in HealthRecognizer().analyze(Field("text:", "", text))]
    assert medicine in found


def test_english_words_that_hold_a_stem_are_no_medicine() -> None:
    from guardian.detect.recognizers.health import HealthRecognizer
    from guardian.records import Field

    text = "Think of recycling ideas and the ordered lists of a bicycling club."
    assert HealthRecognizer().analyze(Field("text:", "", text)) == []


def test_the_medicine_list_is_the_written_file_with_its_source() -> None:
    from guardian.detect.recognizers.multilingual_health import MEDICINES, is_listed_medicine

    head = MEDICINES.read_text(encoding="utf-8").splitlines()[:4]
    assert any("drug-named-entity-recognition" in line for line in head) and all(line.startswith("#") for line in head)
    assert is_listed_medicine("Eliquis") and is_listed_medicine("SEMAGLUTIDE")
    assert not is_listed_medicine("table") and not is_listed_medicine("xylenes")  # a chemical no patient is told of


@pytest.mark.parametrize(
    ("text", "span", "whole"),
    [
        ("I have type 1 diabetes.", "diabetes", "type 1 diabetes"),
        ("I live with social anxiety disorder.", "anxiety", "social anxiety disorder"),
        ("I'm eight months pregnant.", "pregnant", "eight months pregnant"),
        ("My Parkinson's disease is mild.", "Parkinson's", "Parkinson's disease"),
        ("I take insulin glargine daily.", "insulin", "insulin glargine"),
        ("Between hospital visits for my kidney stones, I wonder.", "kidney", "kidney stones"),
        ("I have asthma and a cat.", "asthma", "asthma"),  # nothing around it to take
    ],
)
def test_a_condition_is_widened_over_the_words_its_name_is_told_with(text: str, span: str, whole: str) -> None:
    from guardian.detect.recognizers.health import whole_condition

    at = text.index(span)
    start, end = whole_condition(text, at, at + len(span))
    assert text[start:end] == whole


@pytest.mark.parametrize(("text", "expected"), [
    ("being expecting = lots of free evenings. is rasa open source?", ["expecting"]),  # the writer's state, as a gerund
    ("I'm expecting a parcel today.", []),
    ("Hello from someone expecting: How have presidents used their position?", ["expecting"]),
])
def test_pregnancy_in_its_own_idiom(text: str, expected: list[str]) -> None:
    from guardian.detect.recognizers.health import HealthRecognizer
    from guardian.records import Field

    found = HealthRecognizer().analyze(Field("text:", "", text))
    assert [text[f.start:f.end] for f in found] == expected
