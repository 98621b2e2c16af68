"""The disclosure tagger: which words of a prompt are a detail of its writer, learned, not listed.

People tell an assistant about themselves in passing, in more ways than any list of sentence
shapes holds ("ugh, the prednisolone makes me tired", "canvassing for Likud all weekend", "58M
here"). This is a second head over the prose tagger's MiniLM states (the same encoder pass and
the same architecture, `prose_tagger.py`: a window of three tokens -> relu -> softmax) whose
classes are the kinds of detail a writer discloses:

    HEALTH  a condition, a treatment or drug, a disability, a pregnancy (GDPR art. 9)
    GROUP   a religion, a party, a union, an ethnic origin, a sexual orientation (art. 9)
    JOB     an occupation          ORG     an employer or school      PLACE  a home place
    AGE     an age                 MONEY   an income, a debt, a salary

It was trained on text whose phrasing no rule here lists (Synthetic-Persona-Chat's statements and
conversations, public questions, rewrites by the embedded LLM, and people's questions with a
writer's detail woven in by several other writers' frames; `guardian-lab detect train-disclosure`,
lab/training/detect/disclosure.py), so it reads phrasings no rule lists and leaves a detail asked
about as a topic alone. A span stands as a finding of its own at `alone` where the writer says "I"
or "my" in its sentence, and only at the stricter `alone_bare` where no one does. `detect/subject.py` uses it on prompts: a span it
tags keeps an overlapping finding that no phrase rule tied to the writer, and a span no other
reader found becomes a finding of its own. English only, as its training text.
"""

from __future__ import annotations

import logging
import re
import threading
from pathlib import Path
from typing import Any

from guardian.categories import DataCategory as C
from guardian.detect._english import stop_words
from guardian.detect.prose_tagger import ProseTagger, ProseTaggerError, ProseWeights, TaggedEntity

__all__ = ["CLASSES", "DisclosureTagger", "load_disclosure_tagger", "weights_path", "TaggedEntity"]

log = logging.getLogger(__name__)

# class -> (entity, AMRSF category) of a finding the tagger adds; a detail is a quasi-identifier.
CLASSES: dict[str, tuple[str, C]] = {
    "HEALTH": ("HEALTH", C.HEALTH),
    "GROUP": ("SPECIAL_CATEGORY", C.SPECIAL),
    "JOB": ("OCCUPATION", C.CONTACT),
    "ORG": ("ORGANIZATION", C.CONTACT),
    "PLACE": ("LOCATION", C.LOCATION_COARSE),
    "AGE": ("AGE", C.CONTACT),
    "MONEY": ("MONEY", C.FINANCIAL),
}


# A class's score, to confirm a candidate or to stand alone, is at most this: the record's thresholds
# (at most 1% of validation's public candidates) were measured on SPC and LLM rewrites, whose
# disclosures are tidier than people's. On the development prompt sets (spent blind46 and blind48,
# dev46) the cap took 1.2-1.4 points more planted values, benign prompts unchanged, 0.3-0.9 points
# fewer otherwise unchanged. Places keep theirs: "a hotel in Sydney" is where the writer goes, not
# where they live, and at 0.5 one travel request in twenty lost its city.
SCORE_CAP = 0.6
UNCAPPED = frozenset({"PLACE"})


class DisclosureTagger:
    """The head over a shared encoder: `tag` gives the spans at the record's thresholds, which
    confirm a candidate another reader found; `alone` says per class how sure a span must be to
    stand as a finding of its own (chosen on validation for few public questions tagged)."""

    def __init__(self, tagger: ProseTagger, function_words: frozenset[str] = frozenset()) -> None:
        self.tagger = tagger
        tagger.thresholds = {c: _capped(c, t) for c, t in tagger.thresholds.items()}
        given = tagger.weights.meta.get("alone") or {}
        self.alone = {c: max(_capped(c, float(given[c])) if c in given else 1.01, t) for c, t in tagger.thresholds.items()}
        bare = tagger.weights.meta.get("alone_bare") or {}  # weights without it: no span stands without a pronoun
        self.alone_bare = {c: max(float(bare[c]), self.alone[c]) if c in bare else 1.01 for c in tagger.thresholds}
        self.function_words = function_words

    def tag(self, text: str) -> list[TaggedEntity]:
        """The tagged spans; a span of function words only ("for", "of the") is no detail."""
        return [e for e in self.tagger.tag(text) if not _function_words_only(text[e.start:e.end], self.function_words)]


def _capped(label: str, score: float) -> float:
    return score if label in UNCAPPED else min(score, SCORE_CAP)


def _function_words_only(span: str, function_words: frozenset[str]) -> bool:
    words = _WORD.findall(span.lower())
    return bool(function_words) and all(w in function_words for w in words)


_WORD = re.compile(r"[^\W\d_]{1,40}(?:['’][^\W\d_]{1,40})?")


def weights_path() -> Path:
    return Path(__file__).parent / "weights" / "disclosure_tagger.npz"


_lock = threading.Lock()
_taggers: dict[tuple[str, int], DisclosureTagger | None] = {}


def load_disclosure_tagger(encoder: Any, path: str | Path | None = None) -> DisclosureTagger | None:
    """The process-wide disclosure tagger over `encoder` (the prose tagger's: one MiniLM pass
    serves both heads), or None when no weights ship or they do not load (logged once)."""
    where = Path(path) if path is not None else weights_path()
    key = (str(where), id(encoder))
    with _lock:
        if key not in _taggers:
            try:
                weights = ProseWeights.load(where) if where.exists() else None
                unknown = set(weights.labels) - set(CLASSES) if weights is not None else set()
                if unknown:
                    raise ProseTaggerError(f"disclosure tagger weights {where}: unknown classes {sorted(unknown)}")
                _taggers[key] = DisclosureTagger(ProseTagger(weights, encoder), stop_words()) if weights is not None else None
            except ProseTaggerError as e:
                log.warning("the disclosure tagger is off: %s", e)
                _taggers[key] = None
        return _taggers[key]
