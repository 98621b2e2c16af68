"""The rules stage: GuardianAgent's own LLM calls, then the rules' locks, trusted and blocked hosts."""

from __future__ import annotations

from guardian.decision_record import DecisionRecord
from guardian.records import Verdict
from guardian.stages.flow import Decision, FlowState, Stage

__all__ = ["RuleCheck"]


class RuleCheck(Stage):
    """Decides by rule alone: a trusted host is allowed, a blocked one denied, unread."""

    name = "rules"

    def __init__(self, own_endpoints: tuple[str, ...]) -> None:
        self.own_endpoints = own_endpoints  # the configured LLM's base URLs: never an outgoing flow to decide

    def run(self, state: FlowState) -> Decision | None:
        request, base = state.request, state.base
        host = request.host
        if any(request.url.startswith(e) for e in self.own_endpoints):  # its calls through the proxy: no loop
            reason = f"{host} is GuardianAgent's own LLM endpoint"
            return state.finish(DecisionRecord(**base, decision=Verdict.ALLOW, reason=reason, rule="own:llm"))
        rules = state.in_force
        with state.timer.stage("rules"):
            blocked = rules.locked_match(host)  # the proxy's blocks, under a user's own rules
            trusted = rules.trusted_match(host) if blocked is None else None
            blocked = blocked or (rules.blocked_match(host) if trusted is None else None)
        if trusted is not None:
            reason = f"{host} is trusted by rule"
            return state.finish(DecisionRecord(**base, decision=Verdict.ALLOW, reason=reason, rule=f"trusted:{trusted}"))
        if blocked is not None:
            reason = f"{host} is blocked by rule: {blocked.reason}"
            return state.finish(DecisionRecord(**base, decision=Verdict.DENY, reason=reason, rule=f"blocked:{blocked.domain}"))
        return None
