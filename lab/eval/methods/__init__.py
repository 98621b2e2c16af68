"""Methods under evaluation: GuardianAgent (full and ablations), fixed levels, baselines."""

from __future__ import annotations

from lab.eval.methods.base import Method, MethodOutput, Resources
from lab.eval.methods.registry import METHODS, NO_LLM_METHODS, build_method

__all__ = ["Method", "MethodOutput", "Resources", "METHODS", "NO_LLM_METHODS", "build_method"]
