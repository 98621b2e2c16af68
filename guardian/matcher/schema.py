"""The shared vocabulary of System 1: the 42 multi-hot dimensions and the atomic practice.

Both sides of a pair, the action b and the policy statement p, are written as a `Practice`:
what happens (collect / share), to which OPP-115 personal-information type, for which OPP-115
purpose, with which party, how it is triggered, and the statement-only facts (negation, choice,
identifiability). `multihot(practice)` gives phi in {0,1}^42 (the layout is `DIMS`, documented
in guardian/matcher/README.md). The request path builds practices from `Action` and
`StatementFields`; the OPP-115 pair derivation builds them from the consolidation CSVs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from guardian.categories import DataCategory
from guardian.policies.records import StatementFields
from guardian.records import Action, Basis, Purpose, RecipientType

__all__ = [
    "DIMS",
    "N_DIMS",
    "PI_TYPES",
    "PURPOSES",
    "PARTIES",
    "Practice",
    "multihot",
    "practice_text",
    "action_practices",
    "statement_practice",
]

# OPP-115 "Personal Information Type" values (15; "Unspecified" is the data_unspecified bit).
PI_TYPES: tuple[str, ...] = (
    "Contact", "Location", "Demographic", "Financial", "Health", "Personal identifier",
    "User online activities", "Cookies and tracking elements", "Computer information",
    "IP address and device IDs", "Social media data", "Survey data", "User profile",
    "Generic personal information", "Other",
)
# OPP-115 "Purpose" values (10; "Unspecified" is the purpose_unspecified bit).
PURPOSES: tuple[str, ...] = (
    "Basic service/feature", "Additional service/feature", "Advertising", "Marketing",
    "Analytics/Research", "Personalization/Customization", "Service operation and security",
    "Legal requirement", "Merger/Acquisition", "Other",
)
# Who receives the data: the first party, or an OPP-115 "Third Party Entity" (Public and
# Other users are one party: anyone).
PARTIES: tuple[str, ...] = ("first party", "Named third party", "Unnamed third party", "Other part of company/affiliate", "Public")

DIMS: tuple[str, ...] = (
    *(f"pi:{t}" for t in PI_TYPES),  # 0-14
    *(f"purpose:{p}" for p in PURPOSES),  # 15-24
    *(f"party:{p}" for p in PARTIES),  # 25-29
    "practice:collect",  # 30  First Party Collection/Use
    "practice:share",  # 31  Third Party Sharing/Collection
    "mode:explicit",  # 32  Collection Mode Explicit / user-initiated request
    "mode:implicit",  # 33  Collection Mode Implicit / background request
    "does_not",  # 34  Does/Does Not = Does Not
    "choice:opt_in",  # 35  Choice Type Opt-in (consent)
    "choice:opt_out",  # 36  any opt-out or privacy-control choice
    "identifiable",  # 37  Identifiability Identifiable
    "aggregated",  # 38  Identifiability Aggregated or anonymized
    "tracking",  # 39  tracks the user across sites (Action First-Party / Action Third Party)
    "purpose_unspecified",  # 40  no purpose stated
    "data_unspecified",  # 41  no information type stated
)
N_DIMS = len(DIMS)
assert N_DIMS == 42
_INDEX = {name: i for i, name in enumerate(DIMS)}


@dataclass(frozen=True)
class Practice:
    """One data practice, as stated by a policy or performed by a request."""

    practices: frozenset[str]  # "collect", "share"
    pi: frozenset[str] = frozenset()  # PI_TYPES values
    purposes: frozenset[str] = frozenset()  # PURPOSES values
    parties: frozenset[str] = frozenset()  # PARTIES values
    mode: str | None = None  # "explicit" | "implicit" | None (unknown)
    does_not: bool = False
    opt_in: bool = False
    opt_out: bool = False
    identifiable: bool = False
    aggregated: bool = False
    tracking: bool = False


def multihot(p: Practice) -> np.ndarray:
    """phi(p): the 42-dim multi-hot vector (float32)."""
    v = np.zeros(N_DIMS, dtype=np.float32)
    for t in p.pi:
        v[_INDEX[f"pi:{t}"]] = 1.0
    for q in p.purposes:
        v[_INDEX[f"purpose:{q}"]] = 1.0
    for r in p.parties:
        v[_INDEX[f"party:{r}"]] = 1.0
    for a in p.practices:
        v[_INDEX[f"practice:{a}"]] = 1.0
    if p.mode:
        v[_INDEX[f"mode:{p.mode}"]] = 1.0
    for flag, name in ((p.does_not, "does_not"), (p.opt_in, "choice:opt_in"), (p.opt_out, "choice:opt_out"),
                       (p.identifiable, "identifiable"), (p.aggregated, "aggregated"), (p.tracking, "tracking")):
        if flag:
            v[_INDEX[name]] = 1.0
    if not p.purposes:
        v[_INDEX["purpose_unspecified"]] = 1.0
    if not p.pi:
        v[_INDEX["data_unspecified"]] = 1.0
    return v


_PI_PHRASE = {
    "Contact": "contact details such as email address, phone number or postal address",
    "Location": "location",
    "Demographic": "demographic information such as age or gender",
    "Financial": "financial and payment information",
    "Health": "health information",
    "Personal identifier": "personal identifiers such as social security or account numbers and passwords",
    "User online activities": "online activity such as browsing and search history",
    "Cookies and tracking elements": "cookies and tracking technologies",
    "Computer information": "browser and computer information",
    "IP address and device IDs": "IP address and device identifiers",
    "Social media data": "social media data",
    "Survey data": "survey answers",
    "User profile": "account profile information",
    "Generic personal information": "personal information",
    "Other": "other information you provide",
}
_PURPOSE_PHRASE = {
    "Basic service/feature": "to provide the service you asked for",
    "Additional service/feature": "to provide additional features",
    "Advertising": "for advertising",
    "Marketing": "for marketing",
    "Analytics/Research": "for analytics and research",
    "Personalization/Customization": "to personalize your experience",
    "Service operation and security": "for security and to operate the service",
    "Legal requirement": "to comply with the law",
    "Merger/Acquisition": "in a merger or acquisition",
    "Other": "for other purposes",
}
_PARTY_PHRASE = {
    "first party": "",
    "Named third party": " with a named third-party company",
    "Unnamed third party": " with third parties",
    "Other part of company/affiliate": " with our affiliates",
    "Public": " publicly",
}


def practice_text(p: Practice) -> str:
    """The action as one English sentence: what the MiniLM encoder reads on the action side."""
    verb = "shares" if "share" in p.practices else "collects"
    data = " and ".join(_PI_PHRASE[t] for t in sorted(p.pi)) or "your information"
    party = "".join(_PARTY_PHRASE[r] for r in sorted(p.parties)) if verb == "shares" else ""
    why = " and ".join(_PURPOSE_PHRASE[q] for q in sorted(p.purposes)) or "for an undisclosed purpose"
    how = {"explicit": ", when you submit it", "implicit": ", automatically in the background"}.get(p.mode or "", "")
    return f"The site {verb} your {data}{party} {why}{how}."


# -- the request side: Action -> practices ----------------------------------------------------

# AMRSF data category -> OPP-115 personal-information type (ours; see README.md).
CATEGORY_PI: dict[DataCategory, str] = {
    DataCategory.CREDENTIALS: "Personal identifier",
    DataCategory.FINANCIAL: "Financial",
    DataCategory.HEALTH: "Health",
    DataCategory.BIOMETRIC: "Health",
    DataCategory.GENETIC: "Health",
    DataCategory.SPECIAL: "Demographic",
    DataCategory.SSN: "Personal identifier",
    DataCategory.LOCATION_PRECISE: "Location",
    DataCategory.LOCATION: "Location",
    DataCategory.LOCATION_COARSE: "Location",
    DataCategory.PHONE: "Contact",
    DataCategory.CONTENT: "Other",
    DataCategory.POSTAL_ADDRESS: "Contact",
    DataCategory.CONTACT: "Contact",
    DataCategory.EMAIL: "Contact",
    DataCategory.SEARCH_HISTORY: "User online activities",
    DataCategory.BROWSING_HISTORY: "User online activities",
    DataCategory.APP_USAGE: "User online activities",
    DataCategory.IP_ADDRESS: "IP address and device IDs",
    DataCategory.DEVICE_ID: "IP address and device IDs",
    DataCategory.PERSISTENT_ID: "Cookies and tracking elements",
    DataCategory.COOKIES: "Cookies and tracking elements",
    DataCategory.LANGUAGE: "Computer information",
}
PURPOSE_OPP: dict[str, str | None] = {
    Purpose.FUNCTIONALITY.value: "Basic service/feature",
    Purpose.SECURITY.value: "Service operation and security",
    Purpose.AUTHENTICATION.value: "Basic service/feature",
    Purpose.PERSONALIZATION.value: "Personalization/Customization",
    Purpose.RESEARCH.value: "Analytics/Research",
    Purpose.ANALYTICS.value: "Analytics/Research",
    Purpose.MARKETING.value: "Marketing",
    Purpose.PROFILING.value: "Advertising",
    Purpose.ADVERTISING.value: "Advertising",
    Purpose.UNDISCLOSED.value: None,
}
# Every third party we name by type is, to a policy, an unnamed third party.
RECIPIENT_PARTY: dict[str, str] = {r.value: "Unnamed third party" for r in RecipientType}
RECIPIENT_PARTY[RecipientType.FIRST_PARTY.value] = "first party"


def _pi_of(categories: Iterable[str]) -> frozenset[str]:
    out = set()
    for c in categories:
        try:
            out.add(CATEGORY_PI[DataCategory(c)])
        except (ValueError, KeyError):
            continue
    return frozenset(out)


def action_practices(action: Action) -> list[Practice]:
    """The action split into atomic practices: one per (information type, purpose)."""
    first = action.recipient is RecipientType.FIRST_PARTY
    party = RECIPIENT_PARTY[action.recipient.value]
    mode = {Basis.USER_INITIATED: "explicit", Basis.BACKGROUND: "implicit"}.get(action.basis)
    pis = sorted(_pi_of(c.value for c in action.categories)) or [None]
    purposes = sorted({PURPOSE_OPP.get(p.value) for p in action.purposes}, key=str) or [None]
    out = []
    for t in pis:
        for q in purposes:
            out.append(Practice(
                practices=frozenset({"collect"} if first else {"share"}),
                pi=frozenset({t}) if t else frozenset(),
                purposes=frozenset({q}) if q else frozenset(),
                parties=frozenset({party}),
                mode=mode,
                identifiable=True,
            ))
    return out


# -- the policy side: StatementFields -> practice ----------------------------------------------

_SHARE_ACTS = {"share", "sell", "transfer", "disclose"}
_COLLECT_ACTS = {"collect", "use", "retain", "process"}


def statement_practice(fields: StatementFields) -> Practice:
    """A stored statement's fields as a practice."""
    acts = set(fields.actions)
    practices = set()
    if acts & _SHARE_ACTS:
        practices.add("share")
    if acts & _COLLECT_ACTS or not practices:
        practices.add("collect")
    recipients = set(fields.recipients)
    parties = {RECIPIENT_PARTY[r] for r in recipients if r in RECIPIENT_PARTY}
    if "collect" in practices:
        parties.add("first party")
    purposes = {PURPOSE_OPP.get(p) for p in fields.purposes} - {None}
    legal = set(fields.legal_basis)
    if "legal_obligation" in legal:
        purposes.add("Legal requirement")
    extra = set(fields.opp_attributes)
    pi = set(_pi_of(fields.data)) | (extra & set(PI_TYPES))
    purposes |= extra & set(PURPOSES)
    parties |= extra & set(PARTIES)
    return Practice(
        practices=frozenset(practices),
        pi=frozenset(pi),
        purposes=frozenset(p for p in purposes if p),
        parties=frozenset(parties),
        does_not=fields.negated,
        opt_in="consent" in legal,
        opt_out="opt_out" in extra,
        aggregated="aggregated" in extra,
    )
