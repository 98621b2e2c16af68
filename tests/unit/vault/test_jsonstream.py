"""JSON answers restored token by token: whole answers stay valid JSON as sent (arguments
included), and Gemini's streamed array / NDJSON streams are restored object by object."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guardian.vault.jsonstream import JsonStreamRestorer, restore_json_answer
from guardian.vault.jsontext import restore_json, string_values
from guardian.vault.memory import Conversation, Vault

NAME, MAIL = 'Jane "JD" Doe', "jane@corp.org"
SLASHED = "C:\\Users\\jane"


def _conversation() -> Conversation:
    conv = Vault().conversation("k")
    assert conv.pseudonym(NAME, "PERSON", "tags")[0] == "[PERSON_1]"
    assert conv.pseudonym(MAIL, "EMAIL", "tags")[0] == "[EMAIL_1]"
    assert conv.pseudonym(SLASHED, "PATH", "tags")[0] == "[PATH_1]"
    return conv


def test_string_values_have_their_paths() -> None:
    text = '{"a": [ "x", {"b\\"c": "y", "n": 1, "d": ["z"]}], "e": {}, "f": "w"}'
    found = {path: json.loads(text[s:e]) for path, s, e in string_values(text)}
    assert found == {("a", 0): "x", ("a", 1, 'b"c'): "y", ("a", 1, "d", 0): "z", ("f",): "w"}


def test_a_whole_chat_completion_keeps_its_bytes_and_its_arguments_parse() -> None:
    args = json.dumps({"name": "[PERSON_1]", "path": "[PATH_1]", "mail": "[EMAIL_1]"})
    body = (
        '{\n  "id": "chatcmpl-1",\n  "choices": [ {"index": 0, "message": {"role": "assistant", "content": "Hi [PERSON_1] \\u00e9",'
        ' "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "send", "arguments": ' + json.dumps(args) + "}}]},"
        ' "finish_reason": "tool_calls"} ],\n  "usage": {"total_tokens": 3}\n}'
    )
    out, n = restore_json_answer(body, _conversation())
    assert n == 4
    doc = json.loads(out)
    message = doc["choices"][0]["message"]
    assert message["content"] == f"Hi {NAME} é"
    assert json.loads(message["tool_calls"][0]["function"]["arguments"]) == {"name": NAME, "path": SLASHED, "mail": MAIL}
    assert out.startswith('{\n  "id": "chatcmpl-1",\n  "choices": [ {') and '"usage": {"total_tokens": 3}\n}' in out
    assert "\\u00e9" in out  # the service's own escapes stay


@pytest.mark.parametrize(
    "answer, get",
    [
        ({"type": "message", "content": [{"type": "text", "text": "Hi [PERSON_1]"},
                                         {"type": "tool_use", "id": "t", "name": "f", "input": {"who": "[PERSON_1]", "dir": "[PATH_1]"}}]},
         lambda d: (d["content"][0]["text"], d["content"][1]["input"])),
        ({"candidates": [{"content": {"parts": [{"text": "Hi [PERSON_1]"}, {"functionCall": {"name": "f", "args": {"who": "[PERSON_1]", "dir": "[PATH_1]"}}}]},
                          "finishReason": "STOP"}]},
         lambda d: (d["candidates"][0]["content"]["parts"][0]["text"], d["candidates"][0]["content"]["parts"][1]["functionCall"]["args"])),
        ({"id": "resp_1", "object": "response", "output": [
            {"type": "message", "content": [{"type": "output_text", "text": "Hi [PERSON_1]"}]},
            {"type": "function_call", "name": "f", "arguments": json.dumps({"who": "[PERSON_1]", "dir": "[PATH_1]"})}]},
         lambda d: (d["output"][0]["content"][0]["text"], json.loads(d["output"][1]["arguments"]))),
    ],
    ids=["anthropic", "gemini", "openai_responses"],
)
def test_whole_answers_of_each_api(answer: dict, get) -> None:  # type: ignore[no-untyped-def,type-arg]
    out, _ = restore_json_answer(json.dumps(answer), _conversation())
    assert get(json.loads(out)) == (f"Hi {NAME}", {"who": NAME, "dir": SLASHED})


def test_thinking_and_its_signature_stay_as_signed() -> None:
    body = json.dumps({"content": [{"type": "thinking", "thinking": "[PERSON_1] asked", "signature": "abc"}, {"type": "text", "text": "[PERSON_1]"}]})
    out = json.loads(restore_json(body, _conversation())[0])
    assert out["content"][0]["thinking"] == "[PERSON_1] asked" and out["content"][1]["text"] == NAME


def _gemini_array(texts: list[str], args: dict) -> bytes:  # type: ignore[type-arg]
    objs = [{"candidates": [{"content": {"role": "model", "parts": [{"text": t}]}, "index": 0}]} for t in texts]
    objs.append({"candidates": [{"content": {"role": "model", "parts": [{"functionCall": {"name": "f", "args": args}}]},
                                 "finishReason": "STOP", "index": 0}], "usageMetadata": {"totalTokenCount": 9}})
    return ("[" + ",\r\n".join(json.dumps(o, indent=2) for o in objs) + "]").encode()


def _feed(restorer: JsonStreamRestorer, data: bytes, cuts: list[int]) -> bytes:
    out, last = [], 0
    for cut in sorted(set(cuts)) + [len(data)]:
        out += restorer.feed(data[last:cut])
        last = cut
    out += restorer.finish()
    assert all(out)
    return b"".join(out)


def _gemini_view(out: bytes) -> tuple[str, dict]:  # type: ignore[type-arg]
    doc = json.loads(out)
    parts = [p for o in doc for p in o["candidates"][0]["content"]["parts"]]
    return "".join(p.get("text", "") for p in parts), next(p["functionCall"]["args"] for p in parts if "functionCall" in p)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=1, max_size=10), st.lists(st.integers(0, 3000), max_size=12))
def test_gemini_streamed_array_split_anywhere(sizes: list[int], cuts: list[int]) -> None:
    text, rest, pieces = "Dear [PERSON_1], mail [EMAIL_1] at [PATH_1].", "Dear [PERSON_1], mail [EMAIL_1] at [PATH_1].", []
    for size in sizes:
        if rest:
            pieces.append(rest[:size])
            rest = rest[size:]
    pieces += [rest] if rest else []
    assert "".join(pieces) == text
    data = _gemini_array(pieces, {"who": "[PERSON_1]"})
    out = _feed(JsonStreamRestorer(_conversation()), data, [c % (len(data) + 1) for c in cuts])
    assert _gemini_view(out) == (f"Dear {NAME}, mail {MAIL} at {SLASHED}.", {"who": NAME})
    assert out.count(b",\r\n") == data.count(b",\r\n") and out.startswith(b"[{\n  ") and out.endswith(b"}]")


def test_a_buffered_streamed_array_is_restored_like_the_stream() -> None:
    data = _gemini_array(["Hi [PERS", "ON_1]"], {"dir": "[PATH_1]"})
    out, n = restore_json_answer(data.decode(), _conversation())
    assert _gemini_view(out.encode()) == (f"Hi {NAME}", {"dir": SLASHED}) and n == 2


def test_ndjson_lines() -> None:
    lines = [{"message": {"content": c}, "done": False} for c in ("Hi [PERS", "ON_1] ", "bye")] + [{"done": True}]
    data = "".join(json.dumps(o) + "\n" for o in lines).encode()
    out = _feed(JsonStreamRestorer(_conversation()), data, [5, 30, 31])
    # NDJSON deltas of unknown shape are restored where they are whole, never merged
    assert out.count(b"\n") == 4 and [json.loads(x)["done"] for x in out.splitlines()] == [False, False, False, True]


def test_a_truncated_array_passes_what_was_cut_off_as_received() -> None:
    data = _gemini_array(["Hi [PERSON_1]", "more"], {"a": 1})
    cut = data[: len(data) - 40]
    out = _feed(JsonStreamRestorer(_conversation()), cut, [17])
    assert NAME.replace('"', '\\"').encode() in out
    assert out.endswith(cut[-40:])


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300), st.lists(st.integers(0, 300), max_size=5))
def test_garbage_never_raises_and_loses_no_byte(data: bytes, cuts: list[int]) -> None:
    out = _feed(JsonStreamRestorer(_conversation()), data, [c % (len(data) + 1) for c in cuts])
    if b"[PERSON_1]" not in data and b"[EMAIL_1]" not in data and b"[PATH_1]" not in data:
        assert out == data


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.sampled_from(["[PERSON_1]", "x [EMAIL_1] y", "é\\\"", "[PATH_1]"]),
                    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.sampled_from(["a", "b\"", "text", "arguments"]), c, max_size=4),
                    max_leaves=12))
def test_any_json_stays_valid_and_loses_every_pseudonym(doc: object) -> None:
    out, _ = restore_json(json.dumps(doc), _conversation())
    text = json.dumps(json.loads(out))
    assert "[PERSON_1]" not in text and "[EMAIL_1]" not in text and "[PATH_1]" not in text
