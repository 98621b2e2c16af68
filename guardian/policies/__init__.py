"""Privacy policies (DESIGN.md step 5): discover, fetch, segment, annotate, store and retrieve.

`service.PolicyStore(path).lookup(action, context)` gives the evidence for one request without any
network access; `start()`/`stop()` run the background fetcher that fills the store, and
`swap_fetcher` moves it from one store to the next (the proxy's and the decision process's).
Their rows are `guardian.store.policies.PolicyDB`'s. `transparency_signals(query, evidence)` turns evidence into the M_T signals of `guardian.risk`.
"""

from __future__ import annotations

from guardian.policies.annotate import OPP_CATEGORIES, RuleAnnotator
from guardian.policies.errors import PolicyDBError, PolicyFetchError, PolicyStoreError
from guardian.policies.fetch import FetchLimits
from guardian.policies.records import Evidence, PolicyLookup, PolicyVersion, Statement, StatementFields
from guardian.policies.retrieve import ActionQuery, PolicyIndex, top_k, transparency_signals
from guardian.policies.segment import segment_document

__all__ = [
    "OPP_CATEGORIES",
    "ActionQuery",
    "Evidence",
    "FetchLimits",
    "PolicyDBError",
    "PolicyFetchError",
    "PolicyIndex",
    "PolicyLookup",
    "PolicyStoreError",
    "PolicyVersion",
    "RuleAnnotator",
    "Statement",
    "StatementFields",
    "segment_document",
    "top_k",
    "transparency_signals",
]
