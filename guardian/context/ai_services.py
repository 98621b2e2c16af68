"""AI services as a recipient kind: chat apps and model APIs people send their most sensitive text to.

A request goes to an AI service when its host is one of `AI_SERVICE_DOMAINS` (a domain covers its
subdomains) or its path is one of the OpenAI-compatible or Anthropic model endpoints on any host
(`AI_API_PATHS`: self-hosted vLLM, Ollama, LiteLLM, gateways). It is decided before the
first-party rules: ChatGPT's page posting to chatgpt.com is the same site, and still an AI
provider receiving a prompt. Purposes: functionality and model training, unless a user rule
(`domains:` with `purposes:`) says otherwise; `trusted:` passes a provider untouched.
"""

from __future__ import annotations

import re

from guardian.context.site import normalise_host
from guardian.records import HttpRequest

__all__ = ["AI_SERVICE_DOMAINS", "AI_API_PATHS", "is_ai_service", "is_ai_request", "is_ai_host", "is_ai_api_path"]

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
    """`is_ai_service` for a request: its host and its URL's path."""
    return is_ai_service(request.host, request.url_path)
