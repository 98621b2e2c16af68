"""Frozen records that cross stage boundaries (DESIGN.md "The path of one request").

Stages talk only through these: codecs produce a `Payload` of `Field`s, detect produces
`Finding`s, context produces a `RequestContext`, the pipeline joins them into an `Action`,
risk produces a `RiskAssessment`, and the pipeline returns a `Decision`. None of them holds a
mitmproxy object, so every stage runs from tests and the CLI with plain values.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from urllib.parse import SplitResult, urlsplit

from guardian.categories import DataCategory, Tier

__all__ = [
    "HttpRequest",
    "FieldKind",
    "Field",
    "Payload",
    "Finding",
    "ValueKind",
    "KindLabel",
    "RecipientType",
    "Purpose",
    "RECIPIENT_RISK",
    "PURPOSE_RISK",
    "Basis",
    "RequestContext",
    "Action",
    "Verdict",
    "RiskAssessment",
    "TransparencySignals",
    "TRANSPARENCY_CREDITS",
    "LikelihoodEstimate",
]


@dataclass(frozen=True)
class HttpRequest:
    """One outgoing request as the pipeline sees it. `body` is raw: still content-encoded."""

    method: str
    url: str
    headers: tuple[tuple[str, str], ...] = ()
    body: bytes = b""

    def header(self, name: str, default: str | None = None) -> str | None:
        """The first value of a header, case-insensitively."""
        return self._first_values.get(name.lower(), default)

    @cached_property
    def _first_values(self) -> dict[str, str]:
        # Built once per request: the stages ask for a dozen headers each.
        out: dict[str, str] = {}
        for key, value in self.headers:
            out.setdefault(key.lower(), value)
        return out

    def header_all(self, name: str) -> list[str]:
        lname = name.lower()
        return [v for k, v in self.headers if k.lower() == lname]

    @cached_property
    def _split_url(self) -> SplitResult:
        return urlsplit(self.url)

    @cached_property
    def host(self) -> str:
        return (self._split_url.hostname or "").lower()

    @cached_property
    def url_path(self) -> str:
        """The URL's path (without query or fragment), split once however many stages ask."""
        return self._split_url.path

    def __reduce__(self) -> tuple[type[HttpRequest], tuple[str, str, tuple[tuple[str, str], ...], bytes]]:
        # To the decision process the four fields only, not what the proxy's properties cached.
        return (HttpRequest, (self.method, self.url, self.headers, self.body))


class FieldKind(str, enum.Enum):
    """What a field's value is in its container; a rewrite keeps the kind."""

    STRING = "string"  # JSON string, form value, multipart text part, plain text, query value
    NUMBER = "number"  # JSON number; `value` holds its literal text


@dataclass(frozen=True)
class Field:
    """One value inside a request. `path` locates it for write-back and is unique per payload.

    Path syntax: ``<source>:<locator>``, e.g. ``query:q#0``, ``form:email#0``,
    ``json:$.user.emails[1]``, ``multipart:comment#0``, ``text:``, ``graphql:$.variables.email``.
    `name` is the innermost key ("email"), used for field-name hints; "" when there is none.
    """

    path: str
    name: str
    value: str
    kind: FieldKind = FieldKind.STRING


@dataclass(frozen=True)
class Payload:
    """The fields of a request (URL query and body), or an opaque body with the reason."""

    fields: tuple[Field, ...] = ()
    body_codec: str = "none"  # which codec read the body: json, form, multipart, text, graphql, none, opaque
    content_encoding: str = "identity"
    opaque_reason: str | None = None  # set when the body could not be read as fields
    body_size: int = 0
    malformed: str | None = None  # the body claimed a format it does not parse as, and was read as text
    body_compression: str | None = None  # compression the sender applied without Content-Encoding ("gzip")

    @property
    def opaque(self) -> bool:
        return self.opaque_reason is not None

    def by_path(self) -> dict[str, Field]:
        return {f.path: f for f in self.fields}

    def with_fields(self, fields: tuple[Field, ...]) -> Payload:
        """A copy with other fields: `dataclasses.replace` without the generated `__init__` (it
        has nothing to check, and this runs on every request)."""
        new = object.__new__(Payload)
        new.__dict__.update(self.__dict__)
        new.__dict__["fields"] = fields
        return new

    def __iter__(self) -> Iterator[Field]:
        return iter(self.fields)


class ValueKind(str, enum.Enum):
    """What a field's value is to the user (`guardian.fieldkinds`), decided before it is scored."""

    USER_DATA = "user_data"  # what the user typed, or what describes them
    USER_IDENTIFIER = "user_identifier"  # a persistent pseudonymous id of the user or device
    SITE_MACHINERY = "site_machinery"  # keys, ids of the site or vendor, nonces, timestamps, versions, tokens
    PAGE_CONTEXT = "page_context"  # the page URL, referrer or title
    SERVICE_OUTPUT = "service_output"  # what the recipient said earlier, sent back (an AI model's turns in a chat's history)


@dataclass(frozen=True)
class KindLabel:
    """The kind of one field and where that came from; never holds the value."""

    kind: ValueKind
    source: str  # vendor:<family> | name | shape | location
    why: str = ""  # e.g. "measurement id (G-XXXXXXX)", "13-digit millisecond timestamp"
    category: DataCategory | None = None  # user data a vendor documents (e.g. Email for ud[em])
    hashed: bool = False  # the vendor sends it hashed
    never_touch: bool = False  # a token the flow needs (payment, captcha, login): never rewritten
    attachment: bool = False  # an image, audio or file part of an AI request (`block_attachments` rules)
    # the value may hold labelled values ("name=Ann Lee phone=...", a log line's pairs): the
    # recogniser of labelled values reads it whatever its kind, as a field's key is read
    labelled: bool = False


@dataclass(frozen=True)
class Finding:
    """A detected piece of personal data: a character span inside one field.

    It holds no raw value: the value is `field.value[start:end]`, so a finding is safe to log.
    """

    category: DataCategory
    entity: str  # recogniser entity type, e.g. EMAIL_ADDRESS, CREDIT_CARD, PASSWORD
    field_path: str
    start: int
    end: int
    score: float
    recognizer: str
    quasi: bool = False  # a quasi-identifier (age, gender, job ...) rather than a direct one


class RecipientType(str, enum.Enum):
    FIRST_PARTY = "first_party"
    SERVICE_PROVIDER = "service_provider"
    ANALYTICS = "analytics"
    GOVERNMENT = "government"
    SOCIAL_MEDIA = "social_media"
    UNKNOWN_THIRD_PARTY = "unknown_third_party"
    ADVERTISING = "advertising"
    DATA_BROKER = "data_broker"
    AI_SERVICE = "ai_service"  # ours: chat apps and model APIs (ChatGPT, Claude, Gemini, any /v1/chat/completions)


class Purpose(str, enum.Enum):
    FUNCTIONALITY = "functionality"
    SECURITY = "security"
    AUTHENTICATION = "authentication"
    PERSONALIZATION = "personalization"
    RESEARCH = "research"
    ANALYTICS = "analytics"
    MARKETING = "marketing"
    PROFILING = "profiling"
    ADVERTISING = "advertising"
    UNDISCLOSED = "undisclosed"
    MODEL_TRAINING = "model_training"  # ours: an AI provider may train its models on what it is sent


# Recipient transmission risk and purpose legitimacy (the paper's tables; a higher value is
# riskier). They sit with their enums because earlier stages read them too (the matcher's prior).
RECIPIENT_RISK: Mapping[RecipientType, float] = MappingProxyType({
    RecipientType.FIRST_PARTY: 0.20,
    RecipientType.SERVICE_PROVIDER: 0.40,
    RecipientType.ANALYTICS: 0.50,
    RecipientType.GOVERNMENT: 0.50,
    RecipientType.SOCIAL_MEDIA: 0.60,
    RecipientType.UNKNOWN_THIRD_PARTY: 0.70,
    RecipientType.ADVERTISING: 0.80,
    RecipientType.DATA_BROKER: 0.90,
    # Ours (the paper has no AI services): a provider keeps prompts, people at it may read them,
    # and they may train models; as an unknown third party.
    RecipientType.AI_SERVICE: 0.70,
})
PURPOSE_RISK: Mapping[Purpose, float] = MappingProxyType({
    Purpose.FUNCTIONALITY: 0.15,
    Purpose.SECURITY: 0.15,
    Purpose.AUTHENTICATION: 0.15,
    Purpose.PERSONALIZATION: 0.35,
    Purpose.RESEARCH: 0.35,
    Purpose.ANALYTICS: 0.45,
    Purpose.MARKETING: 0.65,
    Purpose.PROFILING: 0.75,
    Purpose.ADVERTISING: 0.80,
    Purpose.UNDISCLOSED: 0.65,
    Purpose.MODEL_TRAINING: 0.75,  # ours: the text outlives the request in a model, as profiling outlives it
})


class Basis(str, enum.Enum):
    """How the request was triggered (the action basis b_a)."""

    USER_INITIATED = "user_initiated"
    DEFAULT = "default"
    BACKGROUND = "background"


@dataclass(frozen=True)
class RequestContext:
    """Who receives the request, why, and how it was triggered, with where each answer came from."""

    destination: str  # request host
    destination_site: str  # its eTLD+1
    first_party_site: str | None  # eTLD+1 of the page that sent it, when known
    first_party_source: str  # origin | referer | sec-fetch-site | none
    recipient: RecipientType
    recipient_source: str  # rule | builtin | list | heuristic
    purposes: tuple[Purpose, ...]
    purpose_sources: tuple[str, ...]  # one per purpose: rule | builtin | url | list | default
    basis: Basis
    basis_signals: tuple[str, ...]  # the header facts that decided the basis
    tracker_owner: str | None = None  # owner name from the tracker map, when matched
    tracker_category: str | None = None  # the matched entry's category (Advertising, CDN, ...)
    policy_url: str | None = None  # the owner's privacy-policy URL, when a tracker list gives one
    collector: str | None = None  # analytics | monitoring: a telemetry SDK's request, by its shape
    collector_evidence: str | None = None  # what showed it ("path: OpenTelemetry OTLP/HTTP")

    def as_record(self) -> dict[str, object]:
        return {
            "destination": self.destination,
            "destination_site": self.destination_site,
            "first_party_site": self.first_party_site,
            "first_party_source": self.first_party_source,
            "recipient": self.recipient.value,
            "recipient_source": self.recipient_source,
            "purposes": [p.value for p in self.purposes],
            "purpose_sources": list(self.purpose_sources),
            "basis": self.basis.value,
            "basis_signals": list(self.basis_signals),
            "tracker_owner": self.tracker_owner,
            "tracker_category": self.tracker_category,
            "policy_url": self.policy_url,
            "collector": self.collector,
            "collector_evidence": self.collector_evidence,
        }


@dataclass(frozen=True)
class Action:
    """The paper's action a = (d, D_a, R_a, P_a, b_a, x_a)."""

    destination: str  # d
    categories: frozenset[DataCategory]  # D_a
    recipient: RecipientType  # R_a
    purposes: tuple[Purpose, ...]  # P_a
    basis: Basis  # b_a
    findings: tuple[Finding, ...] = field(default=())  # x_a: where the data sits

    @classmethod
    def build(
        cls, context: RequestContext, findings: Iterable[Finding]
    ) -> Action:
        found = tuple(findings)
        return cls(
            destination=context.destination,
            categories=frozenset(f.category for f in found),
            recipient=context.recipient,
            purposes=context.purposes,
            basis=context.basis,
            findings=found,
        )


# The transparency credits of M_T that the policy evidence can earn (values in `guardian.risk`).
TRANSPARENCY_CREDITS = ("substantial_text", "covers_category", "covers_purpose", "legal_basis", "user_rights", "retention")


@dataclass(frozen=True)
class TransparencySignals:
    """Which of the six transparency credits the retrieved evidence earns; none without evidence.

    Produced by the policy store (step 5), read by risk (step 7) as M_T."""

    has_evidence: bool = False
    substantial_text: bool = False
    covers_category: bool = False
    covers_purpose: bool = False
    legal_basis: bool = False
    user_rights: bool = False
    retention: bool = False

    def as_record(self) -> dict[str, bool]:
        return {k: getattr(self, k) for k in ("has_evidence", *TRANSPARENCY_CREDITS)}


def _frozen_record(record: Mapping[str, object] | None = None) -> Mapping[str, object]:
    return MappingProxyType(dict(record or {}))


@dataclass(frozen=True)
class LikelihoodEstimate:
    """The matcher's answer (step 6): L, which system gave it, and the record's `likelihood` section."""

    value: float  # L
    source: str  # prior | s1 | s2 | fallback
    record: Mapping[str, object] = field(default_factory=_frozen_record)

    def __post_init__(self) -> None:
        object.__setattr__(self, "record", _frozen_record(self.record))


class Verdict(str, enum.Enum):
    ALLOW = "allow"
    TRANSFORM = "transform"
    DENY = "deny"


@dataclass(frozen=True)
class RiskAssessment:
    """AMRSF's output with every factor that went into it."""

    risk: float  # R
    likelihood: float  # L
    likelihood_source: str  # prior | s1 | s2 | fallback
    sensitivity: float  # S_d
    effective_sensitivity: float  # S_eff
    m_recipient: float  # M_tr
    m_purpose: float  # M_p
    m_basis: float  # M_b
    m_transparency: float  # M_T
    tier: Tier
    tau_allow: float  # tau_a
    tau_deny: float  # tau_d
    verdict: Verdict  # y
    band_position: float  # z
    start_level: int  # l0 (0 when the verdict is not transform)

    def as_record(self) -> dict[str, object]:
        return {
            "R": round(self.risk, 4),
            "L": round(self.likelihood, 4),
            "likelihood_source": self.likelihood_source,
            "S_d": round(self.sensitivity, 4),
            "S_eff": round(self.effective_sensitivity, 4),
            "M_tr": round(self.m_recipient, 4),
            "M_p": round(self.m_purpose, 4),
            "M_b": round(self.m_basis, 4),
            "M_T": round(self.m_transparency, 4),
            "tier": self.tier.name.lower(),
            "tau_a": self.tau_allow,
            "tau_d": self.tau_deny,
            "decision": self.verdict.value,
            "z": round(self.band_position, 4),
            "l0": self.start_level,
        }
