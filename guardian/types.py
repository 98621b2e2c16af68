"""Type aliases and protocols shared across stages (as httpx keeps its `_types`).

`JsonLLM` is what every stage that may ask the LLM takes (System 2, the LLM annotator, L4/L5,
the attacker): `guardian.llm.SyncLLM` implements it, the tests' stubs too. It lives here, not in
a stage, so that an earlier stage never imports a later one to name it.
"""

from __future__ import annotations

from typing import Any, Protocol

__all__ = ["JsonLLM"]


class JsonLLM(Protocol):
    """An LLM that answers a chat in strict JSON for one role (guardian.llm.SyncLLM)."""

    def complete_json(self, role: str, messages: Any, schema: dict[str, Any], **kwargs: Any) -> Any: ...
