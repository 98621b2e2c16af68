"""Pseudonyms restored inside JSON text, token by token, so the JSON stays valid and as sent.

An answer's JSON is never re-serialised: only the string tokens that change are rewritten, so
the service's spacing, key order, escapes and number spelling stay byte for byte. A string value
may itself hold JSON (a tool call's `arguments`, a JSON answer in a message): an original that
goes in there is escaped twice, once for the inner document and once for the string holding it,
so `arguments` still parses after `O"Brien` or `C:\\x` came back into it.

    string_values(text)          every string value token: its path ("choices", 0, "text") and span
    restore_json(text, conv)     each string value with a pseudonym -> the originals, escaped for it
    rewrite_json(text, ...)      given values at given paths (a stream's deltas), the rest restored

Pseudonyms (`[PERSON_1]`, surrogates) hold no character JSON escapes, so they appear literally
in the raw token and are replaced there; the rest of the token is left exactly as it was.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping

from guardian.vault.memory import Conversation, json_escape

__all__ = ["Path", "string_values", "holds_json", "json_escape_twice", "restore_json", "rewrite_json", "SKIP_KEYS"]

Path = tuple[str | int, ...]  # object keys and array indices from the document's root

# A JSON token: a string (unrolled, so a long string is one fast match), a structural character,
# or a bare literal (a number, true, false, null).
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+', re.S)
# Strings under these keys are never restored: Anthropic signs a thinking block, and a block sent
# back in the next turn with other text than the model wrote is refused by the API.
SKIP_KEYS = frozenset({"thinking", "signature"})


def string_values(text: str) -> Iterator[tuple[Path, int, int]]:
    """Every string value token of the JSON document `text` (keys are not values): its path and
    [start, end) span, quotes included. `text` must be valid JSON (the caller parsed it)."""
    frames: list[list[object]] = []  # [is_object, key or index, expecting a key]
    for m in _TOKEN.finditer(text):
        token = m.group()
        first = token[0]
        if first == '"':
            top = frames[-1] if frames else None
            if top is not None and top[0] and top[2]:
                top[1] = token[1:-1] if "\\" not in token else json.loads(token)
            else:
                yield tuple(f[1] for f in frames), m.start(), m.end()  # type: ignore[misc]
        elif first in "{[":
            frames.append([first == "{", 0 if first == "[" else "", first == "{"])
        elif first in "}]":
            if frames:
                frames.pop()
        elif first == ",":
            if frames:
                top = frames[-1]
                if top[0]:
                    top[2] = True
                else:
                    top[1] = int(top[1]) + 1  # type: ignore[call-overload]
        elif first == ":" and frames:
            frames[-1][2] = False


def holds_json(value: str) -> bool:
    """Whether a string value is itself a JSON object or array (a tool call's arguments)."""
    start = value.lstrip()[:1]
    if start not in ("{", "["):
        return False
    try:
        json.loads(value)
    except (ValueError, RecursionError):
        return False
    return True


def json_escape_twice(text: str) -> str:
    """`text` as it sits in a JSON string inside a JSON document inside a JSON string."""
    return json_escape(json_escape(text))


def _restore_token(raw: str, conversation: Conversation) -> tuple[str, int]:
    """One raw string token with its pseudonyms restored, escaped for what the string holds."""
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        return raw, 0
    escape = json_escape_twice if holds_json(value) else json_escape
    return conversation.restore(raw, escape=escape)


def _skipped(path: Path) -> bool:
    return bool(path) and path[-1] in SKIP_KEYS


def rewrite_json(
    text: str, conversation: Conversation, values: Mapping[Path, str], keep: frozenset[Path] | set[Path] = frozenset()
) -> tuple[str, int]:
    """`text` with the string at each path of `values` set to that value, the strings at `keep`
    left as they are, and every other string value's pseudonyms restored; and how many were."""
    if not values and not conversation.mentions(text):
        return text, 0
    pieces: list[str] = []
    last = count = 0
    for path, start, end in string_values(text):
        raw = text[start:end]
        if path in values:
            new = json.dumps(values[path], ensure_ascii="\\u" in raw)
        elif path in keep or _skipped(path):
            continue
        else:
            new, n = _restore_token(raw, conversation)
            count += n
        if new != raw:
            pieces += [text[last:start], new]
            last = end
    if not pieces:
        return text, count
    pieces.append(text[last:])
    return "".join(pieces), count


def restore_json(text: str, conversation: Conversation) -> tuple[str, int]:
    """The valid JSON document `text` with every pseudonym in its string values restored."""
    return rewrite_json(text, conversation, {})
