"""Train and evaluate the prose tagger (prose_tagger.py): `guardian-lab detect train-tagger|eval-tagger`.

1. Data: template texts (templates.py: chat prompts about public things with nothing tagged,
   prompts with the writer's own details, notes about contacts and customers, letters) and TAB's
   train documents cut into paragraphs (data.py: DIRECT/QUASI mentions positive, NO_MASK
   negative). Nothing else: TAB dev, the PII-Masking sample and the prompt sets are benchmark
   data only (lab/bench/prose_tagger_bench.py).
2. Split: val = the template frames held out by templates.split_frames (whole sentences the head
   never saw) plus TAB_VAL_DOCS TAB train documents held out by document, both seeded. Val is the
   only split anything is chosen on: the epoch (lowest val loss) and per class the word threshold
   that maximises F-beta on the val words.
3. States: MiniLM token states of the encoder variant and depth the tagger runs with (cached
   under .cache/prose_tagger/, keyed by texts, variant and depth); labels per token from the gold
   span it overlaps. The head is trained with torch (one thread), its arrays written as numpy.
4. Record (JSON beside the npz): data, split, seed, hyper-parameters, val loss history,
   thresholds, and word- and span-level metrics per class on train and val.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from guardian.detect.prose_tagger import (
    CONTEXT, DIM, FEATURES, HIDDEN, LABELS, ProseEncoder, ProseWeights, TokenStates, decode, head_probs,
    token_features, word_probs,
)
from lab.training.detect.data import IGNORE, NONE, split_docs, tab_file, tab_paragraphs
from lab.training.detect.templates import template_examples

# What the tagger is trained on permits commercial use (LICENSES.md; guardian/weights.py reads this record).
LICENCE = {
    "data": [
        {
            "source": "template sentences written for the project (lab/training/detect/)",
            "licence": "Apache-2.0"
        },
        {
            "source": "TAB train documents (NorskRegnesentral/text-anonymization-benchmark)",
            "licence": "MIT"
        }
    ],
    "clean": True
}

__all__ = ["train_tagger", "evaluate_tagger", "EPOCHS", "LAYERS", "TEMPLATES", "span_scores"]

EPOCHS = 12
LAYERS = 2  # MiniLM layers the states are read after: 2 of 6 (speed; see the record and docs/detection.md)
ENCODER = "int8"  # the variant the proxy runs: the head is trained on its states
TEMPLATES = 12_000  # train texts from the train frames
VAL_TEMPLATES = 2_000  # val texts from the held-out frames
BATCH = 512
LR = 2e-3
WEIGHT_DECAY = 1e-2
DROPOUT_IN = 0.2  # on the token states: the templates repeat frames, the head must not memorise them
DROPOUT = 0.3
POSITIVE_WEIGHT = 2.0  # loss weight of a token inside a private span (none: 1)
TAB_WEIGHT = 2.0  # loss weight of a TAB token: real text, fewer of them than template tokens
BETA = 1.0  # F-beta of the per-class threshold choice on val words
# Word thresholds tried: from 0.5, where the class is at least as likely as all others together.
# Val is template text where names are easy, so lower ones win there and fail on real prompts.
GRID = tuple(round(0.5 + 0.05 * i, 2) for i in range(9))  # 0.50 .. 0.90
MIN_COVER = 0.5  # the benchmark's overlap rule (lab/bench/detect_bench.py)
PUBLIC_SOURCES = frozenset({"template", "prompt"})  # sources whose texts without a private span are public
Log = Callable[[str], None]
Example = tuple[str, list[tuple[int, int, str]]]


@dataclass
class Part:
    """Token rows of a split: inputs (n, DIM+F), labels (n,), neighbours, and per text its rows."""

    x: np.ndarray
    y: np.ndarray
    weight: np.ndarray
    prev: np.ndarray
    next: np.ndarray
    rows: list[tuple[int, int]]
    texts: list[Example]
    offsets: list[np.ndarray]
    source: list[str]


# -- data ------------------------------------------------------------------------------------


def datasets(data: str | Path, seed: int, templates: int = TEMPLATES,
             val_templates: int = VAL_TEMPLATES) -> dict[str, list[tuple[str, Example]]]:
    """{"train"|"val": [(source, (text, spans))]}, source "template" or "tab"."""
    paras = tab_paragraphs(tab_file(data))
    train_docs, val_docs = split_docs(list(paras), seed)
    out: dict[str, list[tuple[str, Example]]] = {"train": [], "val": []}
    out["train"] += [("template", e) for e in template_examples("train", seed, templates)]
    out["val"] += [("template", e) for e in template_examples("val", seed, val_templates)]
    out["train"] += [("tab", p) for d in train_docs for p in paras[d]]
    out["val"] += [("tab", p) for d in val_docs for p in paras[d]]
    return out


def _key(texts: Sequence[str], variant: str, layers: int) -> str:
    h = hashlib.sha1(f"{variant}:{layers}:{len(texts)}".encode())
    for t in texts:
        h.update(t.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()[:20]


def encode_cached(texts: Sequence[str], variant: str, layers: int, cache_dir: Path | None,
                  log: Log | None = None, batch: int = 32) -> list[TokenStates]:
    """Token states of `texts` (batched by length), read from / written to the cache."""
    path = cache_dir / f"states-{_key(texts, variant, layers)}.npz" if cache_dir else None
    if path is not None and path.exists():
        with np.load(path) as z:
            states, offsets, lengths = z["states"].astype(np.float32), z["offsets"], z["lengths"]
        bounds = np.concatenate([[0], np.cumsum(lengths)])
        return [TokenStates(states[a:b], offsets[a:b]) for a, b in zip(bounds[:-1], bounds[1:])]
    enc = ProseEncoder(variant, layers)
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    out: list[TokenStates | None] = [None] * len(texts)
    t0 = time.time()
    for n, i in enumerate(range(0, len(order), batch)):
        idx = order[i : i + batch]
        for j, st in zip(idx, enc.encode([texts[j] for j in idx])):
            out[j] = st
        if log and n % 50 == 0:
            log(f"encoded {i + len(idx)}/{len(texts)} texts ({time.time() - t0:.0f} s)")
    done = [s for s in out if s is not None]
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez(path, states=np.concatenate([s.states for s in done]).astype(np.float16),
                 offsets=np.concatenate([s.offsets for s in done]),
                 lengths=np.array([len(s.states) for s in done]))
    return done


def token_labels(offsets: np.ndarray, spans: Sequence[tuple[int, int, str]], labels: Sequence[str] = LABELS) -> np.ndarray:
    """Per token: -1 (left out of the loss), 0 (none) or 1 + the index of its class in `labels`;
    a span labelled NONE marks tokens none explicitly (a public value the head must leave)."""
    y = np.zeros(len(offsets), np.int64)
    for s, e, c in spans:
        inside = (offsets[:, 0] < e) & (offsets[:, 1] > s) & (offsets[:, 1] > offsets[:, 0])
        y[inside] = -1 if c == IGNORE else 0 if c == NONE else labels.index(c) + 1
    return y


def assemble(items: Sequence[tuple[str, Example]], states: Sequence[TokenStates], labels: Sequence[str] = LABELS,
             weight_of: Callable[[str, np.ndarray, Sequence[tuple[int, int, str]]], np.ndarray] | None = None) -> Part:
    """Token rows of a split; `weight_of(source, offsets, spans)`: the tokens' loss weights (default:
    1, TAB_WEIGHT for TAB's)."""
    xs, ys, ws, prev, nxt, rows, offs = [], [], [], [], [], [], []
    n = 0
    for (source, (text, spans)), st in zip(items, states):
        m = len(st.states)
        feats = token_features(text, st.offsets)
        xs.append(np.concatenate([st.states.astype(np.float32), feats], axis=1))
        ys.append(token_labels(st.offsets, spans, labels))
        ws.append(weight_of(source, st.offsets, spans) if weight_of is not None
                  else np.full(m, TAB_WEIGHT if source == "tab" else 1.0, np.float32))
        idx = np.arange(n, n + m)
        prev.append(np.where(idx > n, idx - 1, -1))
        nxt.append(np.where(idx < n + m - 1, idx + 1, -1))
        rows.append((n, n + m))
        offs.append(st.offsets)
        n += m
    x = np.concatenate(xs) if xs else np.zeros((0, DIM + FEATURES), np.float32)
    total = len(x)
    fix = lambda a: np.where(a < 0, total, a)  # row `total` is the zero row beyond the ends
    return Part(x, np.concatenate(ys), np.concatenate(ws), fix(np.concatenate(prev)), fix(np.concatenate(nxt)),
                rows, [e for _, e in items], offs, [s for s, _ in items])


# -- fitting ---------------------------------------------------------------------------------


def around(part: Part, context: int) -> np.ndarray:
    """(n, 2*context+1) row indices of each token's window within its text; the zero row
    (index n) beyond the text's ends."""
    n = len(part.x)
    out = np.full((n, 2 * context + 1), n, np.int64)
    for a, b in part.rows:
        for j, k in enumerate(range(-context, context + 1)):
            src = np.arange(a, b) + k
            ok = (src >= a) & (src < b)
            out[a:b, j] = np.where(ok, src, n)
    return out


def _fit(train: Part, val: Part, seed: int, epochs: int, log: Log | None,
         labels: Sequence[str] = LABELS, context: int = CONTEXT) -> tuple[ProseWeights, dict[str, Any]]:
    import torch

    torch.manual_seed(seed)
    nn = torch.nn
    k = 1 + len(labels)
    d = DIM + FEATURES
    width = 2 * context + 1
    train_around, val_around = around(train, context), around(val, context)

    class Head(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.drop_in = nn.Dropout(DROPOUT_IN)
            self.lin1 = nn.Linear(width * d, HIDDEN)
            self.drop = nn.Dropout(DROPOUT)
            self.lin2 = nn.Linear(HIDDEN, k)

        def forward(self, x: Any) -> Any:
            return self.lin2(self.drop(torch.relu(self.lin1(self.drop_in(x)))))

    def table(part: Part) -> Any:
        return torch.from_numpy(np.concatenate([part.x, np.zeros((1, d), np.float32)]))

    def windows(tab: Any, part: Part, idx: np.ndarray) -> Any:
        rows = torch.from_numpy((train_around if part is train else val_around)[idx])  # (b, width)
        return tab[rows].reshape(len(idx), width * d)

    model = Head()
    opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=WEIGHT_DECAY)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=epochs)
    cw = torch.full((k,), POSITIVE_WEIGHT)
    cw[0] = 1.0
    tx, vx = table(train), table(val)
    ty, vy = torch.from_numpy(train.y), torch.from_numpy(val.y)
    tw, vw = torch.from_numpy(train.weight), torch.from_numpy(val.weight)
    keep = np.flatnonzero(train.y >= 0)
    vkeep = np.flatnonzero(val.y >= 0)
    rng = np.random.default_rng(seed)

    def loss_of(logits: Any, y: Any, w: Any) -> Any:
        per = nn.functional.cross_entropy(logits, y, weight=cw, reduction="none")
        return (per * w).sum() / (cw[y] * w).sum()

    best: tuple[float, int, dict[str, np.ndarray]] | None = None
    history = []
    for epoch in range(1, epochs + 1):
        model.train()
        order = keep[rng.permutation(len(keep))]
        for i in range(0, len(order), BATCH):
            idx = order[i : i + BATCH]
            loss = loss_of(model(windows(tx, train, idx)), ty[idx], tw[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        sched.step()
        model.eval()
        with torch.no_grad():
            vloss = float(sum(loss_of(model(windows(vx, val, vkeep[i : i + 8192])), vy[vkeep[i : i + 8192]],
                                      vw[vkeep[i : i + 8192]]) * len(vkeep[i : i + 8192])
                              for i in range(0, len(vkeep), 8192)) / max(1, len(vkeep)))
        history.append(round(vloss, 5))
        if log:
            log(f"epoch {epoch}: val loss {vloss:.4f}")
        if best is None or vloss < best[0]:
            best = (vloss, epoch, {"W1": model.lin1.weight.detach().numpy().T.copy(),
                                   "b1": model.lin1.bias.detach().numpy().copy(),
                                   "W2": model.lin2.weight.detach().numpy().T.copy(),
                                   "b2": model.lin2.bias.detach().numpy().copy()})
    assert best is not None
    return ProseWeights(best[2], {"labels": list(labels), "context": context}), {"best_epoch": best[1], "val_loss": round(best[0], 5), "val_loss_history": history}


# -- evaluation ------------------------------------------------------------------------------


def _word_gold(words: Sequence[tuple[int, int]], spans: Sequence[tuple[int, int, str]],
               labels: Sequence[str] = LABELS) -> np.ndarray:
    """Per word: -1 (inside an IGNORE span), 0 or 1 + class index of the gold span it overlaps."""
    g = np.zeros(len(words), np.int64)
    for j, (a, b) in enumerate(words):
        for s, e, c in spans:
            if a < e and b > s:
                g[j] = -1 if c == IGNORE else 0 if c == NONE else labels.index(c) + 1
                break
    return g


def word_table(weights: ProseWeights, part: Part) -> list[tuple[list[tuple[int, int]], np.ndarray, np.ndarray]]:
    """Per text: (words, word probabilities, word gold)."""
    out = []
    for (a, b), (text, spans), offs in zip(part.rows, part.texts, part.offsets):
        probs = head_probs(weights, part.x[a:b, :DIM], part.x[a:b, DIM:])
        words, wp = word_probs(text, offs, probs)
        out.append((words, wp, _word_gold(words, spans, weights.labels)))
    return out


def choose_thresholds(table: list[tuple[list[tuple[int, int]], np.ndarray, np.ndarray]],
                      beta: float = BETA, labels: Sequence[str] = LABELS) -> dict[str, float]:
    """Per class, the word threshold with the best F-beta on `table` (the val words)."""
    wp = np.concatenate([t[1] for t in table])
    gold = np.concatenate([t[2] for t in table])
    ok = gold >= 0
    wp, gold = wp[ok], gold[ok]
    best = np.argmax(wp[:, 1:], axis=1)
    out: dict[str, float] = {}
    for i, c in enumerate(labels):
        g = gold == i + 1
        scores = []
        for thr in GRID:
            pred = (best == i) & (wp[:, i + 1] >= thr)
            tp = int(np.sum(pred & g))
            p, r = tp / max(1, int(pred.sum())), tp / max(1, int(g.sum()))
            scores.append(((1 + beta**2) * p * r / max(1e-9, beta**2 * p + r), thr))
        out[c] = max(scores)[1]
    return out


def _cover(span: tuple[int, int], others: Sequence[tuple[int, int]]) -> float:
    s, e = span
    marks = np.zeros(max(0, e - s), bool)
    for a, b in others:
        if a < e and b > s:
            marks[max(a, s) - s : min(b, e) - s] = True
    return float(marks.mean()) if len(marks) else 0.0


def span_scores(pairs: Sequence[tuple[Sequence[tuple[int, int, str]], Sequence[tuple[int, int, str]]]],
                labels: Sequence[str] = LABELS) -> dict[str, Any]:
    """Span recall / precision per class and in all (the benchmark's overlap rule, category-blind
    for "all"), from (gold spans, predicted spans) per text; IGNORE gold spans left out."""
    out: dict[str, Any] = {}
    for c in (*labels, "all"):
        gold_n = hit = pred_n = correct = 0
        for gold, pred in pairs:
            g = [(s, e) for s, e, k in gold if k not in (IGNORE, NONE) and (c == "all" or k == c)]
            p = [(s, e) for s, e, k in pred if c == "all" or k == c]
            every_g = [(s, e) for s, e, k in gold if k != NONE]
            every_p = [(s, e) for s, e, _ in pred]
            gold_n += len(g)
            hit += sum(_cover(x, every_p) >= MIN_COVER for x in g)
            pred_n += len(p)
            correct += sum(_cover(x, every_g) >= MIN_COVER for x in p)
        out[c] = {"gold": gold_n, "recall": round(hit / gold_n, 3) if gold_n else None,
                  "pred": pred_n, "precision": round(correct / pred_n, 3) if pred_n else None}
    return out


def metrics(weights: ProseWeights, part: Part) -> dict[str, Any]:
    """Word precision / recall per class; span scores per source; the share of texts with no
    private span (public prompts) in which something is tagged."""
    table = word_table(weights, part)
    thr, labels = weights.thresholds, weights.labels
    out: dict[str, Any] = {"words": {}}
    wp = np.concatenate([t[1] for t in table])
    gold = np.concatenate([t[2] for t in table])
    best = np.argmax(wp[:, 1:], axis=1)
    score = wp[np.arange(len(wp)), best + 1]
    tagged = score >= np.array([thr[c] for c in labels])[best]
    for i, c in enumerate(labels):
        pred = tagged & (best == i) & (gold >= 0)
        g = gold == i + 1
        tp = int(np.sum(pred & g))
        out["words"][c] = {"gold": int(g.sum()), "tagged": int(pred.sum()),
                           "precision": round(tp / max(1, int(pred.sum())), 3), "recall": round(tp / max(1, int(g.sum())), 3)}
    by_source: dict[str, list[Any]] = {}
    clean = clean_tagged = 0
    for (words, wprobs, _), (text, spans), source in zip(table, part.texts, part.source):
        pred = [(e.start, e.end, e.label) for e in decode(text, words, wprobs, thr, labels)]
        by_source.setdefault(source, []).append((spans, pred))
        if source in PUBLIC_SOURCES and not [x for x in spans if x[2] != NONE]:
            clean += 1
            clean_tagged += bool(pred)
    out["spans"] = {s: span_scores(v, labels) for s, v in by_source.items()}
    out["public_texts"] = {"texts": clean, "with_a_tag": clean_tagged,
                           "share_tagged": round(clean_tagged / clean, 3) if clean else None}
    return out


# -- the command -----------------------------------------------------------------------------


def _parts(data: str | Path, seed: int, variant: str, layers: int, templates: int, cache_dir: Path | None,
           log: Log | None) -> dict[str, Part]:
    sets = datasets(data, seed, templates)
    out = {}
    for name, items in sets.items():
        states = encode_cached([t for _, (t, _) in items], variant, layers, cache_dir, log)
        out[name] = assemble(items, states)
        if log:
            log(f"{name}: {len(items)} texts, {len(out[name].y)} tokens")
    return out


def train_tagger(data: str | Path, out: str | Path, *, seed: int = 0, epochs: int = EPOCHS, layers: int = LAYERS,
                 variant: str = ENCODER, templates: int = TEMPLATES, beta: float = BETA,
                 cache_dir: Path | None = Path(".cache/prose_tagger"), log: Log | None = None) -> dict[str, Any]:
    """Train, choose the epoch and thresholds on val, write the weights and their record."""
    t0 = time.time()
    parts = _parts(data, seed, variant, layers, templates, cache_dir, log)
    encode_s = time.time() - t0
    weights, fit = _fit(parts["train"], parts["val"], seed, epochs, log)
    weights.meta = {"layers": layers, "encoder": variant, "labels": list(LABELS)}
    weights.meta["thresholds"] = choose_thresholds(word_table(weights, parts["val"]), beta)
    weights.check()
    meta: dict[str, Any] = {
        "version": f"prose-tagger-minilm-{variant}-L{layers}-seed{seed}",
        "encoder": variant,
        "layers": layers,
        "labels": list(LABELS),
        "model": f"frozen all-MiniLM-L6-v2 token states after {layers} layers ({variant}) + {FEATURES} casing "
                 f"features, a window of {2 * CONTEXT + 1} tokens -> relu({2 * CONTEXT + 1}x{DIM + FEATURES}->{HIDDEN}) "
                 f"-> softmax over none + {len(LABELS)} classes (guardian/detect/prose_tagger.py)",
        "data": f"{templates} template texts from the train frames (lab/training/detect/templates.py, frames.py, "
                f"lexicon.py: public questions untagged, the writer's and private people's details tagged) and TAB's "
                f"train documents ({tab_file(data)}: DIRECT/QUASI person, place, organisation, date mentions positive, "
                "NO_MASK negative, other DIRECT/QUASI types left out of the loss), cut into paragraphs",
        "split": f"val = {VAL_TEMPLATES} texts from template frames held out per group (templates.split_frames, "
                 f"{int(100 * 0.2)}%) + {len([s for s in parts['val'].source if s == 'tab'])} paragraphs of the TAB train "
                 "documents held out by document (data.split_docs); val chooses the epoch and the thresholds; "
                 "TAB dev, PII-Masking and the prompt sets are never read",
        "seed": seed,
        "hyper": {"epochs": epochs, "batch": BATCH, "lr": LR, "weight_decay": WEIGHT_DECAY, "dropout_in": DROPOUT_IN,
                  "dropout": DROPOUT, "positive_weight": POSITIVE_WEIGHT, "tab_weight": TAB_WEIGHT, "beta": beta,
                  "hidden": HIDDEN, "context": CONTEXT, "templates": templates, "val_templates": VAL_TEMPLATES},
        "fit": fit,
        "thresholds": weights.meta["thresholds"],
        "tokens": {k: {"texts": len(v.rows), "tokens": int(len(v.y)), "private_tokens": int(np.sum(v.y > 0))}
                   for k, v in parts.items()},
        "command": f"guardian-lab detect train-tagger --data {data} --out {out} --seed {seed} --epochs {epochs} "
                   f"--layers {layers}",
        "licence": LICENCE,
    }
    weights.meta = meta
    meta["metrics"] = {k: metrics(weights, v) for k, v in parts.items()}
    meta["encode_seconds"] = round(encode_s, 1)
    meta["train_seconds"] = round(time.time() - t0, 1)
    weights.save(out)
    return meta


def evaluate_tagger(data: str | Path, weights: ProseWeights, *, seed: int | None = None,
                    cache_dir: Path | None = Path(".cache/prose_tagger")) -> dict[str, Any]:
    """Metrics of train and val under the weights' thresholds."""
    hyper = weights.meta.get("hyper", {})
    parts = _parts(data, int(weights.meta.get("seed", 0) if seed is None else seed), weights.variant, weights.layers,
                   int(hyper.get("templates", TEMPLATES)), cache_dir, None)
    return {k: metrics(weights, v) for k, v in parts.items()}


def _json(meta: dict[str, Any]) -> str:
    return json.dumps(meta, indent=2, ensure_ascii=False)
