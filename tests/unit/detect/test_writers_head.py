"""The English writers' head (detect/writers_head.py) with its shipped weights: the writer's detail
told in passing is tagged, a question about the world and code are not, and the record's
thresholds are the prompt filter's."""

from __future__ import annotations

import pytest

from guardian.detect.writers_head import CLASSES, WEIGHTS, load_writers_head

pytestmark = pytest.mark.skipif(not WEIGHTS.is_file(), reason="the English writers' head ships no weights here")


def _tags(text: str) -> list[tuple[str, str]]:
    head = load_writers_head()
    assert head is not None
    return [(text[t.start:t.end], t.label) for t in head.tag(text)]


def test_the_record_holds_a_threshold_per_class_and_a_stricter_one_without_the_writer() -> None:
    head = load_writers_head()
    assert head is not None and set(head.alone) == set(CLASSES)
    assert all(head.alone_bare[c] >= head.alone[c] for c in CLASSES)
    assert head.head.meta["languages"] == ["en"]


@pytest.mark.parametrize(("text", "label"), [
    ("Quick one from a paramedic on a night shift: how do I sort a list in Python?", "JOB"),
    # a town in a sign-off ("Sent from a rainy afternoon in Dundee." the head no longer tags since it
    # learnt trips and destinations as none; the town readers and the subject rules keep it)
    ("Greetings from Dundee! What is the capital of Peru?", "PLACE"),
])
def test_a_detail_told_in_passing_is_tagged(text: str, label: str) -> None:
    assert label in {lab for _, lab in _tags(text)}


@pytest.mark.parametrize("text", [
    "Why did Goebbels become drawn to the Nazi Party?",
    "Is irritable bowel syndrome a diagnosis of exclusion?",
    "```python\nnurse = Nurse(town='Dundee')\n```",
])
def test_a_question_about_the_world_and_code_are_not(text: str) -> None:
    assert _tags(text) == []


@pytest.mark.parametrize("text", [
    "As someone who is visually impaired: My booking is on Tue, 21 Aug 2018 and is outside.",
    "I am deaf, so here goes. Please, book me for Tue, 28 Aug 2018.",
])
def test_the_day_of_a_written_date_is_no_age(text: str) -> None:
    assert "AGE" not in {lab for _, lab in _tags(text)}


def test_an_age_beside_a_month_elsewhere_stays() -> None:
    assert ("21", "AGE") in _tags("I turned 21 in May and I am deaf. What should I do?")
