"""Which conversation a request belongs to, and the ids an answer hands out for later turns."""

from __future__ import annotations

import json

from guardian.records import HttpRequest
from guardian.vault.conversation import answer_ids, client_identity, conversation_key

URL = "https://api.openai.com/v1/chat/completions"
HEADERS = (("Content-Type", "application/json"), ("Authorization", "Bearer sk-test"))


def _chat(*messages: str) -> HttpRequest:
    body = {"model": "gpt-4o", "temperature": 0.2, "messages": [{"role": "user", "content": m} for m in messages]}
    return HttpRequest("POST", URL, HEADERS, json.dumps(body).encode())


def test_conversation_keys() -> None:
    client = client_identity(HEADERS, "10.0.0.1")
    assert client.startswith("auth:") and "sk-test" not in client
    assert client_identity((), "10.0.0.1") == "addr:10.0.0.1"
    chatgpt = HttpRequest("POST", "https://chatgpt.com/backend-api/conversation", HEADERS,
                          json.dumps({"conversation_id": "c-42", "messages": []}).encode())
    assert conversation_key(chatgpt, client, 60).key == "chatgpt.com|id|c-42"
    responses = HttpRequest("POST", "https://api.openai.com/v1/responses", HEADERS,
                            json.dumps({"previous_response_id": "resp_1", "input": "x"}).encode())
    assert conversation_key(responses, client, 60).key == "api.openai.com|id|resp_1"
    claude = HttpRequest("POST", "https://claude.ai/api/organizations/o/chat_conversations/"
                         "0b7f7a52-3d1e-4f7e-9a44-2c9a6a6b1c11/completion", HEADERS, b"{}")
    assert conversation_key(claude, client, 60).source == "path"
    plain = conversation_key(_chat("x"), client, 60)
    assert plain.source == "client" and plain.window == 60 and plain.key.startswith("api.openai.com|client|auth:")
    assert list(answer_ids({"id": "resp_2", "object": "response"})) == ["resp_2"]
    assert list(answer_ids({"conversation_id": "c-43", "message": {}})) == ["c-43"]
    assert list(answer_ids({"id": "chatcmpl-1", "object": "chat.completion"})) == []
