"""CSV and TSV bodies: data cells are fields named by their column's header, written back in place."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guardian.codecs import decode_request, encode_request
from guardian.codecs.csv_ import MAX_CELLS, CsvCodec, scan_csv
from guardian.errors import DecodeError
from guardian.records import HttpRequest

CONTACTS = 'name,email,phone\r\n"Doe, Jane",jane.doe@example.org,+44 20 7946 0958\r\nJohn Roe,"john ""jr"" roe@y.org",\r\n'


def _request(body: str | bytes, content_type: str = "text/csv; charset=utf-8") -> HttpRequest:
    data = body.encode() if isinstance(body, str) else body
    return HttpRequest("POST", "https://crm.example/import", (("Content-Type", content_type),), data)


def test_cells_are_fields_named_by_the_header_and_empty_cells_are_none() -> None:
    payload = decode_request(_request(CONTACTS))
    assert payload.body_codec == "csv"
    assert [(f.path, f.name, f.value) for f in payload.fields] == [
        ("csv:c0#h", "", "name"),  # a guessed header is read as values too
        ("csv:c1#h", "", "email"),
        ("csv:c2#h", "", "phone"),
        ("csv:c0#0", "name", "Doe, Jane"),
        ("csv:c1#0", "email", "jane.doe@example.org"),
        ("csv:c2#0", "phone", "+44 20 7946 0958"),
        ("csv:c0#1", "name", "John Roe"),
        ("csv:c1#1", "email", 'john "jr" roe@y.org'),
    ]


def test_an_edit_changes_only_its_cell_and_quotes_what_needs_quoting() -> None:
    request = _request(CONTACTS)
    payload = decode_request(request)
    assert encode_request(request, payload, {}).body == request.body
    out = encode_request(request, payload, {"csv:c1#0": "***@example.org", "csv:c0#1": 'A, "B"', "csv:c0#0": 'J "D"'}).body
    assert out == (
        b'name,email,phone\r\n"J ""D""",***@example.org,+44 20 7946 0958\r\n'
        b'"A, ""B""","john ""jr"" roe@y.org",\r\n'
    )
    assert [f.value for f in decode_request(_request(out)).fields][3:5] == ['J "D"', "***@example.org"]


def test_header_detection_delimiters_and_the_types_own_word() -> None:
    # no header: a first row with an address or a number is data
    assert [(f.path, f.name) for f in scan_csv_fields("jane@x.org,1\nbob@y.org,2")] == [
        ("csv:c0#0", ""), ("csv:c1#0", ""), ("csv:c0#1", ""), ("csv:c1#1", "")]
    # header=absent (RFC 7111) makes a label-like first row data; header=present the reverse
    assert scan_csv_fields("name,city\nAnn,Leeds", "text/csv; header=absent")[0].value == "name"
    assert [f.name for f in scan_csv_fields("id,12\n7,8", "text/csv; header=present")] == ["id", "12"]
    # a semicolon table (decimal-comma locales), a TSV, a BOM, a line break inside quotes, a CRLF-less end
    assert [(f.name, f.value) for f in scan_csv_fields("\ufeffname;amount\nAnn;3,50")][2:] == [("name", "Ann"), ("amount", "3,50")]
    assert [(f.name, f.value) for f in scan_csv_fields("a\tb\nx, y\tz", "text/tab-separated-values")][2:] == [("a", "x, y"), ("b", "z")]
    # a first row of names and towns is taken for a header, and still read
    assert [f.value for f in scan_csv_fields("Jane Doe,London\nJohn Roe,Paris")] == ["Jane Doe", "London", "John Roe", "Paris"]
    assert [f.value for f in scan_csv_fields('note\n"two\nlines"')] == ["note", "two\nlines"]
    # a lone record is data, and a declared charset is read and written back
    request = _request("Grüße von Jörg,Köln".encode("cp1252"), "text/csv; charset=windows-1252")
    payload = decode_request(request)
    assert [(f.path, f.value) for f in payload.fields] == [("csv:c0#0", "Grüße von Jörg"), ("csv:c1#0", "Köln")]
    assert encode_request(request, payload, {"csv:c0#0": "Grüße von [NAME]"}).body == "Grüße von [NAME],Köln".encode("cp1252")


def scan_csv_fields(text: str, content_type: str = "text/csv") -> list:  # type: ignore[type-arg]
    return [loc.field for loc in scan_csv(text, content_type)]


@pytest.mark.parametrize("bad", ['a,b\n"open,1', 'a,b\n"x"y,1', 'a,b\nx"y,1'])
def test_a_table_that_does_not_scan_is_refused_and_the_body_is_read_as_text(bad: str) -> None:
    with pytest.raises(DecodeError):
        scan_csv(bad)
    payload = decode_request(_request(bad + " jane@x.org"))
    assert payload.body_codec == "text" and payload.malformed and payload.fields[-1].path == "text:"


def test_a_table_larger_than_the_cell_bound_is_read_as_text() -> None:
    body = "a\n" + "1\n" * (MAX_CELLS + 1)
    with pytest.raises(DecodeError, match="cells"):
        CsvCodec().decode(body.encode(), "text/csv")
    assert decode_request(_request(body)).body_codec == "text"


_CELL = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=12)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(_CELL, min_size=2, max_size=2), min_size=1, max_size=5), st.sampled_from(["\r\n", "\n"]))
def test_any_table_written_by_pythons_csv_reads_back_and_rewrites_in_place(rows: list[list[str]], newline: str) -> None:
    if newline == "\n":  # Python's writer quotes only the characters of its own line terminator
        rows = [[value.replace("\r", "") for value in row] for row in rows]
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator=newline).writerows([["k1", "k2"], *rows])
    text = buffer.getvalue()
    located = scan_csv(text, "text/csv; header=present")
    # every non-empty cell of every row, in order (a one-cell row that csv writes as "" is quoted)
    expected = [value for row in rows for value in row if value.strip()]
    assert [loc.field.value for loc in located] == expected
    codec = CsvCodec()
    edits = {loc.field.path: f'x,"{i}"\n' for i, loc in enumerate(located)}
    out = codec.encode(text.encode(), "text/csv; header=present", edits).decode()
    assert [loc.field.value for loc in scan_csv(out, "text/csv; header=present")] == [edits[loc.field.path] for loc in located]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='ab ,;"\r\n\t@x.', max_size=60), st.sampled_from(["text/csv", "text/tab-separated-values"]))
def test_any_text_scans_or_raises_decode_error_and_a_same_value_edit_changes_nothing(text: str, content_type: str) -> None:
    codec = CsvCodec()
    try:
        fields = codec.decode(text.encode(), content_type)
    except DecodeError:
        return
    same = {f.path: f.value for f in fields}
    assert codec.encode(text.encode(), content_type, same) == text.encode()
