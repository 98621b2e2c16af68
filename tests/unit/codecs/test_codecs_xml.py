"""XML bodies: element text, CDATA and attribute values are fields, written back in place."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guardian.codecs import decode_request, encode_request
from guardian.codecs.xml import MAX_DEPTH, scan_xml
from guardian.errors import DecodeError
from guardian.records import HttpRequest

SOAP = (
    '<?xml version="1.0" encoding="utf-8"?>\n<!-- a comment <Email>x@y.org</Email> -->\n'
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">\n'
    "  <soap:Body>\n    <Track>\n"
    "      <User id='u-1' email=\"jane.doe@example.org\"/>\n"
    "      <Email>jane.doe&#64;example.org</Email>\n"
    "      <Phone><![CDATA[+1 415 555 0199]]></Phone>\n"
    "      <Plan>pro &amp; more</Plan>\n"
    "    </Track>\n  </soap:Body>\n</soap:Envelope>\n"
)


def _request(body: str, content_type: str = "text/xml; charset=utf-8") -> HttpRequest:
    return HttpRequest("POST", "https://api.example/soap", (("Content-Type", content_type),), body.encode())


def test_text_cdata_and_attribute_values_are_fields_named_by_their_element_or_attribute() -> None:
    payload = decode_request(_request(SOAP))
    assert payload.body_codec == "xml"
    assert [(f.path, f.name, f.value) for f in payload.fields] == [
        ("xml:/soap:Envelope/soap:Body/Track/User@id#0", "User.id", "u-1"),
        ("xml:/soap:Envelope/soap:Body/Track/User@email#0", "User.email", "jane.doe@example.org"),
        ("xml:/soap:Envelope/soap:Body/Track/Email#0", "Email", "jane.doe@example.org"),
        ("xml:/soap:Envelope/soap:Body/Track/Phone#0", "Phone", "+1 415 555 0199"),
        ("xml:/soap:Envelope/soap:Body/Track/Plan#0", "Plan", "pro & more"),
    ]


def test_an_edit_changes_only_its_characters_escaped_for_where_it_sits() -> None:
    request = _request(SOAP)
    payload = decode_request(request)
    edits = {
        "xml:/soap:Envelope/soap:Body/Track/User@email#0": 'a"b@example.org',
        "xml:/soap:Envelope/soap:Body/Track/Email#0": "<x> & y",
        "xml:/soap:Envelope/soap:Body/Track/Phone#0": "[PHONE]",
    }
    body = encode_request(request, payload, edits).body.decode()
    assert body == (SOAP.replace('"jane.doe@example.org"', '"a&quot;b@example.org"')
                    .replace("jane.doe&#64;example.org", "&lt;x&gt; &amp; y")
                    .replace("+1 415 555 0199", "[PHONE]"))
    again = {f.path: f.value for f in decode_request(_request(body)).fields}
    assert all(again[path] == value for path, value in edits.items())
    assert again["xml:/soap:Envelope/soap:Body/Track/Plan#0"] == "pro & more"


@pytest.mark.parametrize("content_type", ["application/xml", "application/soap+xml", "application/atom+xml"])
def test_xml_types_are_xml_and_an_untyped_body_is_sniffed_by_its_declaration(content_type: str) -> None:
    assert decode_request(_request(SOAP, content_type)).body_codec == "xml"
    untyped = HttpRequest("POST", "https://api.example/soap", (), SOAP.encode())
    assert decode_request(untyped).body_codec == "xml"


@pytest.mark.parametrize("broken", [
    "<a><b>jane@example.org</a>",  # an end tag that closes another
    "<a>jane@example.org",  # left open
    "<a/><b/>",  # two roots
    "text <a/>",  # text outside the root
    "<a><b c=unquoted/></a>",
])
def test_a_document_that_does_not_scan_is_read_as_text_not_lost(broken: str) -> None:
    with pytest.raises(DecodeError):
        scan_xml(broken)
    payload = decode_request(_request(broken))
    assert payload.body_codec == "text" and payload.malformed and [f.path for f in payload.fields] == ["text:"]


def test_depth_is_bounded() -> None:
    with pytest.raises(DecodeError, match="deeper"):
        scan_xml("<a>" * (MAX_DEPTH + 1) + "</a>" * (MAX_DEPTH + 1))


_TEXTS = st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from("<>&\"' \n"), min_size=1, max_size=20)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(_TEXTS, _TEXTS), min_size=1, max_size=5), _TEXTS, st.data())
def test_any_values_round_trip_identical_without_edit_and_read_back_after_one(
    items: list[tuple[str, str]], new: str, data: st.DataObject
) -> None:
    from xml.sax.saxutils import escape, quoteattr

    body = "<?xml version='1.0'?><root>" + "".join(
        f"<item note={quoteattr(attr)}>{escape(text)}</item>" for attr, text in items
    ) + "</root>"
    request = _request(body, "application/xml")
    payload = decode_request(request)
    assert payload.body_codec == "xml"
    values = {f.path: f.value for f in payload.fields}
    assert [v for p, v in values.items() if p.startswith("xml:/root/item@note")] == [a for a, _ in items]
    assert encode_request(request, payload, {}).body == request.body
    path = data.draw(st.sampled_from(sorted(values)))
    out = encode_request(request, payload, {path: new}).body
    again = {f.path: f.value for f in decode_request(_request(out.decode(), "application/xml")).fields}
    assert again == {**values, path: new} or (not new.strip() and path.count("@") == 0)
