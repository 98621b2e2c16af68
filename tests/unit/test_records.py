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
