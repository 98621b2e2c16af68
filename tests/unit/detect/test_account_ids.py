"""A person's account id in prose (detect/recognizers/account_ids.py): after the word for whose it is."""

from __future__ import annotations

import pytest

from guardian.categories import DataCategory as C
from guardian.detect.recognizers.account_ids import AccountIdRecognizer
from guardian.records import Field


def _found(text: str) -> list[str]:
    findings = AccountIdRecognizer().analyze(Field("text:", "", text))
    assert all(f.category is C.PERSISTENT_ID and f.entity == "USER_ID" for f in findings)
    return [text[f.start:f.end] for f in findings]


@pytest.mark.parametrize(("text", "ids"), [
    # a service's made id after whose it is: a vendor's prefix, or letters and digits mixed
    ("The signed-in customer is Ann Lee (customer usr_8f3k2m9qz4, plan pro). Help them.", ["usr_8f3k2m9qz4"]),
    ("My customer ID is cus_NffrFeUfNV2Hib, where is my refund?", ["cus_NffrFeUfNV2Hib"]),
    ("Account: usr_8f3k2m9qz4. Why was I charged twice?", ["usr_8f3k2m9qz4"]),
    ("Our client A7K29QX4 wants a refund, draft a reply to them.", ["A7K29QX4"]),
    ("Please check user #U48213A for me, the login keeps failing.", ["U48213A"]),
    # a number alone: the writer's own, or after a form's label
    ("My member number is 88123456 and the gym lost my card.", ["88123456"]),
    ("Customer no.: 4471029. Why was I charged twice on Friday?", ["4471029"]),
])
def test_an_account_id_after_whose_it_is_is_found(text: str, ids: list[str]) -> None:
    assert _found(text) == ids


@pytest.mark.parametrize("text", [
    "What does a customer service representative do all day?",
    "Can you show the birth date of player id 200002 in the table?",  # a table's row, asked about
    "Which user 12 posts most in the forum, and why is that?",
    "How many customers did Tesla have in 2023 across Europe?",
    "The member states agreed on the 2024 budget after a long night.",
    "Ask the patient about symptoms before 10am and after 6pm.",
])
def test_words_counts_and_table_rows_are_no_account_ids(text: str) -> None:
    assert _found(text) == []
