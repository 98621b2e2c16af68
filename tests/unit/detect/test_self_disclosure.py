"""First-person statements of one's own details (detect/recognizers/self_disclosure.py)."""

from __future__ import annotations

import pytest

from guardian.detect.recognizers.self_disclosure import SelfDisclosureRecognizer
from guardian.records import Field

REC = SelfDisclosureRecognizer()


def _found(text: str) -> list[tuple[str, str]]:
    return [(f.entity, text[f.start:f.end]) for f in REC.analyze(Field("text:", "", text))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hello! My name is Ann Lee. My son wants to know how tides work.", ("PERSON", "Ann Lee")),
        ("What makes volcanoes erupt? Thanks! - Ugo Moretti", ("PERSON", "Ugo Moretti")),
        ("I work at Miller-Brook. Lisa Perez here.\nWhy did the bridge fall?", ("PERSON", "Lisa Perez")),
        ("Sent from my desk at Franco Ltd. What soil suits a cactus?", ("ORGANIZATION", "Franco Ltd")),
        ("What soil suits a cactus? (I'm monica86 on Reddit.)", ("USERNAME", "monica86")),
        ("My username here is sandrahill. Why is the sky blue?", ("USERNAME", "sandrahill")),
        ("I live at 69158 Gibbs Station. How do I fix a tap?", ("STREET_ADDRESS", "69158 Gibbs Station")),
        ("I'm writing from Flat 77H, Graham Track, by the way.", ("STREET_ADDRESS", "Flat 77H, Graham Track")),
        ("I live in Santa Cruz de Tenerife. Is it windy there?", ("LOCATION", "Santa Cruz de Tenerife")),
        ("I work as a diagnostic radiographer. Why can I see the moon by day?", ("OCCUPATION", "diagnostic radiographer")),
        ("Hi, I'm Gianfranco from Cantiere. My employer is Bertoli.", ("LOCATION", "Cantiere")),
        ("Hi, I'm Gianfranco from Cantiere. My employer is Bertoli.", ("PERSON", "Gianfranco")),
        # the whole condition, not only the gazetteer's word: "rheumatoid" or "type 1" says what it is
        ("I was diagnosed with rheumatoid arthritis last year. Which shoes help?", ("HEALTH", "rheumatoid arthritis")),
        ("Quick note: I have early-stage Parkinson's, so keep it short please.", ("HEALTH", "early-stage Parkinson's")),
        ("I have a severe peanut allergy, what can I eat at a Thai place?", ("HEALTH", "severe peanut allergy")),
        ("I had a heart attack in May and now I watch my salt. Any recipes?", ("HEALTH", "heart attack")),
        # after "diagnosed with" a condition no gazetteer knows is a condition too
        ("I was diagnosed with Hashimoto's thyroiditis last year. What should I eat?", ("HEALTH", "Hashimoto's thyroiditis")),
    ],
)
def test_a_first_person_statement_yields_its_detail(text: str, expected: tuple[str, str]) -> None:
    assert expected in _found(text)


@pytest.mark.parametrize(
    "text",
    ["I'm Danish and want some dinner recipes.", "I'm a bit confused about how taxes work.",
     "I live at home with my parents, is that normal?", "Who is the president of France?",
     "I have a question about Python lists and tuples.", "I have two kids and a dog, which car fits us?"],
)
def test_no_detail_without_one(text: str) -> None:
    assert _found(text) == []
