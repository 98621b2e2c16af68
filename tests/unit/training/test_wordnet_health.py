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
