"""Event streams restored chunk by chunk: pseudonyms split across chunks and across events."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guardian.vault.sse import StreamRestorer, delta_slots
from guardian.vault.store import Conversation, Vault

ANSWER = "Dear [PERSON_1], I wrote to [EMAIL_1] and [PERSON_2]. [PERSON_1] agrees. [UNKNOWN_9] stays."
RESTORED = "Dear Jane Doe, I wrote to jane@corp.org and Bob Roe. Jane Doe agrees. [UNKNOWN_9] stays."


def _conversation() -> Conversation:
    conv = Vault().conversation("k")
    conv.pseudonym("Jane Doe", "PERSON", "tags")
    conv.pseudonym("jane@corp.org", "EMAIL", "tags")
    conv.pseudonym("Bob Roe", "PERSON", "tags")
    return conv


def _openai(pieces: list[str]) -> bytes:
    events = [{"id": "c1", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"role": "assistant"}}]}]
    events += [{"id": "c1", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": p}}]} for p in pieces]
    events.append({"id": "c1", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    return b"".join(f"data: {json.dumps(e)}\n\n".encode() for e in events) + b"data: [DONE]\n\n"


def _anthropic(pieces: list[str]) -> bytes:
    out = [("message_start", {"type": "message_start", "message": {"id": "msg_1", "content": []}}),
           ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}),
           ("ping", {"type": "ping"})]
    out += [("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": p}}) for p in pieces]
    out += [("content_block_stop", {"type": "content_block_stop", "index": 0}), ("message_stop", {"type": "message_stop"})]
    return b"".join(f"event: {name}\r\ndata: {json.dumps(e)}\r\n\r\n".encode() for name, e in out)


def _text_of(stream: bytes) -> str:
    """What an SSE client shows: the deltas of every data event, in order."""
    text = []
    for block in stream.replace(b"\r\n", b"\n").split(b"\n\n"):
        for line in block.split(b"\n"):
            if line.startswith(b"data: ") and line[6:7] == b"{":
                for _, container, key in delta_slots(json.loads(line[6:])):
                    text.append(container[key])
    return "".join(text)


def _run(restorer: StreamRestorer, stream: bytes, cuts: list[int]) -> bytes:
    out = []
    last = 0
    for cut in sorted(set(cuts)) + [len(stream)]:
        out += restorer.feed(stream[last:cut])
        last = cut
    out += restorer.finish()
    assert all(out), "an empty chunk would end a chunked response"
    return b"".join(out)


@pytest.mark.parametrize("make", [_openai, _anthropic])
def test_a_pseudonym_split_across_two_events_is_restored(make: object) -> None:
    pieces = ["Dear [PERS", "ON_1], I wrote to [EM", "AIL_1] and [PERSON_2]", ". [PERSON_1] agrees. [UNK", "NOWN_9] stays."]
    stream = make(pieces)  # type: ignore[operator]
    restorer = StreamRestorer(_conversation())
    out = _run(restorer, stream, [])
    assert _text_of(out) == RESTORED and restorer.restored == 4
    assert b"[PERS" not in out


def test_a_pseudonym_split_across_network_chunks_is_restored() -> None:
    stream = _openai([ANSWER])
    at = stream.index(b"[PERSON_1]") + 4
    out = _run(StreamRestorer(_conversation()), stream, [at])
    assert _text_of(out) == RESTORED


def test_text_held_back_at_the_end_is_sent() -> None:
    out = _run(StreamRestorer(_conversation()), _openai(["ends with a bracket ["]), [])
    assert _text_of(out) == "ends with a bracket ["
    assert out.endswith(b"data: [DONE]\n\n")


def test_an_unknown_stream_passes_byte_for_byte() -> None:
    stream = b": keep-alive\n\nevent: x\ndata: plain text\n\n" + _openai(["nothing to restore"])
    assert _run(StreamRestorer(_conversation()), stream, [5, 17, 40]) == stream


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(1, 40), max_size=12), st.lists(st.integers(0, 2000), max_size=15), st.sampled_from(["openai", "anthropic"]))
def test_any_chunking_and_any_delta_split_restores_the_same_text(sizes: list[int], cuts: list[int], schema: str) -> None:
    pieces, rest = [], ANSWER
    for size in sizes:
        if rest:
            pieces.append(rest[:size])
            rest = rest[size:]
    if rest:
        pieces.append(rest)
    stream = (_openai if schema == "openai" else _anthropic)(pieces)
    restorer = StreamRestorer(_conversation())
    out = _run(restorer, stream, [c % (len(stream) + 1) for c in cuts])
    assert _text_of(out) == RESTORED
    assert restorer.held_max <= max(len(p) for p in ("[PERSON_1]", "[EMAIL_1]", "[PERSON_2]")) - 1


def test_ids_in_the_answer_are_seen() -> None:
    seen: list[object] = []
    stream = b'data: {"type":"response.created","response":{"id":"resp_9","object":"response"}}\n\n'
    _run(StreamRestorer(_conversation(), on_answer=seen.append), stream, [])
    assert seen and seen[0]["response"]["id"] == "resp_9"  # type: ignore[index]
