"""Errors of the policy store; all are `GuardianError`s, so callers may catch the base.

    GuardianError
     +-- PolicyStoreError        anything the policy store raises on purpose
          +-- PolicyFetchError    a policy page could not be fetched or read (outcome in .outcome)
          +-- PolicyDBError       the SQLite store is unusable (bad path, newer schema)
"""

from __future__ import annotations

from guardian.errors import GuardianError

__all__ = ["PolicyStoreError", "PolicyFetchError", "PolicyDBError"]


class PolicyStoreError(GuardianError):
    """Base class of the policy store's errors."""


class PolicyFetchError(PolicyStoreError):
    """A fetch ended without a usable policy; `outcome` names why (too_large, not_text, ...)."""

    def __init__(self, outcome: str, message: str) -> None:
        super().__init__(f"{outcome}: {message}")
        self.outcome = outcome


class PolicyDBError(PolicyStoreError):
    """The policy database cannot be opened or has a schema this version does not know."""
