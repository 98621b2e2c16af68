"""Train and evaluate the span tagger (spans.py): `guardian-lab attacker train-spans|eval-spans`.

1. Labels: the gold spans of the eval's own rule (`lab.eval.datasets.synthpai_surface_forms`,
   only attributes the human labeller found inferable, overlapping matches resolved as
   `load_synthpai` does) in every comment; a token is labelled with the attribute of the gold span
   it overlaps, else none. For sex only the last word of a span is labelled ("I'm a *woman*": the
   word that says it). Template sentences with marked spans (spans_templates.py) are added to the
   train tokens; nothing else.
2. The fast attacker's split by author (data.split_authors, seed 0) and its cached int8 token
   states. The head is trained on the train authors (and templates) with torch; the epoch with the
   lowest val loss is kept, and per attribute the token threshold that maximises F2 on the val
   tokens (recall counts double: a missed span leaks, an extra rewrite costs a little utility);
   an attribute with fewer than MIN_VAL_SPANS val spans gets DEFAULT_THRESHOLD. Val is the only
   split anything is chosen on.
3. Metrics per split (val, dev, test; train for reference): token precision / recall per
   attribute at the shipped thresholds, span recall (gold spans with at least one tagged token,
   what privacy needs) and the share of all tokens tagged (what utility pays).
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from guardian.anonymize.fast_attacker.model import DIM
from guardian.anonymize.fast_attacker.spans import SPAN_ATTRIBUTES, SPAN_HIDDEN, SpanWeights, tagged_tokens, token_probs
from lab.training.fast_attacker.data import SPLITS, Author, data_file

__all__ = ["train_spans", "evaluate_spans", "EPOCHS", "Labelled"]

EPOCHS = 30
BATCH = 1024
LR = 2e-3
WEIGHT_DECAY = 1e-2
DROPOUT = 0.3
POSITIVE_WEIGHT = 5.0  # loss weight of a token inside a gold span (none: 1)
TEMPLATE_REPEAT = 1  # times the template tokens appear per epoch
BETA = 2.0  # F-beta of the threshold choice on val
MIN_VAL_SPANS = 5
DEFAULT_THRESHOLD = 0.5
GRID = tuple(round(0.2 + 0.05 * i, 2) for i in range(16))  # 0.20 .. 0.95
ENCODER = "int8"
Log = Callable[[str], None]
Labelled = tuple[np.ndarray, np.ndarray, np.ndarray]  # states (n, DIM), labels (n,), span id per token (-1: none)


def _gold(data: str | Path) -> dict[str, list[list[tuple[int, int, str]]]]:
    """author -> per comment (as `Author.comments`) the gold spans of the eval's rule."""
    from lab.eval.datasets import _inferable, _synthpai_spans, synthpai_surface_forms

    out: dict[str, list[list[tuple[int, int, str]]]] = {}
    with data_file(data).open(encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            row = json.loads(line)
            patterns = [(attr, re.compile(rx, re.I)) for attr, value in (row.get("profile") or {}).items()
                        if _inferable(row, attr) for rx in synthpai_surface_forms(attr, value)]
            comments = [c for c in row.get("comments", []) if isinstance(c, str) and c.strip()]
            per: list[list[tuple[int, int, str]]] = []
            for text in comments:
                spans = []
                for g in _synthpai_spans(text, patterns):
                    start = g.start
                    if g.label == "sex":  # the word that says it, not "I'm a"
                        start = g.start + g.value.rstrip().rfind(" ") + 1
                    spans.append((start, g.end, g.label))
                per.append(spans)
            out[row["author"]] = per
    return out


def _label(offsets: np.ndarray, spans: Sequence[tuple[int, int, str]], first_id: int) -> tuple[np.ndarray, np.ndarray]:
    labels = np.zeros(len(offsets), np.int64)
    ids = np.full(len(offsets), -1, np.int64)
    for j, (s, e, attr) in enumerate(spans):
        if attr not in SPAN_ATTRIBUTES:
            continue
        inside = (offsets[:, 0] < e) & (offsets[:, 1] > s) & (offsets[:, 1] > offsets[:, 0])
        labels[inside] = SPAN_ATTRIBUTES.index(attr) + 1
        ids[inside] = first_id + j
    return labels, ids


def _labelled(texts: list[str], states: list[np.ndarray], spans: list[list[tuple[int, int, str]]],
              encoder: Any) -> Labelled:
    offsets: list[np.ndarray] = []
    for i in range(0, len(texts), 256):
        offsets.extend(encoder.offsets(texts[i : i + 256]))
    xs, ys, ids = [], [], []
    next_id = 0
    for st, off, sp in zip(states, offsets, spans):
        if len(st) != len(off):
            raise ValueError("cached token states do not fit the tokenizer's offsets (stale .cache/attacker?)")
        y, g = _label(off, sp, next_id)
        next_id += len(sp)
        xs.append(st.astype(np.float32))
        ys.append(y)
        ids.append(g)
    if not xs:
        return np.zeros((0, DIM), np.float32), np.zeros(0, np.int64), np.zeros(0, np.int64)
    return np.concatenate(xs), np.concatenate(ys), np.concatenate(ids)


def _datasets(data: str | Path, seed: int, cache_dir: Path | None, log: Log | None,
              templates: bool) -> tuple[dict[str, Labelled], dict[str, list[Author]], Labelled | None]:
    from guardian.anonymize.fast_attacker.encoder import TokenEncoder
    from lab.training.fast_attacker import persona_chat
    from lab.training.fast_attacker.train import _states, corpus

    authors, split, _ = corpus(data, seed)
    states = _states(authors, cache_dir, log, ENCODER)
    gold = persona_chat.persona_spans(data) if persona_chat.is_persona_chat(data) else _gold(data)
    encoder = TokenEncoder(ENCODER)
    out: dict[str, Labelled] = {}
    for name in SPLITS:
        texts = [c for a in split[name] for c in a.comments]
        st = [s for a in split[name] for s in states[a.author]]
        sp = [s for a in split[name] for s in gold[a.author]]
        out[name] = _labelled(texts, st, sp, encoder)
    extra: Labelled | None = None
    if templates:
        from lab.training.fast_attacker.spans_templates import negative_templates, span_templates

        examples = span_templates(seed) + negative_templates(seed)
        fake = [Author(f"spantemplate{i}", (text,), {}) for i, (text, _) in enumerate(examples)]
        tstates = _states(fake, cache_dir, log, ENCODER)
        extra = _labelled([t for t, _ in examples], [tstates[a.author][0] for a in fake],
                          [s for _, s in examples], encoder)
    return out, split, extra


def _fit(train: Labelled, val: Labelled, seed: int, epochs: int, log: Log | None) -> tuple[SpanWeights, dict[str, Any]]:
    import torch

    torch.set_num_threads(1)
    torch.manual_seed(seed)
    nn = torch.nn
    k = 1 + len(SPAN_ATTRIBUTES)
    model = nn.Sequential(nn.Dropout(DROPOUT), nn.Linear(DIM, SPAN_HIDDEN), nn.ReLU(), nn.Dropout(DROPOUT),
                          nn.Linear(SPAN_HIDDEN, k))
    opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=WEIGHT_DECAY)
    weight = torch.full((k,), POSITIVE_WEIGHT)
    weight[0] = 1.0
    x, y = torch.from_numpy(train[0]), torch.from_numpy(train[1])
    vx, vy = torch.from_numpy(val[0]), torch.from_numpy(val[1])
    rng = np.random.default_rng(seed)
    best: tuple[float, int, dict[str, np.ndarray]] | None = None
    history = []
    for epoch in range(1, epochs + 1):
        model.train()
        order = rng.permutation(len(x))
        for i in range(0, len(order), BATCH):
            idx = torch.from_numpy(order[i : i + BATCH])
            loss = nn.functional.cross_entropy(model(x[idx]), y[idx], weight=weight)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            vloss = float(nn.functional.cross_entropy(model(vx), vy, weight=weight))
        history.append(round(vloss, 5))
        if log:
            log(f"epoch {epoch}: val loss {vloss:.4f}")
        if best is None or vloss < best[0]:
            lin1, lin2 = model[1], model[4]
            best = (vloss, epoch, {"W1": lin1.weight.detach().numpy().T.copy(), "b1": lin1.bias.detach().numpy().copy(),
                                   "W2": lin2.weight.detach().numpy().T.copy(), "b2": lin2.bias.detach().numpy().copy()})
    assert best is not None
    return SpanWeights(best[2]), {"best_epoch": best[1], "val_loss": round(best[0], 5), "val_loss_history": history}


def _prf(pred: np.ndarray, gold: np.ndarray) -> tuple[int, int, int]:
    tp = int(np.sum(pred & gold))
    return tp, int(np.sum(pred)), int(np.sum(gold))


def _thresholds(weights: SpanWeights, val: Labelled, beta: float = BETA) -> dict[str, float]:
    probs = token_probs(weights, val[0])
    best_attr = np.argmax(probs[:, 1:], axis=1)
    out: dict[str, float] = {}
    for i, a in enumerate(SPAN_ATTRIBUTES):
        gold = val[1] == i + 1
        if len(set(val[2][gold].tolist())) < MIN_VAL_SPANS:
            out[a] = DEFAULT_THRESHOLD
            continue
        scores = []
        for thr in GRID:
            pred = (best_attr == i) & (probs[:, i + 1] >= thr)
            tp, n_pred, n_gold = _prf(pred, gold)
            p, r = tp / max(1, n_pred), tp / max(1, n_gold)
            f = (1 + beta**2) * p * r / max(1e-9, beta**2 * p + r)
            scores.append((round(f, 6), thr))
        out[a] = max(scores)[1]
    return out


def metrics(weights: SpanWeights, part: Labelled) -> dict[str, Any]:
    """Token precision / recall per attribute, span recall, share of tokens tagged."""
    if len(part[0]) == 0:
        return {}
    attr, _ = tagged_tokens(token_probs(weights, part[0]), weights.thresholds)
    out: dict[str, Any] = {}
    for i, a in enumerate(SPAN_ATTRIBUTES):
        tp, n_pred, n_gold = _prf(attr == i, part[1] == i + 1)
        if n_gold or n_pred:
            out[a] = {"precision": round(tp / n_pred, 3) if n_pred else None,
                      "recall": round(tp / n_gold, 3) if n_gold else None, "gold_tokens": n_gold, "tagged_tokens": n_pred}
    tp, n_pred, n_gold = _prf(attr >= 0, part[1] > 0)
    spans = set(part[2][part[2] >= 0].tolist())
    hit = set(part[2][(part[2] >= 0) & (attr >= 0)].tolist())
    out["all"] = {"precision": round(tp / max(1, n_pred), 3), "recall": round(tp / max(1, n_gold), 3),
                  "gold_tokens": n_gold, "tagged_tokens": n_pred, "gold_spans": len(spans),
                  "span_recall": round(len(hit) / max(1, len(spans)), 3),
                  "tagged_share": round(n_pred / len(part[0]), 4)}
    return out


def train_spans(data: str | Path, out: str | Path, *, seed: int = 0, epochs: int = EPOCHS, templates: bool = True,
                beta: float = BETA, cache_dir: Path | None = Path(".cache/attacker"), log: Log | None = None) -> dict[str, Any]:
    """Train, choose the epoch and thresholds on val, write the weights and their record."""
    t0 = time.time()
    random.seed(seed)
    parts, split, extra = _datasets(data, seed, cache_dir, log, templates)
    train = parts["train"]
    if extra is not None:
        train = tuple(np.concatenate([train[j]] + [extra[j]] * TEMPLATE_REPEAT) for j in range(3))  # type: ignore[assignment]
    from lab.training.fast_attacker.train import _licence, corpus

    source = corpus(data, seed)[2]
    weights, fit = _fit(train, parts["val"], seed, epochs, log)
    weights.meta["thresholds"] = _thresholds(weights, parts["val"], beta)
    weights.check()
    meta: dict[str, Any] = {
        "version": f"{source['name']}-spans-minilm-{ENCODER}-seed{seed}",
        "encoder": ENCODER,
        "data": (f"{source['source']}: token labels = where a speaker's turn repeats a phrase their persona "
                 "states (persona_chat.persona_spans), train speakers only" if source["name"] == "persona-chat" else
                 f"SynthPAI profiles ({data_file(data)}): token labels = gold spans of "
                 "lab.eval.datasets.synthpai_surface_forms (inferable attributes), train authors only")
                + (f"; plus template sentences with {int(np.sum(extra[1] > 0))} labelled tokens, sentences with "
                   f"no attribute as negatives: {len(extra[1])} tokens "
                   "(spans_templates.py)" if extra is not None else ""),
        "licence": _licence(source, extra is not None),
        "split": f"the fast attacker's split by {source['unit']}: "
                 + ", ".join(f"{k} {len(v)}" for k, v in split.items())
                 + " authors; val chooses the epoch and the thresholds, nothing is tuned on dev or test",
        "split_seed": seed,
        "seed": seed,
        "model": f"frozen all-MiniLM-L6-v2 token states -> relu(384->{SPAN_HIDDEN}) -> softmax over none + "
                 f"{len(SPAN_ATTRIBUTES)} attributes (spans.py)",
        "attributes": list(SPAN_ATTRIBUTES),
        "hyper": {"epochs": epochs, "batch": BATCH, "lr": LR, "weight_decay": WEIGHT_DECAY, "dropout": DROPOUT,
                  "positive_weight": POSITIVE_WEIGHT, "beta": beta, "templates": templates},
        "fit": fit,
        "thresholds": weights.meta["thresholds"],
        "tokens": {k: {"tokens": int(len(v[1])), "gold_tokens": int(np.sum(v[1] > 0))} for k, v in parts.items()},
        "command": f"guardian-lab attacker train-spans --data {data} --seed {seed} --epochs {epochs} --beta {beta:g}"
                   + ("" if templates else " --no-templates"),
    }
    weights.meta = meta
    meta["metrics"] = {k: metrics(weights, v) for k, v in parts.items()}
    meta["train_seconds"] = round(time.time() - t0, 1)
    weights.save(out)
    return meta


def evaluate_spans(data: str | Path, weights: SpanWeights, *, seed: int | None = None,
                   cache_dir: Path | None = Path(".cache/attacker")) -> dict[str, Any]:
    """Metrics of every split under the weights' thresholds."""
    parts, _, _ = _datasets(data, int(weights.meta.get("split_seed", 0) if seed is None else seed), cache_dir, None, False)
    return {k: metrics(weights, v) for k, v in parts.items()}
