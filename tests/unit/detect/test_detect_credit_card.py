"""CreditCardRecognizer: Luhn in validate_result, IIN prefixes raise the score."""

from __future__ import annotations

import pytest

from guardian.categories import DataCategory
from guardian.detect.base import Pattern
from guardian.detect.recognizers import CreditCardRecognizer
from guardian.detect.recognizers.credit_card import luhn_ok
from guardian.records import Field

REC = CreditCardRecognizer()


def found(value: str) -> list[str]:
    return [value[f.start : f.end] for f in REC.analyze(Field("text:", "", value))]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("card 4111 1111 1111 1111 exp", ["4111 1111 1111 1111"]),
        ("4111-1111-1111-1111", ["4111-1111-1111-1111"]),
        ("4111111111111111", ["4111111111111111"]),
        ("mc 5555555555554444.", ["5555555555554444"]),
        ("2223 0031 2200 3222", ["2223 0031 2200 3222"]),
        ("amex 3782 822463 10005", ["3782 822463 10005"]),
        ("diners 3056 930902 5904", ["3056 930902 5904"]),
        ("6011111111111117", ["6011111111111117"]),
        ("4111 1111 1111 1111 12/27", ["4111 1111 1111 1111"]),  # expiry right after
        # 4-4-4-4-3: its 16-digit prefix fails Luhn, the 19 digits pass
        ("my card number is 4128 9919 3568 3608 452.", ["4128 9919 3568 3608 452"]),
        ("4111 1111 1111 1111 123", ["4111 1111 1111 1111"]),  # a 16-digit card and three more digits
    ],
)
def test_valid_cards_with_exact_spans(value: str, expected: list[str]) -> None:
    assert found(value) == expected


@pytest.mark.parametrize(
    "value",
    [
        "4111111111111112",  # Luhn fails
        "4111 1111 1111 1112",
        "4111 1111-1111 1111",  # mixed separators
        "0000 0000 0000 0000",  # passes Luhn, but no card
        "550e8400-e29b-41d4-a716-446655440000",  # UUID
        "12345678-1234-5678-1234-567812345678",  # all-digit UUID
        "order-4111111111111111",  # inside a longer token
        "41111111111111111111111",  # too long
        "411111111111",  # too short
    ],
)
def test_not_cards(value: str) -> None:
    assert found(value) == []


def test_luhn() -> None:
    assert luhn_ok("79927398713")
    assert not luhn_ok("79927398710")


def test_validate_result_is_the_checksum_hook() -> None:
    bare = Pattern("bare", "", 0.5)
    assert REC.validate_result("4111111111111111", bare) is True
    assert REC.validate_result("4111111111111112", bare) is False


def test_known_iin_raises_the_score() -> None:
    [visa] = REC.analyze(Field("text:", "", "4111111111111111"))
    [unknown] = REC.analyze(Field("text:", "", "card 1234567812345670"))  # Luhn-valid, no network
    [grouped] = REC.analyze(Field("text:", "", "4111 1111 1111 1111"))
    assert visa.category is DataCategory.FINANCIAL and visa.entity == "CREDIT_CARD"
    assert unknown.score < visa.score < grouped.score
    assert unknown.score <= 0.7  # a Luhn pass alone is one number in ten (context adds a little)


@pytest.mark.parametrize(
    "name, value",
    [
        ("", "1234567812345670"),  # Luhn-valid, no known network: needs a card word
        ("id", "412345678901233"),  # Visa prefix at 15 digits: Visa has no 15-digit cards
        ("cb", "1700000000004"),  # a millisecond timestamp of this decade, Luhn-valid by chance
    ],
)
def test_a_bare_luhn_pass_without_support_is_no_card(name: str, value: str) -> None:
    from guardian.detect.recognizers.credit_card import luhn_ok

    assert luhn_ok(value)
    assert REC.analyze(Field(f"query:{name}#0", name, value)) == []


def test_a_card_word_supports_a_bare_number() -> None:
    [found] = REC.analyze(Field("form:card_number#0", "card_number", "1234567812345670"))
    assert found.entity == "CREDIT_CARD"


def _luhn_complete(prefix: str, length: int) -> str:
    """`prefix` padded with zeros to `length` digits, its last digit set so that Luhn holds."""
    body = prefix.ljust(length - 1, "0")
    return next(body + d for d in "0123456789" if luhn_ok(body + d))


@pytest.mark.parametrize(
    ("template", "prefix", "length"),
    [
        # Maestro issues 12-digit cards: bare or grouped 4-4-4, after a card word
        ("I paid with my card {} on Friday, was that safe?", "6759", 12),
        ("I paid with my card {g4} on Friday, was that safe?", "5020", 12),
        # JCB's 15-digit range (2131, 1800)
        ("The debit card ending the form is {} - is that right?", "2131", 15),
        # a grouping no network prints, after a card word
        ("my visa is {g6} and it expires soon", "4556", 16),
        ("card no. {dots} please", "5412", 16),
    ],
)
def test_other_groupings_and_short_maestro_numbers_after_a_card_word(template: str, prefix: str, length: int) -> None:
    digits = _luhn_complete(prefix, length)
    g4 = " ".join(digits[i:i + 4] for i in range(0, len(digits), 4))
    g6 = "-".join(digits[i:i + 6] for i in range(0, len(digits), 6))
    dots = ".".join(digits[i:i + 4] for i in range(0, len(digits), 4))
    value = template.format(digits, g4=g4, g6=g6, dots=dots)
    spans = found(value)
    assert len(spans) == 1 and "".join(ch for ch in spans[0] if ch.isdigit()) == digits


@pytest.mark.parametrize(
    "template",
    ["Order {g4} shipped on Monday.", "The batch {} was rejected.", "Totals: {g6} units"],
)
def test_an_odd_grouping_or_twelve_digits_without_a_card_word_is_no_card(template: str) -> None:
    digits = _luhn_complete("6759", 12)
    g4 = " ".join(digits[i:i + 4] for i in range(0, 12, 4))
    g6 = "-".join(digits[i:i + 6] for i in range(0, 12, 6))
    assert found(template.format(digits, g4=g4, g6=g6)) == []
