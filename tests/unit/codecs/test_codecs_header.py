"""Request headers that hold an e-mail address (`header:NAME#i`): read as fields, written back in place.

Only a header whose value holds an address (or a packed object, or whose name says it carries a
person's id) is a field, so what the detector sees of ordinary requests does not change; credentials, the Cookie header and where the request comes from are
never read.
"""

from __future__ import annotations

import pytest
from mitmproxy.test import tutils

from guardian.addon.enforce import apply_rewrite
from guardian.codecs import decode_request, encode_request
from guardian.codecs.header import MAX_HEADER_CHARS, MAX_HEADER_FIELDS, decode_headers, encode_headers
from guardian.errors import EncodeError
from guardian.records import HttpRequest

EMAIL = "jane.doe@example.org"


def _request(*headers: tuple[str, str]) -> HttpRequest:
    return HttpRequest("POST", "https://api.example/track", headers)


def test_a_header_holding_an_address_is_a_field_named_in_lower_case() -> None:
    request = _request(("X-User-Email", f"Jane Doe <{EMAIL}>"), ("From", EMAIL), ("X-Trace", "a@b"),
                       ("x-user-email", "second@example.com"))
    assert {f.path: (f.name, f.value) for f in decode_request(request).fields} == {
        "header:x-user-email#0": ("x-user-email", f"Jane Doe <{EMAIL}>"),
        "header:from#0": ("from", EMAIL),
        "header:x-user-email#1": ("x-user-email", "second@example.com"),
    }


@pytest.mark.parametrize("name", ["Authorization", "Proxy-Authorization", "Cookie", "Host", "Origin", "User-Agent", ":authority"])
def test_credentials_cookies_and_where_the_request_comes_from_are_not_read(name: str) -> None:
    assert not [f for f in decode_request(_request((name, f"x={EMAIL}"))).fields if f.path.startswith("header:")]


def test_a_referer_holding_an_address_is_read_as_a_url_and_only_the_address_rewritten() -> None:
    request = _request(("Referer", "https://shop.example/account?email=jane.doe%40example.org&tab=1"))
    payload = decode_request(request)
    assert {f.path: f.value for f in payload.fields} == {
        "header:referer#0|>url|>href:": "https://shop.example/account",
        "header:referer#0|>url|>query:email#0": EMAIL,
        "header:referer#0|>url|>query:tab#0": "1",
    }
    rewrite = encode_request(request, payload, {"header:referer#0|>url|>query:email#0": "[EMAIL]"})
    assert rewrite.headers == (("Referer", "https://shop.example/account?email=%5BEMAIL%5D&tab=1"),)
    assert decode_headers(_request(("Referer", "https://shop.example/account?tab=1"))) == []


def test_a_header_too_long_for_any_server_is_not_read_and_headers_read_are_bounded() -> None:
    assert decode_headers(_request(("X-Blob", EMAIL + "a" * MAX_HEADER_CHARS))) == []
    many = _request(*((f"X-A{i}", EMAIL) for i in range(10 * MAX_HEADER_FIELDS)))
    assert [f.name for f in decode_headers(many)] == [f"x-a{i}" for i in range(MAX_HEADER_FIELDS)]


def test_json_in_a_header_is_read_inside_and_written_back_in_it() -> None:
    request = _request(("X-Context", f'{{"email": "{EMAIL}", "plan": "pro"}}'))
    payload = decode_request(request)
    assert payload.by_path()["header:x-context#0|>json|>json:$.email"].value == EMAIL
    rewrite = encode_request(request, payload, {"header:x-context#0|>json|>json:$.email": "***@example.org"})
    assert rewrite.headers == (("X-Context", '{"email": "***@example.org", "plan": "pro"}'),)


def test_the_edit_sets_every_value_of_that_name_in_order_and_nothing_else() -> None:
    request = _request(("X-User-Email", EMAIL), ("Accept", "*/*"), ("x-user-email", "b@example.com"), ("From", EMAIL))
    rewrite = encode_request(request, decode_request(request), {"header:x-user-email#1": "***@example.com"})
    assert rewrite.headers == (("X-User-Email", EMAIL), ("x-user-email", "***@example.com"))
    assert rewrite.url == request.url and rewrite.body == request.body
    flow_request = tutils.treq(headers=((b"X-User-Email", EMAIL.encode()), (b"x-user-email", b"b@example.com"), (b"Accept", b"*/*")))
    apply_rewrite(flow_request, rewrite)
    assert flow_request.headers.get_all("x-user-email") == [EMAIL, "***@example.com"]
    assert flow_request.headers["accept"] == "*/*"


def test_a_new_value_that_would_split_the_header_is_refused() -> None:
    request = _request(("X-User-Email", EMAIL))
    with pytest.raises(EncodeError, match="control character"):
        encode_headers(request, {"header:x-user-email#0": "x\r\nSet-Cookie: a=b"})
    with pytest.raises(EncodeError, match="unknown field"):
        encode_headers(request, {"header:x-other#0": "x"})


def test_a_percent_encoded_value_is_read_decoded_and_written_in_its_own_escapes() -> None:
    request = _request(("baggage", "sentry-environment=prod,user=jane.doe%40example.org;p=1"))
    payload = decode_request(request)
    assert payload.by_path()["header:baggage#0"].value == "sentry-environment=prod,user=jane.doe@example.org;p=1"
    new = "sentry-environment=prod,user=***@example.org;p=1"
    assert encode_request(request, payload, {"header:baggage#0": new}).headers == (
        ("baggage", "sentry-environment=prod,user=***%40example.org;p=1"),)
    # A new value never adds a baggage member: its separators are escaped.
    odd = "sentry-environment=prod,user=a,b=c@example.org;p=1"
    assert encode_request(request, payload, {"header:baggage#0": odd}).headers == (
        ("baggage", "sentry-environment=prod,user=a%2Cb%3Dc%40example.org;p=1"),)


def test_a_base64_json_header_holding_an_address_is_opened_and_written_back_in_base64() -> None:
    import base64
    import json

    target = {"identifier": "usr_1", "name": "Jane Doe", "attributes": {"email": EMAIL, "phone": "+1 415 555 2671"}}
    packed = base64.b64encode(json.dumps(target).encode()).decode()
    request = _request(("Harness-Target", packed), ("X-Client-Data", "CJa2yQEIpLbJAQjBtskB"))
    payload = decode_request(request)
    paths = {f.path: f.value for f in payload.fields}
    email_path = next(p for p in paths if p.endswith("$.attributes.email"))
    assert paths[email_path] == EMAIL and email_path.startswith("header:harness-target#0|>base64|>json")
    assert not [p for p in paths if p.startswith("header:x-client-data")]  # base64, but no JSON object: not read
    rewrite = encode_request(request, payload, {email_path: "***@example.org"})
    (name, value), = rewrite.headers
    assert name == "Harness-Target" and json.loads(base64.b64decode(value))["attributes"]["email"] == "***@example.org"


def test_a_base64url_json_header_of_ids_is_opened_without_an_address() -> None:
    import base64
    import json

    user = {"identifiers": {"$id": "8c0d3f7e-1b2a-4c5d-9e8f-0a1b2c3d4e5f", "$userId": "usr_8f3k2m9qz4"}}
    packed = base64.urlsafe_b64encode(json.dumps(user).encode()).decode().rstrip("=")
    paths = {f.path: f.value for f in decode_request(_request(("X-Sdk-User", packed))).fields}
    assert paths['header:x-sdk-user#0|>base64|>json:$.identifiers["$userId"]'] == "usr_8f3k2m9qz4"


def test_an_unsecured_jwt_header_has_its_claims_opened_and_rewritten_unsigned() -> None:
    """RFC 7519 section 6: "alg": "none" and an empty signature, so a changed claim still reads; the
    header part and the empty signature stay as sent."""
    import base64
    import json

    def part(obj: object) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")

    head = part({"typ": "JWT", "alg": "none", "appId": "3f7c2a91"})
    token = f"{head}.{part({'iss': 'croct.io', 'sub': 'usr_8f3k2m9qz4'})}."
    request = _request(("X-Token", token))
    payload = decode_request(request)
    paths = {f.path: f.value for f in payload.fields}
    assert paths["header:x-token#0|>jwt|>json:$.sub"] == "usr_8f3k2m9qz4"
    rewrite = encode_request(request, payload, {"header:x-token#0|>jwt|>json:$.sub": "usr_2b7x4k1pq9"})
    (name, value), = rewrite.headers
    first, claims, signature = value.split(".")
    assert name == "X-Token" and first == head and signature == ""
    assert json.loads(base64.urlsafe_b64decode(claims + "==")) == {"iss": "croct.io", "sub": "usr_2b7x4k1pq9"}
    signed = f"{part({'alg': 'HS256'})}.{part({'sub': 'usr_8f3k2m9qz4'})}.c2lnbmF0dXJl"
    unsigned_but_claimed = f"{part({'alg': 'HS256'})}.{part({'sub': 'usr_8f3k2m9qz4'})}."
    for value in (signed, unsigned_but_claimed):  # signed, or a signed alg with its signature cut: not opened
        assert not [f for f in decode_request(_request(("X-Token", value))).fields if f.path.startswith("header:")]


@pytest.mark.parametrize("value", [
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqYW5lQGV4YW1wbGUub3JnIn0.c2lnbmF0dXJl",  # a JWT: a credential's shape, not read
    "eyJ!!notbase64!!",
])
def test_other_base64_looking_headers_are_not_read(value: str) -> None:
    assert not [f for f in decode_request(_request(("X-Thing", value))).fields if f.path.startswith("header:")]


def test_a_header_whose_name_says_it_carries_a_persons_id_is_a_field() -> None:
    request = _request(("X-Engagespot-User-Id", "usr_8f3k2m9qz4"), ("X-Anonymous-Id", "4f1c2b9e-aa01-4e6b-9a57-1c9f0e2d7b31"),
                       ("X-Request-Id", "r-8f3k2m9qz4"), ("X-Client-Id", "app-12345"), ("X-Api-Key", "es_pk_7c3e9a1f"),
                       ("X-User-Id", "not one token, a sentence"))
    assert [f.path for f in decode_headers(request)] == ["header:x-engagespot-user-id#0", "header:x-anonymous-id#0"]
    assert dict(encode_headers(request, {"header:x-engagespot-user-id#0": "usr_2b7x9c4ma1"})) == {
        "X-Engagespot-User-Id": "usr_2b7x9c4ma1"}
