"""What a writer says about themselves in the first person -> the detail, with the cue as its proof.

"My name is Samuel Maharaj", "Lisa Perez here.", "Thanks! - Ugo Borrani", "my username here is
sandrahilton", "I'm monica86 on Reddit", "I live at 322 Knight Court", "I'm based in Riesa",
"I work at Miller-Butler", "Sent from my desk at Franco Ltd", "I work as a prison officer",
"I was diagnosed with rheumatoid arthritis" (the whole condition, not only the term the health
gazetteer knows: "rheumatoid" or "type 1" left behind still says what it is).
The phrase before the detail says whose it is and what it is, so these spans are the writer's own
data wherever they appear (`detect/subject.py` keeps them in a prompt as it keeps an e-mail),
also where NER misses them (a lower-case job title, an address in a form no street pattern
knows, a name NER calls a place). Only natural-language values; every quantifier bounded.
"""

from __future__ import annotations

from typing import ClassVar

import re

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer
from guardian.detect.recognizers.health import HEALTH_TERMS

__all__ = ["SelfDisclosureRecognizer"]

_WORD = r"[A-Z\u00c0-\u00de][\w'’\-]{1,30}"  # a capitalised word ("Concepción", "O'Neil", "Jean-Luc")
_NAME = rf"{_WORD}(?:\s{{1,3}}{_WORD}){{0,2}}"
_JOINERS = r"(?:de|del|della|di|da|du|la|le|sur|am|an|on|upon|of|the|y|e|et|und|and|&)"
_PLACE = rf"{_WORD}(?:,?\s{{1,3}}(?:{_JOINERS}\s{{1,3}}){{0,2}}{_WORD}){{0,3}}"
_ORG = rf"{_WORD}(?:\.|,)?(?:\s{{1,3}}(?:{_JOINERS}|[A-Z&][\w'’&.\-]{{0,40}}|[a-z]{{1,12}}(?=\s{{1,3}}[A-Z]))){{0,5}}"
_END = r"(?=\s{0,3}(?:[.,;:!?()\n]|$))"  # the detail ends with its sentence or clause
_S = r"\s{1,3}"
_I_AM = rf"(?:\bI{_S}am|\bI['’]m)"
# A condition as written after its cue: up to five words, to the end of its clause.
_CONDITION = r"[\w'’\-]{1,30}(?:\s{1,3}[\w'’\-]{1,30}){0,4}?"
_CONDITION_END = (r"(?=\s{0,3}(?:[.,;:!?()\n]|$|\s(?i:last|since|so|if|and|but|which|that|for|when|too|in|on|at|after|"
                  r"because|while)\b))")
# A health term anywhere in a disclosed phrase: "I have a question" is not a condition.
_HEALTH_TERM = re.compile(
    r"(?<![\w\-])(?:" + "|".join(re.escape(t) for t in sorted(set(HEALTH_TERMS), key=len, reverse=True)) + r")(?![\w\-])",
    re.IGNORECASE,
)


class SelfDisclosureRecognizer(PatternRecognizer):
    """First-person statements of one's name, handle, address, city, employer or job."""

    name: ClassVar[str] = "self_disclosure"
    entities: ClassVar[tuple[str, ...]] = (
        "PERSON", "USERNAME", "STREET_ADDRESS", "LOCATION", "ORGANIZATION", "OCCUPATION", "HEALTH",
    )
    CATEGORY: ClassVar[DataCategory] = DataCategory.CONTACT
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    QUASI_ENTITIES: ClassVar[frozenset[str]] = frozenset({"LOCATION", "ORGANIZATION", "OCCUPATION"})
    _CATEGORIES: ClassVar[dict[str, DataCategory]] = {
        "STREET_ADDRESS": DataCategory.POSTAL_ADDRESS,
        "LOCATION": DataCategory.LOCATION_COARSE,
        "HEALTH": DataCategory.HEALTH,
    }
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        # names: "my name is X", "call me X", "this is X", "Hi, I'm X", "I'm X (x@y)", "X here."
        Pattern("name_is", rf"(?i:\bmy{_S}name{_S}is|\bcall{_S}me|\bthis{_S}is)\s{{1,3}}(?P<v>{_NAME}){_END}", 0.85, "PERSON"),
        Pattern("greeting_i_am", rf"(?i:\b(?:hi|hello|hey)\b[,!]?{_S}{_I_AM})\s{{1,3}}(?P<v>{_NAME})"
                rf"(?=\s{{0,3}}(?:[.,;!(\n]|$|\sfrom\b|\sand{_S}I\b|\shere\b))", 0.85, "PERSON"),
        Pattern("i_am_name", rf"(?i:{_I_AM})\s{{1,3}}(?P<v>{_NAME})(?=\s{{0,3}}(?:\(|,\s{{0,3}}nice\b|\shere\b))", 0.8, "PERSON"),
        Pattern("name_here", rf"(?:^|(?<=[.!?]\s)|(?<=\n))(?P<v>{_NAME}){_S}here[.,!]", 0.8, "PERSON"),
        # sign-offs: "Thanks! - Ugo Borrani" (the name ends the line), "Thanks,\nRichard I'm ..."
        Pattern("signoff", rf"(?i:\b(?:thanks|thank{_S}you|regards|best|cheers|sincerely|best{_S}wishes))\s{{0,3}}[!,.]?\s{{0,3}}"
                rf"(?:[-—–]\s{{0,3}})?(?P<v>{_NAME})\s{{0,3}}(?:$|\n)", 0.8, "PERSON"),
        Pattern("signoff_word", rf"(?i:\b(?:thanks|regards|cheers|sincerely))\s{{0,3}}[!,.]\s{{0,3}}\n\s{{0,3}}(?P<v>{_WORD})"
                rf"(?=\s[A-Z])", 0.75, "PERSON"),
        # handles: "my username (here) is X", "I'm X on Reddit"
        Pattern("username_is", rf"(?i:\bmy{_S}(?:user\s{{0,3}}name|handle|login|screen{_S}name|gamertag|nick(?:name)?)"
                rf"(?:{_S}here)?{_S}is)\s{{1,3}}@?(?P<v>[\w.\-]{{2,30}}){_END}", 0.85, "USERNAME"),
        Pattern("on_platform", rf"(?i:{_I_AM})\s{{1,3}}@?(?P<v>[a-z0-9][\w.\-]{{2,30}}){_S}on{_S}[A-Z][\w]{{1,20}}{_END}", 0.8,
                "USERNAME"),
        # addresses: "I live at ...", "I'm writing from ...", "my address is ..." up to the clause's end
        Pattern("address", rf"(?i:\bI{_S}live{_S}at|{_I_AM}{_S}writing{_S}from|\bmy{_S}(?:home{_S}|street{_S}|postal{_S}|"
                rf"mailing{_S})?address{_S}is|\bsend{_S}it{_S}to|\bship{_S}(?:it{_S})?to)\s{{1,3}}"
                rf"(?P<v>(?=[^.!?;\n]{{0,80}}(?:[0-9]|\b[A-Z]))[^.!?;\n]{{3,80}}?)(?=\s{{0,3}}(?:[.!?;\n]|,{_S}by{_S}the{_S}way|$))",
                0.8, "STREET_ADDRESS"),
        # where one lives: "I live in X", "I'm based in X", "I'm from X", "I moved to X"
        Pattern("residence", rf"(?i:\bI{_S}live{_S}in|{_I_AM}{_S}(?:based|living){_S}in|{_I_AM}{_S}from|\bI{_S}moved{_S}to|"
                rf"\bI{_S}grew{_S}up{_S}in)\s{{1,3}}(?P<v>{_PLACE}){_END}", 0.8, "LOCATION"),
        # "I'm Gianfranco from Cantiere", "Hi, I'm Tom from Leeds": the name's own pattern ends at "from"
        Pattern("name_from", rf"(?i:{_I_AM})\s{{1,3}}{_NAME}{_S}from\s{{1,3}}(?P<v>{_PLACE}){_END}", 0.8, "LOCATION"),
        # employer: "I work at X", "my employer is X", "Sent from my desk at X"
        Pattern("employer", rf"(?i:\bI{_S}work{_S}(?:at|for)|{_I_AM}{_S}employed{_S}(?:at|by)|\bmy{_S}employer{_S}is|"
                rf"\bmy{_S}desk{_S}at|\bI{_S}intern{_S}at|\bmy{_S}company{_S}is)\s{{1,3}}(?P<v>{_ORG})"
                rf"(?=\s{{0,3}}(?:[.,;:!?()\n]|$|\sif\b|\sas\b|\sand\b))", 0.8, "ORGANIZATION"),
        # job: "I work as a X", "my job (title) is X", "I'm employed as a X"
        Pattern("job", rf"(?i:\bI{_S}work{_S}as|{_I_AM}{_S}employed{_S}as|\bmy{_S}job(?:{_S}title)?{_S}is)\s{{1,3}}"
                rf"(?i:(?:an?|the){_S})?(?P<v>(?i:[a-z][a-z\-]{{1,30}}(?:\s{{1,3}}(?:and\s{{1,3}})?[a-z][a-z\-]{{1,30}}){{0,4}}))"
                rf"(?=\s{{0,3}}(?:[.,;!?\n]|$|\s(?:at|in|for|with)\b))", 0.8, "OCCUPATION"),
        # a condition: "I have X", "I suffer from X" up to the clause's end; kept only when the
        # phrase holds a health term (validate_result): "I have a question" is no condition
        Pattern("condition", rf"(?i:\bI{_S}(?:have|had|['’]ve{_S}got|suffer{_S}from|am{_S}living{_S}with|live{_S}with)|"
                rf"{_I_AM}{_S}living{_S}with)\s{{1,3}}(?:(?i:an?|the){_S})?(?P<v>{_CONDITION}){_CONDITION_END}", 0.8, "HEALTH"),
        # "I was diagnosed with X", "my diagnosis is X": the cue says X is a condition, known or not
        Pattern("diagnosis", rf"(?i:\bI{_S}(?:was|have{_S}been|['’]ve{_S}been|got|just{_S}got){_S}diagnosed{_S}with|"
                rf"\bmy{_S}diagnosis{_S}(?:is|was))\s{{1,3}}(?:(?i:an?|the){_S})?(?P<v>{_CONDITION}){_CONDITION_END}", 0.8, "HEALTH"),
    )

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        if pattern.name == "condition":
            return None if _HEALTH_TERM.search(text) else False
        return None

    def category_for(self, entity: str, text: str) -> DataCategory:
        return self._CATEGORIES.get(entity, DataCategory.CONTACT)
