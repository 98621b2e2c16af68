"""Amounts of money in prose -> Financial: "$38,000", "£1,900", "€2.5k", "USD 4,000", "72,500 dollars".

The currencies are Unicode CLDR's (through Babel, already a dependency): the symbols of the
currencies in use today, their ISO 4217 codes and their English names. An amount is a quasi-
identifier: in a prompt it is the writer's only with a cue of theirs ("I earn", "my salary", "on
my ... salary", "... a year", "of student debt"; `detect/subject.py`), so "how much is $20 in
euros" and a price in a question stay. spaCy's NER finds amounts where it reads prose; this
reader is for the prose tagger, which does not.
"""

from __future__ import annotations

import datetime
import functools
import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import ENGLISH_ONLY, Pattern, PatternRecognizer

__all__ = ["MoneyRecognizer", "currency_words"]

# Names CLDR gives a currency that English uses far more for something else, after a number too
# ("3 marks out of 10", "2 real numbers", "5 gold medals", "won 3", "4 leu"... "sol" and "tala" as words).
_NOT_CURRENCY_WORDS = frozenset({"mark", "marks", "real", "reals", "gold", "won", "sol", "soles", "tala", "kip", "kips",
                                 "rand", "pula", "som", "lek", "lev", "leu", "lei", "dram", "drams"})
# English words for money amounts that no standard lists, and the multipliers written after a number.
_SLANG = ("bucks", "quid", "grand")
_MULTIPLIER = r"(?:\s{0,2}(?:k|K|m|M|bn|mn)(?![\w])|\s{1,2}(?:thousand|million|billion)(?![\w]))"
# Thousands grouped by threes, or the Indian way (CLDR's en-IN pattern "#,##,##0": "9,00,000",
# "1,20,00,000"), or none
_NUMBER = (r"[0-9]{1,2}(?:,[0-9]{2}){1,4},[0-9]{3}(?:\.[0-9]{1,2})?(?![0-9])"
           r"|[0-9]{1,3}(?:[,.\u00a0\u202f ][0-9]{3}){0,4}(?:[.,][0-9]{1,2})?|[0-9]{1,9}(?:[.,][0-9]{1,2})?")


@functools.lru_cache(maxsize=1)
def currency_words() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(symbols, ISO 4217 codes, English names) of the currencies tendered today, from CLDR."""
    from babel.core import get_global
    from babel.numbers import get_currency_name, get_currency_symbol, get_territory_currencies

    today = datetime.date.today()
    codes: set[str] = set()
    for territory in get_global("territory_currencies"):
        try:
            codes.update(get_territory_currencies(territory, today, tender=True))
        except Exception:  # noqa: BLE001 - a territory CLDR knows no currency for
            continue
    symbols, names = set(), set()
    for code in codes:
        symbol = get_currency_symbol(code, "en")
        if symbol != code and not symbol.isalpha() and "." not in symbol:
            symbols.add(symbol)
        for count in (1, 2):
            word = get_currency_name(code, count=count, locale="en").split()[-1].lower()
            if word.isalpha() and word not in _NOT_CURRENCY_WORDS:
                names.add(word)
    return tuple(sorted(symbols, key=len, reverse=True)), tuple(sorted(codes)), tuple(sorted(names | set(_SLANG)))


def _patterns() -> tuple[Pattern, ...]:
    symbols, codes, names = currency_words()
    symbol = "|".join(re.escape(s) for s in symbols)
    code = "|".join(codes)
    name = "|".join(re.escape(n) for n in names)
    return (
        # "$38,000", "£1.9k", "-€20", "R$ 500", "USD 4,000"; a dollar after its country's letters, as
        # people write them beside CLDR's ("C$", "AU$", "US$", "S$")
        Pattern("symbol_first", rf"(?<![\w$£€¥₹])(?:[A-Z]{{1,3}}\$|{symbol}|(?:{code})\s{{0,2}})\s{{0,2}}(?:{_NUMBER}){_MULTIPLIER}?(?![\w])", 0.6),
        # "72,500 dollars", "50 grand", "2.5 million euros", "4,000 USD"
        Pattern("number_first", rf"(?<![\w.,])(?:{_NUMBER}){_MULTIPLIER}?\s{{0,2}}(?:(?i:{name})|{code})(?![\w])", 0.6),
        # "I'm on 83k", "my take-home is 43k": thousands with no currency, which people write for
        # a pay; as often a count ("10k steps", "a 4k screen"), so it is someone's money only by an
        # income cue (`detect/subject.py`), and a unit after it makes it no amount at all
        Pattern("thousands", r"(?<![\w.,$£€¥₹])[1-9][0-9]{1,2}(?:\.[0-9])?[kK](?![\w\-])(?!\s{1,2}[A-Za-z]{2,}\b(?<!\bfor)(?<!\bnow)(?<!\ba)(?<!\bper))", 0.4),
    )


class MoneyRecognizer(PatternRecognizer):
    """An amount with its currency: a symbol or ISO 4217 code before it, or a code or name after."""

    name: ClassVar[str] = "money"
    entities: ClassVar[tuple[str, ...]] = ("MONEY",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.FINANCIAL
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    TRIGGER: ClassVar[str | None] = r"[0-9]"
    # English only: its cues and words are English; the symbols and codes would carry over, the cues not
    LANGUAGES: ClassVar[frozenset[str] | None] = ENGLISH_ONLY
    QUASI_ENTITIES: ClassVar[frozenset[str]] = frozenset(entities)

    def __init__(self) -> None:
        self.PATTERNS = _patterns()  # CLDR's currencies read when a detector is built, not at import
        super().__init__()
