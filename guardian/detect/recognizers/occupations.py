"""Occupations and job titles in prose -> CONTACT quasi-identifier ("I work as a nurse").

A job title says something about one person only when it names that person's job: plurals
("students", "police officers") speak of groups, unless the writer counts themself in ("us
analysts", "fellow teachers"), and a title used as a modifier or a label
("Student ID", "Driver's License", "Student Information", "Student:") names something else.
"""

from __future__ import annotations

import functools
import re
from typing import ClassVar

from guardian.detect._wordlist import word_alternation
from guardian.categories import DataCategory
from guardian.detect.base import ENGLISH_ONLY, Pattern, PatternRecognizer
from guardian.records import Field, Finding

__all__ = ["OccupationRecognizer", "OCCUPATIONS"]

OCCUPATIONS = (
    "accountant actor actress analyst animator architect artist attorney auditor baker barber barista bartender biologist "
    "bookkeeper bricklayer builder butcher carpenter cashier chef chemist cleaner clerk coach consultant cook "
    "counsellor counselor courier dancer dentist designer detective developer dietitian director doctor driver "
    "economist editor electrician engineer entrepreneur farmer firefighter fisherman florist gardener geologist "
    "hairdresser historian housekeeper illustrator inspector instructor interpreter janitor journalist judge "
    "labourer laborer lawyer lecturer librarian lifeguard locksmith machinist manager mechanic midwife miner "
    "musician nanny nurse optician paralegal paramedic pharmacist photographer physician physicist "
    "physiotherapist pilot plumber poet policeman policewoman politician postman priest professor programmer "
    "psychiatrist psychologist radiologist realtor receptionist reporter researcher salesman saleswoman "
    "scientist sculptor secretary singer soldier solicitor statistician student surgeon surveyor tailor teacher "
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


# Nouns that name a profession by their ending, alone as well as after a speciality ("nutritionist",
# "radiographer", "copywriter"); not "controller", "handler", "operator", words of code as much as of work
_PROFESSION_NOUN = re.compile(r"^[a-z]{3,40}(?:ist|ian|grapher|writer)$")


@functools.lru_cache(maxsize=1)
def faker_titles() -> tuple[str, ...]:
    """The job titles of Faker's en_US job provider (about 640, a UK occupation list), in the order
    prose writes them: "Accountant, chartered" -> "chartered accountant", "Ranger/warden" -> "ranger",
    "warden"; bracketed specialities dropped. Faker (MIT) is already here for surrogates."""
    from faker.providers.job.en_US import Provider

    out: set[str] = set()
    for job in Provider.jobs:
        job = re.sub(r"\s*\([^)]*\)", "", job).strip().lower()
        head, _, modifier = job.partition(", ")
        for title in (head.split("/") if "/" in head and " " not in head else [head]):
            out.add(f"{modifier} {title}".strip() if modifier else title)
            last = title.rsplit(" ", 1)[-1]
            if _PROFESSION_NOUN.search(last):
                out.add(last)  # "copywriter" of "advertising copywriter": a profession's own noun
    # the list carries a few cut-off entries ("Copy", "Make", "Sub"): no job title of one word is that short
    # and "administrator" alone is as often a computer's account ("run as administrator") as a job
    return tuple(sorted(t for t in out if (" " in t or len(t) > 4) and len(t) <= 60 and t != "administrator"))


def _patterns() -> tuple[Pattern, ...]:
    titles = word_alternation([*OCCUPATIONS, *faker_titles()])  # a phrase wins over a word inside it
    return (
        Pattern(
            "title",
            r"(?<![\w\-])(?:(?:senior|junior|chief|head|lead|assistant|associate|registered|retired|former) ){0,2}"
            r"(?:" + titles + r")(?![\w\-])",
            0.45,
            flags=re.IGNORECASE,
        ),
        # what the writer says they are, headed by a noun of work no list above holds ("As a retired
        # merchant seaman, ...", "I'm a phlebotomist"): WordNet's nouns of a person's work
        # (`guardian/detect/wordnet_jobs.py`) say whether its last word is one (`match_span`)
        Pattern(
            DESCRIBED,
            # ("as" opening its sentence or clause, or after a verb of asking: "Can I be classified as a
            # worker?" asks about a category)
            r"(?:(?:^|(?<=[.!?(\n])|(?<=[.!?,;:(]\s))[ \t]{0,3}[Aa]s|(?<![\w\-])(?:(?i:speaking|asking|writing|posting)[ \t]{1,3}as"
            r"|I['’]m|I[ \t]{1,3}am|I[ \t]{1,3}was|(?:I[ \t]{1,3})?(?:[Ww]ork|[Ww]orked|[Ww]orking)[ \t]{1,3}as))"
            r"[ \t]{1,3}an?[ \t]{1,3}(?P<v>(?:[a-z][a-z\-]{1,24}[ \t]{1,3}){0,3}[a-z][a-z\-]{2,30})"
            r"(?=[ \t]{0,2}(?:[,.;:!?)\n]|$)|[ \t]{1,3}(?:and|who|with|from|at|in|for|on|here|by|since|so|but|of|to|now|too|again)\b)",
            0.45,
        ),
        # A plural names the writer's own job when the writer counts themself in: "us analysts",
        # "we teachers", "fellow architects".
        Pattern(
            "own_group",
            r"(?<![\w\-])(?:us|we|fellow|other|as|my fellow|our fellow) (?P<v>(?:" + titles + r")(?:s|es)?)(?![\w\-])",
            0.45,
            flags=re.IGNORECASE,
        ),
    )


class OccupationRecognizer(PatternRecognizer):
    """Job titles from a gazetteer, with an optional seniority word before them."""

    name: ClassVar[str] = "occupations"
    entities: ClassVar[tuple[str, ...]] = ("OCCUPATION",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.CONTACT
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    # English only: English job titles ("director", "son" and "man" mean other things elsewhere)
    LANGUAGES: ClassVar[frozenset[str] | None] = ENGLISH_ONLY
    QUASI_ENTITIES: ClassVar[frozenset[str]] = frozenset(entities)

    def __init__(self) -> None:
        self.PATTERNS = _patterns()  # Faker's job list read when a detector is built, not at import
        super().__init__()

    def warm(self) -> None:
        """Read WordNet's job nouns now, not on the first self-description."""
        from guardian.detect.wordnet_jobs import warm

        warm()

    def analyze(self, field: Field) -> list[Finding]:
        text = field.value
        return [f for f in super().analyze(field) if not _MODIFIER.match(text, f.end)
                and not (_COLON.match(text, f.end) and _LABEL_START.search(text, 0, f.start))]

    def match_span(self, pattern: Pattern, match: re.Match[str]) -> tuple[int, int] | None:
        """A self-description's phrase is a job where WordNet files its last word under a person's
        work; the writer's words of degree or mood before it ("a really tired nurse") are not the job's."""
        if pattern.name != DESCRIBED:
            return super().match_span(pattern, match)
        from guardian.detect.wordnet_jobs import is_job_noun

        words = list(_PHRASE_WORD.finditer(match.string, match.start("v"), match.end("v")))
        if not words or not is_job_noun(words[-1].group()):
            return None
        while len(words) > 1 and (words[0].group() in _NOT_OF_THE_JOB or words[0].group().endswith("ly")):
            words.pop(0)
        return words[0].start(), words[-1].end()


DESCRIBED = "described"
_PHRASE_WORD = re.compile(r"[a-z][a-z\-]{1,30}")
# words before a job that describe the writer's state or say how much, not the job
_NOT_OF_THE_JOB = frozenset("very really pretty quite so little bit tired busy proud happy lowly humble mere simple new "
                            "young old poor lonely overworked exhausted".split())


# What follows a job title used as a modifier or a label, not as someone's job.
_HEADS = (
    "id|ids|identity|information|info|details|detail|name|number|no|services|service|support|records?|portal"
    "|account|card|loans?|visa|union|body|council|affairs|exchange|transfer|attendance|performance"
    "|handbook|license|licence|licensing|permit|guide|application|form|profile|data|list|lists|office"
    "|grievance|welfare|well-being|wellbeing|motivation|behaviou?r|engagement|progress|enrolment|enrollment"
    "|feedback|survey|evaluation|assessment|achievement|outcomes?|success|collaboration|training|program"
    "|programme|portal|dashboard|login|handbook"
)
_MODIFIER = re.compile(r"(?:['’]s? (?:[A-Za-z]{1,20} )?(?:licen[cs]e|permit|id|card|number)\b"
                       r"| (?:" + _HEADS + r")\b)", re.IGNORECASE)
# A title before a colon is a label ("Student:", "Nurse: 3 shifts") where it opens its line or
# sentence; after other words it is someone's job ("a question from a midwife: ...", "As a civil
# engineer: ...").
_COLON = re.compile(r"[ \t]{0,2}:")
_LABEL_START = re.compile(r"(?:^|[\n.!?;|•*\-]\s{0,3})(?!(?i:as[ \t]{1,3}an?[ \t]))(?:[\w\-]{1,20}[ \t]){0,2}$")
