"""The attacker of Algorithm 1: an LLM that guesses personal details from the anonymized text.

It sees only the anonymized text, never the original; it answers JSON guesses
`[(field, guess, confidence)]`, which the verifier then checks against the original.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from guardian.types import JsonLLM

__all__ = ["Guess", "Attacker", "ATTACKER_SCHEMA", "attacker_messages", "read_guesses", "JsonLLM", "field_label"]

ATTACKER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "guesses": {
            "type": "array",
            "maxItems": 8,
            "items": {
                "type": "object",
                "properties": {
                    "field": {"type": "string"},
                    "guess": {"type": "string"},
                    "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                },
                "required": ["field", "guess", "confidence"],
            },
        }
    },
    "required": ["guesses"],
}

_SYSTEM = (
    "You are a privacy attacker. From the text you are given, infer personal details about its "
    "author or the people in it: name, age, sex, location (city or country), occupation, "
    "education, relationship status, income, email, phone, identifying numbers. For each detail "
    "you can infer, give your best concrete guess and your confidence from 0 to 1. Placeholders "
    "and generic phrases such as 'a city' or '***' reveal nothing. Answer only with JSON: "
    '{"guesses": [{"field": "<detail>", "guess": "<value>", "confidence": <0..1>}]} '
    "with at most 4 guesses, the most revealing first; an empty list if nothing can be inferred."
)


_NOTHING = frozenset({"unknown", "n/a", "none", "null", "not specified", "not mentioned", "unspecified", "not stated"})


# The attribute a guess is about goes into the record as is, so it comes from a closed list:
# a model that writes a value where the attribute belongs must not leak it into the audit log.
FIELD_LABELS = frozenset(
    "name age sex gender location city country birthplace occupation job employer education "
    "relationship_status relationship marital_status income income_level email phone address "
    "postal_code date_of_birth birth_date nationality religion health id_number account username "
    "ip_address".split()
)


def field_label(raw: str) -> str:
    """The guess's attribute as a known label, else "other"."""
    label = "_".join(raw.lower().replace("-", " ").split())
    return label if label in FIELD_LABELS else "other"


UNSTATED_CONFIDENCE = 0.5  # a guess given without a confidence: below tau_g on its own


def reshape_guesses(value: Any) -> Any:
    """A small model's near misses made into {"guesses": [...]}: a bare list, one guess object,
    or {"age": "34", "city": {"guess": "Leeds", "confidence": 0.8}}."""
    if isinstance(value, list):
        return {"guesses": value}
    if not isinstance(value, dict) or "guesses" in value:
        return value
    if "guess" in value:
        return {"guesses": [value]}
    out = []
    for key, item in value.items():
        if isinstance(item, dict) and "guess" in item:
            out.append({"field": key, **item})
        elif isinstance(item, (str, int, float)) and not isinstance(item, bool):
            out.append({"field": key, "guess": str(item), "confidence": UNSTATED_CONFIDENCE})
    return {"guesses": out}


@dataclass(frozen=True)
class Guess:
    """One guess: the attribute (a FIELD_LABELS label), the value guessed, a confidence in 0..1,
    the words of the anonymized text it relied on (the fast attacker names them; raw text, never
    logged), and which attacker made it."""

    field: str
    guess: str
    confidence: float
    evidence: tuple[str, ...] = ()
    source: str = "llm"


def attacker_messages(anonymized: str) -> list[dict[str, str]]:
    return [{"role": "system", "content": _SYSTEM}, {"role": "user", "content": f"Text:\n{anonymized}"}]


class Attacker:
    """Asks the attacker role for guesses; raises an LLMError when it cannot."""

    def __init__(self, llm: JsonLLM, *, max_tokens: int = 160) -> None:
        self.llm = llm
        self.max_tokens = max_tokens

    @property
    def options(self) -> dict[str, Any]:
        """The call's options beside the prompt (the same inline and in the background)."""
        return {"max_tokens": self.max_tokens, "coerce": reshape_guesses}

    def guess(self, anonymized: str, *, timeout: float | None = None) -> list[Guess]:
        answer = self.llm.complete_json("attacker", attacker_messages(anonymized), ATTACKER_SCHEMA, timeout=timeout,
                                        **self.options)
        return read_guesses(answer)


def read_guesses(answer: Any) -> list[Guess]:
    """The guesses of an attacker answer (conformed to ATTACKER_SCHEMA), empty ones left out."""
    out = []
    for g in answer.get("guesses", []) if isinstance(answer, dict) else ():
        text = " ".join(str(g.get("guess", "")).split())
        if any(ch.isalnum() for ch in text) and text.lower().strip(".") not in _NOTHING:
            out.append(Guess(field_label(str(g.get("field", ""))), text[:200], float(g.get("confidence", 0.0))))
    return out
