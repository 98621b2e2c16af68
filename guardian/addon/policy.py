"""Policy fetching: the policy store's options, and its background fetcher's lifetime.

The store itself is a component of the pipeline (`guardian.assemble`); this addon declares its
options and runs the fetcher from `running` to `done`, restarting it on the store that a change
of options put in place. With `guardian_policy_fetch=false` the store is only read.
"""

from __future__ import annotations

from typing import Any

from guardian.addon.shared import PolicyView, check_own_options
from guardian.policies.service import PolicyStore, swap_fetcher
from guardian.settings import declare_options

__all__ = ["PolicyFetcher", "POLICY_OPTIONS"]

POLICY_OPTIONS = ("guardian_policy_db", "guardian_policy_fetch", "guardian_policy_ttl", "guardian_policy_annotator")


class PolicyFetcher:
    """Runs the background fetcher of the policy store in force while the proxy runs."""

    def __init__(self, engine: PolicyView) -> None:
        self.engine = engine  # the settings and the pipeline in force
        self._running = False
        self._fetching: PolicyStore | None = None

    def load(self, loader: Any) -> None:
        declare_options(loader, POLICY_OPTIONS)

    def configure(self, updated: set[str]) -> None:
        check_own_options(updated, POLICY_OPTIONS)
        if self._running:  # the decision addon (configured first) may have built a new store
            self._sync()

    def running(self) -> None:
        self._running = True
        self._sync()

    def done(self) -> None:
        self._running = False
        self._sync()

    def _sync(self) -> None:
        pipeline = self.engine.pipeline
        store = pipeline.policy_store if pipeline is not None else None
        wanted = store if self._running and self.engine.settings.policy_fetch else None
        self._fetching = swap_fetcher(self._fetching, wanted)

