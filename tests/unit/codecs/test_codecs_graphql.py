"""GraphQL codec: only variables are fields, batches, raw application/graphql."""

from __future__ import annotations

import json

import pytest

from guardian.codecs import decode_request, encode_request
from guardian.errors import EncodeError
from guardian.records import FieldKind, HttpRequest


def _req(body: bytes, content_type: str = "application/json") -> HttpRequest:
    return HttpRequest(
        "POST", "https://api.example.com/graphql", (("Content-Type", content_type),), body
    )


QUERY = "mutation Signup($email: String!) { signup(email: $email) { id } }"


def test_only_variables_are_fields() -> None:
    body = json.dumps(
        {
            "operationName": "Signup",
            "query": QUERY,
            "variables": {"email": "ann@example.com", "input": {"age": 41}},
        }
    ).encode()
    payload = decode_request(_req(body))
    assert payload.body_codec == "graphql"
    assert [(f.path, f.name, f.value, f.kind) for f in payload] == [
        ("graphql:$.variables.email", "email", "ann@example.com", FieldKind.STRING),
        ("graphql:$.variables.input.age", "age", "41", FieldKind.NUMBER),
    ]


def test_batched_operations_index_the_list() -> None:
    body = json.dumps(
        [
            {"query": QUERY, "variables": {"email": "a@x.org"}},
            {"query": "{ me { id } }"},
            {"query": QUERY, "variables": {"email": "b@x.org"}},
        ]
    ).encode()
    payload = decode_request(_req(body))
    assert [f.path for f in payload] == [
        "graphql:$[0].variables.email",
        "graphql:$[2].variables.email",
    ]


def test_variable_edit_keeps_query_bytes() -> None:
    body = json.dumps({"query": QUERY, "variables": {"email": "ann@example.com"}}).encode()
    request = _req(body)
    rewrite = encode_request(
        request, decode_request(request), {"graphql:$.variables.email": "user@example.invalid"}
    )
    assert rewrite.body == body.replace(b"ann@example.com", b"user@example.invalid")


def test_graphql_sent_as_text_plain_and_persisted_queries() -> None:
    text_plain = json.dumps({"query": QUERY, "variables": {"email": "a@b.c"}}).encode()
    assert decode_request(_req(text_plain, "text/plain")).body_codec == "graphql"
    apq = json.dumps(
        {"variables": {"q": "x"}, "extensions": {"persistedQuery": {"sha256Hash": "ab"}}}
    ).encode()
    assert [f.path for f in decode_request(_req(apq))] == ["graphql:$.variables.q"]


@pytest.mark.parametrize("body", [
    b'{"\\u0071uery": "{ me { id } }", "variables": {"email": "a@b.c"}}',  # the key escaped
    b'{"variables": {"email": "a@b.c"}, "extensions": {"persisted\\u0051uery": {"sha256Hash": "ab"}}}',
])
def test_an_operation_with_escaped_keys_is_still_graphql(body: bytes) -> None:
    # the byte check that spares most JSON bodies a parse must not miss these
    assert [f.path for f in decode_request(_req(body))] == ["graphql:$.variables.email"]


def test_json_without_query_is_plain_json() -> None:
    payload = decode_request(_req(b'{"variables": {"email": "a@b.c"}}'))
    assert payload.body_codec == "json"
    assert [f.path for f in payload] == ["json:$.variables.email"]


@pytest.mark.parametrize("query", ["winter boots", "queryString: boots", "fragments of glass", ""])
def test_a_search_query_is_no_graphql_document(query: str) -> None:
    # a search analytics body: every member is a field, the user's among them
    body = json.dumps({"user_id": "u_1", "query": query, "custom_events": {"email": "a@b.c"}}).encode()
    payload = decode_request(_req(body))
    assert payload.body_codec == "json"
    assert "json:$.custom_events.email" in [f.path for f in payload]


def test_a_hostile_query_of_comment_marks_is_read_in_linear_time() -> None:
    # "#" * n could be split into comments 2^n ways by a backtracking pattern; this must return at once
    body = json.dumps({"query": "#" * 5000 + "x", "email": "a@b.c"}).encode()
    assert decode_request(_req(body)).body_codec == "json"


@pytest.mark.parametrize("query", ["{ me { id } }", "  # a comment\n query Me { me { id } }", ",fragment F on U { id }",
                                   "subscription { ticks }"])
def test_a_document_after_ignored_tokens_is_graphql(query: str) -> None:
    assert decode_request(_req(json.dumps({"query": query}).encode())).body_codec == "graphql"


def test_raw_graphql_body_has_no_fields_and_is_not_opaque() -> None:
    request = _req(QUERY.encode(), "application/graphql")
    payload = decode_request(request)
    assert (payload.body_codec, payload.opaque, payload.fields) == ("graphql", False, ())
    with pytest.raises(EncodeError):
        encode_request(request, payload, {"graphql:$.variables.email": "x"})


def test_query_and_operation_name_are_not_writable() -> None:
    body = json.dumps({"query": QUERY, "operationName": "Signup", "variables": {}}).encode()
    request = _req(body)
    with pytest.raises(EncodeError, match="unknown field path"):
        encode_request(request, decode_request(request), {"graphql:$.query": "{ x }"})


INLINE = ('mutation { identify(email: "jane.doe@example.org", note: "say \\"hi\\" \\u00e9", input: {phone: "+1 415 555 0199"})'
          ' { ok } } # "a comment"\nquery Q { x(d: """block \\""" text""") }')


def test_a_querys_string_literals_are_fields_named_by_their_argument() -> None:
    body = json.dumps({"query": INLINE, "variables": {"plan": "pro"}}).encode()
    payload = decode_request(_req(body))
    assert [(f.path, f.name, f.value) for f in payload] == [
        ("graphql:$.query{str:0}", "email", "jane.doe@example.org"),
        ("graphql:$.query{str:1}", "note", 'say "hi" é'),
        ("graphql:$.query{str:2}", "phone", "+1 415 555 0199"),
        ("graphql:$.query{str:3}", "d", 'block """ text'),
        ("graphql:$.variables.plan", "plan", "pro"),
    ]


def test_a_literal_is_rewritten_in_place_escaped_and_the_rest_of_the_body_kept() -> None:
    body = json.dumps({"query": INLINE, "variables": {"plan": "pro"}}, indent=1).encode()
    request = _req(body)
    payload = decode_request(request)
    edits = {"graphql:$.query{str:0}": "***@example.org", "graphql:$.query{str:1}": 'a "b" \\ c\n',
             "graphql:$.query{str:3}": 'x """ y', "graphql:$.variables.plan": "free"}
    out = encode_request(request, payload, edits).body
    assert out.startswith(body[: body.index(b"say")].replace(b"jane.doe@example.org", b"***@example.org"))
    query = json.loads(out)["query"]
    assert query.startswith('mutation { identify(email: "***@example.org", note: "a \\"b\\" \\\\ c\\u000a", input: {phone: ')
    assert query.endswith('query Q { x(d: """x \\""" y""") }')
    again = {f.path: f.value for f in decode_request(_req(out))}
    assert again == {**{f.path: f.value for f in payload}, **edits}


def test_a_raw_document_is_read_by_its_literals_and_a_broken_one_up_to_the_fault() -> None:
    request = _req(b'{ user(email: "a@x.org") { id } }', "application/graphql")
    payload = decode_request(request)
    assert [(f.path, f.name, f.value) for f in payload] == [("graphql:{str:0}", "email", "a@x.org")]
    assert encode_request(request, payload, {"graphql:{str:0}": "b@x.org"}).body == b'{ user(email: "b@x.org") { id } }'
    broken = decode_request(_req(b'{ a(x: "one") b(y: "unterminated\n) }', "application/graphql"))
    assert [f.value for f in broken] == ["one"]
    with pytest.raises(EncodeError, match="no string literal"):
        encode_request(request, payload, {"graphql:{str:5}": "x"})
