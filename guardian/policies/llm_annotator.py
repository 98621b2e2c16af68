"""An LLM annotator for policy statements: the same fields as the rule annotator, from a model.

Opt-in (`guardian_policy_annotator=llm`), and only ever run by the background fetcher, never
on the request path. The model answers strict JSON; every value is checked against the same
vocabularies the rule annotator uses, and unknown ones are dropped. When the model is down,
slow or answers garbage, or leaves a field empty, the rule annotator's value stands, so a bad
endpoint can only make annotation no better than the default, never worse.
"""

from __future__ import annotations

import logging
from typing import Any

from guardian.errors import LLMError
from guardian.policies import lexicon
from guardian.policies.annotate import OPP_CATEGORIES, Annotator, RuleAnnotator
from guardian.policies.records import StatementFields
from guardian.types import JsonLLM

__all__ = ["LLMAnnotator", "ANNOTATION_SCHEMA"]

log = logging.getLogger(__name__)

_VOCAB: dict[str, tuple[str, ...]] = {
    "data": tuple(lexicon.DATA_TERMS),
    "actions": tuple(lexicon.ACTION_TERMS),
    "purposes": tuple(lexicon.PURPOSE_TERMS),
    "recipients": tuple(lexicon.RECIPIENT_TERMS),
    "legal_basis": tuple(lexicon.LEGAL_BASIS_TERMS),
    "rights": tuple(lexicon.RIGHTS_TERMS),
}

ANNOTATION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        **{k: {"type": "array", "items": {"type": "string", "enum": list(v)}} for k, v in _VOCAB.items()},
        "retention": {"type": ["string", "null"]},
        "international_transfer": {"type": "boolean"},
        "opp_category": {"type": "string", "enum": list(OPP_CATEGORIES)},
        "negated": {"type": "boolean"},
    },
    "required": ["data", "actions", "purposes", "recipients", "opp_category", "negated"],
}

_SYSTEM = (
    "You annotate one statement of a privacy policy. Answer only JSON with these keys, using only "
    "the listed values: "
    + "; ".join(f"{k}: any of {', '.join(v)}" for k, v in _VOCAB.items())
    + f"; opp_category: one of {', '.join(OPP_CATEGORIES)}; retention: the stated period or null; "
    "international_transfer: true if data leaves the country or region; negated: true if the "
    "statement says the practice does NOT happen (\"we do not sell\"). Use empty lists when the "
    "statement says nothing about a field."
)


class LLMAnnotator:
    """Statement fields from an LLM (role "annotator"), checked, with the rule annotator underneath."""

    def __init__(self, llm: JsonLLM, *, fallback: Annotator | None = None, timeout: float = 30.0) -> None:
        self.llm = llm  # a guardian.llm.SyncLLM (anything with its complete_json)
        self.fallback = fallback or RuleAnnotator()
        self.timeout = timeout
        self.stats = {"llm": 0, "fallback": 0}

    def annotate(self, text: str, heading: str = "") -> StatementFields:
        rules = self.fallback.annotate(text, heading)
        messages = [
            {"role": "system", "content": _SYSTEM},
            {"role": "user", "content": f"Section: {heading[:200]}\nStatement: {text[:2000]}"},
        ]
        try:
            answer = self.llm.complete_json("annotator", messages, ANNOTATION_SCHEMA, timeout=self.timeout)
        except LLMError as e:
            self.stats["fallback"] += 1
            log.debug("LLM annotator fell back to rules: %s", type(e).__name__)
            return rules
        if not isinstance(answer, dict):
            self.stats["fallback"] += 1
            return rules
        self.stats["llm"] += 1
        return _merge(answer, rules)


def _merge(answer: dict[str, Any], rules: StatementFields) -> StatementFields:
    """The model's checked values; the rules' where the model gave none."""

    def pick(key: str) -> frozenset[str]:
        raw = answer.get(key)
        values = frozenset(v for v in raw if isinstance(v, str) and v in _VOCAB[key]) if isinstance(raw, list) else frozenset()
        return values or getattr(rules, key)

    retention = answer.get("retention")
    category = answer.get("opp_category")
    transfer = answer.get("international_transfer")
    negated = answer.get("negated")
    return StatementFields(
        data=pick("data"),
        actions=pick("actions"),
        purposes=pick("purposes"),
        recipients=pick("recipients"),
        legal_basis=pick("legal_basis"),
        retention=retention.strip()[:80] if isinstance(retention, str) and retention.strip() else rules.retention,
        rights=pick("rights"),
        international_transfer=transfer if isinstance(transfer, bool) else rules.international_transfer,
        opp_category=category if category in OPP_CATEGORIES else rules.opp_category,
        negated=negated if isinstance(negated, bool) else rules.negated,
        opp_attributes=rules.opp_attributes,  # the model is not asked for these: the lexicon's
    )
