"""guardian/detect/wordnet_jobs.py: WordNet's nouns of a person's work, as shipped."""

from __future__ import annotations

import pytest

from guardian.detect.wordnet_jobs import is_job_noun


@pytest.mark.parametrize("word", ["seaman", "phlebotomist", "phlebotomists", "midwife", "welder", "nurse"])
def test_a_noun_of_work_is_a_job(word: str) -> None:
    assert is_job_noun(word)


@pytest.mark.parametrize("word", ["man", "woman", "person", "result", "rule", "beginner", "parent", "fan", "user"])
def test_a_noun_whose_commonest_sense_is_no_work_is_none(word: str) -> None:
    assert not is_job_noun(word)
