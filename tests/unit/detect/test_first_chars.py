"""compile_fast: the first-character lookahead never changes what a regex matches.

Checked on every pattern and trigger the recognisers ship, on hand-written positives and on
generated strings, against the regex compiled as written; and on small regexes whose first
characters come from each construct the set is worked out from.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guardian.detect._first_chars import compile_fast, first_char_lookahead
from guardian.detect.base import PatternRecognizer
from guardian.detect.registry import default_recognizers

from tests.unit.detect.test_detect_triggers import POSITIVES

RECOGNIZERS = [r for r in default_recognizers() if isinstance(r, PatternRecognizer)]
REGEXES = sorted(
    {(p.regex, p.flags) for r in RECOGNIZERS for p in r.PATTERNS}
    | {(r.TRIGGER, r.TRIGGER_FLAGS) for r in RECOGNIZERS if r.TRIGGER}
)
PAIRS = [(re.compile(regex, flags), compile_fast(regex, flags)) for regex, flags in REGEXES]

MORE_TEXTS = [
    "Mr Jensen's wife, his ex-wife and their daughter (aged 34) moved to Oslo on 12 March 2019.",
    "The widowed grandmother, a 34-year-old nurse practitioner, studied law at Leeds.",
    "I'm Dr. Anna Berg; I work at Nordwind as head of sales. My son has ADHD.",
    "M\nF\nM\n| F |",
    "\u212a\u017f KELVIN Stra\u00dfe \u00c9cole \u00e9cole",  # characters that fold to ASCII letters under re.I
    "",
]

_PIECES = st.sampled_from(
    [*"0123456789aAzZkKsS", "\u212a", "\u017f", "é", "É", " ", "  ", "\n", "\t", "-", ".", ",", ":", "@", "+", "(",
     ")", "'", "’", "#", "|", "my ", "I ", "I'm ", "i am ", "wife", "Son", "Mr ", "Dr. ", "aged ", "years old",
     "Street", "Road", "nurse", "law", "Leeds", "London", "March", "2019", "415", "555", "2671", "Bearer ",
     "password", "Thanks,", "Regards", "here", "call me ", "this is ", "Tom", " Berg", "F", "M"]
)


def _matches(regex: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], dict[str, str | None]]]:
    return [(m.span(), m.groupdict()) for m in regex.finditer(text)]


def test_most_shipped_regexes_get_a_lookahead() -> None:
    # Not a quality bar, a tripwire: if the analysis stopped understanding the shipped patterns
    # (a refactor of `re._parser`), the speed-up would vanish silently.
    assert sum(fast.pattern != plain.pattern for plain, fast in PAIRS) >= len(PAIRS) // 2


@pytest.mark.parametrize("text", POSITIVES + MORE_TEXTS)
def test_shipped_regexes_match_the_same_on_written_texts(text: str) -> None:
    for plain, fast in PAIRS:
        assert _matches(fast, text) == _matches(plain, text), plain.pattern


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, min_size=1, max_size=30).map("".join))
def test_shipped_regexes_match_the_same_on_generated_texts(text: str) -> None:
    for plain, fast in PAIRS:
        assert _matches(fast, text) == _matches(plain, text), plain.pattern


@pytest.mark.parametrize(
    ("regex", "flags", "text"),
    [
        (r"(?<![\w])(?:my |her )?(?:wife|son)(?![\w])", re.IGNORECASE, "My wife, her Son, HER WIFE, myson"),
        (r"\b(?:x{0,2}y|z)", 0, "xxy xy y z ay"),  # an optional repeat: its follower can start a match
        (r"(?<!\w)(?:(?i:thanks)|Best)\s?(?P<v>[A-Z]\w{1,9})", 0, "THANKS Tom, thanks Ann, best Bo, Best Al"),
        (r"(?<!\d)(?>[0-9]{3})-[0-9]{2}", 0, "123-45 and 9876-54"),
        (r"(?<![\w])[\d(][\d) ]{2,8}\d", 0, "(415) 555 and 12 34"),
        (r"(?:^|(?<=[,|]))\s{0,2}(?P<v>[MF])(?=$|[,|])", re.MULTILINE, "M,F\n F|M"),
    ],
)
def test_each_construct_keeps_the_matches(regex: str, flags: int, text: str) -> None:
    assert first_char_lookahead(regex, flags) is not None  # each case really gets a lookahead
    assert _matches(compile_fast(regex, flags), text) == _matches(re.compile(regex, flags), text)


@pytest.mark.parametrize(
    ("regex", "flags"),
    [
        (r"(?<!\w)x?", 0),  # can match "": nothing to look ahead for
        (r"(?<!\w)[^\W\d_]{2,5}", 0),  # a negated class
        (r"(?<!\w).{2}", 0),  # any character
        (r"(?i)(?<!\w)abc", 0),  # a global inline flag must stay first
        (r"(?<!\w)(?-i:abc)", re.IGNORECASE),  # a scoped flag other than i
        (r"(?<!\w)[\w.]{3}", 0),  # \w: most positions pass
        (r"abc(?<!\w)", 0),  # starts with a literal: re scans for it itself
        (r"[ab]c", 0),  # starts with a class: the same
        (r"(?<=, )[A-Z]{1,2}", 0),  # a lookbehind for fixed text is already a cheap first test
        (r"(?<!\w)(?:[a-z]|[A-Z])\w{1,3}", 0),  # passes most positions of prose
    ],
)
def test_no_lookahead_where_it_cannot_be_known_or_would_not_help(regex: str, flags: int) -> None:
    assert first_char_lookahead(regex, flags) is None
    assert compile_fast(regex, flags).pattern == regex
