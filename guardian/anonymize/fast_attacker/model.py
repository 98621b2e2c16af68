"""The fast attacker's head: attention-pooled token classifiers over frozen MiniLM token states.

For each attribute a with K_a classes, over the token states h_1..h_n (384-dim, MiniLM's last
layer, special tokens left out):

    g_t   = relu(W1 h_t + b1)                      shared projection, 384 -> H
    s_t   = v_a . g_t + c_a                        attention score
    w_t   = softmax_t(s_t)                         where the model looks
    z_t   = U_a g_t + u_a                          the token's own class logits (K_a)
    logit = sum_t w_t z_t ;  p = softmax(logit / T_a)     T_a: temperature (calibration)

The evidence of class k is each token's share of its logit against the mean class,
    e_t(k) = w_t * (z_t[k] - mean_j z_t[j]),
so the words the guess relied on are the tokens with the largest e_t(k). The weights are a
small npz (numpy only at run time) with the training record as JSON beside it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from guardian.weights import read_npz
from guardian.anonymize.fast_attacker.labels import ATTRIBUTES, CLASSES
from guardian.errors import ConfigError

__all__ = ["AttackerWeights", "AttackerWeightsError", "HeadOutput", "forward", "HIDDEN", "WEIGHTS_DIR", "shipped_path"]

HIDDEN = 128  # H: the shared projection's width
DIM = 384  # MiniLM's hidden size
WEIGHTS_DIR = Path(__file__).parent / "weights"


class AttackerWeightsError(ConfigError):
    """The fast attacker's weights file is missing, corrupt, or does not fit the model."""


def shipped_path() -> Path:
    return WEIGHTS_DIR / "attacker.npz"


def save_weights(path: str | Path, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
    """A weights npz (large arrays as float16) with its training record as JSON beside it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **{k: v.astype(np.float16 if v.size > 4096 else np.float32) for k, v in arrays.items()})
    path.with_suffix(".json").write_text(json.dumps(meta, indent=2) + "\n")


def load_weights(
    path: str | Path, what: str, error: type[ConfigError]
) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """(arrays as float32, record) of a weights npz; `error` names `what` and what is wrong."""
    path = Path(path)
    try:
        with read_npz(path) as z:
            arrays = {k: np.asarray(z[k], dtype=np.float32) for k in z.files}
    except (OSError, ValueError, KeyError) as e:
        raise error(f"{what} weights {path}: cannot read ({type(e).__name__}: {e})") from e
    except Exception as e:  # zipfile.BadZipFile and friends from a truncated file
        raise error(f"{what} weights {path}: corrupt ({type(e).__name__})") from e
    meta: dict[str, Any] = {}
    record = path.with_suffix(".json")
    if record.exists():
        try:
            meta = json.loads(record.read_text())
        except (OSError, ValueError) as e:
            raise error(f"{what} record {record}: not JSON ({e})") from e
    return arrays, meta


def check_shapes(
    arrays: dict[str, np.ndarray], shapes: dict[str, tuple[int, ...]], what: str, error: type[ConfigError]
) -> None:
    """Every named array is there, has its shape and holds finite values; else `error`."""
    for name, shape in shapes.items():
        arr = arrays.get(name)
        if arr is None:
            raise error(f"{what} weights lack {name!r}")
        if tuple(arr.shape) != shape:
            raise error(f"{what} weights {name!r} has shape {tuple(arr.shape)}, expected {shape}")
        if not np.all(np.isfinite(arr)):
            raise error(f"{what} weights {name!r} has non-finite values")


@dataclass
class AttackerWeights:
    """W1 (DIM, H), b1 (H,), and per attribute v (H,), c (), U (H, K), u (K,), T () ; meta."""

    arrays: dict[str, np.ndarray]
    meta: dict[str, Any] = field(default_factory=dict)

    def save(self, path: str | Path) -> None:
        save_weights(path, self.arrays, self.meta)

    @classmethod
    def load(cls, path: str | Path) -> AttackerWeights:
        """Read and check the weights; `AttackerWeightsError` names what is wrong."""
        weights = cls(*load_weights(path, "fast attacker", AttackerWeightsError))
        weights.check()
        return weights

    def check(self) -> None:
        shapes: dict[str, tuple[int, ...]] = {"W1": (DIM, HIDDEN), "b1": (HIDDEN,)}
        for a in ATTRIBUTES:
            k = len(CLASSES[a])
            shapes.update({f"{a}.v": (HIDDEN,), f"{a}.c": (), f"{a}.U": (HIDDEN, k), f"{a}.u": (k,), f"{a}.T": ()})
        check_shapes(self.arrays, shapes, "fast attacker", AttackerWeightsError)


@dataclass(frozen=True)
class HeadOutput:
    """One attribute's answer for one text: class probabilities and per-token evidence (n, K)."""

    probs: np.ndarray
    evidence: np.ndarray


def forward(weights: AttackerWeights, states: np.ndarray) -> dict[str, HeadOutput]:
    """Every attribute's probabilities and token evidence for token states (n, DIM), n >= 1."""
    w = weights.arrays
    g = np.maximum(states.astype(np.float32) @ w["W1"] + w["b1"], 0.0)
    out: dict[str, HeadOutput] = {}
    for a in ATTRIBUTES:
        s = g @ w[f"{a}.v"] + w[f"{a}.c"]
        att = np.exp(s - s.max())
        att /= att.sum()
        z = g @ w[f"{a}.U"] + w[f"{a}.u"]
        logit = att @ z
        t = max(float(w[f"{a}.T"]), 1e-3)
        p = np.exp((logit - logit.max()) / t)
        out[a] = HeadOutput(p / p.sum(), att[:, None] * (z - z.mean(axis=1, keepdims=True)))
    return out
