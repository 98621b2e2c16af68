"""Retrieval: E = Top_k(a, S) with the paper's hybrid score, and the transparency signals of E.

    Score(a, s) = ALPHA * S~(a, s) + (1 - ALPHA) * K~(a, s),  k = TOP_K
    S = sum_f W_f * min(1, |a_f & s_f| / max(1, |a_f|)) + bonuses (rights, transfer, retention)
    K = BM25 (k1 1.5, b 0.75) of the action's words over heading + statement text

Normalisation (the paper says only "normalised to 0..1"; ours): S~ = S / S_MAX, the largest S
possible; K~ = K / max K over the policy's statements (0 when no statement shares a word).
Statements scoring 0 are not evidence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from guardian.policies.records import Evidence, Statement
from guardian.records import Action, RecipientType, TransparencySignals

__all__ = ["ActionQuery", "PolicyIndex", "top_k", "transparency_signals", "FIELD_WEIGHTS", "ALPHA", "TOP_K"]

ALPHA = 0.6  # alpha: weight of the structured score
TOP_K = 8  # k
BM25_K1 = 1.5  # k1
BM25_B = 0.75  # b
FIELD_WEIGHTS = {"data": 0.35, "actions": 0.35, "purposes": 0.20, "recipients": 0.10}
BONUSES = {"rights": 0.05, "international_transfer": 0.03, "retention": 0.02}  # ours: the "small bonuses"
S_MAX = sum(FIELD_WEIGHTS.values()) + sum(BONUSES.values())
SUBSTANTIAL_CHARS = 50  # "substantial text (>= 50 chars)"

# A statement that names any location covers a request's location of any precision.
_LOCATIONS = frozenset({"Location(precise)", "Location(unspecified)", "Location(coarse)"})

# Words for the BM25 query, per field value.
QUERY_WORDS: dict[str, str] = {
    "Credentials": "password credentials login", "Financial": "payment card financial billing bank",
    "Health": "health medical", "Biometric": "biometric face fingerprint", "Genetic": "genetic dna",
    "SSN": "social security number identification", "Location(precise)": "precise location gps",
    "Location(unspecified)": "location", "Location(coarse)": "approximate location city country",
    "Phone": "phone number", "Content": "content messages photos posts", "PostalAddress": "postal address",
    "Contact": "contact name", "Email": "email address", "SearchHistory": "search history queries",
    "BrowsingHistory": "browsing history pages visit", "IPAddress": "ip address", "DeviceID": "device identifier",
    "PersistentID": "unique identifiers cookies advertising identifier",
    "AppUsage": "usage activity interactions", "Cookies": "cookies tracking technologies", "Language": "language",
    "functionality": "provide services", "security": "security fraud", "authentication": "authentication verify",
    "personalization": "personalize recommendations", "research": "research improve", "analytics": "analytics measure",
    "marketing": "marketing promotional", "profiling": "profile interests", "advertising": "advertising ads",
    "undisclosed": "", "first_party": "", "service_provider": "service providers vendors", "government": "law enforcement",
    "social_media": "social media", "unknown_third_party": "third parties partners", "data_broker": "data brokers",
    "collect": "collect", "share": "share disclose", "sell": "sell", "use": "use",
}

_TOKEN = re.compile(r"[a-z0-9]+")


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


@dataclass(frozen=True)
class ActionQuery:
    """The action's side of the structured score: a_f per field."""

    data: frozenset[str]
    actions: frozenset[str]
    purposes: frozenset[str]
    recipients: frozenset[str]

    @classmethod
    def from_action(cls, action: Action) -> ActionQuery:
        # Ours: the destination collects what the request carries; for any recipient but the
        # first party the data is also shared with it, so sharing statements count too.
        acts = {"collect"} if action.recipient is RecipientType.FIRST_PARTY else {"collect", "share"}
        return cls(
            data=frozenset(c.value for c in action.categories),
            actions=frozenset(acts),
            purposes=frozenset(p.value for p in action.purposes),
            recipients=frozenset({action.recipient.value}),
        )

    @classmethod
    def of(cls, data: Iterable[str] = (), actions: Iterable[str] = ("collect",), purposes: Iterable[str] = (), recipients: Iterable[str] = ()) -> ActionQuery:
        return cls(frozenset(data), frozenset(actions), frozenset(purposes), frozenset(recipients))

    def words(self) -> list[str]:
        out: list[str] = []
        for value in (*sorted(self.data), *sorted(self.actions), *sorted(self.purposes), *sorted(self.recipients)):
            out.extend(tokens(QUERY_WORDS.get(value, value.replace("_", " "))))
        return out


def data_overlap(wanted: frozenset[str], stated: frozenset[str]) -> int:
    """|a_data & s_data| where any stated location covers a wanted location."""
    hits = len(wanted & stated)
    if stated & _LOCATIONS:
        hits += len((wanted & _LOCATIONS) - stated)
    return hits


def structured_score(query: ActionQuery, statement: Statement) -> float:
    f = statement.fields
    parts = {
        "data": data_overlap(query.data, f.data),
        "actions": len(query.actions & f.actions),
        "purposes": len(query.purposes & f.purposes),
        "recipients": len(query.recipients & f.recipients),
    }
    sizes = {"data": len(query.data), "actions": len(query.actions), "purposes": len(query.purposes), "recipients": len(query.recipients)}
    score = sum(w * min(1.0, parts[k] / max(1, sizes[k])) for k, w in FIELD_WEIGHTS.items())
    score += BONUSES["rights"] * bool(f.rights) + BONUSES["international_transfer"] * f.international_transfer
    score += BONUSES["retention"] * (f.retention is not None)
    return score


class PolicyIndex:
    """A policy's statements with their BM25 index, built once per stored version."""

    def __init__(self, statements: Sequence[Statement]) -> None:
        from rank_bm25 import BM25Okapi

        self.statements = tuple(statements)
        corpus = [tokens(f"{s.heading} {s.text}") or ["_"] for s in self.statements]
        self._bm25 = BM25Okapi(corpus, k1=BM25_K1, b=BM25_B) if corpus else None

    def top_k(self, query: ActionQuery, k: int = TOP_K) -> tuple[Evidence, ...]:
        """The k best statements for the action, best first, each with its score and halves."""
        if not self.statements or self._bm25 is None:
            return ()
        words = query.words()
        keyword = [float(x) for x in self._bm25.get_scores(words)] if words else [0.0] * len(self.statements)
        top = max(keyword) if keyword else 0.0
        scored = []
        for i, s in enumerate(self.statements):
            s_norm = structured_score(query, s) / S_MAX
            k_norm = keyword[i] / top if top > 0 else 0.0
            k_norm = max(0.0, k_norm)
            score = ALPHA * s_norm + (1 - ALPHA) * k_norm
            if score > 0:
                scored.append(Evidence(statement=s, score=round(score, 4), structured=round(s_norm, 4), keyword=round(k_norm, 4)))
        scored.sort(key=lambda e: (-e.score, e.statement.id))
        return tuple(scored[:k])


def top_k(query: ActionQuery, statements: Sequence[Statement], k: int = TOP_K) -> tuple[Evidence, ...]:
    """Top_k(a, S) for a one-off list of statements (the store keeps a `PolicyIndex` per version)."""
    return PolicyIndex(statements).top_k(query, k)


def transparency_signals(query: ActionQuery, evidence: Sequence[Evidence]) -> TransparencySignals:
    """The six M_T signals of DESIGN.md over the retrieved evidence; no evidence, no credit."""
    if not evidence:
        return TransparencySignals()
    fields = [e.statement.fields for e in evidence]
    return TransparencySignals(
        has_evidence=True,
        substantial_text=any(len(e.statement.text) >= SUBSTANTIAL_CHARS for e in evidence),
        covers_category=bool(query.data) and any(data_overlap(query.data, f.data) for f in fields),
        covers_purpose=bool(query.purposes) and any(query.purposes & f.purposes for f in fields),
        legal_basis=any(f.legal_basis for f in fields),
        user_rights=any(f.rights for f in fields),
        retention=any(f.retention is not None for f in fields),
    )
