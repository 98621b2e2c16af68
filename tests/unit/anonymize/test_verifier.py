"""verifier.support: the verdict and the spans of the original that support a guess."""

from __future__ import annotations

import pytest

from guardian.anonymize.verifier import Support, support, supporting_spans, verify

ORIGINAL = "As a nurse in Tacoma I work night shifts. Nurses like us rarely sleep."


def words_at(spans: tuple[tuple[int, int], ...], text: str = ORIGINAL) -> list[str]:
    return [text[s:e] for s, e in spans]


def test_llm_guess_spans_are_where_its_words_occur() -> None:
    out = support("Tacoma, WA", ORIGINAL)
    assert out.verified and words_at(out.spans) == ["Tacoma"]


def test_fast_guess_is_supported_by_the_words_it_relied_on() -> None:
    out = support("healthcare worker", ORIGINAL, evidence=("nurse", "shifts"))
    assert out.verified
    assert words_at(out.spans) == ["nurse", "shifts", "Nurses"]  # whole words, plural too, in text order


def test_evidence_the_original_lacks_supports_nothing() -> None:
    # the words of a generic phrase a level wrote are not the original's
    assert support("healthcare worker", ORIGINAL, evidence=("healthcare",)) == Support(False, ())


@pytest.mark.parametrize("guess", ["", "the", "Bob from Leeds"])
def test_unsupported_guesses(guess: str) -> None:
    out = support(guess, ORIGINAL)
    assert out.verified is verify(guess, ORIGINAL) is False and out.spans == ()


def test_digits_in_evidence_count_and_spans_merge() -> None:
    text = "I turned 34 last week, 34 candles!"
    assert words_at(supporting_spans("in their 30s", text, ("34",)), text) == ["34", "34"]
    merged = supporting_spans("night shifts", ORIGINAL, ("night",))
    assert words_at(merged) == ["night shifts"]  # the phrase and its word overlap: one span


def test_verify_unchanged_for_llm_guesses() -> None:
    assert verify("Jane Smith", "Please call Jane at home") is True
    assert support("Jane Smith", "Please call Jane at home").verified is True
