"""Which language a prose value is in, so that English-only readers skip what they cannot read.

spaCy's English NER, the English-trained prose tagger and the English gazetteers read "Wie",
"Care este" or "Merhaba" at the start of a sentence as a name. `language_of` names the language of
a value only when it is sure: a value of a few words, a value that mixes languages, or one the
identifier is unsure about is "unknown" (None), and every recogniser runs on it as before, so
English text never loses a reader. The Detector asks only about natural-text values
(`is_natural_text`): machine values pay nothing.

The identifier is py3langid (langid.py's model, 97 languages, numpy only), loaded on first use
under a lock. It reads at most `MAX_CHARS` characters of a value (its head and its tail), and its
answers are remembered per sample. It never raises: without the package every value is unknown,
with one warning in the log.
"""

from __future__ import annotations

import functools
import logging
import re
import threading
from typing import Any

from guardian.detect._text import without_code

__all__ = ["ENGLISH", "language_of", "foreign_lines", "MAX_ENGLISH", "MIN_WORDS", "SHORT_MIN_TOP", "SHORT_MAX_ENGLISH", "MAX_CHARS",
           "READ_LANGUAGES"]

log = logging.getLogger(__name__)

ENGLISH = "en"
# A value is surely not English when the identifier gives English less than this probability
# (normalised over its 97 languages). Measured on 4-15 word texts (MIRACL train questions and
# lingua-py's test sentences): the lowest English text scored 0.054 (a question full of foreign
# names), so 0.005 keeps a tenfold margin, and 98% of German, Spanish, Romanian, Greek, Russian,
# Turkish, Polish, Italian and French texts fall below it. Probability is not asked of the top
# language itself: it splits between neighbours (es/gl, ru/bg), which does not make a text English.
MAX_ENGLISH = 0.005
# Fewer words than this are too few to tell English by ("Berlin Hauptbahnhof", a title): unknown,
# unless the identifier is sure of another language (SHORT_MIN_TOP) ...
MIN_WORDS = 4
# ... which holds for a short text whose top language has at least this probability and English
# less than MAX_ENGLISH ("Haben Sie Berufserfahrung?", "Ești obosit acum?"). Measured on 4,602
# sentences of 1-3 words of Synthetic-Persona-Chat's conversations: the two it took for another
# language are Spanish ("¡Eso es genial!"); 47 of 60 short German, Spanish, Romanian, Greek, Russian,
# Turkish, Polish, Italian and French questions are told.
SHORT_MIN_TOP = 0.3
# A short text is also told where English has at most SHORT_MAX_ENGLISH and a tenth of the
# language's probability ("Wie wird man Fluglotse?": de 0.65, en 0.022): on 5,442 English sentences
# of 1-10 words (SynthPAI comments, PII-Masking's English sample) one more was called foreign ("che
# pazzia!" is), and 92.0 -> 96.0% of 5,979 short questions and requests in the twelve read languages
# were told.
SHORT_MAX_ENGLISH = 0.03
SHORT_ENGLISH_RATIO = 10
# The languages a reader of their own reads (the multilingual tagger's). The identifier splits a
# short text between neighbours (pt/gl, ru/bg/uk, fr/oc, de/lb); one of these among its first
# NEIGHBOURS answers is the text's language rather than the neighbour no reader reads.
READ_LANGUAGES: frozenset[str] = frozenset({"de", "es", "fr", "it", "pt", "nl", "pl", "ro", "el", "ru", "uk", "tr"})
NEIGHBOURS = 3
# A text still unsure after all that is another language when at least this share of its words
# are unknown to English dictionaries ("Uruchom wentylator w salonie", "ligar o Exaustor por
# favor") and a read language has at least MIN_READ_SHARE among the identifier's first answers.
NOT_ENGLISH_SHARE = 0.75
MIN_READ_SHARE = 0.05
# A short text more than this many times longer than its words joined is read by its words alone
WORDS_SHARE = 2
# What is read of a value: the first and the last half of this many characters. A long text that
# changes language between its head and its tail is unknown (both halves must agree).
MAX_CHARS = 1000
# Distinct samples remembered: a chat client sends the conversation again with every turn.
CACHE_SAMPLES = 4096

_WORD = re.compile(r"[^\W\d_]{2,64}")
_lock = threading.Lock()
_identifier: Any = None  # the loaded py3langid identifier, False when it cannot be loaded
_warned = False


def language_of(text: str) -> str | None:
    """The ISO 639-1 code of the language `text` is most likely in, when that is English or the text
    is surely not English; None (unknown) for short, mixed or unsure text."""
    try:
        if len(text) <= MAX_CHARS:
            return _sample_language(_prose(text))
        half = MAX_CHARS // 2
        head = _sample_language(_prose(text[:half]))
        if head is None or head != _sample_language(_prose(text[-half:])):
            return None
        return head
    except Exception:  # never let identification take detection down: unknown runs every reader
        _warn_once("language identification failed; every recogniser runs", exc_info=True)
        return None


_LINE = re.compile(r"[^\n]{1,2000}")


def foreign_lines(text: str) -> list[tuple[int, int]]:
    """The spans of the lines of `text` each surely in a language other than English, for a text
    whose lines are in several: the English readers leave them. A line of a few words is told by
    its words alone, and a name's words are in no English dictionary ("— Debbie Perez, 085 710
    7931"): only a line of MIN_WORDS words or more counts, each a word standing alone (a table's row
    of codes, "fa:25e9:4528 | bEtwmj6/K3f | 7:56 AM | Serdin |", has pieces of letters, not words)."""
    if "\n" not in text:
        return []
    return [line.span() for line in _LINE.finditer(text[:MAX_CHARS * 4])
            if _whole_words(line.group()) >= MIN_WORDS and language_of(line.group()) not in (None, ENGLISH)]


_CODE_TOKEN = re.compile(r"[\d/:=@|\\#$%&+_{}<>]")  # a token with a digit or a program's punctuation is a code
_EDGE_PUNCTUATION = ".,;:!?()[]{}\"'«»„“”‘’¿¡…*"  # a label's colon, a sentence's stop, quotes


def _whole_words(line: str) -> int:
    """The words of `line`, read in its tokens (between spaces) that hold no digit and no program's
    punctuation: an address, a token or a time are codes whatever letters they hold."""
    cores = (token.strip(_EDGE_PUNCTUATION) for token in line.split())
    return sum(len(_WORD.findall(core)) for core in cores if not _CODE_TOKEN.search(core))


def _prose(sample: str) -> str:
    """A sample without its code, where words stay around it: code is written in a program's English
    keywords and names whatever the writer's language ("Was ist der Output?" over a block of
    JavaScript); a few words left are read as any short text is, told only when the identifier is sure."""
    prose = without_code(sample)
    return prose if prose is not sample and _WORD.search(prose) else sample


@functools.lru_cache(maxsize=CACHE_SAMPLES)  # lru_cache is thread-safe; keys are at most MAX_CHARS long
def _sample_language(sample: str) -> str | None:
    words = len(_WORD.findall(sample))
    short = words < MIN_WORDS and not _spaceless(sample)
    if words == 0 and short:
        return None
    identifier = _load()
    if identifier is None:
        return None
    if short:
        letters = " ".join(_WORD.findall(sample))
        if len(sample) > WORDS_SHARE * len(letters):
            # "Beispiele: 1.0.0-alpha, 1.0.0-alpha.1, 1.0.0-0.3.7": version numbers, codes and
            # punctuation outweigh the words and pull the identifier anywhere; the words tell
            sample = letters
    ranked = identifier.rank(sample)  # [(language, probability)], best first
    top = str(ranked[0][0])
    if top == ENGLISH:
        return None if short else ENGLISH
    english = next((float(p) for lang, p in ranked if lang == ENGLISH), 0.0)
    read = next(((str(lang), float(p)) for lang, p in ranked[:NEIGHBOURS] if str(lang) in READ_LANGUAGES), None)
    language, probability = read if read is not None else (top, float(ranked[0][1]))
    if probability < SHORT_MIN_TOP and short:
        return _by_its_words(sample, read)
    if english < MAX_ENGLISH:
        return language
    # a read language may be told with a little more English ("Wer hat Slack entwickelt?")
    relaxed = read is not None and english <= SHORT_MAX_ENGLISH and english * SHORT_ENGLISH_RATIO <= probability
    if relaxed and probability >= SHORT_MIN_TOP:
        return language
    # a short command the identifier splits between neighbours ("stoppe alle Ventilatoren ab": no,
    # da, de), whose words English dictionaries do not know: not English, whatever it is
    return _by_its_words(sample, read)


def _by_its_words(sample: str, read: tuple[str, float] | None) -> str | None:
    """The read language among the identifier's first answers, for a text whose words English
    dictionaries mostly do not know; else unknown."""
    return read[0] if read is not None and read[1] >= MIN_READ_SHARE and _not_english_words(sample) else None


def _not_english_words(sample: str) -> bool:
    """Whether at least NOT_ENGLISH_SHARE of the sample's words of three letters or more (two at
    least) are words no English dictionary knows (`_english.model_english_words`)."""
    words = [w for w in _WORD.findall(sample) if len(w) >= 3]
    if len(words) < 2:
        return False
    from guardian.detect._english import model_english_words

    dictionary = model_english_words()
    if dictionary is None:
        return False
    unknown = sum(not dictionary.known(w) for w in words)
    return unknown >= NOT_ENGLISH_SHARE * len(words)


def _spaceless(sample: str) -> bool:
    """A run of Chinese, Japanese or Thai (no spaces between words), as `is_natural_text` reads it."""
    return any(len(w) >= 6 and not w.isascii() for w in _WORD.findall(sample))


def _load() -> Any:
    """The identifier, loaded once (about a second); None when py3langid is missing or broken."""
    global _identifier
    if _identifier is None:
        with _lock:
            if _identifier is None:
                try:
                    from py3langid.langid import MODEL_FILE, LanguageIdentifier

                    _identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
                except Exception:
                    _warn_once("py3langid is not available: every value's language is unknown, every recogniser runs",
                               exc_info=True)
                    _identifier = False
    return _identifier or None


def _warn_once(message: str, *, exc_info: bool = False) -> None:
    global _warned
    if not _warned:
        _warned = True
        log.warning(message, exc_info=exc_info)
