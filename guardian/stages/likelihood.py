"""The likelihood stage: how likely the recipient misuses the data, from its policy's evidence
(`guardian.matcher`: System 1, and System 2 when configured); costly when System 1 is unsure and
System 2 would be asked."""

from __future__ import annotations

from guardian.errors import SlowPathNeeded
from guardian.matcher import Matcher
from guardian.stages.flow import Decision, FlowState, Stage

__all__ = ["Likelihood"]


class Likelihood(Stage):
    name = "likelihood"
    costly = True

    def __init__(self, matcher: Matcher) -> None:
        self.matcher = matcher

    def slow(self, state: FlowState) -> bool:
        """System 1's estimate when it settles it (kept for `run`); True when System 2 is needed.
        (Resumed, the matcher scores System 1 again: a few milliseconds.)"""
        assert state.action is not None, "the detect stage runs first"
        with state.timer.stage("likelihood"):
            try:
                state.estimate = self.matcher.estimate(state.action, state.evidence.statements, fast_only=True)
            except SlowPathNeeded:  # System 1 is unsure and System 2 is configured
                return True
        return False

    def run(self, state: FlowState) -> Decision | None:
        assert state.action is not None, "the detect stage runs first"
        if state.estimate is None:
            with state.timer.stage("likelihood"):
                state.estimate = self.matcher.estimate(state.action, state.evidence.statements)
        return None
