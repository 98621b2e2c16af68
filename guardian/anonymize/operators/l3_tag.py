"""L3, entity-tag replacement: each span becomes a tag naming what it was ([EMAIL], [PERSON] ...)."""

from __future__ import annotations

from guardian.anonymize.base import LevelOperator
from guardian.categories import DataCategory as C
from guardian.records import FieldKind, Finding

__all__ = ["EntityTag", "TAGS"]

TAGS: dict[C, str] = {
    C.CREDENTIALS: "[CREDENTIAL]",
    C.FINANCIAL: "[FINANCIAL]",
    C.HEALTH: "[HEALTH]",
    C.BIOMETRIC: "[BIOMETRIC]",
    C.GENETIC: "[GENETIC]",
    C.SSN: "[NATIONAL_ID]",
    C.LOCATION_PRECISE: "[LOCATION]",
    C.LOCATION: "[LOCATION]",
    C.LOCATION_COARSE: "[LOCATION]",
    C.PHONE: "[PHONE]",
    C.CONTENT: "[CONTENT]",
    C.POSTAL_ADDRESS: "[ADDRESS]",
    C.CONTACT: "[PERSON]",
    C.EMAIL: "[EMAIL]",
    C.SEARCH_HISTORY: "[SEARCH]",
    C.BROWSING_HISTORY: "[URL]",
    C.IP_ADDRESS: "[IP_ADDRESS]",
    C.DEVICE_ID: "[DEVICE_ID]",
    C.PERSISTENT_ID: "[USER_ID]",
    C.APP_USAGE: "[APP_USAGE]",
    C.COOKIES: "[COOKIE]",
    C.LANGUAGE: "[LANGUAGE]",
}
# Entities whose tag says more than their category's.
ENTITY_TAGS: dict[str, str] = {
    "CREDIT_CARD": "[CREDIT_CARD]",
    "IBAN_CODE": "[IBAN]",
    "DATE_OF_BIRTH": "[DATE]",
    "AGE": "[AGE]",
    "GENDER": "[GENDER]",
    "OCCUPATION": "[OCCUPATION]",
    "FIELD_OF_STUDY": "[FIELD_OF_STUDY]",
}


class EntityTag(LevelOperator):
    level = 3
    treats_quasi = True

    def rewrite(self, span: str, finding: Finding, kind: FieldKind) -> str:
        if kind is FieldKind.NUMBER:
            return "0"
        return ENTITY_TAGS.get(finding.entity) or TAGS[finding.category]
