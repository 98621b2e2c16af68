"""The AI-chat vault: consistent pseudonyms per conversation, kept reversibly, restored in answers.

    store.py         Vault, Conversation: the mapping, thread-safe, TTL, size bound
    disk.py          VaultDB: the mapping in SQLite, originals encrypted (Fernet), key file 0600
    surrogates.py    what a pseudonym looks like: [PERSON_1] or a realistic surrogate
    conversation.py  which conversation a request belongs to
    pseudonymize.py  a request's findings -> the conversation's pseudonyms -> a rewrite
    sse.py           an event stream restored chunk by chunk, split pseudonyms included
    options.py       the options, checked
    cli.py           `guardian vault clear | status`

The mitmproxy side is `guardian/addon/restore.py`.
"""

from __future__ import annotations

from guardian.vault.errors import VaultCorruptError, VaultError, VaultKeyError
from guardian.vault.store import Conversation, Entry, Vault, json_escape

__all__ = ["Vault", "Conversation", "Entry", "VaultError", "VaultCorruptError", "VaultKeyError", "json_escape"]
