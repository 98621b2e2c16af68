"""Online bootstrapping: System 2's answers become labels that fine-tune System 1 (DESIGN.md).

`LabelStore` keeps (action practice, statement, label) rows in SQLite beside the policy store
(`matcher_labels.sqlite3`). `Bootstrapper.add(...)` stores labels and, after every
`retrain_every` new ones, wakes a background thread that fine-tunes a copy of the current
weights on all labels, writes them next to the database (`matcher-s1-v<N>.npz`, written to a
temporary file and renamed) and swaps them into System 1 in one assignment. The version is
recorded in the `models` table and in every decision record. Never on the request path.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np

from guardian.matcher.encoders import adapter_digest
from guardian.matcher.model import S1Weights, train_model
from guardian.matcher.schema import Practice
from guardian.matcher.system1 import EvidenceItem, System1

__all__ = ["LabelStore", "Bootstrapper", "practice_to_json", "practice_from_json", "RETRAIN_EVERY"]

log = logging.getLogger("guardian.matcher")

RETRAIN_EVERY = 8  # N: fine-tune after every 8 new teacher labels
FINETUNE_EPOCHS = 40
FINETUNE_LR = 1e-3
LABELS_FILE = "matcher_labels.sqlite3"


def practice_to_json(p: Practice) -> str:
    return json.dumps({k: sorted(v) if isinstance(v, frozenset) else v for k, v in asdict(p).items()}, sort_keys=True)


def practice_from_json(text: str) -> Practice:
    d = json.loads(text)
    return Practice(**{k: frozenset(v) if isinstance(v, list) else v for k, v in d.items()})


class LabelStore:
    """Teacher labels and fine-tuned model versions in one SQLite file."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path).expanduser()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        with self._db() as db:
            db.executescript(
                """
                CREATE TABLE IF NOT EXISTS labels (
                    id INTEGER PRIMARY KEY, ts REAL NOT NULL, action TEXT NOT NULL,
                    statement_id TEXT NOT NULL, statement TEXT NOT NULL, statement_text TEXT NOT NULL,
                    label REAL NOT NULL, source TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS models (
                    version TEXT PRIMARY KEY, ts REAL NOT NULL, labels INTEGER NOT NULL, path TEXT NOT NULL,
                    base TEXT NOT NULL);
                """
            )

    def _db(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=10)
            conn.execute("PRAGMA journal_mode=WAL")
            self._local.conn = conn
        return conn

    def add(self, action: Practice, statement: EvidenceItem, label: float, source: str = "s2") -> int:
        with self._db() as db:
            db.execute(
                "INSERT INTO labels (ts, action, statement_id, statement, statement_text, label, source) VALUES (?,?,?,?,?,?,?)",
                (time.time(), practice_to_json(action), statement.id, practice_to_json(statement.practice), statement.text, float(label), source),
            )
        return self.count()

    def count(self) -> int:
        return int(self._db().execute("SELECT COUNT(*) FROM labels").fetchone()[0])

    def all(self) -> list[tuple[Practice, EvidenceItem, float]]:
        rows = self._db().execute("SELECT action, statement_id, statement, statement_text, label FROM labels ORDER BY id").fetchall()
        return [(practice_from_json(a), EvidenceItem(sid, practice_from_json(s), t), float(y)) for a, sid, s, t, y in rows]

    def record_model(self, version: str, labels: int, path: Path, base: str) -> None:
        with self._db() as db:
            db.execute("INSERT OR REPLACE INTO models (version, ts, labels, path, base) VALUES (?,?,?,?,?)",
                       (version, time.time(), labels, str(path), base))

    def latest_model(self, encoder: str | None = None) -> tuple[str, Path] | None:
        """The newest fine-tune (of `encoder`'s System 1 when given: versions are `<encoder>-boot<N>`)."""
        if encoder is None:
            row = self._db().execute("SELECT version, path FROM models ORDER BY ts DESC LIMIT 1").fetchone()
        else:
            row = self._db().execute("SELECT version, path FROM models WHERE substr(version, 1, ?) = ? ORDER BY ts DESC LIMIT 1",
                                     (len(encoder) + 5, f"{encoder}-boot")).fetchone()
        return (row[0], Path(row[1])) if row else None


def finetune(s1: System1, labels: list[tuple[Practice, EvidenceItem, float]], *, seed: int = 0,
             epochs: int | None = None, base: S1Weights | None = None) -> S1Weights:
    """A copy of `base` (default: System 1's current weights) fine-tuned on the labels
    (label >= 0.5 is violating)."""
    base = base or s1.weights
    epochs = epochs or FINETUNE_EPOCHS
    b = np.stack([s1.encoder.action(a) for a, _, _ in labels])
    p = s1.encoder.statements([(s.practice, s.text) for _, s, _ in labels])
    y = np.array([1 if v >= 0.5 else 0 for _, _, v in labels], dtype=np.int64)
    return train_model(base.encoder, b, p, y, seed=seed, epochs=epochs, lr=FINETUNE_LR, batch=32, init=base, anneal_epochs=0)


class Bootstrapper:
    """Stores teacher labels and fine-tunes System 1 in the background after every N of them."""

    def __init__(self, s1: System1, store: LabelStore, *, retrain_every: int = RETRAIN_EVERY, background: bool = True) -> None:
        self.s1 = s1
        self.store = store
        self.retrain_every = retrain_every
        self.background = background
        self._since = 0
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._stop = False
        self.versions: list[str] = []
        # Every fine-tune starts again from these weights (the shipped ones) on all labels so
        # far: fine-tuning the previous fine-tune compounds overfitting to a few labels.
        self.origin = s1.weights
        # The labels suit any encoder, a fine-tune only its own (another encoder's weights
        # cannot read these vectors): after a switch of encoder the shipped weights start again.
        latest = store.latest_model(s1.weights.encoder)
        if latest is not None and latest[1].exists():
            try:
                weights = S1Weights.load(latest[1])
                if weights.encoder != s1.weights.encoder or weights.w1.shape != s1.weights.w1.shape:
                    raise ValueError(f"made for encoder {weights.encoder}")
                if adapter_digest(weights.adapters) != adapter_digest(s1.weights.adapters):
                    raise ValueError("made for other encoder adapters (the shipped weights changed)")
                s1.swap(weights, latest[0])
            except Exception as e:  # noqa: BLE001 - a bad file leaves the shipped weights
                log.warning("guardian: matcher weights %s not loaded: %s", latest[1], e)

    def add(self, action: Practice, statement: EvidenceItem, label: float, source: str = "s2") -> None:
        """Store one label; every `retrain_every` labels, fine-tune (in the background)."""
        self.store.add(action, statement, label, source)
        with self._lock:
            self._since += 1
            due = self._since >= self.retrain_every
            if due:
                self._since = 0
        if not due:
            return
        if not self.background:
            self.retrain()
            return
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="guardian-matcher-finetune", daemon=True)
            self._thread.start()
        self._wake.set()

    def _run(self) -> None:
        while not self._stop:
            if not self._wake.wait(timeout=60):
                continue
            self._wake.clear()
            try:
                self.retrain()
            except Exception as e:  # noqa: BLE001 - a failed fine-tune keeps the current weights
                log.warning("guardian: matcher fine-tune failed: %s", e)

    def retrain(self) -> str:
        """Fine-tune on every stored label, save next to the database, swap in; the new version."""
        labels = self.store.all()
        base = self.s1.version
        weights = finetune(self.s1, labels, base=self.origin)
        version = f"{weights.encoder}-boot{len(labels)}"
        weights.meta = {**weights.meta, "version": version, "base": base, "teacher_labels": len(labels)}
        path = self.store.path.with_name(f"matcher-s1-{version}.npz")
        weights.save(path)  # temporary file + rename
        self.store.record_model(version, len(labels), path, base)
        self.s1.swap(weights, version)
        self.versions.append(version)
        log.info("guardian: matcher System 1 now %s (%d teacher labels)", version, len(labels))
        return version

    def stop(self) -> None:
        self._stop = True
        self._wake.set()
