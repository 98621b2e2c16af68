"""The `minilm-lora` encoder's training: MiniLM with low-rank adapters, trained with the head.

The frozen `minilm` encoder embeds a policy segment without knowing what System 1 needs from it.
Here rank-8 adapters (Hu et al. 2021) on every linear layer of MiniLM's six transformer blocks
are trained together with the evidential head, on the same pairs and loss. The model stays a
bi-encoder: a statement's vector depends on the statement alone (precomputed per policy
version) and an action's on the action sentence alone (cached), so the request path costs what
`minilm` costs. What is shipped is small: the adapters (A, and B already multiplied by
alpha / r, about 0.3 M numbers) beside the head, in the S1Weights file; `LoRAMiniLMEncoder`
merges them into its own copy of the packaged MiniLM (W + B A) when it loads.

Training needs torch and transformers (both come with sentence-transformers). One epoch over
the 19,082 segment pairs takes about 40 s on an H100 and far longer on a small CPU, hence
`device`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from guardian.matcher.model import DROPOUT, HIDDEN, S1Weights, evidential_loss

__all__ = ["LORA_RANK", "MAX_TOKENS", "Reader", "fine_tune", "reader_weights"]

LORA_RANK = 8
LORA_ALPHA = 16.0  # scale alpha / r = 2
MAX_TOKENS = 256  # all-MiniLM-L6-v2's max_seq_length
SCALE = math.sqrt(384)  # as MiniLMEncoder.SCALE: unit vectors scaled to unit variance per dimension
ENCODER_LR = 5e-4  # the adapters
HEAD_LR = 2e-3
WARMUP = 0.06  # share of steps with a linear warm-up; then linear decay to 0


def _lora_linear(torch: Any) -> Any:
    nn = torch.nn

    class LoRALinear(nn.Module):
        """base(x) + scale * x A^T B^T; the base frozen, A and B trained (B starts at 0)."""

        def __init__(self, base: Any, rank: int, alpha: float) -> None:
            super().__init__()
            self.base = base
            dev = base.weight.device
            self.a = nn.Parameter(torch.randn(rank, base.in_features, device=dev) / math.sqrt(base.in_features))
            self.b = nn.Parameter(torch.zeros(base.out_features, rank, device=dev))
            self.scale = alpha / rank

        def forward(self, x: Any) -> Any:
            return self.base(x) + (x @ self.a.t() @ self.b.t()) * self.scale

    return LoRALinear


def add_adapters(torch: Any, model: Any, rank: int = LORA_RANK) -> dict[str, Any]:
    """Wrap every nn.Linear inside the transformer blocks (`encoder.layer.N...`); name -> adapter."""
    lora = _lora_linear(torch)
    wrapped: dict[str, Any] = {}
    for name, module in list(model.named_modules()):
        for child_name, child in list(module.named_children()):
            if isinstance(child, torch.nn.Linear) and name.startswith("encoder.layer."):
                adapter = lora(child, rank, LORA_ALPHA)
                setattr(module, child_name, adapter)
                wrapped[f"{name}.{child_name}"] = adapter
    return wrapped


class Reader:
    """MiniLM (mean pooling, unit length, times sqrt(384)) with adapters and the evidential head."""

    def __init__(self, model_dir: str | Path, device: str = "cpu", seed: int = 0, rank: int = LORA_RANK) -> None:
        import torch
        from transformers import AutoModel, AutoTokenizer

        torch.manual_seed(seed)
        self.torch, self.device = torch, device
        self.tok = AutoTokenizer.from_pretrained(str(model_dir))
        self.enc = AutoModel.from_pretrained(str(model_dir), dtype=torch.float32).to(device)
        for p in self.enc.parameters():
            p.requires_grad_(False)
        self.adapters = add_adapters(torch, self.enc, rank)
        nn = torch.nn
        self.head = nn.Sequential(nn.Linear(4 * 384, HIDDEN["minilm"]), nn.ReLU(), nn.Dropout(DROPOUT),
                                  nn.Linear(HIDDEN["minilm"], 2)).to(device)

    def embed(self, texts: Sequence[str]) -> Any:
        torch = self.torch
        batch = self.tok(list(texts), padding=True, truncation=True, max_length=MAX_TOKENS, return_tensors="pt").to(self.device)
        with torch.autocast(device_type="cuda", dtype=torch.bfloat16, enabled=self.device.startswith("cuda")):
            hidden = self.enc(**batch).last_hidden_state
        mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
        pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
        return torch.nn.functional.normalize(pooled.float(), dim=-1) * SCALE

    def alpha(self, actions: Sequence[str], statements: Sequence[str]) -> Any:
        """Dirichlet parameters per pair; each distinct text in the batch is encoded once."""
        torch = self.torch
        distinct = list(dict.fromkeys([*actions, *statements]))
        index = {t: i for i, t in enumerate(distinct)}
        vecs = self.embed(distinct)
        b = vecs[torch.tensor([index[t] for t in actions], device=vecs.device)]
        p = vecs[torch.tensor([index[t] for t in statements], device=vecs.device)]
        return self.head_alpha(b, p)

    def head_alpha(self, b: Any, p: Any) -> Any:
        """alpha = softplus(head([b; p; b*p; |b-p|])) + 1 for embedded actions b and statements p."""
        torch = self.torch
        logits = self.head(torch.cat([b, p, b * p, (b - p).abs()], dim=1))
        return torch.nn.functional.softplus(logits.float()) + 1.0


def fine_tune(
    pairs: Sequence[tuple[str, str, int]],
    *,
    model_dir: str | Path,
    epochs: int = 4,
    batch: int = 64,
    device: str = "cpu",
    seed: int = 0,
    log: Callable[[str], None] | None = None,
    after_epoch: Callable[[Reader, int], None] | None = None,
) -> Reader:
    """Train adapters and head on (action sentence, statement text, label) pairs."""
    import torch

    reader = Reader(model_dir, device, seed)
    adapters = [p for a in reader.adapters.values() for p in (a.a, a.b)]
    head = list(reader.head.parameters())
    opt = torch.optim.AdamW([{"params": head, "lr": HEAD_LR}, {"params": adapters, "lr": ENCODER_LR}], weight_decay=1e-4)
    steps = epochs * math.ceil(len(pairs) / batch)
    warm = max(1, int(WARMUP * steps))
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: (s + 1) / warm if s < warm else max(0.0, (steps - s) / max(1, steps - warm)))
    rng = random.Random(seed)
    step = 0
    for epoch in range(epochs):
        t0 = time.time()
        reader.enc.train()
        reader.head.train()
        order = list(pairs)
        rng.shuffle(order)
        total = 0.0
        for i in range(0, len(order), batch):
            chunk = order[i : i + batch]
            kl_weight = min(1.0, 2.0 * step / max(1, steps))  # annealed over the first half
            alpha = reader.alpha([c[0] for c in chunk], [c[1] for c in chunk])
            y = torch.tensor([c[2] for c in chunk], device=alpha.device)
            loss = evidential_loss(alpha, y, kl_weight)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(head + adapters, 5.0)
            opt.step()
            sched.step()
            step += 1
            total += float(loss.detach()) * len(chunk)
        if log:
            log(f"epoch {epoch + 1}/{epochs} loss {total / len(order):.4f} {time.time() - t0:.1f}s")
        if after_epoch:
            after_epoch(reader, epoch + 1)
    reader.enc.eval()
    reader.head.eval()
    return reader


def reader_weights(reader: Reader, meta: dict[str, Any] | None = None) -> S1Weights:
    """The trained head as S1Weights (encoder `minilm-lora`) carrying the adapters: for each
    wrapped linear `lora.<name>.a` (r, in) and `lora.<name>.b` (out, r), b times the scale, so
    that the merged weight is W + b @ a."""
    adapters: dict[str, np.ndarray] = {}
    for name, module in reader.adapters.items():
        adapters[f"lora.{name}.a"] = module.a.detach().float().cpu().numpy()
        adapters[f"lora.{name}.b"] = (module.b.detach().float().cpu() * module.scale).numpy()
    first, last = reader.head[0], reader.head[3]

    def arr(t: Any) -> np.ndarray:
        return t.detach().float().cpu().numpy()

    return S1Weights("minilm-lora", arr(first.weight).T.copy(), arr(first.bias), arr(last.weight).T.copy(), arr(last.bias),
                     dict(meta or {}), adapters)
