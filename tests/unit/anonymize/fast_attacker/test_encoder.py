"""The MiniLM token encoder: the traced model is used only when it gives the eager model's states."""

from __future__ import annotations

import contextlib
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

import guardian.anonymize.fast_attacker.encoder as encoder_module
from guardian.anonymize.fast_attacker.encoder import TokenEncoder, _Eager, _Traced, _traced
from guardian.errors import ConfigError


class _Model:
    """Stands in for a transformers model: the sum of its inputs as the 'states'."""

    def __call__(self, **inputs: Any) -> Any:
        return SimpleNamespace(last_hidden_state=sum(inputs.values()))


def _fake_torch(trace: Any, equal: bool) -> Any:
    return SimpleNamespace(jit=SimpleNamespace(trace=trace), equal=lambda a, b: equal,
                           inference_mode=contextlib.nullcontext)


def _tokenizer(texts: list[str], **kwargs: Any) -> dict[str, Any]:
    return {"input_ids": len(texts), "attention_mask": 1, "token_type_ids": 0, "offset_mapping": None}


def test_a_trace_that_differs_or_fails_leaves_the_eager_model() -> None:
    graph = lambda **inputs: {"last_hidden_state": 42}  # noqa: E731
    assert isinstance(_traced(_fake_torch(lambda *a, **k: graph, equal=True), _tokenizer, _Model()), _Traced)
    assert _traced(_fake_torch(lambda *a, **k: graph, equal=False), _tokenizer, _Model()) is None

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("cannot trace this")

    assert _traced(_fake_torch(broken, equal=True), _tokenizer, _Model()) is None


@pytest.fixture(scope="module")
def encoders() -> tuple[TokenEncoder, TokenEncoder]:
    traced = TokenEncoder("int8", layers=2)
    try:
        traced.warm()
    except (ConfigError, ImportError, OSError) as e:
        pytest.skip(f"MiniLM unavailable: {e}")
    eager = TokenEncoder("int8", layers=2)
    original = encoder_module._traced
    encoder_module._traced = lambda *args: None  # type: ignore[assignment]
    try:
        eager.warm()
    finally:
        encoder_module._traced = original
    return traced, eager


def test_the_shipped_model_is_traced_and_gives_the_same_states(encoders: tuple[TokenEncoder, TokenEncoder]) -> None:
    traced, eager = encoders
    assert isinstance(traced._load()[2], _Traced) and isinstance(eager._load()[2], _Eager)
    texts = ["Ines Moreau asked to be called back.", "", "word " * 600, "Ünïcödé and \ud800 a lone surrogate"]
    for batch in ([t] for t in texts):
        for a, b in zip(traced.encode(batch), eager.encode(batch)):
            assert np.array_equal(a.states, b.states) and np.array_equal(a.offsets, b.offsets)
    for a, b in zip(traced.encode(texts), eager.encode(texts)):  # one padded batch
        assert np.array_equal(a.states, b.states) and np.array_equal(a.offsets, b.offsets)
