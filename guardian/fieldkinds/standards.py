"""Values that follow a published standard are what the standard says they are, wherever they sit.

An SDK describes the browser and the page with codes every visitor's browser sends alike: the
language (BCP 47 / RFC 5646 tags, ISO 639 languages), the country and the currency (ISO 3166-1,
ISO 4217), the time zone (the IANA tz database), a list of locales as Accept-Language writes it.
They are the site's machinery, never a person's data, so none of them is rewritten. The code
lists come from well-kept libraries, not from traffic: Unicode CLDR through Babel (languages,
territories, currencies) and the tz database through `zoneinfo` (Python's own, with `tzdata`).

What the standard alone cannot settle is left to the key: a bare two-letter "en" or "de" is a
language only where the key says language or locale, and there a programming language's name
("javascript", from Pygments' lexer list) is the client's code, not the user's tongue ("de" is also a German preposition, "it" an
English word), and a three-letter ISO 639-2 code ("ada", "ann") only there too, since many are
given names; a lower-case country code ("us") only where the key says country. A region tag
("en-US"), a country ("DE") or a currency ("EUR") in upper case, a time zone name: their form is
theirs alone.
"""

from __future__ import annotations

import re
from functools import lru_cache

from guardian.records import KindLabel, ValueKind

__all__ = [
    "standard_label",
    "is_language_code",
    "is_locale_list",
    "is_country_code",
    "is_currency_code",
    "is_time_zone",
    "LANGUAGE_KEY_WORDS",
    "COUNTRY_KEY_WORDS",
    "LANGUAGE",
    "LOCALE_LIST",
    "COUNTRY",
    "CURRENCY",
    "TIME_ZONE",
    "PROGRAMMING_LANGUAGE",
    "is_programming_language",
]

# Words of a key (normalised: lower case, `_` between words) that say its value is a language.
LANGUAGE_KEY_WORDS = frozenset({
    "lang", "langs", "language", "languages", "locale", "locales", "hl", "ul", "lc", "accept_language",
})
LANGUAGE = KindLabel(ValueKind.SITE_MACHINERY, "standard", "a language code (ISO 639, Unicode CLDR) under a language or locale key")
LOCALE_LIST = KindLabel(ValueKind.SITE_MACHINERY, "standard", "a list of language tags as Accept-Language writes it (RFC 9110)")
COUNTRY = KindLabel(ValueKind.SITE_MACHINERY, "standard", "a country or region code (ISO 3166-1 alpha-2, Unicode CLDR)")
CURRENCY = KindLabel(ValueKind.SITE_MACHINERY, "standard", "a currency code (ISO 4217, Unicode CLDR)")
TIME_ZONE = KindLabel(ValueKind.SITE_MACHINERY, "standard", "a time zone name (IANA tz database)")
PROGRAMMING_LANGUAGE = KindLabel(ValueKind.SITE_MACHINERY, "standard",
                                 "a programming language's name under a language key (the client's, Pygments' lexer list)")

_LANG = re.compile(r"[a-z]{2,3}")
_UPPER2 = re.compile(r"[A-Z]{2}")
_UPPER3 = re.compile(r"[A-Z]{3}")
# One entry of Accept-Language: a tag or "*", with an optional weight ("en-US", "en;q=0.9").
_RANGE = r"(?:[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8}){0,3}|\*)(?:\s{0,2};\s{0,2}q=[01](?:\.[0-9]{1,3})?)?"
_LOCALE_LIST = re.compile(rf"{_RANGE}(?:\s{{0,2}},\s{{0,2}}{_RANGE}){{1,20}}")
# Unicode CLDR's private-use and unknown codes are no country ("ZZ", "QO"), nor its macro-regions.
_NOT_COUNTRIES = frozenset({"ZZ", "QO", "EU", "EZ", "UN"})


@lru_cache(maxsize=1)
def _cldr() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(languages, countries, currencies) as Unicode CLDR lists them (loaded once, about 20 ms)."""
    from babel import Locale  # lazy: only the classifier needs it, and only for short values

    en = Locale("en")
    languages = frozenset(code for code in en.languages if _LANG.fullmatch(code))
    countries = frozenset(code for code in en.territories if _UPPER2.fullmatch(code)) - _NOT_COUNTRIES
    currencies = frozenset(code for code in en.currencies if _UPPER3.fullmatch(code))
    return languages, countries, currencies


@lru_cache(maxsize=1)
def _time_zones() -> frozenset[str]:
    import zoneinfo

    try:
        return frozenset(zoneinfo.available_timezones())
    except Exception:  # no tz database on this system: no zone is known by name
        return frozenset()


@lru_cache(maxsize=1)
def _programming_languages() -> frozenset[str]:
    """Names and aliases of the programming languages Pygments knows, lower case ("javascript", "c#")."""
    try:
        from pygments.lexers import get_all_lexers
    except ImportError:  # Pygments comes with the test and rich dependencies; without it no name is known
        return frozenset()
    names: set[str] = set()
    for name, aliases, _, _ in get_all_lexers(plugins=False):
        names.add(name.lower())
        names.update(alias.lower() for alias in aliases)
    return frozenset(names)


@lru_cache(maxsize=1)
def _lexer_names() -> frozenset[str]:
    """Pygments' lexer names as it writes them ("JavaScript", "TypeScript", "PHP")."""
    try:
        from pygments.lexers import get_all_lexers
    except ImportError:
        return frozenset()
    return frozenset(name for name, _, _, _ in get_all_lexers(plugins=False))


def is_programming_language(value: str) -> bool:
    """A programming language's name or alias as Pygments lists it ("javascript", "Python", "c#")."""
    return 0 < len(value) <= 40 and value.lower() in _programming_languages()


def is_language_code(value: str) -> bool:
    """An ISO 639 language code CLDR knows ("en", "de", "fil"): a language only under a language key."""
    return bool(_LANG.fullmatch(value)) and value in _cldr()[0]


def is_locale_list(value: str) -> bool:
    """A list of language tags with optional weights, as Accept-Language writes it ("en-US,en;q=0.9")."""
    if len(value) > 200 or not _LOCALE_LIST.fullmatch(value):
        return False
    first = re.split(r"[-_;,\s]", value, maxsplit=1)[0]
    return first == "*" or is_language_code(first.lower())


def is_country_code(value: str) -> bool:
    """An ISO 3166-1 alpha-2 country or region code, upper case ("DE", "US", "BR")."""
    return bool(_UPPER2.fullmatch(value)) and value in _cldr()[1]


def is_currency_code(value: str) -> bool:
    """An ISO 4217 currency code ("EUR", "USD", "JPY")."""
    return bool(_UPPER3.fullmatch(value)) and value in _cldr()[2]


def is_time_zone(value: str) -> bool:
    """A name of the IANA tz database ("Europe/Berlin", "America/Argentina/Buenos_Aires", "UTC")."""
    return 0 < len(value) <= 64 and value in _time_zones()


@lru_cache(maxsize=4096)
def _language_key(key: str) -> bool:
    return key in LANGUAGE_KEY_WORDS or any(word in LANGUAGE_KEY_WORDS for word in key.split("_"))


# Keys whose words say a country ("country", "country_code", "geo_country"): there a lower-case
# two-letter code ("us", "de") is the code, not an English word or a preposition.
COUNTRY_KEY_WORDS = frozenset({"country", "countrycode", "ctry"})


@lru_cache(maxsize=4096)
def _country_key(key: str) -> bool:
    return key in COUNTRY_KEY_WORDS or any(word in COUNTRY_KEY_WORDS for word in key.split("_"))


def standard_label(key: str, value: str) -> KindLabel | None:
    """The label of a value that follows one of the standards above, or None (most values).
    `key`: the field's key, normalised (lower-case words joined by `_`; an array's element takes
    the array's key)."""
    if len(value) > 200:
        return None
    v = value.strip()
    n = len(v)
    if n < 2:
        return None
    if _language_key(key):
        if n <= 3 and is_language_code(v.lower() if n == 2 else v):
            return LANGUAGE
        # "language": "javascript" is the client's code, not the user's tongue (a human language's
        # code was taken above; "English" or "Deutsch" is no lexer's name)
        # ("JavaScript", "PHP", "C#": a name written as its lexer writes it, and not as a first name is)
        if is_programming_language(v) and (v[:1].islower() or (v in _lexer_names() and not v.istitle())):
            return PROGRAMMING_LANGUAGE
    if n == 2 and (is_country_code(v) or (_country_key(key) and is_country_code(v.upper()))):
        return COUNTRY  # "us" in lower case is a country only where the key says country
    if n == 3 and is_currency_code(v):
        return CURRENCY
    if "," in v and is_locale_list(v):
        return LOCALE_LIST
    if ("/" in v or v[:1] in "UGE") and is_time_zone(v):
        return TIME_ZONE
    return None
