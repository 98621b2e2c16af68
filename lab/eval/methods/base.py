"""The method interface: one text in, its anonymized version out, plus what the method knows.

A method is one small class in one file of this package, registered in `registry.py`. It gets
the shared, lazily loaded resources (`Resources`: detector, LLM) in its constructor, so twenty
methods in one run load spaCy and connect to the LLM once.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from guardian.types import JsonLLM

if TYPE_CHECKING:
    from guardian.detect import Detector
    from guardian.pipeline import Pipeline

__all__ = ["Method", "MethodOutput", "Resources"]


@dataclass(frozen=True)
class MethodOutput:
    """What a method made of one text."""

    text: str
    level: int | None = None  # the anonymization level finally applied (GuardianAgent, fixed levels)
    decision: str | None = None  # allow / transform / deny (GuardianAgent full)
    info: dict[str, Any] = field(default_factory=dict)


class Resources:
    """Shared heavy objects for every method of a run: built on first use.

    The pipelines come from `guardian.assemble`, as the proxy's do: the same detector, levels
    and escalation loop, with the evaluation's settings (every prose value in scope, the run's
    deadline, no policy store) and the run's LLM handed in."""

    def __init__(
        self, llm: JsonLLM | None = None, *, deadline_s: float = 120.0, context: str = "C_med",
        enforce_decisions: bool = False,
    ) -> None:
        self.llm = llm  # a JsonLLM (guardian.llm.SyncLLM) or None: no LLM methods
        self.deadline_s = deadline_s  # per-sample budget of the escalation loop
        self.context = context  # the action context GuardianAgent full is scored in (eval.contexts)
        # GuardianAgent full leaves allowed texts as they are and empties denied ones (as the
        # proxy does) instead of anonymizing every text from the context's start level.
        self.enforce_decisions = enforce_decisions
        self._detector: Detector | None = None
        self._pipelines: dict[tuple[int, bool, int, int], Pipeline] = {}

    @property
    def detector(self) -> Detector:
        if self._detector is None:
            from guardian.detect import Detector

            self._detector = Detector()
            for recognizer in self._detector.recognizers:  # models load now, outside any sample's latency
                recognizer.warm()
        return self._detector

    def pipeline(self, *, l_max: int = 5, verify: bool = True, with_llm: bool = True) -> Pipeline:
        """The assembled pipeline for a method: escalation up to `l_max`, the verifier on or off,
        the run's LLM or none (`with_llm=False`: the fast attacker and the rule levels only)."""
        llm = self.llm if with_llm else None
        key = (l_max, verify, id(llm), id(self.detector))
        if key not in self._pipelines:
            from guardian.assemble import assemble, build_components
            from guardian.records import Basis
            from guardian.settings import Settings

            settings = Settings(
                policy_db=None,
                llm_verify=verify,
                escalation_l_max=l_max,
                escalation_scope="all_text",
                llm_background=False,  # the method as the paper runs it: the loop waits for the LLM
                deadlines={b: self.deadline_s for b in Basis},
                timeout=self.deadline_s / 0.9,
            )
            parts = build_components(settings, llm=llm, detector=self.detector)
            self._pipelines[key] = assemble(settings, components=parts)
        return self._pipelines[key]


class Method(abc.ABC):
    """One anonymization method under evaluation."""

    name: ClassVar[str]  # the id used by --methods and in results.json
    label: ClassVar[str]  # how tables and plots call it
    needs_llm: ClassVar[bool] = False  # skipped (with a note) when no LLM is configured

    def __init__(self, resources: Resources) -> None:
        self.resources = resources

    @abc.abstractmethod
    def anonymize(self, text: str) -> MethodOutput:
        """The anonymized text (and facts about how it was made)."""
