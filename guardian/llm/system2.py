"""The System 2 prompt contract (DESIGN.md "Matcher"): the LLM estimates L, it never decides.

Given the action and the evidence, it returns strict JSON
{"violation_likelihood": 0..1, "rationale": str, "evidence_ids": [..]}.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["SYSTEM2_SCHEMA", "system2_messages"]

SYSTEM2_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "violation_likelihood": {"type": "number", "minimum": 0, "maximum": 1},
        "rationale": {"type": "string"},
        "evidence_ids": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["violation_likelihood"],
}

_SYSTEM = (
    "You judge whether a web request violates the privacy policy of the site that receives it. "
    "You get the request's data categories, recipient, purposes and how it was triggered, and "
    "numbered policy statements. Estimate the likelihood (0 to 1) that sending this data this "
    "way violates the policy or the user's reasonable expectations: high when the policy does "
    "not disclose it or forbids it, low when the policy clearly covers it. Answer only with JSON: "
    '{"violation_likelihood": <0..1>, "rationale": "<one sentence>", "evidence_ids": ["<ids used>"]}.'
)


def system2_messages(action: str, evidence: Sequence[tuple[str, str]]) -> list[dict[str, str]]:
    """Messages for one estimate; `evidence` is (id, statement text) pairs."""
    listed = "\n".join(f"[{eid}] {text}" for eid, text in evidence) or "(no policy statement found)"
    return [
        {"role": "system", "content": _SYSTEM},
        {"role": "user", "content": f"Request: {action}\n\nPolicy statements:\n{listed}"},
    ]
