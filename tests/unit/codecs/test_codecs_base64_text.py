"""base64(url) text in query and form values, JSON strings and path segments: decoded only when
it is clearly text, rewritten in the alphabet and padding it came in; ids and digests stay as they are."""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
import uuid
from urllib.parse import parse_qsl, quote, unquote, urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guardian.codecs import decode_request, encode_request
from guardian.codecs.base64_ import looks_like_text, open_base64
from guardian.codecs.nested import split_nested
from guardian.records import HttpRequest

FORM = (("Content-Type", "application/x-www-form-urlencoded"),)
JSON = (("Content-Type", "application/json"),)
WORDS = ["jane", "doe", "plan", "pro", "user", "hello", "world", "Zürich", "order", "paid", "the", "cat"]
SEPARATORS = [" ", ";", "=", "&", ", ", "|"]


@st.composite
def texts(draw: st.DrawFn) -> str:
    """Strings a form or a person writes: words, an e-mail, separators."""
    parts = draw(st.lists(st.sampled_from(WORDS) | st.just("jane.doe@example.org"), min_size=3, max_size=12))
    seps = draw(st.lists(st.sampled_from(SEPARATORS), min_size=len(parts), max_size=len(parts)))
    text = "".join(p + s for p, s in zip(parts, seps)).strip()
    return text if len(text) >= 12 else text + " hello world"  # 12 bytes: the shortest payload


def encode(text: str, *, url: bool, pad: bool) -> str:
    raw = text.encode()
    out = (base64.urlsafe_b64encode(raw) if url else base64.b64encode(raw)).decode()
    return out if pad else out.rstrip("=")


def _places(value: str) -> list[HttpRequest]:
    """The same value in a query, a form, a JSON string and a path segment."""
    return [
        HttpRequest("GET", f"https://sync.example/p?id=7&uid={quote(value, safe='')}&x=1"),
        HttpRequest("POST", "https://sync.example/p", FORM, f"a=1&data={quote(value, safe='')}".encode()),
        HttpRequest("POST", "https://sync.example/p", JSON, json.dumps({"n": 1, "blob": value}).encode()),
        HttpRequest("GET", f"https://sync.example/u/{quote(value, safe='')}/pixel.gif?a=1"),
    ]


def _text_fields(request: HttpRequest) -> list[tuple[str, str]]:
    return [(f.path, f.value) for f in decode_request(request).fields if f.path.endswith("|>text:")]


def _outer_values(request: HttpRequest) -> list[str]:
    """The raw base64 values as sent, wherever they sit, for checking the alphabet and padding."""
    if request.body.startswith(b"{"):
        return [json.loads(request.body)["blob"]]
    if request.body:
        return [dict(parse_qsl(request.body.decode()))["data"]]
    parts = urlsplit(request.url)
    if "uid=" in parts.query:
        return [dict(parse_qsl(parts.query))["uid"]]
    return [unquote(parts.path.split("/")[2])]


@settings(max_examples=80, deadline=None)
@given(texts(), texts(), st.booleans(), st.booleans(), st.integers(0, 3))
def test_base64_text_round_trips_and_rewrites_in_its_encoding(text: str, new: str, url: bool, pad: bool, where: int) -> None:
    value = encode(text, url=url, pad=pad)
    request = _places(value)[where]
    payload = decode_request(request)
    found = _text_fields(request)
    assert [v for _, v in found] == [text]
    rewrite = encode_request(request, payload, {})
    assert (rewrite.url, rewrite.body) == (request.url, request.body)  # no edit: byte-identical
    path = found[0][0]
    rewrite = encode_request(request, payload, {path: new})
    again = HttpRequest(request.method, rewrite.url, request.headers, rewrite.body)
    assert [v for _, v in _text_fields(again)] == [new]
    (sent,) = _outer_values(again)
    assert open_base64(sent) is not None and base64.b64decode(sent.translate(str.maketrans("-_", "+/")) + "=" * (-len(sent) % 4)).decode() == new
    padded = value.endswith("=") or len(value) % 4 == 0
    assert (len(sent) % 4 == 0) if padded else ("=" not in sent)  # padded as it came ...
    if not url:
        assert "-" not in sent and "_" not in sent  # ... and in the same alphabet
    elif "-" in value or "_" in value:
        assert "+" not in sent and "/" not in sent
    others = {f.path: f.value for f in decode_request(again).fields if f.path != path}
    assert others == {f.path: f.value for f in payload.fields if f.path != path}  # the rest unchanged


def test_a_rewrite_with_same_length_text_keeps_the_length_class() -> None:
    value = encode("user=jane@x.com;plan=pro", url=True, pad=False)
    request = HttpRequest("GET", f"https://s.example/?u={value}")
    payload = decode_request(request)
    (field,) = payload.fields
    assert split_nested(field.path) == ("query:u#0", "base64", "text:")  # alnum only: read as base64
    url = encode_request(request, payload, {field.path: "user=XXXX@x.com;plan=pro"}).url
    sent = url.split("u=", 1)[1]
    assert len(sent) == len(value) and "=" not in sent


def test_a_sentence_and_a_settings_string_are_text() -> None:
    for text in ("Please call me back at home, I am Jane Doe.", "user=jane@x.com;plan=pro", "Grüße aus Zürich, Jane"):
        assert looks_like_text(text)
        assert _text_fields(HttpRequest("GET", f"https://s.example/?t={encode(text, url=False, pad=True)}")) != []
    for text in ("12345678901234567890", "a=1;b=2;c=3;d=4", "\x00\x01binary\x02"):
        assert not looks_like_text(text)


def _random_ids(rng: random.Random) -> list[str]:
    ids: list[str] = []
    for _ in range(400):
        raw = rng.randbytes(rng.choice([12, 16, 20, 24, 32, 48]))
        ids += [base64.b64encode(raw).decode(), base64.urlsafe_b64encode(raw).decode().rstrip("=")]
        ids.append(hashlib.md5(raw).hexdigest())
        ids.append(hashlib.sha1(raw).hexdigest().upper())
        ids.append(hashlib.sha256(raw).hexdigest())
        ids.append(base64.b64encode(hashlib.sha256(raw).digest()).decode())
        ids.append(str(uuid.UUID(bytes=raw[:16].ljust(16, b'\0'))))
        ids.append("".join(rng.choice(string.ascii_letters + string.digits) for _ in range(22)))
        ids.append("".join(rng.choice(string.ascii_letters + string.digits + "-_") for _ in range(32)))
    return ids


def test_random_ids_digests_and_uuids_are_never_decoded_as_text() -> None:
    rng = random.Random(16)
    for value in _random_ids(rng):
        request = HttpRequest("GET", f"https://ids.example/c?v={quote(value, safe='')}")
        fields = decode_request(request).fields
        assert [(f.path, f.value) for f in fields] == [("query:v#0", value)], value


@pytest.mark.parametrize(
    "value",
    [
        "dXNlcj1qYW5lQHguY29tO3BsYW49cHJv" + "A",  # one character too many: length 4n+1
        "dXNlcj1qYW5l*QHguY29tO3BsYW49cHJv",  # a character outside both alphabets
        "dXNlcj1qYW5l-QHguY29t+O3BsYW49cHJv",  # both alphabets at once
        "====================",
        "deadbeef" * 8,  # digest-looking, not a hash of anything
        "DEADBEEFdeadbeef" * 4,
        "0" * 64,
        "YWJj" * 1 + "=" + "YWJj",  # padding in the middle
    ],
)
def test_invalid_base64_and_digest_lookalikes_stay_plain(value: str) -> None:
    request = HttpRequest("POST", "https://x.example/", FORM, f"v={quote(value, safe='')}".encode())
    payload = decode_request(request)
    assert [(f.path, f.value) for f in payload.fields] == [("form:v#0", value)]


def test_base64_text_holding_a_url_is_read_down_to_its_query() -> None:
    inner = "https://shop.example/p?email=jane.doe%40example.org&ref=mail"
    value = encode(inner, url=True, pad=False)
    request = HttpRequest("GET", f"https://ads.example/click?r={value}")
    payload = decode_request(request)
    (email,) = [f.path for f in payload.fields if f.name == "email"]
    assert email.endswith("|>text:|>url|>query:email#0") and payload.by_path()[email].value == "jane.doe@example.org"
    url = encode_request(request, payload, {email: "[EMAIL]"}).url
    sent = unquote(url.split("r=", 1)[1])
    decoded = base64.b64decode(sent + "=" * (-len(sent) % 4)).decode()  # no "-_" in it: read as base64
    assert decoded == "https://shop.example/p?email=%5BEMAIL%5D&ref=mail"


@pytest.mark.parametrize("content_type", ["text/plain", "application/octet-stream", None, "application/json"])
@pytest.mark.parametrize("pad", [True, False])
def test_a_body_that_is_one_base64_token_of_json_is_read_inside_and_written_in_its_encoding(
    content_type: str | None, pad: bool
) -> None:
    batch = json.dumps({"events": [{"email": "jane.doe@example.org", "n": 1}], "ts": "x" * 2000}).encode()
    body = base64.b64encode(batch)
    body = body if pad else body.rstrip(b"=")
    request = HttpRequest("POST", "https://sdk.example/b", (("Content-Type", content_type),) if content_type else (), body)
    payload = decode_request(request)
    assert payload.body_codec == "text" and not payload.opaque
    path = "text:|>base64|>json:$.events[0].email"
    assert payload.by_path()[path].value == "jane.doe@example.org"
    sent = encode_request(request, payload, {path: "***@example.org"}).body
    assert sent.endswith(b"=") == body.endswith(b"=")  # padded as it came
    assert json.loads(base64.b64decode(sent + b"=" * (-len(sent) % 4)))["events"][0]["email"] == "***@example.org"


@pytest.mark.parametrize("body", [
    base64.b64encode(bytes(range(32))),  # binary inside: stays opaque
    b"dGhpcyBpcyBub3QgYmFzZTY0 but words",  # not one token
    b"a=1&b=2",
])
def test_bodies_that_are_not_one_base64_token_of_text_are_read_as_before(body: bytes) -> None:
    octet = decode_request(HttpRequest("POST", "https://sdk.example/b", (("Content-Type", "application/octet-stream"),), body))
    assert octet.opaque
