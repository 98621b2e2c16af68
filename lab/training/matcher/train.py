"""Train and evaluate System 1 (the `guardian-lab matcher train|eval|select` commands).

Pairs come from OPP-115 (`opp115`, a folder) or from the project's template statements
(`synthetic`, `--data synthetic`: licence-clean, so its weights may ship)."""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from guardian.errors import ConfigError
from guardian.matcher.encoders import Encoder, HybridEncoder, MiniLMEncoder, make_encoder
from guardian.matcher.model import S1Weights, predict_batch, train_model
from guardian.matcher.schema import multihot
from guardian.matcher.system1 import EvidenceItem, System1
from lab.training.matcher import synthetic
from lab.training.matcher.metrics import classification_metrics
from lab.training.matcher.opp115 import SCHEMES, Pair, derive_pairs, load_segments, load_statements, split_policies

__all__ = ["encode_pairs", "load_split", "train", "evaluate", "latency", "training_record", "select_epochs", "EPOCHS",
           "OPP115_DATA", "OPP115_LICENCE"]

EPOCHS = {"multihot": 30, "minilm": 40, "hybrid": 40, "minilm-lora": 4}
K = 8  # evidence set size (DESIGN.md, retrieval k)
DEV_EVERY = 5  # select_epochs: every 5th train policy (by id, from index 0) is dev
OPP115_DATA = "OPP-115 (92 policies in ../shared/data/opp115), consolidation threshold 0.75; pairs as in guardian/matcher/README.md"
OPP115_LICENCE: dict[str, Any] = {
    "data": [{"source": "OPP-115 (usableprivacy.org)", "licence": "research, teaching and scholarship only"}], "clean": False,
}


def load_split(data: str | Path, seed: int = 0, scheme: str = "segment") -> tuple[list[Pair], list[Pair]]:
    """(train pairs, test pairs), split by policy; `scheme` as in opp115 (segment | practice).
    `data` is the OPP-115 folder, or "synthetic" for the template statements (segment scheme only:
    their fields are always read from text)."""
    if scheme not in SCHEMES:
        raise ConfigError(f"unknown pair scheme {scheme!r}; choose one of {SCHEMES}")
    if synthetic.is_synthetic(data):
        if scheme != "segment":
            raise ConfigError("synthetic statements have only the segment scheme (fields read from their text)")
        return synthetic.load_split(seed)
    statements = load_segments(data) if scheme == "segment" else load_statements(data)
    pairs = derive_pairs(statements, seed=seed)
    train_ids, test_ids = split_policies([p.policy for p in pairs])
    return [p for p in pairs if p.policy in train_ids], [p for p in pairs if p.policy in test_ids]


def encode_pairs(enc: Encoder, pairs: list[Pair], cache_dir: Path | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(b, p, y) arrays; MiniLM embeddings of distinct texts are computed once (and cached on disk)."""
    y = np.array([p.label for p in pairs], dtype=np.int64)
    if not isinstance(enc, MiniLMEncoder):
        b = np.stack([enc.action(p.action) for p in pairs])
        s = enc.statements([(p.statement.practice, p.statement.text) for p in pairs])
        return b, s, y
    from guardian.matcher.schema import practice_text

    texts = sorted({practice_text(p.action) for p in pairs} | {p.statement.text for p in pairs})
    table = _embed_cached(enc, texts, cache_dir)
    b = np.stack([table[practice_text(p.action)] for p in pairs])
    s = np.stack([table[p.statement.text] for p in pairs])
    if isinstance(enc, HybridEncoder):
        b = np.concatenate([np.stack([multihot(p.action) for p in pairs]), b], axis=1)
        s = np.concatenate([np.stack([multihot(p.statement.practice) for p in pairs]), s], axis=1)
    return b, s, y


def _embed_cached(enc: MiniLMEncoder, texts: list[str], cache_dir: Path | None) -> dict[str, np.ndarray]:
    key = hashlib.sha256("\x00".join(texts).encode()).hexdigest()[:16]
    path = cache_dir / f"{enc.cache_tag}-{key}.npy" if cache_dir else None
    if path is not None and path.exists():
        arr = np.load(path)
    else:
        arr = enc.embed_raw(texts, batch_size=128)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            np.save(path, arr)
    return dict(zip(texts, arr * enc.SCALE))


def train(
    data: str | Path,
    encoder: str,
    out: str | Path,
    *,
    seed: int = 0,
    epochs: int | None = None,
    scheme: str = "segment",
    cache_dir: Path | None = Path(".cache/matcher"),
    log: Callable[[str], None] | None = None,
    device: str = "cpu",
) -> dict[str, Any]:
    """Train on the train policies, measure on the test policies, write weights + record.
    `minilm-lora` trains the encoder's adapters with the head (finetune.py; `device` there)."""
    t0 = time.time()
    train_pairs, test_pairs = load_split(data, seed, scheme)
    clean = synthetic.is_synthetic(data)
    epochs = epochs or (synthetic.EPOCHS.get(encoder) if clean else None) or EPOCHS[encoder]
    if encoder == "minilm-lora":
        weights = _fine_tune(train_pairs, epochs=epochs, seed=seed, device=device, log=log)
        enc = make_encoder(encoder, weights.adapters)
    else:
        enc = make_encoder(encoder)
        b, p, y = encode_pairs(enc, train_pairs, cache_dir)
        weights = train_model(encoder, b, p, y, seed=seed, epochs=epochs, log=log)
    tb, tp, ty = encode_pairs(enc, test_pairs, cache_dir)
    L, u = predict_batch(weights, tb, tp)
    metrics = classification_metrics(L, u, ty)
    weights.meta = training_record(
        encoder, scheme, train_policies=len({q.policy for q in train_pairs}), test_policies=len({q.policy for q in test_pairs}),
        train_pairs=len(train_pairs), test_pairs=len(test_pairs), seed=seed, epochs=epochs, metrics=metrics,
        seconds=time.time() - t0,
        **({"data": synthetic.DATA_NOTE, "licence": synthetic.LICENCE, "generator": synthetic.generator_record(),
            "test_data": "held-out synthetic policies (OPP-115 figures: guardian-lab matcher eval)"} if clean else {}),
        **({"lora_rank": min(min(v.shape) for v in weights.adapters.values()), "device": device} if weights.adapters else {}),
    )
    weights.save(out)
    return weights.meta


def training_record(encoder: str, scheme: str, *, train_policies: int, test_policies: int, train_pairs: int, test_pairs: int,
                    seed: int, epochs: int, metrics: dict[str, Any], seconds: float, data: str = OPP115_DATA,
                    licence: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """The record shipped inside a weights file: data and its licence, split, seed, epochs, test metrics."""
    licence = licence or OPP115_LICENCE
    record = {
        "version": f"{encoder}-{scheme}-seed{seed}" + ("-clean" if licence.get("clean") else ""),
        "encoder": encoder,
        "scheme": scheme,
        "data": data,
        "licence": licence,
        "split": f"by policy: {train_policies} train / {test_policies} test policies",
        "train_pairs": train_pairs,
        "test_pairs": test_pairs,
        "seed": seed,
        "epochs": epochs,
        "test_metrics": metrics,
        "train_seconds": round(seconds, 1),
        **extra,
    }
    if not licence.get("clean"):
        record["licence_note"] = "derived from OPP-115 (research, teaching and scholarship use; cite Wilson et al. 2016)"
    return record


def select_epochs(data: str | Path, encoder: str, candidates: list[int], *, seed: int = 0, scheme: str = "segment",
                  cache_dir: Path | None = Path(".cache/matcher"), log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Choose the epochs on dev policies carved out of the train policies (every DEV_EVERY-th by id),
    never on the test policies: train on the rest for each candidate, keep the lowest dev Brier."""
    if encoder == "minilm-lora":
        raise ConfigError("select_epochs trains the head only; minilm-lora's epochs are chosen with lab/bench/matcher_finetune.py")
    train_pairs, _ = load_split(data, seed, scheme)
    ids = sorted({q.policy for q in train_pairs})
    dev_ids = {u for i, u in enumerate(ids) if i % DEV_EVERY == 0}
    fit = [q for q in train_pairs if q.policy not in dev_ids]
    dev = [q for q in train_pairs if q.policy in dev_ids]
    enc = make_encoder(encoder)
    b, p, y = encode_pairs(enc, fit, cache_dir)
    db, dp, dy = encode_pairs(enc, dev, cache_dir)
    rows = []
    for n in candidates:
        w = train_model(encoder, b, p, y, seed=seed, epochs=n)
        L, u = predict_batch(w, db, dp)
        rows.append({"epochs": n, **classification_metrics(L, u, dy)})
        if log:
            log(f"epochs {n}: dev brier {rows[-1]['brier']} accuracy {rows[-1]['accuracy']} ece {rows[-1]['ece']}")
    best = min(rows, key=lambda r: (r["brier"], r["epochs"]))
    return {"encoder": encoder, "data": str(data), "fit_policies": len(ids) - len(dev_ids), "dev_policies": len(dev_ids),
            "fit_pairs": len(fit), "dev_pairs": len(dev), "criterion": "lowest dev Brier", "chosen_epochs": best["epochs"],
            "curve": rows}


def _fine_tune(pairs: list[Pair], *, epochs: int, seed: int, device: str, log: Callable[[str], None] | None) -> S1Weights:
    from guardian.matcher.encoders import minilm_path
    from lab.training.matcher.finetune import fine_tune, reader_weights
    from guardian.matcher.schema import practice_text

    rows = [(practice_text(q.action), q.statement.text, q.label) for q in pairs]
    return reader_weights(fine_tune(rows, model_dir=minilm_path(), epochs=epochs, device=device, seed=seed, log=log))


def evaluate(data: str | Path, weights: S1Weights, *, seed: int = 0, cache_dir: Path | None = Path(".cache/matcher"),
             latency_actions: int = 500) -> dict[str, Any]:
    """The paper's System 1 metrics on the test policies (in the weights' pair scheme), plus p95
    latency per decision."""
    scheme = weights.meta.get("scheme", "practice")  # weights from before the schemes: practice
    _, test_pairs = load_split(data, seed, scheme)
    enc = make_encoder(weights.encoder, weights.adapters)
    b, p, y = encode_pairs(enc, test_pairs, cache_dir)
    L, u = predict_batch(weights, b, p)
    out = {"encoder": weights.encoder, "scheme": scheme, "model_version": weights.meta.get("version"),
           "test_policies": len({q.policy for q in test_pairs}), "test_pairs": len(test_pairs)}
    out.update(classification_metrics(L, u, y))
    out.update(latency(weights, enc, test_pairs, n=latency_actions, seed=seed))
    return out


def latency(weights: S1Weights, enc: Encoder, pairs: list[Pair], *, n: int = 500, seed: int = 0) -> dict[str, Any]:
    """Time System1.score for (action, K statements of its policy): statements prepared per policy
    beforehand (as once per policy version); the action is encoded on the request path."""
    import torch

    torch.set_num_threads(1)
    s1 = System1(weights, enc, version="eval")
    rng = random.Random(seed)
    by_policy: dict[int, list[EvidenceItem]] = {}
    for q in pairs:
        by_policy.setdefault(q.policy, []).append(EvidenceItem(q.statement.sid, q.statement.practice, q.statement.text))
    t = time.perf_counter()
    for items in by_policy.values():
        s1.prepare(list({i.id: i for i in items}.values()))
    prepare_s = time.perf_counter() - t
    sample = rng.sample(pairs, min(n, len(pairs)))
    cold: list[float] = []
    if isinstance(enc, MiniLMEncoder):  # first sight of an action sentence: one MiniLM pass
        for q in sample[:50]:
            enc._actions.clear()
            t = time.perf_counter()
            enc.action(q.action)
            cold.append((time.perf_counter() - t) * 1000)
        for q in sample:
            enc.action(q.action)
    times = []
    for q in sample:
        items = by_policy[q.policy]
        evidence = rng.sample(items, min(K, len(items)))
        t = time.perf_counter()
        s1.score([q.action], evidence)
        times.append((time.perf_counter() - t) * 1000)
    out: dict[str, Any] = {
        "latency_decisions": len(times),
        "latency_k": K,
        "p50_ms": round(float(np.percentile(times, 50)), 4),
        "p95_ms": round(float(np.percentile(times, 95)), 4),
        "prepare_statements_s": round(prepare_s, 2),
    }
    if cold:
        out["action_encode_cold_p95_ms"] = round(float(np.percentile(cold, 95)), 2)
        out["latency_note"] = "p50/p95 with the action sentence's embedding cached (distinct actions are few); a new action sentence costs one MiniLM pass (action_encode_cold_p95_ms)"
    return out
