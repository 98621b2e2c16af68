"""AI prompts through the real pipeline and its AI-chat operator: attachments pass byte for byte,
the user's text beside them is protected, and a tool's JSON result is read field by field (its
e-mail, phone and card replaced) and stays valid JSON."""

from __future__ import annotations

import asyncio
import base64
import json
from typing import Any

import pytest
from mitmproxy.test import taddons, tflow

from guardian.addon import GuardianAddon
from guardian.addon.restore import ChatRestore
from guardian.assemble import assemble
from guardian.settings import Settings

EMAIL, PHONE, CARD = "jane.doe@corp-mail.org", "+1 415 555 0142", "4111 1111 1111 1111"
PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 3).decode()
DATA_URL = f"data:image/png;base64,{PNG}"
PDF = base64.b64encode(b"%PDF-1.4\n" + bytes(range(200))).decode()
TEXT = f"Please check this for me, my e-mail is {EMAIL}."
TOOL = json.dumps({"customer": {"email": "bob.roe@corp-mail.org", "phone": "+1 212 555 0199", "card": CARD, "plan": "pro"}})
PLANTED = [EMAIL, "bob.roe@corp-mail.org", "555 0199", CARD]


@pytest.fixture(scope="module")
def addons() -> Any:
    pipeline = assemble(Settings(policy_db=None, escalation_l_max=3))
    guardian = GuardianAddon(pipeline)
    return guardian, ChatRestore(guardian)


def _send(addons: Any, host: str, path: str, body: dict[str, Any]) -> tuple[bytes, dict[str, Any]]:
    guardian, restore = addons
    with taddons.context(guardian, restore):
        flow = tflow.tflow()
        flow.request.method, flow.request.scheme, flow.request.host, flow.request.port = "POST", "https", host, 443
        flow.request.path = path
        flow.request.headers["Content-Type"] = "application/json"
        flow.request.headers["Authorization"] = "Bearer sk-unit-ai-requests"
        flow.request.content = json.dumps(body).encode()
        asyncio.run(guardian.request(flow))
        assert flow.response is None, "an AI prompt is rewritten, never blocked"
        return flow.request.content, json.loads(flow.request.content)


def _no_planted(sent: bytes) -> None:
    text = sent.decode()
    for value in PLANTED:
        assert value not in text and json.dumps(value)[1:-1] not in text, value


def test_openai_chat_image_audio_and_file_parts_pass_byte_for_byte(addons: Any) -> None:
    parts = [{"type": "text", "text": TEXT}, {"type": "image_url", "image_url": {"url": DATA_URL, "detail": "high"}},
             {"type": "input_audio", "input_audio": {"data": PDF, "format": "wav"}},
             {"type": "file", "file": {"file_data": f"data:application/pdf;base64,{PDF}", "filename": "jane_doe_cv.pdf"}}]
    raw, sent = _send(addons, "api.openai.com", "/v1/chat/completions", {"model": "gpt-4o", "messages": [{"role": "user", "content": parts}]})
    got = sent["messages"][0]["content"]
    assert got[1:] == parts[1:]
    assert EMAIL not in got[0]["text"] and got[0]["text"].startswith("Please check this for me")


def test_openai_responses_input_image_and_file_pass(addons: Any) -> None:
    content = [{"type": "input_text", "text": TEXT}, {"type": "input_image", "image_url": DATA_URL, "detail": "auto"},
               {"type": "input_file", "filename": "scan.pdf", "file_data": PDF}, {"type": "input_file", "file_id": "file-abc123"}]
    _, sent = _send(addons, "api.openai.com", "/v1/responses", {"model": "gpt-4o", "input": [{"role": "user", "content": content}]})
    assert sent["input"][0]["content"][1:] == content[1:] and EMAIL not in sent["input"][0]["content"][0]["text"]


def test_anthropic_image_and_document_blocks_pass(addons: Any) -> None:
    content = [{"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}},
               {"type": "document", "source": {"type": "url", "url": f"https://files.example/{EMAIL}/cv.pdf"}},
               {"type": "document", "source": {"type": "file", "file_id": "file_011CNha8iCJcU1wXNR6q4V8w"}},
               {"type": "text", "text": TEXT}]
    _, sent = _send(addons, "api.anthropic.com", "/v1/messages",
                    {"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": [{"role": "user", "content": content}]})
    got = sent["messages"][0]["content"]
    assert got[:3] == content[:3] and EMAIL not in got[3]["text"]


def test_gemini_inline_and_file_data_pass(addons: Any) -> None:
    parts = [{"text": TEXT}, {"inline_data": {"mime_type": "image/png", "data": PNG}},
             {"inlineData": {"mimeType": "image/png", "data": PNG}},
             {"fileData": {"mimeType": "application/pdf", "fileUri": "https://generativelanguage.googleapis.com/v1beta/files/abc"}}]
    _, sent = _send(addons, "generativelanguage.googleapis.com", "/v1beta/models/gemini-2.0-flash:generateContent",
                    {"contents": [{"role": "user", "parts": parts}]})
    got = sent["contents"][0]["parts"]
    assert got[1:] == parts[1:] and EMAIL not in got[0]["text"]


def _tool_json(text: str) -> dict[str, Any]:
    doc = json.loads(text)  # still valid JSON
    customer = doc["customer"]
    assert customer["plan"] == "pro" and set(customer) == {"email", "phone", "card", "plan"}
    return customer


def test_openai_tool_message_json_is_read_field_by_field(addons: Any) -> None:
    messages = [{"role": "user", "content": "Look up my account."},
                {"role": "assistant", "content": None, "tool_calls": [{"id": "call_1", "type": "function",
                                                                        "function": {"name": "lookup", "arguments": "{}"}}]},
                {"role": "tool", "tool_call_id": "call_1", "content": TOOL},
                {"role": "tool", "tool_call_id": "call_2", "content": json.dumps({"name": "Jane Doe", "type": "customer"})}]
    raw, sent = _send(addons, "api.openai.com", "/v1/chat/completions", {"model": "gpt-4o", "messages": messages})
    _no_planted(raw)
    _tool_json(sent["messages"][2]["content"])
    named = json.loads(sent["messages"][3]["content"])  # `name` in a result is not the API's `name`
    assert named["name"] != "Jane Doe" and named["type"] == "customer"
    assert sent["messages"][1] == messages[1] and sent["messages"][2]["tool_call_id"] == "call_1"


def test_responses_function_call_output_is_read_field_by_field(addons: Any) -> None:
    items = [{"type": "function_call", "call_id": "call_1", "name": "lookup", "arguments": "{}"},
             {"type": "function_call_output", "call_id": "call_1", "output": TOOL}]
    raw, sent = _send(addons, "api.openai.com", "/v1/responses", {"model": "gpt-4o", "previous_response_id": "resp_1", "input": items})
    _no_planted(raw)
    _tool_json(sent["input"][1]["output"])
    assert sent["previous_response_id"] == "resp_1" and sent["input"][0] == items[0]


def test_anthropic_tool_result_is_read_field_by_field(addons: Any) -> None:
    messages = [{"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "lookup", "input": {}}]},
                {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": TOOL},
                                             {"type": "tool_result", "tool_use_id": "toolu_2", "content": [{"type": "text", "text": TOOL}]}]}]
    raw, sent = _send(addons, "api.anthropic.com", "/v1/messages", {"model": "claude-sonnet-4-5", "max_tokens": 10, "messages": messages})
    _no_planted(raw)
    results = sent["messages"][1]["content"]
    _tool_json(results[0]["content"])
    _tool_json(results[1]["content"][0]["text"])
    assert results[0]["tool_use_id"] == "toolu_1"


def test_gemini_function_response_is_user_data(addons: Any) -> None:
    response = json.loads(TOOL)
    response["name"] = "Jane Doe"  # a key the API also uses: inside a response it is the tool's data
    contents = [{"role": "model", "parts": [{"functionCall": {"name": "lookup", "args": {}}}]},
                {"role": "user", "parts": [{"functionResponse": {"name": "lookup", "response": response}}]}]
    raw, sent = _send(addons, "generativelanguage.googleapis.com", "/v1beta/models/gemini-2.0-flash:generateContent", {"contents": contents})
    _no_planted(raw)
    part = sent["contents"][1]["parts"][0]["functionResponse"]
    assert part["name"] == "lookup" and "Jane Doe" not in raw.decode()
    del part["response"]["name"]
    _tool_json(json.dumps(part["response"]))


# -- a chat's history: the model's own turns go back as the service said them --------------------

ASK = "My name is Jane Doe. Please search for cheap flights to Lisbon in May."
QUERY = {"query": "cheap flights Lisbon May", "passenger": "Jane Doe"}


@pytest.mark.parametrize(
    ("host", "path", "body", "args_at"),
    [
        ("api.openai.com", "/v1/chat/completions",
         {"model": "gpt-4o", "messages": [
             {"role": "user", "content": ASK},
             {"role": "assistant", "content": None, "tool_calls": [
                 {"id": "call_1", "type": "function", "function": {"name": "search", "arguments": json.dumps(QUERY)}}]},
             {"role": "tool", "tool_call_id": "call_1", "content": "3 results"}]},
         lambda s: json.loads(s["messages"][1]["tool_calls"][0]["function"]["arguments"])),
        ("api.anthropic.com", "/v1/messages",
         {"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": [
             {"role": "user", "content": ASK},
             {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "search", "input": QUERY}]},
             {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "3 results"}]}]},
         lambda s: s["messages"][1]["content"][0]["input"]),
        ("generativelanguage.googleapis.com", "/v1beta/models/gemini-2.0-flash:generateContent",
         {"contents": [
             {"role": "user", "parts": [{"text": ASK}]},
             {"role": "model", "parts": [{"functionCall": {"name": "search", "args": QUERY}}]},
             {"role": "user", "parts": [{"functionResponse": {"name": "search", "response": {"result": "3 results"}}}]}]},
         lambda s: s["contents"][1]["parts"][0]["functionCall"]["args"]),
        ("api.openai.com", "/v1/responses",
         {"model": "gpt-4o", "input": [
             {"role": "user", "content": ASK},
             {"type": "function_call", "call_id": "call_1", "name": "search", "arguments": json.dumps(QUERY)},
             {"type": "function_call_output", "call_id": "call_1", "output": "3 results"}]},
         lambda s: json.loads(s["input"][1]["arguments"])),
    ],
    ids=["openai-chat", "anthropic", "gemini", "openai-responses"],
)
def test_the_model_own_tool_call_goes_back_as_it_was_said(addons: Any, host: str, path: str, body: dict[str, Any],
                                                          args_at: Any) -> None:
    raw, sent = _send(addons, host, path, body)
    assert b"Jane Doe" not in raw  # the user's name: its pseudonym, in the user's message and in the call
    args = args_at(sent)
    assert args["query"] == QUERY["query"]  # the model's words are not the user's search history
    assert args["passenger"] != "Jane Doe" and args["passenger"] in raw.decode()
    assert b"cheap flights" in raw and b"[SEARCH" not in raw
