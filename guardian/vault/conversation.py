"""Which conversation a request belongs to: the service's own id where its schema has one, else
the host, the client and a window of time.

    ChatGPT web            body `conversation_id`
    OpenAI responses       body `previous_response_id`, or `conversation` (an id or {"id": ...})
    claude.ai              path `/chat_conversations/<uuid>/...`
    anything else          host + client (a hash of the API key or Authorization header, else the
                           client's address) within `guardian_vault_window` seconds of its last use

Ids that a service hands out in its answer (a response id the next turn names as
`previous_response_id`, ChatGPT's new `conversation_id`) are linked to the conversation of the
flow that got them (`answer_ids`), so a conversation keeps its mapping across turns. Keys are
plain strings here; the vault keeps only keyed hashes of them.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from guardian.codecs.content_encoding import decode_body, parse_codings
from guardian.errors import CodecError
from guardian.records import HttpRequest
from guardian.session import DEFAULT_USER

__all__ = ["ConversationKey", "conversation_key", "client_identity", "answer_ids", "id_key", "MAX_ID_CHARS"]

MAX_ID_CHARS = 200  # a longer "id" is not an id
MAX_SNIFF_BYTES = 4 * 1024 * 1024  # the body is read for an id only up to this size
CREDENTIAL_HEADERS = ("authorization", "x-api-key", "x-goog-api-key", "api-key")
BODY_ID_FIELDS = ("conversation_id", "previous_response_id")
_PATH_IDS = re.compile(r"/chat_conversations/([0-9A-Fa-f-]{16,64})(?:/|$)")


@dataclass(frozen=True)
class ConversationKey:
    """A conversation's key, where it came from, and the idle window that ends it (client keys)."""

    key: str
    source: str  # id | path | client
    window: float | None = None


def id_key(host: str, value: str) -> str:
    """The key of a service-given conversation or response id."""
    return f"{host}|id|{value}"


def client_identity(headers: tuple[tuple[str, str], ...], address: str) -> str:
    """Who sends: a hash of the first credential header (never the credential), else the address."""
    for name in CREDENTIAL_HEADERS:
        value = next((v for k, v in headers if k.lower() == name), None)
        if value:
            return "auth:" + hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return "addr:" + address


def _body_json(request: HttpRequest) -> Any:
    body = request.body
    if not body or len(body) > MAX_SNIFF_BYTES:
        return None
    header = ", ".join(request.header_all("content-encoding"))
    try:
        data, _ = decode_body(body, parse_codings(header), MAX_SNIFF_BYTES)
    except CodecError:
        return None
    if data.lstrip()[:1] != b"{":
        return None
    try:
        return json.loads(data)
    except (ValueError, RecursionError):
        return None


def _plain_id(value: object) -> str | None:
    if isinstance(value, dict):
        value = value.get("id")
    if isinstance(value, str) and 0 < len(value) <= MAX_ID_CHARS:
        return value
    return None


def conversation_key(request: HttpRequest, client: str, window: float, user: str | None = None) -> ConversationKey:
    """The conversation of `request`, sent by `client` (`client_identity`), of proxy user `user`
    (`guardian_users`; None or the one user: keys as before users existed, so a vault kept on disk
    stays readable). Another user's conversation is never found, even by its id."""
    key = _conversation_key(request, client, window)
    if user is None or user == DEFAULT_USER:
        return key
    tag = hashlib.sha256(user.encode("utf-8", "surrogatepass")).hexdigest()[:32]  # the name is not stored
    return ConversationKey(f"user:{tag}|{key.key}", key.source, key.window)


def _conversation_key(request: HttpRequest, client: str, window: float) -> ConversationKey:
    host = request.host
    path = request.url_path
    m = _PATH_IDS.search(path)
    if m:
        return ConversationKey(id_key(host, m.group(1).lower()), "path")
    body = _body_json(request)
    if isinstance(body, dict):
        for name in (*BODY_ID_FIELDS, "conversation"):
            value = _plain_id(body.get(name))
            if value:
                return ConversationKey(id_key(host, value), "id")
    return ConversationKey(f"{host}|client|{client}", "client", window)


def answer_ids(obj: Any) -> Iterator[str]:
    """The ids an answer (a JSON body or one event of a stream) hands out for later turns."""
    if not isinstance(obj, dict):
        return
    inner = obj.get("response")
    for candidate in (obj, inner if isinstance(inner, dict) else None):
        if candidate is None:
            continue
        rid = _plain_id(candidate.get("id"))
        if rid and (candidate.get("object") == "response" or rid.startswith("resp_")):
            yield rid
        cid = _plain_id(candidate.get("conversation_id")) or _plain_id(candidate.get("conversation"))
        if cid:
            yield cid
