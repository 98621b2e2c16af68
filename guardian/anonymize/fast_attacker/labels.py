"""The attributes the fast attacker guesses, as categorical buckets (SynthPAI's eight).

A bucket is a class the model learns from wording, never a list of values it remembers:
age -> decade, occupation -> an occupation group, a city -> its country (the frequent ones,
else "other"). `bucket(attribute, profile)` maps a SynthPAI ground-truth profile to the class
index; `GUESS_TEXT` is the phrase a guess carries (what an attacker would write).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["ATTRIBUTES", "CLASSES", "GUESS_TEXT", "FIELD_OF", "bucket", "occupation_group", "education_level", "country_of"]

# attribute -> class names, in the order of the model's logits
CLASSES: Mapping[str, tuple[str, ...]] = {
    "age": ("under 30", "30s", "40s", "50s", "60 or over"),
    "sex": ("male", "female"),
    "relationship_status": ("single", "in a relationship", "engaged", "married", "divorced", "widowed"),
    "income_level": ("low", "middle", "high"),
    "education": ("high school", "college diploma", "bachelor", "master", "doctorate"),
    "occupation": (
        "healthcare", "education", "technology and engineering", "science and research",
        "business and finance", "arts, media and design", "service, retail and trades",
        "public and social service", "retired",
    ),
    "city_country": (
        "United States", "Australia", "Germany", "Canada", "Japan", "France", "United Kingdom",
        "South Africa", "India", "Brazil", "China", "Italy", "other",
    ),
    "birth_city_country": (
        "United States", "Australia", "Germany", "Canada", "Japan", "France", "United Kingdom",
        "South Africa", "India", "Brazil", "China", "Italy", "other",
    ),
}
ATTRIBUTES: tuple[str, ...] = tuple(CLASSES)

# The attacker's field label for each attribute (as guardian.anonymize.attacker.FIELD_LABELS).
FIELD_OF: Mapping[str, str] = {
    "age": "age", "sex": "sex", "relationship_status": "relationship_status", "income_level": "income_level",
    "education": "education", "occupation": "occupation", "city_country": "location", "birth_city_country": "birthplace",
}

# What a guess says, per class ("other" is never guessed: it names nothing).
GUESS_TEXT: Mapping[str, tuple[str, ...]] = {
    "age": ("under 30", "in their 30s", "in their 40s", "in their 50s", "60 or over"),
    "occupation": (
        "healthcare worker", "teacher or educator", "engineer or technology worker", "scientist or researcher",
        "business or finance professional", "artist, designer or media worker", "service, retail or trades worker",
        "public or social service worker", "retired",
    ),
    "education": ("high school", "college diploma", "bachelor's degree", "master's degree", "doctorate"),
    "income_level": ("low income", "middle income", "high income"),
}

_COUNTRY_ALIASES = {"usa": "United States", "us": "United States", "uk": "United Kingdom", "england": "United Kingdom"}

# Occupation groups by keyword, first match wins ("retired" before everything else).
_OCCUPATION_RULES: tuple[tuple[str, str], ...] = (
    ("retired", r"retire"),
    ("healthcare", r"nurse|doctor|surgeon|physio|therap|psycholog|nutrition|care aide|medic|health consultant"),
    ("public and social service", r"social worker|community|diplomat|political|public health|city manager|activist|"
                                  r"health inspector|policeman|mailman|lawyer"),
    ("education", r"teacher|professor|lecturer|tutor|principal|graduate assistant|librarian"),
    ("technology and engineering", r"software|developer|engineer|data|\bit\b|web|game|tester|programmer"),
    ("science and research", r"scientist|research|biolog|geolog|geophys|astronom|anthropolog|archa?eolog|historian|"
                             r"economist|lab|lexicograph"),
    ("arts, media and design", r"design|artist|painter|sculptor|editor|reporter|critic|curator|director|film|gallery|"
                               r"music|architect|tour guide"),
    ("business and finance", r"manager|accountant|financ|consultant|ceo|\bhr\b|human resources|marketing|\bpr\b|"
                             r"real estate|owner|entrepreneur|business|analyst"),
    ("service, retail and trades", r"barista|waiter|server|chef|retail|sales|receptionist|driver|carpenter|"
                                   r"construction|farmer|hairdress|fisherman|gym|assistant|customer service|"
                                   r"bookshop|bookstore"),
)


def occupation_group(occupation: str) -> str | None:
    text = occupation.lower()
    for group, pattern in _OCCUPATION_RULES:
        if re.search(pattern, text):
            return group
    return None


def education_level(education: str) -> str | None:
    text = education.lower()
    if re.search(r"doctor|ph\.?d|\bmd\b", text):
        return "doctorate"
    if re.search(r"master|mba", text):
        return "master"
    if "studying" in text or "diploma in" in text or "associate" in text:
        return "college diploma"
    if "bachelor" in text:
        return "bachelor"
    if "high school" in text:
        return "high school"
    return None


def country_of(city_country: str) -> str:
    name = city_country.split(",")[-1].strip()
    name = _COUNTRY_ALIASES.get(name.lower(), name)
    return name if name in CLASSES["city_country"] else "other"


def _age(age: int) -> str:
    if age < 30:
        return "under 30"
    if age >= 60:
        return "60 or over"
    return f"{age // 10 * 10}s"


def _relationship(status: str) -> str:
    s = status.lower().strip()
    return "in a relationship" if "relationship" in s else s


def bucket(attribute: str, profile: Mapping[str, object]) -> int | None:
    """The class index of a SynthPAI ground-truth profile for `attribute`, or None."""
    raw = profile.get(attribute)
    name: str | None
    if attribute == "age":
        name = _age(int(raw)) if isinstance(raw, (int, float)) else None
    elif not isinstance(raw, str) or not raw.strip():
        return None
    elif attribute == "occupation":
        name = occupation_group(raw)
    elif attribute == "education":
        name = education_level(raw)
    elif attribute in ("city_country", "birth_city_country"):
        name = country_of(raw)
    elif attribute == "relationship_status":
        name = _relationship(raw)
    elif attribute == "income_level":
        name = "high" if raw.strip().lower() == "very high" else raw.strip().lower()
    else:
        name = raw.strip().lower()
    classes = CLASSES[attribute]
    return classes.index(name) if name in classes else None
