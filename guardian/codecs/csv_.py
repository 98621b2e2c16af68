"""CSV and TSV bodies (`text/csv`, `application/csv`, `text/tab-separated-values`), edited in place.

A contacts import, a CRM sync or a report upload sends a table; read as one opaque blob, a table
with an e-mail address in it could only be blocked. The cells are read as RFC 4180 writes them
(quoted cells, `""` for a quote inside one, line breaks inside quotes, CRLF or LF between
records) with their positions:

    name,email                       (the header: the field names; guessed, also csv:c0#h, csv:c1#h)
    Jane Doe,jane@x.org              csv:c0#0 = "Jane Doe" (name "name"),
                                     csv:c1#0 = "jane@x.org" (name "email")

A path is the column, then the data row (`#0` is the first row under the header). A cell's name
is its column's header, so the field-name hints read `email` or `phone` as they read a JSON key.
The first row is the header when the type says so (`header=present`, RFC 7111's parameter) or,
without it, when its cells are all labels (non-empty, no digits alone, no `@`, short) and rows
follow it. A guessed header's cells are also read as values (`csv:c0#h`): a first row of only
names and towns looks like labels too, and must not pass unread.
The delimiter is a tab for TSV; for CSV a comma, or a semicolon when the first record has more of
them (spreadsheets in locales with a decimal comma write those). Empty cells are not fields.

A write-back replaces only an edited cell's characters: inside quotes with `"` doubled, and an
unquoted cell whose new value holds the delimiter, a quote or a line break is quoted. A table that
does not scan (a quote left open, text after a closing quote) or holds more than `MAX_CELLS`
cells raises `DecodeError`, and the body is then read as text (codecs/__init__.py), not lost.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from guardian.codecs._mime import charset_of, decode_text, encode_text, parse_header
from guardian.codecs._splice import Located, splice
from guardian.codecs.base import BodyCodec
from guardian.errors import DecodeError
from guardian.records import Field

__all__ = ["CsvCodec", "scan_csv", "MAX_CELLS"]

MAX_CELLS = 100_000  # a larger table is read as text: one field, scanned as far as any text
MAX_LABEL_CHARS = 64  # a header cell is a column's name, not a value
_CSV_TYPES = frozenset({"text/csv", "application/csv", "text/x-csv", "application/x-csv"})
_TSV_TYPES = frozenset({"text/tab-separated-values", "text/tsv"})
_PREFIX = "csv:"
_NUMBER = re.compile(r"[+\-]?[0-9][0-9.,:/\- ]{0,40}")


def _cells(text: str, delimiter: str) -> list[list[tuple[int, int, str]]]:
    """Every record's cells as (start, end, value): the span of the raw characters between the
    quotes of a quoted cell, of the whole cell otherwise."""
    records: list[list[tuple[int, int, str]]] = []
    row: list[tuple[int, int, str]] = []
    cell_end = re.compile(f"[{re.escape(delimiter)}\r\n]")
    pos = 1 if text.startswith("\ufeff") else 0
    size = len(text)
    cells = 0
    while pos <= size:
        if text.startswith('"', pos):
            start = pos + 1
            end = start
            while True:
                close = text.find('"', end)
                if close < 0:
                    raise DecodeError(f"CSV quote opened at {pos} is never closed")
                if text.startswith('""', close):
                    end = close + 2
                    continue
                end = close
                break
            value = text[start:end].replace('""', '"')
            pos = end + 1
            if pos < size and text[pos] not in (delimiter, "\r", "\n"):
                raise DecodeError(f"CSV text after a closing quote at {pos}")
        else:
            start = pos
            stop = cell_end.search(text, pos)
            pos = size if stop is None else stop.start()
            end = pos
            value = text[start:end]
            if '"' in value:
                raise DecodeError(f"CSV quote inside an unquoted cell at {start + value.index(chr(34))}")
        row.append((start, end, value))
        cells += 1
        if cells > MAX_CELLS:
            raise DecodeError(f"CSV table of more than {MAX_CELLS} cells")
        if pos >= size:
            records.append(row)
            break
        if text[pos] == delimiter:
            pos += 1
            if pos == size:  # a trailing delimiter: one more, empty cell
                row.append((pos, pos, ""))
                records.append(row)
                break
            continue
        pos += 2 if text.startswith("\r\n", pos) else 1  # end of record
        records.append(row)
        row = []
        if pos == size:
            break
    return records


def _is_header(record: list[tuple[int, int, str]]) -> bool:
    """Whether a first record names columns: every cell a short label."""
    return len(record) >= 1 and all(
        value.strip() and len(value) <= MAX_LABEL_CHARS and "@" not in value and not _NUMBER.fullmatch(value.strip())
        for _, _, value in record
    )


def _delimiter(text: str, content_type: str) -> str:
    if parse_header(content_type)[0] in _TSV_TYPES:
        return "\t"
    newline = text.find("\n")
    first = text if newline < 0 else text[:newline]  # not split(): that copies the whole body
    return ";" if first.count(";") > first.count(",") else ","


def scan_csv(text: str, content_type: str = "text/csv") -> list[Located]:
    """Every non-empty data cell of a CSV or TSV table with the span of its raw characters, or
    `DecodeError` naming what does not scan."""
    params = parse_header(content_type)[1]
    records = _cells(text, _delimiter(text, content_type))
    said = params.get("header", "").strip().lower()
    # A lone record is data: a header over no rows would carry nothing, a row of data would be lost.
    guessed = len(records) > 1 and _is_header(records[0])
    header = records[0] if records and (said == "present" or (said != "absent" and guessed)) else None
    names = [value.strip() for _, _, value in header] if header is not None else []
    found: list[Located] = []
    if header is not None and said != "present":
        # A guessed header is read as values too: a first row of names and towns ("Jane Doe,London")
        # looks like labels, and taken for a header alone it would pass unread.
        for column, (start, end, value) in enumerate(header):
            found.append(Located(Field(f"{_PREFIX}c{column}#h", "", value), start, end))
    for row, record in enumerate(records[1:] if header is not None else records):
        for column, (start, end, value) in enumerate(record):
            if not value.strip():
                continue
            name = names[column] if column < len(names) else ""
            found.append(Located(Field(f"{_PREFIX}c{column}#{row}", name, value), start, end))
    return found


def _render(text: str, delimiter: str, loc: Located, value: str) -> str:
    """The raw characters for `value` where the cell at `loc` stood."""
    if value == loc.field.value:
        return text[loc.start : loc.end]
    quoted = text[loc.start - 1 : loc.start] == '"'
    if quoted:
        return value.replace('"', '""')
    if any(c in value for c in (delimiter, '"', "\r", "\n")):
        return '"' + value.replace('"', '""') + '"'
    return value


class CsvCodec(BodyCodec):
    name = "csv"

    def accepts(self, mime: str, body: bytes) -> bool:
        return mime in _CSV_TYPES or mime in _TSV_TYPES

    def decode(self, body: bytes, content_type: str) -> list[Field]:
        return [loc.field for loc in scan_csv(decode_text(body, charset_of(content_type)), content_type)]

    def encode(self, body: bytes, content_type: str, edits: Mapping[str, str]) -> bytes:
        if not edits:
            return body
        charset = charset_of(content_type)
        text = decode_text(body, charset)
        delimiter = _delimiter(text, content_type)
        located = scan_csv(text, content_type)
        return encode_text(splice(text, located, edits, lambda loc, value: _render(text, delimiter, loc, value)), charset)

