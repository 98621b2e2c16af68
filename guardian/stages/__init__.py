"""The request path's stages, one per module, in the order they run:

    rules -> decode -> context -> kinds -> detect* -> policy -> likelihood* -> risk
          -> anonymize* -> pseudonyms (an AI chat's) -> encode                    (* costly)

Each stage is an object with a `name`, whether it is `costly` (it may run a model or ask the
LLM) and `run(state)`: None to go on, or the `Decision` when it is made there. What a stage
leaves for the later ones is in the request's `FlowState` (`guardian.stages.flow`).

`run_stages` is the one runner. On the fast path it stops before the first costly stage that this
request really needs (`Stage.slow`: NER on prose, System 2, the escalation loop's attacker) and
returns a `Partial`, the stage's index and the state so far; resumed, it goes on from that index,
so no stage runs twice for one request, in the pool or in the decision process (the state pickles).
A stage's modules import `guardian.stages.flow`, never this package, which imports them.
"""

from __future__ import annotations

from collections.abc import Sequence

from guardian.stages.anonymize import Anonymize
from guardian.stages.context import ResolveContext
from guardian.stages.decode import Decode
from guardian.stages.detect import Detect
from guardian.stages.encode import Encode
from guardian.stages.flow import Decision, FlowState, Partial, Stage, StageTimer, rules_for
from guardian.stages.kinds import Kinds
from guardian.stages.likelihood import Likelihood
from guardian.stages.policy import Policy
from guardian.stages.pseudonyms import Pseudonyms
from guardian.stages.risk import Risk
from guardian.stages.rules import RuleCheck

__all__ = [
    "run_stages", "Decision", "FlowState", "Partial", "Stage", "StageTimer", "rules_for",
    "RuleCheck", "Decode", "ResolveContext", "Kinds", "Detect", "Policy", "Likelihood", "Risk", "Anonymize",
    "Pseudonyms", "Encode",
]


def run_stages(stages: Sequence[Stage], state: FlowState, start: int = 0, *, fast: bool = False) -> Decision | Partial:
    """Run `stages[start:]` on `state` until one decides. `fast`: stop before a costly stage that
    this request needs (a `Partial` at its index); otherwise the costly ones run too."""
    for index in range(start, len(stages)):
        stage = stages[index]
        if fast and stage.costly and stage.slow(state):
            return Partial(index, state)
        decided = stage.run(state)
        if decided is not None:
            return decided
    raise AssertionError("the last stage always decides")
