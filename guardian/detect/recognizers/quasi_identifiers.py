"""Age, gender, relationship and honorific cues in prose -> CONTACT quasi-identifiers.

None of these names anyone alone; together they can (TAB's QUASI, SynthPAI's attributes), so
L2 and up treat them. Only natural-language values.
"""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import ENGLISH_ONLY, Pattern, PatternRecognizer
from guardian.records import Field, Finding

__all__ = ["QuasiIdentifierRecognizer"]

_I = re.IGNORECASE
AGE_GRAMMAR_SCORE = 0.75  # above the prose tagger's date guesses (scaled to at most 0.65)
HOURS_IN_A_DAY = 24
# An age of 13 to 99 written in English words: "sixty-six", "forty one", "nineteen"
_AGE_WORDS = (r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine)"
              r"(?![\w-]))?|(?:thir|four|fif|six|seven|eigh|nine)teen)")
_GENDER = (r"male|female|masculine|feminine|man|woman|men|women|boy|girl|non-binary|nonbinary|transgender|trans man|trans woman"
           r"|genderqueer|cisgender|agender|prefer not to disclose|prefer not to say")
_RELATION = (r"wife|husband|spouse|partner|girlfriend|boyfriend|fianc[ée]e?|married|remarried|divorced|widow(?:ed|er)?"
             r"|separated|engaged|cohabiting|single mother|single father|daughter|son|mother|father|mum|mom|dad|brother"
             r"|sister|grandmother|grandfather|grandson|granddaughter|stepson|stepdaughter|ex-wife|ex-husband")
_TITLE = (r"Mr|Mrs|Ms|Miss|Mx|Dr|Sir|Dame|Lady|Lord|Madame|Mme|Mlle|Msgr|Rev|Prof|Heir|Herr|Frau|Señor|Señora"
          # ranks and offices used as forms of address; they also tell gender and standing
          r"|Baron|Baroness|Countess|Duchess|Archduke|Archduchess|Marquis|Marquess|Marchioness|Viscount"
          r"|Viscountess|Mayoress|Excellency|Abbot|Abbess|Sr|Jr")
# A marital status as the writer states it: a word ("divorced"), a noun ("a widower", "a single dad")
# or a relationship they are in ("in an open relationship", "in a civil partnership").
_STATUS = (r"(?:(?:recently|newly|just|happily|now|legally|finally)\s{1,3})?"
           r"(?:married|remarried|unmarried|divorced|separated|engaged|widowed|single|cohabiting|partnered|newlywed|newly-wed|never\s{1,3}married|betrothed"
           r"|an?\s{1,3}(?:widow|widower|divorc[ée]e?|single\s{1,3}(?:mom|mum|dad|mother|father|parent))"
           r"|in\s{1,3}an?\s{1,3}(?:[\w\-]{1,20}\s{1,3}){0,2}(?:relationship|partnership|marriage|situationship)"
           # "living with my partner": cohabiting in plain words
           r"|living\s{1,3}with\s{1,3}(?:my|a|our)\s{1,3}(?:partner|boyfriend|girlfriend|fianc[ée]e?|significant\s{1,3}other|other\s{1,3}half)"
           r"|(?:going\s{1,3}through|in\s{1,3}the\s{1,3}(?:middle|midst)\s{1,3}of)\s{1,3}an?\s{1,3}(?:divorce|separation))")
# A kin word used as a title before a given name ("Grandpa Jake", "Auntie Bisi"): the family's own
# form of address (whose family is for the subject rules to say)
_KIN_TITLE = (r"grandma|grandpa|granny|gran|grandad|granddad|grandmother|grandfather|gramps|nana|nanna|nonna|nonno"
              r"|uncle|auntie|aunty|aunt|cousin")
# A person noun after a status in a self-introduction ("recently widowed dad here")
_INTRODUCED = r"dad|mum|mom|mother|father|parent|guy|gal|woman|man|lady|bloke|dude|person|fella|chap|mama|papa"
# Words that are titles only before a name ("King Charles", not "Burger King", "Count the rows").
_TITLE_BEFORE_NAME = r"Count|Duke|Prince|Princess|King|Queen|Mayor|Sheikh|Rabbi|Imam|Judge|Captain|Colonel"


class QuasiIdentifierRecognizer(PatternRecognizer):
    """Age ("aged 34", "34-year-old"), gender words, family/relationship words, honorifics."""

    name: ClassVar[str] = "quasi_identifiers"
    entities: ClassVar[tuple[str, ...]] = ("AGE", "GENDER", "RELATIONSHIP", "MARITAL_STATUS", "TITLE", "PERSON")
    CATEGORY: ClassVar[DataCategory] = DataCategory.CONTACT
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    # English only: English cue words: German "man" is a pronoun, French and Spanish "son" are not kin
    LANGUAGES: ClassVar[frozenset[str] | None] = ENGLISH_ONLY
    QUASI_ENTITIES: ClassVar[frozenset[str]] = frozenset(entities) - {"PERSON"}
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        # an age by its own grammar ("19 years old", "a 19-year-old", "age 19") scores above a date
        # model's guess of the same digits as a year or a day; the span is the number ("[AGE_1] years old")
        Pattern("age_years_old", r"(?<![\w])(?P<v>[0-9]{1,3}|" + _AGE_WORDS + r")[ \-](?:years?|yrs?)[ \-](?:old|young)(?![\w])",
                AGE_GRAMMAR_SCORE,
                entity="AGE", flags=_I),
        # "As someone who's 30, ...": a clause that predicates the age of the writer
        Pattern("age_as_someone", r"(?<![\w])as\s{1,3}(?:someone|somebody|a\s{1,3}person|one)\s{1,3}who(?:['’]s|\s{1,3}is|"
                r"\s{1,3}just\s{1,3}turned|\s{1,3}turned)\s{1,3}(?P<v>[1-9][0-9]?)(?![\w:.,/]?[0-9])"
                r"(?!\s{0,2}(?:%|percent|minutes?|hours?|days?|weeks?|months?|miles?|km|kg|lbs?|am|pm|feet|ft|cm)\b)",
                AGE_GRAMMAR_SCORE, entity="AGE", flags=_I),
        # "aged 34", "I'm 34", "ps im 74", "turned 45 last week", "I'm fifty-two", "(am 71 if ...)": a
        # clause that opens on "am" has dropped its "I"; not "I'm 5 minutes away", "turned 90 degrees"
        Pattern("aged", r"(?<![\w])(?:aged?|age of|(?:my|our) age(?: is|:)|I am|I['’]m|im|turned|turning|just turned|"
                r"(?:(?<=\()|(?<=^)|(?<=[.!?;,]\s))am|"
                r"(?:the )?(?:(?:person|one) (?:asking|writing|typing)(?: this)?|asker) is) (?P<v>[0-9]{1,3}|" + _AGE_WORDS + r")(?![\w])"
                r"(?![ ]{0,2}(?:%|percent|degrees?|°|minutes?|mins?|hours?|hrs?|seconds?|secs?|days?|weeks?|months?|pages?|miles?|"
                r"km|kg|lbs?|pounds?|points?|times?|am|pm|o'clock|cm|mm|ft|k)\b)", AGE_GRAMMAR_SCORE, entity="AGE", flags=_I),
        # "At 49 you'd think I'd know ...", "At 63, I ...": a sentence that opens on the writer's age
        Pattern("at_age", r"(?:^|(?<=[.!?]\s)|(?<=\n))At (?P<v>[1-9][0-9]|" + _AGE_WORDS + r")"
                r"(?=,|[ ]{1,3}(?:I|I['’]m|you|you['’]d|we|my|and|now)\b)",
                0.5, entity="AGE"),
        # "turning 29 next week", "just turned 40", "At 34 I ...", "34yo": an age by its grammar, not a time
        # ("at 5 pm", "turned 3 pages" have no person after them or a unit)
        Pattern("turning", r"(?<![\w])(?:turning|just turned|I'll be|I will be|I turn|I turned) (?P<v>[0-9]{1,3})(?![\w:.,/]?[0-9])"
                r"(?!\s{0,2}(?:am|pm|a\.m|p\.m|o'clock|%|percent|pages?|degrees|minutes|hours|mins?|times)\b)", 0.55, entity="AGE", flags=_I),
        Pattern("at_age", r"(?:^|(?<=[.!?(]\s)|(?<=[.!?(]))[Aa]t (?P<v>[0-9]{1,2}),? (?:(?i:i|i'm|im|i've)|we|my)\b", 0.7, entity="AGE"),  # above a time the taggers read in "at 21"
        # "Someone who's 68 and just retired wants to know: ...": the writer opens on themself as
        # "someone" and is the one who asks
        Pattern("age_someone_asks", r"(?:^|(?<=[.!?]\s)|(?<=\n))(?:someone|somebody|a\s{1,3}person)\s{1,3}who(?:['’]s|\s{1,3}is)\s{1,3}"
                r"(?P<v>[1-9][0-9]?)(?![\w:.,/]?[0-9])(?=[^.?!\n]{0,60}\b(?:wants\s{1,3}to\s{1,3}know|asking|here|wondering|curious)\b)",
                AGE_GRAMMAR_SCORE, entity="AGE", flags=_I),
        # "(69F, if that matters)", "me (34M)", "F29 here": the forums' age-and-sex shorthand
        # ("f, 37. Is ...": in lower case, and with a comma, opening the text)
        # ("m 12, s 14" in lower case is a sum's variables: a lower-case letter needs its comma)
        Pattern("age_sex", r"(?:(?<=\()|^)(?:(?P<v>[1-9][0-9])\s?[MFmf]|[MF],?\s?(?P<v2>[1-9][0-9])|[mf],\s?(?P<v3>1[3-9]|[2-9][0-9]))"
                r"(?=[,;)/]|\.\s|\s{1,2}here\b)", 0.55, entity="AGE"),
        # "25, single, and finally asking: ...", "41, retired, bored:": an age opening the text or a
        # sentence, then what else describes its subject (not "50, divided by 2", "12, 15, 18")
        Pattern("age_lead", r"(?:^|(?<=[.!?]\s)|(?<=\n))(?P<v>1[3-9]|[2-9][0-9]|" + _AGE_WORDS + r"),\s(?:and\s)?"
                r"(?!(?:divided|multiplied|added|subtracted|rounded|squared|cubed|based|given|followed|increased|decreased|"
                r"reduced|raised|converted|expressed|written|measured|compared|repeated)\b)"
                r"(?=(?:single|married|divorced|widowed|engaged|retired|pregnant|unemployed|curious|new|bored|broke|"
                r"[a-z]{3,20}(?:ed|ing))\b)", 0.55, entity="AGE", flags=_I),
        # "grandma here, 55, helping with homework", "retired dad here (61)": a self-introduction's
        # person noun, then the age it gives (not "click here, 5 times")
        Pattern("age_here", r"(?<![\w])(?:" + _INTRODUCED + "|" + _KIN_TITLE + r"|grandparent|wife|husband|retiree|pensioner|"
                r"student|teen|teenager|newbie|noob|lurker)\s{1,3}here\s{0,2}[,(]\s{0,2}(?P<v>1[3-9]|[2-9][0-9])(?![\w:.,/]?[0-9])"
                r"(?=\s{0,2}(?:[,;:)!]|\.(?:\s|$)|$)|\s{1,3}(?:and|but|so|y/?o|years?)\b)", AGE_GRAMMAR_SCORE, entity="AGE", flags=_I),
        Pattern("yo", r"(?<![\w])(?P<v>[0-9]{1,2}) ?(?:yo|y/o|yrs old)(?![\w])", 0.55, entity="AGE", flags=_I),
        # an age as the time of life one does something at: "too old to start at 64", "Not bad for
        # 42, ...", "Asking at 16, never too late", "embarrassing to ask at twenty-six", "a silly question at
        # 25."; not "at 5 pm",
        # "for 42 minutes"
        Pattern("life_stage", r"(?<![\w])(?:too (?:old|young|late|early) to [a-z]{2,15}(?: [a-z]{1,15}){0,3} at|"
                r"(?:not bad|not too bad|pretty good|doing ok|doing okay) for|(?:to )?ask(?:ing)? at|(?:silly|dumb|stupid|basic|naive) question at|"
                r"learning [a-z]{2,15} at|starting out at|"
                r"(?:getting|got|started|starting) into (?:this|it|[a-z]{2,15}) at) "
                r"(?P<v>[1-9][0-9]|" + _AGE_WORDS + r")(?![\w:.,/]?[0-9])(?=\s{0,2}(?:[,.!?;)]|$|\b(?:and|but|so|though|right|eh|here|now)\b))",
                AGE_GRAMMAR_SCORE, entity="AGE", flags=_I),
        Pattern("gender", r"(?<![\w\-])(?:" + _GENDER + r")(?![\w\-])", 0.45, entity="GENDER", flags=_I),
        Pattern("relationship", r"(?<![\w\-])(?:my |her |his |their )?(?:" + _RELATION + r")(?![\w\-])", 0.4,
                entity="RELATIONSHIP", flags=_I),
        # "I'm divorced", "we just got engaged", "I've been separated since May": the writer's own
        # marital status, by the grammar that predicates it of them (a relationship word alone,
        # "my wife", "married couples", identifies no one and stays RELATIONSHIP).
        Pattern("marital_status", r"(?<![\w])(?:I\s{1,3}am|I['’]m|im|we\s{1,3}are|we['’]re|I\s{1,3}was|I\s{1,3}(?:just\s{1,3})?got|"
                r"the\s{1,3}(?:person\s{1,3}(?:asking|writing)|asker)\s{1,3}is|"
                r"we\s{1,3}(?:just\s{1,3})?got|I\s{1,3}have\s{1,3}been|I['’]ve\s{1,3}been|I\s{1,3}recently\s{1,3}got"
                # "as someone who's single", "Being a widow has its perks": a clause that predicates it of the writer
                # ("As someone single, ...": the "who's" may be left out)
                r"|as\s{1,3}(?:(?:someone|somebody|a\s{1,3}person)(?:\s{1,3}who(?:['’]s|\s{1,3}is|\s{1,3}was))?"
                r"|one\s{1,3}who(?:['’]s|\s{1,3}is|\s{1,3}was))"
                # "Thanks — someone who's cohabiting": the sign-off after a dash describes the writer
                r"|(?<=[—–]\s)(?:someone|somebody)\s{1,3}who(?:['’]s|\s{1,3}is)"
                # "(Asking as someone engaged, ...)": the one who asks is the writer
                r"|(?:asking|writing|posting)\s{1,3}as\s{1,3}(?:someone|somebody|a\s{1,3}person)"
                # "My wife and I are separated", "Tom and I just got engaged", "we've been in a civil
                # partnership": the writer is one of the clause's subjects
                r"|\band\s{1,3}I\s{1,3}(?:are|were|(?:just\s{1,3}|recently\s{1,3})?got|have\s{1,3}been|['’]ve\s{1,3}been)"
                r"|\bwe\s{1,3}have\s{1,3}been|\bwe['’]ve\s{1,3}been"
                # "As a widow on a fixed income, ...": the writer is what "as" makes them (the status's
                # own "a" follows: "as a single mum", "as a divorcee")
                r"|(?:^|(?<=[\s(,;:\-–—]))as(?=\s{1,3}an?\s)"
                r"|(?:^|(?<=[.!?(:;,\-–—]\s)|(?<=\n))being)\s{1,3}"
                r"(?P<v>" + _STATUS + r")(?![\w\-])", 0.55, entity="MARITAL_STATUS", flags=_I),
        # "Since becoming newly single I've been ...", "After getting engaged, we ...": a participle's
        # left-out subject is its main clause's, the writer
        Pattern("marital_participle", r"(?<![\w])(?:since|after|when|while|ever\s{1,3}since)\s{1,3}(?:becoming|being|getting)\s{1,3}"
                r"(?P<v>" + _STATUS + r")(?=\s{0,3},?\s{0,3}(?:I|I['’](?:ve|m|d|ll)|we|we['’](?:ve|re|d|ll)|my|our)\b)",
                0.55, entity="MARITAL_STATUS", flags=_I),
        # "Life update: widowed.", "Relationship status: single.", "So, separated and suddenly ...": the
        # status alone, opening the text, a sentence or a label about the writer, then its clause ends
        # (or after a sign-off's dash: "Thanks — recently widowed and doing the admin myself")
        Pattern("marital_opener", r"(?:^|(?<=\n)|(?<=[.!?]\s)|(?<=\s[—–]\s)|(?:status|update|context|situation|about\s{1,3}me)\s{0,2}:\s{0,3}"
                # "Marital status separated, ...": the form's label without its colon
                r"|(?:marital|relationship|civil)\s{1,3}status\s{1,3}"
                # "Hi, married and bored over here", "Hey all, widowed and ...": the clause after a greeting
                r"|(?<![\w])(?:hi|hey|hello|hiya|howdy|greetings)(?:\s{1,3}(?:all|there|everyone|folks|guys|team))?\s{0,2}[,!]\s{1,3}"
                # "Asking for myself; recently separated, if that's relevant": the clause after the writer's
                r"|(?<=\bmyself;\s)|(?<=\bmyself,\s)"
                # "25, single, and finally asking": the writer's age, then the status, listed
                r"|^\s{0,3}\d{1,3}\s{0,2},\s{1,3})"
                r"(?:(?:so|well|anyway|also|now|still|currently|recently|newly|just)\s{0,2},?\s{1,3})?(?P<v>" + _STATUS + r")"
                # a time it holds for may follow ("... at the moment.", "... since June.", "... as of last month,")
                r"(?=(?:\s{1,3}(?:again|now|right\s{1,3}now|at\s{1,3}the\s{1,3}moment|currently|these\s{1,3}days"
                r"|(?:since|for|after|as\s{1,3}of)\s{1,3}(?:[\w\-]{1,12}\s{1,3}){0,2}[\w\-]{1,12}))?\s{0,3}(?:[,.;:!)—–]|\s-\s|and\b|$)"
                # "recently widowed dad here, ...": a self-introduction ("X here")
                # ("Single dad of two here": the children may be counted)
                r"|\s{1,3}(?:" + _INTRODUCED + r")(?:\s{1,3}of\s{1,3}(?:one|two|three|four|five|six|[1-9]))?\s{1,3}here\b"
                # "Newly single here.": the status alone introduces the writer
                r"|\s{1,3}here\b(?=\s{0,3}[,.;:!—–]|\s{1,3}(?:and|with|asking|wondering|trying)\b))", 0.55, entity="MARITAL_STATUS", flags=_I),
        # "Recently got married to Dmitri and ...", "just got engaged!": a clause without a subject that
        # opens a sentence tells of the writer; "I'm going through a divorce" names the status as a noun
        # (a capital after a word with no stop between opens a sentence too: a title pasted without
        # its question mark, "... per block Just got separated, so ...")
        Pattern("marital_event", r"(?:^|(?<=[.!?(:;,\-–—]\s)|(?<=\n)|(?<=[\w)]\s)(?-i:(?=[A-Z])))(?:(?:recently|just|newly|finally)\s{1,3})?"
                r"(?:got|getting)\s{1,3}(?P<v>married|remarried|divorced|engaged|separated)(?![\w\-])"
                r"|(?<![\w])(?:I\s{1,3}am|I['’]m|im|we\s{1,3}are|we['’]re)\s{1,3}going\s{1,3}through\s{1,3}an?\s{1,3}"
                r"(?P<v2>divorce|separation)(?![\w\-])", 0.55, entity="MARITAL_STATUS", flags=_I),
        # "Since my divorce I've ...", "our separation was amicable": the writer's own (not "my
        # separation of concerns", a program's)
        Pattern("marital_noun", r"(?<![\w])(?:my|our)\s{1,3}(?:(?:recent|ongoing|pending|messy|amicable|first|second)\s{1,3})?"
                r"(?P<v>divorce|separation)(?![\w\-])(?!\s{1,3}(?:of|between|from|logic|layer)\b)", 0.55,
                entity="MARITAL_STATUS", flags=_I),
        # "Mr A. Rönquist", "Mrs Price": a title and capitalised names is a person (direct).
        Pattern("titled_name", r"(?<![\w])(?:" + _TITLE + "|" + _TITLE_BEFORE_NAME + r")\.? (?:[A-Z]\. ?){0,2}"
                r"(?:[A-Z][\w'\-]{1,30} ?){1,3}(?<! )", 0.6, entity="PERSON"),
        # "Grandpa Jake swears ...", "(Nana Rose insists ...)": a kin word as a title, opening its clause,
        # before a capitalised given name; the span is the name
        Pattern("kin_titled_name", r"(?:^|(?<=[.!?;:,—–\-]\s)|(?<=[(\n]))(?i:" + _KIN_TITLE + r")\s(?P<v>[A-Z][a-z'’\-]{1,20})(?![\w])",
                0.6, entity="PERSON"),
        Pattern("title", r"(?<![\w])(?:" + _TITLE + r")\.?(?![\w])", 0.45, entity="TITLE"),
        # A column of bare M/F values (a list item or table cell holding one letter) is a gender
        # column; one such line alone is not enough ("Size: M"), see `validate_result`.
        Pattern("gender_letter", r"(?:^|(?<=[\n|>,\t]))[ \t]{0,8}(?:[0-9]{1,3}[.)] {1,3}|[-*•] {1,3})?"
                r"\"?(?P<v>[MF])\"?[ \t]{0,4}(?=\r?\n|$|[|<,\t])", 0.4, entity="GENDER", flags=re.MULTILINE),
    )
    MIN_GENDER_LETTERS: ClassVar[int] = 2

    def score_result(self, text: str, pattern: Pattern, validated: bool | None) -> float:
        """"At 27 you'd think ...": past 24 the number after "At" is no hour of a clock, so it is an
        age as surely as by its own grammar (above a model's guess of a time)."""
        if pattern.name == "at_age" and text.isdigit() and int(text) > HOURS_IN_A_DAY:
            return AGE_GRAMMAR_SCORE
        return super().score_result(text, pattern, validated)

    def match_span(self, pattern: Pattern, match: re.Match[str]) -> tuple[int, int] | None:
        """A title before capitalised words in a headline is a word of it: "Will We Miss Cancers
        Following Updated Guidelines?" capitalises every word, and its "Miss" is a verb."""
        if pattern.name == "titled_name" and in_a_headline(match.string, match.start()):
            return None
        return super().match_span(pattern, match)

    def analyze(self, field: Field) -> list[Finding]:
        found = super().analyze(field)
        letters = [f for f in found if f.end - f.start == 1 and f.entity == "GENDER"]
        if 0 < len(letters) < self.MIN_GENDER_LETTERS:
            found = [f for f in found if f not in letters]
        return found


# A headline (a paper's or an article's title, a subject line) capitalises its words: in a sentence
# of at least HEADLINE_WORDS words of four letters or more, this share of them capitalised
HEADLINE_WORDS = 5
HEADLINE_SHARE = 0.7
_SENTENCE_MARK = re.compile(r"[.!?\n]")
_LONG_WORD = re.compile(r"[^\W\d_]{4,64}")


def in_a_headline(text: str, at: int) -> bool:
    """Whether the sentence holding `text[at]` is written in title case (`HEADLINE_SHARE`)."""
    start = max((m.end() for m in _SENTENCE_MARK.finditer(text, 0, at)), default=0)
    stop = _SENTENCE_MARK.search(text, at)
    words = _LONG_WORD.findall(text, start, stop.start() if stop else len(text))
    return len(words) >= HEADLINE_WORDS and sum(w[0].isupper() for w in words) >= HEADLINE_SHARE * len(words)
