"""L3, entity-tag replacement: each span becomes a tag naming what it was ([EMAIL], [PERSON] ...)."""

from __future__ import annotations

from guardian.anonymize.base import LevelOperator
from guardian.categories import DataCategory as C
from guardian.records import FieldKind, Finding

__all__ = ["EntityTag", "TAGS", "ENTITY_TAGS", "tag_for"]

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
    C.SPECIAL: "[SPECIAL_CATEGORY]",
}
# Entities whose tag says more than their category's. Contact gathers people and what describes
# them; only a person is a [PERSON]: "11 years", "every weekend" and "my ex-husband" are a time
# and a relation, and a tag that calls them a person misleads the reader and the model alike.
ENTITY_TAGS: dict[str, str] = {
    "RELIGION": "[RELIGION]",
    "POLITICS": "[POLITICS]",
    "SEXUALITY": "[ORIENTATION]",
    "ETHNICITY": "[ETHNICITY]",
    "UNION": "[UNION]",
    "CREDIT_CARD": "[CREDIT_CARD]",
    "IBAN_CODE": "[IBAN]",
    "DATE_OF_BIRTH": "[DATE]",
    "DATE_TIME": "[TIME]",
    "AGE": "[AGE]",
    "GENDER": "[GENDER]",
    "RELATIONSHIP": "[RELATION]",
    "MARITAL_STATUS": "[MARITAL_STATUS]",
    "TITLE": "[TITLE]",
    "OCCUPATION": "[OCCUPATION]",
    "FIELD_OF_STUDY": "[FIELD_OF_STUDY]",
    "USERNAME": "[USERNAME]",
    "CASE_NUMBER": "[CASE_NUMBER]",
    "QUANTITY": "[QUANTITY]",
    "ORGANIZATION": "[ORGANIZATION]",
    "NRP": "[GROUP]",
    "MONEY": "[AMOUNT]",
    "LOCATION": "[LOCATION]",
    "USER_ID": "[USER_ID]",
}
PERSON_ENTITIES = frozenset({"PERSON"})
GENERIC_CONTACT_TAG = "[DETAIL]"  # a Contact entity with no tag of its own: generic, never [PERSON]


class EntityTag(LevelOperator):
    level = 3
    treats_quasi = True

    def rewrite(self, span: str, finding: Finding, kind: FieldKind) -> str:
        if kind is FieldKind.NUMBER:
            return "0"
        return tag_for(finding.category, finding.entity)


def tag_for(category: C, entity: str) -> str:
    """The tag of an entity of a category: the entity's own, else the category's; a Contact
    entity that is not a person gets the generic tag (also the vault's label, guardian/vault)."""
    tag = ENTITY_TAGS.get(entity)
    if tag is not None:
        return tag
    if category is C.CONTACT and entity not in PERSON_ENTITIES:
        return GENERIC_CONTACT_TAG
    return TAGS[category]
