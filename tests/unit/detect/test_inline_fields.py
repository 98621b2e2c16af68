"""Labelled values inside a string (`guardian.detect.recognizers.inline_fields`)."""

from __future__ import annotations

from guardian.detect.recognizers.inline_fields import InlineFieldRecognizer
from guardian.records import Field


def _values(text: str) -> dict[str, str]:
    return {f.entity: text[f.start:f.end] for f in InlineFieldRecognizer().analyze(Field("json:$.query", "query", text))}


def test_a_quoted_value_ends_at_its_closing_quote() -> None:
    # an SQL driver's statement: what follows the literal is the statement's grammar, no part of the id
    text = "SELECT id, status FROM orders WHERE customer_id = 'usr_8f3k2m9qz4' ORDER BY created_at DESC LIMIT 5"
    assert _values(text).get("USER_ID") == "usr_8f3k2m9qz4"


def test_an_unquoted_value_still_runs_to_the_end_of_its_line() -> None:
    assert _values("Name: Ann Lee\nCity: Leeds").get("PERSON") == "Ann Lee"


def test_an_id_in_prose_is_one_token() -> None:
    # the question after the labelled id is the writer's, no part of the id
    assert _values("customer_id: usr_8f3k2m9qz4, where is my order? It was due on Friday.").get("USER_ID") == "usr_8f3k2m9qz4"
    assert _values("Member ID: AKB02 and I cannot log in since the update last week.").get("USER_ID") == "AKB02"
