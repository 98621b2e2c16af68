"""Errors of the store layer; all are `GuardianError`s, so callers may catch the base.

    GuardianError
     +-- StoreError              anything the store layer raises on purpose (never quotes a value)
          +-- StoreURLError       `guardian_store` is not a URL this layer can use
          +-- StoreUnavailable    the database cannot be reached now (down, locked, connection lost): retry later
          |    +-- StoreTimeout   it did not answer within the client's own bound (slow, or frozen)
          +-- StoreSchemaError    the schema is newer than this code, or a migration failed
          +-- StoreCorruptError   the file or a row is not what the schema says
"""

from __future__ import annotations

from guardian.errors import GuardianError

__all__ = ["StoreError", "StoreURLError", "StoreUnavailable", "StoreTimeout", "StoreSchemaError", "StoreCorruptError"]


class StoreError(GuardianError):
    """Base class of the store layer's errors. Messages name the store and the error, never a value."""


class StoreURLError(StoreError):
    """The store URL cannot be used (wrong scheme, bad port, driver missing)."""


class StoreUnavailable(StoreError):
    """The database cannot be reached now; the operation may succeed later."""


class StoreTimeout(StoreUnavailable):
    """The database did not answer within the client's own bound: a server-side timeout cannot
    fire on a server that is frozen, so the client cut the connection."""


class StoreSchemaError(StoreError):
    """The schema is newer than this code knows, or a migration failed."""


class StoreCorruptError(StoreError):
    """The database (or a row of it) is not readable as the schema says."""
