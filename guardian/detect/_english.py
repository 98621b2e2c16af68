"""Words English dictionaries know, and the capitalised words of a text that none of them knows.

spaCy's small English model learnt names from English news and web text: a name it never saw
("Salmin showcased ...", "Dodë and Maryan ...", "Tourneur") is left out, most often one from
outside the English-speaking world. Such a word is one no English dictionary knows. The
dictionary here is the one the model ships with its lemmatizer (WordNet's lemma index, with its
inflection rules and exceptions: "grievances" -> "grievance"), plus spaCy's English stop words,
which WordNet leaves out. Nothing here is a list of values seen in our data.

A word is *unknown* when it is written with a capital and then lower-case letters only (parts
joined by hyphens: "Laura-Gabriela"), has at least MIN_LETTERS letters, and neither it, its
accent-free form, nor a lemma of either is in the dictionary.
"""

from __future__ import annotations

import functools
import logging
import re
import unicodedata
from pathlib import Path

from guardian.errors import ConfigError

__all__ = ["EnglishWords", "load_english_words", "model_english_words", "stop_words", "MIN_LETTERS"]

log = logging.getLogger(__name__)

MIN_LETTERS = 3  # "Ugo" and "Ali" are names; two letters are initials or words
_MAX_WORD = 40
# A capitalised word: a capital, then lower-case letters; hyphen-joined parts likewise.
_CAPITALISED = re.compile(
    rf"(?<![\w'’@.\-])[^\W\d_]{{{MIN_LETTERS},{_MAX_WORD}}}(?:-[^\W\d_]{{2,{_MAX_WORD}}}){{0,2}}(?![\w@\-]|['’][^\W\d_]{{2}})"
)
_LOOKUPS = Path("lemmatizer") / "lookups"  # inside a spaCy model's directory


class EnglishWords:
    """A dictionary of English words: `known(word)` and `unknown_capitalised(text)`."""

    def __init__(self, words: frozenset[str], rules: tuple[tuple[str, str], ...], exceptions: frozenset[str]) -> None:
        self._words = words
        self._rules = rules  # (suffix, replacement) of every part of speech: inflected form -> lemma
        self._exceptions = exceptions  # irregular forms ("geese", "went")

    def known(self, word: str) -> bool:
        """Whether the dictionary knows `word` (any case), as written or without its accents."""
        lower = word.lower()
        if self._known_lower(lower):
            return True
        plain = _without_accents(lower)
        return plain != lower and self._known_lower(plain)

    def _known_lower(self, word: str) -> bool:
        if word in self._words or word in self._exceptions:
            return True
        return any(word.endswith(old) and word[: len(word) - len(old)] + new in self._words
                   for old, new in self._rules if len(word) > len(old))

    def unknown_capitalised(self, text: str) -> list[tuple[int, int]]:
        """(start, end) of each capitalised word of `text` that the dictionary does not know."""
        out = []
        for m in _CAPITALISED.finditer(text):
            parts = m.group().split("-")
            if not all(p[0].isupper() and p[1:].islower() for p in parts):
                continue
            if not all(self.known(p) for p in parts):
                out.append((m.start(), m.end()))
        return out


def _without_accents(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if unicodedata.category(c) != "Mn")


@functools.lru_cache(maxsize=4)
def load_english_words(model_dir: str) -> EnglishWords:
    """The dictionary of the spaCy model in `model_dir` (its lemmatizer's lookup tables, which load
    even when the lemmatizer pipe is left out). Raises ConfigError when the model has none."""
    from spacy.lang.en.stop_words import STOP_WORDS
    from spacy.lookups import Lookups

    path = Path(model_dir) / _LOOKUPS
    if not (path / "lookups.bin").is_file():
        raise ConfigError(f"the spaCy model at {model_dir} has no lemmatizer lookups")
    try:
        lookups = Lookups().from_disk(path)
        index, rules, exc = (lookups.get_table(t) for t in ("lemma_index", "lemma_rules", "lemma_exc"))
    except (OSError, ValueError, KeyError) as e:
        raise ConfigError(f"cannot read the spaCy model's lemmatizer lookups at {path}: {e}") from e
    words: set[str] = {w.lower() for w in STOP_WORDS}
    for pos in index.keys():
        words.update(w.lower() for w in index[pos])
    pairs = {(old, new) for pos in rules.keys() for old, new in rules[pos] if old}
    irregular = {w.lower() for pos in exc.keys() for w in exc[pos]}
    log.debug("English dictionary: %d words, %d inflection rules", len(words), len(pairs))
    return EnglishWords(frozenset(words), tuple(sorted(pairs)), frozenset(irregular))


@functools.lru_cache(maxsize=1)
def model_english_words() -> EnglishWords | None:
    """The dictionary of the installed English spaCy model (`presidio_engine.DEFAULT_MODEL`), found
    without loading the model, or None where it is not installed (logged); looked up once per
    process, as callers ask for it per word on the request path."""
    import importlib.util

    from guardian.detect.presidio_engine import DEFAULT_MODEL

    try:
        spec = importlib.util.find_spec(DEFAULT_MODEL)
        roots = list(spec.submodule_search_locations or ()) if spec is not None else []
        dirs = [d for root in roots for d in sorted(Path(root).iterdir()) if d.is_dir() and d.name.startswith("en_core")]
        return load_english_words(str(dirs[0])) if dirs else None
    except (ConfigError, OSError, ImportError, ValueError) as e:
        log.warning("no English dictionary from the spaCy model (%s)", e)
        return None


@functools.lru_cache(maxsize=1)
def stop_words() -> frozenset[str]:
    """spaCy's English stop words ("the", "when", "our"), lower case: words of a sentence, never a name's."""
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)
