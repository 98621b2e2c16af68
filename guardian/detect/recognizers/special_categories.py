"""The other special categories of GDPR Art. 9 in prose -> SpecialCategory: religion or belief,
political opinion, trade-union membership, sexual orientation, racial or ethnic origin.

Like the health gazetteer, these are the categories' own words, not phrasings: a faith, a party or
its member, an orientation, an ethnic group, a union. A word many texts use for other things is
left out ("conservative estimate", "liberal arts", "black coffee", "straight line", "green"), so
what is listed names the category. Whether a mention is the writer's own is decided after
detection: in a prompt, by `detect/subject.py` (a cue of the writer's, or the learned judge);
these are quasi-identifiers ("group"), so a prompt that asks about Buddhism keeps it.
"""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect._wordlist import word_alternation
from guardian.detect.base import ENGLISH_ONLY, Pattern, PatternRecognizer

__all__ = [
    "SpecialCategoryRecognizer", "RELIGION_TERMS", "POLITICS_TERMS", "SEXUALITY_TERMS", "ETHNICITY_TERMS", "UNION_TERMS",
    "RELIGION_NAMES", "POLITICS_NAMES", "SEXUALITY_NAMES", "ETHNICITY_NAMES", "UNION_NAMES",
]

# Each group: words of any case, then names that are the category's only with their capitals
# ("UNISON" the union, not "in unison"; "Republican" the party member, not a republican constitution).
RELIGION_TERMS = (
    "catholic", "roman catholic", "protestant", "evangelical", "baptist", "methodist", "lutheran", "anglican",
    "presbyterian", "pentecostal", "orthodox christian", "greek orthodox", "russian orthodox", "mormon",
    "latter-day saint", "jehovah's witness", "jehovah’s witness", "quaker", "seventh-day adventist", "muslim", "sunni",
    "shia", "shiite", "sufi", "jewish", "orthodox jew", "hasidic", "hindu", "sikh", "buddhist", "jain", "bahá'í",
    "baha'i", "bahai", "taoist", "zoroastrian", "wiccan", "atheist", "agnostic", "born-again christian",
)
RELIGION_NAMES = ("Christian", "Pagan")
POLITICS_TERMS = (
    "labour voter", "labour supporter", "labour member", "labour party member", "lib dem voter", "green party member",
    "green voter", "socialist", "communist", "marxist", "anarchist", "libertarian", "trump supporter",
    "registered democrat", "registered republican", "democratic socialist", "social democrat",
)
POLITICS_NAMES = ("Democrat", "Republican", "Tory", "Lib Dem", "Liberal Democrat", "MAGA", "SNP voter", "Reform UK voter")
SEXUALITY_TERMS = (
    "gay", "lesbian", "bisexual", "pansexual", "asexual", "queer", "transgender", "trans woman", "trans man",
    "non-binary", "nonbinary", "genderqueer", "intersex", "lgbtq+", "lgbtq", "lgbt", "homosexual",
)
SEXUALITY_NAMES = ("bi",)  # lower case: "BI" is business intelligence
ETHNICITY_TERMS = (
    "hispanic", "latino", "latina", "latinx", "african american", "african-american", "black british", "afro-caribbean",
    "native american", "first nations", "aboriginal", "torres strait islander", "romani", "māori", "pacific islander",
    "biracial", "mixed-race", "mixed race", "kurdish", "uyghur", "asian american",
)
ETHNICITY_NAMES = ("Roma", "Arab", "Berber", "Desi", "Indigenous")
UNION_TERMS = (
    "union member", "member of the union", "member of a union", "trade union member", "trade unionist",
    "labor union member", "labour union member", "shop steward", "union rep", "union representative",
)
UNION_NAMES = ("UNISON", "Unison", "Teamsters", "AFL-CIO", "SEIU", "UAW", "GMB", "ver.di", "IG Metall", "CGT", "Unite the Union")
_GROUPS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("RELIGION", RELIGION_TERMS, RELIGION_NAMES), ("POLITICS", POLITICS_TERMS, POLITICS_NAMES),
    ("SEXUALITY", SEXUALITY_TERMS, SEXUALITY_NAMES), ("ETHNICITY", ETHNICITY_TERMS, ETHNICITY_NAMES),
    ("UNION", UNION_TERMS, UNION_NAMES),
)


class SpecialCategoryRecognizer(PatternRecognizer):
    """Religion, political opinion, sexual orientation, ethnic origin and union membership words."""

    name: ClassVar[str] = "special_categories"
    entities: ClassVar[tuple[str, ...]] = tuple(entity for entity, _, _ in _GROUPS)
    CATEGORY: ClassVar[DataCategory] = DataCategory.SPECIAL
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    # English only: English words for the categories; whose they are is judged by English cues
    LANGUAGES: ClassVar[frozenset[str] | None] = ENGLISH_ONLY
    QUASI_ENTITIES: ClassVar[frozenset[str]] = frozenset(entity for entity, _, _ in _GROUPS)
    # whole words only ("gay", not "Gaylord"); a plural "s" may follow
    PATTERNS: ClassVar[tuple[Pattern, ...]] = tuple(
        pattern
        for entity, terms, names in _GROUPS
        for pattern in (
            Pattern(entity.lower(), r"(?<![\w\-])(?:" + word_alternation(terms) + r")s?(?![\w\-])", 0.7, entity, flags=re.IGNORECASE),
            Pattern(entity.lower() + "_name", r"(?<![\w\-])(?:" + "|".join(re.escape(n) for n in names) + r")s?(?![\w\-])", 0.7, entity),
        )
    )
