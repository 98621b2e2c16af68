"""Companies by their legal form (ISO 20275) in English prose."""

from __future__ import annotations

import pytest

from guardian.detect.recognizers import CompanyRecognizer
from guardian.records import Field

REC = CompanyRecognizer()


def _found(text: str) -> list[str]:
    return [text[f.start:f.end] for f in REC.analyze(Field("text:", "content", text))]


@pytest.mark.parametrize(("text", "company"), [
    ("Asking for an offsite that Day LLC is sending me to.", "Day LLC"),  # a name model reads a person
    ("Cheers, a Lafferty, Caplis and Durning Ltd employee", "Lafferty, Caplis and Durning Ltd"),
    ("Chapman Group plc pays my salary.", "Chapman Group plc"),  # a form in lower case
    ("I work at Müller Bau GmbH & Co. KG in Köln.", "Müller Bau GmbH & Co. KG"),  # forms one after another
    ("When Acme Ltd called, I said no.", "Acme Ltd"),  # the sentence's opening word is no part of the name
])
def test_a_capitalised_name_closed_by_a_legal_form_is_a_company(text: str, company: str) -> None:
    assert _found(text) == [company]


@pytest.mark.parametrize("text", [
    "The GmbH form is German.",  # a form named as a topic, after a word of the sentence
    "How do I register an LLC in Ohio?",
    "Meet me at Union Station at noon.",  # capitalised words without a form
    "represented by their Agent, Mr C.A. Whomersley, of the Office",  # a person's initials after a title
])
def test_a_form_without_a_name_before_it_or_a_name_without_a_form_is_no_company(text: str) -> None:
    assert _found(text) == []


def test_every_finding_is_an_organisation_and_a_quasi_identifier() -> None:
    found = REC.analyze(Field("text:", "content", "Day LLC is sending me to Leeds."))
    assert [(f.entity, f.quasi, f.category.value) for f in found] == [("ORGANIZATION", True, "Contact")]
