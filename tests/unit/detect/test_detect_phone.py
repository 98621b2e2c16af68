"""PhoneRecognizer: international and national formats; IDs, timestamps and UUIDs are not phones."""

from __future__ import annotations

import pytest

from guardian.categories import DataCategory
from guardian.detect import resolve_overlaps
from guardian.detect.recognizers import PhoneRecognizer
from guardian.records import Field, FieldKind

REC = PhoneRecognizer()


def found(value: str, name: str = "", kind: FieldKind = FieldKind.STRING) -> list[str]:
    """Matched texts after the Detector's overlap rule (a recogniser may propose nested spans)."""
    field = Field("text:", name, value, kind)
    return [value[f.start : f.end] for f in resolve_overlaps(REC.analyze(field), value)]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("ring +49 30 1234567 now", ["+49 30 1234567"]),
        ("+1 (415) 555-2671.", ["+1 (415) 555-2671"]),
        ("+44 20 7946 0958", ["+44 20 7946 0958"]),
        ("+33 6 12 34 56 78", ["+33 6 12 34 56 78"]),
        ("+4915112345678", ["+4915112345678"]),
        ("office (415) 555-2671", ["(415) 555-2671"]),
        ("415-555-2671 or 415.555.2671", ["415-555-2671", "415.555.2671"]),
        ("Berlin 030 1234567", ["030 1234567"]),
        ("mobil 0171-1234567", ["0171-1234567"]),
        ("06 12 34 56 78", ["06 12 34 56 78"]),
        ("My phone number is (0115) 496 0907 in case", ["(0115) 496 0907"]),  # area code in parentheses
        ("reach me on (02565) 463516.", ["(02565) 463516"]),
        ("(mobile 976-255-5201x23258) asking", ["976-255-5201x23258"]),  # an extension is part of the number
        ("desk +1 415 555 0187 ext. 42, thanks", ["+1 415 555 0187 ext. 42"]),
    ],
)
def test_formats_with_separators(value: str, expected: list[str]) -> None:
    assert found(value) == expected


@pytest.mark.parametrize(
    "value",
    [
        "1690000000",  # unix seconds
        "1690000000123",  # unix millis
        "order 4155552671 shipped",  # a bare run without a phone word
        "2024-01-15T10:30:00+01:00",
        "2024-01-15 10:30:45",
        "20240115103000",
        "550e8400-e29b-41d4-a716-446655440000",
        "12345678-1234-5678-1234-567812345678",
        "86431e2e-0917-4002-a3a7-1e07b9cf9a69",  # a UUID whose middle groups read as a trunk-0 number
        "serial AB-0917-4002-CD",
        "version 1.2.3.4567",
        "01 02 2023",  # a date, not a number
        "+1 234",  # too few digits
        "+1 2345 6789 0123 4567 89",  # more than 15 digits
        "1+2=3456789",
        "000 0000000",
    ],
)
def test_not_phones(value: str) -> None:
    assert found(value) == []


def test_bare_digits_need_a_phone_name_or_word() -> None:
    assert found("4155552671", name="id") == []
    assert found("4155552671", name="mobileNumber") == ["4155552671"]
    assert found("4155552671", name="tel", kind=FieldKind.NUMBER) == ["4155552671"]
    assert found("call me on 4155552671") == ["4155552671"]
    assert found("tel 123456") == []  # six digits: too short even in context


def test_category_and_scores() -> None:
    [intl] = REC.analyze(Field("text:", "", "+49 30 1234567"))
    [national] = REC.analyze(Field("text:", "", "x 030 1234567"))
    assert intl.category is DataCategory.PHONE and intl.entity == "PHONE_NUMBER"
    assert intl.score > national.score  # the country code is the stronger signal


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Any questions? You can reach me at 6175550143.", ["6175550143"]),
        ("Text us on 6175550143 after six.", ["6175550143"]),
        ("My number is: 6175550143", ["6175550143"]),
        ("What did the home team score? (text 6175550143 if easier)", ["6175550143"]),  # the number's own verb
        ("Name an activity.\n\nph: 02.8232.6095", ["02.8232.6095"]),  # a label's abbreviation
        ("What would it be? (call me at 001-684-312-7558x5983)", ["001-684-312-7558x5983"]),  # with its extension
        ("Call 911 now, then text 2 people.", []),
        ("Invoice 6175550143 is overdue, please reach the team.", []),
    ],
)
def test_a_bare_number_is_a_phone_when_the_sentence_says_how_to_reach_the_writer(value: str, expected: list[str]) -> None:
    assert found(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        # after a cue that says how to reach the writer, any national way of writing a number
        ("My phone number is 0422.811.920 in case you need it.", ["0422.811.920"]),
        ("You can reach me at 218-6040.", ["218-6040"]),
        ("My phone number is 1716 7272 in case you need it.", ["1716 7272"]),
        ("You can reach me at (02).0772.8378.", ["(02).0772.8378"]),
        ("Text me at 029 2018 0689 or email me.", ["029 2018 0689"]),
        ("mobile: 9612.8768", ["9612.8768"]),
        # the trunk "1" or the access code "001" before a North American number
        ("office 1 (313) 996-6935", ["1 (313) 996-6935"]),
        ("office 001-424-701-7674", ["001-424-701-7674"]),
        # a one-digit area code in parentheses (Australia, New Zealand)
        ("office (07) 4891 5744", ["(07) 4891 5744"]),
    ],
)
def test_cued_and_more_national_formats(value: str, expected: list[str]) -> None:
    assert found(value) == expected


@pytest.mark.parametrize(
    "value",
    [
        "my number is 42 and yours is 7",  # too few digits even after a cue
        "the ratio went from 0422.811.920 to more",  # dotted with no cue: a figure
        "sizes 218-6040 in stock",  # a local-looking pair with no cue
        "call me at 12.03.1985 please",  # a date after a cue
    ],
)
def test_cued_and_national_formats_leave_their_neighbours(value: str) -> None:
    assert found(value) == []


def test_a_cued_number_outscores_a_date_read_in_it() -> None:
    text = "Text me at 029 2018 0689 or email me."
    [kept] = resolve_overlaps(REC.analyze(Field("text:", "", text)), text)
    assert text[kept.start:kept.end] == "029 2018 0689"
    assert kept.score >= 0.85  # above a date finding on "2018" or "06 30"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Feel free to ring 07142032954 if that is easier.", ["07142032954"]),  # a UK mobile
        ("Saves the calendar (cell 0450.676.490, WhatsApp works too)", ["0450.676.490"]),  # an Australian one, dotted
        ("Mobile 93 5900-6347. Why did prices rise?", ["93 5900-6347"]),
        # next to a phone word, but no country's plan has such a line: a sum, a year, a model number
        ("Our call centre took 4.500.000 calls last year.", []),
        ("My phone has 128 GB and a 4500 mAh battery, build 2023.11.05.1", []),
        ("Set the phone's screen to 1024.768.000 for the test.", []),
    ],
)
def test_a_number_next_to_a_phone_word_counts_where_a_number_plan_has_it(value: str, expected: list[str]) -> None:
    assert found(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("(Reachable on 2087746150 most evenings.) Why is the sky blue?", ["2087746150"]),
        ("Number's (03) 1927 4410 if you want to text back.", ["(03) 1927 4410"]),
        ("The number's 42 and the total is 1234567 units.", []),  # a cue reaches only the number right after it
        # a number's own label without a colon; the second way to reach the writer after an e-mail
        ("Callback number 8961 5131. Question: why?", ["8961 5131"]),
        ("Reach me at jo@example.com / 8967927541. Why is the sky blue?", ["8967927541"]),
        ("The contact number for the museum is listed where?", []),
    ],
)
def test_being_reachable_and_a_number_given_are_cues_of_a_phone(value: str, expected: list[str]) -> None:
    assert found(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        # the cue after the number: the writer says it is theirs, in a plan's national format
        ("01164960076 is the best number for me. Lookup orders.", ["01164960076"]),
        ("0412 345 678 is my mobile, text anytime.", ["0412 345 678"]),
        ("12345678 is the best number to guess in this game.", []),  # a number, no one's line
    ],
)
def test_a_number_the_writer_calls_theirs_after_it(value: str, expected: list[str]) -> None:
    assert found(value) == expected


def test_a_context_word_in_camel_case_is_one_word() -> None:
    """"WhatsApp" before a number is the context word "whatsapp": the field-name tokens split it and
    singularise its first half ("what", "app"), which spells no context word."""
    assert found("WhatsApp 07693668995 - tips for carrying a full-size handgun") == ["07693668995"]
    assert found("The app 07693668995 - tips for carrying a full-size handgun") == []


@pytest.mark.parametrize(("text", "number"), [
    # a contact line gives a name its number, a comma or "on" between
    ("Why were these steps not taken?  Holly Shaw-Evans, 01214960223", "01214960223"),
    ("If a human wants to follow up: Jessica Stone-Mitchell on 1-112-669-4888.", "1-112-669-4888"),
    ("Best reached at 05487979105. What affects felt recoil?", "05487979105"),
])
def test_a_number_after_a_persons_name_or_a_reach_cue_is_their_phone(text: str, number: str) -> None:
    assert number in found(text)


@pytest.mark.parametrize("text", [
    "The Apollo Program, 1961-1972, cost a lot of money.",
    "Windows Server on 2019 hardware, with 1234567 rows in the table.",
    "Lake Tahoe, 2021-05-03 was the day we went there.",
])
def test_a_year_a_date_or_a_count_after_a_name_is_no_phone(text: str) -> None:
    assert found(text) == []
