"""AI services as a recipient kind: chat apps and model APIs people send their most sensitive text to.

A request goes to an AI service when its host is one of `AI_SERVICE_DOMAINS` (a domain covers its
subdomains) or its path is one of the OpenAI-compatible or Anthropic model endpoints on any host
(`AI_API_PATHS`: self-hosted vLLM, Ollama, LiteLLM, gateways). It is decided before the
first-party rules: ChatGPT's page posting to chatgpt.com is the same site, and still an AI
provider receiving a prompt. Purposes: functionality and model training, unless a user rule
(`domains:` with `purposes:`) says otherwise; `trusted:` passes a provider untouched.

A model API no list names is known by its request instead (`is_chat_request`): the chat format
the OpenAI-compatible servers, Anthropic, Cohere (v2), Mistral, Ollama (`/api/chat`) and most
gateways share, a JSON object with the `model` it asks and `messages` whose items carry a
chat `role` (`CHAT_ROLES`), one of them the user's; or the completion format of OpenAI's legacy
completions and Ollama's `/api/generate`, a `model` and the `prompt` text (`is_completion_request`).
A site's own service that forwards such a body to a model is, for what the user types, that model.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence

from guardian.context.site import normalise_host
from guardian.records import HttpRequest

__all__ = ["AI_SERVICE_DOMAINS", "AI_API_PATHS", "CHAT_ROLES", "is_ai_service", "is_ai_request", "is_ai_host", "is_ai_api_path",
           "is_chat_request", "is_completion_request", "is_chat_body"]

AI_SERVICE_DOMAINS: tuple[str, ...] = (
    "chatgpt.com", "chat.openai.com", "api.openai.com",  # OpenAI
    "claude.ai", "api.anthropic.com",  # Anthropic
    "gemini.google.com", "generativelanguage.googleapis.com", "aistudio.google.com",  # Google
    "copilot.microsoft.com", "sydney.bing.com",  # Microsoft Copilot
    "perplexity.ai",
    "chat.mistral.ai", "api.mistral.ai",
    "chat.deepseek.com", "api.deepseek.com",
    "poe.com",
    "character.ai",
    "huggingface.co", "api-inference.huggingface.co", "router.huggingface.co",  # HuggingChat, inference
    "api.groq.com", "groq.com",
    "api.together.xyz", "api.together.ai",
    "openrouter.ai",
)
# Model and chat-app endpoints with a documented request schema, wherever they are served: the
# OpenAI-compatible and Anthropic model APIs; Azure OpenAI's deployments
# (learn.microsoft.com/azure/ai-services/openai/reference); the chat and completion APIs of the
# self-hosted LLM app servers sites embed, whose question travels under their own key: Dify
# (`query`, docs.dify.ai: /v1/chat-messages, /v1/completion-messages), Flowise
# (`question`, /api/v1/prediction/<chatflow id>), Langflow (`input_value`, /api/v1/run/<flow id>)
# and Open WebUI (/api/chat/completions); the prediction API of Cog, the open-source model server
# (github.com/replicate/cog: POST /predictions with the model's `input`), as Replicate serves it
# (/v1/predictions, /v1/models/<owner>/<name>/predictions, /v1/deployments/<owner>/<name>/predictions).
AI_API_PATHS = re.compile(
    r"(?:^|/)v1/(?:chat/completions|completions|responses|messages|chat-messages|completion-messages)/?$"
    r"|^/(?:v1/(?:(?:models|deployments)/[^/]{1,128}/[^/]{1,128}/)?)?predictions/?$"
    r"|(?:^|/)openai/deployments/[^/]{1,128}/(?:chat/completions|completions)/?$"
    r"|(?:^|/)api/v1/(?:prediction|run)/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/?$"
    r"|(?:^|/)api/chat/completions/?$")


_AI_DOMAINS = frozenset(AI_SERVICE_DOMAINS)


def is_ai_host(host: str) -> bool:
    """Whether `host` is (a subdomain of) one of `AI_SERVICE_DOMAINS`."""
    host = normalise_host(host)
    # the host and each parent domain, looked up (every request asks, most hosts are not AI)
    start = 0
    while True:
        if host[start:] in _AI_DOMAINS:
            return True
        dot = host.find(".", start)
        if dot < 0:
            return False
        start = dot + 1


def is_ai_api_path(path: str) -> bool:
    """Whether a URL path is one of the model endpoints of `AI_API_PATHS`, on whatever host."""
    return bool(AI_API_PATHS.search(path or ""))


def is_ai_service(host: str, path: str) -> bool:
    """Whether a request to `host` and `path` sends text to an AI model or chat app."""
    return is_ai_host(host) or is_ai_api_path(path)


def is_ai_request(request: HttpRequest) -> bool:
    """`is_ai_service` for a request (its host and its URL's path), or a chat model's request
    body on any host (`is_chat_body`)."""
    return is_ai_service(request.host, request.url_path) or is_chat_body(request)


# The roles of a chat's turns: OpenAI's (system, developer, user, assistant, tool, function),
# Gemini's and Cohere v1's names for the model's turn (model, chatbot)
CHAT_ROLES = frozenset({"system", "developer", "user", "assistant", "tool", "function", "model", "chatbot"})
MAX_MODEL_CHARS = 200  # a model's name or path ("accounts/fireworks/models/llama-v3p1-70b-instruct")
MAX_SNIFFED_BYTES = 8 * 1024 * 1024  # a larger body is no chat turn read here (the pipeline still reads it)
_JSON_TYPES = ("application/json", "text/plain", "")  # fetch() sends a string body as text/plain


def is_chat_request(model: object, roles: Sequence[object]) -> bool:
    """Whether a body's top-level `model` and the `role`s of its top-level `messages` are a chat
    model's request: a model named by a short string, every role a chat role, one the user's."""
    return (isinstance(model, str) and 0 < len(model.strip()) <= MAX_MODEL_CHARS and bool(roles)
            and all(isinstance(r, str) and r in CHAT_ROLES for r in roles) and "user" in roles)


def is_completion_request(model: object, prompt: object) -> bool:
    """Whether a body's top-level `model` and `prompt` are a completion model's request: the
    OpenAI legacy completions, Ollama's `/api/generate` and the completion APIs of model hosts
    that follow them ("model" and "prompt", a text or a list of texts, no chat turns)."""
    texts = prompt if isinstance(prompt, list) else [prompt]
    return (isinstance(model, str) and 0 < len(model.strip()) <= MAX_MODEL_CHARS and bool(texts)
            and all(isinstance(t, str) for t in texts) and any(t.strip() for t in texts))


def is_chat_body(request: HttpRequest) -> bool:
    """Whether the request carries a chat or completion model's request body (`is_chat_request`,
    `is_completion_request`), read from its raw body: a POST of JSON, not content-encoded (what an
    SDK sends), whose text names "messages" and "role", or "model" and "prompt", before it is parsed."""
    body = request.body
    if request.method.upper() != "POST" or not body or len(body) > MAX_SNIFFED_BYTES or request.header("content-encoding"):
        return False
    chat = b'"messages"' in body and b'"role"' in body
    if not chat and not (b'"prompt"' in body and b'"model"' in body):
        return False
    if (request.header("content-type") or "").split(";")[0].strip().lower() not in _JSON_TYPES:
        return False
    try:
        doc = json.loads(body)
    except ValueError:
        return False
    if not isinstance(doc, Mapping):
        return False
    if not isinstance(messages := doc.get("messages"), list):
        return "messages" not in doc and is_completion_request(doc.get("model"), doc.get("prompt"))
    return is_chat_request(doc.get("model"), [m.get("role") if isinstance(m, Mapping) else None for m in messages])
