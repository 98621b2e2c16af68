"""User names and handles in prose -> CONTACT: "japeschk92", "2001gavrila", "@ann_lee", "marium.demontrichard1951".

A handle names an account as directly as a name names a person, and people paste them into
messages, rosters and chat transcripts. Three shapes:

- a lower-case word run glued to a run of 2-6 digits at either end ("steen28", "1992marilynn.vallbona"):
  how sign-up forms make a taken name unique. Technical tokens of the same shape ("sha256",
  "python311", "covid19", "24hours") are excluded by their letter part;
- an @mention ("@ann_lee"), not part of an e-mail address;
- dotted or underscored lower-case names without digits ("rand.podo") only next to an account word
  ("username", "user", "login", "handle", "participant"): without it they read as code ("os.path").

Only natural-language values: in JSON, the field name ("username") decides (`field_names`).
"""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["UsernameRecognizer"]

_L = r"[^\W\d_]"  # a letter of any script ("13björk.halasy-nagy")
_PART = _L + r"{1,24}(?:['.\-_]" + _L + r"{1,24}){0,3}"  # "laura-gabriela.massoubre", "m'barek"
# Quotes bound a handle ('iseni1955'); an apostrophe inside a word does not ("m'barek").
# After a backslash a word of letters and digits is an escape or a TeX command ("\frac15",
# "\u0041"); joined parts are a name in a record or a path ("Feminine\danusa.somsky1951").
_B = r"(?<![\w.@/:\-#$%&+=])(?<![\w]')(?:(?<!\\)|(?=" + _L + r"{1,24}['.\-_]" + _L + "))"
_E = r"(?![\w@/:\-#%&+=]|\.[\w]|'[\w])"

# Letter parts of technical or measuring tokens: "sha256", "utf16", "windows11", "covid19", "24hours".
_TECH = frozenset(
    """
    sha md utf base win windows covid python py http https html css ecma es ipv gpt llama mp h av x xl xxl
    android ios iphone ipad pixel galaxy macos ubuntu debian centos fedora node java php ruby perl net
    version ver rev release build step page item chapter section part phase level stage round room
    table figure fig line row col column level model type class group team test case sample test
    hours hour hrs hr minutes minute mins min seconds second secs sec days day weeks week months month
    years year yrs yr times percent pct kg km kb mb gb tb mg ml px pt em rem dpi fps kbps mbps ghz mhz
    inch inches feet foot meters metres miles grams litres liters pounds lbs dollars euros usd eur gbp
    th st nd rd am pm utc gmt est pst cet bst jan feb mar apr may jun jul aug sep sept oct nov dec
    monday tuesday wednesday thursday friday saturday sunday top vs no nr id ids ref api sdk tls ssl
    """.split()
)
_LETTERS = re.compile(_L + r"{1,24}")


class UsernameRecognizer(PatternRecognizer):
    """Account names: letters glued to digits, @mentions, dotted names next to an account word."""

    name: ClassVar[str] = "usernames"
    entities: ClassVar[tuple[str, ...]] = ("USERNAME",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.CONTACT
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern("letters_digits", _B + _PART + r"[0-9]{2,6}" + _E, 0.5),
        Pattern("digits_letters", _B + r"[0-9]{2,4}" + _PART + _E, 0.5),
        Pattern("mention", r"(?<![\w.@])@(?P<v>[A-Za-z][A-Za-z0-9_.]{2,29})(?<!\.)(?![\w@])", 0.55),
        Pattern("dotted", _B + _L + r"{3,24}[._]" + _L + r"{3,24}(?:[._\-]" + _L + r"{2,24}){0,2}" + _E, 0.5,
                needs_context=True),
    )
    CONTEXT: ClassVar[tuple[str, ...]] = (
        "username", "user", "login", "handle", "account", "participant", "member", "nickname", "screen_name",
        "representative", "agent", "customer", "author", "profile",
    )
    MIN_LETTERS: ClassVar[int] = 4

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        if pattern.name == "mention":
            return None
        if any(ch.isupper() for ch in text):  # "Covid19", "A320", "PS5": handles are lower case
            return False
        parts = _LETTERS.findall(text)
        if sum(len(p) for p in parts) < self.MIN_LETTERS:
            return False
        if pattern.name == "letters_digits" and parts[0] in _TECH:
            return False
        if pattern.name == "digits_letters" and parts[-1] in _TECH:
            return False
        if pattern.name == "dotted" and parts[-1] in _FILE_ENDINGS:
            return False
        return None


# What ends a file name or a host name, not a user name: "notes.txt", "example.com".
_FILE_ENDINGS = frozenset(
    "com org net edu gov io co uk de fr nl eu info biz app dev ai txt pdf doc docx xls xlsx csv json xml "
    "yaml yml md html htm js ts py java rb go rs php png jpg jpeg gif svg webp mp3 mp4 zip tar gz exe".split()
)
