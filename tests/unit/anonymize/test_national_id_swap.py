"""National numbers swapped for valid ones of their own format: every row of the table, keyed and
stable, never the original, a safe fallback, and only where a validator reads the number."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator

import pytest

from guardian.anonymize.operators.identifier import IdentifierSwap, swap_identifiers
from guardian.anonymize.operators.national_id_swap import national_row, national_rows, swap_national_id
from guardian.categories import DataCategory
from guardian.detect.recognizers.national_id_formats import FORMATS
from guardian.detect.recognizers.national_ids import accepts
from guardian.records import Field, FieldKind, Finding, Payload

KEY = b"k" * 32
SITE = "forms.example"

# One valid number per row of the table, in the order of `FORMATS`, written as people write it.
EXAMPLES = (
    "1237 010180", "85.07.30-033.28", "8032056031", "710319/2745", "520101/000", "211062-5629", "36805280109",
    "54362315-K", "x-2482300w", "131052-308T", "2 95 10 99 126 111 93", "30 23 217 600 053", "732 829 320", "01013099997",
    "094259216", "33392005961", "6433435F", "6433435FT", "RCCMNL83S18D969H", "33309240064", "95162046610",
    "161175-19997", "1112.22.333", "44051401359", "526-000-12-46", "15672539 4 ZZ5", "123 456 789", "1630615123457",
    "880320-0016", "19880320-0016", "0101006500006", "36 574 261 809", "DE136695976", "943 476 5870", "1955839661",
    "04-1234567", "912-90-3456", "123-456-782", "BOXW310820HNERXN09", "GODE 561231 GR8", "123 456 782", "12345008",
    "51 824 753 556", "53312345C", "200812345G", "T08LL0001K", "2341 2341 2346", "ACUPA7085R", "6214 9832 0257",
    "5-8356-7825-6246", "971013-9019902", "360426199101010071", "390.533.447-05", "11.222.333/0001-81", "7503305044089", "17291716060",
    "4540536920", "039337423", "500100732259", "7707083893", "1759013776", "151086 95088", "756.9217.0769.85",
)


def _draws(seed: str) -> Iterator[int]:
    counter = 0
    while True:
        yield from hashlib.sha256(f"{seed}{counter}".encode()).digest()
        counter += 1


def _layout(value: str) -> str:
    """Separators as they are, every letter or digit "x" (a check character may be either: FI, CN)."""
    return re.sub(r"[0-9A-Za-z]", "x", value)


def test_every_row_has_an_example_it_accepts() -> None:
    assert len(EXAMPLES) == len(FORMATS)
    rows = national_rows()
    for row, example in zip(rows, EXAMPLES):
        assert accepts(row, example), (row.fmt.entity, example)


@pytest.mark.parametrize("index", range(len(FORMATS)), ids=lambda i: f"{FORMATS[i].entity}-{max(FORMATS[i].lengths)}")
def test_a_swapped_number_is_valid_for_the_same_module_written_alike_and_new(index: int) -> None:
    fmt, original = FORMATS[index], EXAMPLES[index]
    row = national_rows()[index]
    for seed in range(20):
        out = swap_national_id(original, _draws(f"{seed}"), fmt.entity)
        assert out is not None and out != original
        assert accepts(row, out), (fmt.entity, original, out)  # the same stdnum module's is_valid
        assert _layout(out) == _layout(original)  # length and separators
        assert out[0] == original[0]  # a sex/century digit, a kind letter, no leading zero
        assert sum(a != b for a, b in zip(out, original)) >= 3  # not the original with one digit moved


def test_fixed_parts_of_a_format_stay() -> None:
    for seed in range(20):
        ahv = swap_national_id("756.9217.0769.85", _draws(f"{seed}"))
        assert ahv is not None and ahv.startswith("756.")
        pan = swap_national_id("ACUPA7085R", _draws(f"{seed}"))
        assert pan is not None and pan[3] == "P"  # the holder's kind: a person
        cnp = swap_national_id("1630615123457", _draws(f"{seed}"))
        assert cnp is not None and cnp[0] == "1"  # sex and century


def test_keyed_and_stable_per_site_and_period() -> None:
    now = [1_000_000.0]
    swap = IdentifierSwap(KEY, rotation_s=3600, clock=lambda: now[0])
    a = swap.swap_national("1630615123457", SITE)
    assert a == swap.swap_national("1630615123457", SITE)
    assert a != swap.swap_national("1630615123457", "other.example")
    assert a != IdentifierSwap(b"x" * 32).swap_national("1630615123457", SITE)
    now[0] += 3600
    assert a != swap.swap_national("1630615123457", SITE)


@pytest.mark.parametrize("value", ["512-44-3019", "1630615123458", "hello", "", "0000000000000000000000"])
def test_a_number_no_row_accepts_is_not_swapped(value: str) -> None:
    """A US SSN (not in the table), a CNP with a wrong check digit, text: None, the caller's
    mask or tag stays."""
    assert swap_national_id(value, _draws("s")) is None
    assert IdentifierSwap(KEY).swap_national(value, SITE) is None


def _finding(path: str, start: int, end: int, entity: str = "RO_CNP", recognizer: str = "national_ids") -> Finding:
    return Finding(DataCategory.SSN, entity, path, start, end, 0.95, recognizer, quasi=False)


def test_a_form_field_holding_a_number_gets_a_valid_one_and_prose_stays_with_the_levels() -> None:
    prose = "Mein CNP ist 1630615123457, bitte prüfen."
    payload = Payload((Field("form:cnp#0", "cnp", "1630615123457"), Field("form:note#0", "note", prose)))
    findings = [_finding("form:cnp#0", 0, 13), _finding("form:note#0", 13, 26)]
    out = swap_identifiers(IdentifierSwap(KEY), payload, findings, SITE)
    swapped = out.edits["form:cnp#0"]
    assert swapped != "1630615123457" and national_row(swapped, "RO_CNP") is not None
    assert "form:note#0" not in out.edits and out.rest == (findings[1],)  # the levels mask it in prose


def test_a_json_number_stays_a_number_without_a_leading_zero() -> None:
    payload = Payload((Field("json:$.tax_id", "tax_id", "36574261809", FieldKind.NUMBER),))
    out = swap_identifiers(IdentifierSwap(KEY), payload, [_finding("json:$.tax_id", 0, 11, "DE_TAX_ID")], SITE)
    value = out.edits["json:$.tax_id"]
    assert value.isdigit() and value[0] != "0" and national_row(value, "DE_TAX_ID") is not None


def test_a_number_that_cannot_be_swapped_falls_back_to_the_levels() -> None:
    """Another recogniser's SSN (no row of the table) in a whole field: left to the levels."""
    payload = Payload((Field("form:ssn#0", "ssn", "512-44-3019"),))
    finding = _finding("form:ssn#0", 0, 11, "US_SSN", recognizer="ssn")
    out = swap_identifiers(IdentifierSwap(KEY), payload, [finding], SITE)
    assert out.edits == {} and out.rest == (finding,)
