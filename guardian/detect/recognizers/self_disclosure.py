"""What a writer says about themselves in the first person -> the detail, with the cue as its proof.

"My name is Samuel Maharaj", "Lisa Perez here.", "Thanks! - Ugo Borrani", "my username here is
sandrahilton", "I'm monica86 on Reddit", "I live at 322 Knight Court", "I'm based in Riesa",
"I work at Miller-Butler", "Sent from my desk at Franco Ltd", "I work as a prison officer",
"I was diagnosed with rheumatoid arthritis" (the whole condition, not only the term the health
gazetteer knows: "rheumatoid" or "type 1" left behind still says what it is), "I'm being treated
for X", "I take sertraline" (a drug's INN stem or a dose), "I was prescribed X", "I'm a retail
buyer at Y" (a role at a named organisation: the job, known to a gazetteer or not, and the employer),
"This is Kim, a nurse in Leeds" (an apposition: the job and the place), "Cheers, Anna (anna_b)" (a
handle in parentheses after a sign-off's name), "I just moved to 9 Elm Road in Leeds", "I have PCOS."
(an initialism of a disorder, disease or syndrome), "my daughter Amara's teacher" (a name in
apposition to a kin noun after "my"/"our": that person's name).
A detail's span stops before the punctuation that ends its clause ("Franco Ltd." -> "Franco Ltd").
The phrase before the detail says whose it is and what it is, so these spans are the writer's own
data wherever they appear (`detect/subject.py` keeps them in a prompt as it keeps an e-mail),
also where NER misses them (a lower-case job title, an address in a form no street pattern
knows, a name NER calls a place). Only natural-language values; every quantifier bounded.
"""

from __future__ import annotations

from typing import ClassVar

import re

from guardian.detect._english import model_english_words
from guardian.detect._frequency import worldwide, zipf
from guardian.detect._wordlist import word_alternation
from guardian.categories import DataCategory
from guardian.detect.base import ENGLISH_ONLY, Pattern, PatternRecognizer
from guardian.detect.recognizers.health import DRUG_WORD, HEALTH_TERMS, MEDICAL_WORD
from guardian.detect._text import UPPER
from guardian.detect.towns import is_town

__all__ = ["ROLE_MODIFIERS", "SelfDisclosureRecognizer"]

_WORD = rf"[{UPPER}][\w'’\-]{{1,30}}"  # a capitalised word ("Concepción", "O'Neil", "Jean-Luc")
# a name's lower-case particles: "Nisa de Bruijn", "Ludwig van Beethoven", "Ana dos Santos"
_PARTICLE = r"(?:de|da|di|do|del|della|der|den|van|von|la|le|du|dos|das|bin|binti|al|el|ter|ten|zu)"
_NAME = rf"{_WORD}(?:\s{{1,3}}(?:{_PARTICLE}\s{{1,3}})?{_WORD}){{0,2}}"
# a name typed in lower case, two to four words ("john smith"), judged by its words in validate_result
_LOWER_NAME = r"[^\W\d_A-Z][\w'’\-]{1,30}(?:\s{1,3}[^\W\d_A-Z][\w'’\-]{1,30}){1,3}"
# lower-case words inside a place's name: "Santa Cruz de Tenerife", "Rothenburg ob der Tauber", "Bergen op Zoom"
_JOINERS = r"(?:de|del|della|di|da|du|la|le|les|sur|sous|am|an|im|ob|der|den|bei|aan|op|en|on|upon|of|the|y|e|et|und|and|&)"
_PLACE = rf"{_WORD}(?:,?\s{{1,3}}(?:{_JOINERS}\s{{1,3}}){{0,2}}{_WORD}){{0,3}}"
# Lower-case words inside a firm's name ("Guillot et Fils", "Bank of Ireland", "de Vries"), but
# not the prepositions that follow one ("at Acme in Leeds", "for Nordwind since May").
_ORG_JOINERS = r"(?:de|del|della|di|da|du|la|le|van|von|der|den|ten|of|the|y|e|et|und|and|&)"
_NOT_IN_ORG = r"(?!(?:in|on|at|by|from|since|until|till|near|during|with|for|as|to|when|where|while)\b)"
# (the pronoun "I" opens the next clause: "a rep for Unite, so I'll ...")
_NOT_I = r"(?!I\b|I['’])"
_ORG = (rf"{_WORD}(?:\.|,)?(?:\s{{1,3}}(?:{_ORG_JOINERS}(?=\s{{1,3}}[A-Z&])|{_NOT_I}[A-Z&][\w'’&.\-]{{0,40}}|"
        rf"{_NOT_IN_ORG}[a-z]{{1,12}}(?=\s{{1,3}}{_NOT_I}[A-Z]))){{0,5}}")
_END = r"(?=\s{0,3}(?:[.,;:!?()\n]|$))"  # the detail ends with its sentence or clause
_BORN = r"(?:born|raised|brought\s{1,3}up)(?:\s{1,3}and\s{1,3}(?:raised|bred|brought\s{1,3}up))?"
# A sign-off, the writer's name on its own line, and the line under it ("Kind regards,\nAnna Berg\n").
_SIGNATURE = (r"(?i:\b(?:thanks|thank\s{1,3}you|regards|best|cheers|sincerely|best\s{1,3}wishes|yours(?:\s{1,3}truly)?))"
              rf"\s{{0,3}}[!,.]?[ \t]{{0,3}}\n[ \t]{{0,3}}{_NAME}[ \t]{{0,3}}\n[ \t]{{0,3}}")
# A job title in a signature: up to five words of letters on one line, then "," / " at " / a new line
# and a capitalised organisation.
_TITLE_LINE = r"[A-Za-z][A-Za-z'’\-]{1,30}(?:[ \t]{1,3}(?:&[ \t]{1,3})?[A-Za-z][A-Za-z'’\-]{1,30}){0,4}"
_TITLE_ORG = rf"(?:[ \t]{{0,3}},[ \t]{{1,3}}|[ \t]{{1,3}}(?i:at|@)[ \t]{{1,3}}|[ \t]{{0,3}}\n[ \t]{{0,3}})(?=[{UPPER}])"
# An organisation's name ends with its clause, or where a lower-case word follows it ("at Acme
# Ltd in Leeds", "for Hill-Douglas if that matters").
_ORG_END = r"(?=\s{0,3}(?:[.,;:!?()\n]|$)|\s{1,3}[a-z])"
# What one does where one works or studies, and the groups one does it in ("a meeting at X", "my
# shift at X", "a worksheet at X", "our channel at X"): an event's or a building's name is no
# organisation of the writer's ("the battle at Hastings", "a concert at Wembley" are not here)
_ACTIVITY = (r"meeting|standup|stand-up|shift|worksheet|quiz|exam|midterm|lecture|seminar|tutorial|class|lesson|homework|"
             r"assignment|coursework|internship|placement|rotation|residency|apprenticeship|traineeship|onboarding|"
             r"induction|orientation|training|interview|team|department|desk|office|channel|slack|lab|ward|job|gig|"
             r"contract|payslip|paycheck|salary|colleague|coworker|co-worker|manager|boss|supervisor|teacher|professor|"
             r"lecturer|tutor|classmate|roommate")
# An organisation's name typed in lower case: one to four words, each a word's letters (no function
# word opens it); judged by validate_result, as a lower-case run is a name only by its words
_LOWER_WORD = r"(?!(?:the|a|an|my|our|your|this|that|it|i|we|they|he|she|for|at|in|on|of|to|and|but|so|since|as)\b)[a-z][a-z0-9&'’.\-]{1,25}"
_LOWER_ORG = rf"{_LOWER_WORD}(?:\s{{1,2}}{_LOWER_WORD}){{0,3}}"
_INSTITUTION_WORD = r"(?:college|university|school|academy|institute|polytechnic)"
_LOWER_INSTITUTION = (rf"(?:{_LOWER_WORD}\s{{1,2}}){{0,3}}{_INSTITUTION_WORD}"
                      rf"(?:\s{{1,2}}of\s{{1,2}}{_LOWER_WORD}(?:\s{{1,2}}{_LOWER_WORD})?)?")
# a word written this rarely or less (wordfreq's small list: about three in a million words) may
# be a name: "salesforce", "hortons" (below the list), "tesco" 3.3; "walmart" 4.0, "public" 5.6 are words
NAME_LIKE_ZIPF = 3.5
# the words institutions are named with beside their own name ("delhi public school", "the national
# university of ...", "st mary's college"): kept in the name, never a name alone
_NAME_PARTS = frozenset("""national state public city community technical international royal central catholic christian
american british medical high senior junior middle primary elementary secondary grammar free open new north south east
west st st. saint saint's memorial county regional metropolitan federal global tech art arts music business law
women's men's boys girls boys' girls' science sciences agricultural normal""".split())
_WRITER_IN_SENTENCE = re.compile(r"\b(?:i|i['’]m|i['’]ve|i['’]d|i['’]ll|im|ive|my|me|mine|we|we['’]re|us|our|here)\b"
                                 r"|\bclass\s{1,3}of\b", re.IGNORECASE)
# a town's name is one however often it is written ("miami" 4.5, "delhi" 4.3), but not a word
# every text has that some town is also called ("home", "best", "most")
TOWN_WORD_ZIPF = 5.0


def _name_like(word: str, towns: bool = True) -> bool:
    """A lower-case word that may be a name: one no English dictionary holds, rarely written
    ("salesforce", "monash"), or, with `towns`, a town's ("miami", "pasadena": what a school is
    named after, not a firm: "at the beach" is in a town called Beach too)."""
    frequency = zipf(word, "en")
    if towns and frequency < TOWN_WORD_ZIPF and is_town(word.title()):
        return True
    english = model_english_words()
    return frequency < NAME_LIKE_ZIPF and (english is None or not english.known(word))


# Verbs that put the writer at an employer: "I work / worked / am working / have been working at".
_WORK_VERB = (r"work|worked|working|am\s{1,3}working|['’]m\s{1,3}working|have\s{1,3}worked|['’]ve\s{1,3}worked|"
              r"have\s{1,3}been\s{1,3}working|['’]ve\s{1,3}been\s{1,3}working|currently\s{1,3}work|still\s{1,3}work")
# How good one is at something is no job: "I'm a beginner at Python", "an expert at Excel".
_SKILL_LEVEL = r"beginner|novice|newbie|newcomer|expert|pro|master|natural|amateur|fan|big|huge|regular|member|user|customer|guest|visitor|student\s{1,3}of"
# A period inside an organisation's name follows an abbreviation ("Co. KG", "S.A."); after a
# longer word it ends the sentence ("I work at Brandt-Olsen. Hey, ...").
_SENTENCE_IN_ORG = re.compile(r"(?<=[^\W\d_]{5})\.\s")
_TRAILING = ".,;:!?"
_PERIOD_IN_ORG = re.compile(r"\.\s")
_LOWER_NEXT = re.compile(r"\s{1,3}[a-z]")
# Words that put "I have SSD / DNS / RDS" in a computer's world, where an initialism ending in
# D or S names a part or a service, not a disorder (Presidio-style context). Only in the same
# sentence, and only nouns of hardware and infrastructure: "I have ADHD, so which app helps me
# learn SQL?" is still a disclosure, so app, code, SQL, website and the like are no cue.
_TECH_CONTEXT = re.compile(
    r"(?i)\b(?:drives?|disks?|ssds?|hdds?|nvme|sata|raid|ram|gpus?|cpus?|servers?|laptops?|pc|desktop|router|"
    r"firmware|partitions?|domains?|dns|databases?|clusters?|instances?|aws|azure|gcp|ec2|s3|rds|postgres\w{0,3}|"
    r"mysql|kubernetes|docker|vpn|hosting)\b"
)
_TECH_WINDOW = 200  # at most this many characters either side, within the sentence
_SENTENCE_END = re.compile(r"[.!?\n]")
_CLAUSE_END = re.compile(r"[.!?\n:;]")
# "I'm X on Reddit": X is a handle unless it is one of the adverbs and adjectives of presence or
# state that English puts there ("I'm new on Reddit", "I'm still on Windows", "I'm not on X"), a
# closed class of the grammar, not a list of handles.
_PRESENCE_WORDS = frozenset(
    "new active inactive big huge famous popular known verified registered banned blocked suspended muted "
    "live online offline here there back also too only just still already mostly mainly usually often rarely "
    "never always sometimes currently now not really pretty very quite even more less everywhere".split()
)
_S = r"\s{1,3}"
# The people in the writer's life, by the noun English names them with after "my" / "our"; a
# generation's or a remarriage's prefix makes a kin noun of any of them ("stepchild", "grandkid",
# "great-grandmother", "half-sister", "goddaughter").
_KIN = (r"(?:(?:great-?)?grand-?|step-?|god-?|half-)?"
        r"(?:son|daughter|child|kid|baby|parent|wife|husband|partner|spouse|girlfriend|boyfriend|fianc[ée]e?|mother|mom|mum|"
        r"mommy|mummy|father|dad|daddy|brother|sister|sibling|stepson|stepdaughter|grandson|granddaughter|grandchild|"
        r"grandma|grandmother|granny|nana|nan|grandpa|grandfather|grandad|granddad|gramps|aunt|auntie|uncle|cousin|niece|nephew|in-laws?|"
        r"mother-in-law|father-in-law|sister-in-law|brother-in-law|twin|toddler|teen|teenager|friend|roommate|flatmate|"
        r"neighbou?r|colleague|coworker|co-worker|boss|classmate|godson|goddaughter)s?")
_KIN_ADJ = r"(?:little|baby|older|younger|elder|eldest|oldest|youngest|twin|late|step|ex|new|best|dear|adult|teenage|\d{1,2}-year-old)"
# a child named by their place among the writer's children: "our youngest, Falguni, asked", "my eldest Tom's school"
_KIN_AS_NOUN = r"(?:youngest|eldest|oldest|firstborn|middle\s{1,3}(?:one|child|kid)|little\s{1,3}one)"
# A person's given name right after the kin noun: a capitalised word that is no weekday or month
_GIVEN = (r"(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|"
          r"August|September|October|November|December|I|I'm|I've|And|But|Or|So|The|A|An|Is|Are|Was|Were|Has|Have|Had|"
          r"Will|Would|Can|Could|Should|Does|Did|It|He|She|They|We|You|My|Our|His|Her|Their|This|That|Who|What|When|"
          r"Where|Why|How|If|Then|Also|Just|Still|Says|Said|Always|Never|Please|Thanks)\b)"
          rf"[{UPPER}][a-z\u00df-\u024f]{{1,30}}(?:[\-'’][{UPPER}]?[a-z\u00df-\u024f]{{2,30}})?"
          rf"(?:\s[{UPPER}][a-z\u00df-\u024f]{{1,30}}(?:[\-'’][{UPPER}]?[a-z\u00df-\u024f]{{2,30}})?)?")
# A job title as written after its cue: up to four words of letters ("a barrister's clerk").
_ROLE = r"[a-z][a-z'’\-]{1,30}(?:\s{1,3}[a-z][a-z'’\-]{1,30}){0,3}"
# "in <Town>" after a move, not "in May", "in Q3" or "in 2019": a month, a weekday or a quarter is a
# time ("I moved to React 18 in May"), and the calendar's names are a closed set
_NOT_A_TIME = (r"(?!(?:January|February|March|April|May|June|July|August|September|October|November|December|"
               r"Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Monday|Tuesday|Wednesday|Thursday|Friday|"
               r"Saturday|Sunday|Q[1-4]|H[12])\b)")
# the writer naming themself in the third person is the writer too: "The person asking is ...", "The asker is ..."
_ASKER = rf"(?i:\bthe{_S}(?:person{_S}(?:asking|writing)|asker))"
_I_AM = rf"(?:\bI{_S}am|\bI['’]m|{_ASKER}{_S}is)"
# "I work at", "I'm employed by": the employer's cue, before a name in capitals or in lower case
_WORKS_AT = rf"\b(?:I|we)(?:{_S}|(?=['’]))(?:{_WORK_VERB}){_S}(?:at|for)|{_I_AM}{_S}employed{_S}(?:at|by|with)"
# "I've been with", "we have been at": a tenure's cue
_TENURE = rf"\b(?:I|we)(?:['’]ve|{_S}have){_S}been{_S}(?:with|at)"
# "as someone with X", "asking as someone from X": the writer, as the one who asks
_AS_SOMEONE = rf"(?:\bas{_S}(?:someone|somebody|a{_S}person))"
# "quick one from someone with X": the message's sender, the writer
_FROM_SOMEONE = rf"(?:\b(?:question|one|note|message|query|q){_S}from{_S}(?:someone|somebody|a{_S}person))"
# The care a condition gets ("between hospital visits for my gout", "physio for my knee"): what
# follows "my" is what the writer is treated for
_CARE = (r"(?:visits?|appointments?|check-?ups?|treatments?|therapy|physio(?:therapy)?|meds|medications?|medicines?|"
         r"pills|surgery|operations?|tests?|scans?|specialists?|consultants?|clinics?|prescriptions?|injections?|"
         r"infusions?|flare-?ups?)")
# A condition as written after its cue: up to five words, to the end of its clause.
_CONDITION = r"[\w'’\-]{1,30}(?:\s{1,3}[\w'’\-]{1,30}){0,4}?"
_CONDITION_END = (r"(?=\s{0,3}(?:[.,;:!?()\n]|$|\s(?i:last|since|so|if|and|but|which|that|for|when|too|in|on|at|after|"
                  r"because|while)\b|\sI(?:['’](?:m|ve|d|ll))?\b"  # "... for my gout I keep wondering"
                  # or when it began: "diagnosed with ADHD a few years ago", "... two months back"
                  r"|\s(?i:(?:a|one|two|three|four|five|six|seven|eight|nine|ten|a\s{1,3}few|a\s{1,3}couple\s{1,3}of|several|"
                  r"[0-9]{1,2})\s{1,3}(?:years?|months?|weeks?|days?)\s{1,3}(?:ago|back)|(?:years?|months?|weeks?)\s{1,3}ago)\b))")
# A drug's phrase ends where its clause does, or at how often or why it is taken.
_DRUG_END = (r"(?=\s{0,3}(?:[.,;:!?()\n]|$|\s(?i:every|each|daily|twice|once|a{_S}day|per|at|in|on|for|since|and|but|"
             r"because|so|to|when|which|that|after|before|with|last|this|since|yesterday|recently|now|ago)\b))").replace("{_S}", r"\s{1,3}")
# A health term anywhere in a disclosed phrase: "I have a question" is not a condition.
_HEALTH_TERM = re.compile(
    r"(?<![\w\-])(?:" + word_alternation(HEALTH_TERMS) + r")(?![\w\-])",
    re.IGNORECASE,
)


# Where an address the writer gives ends: its clause's end, or a conjunction that opens another
# clause ("I live at 12 Main St, Springfield and I need a plumber", "..., thanks a lot"); an
# address's own parts after a comma are capitalised words, numbers and codes.
_ADDRESS_ENDS = (rf"(?=\s{{0,3}}(?:[.!?;\n]|,{_S}by{_S}the{_S}way|$)"
                 rf"|,?\s{{1,3}}(?:and|but|so|because|since|which|where|while|thanks|thank|please|if|when)\b)")


# Words that say which kind of student or worker one is, before the noun ("Grad student here"), not where
ROLE_MODIFIERS = frozenset("""grad graduate postgrad undergrad phd masters doctoral night day senior junior new former ex
fellow current retired exchange international mature foreign math maths science art arts law med medical nursing
engineering cs it tech remote temp temporary seasonal volunteer student high college university school first second third
final part full sales retail warehouse store shop office factory federal state government public private""".split())


def _not_a_name_here(words: str) -> bool:
    """ "Proudly Cherokee here.", "Devout Buddhist here.", "Nigerian here.": a name's first word is no
    word of the dictionary that is not also a given name or surname ("Proudly", "Devout", "Practising";
    not "Will", "Rose"), and a people's name is how the writer is, not what they are called."""
    from guardian.detect.given_names import name_words
    from guardian.detect.origins import is_origin_word

    first, *rest = words.split()
    if first.casefold() in name_words():
        return False
    dictionary = model_english_words()
    described = (dictionary.known(first.lower()) if dictionary is not None else first.lower().endswith("ly"))
    return described or all(is_origin_word(word) for word in [first, *rest])


class SelfDisclosureRecognizer(PatternRecognizer):
    """First-person statements of one's name, handle, address, city, employer or job."""

    name: ClassVar[str] = "self_disclosure"
    entities: ClassVar[tuple[str, ...]] = (
        "PERSON", "USERNAME", "STREET_ADDRESS", "LOCATION", "ORGANIZATION", "OCCUPATION", "HEALTH",
    )
    CATEGORY: ClassVar[DataCategory] = DataCategory.CONTACT
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    # English only: English first-person cues ("my name is", "I work at")
    LANGUAGES: ClassVar[frozenset[str] | None] = ENGLISH_ONLY
    # Every pattern holds one of these cues (the writer: I, my, our, we, "call me", "this is", "as someone";
    # a sign-off; "X here."; "send / ship it to"; a room only staff are in), so a text with none of them, such as most
    # third-person prose, skips the 48 patterns (about 1 ms per 100 words). The sign-off words
    # have no boundary after them: a pattern allows "Thanks" glued to the name that follows.
    TRIGGER: ClassVar[str | None] = (
        r"\b(?:(?:i|my|our|we|me|here|send|ship|moved|relocated|living|based|resident|year-old|ps|born|raised|grew)\b|this\s{1,3}is\b|"
        r"as\s{1,3}(?:someone|somebody|a\s{1,3}person)\b|thanks|thank|regards|"
        r"best|cheers|sincerely|yours|payroll|canteen|cafeteria|break\s?room|staff\s?room|lunch[\s-]?room"  # a staff-only place
        r"|employee|staffer|staff\s{1,3}member|contractor|from\s{1,3}(?:someone|somebody)|again)"  # a clause of its own: "Context: employee of X."
        r"|[-–—][ \t]|\(\s{0,3}[^\W\d_]"  # a name in brackets: "Grandad (Noah)"
        rf"|(?:{_ACTIVITY})s?\s{{1,3}}at\b|(?:college|university|school|academy|institute|polytechnic)\b"
        r"|\b(?:paying|pays|paid|sponsoring|sponsors|funding|funds)\s{1,3}for\s{1,3}my\b"
    )
    TRIGGER_FLAGS: ClassVar[int] = re.IGNORECASE
    QUASI_ENTITIES: ClassVar[frozenset[str]] = frozenset({"LOCATION", "ORGANIZATION", "OCCUPATION"})
    _CATEGORIES: ClassVar[dict[str, DataCategory]] = {
        "STREET_ADDRESS": DataCategory.POSTAL_ADDRESS,
        "LOCATION": DataCategory.LOCATION_COARSE,
        "HEALTH": DataCategory.HEALTH,
    }
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        # names: "my name is X", "call me X", "this is X", "Hi, I'm X", "I'm X (x@y)", "X here."
        Pattern("name_is", rf"(?i:\bmy{_S}name{_S}is|\bcall{_S}me|\bthis{_S}is|(?:^|(?<=[,;:(])\s{{0,3}}|\bmy{_S})name['’]s)"
                rf"\s{{1,3}}(?P<v>{_NAME}){_END}", 0.85, "PERSON"),
        # "my name is john smith", "my full name is maría josé gómez": a name typed in lower case after
        # the words that say it is one; every word a given name or surname Faker knows, one a given name
        Pattern("name_is_lower", rf"(?i:\bmy{_S}(?:(?:full|first|real|legal|whole){_S})?name(?:{_S}is|['’]s))"
                rf"\s{{1,3}}(?P<v>{_LOWER_NAME}){_END}", 0.85, "PERSON"),
        # "Put my name on it please: Harold Finch": the name after a colon the same sentence opened with "my name"
        Pattern("my_name_colon", rf"(?i:\bmy{_S}(?:(?:full|first|real|legal|whole){_S})?name)(?:{_S}[a-z]{{1,12}}){{1,5}}\s{{0,2}}:"
                rf"\s{{1,3}}(?P<v>{_NAME}){_END}", 0.85, "PERSON"),
        Pattern("greeting_i_am", rf"(?i:\b(?:hi|hello|hey)\b[,!]?{_S}{_I_AM})\s{{1,3}}(?P<v>{_NAME})"
                rf"(?=\s{{0,3}}(?:[.,;!(\n]|$|\sfrom\b|\sand{_S}I\b|\shere\b))", 0.85, "PERSON"),
        Pattern("i_am_name", rf"(?i:{_I_AM})\s{{1,3}}(?P<v>{_NAME})(?=\s{{0,3}}(?:\(|,\s{{0,3}}nice\b|\shere\b))", 0.8, "PERSON"),
        # not a newcomer's or a lurker's word for themself ("New here, ...")
        Pattern("name_here", rf"(?:^|(?<=[.!?]\s)|(?<=\n))(?!(?:New|Newbie|Noob|Lurker|Beginner|Someone|Somebody|Nobody)\b)"
                rf"(?P<v>{_NAME}){_S}here[.,!]", 0.8, "PERSON"),
        # sign-offs: "Thanks! - Ugo Borrani" (the name ends the line, or its bracket: "(Best, Gary Collins)",
        # "(signed, Oscar Harper)"),
        # "Thanks,\nRichard I'm ..."
        # ("Best" only with its comma or line break: "Android Development Best Practices." is a title)
        Pattern("signoff", rf"(?i:\b(?:(?:thanks|thank{_S}you)(?:{_S}(?:in{_S}advance|again|so{_S}much|a{_S}lot))?|regards|"
                rf"best(?=\s{{0,3}}[,!\n—–-])|cheers|"
                rf"sincerely|best{_S}wishes|yours(?:{_S}(?:truly|faithfully|sincerely))?|signed))\s{{0,3}}[!,.]?\s{{0,3}}"
                rf"(?:[-—–]\s{{0,3}})?(?P<v>{_NAME})[ \t]{{0,3}}[).!]{{0,2}}\s{{0,3}}(?:$|\n)", 0.8, "PERSON"),
        # a dash and a full name closing the text after its last sentence: "... in the West? — Johanna
        # Aylward" (not after a closing quote: "'...' - Albert Einstein" names a quote's author)
        Pattern("signoff_dash", rf"(?:(?<=[.!?])[ \t]{{1,3}}|\n[ \t]{{0,3}})[-–—~][ \t]{{0,3}}(?P<v>{_WORD}(?:\s{{1,3}}(?:{_PARTICLE}\s{{1,3}})?{_WORD}){{1,2}})"
                r"[ \t.!]{0,3}$", 0.8, "PERSON"),
        # ... or after a request typed without its full stop, where every word is a known given name or
        # surname ("book the room g12 of the conference - Glenda Scott"; not "- Visual Studio Code")
        Pattern("signoff_dash_bare", rf"(?<=[a-z0-9])[ \t]{{1,3}}[-–—][ \t]{{1,3}}(?P<v>{_WORD}\s{{1,3}}{_WORD})[ \t.!]{{0,3}}$",
                0.8, "PERSON"),
        Pattern("signoff_word", rf"(?i:\b(?:thanks|regards|cheers|sincerely))\s{{0,3}}[!,.]\s{{0,3}}\n\s{{0,3}}(?P<v>{_WORD})"
                rf"(?=\s[A-Z])", 0.75, "PERSON"),
        # the name of a person in the writer's life, in apposition to the kin noun: "my daughter
        # Amara's teacher", "for my husband Dmitri's birthday", "our son, Leo, ..." (English grammar:
        # a proper name after "my <kin>" names that person; the possessive "'s" is not part of it;
        # "our youngest, Falguni, ...": the child by their place among the writer's children)
        Pattern("kin_name", rf"\b(?i:my|our)\s{{1,3}}(?:(?i:{_KIN_ADJ})[\s\-]{{1,3}}){{0,2}}(?i:{_KIN}|{_KIN_AS_NOUN}),?\s{{1,3}}"
                rf"(?P<v>{_GIVEN})(?=['’]s\b|\s{{0,3}}[,.;:!?()\n]|\s{{1,3}}[a-z(]|$)", 0.8, "PERSON"),
        # "Grandad (Noah) wants to know", "my sister (Ines) says": the name in brackets after the kin
        # noun, the noun opening its sentence or the writer's
        Pattern("kin_bracket", rf"(?:(?:^|(?<=[.!?\n]\s)|(?<=\n))|\b(?i:my|our)\s{{1,3}}(?:(?i:{_KIN_ADJ})[\s\-]{{1,3}}){{0,2}})"
                rf"(?i:{_KIN})\s{{0,3}}\(\s{{0,3}}(?P<v>{_GIVEN})\s{{0,3}}\)", 0.8, "PERSON"),
        # handles: "my username (here) is X", "I'm X on Reddit"
        Pattern("username_is", rf"(?i:\bmy{_S}(?:user\s{{0,3}}name|handle|login|screen{_S}name|gamertag|nick(?:name)?)"
                rf"(?:{_S}here)?{_S}is)\s{{1,3}}@?(?P<v>[\w.\-]{{2,30}}){_END}", 0.85, "USERNAME"),
        Pattern("on_platform", rf"(?i:{_I_AM})\s{{1,3}}@?(?P<v>[A-Za-z0-9][\w.\-]{{2,30}}){_S}on{_S}[A-Z][\w]{{1,20}}{_END}", 0.8,
                "USERNAME"),
        # "Cheers, Anna (anna_b)", "Thanks, Tom (@tkay)": the sign-off's name and, in parentheses after
        # it, the writer's handle
        Pattern("signoff_handle", rf"(?i:\b(?:thanks|thank{_S}you|regards|best|cheers|sincerely|best{_S}wishes))\s{{0,3}}[!,.]?"
                rf"\s{{0,3}}(?:[-—–]\s{{0,3}})?{_NAME}\s{{0,3}}\(\s{{0,3}}@?(?![A-Z]{{2,6}}\s{{0,3}}\))(?P<v>[\w.\-]{{2,30}}?)\s{{0,3}}\)",
                0.8, "USERNAME"),
        Pattern("signoff_name_handle", rf"(?i:\b(?:thanks|thank{_S}you|regards|best|cheers|sincerely|best{_S}wishes))\s{{0,3}}[!,.]?"
                rf"\s{{0,3}}(?:[-—–]\s{{0,3}})?(?P<v>{_NAME})\s{{0,3}}\(\s{{0,3}}@?[\w.\-]{{2,30}}\s{{0,3}}\)", 0.8, "PERSON"),
        # addresses: "I live at ...", "I'm writing from ...", "my address is ..." up to the clause's end
        Pattern("address", rf"(?i:\bI{_S}live{_S}at|{_I_AM}{_S}writing{_S}from|\bmy{_S}(?:home{_S}|street{_S}|postal{_S}|"
                rf"mailing{_S})?address{_S}is)\s{{1,3}}"
                rf"(?P<v>(?=[^.!?;\n]{{0,80}}(?:[0-9]|\b[A-Z]))[^.!?;\n]{{3,80}}?){_ADDRESS_ENDS}",
                0.8, "STREET_ADDRESS"),
        # "send it to" / "ship it to" a place with a house number ("send it to Spam" is a folder)
        Pattern("address_send", rf"(?i:\bsend{_S}it{_S}to|\bship{_S}(?:it{_S})?to)\s{{1,3}}"
                rf"(?P<v>(?=[^.!?;\n]{{0,80}}[0-9])[^.!?;\n]{{3,80}}?){_ADDRESS_ENDS}",
                0.8, "STREET_ADDRESS"),
        # "I (just) moved to <an address with a number> in <town>": both are where the writer lives
        Pattern("moved_address", rf"(?i:\bI(?:{_S}(?:just|recently|have|['’]ve))?{_S}moved{_S}to|\bI['’]ve{_S}(?:just{_S})?moved{_S}to)"
                rf"\s{{1,3}}(?P<v>(?=[^.!?;\n]{{0,80}}[0-9])[^.!?;\n]{{3,80}}?)(?=\s{{1,3}}in\s{{1,3}}{_NOT_A_TIME}[A-Z])", 0.8,
                "STREET_ADDRESS"),
        Pattern("moved_town", rf"(?i:\bI(?:{_S}(?:just|recently|have|['’]ve))?{_S}moved{_S}to|\bI['’]ve{_S}(?:just{_S})?moved{_S}to)"
                rf"\s{{1,3}}(?=[^.!?;\n]{{0,80}}[0-9])[^.!?;\n]{{3,80}}?\s{{1,3}}in\s{{1,3}}{_NOT_A_TIME}(?P<v>{_PLACE}){_END}", 0.8,
                "LOCATION"),
        # where one lives: "I live in X", "I'm based in X", "I'm from X", "I moved to X"
        Pattern("residence", rf"(?i:\bI{_S}live{_S}in|{_I_AM}{_S}(?:based|living){_S}in|{_I_AM}{_S}from|\bI(?:{_S}just|{_S}recently)?{_S}moved{_S}to|"
                rf"\bI{_S}grew{_S}up{_S}in|\bI{_S}was{_S}{_BORN}{_S}in|{_AS_SOMEONE}{_S}from)\s{{1,3}}(?P<v>{_PLACE}){_END}", 0.8, "LOCATION"),
        # "Born and raised in Jacques-sur-Poulain; first one in the family ...", "Grew up in Smithburgh,
        # so ...": where the writer comes from, the subject dropped; not a biography's opening clause,
        # whose subject follows ("Born in Ulm, Einstein ...")
        Pattern("born_opener", rf"(?:^|(?<=[.!?:;(\n\-–—])\s{{0,3}})(?i:(?:ps\.?\s{{0,3}})?(?:{_BORN}|grew{_S}up){_S}in)"
                rf"\s{{1,3}}{_NOT_A_TIME}(?P<v>{_PLACE})(?=\s{{0,3}}(?:[.;!?()\n—–]|$|-\s|,\s{{1,3}}(?:I|I['’]m|I['’]ve|my|so|and|but|now|"
                rf"though|which|where|first|still|currently|these{_S}days)\b))", 0.8, "LOCATION"),
        # the same with no subject, opening the prompt or a clause of its own ("just moved to Leeds and
        # ...", "- a bored resident of Fishtown", "Out here in Tromsø the nights are long"): English
        # drops the "I" there, and what follows is still the writer's
        # an age opening the prompt before such a clause: "25, living in Kreuzberg, and curious: ..."
        Pattern("age_opener", r"^\s{0,3}(?P<v>[1-9][0-9])\s{0,3}(?:,|\band\b)\s{1,3}(?=(?i:living|based|from|just|recently|"
                r"newly|married|single|divorced|separated|widowed|engaged|working|studying|retired|unemployed|pregnant|"
                r"a|an|new|[0-9]{1,2}\s{1,3}weeks)\b)", 0.8, "AGE"),
        # "ps. a 63-year-old from Wittmund asking", "- a 40-year-old nurse": the writer, in a postscript
        Pattern("age_postscript", rf"(?:(?i:\bps\b\.?\s{{0,3}})|(?<=[(\-–—])\s{{0,3}})(?i:an?{_S})"
                r"(?P<v>[1-9][0-9]?[- ]year[- ]old)\b", 0.8, "AGE"),
        Pattern("place_postscript", rf"(?:(?i:\bps\b\.?\s{{0,3}})|(?<=[(\-–—])\s{{0,3}})(?i:an?{_S}[1-9][0-9]?[- ]year[- ]old"
                rf"(?:{_S}[a-z-]{{2,15}}){{0,2}}{_S}from)\s{{1,3}}(?P<v>{_PLACE})(?:{_END}|(?=\s{{1,3}}(?:asking|here|and|who)\b))",
                0.8, "LOCATION"),
        Pattern("residence_opener", rf"(?:^|(?<=[.!?:;(\n\-–—])\s{{0,3}}|(?<=^[\-–—*•])|^[1-9][0-9]?\s{{0,3}},\s{{1,3}})(?i:(?:ps\.?\s{{0,3}})?"
                rf"(?:(?:just|recently|newly|now|currently|still){_S})?(?:moved{_S}to|relocated{_S}to|living{_S}in|"
                rf"based{_S}in|out{_S}here{_S}in|an?{_S}(?:[a-z-]{{2,15}}{_S}){{0,2}}resident{_S}of))"
                rf"\s{{1,3}}{_NOT_A_TIME}(?P<v>{_PLACE})(?:{_END}|(?=\s{{1,3}}(?:and|but|so|the|where|since|these)\b))",
                0.8, "LOCATION"),
        # "Here in Leeds nobody knows ...", "Back home in Kootwijk, we ...": a place fronted before the
        # clause's people (not "Here in Python, how do I ...": a tool is no place people are in)
        Pattern("here_in", rf"(?:^|(?<=[.!?:;(\n\-–—])\s{{0,3}})(?i:(?:(?:over|down|up|right){_S})?here{_S}in|back{_S}home{_S}in)"
                rf"\s{{1,3}}{_NOT_A_TIME}(?P<v>{_PLACE}),?\s{{1,3}}(?=(?i:nobody|no{_S}one|everyone|everybody|people|folks|we|they)\b)",
                0.8, "LOCATION"),
        # a sign-off line of a job and where it is done, ending the prompt: "- Psychiatrist, Medtronic",
        # "— water quality scientist, Target"; or of a school's student: "- a very tired St Andrews sophomore"
        # (the job's words in lower case but its last: "- Albert Einstein, Princeton" is a quote's author)
        Pattern("signoff_employer", r"(?:^|\n|(?<=[.!?)])[ \t]{0,3})[ \t]{0,3}[-–—][ \t]{1,3}(?:[a-z][\w-]{1,25}[ \t]{1,3}){0,4}"
                r"[A-Za-z][\w-]{1,25},[ \t]{1,3}(?P<v>[A-Z][\w&'’.\-]{1,30}(?:[ \t]{1,3}[A-Z][\w&'’.\-]{0,30}){0,3})[ \t.!]{0,3}$",
                0.8, "ORGANIZATION"),
        Pattern("signoff_student", r"(?:^|\n|(?<=[.!?)])[ \t]{0,3})[ \t]{0,3}[-–—][ \t]{1,3}(?i:an?)[ \t]{1,3}(?:[a-z][\w-]{1,15}[ \t]{1,3}){0,3}"
                r"(?P<v>[A-Z][\w&'’.\-]{1,30}(?:[ \t]{1,3}[A-Z][\w&'’.\-]{0,30}){0,3})[ \t]{1,3}(?i:student|undergrad|undergraduate|"
                r"sophomore|freshman|fresher|junior|senior|postgrad|grad|alum|alumnus|alumna|employee|staffer|intern|nurse|"
                r"teacher|engineer|researcher)\b", 0.8, "ORGANIZATION"),
        # "Patagonia employee here, ...", "Yale student here.": where the writer works or studies, as they
        # introduce themself (a run that opens with a kind of student or worker is none: "Grad student here")
        Pattern("org_role_here", rf"(?:^|(?<=[.!?]\s)|(?<=\n)|(?<=[.!?]))\s{{0,3}}(?P<v>{_NOT_I}{_WORD}(?:\s{{1,3}}{_WORD}){{0,3}})"
                rf"\s{{1,3}}(?i:employee|staffer|worker|intern|contractor|cashier|associate|barista|student|undergrad|alum|"
                rf"alumnus|alumna|freshman|sophomore)\s{{1,3}}(?i:here)\b", 0.8, "ORGANIZATION"),
        # "Small-town kid from Hilo here.", "Just a guy from Leeds here": where the writer is from, as they introduce themself
        Pattern("from_here", rf"(?i:\b(?:kid|guy|gal|girl|boy|woman|man|lady|dude|bloke|mom|mum|dad|parent|person|native|"
                rf"local|expat|student|grandma|grandpa|granny|lad|lass|teen|retiree))\s{{1,3}}(?i:from|in)\s{{1,3}}"
                rf"(?P<v>{_NOT_I}{_WORD}(?:\s{{1,3}}{_WORD}){{0,2}})\s{{1,3}}(?i:here)\b", 0.8, "LOCATION"),
        # "hey it's Kelly Green again,": the writer back under their name
        Pattern("its_me_again", rf"(?i:\b(?:hey|hi|hello|hiya)\b[,!]?{_S}it['’]s)\s{{1,3}}(?P<v>{_GIVEN})(?=\s{{1,3}}(?i:again|here)\b)",
                0.85, "PERSON"),
        # "Brianshire native here:", "Lifelong Pikeville resident here": the writer's home by the word
        # for one who lives there
        Pattern("native_here", rf"(?:^|(?<=[.!?\n]\s)|(?<=\n))(?i:(?:lifelong|born[- ]and[- ]raised|proud){_S})?"
                rf"(?P<v>{_PLACE})\s{{1,3}}(?i:native|resident|local)\s{{1,3}}here\b", 0.8, "LOCATION"),
        # "I'm Gianfranco from Cantiere", "Hi, I'm Tom from Leeds": the name's own pattern ends at "from"
        Pattern("name_from", rf"(?i:{_I_AM})\s{{1,3}}{_NAME}{_S}from\s{{1,3}}(?P<v>{_PLACE}){_END}", 0.8, "LOCATION"),
        # employer: "I work at X", "I've been working for X", "my employer is X", "my company, X",
        # "Sent from my desk at X"; X is a run of capitalised words, ended by its clause or by the
        # next lower-case word ("I work at Nordwind Logistics in Bremen")
        Pattern("employer", rf"(?i:{_WORKS_AT}|"
                rf"\b(?:I|we){_S}(?:intern|interned|volunteer){_S}at|\bmy{_S}desk{_S}at|"
                # "(I study at NYU)", "I'm studying at Monash": the writer's school
                rf"\b(?:I|we)(?:{_S}|['’]m{_S}|{_S}am{_S}|['’]re{_S}|{_S}are{_S})(?:currently{_S})?(?:study|studied|studying){_S}at|"
                # "I'm an employee of X", "Context: employee of X." (a label's clause of its own; "An
                # employee of X told me" is someone else)
                rf"(?:{_I_AM}{_S}(?:an?{_S}|the{_S})?|(?:^|[:;(\n]|[.!?]\s)\s{{0,3}})"
                rf"(?:employee|staffer|staff{_S}member|contractor){_S}(?:of|at|with)|"
                # "We use this a lot at Jones-Long:": what the writer's team uses, where they work
                rf"\bwe{_S}(?:use|used|run|ran){_S}(?:this|it|that|these|them)(?:{_S}(?:a{_S}lot|daily|every{_S}day|"
                rf"all{_S}the{_S}time|heavily))?{_S}at|"
                rf"\b(?:my|our){_S}(?:current{_S}|new{_S}|old{_S}|former{_S}|own{_S})?(?:employer|company|firm|workplace)"
                rf"(?:{_S}is|{_S}was|\s{{0,3}}[,:(])?)\s{{1,3}}(?:[Tt]he{_S})?(?P<v>{_ORG}){_ORG_END}", 0.8, "ORGANIZATION"),
        # "Posting from my Fonterra work laptop", "my Acme Logistics staff badge": the employer of the
        # writer's work things
        Pattern("work_things", rf"\b(?i:my|our)\s{{1,3}}(?P<v>[A-Z][\w&'’\-]{{1,30}}(?:\s{{1,3}}[A-Z][\w&'’\-]{{1,30}}){{0,3}})"
                rf"\s{{1,3}}(?i:work|office|staff|employee|company)\s{{1,3}}(?i:laptop|e-?mail|account|phone|badge|id|card|"
                rf"uniform|car|van|computer|pc|desk|inbox|login|vpn)s?\b", 0.8, "ORGANIZATION"),
        # "Our UPS office is ...", "I'm on the Sibal-Pai payroll", "in the Cowley LLC canteen": the
        # firm of the writer's workplace, or of a room or list only its staff are in
        Pattern("workplace", rf"\b(?i:my|our)\s{{1,3}}(?P<v>[A-Z][\w&'’\-]{{1,30}}(?:\s{{1,3}}[A-Z][\w&'’\-]{{1,30}}){{0,3}})"
                rf"\s{{1,3}}(?i:office|offices|warehouse|depot|HQ|headquarters|plant|factory|"
                rf"payroll|canteen|cafeteria|break\s?room|staff\s?room|lunch[\s-]?room)\b", 0.8, "ORGANIZATION"),
        Pattern("staff_room", rf"\b(?i:the)\s{{1,3}}(?P<v>[A-Z][\w&'’\-]{{1,30}}(?:\s{{1,3}}[A-Z][\w&'’\-]{{1,30}}){{0,3}})"
                rf"\s{{1,3}}(?i:payroll|canteen|cafeteria|break\s?room|staff\s?room|lunch[\s-]?room)\b", 0.8, "ORGANIZATION"),
        # "IBEW is holding a meeting about it and I'm a member.": a group the sentence is about, then the
        # writer's membership of it, told after it in the same sentence
        Pattern("member_after", rf"(?<![\w\-])(?:(?-i:The){_S})?(?P<v>{_NOT_I}{_WORD}(?:\s{{1,3}}{_WORD}){{0,3}})\s{{1,3}}(?:is|are|was|were|has|have|had)\b[^.!?\n]{{0,80}}?"
                rf"\b(?:and|but|so|since|as)\s{{1,3}}(?i:I['’]m|I{_S}am|im)\s{{1,3}}(?:an?{_S})?"
                rf"(?:(?i:proud|card-carrying|paid-up|long-?time|lifelong|active){_S})?(?i:member)(?!{_S}of\b)", 0.8, "ORGANIZATION"),
        # "need this for a meeting at Calder-Voss tomorrow", "a quiz at Trinity College Dublin", "our
        # Slack channel at Wayfair", "my night shift at the Hilton": the organisation of the writer's
        # meeting, shift, class or team is where they work or study (a town is a place, see validate_result)
        Pattern("activity_at_org", rf"\b(?i:{_ACTIVITY})s?\s{{1,3}}(?i:at)\s{{1,3}}(?:(?i:the){_S})?(?P<v>{_ORG}){_ORG_END}",
                0.8, "ORGANIZATION"),
        # an organisation written in lower case, as people type: where the writer studies, a run of
        # words closing with the kind of institution, one of them a name no dictionary holds or a
        # town ("miami dade college", "the national university of singapore"), in a sentence of the
        # writer's (validate_result); where the writer works, after a tenure or an employer's cue
        # ("I've been at salesforce for six years", "tim hortons is paying for my training")
        Pattern("institution_lower", rf"(?<![\w'’\-])(?P<v>{_LOWER_INSTITUTION})(?![\w'’\-])", 0.8, "ORGANIZATION"),
        Pattern("tenure_lower", rf"(?i:{_TENURE})\s{{1,3}}(?:the{_S})?(?P<v>{_LOWER_ORG})"
                rf"(?=\s{{1,3}}(?:for|since)\s)", 0.8, "ORGANIZATION"),
        Pattern("employer_lower", rf"(?i:{_WORKS_AT}|"
                rf"\b(?:my|our){_S}(?:employer|company|firm|workplace)(?:{_S}is|\s{{0,3}}[,:(]))\s{{1,3}}(?:the{_S})?(?P<v>{_LOWER_ORG})"
                rf"(?=\s{{0,3}}(?:[.,;:!?()\n]|$)|\s{{1,3}}(?:for|since|as|in|and|but|so|now|today)\b)", 0.8, "ORGANIZATION"),
        Pattern("pays_for_my", rf"(?:^|(?<=[.!?]\s)|(?<=\n))\s{{0,3}}(?P<v>{_LOWER_ORG}|{_ORG})\s{{1,3}}(?:is|are)\s{{1,3}}"
                rf"(?i:paying|sponsoring|funding)\s{{1,3}}(?i:for\s{{1,3}})?(?i:my)\b", 0.8, "ORGANIZATION"),
        # "I've been with Ternan-Brassil for three years", "we've been at Acme Logistics since 2019":
        # a tenure at a named organisation is the writer's employer (or school)
        Pattern("tenure", rf"(?i:{_TENURE})\s{{1,3}}(?:[Tt]he{_S})?(?P<v>{_ORG})"
                rf"(?=\s{{1,3}}(?i:for|since)\s{{1,3}}(?:[0-9]{{1,4}}|a|an|the|over|about|almost|nearly|two|three|four|five|six|"
                rf"seven|eight|nine|ten|many|several|some|years|months|decades|ages)\b)", 0.8, "ORGANIZATION"),
        # "I'm a retail buyer at X", "I'm the head of sales for X", "This is Kim, an analyst at X":
        # a role at a named organisation is one's job there; its title, known to a gazetteer or not,
        # is the words between the article and "at" (a level of skill is no job: "a beginner at Go")
        Pattern("role_at_org", rf"(?i:{_I_AM}|\bthis{_S}is{_S}{_NAME},|\b(?:I|we)(?:{_S}|(?=['’]))(?:{_WORK_VERB}){_S}as)\s{{1,3}}"
                rf"(?i:an?|the){_S}(?!(?i:{_SKILL_LEVEL})\b)(?P<v>(?i:{_ROLE}))"
                rf"(?=\s{{1,3}}(?:at|for|with){_S}(?:the{_S})?[A-Z])", 0.8, "OCCUPATION"),
        Pattern("org_of_role", rf"(?i:{_I_AM}|\bthis{_S}is{_S}{_NAME},|\b(?:I|we)(?:{_S}|(?=['’]))(?:{_WORK_VERB}){_S}as)\s{{1,3}}"
                rf"(?i:an?|the){_S}(?!(?i:{_SKILL_LEVEL})\b)(?i:{_ROLE})"
                rf"\s{{1,3}}(?i:at|for|with){_S}(?P<v>{_ORG}){_ORG_END}", 0.8, "ORGANIZATION"),
        # an apposition after one's own name: "This is Kim, a paediatric nurse in Leeds": her job, and
        # the place she is in (a level of skill is no job: "This is Kim, a beginner in Go")
        Pattern("role_in_place", rf"(?i:\bthis{_S}is){_S}{_NAME},\s{{1,3}}(?i:an?|the){_S}(?!(?i:{_SKILL_LEVEL})\b)"
                rf"(?P<v>(?i:{_ROLE}))(?=\s{{1,3}}(?:in|from){_S}[A-Z])", 0.8, "OCCUPATION"),
        Pattern("place_of_role", rf"(?i:\bthis{_S}is){_S}{_NAME},\s{{1,3}}(?i:an?|the){_S}(?!(?i:{_SKILL_LEVEL})\b)"
                rf"(?i:{_ROLE})\s{{1,3}}(?:in|from){_S}(?P<v>{_PLACE}){_END}", 0.8, "LOCATION"),
        # a signature block: "Best regards,\nAnna Berg\nretail buyer, Andrews Ltd" (or "... at Andrews
        # Ltd", or the organisation on the next line): the line under the name is her job and employer
        Pattern("signature_job", rf"{_SIGNATURE}(?P<v>{_TITLE_LINE}){_TITLE_ORG}{_ORG}", 0.8, "OCCUPATION"),
        Pattern("signature_org", rf"{_SIGNATURE}{_TITLE_LINE}{_TITLE_ORG}(?P<v>{_ORG}){_END}", 0.8, "ORGANIZATION"),
        # job: "I work as a X", "my job (title) is X", "I'm employed as a X"
        Pattern("job", rf"(?i:\bI{_S}work{_S}as|{_I_AM}{_S}employed{_S}as|\bmy{_S}job(?:{_S}title)?{_S}is|"
                rf"\bthe{_S}person{_S}(?:asking|writing){_S}is)\s{{1,3}}"
                # (the title ends before the employer or place: "an intern at Thomas PLC")
                # (an adverb before the title is the sentence's: "my job title is literally physiotherapist")
                rf"(?i:(?:literally|basically|officially|technically|actually|currently|now|just|still|really|formally){_S})?"
                rf"(?i:(?:an?|the){_S})?(?P<v>(?i:[a-z][a-z'’\-]{{1,30}}(?:\s{{1,3}}(?:and\s{{1,3}})?(?!(?:at|in|for|with)\b)"
                rf"[a-z][a-z'’\-]{{1,30}}){{0,4}}))"
                rf"(?=\s{{0,3}}(?:[.,;!?\n]|$|\s(?:at|in|for|with)\b))", 0.8, "OCCUPATION"),
        # a condition: "I have X", "I've been living with X" up to the clause's end; kept only when
        # the phrase holds a health term or a medical word's shape (validate_result: -itis, -osis,
        # "... disease", "... disorder"): "I have a question" is no condition
        Pattern("condition", rf"(?i:\bI(?:{_S}|(?=['’]))(?:have|had|['’]ve{_S}got|['’]ve{_S}had|have{_S}had|got|am{_S}living{_S}with|"
                rf"live{_S}with|struggle{_S}with|deal{_S}with|['’]ve{_S}been{_S}(?:living|dealing|struggling){_S}with|"
                rf"have{_S}been{_S}(?:living|dealing|struggling){_S}with|am{_S}recovering{_S}from|['’]m{_S}recovering{_S}from|"
                rf"developed|caught)|{_I_AM}{_S}(?:living|dealing|struggling){_S}with|"
                rf"(?:{_AS_SOMEONE}|{_FROM_SOMEONE}){_S}(?:with|living{_S}with|who{_S}(?:has|lives{_S}with)))\s{{1,3}}"
                rf"(?:(?i:an?|the|some){_S})?(?P<v>{_CONDITION}){_CONDITION_END}", 0.8, "HEALTH"),
        # "Between hospital visits for my kidney stones, ...": kept only when a word of it is health's
        # (the gazetteer, a medical word's shape, or a word WordNet gives a health sense: "gout")
        Pattern("condition_care", rf"(?i:\b{_CARE}{_S}(?:for|with|about|because{_S}of){_S}my)\s{{1,3}}"
                rf"(?P<v>{_CONDITION}){_CONDITION_END}", 0.8, "HEALTH"),
        # "I have PCOS.", "I've got ADHD, so ...": an initialism of 3-5 capitals ending in D or S (what
        # "... disorder", "... disease" and "... syndrome" shorten to), with no article, ending its sentence or followed by a clause about the writer ("I have AWS, GCP and
        # Azure accounts" is a list of products)
        Pattern("condition_initialism", rf"(?i:\bI(?:{_S}|(?=['’]))(?:have|['’]ve{_S}got|have{_S}got|live{_S}with)|"
                rf"{_I_AM}{_S}living{_S}with)\s{{1,3}}(?P<v>[A-Z]{{2,4}}[DS])"
                rf"(?=\s{{0,3}}(?:[.;:!?)\n]|$|,{_S}(?i:so|if|but|which|because|since|though|although|and{_S}I|and{_S}my)\b))", 0.8, "HEALTH"),
        # "I was diagnosed with X", "I suffer from X", "I'm being treated for X", "my diagnosis is X":
        # the cue says X is a condition, known or not
        Pattern("diagnosis", rf"(?i:\bI(?:{_S}|(?=['’]))(?:was|have{_S}been|['’]ve{_S}been|got|just{_S}got|am|['’]m){_S}diagnosed{_S}with|"
                rf"{_I_AM}{_S}diagnosed{_S}with|\bI(?:{_S}|(?=['’]))(?:suffer|suffered|['’]ve{_S}suffered|have{_S}suffered){_S}from|"
                rf"(?:{_I_AM}|\bI['’]ve{_S}been|\bI{_S}have{_S}been|\bI{_S}was){_S}(?:suffering{_S}from|(?:being{_S})?treated{_S}for|"
                rf"in{_S}treatment{_S}for|getting{_S}treatment{_S}for)|\bI{_S}(?:tested|test){_S}positive{_S}for|"
                rf"\bmy{_S}(?:doctor|gp|physician){_S}(?:says|said|thinks|told{_S}me){_S}I{_S}(?:have|had)|"
                rf"\bmy{_S}diagnosis{_S}(?:is|was))\s{{1,3}}(?:(?i:an?|the){_S})?(?P<v>{_CONDITION}){_CONDITION_END}", 0.8, "HEALTH"),
        # medication: "I take sertraline", "I'm on 20 mg of lisinopril" (kept when the phrase holds a
        # drug's stem, a dose or a health term); "I was prescribed X", "my medication is X" (the cue
        # says it is a drug)
        Pattern("medication", rf"(?i:\bI{_S}(?:take|took|use|need)|{_I_AM}{_S}(?:taking|on)|\bI['’]ve{_S}been{_S}(?:taking|on)|"
                rf"\bI{_S}have{_S}been{_S}(?:taking|on)|\bI{_S}started{_S}(?:taking|on))\s{{1,3}}"
                rf"(?P<v>{_CONDITION}){_DRUG_END}", 0.8, "HEALTH"),
        # "before my next dose of Jardiance", "my morning dose of Eliquis": what the writer doses is a
        # medicine, whatever its name; a capitalised brand, or a word no dictionary holds
        Pattern("dose_of", rf"(?i:\bmy{_S}(?:(?:next|last|first|second|daily|morning|evening|night|nightly|weekly|usual|"
                rf"regular|missed|booster){_S})?doses?{_S}of)\s{{1,3}}(?P<v>[A-Z][\w\-]{{2,30}}|[a-z][\w\-]{{2,30}})(?![\w\-])",
                0.8, "HEALTH"),
        Pattern("prescribed", rf"(?i:\bI(?:{_S}|(?=['’]))(?:was|am|['’]ve{_S}been|have{_S}been|got|just{_S}got){_S}prescribed|"
                rf"{_I_AM}{_S}prescribed|\bmy{_S}(?:doctor|gp|physician|psychiatrist){_S}(?:prescribed|put{_S}me{_S}on)(?:{_S}me)?|"
                rf"\bmy{_S}(?:[a-z\-]{{2,15}}{_S})?(?:medications?|meds|prescriptions?){_S}(?:is|are|include|includes|was|were))\s{{1,3}}"
                rf"(?:(?i:an?|the|some){_S})?(?P<v>{_CONDITION}){_DRUG_END}", 0.8, "HEALTH"),
    )

    def match_span(self, pattern: Pattern, match: re.Match[str]) -> tuple[int, int] | None:
        """The detail without the punctuation that ends its sentence or clause ("Franco Ltd." ->
        "Franco Ltd", "sandrahill." -> "sandrahill"), and an organisation cut where a sentence
        ends inside what the pattern took for its name."""
        span = super().match_span(pattern, match)
        if span is None:
            return None
        start, end = span
        text = match.string
        if pattern.name == "condition_initialism":
            before = text[max(0, start - _TECH_WINDOW) : start]
            cut = [m.end() for m in _SENTENCE_END.finditer(before)]
            after = text[end : end + _TECH_WINDOW]
            stop = _SENTENCE_END.search(after)
            sentence = before[cut[-1] if cut else 0 :] + " " + after[: stop.start() if stop else len(after)]
            if _TECH_CONTEXT.search(sentence):
                return None
        if pattern.name == "institution_lower":
            return _institution_in_writers_sentence(text, start, end)
        if self.entity_for(pattern, match) == "ORGANIZATION":
            cut = _SENTENCE_IN_ORG.search(text, start, end)
            if cut is None and _LOWER_NEXT.match(text, end):
                # after "Ltd. " a name goes on to its clause's end ("& Co. KG."); when a lower-case
                # word follows, the capitalised word after the period opened a sentence
                cut = _PERIOD_IN_ORG.search(text, start, end)
            if cut is not None:
                end = cut.start()
        while end > start and text[end - 1] in _TRAILING:
            end -= 1
        return (start, end) if end > start else None

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        if pattern.name == "condition":
            return None if _HEALTH_TERM.search(text) or MEDICAL_WORD.search(text) else False
        if pattern.name == "condition_care":
            return None if _HEALTH_TERM.search(text) or MEDICAL_WORD.search(text) or _has_health_sense(text) else False
        if pattern.name == "medication":
            return None if _HEALTH_TERM.search(text) or DRUG_WORD.search(text) else False
        if pattern.name == "on_platform" and text.lower() in _PRESENCE_WORDS:
            return False
        if pattern.name == "name_here" and _not_a_name_here(text):
            return False
        if pattern.name == "org_role_here" and text.split()[0].lower() in ROLE_MODIFIERS:
            return False  # "Grad student here", "Senior Associate here": a kind of student or worker
        if pattern.name == "signoff_dash_bare":
            from guardian.detect.given_names import has_name_word

            return None if all(has_name_word(w) for w in text.split()) else False
        if pattern.name == "dose_of" and not (text[:1].isupper() or _name_like(text, towns=False)):
            return False  # "my daily dose of news": a word of the language, not a medicine's name
        if pattern.name == "name_is_lower":
            from guardian.detect.given_names import given_names, name_words

            words = [w.casefold() for w in text.split()]
            return None if all(w in name_words() for w in words) and any(w in given_names() for w in words) else False
        if pattern.name in ("tenure_lower", "employer_lower", "pays_for_my") and not any(
                _name_like(w.lower(), towns=False) for w in text.split() if w.lower() not in _NAME_PARTS):
            return False  # "I work at home", "Mom is paying for my trip": words, no firm's name
        if pattern.name == "activity_at_org" and is_town(text):
            return False  # "my shift at Leeds": a place, read as one by the place readers
        if pattern.name == "work_things" and worldwide(text):
            return False  # "my Dell work laptop": a maker's name known worldwide, not the employer's
        return None

    def category_for(self, entity: str, text: str) -> DataCategory:
        return self._CATEGORIES.get(entity, DataCategory.CONTACT)


def _institution_in_writers_sentence(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The lower-case institution's name inside text[start:end] (`_LOWER_INSTITUTION`): the words
    before its kind that are names or name parts (`_NAME_PARTS`), and those after "of" that are
    names; None unless one word is a name and the sentence is the writer's."""
    words = [(m.start() + start, m.end() + start, m.group()) for m in re.finditer(r"[^\s,]+", text[start:end])]
    kind = next((i for i, w in enumerate(words) if re.fullmatch(_INSTITUTION_WORD, w[2])), None)
    if kind is None:
        return None
    first = kind
    while first > 0 and (_name_like(words[first - 1][2]) or words[first - 1][2] in _NAME_PARTS):
        first -= 1
    last = kind
    if kind + 2 < len(words) and words[kind + 1][2] == "of":
        last = kind + 1
        while last + 1 < len(words) and _name_like(words[last + 1][2]):
            last += 1
        if last == kind + 1:
            last = kind
    named = [w for i, w in enumerate(words[first:last + 1], first) if i != kind and w[2] != "of" and _name_like(w[2])]
    if not named:
        return None
    a, b = words[first][0], words[last][1]
    # the clause: a colon sets off what the writer quotes or asks ("asked me this: south dakota state university")
    opens = max((m.end() for m in _CLAUSE_END.finditer(text, max(0, a - 300), a)), default=max(0, a - 300))
    stop = _CLAUSE_END.search(text, b, b + 300)
    sentence = text[opens:a] + " " + text[b:stop.start() if stop else min(len(text), b + 300)]
    return (a, b) if _WRITER_IN_SENTENCE.search(sentence) else None


def _has_health_sense(text: str) -> bool:
    """Whether a word of the span has a health sense in WordNet (`wordnet_health.py`: "gout",
    "kidney"); "my project", "my son" have none."""
    from guardian.detect.wordnet_health import HEALTH, reading

    return any(reading(w) == HEALTH for w in re.findall(r"[A-Za-z][a-z'’\-]{1,30}", text))
