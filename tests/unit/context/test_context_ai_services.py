"""AI services as a recipient kind: prompts with Critical or High data are rewritten, stay valid
for the API, and GuardianAgent's own LLM endpoint is never decided as an outgoing flow."""

from __future__ import annotations

import json

import pytest

from guardian.assemble import assemble, build_components
from guardian.context.ai_services import is_ai_api_path, is_ai_host, is_ai_request, is_ai_service
from guardian.records import HttpRequest, Verdict
from guardian.rules import parse_rules
from guardian.settings import Settings

CHAT_PAGE = (("Content-Type", "application/json"), ("Origin", "https://chatgpt.com"), ("Sec-Fetch-Site", "same-origin"),
             ("Sec-Fetch-Mode", "cors"), ("Sec-Fetch-Dest", "empty"))
API = (("Content-Type", "application/json"), ("Authorization", "Bearer sk-test"))


@pytest.fixture(scope="module")
def pipeline():  # type: ignore[no-untyped-def]
    return assemble(Settings(policy_db=None))


@pytest.mark.parametrize(
    "host, path, expected",
    [("chatgpt.com", "/backend-api/conversation", True), ("api.anthropic.com", "/v1/messages", True),
     ("llm.corp.example", "/v1/chat/completions", True), ("shop.example", "/api/cart", False),
     # a domain covers its subdomains, not a name that merely ends the same way
     ("eu.api.openai.com", "/x", True), ("www.perplexity.ai", "/", True), ("API.OpenAI.com.", "/x", True),
     ("notperplexity.ai", "/", False), ("openai.com", "/", False), ("ai", "/", False), ("", "", False),
     # the documented chat APIs of Azure OpenAI and of the LLM app servers sites embed (Dify, Flowise,
     # Langflow, Open WebUI), on whatever host serves them
     ("corp.openai.azure.com", "/openai/deployments/gpt4o/chat/completions", True),
     ("api.dify.ai", "/v1/chat-messages", True), ("dify.corp.example", "/v1/completion-messages", True),
     ("flows.example", "/api/v1/prediction/3f2b8c1e-9a4d-4e2b-8c1e-9a4d4e2b8c1e", True),
     ("shop.example", "/api/v1/prediction/latest", False), ("chat.example", "/api/chat/completions", True),
     ("shop.example", "/v1/messages-archive", False),
     # Cog's prediction API, self-hosted or as Replicate serves it; not any path that ends in the word
     ("models.corp.example", "/predictions", True), ("api.replicate.com", "/v1/predictions", True),
     ("api.replicate.com", "/v1/models/meta/meta-llama-3-8b-instruct/predictions", True),
     ("shop.example", "/api/football/predictions", False)],
)
def test_ai_service_hosts_and_model_paths(host: str, path: str, expected: bool) -> None:
    assert is_ai_service(host, path) is expected
    assert (is_ai_host(host) or is_ai_api_path(path)) is expected  # the two halves the chat addon asks apart
    if host:
        assert is_ai_request(HttpRequest("POST", f"https://{host.rstrip('.')}{path}?q=/v1/messages")) is expected


def test_a_chat_message_with_an_ssn_and_a_diagnosis_is_rewritten_not_allowed(pipeline) -> None:  # type: ignore[no-untyped-def]
    text = "I'm Jane Doe, 12 Main Street, Springfield. My SSN is 512-44-3019 and I was diagnosed with diabetes."
    body = json.dumps({"action": "next", "model": "auto", "conversation_id": "c-1",
                       "messages": [{"author": {"role": "user"}, "content": {"content_type": "text", "parts": [text]}}]})
    outcome = pipeline.decide(HttpRequest("POST", "https://chatgpt.com/backend-api/conversation", CHAT_PAGE, body.encode()))
    record = outcome.line
    assert record["recipient"] == "ai_service" and "model_training" in record["purposes"]
    assert outcome.verdict is Verdict.TRANSFORM and outcome.rewrite is not None
    sent = json.loads(outcome.rewrite.body)  # still valid for the service
    assert "512-44-3019" not in outcome.rewrite.body.decode() and sent["model"] == "auto" and sent["action"] == "next"


def test_an_api_prompt_with_a_card_and_a_phone_keeps_its_settings(pipeline) -> None:  # type: ignore[no-untyped-def]
    body = json.dumps({"model": "gpt-4o", "temperature": 0.2, "messages": [
        {"role": "user", "content": "Charge 4111 1111 1111 1111 and text me at +1 415 555 0100."}]})
    outcome = pipeline.decide(HttpRequest("POST", "https://api.openai.com/v1/chat/completions", API, body.encode()))
    assert outcome.verdict is Verdict.TRANSFORM and outcome.rewrite is not None
    sent = json.loads(outcome.rewrite.body)
    assert sent["model"] == "gpt-4o" and sent["temperature"] == 0.2 and sent["messages"][0]["role"] == "user"
    assert "4111" not in sent["messages"][0]["content"] and "555 0100" not in sent["messages"][0]["content"]


def test_a_user_can_trust_a_provider(pipeline) -> None:  # type: ignore[no-untyped-def]
    trusting = pipeline.with_rules(parse_rules("trusted: [openai.com]"))
    body = b'{"model": "gpt-4o", "messages": [{"role": "user", "content": "My SSN is 512-44-3019."}]}'
    outcome = trusting.decide(HttpRequest("POST", "https://api.openai.com/v1/chat/completions", API, body))
    assert outcome.verdict is Verdict.ALLOW and outcome.line["rule"] == "trusted:openai.com"


def test_the_projects_own_llm_endpoint_is_never_an_outgoing_flow() -> None:
    settings = Settings.from_values({"guardian_llm": "http://127.0.0.1:8081/v1", "guardian_policy_db": "off"}, env={})
    components = build_components(settings)  # built here, closed here: the pipeline does not hold them
    pipeline = assemble(settings, components=components)
    try:
        body = b'{"model": "qwen", "messages": [{"role": "user", "content": "SSN 512-44-3019"}]}'
        outcome = pipeline.decide(HttpRequest("POST", "http://127.0.0.1:8081/v1/chat/completions", API, body))
        assert outcome.verdict is Verdict.ALLOW and outcome.line["rule"] == "own:llm"
    finally:
        components.close()


def test_a_question_under_a_query_key_reaches_a_chat_app_and_its_details_do_not(pipeline) -> None:  # type: ignore[no-untyped-def]
    # Dify's chat API carries the visitor's question under "query": it is the prompt, not a search
    # to be replaced whole; the writer's details in it are rewritten as in any prompt
    body = {"inputs": {}, "query": "What is the return policy for shoes?", "response_mode": "streaming",
            "conversation_id": "", "user": "abc-123"}
    outcome = pipeline.decide(HttpRequest("POST", "https://api.dify.ai/v1/chat-messages", API, json.dumps(body).encode()))
    assert outcome.line["recipient"] == "ai_service" and outcome.verdict is Verdict.ALLOW
    body["query"] = "I'm Anna Berg and I live at 4 Elm Road, Leeds. Where is my order?"
    outcome = pipeline.decide(HttpRequest("POST", "https://api.dify.ai/v1/chat-messages", API, json.dumps(body).encode()))
    assert outcome.verdict is Verdict.TRANSFORM and outcome.rewrite is not None
    sent = json.loads(outcome.rewrite.body)["query"]
    assert "Anna Berg" not in sent and "Elm Road" not in sent and sent.endswith("Where is my order?")


SYSTEM = "You are the support assistant of Northwind Outfitters. Answer briefly and politely."
CHAT = {"model": "command-a-03-2025", "messages": [
    {"role": "system", "content": SYSTEM},
    {"role": "user", "content": "Hi, I'm Marta Kowalczyk (marta.kowalczyk@example.net), my parcel has not arrived."}]}


@pytest.mark.parametrize("body, content_type, expected", [
    (CHAT, "application/json", True),
    (CHAT, "text/plain;charset=UTF-8", True),  # fetch() with a string body
    # every role a chat role, one the user's; a model named by a short string
    ({**CHAT, "messages": [{"role": "customer", "content": "hi"}]}, "application/json", False),
    ({**CHAT, "messages": [{"role": "system", "content": SYSTEM}]}, "application/json", False),
    ({**CHAT, "model": {"id": "x"}}, "application/json", False),
    ({"messages": CHAT["messages"]}, "application/json", False),
    # a support widget's conversation has messages and roles, but asks no model
    ({"conversation_id": "c-1", "messages": [{"role": "user", "content": "hi"}]}, "application/json", False),
    (CHAT, "application/x-www-form-urlencoded", False),
])
def test_a_chat_models_request_is_known_by_its_body(body: object, content_type: str, expected: bool) -> None:
    request = HttpRequest("POST", "https://api.chat-models.example/v2/chat", (("Content-Type", content_type),),
                          json.dumps(body).encode())
    assert is_ai_request(request) is expected
    assert not is_ai_service("api.chat-models.example", "/v2/chat")  # no list names it


def test_a_model_api_no_list_names_keeps_its_system_prompt_and_settings(pipeline) -> None:  # type: ignore[no-untyped-def]
    # Cohere's /v2/chat and Ollama's /api/chat: the body makes them model APIs, so the site's
    # system prompt and the settings pass as written, and only the user's details are rewritten
    for url in ("https://api.chat-models.example/v2/chat", "http://127.0.0.1:11434/api/chat"):
        outcome = pipeline.decide(HttpRequest("POST", url, API, json.dumps({**CHAT, "temperature": 0.3}).encode()))
        assert outcome.line["context"]["recipient"] == "ai_service" and outcome.line["context"]["collector"] == "model"
        assert outcome.verdict is Verdict.TRANSFORM and outcome.rewrite is not None
        sent = json.loads(outcome.rewrite.body)
        assert sent["messages"][0] == CHAT["messages"][0] and sent["model"] == CHAT["model"] and sent["temperature"] == 0.3
        assert "Marta" not in sent["messages"][1]["content"] and "marta.kowalczyk" not in sent["messages"][1]["content"]


COMPLETION = {"model": "llama3.2", "prompt": "Hi, I'm Marta Kowalczyk (marta.kowalczyk@example.net), my parcel has not arrived.",
              "system_prompt": SYSTEM, "stream": False}


@pytest.mark.parametrize("body, expected", [
    (COMPLETION, True),  # Ollama's /api/generate, a host's completion API
    ({**COMPLETION, "prompt": ["first", "second"]}, True),  # the OpenAI legacy completions' batch
    ({**COMPLETION, "prompt": "  "}, False),
    ({**COMPLETION, "model": ""}, False),
    ({"prompt": COMPLETION["prompt"]}, False),  # a form's prompt asks no model
    ({"model": "Pixel 8", "prompt": {"shown": True}}, False),  # a device's model and a UI prompt's state
])
def test_a_completion_models_request_is_known_by_its_body(body: object, expected: bool) -> None:
    request = HttpRequest("POST", "https://llm.example/run/app", (("Content-Type", "application/json"),), json.dumps(body).encode())
    assert is_ai_request(request) is expected


def test_a_completion_models_prompt_is_rewritten_and_its_settings_kept(pipeline) -> None:  # type: ignore[no-untyped-def]
    for url in ("http://127.0.0.1:11434/api/generate", "https://llm.example/run/app"):
        outcome = pipeline.decide(HttpRequest("POST", url, API, json.dumps(COMPLETION).encode()))
        assert outcome.line["context"]["recipient"] == "ai_service" and outcome.line["context"]["collector"] == "model"
        assert outcome.verdict is Verdict.TRANSFORM and outcome.rewrite is not None
        sent = json.loads(outcome.rewrite.body)
        assert sent["model"] == COMPLETION["model"] and sent["stream"] is False and sent["system_prompt"] == SYSTEM
        assert "Marta" not in sent["prompt"] and "marta.kowalczyk" not in sent["prompt"] and sent["prompt"].endswith("not arrived.")
