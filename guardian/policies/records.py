"""Frozen records of the policy store: statements, their fields, policy versions, evidence."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from guardian.records import TransparencySignals

__all__ = ["StatementFields", "Statement", "PolicyVersion", "Evidence", "PolicyLookup", "PolicyEvidence", "NO_EVIDENCE", "NO_URLS"]


@dataclass(frozen=True)
class StatementFields:
    """The structured fields of one atomic statement (DESIGN.md step 5)."""

    data: frozenset[str] = frozenset()  # AMRSF category values, e.g. "Email"
    actions: frozenset[str] = frozenset()  # collect, use, share, sell, retain, delete, transfer
    purposes: frozenset[str] = frozenset()  # `Purpose` values
    recipients: frozenset[str] = frozenset()  # `RecipientType` values
    legal_basis: frozenset[str] = frozenset()  # GDPR Art. 6(1) grounds: consent, contract, ...
    retention: str | None = None  # "30 days", "as long as necessary", ... when stated
    rights: frozenset[str] = frozenset()  # access, rectification, erasure, portability, ...
    international_transfer: bool = False
    opp_category: str = "Other"  # one of the 10 OPP-115 categories
    negated: bool = False  # "we do not sell ..."
    opp_attributes: frozenset[str] = frozenset()  # OPP-115 values with no AMRSF twin (lexicon.OPP_ATTRIBUTE_TERMS)

    def as_record(self) -> dict[str, Any]:
        return {
            "data": sorted(self.data),
            "actions": sorted(self.actions),
            "purposes": sorted(self.purposes),
            "recipients": sorted(self.recipients),
            "legal_basis": sorted(self.legal_basis),
            "retention": self.retention,
            "rights": sorted(self.rights),
            "international_transfer": self.international_transfer,
            "opp_category": self.opp_category,
            "negated": self.negated,
            "opp_attributes": sorted(self.opp_attributes),
        }

    @classmethod
    def from_record(cls, rec: dict[str, Any]) -> StatementFields:
        return cls(
            data=frozenset(rec.get("data", ())),
            actions=frozenset(rec.get("actions", ())),
            purposes=frozenset(rec.get("purposes", ())),
            recipients=frozenset(rec.get("recipients", ())),
            legal_basis=frozenset(rec.get("legal_basis", ())),
            retention=rec.get("retention"),
            rights=frozenset(rec.get("rights", ())),
            international_transfer=bool(rec.get("international_transfer", False)),
            opp_category=str(rec.get("opp_category", "Other")),
            negated=bool(rec.get("negated", False)),
            opp_attributes=frozenset(rec.get("opp_attributes", ())),  # absent in rows stored before it existed
        )


@dataclass(frozen=True)
class Statement:
    """One atomic statement of a policy, with the heading it sits under and its fields."""

    id: str  # stable: "<version id>:<index>"
    text: str
    heading: str = ""
    fields: StatementFields = field(default_factory=StatementFields)


@dataclass(frozen=True)
class PolicyVersion:
    """One fetched version of a site's policy."""

    id: int
    site: str
    url: str
    fetched_at: float  # unix seconds
    sha256: str
    language: str  # "en", or "other" when the text is not English
    statements: tuple[Statement, ...] = ()


@dataclass(frozen=True)
class Evidence:
    """A retrieved statement with its hybrid score and the two normalised halves."""

    statement: Statement
    score: float
    structured: float  # S~
    keyword: float  # K~


@dataclass(frozen=True)
class PolicyLookup:
    """What the request path learns from the store for one action: never blocks on the network."""

    site: str
    status: str  # stored | unknown (fetch requested) | pending | failed | unusable
    version: PolicyVersion | None = None
    evidence: tuple[Evidence, ...] = ()
    detail: str | None = None  # why there is no evidence (the last fetch outcome)


@dataclass(frozen=True)
class PolicyEvidence:
    """What step 5 hands on: the M_T signals, the retrieved statements as records (the matcher
    reads them as they are), and the decision record's `transparency` section."""

    signals: TransparencySignals = TransparencySignals()
    evidence: tuple[Evidence, ...] = ()
    record: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({"evidence": "none"}))

    def __post_init__(self) -> None:
        object.__setattr__(self, "record", MappingProxyType(dict(self.record)))

    @property
    def statements(self) -> tuple[Statement, ...]:
        return tuple(e.statement for e in self.evidence)


NO_EVIDENCE = PolicyEvidence()  # no policy store configured
NO_URLS: Mapping[str, str] = MappingProxyType({})  # no rule says where a site's policy is
