"""Policy store (DESIGN.md step 5): discover, fetch, segment, annotate, store and retrieve.

`PolicyStore(path).lookup(action, context)` gives the evidence for one request without any
network access; `start()`/`stop()` run the background fetcher that fills the store, and
`swap_fetcher` moves it from one store to the next (the proxy's and the decision process's).
`transparency_signals(query, evidence)` turns evidence into the M_T signals of `guardian.risk`.
"""

from __future__ import annotations

from guardian.policy_store.annotate import OPP_CATEGORIES, RuleAnnotator
from guardian.policy_store.errors import PolicyDBError, PolicyFetchError, PolicyStoreError
from guardian.policy_store.fetch import FetchLimits
from guardian.policy_store.records import Evidence, PolicyLookup, PolicyVersion, Statement, StatementFields
from guardian.policy_store.retrieve import ActionQuery, PolicyIndex, top_k, transparency_signals
from guardian.policy_store.segment import segment_document
from guardian.policy_store.service import PolicyStore, swap_fetcher
from guardian.policy_store.store import PolicyDB, default_db_path

__all__ = [
    "OPP_CATEGORIES",
    "ActionQuery",
    "Evidence",
    "FetchLimits",
    "PolicyDB",
    "PolicyDBError",
    "PolicyFetchError",
    "PolicyIndex",
    "PolicyLookup",
    "PolicyStore",
    "PolicyStoreError",
    "PolicyVersion",
    "RuleAnnotator",
    "Statement",
    "StatementFields",
    "default_db_path",
    "segment_document",
    "swap_fetcher",
    "top_k",
    "transparency_signals",
]
