"""The fast attacker: guesses SynthPAI's attributes from the anonymized text in milliseconds.

Same interface as the LLM `Attacker`: `guess(text, timeout=...) -> list[Guess]`; each guess also
names the words it relied on (`Guess.evidence`), the top tokens of model.py's evidence e_t(k),
merged into whole words. It sees the anonymized text only. A guess is made when the top class
is not "other" and its calibrated probability reaches the attribute's threshold, chosen on the
val authors with the weights (`meta["thresholds"]`: the lowest confidence at which val guesses
were right 70% of the time; above 1: never guessed), else MIN_CONFIDENCE. Empty, non-English
and attribute-free texts give no guesses; a huge text is read up to MAX_CHARS.
"""

from __future__ import annotations

import logging
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, runtime_checkable

import numpy as np

from guardian.anonymize.attacker import Guess
from guardian.anonymize.fast_attacker.encoder import TokenEncoder
from guardian.anonymize.fast_attacker.labels import ATTRIBUTES, CLASSES, FIELD_OF, GUESS_TEXT
from guardian.anonymize.fast_attacker.model import AttackerWeights, forward, shipped_path
from guardian.anonymize.fast_attacker.spans import SpanWeights, SpanWeightsError, TaggedSpan, spans_path, tag_spans, token_probs
from guardian.anonymize.verifier import STOP_WORDS
from guardian.weights import announce, locate

__all__ = ["FastAttacker", "Reading", "SpanReader", "MIN_CONFIDENCE", "MAX_EVIDENCE", "MAX_CHARS", "looks_english", "looks_latin"]

log = logging.getLogger(__name__)

MIN_CONFIDENCE = 0.5  # the threshold of an attribute the weights give none for (tau_g decides escalation)
MAX_EVIDENCE = 3  # words named per guess
EVIDENCE_SHARE = 0.25  # a word is named when its evidence is at least this share of the top word's
MAX_CHARS = 4000  # about 650 words: the rest of a huge text is not read
MIN_ENGLISH_SHARE = 0.1  # share of common English words among the words of a longer text
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
_PLACEHOLDER = re.compile(r"^[A-Z_]{2,}$")  # the letters of an [ENTITY] tag
_COMMON = frozenset("the and to of a in is it i you that was for on my with but this have be are not so at".split())


# Frequent function words of the other languages written in Latin script that users most often
# send (German, French, Spanish, Italian, Dutch, Portuguese), none of them an English word.
_FOREIGN = frozenset(
    "der das und ist nicht mit für ein eine zu von den dem ich wir auf bei sich auch oder wie "
    "le la les et est une des du pour avec dans sur pas que qui vous nous je il elle au aux "
    "el los las y es una para con por del se su al lo como pero más "
    "il gli è che di della non sono per nel alla questo "
    "het een en van niet met voor op zijn dat ik je wij ook "
    "não uma com os as em ao da do são".split()
)
FOREIGN_SHARE = 0.12  # share of those words from which a text is taken as written in another language


def _located(what: str, name: str, packaged: Path) -> Path:
    """The user's opt-in weights (guardian/weights.py) when there are some, else the package's."""
    path, opt_in = locate("attacker", name)
    announce(what, path, opt_in)
    return path if opt_in else packaged


def looks_latin(text: str) -> bool:
    """True when at least half of the text's words are in ASCII letters and digits, and it does not
    read as another Latin-script language (the span tagger learned English only)."""
    words = _WORD.findall(text)
    if not words or sum(all(ch.isascii() for ch in w) for w in words) / len(words) < 0.5:
        return False
    foreign = sum(w.lower() in _FOREIGN for w in words)
    return not (foreign >= 2 and foreign / len(words) >= FOREIGN_SHARE)


def looks_english(text: str) -> bool:
    """True unless the text is mostly non-Latin script, or long enough and without common English words."""
    words = _WORD.findall(text)
    if not words or not looks_latin(text):
        return False
    if len(words) >= 8:
        return sum(w.lower() in _COMMON for w in words) / len(words) >= MIN_ENGLISH_SHARE
    return True


# A line of a record rather than of prose: "key: value", markup, JSON, a table row, or a
# comma-separated row with no sentence in it.
_RECORD_LINE = re.compile(r"^\s*(?:[-*•]\s*)?(?:[\w .()/#'-]{1,40}:\s|<|[{\[\]}]|\|)|^[^.!?]*,[^.!?]*,[^.!?]*$")


def looks_like_record(text: str) -> bool:
    """True for a structured record (a form dump, CSV, XML, a key-value list): at least 3 lines,
    half of them record lines. The span tagger learned prose (Reddit-style comments); in a record
    the values are fields, which the detector reads by their keys."""
    lines = [line for line in text[:MAX_CHARS].splitlines() if line.strip()]
    return len(lines) >= 3 and sum(bool(_RECORD_LINE.search(line)) for line in lines) * 2 >= len(lines)


@dataclass(frozen=True)
class Reading:
    """One pass over a text: the attacker's guesses and, when asked, the span tagger's spans."""

    guesses: list[Guess]
    spans: list[TaggedSpan] = field(default_factory=list)


@runtime_checkable
class SpanReader(Protocol):
    """A fast attacker that also tags attribute spans on the same pass (`FastAttacker.read`); what the
    escalation loop asks of one to tag."""

    span_status: str

    def read(self, anonymized: str, *, tag: bool = False, timeout: float | None = None) -> Reading: ...


class FastAttacker:
    """The shipped model (weights read at construction, MiniLM on first use or `warm()`), with the
    span tagger (spans.py) on the same token states when its weights are there."""

    source = "fast"

    def __init__(self, weights: AttackerWeights, encoder: TokenEncoder | None = None, *,
                 tagger: SpanWeights | None = None, tagger_error: str | None = None) -> None:
        self.weights = weights
        self.tagger = tagger
        self.span_status = "ok" if tagger is not None else f"unavailable: {tagger_error or 'no weights'}"
        self.encoder = encoder or TokenEncoder(str(weights.meta.get("encoder", "fp32")))
        self.version = str(weights.meta.get("version", "unknown"))
        given = weights.meta.get("thresholds") or {}
        self.thresholds = {a: float(given.get(a, MIN_CONFIDENCE)) for a in ATTRIBUTES}
        self._warm_lock = threading.Lock()

    @classmethod
    def shipped(cls, path: str | Path | None = None, spans: str | Path | None = None) -> FastAttacker:
        """The weights in the package (or at `path`); `AttackerWeightsError` if unreadable. The
        span tagger's (`spans`, else weights/spans.npz) are optional: unreadable, they are logged
        and the attacker runs without the tagger (logged as a warning, not an error: mitmdump
        exits on an error logged while it starts)."""
        weights = AttackerWeights.load(path or _located("the fast attacker", "attacker.npz", shipped_path()))
        try:
            tagger: SpanWeights | None = SpanWeights.load(spans or _located("the span tagger", "spans.npz", spans_path()))
            error = None
        except SpanWeightsError as e:
            tagger, error = None, str(e)
            log.warning("guardian: the span tagger is off (escalation runs without it): %s", e)
        return cls(weights, tagger=tagger, tagger_error=error)

    def warm(self) -> None:
        self.encoder.warm()

    def guess(self, anonymized: str, *, timeout: float | None = None) -> list[Guess]:
        """Guesses, most confident first. `timeout` is accepted for the interface; one pass is
        bounded by MAX_CHARS, not by a clock."""
        return self.read(anonymized, timeout=timeout).guesses

    def read(self, anonymized: str, *, tag: bool = False, timeout: float | None = None) -> Reading:
        """Guesses and, with `tag` and a tagger, the tagged attribute spans of the text (character
        offsets into `anonymized`), from one MiniLM pass."""
        text = anonymized[:MAX_CHARS]
        english = bool(text.strip()) and looks_english(text)
        # Short comments have few common words: the tagger reads any English-looking Latin-script
        # prose, not only what `looks_english` accepts; never a record.
        tag = tag and self.tagger is not None and bool(text.strip()) and looks_latin(text) and not looks_like_record(text)
        if not english and not tag:
            return Reading([])
        tokens = self.encoder.encode([text])[0]
        if len(tokens.states) == 0:
            return Reading([])
        spans: list[TaggedSpan] = []
        if tag and self.tagger is not None:
            spans = tag_spans(text, tokens.offsets, token_probs(self.tagger, tokens.states), self.tagger.thresholds)
        if not english:
            return Reading([], spans)
        outs = forward(self.weights, tokens.states)
        words = [(m.start(), m.end()) for m in _WORD.finditer(text)]
        out: list[Guess] = []
        for a in ATTRIBUTES:
            probs = outs[a].probs
            k = int(np.argmax(probs))
            name = CLASSES[a][k]
            if name == "other" or probs[k] < self.thresholds[a]:
                continue
            evidence = _evidence_words(text, words, tokens.offsets, outs[a].evidence[:, k])
            label = GUESS_TEXT.get(a, CLASSES[a])[k]
            out.append(Guess(FIELD_OF[a], label, round(float(probs[k]), 4), evidence, self.source))
        return Reading(sorted(out, key=lambda g: -g.confidence), spans)


def _evidence_words(text: str, words: list[tuple[int, int]], offsets: np.ndarray, scores: np.ndarray) -> tuple[str, ...]:
    """The words with the largest summed token evidence (content words only, no tag letters)."""
    if not words:
        return ()
    starts = np.array([w[0] for w in words])
    per_word = np.zeros(len(words))
    for (s, e), score in zip(offsets, scores):
        if e <= s:
            continue
        i = int(np.searchsorted(starts, s, side="right")) - 1
        if i >= 0 and s < words[i][1]:
            per_word[i] += score
    ranked: list[str] = []
    top = 0.0
    for i in np.argsort(-per_word):
        if per_word[i] <= 0:
            break
        word = text[words[i][0] : words[i][1]]
        if len(word) <= 2 and not word.isdigit() or word.lower() in STOP_WORDS or _PLACEHOLDER.match(word):
            continue
        top = top or float(per_word[i])
        if per_word[i] < EVIDENCE_SHARE * top or word.lower() in {r.lower() for r in ranked}:
            continue
        ranked.append(word)
        if len(ranked) >= MAX_EVIDENCE:
            break
    return tuple(ranked)
