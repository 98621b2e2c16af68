"""The policy store's part of the addon: its options, and the background fetcher's lifetime.

`GuardianAddon` delegates to one `PolicyAddonPart`: `load` declares the options, `configure`
validates them (a bad path fails at start), `attach` hands the store to the pipeline, and
`start`/`stop` run the fetcher from the `running`/`done` hooks.
"""

from __future__ import annotations

import logging
import os
from typing import Any, Optional

from guardian.errors import GuardianError
from guardian.policy_store.service import PolicyStore
from guardian.policy_store.store import default_db_path

__all__ = ["PolicyAddonPart"]

log = logging.getLogger("guardian")

_OPTIONS = {"guardian_policy_db", "guardian_policy_fetch", "guardian_policy_ttl", "guardian_policy_annotator"}
ANNOTATORS = ("rules", "llm")


class PolicyAddonPart:
    def __init__(self) -> None:
        self.store: PolicyStore | None = None
        self.fetch = True
        self.annotator = "rules"
        self._running = False

    @staticmethod
    def load(loader: Any) -> None:
        loader.add_option(
            "guardian_policy_db", Optional[str], None,
            f"SQLite file of the privacy-policy store (default: {default_db_path()}); 'off' disables policy evidence.",
        )
        loader.add_option(
            "guardian_policy_fetch", bool, True,
            "Fetch the privacy policy of unknown sites in the background (off: use only `guardian policy fetch`).",
        )
        loader.add_option("guardian_policy_ttl", float, 7 * 24 * 3600.0, "Seconds before a stored policy is refetched.")
        loader.add_option(
            "guardian_policy_annotator", str, "rules",
            "How fetched statements are annotated: rules (lexicon, fast, offline) or llm (the configured "
            "LLM endpoint, in the background; rules where it fails).",
            choices=ANNOTATORS,
        )

    def configure(self, updated: set[str]) -> None:
        from mitmproxy import ctx, exceptions

        if not _OPTIONS & updated and self.store is not None:
            return
        opts = ctx.options
        if not opts.guardian_policy_ttl > 0:
            raise exceptions.OptionsError("guardian_policy_ttl must be a positive number of seconds")
        if opts.guardian_policy_annotator not in ANNOTATORS:
            raise exceptions.OptionsError(f"guardian_policy_annotator must be one of {ANNOTATORS}")
        self.annotator = opts.guardian_policy_annotator
        self.fetch = bool(opts.guardian_policy_fetch)
        path = opts.guardian_policy_db
        if path is not None and path.strip().lower() == "off":
            self._replace(None)
            return
        try:
            store = PolicyStore(os.path.expanduser(path) if path else default_db_path(), ttl_s=float(opts.guardian_policy_ttl))
        except GuardianError as e:
            raise exceptions.OptionsError(f"guardian_policy_db: {e}") from e
        self._replace(store)

    def _replace(self, store: PolicyStore | None) -> None:
        old, self.store = self.store, store
        if old is not None:
            old.stop()
        if self._running:
            self.start()

    def attach(self, pipeline: Any, context: Any) -> None:
        """Give the pipeline this store (the trackers come from the addon's context resolver)."""
        if self.store is not None and context is not None:
            self.store.trackers = getattr(context, "trackers", None)
        if self.store is not None and pipeline is not None:  # the user's policy URLs come first in discovery
            self.store.policy_urls = dict(getattr(getattr(pipeline, "rules", None), "policies", None) or {})
        if pipeline is not None and getattr(pipeline, "policy_store", None) is not self.store:
            pipeline.policy_store = self.store

    def use_llm(self, llm: Any | None) -> None:
        """Annotate with the LLM when asked to and one is configured; the rule annotator otherwise."""
        if self.store is None:
            return
        from guardian.policy_store.annotate import RuleAnnotator

        if self.annotator == "llm" and llm is not None:
            from guardian.policy_store.llm_annotator import LLMAnnotator

            self.store.annotator = LLMAnnotator(llm)
        else:
            if self.annotator == "llm":
                log.warning("guardian: guardian_policy_annotator=llm but no LLM is configured; using rules")
            self.store.annotator = RuleAnnotator()

    def start(self) -> None:
        self._running = True
        if self.store is not None and self.fetch:
            self.store.start()
            log.info("guardian: policy store at %s, background fetching on", self.store.db.path)

    def stop(self) -> None:
        self._running = False
        if self.store is not None:
            self.store.stop()
