"""Whether an English noun names what a person does for a living, by Princeton WordNet 3.0.

The occupation gazetteer (`recognizers/occupations.py`: its own list and Faker's) holds the titles
people write most; a writer who describes themself ("As a retired merchant seaman, ...", "I'm a
phlebotomist") may name any of the thousands of others. WordNet files them under a worker, a
professional, an employee, the armed forces, sailors, scientists, artists, entertainers, officials
and clergy (`lab/training/detect/wordnet_health.py`, `JOB_ROOTS`).

`wordnet_jobs.txt.gz` beside this file holds those nouns (`guardian-lab detect write-job-words`;
record inside, licence and WordNet's notice in LICENSES.md). A plural is brought to its singular by
WordNet's own noun detachment rules (morphy(7WN)). Without the file no noun is a job here.
"""

from __future__ import annotations

import functools
import gzip
import json
from pathlib import Path

__all__ = ["is_job_noun", "lists_path", "warm"]

# morphy(7WN)'s detachment rules for nouns
_DETACH = (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"), ("ies", "y"))


def lists_path() -> Path:
    return Path(__file__).parent / "wordnet_jobs.txt.gz"


@functools.lru_cache(maxsize=1)
def _jobs() -> frozenset[str]:
    try:
        with gzip.open(lists_path(), "rt", encoding="utf-8") as f:
            return frozenset(json.load(f)["jobs"])
    except FileNotFoundError:
        return frozenset()


def warm() -> None:
    """Read the list now (a start's warm-up), not on the first prompt that needs it."""
    _jobs()


@functools.lru_cache(maxsize=4096)
def is_job_noun(word: str) -> bool:
    """Whether `word` (a form of it) is one of WordNet's nouns for a person's work."""
    jobs = _jobs()
    word = word.lower()
    return word in jobs or any(word.endswith(suffix) and len(word) > len(suffix) + 2
                               and word[: -len(suffix)] + ending in jobs for suffix, ending in _DETACH)
