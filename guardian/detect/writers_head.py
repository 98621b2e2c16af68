"""English details told in passing, read by a model of many writers' frames.

The disclosure tagger (`disclosure_tagger.py`) learned from persona statements, the embedded LLM's
rewrites and four planted prompt sets; people tell an assistant about themselves in more ways than
those ("Greetings from Macon!", "Asks a curious 52-year-old", "a proud IATSE member. Solidarity!").
This head is the multilingual disclosure head's model (`recognizers/multilingual_disclosure.py`:
hashed feature bags of a token and its neighbours, one hidden layer) trained on English only: the
frames of planted prompt sets written by other helpers of the project, each with its own ways of
weaving a detail into a question (spent blind sets, `lab/training/planted_frames.py`), and English
writers' frames, near misses and first-person texts with no detail (`python -m lab.training.
multilingual_disclosure --languages en --name english_disclosure`; the record has the command,
material and figures).

It is a second discloser beside the tagger (`subject.Discloser`): a span stands as a finding of its
own at its class's `thresholds` (chosen on writers held out of training, for at most 1% of their
public questions with a span) where the writer speaks of themselves in its sentence
(`subject.writer_speaks`); where no one does, where the tagger tags the same place too
(`subject.filter_prompt_findings`), or at the record's stricter `bare` in a short clause that
describes the writer with no subject or verb of its own, set off from the question ("Samoan and
curious: When was ...?", "Member of PSAC since 2014.": `subject.self_described`). Everything
else the prompt filter asks of a tagged span holds for it too (no role given to the assistant, no
span a rule found public, except a rule's other reading of the words in such a clause ("Dysthymia"
as a name asked about, "Age: 19" as a time of day), no lower-case place or organisation in cased text). A span of English
function words only, a lone digit or letter, or one inside code or an HTML character reference is none, and
so is one in a question in which no one speaks of themselves, unless it stands in such a lead-in
before the question: what it names is the question's topic.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from guardian.detect.prose_tagger import TaggedEntity
from guardian.detect.recognizers.multilingual_disclosure import CLASSES, disclosure_spans
from guardian.detect.recognizers.multilingual_tagger import MultilingualTagger, load_disclosure_head
from guardian.detect.subject import asked_of_the_world, self_described

__all__ = ["WEIGHTS", "WritersHead", "load_writers_head"]

WEIGHTS = Path(__file__).resolve().parent / "weights" / "english_disclosure.npz"
_MAX_CHARS = 10_000  # as the disclosure tagger's: what one value costs stays bounded


class WritersHead:
    """The English writers' head as a `subject.Discloser`: `alone` is the record's per-class
    threshold with the writer in the sentence, `alone_bare` its threshold without."""

    def __init__(self, head: MultilingualTagger) -> None:
        self.head = head
        thresholds = head.meta.get("thresholds") or {}
        bare = head.meta.get("bare") or {}
        self.alone: Mapping[str, float] = {c: float(thresholds.get(c, 1.01)) for c in CLASSES}
        self.alone_bare: Mapping[str, float] = {c: max(float(bare.get(c, 1.01)), self.alone[c]) for c in CLASSES}

    def tag(self, text: str) -> list[TaggedEntity]:
        """The head's spans at the class's threshold (the prompt filter asks the rest)."""
        text = text[:_MAX_CHARS]
        spans = disclosure_spans(self.head, text, lambda start, end: True, "en")
        return [TaggedEntity(s.label, s.start, s.end, s.score) for s in spans
                if (not asked_of_the_world(text, s.start, s.end) or self_described(text, s.start, s.end))
                and not (s.label == "AGE" and _day_of_a_date(text, s.start, s.end))]


_MONTH = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?"
          r"|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)")
_MONTH_BEFORE = re.compile(rf"(?i)(?<![\w])(?:{_MONTH}\.?|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]{{0,6}}\.?,?)[ \u00a0]{{1,2}}$")
_MONTH_AFTER = re.compile(rf"(?i)(?:st|nd|rd|th)?[ \u00a0]{{1,2}}(?:of[ \u00a0]{{1,2}})?{_MONTH}(?![a-z])")


def _day_of_a_date(text: str, start: int, end: int) -> bool:
    """Whether a number is the day of a written date ("Tue, 21 Aug 2018", "May 3"): no one's age."""
    return _MONTH_BEFORE.search(text, max(0, start - 16), start) is not None or _MONTH_AFTER.match(text, end) is not None


def load_writers_head(path: str | Path | None = None) -> WritersHead | None:
    """The process-wide head, or None when no weights ship or they do not load (logged once)."""
    head = load_disclosure_head(path if path is not None else WEIGHTS)
    return WritersHead(head) if head is not None else None
