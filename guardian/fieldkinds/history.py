"""A chat's history: the turns the model wrote, sent back to the model's API with every request.

A chat client sends the whole conversation again on every turn: the user's messages, and the
model's own answers and tool calls (OpenAI `assistant` messages with their `tool_calls`, Anthropic
`assistant` turns with their `tool_use` input, Gemini `model` contents with their `functionCall`
args, Responses `function_call` items and `assistant` messages). The proxy restored the model's
turns on their way back (the conversation's pseudonyms -> the user's originals), so read afresh
they would hold the user's values again and whatever else the model wrote: a search query in a
tool call's arguments read as the user's search history, a topic as a place. What the model wrote
is what the service said; it gets it back as it said it. So every string in a model's turn is
`SERVICE_OUTPUT`: not scored, and the chat operator puts back only the pseudonyms the
conversation already knows (`chat_pseudonym.py`).

Which turn is the model's is read from the documented role fields of the request itself, so it
holds for every client of these APIs whatever its order of keys.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from guardian.records import Field, KindLabel, ValueKind

__all__ = ["MODEL_TURN", "model_turn_labels", "MODEL_ROLES"]

MODEL_TURN = KindLabel(ValueKind.SERVICE_OUTPUT, "place", "the model's own earlier turn in a chat's history (sent back as it said it)")
MODEL_ROLES = frozenset({"assistant", "model"})
# Responses API input items the model wrote (its function calls, its reasoning, a tool's call it made)
MODEL_ITEMS = frozenset({"function_call", "reasoning", "computer_call", "custom_tool_call", "web_search_call",
                         "file_search_call", "code_interpreter_call", "local_shell_call", "mcp_call"})
# The list of turns: `$.messages[i]` (OpenAI chat, Anthropic, Mistral, Groq), `$.contents[i]`
# (Gemini), `$.input[i]` (OpenAI Responses); the JSON path of each turn's role and type field.
_TURN_FIELD = re.compile(r"json:\$\.(messages|contents|input)\[(\d{1,9})\]\.(role|type)")


def model_turn_labels(fields: Iterable[Field], labels: Mapping[str, KindLabel]) -> dict[str, KindLabel]:
    """Field path -> MODEL_TURN for every string of a turn the model wrote, unless it already has a
    label that must stay (an attachment, a never-touched token, an API setting): the user data a
    vendor dictionary marks (the text of every message) becomes the model's when the model wrote it."""
    fields = tuple(fields)
    turns: set[str] = set()
    for field in fields:
        m = _TURN_FIELD.fullmatch(field.path)
        if m is None:
            continue
        value = field.value.strip()
        if (m.group(3) == "role" and value in MODEL_ROLES) or (
            m.group(1) == "input" and m.group(3) == "type" and value in MODEL_ITEMS
        ):
            turns.add(f"json:$.{m.group(1)}[{m.group(2)}]")
    if not turns:
        return {}
    out: dict[str, KindLabel] = {}
    for field in fields:
        prefix = _turn_of(field.path)
        label = labels.get(field.path)
        if prefix in turns and (label is None or (label.kind is ValueKind.USER_DATA and not label.never_touch)):
            out[field.path] = MODEL_TURN
    return out


def _turn_of(path: str) -> str | None:
    """`json:$.messages[3].content[0].text` -> `json:$.messages[3]` (None outside a list of turns)."""
    if not path.startswith(("json:$.messages[", "json:$.contents[", "json:$.input[")):
        return None
    end = path.find("]")
    return path[: end + 1] if end > 0 else None
