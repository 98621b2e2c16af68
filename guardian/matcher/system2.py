"""System 2: the LLM estimates L for an action against its evidence (DESIGN.md prompt contract).

The model gets the action and the evidence statements (id, text, fields) and must answer
{"violation_likelihood": 0..1, "rationale": str, "evidence_ids": [..]}. The value is clamped
to [0, 1], unknown evidence ids are dropped, and any failure (endpoint down, timeout, garbage)
raises `guardian.errors.LLMError`, which the gate turns into the conservative fallback. The
LLM only estimates L; the risk stage decides.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from guardian.errors import LLMBadResponse
from guardian.matcher.system1 import EvidenceItem
from guardian.records import Action
from guardian.types import JsonLLM

__all__ = ["S2Answer", "SCHEMA", "build_messages", "ask_system2", "S2_TIMEOUT_S", "S2_MAX_TOKENS"]

S2_TIMEOUT_S = 4.0  # the whole System 2 call, retry included; within the flow's guardian_timeout
S2_MAX_TOKENS = 256  # the answer is a number, a sentence and a few ids

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "violation_likelihood": {"type": "number", "minimum": 0, "maximum": 1},
        "rationale": {"type": "string"},
        "evidence_ids": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["violation_likelihood", "rationale", "evidence_ids"],
}

SYSTEM = (
    "You check whether one web request conflicts with the privacy policy of the site that "
    "receives it. You get the request as an action (data categories, recipient type, purposes, "
    "how it was triggered) and numbered policy statements. Estimate violation_likelihood, the "
    "probability that the action is NOT permitted by the statements: near 0 when a statement "
    "clearly permits this data for this purpose and recipient; near 1 when a statement forbids it "
    "(\"we do not ...\") or none covers it. Cite the statements you relied on in evidence_ids. "
    "Answer with one JSON object only: "
    '{"violation_likelihood": <0..1>, "rationale": "<one sentence>", "evidence_ids": ["<id>", ...]}'
)

# Few-shot examples: one permitted, one forbidden, one not covered.
FEW_SHOT: tuple[tuple[dict[str, Any], dict[str, Any]], ...] = (
    (
        {"action": {"data": ["Email"], "recipient": "first_party", "purposes": ["functionality"], "basis": "user_initiated"},
         "evidence": [{"id": "ex1:0", "text": "We collect your email address when you create an account so we can provide the service.",
                       "fields": {"data": ["Email"], "actions": ["collect"], "purposes": ["functionality"]}}]},
        {"violation_likelihood": 0.05, "rationale": "ex1:0 permits collecting the email to provide the service.", "evidence_ids": ["ex1:0"]},
    ),
    (
        {"action": {"data": ["Location(precise)"], "recipient": "advertising", "purposes": ["advertising"], "basis": "background"},
         "evidence": [{"id": "ex2:3", "text": "We do not share your precise location with advertisers.",
                       "fields": {"data": ["Location(precise)"], "actions": ["share"], "recipients": ["advertising"], "negated": True}}]},
        {"violation_likelihood": 0.97, "rationale": "ex2:3 says precise location is not shared with advertisers.", "evidence_ids": ["ex2:3"]},
    ),
    (
        {"action": {"data": ["Phone"], "recipient": "analytics", "purposes": ["analytics"], "basis": "background"},
         "evidence": [{"id": "ex3:1", "text": "We use cookies to measure how visitors use our pages.",
                       "fields": {"data": ["Cookies"], "actions": ["collect"], "purposes": ["analytics"]}}]},
        {"violation_likelihood": 0.85, "rationale": "No statement covers sharing the phone number with an analytics provider.", "evidence_ids": []},
    ),
)


@dataclass(frozen=True)
class S2Answer:
    likelihood: float
    rationale: str
    evidence_ids: tuple[str, ...]


def action_json(action: Action) -> dict[str, Any]:
    return {
        "data": sorted(c.value for c in action.categories),
        "recipient": action.recipient.value,
        "purposes": [p.value for p in action.purposes],
        "basis": action.basis.value,
    }


def evidence_json(items: Sequence[EvidenceItem], fields: Sequence[dict[str, Any] | None] | None = None) -> list[dict[str, Any]]:
    out = []
    for i, item in enumerate(items):
        entry: dict[str, Any] = {"id": item.id, "text": item.text[:600]}
        if fields and i < len(fields) and fields[i]:
            entry["fields"] = {k: v for k, v in fields[i].items() if v}  # type: ignore[union-attr]
        out.append(entry)
    return out


def build_messages(action: Action, items: Sequence[EvidenceItem], fields: Sequence[dict[str, Any] | None] | None = None) -> list[dict[str, str]]:
    """System prompt, the few-shot turns, then the question."""
    messages = [{"role": "system", "content": SYSTEM}]
    for question, answer in FEW_SHOT:
        messages.append({"role": "user", "content": json.dumps(question)})
        messages.append({"role": "assistant", "content": json.dumps(answer)})
    messages.append({"role": "user", "content": json.dumps({"action": action_json(action), "evidence": evidence_json(items, fields)})})
    return messages


def parse_answer(raw: Any, items: Sequence[EvidenceItem]) -> S2Answer:
    """Clamp, drop unknown ids; LLMBadResponse when the value is missing or not a number."""
    if not isinstance(raw, dict):
        raise LLMBadResponse("system2", "the answer is not a JSON object")
    value = raw.get("violation_likelihood")
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise LLMBadResponse("system2", "violation_likelihood is not a number")
    known = {i.id for i in items}
    ids = raw.get("evidence_ids") or []
    ids = tuple(str(x) for x in ids if str(x) in known) if isinstance(ids, list) else ()
    return S2Answer(min(1.0, max(0.0, float(value))), str(raw.get("rationale", ""))[:500], ids)


def ask_system2(llm: JsonLLM, action: Action, items: Sequence[EvidenceItem], *,
                fields: Sequence[dict[str, Any] | None] | None = None, timeout: float = S2_TIMEOUT_S) -> S2Answer:
    """One System 2 call through `guardian.llm.SyncLLM` (role "system2"); raises LLMError."""
    raw = llm.complete_json("system2", build_messages(action, items, fields), SCHEMA, timeout=timeout, max_tokens=S2_MAX_TOKENS)
    return parse_answer(raw, items)
