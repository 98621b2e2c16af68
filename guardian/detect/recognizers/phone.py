"""PHONE_NUMBER -> Phone: international "+CC ..." numbers and common national formats.

Bare digit runs are IDs and timestamps far more often than phone numbers, so they count only
with a phone word in the field name or just before the number. Every match must hold 7-15
digits (E.164 allows at most 15).
"""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["PhoneRecognizer"]

# Not after a word character or "+", nor right after "<digit><separator>", nor after a letter or
# digit and a hyphen: a match never starts inside a longer number, date or version string, nor a
# group of a hyphen-joined token (a UUID's "-0917-4002-", a serial "AB-0917-4002").
_START = r"(?<![\w+])(?<![0-9][.\-/: ])(?<![A-Za-z0-9]-)"
# Not followed by a word character, by a separator that continues the number, nor by a hyphen and
# another group of letters or digits.
_END = r"(?![\w]|[.\-/:][0-9]|-[A-Za-z])"
# An extension after the number, as ITU-T E.123 and NANP write it ("555-0187 x23", "ext. 4102"):
# part of the number, rewritten with it.
_EXT = r"(?:[ ]{0,2}(?:x|ext\.?|extension)[ ]{0,2}[0-9]{1,6})?"
_EXTENSION = re.compile(r"[ ]{0,2}(?:x|ext\.?|extension)[ ]{0,2}[0-9]{1,6}$", re.IGNORECASE)

# "You can reach me at 4155552671", "text me on ...", "my number is ...": the sentence says a
# bare run of digits is how to reach the writer.
_REACH_ME = re.compile(
    r"(?:\b(?:call|text|ring|reach|contact|dial|phone|message|whatsapp|sms)\s{1,3}(?:me|us)\s{1,3}(?:at|on|via)"
    r"|\b(?:my|our)\s{1,3}(?:number|no\.|nr\.?)(?:\s{1,3}is)?)\s{0,3}:?\s{1,3}$",
    re.IGNORECASE,
)
# "My phone number is X", "You can reach me at X", "Text me at X", "mobile: X": after a cue that
# says the next thing is how to reach the writer, any way of writing a number counts, in whatever
# national format (dotted "0422.811.920", local "218-6040", "1 (313) 996-6935", "001-424-701-7674",
# "(02).0772.8378"). The cue is part of the match, so the number scores as high as a first-person
# statement and wins over a date or a figure another recogniser reads in it ("029 2018 0689").
_CUE = (r"(?i:\b(?:call|text|ring|reach|contact|dial|phone|message|whatsapp|sms)\s{1,3}(?:me|us)\s{1,3}(?:at|on|via)"
        r"|\b(?:my|our)\s{1,3}(?:(?:phone|mobile|cell|cellphone|home|work|office|direct|contact|whatsapp|landline)\s{1,3})?"
        r"(?:number|no\.|nr\.?|phone|mobile|cell)(?:\s{1,3}is)?"
        r"|\b(?:phone|ph|tel|telephone|mobile|mob|cell)\.?\s{0,3}(?:number|no\.)?\s{0,3}:"  # "ph: 02.8232.6095"
        # "Callback number 8961 5131", "Contact no. 0412 ...": a number's own label, colon or not
        r"|\b(?:callback|call-back|contact|phone|mobile|cell|landline|whatsapp)\s{1,3}(?:number|no\.|nr\.?)(?:\s{1,3}is)?"
        # "Reach me at jo@example.com / 8967927541": the second way to reach the writer
        r"|\b(?:call|text|reach|contact)\s{1,3}(?:me|us)\s{1,3}(?:at|on|via)\s{1,3}[\w.+\-]{1,64}@[\w.\-]{1,253}\s{0,3}(?:/|,|or)"
        r"|\b(?:reachable|contactable|reached)\s{1,3}(?:at|on|via)"  # "Reachable on 1055450215 ...", "Best reached at ..."
        r"|\b(?:call|text|ring|dial|whatsapp|sms)(?=\s{1,3}\(?\+?[0-9])"  # "(text 4155550123 if easier)": a verb of the number's own
        r"|\bnumber['’]s|\b(?:my|our)\s{1,3}number\s{0,3}:)")  # "Number's (02) 1838 2013 if ..."
_CUE_AFTER = (r"(?i:\s{1,3}is\s{1,3}(?:(?:my|our)\s{1,3}(?:(?:phone|mobile|cell|contact|home|work)\s{1,3})?"
              r"(?:number|no\.|phone|mobile|cell|landline)"
              r"|the\s{1,3}(?:best|easiest|quickest)\s{1,3}(?:(?:phone|mobile|contact)\s{1,3})?(?:number|way)\s{1,3}"
              r"(?:for\s{1,3}me|to\s{1,3}(?:reach|call|text|contact)\s{1,3}(?:me|us)))(?![\w]))")
_CUED_NUMBER = r"\s{0,3}:?\s{1,3}(?P<v>\(?\+?[0-9][0-9 .\-()/]{5,22}(?<=[0-9])" + _EXT + r")(?![\w]|[.\-/:][0-9])"
# A person's name (two to four capitalised words) and a comma, "on" or "at" before a number
_NAMED = (r"(?<![\w'’\-])[A-Z][a-z'’]{1,20}(?:[ \-][A-Z][a-z'’]{1,20}){1,3}(?:\s{0,2},|\s{1,3}(?:on|at))")
MIN_NAMED_DIGITS = 10  # a phone number's length in most plans; "Apollo Eleven, 1969" is a year
_DATE_LIKE = re.compile(r"[0-9]{1,2}[ ./\-][0-9]{1,2}[ ./\-](?:19|20)[0-9]{2}")
_DATE_FIRST = re.compile(r"(?:19|20)[0-9]{2}[ ./\-][0-9]{1,2}[ ./\-][0-9]{1,2}(?![0-9])")


class PhoneRecognizer(PatternRecognizer):
    """Phone numbers with separators anywhere; bare digit runs only in a phone context."""

    name: ClassVar[str] = "phone"
    TRIGGER: ClassVar[str | None] = r"[0-9]"  # every pattern holds a digit
    entities: ClassVar[tuple[str, ...]] = ("PHONE_NUMBER",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.PHONE
    MIN_DIGITS: ClassVar[int] = 7
    MAX_DIGITS: ClassVar[int] = 15
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        # +49 30 1234567, +1 (415) 555-2671, +44 20 7946 0958, +33 6 12 34 56 78, +4915112345678
        Pattern(
            "international",
            _START + r"\+[1-9][0-9 .\-()/]{5,22}(?<=[0-9])" + _EXT + _END,
            0.75,
        ),
        # North American: (415) 555-2671, 415-555-2671, 415.555.2671, with the trunk "1" or the
        # international access code "001" before it ("1 (313) 996-6935", "001-424-701-7674")
        Pattern(
            "nanp",
            _START + r"(?:(?:00?1|1)[ .\-]?)?(?:\([2-9][0-9]{2}\)[ ]?|[2-9][0-9]{2}[ .\-])[2-9][0-9]{2}[ .\-][0-9]{4}" + _EXT + _END,
            0.6,
        ),
        # With a trunk 0 and separators: 030 1234567, 0171-1234567, 020 7946 0958, 06 12 34 56 78,
        # and the area code in parentheses as the UK and others write it: (0115) 496 0907, (07) 4891 5744
        Pattern(
            "national",
            _START + r"(?:0[1-9][0-9]{0,4}(?:[ \-/][0-9]{2,8}){1,4}|\(0[0-9]{1,4}\)[ \-]?[0-9]{2,8}(?:[ \-][0-9]{2,8}){0,3})"
            + _END,
            0.5,
        ),
        Pattern("cued", _CUE + _CUED_NUMBER, 0.85),
        # A person's name, then the number ("Holly Shaw-Evans, 01214960223", "follow up: Jessica
        # Stone-Mitchell on 1-112-669-4888"): a contact line gives a name its number; a whole
        # number of `MIN_NAMED_DIGITS` or more, no year, price or count
        Pattern("named", _NAMED + _CUED_NUMBER, 0.75),
        # ... or a cue right after it: "01164960076 is the best number for me", "0412 345 678 is my
        # mobile": any national way of writing it that a country's plan holds (`_in_a_plan`)
        Pattern("cued_after", _START + r"(?P<v>\(?\+?[0-9][0-9 .\-()]{5,20}(?<=[0-9]))" + _CUE_AFTER, 0.85),
        # A bare run: only next to a phone word ("tel: 4155552671", field "mobile").
        Pattern(
            "bare_digits",
            r"(?<![\w+.\-])[0-9]{7,15}" + _END,
            0.5,
            needs_context=True,
        ),
        # Any national way of writing a number next to a phone word ("cell 0450.676.490", "Mobile
        # 93 5900-6347", "ring 07142032954"), where libphonenumber finds it valid in the plan of a
        # country that writes English (`PLAN_REGIONS`): a sum, a year or an id has no such line.
        Pattern(
            "in_a_plan",
            _START + r"\(?[0-9][0-9 .\-()]{5,20}(?<=[0-9])" + _END,
            0.5,
            needs_context=True,
        ),
    )
    CONTEXT: ClassVar[tuple[str, ...]] = (
        "phone", "telephone", "tel", "mobile", "msisdn", "cell", "cellphone", "call", "fax",
        "whatsapp", "sms", "handy", "contact_number", "ring", "landline", "dial",
    )

    def _text_has_context(self, text: str, start: int) -> bool:
        return super()._text_has_context(text, start) or _REACH_ME.search(text, max(0, start - 40), start) is not None

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        """Digit count in range (an extension's not counted), parentheses balanced, and not a date
        like 01 02 2023."""
        digits = sum(ch.isdigit() for ch in _EXTENSION.sub("", text))
        if not self.MIN_DIGITS <= digits <= self.MAX_DIGITS:
            return False
        if text.count("(") != text.count(")"):
            return False
        if _DATE_LIKE.fullmatch(text):
            return False
        if len(set(ch for ch in text if ch.isdigit())) == 1:
            return False  # 0000000, 1111111: a placeholder, not a number
        if pattern.name == "named" and (digits < MIN_NAMED_DIGITS or _DATE_FIRST.match(text)):
            return False
        if pattern.name in ("in_a_plan", "cued_after") and (_DATE_FIRST.match(text) or not _in_a_plan(text)):
            return False  # a date or a build "2023.11.05.1", or no country's line
        return None


# Countries where people write English and their own national format without "+CC"
PLAN_REGIONS: tuple[str, ...] = ("US", "CA", "GB", "IE", "AU", "NZ", "IN", "ZA", "NG", "PH")


def _in_a_plan(text: str) -> bool:
    """Whether libphonenumber finds `text` a valid number of one of `PLAN_REGIONS`."""
    import phonenumbers

    for region in PLAN_REGIONS:
        try:
            if phonenumbers.is_valid_number(phonenumbers.parse(text, region)):
                return True
        except phonenumbers.NumberParseException:
            return False
    return False
