"""The AMRSF data categories, their sensitivity weights DW(c) and their tiers (DESIGN.md).

Every finding of `detect` maps to exactly one `DataCategory`. The weights and the four listed
tiers are the paper's. The paper does not give a tier to PostalAddress, IPAddress, the
unspecified and coarse locations, SearchHistory-like categories it does not list, nor to
"Biometric"/"Genetic" beyond "Critical"; the choices for the unlisted ones are ours and are
marked below.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

__all__ = ["DataCategory", "Tier", "DATA_WEIGHT", "CATEGORY_TIER", "TIER_THRESHOLDS", "tier_of"]


class DataCategory(str, enum.Enum):
    """An AMRSF data category. The value is the name used in records and rules."""

    CREDENTIALS = "Credentials"
    FINANCIAL = "Financial"
    HEALTH = "Health"
    BIOMETRIC = "Biometric"
    GENETIC = "Genetic"
    SSN = "SSN"
    LOCATION_PRECISE = "Location(precise)"
    LOCATION = "Location(unspecified)"
    PHONE = "Phone"
    CONTENT = "Content"
    POSTAL_ADDRESS = "PostalAddress"
    CONTACT = "Contact"
    EMAIL = "Email"
    SEARCH_HISTORY = "SearchHistory"
    BROWSING_HISTORY = "BrowsingHistory"
    IP_ADDRESS = "IPAddress"
    DEVICE_ID = "DeviceID"
    PERSISTENT_ID = "PersistentID"  # ours: a persistent user or device id sent to a recipient
    # ours: the other special categories of GDPR Art. 9 (religion or belief, political opinion,
    # trade-union membership, sex life or sexual orientation, racial or ethnic origin)
    SPECIAL = "SpecialCategory"
    LOCATION_COARSE = "Location(coarse)"
    APP_USAGE = "AppUsage"
    COOKIES = "Cookies"
    LANGUAGE = "Language"

    @classmethod
    def parse(cls, name: str) -> DataCategory:
        """Accept the value ("Location(precise)") or the member name ("LOCATION_PRECISE")."""
        try:
            return cls(name)
        except ValueError:
            try:
                return cls[name.upper()]
            except KeyError:
                raise ValueError(f"unknown data category {name!r}") from None


class Tier(enum.IntEnum):
    """Sensitivity tier; a higher value is more sensitive."""

    LOW = 1
    MODERATE = 2
    HIGH = 3
    CRITICAL = 4


# DW(c): data-sensitivity weights, the paper's table.
DATA_WEIGHT: dict[DataCategory, float] = {
    DataCategory.CREDENTIALS: 1.00,
    DataCategory.FINANCIAL: 0.95,
    DataCategory.HEALTH: 0.95,
    DataCategory.BIOMETRIC: 0.95,
    DataCategory.GENETIC: 0.95,
    DataCategory.SSN: 0.90,
    DataCategory.LOCATION_PRECISE: 0.85,
    DataCategory.LOCATION: 0.75,
    DataCategory.PHONE: 0.70,
    DataCategory.CONTENT: 0.65,
    DataCategory.POSTAL_ADDRESS: 0.65,
    DataCategory.CONTACT: 0.60,
    DataCategory.EMAIL: 0.55,
    DataCategory.SEARCH_HISTORY: 0.50,
    DataCategory.BROWSING_HISTORY: 0.45,
    DataCategory.IP_ADDRESS: 0.40,
    DataCategory.DEVICE_ID: 0.40,
    DataCategory.PERSISTENT_ID: 0.60,  # ours, see below
    DataCategory.SPECIAL: 0.95,  # ours: Art. 9 puts these beside health, biometric and genetic data
    DataCategory.LOCATION_COARSE: 0.35,
    DataCategory.APP_USAGE: 0.25,
    DataCategory.COOKIES: 0.20,
    DataCategory.LANGUAGE: 0.10,
}

CATEGORY_TIER: dict[DataCategory, Tier] = {
    # The paper's tiers.
    DataCategory.CREDENTIALS: Tier.CRITICAL,
    DataCategory.HEALTH: Tier.CRITICAL,
    DataCategory.BIOMETRIC: Tier.CRITICAL,
    DataCategory.GENETIC: Tier.CRITICAL,
    DataCategory.FINANCIAL: Tier.CRITICAL,
    DataCategory.SSN: Tier.CRITICAL,
    DataCategory.LOCATION_PRECISE: Tier.HIGH,
    DataCategory.PHONE: Tier.HIGH,
    DataCategory.CONTENT: Tier.HIGH,
    DataCategory.EMAIL: Tier.MODERATE,
    DataCategory.CONTACT: Tier.MODERATE,
    DataCategory.SEARCH_HISTORY: Tier.MODERATE,
    DataCategory.BROWSING_HISTORY: Tier.MODERATE,
    DataCategory.COOKIES: Tier.LOW,
    DataCategory.APP_USAGE: Tier.LOW,
    DataCategory.DEVICE_ID: Tier.LOW,
    DataCategory.LANGUAGE: Tier.LOW,
    # Ours (not in the paper): placed by their weight next to listed neighbours.
    DataCategory.LOCATION: Tier.HIGH,  # 0.75 sits between precise location and phone
    DataCategory.POSTAL_ADDRESS: Tier.HIGH,  # a home address locates a person like a GPS fix
    DataCategory.IP_ADDRESS: Tier.LOW,  # weight 0.40, same as DeviceID
    DataCategory.LOCATION_COARSE: Tier.LOW,  # a city or country identifies no one alone
    # A persistent pseudonymous id (a vendor's client id, cookie id, partner uid) is how a
    # recipient joins one person's visits across sites and sessions: as identifying as a contact
    # e-mail in that role, so Moderate, weight 0.60 (between Contact .60 and Email .55 in spirit,
    # at Contact's value). The paper's DeviceID (.40, Low) stays for ids found by shape alone (a
    # UUID or MAC in text), where nothing says the value persists. With these values an id sent
    # to a first party for functionality is allowed, and one sent to analytics or advertising in
    # the background lands in the transform band (tests/unit/test_risk.py).
    DataCategory.PERSISTENT_ID: Tier.MODERATE,
    # GDPR Art. 9 names religion, political opinion, union membership, sex life and ethnic origin
    # in one list with health, biometric and genetic data: the same weight and tier as those.
    DataCategory.SPECIAL: Tier.CRITICAL,
}

# (tau_a allow ceiling, tau_d deny floor) per tier, the paper's values.
TIER_THRESHOLDS: dict[Tier, tuple[float, float]] = {
    Tier.CRITICAL: (0.10, 0.55),
    Tier.HIGH: (0.25, 0.65),
    Tier.MODERATE: (0.35, 0.75),
    Tier.LOW: (0.45, 0.80),
}


def tier_of(categories: Iterable[DataCategory]) -> Tier:
    """The tier of an action: the highest tier among its categories (Low when there are none)."""
    return max((CATEGORY_TIER[c] for c in categories), default=Tier.LOW)
