"""What a pseudonym looks like: a numbered tag (`[PERSON_1]`) or a realistic surrogate.

Tags are the default: the model sees at once that a name was replaced, and a tag cannot be
mistaken for real data. Surrogates keep the text natural for the model: a name, an e-mail at a
reserved domain (RFC 2606), a phone number in the 555-0100..0199 range reserved for fiction, a
city. Card numbers, credentials and the like keep numbered tags in either style; a national
number gets a valid number of its own format (`national_id_swap`), as a form would take it, or a
tag when no row of the national table accepts it (a US SSN).

A surrogate is written as the original is: in its Unicode script (read from the letters' Unicode
names: Latin, Cyrillic, Greek, Arabic, Hebrew, CJK ...) and, where the text's language is known
(the chat operator asks `guardian.detect.language` for each field), in that language: a
German name for a name in German prose, a Russian one for a Cyrillic name, a Greek one in Greek;
a street address gets one in that language too. English and unknown-language Latin values keep the
small built-in lists below, unchanged. The other languages' names, cities and streets come from
Faker's locales (MIT): hand lists for a dozen languages and scripts would be larger than the
module, and harder to check than a pinned package. Faker is imported on first use (it is slow to
import) and each locale's pools are built once, in a fixed order, from a fixed seed.

Every function is pure but for that language: the number `n` (a per-label counter of the
conversation), the conversation's `seed`, the original and its language pick the surrogate, so the
same conversation replays the same choices.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import pkgutil
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from guardian.anonymize.operators.l3_tag import ENTITY_TAGS, tag_for
from guardian.categories import DataCategory

__all__ = ["STYLES", "label_for", "tag", "surrogate", "candidates", "FIRST_NAMES", "LAST_NAMES", "CITIES",
           "script_of", "locale_for"]

STYLES = ("tags", "surrogates")
DEFAULT_LABEL = "DATA"
RESERVED_EMAIL_DOMAINS = ("example.com", "example.org", "example.net")  # RFC 2606
FICTION_PHONE_PREFIX = "55501"  # 555-0100 .. 555-0199: reserved for fictional use (NANP)
FICTION_AREA_CODES = ("202", "312", "415", "617", "718", "206", "303", "512", "404", "305")
MAX_TRIES = 50  # surrogates tried before a numbered tag is used instead

# First names, last names and cities are disjoint lists, and every entry starts with a capital:
# a surrogate cannot begin inside another one, so restoring finds each where it was put.
FIRST_NAMES = (
    "Alex", "Robin", "Jordan", "Casey", "Noel", "Taylor", "Jamie", "Avery", "Riley", "Quinn",
    "Harper", "Rowan", "Emery", "Finley", "Hayden", "Parker", "Reese", "Sage", "Skyler", "Dakota",
    "Elliot", "Frankie", "Kendall", "Logan", "Marlow", "Peyton", "Remy", "Shawn", "Tatum", "Blair",
)
LAST_NAMES = (
    "Morgan", "Ellis", "Hayes", "Bennett", "Carver", "Dalton", "Foster", "Garner", "Hollis", "Irving",
    "Keller", "Lawson", "Mercer", "Norris", "Oakley", "Prescott", "Quincy", "Rowe", "Sawyer", "Thorne",
    "Underwood", "Vance", "Whitaker", "Yates", "Ashby", "Brennan", "Calloway", "Drummond", "Everly", "Fairchild",
)
CITIES = (
    "Springfield", "Riverton", "Fairview", "Lakewood", "Greenville", "Franklin", "Clinton", "Georgetown",
    "Salem", "Madison", "Oakdale", "Millbrook", "Ashland", "Brookfield", "Centerville", "Kingston",
    "Newport", "Milton", "Bristol", "Dover", "Hudson", "Marion", "Oxford", "Arlington",
)

_SURROGATE_LABELS = frozenset({"PERSON", "EMAIL", "PHONE", "LOCATION", "ADDRESS", "NATIONAL_ID"})
_LOCAL_LABELS = frozenset({"PERSON", "LOCATION", "ADDRESS"})  # written in the original's language and script
_NON_LABEL = re.compile(r"[^A-Z0-9_]")
# The labels of persistent and device ids (L3's tags for their categories), and what an id looks
# like: one token, no spaces, at least a few characters (an id in prose keeps its tag)
ID_LABELS = frozenset({"USER_ID", "DEVICE_ID"})
_ID_SHAPE = re.compile(r"[^\s]{6,200}")


def label_for(category: str, entity: str) -> str:
    """The tag label of a finding (`PERSON`, `EMAIL` ...), as L3's tags name it."""
    try:
        text: str | None = tag_for(DataCategory(category), entity)
    except (ValueError, KeyError):
        text = ENTITY_TAGS.get(entity)
    label = (text or DEFAULT_LABEL).strip("[]").upper()
    return _NON_LABEL.sub("_", label) or DEFAULT_LABEL


def tag(label: str, n: int) -> str:
    """The numbered tag: `[PERSON_1]`."""
    return f"[{label}_{n}]"


def _name(i: int) -> str:
    first = FIRST_NAMES[i % len(FIRST_NAMES)]
    last = LAST_NAMES[(i // len(FIRST_NAMES) + i) % len(LAST_NAMES)]
    return f"{first} {last}"


_PHONE_SEPARATORS = frozenset(" +-.()/")


def _phone(i: int, original: str) -> str:
    """A fiction-range number in the original's shape: its separators, `+` and digit count."""
    area = FICTION_AREA_CODES[(i // 100) % len(FICTION_AREA_CODES)]
    digits = "1" + area + FICTION_PHONE_PREFIX + f"{i % 100:02d}"
    slots = sum(ch.isdigit() for ch in original)
    fill = digits[-slots:] if slots <= len(digits) else digits.rjust(slots, "0")
    it = iter(fill)
    # only a phone's own separators are kept: a quote or backslash a span took along would be
    # escaped inside JSON, where the restore looks for the pseudonym as it was made
    out = "".join(next(it) if ch.isdigit() else (ch if ch in _PHONE_SEPARATORS else "-") for ch in original)
    return out if slots >= 7 else "555-01" + f"{i % 100:02d}"


def surrogate(label: str, i: int, original: str, locale: str | None = None) -> str | None:
    """The `i`-th surrogate for `label`, shaped like `original` (in `locale`'s names and places when
    one is given); None when the label has none for this original."""
    if locale is not None and label in _LOCAL_LABELS:
        local = _local(label, _pool(locale), i, original)
        if local is not None or label == "ADDRESS":
            return local
        # a locale with no place of its own (Faker has no Turkish cities): the built-in list
    if label == "PERSON":
        return _name(i)
    if label == "EMAIL":
        name = _name(i).lower().replace(" ", ".")
        return f"{name}@{RESERVED_EMAIL_DOMAINS[(i // (len(FIRST_NAMES) * len(LAST_NAMES))) % 3]}"
    if label == "PHONE":
        return _phone(i, original)
    if label == "LOCATION":
        return CITIES[i % len(CITIES)]  # once all are taken, a numbered tag
    if label == "NATIONAL_ID":
        return _national(i, original)
    return None  # an address with no locale of its own keeps its tag, as before


def _shaped_id(original: str, seed: bytes) -> str:
    """A look-alike of an id (imported here: the vault loads without the detector)."""
    from guardian.anonymize.operators.identifier import shaped_like

    return shaped_like(original, seed)


def _national(i: int, original: str) -> str | None:
    """A valid number of the original's national format (imported here: the vault loads without
    the detector)."""
    from guardian.anonymize.operators.national_id_swap import swap_national_id

    return swap_national_id(original, _draws(f"{i}\x00{original}".encode("utf-8", "surrogatepass")))


def _draws(seed: bytes) -> Iterator[int]:
    """Pseudo-random bytes from `seed` (SHA-256 in counter mode)."""
    counter = 0
    while True:
        yield from hashlib.sha256(seed + counter.to_bytes(4, "big")).digest()
        counter += 1


# -- the original's script and language ----------------------------------------------------------

ENGLISH = "en"
LATIN = "LATIN"
# The locale a script's values get when the text's language does not name one of that script.
SCRIPT_LOCALES = {
    "CYRILLIC": "ru_RU", "GREEK": "el_GR", "ARABIC": "ar_AA", "HEBREW": "he_IL", "CJK": "zh_CN",
    "HIRAGANA": "ja_JP", "KATAKANA": "ja_JP", "HANGUL": "ko_KR", "DEVANAGARI": "hi_IN", "THAI": "th_TH",
    "GEORGIAN": "ka_GE", "ARMENIAN": "hy_AM",
}
_JAPANESE = frozenset({"HIRAGANA", "KATAKANA", "CJK"})  # one name mixes kanji and kana
_FAMILY_FIRST = frozenset({"CJK", "HIRAGANA", "KATAKANA", "HANGUL"})  # family name first, no space
CITY_DRAWS = 300  # cities and streets drawn per locale (Faker formats many from parts)
_NAME_CHARS = frozenset(" -'")


def script_of(text: str) -> str | None:
    """The Unicode script most of `text`'s letters belong to, as their Unicode names begin ("LATIN",
    "CYRILLIC", "GREEK", "CJK", "HANGUL" ...); None when it has no letter."""
    counts: Counter[str] = Counter()
    for ch in text:
        if ch.isalpha():
            name = unicodedata.name(ch, "")
            if name:
                counts[name.split(" ", 1)[0]] += 1
    return counts.most_common(1)[0][0] if counts else None


def _same_script(a: str | None, b: str | None) -> bool:
    return a == b or (a in _JAPANESE and b in _JAPANESE)


@functools.lru_cache(maxsize=1)
def _person_locales() -> tuple[str, ...]:
    """The locales Faker has names for (its person providers' module names), sorted."""
    import faker.providers.person as person

    return tuple(sorted(m.name for m in pkgutil.iter_modules(person.__path__) if "_" in m.name))


def _locale_of_language(language: str) -> str | None:
    """Faker's locale of an ISO 639-1 language: its own country's ("de" -> de_DE), else the first."""
    locales = _person_locales()
    own = f"{language}_{language.upper()}"
    if own in locales:
        return own
    return next((loc for loc in locales if loc.split("_", 1)[0] == language), None)


def locale_for(original: str, language: str | None) -> str | None:
    """The Faker locale of a surrogate for `original` in a text in `language`: the language's,
    when its names are in the original's script; else the script's own (Cyrillic: Russian); None
    for a Latin (English lists) or letterless original, or a script Faker has no names in."""
    script = script_of(original)
    if script is None:
        return None
    if language is not None and language != ENGLISH:
        try:
            locale = _locale_of_language(language)
        except ImportError:  # Faker is missing: the built-in lists
            return None
        if locale is not None and _same_script(_pool(locale).script, script):
            return locale
    locale = SCRIPT_LOCALES.get(script)
    if locale is None or script == LATIN:
        return None
    try:
        return locale if _same_script(_pool(locale).script, script) else None
    except ImportError:
        return None


# -- one locale's names and places ---------------------------------------------------------------


@dataclass(frozen=True)
class _Pool:
    """A locale's surrogates: first and last names by gender (the last names too where a
    language inflects them: Иванова), cities and streets disjoint from every name."""

    script: str | None
    first: tuple[str, ...]
    female: tuple[str, ...]
    male: tuple[str, ...]
    last: tuple[str, ...]
    last_female: tuple[str, ...]
    last_male: tuple[str, ...]
    cities: tuple[str, ...]
    streets: tuple[str, ...]


def _names(values: Iterable[object], script: str | None = None) -> tuple[str, ...]:
    """Names in order, once each, written as names (letters, spaces, hyphens, apostrophes, a
    capital first where the script has capitals) and, with `script`, in that script."""
    seen: dict[str, None] = {}
    for v in values:
        if not isinstance(v, str) or not v or v[0].islower() or not all(ch.isalpha() or ch in _NAME_CHARS for ch in v):
            continue
        if script is None or _same_script(script_of(v), script):
            seen.setdefault(v, None)
    return tuple(seen)


def _own(cls: type, part: str) -> dict[str, tuple[str, ...]]:
    """The name lists a Faker provider class of a locale defines itself (not the English ones it
    inherits), by attribute: "first_names_female", "unisex_last_names" ..."""
    return {k: tuple(v) for k, v in vars(cls).items() if part in k and isinstance(v, (tuple, list, dict))}


def _gendered(lists: dict[str, tuple[str, ...]], script: str | None) -> tuple[tuple[str, ...], ...]:
    """All, female and male names of a provider's lists (a list named for neither is both)."""
    every = _names([n for v in lists.values() for n in v], script)
    female = _names([n for k, v in lists.items() if "female" in k for n in v], script)
    male = _names([n for k, v in lists.items() if "male" in k.replace("female", "") for n in v], script)
    return every, female, male


def _places(locale: str, method: str, listed: tuple[str, ...]) -> list[str]:
    """A locale's own list of places where its provider has one (`cities`, `city_names`), else
    `CITY_DRAWS` values of a Faker method from a fixed seed (the same every run of one Faker
    release); none when Faker has no address provider of the locale's own (it would fall back to
    English places)."""
    try:
        address = importlib.import_module(f"faker.providers.address.{locale}").Provider
    except ImportError:
        return []
    for name in listed:
        own = vars(address).get(name)
        if isinstance(own, (tuple, list)) and own:
            return [str(v).strip() for v in own]
    from faker import Faker

    fake = Faker(locale)
    fake.seed_instance(0)
    return [str(getattr(fake, method)()).strip() for _ in range(CITY_DRAWS)]


@functools.lru_cache(maxsize=64)
def _pool(locale: str) -> _Pool:
    """`locale`'s pools, built once (Faker imported here, on first use)."""
    person = importlib.import_module(f"faker.providers.person.{locale}").Provider
    firsts, lasts = _own(person, "first_name"), _own(person, "last_name")
    script = script_of("".join(_names([n for v in firsts.values() for n in v])[:50]))
    first, female, male = _gendered(firsts, script)
    last, last_female, last_male = _gendered(lasts, script)
    words = {w.casefold() for n in (*first, *last) for w in n.split()}
    # a city never holds a name's word, nor a street starts with one: a surrogate never begins
    # inside another one (a street named for someone, "rue Jean Moulin", starts with its own word)
    cities = tuple(c for c in dict.fromkeys(_places(locale, "city", ("cities", "city_names")))
                   if _same_script(script_of(c), script) and not {w.casefold() for w in c.split()} & words)
    streets = tuple(a for a in dict.fromkeys(_places(locale, "street_address", ()))
                    if _same_script(script_of(a), script) and a.split(" ", 1)[0].casefold() not in words)
    return _Pool(script, first, female, male, last, last_female, last_male, cities, streets)


def _gender(pool: _Pool, original: str) -> str | None:
    """"f" or "m" where the original's first or last word is a name of only one gender there."""
    words = original.split()
    if not words:
        return None
    for word, female, male in ((words[0], pool.female, pool.male), (words[-1], pool.last_female, pool.last_male)):
        f, m = word in female, word in male
        if f != m:
            return "f" if f else "m"
    return None


def _local(label: str, pool: _Pool, i: int, original: str) -> str | None:
    """The `i`-th name, city or street of `pool`; None when the pool has none."""
    if label == "LOCATION":
        return pool.cities[i % len(pool.cities)] if pool.cities else None
    if label == "ADDRESS":
        return pool.streets[i % len(pool.streets)] if pool.streets else None
    gender = _gender(pool, original) or ("f" if i % 2 else "m")
    firsts = (pool.female if gender == "f" else pool.male) or pool.first
    lasts = (pool.last_female if gender == "f" else pool.last_male) or pool.last
    if not firsts or not lasts:
        return None
    first = firsts[i % len(firsts)]
    last = lasts[(i // len(firsts) + i) % len(lasts)]
    return f"{last}{first}" if pool.script in _FAMILY_FIRST else f"{first} {last}"


LINE_DIGITS = 4  # a phone's line number: what a surrogate must never keep by chance


def _keeps_line_number(value: str, original: str) -> bool:
    """Whether a phone surrogate ends in the original's line number (its last four digits): a
    number in the fiction range 555-01xx itself, or a real one ending 01xx, has a 1 in 100 chance."""
    mine = [ch for ch in value if ch.isdigit()][-LINE_DIGITS:]
    theirs = [ch for ch in original if ch.isdigit()][-LINE_DIGITS:]
    return len(theirs) == LINE_DIGITS and mine == theirs


def candidates(
    label: str, style: str, n: int, seed: int, original: str, taken: Callable[[str], bool], language: str | None = None,
) -> str:
    """The pseudonym for the `n`-th new value of `label` in a conversation: a tag, or the first
    surrogate that `taken` does not refuse (a value of the conversation, a pseudonym in use) and
    that keeps nothing of the original (a phone's line number). `language`: the text's (an ISO 639-1
    code, None: unknown), for a surrogate in the original's language and script."""
    if label in ID_LABELS and _ID_SHAPE.fullmatch(original):
        # an id keeps its syntax in either style (a UUID its version, a "visitor_" prefix, its
        # length and alphabet): a tag or a mask would fail the service's validation of the field
        for k in range(MAX_TRIES):
            value = _shaped_id(original, f"{seed}\x00{n}\x00{k}\x00{original}".encode("utf-8", "surrogatepass"))
            if value != original and not taken(value):
                return value
    if style == "surrogates" and label in _SURROGATE_LABELS:
        locale = locale_for(original, language) if label in _LOCAL_LABELS else None
        for k in range(MAX_TRIES):
            value = surrogate(label, seed + n * 7 + k, original, locale)
            if value is None:
                break  # no surrogate of this kind for this original: its tag
            if taken(value) or (label == "PHONE" and _keeps_line_number(value, original)):
                continue
            return value
    k = n
    while taken(tag(label, k)):  # a tag the user typed themselves is never reused as a pseudonym
        k += 1
    return tag(label, k)
