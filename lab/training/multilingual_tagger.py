"""Train the multilingual tagger of guardian/detect/recognizers/multilingual_tagger.py.

    OMP_NUM_THREADS=1 .venv/bin/python -m lab.training.multilingual_tagger --out guardian/detect/weights/

Reads the treebanks under --raw (lab/training/multilingual_data.py names each file, its source,
licence and commit), builds the examples, trains a hashed-feature token classifier with torch on
the CPU (a few minutes), writes multilingual_tagger.npz (int8 embeddings, float32 layers) and its
JSON record, and prints the held-out figures: per language, how many proper-noun tokens of the
treebanks' test files and how many PERSON / LOCATION / DATE spans of the held-out frames are
tagged, and (with --benign) the tags on benign questions, plus the time per 100 words.

A proper noun of a treebank is a person, a place or an organisation without saying which: its
loss is the probability of the three together (a partial label).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from guardian.detect.recognizers.multilingual_tagger import (
    LABELS, MultilingualTagger, TaggedSpan, _groups, _hashed, sentence_openers, tokenize,
)
from lab.training.multilingual_data import (
    LANGS, RAW, SOURCES, Example, frame_examples, question_negatives, replaced_examples, split_sources, treebank_examples,
)

__all__ = ["main", "encode", "train", "evaluate"]

NAME_SET = (1, 2, 3)  # PERSON, LOCATION, ORGANIZATION
LABEL_INDEX = {"PERSON": (1,), "LOCATION": (2,), "ORGANIZATION": (3,), "DATE": (4,), "NAME": NAME_SET}


def encode(ex: Example, buckets: int, labels: Sequence[str] = LABELS,
           label_index: Mapping[str, tuple[int, ...]] = LABEL_INDEX) -> tuple[list[np.ndarray], np.ndarray]:
    """Per token its hashed feature ids and its allowed-label mask (tokens, classes); a span's
    label names the classes it allows (`label_index`), every other token is class 0."""
    spans = tokenize(ex.text)
    opens = sentence_openers(ex.text, spans)
    ids = [_hashed(ex.text[s:e], o, buckets) for (s, e), o in zip(spans, opens)]
    mask = np.zeros((len(spans), len(labels)), np.bool_)
    mask[:, 0] = True
    for i, (s, e) in enumerate(spans):
        for a, b, label in ex.spans:
            if s < b and a < e:
                mask[i, :] = False
                mask[i, list(label_index[label])] = True
                break
    return ids, mask


def build(seed: int, frames_per_lang: int) -> tuple[list[Example], list[Example], list[Example]]:
    """(train, held-out treebank sentences, held-out frames)."""
    train_tb = treebank_examples("train")
    test_tb = treebank_examples("test")
    train = list(train_tb)
    train += replaced_examples(train_tb, seed)
    train += question_negatives(train_tb, seed + 1)
    held_frames: list[Example] = []
    for i, lang in enumerate(LANGS):
        train += frame_examples(lang, frames_per_lang, held_out=False, seed=seed + 100 + i)
        held_frames += frame_examples(lang, 60, held_out=True, seed=seed + 900 + i)
    random.Random(seed).shuffle(train)
    return train, test_tb, held_frames


def train(examples: list[Example], *, buckets: int, dim: int, hidden: int, window: int, epochs: int, lr: float,
          seed: int, log: Any = print, labels: Sequence[str] = LABELS,
          label_index: Mapping[str, tuple[int, ...]] = LABEL_INDEX) -> dict[str, np.ndarray]:
    """The classifier's weights, trained with torch (single thread)."""
    import torch

    torch.manual_seed(seed)
    torch.set_num_threads(1)
    encoded = [encode(ex, buckets, labels, label_index) for ex in examples]
    encoded = [(ids, m) for ids, m in encoded if ids]
    emb = torch.nn.EmbeddingBag(buckets, dim, mode="mean")
    torch.nn.init.zeros_(emb.weight)
    width = (2 * window + 1) * dim
    mlp = torch.nn.Sequential(torch.nn.Dropout(0.1), torch.nn.Linear(width, hidden), torch.nn.ReLU(),
                              torch.nn.Linear(hidden, len(labels)))
    opt = torch.optim.Adam([{"params": emb.parameters(), "lr": lr * 5}, {"params": mlp.parameters(), "lr": lr}])
    batch = 128
    order = list(range(len(encoded)))
    rnd = random.Random(seed)
    for epoch in range(epochs):
        rnd.shuffle(order)
        total, count, t0 = 0.0, 0, time.time()
        emb.train()
        mlp.train()
        for b in range(0, len(order), batch):
            items = [encoded[i] for i in order[b:b + batch]]
            flat, masks, windows = [], [], []
            n_tok = 0
            for ids, mask in items:
                n = len(ids)
                flat.extend(ids)
                idx = np.arange(n)
                win = np.stack([idx + k for k in range(-window, window + 1)], axis=1)
                valid = (win >= 0) & (win < n)
                windows.append(np.where(valid, win + n_tok, -1))
                masks.append(mask)
                n_tok += n
            lengths = np.fromiter((len(x) for x in flat), np.int64, len(flat))
            offs = torch.from_numpy(np.concatenate(([0], np.cumsum(lengths)[:-1])))
            vecs = emb(torch.from_numpy(np.concatenate(flat)), offs)
            vecs = torch.cat([vecs, torch.zeros(1, dim)], 0)  # row -1: the padding beside a sentence
            win_t = torch.from_numpy(np.concatenate(windows))
            x = vecs[win_t].reshape(n_tok, width)
            logits = mlp(x)
            mask_t = torch.from_numpy(np.concatenate(masks))
            allowed = torch.logsumexp(logits.masked_fill(~mask_t, -1e9), dim=1)
            loss = (torch.logsumexp(logits, dim=1) - allowed).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.detach()) * n_tok
            count += n_tok
        log(f"epoch {epoch + 1}: loss {total / count:.4f} ({time.time() - t0:.0f} s, {count} tokens)")
    w = emb.weight.detach().numpy()
    scale = np.maximum(np.abs(w).max(axis=1), 1e-8) / 127.0
    q = np.round(w / scale[:, None]).astype(np.int8)
    lin1, lin2 = mlp[1], mlp[3]
    return {
        "emb_q": q, "emb_scale": scale.astype(np.float16),
        "w1": lin1.weight.detach().numpy().T.copy(), "b1": lin1.bias.detach().numpy().copy(),
        "w2": lin2.weight.detach().numpy().T.copy(), "b2": lin2.bias.detach().numpy().copy(),
    }


def _spans(tagger: MultilingualTagger, text: str) -> list[TaggedSpan]:
    """The spans as the recogniser reads them: the tagger's runs joined into addresses and whole dates."""
    return _groups(text, tagger.tag(text))


def evaluate(tagger: MultilingualTagger, test_tb: list[Example], held_frames: list[Example],
             benign: list[tuple[str, str]]) -> dict[str, Any]:
    """Held-out figures per language (module docstring): a treebank proper noun counts when a name
    span overlaps it; a frame's span when a span of its class covers it (one character of slack)."""
    out: dict[str, Any] = {}
    per: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for ex in test_tb:
        tags = _spans(tagger, ex.text)
        for a, b, label in ex.spans:
            key = "propn" if label in ("NAME", "PERSON", "LOCATION", "ORGANIZATION") else "date_tb"
            per[ex.lang][key][1] += 1
            hit = any(t.start < b and a < t.end and (t.label != "DATE") == (key == "propn") for t in tags)
            per[ex.lang][key][0] += int(hit)
        per[ex.lang]["tb_words"][1] += len(ex.text.split())
        per[ex.lang]["tb_words"][0] += sum(len(ex.text[t.start:t.end].split()) for t in tags)
    for ex in held_frames:
        tags = _spans(tagger, ex.text)
        for a, b, label in ex.spans:
            per[ex.lang][label.lower()][1] += 1
            per[ex.lang][label.lower()][0] += int(any(t.start <= a + 1 and t.end >= b - 1 and t.label == label for t in tags))
    for lang, text in benign:
        tags = _spans(tagger, text)
        per[lang]["benign_any"][1] += 1
        per[lang]["benign_any"][0] += int(bool(tags))
        per[lang]["benign_words"][1] += len(text.split())
        per[lang]["benign_words"][0] += sum(len(text[t.start:t.end].split()) for t in tags)
    for lang in sorted(per):
        out[lang] = {k: {"hit": v[0], "n": v[1], "share": round(v[0] / v[1], 4) if v[1] else None} for k, v in per[lang].items()}
    return out


def timing(tagger: MultilingualTagger, texts: list[str], reps: int = 5) -> dict[str, float]:
    """p50 / p95 ms per 100 words of tagging ~100-word texts (features cached after the first pass, as in use)."""
    base = " ".join(texts)
    words = base.split()
    times = []
    for r in range(reps):
        for i in range(0, max(1, len(words) - 100), 100):
            chunk = " ".join(words[i:i + 100]) + f" {r}"
            t0 = time.perf_counter()
            tagger.tag(chunk)
            times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return {"p50_ms_per_100_words": round(statistics.median(times), 3),
            "p95_ms_per_100_words": round(times[int(0.95 * (len(times) - 1))], 3), "n": len(times)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=Path("guardian/detect/weights"))
    ap.add_argument("--raw", type=Path, default=RAW, help="folder of the treebank files (default %(default)s)")
    ap.add_argument("--benign", type=Path, help="a JSONL of benign questions ({source, text}) measured, never trained on")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--evaluate", type=Path, help="only measure these weights (an npz) on the held-out split")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--buckets", type=int, default=1 << 16)
    ap.add_argument("--dim", type=int, default=32)
    ap.add_argument("--hidden", type=int, default=96)
    ap.add_argument("--window", type=int, default=2)
    ap.add_argument("--lr", type=float, default=0.002)
    ap.add_argument("--frames", type=int, default=1500, help="filled frames per language")
    args = ap.parse_args(argv)
    if args.raw != RAW:
        import lab.training.multilingual_data as data

        data.RAW = args.raw
    random.seed(args.seed)
    np.random.seed(args.seed)
    t0 = time.time()
    train_set, test_tb, held_frames = build(args.seed, args.frames)
    if args.evaluate is not None:
        tagger = MultilingualTagger.load(args.evaluate)
        figures = evaluate(tagger, test_tb, held_frames, _benign(args.benign))
        _print(figures, timing(tagger, [ex.text for ex in test_tb[:400]]))
        return 0
    print(f"{len(train_set)} training examples, {len(test_tb)} held-out treebank sentences, {len(held_frames)} held-out frames")
    weights = train(train_set, buckets=args.buckets, dim=args.dim, hidden=args.hidden, window=args.window,
                    epochs=args.epochs, lr=args.lr, seed=args.seed)
    meta: dict[str, Any] = {
        "version": f"multilingual-tagger-hashed-{args.buckets}x{args.dim}-h{args.hidden}-seed{args.seed}",
        "labels": list(LABELS), "window": args.window, "threshold": 0.5, "languages": list(LANGS),
        "model": (f"per token a mean of hashed feature embeddings ({args.buckets} buckets x {args.dim}, int8), tokens -{args.window}.."
                  f"+{args.window} concatenated -> relu({(2 * args.window + 1) * args.dim}->{args.hidden}) -> softmax over "
                  f"{len(LABELS)} classes"),
        "data": ("treebank sentences (UD PROPN as a partial PERSON|LOCATION|ORGANIZATION label, UNER typed spans, dates by "
                 "month-name and numeric patterns), the same with a faker name/town/company in place of a proper noun, the "
                 "same opened by a question word, and first-person frames per language filled with faker values "
                 "(lab/training/multilingual_data.py)"),
        "split": split_sources() | {"frames": "frames 1, 6 and 11 of each language (multilingual_data.HELD_OUT_FRAMES), other faker seeds"},
        "seed": args.seed,
        "hyper": {k: getattr(args, k) for k in ("epochs", "buckets", "dim", "hidden", "window", "lr", "frames")},
        "licence": {
            "data": [{"source": f"{src} ({name}, commit {commit})", "licence": lic} for name, _, _, _, src, lic, commit in SOURCES]
            + [{"source": "faker locale providers (names, streets, towns, companies)", "licence": "MIT"},
               {"source": "Babel / Unicode CLDR month names", "licence": "BSD-3-Clause / Unicode-DFS-2016"},
               {"source": "first-person frames and question openers written for this project", "licence": "project's own"}],
            "clean": True,
        },
        "command": "OMP_NUM_THREADS=1 .venv/bin/python -m lab.training.multilingual_tagger "
                   + " ".join(sys.argv[1:] if argv is None else argv),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    npz = args.out / "multilingual_tagger.npz"
    np.savez_compressed(npz, **weights)
    tagger = MultilingualTagger(weights, meta)
    figures = evaluate(tagger, test_tb, held_frames, _benign(args.benign))
    meta["held_out"] = figures
    meta["timing"] = timing(tagger, [ex.text for ex in test_tb[:400]])
    meta["train_s"] = round(time.time() - t0)
    (args.out / "multilingual_tagger.json").write_text(json.dumps(meta, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    _print(figures, meta["timing"])
    print(f"total {meta['train_s']} s")
    return 0


def _benign(path: Path | None) -> list[tuple[str, str]]:
    """(language, text) of a benign JSONL's rows in the tagger's languages."""
    out: list[tuple[str, str]] = []
    if path is not None:
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("source") in LANGS:
                out.append((row["source"], row["text"]))
    return out


def _print(figures: dict[str, Any], times: dict[str, float]) -> None:
    for lang, f in figures.items():
        cells = "  ".join(f"{k} {v['share']:.3f} ({v['n']})" for k, v in sorted(f.items()) if v["share"] is not None)
        print(f"{lang}: {cells}")
    print("timing:", times)


if __name__ == "__main__":
    sys.exit(main())
