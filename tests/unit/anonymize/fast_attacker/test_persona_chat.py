"""Synthetic-Persona-Chat speakers as fast-attacker authors: targets from the persona, split by conversation."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from guardian.anonymize.fast_attacker.labels import CLASSES
from lab.training.fast_attacker.persona_chat import (
    is_persona_chat,
    load_persona_authors,
    persona_labels,
    persona_spans,
    split_conversations,
)
from guardian.errors import ConfigError


@pytest.mark.parametrize(("statement", "expected"), [
    ("I work as a kindergarten teacher.", [("occupation", "education", "kindergarten teacher")]),
    ("I am a retired gym teacher.", [("occupation", "retired", "retired")]),
    ("I am 34 years old.", [("age", "30s", "34")]),
    ("I am in my forties.", [("age", "40s", "forties")]),
    ("I am a woman.", [("sex", "female", "woman")]),
    ("I live in ohio.", [("city_country", "United States", "ohio")]),
    ("I was born in somalia.", [("birth_city_country", "other", "somalia")]),
    ("I am divorced.", [("relationship_status", "divorced", "divorced")]),
    ("I am getting married in the spring.", [("relationship_status", "engaged", "getting married")]),
    ("I have a master's degree in biology.", [("education", "master", "master's degree")]),
    # said of someone else, or not a job: nothing about the speaker
    ("My brother just got married.", []),
    ("I have a son who is in junior high school.", []),
    ("I own a yacht and i rent it out when i am not using it.", []),
    ("I am married to a doctor.", [("relationship_status", "married", "married")]),
])
def test_persona_statements_give_what_they_say_of_the_speaker(statement: str, expected: list[tuple[str, str, str]]) -> None:
    got = persona_labels(statement)
    assert got == expected
    for attribute, cls, _ in got:
        assert cls in CLASSES[attribute]


def _write(folder: Path, name: str, rows: list[tuple[str, str, str]]) -> None:
    with (folder / name).open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["user 1 personas", "user 2 personas", "Best Generated Conversation"])
        for row in rows:
            w.writerow(row)
        # the loader skips files under 1 KiB (an LFS pointer where the data should be)
        w.writerows([("I like tea.", "I like coffee.", "User 1: Hi!\nUser 2: Hello!")] * 40)


def test_speakers_become_authors_split_by_conversation(tmp_path: Path) -> None:
    assert not is_persona_chat(tmp_path)
    with pytest.raises(ConfigError):
        load_persona_authors(tmp_path)
    _write(tmp_path, "valid.csv", [(
        "I am a nurse.\nI live in canada.", "I am 62 years old.\nI am a man.",
        "User 1: Long shift at the hospital today, I'm a nurse.\nUser 2: I'm retired, at 62 I just relax.\n"
        "User 1: Canada is cold this week.")])
    assert is_persona_chat(tmp_path)
    authors = {a.author: a for a in load_persona_authors(tmp_path)}
    nurse, man = authors["spc-valid-00000-u1"], authors["spc-valid-00000-u2"]
    assert nurse.comments == ("Long shift at the hospital today, I'm a nurse.", "Canada is cold this week.")
    assert nurse.targets["occupation"] == CLASSES["occupation"].index("healthcare")
    assert nurse.targets["city_country"] == CLASSES["city_country"].index("Canada")
    assert nurse.targets["age"] == -1
    assert man.targets["age"] == CLASSES["age"].index("60 or over") and man.targets["sex"] == CLASSES["sex"].index("male")
    spans = persona_spans(tmp_path)["spc-valid-00000-u1"]
    first, second = nurse.comments
    assert [(first[s:e], a) for s, e, a in spans[0]] == [("nurse", "occupation")]
    assert [(second[s:e], a) for s, e, a in spans[1]] == [("Canada", "city_country")]
    split = split_conversations(list(authors.values()), seed=0)
    where = {a.author: name for name, part in split.items() for a in part}
    assert where["spc-valid-00000-u1"] == where["spc-valid-00000-u2"]  # both speakers of one conversation
    assert split == split_conversations(list(authors.values()), seed=0)
