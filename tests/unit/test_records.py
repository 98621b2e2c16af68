"""The records the stages hand each other (guardian/records.py)."""

from __future__ import annotations

import dataclasses

from guardian.records import Field, HttpRequest, Payload


def test_a_payload_with_other_fields_keeps_everything_else() -> None:
    payload = Payload((Field("json:$.a", "a", "1"),), "json", "gzip", None, 12, "bad", "zstd")
    fields = (Field("json:$.b", "b", "2"),)
    copy = payload.with_fields(fields)
    assert copy == dataclasses.replace(payload, fields=fields)
    assert type(copy) is Payload and copy.opaque is False
    assert payload.fields[0].path == "json:$.a"  # the original is untouched


def test_a_header_is_found_whatever_its_case_and_the_first_value_wins() -> None:
    request = HttpRequest("GET", "https://a.example/", (("Content-Type", "a"), ("content-type", "b")))
    assert request.header("CONTENT-TYPE") == "a"
    assert request.header("accept", "x") == "x"
    assert request.header_all("content-type") == ["a", "b"]


def test_a_request_splits_its_url_once_and_crosses_processes_with_its_four_fields() -> None:
    import pickle

    request = HttpRequest("POST", "https://API.Example:8443/v1/chat/completions?x=1#f", (("A", "b"),), b"{}")
    assert (request.host, request.url_path) == ("api.example", "/v1/chat/completions")
    assert {"host", "url_path", "_first_values"} - set(request.__dict__) == {"_first_values"}
    request.header("a")
    got = pickle.loads(pickle.dumps(request, protocol=5))
    assert got == request and set(got.__dict__) == {"method", "url", "headers", "body"}  # no cached property crosses
    assert got.host == "api.example"
