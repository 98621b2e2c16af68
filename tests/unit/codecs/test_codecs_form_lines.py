"""URL-encoded records one per line (codecs/form_lines.py)."""

from __future__ import annotations

import pytest

from guardian.codecs.form_lines import FormLinesCodec
from guardian.codecs.registry import pick

BODY = (b"eventType=page&title=Your%20account&visitorCode=usr_8f3k2m9qz4\n"
        b"eventType=customData&index=2&value=jane.doe%40example.org&visitorCode=usr_8f3k2m9qz4\r\n"
        b"\n"
        b"t=event&ec=video&ea=play+now\n")


def test_each_line_is_a_record_of_fields() -> None:
    fields = {f.path: f.value for f in FormLinesCodec().decode(BODY, "")}
    assert fields["formlines:0:title#0"] == "Your account"
    assert fields["formlines:1:value#0"] == "jane.doe@example.org"
    assert fields["formlines:3:ea#0"] == "play now"  # blank lines keep their number


def test_an_edit_rewrites_only_its_value_in_its_own_escaping() -> None:
    codec = FormLinesCodec()
    out = codec.encode(BODY, "", {"formlines:1:value#0": "x.y@example.net"})
    assert out == BODY.replace(b"jane.doe%40example.org", b"x.y%40example.net")
    assert codec.encode(BODY, "", {}) == BODY


@pytest.mark.parametrize(("mime", "body", "codec"), [
    ("*/*", BODY, "formlines"),
    ("text/plain", BODY, "formlines"),
    ("", BODY, "formlines"),
    ("text/plain", b"hello world\nsecond line\n", "text"),  # prose lines are text
    ("", b"a=1&b=2", "form"),  # one record is a form
    ("text/plain", b'{"a": 1}\n{"b": 2}\n', "ndjson"),
    # one line of many pairs as text/plain (Dynatrace's beacon); a sentence with one "=" stays text
    ("text/plain", b"vv=3&va=8.3&et=11&na=email&vl=jane%40example.org", "formlines"),
    ("text/plain", b"a=b is what I wrote", "text"),
    ("text/plain", b"a=1&b=2", "text"),
])
def test_it_is_found_by_its_shape(mime: str, body: bytes, codec: str) -> None:
    assert pick(mime, body).name == codec
