"""The paper's bootstrapping table: S1 accuracy and escalation vs the number of teacher labels.

A cold System 1 (trained on the pairs of `SEED_POLICIES` train policies only) meets a stream
of request events from the held-out policies. Every event System 1 is unsure of (u >= tau_u)
goes to the teacher, whose label is stored; every `RETRAIN_EVERY` labels System 1 is
fine-tuned (`Bootstrapper.retrain`, the same code as online). The teacher is deterministic,
the gold rule label of the pair (it stands in for the LLM, which is too slow on this CPU for
hundreds of calls). At each checkpoint, accuracy and escalation are measured on a fixed
evaluation slice of held-out events that the stream never shows.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

from guardian.matcher.bootstrap import RETRAIN_EVERY, Bootstrapper, LabelStore
from guardian.matcher.encoders import make_encoder
from guardian.matcher.model import TAU_U, predict_batch, train_model
from guardian.matcher.system1 import EvidenceItem, System1
from lab.training.matcher.metrics import classification_metrics
from lab.training.matcher.train import encode_pairs, load_split

__all__ = ["bootstrap_table", "SEED_POLICIES", "CHECKPOINTS"]

SEED_POLICIES = 3
CHECKPOINTS = (0, 8, 16, 24, 48, 96, 192)
EVAL_EVENTS = 2000


def bootstrap_table(data: str | Path, *, encoder: str = "multihot", seed: int = 0, stream_events: int = 4000,
                    scheme: str = "segment") -> dict[str, Any]:
    train_pairs, test_pairs = load_split(data, seed, scheme)
    rng = random.Random(seed)
    seed_ids = sorted({p.policy for p in train_pairs})[:SEED_POLICIES]
    seed_pairs = [p for p in train_pairs if p.policy in seed_ids]
    enc = make_encoder(encoder)
    b, p, y = encode_pairs(enc, seed_pairs)
    cold = train_model(encoder, b, p, y, seed=seed, epochs=30)
    events = list(test_pairs)
    rng.shuffle(events)
    eval_slice, stream = events[:EVAL_EVENTS], events[EVAL_EVENTS : EVAL_EVENTS + stream_events]
    eb, ep, ey = encode_pairs(enc, eval_slice)
    s1 = System1(cold, enc, version="cold")
    rows: list[dict[str, Any]] = []

    def measure(labels: int, seen: int) -> None:
        L, u = predict_batch(s1.weights, eb, ep)
        m = classification_metrics(L, u, ey)
        rows.append({"teacher_labels": labels, "events_seen": seen, "s1_accuracy": m["accuracy"],
                     "escalation_rate": m["escalation_rate"], "ece": m["ece"], "model": s1.version})

    with tempfile.TemporaryDirectory() as tmp:
        boot = Bootstrapper(s1, LabelStore(Path(tmp) / "labels.sqlite3"), retrain_every=RETRAIN_EVERY, background=False)
        measure(0, 0)
        labels = 0
        marks = [c for c in CHECKPOINTS if c > 0]
        for seen, pair in enumerate(stream, 1):
            if not marks:
                break
            vb = enc.action(pair.action)
            item = EvidenceItem(pair.statement.sid, pair.statement.practice, pair.statement.text)
            L, u = s1.weights.predict(vb, enc.statements([(item.practice, item.text)]))
            if float(u[0]) < TAU_U:
                continue
            boot.add(pair.action, item, float(pair.label), source="teacher")
            labels += 1
            if labels == marks[0]:
                measure(labels, seen)
                marks.pop(0)
    first, last = rows[0]["escalation_rate"], rows[-1]["escalation_rate"]
    at24 = next((r["escalation_rate"] for r in rows if r["teacher_labels"] == 24), None)
    return {
        "encoder": encoder,
        "cold_start": f"System 1 trained on the pairs of {SEED_POLICIES} train policies ({len(seed_pairs)} pairs)",
        "stream": f"shuffled pairs of the {len({q.policy for q in test_pairs})} held-out policies; evaluation slice of {len(eval_slice)} events never streamed",
        "teacher": "deterministic: the gold rule label of the pair (stands in for the LLM)",
        "retrain_every": RETRAIN_EVERY,
        "tau_u": TAU_U,
        "rows": rows,
        "escalation_cut_at_24_labels": round(1 - at24 / first, 4) if at24 is not None and first else None,
        "escalation_cut_final": round(1 - last / first, 4) if first else None,
    }


def format_table(result: dict[str, Any]) -> str:
    lines = ["| teacher labels | events seen | S1 accuracy | escalation | ECE | model |", "|---|---|---|---|---|---|"]
    for r in result["rows"]:
        lines.append(f"| {r['teacher_labels']} | {r['events_seen']} | {r['s1_accuracy']:.4f} | {100 * r['escalation_rate']:.2f}% | {r['ece']:.4f} | {r['model']} |")
    return "\n".join(lines)


_ = np  # numpy arrays flow through predict_batch
