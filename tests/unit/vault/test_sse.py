"""Streamed answers restored chunk by chunk, in every documented streaming shape: text and
tool-call arguments, pseudonyms split across deltas and across network chunks, the framing as
sent, bad input passed on."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guardian.vault.jsontext import holds_json, json_escape_twice
from guardian.vault.slots import shape_of, value_at
from guardian.vault.sse import MAX_PENDING_BYTES, StreamRestorer
from guardian.vault.memory import Conversation, Vault, json_escape

# An original with a quote and a backslash: restored into arguments, it must be JSON-escaped.
ORIGINALS = {"[PERSON_1]": 'Jane "JD" Doe', "[EMAIL_1]": "jane@corp.org", "[PERSON_2]": "Bob \\ Roe"}
TEXT = "Dear [PERSON_1], I wrote to [EMAIL_1] and [PERSON_2]. [PERSON_1] agrees. [UNKNOWN_9] stays."
ARGS = json.dumps({"to": "[EMAIL_1]", "names": ["[PERSON_1]", "[PERSON_2]"], "note": 'say "hi" to [PERSON_1]'})
LONGEST = max(len(p) for p in ORIGINALS)

Pieces = list[str]


def _conversation() -> Conversation:
    conv = Vault().conversation("k")
    for pseudonym, original in ORIGINALS.items():
        label = pseudonym.strip("[]").rsplit("_", 1)[0]
        assert conv.pseudonym(original, label, "tags")[0] == pseudonym
    return conv


def _plain(text: str) -> str:
    for pseudonym, original in ORIGINALS.items():
        text = text.replace(pseudonym, original)
    return text


RESTORED_TEXT = _plain(TEXT)
RESTORED_ARGS = json.loads(ARGS.replace("[EMAIL_1]", "jane@corp.org").replace("[PERSON_1]", 'Jane \\"JD\\" Doe').replace("[PERSON_2]", "Bob \\\\ Roe"))


def _cut(text: str, size: int) -> Pieces:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


# -- the wire formats, as each vendor documents its stream -------------------------------------


def _sse(events: list[tuple[str | None, Any]], newline: str = "\n") -> bytes:
    out = []
    for name, data in events:
        head = f"event: {name}{newline}" if name else ""
        body = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
        out.append(f"{head}data: {body}{newline}{newline}")
    return "".join(out).encode()


def openai_chat(text: Pieces, args: Pieces) -> bytes:
    chunk = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o"}
    events: list[tuple[str | None, Any]] = [(None, {**chunk, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}}]})]
    events += [(None, {**chunk, "choices": [{"index": 0, "delta": {"content": p}}]}) for p in text]
    events.append((None, {**chunk, "choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "id": "call_1", "type": "function", "function": {"name": "send", "arguments": ""}}]}}]}))
    events += [(None, {**chunk, "choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": p}}]}}]}) for p in args]
    events.append((None, {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}))
    events.append((None, {**chunk, "choices": [], "usage": {"prompt_tokens": 9, "completion_tokens": 12, "total_tokens": 21}}))
    events.append((None, "[DONE]"))
    return _sse(events)


def openai_responses(text: Pieces, args: Pieces) -> bytes:
    full_text, full_args = "".join(text), "".join(args)
    seq = iter(range(1000))
    message = {"id": "msg_1", "type": "message", "role": "assistant", "status": "completed",
               "content": [{"type": "output_text", "text": full_text, "annotations": []}]}
    call = {"id": "fc_1", "type": "function_call", "call_id": "call_1", "name": "send", "arguments": full_args, "status": "completed"}
    events: list[dict[str, Any]] = [
        {"type": "response.created", "response": {"id": "resp_1", "object": "response", "status": "in_progress", "output": []}},
        {"type": "response.output_item.added", "output_index": 0, "item": {**message, "status": "in_progress", "content": []}},
        {"type": "response.content_part.added", "item_id": "msg_1", "output_index": 0, "content_index": 0, "part": {"type": "output_text", "text": ""}},
    ]
    events += [{"type": "response.output_text.delta", "item_id": "msg_1", "output_index": 0, "content_index": 0, "delta": p} for p in text]
    events += [
        {"type": "response.output_text.done", "item_id": "msg_1", "output_index": 0, "content_index": 0, "text": full_text},
        {"type": "response.content_part.done", "item_id": "msg_1", "output_index": 0, "content_index": 0, "part": message["content"][0]},
        {"type": "response.output_item.done", "output_index": 0, "item": message},
        {"type": "response.output_item.added", "output_index": 1, "item": {**call, "arguments": "", "status": "in_progress"}},
    ]
    events += [{"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 1, "delta": p} for p in args]
    events += [
        {"type": "response.function_call_arguments.done", "item_id": "fc_1", "output_index": 1, "arguments": full_args},
        {"type": "response.output_item.done", "output_index": 1, "item": call},
        {"type": "response.completed", "response": {"id": "resp_1", "object": "response", "status": "completed", "output": [message, call]}},
    ]
    return _sse([(e["type"], {**e, "sequence_number": next(seq)}) for e in events])


def anthropic(text: Pieces, args: Pieces) -> bytes:
    events: list[dict[str, Any]] = [
        {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "content": [], "usage": {"input_tokens": 5}}},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "ping"},
    ]
    events += [{"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": p}} for p in text]
    events += [{"type": "content_block_stop", "index": 0},
               {"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use", "id": "toolu_1", "name": "send", "input": {}}}]
    events += [{"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": p}} for p in args]
    events += [{"type": "content_block_stop", "index": 1},
               {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 30}},
               {"type": "message_stop"}]
    return _sse([(e["type"], e) for e in events], newline="\r\n")


def gemini(text: Pieces, args: Pieces) -> bytes:
    """Gemini `?alt=sse`: each event a whole GenerateContentResponse; function calls come whole."""
    events: list[tuple[str | None, Any]] = [
        (None, {"candidates": [{"content": {"role": "model", "parts": [{"text": p}]}, "index": 0}], "modelVersion": "gemini-2.0-flash"})
        for p in text
    ]
    last = {"functionCall": {"name": "send", "args": json.loads("".join(args))}}
    events.append((None, {"candidates": [{"content": {"role": "model", "parts": [last]}, "finishReason": "STOP", "index": 0}],
                          "usageMetadata": {"promptTokenCount": 4, "candidatesTokenCount": 9}}))
    return _sse(events, newline="\r\n")


SHAPES: dict[str, Callable[[Pieces, Pieces], bytes]] = {
    "openai_chat": openai_chat, "openai_responses": openai_responses, "anthropic": anthropic, "gemini": gemini,
}


# -- what a client makes of a stream -------------------------------------------------------------


def events_of(stream: bytes) -> list[tuple[list[str], Any]]:
    """Each event: its lines other than `data:`, and its data (parsed when JSON)."""
    out = []
    for block in re.split(r"\r\n\r\n|\n\n", stream.decode()):
        if not block:
            continue
        lines = re.split(r"\r\n|\n", block)
        data = next((line[6:] for line in lines if line.startswith("data: ")), None)
        other = [line for line in lines if not line.startswith("data: ")]
        out.append((other, json.loads(data) if data and data[0] == "{" else data))
    return out


def client_view(stream: bytes) -> tuple[str, Any]:
    """The answer's text and its tool call's arguments, put together as an SDK does."""
    text, args, gemini_args = [], [], None
    for _, obj in events_of(stream):
        for slot in shape_of(obj).slots:
            (args if slot.json else text).append(value_at(obj, slot.path))
        for cand in obj.get("candidates", []) if isinstance(obj, dict) else []:
            for part in cand["content"]["parts"]:
                gemini_args = part.get("functionCall", {}).get("args", gemini_args)
    return "".join(text), gemini_args if gemini_args is not None else json.loads("".join(args))


def skeleton(obj: Any) -> Any:
    """An event with its deltas blanked and its other strings restored, for comparing framing."""
    if not isinstance(obj, (dict, list)):
        return obj
    obj = json.loads(json.dumps(obj))
    for slot in shape_of(obj).slots:
        parent = value_at(obj, slot.path[:-1])
        parent[slot.path[-1]] = ""

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        if isinstance(node, str):
            return json.dumps(_restore_args(node)) if holds_json(node) else _plain(node)
        return node

    return walk(obj)


def _restore_args(text: str) -> Any:
    for pseudonym, original in ORIGINALS.items():
        text = text.replace(pseudonym, json_escape(original))
    return json.loads(text)


def run(restorer: StreamRestorer, stream: bytes, cuts: list[int]) -> bytes:
    out = []
    last = 0
    for cut in sorted(set(cuts)) + [len(stream)]:
        out += restorer.feed(stream[last:cut])
        last = cut
    out += restorer.finish()
    assert all(out), "an empty chunk would end a chunked response"
    return b"".join(out)


def _assert_framing_kept(sent: bytes, got: bytes) -> None:
    before, after = events_of(sent), events_of(got)
    assert len(before) == len(after), "events added or dropped"
    for (lines_in, obj_in), (lines_out, obj_out) in zip(before, after):
        assert lines_in == lines_out  # event names, ids, comments
        if isinstance(obj_in, dict):
            assert skeleton(obj_out) == skeleton(obj_in)
        else:
            assert obj_in == obj_out  # [DONE]


# -- every shape, every split ------------------------------------------------------------------


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("size", [1, 2, 3, 5, 9, 1000])
def test_every_shape_restores_text_and_arguments_split_anywhere(shape: str, size: int) -> None:
    stream = SHAPES[shape](_cut(TEXT, size), _cut(ARGS, size))
    restorer = StreamRestorer(_conversation())
    got = run(restorer, stream, list(range(0, len(stream), 7)))
    text, args = client_view(got)
    assert text == RESTORED_TEXT
    assert args == RESTORED_ARGS  # the arguments parse, the quote and the backslash escaped
    assert "[PERS" not in text and "[EMAIL" not in json.dumps(args)
    assert restorer.held_max <= LONGEST - 1
    _assert_framing_kept(stream, got)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 30), max_size=12), st.lists(st.integers(0, 4000), max_size=15), st.sampled_from(sorted(SHAPES)))
def test_any_chunking_and_any_delta_split_restores_the_same(sizes: list[int], cuts: list[int], shape: str) -> None:
    def pieces(text: str) -> Pieces:
        out, rest = [], text
        for size in sizes:
            if rest:
                out.append(rest[:size])
                rest = rest[size:]
        return out + [rest] if rest else out

    stream = SHAPES[shape](pieces(TEXT), pieces(ARGS))
    restorer = StreamRestorer(_conversation())
    got = run(restorer, stream, [c % (len(stream) + 1) for c in cuts])
    assert client_view(got) == (RESTORED_TEXT, RESTORED_ARGS)
    assert len(events_of(got)) == len(events_of(stream))


def test_events_without_a_pseudonym_pass_byte_for_byte() -> None:
    stream = anthropic(_cut(TEXT, 4), _cut(ARGS, 4))
    got = run(StreamRestorer(_conversation()), stream, [])
    sent_blocks, got_blocks = stream.split(b"\r\n\r\n"), got.split(b"\r\n\r\n")
    same = [s for s, g in zip(sent_blocks, got_blocks) if s == g]
    for name in (b"message_start", b"ping", b"content_block_stop", b"message_delta", b"message_stop"):
        assert any(name in s for s in same), name  # also the CRLF line endings
    assert stream.count(b"\r\n") == got.count(b"\r\n")


def test_the_split_moves_between_deltas_of_its_slot_only() -> None:
    """Two choices interleaved: each keeps its own text back; neither gets the other's."""
    chunk = {"id": "c", "object": "chat.completion.chunk"}
    events = []
    for a, b in zip(["Hi [PERS", "ON_1]!", ""], ["Yo [PERSON", "_2]", "?"]):
        events.append((None, {**chunk, "choices": [{"index": 0, "delta": {"content": a}}]}))
        events.append((None, {**chunk, "choices": [{"index": 1, "delta": {"content": b}}]}))
    events += [(None, {**chunk, "choices": [{"index": i, "delta": {}, "finish_reason": "stop"}]}) for i in (0, 1)]
    events.append((None, "[DONE]"))
    got = run(StreamRestorer(_conversation()), _sse(events), [])
    texts: dict[int, str] = {0: "", 1: ""}
    for _, obj in events_of(got):
        for choice in obj["choices"] if isinstance(obj, dict) else []:
            texts[choice["index"]] += choice["delta"].get("content", "")
    assert texts == {0: 'Hi Jane "JD" Doe!', 1: "Yo Bob \\ Roe?"}


def test_parallel_tool_calls_keep_their_own_arguments() -> None:
    chunk = {"id": "c", "object": "chat.completion.chunk"}
    a, b = json.dumps({"who": "[PERSON_1]"}), json.dumps({"mail": "[EMAIL_1]"})
    events = []
    for k in (0, 1):
        events.append((None, {**chunk, "choices": [{"index": 0, "delta": {"tool_calls": [
            {"index": k, "id": f"call_{k}", "type": "function", "function": {"name": "f", "arguments": ""}}]}}]}))
    for pa, pb in itertools.zip_longest(_cut(a, 4), _cut(b, 3), fillvalue=""):  # interleaved by tool index
        for k, p in ((0, pa), (1, pb)):
            events.append((None, {**chunk, "choices": [{"index": 0, "delta": {"tool_calls": [{"index": k, "function": {"arguments": p}}]}}]}))
    events.append((None, {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}))
    got = run(StreamRestorer(_conversation()), _sse(events), [])
    calls = {0: "", 1: ""}
    for _, obj in events_of(got):
        for call in obj["choices"][0]["delta"].get("tool_calls", []):
            calls[call["index"]] += call["function"]["arguments"]
    assert json.loads(calls[0]) == {"who": 'Jane "JD" Doe'} and json.loads(calls[1]) == {"mail": "jane@corp.org"}


def test_text_kept_back_at_the_end_of_a_block_goes_back_into_its_event() -> None:
    stream = anthropic(["see [", "PERSON_1] and ["], _cut(ARGS, 50))
    got = run(StreamRestorer(_conversation()), stream, [])
    assert client_view(got)[0] == 'see Jane "JD" Doe and ['
    assert len(events_of(got)) == len(events_of(stream))
    openai = openai_chat(["ends with a bracket ["], _cut(ARGS, 50))
    got = run(StreamRestorer(_conversation()), openai, [])
    assert client_view(got)[0] == "ends with a bracket [" and got.endswith(b"data: [DONE]\n\n")


def test_a_json_mode_answer_gets_its_originals_escaped() -> None:
    answer = json.dumps({"name": "[PERSON_1]", "who": "[PERSON_2]"})
    got = run(StreamRestorer(_conversation()), openai_chat(_cut(answer, 3), _cut(ARGS, 50)), [])
    assert json.loads(client_view(got)[0]) == {"name": 'Jane "JD" Doe', "who": "Bob \\ Roe"}


def test_done_events_and_the_final_response_are_restored_whole() -> None:
    got = run(StreamRestorer(_conversation()), openai_responses(_cut(TEXT, 4), _cut(ARGS, 4)), [])
    by_type = {obj["type"]: obj for _, obj in events_of(got)}
    assert by_type["response.output_text.done"]["text"] == RESTORED_TEXT
    assert json.loads(by_type["response.function_call_arguments.done"]["arguments"]) == RESTORED_ARGS
    final = by_type["response.completed"]["response"]["output"]
    assert final[0]["content"][0]["text"] == RESTORED_TEXT and json.loads(final[1]["arguments"]) == RESTORED_ARGS


def test_a_tool_use_block_that_starts_with_its_input_is_restored() -> None:
    start = {"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use", "id": "t", "name": "f", "input": {"who": "[PERSON_1]"}}}
    got = run(StreamRestorer(_conversation()), _sse([("content_block_start", start)]), [])
    assert events_of(got)[0][1]["content_block"]["input"] == {"who": 'Jane "JD" Doe'}


def test_thinking_is_left_as_sent() -> None:
    think = {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "about [PERSON_1]"}}
    stream = _sse([("content_block_delta", think)])
    assert run(StreamRestorer(_conversation()), stream, []) == stream


@pytest.mark.parametrize("seed", range(0, 60, 3))
def test_surrogates_are_restored_split_and_escaped_in_arguments(seed: int) -> None:
    conv = Vault().conversation("s")
    conv.seed = seed  # which surrogates: a name and an e-mail that share their first letters too
    name = conv.pseudonym('Ann "A" Lee', "PERSON", "surrogates")[0]
    mail = conv.pseudonym("ann@corp.org", "EMAIL", "surrogates")[0]
    phone = conv.pseudonym("+1 (212) 555-7788", "PHONE", "surrogates")[0]
    assert "[" not in name + mail + phone
    args = json.dumps({"to": mail, "name": name, "tel": phone})
    for size in (1, 2, 3):
        stream = openai_chat(_cut(f"Hello {name}, {mail}, {phone}.", size), _cut(args, size))
        text, parsed = client_view(run(StreamRestorer(conv), stream, [3, 50, 51]))
        assert text == 'Hello Ann "A" Lee, ann@corp.org, +1 (212) 555-7788.'
        assert parsed == {"to": "ann@corp.org", "name": 'Ann "A" Lee', "tel": "+1 (212) 555-7788"}


def test_a_pseudonym_split_inside_an_escaped_string_of_the_arguments() -> None:
    args = '{"note": "he said \\"[PERSON_1]\\" twice"}'
    pieces = ['{"note": "he said \\', '"[PER', "SON_1]\\", '" twice"}']
    _, parsed = client_view(run(StreamRestorer(_conversation()), anthropic(["x"], pieces), []))
    assert "".join(pieces) == args and parsed == {"note": 'he said "Jane "JD" Doe" twice'}


# -- bad input -----------------------------------------------------------------------------------


def test_a_truncated_last_event_passes_as_received() -> None:
    stream = openai_chat(_cut(TEXT, 4), _cut(ARGS, 4))
    cut = stream[: stream.rindex(b"data: [DONE]") - 30]  # ends inside the usage event
    got = run(StreamRestorer(_conversation()), cut, [])
    partial = cut[cut.rindex(b"\n\n") + 2 :]
    assert got.endswith(b"\n\n" + partial)
    assert client_view(got[: -len(partial)])[0] == RESTORED_TEXT


def test_a_utf8_character_split_across_chunks() -> None:
    conv = _conversation()
    stream = openai_chat(["Grüße [PERSON_1] – ", "ok"], ['{"a": "é"}'])
    at = stream.index("ü".encode()) + 1  # inside the two bytes of ü
    got = run(StreamRestorer(conv), stream, [at, stream.index("–".encode()) + 2])
    assert client_view(got) == ('Grüße Jane "JD" Doe – ok', {"a": "é"})


def test_unknown_events_and_comments_pass_byte_for_byte() -> None:
    stream = b": keep-alive\n\nevent: x\ndata: plain text\n\nid: 7\ndata: {\"type\": \"something.new\", \"n\": 1}\n\nretry: 10\n\n"
    stream += openai_chat(["nothing to restore"], ['{"a": 1}'])
    assert run(StreamRestorer(_conversation()), stream, [5, 17, 40]) == stream


def test_bytes_that_are_not_utf8_pass_in_their_place() -> None:
    stream = openai_chat(["Hi [PERS", "ON_1]"], ['{"a": 1}'])
    bad = b"data: \xff\xfe\n\n"
    i = stream.index(b"\n\n") + 2
    got = run(StreamRestorer(_conversation()), stream[:i] + bad + stream[i:], [])
    assert bad in got and client_view(got.replace(bad, b""))[0] == 'Hi Jane "JD" Doe'


def test_an_endless_event_passes_as_sent_from_there_on() -> None:
    restorer = StreamRestorer(_conversation())
    head = openai_chat(["Hi [PERS", "ON_1]"], ['{"a": 1}'])
    blob = b"data: " + b"x" * (MAX_PENDING_BYTES + 10)
    out = b"".join(restorer.feed(head) + restorer.feed(blob) + restorer.feed(b"more [PERSON_1]\n\n") + restorer.finish())
    assert out.endswith(blob + b"more [PERSON_1]\n\n")
    assert client_view(out[: out.index(b"data: xxx")])[0] == 'Hi Jane "JD" Doe'


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400), st.lists(st.integers(0, 400), max_size=6))
def test_garbage_never_raises_and_loses_no_byte(data: bytes, cuts: list[int]) -> None:
    got = run(StreamRestorer(_conversation()), data, [c % (len(data) + 1) for c in cuts])
    if b"[PERSON_1]" not in data and b"[EMAIL_1]" not in data and b"[PERSON_2]" not in data:
        assert got == data


def test_a_stream_of_random_events_keeps_every_event() -> None:
    rng = random.Random(7)
    shapes = list(SHAPES.values())
    for _ in range(30):
        stream = rng.choice(shapes)(_cut(TEXT, rng.randint(1, 12)), _cut(ARGS, rng.randint(1, 12)))
        got = run(StreamRestorer(_conversation()), stream, [rng.randrange(len(stream)) for _ in range(8)])
        assert len(events_of(got)) == len(events_of(stream))


def test_ids_in_the_answer_are_seen() -> None:
    seen: list[object] = []
    stream = b'data: {"type":"response.created","response":{"id":"resp_9","object":"response"}}\n\n'
    run(StreamRestorer(_conversation(), on_answer=seen.append), stream, [])
    assert seen and seen[0]["response"]["id"] == "resp_9"  # type: ignore[index]


def test_json_escape_twice_is_what_a_string_in_arguments_needs() -> None:
    original = 'a "b" \\ c'
    args = '{"x": "' + json_escape(original) + '"}'
    assert json_escape(args) == json_escape('{"x": "') + json_escape_twice(original) + json_escape('"}')
