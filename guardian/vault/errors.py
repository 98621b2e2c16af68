"""Errors of the vault; all are `GuardianError`s, so callers may catch the base.

    GuardianError
     +-- VaultError              anything the vault raises on purpose (never quotes a stored value)
          +-- VaultCorruptError   the vault file cannot be read whole: it is set aside, never half used
          +-- VaultKeyError       the key does not open the vault file (a wrong or replaced key)
"""

from __future__ import annotations

from guardian.errors import GuardianError

__all__ = ["VaultError", "VaultCorruptError", "VaultKeyError"]


class VaultError(GuardianError):
    """Base class of the vault's errors. Messages name files and counts, never values."""


class VaultCorruptError(VaultError):
    """The vault file is not a readable vault (not SQLite, a bad row, a token that does not decrypt)."""


class VaultKeyError(VaultError):
    """The key file does not open this vault: refused, rather than decrypting garbage."""
