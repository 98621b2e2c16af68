"""The writer's names, addresses, places, employers and dates of birth in prose of other languages.

What it reads: natural-language values that `guardian.detect.language` is sure are in one of
`LANGUAGES` (German, Spanish, French, Italian, Portuguese, Dutch, Polish, Romanian, Greek, Russian,
Ukrainian, Turkish), where the English-only readers (spaCy, the prose tagger, the self-disclosure
rules, the gazetteers) do not run. It reads the first `MAX_CHARS` characters of a value.

How: a small token classifier finds the spans that are names of people, places (street addresses
included) and organisations, and written dates ("12. März 1985", "3 de mayo de 1990", "15 октября
1987 г.", "1985-03-12"). Each token is a bag of hashed features (its lower-cased form, character
2-4-grams with word-boundary marks, shape, capitalisation, script, whether it opens a sentence);
the bags of the tokens at -2..+2 are averaged into vectors, concatenated, and a one-hidden-layer
network gives none / PERSON / LOCATION / ORGANIZATION / DATE per token. Plain numpy, int8
embeddings; the weights (guardian/detect/weights/multilingual_tagger.npz and its JSON record,
with the training data's sources and licences) load once, on first use. Trained by
`python -m lab.training.multilingual_tagger` on Universal Dependencies treebanks (proper nouns,
CC BY-SA), UniversalNER (typed names, CC BY-SA) and first-person sentences written per language
with `faker` values (MIT) in them.

Whose a span is: the model only says *what* a span is. A name, a place, an employer or a date is
the writer's only with a first-person cue of the language around it, the cue phrases of
multilingual_cues.yaml beside this file ("ich heiße", "меня зовут", "vivo en", "doğum tarihim",
"meine Tochter", "ich arbeite bei", "geboren am" ...: phrases of the grammar, never names or
places). So this recogniser reports:

- PERSON after or before a name cue ("ich heiße Anna Schmidt", "meine Tochter Lena", "..., meine
  Schwester"), or greeted or signing ("Hallo Anna,", "Viele Grüße, Jana"), and never after a
  public cue ("wer war ...", "кто такой ...", "... kimdir"); a name without a cue is left to be
  what the question is about (a public figure), which is what such names in questions are.
- STREET_ADDRESS for a place with a house number next to a residence cue or a postcode;
  DATE_OF_BIRTH for a date next to a birth cue: both are the writer's wherever they stand
  (`subject.py`, rule 1).
- LOCATION with a residence cue, ORGANIZATION with a work or study cue. `subject.py` reads its
  cues in English, so in a prompt these are kept only where `subject.py` accepts this
  recogniser's own cue (its findings are emitted only with one, as self_disclosure's are).
  `subject.py` also calls a text without a Latin capital "uncased" and drops its names: Greek,
  Russian and Ukrainian names found here reach a prompt's rewrite only once it counts the
  capitals of every script.

Health, job titles and employers come from the cue grammar beside it, not from the model:
`multilingual_health.py` (a condition, a drug, a treatment, a pregnancy or a disability after "ich
habe", "у меня", "έχω" ...: HEALTH) and `multilingual_work.py` (the title after "ich arbeite als",
"trabajo como", "работаю" + instrumental: OCCUPATION, and the employer after it: ORGANIZATION). A
health term or a title wins over a tagger span it overlaps; an employer and a tagger span over
the same name become one span. Where no cue's span stands, a learned head
(`multilingual_disclosure.py`) adds the writer's details told in other ways: health, beliefs and
memberships, job, employer or school, home place, age and income.

What it misses: names, places and dates without any of its cues (a name in a story, "Anna
Schmidt here"); health and jobs told without a cue of the YAML in a phrasing the head reads
weakly (see the modules); family members' names after
inflected kin words the YAML does not list; cues phrased other than in the YAML;
languages outside `LANGUAGES`, and mixed or short text the language gate calls unknown (there
every English reader runs instead). Its spans come from one small model: a name written in
lower case, a rare transliteration or an unusual date form is often not a span at all.
"""

from __future__ import annotations

import dataclasses

import functools
import itertools
import json
import logging
import re
import threading
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from guardian.weights import read_npz
from guardian.categories import DataCategory as C
from guardian.detect._english import model_english_words
from guardian.detect._frequency import known_in_languages, worldwide, zipf
from guardian.detect.given_names import given_names, has_name_word, name_words
from guardian.detect._text import CAMEL_COMPOUND, capitalised_words, is_natural_text, lower, spoken_by_a_bot
from guardian.detect.base import Recognizer
from guardian.detect.language import ENGLISH, READ_LANGUAGES, language_of
from guardian.detect.legal_forms import RU_FORMS, form_at, form_in, forms_after, forms_within
from guardian.detect.towns import is_town, load_towns, town_end
from guardian.detect._wordlist import word_alternation
from guardian.detect.recognizers._cue_phrases import cue_alternation, plain as _plain
from guardian.detect.recognizers.multilingual_health import (
    CAPITALISES_NOUNS, brand_shaped, dosed_brands, health_spans, is_health_word, load_health, medicine_words, opens_sentence,
)
from guardian.detect.recognizers.multilingual_beliefs import asks_anywhere, belief_spans, load_beliefs, world_question
from guardian.detect.recognizers.multilingual_disclosure import (
    CLASSES as DISCLOSURE_CLASSES, WEIGHTS as DISCLOSURE_WEIGHTS, code_spans, disclosure_spans,
)
from guardian.detect.recognizers.multilingual_work import (
    STOP_WORDS, faker_job_heads, firms_at_work, load_work, negated_title, turkish_first_person, work_spans,
)
from guardian.records import Field, Finding

__all__ = [
    "MultilingualTaggerRecognizer", "MultilingualTagger", "tokenize", "token_features", "load_multilingual_tagger",
    "LABELS", "SUPPORTED", "Cues", "abbreviates", "load_cues", "load_disclosure_head", "writer_in_sentence", "writer_words",
]

log = logging.getLogger(__name__)

SUPPORTED: frozenset[str] = READ_LANGUAGES
LABELS: tuple[str, ...] = ("O", "PERSON", "LOCATION", "ORGANIZATION", "DATE")
WEIGHTS = Path(__file__).resolve().parent.parent / "weights" / "multilingual_tagger.npz"
CUES = Path(__file__).resolve().parent / "multilingual_cues.yaml"

# A token: a run of letters, a run of digits, or one other visible character (punctuation, an
# emoji, a zero-width mark). "Ankara'da" is Ankara ' da; "12.03.1985" is five tokens.
# Combining marks stay inside their word ("Елизаве́та" with a stress mark is one token).
_TOKEN = re.compile(r"[^\W\d_](?:[^\W\d_]|[\u0300-\u036f]){0,63}|\d{1,16}|[^\w\s]")
_MARKS = re.compile(r"[\u0300-\u036f]")
_SENTENCE_END = frozenset(".!?:;\n…¿¡")
MAX_TOKENS = 4000  # tokens read of a value: bounded work on any input
_MAX_GRAM_CHARS = 20  # character n-grams are taken of a word's first 20 characters


def tokenize(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each token of `text`, at most `MAX_TOKENS`."""
    out: list[tuple[int, int]] = []
    for m in _TOKEN.finditer(text):
        out.append(m.span())
        if len(out) >= MAX_TOKENS:
            break
    return out


def _script(ch: str) -> str:
    o = ord(ch)
    if ch.isdigit():
        return "d"
    if o < 0x250:
        return "lat" if ch.isalpha() else "p"
    if 0x370 <= o < 0x400:
        return "grk"
    if 0x400 <= o < 0x530:
        return "cyr"
    return "oth" if ch.isalpha() else "p"


def _shape(word: str) -> str:
    out: list[str] = []
    for ch in word[:12]:
        c = "X" if ch.isupper() else "x" if ch.islower() else "d" if ch.isdigit() else ch
        if len(out) >= 2 and out[-1] == c and out[-2] == c:
            continue  # runs of three and more read as two: "Xxx" for every capitalised word
        out.append(c)
    return "".join(out)


@functools.lru_cache(maxsize=65536)
def token_features(word: str, opens: bool) -> tuple[str, ...]:
    """The feature strings of one token; `opens`: it opens a sentence (a capital there says little)."""
    word = _MARKS.sub("", word)  # read as written without stress and accent marks added apart
    low = word.lower()
    first = word[:1]
    cap = "U" if word.isupper() and len(word) > 1 else "C" if first.isupper() else "l" if first.islower() else "n"
    feats = [f"w:{low}", f"sh:{_shape(word)}", f"sc:{_script(first) if first else 'p'}", f"cap:{cap}:{int(opens)}",
             f"len:{min(len(word), 12)}", f"s3:{low[-3:]}", f"p3:{low[:3]}"]
    if opens:
        feats.append(f"ow:{low}")  # what a word is when it opens a sentence: "Wie", "Merhaba"
    if word.isdecimal():  # what int() reads: "²" and "①" are digits to isdigit(), not numbers
        feats.append(f"num:{len(word)}:{int(word) if len(word) <= 4 else 0}" if len(word) <= 2 else f"num:{len(word)}")
    elif len(word) > 1:
        marked = f"<{low[:_MAX_GRAM_CHARS]}>"
        for n in (2, 3, 4):
            feats.extend(f"g{n}:{marked[i:i + n]}" for i in range(len(marked) - n + 1))
    return tuple(feats)


@functools.lru_cache(maxsize=65536)
def _hashed(word: str, opens: bool, buckets: int) -> np.ndarray:
    feats = token_features(word, opens)
    return np.fromiter((zlib.crc32(f.encode("utf-8", "surrogatepass")) % buckets for f in feats), np.int64, len(feats))


def sentence_openers(text: str, spans: list[tuple[int, int]]) -> list[bool]:
    """Whether each token opens a sentence: the first token, or the first after ".!?:;" or a line break
    (quotes, brackets and dashes between them are skipped)."""
    out: list[bool] = []
    opens = True
    for start, end in spans:
        word = text[start:end]
        gap = text[spans[len(out) - 1][1]:start] if out else ""
        if "\n" in gap:
            opens = True
        if word[0].isalnum():
            out.append(opens)
            opens = False
        else:
            out.append(False)
            if word in _SENTENCE_END:
                opens = True
    return out


@dataclass(frozen=True)
class TaggedSpan:
    """A run of tokens of one class: character offsets, the class, the mean probability."""

    start: int
    end: int
    label: str
    score: float


class MultilingualTagger:
    """The token classifier in numpy: hashed feature bags -> window of 5 -> hidden layer -> classes."""

    def __init__(self, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
        emb = arrays["emb_q"].astype(np.float32) * arrays["emb_scale"].astype(np.float32)[:, None]
        self.emb = emb
        self.w1 = arrays["w1"].astype(np.float32)
        self.b1 = arrays["b1"].astype(np.float32)
        self.w2 = arrays["w2"].astype(np.float32)
        self.b2 = arrays["b2"].astype(np.float32)
        self.buckets = int(emb.shape[0])
        self.window = int(meta.get("window", 2))
        self.labels = tuple(meta.get("labels", LABELS))
        self.threshold = float(meta.get("threshold", 0.5))
        self.meta = meta

    @classmethod
    def load(cls, path: str | Path) -> MultilingualTagger:
        path = Path(path)
        with read_npz(path) as z:
            arrays = {k: z[k] for k in z.files}
        meta_path = path.with_suffix(".json")
        meta = json.loads(meta_path.read_text(encoding="utf-8")) if meta_path.is_file() else {}
        return cls(arrays, meta)

    def token_vectors(self, text: str, spans: list[tuple[int, int]]) -> np.ndarray:
        """Each token's mean feature embedding, (tokens, dim)."""
        opens = sentence_openers(text, spans)
        ids = [_hashed(text[s:e], o, self.buckets) for (s, e), o in zip(spans, opens)]
        counts = np.fromiter((len(i) for i in ids), np.int64, len(ids))
        flat = np.concatenate(ids)
        sums = np.add.reduceat(self.emb[flat], np.concatenate(([0], np.cumsum(counts)[:-1])), axis=0)
        return sums / counts[:, None].astype(np.float32)

    def probabilities(self, text: str, spans: list[tuple[int, int]]) -> np.ndarray:
        """P(class) per token, (tokens, classes)."""
        if not spans:
            return np.zeros((0, len(self.labels)), np.float32)
        vec = self.token_vectors(text, spans)
        n, dim = vec.shape
        w = self.window
        padded = np.zeros((n + 2 * w, dim), np.float32)
        padded[w:w + n] = vec
        x = np.concatenate([padded[i:i + n] for i in range(2 * w + 1)], axis=1)
        h = np.maximum(x @ self.w1 + self.b1, 0.0)
        logits = h @ self.w2 + self.b2
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

    def tag(self, text: str) -> list[TaggedSpan]:
        """The entity spans of `text`: runs of tokens whose most likely class is not "O" (and at
        least `threshold`), joined across the one space or hyphen between them."""
        spans = tokenize(text)
        return self.spans_of(text, spans, self.probabilities(text, spans))

    def spans_of(self, text: str, spans: list[tuple[int, int]], probs: np.ndarray) -> list[TaggedSpan]:
        """`tag` over tokens whose probabilities are already computed."""
        out: list[TaggedSpan] = []
        run: list[int] = []
        label = 0

        def close() -> None:
            if run:
                s, e = spans[run[0]][0], spans[run[-1]][1]
                while run and not text[spans[run[-1]][0]].isalnum():  # a run ends on a word, not "."
                    run.pop()
                if run:
                    e = spans[run[-1]][1]
                    out.append(TaggedSpan(s, e, self.labels[label], float(probs[run, label].mean())))

        for i in range(len(spans)):
            best = int(probs[i].argmax())
            if best == 0 or probs[i, best] < self.threshold:
                close()
                run = []
                continue
            joined = run and best == label and len(text[spans[run[-1]][1]:spans[i][0]]) <= 2 \
                and "\n" not in text[spans[run[-1]][1]:spans[i][0]]
            if not joined:
                close()
                run = []
                if not text[spans[i][0]].isalnum():
                    continue  # a span opens on a word
            label = best
            run.append(i)
        close()
        return out


_lock = threading.Lock()
_taggers: dict[str, MultilingualTagger] = {}


def load_multilingual_tagger(path: str | Path | None = None) -> MultilingualTagger:
    """The process-wide tagger for a weights file (default: the shipped one), loaded once."""
    key = str(Path(path) if path is not None else WEIGHTS)
    with _lock:
        tagger = _taggers.get(key)
        if tagger is None:
            tagger = MultilingualTagger.load(key)
            _taggers[key] = tagger
        return tagger


_heads: dict[str, MultilingualTagger | None] = {}


def load_disclosure_head(path: str | Path | None = None) -> MultilingualTagger | None:
    """The process-wide disclosure head (`multilingual_disclosure.py`: this model with the
    disclosure classes), or None when no weights ship or they do not load (logged once)."""
    key = str(Path(path) if path is not None else DISCLOSURE_WEIGHTS)
    with _lock:
        if key not in _heads:
            try:
                head = MultilingualTagger.load(key) if Path(key).is_file() else None
                unknown = set(head.labels[1:]) - set(DISCLOSURE_CLASSES) if head is not None else set()
                if unknown:
                    raise ValueError(f"unknown classes {sorted(unknown)}")
                _heads[key] = head
            except (OSError, ValueError, KeyError) as e:
                log.warning("the multilingual disclosure head is off: %s", e)
                _heads[key] = None
        return _heads[key]


# -- cues -------------------------------------------------------------------------------------

_CUE_KINDS = ("name", "name_after", "greeting", "kin", "public", "public_after", "place", "place_after", "org", "org_after", "birth", "birth_after",
              "locative", "locative_after", "org_named", "self_name")
_CUE_GAP_WORDS = 3  # words that may stand between a cue and its span ("ich wohne in der ...")
_NAME_GAP_WORDS = 1  # for a name: "meine Tochter heißt Lena", not "ich lese gerade Goethe"
# for a birth date: a form's date of birth is named, then typed in ("me pide la fecha de nacimiento
# para la cuenta; puse 23/09/1964"): no other date follows those words so closely
_BIRTH_GAP_WORDS = 8


@dataclass(frozen=True)
class Cues:
    """One language's compiled cue regexes: a cue before a span (`before`), or after it (`after`)."""

    before: dict[str, re.Pattern[str]]
    after: dict[str, re.Pattern[str]]

    def has(self, kind: str, before: str, after: str) -> bool:
        b = self.before.get(kind)
        a = self.after.get(kind)
        return bool((b is not None and b.search(_plain(before))) or (a is not None and a.search(_plain(after))))


# The articles some languages put before a name ("η Μαρία", "la Ana", "o João"), Greek's possessive
# after a tie ("τη γιαγιά μου, ...") and the titles of address ("την κυρία Γερακίνα", "doña Elvira")
_NAME_ARTICLES = "τον|την|τη|το|η|ο|του|της|μου|μας|κυρια|κυριας|κυριο|κυριος|κυριου|κυρ|la|el|il|lo|a|o|dona|don|senora|senor"
_PLACES_OR_FIRMS = frozenset({"LOCATION", "ORGANIZATION"})
_MAX_BETWEEN = 3  # words between a tie and the name: "τον πατέρα μου (λέγεται Ειρηναίος)"


def _compile(raw: dict[str, Any]) -> Cues:
    before: dict[str, re.Pattern[str]] = {}
    after: dict[str, re.Pattern[str]] = {}
    called = [_plain(str(p)) for p in raw.get("called") or () if str(p).strip()]
    # after a tie, the name's article or the verb that names ("ανιψιού μου (λέγεται Ευτύχιος)")
    between = _NAME_ARTICLES + (f"|{cue_alternation(called)}" if called else "")
    for kind in _CUE_KINDS:
        gap = _NAME_GAP_WORDS if kind.startswith("name") or kind in ("greeting", "kin") else _CUE_GAP_WORDS
        if kind == "locative_after":
            gap = 0  # the town's own case word, right after it ("Çorum şehrinde"), not one a few words on
        elif kind == "birth":
            gap = _BIRTH_GAP_WORDS
        phrases = [_plain(str(p)) for p in raw.get(kind) or () if str(p).strip()]
        if not phrases:
            continue
        alt = cue_alternation(phrases)
        if kind.endswith("_after"):
            after[kind[: -len("_after")]] = re.compile(rf"^\W{{0,5}}(?:\w{{1,30}}\W{{1,5}}){{0,{gap}}}(?:{alt})(?!\w)")
            if kind == "org_after":  # right after the name, nothing between ("Trendyol şirketindeki ekibim")
                after["org_close"] = re.compile(rf"^(?:\s{{1,3}}|['’]?)(?:{alt})(?!\w)")
        else:
            before[kind] = re.compile(rf"(?<!\w)(?:{alt})(?:\W{{1,5}}\w{{1,30}}){{0,{gap}}}\W{{0,5}}$")
            if kind in ("name", "org", "kin", "place", "locative", "org_named", "greeting", "self_name"):  # right before the span: what makes a span the model calls a place a name
                # a tie, a comma and the name's article between ("τον γιο μου, τον Παναγιώτη")
                article = rf"(?:\W{{1,5}}(?:{between})){{0,{_MAX_BETWEEN}}}" if kind == "kin" else ""
                before[f"{kind}_close"] = re.compile(rf"(?<!\w)(?:{alt}){article}\W{{0,5}}$")
    here = [_plain(str(p)) for p in raw.get("name_here") or () if str(p).strip()]
    if here:
        after["here"] = re.compile(rf"^\s{{1,3}}(?:{cue_alternation(here)})\s{{0,3}}(?:[.,:;!—–\-]|$)")
    self_after = [_plain(str(p)) for p in raw.get("self_after") or () if str(p).strip()]
    if self_after:
        after["self"] = re.compile(rf"^\s{{0,3}},?\s{{0,3}}(?:{cue_alternation(self_after)})(?!\w)")
    for kind in ("job_label", "health_label", "name_label", "place_label", "org_label"):  # read on the text as written: the value's edges are its own
        # (one word may qualify the label: "Kullandığım ilaç:", "Τρέχουσα αγωγή:", "Aktuelle Medikation:")
        labels = [str(p).strip() for p in raw.get(kind) or () if str(p).strip()]
        if labels:
            before[kind] = re.compile(
                # a capitalised label may follow any word: two texts pasted together ("... în Clipboard Diagnostic: migrene")
                # ... or the next item after a comma ("(ο λογαριασμός είναι της γυναίκας μου, όνομα: Θηρεσία)")
                rf"(?:^|(?<=[\n(•*\-–—])|(?<=[.!?;,]\s)|(?<=\s\s)|(?<=\s)(?-i:(?=[A-ZÀ-ÖØ-ÞΑ-ΩА-ЯЁІЇЄ])))\s{{0,3}}(?:[^\W\d_][\w’']{{1,20}}\s{{1,2}})?(?:{cue_alternation(labels)})(?:\s{{0,2}}:|\s{{1,2}}[—–])\s{{0,3}}"  # "Диагноз — ..." too
                rf"(?P<v>[^\W\d_][^\n.,;:!?¿¡()\[\]–—]{{0,60}}?)(?=\s{{0,2}}(?:[.,;:!?¿¡()\n–—]|$)|\s{{2,8}}\S)", re.IGNORECASE)
            # ... or in brackets after the label, an apposition: in a sentence of the writer's ("Seit
            # meiner Diagnose (ADHS) arbeite ich ...") or opening its sentence ("La firmă (Ababei SPI)
            # a apărut ...", "Στο γραφείο (Κυκλάδες Ι.Κ.Ε.) έχουμε ...": the place of the writer's day)
            # (`org_context`, `place_context`: where the writer works or lives, in brackets only)
            context = [str(p).strip() for p in raw.get(kind.replace("_label", "_context")) or () if str(p).strip()]
            before[f"{kind}_bracket"] = re.compile(
                rf"(?<!\w)(?P<label>{cue_alternation([*labels, *context])})\s{{0,2}}\(\s{{0,2}}(?P<v>[^\W\d_][^\n,;:!?()\[\]]{{0,60}}?)\s{{0,2}}\)",
                re.IGNORECASE)
            # a value opening with a label's word says its kind first: "(компания Магнит)"
            before[f"{kind}_lead"] = re.compile(rf"(?:{cue_alternation(labels)})\s{{1,2}}(?=\S)", re.IGNORECASE)
    named_after = [_plain(str(p)) for p in raw.get("org_named_after") or () if str(p).strip()]
    if named_after:  # "Brandtner, meinem Arbeitgeber, ...", "Sievers KG (mein Arbeitgeber)": an apposition, closed
        after["org_named_close"] = re.compile(
            rf"^\s{{0,2}}(?:,|\(|\s[–—-])\s{{0,3}}(?:{cue_alternation(named_after)})\s{{0,2}}(?:[,.;:)!?]|$)")
    study = [_plain(str(p)) for p in raw.get("study_task") or () if str(p).strip()]
    if study:  # `_for_a_course`: a course's work, anywhere in a school's sentence
        before["study_task"] = re.compile(rf"(?<!\w)(?:{cue_alternation(study)})(?!\w)")
    apposition = [_plain(str(p)) for p in raw.get("self_apposition") or () if str(p).strip()]
    if apposition:
        before["apposition"] = re.compile(rf"(?<!\w)(?:{cue_alternation(apposition)})\s{{0,3}},\s{{0,3}}$")
    return Cues(before, after)


@functools.lru_cache(maxsize=4)
def _raw_cues(path: str = str(CUES)) -> dict[str, dict[str, Any]]:
    """The cue file as written, per language: read once for the compiled cues and the word lists."""
    from ruamel.yaml import YAML

    raw = YAML(typ="safe").load(Path(path).read_text(encoding="utf-8")) or {}
    return {str(lang): dict(entry or {}) for lang, entry in raw.items()}


_LABEL_WORD = re.compile(r"(?<![\w\-])([^\W\d_]{3,30})(?=[ \t]{0,2}:)")
_LABEL_KINDS = ("birth", "name_label", "place_label", "org_label", "job_label", "health_label")


@functools.lru_cache(maxsize=16)
def _label_words(language: str, path: str = str(CUES)) -> frozenset[str]:
    """The one-word labels of the language's forms ("geburtsdatum", "firma", "beruf"), lower case."""
    raw = _raw_cues(path).get(language, {})
    return frozenset(lower(str(p)) for kind in _LABEL_KINDS for p in raw.get(kind) or () if " " not in str(p).strip()
                     and str(p).strip().isalpha())


def respelled_labels(text: str, language: str) -> str:
    """`text` with each word before a colon that the language never writes (wordfreq's Zipf 0) and that
    one swap of two adjacent letters turns into a form's label read as that label ("Gebrutsdatum:",
    "iFrma:"): the same length, so every span stays the text's own."""
    labels = _label_words(language)
    if not labels or ":" not in text:
        return text
    out = text
    for m in _LABEL_WORD.finditer(text):
        word = m.group(1)
        if lower(word) in labels or zipf(lower(word), language) > 0:
            continue
        for i in range(len(word) - 1):
            swapped = word[:i] + word[i + 1] + word[i] + word[i + 2:]
            if lower(swapped) in labels:
                out = out[:m.start(1)] + swapped + out[m.end(1):]
                break
    return out


@functools.lru_cache(maxsize=4)
def load_cues(path: str = str(CUES)) -> dict[str, Cues]:
    """Each language's compiled cues from the YAML file."""
    return {lang: _compile(entry) for lang, entry in _raw_cues(path).items()}


# -- the recogniser ---------------------------------------------------------------------------

_DIGIT = re.compile(r"\d")
_POSTCODE = re.compile(r"(?<!\d)\d{4,6}(?!\d)|(?<!\d)\d{2}-\d{3}(?!\d)|(?<!\w)\d{4}\s?[A-Z]{2}(?!\w)")
_NUMERIC_DATE = re.compile(r"(?<!\d)\d{1,4}[./-]\d{1,2}[./-]\d{1,4}(?!\d)")
_DAY_BEFORE = re.compile(r"(?<![\w.])\d{1,2}(?:\.|er|º|-?(?:го|е|ого))?\s{1,2}(?:de\s{1,2})?$")
_STREET_NUMBER = re.compile(r"[^\W\d_]{3,30}\.?,?\s{1,2}(?:(?:No|Nr|nr|n|д)\.?:?\s{0,2})?\d{1,4}[a-zA-Z]?(?!\d)")
# A greeted or signing name ends its clause: "Hallo Anna, ...", "Viele Grüße, Jana" ("Merhaba,
# İstanbul'daki Ayasofya ne zaman ..." greets the assistant, and the place is the question's).
_VOCATIVE_END = re.compile(r"\s{0,2}(?:[,!;:()\n]|[.»\"”“'’]{1,3}\s{0,2}(?:$|[\n.!?)]|\s[^\W\d_])|$)")
# The cues right before a capitalised word that say what it is, whatever the name model says
_NAMED_BY_CUE: tuple[tuple[str, str, C, bool], ...] = (
    ("kin", "PERSON", C.CONTACT, False), ("self_name", "PERSON", C.CONTACT, False), ("place", "LOCATION", C.LOCATION_COARSE, True))
def _question_marks(language: str) -> str:
    """The marks a sentence of the language asks with (Greek asks with ";" and its own "\u037e")."""
    return "?¿;\u037e" if language == "el" else "?¿"


def _is_question(sentence: str, language: str) -> bool:
    """Whether the sentence ends with its language's question mark."""
    return sentence.rstrip(" \t\n\"'»”“)").endswith(tuple(_question_marks(language)))


@functools.lru_cache(maxsize=16)
def _month_names(language: str) -> str | None:
    """The language's month names (wide or abbreviated, in a date or alone, as Unicode CLDR writes
    them) as one alternation; None for a language Babel does not know."""
    from babel.core import UnknownLocaleError
    from babel.dates import get_month_names

    try:
        names = {name for width in ("wide", "abbreviated") for context in ("format", "stand-alone")
                 for name in get_month_names(width, context, locale=language).values()}
    except (UnknownLocaleError, ValueError):
        return None
    return word_alternation(sorted({n.rstrip(".") for n in names if n}, key=len, reverse=True))


@functools.lru_cache(maxsize=16)
def _day_of_month(language: str) -> re.Pattern[str] | None:
    """What follows a day of the month: its stop or ending, then the month's name ("28. August")."""
    months = _month_names(language)
    return None if months is None else re.compile(
        r"(?:\.|º|-?(?:го|е|ого))?\s{1,2}(?:de\s{1,2})?(?:" + months + r")(?!\w)", re.IGNORECASE)


@functools.lru_cache(maxsize=16)
def _written_date(language: str) -> re.Pattern[str] | None:
    """A day, the language's month name and a four-digit year: "3 de noviembre de 1975",
    "17. Dezember 1992", "31 мая 1964"."""
    months = _month_names(language)
    if months is None:
        return None
    return re.compile(r"(?<![\w.])\d{1,2}(?:\.|º|-?(?:го|е|ого))?\s{1,2}(?:de\s{1,2})?(?:" + months
                      + r")\.?,?\s{1,2}(?:de\s{1,2}|del\s{1,2})?(?:1[89]|20)\d{2}(?!\d)", re.IGNORECASE)


# A Turkish town with "from" and "I am" written on it, no apostrophe ("Safranboluluyum", "İzmirliyim")
_TR_FROM_SELF = re.compile(r"([^\W\d_]{3,40}?)l[ıiuü]y[ıiuü][mz]")
# Turkish writes a proper noun's case ending after an apostrophe (TDK): "Kastamonu'da", "Uşak'tan"
_CASE_ENDING = re.compile(r"['’](?:d[ae]|t[ae]|d[ae]n|t[ae]n|l[ıiuü]|l[ıiuü]y[ıiuü]m|d[ae]y[ıi]m|d[ae]n[ıi]m)(?!\w)")
# Any suffix after a name's apostrophe ("Isparta'dan", "Lustral'i", "Ayşe'nin"): the name ends there
_TR_SUFFIX = re.compile(r"['’][a-zçğıöşü]{1,10}$")
_QUOTE_OPENS = re.compile(r"[\"«„“‘'(\[]\s{0,2}$")
# a stop that ends a sentence, not an abbreviation of birth ("geb.", "nasc.", "род.") before a date,
# nor one after a single letter (initials and letter abbreviations: "д. р.", "D.T.", "n."), nor one
# after a word of two to four letters before a number ("Doğ. 12 Ekim 1969", "Nr. 5")
_SENTENCE_BREAK = re.compile(
    r"(?<![Gg]eb)(?<![Nn]asc)(?<![Рр]од)(?<![Нн]ар)(?:(?<!(?<!\w)[^\W\d_])"
    r"(?:(?<!(?<!\w)[^\W\d_]{2})(?<!(?<!\w)[^\W\d_]{3})(?<!(?<!\w)[^\W\d_]{4})\.|\.(?!\s{1,2}\d))|[!?\n])(?=\s|$)")
# A capitalised word or an initial right beside a name span: the model often tags one part only.
_NAME_WORD_AFTER = re.compile(r"[ \u00a0]([^\W\d_][\w'’\-]{0,30})(?![\w'’\-])")
_MAX_NAME_WORDS = 3
_HYPHEN_PART = re.compile(r"-[^\W\d_a-zα-ωа-я][^\W\d_]{0,30}(?![\w'’])")
INSTITUTION_SCORE = 0.9  # a school's or university's name by its kind word: the model's surest guess
# What a cue makes the writer's that a question about the world asks of someone else ("Wo wurde der
# Regisseur von „Avatar" geboren?": "geboren" is a cue of a place; the question is no one's), a
# name a question asks about too ("Warum heißt Bochum Bochum?": the name cue asks there, it does not
# tell); addresses keep their own stronger cues.
_NAMED = frozenset({"ORG", "PLACE"})  # the disclosure head's classes that are names


# A number of five digits or more (or in groups of two to four) right after a span, with a verb, a
# colon or a bracket between: the span is the number's label ("Steuer-ID ist 9123...", "СНИЛС:
# 112-233-445 95"), not a house number and a postcode ("Calle Mayor 5 28013")
_ID_AFTER = re.compile(r"[ \u00a0]{0,2}(?:[:(#=]|[^\W\d_]{1,6}:?)?[ \u00a0]{0,2}\(?(?:\d{5}|\d{2,4}[ \-./]\d{2,4}[ \-./]?\d)")


# The word for an identifier at a span's end ("Steuer-ID", "Versicherungsnummer"): the name of a
# number, no detail of the writer's
_ID_WORD = re.compile(r"(?i)(?:(?:^|[\s\-])(?:id|number|αριθμός|numarası)|nummer)$")  # not "nr."/"No" of a house number


@functools.lru_cache(maxsize=16)
def _closing_formula(language: str, path: str = str(CUES)) -> re.Pattern[str] | None:
    """The language's greetings and closing formulas (`greeting`: "Cu stimă", "Φιλικά", "Hallo") with
    the comma, colon or line break a signature or an address follows them with, on the plain text."""
    phrases = [_plain(str(p)) for p in _raw_cues(path).get(language, {}).get("greeting") or () if str(p).strip()]
    if not phrases:
        return None
    return re.compile(rf"(?<!\w)(?:{cue_alternation(phrases)})[ \t]{{0,2}}(?:[,:!][ \t]{{0,3}}\n?|\n)[ \t]{{0,3}}")


_SIGN_WORD = re.compile(r"[^\W\d_][^\W\d_'’]{1,25}(?:-[^\W\d_][^\W\d_'’]{1,25})?")
# a surname no list knows is no word the language writes often: "Einstellungen", "Configuración" of
# a text pasted after the signature are (Zipf 3.0: once in a million words)
RARE_SURNAME_ZIPF = 3.0


def _name_after(text: str, start: int, language: str) -> int | None:
    """The end of the given name and the one or two surnames that open text[start:], each word in
    title case: a given name Faker knows first, then a surname Faker knows or a word the language
    rarely writes, then another surname Faker knows; None where there are not two such words."""
    words: list[int] = []
    pos = start
    while len(words) < 3:
        m = _SIGN_WORD.match(text, pos)
        if m is None:
            break
        word = m.group()
        if not all(part[:1].isupper() and (part[1:].islower() or not part[1:].isalpha()) for part in word.split("-")):
            break
        folded = word.casefold()
        if not words:
            if folded not in given_names():
                return None
        elif folded not in name_words() and (len(words) > 1 or zipf(lower(word), language) >= RARE_SURNAME_ZIPF):
            break  # a second surname is a known one: a rare word there is the pasted text's ("Speicherort")
        words.append(m.end())
        if text[m.end():m.end() + 1] not in (" ", "\u00a0") or not text[m.end() + 1:m.end() + 2].isalpha():
            break
        pos = m.end() + 1
    return words[-1] if len(words) >= 2 else None


@functools.lru_cache(maxsize=16)
def _kin_words(language: str, path: str = str(CUES)) -> frozenset[str]:
    """The words of the language's `kin` cues ("κόρη", "tochter", "annem"), without accents."""
    phrases = _raw_cues(path).get(language, {}).get("kin") or ()
    return frozenset(_plain(form.strip("*")) for phrase in phrases for word in str(phrase).split()
                     for form in word.split("|") if len(form.strip("*")) > 2)


@functools.lru_cache(maxsize=16)
def _kin_titles(language: str, path: str = str(CUES)) -> frozenset[str]:
    """The language's ties used as a title before a given name (`kin_title` cues), without accents."""
    return frozenset(_plain(str(w)) for w in _raw_cues(path).get(language, {}).get("kin_title") or ())


# A tie opening its clause, then the name: the text's start, a line's, or after a stop, comma or bracket
# (an article may come first: "la abuela Carmen", "η γιαγιά Μαρία")
_TITLE_LEAD = re.compile(rf"(?:^|(?<=[.!?;:,(\n—–\-]))\s{{0,3}}(?:(?i:{_NAME_ARTICLES}|le)\s{{1,3}})?"
                         r"(?P<tie>[^\W\d_]{2,20})\s{1,3}$", re.MULTILINE)


def _titled_by_kin(text: str, start: int, language: str) -> bool:
    """Whether the word at `start` follows a tie used as a title at its clause's start ("Дедушка
    Давыд", "..., la abuela Carmen") and is a given name Faker knows; a clause that asks is the
    world's ("¿Quién era el tío Sam?")."""
    titles = _kin_titles(language)
    lead = _TITLE_LEAD.search(text, max(0, start - 30), start) if titles else None
    if lead is None or _plain(lead.group("tie")) not in titles:
        return False
    end = _LETTERS.match(text, start)
    return end is not None and end.group().casefold() in name_words() \
        and not _is_question(_clause_of(text, start, end.end()), language)


@functools.lru_cache(maxsize=32)
def _name_nouns(language: str, path: str = str(CUES)) -> frozenset[str]:
    """The language's nouns for a person's name (`name_noun` cues: "namen", "isim", "όνομα"), without accents."""
    return frozenset(_plain(str(w)) for w in _raw_cues(path).get(language, {}).get("name_noun") or ())


def _kin_only(span: str, language: str) -> bool:
    """Whether every word of `span` is a word of the language's family ties."""
    kin = _kin_words(language)
    words = _LETTERS.findall(_plain(span))
    return bool(kin) and bool(words) and all(w in kin for w in words)


def _a_name(text: str, start: int, end: int, language: str, named: Sequence[TaggedSpan]) -> bool:
    """Whether text[start:end] is written as a name: with a capital, and, in a language that
    capitalises every noun, where the name model (`MultilingualTagger`) reads a name too."""
    if not any(ch.isupper() for ch in text[start:end]):
        return False
    return language not in CAPITALISES_NOUNS or any(
        n.label != "DATE" and n.start < end and start < n.end for n in named)
_ABOUT_THE_WRITER = frozenset({"PERSON", "LOCATION", "ORGANIZATION", "OCCUPATION", "DATE_OF_BIRTH", "HEALTH", "SPECIAL_CATEGORY",
                               "AGE", "MONEY"})
_SENTENCE_STOP = re.compile(r"[.!?;\n]")
# A label of one to three words opening its clause, then its colon; the value ends its clause.
_LABEL_BEFORE = re.compile(r"(?:^|[\n(•*\-–—]|[.!?]\s)\s{0,3}[^\W\d_][^\W\d_'’\-]{0,24}(?:\s[^\W\d_]{1,24}){0,2}\s{0,2}:\s{0,3}$")
_LABELLED_VALUE_END = re.compile(r"\s{0,2}(?:[.,;)\n]|$)|\s{2,8}(?=\S)")  # two spaces: the next line of a flattened form
_LABELLED_CLASSES: dict[str, tuple[str, C, bool]] = {
    "PERSON": ("PERSON", C.CONTACT, False), "LOCATION": ("LOCATION", C.LOCATION_COARSE, True),
    "ORGANIZATION": ("ORGANIZATION", C.CONTACT, True)}
_LETTERS = re.compile(r"[^\W\d_]{1,40}")
_LINE = re.compile(r"[^\n]{1,2000}")  # a line of a value whose lines are in several languages
# A family word, then a comma, a colon or an opening bracket, then the name (`_kin_appositions`) ...
_KIN_BEFORE_NAME = re.compile(r"(?<![\w\-])(?P<kin>[^\W\d_]{3,30})[ \u00a0]{0,2}(?P<mark>[,:(])[ \u00a0]{0,2}$")
# ... or the name, a comma, one or two words of the family (with a possessive), and the clause goes on
_KIN_AFTER_NAME = re.compile(r"[ \u00a0]{0,2},[ \u00a0]{0,2}(?P<kin>[^\W\d_]{2,30}(?:[ \u00a0][^\W\d_]{2,30})?)"
                             r"[ \u00a0]{0,2}(?=[,;:.!?)\n–—]|[ \u00a0][–—-][ \u00a0]|$)")
# Russian and Ukrainian legal forms, written before the name too
_RU_LEGAL_FORM = "|".join(RU_FORMS)
# Russian and Ukrainian write the form first and the name in quotes: "ООО «Шестакова»", "ТОВ «Рута»";
# the same with a word for a kind of company in any case ("сотрудник компании «Карпов и партнеры»",
# "на заводе «Прогресс»", "у фірмі «Рута»"): the quotes are how those languages set off a firm's name
_COMPANY_NOUN = (r"(?i:компани[яиюей]|компаніі|компанії|компанію|фирм[аыеу]|фірм[аиіу]|завод[аеу]?|банк[аеу]?|"
                 r"агентств[оае]|агенці[їяю]|корпораци[яиюей]|корпораці[їяю]|холдинг[аеу]?|концерн[аеу]?|"
                 r"издательств[оае]|видавництв[оіа]|студи[яиюей]|студі[їяю]|"
                 # a department or branch of it ("в IT-отделе «Северсталь»")
                 r"(?:it|ит|айти)-отдел[аеу]?|отдел[аеу]?|офис[аеу]?|філі[їяю]|филиал[аеу]?|департамент[аеу]?|організаці[їяю]|организаци[яиюей]|"
                 # a school or a college, named the same way ("в гимназии «Интеллект»", "лицей «Вторая школа»")
                 r"лице[йяюе]\w{0,2}|ліце[йюя]\w{0,2}|гимнази[яиюей]|гімназі[яїюй]|школ[аыеуо]й?|колледж\w{0,2}|коледж\w{0,2}|"
                 r"техникум\w{0,2}|технікум\w{0,2}|университет\w{0,2}|університет\w{0,2}|институт\w{0,2}|інститут\w{0,2}|"
                 r"академи[яиюей]|академі[яїюй]|училищ[еау])")
_FORM_FIRST = re.compile(
    rf"(?<!\w)(?:(?:{_RU_LEGAL_FORM})|(?P<noun>{_COMPANY_NOUN}))[ \u00a0]{{1,2}}[«\"„“](?P<name>[^»\"“”\n]{{1,60}})[»\"“”]")
# ... and without quotes: a word for a company, then a capitalised name ("компания Лукойл", "в банке Тинькофф")
_NOUN_THEN_NAME = re.compile(rf"(?<!\w)(?:{_COMPANY_NOUN})[ \u00a0]{{1,2}}(?P<name>[A-ZА-ЯЁІЇЄ][\w\-]{{1,30}})")


@functools.lru_cache(maxsize=16)
def _workplace_then_firm(language: str, path: str = str(CUES)) -> re.Pattern[str] | None:
    """The writer's workplace (`org_context`: "στο γραφείο", "la birou", "en la oficina"), a comma, a
    preposition of a workplace (`employer`) and a capitalised name: that name is the firm of the workplace."""
    raw = _raw_cues(path).get(language, {})
    places = [str(w) for w in raw.get("org_context") or ()]
    preps = [str(w) for w in raw.get("employer") or ()]
    if not places or not preps:
        return None
    return re.compile(rf"(?i:(?<!\w)(?:{cue_alternation(places)})),[ \u00a0]{{1,2}}(?i:{cue_alternation(preps)})[ \u00a0]{{1,2}}"
                      rf"(?P<name>[A-ZÀ-ÞΑ-ΩΆ-ΏА-ЯЁІЇЄ][\w\-]{{1,30}})")


def _workplaces_named(text: str, language: str) -> list[tuple[int, int, bool]]:
    """Firms named after a word for a company without quotes, or after the writer's workplace and a
    comma (`_NOUN_THEN_NAME`, `_workplace_then_firm`), with the capitalised words that go on the name;
    a word common in the language is none ("компания Google" stays: a firm known worldwide is one)."""
    out: list[tuple[int, int, bool]] = []
    patterns: list[tuple[re.Pattern[str], bool]] = [(_NOUN_THEN_NAME, False)] if language in ("ru", "uk") else []
    firm = _workplace_then_firm(language) if language not in CAPITALISES_NOUNS else None
    if firm is not None:
        patterns.append((firm, True))
    for pattern, apposition in patterns:
        for m in pattern.finditer(text):
            start, end = m.start("name"), _whole_name(text, m.end("name"))
            if zipf(lower(text[start:m.end("name")]), language) < OPENER_ZIPF:
                out.append((start, end, apposition))
    return out


# A school named by its number, as Russian, Ukrainian, Romanian and Polish schools are and Greek ones by
# an ordinal ("школа № 444", "лицей № 1535", "Școala Gimnazială nr. 5", "3ο Γυμνάσιο"): one building of
# one town, a school where a name would stand
_NUMBERED_SCHOOL = re.compile(
    r"(?i)(?<!\w)(?:(?:школ[аыеуо]й?|школ[аыу]-интернат\w{0,2}|лице[йяюе]\w{0,2}|гимнази[яиюей]|ліце[йюя]\w{0,2}|гімназі[яїюй]|"
    r"колледж\w{0,2}|техникум\w{0,2}|технікум\w{0,2}|детск\w{1,3}\sсад\w{0,2}|дитяч\w{1,3}\sсад\w{0,2}|"
    r"(?:şcoala|școala|scoala|liceul|colegiul)(?:\s[^\W\d_]{2,20}){0,2}|grundschule|gymnasium|gesamtschule|realschule|"
    r"escuela|colegio|instituto|scuola|liceo|école|collège|lycée|escola|szkoł[ayę]|liceum|gimnazjum)"
    r"[ \u00a0]{1,2}(?:№|nr\.?|no\.?|n[º°o]\.?|núm\.?|#)[ \u00a0]?\d{1,4}(?!\d)"
    r"|\d{1,3}(?:ο|ου|ης|η)[ \u00a0](?:γυμνάσι\w{0,3}|λύκει\w{0,3}|δημοτικ\w{0,3}(?:[ \u00a0]σχολεί\w{0,3})?|νηπιαγωγεί\w{0,3}))")
# The words that name a school or a university in the supported languages (an institution's kind,
# as a legal form is a company's): "Πανεπιστήμιο Κρήτης", "Boğaziçi Üniversitesi", "Liceul Teoretic ...".
_INSTITUTIONS = re.compile(
    r"(?i:universi[td]\w{0,6}|polit[eé]cnic\w{0,2}|politechnik\w{0,2}|polytechni\w{0,4}|πολυτεχνε\w{0,3}|"
    r"политехни\w{0,8}|üniversite\w{0,4}|uniwersytet\w{0,3}|университет\w{0,3}|університет\w{0,3}|"
    r"πανεπιστήμι\w{0,3}|hochschule|fachhochschule|berufskolleg|berufsschule|gymnasium|lyzeum|gesamtschule|realschule|grundschule|"
    r"colegi\w{0,3}|liceu\w{0,2}|liceo|lycée|lisesi|okulu|instituto|institutul|politécnica|politehnica|"
    r"school|schule|școala|scoala|σχολή|σχολείο|λύκειο|γυμνάσιο|лице[йяюе]\w{0,2}|гимнази[яиюей]\w{0,2}|школ[аыеуо]\w{0,1}|"
    r"академи[яиюей]|akademie|academia|"
    r"escuela|école|scuola|escola|szkoła|hogeschool|λ[υύ]κε[ιί]\w{0,3}|γυμν[αά]σι\w{0,3})"
    # Spain's secondary and primary schools, Greece's general and vocational lyceums, by their
    # type's initials ("IES Luis Vives", "1ο ΕΠΑΛ Καβάλας")
    r"|IES|CEIP|ΓΕΛ|ΕΠΑΛ"
)
_SCHOOL_COMPOUND = re.compile(r"(?<=[a-zäöüß]{3})(?:schule|gymnasium|universität|hochschule|akademie|kolleg)$")
_INSTITUTION_NUMBER = re.compile(r"[ \u00a0]{1,2}(?:№|Nr\.|nr\.|n[º°]|No\.)[ \u00a0]?\d{1,4}(?!\d)")
_NUMBERED_INSTITUTION = re.compile(r"(?<![\w\-])([^\W\d_]{4,20})[ \u00a0]{1,2}(?:№|Nr\.|nr\.|n[º°]|No\.)[ \u00a0]?\d{1,4}(?!\d)")
_MID_SENTENCE = re.compile(r"[\w,][ \u00a0]$")
_HYPHEN_PART_BEFORE = re.compile(r"(?<![\w'’\-])[^\W\d_](?:[^\W\d_]|['’]){1,30}-$")
_NAME_WORD_BEFORE = re.compile(r"(?<![\w'’\-])([^\W\d_][\w'’\-]{0,30})[ \u00a0]$")
# A writer's own name by where it stands (`_signed`): the model's surest names only.
SIGNED_MIN_SCORE = 0.9
# A private person's full name by its shape alone (`_a_private_full_name`): the model's sure names only.
PRIVATE_NAME_MIN_SCORE = 0.8
_PRIVATE_NAME_WORDS = (2, 4)  # given name and surname, up to two of each
_SIGN_WORDS = 3  # other words in a sign-off's segment ("Viele Grüße", "подпись:") or before an opening name
_CLOSING_END = re.compile(r"[\s.!)\]]{0,8}")
_BRACKET_END = re.compile(r"[^()?¿]{0,80}\)[\s.!]{0,4}")
_CLAUSE_END = re.compile(r"[.:!?\n]")
_WRITER_WORD = re.compile(r"[^\W\d_]{1,30}")
_CLAUSE_GOES_ON = re.compile(r"\s{0,2}[,:—–-]")


class MultilingualTaggerRecognizer(Recognizer):
    """The multilingual token classifier with each language's first-person cues (module docstring)."""

    name: ClassVar[str] = "multilingual_tagger"
    entities: ClassVar[tuple[str, ...]] = (
        "PERSON", "STREET_ADDRESS", "LOCATION", "ORGANIZATION", "DATE_OF_BIRTH", "HEALTH", "OCCUPATION", "RELIGION",
        "POLITICS", "SPECIAL_CATEGORY", "AGE", "MONEY",
    )
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    LANGUAGES: ClassVar[frozenset[str] | None] = SUPPORTED
    MAX_CHARS: ClassVar[int] = 10_000  # what one value costs stays bounded (as the other prose readers)
    WINDOW_BEFORE: ClassVar[int] = 60  # characters before a span searched for its cue, within its sentence
    WINDOW_AFTER: ClassVar[int] = 40
    # A model guess loses to a regex, a checksum or a labelled value on an overlapping span, as the
    # other readers' do; a cue makes it the writer's, not more certain of its edges.
    SCORE_SCALE: ClassVar[float] = 0.7
    # The cue grammar's health terms and job titles (multilingual_health.py, multilingual_work.py):
    # the English health gazetteer's and job list's scores, a cue being part of every match here.
    HEALTH_SCORE: ClassVar[float] = 0.6
    WORK_SCORE: ClassVar[float] = 0.55
    BELIEF_SCORE: ClassVar[float] = 0.6  # as the English special categories' words, with their cue
    CUED_NAME_SCORE: ClassVar[float] = 0.6  # a name or a town by its cue alone, as a cue's health term
    MAX_SIGNED: ClassVar[int] = 20  # names after greetings or closing formulas in one text
    BIRTH_DATE_SCORE: ClassVar[float] = 0.65  # above any date shape's (`dates.py`: 0.6 at most)

    disclosure_head: bool = True  # the learned head of the writer's details (multilingual_disclosure.py)

    def __init__(self, tagger: MultilingualTagger | None = None, *, weights: str | Path | None = None,
                 cues: str | Path | None = None) -> None:
        self._tagger = tagger
        self._weights = weights
        self._cues_path = str(cues) if cues is not None else str(CUES)
        self.available = True

    def _model(self) -> MultilingualTagger | None:
        if self._tagger is None and self.available:
            try:
                self._tagger = load_multilingual_tagger(self._weights)
            except (OSError, ValueError, KeyError) as e:
                log.warning("multilingual tagger disabled, other languages' prose is read by the patterns only: %s", e)
                self.available = False
        return self._tagger

    def warm(self) -> None:
        """Load the weights and the cues now, not on the first value."""
        self._model()
        name_words()
        load_cues(self._cues_path)
        load_health()
        load_work()
        load_towns()
        for language in SUPPORTED:  # the family words and Faker's job titles, read once per language
            _kin_words(language)
            faker_job_heads(language)
        worldwide("Firefox")  # wordfreq's lists of every language read, which the first answer loads

    def analyze(self, field: Field) -> list[Finding]:
        value = field.value
        if not is_natural_text(value):
            return []
        text = value[: self.MAX_CHARS]
        language = language_of(text)
        if language in SUPPORTED:
            return self._read(field, respelled_labels(text, language), language)
        if language not in (None, ENGLISH) or "\n" not in text:
            return []  # a language of no reader here, or one line
        # lines of several languages ("Unvan: elektrik teknisyeni" over a sentence with an English
        # saying in it, a Greek line in an English message): each line whose own language is one
        # of ours, read alone
        found: list[Finding] = []
        for line in _LINE.finditer(text):
            lang = language_of(line.group())
            if lang in SUPPORTED:
                found.extend(dataclasses.replace(f, start=f.start + line.start(), end=f.end + line.start())
                             for f in self._read(field, line.group(), lang))
        return found

    def _read(self, field: Field, text: str, language: str) -> list[Finding]:
        """`analyze` on a text (a field's value or one of its lines) in `language`: the findings'
        spans are the text's."""
        cues = load_cues(self._cues_path).get(language)
        tagger = self._model()
        if cues is None or tagger is None:
            return []
        found: list[Finding] = []
        tokens = tokenize(text)
        probs = tagger.probabilities(text, tokens)
        spans = _with_form_names(text, _with_institutions(text, _groups(text, tagger.spans_of(text, tokens, probs)), language))
        for span in spans:
            finding = self._finding(field, text, span, cues, language)
            if finding is not None:
                found.append(finding)
        for span in _unsure_names(tagger, text, spans, tokens, probs):
            # a capitalised word the model leans towards a name or a place without reaching its
            # threshold ("Mein Heimatort ist Zeulenroda", "там, где я вырос (Тула)"): a place or a
            # name cue of the writer's right before it settles it; nothing else does
            finding = self._finding(field, text, span, cues, language)
            if finding is not None and finding.entity in _RESCUED and not any(
                    f.start < finding.end and finding.start < f.end for f in found):
                found.append(finding)
        for finding in self._labelled_job_and_health(field, text, cues, language):
            # the label says what the value is, whatever the model called it ("Beruf: Dachdecker" no person)
            found = [f for f in found if not (f.start < finding.end and finding.start < f.end)] + [finding]
        for finding in self._named_employers(field, text, tokens, cues):
            if not any(f.start < finding.end and finding.start < f.end for f in found):
                found.append(finding)
        for finding in self._employers_before_cue(field, text, tokens, cues, language):
            if not any(f.start < finding.end and finding.start < f.end for f in found):
                found.append(finding)
        named = self._named_by_cue(field, text, tokens, cues, language) if language not in CAPITALISES_NOUNS \
            else self._listed_names_by_cue(field, text, tokens, cues)
        for finding in named:
            overlapping = [f for f in found if f.start < finding.end and finding.start < f.end]
            if overlapping and finding.entity == "PERSON" and all(f.entity in _PLACES_OR_FIRMS for f in overlapping):
                # the tie says it is a person whatever the model reads in the name: "τη γιαγιά μου, την
                # κυρία Γερακίνα" (a village's name too)
                found = [f for f in found if f not in overlapping]
                overlapping = []
            if not overlapping:
                found.append(finding)
        for finding in [*self._kin_appositions(field, text, tokens, cues, language), *self._named_here(field, text, tokens, cues),
                        *self._signed_name(field, text, cues), *self._course_schools(field, text, cues, language)]:
            if not any(f.start < finding.end and finding.start < f.end for f in found):
                found.append(finding)
        for finding in self._names_after_closing(field, text, language):
            # the model's name may run on into the text pasted after the signature ("Mihai Popescu Setări")
            found = [f for f in found if not (f.entity == "PERSON" and f.start <= finding.start and finding.end <= f.end)]
            if not any(f.start < finding.end and finding.start < f.end for f in found):
                found.append(finding)
        for finding in self._known_towns(field, text, tokens, cues, language):
            if not any(f.start < finding.end and finding.start < f.end for f in found):
                found.append(finding)
        for finding in self._birth_dates(field, text, cues, language):
            # the date's own shape has the edges: the model's date span may have taken a word
            # beside it ("меня 07.01.2004") or left its year out ("12 de enero de"); a span of
            # another kind inside the date is a piece of it ("April" of "18. April 2003" as a place)
            found = [f for f in found if not (f.start < finding.end and finding.start < f.end and (
                f.entity == "DATE_OF_BIRTH" or finding.start <= f.start and f.end <= finding.end))]
            if not any(f.start < finding.end and finding.start < f.end for f in found):
                found.append(finding)
        # a birth date outranks the same date read by the date shapes alone (`dates.py`), which
        # says only that it is a date: the Detector keeps the higher score; one with no digit is
        # a word the model took for a date ("меня")
        found = [dataclasses.replace(f, score=max(f.score, self.BIRTH_DATE_SCORE)) if f.entity == "DATE_OF_BIRTH" else f
                 for f in found if f.entity != "DATE_OF_BIRTH" or _DIGIT.search(text, f.start, f.end)]
        found = [f for f in self._with_health_and_work(field, text, language, found, spans)
                 if f.entity not in _ABOUT_THE_WRITER or not world_question(_sentence_of(text, f.start, f.end), language)]
        found = [_health_named(f) if is_health_word(text[f.start:f.end], language) else f
                 for f in found if not _abbreviates_no_finding(text, f, found, language)
                 and (not _a_common_word_opening(text, f, tokens, language) or is_health_word(text[f.start:f.end], language))]
        # "no soy informático", "а не как технарь", "nu IT-ist": what the writer is not is no job or group of theirs
        found = [f for f in found if f.entity not in ("OCCUPATION", "SPECIAL_CATEGORY") or not negated_title(text, f.start)]
        if language in CAPITALISES_NOUNS and _NOUN_CAPITAL.search(text):
            # German writes a job with a capital, as every noun: a lower-case word where a writer who
            # capitalises nouns put a job's place is an adjective ("bin ich müde")
            found = [f for f in found if f.entity != "OCCUPATION" or any(w[:1].isupper() for w in text[f.start:f.end].split())]
        return [_without_case_ending(text, f) for f in found] if language == "tr" else found

    def _named_by_cue(self, field: Field, text: str, tokens: list[tuple[int, int]], cues: Cues,
                      language: str) -> list[Finding]:
        """Each capitalised word right after a cue of `_NAMED_BY_CUE`: of the writer's people (`kin`:
        "mi nieto Darío", "Babam Talayer", "η κόρη μου η Χάρη") that person's name, of the writer's
        naming of themself (`self_name`: "λέγομαι Όθων", "меня зовут Агафья") their own, of the writer's
        place (`place`: "Doğduğum şehir Kahramanmaraş", "vivo en Villarrobledo") the town, whatever
        the name model makes of a rare one. Only where the language writes no common noun with a
        capital, and not a word that opens a sentence or a quotation (its capital is its place's)
        nor an acronym."""
        out: list[Finding] = []
        for (a, b), opener in zip(tokens, sentence_openers(text, tokens)):
            word = text[a:b]
            if opener or not word[:1].isupper() or word.isupper() or not word.isalpha() or (out and a < out[-1].end):
                continue
            before, after = _window(text, a, b, self.WINDOW_BEFORE, self.WINDOW_AFTER)
            if _QUOTE_OPENS.search(before):
                continue
            cued = next(((e, c, q) for kind, e, c, q in _NAMED_BY_CUE if cues.has(f"{kind}_close", before, "")), None)
            if cued is None and _titled_by_kin(text, a, language):  # "Дедушка Давыд говорит": a relative by their title
                cued = ("PERSON", C.CONTACT, False)
            if cued is not None and cues.has("public", before, after) and not cues.has("kin_close", before, ""):
                continue  # "über Goethe", "Wer war ...": what is asked about; the writer's tie right before it wins
            if cued is not None:
                entity, category, quasi = cued
                out.append(Finding(category=category, entity=entity, field_path=field.path, start=a,
                                   end=_whole_name(text, b), score=self.CUED_NAME_SCORE, recognizer=self.name,
                                   quasi=quasi))
        return out

    def _employers_before_cue(self, field: Field, text: str, tokens: list[tuple[int, int]], cues: Cues,
                              language: str) -> list[Finding]:
        """The run of up to three capitalised words right before an employer's or a school's cue
        that follows its name with nothing between (`org_after`: "Trendyol şirketindeki ekibim",
        "Dacia'daki ekibim"), where the language writes only names with a capital: the cue says the
        run is the writer's organisation, whatever the name model makes of it (it may see none).
        A run opening a sentence counts too, unless one of its words is among the language's
        commonest (`OPENER_ZIPF`: "Benim", "Ankara"), which a sentence's capital explains; nor a
        name every language writes ("Excel ödevi": a program's homework, not a school's). German writes
        every noun with a capital: there the run must follow the language's preposition of a workplace
        (`employer`: "Seit ich bei Siemens angefangen habe") and no word of it be a common noun
        (`COMMON_NOUN_ZIPF`: "bei der Arbeit angefangen")."""
        close = cues.after.get("org_close")
        if close is None:
            return []
        nouns = language in CAPITALISES_NOUNS
        workplace = _preposition_before(language) if nouns else None
        if nouns and workplace is None:
            return []
        out: list[Finding] = []
        for i, (a, b) in enumerate(tokens):
            if not text[a:a + 1].isupper() or not text[a:b].isalpha() or not close.search(_plain(text[b:b + self.WINDOW_AFTER])):
                continue
            start = a
            for c, d in reversed(tokens[max(0, i - 2):i]):
                if text[d:start] != " " or not text[c:c + 1].isupper() or not text[c:d].isalpha():
                    break
                start = c
            words = text[start:b].split()
            before = text[max(0, start - self.WINDOW_BEFORE):start]
            if _QUOTE_OPENS.search(before) or any(zipf(lower(w), language) >= OPENER_ZIPF for w in words) \
                    or (out and start < out[-1].end):
                continue
            if workplace is None and worldwide(" ".join(words)):
                continue
            if workplace is not None and (not workplace.search(_plain(before))
                                          or any(zipf(lower(w), language) >= COMMON_NOUN_ZIPF for w in words)):
                continue  # (a firm known worldwide is one after "bei": "bei Siemens angefangen")
            out.append(Finding(category=C.CONTACT, entity="ORGANIZATION", field_path=field.path, start=start, end=b,
                               score=self.CUED_NAME_SCORE, recognizer=self.name, quasi=True))
        return out

    def _named_here(self, field: Field, text: str, tokens: list[tuple[int, int]], cues: Cues) -> list[Finding]:
        """Two or three capitalised words opening a sentence, each a given name or surname Faker
        knows, right before the language's "here" (`name_here`: "Titus Oprea aici –", "Horațiu
        Popa aici, salut!"): the writer introduces themself, whatever the name model makes of a
        rare name."""
        here = cues.after.get("here")
        if here is None:
            return []
        out: list[Finding] = []
        for i, ((a, _), opener) in enumerate(zip(tokens, sentence_openers(text, tokens))):
            if not opener:
                continue
            run = list(itertools.takewhile(lambda t: text[t[0]:t[1]].isalpha() and text[t[0]].isupper()
                                           and not text[t[0]:t[1]].isupper(), tokens[i:i + 3]))
            for n in range(len(run), 1, -1):
                end = run[n - 1][1]
                words = text[a:end]
                if len(words.split()) == n and here.search(_plain(text[end:end + self.WINDOW_AFTER])) \
                        and all(has_name_word(w) for w in words.split()) and not worldwide(words):
                    out.append(Finding(category=C.CONTACT, entity="PERSON", field_path=field.path, start=a, end=end,
                                       score=self.CUED_NAME_SCORE, recognizer=self.name, quasi=False))
                    break
        return out

    def _kin_appositions(self, field: Field, text: str, tokens: list[tuple[int, int]], cues: Cues,
                         language: str) -> list[Finding]:
        """A given name set beside a word of the writer's family by a comma, a colon or brackets, on
        either side: "Freia, meine Oma, wollte ...", "de Lupita, mi abuela;", "a bunicii, Estera;",
        "Дедушка, Адам, плохо ...", "с братом (Устин)". Many languages say the family is the
        writer's with no possessive ("от бабушки"); the punctuation keeps a title out ("Mutter
        Teresa", "Дед Мороз"). After the name, the family word comes as the language's cue says it
        (`kin`, with its possessive where the language writes one). The word must be a given name
        or surname Faker knows."""
        kin = _kin_words(language)
        if not kin:
            return []
        out: list[Finding] = []
        for a, b in tokens:
            word = text[a:b]
            if not word[:1].isupper() or word.isupper() or not word.isalpha() or (out and a < out[-1].end) \
                    or _plain(word) in kin or not has_name_word(word):
                continue
            end = _whole_name(text, b)
            before = _KIN_BEFORE_NAME.search(text, max(0, a - 40), a)
            after = _KIN_AFTER_NAME.match(text, end)
            kin_before = before is not None and _plain(before.group("kin")) in kin \
                and (before.group("mark") != "(" or text.startswith(")", end))
            kin_after = after is not None and cues.has("kin_close", after.group("kin"), "")
            if kin_before or kin_after:
                out.append(Finding(category=C.CONTACT, entity="PERSON", field_path=field.path, start=a, end=end,
                                   score=self.CUED_NAME_SCORE, recognizer=self.name, quasi=False))
        return out

    def _labelled_job_and_health(self, field: Field, text: str, cues: Cues, language: str) -> list[Finding]:
        """The value after a form's label of one's job, diagnosis, name, home or employer and its
        colon, to the end of its clause (`job_label`, `health_label`, `name_label`, `place_label`,
        `org_label`: "Beruf: Schweißer.", "Диагноз: астма  ...", "Expeditor: Ariadna Tudor",
        "(Wohnort: Böblingen)"): a form or a letter's head the writer fills in about themself,
        whatever the models make of the words."""
        out: list[Finding] = []
        for kind, entity, category, quasi, score in (("job_label", "OCCUPATION", C.CONTACT, True, self.WORK_SCORE),
                                                     ("health_label", "HEALTH", C.HEALTH, False, self.HEALTH_SCORE),
                                                     ("name_label", "PERSON", C.CONTACT, False, self.CUED_NAME_SCORE),
                                                     ("place_label", "LOCATION", C.LOCATION_COARSE, True, self.CUED_NAME_SCORE),
                                                     ("org_label", "ORGANIZATION", C.CONTACT, True, self.CUED_NAME_SCORE)):
            label = cues.before.get(kind)
            if label is None:
                continue
            bracket = cues.before.get(f"{kind}_bracket")
            in_brackets = [m for m in bracket.finditer(text) if _writers_sentence(text, *m.span("v"), language)
                           or (kind != "health_label" and _opens_with_a_place(text, m.start("label")))
                           or (kind == "health_label" and _a_cause_or_mine(text, m, language))] if bracket is not None else []
            lead = cues.before.get(f"{kind}_lead")
            for m in [*label.finditer(text), *in_brackets]:
                start, end = m.span("v")
                end = start + len(m.group("v").rstrip())
                if entity in ("ORGANIZATION", "LOCATION") and lead is not None \
                        and (kind_first := lead.match(text, start, end)) is not None:
                    start = kind_first.end()  # "(компания Магнит)"; a condition keeps its noun ("болезнь Крона")
                if m.re is not label and entity != "HEALTH" and entity != "OCCUPATION" and not text[start].isupper():
                    continue  # "(estoy en Valbuena y Mendoza S.L.)": a clause in brackets, no name as the value
                if entity == "OCCUPATION" and language not in CAPITALISES_NOUNS:  # (a condition may be named for someone: "болезнь Крона")
                    # "Unvan: elektrik teknisyeni Olabildiğince basit ...": where nouns have no capital, a
                    # capital after the value's first word opens the next sentence, run on without a stop
                    # (an acronym is the title's own: "șofer de TIR")
                    first = _LETTERS.search(text, start, end)
                    capital = next((w for w in _LETTERS.finditer(text, first.end(), end) if w.group()[:1].isupper() and not w.group().isupper()),
                                   None) if first is not None else None
                    if capital is not None:
                        end = start + len(text[start:capital.start()].rstrip(" \t\u00a0–—-"))
                if entity == "ORGANIZATION" and (town := _ABBREVIATED_TOWN.match(text, end)) is not None \
                        and text[start:end].split()[-1].islower() and len(text[start:end].split()[-1]) <= 3:
                    end = town.end()  # "лицей № 2 г. Казани": the value's "г." abbreviates its town's word
                words = text[start:end].split()
                limit = _MAX_LABELLED_ORG_WORDS if entity == "ORGANIZATION" else \
                    _MAX_LABELLED_JOB_WORDS if entity == "OCCUPATION" else _MAX_LABELLED_WORDS
                if not 0 < len(words) <= limit:
                    continue
                if entity == "HEALTH" and not any(is_health_word(w.strip(_VALUE_PUNCTUATION), language) for w in words) \
                        and not _a_brand_alone(words, language):
                    continue  # "Diagnose: Netzwerkfehler": a program's fault, no one's condition
                if entity == "PERSON" and len(words) > 1 and text[end:end + 3].lstrip().startswith(":"):
                    cut = text.rfind(words[-1], start, end)  # "ФИО: Пахом Кулаков Просьба: ...": the next label's word
                    words, end = words[:-1], start + len(text[start:cut].rstrip())
                if entity == "PERSON" and not (len(words) <= _MAX_NAME_WORDS and all(w[:1].isupper() for w in words)):
                    continue  # "Von: einem Freund": no name
                if entity in ("LOCATION", "ORGANIZATION") and not _name_like(text[start:end], words):
                    continue  # "Firma: keine", "Firma: Wir suchen eine Lösung": a town's or a firm's name has its capitals
                if entity == "ORGANIZATION":  # "Empresa: Transportes Ribera S.L.": the form's dots end no clause
                    end = _past_form(text, start, end)
                    end = forms_after(text, end) or end
                out.append(Finding(category=category, entity=entity, field_path=field.path, start=start, end=end,
                                   score=score, recognizer=self.name, quasi=quasi))
        return out

    def _listed_names_by_cue(self, field: Field, text: str, tokens: list[tuple[int, int]], cues: Cues) -> list[Finding]:
        """Where every noun has a capital (German), the word right after a cue of the writer's people
        (`name`: "meiner Nichte", "mein Schwager") is that person's name when Faker's lists know it
        as a given name or surname, whatever the name model says of a rare one ("meiner Nichte Meral")."""
        if "name_close" not in cues.before:
            return []
        out: list[Finding] = []
        for a, b in tokens:
            word = text[a:b]
            if not word[:1].isupper() or word.isupper() or not word.isalpha() or (out and a < out[-1].end):
                continue
            before = text[max(0, a - self.WINDOW_BEFORE):a]
            last = before.split()[-1:]
            if last and lower(last[0]) in _BE:
                continue  # "Ich bin Koch", "Das ist Bauer": a noun that is a surname too
            if cues.has("name_close", before, "") and not _QUOTE_OPENS.search(before) and has_name_word(word):
                out.append(Finding(category=C.CONTACT, entity="PERSON", field_path=field.path, start=a,
                                   end=_whole_name(text, b), score=self.CUED_NAME_SCORE, recognizer=self.name))
        return out

    def _signed_name(self, field: Field, text: str, cues: Cues) -> list[Finding]:
        """The name of two or three title-case words that ends a text signed with the language's
        closing formula (`_in_sign_off`: "Un saludo, Agustín Alegre", "Φιλικά, Ηώ Μουτζούρη"), every
        word a given name or surname Faker knows: what a writer signs with is their name, whatever
        the name model makes of a rare one ("Feliz Navidad" is no one's)."""
        m = _TAIL_NAME.search(text, max(0, len(text) - _TAIL_CHARS))  # the text's end only, not a scan of all of it
        if m is None:
            return []
        start, end = m.span(1)
        words = re.split(r"[ \-]", m.group(1))
        if not all(w[:1].isupper() and w[1:].islower() and has_name_word(w) for w in words) \
                or not _in_sign_off(text, start, end, cues):
            return []
        return [Finding(category=C.CONTACT, entity="PERSON", field_path=field.path, start=start, end=end,
                        score=self.CUED_NAME_SCORE, recognizer=self.name)]

    def _names_after_closing(self, field: Field, text: str, language: str) -> list[Finding]:
        """The full name right after a greeting or a closing formula and its comma or line break,
        whatever follows it (`_name_after`): "Cu stimă,\nAlexandra Nemeș Adăugare înregistrare ...",
        "Φιλικά, Ηώ Μπαφίτη Ορίστε ...": a signature pasted before the text it asks about, which runs on
        with no stop. What a writer signs or is greeted with is a name, not the words after it."""
        pattern = _closing_formula(language)
        low = _plain(text)
        if pattern is None or len(low) != len(text):
            return []
        out: list[Finding] = []
        for m in pattern.finditer(low):
            end = _name_after(text, m.end(), language)
            if end is not None:
                out.append(Finding(category=C.CONTACT, entity="PERSON", field_path=field.path, start=m.end(), end=end,
                                   score=self.CUED_NAME_SCORE, recognizer=self.name))
            if len(out) >= self.MAX_SIGNED:
                break
        return out

    def _course_schools(self, field: Field, text: str, cues: Cues, language: str) -> list[Finding]:
        """The school named after the work of a course and its preposition ("Pentru un curs la Colegiul
        Național Sfântul Sava", "Пишу курсовую для НИУ ВШЭ"): a capitalised run that opens with the
        word for a school (`_INSTITUTIONS`), or an acronym of two to six capitals, in a sentence
        that asks nothing of the world: where the writer studies, whatever the name model makes of it."""
        words = cues.before.get("study_task")
        if words is None:
            return []
        plain = _plain(text)
        if len(plain) != len(text):
            return []
        out: list[Finding] = []
        for task in words.finditer(plain):
            m = _COURSE_SCHOOL.match(text, task.end())
            if m is None:
                continue
            start, end = m.span("school")
            name = m.group("school")
            if not (_INSTITUTIONS.fullmatch(name.split()[0]) or _ACRONYM_RUN.fullmatch(name)) \
                    or asks_anywhere(_sentence_of(text, start, end), language):
                continue
            out.append(Finding(category=C.CONTACT, entity="ORGANIZATION", field_path=field.path, start=start, end=end,
                               score=self.CUED_NAME_SCORE, recognizer=self.name, quasi=True))
            if len(out) >= MAX_COURSE_SCHOOLS:
                break
        return out

    def _named_employers(self, field: Field, text: str, tokens: list[tuple[int, int]], cues: Cues) -> list[Finding]:
        """The capitalised run (an acronym too) right after the writer's word for their employer or
        school (`org_named`: "Εργοδότης μου: ΔΕΗ", "mi empresa es Inditex", "мой работодатель —
        Сбербанк"), with its legal form: the cue says what it is, whatever the name model makes of
        it, in every language (a German noun after "mein Arbeitgeber ist" is the employer too)."""
        if "org_named_close" not in cues.before:
            return []
        out: list[Finding] = self._employers_in_apposition(field, text, tokens, cues)
        for a, b in tokens:
            word = text[a:b]
            if not word[:1].isupper() or not word.isalpha() or (out and a < out[-1].end):
                continue
            before = text[max(0, a - self.WINDOW_BEFORE):a]
            if cues.has("org_named_close", before, ""):
                end = _whole_name(text, b)
                end = _past_form(text, a, end)  # "... Alta S" of "... Alta S.A.": the run stopped inside the form
                out.append(Finding(category=C.CONTACT, entity="ORGANIZATION", field_path=field.path, start=a,
                                   end=forms_after(text, end) or end, score=self.CUED_NAME_SCORE,
                                   recognizer=self.name, quasi=True))
        return out

    def _employers_in_apposition(self, field: Field, text: str, tokens: list[tuple[int, int]],
                                 cues: Cues) -> list[Finding]:
        """The capitalised run (with its legal form) right before the writer's word for their
        employer or school set off as an apposition (`org_named_after`: "Bei Brandtner, meinem
        Arbeitgeber, ...", "Sievers KG (mein Arbeitgeber)"); prepositions that open the run are not
        the name ("Bei")."""
        close = cues.after.get("org_named_close")
        if close is None:
            return []
        out: list[Finding] = []
        for i, (a, b) in enumerate(tokens):
            end = forms_after(text, b) or b
            if not text[a:a + 1].isupper() or not close.search(_plain(text[end:end + self.WINDOW_AFTER])):
                continue
            if end == b and i + 1 < len(tokens) and tokens[i + 1][0] <= end + 1 and text[tokens[i + 1][0]].isupper():
                continue  # the run goes on ("Sievers" of "Sievers KG, ..."): its last word decides
            start = a
            for c, d in reversed(tokens[:i]):
                gap = text[d:start]
                if gap.strip() or not text[c:c + 1].isupper() or len(gap) > 2:
                    break
                start = c
            while start < a and lower(text[start:text.find(" ", start)]) in STOP_WORDS:
                start = text.find(" ", start) + 1  # "Bei Brandtner": the preposition opens the sentence
            if start < end and not (out and start < out[-1].end) and not worldwide(text[start:end]):
                out.append(Finding(category=C.CONTACT, entity="ORGANIZATION", field_path=field.path, start=start,
                                   end=end, score=self.CUED_NAME_SCORE, recognizer=self.name, quasi=True))
        return out

    def _birth_dates(self, field: Field, text: str, cues: Cues, language: str) -> list[Finding]:
        """Each numeric date ("1/6/1985", "21.11.1983", "18/03/99") or date written with the
        language's month name and a year ("3 de noviembre de 1975", "31 мая 1964"; Unicode CLDR's
        names) beside a birth cue of the language ("fecha de nacimiento", "ημερομηνία γέννησης",
        "Geburtsdatum"), which the name model may not tag as a date at all."""
        out: list[Finding] = []
        written = _written_date(language)
        for m in sorted([*_NUMERIC_DATE.finditer(text), *(written.finditer(text) if written else ())],
                        key=lambda m: m.start()):
            if out and m.start() < out[-1].end:
                continue
            before, after = _window(text, m.start(), m.end(), self.WINDOW_BEFORE, self.WINDOW_AFTER)
            if cues.has("birth", before, after):
                out.append(Finding(category=C.CONTACT, entity="DATE_OF_BIRTH", field_path=field.path, start=m.start(),
                                   end=m.end(), score=self.BIRTH_DATE_SCORE, recognizer=self.name, quasi=True))
        return out

    def _known_towns(self, field: Field, text: str, tokens: list[tuple[int, int]], cues: Cues,
                     language: str) -> list[Finding]:
        """Each town of the place-name list (`towns.py`: GeoNames' populated places) right after a
        preposition of place (`locative`: "Als Kind in Großenhain habe ich", "Am crescut în Dabuleni")
        or before a word that makes it one (`locative_after`, a Turkish case ending after an
        apostrophe: "Kastamonu'da büyüdüm"), in a sentence of the writer's: where they live, come
        from or are, whatever the name model makes of a rare town. Not a word right after a quote
        mark, nor one in a sentence that asks: a trip's town is what its question is about."""
        out: list[Finding] = []
        self_words, topic = writer_words(language)
        for (a, b), opener in zip(tokens, sentence_openers(text, tokens)):
            word = text[a:b]
            if not word[:1].isupper() or word.isupper() or (out and a < out[-1].end):
                continue
            if language == "tr" and (own := _TR_FROM_SELF.fullmatch(word)) is not None and is_town(own.group(1)):
                # "Safranboluluyum": the town, "from", "I am" in one word, the writer's home town
                out.append(Finding(category=C.LOCATION_COARSE, entity="LOCATION", field_path=field.path, start=a,
                                   end=a + len(own.group(1)), score=self.CUED_NAME_SCORE, recognizer=self.name,
                                   quasi=True))
                continue
            end = town_end(text, a)
            if end is None:
                continue
            before, after = _window(text, a, end, self.WINDOW_BEFORE, self.WINDOW_AFTER)
            if _QUOTE_OPENS.search(before) or cues.has("public", before, after):
                continue
            # a cue after the word makes it a town wherever it stands; one before, not at a sentence's
            # start, where every word has a capital
            marked_after = cues.has("locative", "", after) or (language == "tr" and _CASE_ENDING.match(text, end))
            anchor = a  # where the town's sentence is read from
            if opener and (abbreviation := _ABBREVIATION_BEFORE.search(before)) and cues.has("locative_close", before, ""):
                opener = False  # "в г. Кострома": the stop is the cue's abbreviation, not a sentence's end
                anchor = a - len(before) + abbreviation.start()  # "у родителей, г. Орёл": the sentence goes on
            # (or right after a cue of the writer's place, "Meine Heimatstadt ist Rostock.", "Soy de Cuenca")
            if not (marked_after or (not opener and (cues.has("locative_close", before, "")
                                                     or cues.has("place_close", before, "")))):
                continue
            # "... şehrinden selamlar"; and a place cue before it ("Gruß aus Lübz!", "Saludos desde ..."):
            # the cue says the place is the writer's, with or without a word of the writer beside it; so
            # does the sign-off it closes ("С уважением, г. Кострома")
            own = writer_in_sentence(text, anchor, end, self_words, topic) or cues.has("place", before, after) \
                or _in_sign_off(text, anchor, end, cues)
            if not own or (_is_question(_clause_of(text, a, end), language) and not cues.has("place", before, after)):
                continue  # no one's, or what a question asks about ("Was kann ich in Zeitz besichtigen?"); a
                # clause of the writer's before the question is theirs ("Weil ich in Gelsenkirchen
                # aufgewachsen bin, kenn ich ... – welche Tour würdest du empfehlen?"), and so is a town
                # the writer lives in, asked about or not ("Ist das anders, wenn ich in Zeitz wohne?")
            out.append(Finding(category=C.LOCATION_COARSE, entity="LOCATION", field_path=field.path, start=a, end=end,
                               score=self.CUED_NAME_SCORE, recognizer=self.name, quasi=True))
        return out

    def _with_health_and_work(self, field: Field, text: str, language: str, found: list[Finding],
                              named: Sequence[TaggedSpan] = ()) -> list[Finding]:
        """The tagger's findings with the cue grammar's health terms, job titles and employers. A
        health term or a title wins over a tagger span it overlaps ("meine Mutter hat Alzheimer":
        a condition, not a name); an employer and a tagger span over the same name are one span."""
        extra: list[Finding] = []
        for start, end in health_spans(text, language, lambda s, e: _writers_sentence(text, s, e, language)):
            extra.append(self._grammar_finding(field, start, end, "HEALTH", C.HEALTH, False, self.HEALTH_SCORE))
        code = code_spans(text)
        # a brand-shaped word no list knows is a medicine in a clause that waits for it to work
        # ("mientras me hace efecto el Adiro"), counts the time between its doses ("iki Arveles
        # arasında") or takes it at a time of day right beside it ("Конкор утром"): nothing else
        # "takes effect" in anyone or comes in doses
        waited = {(s, e) for s, e in brand_shaped(text, language)
                  if _waited_for(text, s, e) or _between_doses_of(text, s, e) or _timed(text, s, e, language)
                  or _dosed_in_writers_sentence(text, s, e, language)}
        for start, end in sorted({*medicine_words(text, language), *dosed_brands(text, language), *waited}):
            if any(a <= start and end <= b for a, b in code):
                continue  # "`LinkedStateMixin`": a program's name
            # a medicine in a sentence of the writer's, whatever the phrase: "Ο γιατρός μού έγραψε
            # παρακεταμόλη", "Ich nehme jeden Morgen Ibuprofen" (not "Ich habe eine Frage zu Metformin")
            if not any(x.start < end and start < x.end for x in extra) and (
                    _writers_sentence(text, start, end, language) or _REMIND.search(_sentence_of(text, start, end))
                    or _an_intake(text, start, end, language) or _an_errand(text, start, end, language)
                    or _DOSAGE_AFTER.match(text, end)  # "mis notas sobre Metformina (dosis, etc.)": one's own doses
                    or _dosed_in_writers_sentence(text, start, end, language)
                    or _labelled(text, start, end)):  # "Medikamente: Sertralin": a form the writer fills in
                extra.append(self._grammar_finding(field, start, end, "HEALTH", C.HEALTH, False, self.HEALTH_SCORE))
        for start, end, entity in belief_spans(text, language):
            extra.append(self._grammar_finding(field, start, end, entity, C.SPECIAL, True, self.BELIEF_SCORE))
        for m in _FORM_FIRST.finditer(text):
            # "У нас в компании (ООО «Шестакова»)", "Место работы: ИП «Чернова»": a company by its
            # form, where the writer speaks or fills in a label
            if _writers_sentence(text, m.start(), m.end(), language) \
                    or _LABEL_BEFORE.search(text, max(0, m.start() - 60), m.start()):
                # after a word for a kind of company the name alone is the firm's ("компании «[...]»")
                start, end = (m.start("name"), m.end("name")) if m.group("noun") else (m.start(), m.end())
                extra.append(self._grammar_finding(field, start, end, "ORGANIZATION", C.CONTACT, True, self.WORK_SCORE))
        for start, end, apposition in _workplaces_named(text, language):
            # "работаю сменами, компания Лукойл": the firm after a word for a company, in a sentence of
            # the writer's; "(το δοκίμασα στο γραφείο, στην Aegean)": the firm that says which workplace
            # the writer means (a pro-drop verb may be all there is of them)
            if not any(x.start < end and start < x.end for x in extra) and (
                    apposition or _writers_sentence(text, start, end, language)):
                extra.append(self._grammar_finding(field, start, end, "ORGANIZATION", C.CONTACT, True, self.WORK_SCORE))
        for start, end in firms_at_work(text, language, lambda w: zipf(lower(w), language) >= OPENER_ZIPF):
            # "Die IT von Volkswagen hat mir ...", "в компании «Газпром» служебные телефоны ...": the firm
            # whose department, work phones or colleagues the text speaks of; not a town ("mi jefe de Madrid")
            end = _past_form(text, start, end)  # with its legal form ("Almacenes Ruiz S.L.")
            end = forms_after(text, end) or end
            if not is_town(text[start:end]) and not any(x.start < end and start < x.end for x in extra):
                extra.append(self._grammar_finding(field, start, end, "ORGANIZATION", C.CONTACT, True, self.WORK_SCORE))
        for m in _NUMBERED_SCHOOL.finditer(text):
            # the writer's school, where no question asks about it ("Это для школьного проекта (школа № 444).");
            # with the town or name after it ("3ο Γυμνάσιο Καβάλας"), and left to a finding of the same words
            start, end = m.start(), _whole_name(text, m.end())
            if any(f.start < end and start < f.end for f in extra) or not (
                    _writers_sentence(text, start, end, language) or not _is_question(_clause_of(text, start, end), language)):
                continue
            for f in found:  # one span with a finding over some of the same words ("МАОУ Гимназия № 5")
                if f.start < end and start < f.end:
                    start, end = min(start, f.start), max(end, f.end)
            extra.append(self._grammar_finding(field, start, end, "ORGANIZATION", C.CONTACT, True, self.WORK_SCORE))
        for start, end, entity in work_spans(text, language, lambda s, e: _writers_sentence(text, s, e, language)):
            if entity == "OCCUPATION" and any(is_health_word(w, language) for w in text[start:end].split()):
                continue  # "jemand, der wie ich Arthrose hat": a condition where a title may stand, no job
            if entity == "ORGANIZATION":  # the tagger's span of the same name may reach further: the union
                for f in found:
                    if f.start < end and start < f.end:
                        start, end = min(start, f.start), max(end, f.end)
            extra.append(self._grammar_finding(field, start, end, entity, C.CONTACT, True, self.WORK_SCORE))
        if self.disclosure_head:
            extra.extend(self._head_findings(field, text, language, [*found, *extra], named))
        if not extra:
            return found
        kept = [f for f in found if not any(x.start < f.end and f.start < x.end for x in extra)]
        out = kept + [x for i, x in enumerate(extra)
                      if not any(y.start < x.end and x.start < y.end for y in extra[:i])]
        return sorted(out, key=lambda f: (f.start, f.end))

    def _head_findings(self, field: Field, text: str, language: str, taken: Sequence[Finding],
                       named: Sequence[TaggedSpan]) -> list[Finding]:
        """The disclosure head's spans that are the writer's and overlap nothing in `taken`, less the
        common nouns, worldwide names, English terms, dates, counts, kin words and id labels it
        also marks."""
        out: list[Finding] = []
        self_words, topic = writer_words(language)
        cues = load_cues(self._cues_path).get(language)

        def theirs(s: int, e: int) -> bool:
            # a word of the writer in the sentence, or a value the writer fills in after a label
            # ("Meslek: yazılım mühendisi.", "Ünvanım: muhasebeci.")
            return writer_in_sentence(text, s, e, self_words, topic) or _labelled(text, s, e)

        for span in disclosure_spans(load_disclosure_head(), text, theirs, language):
            if any(x.start < span.end and span.start < x.end for x in taken):
                continue  # a cue's or the name model's span says it with its own edges
            if not theirs(span.start, span.end):
                sentence = _sentence_of(text, span.start, span.end)
                if asks_anywhere(sentence, language):
                    continue  # standing bare in a question: what the question asks about
                if _speaks_to_reader(sentence, language):
                    continue  # "Es tu responsabilidad como desarrollador ...": the reader's, or anyone's
                if span.label == "HEALTH" and not _known_or_brand(text[span.start:span.end], language):
                    continue  # "0 (desativar)", "TCP", "multiplexar": with no writer near, only a known condition or a medicine's name
            if span.label == "HEALTH" and _an_everyday_word(text, span.start, span.end, language):
                continue  # "спешу", "doof", "Profil": a common word of the language that no health list knows
            if span.label in _NAMED and (not _a_name(text, span.start, span.end, language, named) or (
                    language in CAPITALISES_NOUNS and _INSTITUTIONS.fullmatch(text[span.start:span.end].strip()))):
                continue  # "la escuela", "die Schule", "Oma": a common noun, no employer, school or town
            if span.label in _WORLDWIDE_CLASSES and worldwide(text[span.start:span.end]) \
                    and not (cues is not None and cues.has("place", *_window(text, span.start, span.end, self.WINDOW_BEFORE, 0))):
                continue  # "Firefox", "Mozilla", "Microsoft Edge": a name most languages write often, no one's own
            if span.label in _NOT_LOANS and _english_only(text[span.start:span.end]):
                continue  # "Google Play", "Network File System", "Internet Protocol": English terms of the trade
            if span.label == "JOB" and _english_only(text[span.start:span.end]) \
                    and not _english_job(text[span.start:span.end]):
                continue  # "web", "Monitor": an English word borrowed whole that names no job
            if span.label == "AGE" and _in_a_date(text, span.start, span.end, language):
                continue  # "Am 28. August 1749": the day of a date, no one's age
            if span.label == "AGE" and _counts_things(text, span.end, language):
                continue  # "ho comprato 10 mele": a number before the noun it counts, no one's age
            if _kin_only(text[span.start:span.end], language):
                continue  # "την κόρη μου": a family tie, not a job or a place; the name after it is the person's
            if _ID_AFTER.match(text, span.end) or _ID_WORD.search(text, span.start, span.end):
                continue  # "Meine Steuer-ID ist 91238110548": the label of a number, which its recogniser finds
            entity, category, quasi = DISCLOSURE_CLASSES[span.label]
            score = round(min(1.0, span.score * self.SCORE_SCALE), 4)
            out.append(self._grammar_finding(field, span.start, span.end, entity, category, quasi, score))
        return out

    def _grammar_finding(self, field: Field, start: int, end: int, entity: str, category: C, quasi: bool,
                         score: float) -> Finding:
        return Finding(category=category, entity=entity, field_path=field.path, start=start, end=end, score=score,
                       recognizer=self.name, quasi=quasi)

    def _by_cue_or_place(self, text: str, span: TaggedSpan, words: str, start: int, end: int, before: str,
                         after: str, cues: Cues, language: str) -> tuple[str, C, bool, int, int] | None:
        """What a span is to the writer by a cue around it or where it stands: (entity, category,
        quasi, start, end), or None."""
        label = span.label
        entity: str | None = None
        category = C.CONTACT
        quasi = True
        first_form = _FORM_FIRST.match(text, start) if label == "ORGANIZATION" else None  # "ООО «Горизонт»"
        if label == "DATE":
            if cues.has("birth", before, after):
                entity = "DATE_OF_BIRTH"
        # The cue says what a name-like span is to the writer; the model's class breaks ties only
        # (it mixes up a town in an address and a surname, a company and a town).
        elif cues.has("place", before, after) and (label != "PERSON" or not cues.has("name", before, after)):
            if _DIGIT.search(words):
                entity, category, quasi = "STREET_ADDRESS", C.POSTAL_ADDRESS, False
            else:
                entity, category = "LOCATION", C.LOCATION_COARSE
        elif label == "LOCATION" and _STREET_NUMBER.search(words) and _POSTCODE.search(words):
            entity, category, quasi = "STREET_ADDRESS", C.POSTAL_ADDRESS, False
        elif cues.has("org", before, after) and (
                label != "PERSON" or forms_after(text, end) is not None or form_in(words)
                or cues.has("org_close", before, "") or _institution_word(words)):
            # a company the model took for a person's name: its legal form says it is one ("Akçay
            # Şti.", "Hofmann Vogt AG"), or a work cue stands right before it ("mein Team bei Bachmann")
            entity = "ORGANIZATION"
            formed = forms_after(text, end)
            if formed is not None or form_in(words):
                # a company's name runs back to its first capitalised word ("Eraslan" of "Eraslan Soylu San.")
                while (first := _first_name_before(text, start)) is not None:
                    start = first
            end = formed or end
        elif (cues.has("name", before, after) or (cues.has("greeting", before, "") and _VOCATIVE_END.match(after))
              or cues.has("kin_close", before, "")
              if label == "PERSON" else cues.has("name_close", before, "") or cues.has("kin_close", before, "")
              # a sign-off's or a greeting's full name the model gave another class ("Gracias de
              # antemano, Albert Cánovas"): every word of it a given name or surname Faker knows
              or (cues.has("greeting", before, "") and _VOCATIVE_END.match(after) is not None
                  and _title_case_name(words) and all(has_name_word(w) for w in words.split()))) \
                and (not cues.has("public", before, after) or cues.has("name_close", before, "")
                     or cues.has("kin_close", before, "")) \
                and not _DIGIT.search(words):
            # a name cue right before the name wins over a public one further off ("la frase de mi
            # papá, Abraham": "papa", folded, is also the Pope's title)
            entity, quasi = "PERSON", False
            end = _whole_name(text, end)
            first = _NAME_WORD_BEFORE.search(text, max(0, start - 32), start)
            if first is not None and first.group(1)[:1].isupper() \
                    and cues.has("name_close", text[max(0, first.start(1) - self.WINDOW_BEFORE):first.start(1)], ""):
                start = first.start(1)  # "ФИО: Пахом Кулаков" where the model took the surname only
        elif label in ("PERSON", "ORGANIZATION") and not _DIGIT.search(words) \
                and _introduces(before, _window(text, start, _whole_name(text, end), 0, self.WINDOW_AFTER)[1], cues) \
                and (label == "PERSON" or _plain_name(words)):
            # "Hi, Mareile Kade hier.", "Καλημέρα, η Κρινιώ Ζαχαρίου εδώ.", "Eu, Roxana Diaconu, am ...": the
            # writer introduces themself (the model may call two capitalised words an organisation)
            entity, quasi = "PERSON", False
            while (first := _first_name_before(text, start)) is not None and not cues.has("greeting", text[first:start], ""):
                start = first
            end = _whole_name(text, end)
        elif (first := _first_name_before(text, start)) is not None and cues.has("name_close", text[:first], "") \
                and not _DIGIT.search(words):
            # "ich bin Massimo Albers" where the model took only the surname: the cue, then the name
            entity, quasi, start = "PERSON", False, first
            end = _whole_name(text, end)
        elif label != "DATE" and _title_case_name(text[start:_whole_name(text, end)]) and not _DIGIT.search(words) \
                and _offered(text, start, _whole_name(text, end), language):
            # a full name given after a clause about a name, whatever the model's class ("Αν χρειάζεσαι όνομα
            # για την απάντηση: Κυράτσα Νικολουδάκη."; no topic of the "about" before the colon)
            entity, quasi, end = "PERSON", False, _whole_name(text, end)
        elif label in ("PERSON", "ORGANIZATION") and not cues.has("public", before, after) \
                and (signed := _signature(text, start, end, label, span.score, language)) is not None:
            entity, quasi, (start, end) = "PERSON", False, signed
        elif (firm := self._firm_by_form(text, label, words, start, end, before, after, cues, language,
                                         first_form)) is not None:
            entity, (start, end) = "ORGANIZATION", firm
        elif label == "PERSON" and not cues.has("public", before, after) and _private_name_in_a_frame(text, span, words):
            entity, quasi, end = "PERSON", False, _whole_name(text, end)
        return None if entity is None else (entity, category, quasi, start, end)

    def _firm_by_form(self, text: str, label: str, words: str, start: int, end: int, before: str, after: str,
                      cues: Cues, language: str, first_form: re.Match[str] | None) -> tuple[int, int] | None:
        """The extent of a company by its legal form or a school by its kind (what the name is, by a
        standard or its own words), in a sentence where the writer speaks of themself and asks about
        no topic, or closing the writer's sign-off: "Sunt de trei ani la Aanei Suciu SA", "Hacettepe
        Üniversitesi öğrencisiyim", "С уважением, ИТ-отдел, ООО «Горизонт»"; None for another span."""
        if not (label == "ORGANIZATION" and (forms_after(text, end) is not None or form_in(words)
                                             or _institution_word(words) or first_form is not None)
                and not cues.has("public", before, after)
                and (_writers_sentence(text, start, end, language)
                     or _in_sign_off(text, start, first_form.end() if first_form else forms_after(text, end) or end, cues)
                     or (not _institution_word(words) and _a_firm_in_a_statement(text, start, end, first_form))
                     or (_institution_word(words) and _for_a_course(text, start, end, cues, language)))):
            return None
        quoted = first_form or _quoted_firm_within(text, start, end)
        if quoted is not None and quoted is not first_form:
            start = quoted.start()  # "Руководство ООО" of "Руководство ООО «Северный путь»": the form opens the name
        end = max(end, quoted.end()) if quoted else forms_after(text, end) or end
        while (first := _first_name_before(text, start)) is not None and quoted is None \
                and not cues.has("greeting_close", text[max(0, first - self.WINDOW_BEFORE):start].rstrip(), "") \
                and has_name_word(text[first:start].strip()):
            start = first  # "Aanei" of "Aanei Suciu SA", which the model took for a first name; not
            # the closing formula's last word ("Mit freundlichen Grüßen Liebelt AG")
        if (joined := _HYPHEN_PART_BEFORE.search(text, max(0, start - 32), start)) is not None and joined.group()[0].isupper():
            start = joined.start()  # "Κίσσας-" of "Κίσσας-Δουβίκας Α.Β.Ε.Ε.": a double name's first part
        return start, end

    def _finding(self, field: Field, text: str, span: TaggedSpan, cues: Cues, language: str) -> Finding | None:
        start, end, label = span.start, span.end, span.label
        words = text[start:end]
        if label != "DATE" and not any(w[:1].isupper() or w[:1].isdigit() for w in words.split()):
            return None  # names, towns and companies are written with a capital in these languages
        if label == "PERSON" and all(CAMEL_COMPOUND.search(w) for w in words.split()):
            return None  # "OnionShare", "WireGuard": a thing's name glued in camel case; a person's glues
            # a short prefix only ("McDonald", "DeLillo")
        end = _past_form(text, start, end)  # "Levante S.L" of "Levante S.L.": the model stopped inside the form
        words = text[start:end]
        before, after = _window(text, start, end, self.WINDOW_BEFORE, self.WINDOW_AFTER)
        if (label == "PERSON" or (label != "DATE" and language not in CAPITALISES_NOUNS)) \
                and (past := _past_own_cue(text, start, end, before, cues)) is not None:
            # "İsmim Bilginur Zengin", "Ben Kınel Hayrioğlu", "Λέγομαι Ντανιέλα Δώρη": the model's span opens
            # with its own cue (it may call the name a company: where only names have a capital, what
            # follows is still one; German capitalises "Meine Tochter Schule ..." too)
            start, words = past, text[past:end]
            before, after = _window(text, start, end, self.WINDOW_BEFORE, self.WINDOW_AFTER)
        by_cue = self._by_cue_or_place(text, span, words, start, end, before, after, cues, language)
        if by_cue is not None:
            entity, category, quasi, start, end = by_cue
        elif (told := _told_by_its_form(text, span, words, start, end, before, after, cues, language)) is not None:
            entity, category, quasi, start, end = told
        else:
            return None
        if entity == "ORGANIZATION" and language in CAPITALISES_NOUNS and len(text[start:end].split()) == 1 \
                and _institution_word(text[start:end]):
            return None  # "an meiner Schule": German writes the common noun with a capital; the school's name is elsewhere
        if entity == "PERSON" and (label_word := _NEXT_LABEL_WORD.search(text, start, end)) is not None \
                and text.startswith(":", end) and _LABEL_COLON_BEFORE.search(text, max(0, start - 8), start):
            end = label_word.start()  # "ФИО: Пахом Кулаков Просьба: ...": the next label's word is no part of the name
        if entity in ("PERSON", "LOCATION") and len(text[start:end].strip(" .")) <= 1:
            return None  # "X", "Y" and "Z" of "X.Y.Z": a letter names no one and nowhere
        if entity == "PERSON" and _acronym(text[start:end]) and not has_name_word(text[start:end]):
            return None  # "una llamada AJAX", "DRY": an acronym no list of names knows ("JUAN" stays)
        if entity == "PERSON" and _quoted(text, start, end) and not (
                _title_case_name(text[start:end]) and _ends_as_a_name(text[start:end])
                and cues.has("name_close", text[max(0, start - self.WINDOW_BEFORE):start].rstrip("«»\"„“”‘’' \u00a0"), "")):
            # ... unless a full name follows a name cue right before the quotation ("με υπογραφή «Μαυρίκιος
            # Δημητρόπουλος»"; not 'una librería llamada "Camión de bomberos"')
            return None  # 'una librería llamada "Camión de bomberos"', „Firetruck“: a title or a thing's name
        return Finding(
            category=category,
            entity=entity,
            field_path=field.path,
            start=start,
            end=end,
            score=round(min(1.0, span.score * self.SCORE_SCALE), 4),
            recognizer=self.name,
            quasi=quasi,
        )


# A medicine's brand written alone: one capitalised word of lower-case letters ("Euthyrox", "Лозап")
_BRAND_WORD = re.compile(r"[^\W\d_][^\W\d_A-ZÀ-ÞΑ-ΩА-Я]{3,30}")


_VALUE_PUNCTUATION = ".,;:!?()«»\"'"
# wordfreq's Zipf from which a word the disclosure head calls a condition, that no health list
# knows, is an everyday word of the language ("спешу" 3.6, "doof" 4.2, "Profil" 4.5), not a condition
# the lists miss ("Schuppenflechte", "Ischias", "tendinitis": 0)
COMMON_NOT_HEALTH = 3.3
# wordfreq's Zipf at which a capitalised word before an employer's cue is a common word its sentence's capital
# explains ("Benim" 6.1, "Ankara" 5.6), not the employer ("Dacia" 4.6, "Trendyol" 0)
OPENER_ZIPF = 5.0
RARE_BRAND = 3.5  # wordfreq's Zipf below which a capitalised word after a medicine's label is its name


def _a_brand_alone(words: Sequence[str], language: str) -> bool:
    """Whether a label's value is one capitalised, rare word where only names are capitalised: a
    medicine's brand ("İlaç: Glifor.", "Φάρμακο: Euthyrox"), which no list holds."""
    if len(words) != 1 or language in CAPITALISES_NOUNS:
        return False
    from guardian.detect._frequency import zipf

    word = words[0].strip(_VALUE_PUNCTUATION)
    return _BRAND_WORD.fullmatch(word) is not None and word[0].isupper() and zipf(word.lower(), language) < RARE_BRAND


def _known_or_brand(span: str, language: str) -> bool:
    """Whether a health span that stands without a word of the writer is a health term of
    `language` (a listed or medically shaped word in it) or a brand's name where only names are
    capitalised. Such a span stands on the head's score alone, which is high on the instructions,
    acronyms and verbs of manuals ("0 (dezactivare)", "TCP", "εμφανίστε")."""
    words = re.findall(r"[^\W\d_][\w\-]{0,40}", span)
    if is_health_word(span.strip(), language) or any(is_health_word(w, language) for w in words):
        return True
    return language not in CAPITALISES_NOUNS and _BRAND_WORD.fullmatch(span.strip()) is not None \
        and span.strip()[0].isupper()


def _without_case_ending(text: str, finding: Finding) -> Finding:
    """A Turkish span without the case or possessive ending written after its name's apostrophe:
    a rewrite keeps the ending ("[LOCATION_1]'dan selamlar"), as the grammar needs."""
    m = _TR_SUFFIX.search(text[finding.start:finding.end])
    if m is None or m.start() < 2:
        return finding
    return dataclasses.replace(finding, end=finding.start + m.start())


def _acronym(word: str) -> bool:
    """One word of 2-12 letters, all capitals ("AJAX", "DRY", "ИНН")."""
    return 2 <= len(word) <= 12 and word.isalpha() and word.isupper()


# A short quotation on one line, in double quotes or guillemets (not single ones: Turkish writes
# "Monero'nun", others ’ as an apostrophe)
_QUOTATION = re.compile(r"[\"«»„“”]([^\"«»„“”\n]{1,80})[\"«»„“”]")
MAX_QUOTED_WORDS = 6
_WORD_BEFORE = re.compile(r"([^\W\d_]{1,40})\s{0,2}$")


def _quoted(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] lies inside a short quotation (at most MAX_QUOTED_WORDS words). None
    of the 736 names of the writer or their family planted in the dev prompts (English and ten other
    languages) stands in quotes; titles and things named by the text do ("Infierno de Dependencias")."""
    if not any(ch in text for ch in '"«»„“”'):
        return False
    line = text.rfind("\n", max(0, start - 2000), start) + 1  # pairs counted from the line's start
    for m in _QUOTATION.finditer(text, line if line else max(0, start - 2000), min(len(text), end + 90)):
        if m.start() > start:
            break
        if m.start(1) <= start and end <= m.end(1):
            # after a capitalised word the quotation is part of a longer name ('Universitatea „Alexandru
            # Ioan Cuza” din Iași', 'Liceul „Mihai Eminescu”'), whose words the name is read with
            opener = _WORD_BEFORE.search(text, max(0, m.start() - 40), m.start())
            return len(m.group(1).split()) <= MAX_QUOTED_WORDS and not (opener and opener.group(1)[:1].isupper())
    return False


def _past_own_cue(text: str, start: int, end: int, before: str, cues: Cues) -> int | None:
    """Where a name starts in a span that opens with one or two words of a name cue ("İsmim
    Bilginur Zengin", "Ben Kınel Hayrioğlu"), or None: at least one capitalised word stays."""
    close = cues.before.get("name_close")
    if close is None:
        return None
    words = list(_LETTERS.finditer(text, start, end))
    for k in (1, 2):
        if len(words) <= k:
            break
        if close.search(_plain(before + text[start:words[k - 1].end()] + " ")) and words[k].group()[:1].isupper():
            return words[k].start()
    return None


_CLAUSE_BREAK = re.compile(r"[.!?:;\n]")


def _introduces(before: str, after: str, cues: Cues) -> bool:
    """Whether the writer introduces themself with the name between `before` and `after`: the name
    opens its clause (after at most a greeting and an article: two words) and "here" follows it,
    the writer's "I" and a comma stand right before it and a comma right after, or "that is, me"
    follows it ("Lo pregunta Ulises Blázquez, o sea, yo")."""
    me = cues.after.get("self")
    if me is not None and me.search(_plain(after)):
        return True
    clause = before[max((m.end() for m in _CLAUSE_BREAK.finditer(before)), default=0):]
    here = cues.after.get("here")
    if here is not None and here.search(_plain(after)) and len(clause.split()) <= 2 and "?" not in after[:4]:
        return True
    apposition = cues.before.get("apposition")
    return apposition is not None and bool(apposition.search(_plain(before))) and after.lstrip().startswith(",")


def _plain_name(words: str) -> bool:
    """Whether a span the model called an organisation reads as a person's name: two or three
    capitalised words, no legal form, no institution's kind."""
    parts = words.split()
    return (2 <= len(parts) <= _MAX_NAME_WORDS and all(p[:1].isupper() for p in parts)
            and not form_in(" " + words) and not _institution_word(words))


# The particles inside a full name, in lower case between its capitalised words ("Jovita del Guerrero",
# "Maria de la Cruz", "Jan van der Berg", "Ana dos Santos")
_NAME_PARTICLE = re.compile(r"[ \u00a0](?:de(?:[ \u00a0]la|[ \u00a0]los|[ \u00a0]las)?|del|da|das|do|dos|di|du|des|van(?:[ \u00a0]der|[ \u00a0]den)?"
                            r"|von(?:[ \u00a0]der)?|ter|ten|zu)[ \u00a0]")


def _groups(text: str, spans: list[TaggedSpan]) -> list[TaggedSpan]:
    """The tagger's runs joined where only a space, a hyphen or a slash stands between them (or a
    comma before a postcode): "Calle Marcelo Ibáñez" + "21, 21727 Málaga" is one address, "13" +
    "junio de 1985" one date. The class of the joined span: DATE when dates make up most of it,
    LOCATION when it holds a place and a number, else the longest part's."""
    out: list[TaggedSpan] = []
    parts: list[list[TaggedSpan]] = []
    for span in spans:
        if parts:
            last = parts[-1][-1]
            gap = text[last.end:span.start]
            # a name, a place and an organisation join where a number makes them one address ("Calle
            # Marcelo Ibáñez" + "21"); a date joins only a date
            names = span.label != "DATE" and last.label != "DATE"
            joins = span.label == last.label or (names and bool(_DIGIT.search(text[parts[-1][0].start:span.end])))
            if joins and (gap in ("", " ", "-", "/") or (gap == ", " and names and text[span.start].isdigit())
                          or (span.label == "PERSON" and _NAME_PARTICLE.fullmatch(gap))):  # "Jovita del Guerrero"
                parts[-1].append(span)
                continue
        parts.append([span])
    for group in parts:
        if len(group) == 1:
            out.append(group[0])
            continue
        size: dict[str, int] = {}
        for g in group:
            size[g.label] = size.get(g.label, 0) + g.end - g.start
        total = sum(size.values())
        words = text[group[0].start:group[-1].end]
        if size.get("DATE", 0) * 2 >= total:
            label = "DATE"
        elif "LOCATION" in size and _DIGIT.search(words):
            label = "LOCATION"
        else:
            label = max(size, key=lambda k: size[k])
        score = sum(g.score * (g.end - g.start) for g in group) / total
        out.append(TaggedSpan(group[0].start, group[-1].end, label, score))
    return [_whole_date(text, g) if g.label == "DATE" else g for g in out]


def _whole_date(text: str, span: TaggedSpan) -> TaggedSpan:
    """A date span widened over the numeric date it is part of ("09-16" of "1979-09-16") and the
    day before its month ("13." of "13. Juni 1985")."""
    start, end = span.start, span.end
    for m in _NUMERIC_DATE.finditer(text, max(0, start - 10), min(len(text), end + 10)):
        if m.start() < end and start < m.end():
            start, end = min(start, m.start()), max(end, m.end())
    day = _DAY_BEFORE.search(text, max(0, start - 12), start)
    if day is not None and not text[start].isdigit():
        start = day.start()
    return TaggedSpan(start, end, span.label, span.score)


# What follows an abbreviation's stop when the stop ends no sentence: the label's next abbreviated word
# and its colon ("Doğ. tar.: ", "Fec. nac.: ", "Geb. Dat.: ")
_ABBREVIATED_LABEL_REST = re.compile(r"\s{1,2}[^\W\d_]{1,5}\.\s{0,2}:\s{0,3}")


def _window(text: str, start: int, end: int, before_chars: int, after_chars: int) -> tuple[str, str]:
    """The text before a span from its sentence's start, and after it to its sentence's end."""
    before = text[max(0, start - before_chars):start]
    # the span's first characters too: a stop right before a number is an abbreviation's ("Doğ. 12 ...")
    seen = text[max(0, start - before_chars):start + 3]
    cut = max((m.end() for m in _SENTENCE_BREAK.finditer(seen) if m.end() <= len(before)
               and not _ABBREVIATED_LABEL_REST.fullmatch(before, m.end())), default=0)
    after = text[end:end + after_chars]
    stop = _SENTENCE_BREAK.search(after)
    return before[cut:], after[: stop.start()] if stop else after


# The last word of a span that is the next label of a one-line form ("... Кулаков Просьба: ...")
_NEXT_LABEL_WORD = re.compile(r"(?<=\S)\s{1,3}[^\W\d_]{1,40}$")
_LABEL_COLON_BEFORE = re.compile(r":[ \t]{0,3}$")


def _first_name_before(text: str, start: int) -> int | None:
    """Where a capitalised word right before a span starts (one space between), or None."""
    head = text[max(0, start - 32):start]
    m = _NAME_WORD_BEFORE.search(head)
    if m is None or not m.group(1)[0].isupper() or not _MID_SENTENCE.search(head[:m.start(1)]):
        return None  # a lower-case word, or the sentence's first word (capitalised for that alone)
    return start - (len(head) - m.start(1))


def _told_by_its_form(text: str, span: TaggedSpan, words: str, start: int, end: int, before: str, after: str,
                      cues: Cues, language: str) -> tuple[str, C, bool, int, int] | None:
    """(entity, category, quasi, start, end) of a span no cue placed that the sentence's form makes the
    writer's: a full name where the writer speaks and asks nothing ("En el seminario me preguntaron
    a mí (Isabel Alemany) ...": theirs or someone's in their life, as in English), or a value a
    short label opening its clause introduces and that closes it ("Arbeitgeber: Höfig AG.",
    "Τόπος γέννησης: Μυτιλήνη.": a form the writer fills in about themself, in any language)."""
    label = span.label
    # no cue, and no word of it anyone's name: a product or a body ("Mozilla Firefox", "Google Chrome");
    # nor one whose last word is an English noun no one is named ("Tor Browser", "Acme Cloud")
    whole = text[start:_whole_name(text, end)]
    named = label == "PERSON" and has_name_word(whole) and _ends_as_a_name(whole) and not _a_brand(whole)
    if named and span.score >= SIGNED_MIN_SCORE and capitalised_words(words, 4, "-'") \
            and not cues.has("public", before, after) and _writers_sentence(text, start, end, language) \
            and not asks_anywhere(_sentence_of(text, start, end), language):
        return "PERSON", C.CONTACT, False, start, _whole_name(text, end)
    if named and span.score >= SIGNED_MIN_SCORE and capitalised_words(words, 4, "-'") \
            and _title_case_name(text[start:_whole_name(text, end)]) and not cues.has("public", before + words, after) \
            and _stated_clause(text, start, end, language):
        # a full name that a clause states, not asks about (`_stated_clause`), with a first name
        # the model left out ("Ligia" of "Ligia Rosado Haro")
        while (first := _first_name_before(text, start)) is not None and not cues.has("public", text[:first], ""):
            start = first
        return "PERSON", C.CONTACT, False, start, _whole_name(text, end)
    if label in _LABELLED_CLASSES and _labelled(text, start, end):
        if label == "LOCATION" and _DIGIT.search(words):
            return "STREET_ADDRESS", C.POSTAL_ADDRESS, False, start, end
        entity, category, quasi = _LABELLED_CLASSES[label]
        return entity, category, quasi, start, end
    return None


def _a_brand(name: str) -> bool:
    """Whether `name` opens with a word no one is named and every word of it is known worldwide
    ("Apple Safari", "Firefox Aurora"): a product's name, however person-like its last word."""
    first = _LETTERS.search(name)
    return first is not None and not has_name_word(first.group()) and worldwide(name)


def _labelled(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a value after its label and colon that ends its clause ("Beruf: Koch.")."""
    return _LABEL_BEFORE.search(text, max(0, start - 60), start) is not None \
        and _LABELLED_VALUE_END.match(text, end) is not None


def _ends_as_a_name(name: str) -> bool:
    """Whether the last word of `name` may be a surname: a given name or surname of Faker's lists,
    or a word the English dictionary does not know ("Browser" of "Tor Browser" is a thing's word)."""
    words = _LETTERS.findall(name)
    if not words:
        return False
    last = words[-1]
    if has_name_word(last):
        return True
    dictionary = model_english_words()
    return dictionary is None or not dictionary.known(last)


def _title_case_name(name: str) -> bool:
    """Two or more words, each a capital then small letters ("Nélida Uriarte", not "OS X Terminal"
    nor "US English": an acronym or a lone capital is no part of a name written out)."""
    words = name.split()
    return len(words) >= 2 and all(w[:1].isupper() and any(ch.islower() for ch in w) for w in words)


def _stated_clause(text: str, start: int, end: int, language: str) -> bool:
    """Whether text[start:end] stands inside a clause that states rather than asks: the clause (cut
    at . : ! ? and line breaks) has words before the name and no question mark, its sentence is no
    question about the world, and no question elsewhere in the text names it. A full name there
    is someone's, as in English ("Kurze Frage von Charlotte van der Dussen aus dem Kurs: ...",
    "(ponente: Ligia Rosado)"); in a question it is what is asked about, and a name that opens a
    statement is its subject ("Julia Gillard, primera ministra interina, sostuvo ...")."""
    head = text[max(0, start - 300):start]
    cut = max((m.end() for m in _CLAUSE_END.finditer(head)), default=0)
    stop = _CLAUSE_END.search(text, end)
    clause = head[cut:] + text[start:stop.end() if stop else len(text)]
    if not _LETTERS.search(head[cut:].lstrip("(•*-–— \t")):
        return False
    asks = _question_marks(language)
    if any(q in clause for q in asks) or world_question(_sentence_of(text, start, end), language):
        return False
    name = text[start:end]
    return not any(any(q in _sentence_of(text, m.start(), m.end()) for q in asks)
                   for m in re.finditer(re.escape(name), text) if m.start() != start)


def _unsure_names(tagger: MultilingualTagger, text: str, taken: list[TaggedSpan], tokens: list[tuple[int, int]],
                  probs: np.ndarray) -> list[TaggedSpan]:
    """Runs of capitalised words outside `taken` to which the model gives a name's or a place's class
    at least `UNSURE_MIN` of probability (below its threshold), each with its likeliest such class
    (`tokens` and their `probs` as the model read them)."""
    if not tokens:
        return []
    opens = sentence_openers(text, tokens)
    entity = [i for i, label in enumerate(tagger.labels) if label in ("PERSON", "LOCATION")]
    out: list[TaggedSpan] = []
    for (a, b), row, opener in zip(tokens, probs, opens):
        word = text[a:b]
        if opener or not word[:1].isupper() or not word[:1].isalpha() or any(s.start < b and a < s.end for s in taken):
            continue  # a sentence's first word has its capital from its place
        best = max(entity, key=lambda i: row[i])
        if float(row[best]) < UNSURE_MIN or int(row.argmax()) not in (0, best):
            continue
        label = tagger.labels[best]
        if out and out[-1].label == label and text[out[-1].end:a] == " ":
            out[-1] = TaggedSpan(out[-1].start, b, label, min(out[-1].score, float(row[best])))
        else:
            out.append(TaggedSpan(a, b, label, float(row[best])))
    return out


UNSURE_MIN = 0.15  # a class's probability that a cue of the writer's may settle
_RESCUED = frozenset({"PERSON", "LOCATION", "STREET_ADDRESS"})


def _signature(text: str, start: int, end: int, label: str, score: float, language: str) -> tuple[int, int] | None:
    """The edges of a writer's name where it stands as a signature or introduction (`_signed`), or
    None. The model may tag one word of it ("Junk" of "Danke im Voraus! Eugenie Junk") or call it a
    company ("Sevgiler, Şefi Arslan"): a known given name or surname right before it belongs to it,
    and a span the model is unsure of, or calls a company, stands where every word is a known name."""
    end = _whole_name(text, end)
    while (m := _NAME_WORD_BEFORE.search(text, max(0, start - 32), start)) is not None and m.end() == start \
            and m.group(1)[:1].isupper() and m.group(1).casefold() in name_words() and len(text[m.start(1):end].split()) <= _MAX_NAME_WORDS:
        start = m.start(1)
    sure = label == "PERSON" and score >= SIGNED_MIN_SCORE
    if not sure and not all(w.casefold() in name_words() for w in text[start:end].split()):
        return None
    return (start, end) if _signed(text, start, end, language) else None


def _signed(text: str, start: int, end: int, language: str) -> bool:
    """Whether a full name stands where a writer signs or introduces themself, whatever the words
    around it: the last segment of the text (after its last sentence end, line break or opening
    bracket, at most `_SIGN_WORDS` other words, then nothing but closing punctuation: "(imza: Ümmet
    Akçay)", "Viele Grüße\nMariechen Biggen", "(Frage von Louise Rose, bitte kurz antworten)"), or
    the first clause when words of writing or being come before it and the writer is in its sentence
    ("Пишет Ульяна Блохина, у меня вопрос: ..."): a name that opens a statement is its subject
    ("Julia Gillard, primera ministra interina, sostuvo ..."). A name in a question is what the
    question is about, and stays."""
    name = [w for w in text[start:end].split() if not _NAME_PARTICLE.fullmatch(f" {w} ")]
    if not 2 <= len(name) <= _MAX_NAME_WORDS + 1 or not all(w[:1].isupper() for w in name) \
            or not name[0][:1].isupper() or not text[start:start + 1].isupper():
        return False
    if _offered(text, start, end, language):
        return True
    head = text[:start]
    cut = max(head.rfind(c) for c in ".!?\n(")
    segment_before = head[cut + 1:]
    tail = text[end:]
    bracket = text.rfind("(", 0, start) > text.rfind(")", 0, start)
    closing = cut >= 0 and head[:cut].strip() != "" and "?" not in segment_before + tail and "¿" not in segment_before + tail
    if closing and (_CLOSING_END.fullmatch(tail) or (bracket and _BRACKET_END.fullmatch(tail))):
        return len(segment_before.split()) <= _SIGN_WORDS or bracket
    clause_end = _CLAUSE_END.search(text, end)
    opening = cut < 0 and 1 <= len(head.split()) <= _SIGN_WORDS and "," not in head \
        and _CLAUSE_GOES_ON.match(tail) is not None
    if not opening or clause_end is None or clause_end.group() not in ".:!\n" or "¿" in text[end:clause_end.start()]:
        return False
    grammar = load_beliefs()[1].get(language)
    clause = lower(text[:clause_end.start()])
    return grammar is not None and any(w.group() in grammar.self_words for w in _WRITER_WORD.finditer(clause))


_COLON_BEFORE = re.compile(r":[ \u00a0]{0,3}$")
# A name known in this many of the frequency lists (`guardian.detect._frequency`), each word of it, is a
# public figure's ("Lionel Messi", "Angela Merkel": 10 of 13); a private person's surname is in few or none
PUBLIC_NAME_LANGUAGES = 8


def _offered(text: str, start: int, end: int, language: str) -> bool:
    """Whether a full name is given after a colon that closes a clause speaking of a name, and ends its
    own sentence: the writer offers it ("Falls du einen Namen für die Antwort brauchst: Willi Langern.",
    "Cevap için isim lazımsa: Seracettin Seven. Şu cümleyi ..."). A clause that asks ("Welcher Name
    passt hier: ...?") names what it asks about, and a name known in most languages is a public figure's
    ("Der Name des Komponisten: Ludwig van Beethoven.")."""
    nouns = _name_nouns(language)
    if not nouns or _COLON_BEFORE.search(text, max(0, start - 8), start) is None \
            or _LABELLED_VALUE_END.match(text, end) is None or text[end:end + 3].lstrip()[:1] == "?":
        return False
    head = text[max(0, start - 200):start].rstrip()[:-1]
    clause = head[max((m.end() for m in _SENTENCE_STOP.finditer(head)), default=0):]
    if "?" in clause or "¿" in clause or not any(_plain(w.group()) in nouns for w in _LETTERS.finditer(clause)):
        return False
    return min(known_in_languages(w.group()) for w in _LETTERS.finditer(text[start:end])) < PUBLIC_NAME_LANGUAGES


_MAX_NAME_WORDS = 4  # "Nume: Ana Maria Popescu-Ionescu"
_MAX_LABELLED_WORDS = 5  # "Beruf: Fachinformatiker für Systemintegration" is a title; a longer value is prose
# a job's title after its label may name its field too: "Ocupația: tehnician devize si masuratori in constructii"
_MAX_LABELLED_JOB_WORDS = 7
_MAX_LABELLED_ORG_WORDS = 8  # "Okul: Cumhuriyet Mesleki ve Teknik Anadolu Lisesi": a school's full name is longer
_BE = frozenset({"bin", "ist", "sind", "bist", "war", "wird"})  # German "to be": its noun after it is no one's name


def _past_form(text: str, start: int, end: int) -> int:
    """`end`, or the end of the legal form a span starting at `start` stops inside."""
    for form_start, form_end in forms_within(text, start, min(len(text), end + 8)):
        if form_start < end < form_end:
            end = form_end
    return end


# the town after an abbreviation that closes a labelled value ("... № 2 г. Казани", "... mun. Iași")
_ABBREVIATED_TOWN = re.compile(r"\.[ \u00a0]{1,2}[^\W\d_][\w\-]{1,30}(?=\s{0,2}(?:[.,;:!?()\n]|$))")


def _name_like(value: str, words: Sequence[str]) -> bool:
    """Whether a labelled value reads as a place's or an organisation's name: every word opens with a
    capital, a digit, a quote or "№", or is a short joiner ("ve", "de", "и"), and the first has its
    capital; or it names an institution's kind or a legal form ("Физико-математический лицей № 30")."""
    if _institution_word(value) or form_in(" " + value) or _FORM_FIRST.match(value):
        return True
    return words[0][:1].isupper() and all(
        w[:1].isupper() or w[:1].isdigit() or w[:1] in "«\"„“'№(" or (w.islower() and len(w) <= 3) for w in words)


def _in_sign_off(text: str, start: int, end: int, cues: Cues) -> bool:
    """Whether text[start:end] closes the text's sign-off: nothing but closing punctuation follows
    it, and among the at most `_SIGN_OFF_PARTS` short parts before it (lines, or pieces set off by
    commas: a department, a title) one is a closing formula of the language (`greeting`: "Mit
    freundlichen Grüßen", "С уважением", "Saygılarımızla") after the text it signs. What a writer
    signs with is theirs: a company there is the employer the letter comes from."""
    if not _CLOSING_END.fullmatch(text[end:]):
        return False
    low = max(0, start - _SIGN_OFF_CHARS)
    cuts = [low, *(m.end() for m in _SIGN_OFF_BREAK.finditer(text, low, start))]
    pieces = [(a, text[a:b - 1 if b < start else b].strip()) for a, b in zip(cuts, [*cuts[1:], start])]
    pieces = [(a, piece) for a, piece in pieces if piece][-_SIGN_OFF_PARTS:]
    for at, piece in reversed(pieces):
        if len(piece.split()) > _SIGN_OFF_PART_WORDS:
            return False
        if cues.has("greeting", piece, ""):
            return bool(text[:at].strip())
    return False


_SIGN_OFF_BREAK = re.compile(r"[\n,.!?]")
# two or three words of letters ending the text, before closing punctuation only: a signature's name
_TAIL_CHARS = 90  # the most a signature's two or three words and closing marks take
_TAIL_NAME = re.compile(r"(?<![\w.])([^\W\d_]{2,25}(?:[ \-][^\W\d_]{2,25}){1,2})[ \t.!)]{0,3}\s{0,3}$")
_SIGN_OFF_CHARS = 160
_SIGN_OFF_PARTS = 3  # "Cu respect", "Departamentul IT", and the company
_SIGN_OFF_PART_WORDS = 4


# The words for "years" (of age) that follow an age's number, per language (Romanian puts "de" between)
_AGE_UNITS: dict[str, str] = {
    "de": r"jahre?n?|jährig\w*", "es": r"años|añitos", "fr": r"ans?", "it": r"anni|anno", "pt": r"anos?",
    "ro": r"(?:de\s{1,3})?ani|an", "pl": r"lat|lata|rok\w*", "ru": r"лет|года?", "uk": r"рок(?:ів|и)|рік",
    "tr": r"yaş\w*", "el": r"χρον\w*|ετ(?:ών|ος)", "nl": r"jaar|jarig\w*",
}
_WORD_AFTER = re.compile(r"[ \t]{1,3}(\w{2,30})\b")


@functools.lru_cache(maxsize=16)
def _age_unit(language: str) -> re.Pattern[str] | None:
    units = _AGE_UNITS.get(language)
    return re.compile(rf"[ \t]{{1,3}}(?:{units})\b", re.I) if units else None


@functools.lru_cache(maxsize=16)
def _stop_words(language: str) -> frozenset[str]:
    """spaCy's stop words of `language` (empty where spaCy has none)."""
    import importlib

    try:
        return frozenset(importlib.import_module(f"spacy.lang.{language}.stop_words").STOP_WORDS)
    except (ImportError, AttributeError):
        return frozenset()


def _counts_things(text: str, end: int, language: str) -> bool:
    """Whether the number ending at `end` counts the noun right after it ("10 mele", "5 Äpfel"): a
    word in lower case, neither the language's word for years nor a function word ("34 und", "34 y")."""
    unit = _age_unit(language)
    if unit is None or unit.match(text, end):
        return False
    m = _WORD_AFTER.match(text, end)
    if m is None or not m.group(1).isalpha():
        return False
    word = m.group(1)
    if lower(word) in _stop_words(language):
        return False
    return word[0].isupper() if language in CAPITALISES_NOUNS else word == lower(word)


def _in_a_date(text: str, start: int, end: int, language: str) -> bool:
    """Whether text[start:end] lies inside a numeric date or one written with the language's month name."""
    day = _day_of_month(language)
    window = max(0, start - 24), min(len(text), end + 24)
    return any(m.start() <= start and end <= m.end() for m in _NUMERIC_DATE.finditer(text, *window)) or (
        day is not None and day.match(text, end) is not None)


def _whole_name(text: str, end: int) -> int:
    """A name span widened over the capitalised words right after it ("Anna" of "Anna Maria Schmidt"),
    and over the capitalised parts joined to a word by a hyphen ("Λυγκούρας-Γκικόπουλος")."""
    for _ in range(_MAX_NAME_WORDS):
        joined = _HYPHEN_PART.match(text, end)
        if joined is not None:
            end = joined.end()
            continue
        m = _NAME_WORD_AFTER.match(text, end)
        if m is None or not m.group(1)[0].isupper():
            break
        end = m.end(1)
    return end


# A pronoun that stands before a finite verb: the reader addressed ("Te escribo desde ...", "Σου
# γράφω", "Vă scriu", "Тебе пишу") or the verb's object ("Lo pregunto porque ...", "Το ρωτάω"); the
# second word is then the writer speaking, not a request's object (a request puts its pronoun after
# the verb: "Dime", "Πες μου", "Gib mir")
_BEFORE_THE_VERB = frozenset({"te", "os", "va", "iti", "ti", "vi", "σου", "σας", "тебе", "вам", "тобі", "lhe", "vous", "dir", "euch",
                        "lo", "la", "le", "les", "los", "las", "se", "li", "gli", "ci", "il", "o", "i", "l", "το", "τα", "τον",
                        "την", "τη", "τις", "τους", "του", "της"})
# The writer as a subject: second in a question that puts the verb first ("Darf ich ...", "Puedo yo
# ..."), unlike an object after a request's verb ("Gib mir ...")
_SUBJECT_PRONOUNS = frozenset({"ich", "wir", "yo", "nosotros", "nosotras", "eu", "noi", "εγω", "εμεις", "я", "мы", "ben",
                               "biz", "je", "nous", "io", "ja", "ik", "wij", "ми"})


_RECIPIENT_WORDS = 3  # "me" among a question's first words is who it asks for ("Kannst du mir ...", "¿Me puedes ...")


def writer_in_sentence(text: str, start: int, end: int, self_words: frozenset[str],
                       topic: frozenset[str] = frozenset()) -> bool:
    """Whether a word of the writer (`self_words`: "ich", "mein", "я" ...) is in the sentence of
    text[start:end]. The second word of a sentence whose first is not the writer's is a request's
    object, not its subject ("Gib mir alle ...", "Κάνε μου ...", "Назови мне ...", "Dă-mi ..."): it
    asks, and tells nothing of the writer; after a pronoun that stands before a verb ("Te escribo
    ...", "Lo pregunto ...") it is the writer speaking. A `topic` word between the writer's last word before the
    span and the span makes the span what the writer asks about ("Ich habe eine Frage zu Diabetes:
    wie hoch darf der Blutzucker ..."), unless the writer is named again after it. "Me" among the
    first words of a question (`recipient`: "Kannst du mir erklären, wie ...?", "¿Me puedes ...?")
    is who the answer is for, and alone it says nothing of the writer."""
    if spoken_by_a_bot(text, start):
        return False  # "IA: ¡Saludos! Soy un asistente de investigación de IA.": the script's character speaks
    head = text[max(0, start - 400):start]
    before = head[max((m.end() for m in _SENTENCE_STOP.finditer(head)), default=0):]
    stop = _SENTENCE_STOP.search(text, end)
    after = text[end:stop.start() if stop else min(len(text), end + 400)]
    # a word is also compared without accents, as the cues are: "μού" (an enclitic's accent) is "μου"
    plain_self, plain_topic = _plain_set(self_words), _plain_set(topic)
    matches = list(_LETTERS.finditer(lower(before)))
    words = [(w.group(), _plain(w.group())) for w in matches]
    writers = [w in self_words or p in plain_self for w, p in words]
    possessive = getattr(self_words, "possessive", frozenset())
    # a comma after the first word makes it an aside ("Кстати, мне сейчас ...", "Apropo, mă ..."):
    # a request's verb takes its object with none between ("Gib mir", "Назови мне")
    aside = len(matches) > 1 and "," in lower(before)[matches[0].end():matches[1].start()]
    mine = [i for i, (w, p) in enumerate(words)
            if writers[i] and (i != 1 or writers[0] or aside or p in _SUBJECT_PRONOUNS or w in possessive
                               or words[0][1] in _BEFORE_THE_VERB)]
    def later() -> bool:  # a word of the writer after the span
        return any(w.group() in self_words or _plain(w.group()) in plain_self for w in _LETTERS.finditer(lower(after)))

    recipient = getattr(self_words, "recipient", frozenset())
    if mine and recipient and stop is not None and text[stop.start()] == "?" \
            and all(words[i][0] in recipient and i < _RECIPIENT_WORDS for i in mine) and not later():
        return False  # "Kannst du mir erklären, wie ...?": "me" is who the answer is for, nothing of theirs
    if mine and not any(w in topic or p in plain_topic for w, p in words[mine[-1] + 1:]):
        return True
    return later()


@functools.lru_cache(maxsize=64)
def _plain_set(words: frozenset[str]) -> frozenset[str]:
    return frozenset(_plain(w) for w in words)


def _speaks_to_reader(sentence: str, language: str) -> bool:
    """Whether a word of the reader (`multilingual_beliefs.yaml`'s `reader`: "tu", "σας", "вы") is in the sentence."""
    grammar = load_beliefs()[1].get(language)
    return grammar is not None and bool(grammar.reader) \
        and any(w.group() in grammar.reader for w in _LETTERS.finditer(lower(sentence)))


def writer_words(language: str) -> tuple[frozenset[str], frozenset[str]]:
    """The language's words of the writer (`multilingual_beliefs.yaml`'s `self`) and of a topic
    (the health cues' `topic`), as `writer_in_sentence` reads them; empty where it has none."""
    grammar = load_beliefs()[1].get(language)
    health = load_health().get(language)
    return (grammar.self_words if grammar is not None else frozenset(),
            health.topic if health is not None else frozenset())


# An acronym in brackets right after a run of capitalised words: the abbreviation the text defines
# for them ("Lichess Master (LM)", "Mestre do Lichess (LM)"; Schwartz and Hearst's definition
# pattern, long form first), whatever language the acronym's letters come from
_ACRONYM_IN_BRACKETS = re.compile(r"\(\s?[A-ZÀ-ÞΑ-ΩА-Я]{2,8}\s?\)")
_LONG_FORM_BEFORE = re.compile(r"[^\W\d_][\w'’\-]{0,40}(?:\s{1,2}[\w'’\-]{1,40}){0,4}\s{0,2}$")


def _abbreviates_no_finding(text: str, finding: Finding, found: Sequence[Finding], language: str) -> bool:
    """Whether `finding` is an acronym the text defines in brackets after its long form, a run of
    words with a capital that no other finding covers: the abbreviation is what its long form is,
    a title or a product the text is about, no one's ("Kann ich den Lichess Meister (LM) Titel
    bekommen?"); a long form found as the writer's employer keeps its acronym."""
    bracket = _ACRONYM_IN_BRACKETS.fullmatch(text, max(0, finding.start - 2), min(len(text), finding.end + 2)) or \
        _ACRONYM_IN_BRACKETS.fullmatch(text, max(0, finding.start - 1), min(len(text), finding.end + 1))
    if bracket is None:
        return False
    long_form = _LONG_FORM_BEFORE.search(text, max(0, bracket.start() - 120), bracket.start())
    if long_form is None or not long_form.group().split()[-1][:1].isupper():
        return False  # "В моём университете (МФТИ)": a common noun before it, the acronym is the name itself
    if finding.entity == "HEALTH" and language in CAPITALISES_NOUNS \
            and not abbreviates(text[finding.start:finding.end], long_form.group()):
        # "Seit meiner Diagnose (ADHS)": German gives every noun its capital, so only the letters say
        # the noun before a condition's acronym is its long form (a translated title keeps its
        # English acronym: "Tabla de Contenidos (TOC)", "Mestre do Lichess (LM)")
        return False
    return not any(f is not finding and f.start < long_form.end() and long_form.start() < f.end for f in found)


def _a_cause_or_mine(text: str, label: re.Match[str], language: str) -> bool:
    """Whether a diagnosis's label with its condition in brackets is the writer's by the words of
    the label itself: after a cause's preposition ("Из-за болезни (рассеянный склероз) ответь
    коротко") or the writer's possessive ("meiner Krankheit (...)"), or in Turkish with the
    writer's suffix on it ("Rahatsızlığım (MS) yüzünden")."""
    grammar = load_health().get(language)
    if grammar is None:
        return False
    before = text[max(0, label.start("label") - 40):label.start("label")]
    word = lower(label.group("label"))
    return (grammar.cause is not None and grammar.cause.search(lower(before)) is not None) \
        or (grammar.mine is not None and grammar.mine.search(lower(before)) is not None) \
        or (language == "tr" and word.endswith(_TURKISH_MY))


_TURKISH_MY = ("ım", "im", "um", "üm")  # the first person's possessive suffix: "hastalığım", "rahatsızlığım"


def abbreviates(short: str, long: str) -> bool:
    """Whether `short` can abbreviate the end of `long`, by Schwartz and Hearst's test ("A simple
    algorithm for identifying abbreviation definitions in biomedical text", PSB 2003): each of its
    letters, read from the last, found in order in `long` from its end, and its first letter at the
    start of a word ("Lichess Meister (LM)" yes, "Seit meiner Diagnose (ADHS)" no)."""
    s, i = len(short) - 1, len(long) - 1
    while s >= 0:
        c = short[s].lower()
        if not c.isalnum():
            s -= 1
            continue
        while i >= 0 and (long[i].lower() != c or (s == 0 and i > 0 and long[i - 1].isalnum())):
            i -= 1
        if i < 0:
            return False
        i -= 1
        s -= 1
    return True


def _quoted_firm_within(text: str, start: int, end: int) -> re.Match[str] | None:
    """A legal form that opens a quoted name ("ООО «Северный путь»") and starts inside the span."""
    m = _FORM_FIRST.search(text, start, min(len(text), end + 80))
    return m if m is not None and m.start() < end else None


def _a_firm_in_a_statement(text: str, start: int, end: int, first_form: re.Match[str] | None) -> bool:
    """Whether a company named with its legal form stands in a clause that asks nothing and is no
    name written worldwide: "La Someș Mobila SRL folosim ...", "Es para la base de datos de clientes
    de Grupo Alvarado S.A.", "(Κυκλάδες Τουριστική Ι.Κ.Ε.)". A firm's registered name, form and all,
    is how its people and clients write it; a question about the world asks about it ("¿Qué fabrica
    Bosch GmbH?"), and a brand everyone writes is no one's employer by its name alone."""
    form_end = first_form.end() if first_form is not None else forms_after(text, end) or end
    clause = _clause_of(text, start, form_end)
    if "?" in clause or ";" in clause:  # ";" is Greek's question mark
        return False
    forms = forms_within(text, start, end)
    name = text[start:forms[0][0] if forms else end].strip(" ,")
    return not worldwide(first_form.group("name") if first_form is not None else name)



def _private_name_in_a_frame(text: str, span: TaggedSpan, words: str) -> bool:
    """A full name the model is sure of, every word in Faker's lists, that no language writes often
    (no one known worldwide), in the lead-in or the sign-off that frames the message
    (`_in_a_frame`): a private person's, who sends or asks, not what is asked about ("Öncel Sezgin
    yazıyor:", "Pregunta de Guadalupe Alegre Solsona:", "— Panagachie Popescu, utilizator
    mulțumit"; not "Julia Gillard, primera ministra, sostuvo ..."). Not a firm's name before its
    legal form ("Eraslan Soylu San.")."""
    whole = _whole_name(text, span.end)
    return span.score >= PRIVATE_NAME_MIN_SCORE and _a_private_full_name(words) and _in_a_frame(text, span.start, span.end) \
        and forms_after(text, whole) is None and not form_in(text[span.start:whole + 8])


def _for_a_course(text: str, start: int, end: int, cues: Cues, language: str) -> bool:
    """Whether a school or a university is named with the work of a course in its sentence or its
    bracket ("Es un ejercicio de prácticas de la Universidad ...", "(Εργασία, Οικονομικό Πανεπιστήμιο
    Αθηνών)", "unserer Projektgruppe an der ...schule"): where the writer studies, whatever the
    sentence's person; "Die Universität Wien bietet Kurse an" offers, no one's work is done there."""
    words = cues.before.get("study_task")  # the words anywhere in the sentence, not a cue before the span
    if words is None:
        return False
    sentence = _sentence_of(text, start, end)
    return words.search(_plain(sentence)) is not None and not asks_anywhere(sentence, language)


def _a_private_full_name(words: str) -> bool:
    """Whether `words` is a full name of a private person: two to four capitalised words (no
    acronym), each a given name or surname Faker's lists know, the whole not a name most languages
    write often (`worldwide`: "Albert Einstein")."""
    parts = words.split()
    return _PRIVATE_NAME_WORDS[0] <= len(parts) <= _PRIVATE_NAME_WORDS[1] \
        and all(w[:1].isupper() and not w.isupper() and has_name_word(w) for w in parts) and not worldwide(words)


_FRAME_WORDS = 12  # a lead-in up to its colon, or a sign-off after its dash, at most this many words
_LEAD_COLON = re.compile(r":(?:\s|$)")
_SIGN_DASH = re.compile(r"(?:^|\s)[—–-]\s")


def _in_a_frame(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] stands in a line's lead-in that a colon closes, with no sentence ending
    before it ("Giz Şafak olarak kısa bir sorum olacak: ..."), or in the message's last words after
    a dash ("... — Panagachie Popescu, utilizator mulțumit"): the frame around what is asked."""
    line_start = text.rfind("\n", 0, start) + 1
    head = text[line_start:start]
    colon = _LEAD_COLON.search(text, end, min(len(text), end + 200))
    if colon is not None and "\n" not in text[end:colon.start()] and not _SENTENCE_STOP.search(head) \
            and len(text[line_start:colon.start()].split()) <= _FRAME_WORDS:
        return True
    dash = None
    for dash in _SIGN_DASH.finditer(text, line_start, start):
        pass
    return dash is not None and len(text[dash.end():].split()) <= _FRAME_WORDS


_SENTENCE_HEAD = re.compile(r"(?:^|[.!?;:\n]\s{0,3})(?:[^\W\d_][\w\-]{0,11}\s{1,2}){0,2}$")


def _opens_with_a_place(text: str, start: int) -> bool:
    """Whether the label at `start` opens its sentence, after at most two words (a preposition,
    an article, whose: "La firmă", "Στο γραφείο", "В компании", "Коллеги по работе")."""
    return _SENTENCE_HEAD.search(text, max(0, start - 24), start) is not None


_ABBREVIATION_BEFORE = re.compile(r"(?<!\w)\w{1,4}\.\s{1,2}$")  # "г. ", "Str. ": a cue's short form


# A capitalised word inside a sentence: the writer capitalises nouns (a text typed in lower case does not)
_NOUN_CAPITAL = re.compile(r"(?<=[^\W\d_][ ,])[A-ZÄÖÜ][a-zäöüß]{2,40}")

# A word this common (wordfreq's Zipf) is a noun of the language where every noun has a capital, not a
# firm's name: "Arbeit" 5.6, "Firma" 4.7, "Bahn" 5.0 against "Siemens" 4.1, "Allianz" 4.2, "Telekom" 4.4
COMMON_NOUN_ZIPF = 4.5


@functools.lru_cache(maxsize=16)
def _preposition_before(language: str, path: str = str(CUES)) -> re.Pattern[str] | None:
    """The language's prepositions of a workplace (`employer` cues: "bei", "für", "an der"), right before
    a run, with the article they may take ("bei der")."""
    words = [str(w) for w in _raw_cues(path).get(language, {}).get("employer") or ()]
    if not words:
        return None
    return re.compile(rf"(?<!\w)(?:{cue_alternation([_plain(w) for w in words])})(?:[ \u00a0](?:der|dem|den|des))?[ \u00a0]$",
                      re.IGNORECASE)


def _writers_sentence(text: str, start: int, end: int, language: str) -> bool:
    """`writer_in_sentence` with the language's words of the writer and of a topic."""
    return writer_in_sentence(text, start, end, *writer_words(language))


_CLAUSE_BREAK_AFTER = re.compile(r"[,:–—](?=\s)")  # not ";", the Greek question mark


def _clause_of(text: str, start: int, end: int) -> str:
    """The sentence holding text[start:end] up to the first comma, colon or dash after the
    span: a question asked after it is another clause. The whole sentence where none follows."""
    sentence = _sentence_of(text, start, end)
    at = sentence.find(text[start:end])
    cut = _CLAUSE_BREAK_AFTER.search(sentence, at + (end - start)) if at >= 0 else None
    return sentence if cut is None else sentence[:cut.start()]


# A word this common in its language (wordfreq's Zipf scale: once in a million words) that opens its
# sentence or line has its capital from its place: "Βεβαιωθείτε" (make sure), "Προσθήκη" (adding),
# "Aslen" (originally) after a line that names the writer are words, not the places the model took
# them for; a town GeoNames knows ("Trabzon", "Ξάνθη") stays a place
COMMON_OPENING_PLACE = 3.0


def _health_named(finding: Finding) -> Finding:
    """A place the model read in a word the health lists know ("Hintergrund: Asthma, ich ..."): the
    writer's condition, told where the model expected a place."""
    if finding.entity != "LOCATION":
        return finding
    return dataclasses.replace(finding, entity="HEALTH", category=C.HEALTH, quasi=False)


def _a_common_word_opening(text: str, finding: Finding, tokens: list[tuple[int, int]], language: str) -> bool:
    """Whether `finding` is a place of one word that opens its sentence or line, is `COMMON_OPENING_PLACE`
    in `language` and no town."""
    if finding.entity != "LOCATION":
        return False
    word = text[finding.start:finding.end]
    if not word.isalpha() or is_town(word) or zipf(lower(word), language) < COMMON_OPENING_PLACE:
        return False
    at = next((i for i, (a, _) in enumerate(tokens) if a == finding.start), None)
    return at is not None and sentence_openers(text, tokens)[at]


# After a course's work, at most two words (its topic, an article) and a preposition, the school: "curs
# la Colegiul ...", "курсовую для НИУ ВШЭ", "Hausarbeit an der Hochschule ...": capitalised words, with
# the lower-case particles a school's name holds ("de", "der", "la"), at most six
_COURSE_SCHOOL = re.compile(
    r"(?:\s{1,3}[^\W\d_]{1,20}){0,2}?\s{1,3}(?:la|de|del|для|в|во|на|an|am|für|at|para|pentru|από|στο|στη|στην|του|της|di|à|na|no|da|w|we|için)"
    r"(?:\s{1,3}(?:der|dem|den|die|el|la|le|il|lo|o|a|the|το|τη|την))?\s{1,3}"
    r"(?P<school>(?-i:[A-ZÀ-ÖØ-ÞĀ-ſΑ-ΩΆ-ΏА-ЯЁІЇЄ])[\w'’.\-]{0,30}(?:\s{1,2}(?:(?:de|del|der|la|di|du|des|do|da|și|si|и|of)\s{1,2})?"
    r"(?-i:[A-ZÀ-ÖØ-ÞĀ-ſΑ-ΩΆ-ΏА-ЯЁІЇЄ«\"„])[\w'’.»\"“\-]{0,30}){0,5})", re.IGNORECASE)
_ACRONYM_RUN = re.compile(r"(?:[A-ZÀ-ÖØ-ÞΑ-ΩА-ЯЁІЇЄ]{2,6}\s{1,2}){0,2}[A-ZÀ-ÖØ-ÞΑ-ΩА-ЯЁІЇЄ]{2,6}")
MAX_COURSE_SCHOOLS = 4


def _sentence_of(text: str, start: int, end: int) -> str:
    """The sentence holding text[start:end], with its closing mark ("?", Greek ";")."""
    head = text[max(0, start - 400):start]
    cut = max((m.end() for m in _SENTENCE_STOP.finditer(head)), default=0)
    stop = _SENTENCE_STOP.search(text, end)
    return head[cut:] + text[start:(stop.end() if stop else len(text))]


# The head's classes an English word in another language's text is not: a term of the trade borrowed
# whole ("Play", "File", "Protocol"), no employer, place, condition or faith of the writer's (a job
# title borrowed from English, "Consultant", "Designer", stays)
# A reminder the writer asks for is about their own day: "(Erinnere mich bitte später daran, Ramipril
# zu nehmen.)", "Напомни мне потом выпить ...": the medicine in it is theirs, whatever words stand
# between (the languages' verbs of reminding someone, and English's)
_REMIND = re.compile(r"(?i)\b(?:erinner\w{0,6}|recu[eé]rd\w{0,6}|record[aá]\w{0,6}|aminte[sșaă]\w{0,5}|aminti\w{0,6}|reamint\w{0,6}|θ[υύ]μισ\w{0,6}|напом[иі]?н\w{0,6}|нагада\w{0,6}|нагаду\w{0,6}|"
                     r"hat[ıi]rlat\w{0,6}|rappel\w{0,6}|ricord\w{0,6}|lembr\w{0,6}|przypomn\w{0,6}|remind\w{0,4}|"
                     # ... and of not forgetting: "Nicht vergessen: ... nehmen", "Не забыть бы выпить ..."
                     r"vergess\w{0,4}|vergiss|acordarme|acuérdate|recordatorio\w{0,2}|υπενθ[υύ]μισ\w{0,4}|memento\w{0,2}|olvid\w{0,6}|oubli\w{0,6}|dimentic\w{0,6}|esquec\w{0,6}|"
                     r"(?:să|sa)\s{1,3}nu\s{1,3}uit\w{0,3}|ξεχ[άαν]\w{0,6}|забы\w{0,4}|забуд\w{0,4}|забу\w{0,4}|unutma\w{0,6}|zapomn\w{0,6}|"
                     r"vergeet|forget|forgot"
                     # ... and a note to oneself: "Kendime not: ...", "Notiz an mich: ..."
                     r"|kendime\snot\w{0,3}|note\sto\sself|notiz\san\smich|nota\spara\smí|nota\spara\smi|заметка\sсебе|notă\spentru\smine)\b")
# A time of the day a medicine is taken at, in the clause that names it and not asked about: an
# intake, someone's, and in a prompt the writer's ("După doza de Metformin de azi-dimineață: ...",
# "Sabahki Arveles dozumdan sonra", "Μετά τη δόση Euthyrox το πρωί"); "Wann nimmt man Metformin
# am besten, morgens?" asks about everyone's
_INTAKE_TIME = re.compile(
    r"(?i)(?<!\w)(?:heute(?:\s(?:früh|morgen|abend))?|morgens|abends|um\s\d{1,2}(?::\d\d)?\s?uhr"
    r"|esta\s(?:mañana|noche|tarde)|hoy|por\sla\s(?:mañana|noche)|a\slas\s\w{1,20}"
    r"|ce\s(?:matin|soir)|aujourd['’]hui|à\s\d{1,2}\s?h"
    r"|stamattina|stamani|stasera|oggi|alle\s\w{1,20}"
    r"|hoje|esta\smanhã|de\smanhã|à\snoite|às\s\w{1,20}"
    r"|azi(?:-diminea[țt]ă)?|astăzi|diminea[țt]\w{0,3}|seara|la\sora\s\w{1,20}"
    r"|το\s(?:πρωί|βράδυ)|σήμερα|απόψε|στις\s\w{1,20}"
    r"|утром|вечером|сегодня|на\sночь|вранці|ввечері|сьогодні"
    r"|sabah\w{0,4}|akşam\w{0,4}|bugün\w{0,3}|saat\s\w{1,20}"
    r"|rano|wieczorem|dzisiaj|dziś|o\sgodzinie\s\w{1,20}|vanochtend|vanavond|vandaag"
    # ... or every day at one: "Muss jeden Abend Novalgin nehmen", "her sabah Arveles"
    r"|jeden\s(?:morgen|abend|tag)|cada\s(?:mañana|noche|día)|todas\slas\s(?:mañanas|noches)|chaque\s(?:matin|soir|jour)"
    r"|tous\sles\s(?:matins|soirs|jours)|ogni\s(?:mattina|sera|giorno)|todas\sas\s(?:manhãs|noites)|todos\sos\sdias"
    r"|în\sfiecare\s(?:diminea[țt]ă|sear[ăa]|zi)|κάθε\s(?:πρωί|βράδυ|μέρα)|каждое\sутро|каждый\s(?:вечер|день)"
    r"|кожного\s(?:ранку|вечора|дня)|her\s(?:sabah|akşam|gün)|każdego\s(?:ranka|wieczoru|dnia)|codziennie"
    r"|elke\s(?:ochtend|avond|dag))(?!\w)")


# "Entre toma y toma de Adiro:", "Între două doze de Concor:", "Между приёмами препарата Метформин:",
# "İki doz Glifor arasında": the time between two of one's doses, which only the one who takes it counts
_BETWEEN_DOSES = re.compile(
    r"(?i)(?<!\w)(?:entre\s(?:dos\s|duas\s|deux\s)?(?:dosis|tomas?|doses|prises|tomadas)(?:\sy\s(?:dosis|tomas?))?"
    r"|entre\stoma\sy\stoma|(?:tra|fra)\s(?:due\s)?dosi|zwischen\s(?:zwei\s)?(?:dosen|einnahmen|tabletten|pillen|kapseln|spritzen)"
    r"|entre\s(?:dos\s|duas\s|deux\s)?(?:pastillas|comprimidos|pílulas|comprimés|cachets)"
    r"|între\s(?:două\s|doua\s)?doze|(?:ανάμεσα\sσε|μεταξύ)\s(?:δύο\s)?δόσε\w{0,3}"
    r"|между\s(?:двумя\s)?(?:при[её]мами|дозами)|між\s(?:двома\s)?(?:прийомами|дозами)"
    r"|między\s(?:dwiema\s|dwoma\s)?dawkami|tussen\s(?:twee\s)?(?:doses|innames)|iki\sdoz"
    # Turkish puts the medicine between "iki" and the postposition: "iki Arveles arasında"
    r"|iki\s(?:\w{2,30}\s)?(?:doz|hap|tablet|\w{2,30}['’]?(?:\w{0,3}))\sarasında)(?!\w)")


# "Kurze Frage, während Pantoprazol wirkt:", "mientras me hace efecto el Adiro", "пока не подействовал
# Нурофен", "Dolorex etkisini gösterene kadar": the wait for a dose to work, which only the one who took
# it has: a conjunction of time, then the languages' verbs of a medicine's working ("Ibuprofen wirkt
# nach 30 Minuten" tells of everyone's)
_THEN = r"\s(?:[\w'’-]{1,30}\s){0,3}"
_TAKES_EFFECT = re.compile(
    rf"(?i)(?<!\w)(?:(?:während|bis|sobald|solange){_THEN}(?:wirkt|wirken|anschlägt|greift)"
    rf"|(?:mientras|hasta\sque|en\scuanto){_THEN}(?:hace|haga)\s(?:\w{{1,30}}\s)?efecto"
    rf"|(?:cât|până\s(?:când|ce|să)){_THEN}(?:face|facă)\s(?:efectul|efect)"
    rf"|(?:pendant\squ['’]|jusqu['’]à\sce\squ['’]|en\sattendant\squ['’]|pendant\sque|jusqu['’]à\sce\sque|en\sattendant\sque){_THEN}"
    rf"(?:fait|fasse|agit|agisse)"
    rf"|(?:mentre|finché|finche|in\sattesa\sche){_THEN}(?:fa|faccia)\s(?:\w{{1,30}}\s)?effetto"
    rf"|(?:enquanto|até\sque){_THEN}(?:faz|faça|fizer)\s(?:\w{{1,30}}\s)?efeito"
    rf"|(?:zanim|dopóki|aż){_THEN}(?:zadziała|zacznie\sdziałać|działa)"
    rf"|(?:μέχρι|ώσπου|ενώ|όσο){_THEN}(?:πιάσει|δράσει|δρα)"
    rf"|(?:пока|покуда|прежде\sчем){_THEN}(?:подейству\w{{0,3}}|подействовал\w{{0,2}}|действу\w{{0,3}})"
    rf"|(?:поки|доки){_THEN}(?:подіє|подіяв\w{{0,2}}|діє)"
    rf"|etkisini\s(?:göster|yap)\w{{0,8}}\s(?:kadar|sürece)|etki\s(?:ed|et)\w{{0,6}}\s(?:kadar|sürece)"
    rf"|(?:until|while|till){_THEN}(?:kicks\sin|kick\sin|takes\seffect|works|wears\soff))(?!\w)")


def _named_by(pattern: re.Pattern[str], text: str, start: int, end: int, before: int, after: int) -> bool:
    """Whether text[start:end] is what a phrase of `pattern` names: inside it, at most `after`
    characters after it or at most `before` before it (-1: never before it)."""
    for m in pattern.finditer(text, max(0, start - 80), min(len(text), end + 60)):
        if (m.start() <= start and end <= m.end()) or 0 <= start - m.end() <= after or 0 <= m.start() - end <= before:
            return True
    return False


def _waited_for(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is what a wait for a medicine's effect (`_TAKES_EFFECT`) waits for: inside
    it ("während Pantoprazol wirkt"), right after it ("... hace efecto el Adiro") or right before
    it ("Dolorex etkisini gösterene kadar")."""
    return _named_by(_TAKES_EFFECT, text, start, end, before=2, after=5)


def _between_doses_of(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is inside a phrase of the time between two doses (`_BETWEEN_DOSES`)
    or right after one ("Entre toma y toma de Adiro")."""
    return _named_by(_BETWEEN_DOSES, text, start, end, before=-1, after=5)


def _timed(text: str, start: int, end: int, language: str) -> bool:
    """Whether the brand-shaped word at text[start:end], a word the language's list has never seen,
    is what a reminder is of, or taken at a time of day right beside it in one ("(напоминалка: Конкор
    утром)", "Kendime not: saat 8'de Apranax al", "¿... recordarme lo del Ventolin?"), and is no one's
    name nor a town's: a time of day is when one takes a dose, meets a person or a firm ("reunión
    con Telefónica a las diez"), or gets somewhere."""
    word = text[start:end]
    if not word[:1].isupper() or has_name_word(word) or is_town(word) or zipf(lower(word), language) > 0.0:
        return False  # "saat 8'de": a number after a word is a dose's shape; "Sevilla esta noche" a trip
    if not _REMIND.search(text, max(0, start - 60), min(len(text), end + 60)):
        return False
    if any(_REMINDED_GAP.fullmatch(text, m.end(), start) for m in _REMIND.finditer(text, max(0, start - 40), start)):
        return True  # what the reminder is of: "să-mi amintească de Siofor", "напоминать про Цитрамон"
    for m in _INTAKE_TIME.finditer(text, max(0, start - 40), min(len(text), end + 40)):
        gap = text[end:m.start()] if m.start() >= end else text[m.end():start]
        if len(gap) <= 5 and _TIME_GAP.fullmatch(gap):
            return True
    return False


# between a verb of reminding and what it reminds of: a preposition or an article, two words at most
# and one at least ("recordatorio Aegis" is the feature's name, not what it reminds of)
_REMINDED_GAP = re.compile(r"\s{1,3}(?:\w{1,5}\s{1,3}){1,2}")
# between a time of day and the name taken then: spaces, and a case ending's apostrophe ("8'de ")
_TIME_GAP = re.compile(r"(?:['’]\w{1,4})?\s{1,3}")


def _an_intake(text: str, start: int, end: int, language: str) -> bool:
    """Whether the medicine at text[start:end] is taken at a time of day its clause names (`_INTAKE_TIME`),
    between two of its doses (`_BETWEEN_DOSES`) or while it starts to work (`_TAKES_EFFECT`), where
    nothing is asked: not its clause, nor its
    sentence from it to the question mark ("¿Se puede tomar Metformin esta noche, después de cenar?");
    a question after a colon asks apart from a lead-in ("Después de la dosis de Metformin de hoy: ¿...?")."""
    clause = _clause_of(text, start, end)
    if (_INTAKE_TIME.search(clause) is None and _BETWEEN_DOSES.search(clause) is None
            and not _waited_for(text, start, end)) or _is_question(clause, language):
        return False
    stop = _SENTENCE_STOP.search(text, end)
    rest = text[end:stop.end() if stop else len(text)]
    return not (_is_question(rest, language) and ":" not in rest)


# A medicine's dosage in brackets right after its name: the notes one keeps on one's own doses
_DOSAGE_AFTER = re.compile(r"(?i)\s{0,2}\(\s{0,2}(?:dosis|dosierung\w{0,2}|dosage|doses?|doze|dozaj\w{0,2}|doz|dosaggio|dosagem|"
                           r"dawkowanie|дозировк\w{0,3}|дозы|дозування|δοσολογ\w{0,3}|δόσεις)\b")


_DOSE_WORD = re.compile(r"(?i)(?<!\w)(?:dosis|dosierung\w{0,2}|dosage|doses?|doză|doza|dozaj\w{0,2}|dozu?|dosaggio|dosagem|"
                        r"dawk\w{1,4}|доз[аыуе]|дозировк\w{0,3}|дозування|δόση|δόσεις|δοσολογ\w{0,3})(?!\w)")


def _an_everyday_word(text: str, start: int, end: int, language: str) -> bool:
    """Whether text[start:end] is everyday words of the language no health list knows ("спешу",
    "doof"): lower case (or any noun's capital, in German), each word at least `COMMON_NOT_HEALTH`
    and three letters long ("T4", "No-Spa" with a brand's capital are names)."""
    span = text[start:end]
    words = _LETTERS.findall(span)
    if not words or any(len(w) < 3 for w in words) or _known_or_brand(span, language):
        return False
    if span[:1].isupper() and language not in CAPITALISES_NOUNS and not opens_sentence(text, start):
        return False
    return all(zipf(lower(w), language) >= COMMON_NOT_HEALTH for w in words)


def _dosed_in_writers_sentence(text: str, start: int, end: int, language: str) -> bool:
    """Whether the brand-shaped word at text[start:end] stands in a sentence of the writer's that also
    speaks of a dose ("Glifor ile ilgili notlarımı (doz vs.) ...", "meine Notizen zu Xarelto, Dosis
    und Zeiten"): only medicines come in doses."""
    sentence = _sentence_of(text, start, end)
    if _DOSE_WORD.search(sentence) is None:
        return False
    self_words = writer_words(language)[0]
    plain = _plain_set(self_words)
    # a word of the writer anywhere in it: "meine Notizen zu X (Dosis ...)" is about the writer's own
    # doses, though "zu" would make X a topic for a name or a condition; Turkish says "my" on the noun
    return any(w in self_words or _plain(w) in plain for w in _LETTERS.findall(lower(sentence))) \
        or (language == "tr" and turkish_first_person(sentence))


def _an_errand(text: str, start: int, end: int, language: str) -> bool:
    """Whether the medicine at text[start:end] is in a sentence that names the pharmacy (the cues'
    `pharmacy`) and asks nothing: a prescription to collect, someone's, and in a prompt the writer's
    ("Muss gleich noch Voltaren aus der Apotheke holen", "Trebuie să trec pe la farmacie după Algocalmin");
    "Gibt es Voltaren ohne Rezept in der Apotheke?" asks about everyone's."""
    grammar = load_health().get(language)
    if grammar is None or grammar.pharmacy_anywhere is None:
        return False
    sentence = _sentence_of(text, start, end)
    return not _is_question(sentence, language) and grammar.pharmacy_anywhere.search(lower(sentence)) is not None


_NOT_LOANS = frozenset({"ORG", "PLACE", "HEALTH", "GROUP"})
# The head's classes a name known worldwide (`_frequency.worldwide`) is not, without the writer's
# place cue right before it: a product, a firm or a city a text is about (a person's name may be as
# common, "Maria"; and a firm the writer works for has its cue, which `work_spans` reads)
_WORLDWIDE_CLASSES = frozenset({"ORG", "PLACE", "GROUP"})
_LATIN_WORD = re.compile(r"[A-Za-z][a-z]{1,30}")  # an acronym may be anything ("MS" of multiple sclerosis)


def _english_only(span: str) -> bool:
    """Whether every word of `span` is an English dictionary word in Latin letters and none is a
    person's name or a town's (the dictionary knows "Goethe" and "Frankfurt" too: "Goethe-Gymnasium
    Frankfurt" is a school's name, "Google Play" a term of the trade)."""
    words = model_english_words()
    parts = re.findall(r"[^\W\d_]+", span)
    if words is None or not parts or not all(_LATIN_WORD.fullmatch(p) and words.known(p) for p in parts):
        return False
    known = name_words()
    return not any(p.casefold() in known or is_town(p) for p in parts)


@functools.lru_cache(maxsize=1)
def _english_job_words() -> frozenset[str]:
    """The last words of the English job titles (`occupations.OCCUPATIONS` and Faker's list)."""
    from guardian.detect.recognizers.occupations import OCCUPATIONS, faker_titles

    return frozenset(t.lower().rsplit(" ", 1)[-1] for t in (*OCCUPATIONS, *faker_titles()))


def _english_job(span: str) -> bool:
    """Whether an English span ends in a job's noun ("Consultant", "Web Designer"), as borrowed
    whole into another language's text."""
    words = re.findall(r"[^\W\d_]+", span.lower())
    return bool(words) and words[-1] in _english_job_words()


def _institution_word(words: str) -> bool:
    """Whether a span holds the word for a school or a university (`_INSTITUTIONS`), alone or closing
    a German compound ("Stadtteilschule")."""
    # a hyphen joins two kinds ("лицей-интернат", "școala-internat"): each is one
    return any(_INSTITUTIONS.fullmatch(w) or (w[:1].isupper() and _SCHOOL_COMPOUND.search(w)) for w in words.split()) \
        or any(_INSTITUTIONS.fullmatch(part) for w in words.split() if "-" in w and w.islower() for part in w.split("-"))


def _with_form_names(text: str, spans: list[TaggedSpan]) -> list[TaggedSpan]:
    """The tagger's spans, with each span that is only a company's legal form ("A.Ş" of "Karadeniz
    Lojistik A.Ş.", "San" of "Akçay San.", whatever class the model gave it) widened over the
    capitalised words right before it, the company's name, as an organisation: a legal form
    closes the name it belongs to (ISO 20275). A span it overlaps gives way to it."""
    extra: list[TaggedSpan] = []
    for span in spans:
        form_end = form_at(text, span.start) if span.label != "DATE" else None
        if form_end is None or form_end < span.end:
            continue
        start = span.start
        for _ in range(_MAX_NAME_WORDS):
            prev = _NAME_WORD_BEFORE.search(text, max(0, start - 32), start)
            if prev is None or not prev.group(1)[:1].isupper() or lower(prev.group(1)) in STOP_WORDS:
                break
            start = prev.start(1)
        if start < span.start:
            extra.append(TaggedSpan(start, form_end, "ORGANIZATION", span.score))
    if not extra:
        return spans
    kept = [s for s in spans if not any(e.start < s.end and s.start < e.end for e in extra)]
    return sorted(kept + extra, key=lambda s: s.start)


def _with_institutions(text: str, spans: list[TaggedSpan], language: str = "") -> list[TaggedSpan]:
    """The tagger's spans, with each school or university named by its kind and capitalised words
    ("στο Πανεπιστήμιο Κρήτης", "Boğaziçi Üniversitesi'nde") as an organisation: the model often
    reads such a name as a person's or not at all. A span it overlaps gives way to it. A word that
    opens the sentence belongs to the name unless it is a function word or one of the commonest
    words of `language` ("Galatasaray Lisesi'nden mezun oldum"; not "Die Schule")."""
    extra: list[TaggedSpan] = []
    for m in re.finditer(r"[^\W\d_][\w'’\-]{2,60}", text):
        word = m.group().split("'")[0].split("’")[0]
        if not _INSTITUTIONS.fullmatch(word) and not (
                "-" in word and word[:1].isupper() and _INSTITUTIONS.fullmatch(word.rsplit("-", 1)[1])) \
                and not (word[:1].isupper() and _SCHOOL_COMPOUND.search(word)):
            # a compound named for someone ends in its kind: "Goethe-Gymnasium", "Geschwister-Scholl-Gymnasium";
            # German writes the kind into one word too: "Stadtteilschule", "Musikhochschule"
            continue
        start, end = m.start(), m.start() + len(word)
        if not word[:1].isupper():  # "Московский государственный университет": the name's first word has the capital
            named = _cyrillic_name_start(text, start)
            if named != start:
                extra.append(TaggedSpan(named, end, "ORGANIZATION", INSTITUTION_SCORE))
            continue
        # capitalised words after it (the Greek genitive: "Πανεπιστήμιο Κρήτης") and before it ("Boğaziçi Üniversitesi")
        for _ in range(4):
            # a joiner of Romance names between ("Universidad Politécnica de Valencia", "Academia de
            # Studii Economice din București")
            nxt = re.match(r"[ \u00a0](?:(?:de|del|de la|din|di|da|do|dos|das|du|des)[ \u00a0])?([^\W\d_][\w\-]{1,30})", text[end:])
            if nxt is None or not nxt.group(1)[:1].isupper():
                break
            end += nxt.end(1)
        if (numbered := _INSTITUTION_NUMBER.match(text, end)) is not None:
            end = numbered.end()  # "Лицей № 1535", "Gymnasium Nr. 3": the school's number is its name
        moved = start
        for _ in range(3):
            prev = re.search(r"([^\W\d_][\w\-]{1,30})[ \u00a0]$", text[max(0, start - 40):start])
            if prev is None or not prev.group(1)[:1].isupper() or (
                    _opens(text, start - len(prev.group(0))) and _a_common_opener(prev.group(1), language)):
                break
            start -= len(prev.group(0))
        if start == moved:
            start = _cyrillic_name_start(text, start)
        if start == m.start() and end == m.start() + len(word) and not _INSTITUTIONS.fullmatch(word) and "-" not in word:
            continue  # "die Musikschule": a compound with no name beside it is the common noun
        if not any(e.start == start and e.end == end for e in extra):  # "Universidad Politécnica": two kinds, one name
            extra.append(TaggedSpan(start, end, "ORGANIZATION", INSTITUTION_SCORE))
    for m in _NUMBERED_INSTITUTION.finditer(text):
        # "гимназия № 1514", "школа №57", "Gymnasium Nr. 3": a school named by its number
        if _INSTITUTIONS.fullmatch(m.group(1)) and not any(e.start < m.end() and m.start() < e.end for e in extra):
            extra.append(TaggedSpan(m.start(), m.end(), "ORGANIZATION", INSTITUTION_SCORE))
    if not extra:
        return spans
    kept = [s for s in spans if not any(e.start < s.end and s.start < e.end for e in extra)]
    return sorted(kept + extra, key=lambda s: s.start)


# Russian and Ukrainian capitalise only a name's first word: "Московский государственный
# университет", "Київський національний університет". Lower-case adjectives between it and the
# institution's word belong to the name.
_CYRILLIC_ADJECTIVE = re.compile(r"[а-яёіїєґ\-]{2,30}(?:ый|ий|ой|ая|яя|ое|ее|ого|его|ому|ему|ом|ем|ым|им|ую|юю|ых|их|ій|ня|нє|не|на|ний|ного|ному|ним)")
_PREVIOUS_WORD = re.compile(r"([^\W\d_][\w\-]{1,30})[ \u00a0]$")


def _cyrillic_name_start(text: str, start: int) -> int:
    """Where a Cyrillic institution's name begins: a capitalised word before up to two lower-case
    adjectives right before its kind word; `start` itself where there is none."""
    at = start
    for _ in range(3):
        prev = _PREVIOUS_WORD.search(text, max(0, at - 40), at)
        if prev is None:
            return start
        word = prev.group(1)
        if word[:1].isupper():
            return prev.start(1) if at != start and "\u0400" <= word[0] <= "\u04ff" else start
        if not _CYRILLIC_ADJECTIVE.fullmatch(word):
            return start
        at = prev.start(1)
    return start


def _a_common_opener(word: str, language: str) -> bool:
    """Whether a capitalised word that opens a sentence has its capital from there: a function
    word of `language` or one of its commonest words (no language: any word)."""
    if not language:
        return True
    from guardian.detect._frequency import zipf

    folded = word.lower()
    return folded in _stop_words(language) or zipf(folded, language) >= COMMON_OPENER


COMMON_OPENER = 6.0  # wordfreq's Zipf: "meine" 5.97 is a stop word anyway; "Galatasaray" 5.14 is a name


def _opens(text: str, at: int) -> bool:
    """Whether `at` opens its sentence (a capital there says nothing)."""
    head = text[:at].rstrip()
    return not head or head[-1] in ".!?:;\n"
