"""Where a streamed answer's text deltas are, and when each stream of deltas ends.

A slot is one stream of text that deltas continue: a choice's content, one tool call's
arguments, a content block, a candidate's text. Its state (text kept back) is never shared with
another slot, so two choices, two blocks or two tool calls interleaved in one stream never mix.

    OpenAI chat completions  choices[i].delta.content / .refusal          chat.<i>.content
                             choices[i].delta.tool_calls[k].function.arguments  chat.<i>.tool.<k> (JSON)
                             ends: the choice's finish_reason; a new tool call ends the content
                             and the earlier calls of its choice
    OpenAI responses         response.output_text.delta / refusal.delta   resp.<out>.text.<part>
                             response.function_call_arguments.delta       resp.<out>.args (JSON)
                             ends: their .done events, content_part.done, output_item.done,
                             response.completed / incomplete / failed, error
    Anthropic messages       content_block_start text, content_block_delta text_delta  msg.<index>
                             content_block_delta input_json_delta (partial_json)       msg.<index> (JSON)
                             ends: content_block_stop, message_delta, message_stop
    Gemini                   candidates[c].content.parts[p].text          gem.<c>.text (.thought)
                             ends: the candidate's finishReason
    ChatGPT web              {"v": "...", "o": "append"} to the message's parts/0   chatgpt
    any stream               `[DONE]` and the end of the stream end every slot

Everything else in an event (a tool_use block's `input`, Gemini's `functionCall.args`, the
.done events' full text, a final `response.completed`) is complete where it stands and is
restored in place (`jsontext.rewrite_json`), not here. Thinking deltas are left as sent (a
signed block must come back unchanged).

Sources: https://platform.openai.com/docs/api-reference/chat-streaming,
https://platform.openai.com/docs/api-reference/responses-streaming,
https://docs.anthropic.com/en/docs/build-with-claude/streaming,
https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from guardian.vault.jsontext import Path

__all__ = ["Slot", "Shape", "shape_of", "ends", "value_at", "EVERY_SLOT"]

EVERY_SLOT = ""  # the prefix every slot name has: an event that ends them all

# Responses API events that end one output item's slots, and those that end the whole answer.
_RESPONSE_ENDS = frozenset({"response.completed", "response.incomplete", "response.failed", "error"})
_ANTHROPIC_ENDS = frozenset({"message_delta", "message_stop"})


@dataclass(frozen=True)
class Slot:
    """One delta in an event: the slot it continues and where its string is."""

    name: str
    path: Path
    json: bool = False  # the slot's text is JSON (arguments): originals go in JSON-escaped
    last: bool = False  # this event also ends the slot: nothing of it is kept back


@dataclass(frozen=True)
class Shape:
    """What one event of a stream is: its deltas, and the slots it ends (name prefixes)."""

    slots: tuple[Slot, ...] = ()
    ends: tuple[str, ...] = ()


NOTHING = Shape()


def ends(prefixes: tuple[str, ...], name: str) -> bool:
    """Whether a slot called `name` is one that `prefixes` end (`chat.0` ends `chat.0.tool.1`)."""
    return any(p == EVERY_SLOT or name == p or name.startswith(p + ".") for p in prefixes)


def value_at(obj: Any, path: Path) -> Any:
    """The value at `path` in a parsed JSON document, or None."""
    for key in path:
        if isinstance(key, int) and isinstance(obj, list) and 0 <= key < len(obj):
            obj = obj[key]
        elif isinstance(key, str) and isinstance(obj, dict):
            obj = obj.get(key)
        else:
            return None
    return obj


def _chat(obj: dict[str, Any]) -> Shape:
    slots: list[Slot] = []
    closes: list[str] = []
    for ci, choice in enumerate(obj["choices"]):
        if not isinstance(choice, dict):
            continue
        idx = choice.get("index", ci)
        done = choice.get("finish_reason") is not None
        delta = choice.get("delta")
        if isinstance(delta, dict):
            for key in ("content", "refusal"):
                if isinstance(delta.get(key), str):
                    slots.append(Slot(f"chat.{idx}.{key}", ("choices", ci, "delta", key), last=done))
            calls = delta.get("tool_calls")
            for ti, call in enumerate(calls if isinstance(calls, list) else ()):
                if not isinstance(call, dict):
                    continue
                if call.get("id"):  # a new call: the text and the calls before it are complete
                    closes += [f"chat.{idx}.content", f"chat.{idx}.tool"]
                fn = call.get("function")
                if isinstance(fn, dict) and isinstance(fn.get("arguments"), str):
                    name = f"chat.{idx}.tool.{call.get('index', ti)}"
                    slots.append(Slot(name, ("choices", ci, "delta", "tool_calls", ti, "function", "arguments"), json=True, last=done))
            fn = delta.get("function_call")  # the deprecated single function call
            if isinstance(fn, dict) and isinstance(fn.get("arguments"), str):
                slots.append(Slot(f"chat.{idx}.function", ("choices", ci, "delta", "function_call", "arguments"), json=True, last=done))
        elif isinstance(choice.get("text"), str):  # legacy completions
            slots.append(Slot(f"chat.{idx}.text", ("choices", ci, "text"), last=done))
        if done:
            closes.append(f"chat.{idx}")
    return Shape(tuple(slots), tuple(closes))


def _responses(obj: dict[str, Any], kind: str) -> Shape:
    if kind in _RESPONSE_ENDS:
        return Shape(ends=(EVERY_SLOT,))
    out = obj.get("output_index", obj.get("item_id"))
    part = obj.get("content_index", obj.get("summary_index"))
    if isinstance(obj.get("delta"), str):
        slot = {
            "response.output_text.delta": (f"resp.{out}.text.{part}", False),
            "response.refusal.delta": (f"resp.{out}.refusal.{part}", False),
            "response.function_call_arguments.delta": (f"resp.{out}.args", True),
            "response.custom_tool_call_input.delta": (f"resp.{out}.input", False),
            "response.reasoning_summary_text.delta": (f"resp.{out}.summary.{part}", False),
            "response.reasoning_text.delta": (f"resp.{out}.reasoning.{part}", False),
        }.get(kind)
        return Shape((Slot(slot[0], ("delta",), json=slot[1]),)) if slot else NOTHING
    ended = {
        "response.output_text.done": (f"resp.{out}.text.{part}",),
        "response.refusal.done": (f"resp.{out}.refusal.{part}",),
        "response.content_part.done": (f"resp.{out}.text.{part}", f"resp.{out}.refusal.{part}"),
        "response.function_call_arguments.done": (f"resp.{out}.args",),
        "response.custom_tool_call_input.done": (f"resp.{out}.input",),
        "response.reasoning_summary_text.done": (f"resp.{out}.summary.{part}",),
        "response.reasoning_text.done": (f"resp.{out}.reasoning.{part}",),
        "response.output_item.done": (f"resp.{out}",),
    }.get(kind)
    return Shape(ends=ended) if ended else NOTHING


def _anthropic(obj: dict[str, Any], kind: str) -> Shape:
    if kind in _ANTHROPIC_ENDS:
        return Shape(ends=(EVERY_SLOT,))
    index = obj.get("index")
    if kind == "content_block_stop":
        return Shape(ends=(f"msg.{index}",))
    if kind == "content_block_start":
        block = obj.get("content_block")
        if isinstance(block, dict) and block.get("type") == "text" and isinstance(block.get("text"), str):
            return Shape((Slot(f"msg.{index}", ("content_block", "text")),))
        return NOTHING
    delta = obj.get("delta")
    if kind != "content_block_delta" or not isinstance(delta, dict):
        return NOTHING
    if delta.get("type") == "text_delta" and isinstance(delta.get("text"), str):
        return Shape((Slot(f"msg.{index}", ("delta", "text")),))
    if delta.get("type") == "input_json_delta" and isinstance(delta.get("partial_json"), str):
        return Shape((Slot(f"msg.{index}", ("delta", "partial_json"), json=True),))
    return NOTHING


def _gemini(obj: dict[str, Any]) -> Shape:
    slots: list[Slot] = []
    closes: list[str] = []
    for ci, cand in enumerate(obj["candidates"]):
        if not isinstance(cand, dict):
            continue
        idx = cand.get("index", ci)
        done = bool(cand.get("finishReason"))
        content = cand.get("content")
        parts = content.get("parts") if isinstance(content, dict) else None
        for pi, part in enumerate(parts if isinstance(parts, list) else ()):
            if isinstance(part, dict) and isinstance(part.get("text"), str):
                kind = "thought" if part.get("thought") else "text"
                slots.append(Slot(f"gem.{idx}.{kind}", ("candidates", ci, "content", "parts", pi, "text"), last=done))
        if done:
            closes.append(f"gem.{idx}")
    return Shape(tuple(slots), tuple(closes))


def _chatgpt(obj: dict[str, Any]) -> Shape:
    if obj.get("type") == "message_stream_complete":
        return Shape(ends=(EVERY_SLOT,))
    if isinstance(obj.get("v"), str) and obj.get("o", "append") == "append" and str(obj.get("p", "/parts/0")).endswith("/parts/0"):
        return Shape((Slot("chatgpt", ("v",)),))
    return NOTHING


def shape_of(obj: Any) -> Shape:
    """The deltas of one parsed event and the slots it ends; `NOTHING` for anything else."""
    if not isinstance(obj, dict):
        return NOTHING
    kind = obj.get("type")
    if isinstance(kind, str):
        if kind.startswith("response.") or kind == "error":
            return _responses(obj, kind)
        if kind.startswith(("content_block_", "message_")):
            return _anthropic(obj, kind)
    if isinstance(obj.get("choices"), list):
        return _chat(obj)
    if isinstance(obj.get("candidates"), list):
        return _gemini(obj)
    if "v" in obj or kind == "message_stream_complete":
        return _chatgpt(obj)
    return NOTHING
