"""Every method by its id. A new baseline: one file with a `Method` subclass, one line here."""

from __future__ import annotations

from collections.abc import Callable

from guardian.errors import ConfigError
from lab.eval.methods.base import Method, Resources
from lab.eval.methods.fixed_level import FixedLevel
from lab.eval.methods.guardian import GuardianFast, GuardianFull
from lab.eval.methods.ner_only import NerOnly
from lab.eval.methods.presidio import PresidioDefaults

__all__ = ["METHODS", "NO_LLM_METHODS", "build_method"]

METHODS: dict[str, Callable[[Resources], Method]] = {
    "guardian": lambda r: GuardianFull(r),
    "L1": lambda r: FixedLevel(r, 1),
    "L2": lambda r: FixedLevel(r, 2),
    "L3": lambda r: FixedLevel(r, 3),
    "L4": lambda r: FixedLevel(r, 4),
    "L5": lambda r: FixedLevel(r, 5),
    "ner": NerOnly,
    "presidio": PresidioDefaults,
    # ablations of GuardianAgent full (l_max = 5 with the verifier is `guardian` itself)
    "guardian-lmax3": lambda r: GuardianFull(r, l_max=3),
    "guardian-lmax4": lambda r: GuardianFull(r, l_max=4),
    "guardian-noverify": lambda r: GuardianFull(r, verify=False),
    "guardian-fast": lambda r: GuardianFast(r),  # no LLM: the fast attacker
    "guardian-fast-noverify": lambda r: GuardianFast(r, verify=False),  # its verifier ablation
}
NO_LLM_METHODS = ("L1", "L2", "L3", "ner", "presidio", "guardian-fast", "guardian-fast-noverify")


def build_method(name: str, resources: Resources) -> Method:
    try:
        factory = METHODS[name]
    except KeyError:
        raise ConfigError(f"unknown method {name!r}; known: {', '.join(METHODS)}") from None
    return factory(resources)
