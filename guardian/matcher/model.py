"""System 1: the evidential two-layer MLP over [b; p; b*p; |b-p|] (DESIGN.md "Matcher").

Training is torch (`train_model`, Sensoy et al. 2018's MSE evidential loss with the annealed
KL term); the request path is numpy (`S1Weights.predict`), with the statement half of the
first layer precomputed per statement (`statement_part`), so a decision is a few small matrix
products. alpha = softplus(logits) + 1; S = sum(alpha); u = 2 / S; L = alpha_risky / S.
"""

from __future__ import annotations

import io
import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from guardian.weights import read_npz

__all__ = ["S1Weights", "train_model", "evidential_loss", "predict_batch", "TAU_U", "RISKY"]

TAU_U = 0.25  # tau_u: System 1 answers when u < tau_u, else System 2
RISKY = 1  # index of the "violating" class; alpha_risky is alpha[:, RISKY]
HIDDEN = {"multihot": 64, "minilm": 128, "hybrid": 128, "minilm-lora": 128}
DROPOUT = 0.1
ANNEAL_EPOCHS = 10  # lambda_t = min(1, t / 10), Sensoy et al.


def _softplus(x: np.ndarray) -> np.ndarray:
    return np.logaddexp(0.0, x)


@dataclass
class S1Weights:
    """The trained MLP as numpy arrays, with the record of how it was made."""

    encoder: str  # multihot | minilm | hybrid | minilm-lora
    w1: np.ndarray  # (4d, H)
    b1: np.ndarray  # (H,)
    w2: np.ndarray  # (H, 2)
    b2: np.ndarray  # (2,)
    meta: dict[str, Any] = field(default_factory=dict)
    # The encoder's own trained part, `lora.<module>.a|b` (minilm-lora; see lab/training/matcher/finetune.py); travels
    # with the head so that a fine-tuned copy of the head still reads with the same encoder.
    adapters: dict[str, np.ndarray] = field(default_factory=dict)

    @property
    def dim(self) -> int:
        return self.w1.shape[0] // 4

    def parts(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        d = self.dim
        return self.w1[:d], self.w1[d : 2 * d], self.w1[2 * d : 3 * d], self.w1[3 * d :]

    def statement_part(self, p: np.ndarray) -> np.ndarray:
        """p @ W_p + b1: the action-independent half of the first layer, cached per statement."""
        return p @ self.parts()[1] + self.b1

    def predict(self, b: np.ndarray, p: np.ndarray, p_part: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(L, u) for one action b (d,) against statements p (n, d)."""
        wb, _, wbp, wd = self.parts()
        if p_part is None:
            p_part = self.statement_part(p)
        h = (b @ wb) + p_part + (p * b) @ wbp + np.abs(b - p) @ wd
        np.maximum(h, 0.0, out=h)
        alpha = _softplus(h @ self.w2 + self.b2) + 1.0
        s = alpha.sum(axis=1)
        return alpha[:, RISKY] / s, 2.0 / s

    def save(self, path: str | Path) -> None:
        """One .npz (float32 arrays, meta as JSON), written atomically."""
        path = Path(path)
        buf = io.BytesIO()
        np.savez_compressed(buf, w1=self.w1.astype(np.float32), b1=self.b1.astype(np.float32),
                            w2=self.w2.astype(np.float32), b2=self.b2.astype(np.float32),
                            meta=np.frombuffer(json.dumps({**self.meta, "encoder": self.encoder}).encode(), dtype=np.uint8),
                            **{k: v.astype(np.float32) for k, v in self.adapters.items()})
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(buf.getvalue())
        tmp.replace(path)

    @classmethod
    def load(cls, path: str | Path) -> S1Weights:
        with read_npz(Path(path)) as z:
            meta = json.loads(bytes(z["meta"]).decode())
            adapters = {k: z[k].astype(np.float32) for k in z.files if k.startswith("lora.")}
            return cls(meta["encoder"], z["w1"].astype(np.float32), z["b1"].astype(np.float32),
                       z["w2"].astype(np.float32), z["b2"].astype(np.float32), meta, adapters)


def predict_batch(w: S1Weights, b: np.ndarray, p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(L, u) for n pairs (b[i], p[i]) at once (evaluation)."""
    wb, wp, wbp, wd = w.parts()
    h = np.maximum(b @ wb + p @ wp + (b * p) @ wbp + np.abs(b - p) @ wd + w.b1, 0.0)
    alpha = _softplus(h @ w.w2 + w.b2) + 1.0
    s = alpha.sum(axis=1)
    return alpha[:, RISKY] / s, 2.0 / s


# -- training (torch, imported lazily: the request path never needs it) ----------------------


def _torch() -> Any:
    import torch

    torch.set_num_threads(max(1, min(2, torch.get_num_threads())))
    return torch


def evidential_loss(alpha: Any, y: Any, kl_weight: float) -> Any:
    """Sensoy et al. 2018, eq. 5 plus lambda_t * KL(Dir(alpha~) || Dir(1)), per-sample mean."""
    torch = _torch()
    y1 = torch.nn.functional.one_hot(y, 2).to(alpha.dtype)
    s = alpha.sum(dim=1, keepdim=True)
    p = alpha / s
    mse = ((y1 - p) ** 2 + p * (1 - p) / (s + 1)).sum(dim=1)
    a_t = y1 + (1 - y1) * alpha  # misleading evidence only
    s_t = a_t.sum(dim=1)
    k = a_t.shape[1]
    kl = (torch.lgamma(s_t) - math.lgamma(k) - torch.lgamma(a_t).sum(dim=1)
          + ((a_t - 1) * (torch.digamma(a_t) - torch.digamma(s_t).unsqueeze(1))).sum(dim=1))
    return (mse + kl_weight * kl).mean()


def _net(torch: Any, d: int, hidden: int) -> Any:
    return torch.nn.Sequential(
        torch.nn.Linear(4 * d, hidden), torch.nn.ReLU(), torch.nn.Dropout(DROPOUT), torch.nn.Linear(hidden, 2)
    )


def _features(torch: Any, b: Any, p: Any) -> Any:
    return torch.cat([b, p, b * p, (b - p).abs()], dim=1)


def train_model(
    encoder: str,
    b: np.ndarray,
    p: np.ndarray,
    y: np.ndarray,
    *,
    seed: int = 0,
    epochs: int = 30,
    lr: float = 2e-3,
    batch: int = 256,
    init: S1Weights | None = None,
    anneal_epochs: int = ANNEAL_EPOCHS,
    log: Callable[[str], None] | None = None,
) -> S1Weights:
    """Train (or, with `init`, fine-tune) System 1 on pairs (b[i], p[i]) -> y[i]."""
    torch = _torch()
    torch.manual_seed(seed)
    random.seed(seed)
    d = b.shape[1]
    net = _net(torch, d, init.w1.shape[1] if init else HIDDEN.get(encoder, 64))
    if init is not None:
        with torch.no_grad():
            net[0].weight.copy_(torch.from_numpy(init.w1.T.copy()))
            net[0].bias.copy_(torch.from_numpy(init.b1.copy()))
            net[3].weight.copy_(torch.from_numpy(init.w2.T.copy()))
            net[3].bias.copy_(torch.from_numpy(init.b2.copy()))
    opt = torch.optim.Adam(net.parameters(), lr=lr, weight_decay=1e-5)
    bt, pt, yt = torch.from_numpy(b.astype(np.float32)), torch.from_numpy(p.astype(np.float32)), torch.from_numpy(y.astype(np.int64))
    x_all = _features(torch, bt, pt)
    n = len(yt)
    gen = torch.Generator().manual_seed(seed)
    for epoch in range(epochs):
        net.train()
        kl_weight = min(1.0, epoch / anneal_epochs) if anneal_epochs else 1.0
        perm = torch.randperm(n, generator=gen)
        total = 0.0
        for i in range(0, n, batch):
            idx = perm[i : i + batch]
            alpha = torch.nn.functional.softplus(net(x_all[idx])) + 1
            loss = evidential_loss(alpha, yt[idx], kl_weight)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
        if log:
            log(f"epoch {epoch + 1}/{epochs} loss {total / n:.4f} kl_weight {kl_weight:.2f}")
    net.eval()
    return S1Weights(
        encoder,
        net[0].weight.detach().numpy().T.copy(),
        net[0].bias.detach().numpy().copy(),
        net[3].weight.detach().numpy().T.copy(),
        net[3].bias.detach().numpy().copy(),
        dict(init.meta) if init else {},
        dict(init.adapters) if init else {},
    )
