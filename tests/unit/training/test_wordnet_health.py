"""lab/training/detect/wordnet_health.py: the health words read from WordNet's database files."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from lab.training.detect.wordnet_health import health_words, write_health_words

_HEADER = "  1 This software and database is being provided to you, the LICENSEE, by Princeton University\n"
# wndb(5WN): offset lex_filenum ss_type w_cnt word lex_id ... p_cnt [ptr offset pos src/tgt] | gloss
_NOUNS = [
    "00000001 26 n 01 disease 0 000 | an impairment of health",
    "00000002 26 n 02 asthma 0 bronchial_asthma 0 002 @ 00000001 n 0000 + 00000011 a 0000 | a disorder",
    "00000003 06 n 01 thermos 0 000 | a vacuum flask",
]
_ADJS = [
    "00000011 00 a 01 asthmatic 0 001 + 00000002 n 0000 | of asthma",
    "00000012 00 s 01 wheezy 0 001 & 00000011 a 0000 | breathing like one with asthma",
    "00000013 00 a 01 warm 0 000 | not cold",
]


def _wordnet(folder: Path) -> Path:
    files = {
        "data.noun": _NOUNS, "data.adj": _ADJS, "data.verb": [], "data.adv": [],
        "index.noun": ["disease n 1 0 1 0 00000001", "asthma n 1 1 @ 1 0 00000002", "thermos n 1 0 1 0 00000003"],
        "index.adj": ["asthmatic a 1 0 1 0 00000011", "wheezy a 1 0 1 0 00000012", "warm a 1 0 1 0 00000013"],
        "index.verb": [], "index.adv": [],
        "noun.exc": ["thermoi thermos"], "adj.exc": ["warmer warm"], "verb.exc": [], "adv.exc": [],
    }
    for name, lines in files.items():
        (folder / name).write_text(_HEADER + "".join(line + "\n" for line in lines), encoding="latin-1")
    return folder


def test_hyponyms_pertainyms_and_satellites_of_a_root_are_health(tmp_path: Path) -> None:
    health, other = health_words(_wordnet(tmp_path), roots=(("disease", 1),))
    assert {"disease", "asthma", "asthmatic", "wheezy", "bronchial asthma"} <= health
    assert {"thermos", "warm", "thermoi", "warmer"} <= other  # exception lists bring irregular forms
    assert not health & other and "bronchial_asthma" not in health | other


def test_the_written_file_is_the_same_bytes_each_run_and_carries_its_record(tmp_path: Path) -> None:
    folder, roots = _wordnet(tmp_path), (("disease", 1),)
    first = tmp_path / "a.txt.gz"
    record = write_health_words(first, folder, roots)
    written = first.read_bytes()
    assert write_health_words(first, folder, roots) == record and first.read_bytes() == written
    data = json.loads(gzip.decompress(first.read_bytes()))
    assert data["record"] == record and record["licence"]["clean"] is True
    assert "asthma" in data["health"] and "thermos" in data["other"]


_JOB_NOUNS = [
    "00000021 18 n 01 worker 0 000 | a person who works",
    "00000022 18 n 02 seaman 0 man 0 001 @ 00000021 n 0000 | a sailor",
    "00000023 18 n 01 man 0 000 | an adult male",
]


def test_a_job_noun_is_one_whose_commonest_sense_is_under_a_job_root(tmp_path: Path) -> None:
    from lab.training.detect.wordnet_health import job_words, write_job_words

    folder = _wordnet(tmp_path)
    (folder / "data.noun").write_text(_HEADER + "".join(line + "\n" for line in _NOUNS + _JOB_NOUNS), encoding="latin-1")
    (folder / "index.noun").write_text(_HEADER + "".join(line + "\n" for line in (
        "worker n 1 0 1 0 00000021", "seaman n 1 1 @ 1 0 00000022",
        "man n 2 0 2 0 00000023 00000022")), encoding="latin-1")  # "man" is first an adult male
    assert job_words(folder, roots=(("worker", 1),)) == {"worker", "seaman"}
    out = tmp_path / "jobs.txt.gz"
    record = write_job_words(out, folder, roots=(("worker", 1),))
    assert json.loads(gzip.decompress(out.read_bytes())) == {"record": record, "jobs": ["seaman", "worker"]}
