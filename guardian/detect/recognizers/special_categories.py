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
from guardian.detect.origins import is_origin_word

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
    "registered democrat", "registered republican", "registered independent", "democratic socialist", "social democrat",
)
POLITICS_NAMES = ("Democrat", "Republican", "Tory", "Tories", "Lib Dem", "Liberal Democrat", "MAGA", "SNP voter", "Reform UK voter")
SEXUALITY_TERMS = (
    "gay", "lesbian", "bisexual", "pansexual", "asexual", "queer", "transgender", "trans woman", "trans man",
    "non-binary", "nonbinary", "genderqueer", "intersex", "lgbtq+", "lgbtq", "lgbt", "homosexual", "demisexual", "aromantic",
    "heterosexual", "bi-curious", "bicurious", "graysexual", "greysexual", "omnisexual", "polysexual", "panromantic",
    "biromantic", "two-spirit", "same-sex attracted", "same sex attracted", "same-gender attracted", "heteroflexible",
    "homoflexible", "heteroromantic", "homoromantic", "demiromantic", "greyromantic", "grayromantic", "sapphic",
)
SEXUALITY_NAMES = ("bi",)  # lower case: "BI" is business intelligence
ETHNICITY_TERMS = (
    "hispanic", "latino", "latina", "latinx", "african american", "african-american", "black british", "afro-caribbean",
    "native american", "first nations", "aboriginal", "torres strait islander", "romani", "māori", "pacific islander",
    "biracial", "mixed-race", "mixed race", "kurdish", "uyghur", "asian american", "irish traveller", "gypsy",
)
ETHNICITY_NAMES = ("Roma", "Arab", "Berber", "Desi", "Indigenous")
UNION_TERMS = (
    "union member", "member of the union", "member of a union", "trade union member", "trade unionist",
    "labor union member", "labour union member", "shop steward", "union rep", "union representative",
)
UNION_NAMES = ("UNISON", "Unison", "Teamsters", "AFL-CIO", "SEIU", "UAW", "GMB", "ver.di", "IG Metall", "CGT", "Unite the Union")
# How a member tells their loyalty, before the party or faith: a closed class of the grammar
_LOYALTY = (r"(?:Longtime|Long-time|Lifelong|Life-long|Proud|Proudly|Devout|Practising|Practicing|Committed|Staunch|"
            r"Loyal|Former|Active|Registered|Card-carrying|Paid-up|Die-hard|Diehard)")
_GROUPS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("RELIGION", RELIGION_TERMS, RELIGION_NAMES), ("POLITICS", POLITICS_TERMS, POLITICS_NAMES),
    ("SEXUALITY", SEXUALITY_TERMS, SEXUALITY_NAMES), ("ETHNICITY", ETHNICITY_TERMS, ETHNICITY_NAMES),
    ("UNION", UNION_TERMS, UNION_NAMES),
)


# the endings English makes adjectives of a place or a people with ("Ghanaian", "Japanese", "Somali", "Danish")
_ADJECTIVE_ENDING = re.compile(r"(?:an|ese|i|ish)$")


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
    ) + (
        # The categories by the shape of their names, beyond the lists: a party is named "<Name> Party";
        # a union is an acronym whose dues, branch, rep or steward a member speaks of; an ethnic or
        # national origin is a census group ("Black Caribbean", "White Irish"), a hyphenated origin
        # ("Korean-American"), or a nationality adjective (-an, -ian, -ese, -i, -ish) of a person, a
        # family or a heritage, or after "growing up" / "my family is".
        # ("Longtime Liberal Party voter": the words of a member's loyalty are no part of the name)
        Pattern("party", r"(?<![\w])(?!" + _LOYALTY + r"\s)(?:[A-Z][\w'’\-]{1,20}\s{1,3}){1,3}Party(?![\w])", 0.7, "POLITICS"),
        Pattern("party_joined", r"(?i:canvass(?:ed|ing)?|vot(?:ed|e|ing)|campaign(?:ed|ing)?|member\s{1,3}of|joined)\s{1,3}"
                r"(?i:for\s{1,3})?(?i:the\s{1,3})?(?P<v>[a-z]{3,20}\s{1,3}party)(?![\w])", 0.7, "POLITICS"),
        # "Paid-up Unite member", "card-carrying Reform UK member": the wording of a member's own card
        Pattern("member_card", r"(?i:paid[- ]up|card[- ]carrying|dues[- ]paying|fellow)\s{1,3}(?P<v>[A-Z][\w&'’\-]{1,20}"
                r"(?:\s{1,3}[A-Z][\w&'’\-]{0,20}){0,3})\s{1,3}(?i:member|supporter|activist)(?![\w])", 0.7, "UNION"),
        # "GMB card-carrier here": the member by the card they carry
        Pattern("card_carrier", r"(?<![\w])(?P<v>[A-Z][\w&'’\-]{1,20}(?:\s{1,3}[A-Z][\w&'’\-]{0,20}){0,3})\s{1,3}"
                r"(?i:card[- ]carrier)(?![\w])", 0.7, "UNION"),  # not "card-holder": a payment card's
        # "Australian Education Union membership card", "member of the Fire Brigades Union": a union by
        # its name's last word, where its member speaks ("European Union member states" are countries)
        Pattern("union_named", r"(?<![\w])(?!(?:My|Our|The|His|Her|Their|A|An)\s)(?P<v>(?:[A-Z][\w&'’\-]{1,20}\s{1,3}){1,4}Union)\s{1,3}"
                r"(?i:member(?:ship)?(?!\s{1,3}(?:states?|countries|nations|republics))|membership\s{1,3}card|rep|representative|dues|"
                r"branch|steward)(?![\w])"
                r"|(?i:member\s{1,3}of\s{1,3}(?:the\s{1,3})?|joined\s{1,3}(?:the\s{1,3})?)"
                r"(?P<v2>(?:[A-Z][\w&'’\-]{1,20}\s{1,3}){1,4}Union)(?![\w])",
                0.7, "UNION"),
        Pattern("union_dues", r"(?<![\w])(?P<v>[A-Z]{2,8})\s{1,3}(?i:dues|branch|rep|representative|shop\s{1,3}steward|local\s{1,3}[0-9]{1,4}|picket|membership\s{1,3}card)(?![\w])",
                0.7, "UNION"),
        Pattern("union_steward", r"(?i:shop\s{1,3}steward|union\s{1,3}rep(?:resentative)?)\s{1,3}(?i:for|at|with|of|in)\s{1,3}(?:the\s{1,3})?"
                r"(?P<v>[A-Z][\w&\-]{1,20}(?:\s{1,3}[A-Z][\w&\-]{1,20}){0,2})", 0.7, "UNION"),
        # "fyi my dues go to UNISON", "speaking as a steward for the NEA": the union the writer pays or
        # represents (a lower-case "the nurses' union" too)
        Pattern("union_dues_to", r"(?i:\bmy\s{1,3}(?:union\s{1,3})?dues\s{1,3}(?:go|goes|went|are\s{1,3}paid)\s{1,3}to"
                r"|\b(?:as|I['’]m|I\s{1,3}am)\s{1,3}an?\s{1,3}(?:union\s{1,3})?steward\s{1,3}(?:for|at|with|of|in))\s{1,3}(?:the\s{1,3})?"
                r"(?P<v>[A-Z][\w&\-]{1,20}(?:\s{1,3}[A-Z][\w&\-]{1,20}){0,2}|[a-z]{3,20}['’]?\s{1,3}union)", 0.7, "UNION"),
        # "Union member here (RMT)", "shop steward (UCU)": the union's name in brackets after the word for its member
        Pattern("union_bracket", r"(?i:union\s{1,3}member|member\s{1,3}of\s{1,3}(?:the|a|my)\s{1,3}union|trade\s{1,3}unionist|"
                r"shop\s{1,3}steward|union\s{1,3}rep(?:resentative)?)(?:\s{1,3}here)?\s{0,3}\((?P<v>[A-Z][A-Za-z&\-]{1,15})\)",
                0.7, "UNION"),
        # "I vote for Reform UK", "I always vote Plaid Cymru", "my vote went to the Greens": what the
        # writer votes for is their political opinion, whatever the party's name (not "Yes" or a day)
        Pattern("vote_for", r"(?i:\bI\s{1,3}(?:(?:always|usually|normally|mostly|just|still|will|would|never)\s{1,3})?vot(?:e|ed)"
                r"|\bmy\s{1,3}vote\s{1,3}(?:goes|went|is\s{1,3}going)\s{1,3}to)\s{1,3}(?i:for\s{1,3})?(?i:the\s{1,3})?"
                r"(?!(?:Yes|No|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Option|Leave|Remain|It|This|That)\b)"
                r"(?P<v>[A-Z][\w&'’\-]{1,20}(?:\s{1,3}[A-Z][\w&'’\-]{0,20}){0,3})(?![\w&'’\-])", 0.7, "POLITICS"),
        # "im ace btw", "I'm aro and ...": the short forms of asexual and aromantic, said of the
        # writer and ending the clause ("I'm ace at chess" is a skill)
        Pattern("ace", r"(?i:\bbeing|\bI['’]m|\bim|\bI\s{1,3}am)\s{1,3}(?P<v>(?i:ace|aro|aroace|aro-ace))"
                r"(?=\s{0,3}(?:[,;:!)\n—–]|\.(?:\s|$)|$)|\s{1,3}(?i:btw|and|here|myself|too|fwiw)\b)", 0.7, "SEXUALITY"),
        # "Being straight and new to this city", "Hi from a straight reader": "straight" is an
        # orientation only said of the writer or a person noun, its clause ending or going on with "and"
        Pattern("straight", r"(?i:\bbeing|\bI['’]m|\bI\s{1,3}am|\bas\s{1,3}an?|\bfrom\s{1,3}an?)\s{1,3}(?P<v>(?i:straight))"
                r"(?=\s{0,3}(?:[,;:!)\n—–]|\.(?:\s|$)|$)|\s{1,3}(?i:and\s{1,3}(?:new|single|married|proud|curious|out)|reader|guy|gal|man|woman|"
                r"person|dude|bloke|lad|girl|mum|mom|dad|parent|user|ally|here)\b)", 0.7, "SEXUALITY"),
        Pattern("ethnicity_census", r"(?<![\w\-])(?:Black|White|Mixed|British)\s{1,3}(?:Caribbean|African|British|Irish|Asian)(?![\w\-])", 0.7, "ETHNICITY"),
        Pattern("ethnicity_hyphen", r"(?<![\w\-])[A-Za-z][a-z]{2,20}-(?i:American|British|Canadian|Australian)(?![\w\-])", 0.7, "ETHNICITY"),
        # "Ghanaian woman", "Tigrinya guy here": a people's or a country's adjective before a person
        # noun (a word not made as an adjective must be a people's name, `detect/origins.py`)
        Pattern("ethnicity_adjective", r"(?<![\w\-])(?P<v>[A-Z][a-z]{2,20})\s{1,3}(?:woman|women|man|men|person|people|guy|girl|"
                r"boy|family|immigrant|immigrants|heritage|descent|background|ancestry|roots|community)(?![\w\-])", 0.7, "ETHNICITY"),
        # "being punjabi, ...": lower case only for the -i adjectives (Punjabi, Pakistani, Somali, Iraqi),
        # where no common English adjective ends so
        Pattern("ethnicity_being", r"(?i:being|growing\s{1,3}up)\s{1,3}(?P<v>[a-z]{3,20}i)(?![\w\-])", 0.7, "ETHNICITY"),
        # "I'm Nigerian, ...", "Proudly Cherokee here", "As a Korean American, ...": a people's or a
        # country's name (`detect/origins.py`, by CLDR) predicated of the writer, its clause ending there
        # ("As an English teacher" names a job; "I'm Jordan" introduces a person)
        Pattern("ethnicity_predicated", r"(?:\bI['’]m|\bI\s{1,3}am|\b[Pp]roud(?:ly)?|\b[Pp]roud\s{1,3}to\s{1,3}be|\b[Aa]s\s{1,3}an?|\b[Bb]eing"
                # "As someone who is Ethiopian": whose the person is, the subject rules say
                r"|\b(?i:someone|somebody|a\s{1,3}person)\s{1,3}(?i:who\s{1,3}(?:is|was)|who['’]s))"
                r"\s{1,3}(?:(?i:half|part|fully|mostly|ethnically|proudly|a\s{1,3}proud)\s{1,3}){0,2}"
                r"(?P<v>[A-Z][a-z]{2,20}(?:[\s\-][A-Z][a-z]{2,20})?)"
                r"(?=\s{0,3}(?:[,.;:!?)\n]|$|\s(?:and|but|so|here|myself|by|from|on|born|living|who|too|in|of|with)\b))",
                0.7, "ETHNICITY"),
        # "Tongan and curious: ...", "Gujarati and living in Leeds.", "Samoan here, ...": a people's name
        # opening a sentence, joined to what else describes its subject (whose subject, the writer
        # left out or a sentence about the world, is for the subject rules to say)
        Pattern("ethnicity_fragment", r"(?:^|(?<=[.!?]\s)|(?<=\n))(?P<v>[A-Z][a-z]{2,20}(?:[\s\-][A-Z][a-z]{2,20})?)"
                r"(?=\s(?:and\s(?:(?:very|really|still|always|just|so|now|also)\s)?(?:[a-z]{2,20}(?:ing|ed)|curious|proud|new|"
                r"lost|stuck|bored|keen|unsure|nosy|single|married)\b|here\s{0,2}[,.:;!—–]))", 0.7, "ETHNICITY"),
        # "thx from a Somali kid doing homework", "Greetings from a Navajo mom": a sign-off's sender
        Pattern("ethnicity_signoff", r"(?i:\b(?:thanks|thx|ty|thank\s{1,3}you|greetings|hello|hi|love|cheers|regards)\s{1,3}"
                r"from\s{1,3}an?(?:\s{1,3}(?:proud|young|little|curious|confused|tired|fellow))?)\s{1,3}"
                r"(?P<v>[A-Z][a-z]{2,20}(?:[\s\-][A-Z][a-z]{2,20})?)\s{1,3}(?i:kid|kids|student|teen|teenager|mum|mom|dad|parent|"
                r"grandma|grandpa|granny|girl|boy|guy|gal|lad|lass|dude|woman|man|person|family|learner|reader|nurse|"
                r"teacher|engineer|developer|dev|coder|grad|immigrant)\b", 0.7, "ETHNICITY"),
        Pattern("ethnicity_growing_up", r"(?i:growing\s{1,3}up|my\s{1,3}family\s{1,3}is|my\s{1,3}parents\s{1,3}are)\s{1,3}"
                r"(?P<v>[A-Z][a-z]{2,20}(?:an|ese|i|ish))(?![\w\-]|\s{1,3}[A-Z])", 0.7, "ETHNICITY"),
    )

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        if pattern.name == "ethnicity_adjective" and _ADJECTIVE_ENDING.search(text):
            return None
        if pattern.name not in ("ethnicity_predicated", "ethnicity_fragment", "ethnicity_signoff", "ethnicity_adjective"):
            return None
        # every word a people's or a country's name ("Korean American"), none a given name
        return None if all(is_origin_word(word) for word in re.split(r"[\s\-]+", text)) else False
