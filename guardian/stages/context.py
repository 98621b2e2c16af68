"""The context stage: who receives the request, for what, on whose initiative (`guardian.context`).
It runs before the field kinds: a tracker's cookies from another site are identifiers."""

from __future__ import annotations

from guardian.context import ContextOverride, ContextResolver
from guardian.context.collectors import recognise_collector
from guardian.context.site import is_top_level_navigation
from guardian.rules import Rules
from guardian.stages.flow import Decision, FlowState, Stage

__all__ = ["ResolveContext"]


class ResolveContext(Stage):
    name = "context"

    def __init__(self, resolver: ContextResolver) -> None:
        self.resolver = resolver

    def run(self, state: FlowState) -> Decision | None:
        request = state.request
        with state.timer.stage("context"):
            state.collector = collector = recognise_collector(request, state.payload)
            override = _override(state.in_force, request.host)
            state.context = self.resolver.resolve(request, override, collector, frames=state.session.frames)
            if state.session.seen is not None and is_top_level_navigation(request):
                state.session.seen.note_page(request.url)  # its address is page context in the page's requests
        return None


def _override(rules: Rules, host: str) -> ContextOverride | None:
    """What the user's rules say about `host`'s recipient and purposes, if anything."""
    rule = rules.override_for(host)
    if rule is None:
        return None
    return ContextOverride(recipient=rule.recipient, purposes=rule.purposes)
