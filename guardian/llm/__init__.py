"""The LLM backbone: one OpenAI-compatible client for every role, and the embedded server.

    settings = LLMSettings.from_env(base_url="http://127.0.0.1:8081/v1")
    llm = SyncLLM(settings)                      # for the synchronous pipeline
    answer = llm.complete_json("attacker", messages, schema, timeout=5)

Errors are `guardian.errors.LLMError` subclasses; callers fall back, never hang. The calls no
flow waits for go through `guardian.llm.background.BackgroundLLM`, which remembers the answers.
"""

from __future__ import annotations

from guardian.llm.client import LLMClient, Message, SyncLLM
from guardian.llm.settings import FORMATS, ROLES, LLMSettings, RoleEndpoint

__all__ = ["LLMClient", "SyncLLM", "Message", "LLMSettings", "RoleEndpoint", "ROLES", "FORMATS"]
