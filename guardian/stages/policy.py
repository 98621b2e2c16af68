"""The policy stage: what the recipient's privacy policy says about the action (`guardian.policies`),
from memory only: an unknown site's policy is fetched in the background."""

from __future__ import annotations

from typing import TYPE_CHECKING

from guardian.policies.records import NO_EVIDENCE, NO_URLS
from guardian.stages.flow import Decision, FlowState, Stage

if TYPE_CHECKING:
    from guardian.policies.service import PolicyStore

__all__ = ["Policy"]


class Policy(Stage):
    name = "policy"

    def __init__(self, store: PolicyStore | None) -> None:
        self.store = store  # None: every action is scored with no policy evidence

    def run(self, state: FlowState) -> Decision | None:
        assert state.action is not None, "the detect stage runs first"
        with state.timer.stage("policy"):
            if self.store is None:
                state.evidence = NO_EVIDENCE
            else:  # the user's rules say where a policy is when discovery misses it
                urls = state.rules.policies if state.rules is not None else NO_URLS
                state.evidence = self.store.transparency(state.action, state.where, urls)
        return None
