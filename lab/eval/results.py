"""The record of one scored sample, shared by the runner (which makes them) and the journal
(which writes them and reads them back on `--resume`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["SampleResult"]


@dataclass
class SampleResult:
    """One (data set, method, sample) scored: privacy, utility, guess (None where not measured or
    on error), latency, and for GuardianAgent its level and decision."""

    dataset: str
    method: str
    sample_id: str
    privacy: float | None
    utility: float | None
    guess: float | None
    latency_ms: float
    level: int | None = None
    decision: str | None = None
    error: str | None = None
    info: dict[str, Any] = field(default_factory=dict)
