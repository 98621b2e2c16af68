"""A town or employer typed in lower case after the writer's own cue."""

from __future__ import annotations

import pytest

from guardian.detect.recognizers.lower_case import LowerCaseRecognizer
from guardian.records import Field


def _found(text: str) -> list[tuple[str, str]]:
    return [(text[f.start:f.end], f.entity) for f in LowerCaseRecognizer().analyze(Field("text:", "", text))]


@pytest.mark.parametrize(("text", "value", "entity"), [
    ("Grew up in moose jaw and we never learned this at school.", "moose jaw", "LOCATION"),  # a town, title-cased
    ("i'm originally from tralee so some of this is new to me", "tralee", "LOCATION"),  # a word rare in English
    ("my job at target has me doing quizzes for team building", "target", "ORGANIZATION"),  # a bare noun after "at"
    ("i work at home depot as a cashier", "home depot", "ORGANIZATION"),  # "home" bare, then a name goes on
    ("amazon employee here, settling an office debate", "amazon", "ORGANIZATION"),  # a brand written in every language
    ("asda cashier here. how do i ask for a raise", "asda", "ORGANIZATION"),  # a word rare in English
    ("my coworkers at sainsbury's think they know", "sainsbury's", "ORGANIZATION"),  # the verb after is no part of it
    ("I go to lincoln high school, and we have a quiz", "lincoln high school", "ORGANIZATION"),  # ends with a school's word
    ("This came up in my seminar at king's college london", "king's college london", "ORGANIZATION"),  # and its town
])
def test_a_lower_case_name_after_the_writers_cue(text: str, value: str, entity: str) -> None:
    assert _found(text) == [(value, entity)]


@pytest.mark.parametrize("text", [
    "i live in reading and love it",  # "reading" is a town, but a word of English first
    "Grew up in poverty and we never learned this at school.",  # no town
    "i'm originally from the countryside",  # an article: no name
    "my job at the moment has me doing quizzes",
    "i work at night mostly",  # a noun English uses bare after "at"
    "i work from home and my job at home is fine",
    "hospital employee here, quick question about shifts",  # a workplace, not its name
    "grad student here, how do i cite a book?",  # a kind of student
    "summer intern here",
    "my boss at work says hi",  # "work" bare, and a verb after it
    "i go to school by bus",  # only the word for a school
    "we had a quiz at high school",
    "I grew up in Leeds",  # capitals: the other readers' (`towns`, `self_disclosure`)
])
def test_no_lower_case_name_where_grammar_or_the_lists_say_none(text: str) -> None:
    assert _found(text) == []
