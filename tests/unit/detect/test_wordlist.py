"""word_alternation: a word list as a trie matches what the longest-first alternation matches."""

from __future__ import annotations

import re

import pytest

from guardian.detect._wordlist import word_alternation

WORDS = ["nurse", "nurse practitioner", "nursing", "CEO", "ceo", "C++ developer", "art", "arts", "art director",
         "São Paulo", "Sao Paulo", "St. Petersburg", "a.m.", "x", "head of sales", "head"]
TEXTS = [
    "I am a nurse practitioner, not a nurse; nursing is hard. The CEO and the ceo of arts met the art director.",
    "Our C++ developer flew from São Paulo (or Sao Paulo) to St. Petersburg at 9 a.m. with x and the head of sales.",
    "nurses, artsy, the head, headless, practitioner nurse-practitioner",
    "",
]


def _longest_first(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


@pytest.mark.parametrize("flags", [0, re.IGNORECASE])
@pytest.mark.parametrize("text", TEXTS)
def test_the_same_matches_as_the_longest_first_alternation(text: str, flags: int) -> None:
    wrap = r"(?<![\w\-])(?:{})(?![\w\-])"
    old = re.compile(wrap.format(_longest_first(WORDS)), flags)
    new = re.compile(wrap.format(word_alternation(WORDS)), flags)
    assert [m.span() for m in new.finditer(text)] == [m.span() for m in old.finditer(text)]


def test_a_phrase_wins_over_a_word_inside_it() -> None:
    found = re.findall(r"(?:" + word_alternation(["head", "head of sales"]) + r")(?!\w)", "the head of sales")
    assert found == ["head of sales"]
    assert word_alternation([]) == "" and word_alternation(["", "a"]) == "a"
