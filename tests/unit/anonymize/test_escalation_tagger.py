"""The span tagger in the escalation loop: tagged words become evidence at the first transformed level,
rewritten by the ladder; one read per flow; records count them and hold no raw text; no tagger, no change."""

from __future__ import annotations

import re

from guardian.anonymize.attacker import Guess
from guardian.anonymize.escalation import EscalationLoop
from guardian.anonymize.evidence import add_tagged, evidence_of
from guardian.anonymize.fast_attacker.attacker import Reading
from guardian.anonymize.fast_attacker.spans import TaggedSpan
from guardian.records import Field, Finding, Payload

TEXT = "I studied economics, now I work as a nurse and my sister is a nurse too."


class StubReader:
    """Tags every listed word (attribute, word) it sees; guesses nothing unless told."""

    source = "fast"
    span_status = "ok"

    def __init__(self, words: list[tuple[str, str]], guesses: list[Guess] | None = None) -> None:
        self.words, self.guesses = words, guesses or []
        self.reads: list[tuple[str, bool]] = []

    def guess(self, anonymized: str, *, timeout: float | None = None) -> list[Guess]:
        return self.read(anonymized, timeout=timeout).guesses

    def read(self, anonymized: str, *, tag: bool = False, timeout: float | None = None) -> Reading:
        self.reads.append((anonymized, tag))
        spans = [TaggedSpan(a, m.start(), m.end(), 0.9) for a, w in self.words if tag
                 for m in re.finditer(rf"\b{re.escape(w)}\b", anonymized)]
        return Reading(list(self.guesses), spans[:1] if tag else [])


def payload(value: str = TEXT) -> Payload:
    return Payload(fields=(Field("text:", "", value),), body_codec="text")


def run(fast: object, value: str = TEXT, l0: int = 1) -> tuple[str, dict]:
    out = EscalationLoop(None, fast_attacker=fast, rewrite_all_text=True).run(payload(value), (), l0)  # type: ignore[arg-type]
    return out.edits.get("text:", value), out.escalation or {}


def test_a_tagged_word_is_generalised_everywhere_in_the_first_level() -> None:
    fast = StubReader([("occupation", "nurse")])
    text, esc = run(fast)
    assert "nurse" not in text and text.count("a healthcare worker") == 2
    assert esc["rounds"][0]["tagged_spans"] == 2 and esc["stopped"] == "c_hat<tau_g" and esc["l_final"] == 1
    assert esc["span_tagger"] == "ok" and "nurse" not in str(esc)  # counts, never the words
    assert fast.reads == [(TEXT, True)]  # one pass: the attacker's read also tagged


def test_an_unlisted_word_takes_the_attributes_fallback() -> None:
    text, _ = run(StubReader([("education", "economics")]))
    assert "economics" not in text and "some studies" in text


def test_tagging_happens_once_and_tagged_spans_join_an_escalation() -> None:
    guess = Guess("occupation", "healthcare worker", 0.9, ("nurse",), "fast")
    calls = {"n": 0}

    class OnceConfident(StubReader):
        def read(self, anonymized: str, *, tag: bool = False, timeout: float | None = None) -> Reading:
            calls["n"] += 1
            self.guesses = [guess] if calls["n"] == 1 else []
            return super().read(anonymized, tag=tag, timeout=timeout)

    fast = OnceConfident([("education", "economics")])
    text, esc = run(fast)
    assert [tag for _, tag in fast.reads] == [True, False]
    assert "economics" not in text and "nurse" not in text and esc["l_final"] == 2
    assert esc["rounds"][0]["evidence_spans"] == 2 and esc["rounds"][0]["tagged_spans"] == 1


def test_no_tags_no_change_and_an_attacker_without_read_is_not_tagged() -> None:
    text, esc = run(StubReader([]))
    assert text == TEXT and esc["rounds"][0]["tagged_spans"] == 0

    class GuessOnly:
        source = "fast"

        def guess(self, anonymized: str, *, timeout: float | None = None) -> list[Guess]:
            return []

    text, esc = run(GuessOnly())
    assert text == TEXT and "tagged_spans" not in esc["rounds"][0] and esc["span_tagger"] == "none"


def test_tagger_unavailable_is_in_the_record() -> None:
    fast = StubReader([])
    fast.span_status = "unavailable: span tagger weights x: cannot read"
    _, esc = run(fast)
    assert esc["span_tagger"].startswith("unavailable")


def test_add_tagged_finds_whole_words_of_the_original_and_keeps_existing_evidence() -> None:
    scope = [("a", "nurses and a nurse"), ("b", "nurse")]
    evidence: dict[tuple[str, int, int], Finding] = {}
    assert add_tagged(evidence, [("nurse", "occupation", 0.8), ("***", "age", 0.9)], scope) == 2
    assert set(evidence) == {("a", 13, 18), ("b", 0, 5)}
    assert evidence_of(evidence[("b", 0, 5)]) == ("occupation", 1)
    assert add_tagged(evidence, [("nurse", "occupation", 0.8)], scope) == 0  # already evidence: kept as is
    assert add_tagged(evidence, [("Berlin", "birthplace", 0.8)], [("c", "born in Berlin")]) == 1
    assert evidence_of(evidence[("c", 8, 14)]) == ("location", 1)  # a birthplace climbs the location ladder


def test_a_word_the_span_tagger_marks_inside_a_stack_frame_is_no_evidence() -> None:
    text = "Checkout failed for the aegis team\\n    at Object.pageview (https://shop.example/live/aegis/bundle.js:29:19)"
    evidence: dict[tuple[str, int, int], Finding] = {}
    assert add_tagged(evidence, [("aegis", "occupation", 0.8), ("Object", "education", 0.8)], [("msg", text)]) == 1
    assert set(evidence) == {("msg", text.index("aegis"), text.index("aegis") + 5)}  # the prose's, not the frame's
