"""Train and evaluate the fast attacker on SynthPAI (the `guardian-lab attacker train|eval` commands).

1. Token states of every comment are computed once with the frozen MiniLM (cached on disk).
2. The heads (model.py) are trained with torch on bags: a bag is 1..MAX_BAG comments of one
   train author, its tokens pooled together, its targets the author's buckets (multiple-instance
   learning: most comments reveal nothing, the attention learns which words do). A share of the
   bags also holds one template sentence stating an attribute plainly (templates.py).
3. The latest checkpoint within 3% of the lowest val loss is kept, a temperature per attribute is fitted on
   the val authors (NLL, grid search), and a guess threshold per attribute is chosen on them
   (the lowest confidence at which val guesses are right PRECISION_TARGET of the time). Val
   authors are the only ones anything is tuned on.
4. Metrics per split and attribute: on messages (an author's comments in order, cut into chunks
   of about 100 words: what the request path sees) and on profiles (all of an author's comments).
"""

from __future__ import annotations

import hashlib
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from guardian.anonymize.fast_attacker.labels import ATTRIBUTES, CLASSES
from guardian.anonymize.fast_attacker.model import DIM, HIDDEN, AttackerWeights, forward
from lab.training.fast_attacker.data import SPLITS, Author, data_file, load_authors, split_authors
from lab.training.fast_attacker.templates import TEMPLATE_SHARE

__all__ = ["train", "evaluate", "STEPS", "BATCH", "MAX_BAG", "MESSAGE_WORDS"]

STEPS = 2000
ENCODER = "int8"  # the token encoder variant trained on and shipped (encoder.VARIANTS)
EVAL_EVERY = 100  # val loss checked this often (early stopping on val)
VAL_TOLERANCE = 0.03  # keep the latest checkpoint within 3% of the best val loss
BATCH = 32
MAX_BAG = 8  # comments per training bag (median comment: 10 words)
MAX_BAG_TOKENS = 320
LR = 1e-3
WEIGHT_DECAY = 1e-2
DROPOUT = 0.3
TOKEN_DROP = 0.15  # share of a training bag's tokens dropped (the model must not lean on one word)
MESSAGE_WORDS = 100  # eval messages: consecutive comments up to about this many words
TAU_G = 0.6  # as escalation.TAU_G: a guess at least this confident escalates
PRECISION_TARGET = 0.7  # a guess the attacker makes should be right at least this often (val)
MIN_GUESSES = 5  # fewer val guesses than this say nothing about precision
THRESHOLDS = tuple(round(0.4 + 0.05 * i, 2) for i in range(12))  # 0.40 .. 0.95
NEVER = 1.01  # the threshold of an attribute the attacker never guesses
DEFAULT_THRESHOLD = 0.5  # an attribute val cannot judge (fewer than MIN_GUESSES guesses at 0.4)
NEGATIVE_SHARE = 0.25  # share of training bags drawn from the negatives (text saying nothing of its writer)
NEGATIVE_WEIGHT = 0.5  # weight of their pull towards a flat distribution, per attribute
NEGATIVE_GUESS_RATE = 0.02  # at most this share of held-out negative texts may draw a guess
UNLABELLED_GUESS_RATE = 0.05  # persona corpus: val messages of writers whose persona says nothing of it
NEGATIVE_UNIT = 5  # negative questions joined into one text (as long as a short message)
MAX_CLASS_WEIGHT = 10.0  # a class seen a few times must not dominate the loss
TEMPERATURES = tuple(round(0.5 + 0.1 * i, 1) for i in range(46))  # 0.5 .. 5.0
Log = Callable[[str], None]


def _states(authors: Sequence[Author], cache_dir: Path | None, log: Log | None,
            variant: str = ENCODER) -> dict[str, list[np.ndarray]]:
    """author -> token states per comment (float16), computed once and cached."""
    texts = [c for a in authors for c in a.comments]
    key = hashlib.sha256("\x00".join(texts).encode()).hexdigest()[:16]
    tag = "" if variant == "fp32" else f"{variant}-"
    path = cache_dir / f"states-{tag}{key}.npz" if cache_dir else None
    if path is not None and path.exists():
        z = np.load(path)
        flat, bounds = z["flat"], z["bounds"]
    else:
        from guardian.anonymize.fast_attacker.encoder import TokenEncoder

        enc = TokenEncoder(variant)
        chunks: list[np.ndarray] = []
        t0 = time.time()
        for i in range(0, len(texts), 64):
            chunks.extend(s.states.astype(np.float16) for s in enc.encode(list(texts[i : i + 64])))
            if log and i % 1024 == 0:
                log(f"encoded {i}/{len(texts)} comments, {time.time() - t0:.0f}s")
        bounds = np.cumsum([0] + [len(c) for c in chunks])
        flat = np.concatenate(chunks)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            np.savez(path, flat=flat, bounds=bounds)
    per = [flat[bounds[i] : bounds[i + 1]] for i in range(len(texts))]
    out: dict[str, list[np.ndarray]] = {}
    pos = 0
    for a in authors:
        out[a.author] = per[pos : pos + len(a.comments)]
        pos += len(a.comments)
    return out


def _template_states(seed: int, cache_dir: Path | None, log: Log | None) -> list[tuple[np.ndarray, dict[str, int]]]:
    """The template sentences (templates.py) with their token states and targets."""
    from lab.training.fast_attacker.templates import template_examples

    examples = template_examples(seed)
    fake = [Author(f"template{i}", (text,), targets) for i, (text, targets) in enumerate(examples)]
    states = _states(fake, cache_dir, log)
    return [(states[a.author][0], a.targets) for a in fake if len(states[a.author][0])]


def _messages(author: Author, states: list[np.ndarray]) -> list[np.ndarray]:
    """The author's comments in order, cut into chunks of about MESSAGE_WORDS words."""
    out: list[np.ndarray] = []
    cur: list[np.ndarray] = []
    words = 0
    for text, st in zip(author.comments, states):
        cur.append(st)
        words += len(text.split())
        if words >= MESSAGE_WORDS:
            out.append(np.concatenate(cur))
            cur, words = [], 0
    if cur:
        out.append(np.concatenate(cur))
    return [m for m in out if len(m)]


def _torch_heads(torch: Any, seed: int) -> Any:
    nn = torch.nn
    torch.manual_seed(seed)

    class Heads(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.proj = nn.Linear(DIM, HIDDEN)
            self.drop = nn.Dropout(DROPOUT)
            self.att = nn.ModuleDict({a: nn.Linear(HIDDEN, 1) for a in ATTRIBUTES})
            self.cls = nn.ModuleDict({a: nn.Linear(HIDDEN, len(CLASSES[a])) for a in ATTRIBUTES})

        def forward(self, x: Any, mask: Any) -> dict[str, Any]:
            g = self.drop(torch.relu(self.proj(x)))  # (B, n, H)
            out = {}
            for a in ATTRIBUTES:
                s = self.att[a](g).squeeze(-1).masked_fill(~mask, -1e9)
                w = torch.softmax(s, dim=1)
                out[a] = (w.unsqueeze(-1) * self.cls[a](g)).sum(1)
            return out

    return Heads()


def _bag(rng: random.Random, states: list[np.ndarray]) -> np.ndarray:
    k = rng.randint(1, min(MAX_BAG, len(states)))
    start = rng.randrange(0, len(states) - k + 1)  # consecutive comments, as in a real message
    bag = np.concatenate(states[start : start + k])
    if len(bag) > MAX_BAG_TOKENS:
        off = rng.randrange(0, len(bag) - MAX_BAG_TOKENS + 1)
        bag = bag[off : off + MAX_BAG_TOKENS]
    keep = [i for i in range(len(bag)) if rng.random() >= TOKEN_DROP]
    return bag[keep] if keep else bag


def _val_loss(torch: Any, model: Any, units: list[np.ndarray], owners: list[Author]) -> float:
    """Mean cross-entropy over attributes and the val authors' messages (eval mode)."""
    model.eval()
    total, count = 0.0, 0
    with torch.no_grad():
        for u, o in zip(units, owners):
            logits = model(torch.from_numpy(u.astype(np.float32))[None], torch.ones((1, len(u)), dtype=torch.bool))
            for a in ATTRIBUTES:
                if o.targets[a] >= 0:
                    total += float(torch.nn.functional.cross_entropy(logits[a], torch.tensor([o.targets[a]])))
                    count += 1
    model.train()
    return total / max(1, count)


def _class_weights(authors: list[Author]) -> dict[str, list[float]]:
    """Per attribute, inverse class frequency among `authors` (mean 1, capped at MAX_CLASS_WEIGHT):
    without it a persona corpus's majority (most speakers live in the US) becomes a confident guess
    on text that says nothing."""
    out: dict[str, list[float]] = {}
    for a in ATTRIBUTES:
        counts = np.array([sum(1 for x in authors if x.targets[a] == k) for k in range(len(CLASSES[a]))], np.float64)
        seen = counts > 0
        w = np.zeros(len(counts))
        w[seen] = counts[seen].sum() / (seen.sum() * counts[seen])
        out[a] = np.minimum(np.where(seen, w, 1.0), MAX_CLASS_WEIGHT).tolist()
    return out


def _fit(authors: list[Author], states: dict[str, list[np.ndarray]], seed: int, steps: int, log: Log | None,
         val: list[Author] | None = None, templates: list[tuple[np.ndarray, dict[str, int]]] | None = None,
         balance: bool = False, negatives: list[np.ndarray] | None = None) -> AttackerWeights:
    """Train; with `val`, keep the checkpoint (every EVAL_EVERY steps) with the lowest val loss;
    with `balance`, each attribute's classes weigh by their inverse frequency; with `negatives`
    (token states of text that says nothing of its writer), NEGATIVE_SHARE of the bags are drawn
    from them and pulled towards a flat distribution (nothing to guess)."""
    import copy

    import torch

    torch.set_num_threads(1)
    rng = random.Random(seed)
    model = _torch_heads(torch, seed)
    opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=WEIGHT_DECAY)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 100) * max(0.05, 1 - s / steps))
    pool = [a for a in authors if states[a.author] and any(t >= 0 for t in a.targets.values())]
    class_w = _class_weights(pool) if balance else {}
    loss_fns = {a: torch.nn.CrossEntropyLoss(ignore_index=-1, weight=torch.tensor(class_w[a], dtype=torch.float32)
                                             if balance else None) for a in ATTRIBUTES}
    total = 0.0
    val_units, val_owners = _units(val or [], states, "messages")
    best: tuple[float, int, dict[str, Any] | None] = (float("inf"), 0, None)
    best_loss = float("inf")
    for step in range(steps):
        chosen = [rng.choice(pool) for _ in range(BATCH)]
        bags = [_bag(rng, states[a.author]) for a in chosen]
        targets = [dict(a.targets) for a in chosen]
        flat = [bool(negatives) and rng.random() < NEGATIVE_SHARE for _ in range(BATCH)]
        for i in range(BATCH):
            if flat[i]:
                bags[i] = _bag(rng, negatives)  # type: ignore[arg-type]
                targets[i] = {a: -1 for a in ATTRIBUTES}
            elif templates and rng.random() < TEMPLATE_SHARE:
                # a plain statement inside the author's comments: its attribute's target wins
                sentence, stated = rng.choice(templates)
                cut = rng.randint(0, len(bags[i]))
                bags[i] = np.concatenate([bags[i][:cut], sentence, bags[i][cut:]])
                targets[i].update({a: t for a, t in stated.items() if t >= 0})
        n = max(len(b) for b in bags)
        x = np.zeros((BATCH, n, DIM), np.float32)
        mask = np.zeros((BATCH, n), bool)
        for i, b in enumerate(bags):
            x[i, : len(b)] = b
            mask[i, : len(b)] = True
        logits = model(torch.from_numpy(x), torch.from_numpy(mask))
        loss = sum(loss_fns[a](logits[a], torch.tensor([t[a] for t in targets])) for a in ATTRIBUTES
                   if any(t[a] >= 0 for t in targets))
        for a in ATTRIBUTES:
            # cross-entropy against the uniform distribution: text that says nothing of a suggests no class.
            # With `balance` (a persona corpus) that includes a speaker whose persona says nothing of a.
            rows = torch.tensor([f or (balance and t[a] < 0) for f, t in zip(flat, targets)])
            if bool(rows.any()):
                loss = loss + NEGATIVE_WEIGHT * -torch.log_softmax(logits[a][rows], dim=1).mean()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        sched.step()
        total += float(loss.detach())
        if (step + 1) % EVAL_EVERY == 0:
            vl = _val_loss(torch, model, val_units, val_owners) if val_units else float("nan")
            if val_units and vl < best_loss:
                best_loss = vl
            if val_units and vl <= best_loss * (1 + VAL_TOLERANCE):  # the latest near-best: more template signal
                best = (vl, step + 1, copy.deepcopy(model.state_dict()))
            if log:
                log(f"step {step + 1}/{steps} loss {total / EVAL_EVERY:.3f} val {vl:.3f}")
            total = 0.0
    if best[2] is not None:
        model.load_state_dict(best[2])
    model.eval()

    def arr(t: Any) -> np.ndarray:
        return t.detach().float().numpy().copy()

    arrays = {"W1": arr(model.proj.weight).T.copy(), "b1": arr(model.proj.bias)}
    for a in ATTRIBUTES:
        arrays[f"{a}.v"] = arr(model.att[a].weight)[0]
        arrays[f"{a}.c"] = np.float32(arr(model.att[a].bias)[0])
        arrays[f"{a}.U"] = arr(model.cls[a].weight).T.copy()
        arrays[f"{a}.u"] = arr(model.cls[a].bias)
        arrays[f"{a}.T"] = np.float32(1.0)
    return AttackerWeights({k: np.asarray(v, np.float32) for k, v in arrays.items()}, {"kept_step": best[1] or steps})


def _predict(weights: AttackerWeights, units: list[np.ndarray]) -> dict[str, np.ndarray]:
    """attribute -> (len(units), K) probabilities."""
    outs = [forward(weights, u.astype(np.float32)) for u in units]
    return {a: np.stack([o[a].probs for o in outs]) if outs else np.zeros((0, len(CLASSES[a]))) for a in ATTRIBUTES}


def _calibrate(weights: AttackerWeights, authors: list[Author], states: dict[str, list[np.ndarray]]) -> dict[str, float]:
    """T per attribute minimising the NLL of the val authors' messages."""
    units, owners = _units(authors, states, "messages")
    chosen: dict[str, float] = {}
    for a in ATTRIBUTES:
        y = np.array([o.targets[a] for o in owners])
        keep = y >= 0
        if keep.sum() == 0:
            chosen[a] = 1.0
            continue
        best = (float("inf"), 1.0)
        for t in TEMPERATURES:
            weights.arrays[f"{a}.T"] = np.float32(t)
            p = _predict(weights, [u for u, k in zip(units, keep) if k])[a]
            nll = float(-np.mean(np.log(p[np.arange(len(p)), y[keep]] + 1e-9)))
            best = min(best, (nll, t))
        chosen[a] = best[1]
        weights.arrays[f"{a}.T"] = np.float32(best[1])
    return chosen


def _thresholds(weights: AttackerWeights, authors: list[Author], states: dict[str, list[np.ndarray]],
                negatives: list[np.ndarray] | None = None, unlabelled_quiet: bool = False) -> dict[str, float]:
    """Per attribute, the lowest confidence t (THRESHOLDS grid) at which the val authors' message
    guesses (p >= t, top class not "other") are right at least PRECISION_TARGET of the time, with
    at least MIN_GUESSES guesses; NEVER when val has enough guesses but no t qualifies (the
    attribute is never guessed); DEFAULT_THRESHOLD when val has too few guesses to judge. With
    `negatives`, t must also keep guesses on them at most NEGATIVE_GUESS_RATE; with `unlabelled_quiet`
    (a persona corpus), on val messages whose writer's persona says nothing of the attribute at
    most UNLABELLED_GUESS_RATE."""
    units, owners = _units(authors, states, "messages")
    probs = _predict(weights, units)
    neg_probs = _predict(weights, negatives) if negatives else None
    unlabelled_rate = UNLABELLED_GUESS_RATE if unlabelled_quiet else None
    out: dict[str, float] = {}
    for a in ATTRIBUTES:
        y = np.array([o.targets[a] for o in owners])
        keep = y >= 0
        p, yk = probs[a][keep], y[keep]
        top, conf = p.argmax(1), p.max(1)
        other = CLASSES[a].index("other") if "other" in CLASSES[a] else -1

        def quiet(t: float, a: str = a, other: int = other) -> bool:
            """Guesses on the negatives (and unlabelled val messages) at t stay within their rates."""
            for q, rate in ((neg_probs[a] if neg_probs else None, NEGATIVE_GUESS_RATE),
                            (probs[a][~keep] if unlabelled_rate is not None and (~keep).any() else None, unlabelled_rate)):
                if q is not None and rate is not None and float(((q.max(1) >= t) & (q.argmax(1) != other)).mean()) > rate:
                    return False
            return True

        out[a] = DEFAULT_THRESHOLD  # too few val guesses to judge: the default
        for t in THRESHOLDS:
            guessed = (conf >= t) & (top != other)
            if guessed.sum() < MIN_GUESSES:
                break
            out[a] = NEVER  # enough guesses to judge, not precise (or quiet) enough (yet)
            if (top[guessed] == yk[guessed]).mean() >= PRECISION_TARGET and quiet(t):
                out[a] = t
                break
        if out[a] == DEFAULT_THRESHOLD and not quiet(DEFAULT_THRESHOLD):
            out[a] = next((t for t in THRESHOLDS if t > DEFAULT_THRESHOLD and quiet(t)), NEVER)
    return out


def _negative_states(paths: Sequence[Path], seed: int, cache_dir: Path | None,
                     log: Log | None) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """(train, held-out) token states of negative texts: JSONL files of {"text"} that say nothing
    of their writer (public questions), NEGATIVE_UNIT joined per text; held out by hash (20%)."""
    import json

    texts = [str(json.loads(line)["text"]) for path in paths for line in Path(path).read_text(encoding="utf-8").splitlines()
             if line.strip()]
    random.Random(seed).shuffle(texts)
    units = [" ".join(texts[i : i + NEGATIVE_UNIT]) for i in range(0, len(texts), NEGATIVE_UNIT)]
    fake = [Author(f"negative{i}", (u,), {a: -1 for a in ATTRIBUTES}) for i, u in enumerate(units)]
    states = _states(fake, cache_dir, log)
    train_part: list[np.ndarray] = []
    held: list[np.ndarray] = []
    for a in fake:
        st = states[a.author][0].astype(np.float32)
        (held if int(hashlib.sha256(a.comments[0].encode()).hexdigest(), 16) % 5 == 0 else train_part).append(st)
    return train_part, held


def _units(authors: list[Author], states: dict[str, list[np.ndarray]], unit: str) -> tuple[list[np.ndarray], list[Author]]:
    units: list[np.ndarray] = []
    owners: list[Author] = []
    for a in authors:
        if not states[a.author]:
            continue
        parts = _messages(a, states[a.author]) if unit == "messages" else [np.concatenate(states[a.author])]
        units.extend(parts)
        owners.extend([a] * len(parts))
    return units, owners


def _metrics(weights: AttackerWeights, authors: list[Author], states: dict[str, list[np.ndarray]],
             majority: dict[str, int]) -> dict[str, Any]:
    """Per unit (messages, profiles) and attribute: n, top-1 accuracy, majority baseline; for
    messages also the share guessed at >= tau_g ("other" never guessed) and their precision."""
    out: dict[str, Any] = {}
    for unit in ("messages", "profiles"):
        units, owners = _units(authors, states, unit)
        probs = _predict(weights, units)
        per: dict[str, Any] = {}
        for a in ATTRIBUTES:
            y = np.array([o.targets[a] for o in owners])
            keep = y >= 0
            if not keep.any():
                continue
            p = probs[a][keep]
            top = p.argmax(1)
            row: dict[str, Any] = {"n": int(keep.sum()), "accuracy": round(float((top == y[keep]).mean()), 3),
                                   "majority_baseline": round(float((y[keep] == majority[a]).mean()), 3)}
            if unit == "messages":
                other = CLASSES[a].index("other") if "other" in CLASSES[a] else -1
                guessed = (p.max(1) >= TAU_G) & (top != other)
                row["guess_rate"] = round(float(guessed.mean()), 3)
                row["guess_precision"] = round(float((top[guessed] == y[keep][guessed]).mean()), 3) if guessed.any() else None
                # what the shipped attacker does: guess at its threshold; escalate at tau_g as well
                t = float(weights.meta.get("thresholds", {}).get(a, TAU_G))
                made = (p.max(1) >= t) & (top != other)
                escalates = made & (p.max(1) >= TAU_G)
                row["attacker_guess_rate"] = round(float(made.mean()), 3)
                row["attacker_precision"] = round(float((top[made] == y[keep][made]).mean()), 3) if made.any() else None
                row["escalating_rate"] = round(float(escalates.mean()), 3)
            per[a] = row
        out[unit] = per
    return out


def corpus(data: str | Path, seed: int) -> tuple[list[Author], dict[str, list[Author]], dict[str, Any]]:
    """(authors, split, what the data is) of a Synthetic-Persona-Chat folder (the licence-clean source,
    split by conversation) or of SynthPAI (non-commercial, split by author)."""
    from lab.training.fast_attacker import persona_chat

    if persona_chat.is_persona_chat(data):
        authors = persona_chat.load_persona_authors(data)
        return authors, persona_chat.split_conversations(authors, seed), {
            "name": "persona-chat", "source": persona_chat.SOURCE, "licence": persona_chat.LICENCE, "clean": True,
            "unit": "conversation", "targets": "read from each speaker's persona statements (persona_chat.persona_labels)"}
    authors = load_authors(data)
    return authors, split_authors(authors, seed), {
        "name": "synthpai", "source": f"SynthPAI profiles ({data_file(data)}; eth-sri/SynthPAI)",
        "licence": "CC BY-NC-SA 4.0", "clean": False, "unit": "author",
        "targets": "ground-truth buckets where the human label is non-empty"}


def train(data: str | Path, out: str | Path, *, seed: int = 0, steps: int = STEPS, use_templates: bool = True,
          negatives: Sequence[Path] = (), cache_dir: Path | None = Path(".cache/attacker"), log: Log | None = None) -> dict[str, Any]:
    """Train on the train authors, calibrate on val, measure every split, write weights + record."""
    t0 = time.time()
    authors, split, source = corpus(data, seed)
    states = _states(authors, cache_dir, log)
    templates = _template_states(seed, cache_dir, log) if use_templates else None
    neg_train, neg_held = _negative_states(negatives, seed, cache_dir, log) if negatives else ([], [])
    weights = _fit(split["train"], states, seed, steps, log, val=split["val"], templates=templates,
                   balance=source["name"] == "persona-chat", negatives=neg_train or None)
    best_step = weights.meta.get("kept_step", steps)
    temperatures = _calibrate(weights, split["val"], states)
    thresholds = _thresholds(weights, split["val"], states, neg_held or None, unlabelled_quiet=source["name"] == "persona-chat")
    weights.meta = {"thresholds": thresholds}
    majority = _majority(split["train"])
    metrics = {name: _metrics(weights, split[name], states, majority) for name in SPLITS}
    weights.meta = {
        "version": f"{source['name']}-minilm-{ENCODER}-attn-seed{seed}",
        "encoder": ENCODER,
        "data": f"{source['source']}: {len(authors)} authors, {sum(len(a.comments) for a in authors)} comments; "
                f"targets = {source['targets']}" + ("; template sentences written for the project (templates.py)" if templates else ""),
        "licence": _licence(source, bool(templates)),
        "split": f"by {source['unit']}, shuffled with the seed: " + ", ".join(f"{k} {len(v)}" for k, v in split.items())
                 + " (val: checkpoint, temperatures, guess thresholds; nothing tuned on dev or test)",
        "split_seed": seed,
        "sizes": {k: {"authors": len(v), "comments": sum(len(a.comments) for a in v)} for k, v in split.items()},
        "model": f"frozen all-MiniLM-L6-v2 token states -> relu(384->{HIDDEN}) -> per attribute attention pooling "
                 "of per-token class logits (model.py)",
        "classes": {a: list(CLASSES[a]) for a in ATTRIBUTES},
        "majority_class": {a: CLASSES[a][k] for a, k in majority.items()},
        "training": {"steps": steps, "kept_step": best_step, "batch": BATCH, "max_bag_comments": MAX_BAG, "lr": LR, "dropout": DROPOUT,
                     "token_drop": TOKEN_DROP, "weight_decay": WEIGHT_DECAY,
                     "template_sentences": len(templates or []), "template_share": TEMPLATE_SHARE if templates else 0.0,
                     "class_weights": "inverse frequency" if source["name"] == "persona-chat" else "none"},
        "temperatures": temperatures,
        "thresholds": thresholds,
        "thresholds_rule": f"lowest confidence with val message precision >= {PRECISION_TARGET} ({MIN_GUESSES}+ guesses)"
                           + (f" and at most {NEGATIVE_GUESS_RATE:.0%} of held-out negative texts guessed" if neg_held else "")
                           + f"; {NEVER}: never guessed",
        "negatives": {"files": [Path(p).name for p in negatives], "train_texts": len(neg_train), "held_out_texts": len(neg_held),
                      "share": NEGATIVE_SHARE if neg_train else 0.0, "weight": NEGATIVE_WEIGHT} if negatives else None,
        "metrics": metrics,
        "command": f"guardian-lab attacker train --data {data} --seed {seed}" + "".join(f" --negatives {p}" for p in negatives),
        "train_seconds": round(time.time() - t0, 1),
    }
    weights.save(out)
    return weights.meta


def _majority(authors: list[Author]) -> dict[str, int]:
    """The most frequent class per attribute among `authors` (class 0 where none is labelled)."""
    out = {}
    for a in ATTRIBUTES:
        counts = Counter(x.targets[a] for x in authors if x.targets[a] >= 0)
        out[a] = counts.most_common(1)[0][0] if counts else 0
    return out


def _licence(source: dict[str, Any], templates: bool) -> dict[str, Any]:
    """The weights' licence record (LICENSES.md; tests check every weights file has one)."""
    data = [{"source": source["source"], "licence": source["licence"]}]
    if templates:
        data.append({"source": "template sentences written for the project", "licence": "Apache-2.0"})
    return {"data": data, "clean": bool(source["clean"])}


def evaluate(data: str | Path, weights: AttackerWeights, *, seed: int | None = None,
             cache_dir: Path | None = Path(".cache/attacker")) -> dict[str, Any]:
    """The metrics of every split for shipped (or given) weights, with the split they were trained on."""
    seed = int(weights.meta.get("split_seed", 0)) if seed is None else seed
    authors, split, _ = corpus(data, seed)
    states = _states(authors, cache_dir, None, str(weights.meta.get("encoder", "fp32")))
    majority = _majority(split["train"])
    return {"model_version": weights.meta.get("version"), "split_seed": seed,
            "metrics": {name: _metrics(weights, split[name], states, majority) for name in SPLITS}}
