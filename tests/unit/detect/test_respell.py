"""Two swapped letters read as the word they spell, the text's length kept."""

from __future__ import annotations

import pytest

from guardian.detect._frequency import zipf
from guardian.detect.respell import respell, respelled
from guardian.records import Field, FieldKind, Payload

needs_wordfreq = pytest.mark.skipif(zipf("someone", "en") == 0.0, reason="wordfreq is not installed")


@needs_wordfreq
@pytest.mark.parametrize(
    "text, expected",
    [
        ("As soemone who's recently divorced", "As someone who's recently divorced"),
        ("first time asknig, my freind said", "first time asking, my friend said"),
        # a capitalised word keeps its capital, and is never respelled into a name
        ("Thakns! Mark Smith", "Thanks! Mark Smith"),
        ("Becuase I said so", "Because I said so"),
        # a name may be typed so; a code or a product has no common word one swap away;
        # a short word is too near too many others; an address or a path is not prose's word
        ("Mraia runs kubectl on nginx, teh end", "Mraia runs kubectl on nginx, teh end"),
        ("see /usr/lcoal and jsmith@exmaple.org", "see /usr/lcoal and jsmith@exmaple.org"),
        ("nothing to fix here", "nothing to fix here"),
    ],
)
def test_respell(text: str, expected: str) -> None:
    assert respell(text) == expected
    assert len(respell(text)) == len(text)


@needs_wordfreq
@needs_wordfreq
@pytest.mark.parametrize(
    "text, language, expected",
    [
        ("Mein Geburtstag ist morgen, die IT hat mir das gescihckt.", "de",
         "Mein Geburtstag ist morgen, die IT hat mir das geschickt."),
        ("Я рабтоаю в компании, мой день ржодения завтра.", "ru", "Я работаю в компании, мой день рождения завтра."),
        ("kadreşim bunu kendi telefonunda ayarladı", "tr", "kardeşim bunu kendi telefonunda ayarladı"),
        # a word of the language as written stays, and so does an acronym
        ("Wandel und Fortschritt bei der BMW AG", "de", "Wandel und Fortschritt bei der BMW AG"),
    ],
)
def test_respell_in_the_texts_language(text: str, language: str, expected: str) -> None:
    assert respell(text, language) == expected


@needs_wordfreq
def test_a_field_is_respelled_by_its_own_language() -> None:
    german = Field(path="json:$.content", name="content",
                   value="Die IT-Abteilung meiner Firma hat mir das gescihckt, was bedeutet dieser Satz?",
                   kind=FieldKind.STRING)
    read = respelled(Payload(fields=(german,), body_codec="json"))
    assert read.fields[0].value == "Die IT-Abteilung meiner Firma hat mir das geschickt, was bedeutet dieser Satz?"


@needs_wordfreq
def test_only_prose_fields_are_respelled_and_an_unchanged_payload_is_the_same() -> None:
    prose = Field(path="json:$.content", name="content", value="As soemone who's recently divorced, I ask this.",
                  kind=FieldKind.STRING)
    token = Field(path="json:$.id", name="id", value="soemone", kind=FieldKind.STRING)
    payload = Payload(fields=(prose, token), body_codec="json")
    read = respelled(payload)
    assert [f.value for f in read.fields] == ["As someone who's recently divorced, I ask this.", "soemone"]
    same = Payload(fields=(token,), body_codec="json")
    assert respelled(same) is same
