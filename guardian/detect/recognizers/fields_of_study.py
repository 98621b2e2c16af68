"""A person's field of study in prose -> CONTACT quasi-identifier ("I majored in geology").

What someone studied narrows down who they are as much as a job does (SynthPAI's `education`,
TAB's quasi-identifiers). Disciplines that are rarely anything else ("geology", "astrophysics")
count on their own; words with an everyday sense ("history", "art", "law", "marketing") count
only where the sentence says they are studied ("degree in history", "a law student").
"""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.detect._wordlist import word_alternation
from guardian.categories import DataCategory
from guardian.detect.base import ENGLISH_ONLY, Pattern, PatternRecognizer

__all__ = ["FieldOfStudyRecognizer", "DISCIPLINES", "AMBIGUOUS_DISCIPLINES"]

# Names of disciplines that, in prose, almost always mean the discipline.
DISCIPLINES = (
    "accountancy aeronautics agronomy anthropology archaeology archeology astronomy astrophysics biochemistry "
    "bioengineering bioinformatics biology biomedicine biophysics biotechnology botany chemistry criminology "
    "ecology economics egyptology entomology epidemiology ethnography geochemistry geology geophysics "
    "gerontology hydrology immunology kinesiology linguistics mathematics meteorology microbiology mineralogy "
    "musicology neurobiology neuroscience oceanography ornithology paleontology pharmacology philology physics "
    "physiology seismology sociology theology toxicology virology volcanology zoology"
).split() + [
    "computer science", "data science", "political science", "political sciences", "social work",
    "social sciences", "life sciences", "earth sciences", "environmental science", "materials science",
    "cognitive science", "library science", "sports science", "veterinary medicine", "public health",
    "civil engineering", "mechanical engineering", "electrical engineering", "chemical engineering",
    "software engineering", "aerospace engineering", "biomedical engineering", "industrial design",
    "graphic design", "fine arts", "liberal arts", "international relations", "business administration",
    "comparative literature", "gender studies", "media studies", "film studies",
]
# Everyday words too: a field of study only with a study cue next to them.
AMBIGUOUS_DISCIPLINES = (
    "accounting architecture art arts business classics communications dentistry design drama education "
    "engineering english finance french geography german history journalism law literature management "
    "marketing math maths medicine music neurology nursing oncology pathology pediatrics pharmacy philosophy "
    "psychiatry psychology radiology spanish statistics theatre theater"
).split()

_ALL = sorted(set(DISCIPLINES) | set(AMBIGUOUS_DISCIPLINES), key=len, reverse=True)
_ANY = r"(?:" + word_alternation(_ALL) + r")"
_UNAMBIGUOUS = r"(?:" + word_alternation(DISCIPLINES) + r")"
_I = re.IGNORECASE


class FieldOfStudyRecognizer(PatternRecognizer):
    """Disciplines from a gazetteer; the everyday-sense ones only after or before a study cue."""

    name: ClassVar[str] = "fields_of_study"
    entities: ClassVar[tuple[str, ...]] = ("FIELD_OF_STUDY",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.CONTACT
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    # English only: English names of disciplines and English cues ("degree in")
    LANGUAGES: ClassVar[frozenset[str] | None] = ENGLISH_ONLY
    QUASI_ENTITIES: ClassVar[frozenset[str]] = frozenset(entities)
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        # "a degree in history", "majored in art", "studied law", "PhD in economics"
        Pattern(
            "study_cue_before",
            r"(?<![\w])(?:degrees? (?:in|of)|major(?:ed|ing|s)? in|minor(?:ed|ing|s)? in|stud(?:y|ied|ies|ying)"
            r"|(?:phd|ph\.d\.|doctorate|masters?|master's|bachelor's|bachelors?|ba|bsc|msc|ma|mba) (?:in|of)"
            r"|background in|graduated? (?:in|with a degree in)|teach(?:es|ing)?|lecturer in|professor of"
            r"|school of|faculty of|department of|dept\.? of)"
            r" (?:the )?(?P<v>" + _ANY + r")(?![\w\-])",
            0.55,
            flags=_I,
        ),
        # "a history major", "the law student", "physics grad", "engineering degree"
        Pattern(
            "study_cue_after",
            r"(?<![\w\-])(?P<v>" + _ANY + r") (?:majors?|minors?|students?|grads?|graduates?|degrees?|classes|class"
            r"|courses?|lectures?|professors?|department|dept|faculty|phd|program(?:me)?|school|undergrad(?:uate)?s?)(?![\w\-])",
            0.5,
            flags=_I,
        ),
        # "geology", "data science" alone: these rarely mean anything else
        Pattern("discipline", r"(?<![\w\-])" + _UNAMBIGUOUS + r"(?![\w\-])", 0.4, flags=_I),
    )
