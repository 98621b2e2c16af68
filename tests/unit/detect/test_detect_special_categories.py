"""The other special categories of GDPR Art. 9: religion, politics, orientation, ethnicity, union."""

from __future__ import annotations

import pytest

from guardian.categories import DataCategory
from guardian.detect.recognizers import SpecialCategoryRecognizer
from guardian.records import Field

REC = SpecialCategoryRecognizer()


def _found(text: str) -> list[tuple[str, str]]:
    return [(text[f.start:f.end], f.entity) for f in REC.analyze(Field("text:", "", text))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As a devout Catholic, how should I explain evolution to my kids?", [("Catholic", "RELIGION")]),
        ("I'm a lifelong Labour voter and a UNISON member; what are my rights?", [("Labour voter", "POLITICS"), ("UNISON", "UNION")]),
        ("Being gay in a small town is hard for me.", [("gay", "SEXUALITY")]),
        ("I am bi and Latina.", [("bi", "SEXUALITY"), ("Latina", "ETHNICITY")]),
        # a people's name before a person noun, however English makes the adjective; no other word
        ("Tigrinya guy here, first time asking.", [("Tigrinya", "ETHNICITY")]),
        ("Spider man and Iron man are both heroes.", []),
        ("Our shop steward says the strike is on.", [("shop steward", "UNION")]),
        # the union's name in brackets after the word for its member
        ("Union member here (RMT), with a question.", [("Union member", "UNION"), ("RMT", "UNION")]),
        # a member's words of loyalty are no part of the party's name
        ("Longtime Liberal Party voter here: how do tides work?", [("Liberal Party", "POLITICS")]),
        ("Sent between branch meetings of the Tories.", [("Tories", "POLITICS")]),
        ("In solidarity, from a fellow Unifor member.", [("Unifor", "UNION")]),
        # a member by the card they carry; a union by its name's last word where its member speaks
        ("Unifor card-carrier here. How do I sort a list?", [("Unifor", "UNION")]),
        ("I joined the National Education Union last year.", [("National Education Union", "UNION")]),
        ("A member of the Fire Brigades Union, asking about shifts.", [("Fire Brigades Union", "UNION")]),
        ("Asking as someone same-sex attracted.", [("same-sex attracted", "SEXUALITY")]),
        ("Being homoflexible at a small firm, here's my question.", [("homoflexible", "SEXUALITY")]),
        # "straight" of the writer or a person noun, not of a line or an answer
        ("Greetings from a straight dad of three! What is a monad?", [("straight", "SEXUALITY")]),
        ("Being straight with you, the code is bad.", []),
        ("As a straight line approaches the axis, what happens?", []),
        # the short forms of an orientation, ending the writer's clause; a skill is no orientation
        ("im ace btw, not relevant but whatever. How do I do fancy stuff?", [("ace", "SEXUALITY")]),
        ("I'm ace at chess, how do I improve?", []),
        ("registered independent here - Which singer is it?", [("registered independent", "POLITICS")]),
        # the union the writer pays or represents, a lower-case one too
        ("speaking as a steward for the nurses' union — how much time is left?", [("nurses' union", "UNION")]),
    ],
)
def test_the_categories_words(text: str, expected: list[tuple[str, str]]) -> None:
    assert _found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm Nigerian, and I was wondering about visas.", ["Nigerian"]),
        ("Proudly Cherokee here, with a question.", ["Cherokee"]),
        ("I'm Korean American, so this matters to me.", ["Korean American"]),
        ("I am half Filipino and half Irish.", ["Filipino"]),
        ("I'm Hmong and my parents speak it at home.", ["Hmong"]),
        ("Proud Nigerian here. Any tips?", ["Nigerian"]),
        ("As someone who is Ethiopian: which documents do I need?", ["Ethiopian"]),
        ("Asking as a person who's Filipino, is this normal?", ["Filipino"]),
        # a job, a tool and a person introduced are no origin
        ("As an English teacher, I need a lesson plan.", []),
        ("As a Python developer, how do I read a file?", []),
        ("I'm Jordan, nice to meet you.", []),
        # a sign-off's sender; a tool's user is no origin
        ("have you seen blade runner\n\nthx from a Navajo kid doing homework", ["Navajo"]),
        ("Greetings from a Somali mom!", ["Somali"]),
        ("thx from a Python dev", []),
    ],
)
def test_an_origin_predicated_of_the_writer(text: str, expected: list[str]) -> None:
    assert [t for t, e in _found(text) if e == "ETHNICITY"] == expected


@pytest.mark.parametrize(
    "text",
    ["The choir sang in unison.", "A republican constitution limits power.", "Which BI tools read Parquet?",
     "My Credit Union card got declined.",
     "Give me a conservative estimate.", "She studied liberal arts.", "I take my coffee black.",
     "The EU member here (France) votes first."],
)
def test_words_other_texts_use_for_other_things_are_not_the_category(text: str) -> None:
    assert _found(text) == []


def test_findings_are_special_category_quasi_identifiers() -> None:
    (f,) = REC.analyze(Field("text:", "", "I am Jewish and keep kosher at home, what can I cook tonight?"))
    assert f.category is DataCategory.SPECIAL and f.quasi


@pytest.mark.parametrize(("text", "party"), [
    ("Full disclosure: I vote for Reform UK, so be balanced.", "Reform UK"),
    ("I always vote Plaid Cymru, what is devolution?", "Plaid Cymru"),
    ("my vote went to the Greens last time", "Greens"),
])
def test_what_the_writer_votes_for_whatever_its_name(text: str, party: str) -> None:
    assert (party, "POLITICS") in _found(text)


@pytest.mark.parametrize("text", ["I voted Yes in the referendum", "Who did the UK vote for in 2016?",
                                  "I will vote on Tuesday"])
def test_a_vote_without_a_party(text: str) -> None:
    assert not [f for f in _found(text) if f[1] == "POLITICS"]
