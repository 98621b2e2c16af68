"""MiniLM token states for the fast attacker: the packaged all-MiniLM-L6-v2, loaded once, offline.

The model is the packaged one the matcher loads (`guardian.matcher.encoders`, HF_HUB_OFFLINE=1);
here its last layer is read per token, with each token's character offsets, special tokens left
out. By default (`int8`) the encoder keeps its own copy with dynamic int8 quantization of the
linear layers (about twice as fast on this CPU; the heads are trained on the states of the same
variant, named in the weights' record as `encoder`); `fp32` shares the matcher's copy. A long text is read in windows of MAX_TOKENS (at most MAX_WINDOWS of them), so a huge body
costs a bounded time. torch is imported on first use only.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from guardian.errors import ConfigError

log = logging.getLogger(__name__)

__all__ = ["TokenStates", "TokenEncoder", "MAX_TOKENS", "MAX_WINDOWS", "VARIANTS"]

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")  # undecodable bytes kept by surrogateescape

VARIANTS = ("int8", "fp32")

MAX_TOKENS = 256  # all-MiniLM-L6-v2's max_seq_length
STRIDE = 32  # tokens shared by consecutive windows
MAX_WINDOWS = 4  # a longer text is read up to about 900 tokens (~650 words), the rest ignored
# How texts are cut into the windows the model reads (`_tokenize`, and the trace's checks).
_WINDOWS = {"truncation": True, "max_length": MAX_TOKENS, "stride": STRIDE, "return_overflowing_tokens": True,
            "padding": True, "return_tensors": "pt"}
THREADS = 1  # one intra-op thread: on this 2-core CPU two threads contend with the proxy and run 5-10x slower


@dataclass(frozen=True)
class TokenStates:
    """(n, 384) float32 token states and (n, 2) character offsets into the text read."""

    states: np.ndarray
    offsets: np.ndarray


class TokenEncoder:
    """Token states of texts; the model loads on first use (or `warm()`).

    `layers` < 6 reads the states after the first `layers` of MiniLM's layers (the prose tagger's
    encoder: its own copy of the model, cut); `max_windows` bounds the windows read per text."""

    def __init__(self, variant: str = "int8", *, layers: int = 6, max_windows: int = MAX_WINDOWS) -> None:
        if variant not in VARIANTS:
            raise ConfigError(f"unknown MiniLM encoder variant {variant!r}; choose one of {VARIANTS}")
        if not 0 <= layers <= 6:
            raise ConfigError(f"MiniLM encoder layers must be 0..6, not {layers}")
        self.variant = variant
        self.layers = layers
        self.max_windows = max_windows
        self._lock = threading.Lock()
        self._parts: tuple[Any, Any, Any] | None = None

    def _load(self) -> tuple[Any, Any, Any]:
        with self._lock:
            if self._parts is None:
                import torch

                from guardian.matcher.encoders import _load_minilm, _minilm

                # fp32 with every layer shares the matcher's copy; cutting layers needs a fresh one
                st = _minilm() if self.variant == "fp32" and self.layers == 6 else _load_minilm()
                torch.set_num_threads(max(1, min(THREADS, torch.get_num_threads())))
                model = st[0].auto_model.eval()
                if self.layers < 6:
                    model.encoder.layer = model.encoder.layer[: self.layers]
                if self.variant == "int8" and self.layers > 0:
                    import warnings

                    with warnings.catch_warnings():  # the eager API is deprecated, still shipped
                        warnings.simplefilter("ignore")
                        from torch.ao.quantization import quantize_dynamic

                        model = quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8)
                self._parts = (torch, st.tokenizer, _traced(torch, st.tokenizer, model) or _Eager(model))
            return self._parts

    def warm(self) -> None:
        self._load()

    def _tokenize(self, texts: Sequence[str]) -> tuple[Any, list[int], list[int], np.ndarray, np.ndarray]:
        """The windows read: (model inputs, kept rows, owner text per row, offsets, special mask)."""
        torch, tok, _ = self._load()
        # A body read with surrogateescape keeps its undecodable bytes as lone surrogates, which
        # the Rust tokenizer refuses (TypeError); one replacement character each keeps the offsets.
        texts = [_LONE_SURROGATE.sub("\ufffd", t) for t in texts]
        batch = tok(texts, **_WINDOWS, return_offsets_mapping=True, return_special_tokens_mask=True)
        owner = batch.pop("overflow_to_sample_mapping").tolist()
        offsets = batch.pop("offset_mapping").numpy()
        special = batch.pop("special_tokens_mask").numpy().astype(bool)
        seen: dict[int, int] = {}
        keep_rows = []
        for i, o in enumerate(owner):
            seen[o] = seen.get(o, 0) + 1
            if seen[o] <= self.max_windows:
                keep_rows.append(i)
        rows = torch.tensor(keep_rows, dtype=torch.long)
        inputs = {k: v[rows] for k, v in batch.items() if k in ("input_ids", "attention_mask", "token_type_ids")}
        return inputs, keep_rows, owner, offsets, special

    def encode(self, texts: Sequence[str]) -> list[TokenStates]:
        """Token states per text (a text with no tokens gets n = 0)."""
        torch, _, model = self._load()
        inputs, keep_rows, owner, offsets, special = self._tokenize(texts)
        with torch.inference_mode():
            hidden = model(inputs).float().numpy()
        return _per_text(texts, inputs, keep_rows, owner, offsets, special, hidden)

    def offsets(self, texts: Sequence[str]) -> list[np.ndarray]:
        """The (n, 2) character offsets `encode` would give, without running the model (training labels)."""
        inputs, keep_rows, owner, offsets, special = self._tokenize(texts)
        hidden = np.zeros(inputs["input_ids"].shape + (0,), np.float32)
        return [t.offsets for t in _per_text(texts, inputs, keep_rows, owner, offsets, special, hidden)]


class _Eager:
    """The model as transformers runs it: inputs -> last hidden state."""

    def __init__(self, model: Any) -> None:
        self.model = model

    def __call__(self, inputs: dict[str, Any]) -> Any:
        return self.model(**inputs).last_hidden_state


class _Traced:
    """The same model recorded by `torch.jit.trace`: the same kernels in the same order without
    transformers' Python around each module (a 2-layer int8 pass on 19 tokens: 0.74 -> 0.32 ms)."""

    def __init__(self, graph: Any) -> None:
        self.graph = graph

    def __call__(self, inputs: dict[str, Any]) -> Any:
        out = self.graph(**inputs)
        return out["last_hidden_state"] if isinstance(out, dict) else out[0]


# Texts the traced model must reproduce bit for bit before it is used: one token, a sentence, a
# padded batch of two, and a text long enough for several windows.
_TRACE_CHECKS = (("a",), ("Ines Moreau asked to be called back on Tuesday, about the parcel.",),
                 ("Hi there", "A longer second text, so that the first one is padded in the batch."),
                 ("word " * 700,))


def _traced(torch: Any, tokenizer: Any, model: Any) -> _Traced | None:
    """The model traced, when the trace gives exactly the eager model's states on `_TRACE_CHECKS`;
    else None (the eager model is used: slower, the same states)."""
    import warnings

    def inputs(texts: Sequence[str]) -> dict[str, Any]:
        batch = tokenizer(list(texts), **_WINDOWS)
        return {k: v for k, v in batch.items() if k in ("input_ids", "attention_mask", "token_type_ids")}

    eager = _Eager(model)
    quiet = logging.getLogger("transformers")
    level = quiet.level
    try:
        quiet.setLevel(logging.ERROR)
        with warnings.catch_warnings(), torch.inference_mode():
            warnings.simplefilter("ignore")  # the tracer's notes on branches it fixed (checked below)
            graph = _Traced(torch.jit.trace(model, example_kwarg_inputs=inputs(_TRACE_CHECKS[1]), strict=False,
                                            check_trace=False))
            for texts in _TRACE_CHECKS:
                x = inputs(texts)
                if not torch.equal(graph(x), eager(x)):
                    log.info("MiniLM: the traced model differs from the eager one; running it eagerly")
                    return None
        return graph
    except Exception as e:  # noqa: BLE001 - any tracing failure leaves the eager model, which is correct
        log.info("MiniLM: cannot trace the model (%s); running it eagerly", type(e).__name__)
        return None
    finally:
        quiet.setLevel(level)


def _per_text(texts: Sequence[str], inputs: Any, keep_rows: list[int], owner: list[int], offsets: np.ndarray,
              special: np.ndarray, hidden: np.ndarray) -> list[TokenStates]:
    """Rows of windows -> one TokenStates per text (special tokens out, overlapping windows once)."""
    dim = hidden.shape[-1]
    mask = inputs["attention_mask"].numpy().astype(bool)
    per_text: list[list[tuple[np.ndarray, np.ndarray]]] = [[] for _ in texts]
    for j, i in enumerate(keep_rows):
        take = mask[j] & ~special[i]
        per_text[owner[i]].append((hidden[j][take], offsets[i][take]))
    out = []
    for parts in per_text:
        if not parts:
            out.append(TokenStates(np.zeros((0, dim), np.float32), np.zeros((0, 2), np.int64)))
            continue
        states = np.concatenate([p[0] for p in parts])
        offs = np.concatenate([p[1] for p in parts]).astype(np.int64)
        # overlapping windows repeat tokens: keep each character span once
        _, first = np.unique(offs, axis=0, return_index=True)
        order = np.sort(first)
        out.append(TokenStates(states[order], offs[order]))
    return out
