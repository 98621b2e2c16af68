"""Attribute lists named by their sibling key, and base64 payloads compressed before encoding."""

from __future__ import annotations

import base64
import gzip
import json
import zlib

import pytest

from guardian.codecs import decode_request, encode_request
from guardian.records import HttpRequest


def _req(body: object) -> HttpRequest:
    return HttpRequest("POST", "https://collect.example/", (("Content-Type", "application/json"),), json.dumps(body).encode())


@pytest.mark.parametrize(
    ("body", "path", "name"),
    [
        ({"attributes": [{"key": "enduser.email", "value": {"stringValue": "a@b.example"}}]},
         "json:$.attributes[0].value.stringValue", "enduser.email"),  # OTLP KeyValue
        ({"traits": [{"trait_key": "phone", "trait_value": "+1 415 555 0100"}]}, "json:$.traits[0].trait_value", "phone"),
        ([{"name": "email", "value": "a@b.example"}], "json:$[0].value", "email"),  # a form's serializeArray
        ({"metadata": [{"key": "plan", "value": "pro"}]}, "json:$.metadata[0].value", "plan"),
        ({"contexts": [{"type": "user", "values": {"name": {"string": "Jane Doe"}}}]},
         "json:$.contexts[0].values.name.string", "name"),  # a typed wrapper: named by the key it sits under
        ({"Item": {"email": {"S": "a@b.example"}}}, "json:$.Item.email.S", "email"),  # DynamoDB's AttributeValue
        ({"patch": [{"op": "replace", "path": "/user/firstName", "value": "Jane"}]},
         "json:$.patch[0].value", "firstName"),  # JSON Patch (RFC 6902): a JSON Pointer's last token
        ({"operations": [{"type": "set", "path": "lastName", "value": "Doe"}]}, "json:$.operations[0].value", "lastName"),
        ({"data": {"name": {"type": "String", "value": "Jane Doe", "isCollection": False}}},
         "json:$.data.name.value", "name"),  # a wrapper whose type sibling says what it holds
        ({"attributes": [{"key": "page.url", "value": {"stringValue": "https://shop.example/a?sort=new"}}]},
         "json:$.attributes[0].value.stringValue|>url|>href:", "page.url"),  # a URL value, split by its query
    ],
)
def test_an_attribute_value_is_named_by_its_sibling(body: object, path: str, name: str) -> None:
    fields = {f.path: f for f in decode_request(_req(body)).fields}
    assert fields[path].name == name


@pytest.mark.parametrize("body", [{"value": 3}, {"name": "Red Shoes", "value": "29.99"}, {"key": "a b c", "value": "x"}])
def test_a_plain_value_keeps_its_own_name(body: object) -> None:
    fields = {f.path: f for f in decode_request(_req(body)).fields}
    assert fields["json:$.value"].name == "value"


@pytest.mark.parametrize("compress", [gzip.compress, zlib.compress])
def test_a_compressed_base64_payload_is_read_and_written_back_compressed(compress) -> None:  # type: ignore[no-untyped-def]
    inner = json.dumps([{"type": "identify", "payload": {"email": "ann@example.net", "plan": "pro"}}]).encode()
    request = _req({"variables": {"data": base64.b64encode(compress(inner)).decode(), "id": "1"}})
    payload = decode_request(request)
    email = next(f for f in payload.fields if f.name == "email")
    assert email.value == "ann@example.net" and "|>base64+" in email.path
    rewrite = encode_request(request, payload, {email.path: "***@example.net"})
    data = json.loads(rewrite.body)["variables"]["data"]
    raw = base64.b64decode(data)
    text = gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else zlib.decompress(raw)
    assert json.loads(text)[0]["payload"] == {"email": "***@example.net", "plan": "pro"}


def test_a_compressed_base64_bomb_is_left_as_it_is() -> None:
    bomb = base64.b64encode(gzip.compress(b'{"a":"' + b"x" * (3 * 1024 * 1024) + b'"}')).decode()
    fields = decode_request(_req({"data": bomb})).fields
    assert [f.path for f in fields] == ["json:$.data"]


def test_a_type_tag_beside_other_keys_is_no_wrapper() -> None:
    body = {"field": {"string": "Jane Doe", "label": "x"}, "list": [{"string": "Jane"}]}
    names = {f.path: f.name for f in decode_request(_req(body)).fields}
    assert names["json:$.field.string"] == "string" and names["json:$.list[0].string"] == "string"
