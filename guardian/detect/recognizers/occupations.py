"""Occupations and job titles in prose -> CONTACT quasi-identifier ("I work as a nurse")."""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["OccupationRecognizer", "OCCUPATIONS"]

OCCUPATIONS = (
    "accountant actor actress architect artist attorney auditor baker barber barista bartender biologist "
    "bookkeeper bricklayer builder butcher carpenter cashier chef chemist cleaner clerk coach consultant cook "
    "counsellor counselor courier dancer dentist designer detective developer dietitian director doctor driver "
    "economist editor electrician engineer entrepreneur farmer firefighter fisherman florist gardener geologist "
    "hairdresser historian housekeeper illustrator inspector instructor interpreter janitor journalist judge "
    "labourer laborer lawyer lecturer librarian lifeguard locksmith machinist manager mechanic midwife miner "
    "musician nanny nurse optician paralegal paramedic pharmacist photographer physician physicist "
    "physiotherapist pilot plumber poet policeman policewoman politician postman priest professor programmer "
    "psychiatrist psychologist radiologist realtor receptionist reporter researcher salesman saleswoman "
    "scientist secretary singer soldier solicitor statistician student surgeon surveyor tailor teacher "
    "technician therapist translator tutor veterinarian vet waiter waitress welder writer"
).split() + [
    "software engineer", "software developer", "data scientist", "web developer", "police officer",
    "social worker", "nurse practitioner", "civil servant", "truck driver", "taxi driver", "bus driver",
    "flight attendant", "real estate agent", "sales representative", "customer service representative",
    "project manager", "product manager", "marketing manager", "chief executive officer", "CEO", "CTO", "CFO",
    "personal trainer", "teaching assistant", "graphic designer", "stay-at-home parent", "retiree", "retired",
    "unemployed", "self-employed", "freelancer", "intern", "mayor", "senator", "governor", "minister",
    "prosecutor", "public prosecutor", "investigating judge",
]


class OccupationRecognizer(PatternRecognizer):
    """Job titles from a gazetteer, with an optional seniority word before them."""

    name: ClassVar[str] = "occupations"
    entities: ClassVar[tuple[str, ...]] = ("OCCUPATION",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.CONTACT
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    QUASI_ENTITIES: ClassVar[frozenset[str]] = frozenset(entities)
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern(
            "title",
            r"(?<![\w\-])(?:(?:senior|junior|chief|head|lead|assistant|associate|registered|retired|former) ){0,2}"
            r"(?:" + "|".join(re.escape(o) for o in sorted(set(OCCUPATIONS), key=len, reverse=True)) + r")s?(?![\w\-])",
            0.45,
            flags=re.IGNORECASE,
        ),
    )
