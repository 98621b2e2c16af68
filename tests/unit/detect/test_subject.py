"""Whose data a finding in a prompt is: the user's own, or public knowledge (detect/subject.py)."""

from __future__ import annotations

import pytest

from guardian.categories import DataCategory as C
from guardian.detect.subject import about_user, filter_prompt_findings
from guardian.records import Field, Finding


def _finding(text: str, span: str, entity: str, *, quasi: bool = True, recognizer: str = "ner") -> Finding:
    start = text.index(span)
    return Finding(C.CONTACT, entity, "text:", start, start + len(span), 0.8, recognizer, quasi)


@pytest.mark.parametrize(
    ("text", "span", "entity", "user"),
    [
        ("What is the difference between a list and a tuple in Python?", "Python", "LOCATION", False),
        ("What should I see in Paris in spring?", "Paris", "LOCATION", False),
        ("What should I see in Paris in spring?", "spring", "DATE_TIME", False),
        ("What does Microsoft sell in Europe?", "Microsoft", "ORGANIZATION", False),
        ("Explain what an SSN is and who issues it.", "SSN", "ORGANIZATION", False),
        ("What are the symptoms of diabetes in adults?", "diabetes", "HEALTH", False),
        ("I live in Paris and need a good plumber.", "Paris", "LOCATION", True),
        ("Hi, I'm Gianfranco from Cantiere and I need help.", "Cantiere", "ORGANIZATION", True),
        ("My birthday is on 12 May, plan a party.", "12 May", "DATE_TIME", True),
        ("I work at Acme Corp as a nurse, what shifts are legal?", "Acme Corp", "ORGANIZATION", True),
        ("I'm a retail buyer at Andrews, Chapman and White. How do I bake bread?", "Chapman and White", "ORGANIZATION", True),
        ("What does a retail buyer at Chapman and White do all day?", "Chapman and White", "ORGANIZATION", False),
        ("I was diagnosed with diabetes last year, what can I eat?", "diabetes", "HEALTH", True),
        ("My daughter is 5 and loves dinosaurs.", "5", "AGE", True),
        # a role given to the assistant is no one's job; a sentence that opens "As a ..." is the writer's
        ("Imagine yourself as a doctor tasked with devising remedies.", "doctor", "OCCUPATION", False),
        ("I want you to act as a travel guide for Rome.", "travel guide", "OCCUPATION", False),
        ("As a nurse, how many night shifts in a row are safe?", "nurse", "OCCUPATION", True),
    ],
)
def test_a_quasi_identifier_is_the_users_only_with_a_cue_of_its_kind(text: str, span: str, entity: str, user: bool) -> None:
    assert about_user(_finding(text, span, entity), text).user is user


@pytest.mark.parametrize(
    ("text", "span", "user"),
    [
        ("Who was Abraham Lincoln and why is he famous?", "Abraham Lincoln", False),
        ("Summarize Darwin's theory of evolution in two lines.", "Darwin", False),
        ("Recommend some books by Toni Morrison for a beginner.", "Toni Morrison", False),
        ("Write a birthday message for my son Tom, he is turning six.", "Tom", True),
        ("Ines Moreau asked to be called back on Tuesday about her order.", "Ines Moreau", True),
        ("Dear Jonas, thanks for the lovely dinner yesterday.", "Jonas", True),
    ],
)
def test_a_name_is_kept_unless_the_prompt_asks_about_a_public_figure(text: str, span: str, user: bool) -> None:
    assert about_user(_finding(text, span, "PERSON", quasi=False), text).user is user


def test_direct_identifiers_and_first_person_statements_are_always_the_users() -> None:
    text = "Tell me about Paris. My email is ann@example.org."
    assert about_user(_finding(text, "ann@example.org", "EMAIL_ADDRESS", quasi=False), text).why == "direct"
    text = "Sent from my desk at Franco Ltd, what soil suits a cactus?"
    finding = _finding(text, "Franco Ltd", "ORGANIZATION", recognizer="self_disclosure")
    assert about_user(finding, text).user


def test_relationship_words_and_the_whole_prompt_are_never_rewritten() -> None:
    text = "My sister and I want to learn chess together this winter."
    assert not about_user(_finding(text, "My sister", "RELATIONSHIP"), text).user
    assert not about_user(_finding(text, text, "FREE_TEXT", quasi=False), text).user


def test_structured_values_keep_every_finding_and_the_public_ones_are_counted() -> None:
    prose = Field("json:$.messages[0].content", "content", "What should I see in Paris in spring?")
    record = Field("json:$.messages[1].content|>json|>json:$.city", "city", "Paris")
    findings = [_finding(prose.value, "Paris", "LOCATION"), Finding(C.LOCATION_COARSE, "LOCATION", record.path, 0, 5, 0.7,
                                                                       "field_names", True)]
    findings[0] = Finding(C.LOCATION_COARSE, "LOCATION", prose.path, findings[0].start, findings[0].end, 0.8, "ner", True)
    kept, public = filter_prompt_findings([prose, record], findings)
    assert [f.field_path for f in kept] == [record.path]
    assert public == {"no-cue:place": 1}
