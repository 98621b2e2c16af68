"""System 1 on the request path: encoders + shipped weights, statement parts cached per version.

`System1.score(practices, statements)` gives (L, u) for an action against its evidence set.
An action is split into atomic practices (one per information type and purpose); each is
matched against every statement, the most permissive statement answers for it
(L_i = min over statements), and the action's L is the worst atomic practice's (max over i),
with u the largest u_i (any uncertain part escalates). Weights can be swapped at any time
(`swap`): readers take one reference, so a decision never mixes two versions.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from guardian.matcher.encoders import Encoder, make_encoder
from guardian.matcher.model import S1Weights
from guardian.matcher.schema import Practice
from guardian.weights import announce, locate

__all__ = ["System1", "S1Result", "EvidenceItem", "shipped_weights_path"]

_STATEMENT_CACHE = 20000  # statement parts kept (statements of ~2,500 policies at k = 8)


@dataclass(frozen=True)
class EvidenceItem:
    """One retrieved statement as System 1 sees it."""

    id: str  # the policy store's statement id ("<version id>:<index>"), stable per policy version
    practice: Practice
    text: str


@dataclass(frozen=True)
class S1Result:
    likelihood: float  # L
    uncertainty: float  # u
    statement_id: str | None  # the statement that answered for the worst atomic practice
    model_version: str


def shipped_weights_path(encoder: str) -> Path:
    """The user's opt-in weights for `encoder` when there are some (guardian/weights.py), else the package's."""
    path, opt_in = locate("matcher", f"{encoder}.npz")
    announce(f"the matcher's System 1 ({encoder})", path, opt_in)
    return path


class System1:
    """The evidential classifier with its encoder; thread-safe, weights swappable."""

    def __init__(self, weights: S1Weights, encoder: Encoder | None = None, version: str | None = None) -> None:
        self.encoder = encoder or make_encoder(weights.encoder, weights.adapters)
        self._current: tuple[S1Weights, str] = (weights, version or str(weights.meta.get("version", "shipped")))
        self._cache: OrderedDict[tuple[str, str], tuple[np.ndarray, np.ndarray]] = OrderedDict()
        self._lock = threading.Lock()

    @classmethod
    def shipped(cls, encoder: str = "multihot") -> System1:
        return cls(S1Weights.load(shipped_weights_path(encoder)))

    @property
    def weights(self) -> S1Weights:
        return self._current[0]

    @property
    def version(self) -> str:
        return self._current[1]

    def swap(self, weights: S1Weights, version: str) -> None:
        """Use new weights from now on (one reference assignment: atomic for readers)."""
        self._current = (weights, version)

    def prepare(self, statements: Sequence[EvidenceItem]) -> None:
        """Encode statements not seen yet, in one batch (call once per policy version)."""
        weights, version = self._current
        self._parts(weights, version, statements)

    def _parts(self, weights: S1Weights, version: str, statements: Sequence[EvidenceItem]) -> tuple[np.ndarray, np.ndarray]:
        vecs: list[np.ndarray | None] = []
        parts: list[np.ndarray | None] = []
        missing: list[int] = []
        with self._lock:
            for i, s in enumerate(statements):
                hit = self._cache.get((version, s.id))
                if hit is None:
                    missing.append(i)
                    vecs.append(None)
                    parts.append(None)
                else:
                    vecs.append(hit[0])
                    parts.append(hit[1])
        if missing:
            enc = self.encoder.statements([(statements[i].practice, statements[i].text) for i in missing])
            part = weights.statement_part(enc)
            with self._lock:
                for j, i in enumerate(missing):
                    vecs[i], parts[i] = enc[j], part[j]
                    self._cache[(version, statements[i].id)] = (enc[j], part[j])
                while len(self._cache) > _STATEMENT_CACHE:
                    self._cache.popitem(last=False)
        return np.stack(vecs), np.stack(parts)  # type: ignore[arg-type]

    def score(self, practices: Sequence[Practice], statements: Sequence[EvidenceItem]) -> S1Result:
        """(L, u) of the action (its atomic practices) against a non-empty evidence set."""
        weights, version = self._current
        p, p_part = self._parts(weights, version, statements)
        worst = (-1.0, 0.0, None)
        u_max = 0.0
        for practice in practices:
            L, u = weights.predict(self.encoder.action(practice), p, p_part)
            j = int(np.argmin(L))
            u_max = max(u_max, float(u[j]))
            if L[j] > worst[0]:
                worst = (float(L[j]), float(u[j]), statements[j].id)
        return S1Result(worst[0], u_max, worst[2], version)
