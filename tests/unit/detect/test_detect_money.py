"""Amounts of money in prose (detect/recognizers/money.py): CLDR's currencies, before or after the number."""

from __future__ import annotations

import pytest

from guardian.detect.recognizers.money import MoneyRecognizer, currency_words
from guardian.records import Field


def _found(text: str) -> list[str]:
    return [text[f.start:f.end] for f in MoneyRecognizer().analyze(Field("text:", "", text))]


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("On my $38,000 salary, can I afford it?", "$38,000"),
        ("I only make £52,000 a year.", "£52,000"),
        ("My salary is $120k.", "$120k"),
        ("I owe €1.900,50 on the card.", "€1.900,50"),
        ("We paid USD 4,000 in fees.", "USD 4,000"),
        ("I take home 72,500 dollars a month.", "72,500 dollars"),
        ("It cost me 50 grand.", "50 grand"),
        ("I earn 3.5 million rupees.", "3.5 million rupees"),
        ("Rent is 900 EUR.", "900 EUR"),
        ("I saved ₹200,000 last year.", "₹200,000"),
        # grouped the Indian way (CLDR en-IN "#,##,##0"): whole, not cut at its first group
        ("I'm on ₹9,00,000 before tax.", "₹9,00,000"),
        ("The flat cost ₹1,20,00,000 in all.", "₹1,20,00,000"),
        ("We paid 1,50,000 rupees for it.", "1,50,000 rupees"),
        # a dollar after its country's letters, as people write it beside CLDR's "CA$" and "A$"
        ("Annual pay: C$66,500. Do you have any favourite clothing?", "C$66,500"),
        ("My salary is AU$90k.", "AU$90k"),
        ("I earn US$4,000 a month.", "US$4,000"),
    ],
)
def test_amounts_with_their_currency_are_found(text: str, amount: str) -> None:
    assert amount in _found(text)


@pytest.mark.parametrize(
    "text",
    [
        "I scored 3 marks out of 10.",
        "We won 3 games in a row.",
        "Call me at 5 pm about the 2 real numbers.",
        "There are 12 people and 4 cars.",
    ],
)
def test_numbers_without_a_currency_are_not_amounts(text: str) -> None:
    assert _found(text) == []


@pytest.mark.parametrize(("text", "found"), [
    ("Three kids and I'm on 83k, so money's tight.", ["83k"]),
    ("My take-home is 43.5K for context.", ["43.5K"]),
    # a unit after the thousands makes them a count, and a number in a word is no amount
    ("We walk 10k steps and stream in 4k video.", []),
    ("The COVID-19k test and a 100k-row file.", []),
])
def test_thousands_without_a_currency_are_read_for_an_income_cue(text: str, found: list[str]) -> None:
    assert _found(text) == found


def test_the_currencies_are_cldrs_tendered_ones() -> None:
    symbols, codes, names = currency_words()
    assert {"$", "£", "€", "₹", "¥"} <= set(symbols) and {"USD", "EUR", "GBP", "JPY", "INR"} <= set(codes)
    assert {"dollars", "euros", "pounds", "rupees", "yen"} <= set(names)
    assert "DEM" not in codes and "marks" not in names  # the Deutsche Mark is no longer tendered


def test_a_long_text_of_amounts_and_symbol_runs_gives_bounded_amounts() -> None:
    text = "I owe $1,200 to the bank and " + "$$$ 1,2,3,4 " * 500 + "we saved 12 dollars. " * 300
    found = _found(text)
    assert found[0] == "$1,200" and found[-1] == "12 dollars" and all(len(a) <= 32 for a in found)
