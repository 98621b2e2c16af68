"""Words that are people's given names or surnames in some language: Faker's person lists.

Faker (MIT) ships first and last names for about a hundred locales, in their own scripts:
61,000 distinct words, case-folded. A full name that no cue of the writer's introduces is a
person's only where one of its words is one of these ("Lena Vogt", "Марк ..."); "Mozilla
Firefox", "Google Chrome", "Developer Edition" have none. Built once, on first use (0.15 s).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from functools import lru_cache

__all__ = ["given_names", "name_words", "has_name_word"]

_WORD = re.compile(r"[^\W\d_]{1,40}(?:['’\-][^\W\d_]{1,40}){0,4}")


@lru_cache(maxsize=1)
def name_words() -> frozenset[str]:
    """Every given name and surname of Faker's person providers, case-folded (empty without Faker)."""
    return _faker_names(("first_name", "last_name"))


@lru_cache(maxsize=1)
def given_names() -> frozenset[str]:
    """Every given name of Faker's person providers, case-folded (empty without Faker)."""
    return _faker_names(("first_name",))


def _faker_names(kinds: tuple[str, ...]) -> frozenset[str]:
    try:
        import faker.providers.person as person
    except ImportError:
        return frozenset()
    words: set[str] = set()
    for module in pkgutil.iter_modules(person.__path__):
        provider = getattr(importlib.import_module(f"{person.__name__}.{module.name}"), "Provider", None)
        for key, values in vars(provider).items() if provider is not None else ():
            if any(kind in key for kind in kinds) and isinstance(values, (tuple, list, dict)):
                words.update(v.casefold() for v in values if isinstance(v, str))
    return frozenset(words)


def has_name_word(text: str) -> bool:
    """Whether a word of `text` (or a part of a hyphenated one) is a known given name or surname;
    True when the lists are unavailable (nothing to tell by)."""
    known = name_words()
    if not known:
        return True
    for m in _WORD.finditer(text):
        word = m.group().casefold()
        if word in known or any(part in known for part in re.split(r"['’\-]", word) if part):
            return True
    return False
