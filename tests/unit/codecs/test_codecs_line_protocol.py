"""InfluxDB line protocol points, one per line (codecs/line_protocol.py)."""

from __future__ import annotations

import pytest

from guardian.codecs.line_protocol import LineProtocolCodec
from guardian.codecs.registry import pick
from guardian.errors import DecodeError

BODY = (b'return_request,user_id=usr_8f3k2m9qz4,site=shop\\ example name="Jane Doe",email="jane.doe@example.org",'
        b'items=2i,refund=19.5 1733400000000\n'
        b"# a comment\n"
        b"\n"
        b'page_view,path=/returns count=1i,note="said \\"hi\\"" 1733400000001\n')


def test_tags_and_string_fields_are_the_fields() -> None:
    fields = {f.path: (f.name, f.value) for f in LineProtocolCodec().decode(BODY, "text/plain; charset=utf-8")}
    assert fields["lp:0:tag:user_id"] == ("user_id", "usr_8f3k2m9qz4")
    assert fields["lp:0:tag:site"] == ("site", "shop example")  # its escaped space read as a space
    assert fields["lp:0:field:email"] == ("email", "jane.doe@example.org")
    assert fields["lp:3:field:note"] == ("note", 'said "hi"')  # comment and blank lines keep their number
    assert fields["lp:0:measurement"][1] == "return_request"
    assert not any(p.endswith((":items", ":refund", ":count")) for p in fields)  # numbers are measured, kept


def test_an_edit_is_escaped_for_its_place_and_the_rest_is_kept() -> None:
    codec = LineProtocolCodec()
    out = codec.encode(BODY, "text/plain", {"lp:0:field:email": 'x"y@example.net', "lp:0:tag:user_id": "usr a,b=c"})
    assert out == BODY.replace(b"jane.doe@example.org", b'x\\"y@example.net').replace(
        b"usr_8f3k2m9qz4", b"usr\\ a\\,b\\=c")
    fields = {f.path: f.value for f in codec.decode(out, "text/plain")}
    assert fields["lp:0:field:email"] == 'x"y@example.net' and fields["lp:0:tag:user_id"] == "usr a,b=c"
    assert codec.encode(BODY, "text/plain", {}) == BODY


@pytest.mark.parametrize(("mime", "body", "codec"), [
    ("text/plain", BODY, "line_protocol"),
    ("application/x-influxdb-line-protocol", b"cpu,host=a usage=0.5", "line_protocol"),
    ("text/plain", b"hello world\nsecond line\n", "text"),  # prose is text
    ("text/plain", b"a=b is what I wrote", "text"),
    ("text/plain", b"score=5 points today", "text"),
    ("text/plain", b"cpu usage=0.5\nand then some prose", "text"),  # every line must be a point
    ("text/plain", b"eventType=page&title=x\nt=event&ec=video\n", "formlines"),
])
def test_it_is_found_by_its_grammar(mime: str, body: bytes, codec: str) -> None:
    assert pick(mime, body).name == codec


def test_a_line_that_is_no_point_is_an_error() -> None:
    with pytest.raises(DecodeError):
        LineProtocolCodec().decode(b'cpu usage="open quote\n', "text/plain")
