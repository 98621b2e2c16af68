"""A request's findings become the conversation's pseudonyms; the request stays valid."""

from __future__ import annotations

import json

from guardian.decision_record import DecisionRecord
from guardian.records import HttpRequest, Verdict
from guardian.vault.conversation import answer_ids, client_identity, conversation_key
from guardian.vault.pseudonymize import pseudonymize_request
from guardian.vault.store import Vault

URL = "https://api.openai.com/v1/chat/completions"
HEADERS = (("Content-Type", "application/json"), ("Authorization", "Bearer sk-test"))


def _chat(*messages: str) -> HttpRequest:
    body = {"model": "gpt-4o", "temperature": 0.2, "messages": [{"role": "user", "content": m} for m in messages]}
    return HttpRequest("POST", URL, HEADERS, json.dumps(body).encode())


def _finding(i: int, text: str, value: str, category: str, entity: str) -> dict[str, object]:
    start = text.index(value)
    return {"category": category, "entity": entity, "field": f"json:$.messages[{i}].content", "span": [start, start + len(value)]}


def _record(*findings: dict[str, object], l_final: int = 3) -> DecisionRecord:
    return DecisionRecord("POST", "api.openai.com", "/v1/chat/completions", Verdict.TRANSFORM, "r", findings=findings, l_final=l_final)


def test_findings_get_the_conversations_pseudonyms_and_json_stays_valid() -> None:
    text = "I am Jane Doe, mail jane@corp.org. Jane Doe says hi."
    record = _record(
        _finding(0, text, "Jane Doe", "Contact", "PERSON"),
        _finding(0, text, "jane@corp.org", "Email", "EMAIL_ADDRESS"),
        {"category": "Content", "entity": "FREE_TEXT", "field": "json:$.messages[0].content", "span": [0, 4]},
    )
    conv = Vault().conversation("k")
    result = pseudonymize_request(_chat(text), record, conv, "tags", max_body_bytes=10**6)
    sent = json.loads(result.rewrite.body)  # type: ignore[union-attr]
    assert sent["messages"][0]["content"] == "I am [PERSON_1], mail [EMAIL_1]. [PERSON_1] says hi."
    assert sent["model"] == "gpt-4o" and sent["temperature"] == 0.2
    assert (result.pseudonymized, result.new, result.again) == (3, 2, 1)  # the second "Jane Doe": known
    assert ("content-length", str(len(result.rewrite.body))) in result.rewrite.headers  # type: ignore[union-attr]


def test_a_later_turn_reuses_pseudonyms_even_where_nothing_was_found() -> None:
    conv = Vault().conversation("k")
    first = "Write to Jane Doe"
    pseudonymize_request(_chat(first), _record(_finding(0, first, "Jane Doe", "Contact", "PERSON")), conv, "tags", max_body_bytes=10**6)
    # The client sends the history back, with the answer restored; the detector misses the name now.
    later = _chat(first, "Sure, Jane Doe will get it.", "Thanks! Also tell Bob Roe.")
    record = _record(_finding(2, "Thanks! Also tell Bob Roe.", "Bob Roe", "Contact", "PERSON"))
    result = pseudonymize_request(later, record, conv, "tags", max_body_bytes=10**6)
    sent = [m["content"] for m in json.loads(result.rewrite.body)["messages"]]  # type: ignore[union-attr]
    assert sent == ["Write to [PERSON_1]", "Sure, [PERSON_1] will get it.", "Thanks! Also tell [PERSON_2]."]


def test_an_allowed_request_without_known_values_is_untouched() -> None:
    conv = Vault().conversation("k")
    record = DecisionRecord("POST", "api.openai.com", "/", Verdict.ALLOW, "r")
    assert pseudonymize_request(_chat("hello there"), record, conv, "tags", max_body_bytes=10**6).rewrite is None


def test_llm_rewrites_are_left_as_the_pipeline_made_them() -> None:
    text = "I am Jane Doe"
    record = _record(_finding(0, text, "Jane Doe", "Contact", "PERSON"), l_final=4)
    assert pseudonymize_request(_chat(text), record, Vault().conversation("k"), "tags", max_body_bytes=10**6).rewrite is None


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
