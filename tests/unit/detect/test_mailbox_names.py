"""The display name of a mailbox (RFC 5322 name-addr) is a person's name, in any script; words in
lower case end it; an address alone, or in brackets without a name, gives none."""

from __future__ import annotations

import pytest

from guardian.detect.recognizers.mailbox_names import MailboxNameRecognizer
from guardian.records import Field


def _names(text: str) -> list[str]:
    return [text[f.start:f.end] for f in MailboxNameRecognizer().analyze(Field("text:", "", text))]


@pytest.mark.parametrize(("text", "name"), [
    ("INFO: User usr_8f3k2m9qz4 signed in: Marguerite Oyelaran <marguerite.oyelaran@example.net>, plan pro",
     "Marguerite Oyelaran"),
    ("From: Ελένη Παπαδοπούλου <eleni@example.gr>", "Ελένη Παπαδοπούλου"),
    ("cc Łukasz Żółć <lz@example.pl>", "Łukasz Żółć"),
    ('To: "Dr. Anna de la Cruz" <anna@example.es>', "Dr. Anna de la Cruz"),
    ("reply to Иван Петров<ivan@example.ru> today", "Иван Петров"),
])
def test_the_display_name_is_found(text: str, name: str) -> None:
    assert _names(text) == [name]


@pytest.mark.parametrize("text", [
    "write to jane@example.com about it",
    "send it to <jane@example.com> please",
    "the list is <a@b.co>, <c@d.co>",
    'quoted "" <x@example.com>',
])
def test_no_name_no_finding(text: str) -> None:
    assert _names(text) == []


def test_a_huge_value_is_bounded() -> None:
    text = ("Ab " * 20000) + "<x@example.com>"
    assert _names(text) == ["Ab Ab Ab Ab"]


def test_only_prose_is_read() -> None:
    from guardian.detect.detector import Detector

    detector = Detector()
    bare = detector.analyze_field(Field("header:x-user-email#0", "x-user-email", "Jane <jane@example.org>"))
    assert not any(f.entity == "PERSON" and f.recognizer == "mailbox_names" for f in bare)
    line = "INFO: User signed in: Marguerite Oyelaran <m.o@example.net>, plan pro"
    found = detector.analyze_field(Field("text:", "", line))
    assert any(f.recognizer == "mailbox_names" and line[f.start:f.end] == "Marguerite Oyelaran" for f in found)
