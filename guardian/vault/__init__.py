"""The AI-chat vault: consistent pseudonyms per conversation, kept reversibly, restored in answers.

    store.py         Vault, Conversation: the mapping, thread-safe, TTL, size bound
    disk.py          VaultDB: the mapping in SQLite or guardian_store, originals encrypted (Fernet), key file 0600
    surrogates.py    what a pseudonym looks like: [PERSON_1] or a realistic surrogate
    conversation.py  which conversation a request belongs to
    pseudonymize.py  one text: the conversation's pseudonyms at its findings and its known values
                     (the pipeline's chat operator: guardian/anonymize/operators/chat_pseudonym.py)
    jsontext.py      pseudonyms restored in JSON token by token (valid after, arguments included)
    slots.py         where a streamed answer's deltas are, per API, and when each stream of them ends
    stream.py        a stream's events restored in order, pseudonyms split across deltas included
    sse.py           a server-sent event stream cut into events (and the stream decompressor)
    jsonstream.py    a streamed JSON array or NDJSON cut into objects; a whole JSON answer
    options.py       the options, checked
    cli.py           `guardian vault clear | status`

The mitmproxy side is `guardian/addon/restore.py`.
"""

from __future__ import annotations

from guardian.vault.errors import VaultCorruptError, VaultError, VaultKeyError
from guardian.vault.memory import Conversation, Entry, Vault, json_escape

__all__ = ["Vault", "Conversation", "Entry", "VaultError", "VaultCorruptError", "VaultKeyError", "json_escape"]
