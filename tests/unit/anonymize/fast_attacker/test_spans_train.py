"""The span tagger's training data: token labels from gold spans, template sentences, thresholds on val,
and the `guardian-lab attacker train-spans|eval-spans` commands."""

from __future__ import annotations

import argparse

import numpy as np

from guardian.anonymize.fast_attacker.spans import SPAN_ATTRIBUTES, SpanWeights
from lab.training.fast_attacker.spans_templates import negative_templates, span_templates
from lab.training.fast_attacker.spans_train import DEFAULT_THRESHOLD, _label, _thresholds, metrics


def test_tokens_inside_a_gold_span_get_its_attribute() -> None:
    offsets = np.array([(0, 2), (3, 8), (9, 13), (13, 16), (17, 17)])
    labels, ids = _label(offsets, [(9, 16, "occupation"), (0, 2, "not-an-attribute")], first_id=7)
    occ = SPAN_ATTRIBUTES.index("occupation") + 1
    assert labels.tolist() == [0, 0, occ, occ, 0] and ids.tolist() == [-1, -1, 7, 7, -1]


def test_templates_mark_their_values() -> None:
    examples = span_templates(0)
    assert len(examples) > 500
    for text, spans in examples:
        assert len(spans) == 1
        start, end, attribute = spans[0]
        assert attribute in SPAN_ATTRIBUTES and text[start:end].strip() == text[start:end] and end > start
    assert all(spans == [] for _, spans in negative_templates(0))
    assert span_templates(0) == span_templates(0)  # reproducible


def _weights_favouring(attr_index: int) -> SpanWeights:
    k = 1 + len(SPAN_ATTRIBUTES)
    w1 = np.zeros((384, 2), np.float32)
    w1[0, 0] = 1.0  # hidden unit 0 = feature 0
    w2 = np.zeros((2, k), np.float32)
    w2[0, attr_index + 1] = 10.0
    return SpanWeights({"W1": w1, "b1": np.zeros(2, np.float32), "W2": w2, "b2": np.zeros(k, np.float32)},
                       {"thresholds": {a: 0.5 for a in SPAN_ATTRIBUTES}})


def test_thresholds_need_enough_val_spans_and_metrics_count_spans() -> None:
    occ = SPAN_ATTRIBUTES.index("occupation")
    w = _weights_favouring(occ)
    x = np.zeros((20, 384), np.float32)
    x[:6, 0] = 1.0  # six occupation tokens, one span each
    y = np.zeros(20, np.int64)
    y[:6] = occ + 1
    ids = np.full(20, -1)
    ids[:6] = np.arange(6)
    thr = _thresholds(w, (x, y, ids))
    assert thr["occupation"] < 1 and thr["age"] == DEFAULT_THRESHOLD
    m = metrics(w, (x, y, ids))
    assert m["occupation"]["precision"] == 1.0 and m["occupation"]["recall"] == 1.0
    assert m["all"]["span_recall"] == 1.0 and m["all"]["gold_spans"] == 6


def test_cli_has_the_span_commands() -> None:
    from lab.training.fast_attacker.cli import register

    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["attacker", "train-spans", "--data", "d", "--epochs", "3", "--beta", "1"])
    assert args.epochs == 3 and args.beta == 1.0 and args.out is None
    from lab.training.fast_attacker.cli import DEFAULT_SPANS_OUT, _out
    from guardian.weights import opt_in_dir

    # SynthPAI (non-commercial) trains into the opt-in folder, never into the package
    assert _out(args, DEFAULT_SPANS_OUT, "spans.npz") == str(opt_in_dir() / "attacker" / "spans.npz")
    args = parser.parse_args(["attacker", "eval-spans", "--weights", "w.npz"])
    assert args.weights == "w.npz" and callable(args.func)
