"""GuardianAgent: a privacy agent for live web traffic."""

from __future__ import annotations

__version__ = "0.1.0"
