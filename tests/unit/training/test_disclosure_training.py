"""The disclosure tagger's training data and windows (lab/training/detect/disclosure.py, train.py)."""

from __future__ import annotations

import numpy as np

from lab.training.detect.data import IGNORE, NONE
from lab.training.detect.disclosure import choose_alone, choose_confirm, texts_of
from lab.training.detect.subject import Example
from lab.training.detect.train import Part, around, token_labels


def _ex(text: str, value: str, kind: str, label: int, source: str = "turn") -> Example:
    s = text.index(value)
    return Example(text, s, s + len(value), kind, label, source, f"{source}:{text}")


def test_texts_group_spans_by_text_own_wins_and_untagged_kinds_are_left_out() -> None:
    a = "I work as a nurse in Leeds and I study law."
    b = "What does a nurse earn in Leeds?"
    got = texts_of([
        _ex(a, "nurse", "job", 1), _ex(a, "Leeds", "place", 0), _ex(a, "Leeds", "place", 1), _ex(a, "law", "study", 1),
        _ex(b, "nurse", "job", 0, "prompt"),
    ])
    assert [(src, text, [(text[s:e], c) for s, e, c in spans]) for src, _, text, spans in got] == [
        ("turn", a, [("nurse", "JOB"), ("Leeds", "PLACE"), ("law", IGNORE)]),
        ("prompt", b, [("nurse", NONE)]),
    ]


def test_token_labels_mark_none_spans_as_none_and_ignored_ones_out_of_the_loss() -> None:
    offsets = np.array([[0, 1], [2, 6], [7, 9], [10, 15]])
    y = token_labels(offsets, [(2, 6, "JOB"), (7, 9, NONE), (10, 15, IGNORE)], ("HEALTH", "JOB"))
    assert y.tolist() == [0, 2, 0, -1]


def _part(lengths: list[int]) -> Part:
    n = sum(lengths)
    rows, start = [], 0
    for m in lengths:
        rows.append((start, start + m))
        start += m
    z = np.zeros(n, np.int64)
    return Part(np.zeros((n, 2), np.float32), z, np.ones(n, np.float32), z, z, rows, [], [], [])


def test_windows_stay_inside_their_text() -> None:
    got = around(_part([3, 2]), 2)
    zero = 5  # the zero row beyond the ends
    assert got.tolist() == [
        [zero, zero, 0, 1, 2], [zero, 0, 1, 2, zero], [0, 1, 2, zero, zero],
        [zero, zero, 3, 4, zero], [zero, 3, 4, zero, zero],
    ]


def test_standing_alone_needs_the_score_few_public_questions_reach() -> None:
    # four public questions (one with a NONE span), one text with an own span; class 0 = HEALTH
    def probs(p: float) -> np.ndarray:
        row = np.zeros(8, np.float32)
        row[0], row[1] = 1 - p, p
        return row[None, :]

    table = [([(0, 1)], probs(p), np.zeros(1, np.int64)) for p in (0.62, 0.3, 0.2, 0.1, 0.99)]
    part = Part(np.zeros((0, 2)), np.zeros(0), np.zeros(0), np.zeros(0), np.zeros(0), [], [
        ("a", []), ("b", [(0, 1, NONE)]), ("c", []), ("d", []), ("e", [(0, 1, "HEALTH")])], [], ["prompt"] * 4 + ["turn"])
    thresholds = {c: 0.5 for c in ("HEALTH", "GROUP", "JOB", "ORG", "PLACE", "AGE", "MONEY")}
    alone = choose_alone(table, part, thresholds)
    assert alone["HEALTH"] == 0.65  # 0.62 is one of four public questions: above the share until 0.65
    assert alone["JOB"] == 0.5  # no public question has a job: the class threshold


def test_keeping_a_candidate_needs_the_score_few_public_candidates_reach() -> None:
    words = [(0, 1), (2, 3)]

    def probs(p: float) -> np.ndarray:
        row = np.zeros((2, 8), np.float32)
        row[:, 0] = 1.0
        row[0, 0], row[0, 3] = 1 - p, p  # the first word: JOB with p
        return row

    # 100 public candidates: one scored 0.8, one 0.6, the rest 0.1; 1% may be tagged
    scores = [0.8, 0.6] + [0.1] * 98
    table = [(words, probs(p), np.zeros(2, np.int64)) for p in scores]
    part = Part(np.zeros((0, 2)), np.zeros(0), np.zeros(0), np.zeros(0), np.zeros(0), [],
                [("x y", [(0, 1, NONE)]) for _ in scores], [], ["prompt"] * len(scores))
    thresholds = {c: 0.5 for c in ("HEALTH", "GROUP", "JOB", "ORG", "PLACE", "AGE", "MONEY")}
    got = choose_confirm(table, part, thresholds)
    assert got["JOB"] == 0.65 and got["HEALTH"] == 0.5


def test_an_llm_disclosure_counts_only_when_its_sentence_speaks_in_the_first_person(tmp_path) -> None:
    import json

    from lab.training.detect.subject import llm_examples

    rows = [("I take Eprontia every night. When did the game come out?", "Eprontia", 1),
            ("Eprontia, did you know when the game came out? I've slept badly.", "Eprontia", 1),  # a vocative
            ("What is Eprontia used for?", "Eprontia", 0)]  # a topic rewrite stays, as the negative it is
    path = tmp_path / "llm.jsonl"
    path.write_text("".join(json.dumps({"text": t, "value": v, "kind": "health", "start": t.index(v),
                                        "end": t.index(v) + len(v), "label": lab, "base": "q"}) + "\n"
                            for t, v, lab in rows))
    assert len(llm_examples(path)) == 3
    kept = llm_examples(path, first_person_only=True)
    assert [(ex.text, ex.label) for ex in kept] == [(rows[0][0], 1), (rows[2][0], 0)]


def test_a_bare_span_needs_a_score_few_public_questions_reach() -> None:
    from lab.training.detect.disclosure import LABELS, choose_bare

    words = [(0, 4)]
    public = []
    for score in (0.5, 0.91, 0.96, 0.2):  # the JOB class's top score in four public questions
        wp = np.zeros((1, len(LABELS) + 1), np.float32)
        wp[0, 1 + LABELS.index("JOB")] = score
        wp[0, 0] = 1 - score
        public.append((words, wp, np.zeros(1)))
    part = Part(np.zeros((4, 1)), np.zeros(4), np.ones(4), np.zeros(4), np.zeros(4), [(i, i + 1) for i in range(4)],
                [("text", []) for _ in range(4)], [np.zeros((1, 2))] * 4, ["prompt"] * 4)
    bare = choose_bare(public, part, {c: 0.6 for c in LABELS})
    assert bare["JOB"] == 0.97  # the lowest of the grid above every public question's score
    assert bare["HEALTH"] == 0.9  # no public question scores the class: the grid's lowest
