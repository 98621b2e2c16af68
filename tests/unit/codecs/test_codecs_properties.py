"""Property tests: no-edit round trips are exact, and arbitrary rewrites keep each format valid."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guardian.codecs import decode_request, encode_request
from guardian.codecs._email import is_value_key
from guardian.codecs.json_ import KEY_SUFFIX, distinct_keys
from guardian.records import FieldKind, HttpRequest

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# Keys that are values (a map counting by address, number or name) are fields of their own.
value_keys = st.sampled_from(["Ann Lee", "jane@example.org", "+44 20 7946 0958", "A A"])
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=6) | value_keys, inner, max_size=4),
    max_leaves=25,
)
dump_styles = st.sampled_from(
    [
        {},
        {"indent": 2},
        {"separators": (",", ":")},
        {"ensure_ascii": False},
        {"indent": "\t", "ensure_ascii": False},
    ]
)


def _json_leaves(
    value: Any, path: str = "$"
) -> list[tuple[str, Any, list[Any] | dict[str, Any] | None, Any]]:
    """Reference walk of a parsed document: (path, leaf, container, key) per string and number,
    and per member key that is itself a value (an e-mail, a phone number, a name), whose entry has
    the key wrapped in a 1-tuple as its `key`."""
    out: list[tuple[str, Any, Any, Any]] = []

    def walk(node: Any, path: str, container: Any, key: Any) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                segment = (
                    f".{k}" if IDENT.fullmatch(k) else f"[{json.dumps(k, ensure_ascii=False)}]"
                )
                if is_value_key(k):
                    out.append((path + segment + KEY_SUFFIX, k, node, (k,)))
                walk(v, path + segment, node, k)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{path}[{i}]", node, i)
        elif isinstance(node, str) or (
            isinstance(node, (int, float)) and not isinstance(node, bool)
        ):
            out.append((path, node, container, key))

    walk(value, path, None, None)
    return out


def _json_request(body: bytes) -> HttpRequest:
    return HttpRequest(
        "POST", "https://api.example/", (("Content-Type", "application/json"),), body
    )


@SETTINGS
@given(json_values, dump_styles)
def test_json_fields_match_a_reference_walk_and_no_edit_is_identity(
    value: Any, style: dict[str, Any]
) -> None:
    body = json.dumps(value, **style).encode()
    request = _json_request(body)
    payload = decode_request(request)
    leaves = _json_leaves(json.loads(body))
    assert [f.path for f in payload] == [f"json:{path}" for path, *_ in leaves]
    for field, (_, leaf, _, _) in zip(payload, leaves):
        if field.kind is FieldKind.NUMBER:
            assert json.loads(field.value) == leaf and not isinstance(leaf, str)
        else:
            assert field.value == leaf
    assert encode_request(request, payload, {}).body == body


@SETTINGS
@given(json_values, dump_styles, st.data())
def test_json_rewrite_reparses_with_edits_in_place(
    value: Any, style: dict[str, Any], data: st.DataObject
) -> None:
    body = json.dumps(value, **style).encode()
    request = _json_request(body)
    payload = decode_request(request)
    chosen = data.draw(
        st.lists(st.sampled_from(payload.fields), unique=True) if payload.fields else st.just([])
    )
    edits = {f.path: data.draw(st.text() | st.from_regex(NUMBER, fullmatch=True)) for f in chosen}
    expected = json.loads(body)
    renames: list[tuple[dict[str, Any], str, str]] = []
    for path, _, container, key in _json_leaves(expected):
        new = edits.get(f"json:{path}")
        if new is not None and isinstance(key, tuple):
            new = distinct_keys(edits)[f"json:{path}"]  # two keys renamed alike stay two members
            renames.append((container, key[0], new))  # after the values: they are found by key
        elif new is not None:
            numeric = payload.by_path()[
                f"json:{path}"
            ].kind is FieldKind.NUMBER and NUMBER.fullmatch(new)
            if container is None:
                expected = json.loads(new) if numeric else new
            else:
                container[key] = json.loads(new) if numeric else new
    for container, old, new in renames:
        members = list(container.items())
        container.clear()
        for k, v in members:  # a renamed key that meets another keeps the later value, as JSON does
            container[new if k == old else k] = v
    rewritten = encode_request(request, payload, edits).body
    assert json.loads(rewritten) == expected


form_pairs = st.lists(st.tuples(st.text(max_size=8), st.text(max_size=12)), max_size=6)
quoting = st.sampled_from([{}, {"quote_via": quote}])


def _form_request(body: bytes) -> HttpRequest:
    return HttpRequest(
        "POST", "https://f.example/", (("Content-Type", "application/x-www-form-urlencoded"),), body
    )


@SETTINGS
@given(form_pairs, quoting, st.data())
def test_form_round_trip_and_rewrite(
    pairs: list[tuple[str, str]], style: dict[str, Any], data: st.DataObject
) -> None:
    body = urlencode(pairs, **style).encode()
    request = _form_request(body)
    payload = decode_request(request)
    assert [(f.name, f.value) for f in payload] == pairs
    assert encode_request(request, payload, {}).body == body
    indexes = data.draw(st.sets(st.sampled_from(range(len(pairs)))) if pairs else st.just(set()))
    new_values = {i: data.draw(st.text(max_size=12)) for i in indexes}
    edits = {payload.fields[i].path: v for i, v in new_values.items()}
    rewritten = encode_request(request, payload, edits).body.decode("ascii")
    expected = [(k, new_values.get(i, v)) for i, (k, v) in enumerate(pairs)]
    assert parse_qsl(rewritten, keep_blank_values=True) == expected
    untouched = [p for i, p in enumerate(body.decode().split("&")) if i not in indexes]
    assert [p for i, p in enumerate(rewritten.split("&")) if i not in indexes] == untouched


@SETTINGS
@given(form_pairs, st.sampled_from(["", "#frag", "#a?b=c"]), st.data())
def test_query_round_trip_and_rewrite(
    pairs: list[tuple[str, str]], fragment: str, data: st.DataObject
) -> None:
    base = "https://t.example/pixel.gif"
    url = f"{base}?{urlencode(pairs)}{fragment}"
    request = HttpRequest("GET", url)
    payload = decode_request(request)
    assert [(f.path.startswith("query:"), f.name, f.value) for f in payload] == [
        (True, k, v) for k, v in pairs
    ]
    assert encode_request(request, payload, {}).url == url
    indexes = data.draw(st.sets(st.sampled_from(range(len(pairs)))) if pairs else st.just(set()))
    new_values = {i: data.draw(st.text(max_size=12)) for i in indexes}
    new_url = encode_request(
        request, payload, {payload.fields[i].path: v for i, v in new_values.items()}
    ).url
    assert new_url.startswith(base + "?") and new_url.endswith(fragment)
    expected = [(k, new_values.get(i, v)) for i, (k, v) in enumerate(pairs)]
    assert parse_qsl(urlsplit(new_url).query, keep_blank_values=True) == expected


BOUNDARY = "----hypoBoundary7MA4YWxkTrZu0gW"
part_names = st.text(
    st.characters(blacklist_characters='"\\\r\n', blacklist_categories=("Cs",)),
    min_size=1,
    max_size=8,
)
text_parts = st.lists(st.tuples(part_names, st.text(max_size=20)), max_size=5)


def _multipart(parts: list[tuple[str, str]], file_bytes: bytes) -> bytes:
    chunks = [b"preamble\r\n"]
    for name, value in parts:
        chunks.append(
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode()
            + value.encode()
            + b"\r\n"
        )
    chunks.append(
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="a.bin"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n".encode() + file_bytes + b"\r\n"
    )
    chunks.append(f"--{BOUNDARY}--\r\nepilogue".encode())
    return b"".join(chunks)


def _reference_parts(body: bytes) -> list[tuple[bytes, bytes]]:
    """(headers, content) of each part, by plain splitting (no value contains the delimiter)."""
    segments = body.split(f"--{BOUNDARY}".encode())
    assert segments[-1] == b"--\r\nepilogue"
    parts = []
    for segment in segments[1:-1]:
        assert segment.startswith(b"\r\n") and segment.endswith(b"\r\n")
        head, _, content = segment[2:-2].partition(b"\r\n\r\n")
        parts.append((head, content))
    return parts


@SETTINGS
@given(text_parts, st.binary(max_size=64), st.data())
def test_multipart_round_trip_and_rewrite(
    parts: list[tuple[str, str]], file_bytes: bytes, data: st.DataObject
) -> None:
    body = _multipart(parts, file_bytes)
    request = HttpRequest(
        "POST",
        "https://u.example/",
        (("Content-Type", f"multipart/form-data; boundary={BOUNDARY}"),),
        body,
    )
    payload = decode_request(request)
    assert [(f.name, f.value) for f in payload] == parts
    assert encode_request(request, payload, {}).body == body
    indexes = data.draw(st.sets(st.sampled_from(range(len(parts)))) if parts else st.just(set()))
    new_values = {i: data.draw(st.text(max_size=20)) for i in indexes}
    rewritten = encode_request(
        request, payload, {payload.fields[i].path: v for i, v in new_values.items()}
    ).body
    before, after = _reference_parts(body), _reference_parts(rewritten)
    assert [head for head, _ in after] == [head for head, _ in before]
    assert after[-1][1] == file_bytes
    assert [content.decode() for _, content in after[:-1]] == [
        new_values.get(i, v) for i, (_, v) in enumerate(parts)
    ]


CONTENT_TYPES = [
    "application/json",
    "text/plain",
    "application/x-www-form-urlencoded",
    f"multipart/form-data; boundary={BOUNDARY}",
    "application/graphql",
    "application/x-unknown",
    "text/plain; charset=utf-16",
    "text/plain; charset=idna",  # a codec that refuses the surrogateescape handler
    "application/x-www-form-urlencoded; charset=utf-7",
    "",
]


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(CONTENT_TYPES),
    st.sampled_from(["", "gzip", "deflate", "br", "zstd", "gzip, br"]),
    st.one_of(
        st.binary(max_size=200),
        st.builds(lambda v: json.dumps(v).encode()[:-1], json_values),  # truncated JSON
        st.builds(
            lambda p, b: _multipart(p, b)[: len(_multipart(p, b)) // 2],
            text_parts,
            st.binary(max_size=16),
        ),
    ),
)
def test_decode_request_never_raises(content_type: str, encoding: str, body: bytes) -> None:
    headers = tuple(
        (k, v) for k, v in (("Content-Type", content_type), ("Content-Encoding", encoding)) if v
    )
    payload = decode_request(HttpRequest("POST", "https://z.example/?a=1", headers, body))
    assert payload.opaque == (payload.body_codec == "opaque")
    assert payload.fields[0].path == "query:a#0"
