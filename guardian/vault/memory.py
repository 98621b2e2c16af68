"""The vault: one pseudonym mapping per conversation, in memory, bounded, thread-safe.

    Vault ── key_id(key) ──> conversation id (keyed hash: no conversation id or credential kept)
      ├── aliases   id -> conversation id (a response id that a later request names)
      └── Conversation  original <-> pseudonym, per-label counters, its own lock

A `Conversation` gives the same pseudonym to the same original value for as long as it lives,
and never the same pseudonym to two values: a new pseudonym is checked against every pseudonym
in use and every original of the conversation (and, for the request at hand, its whole text).
Lock order is conversation, then vault: the vault never takes a conversation's lock, so two
flows of one conversation serialise on it and flows of different conversations never wait on
each other beyond the short vault bookkeeping.

Lifetime: a conversation idle longer than `ttl` seconds is dropped; above `max_entries` values
in all, the least recently used conversations are dropped whole (never half a mapping). A
`VaultStore` (the encrypted SQLite file, `guardian.store.vault`) gets every new value as it is
made, so a restart keeps the conversations that are still alive.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from guardian.vault.surrogates import STYLES, candidates

__all__ = ["Vault", "Conversation", "Entry", "VaultStore", "LoadedVault", "json_escape", "DEFAULT_TTL_S", "DEFAULT_MAX_ENTRIES"]

DEFAULT_TTL_S = 24 * 3600.0  # a conversation idle for a day is forgotten
DEFAULT_MAX_ENTRIES = 100_000  # values kept in all conversations together
MAX_CONVERSATIONS = 20_000
SWEEP_INTERVAL_S = 30.0  # expired conversations are looked for at most this often
ID_BYTES = 16

Escape = Callable[[str], str]


def json_escape(text: str) -> str:
    """`text` as it sits inside a JSON string (quotes, backslashes, control characters escaped)."""
    return json.dumps(text, ensure_ascii=False)[1:-1]


@dataclass(frozen=True)
class Entry:
    """One value of a conversation and its pseudonym."""

    pseudonym: str
    original: str = field(repr=False)  # never in a repr, a log line or an error message
    label: str
    created: float


@dataclass(frozen=True)
class LoadedVault:
    """What a store read back, whole: conversations (id -> seed, counters, last use, entries) and aliases."""

    conversations: dict[str, tuple[int, dict[str, int], float, list[Entry]]]
    aliases: dict[str, tuple[str, float]]


@dataclass(frozen=True)
class PulledConversation:
    """One conversation as a shared store has it now: what another proxy added to it."""

    cid: str
    seed: int
    counters: dict[str, int]
    last_used: float
    entries: list[Entry]


class VaultStore(Protocol):
    """Where a vault keeps its values between runs (`guardian.store.vault.VaultDB`); `shared`: other
    proxies use it at the same time (PostgreSQL), and `pull` reads one conversation again."""

    shared: bool

    def pull(self, alias: str, since: float) -> PulledConversation | None: ...

    def load(self, now: float, ttl: float) -> LoadedVault: ...

    def save_entry(self, conversation: str, seed: int, counters: dict[str, int], entry: Entry) -> None: ...

    def save_alias(self, alias: str, conversation: str, now: float) -> None: ...

    def touch(self, conversations: Iterable[tuple[str, float]]) -> None: ...

    def forget(self, conversations: Iterable[str]) -> None: ...

    def clear(self) -> None: ...

    def close(self) -> None: ...


class Conversation:
    """The mapping of one conversation. Every method is safe from many threads."""

    def __init__(self, cid: str, seed: int, now: float, on_new: Callable[[Conversation, Entry], None] | None = None) -> None:
        self.id = cid
        self.seed = seed
        self.last_used = now
        self._on_new = on_new
        self._lock = threading.Lock()
        self._forward: dict[str, str] = {}
        self._reverse: dict[str, Entry] = {}
        self._folded: set[str] = set()  # casefolded originals: a surrogate never equals one
        self._counters: dict[str, int] = {}
        self._version = 0
        self._cache: tuple[int, re.Pattern[str] | None, frozenset[str]] = (-1, None, frozenset())
        self._longest = 0
        self.synced = 0.0  # the newest value read from a shared store (`Vault` pulls the ones after it)

    def __len__(self) -> int:
        return len(self._reverse)

    @property
    def counters(self) -> dict[str, int]:
        with self._lock:
            return dict(self._counters)

    def entries(self) -> list[Entry]:
        with self._lock:
            return list(self._reverse.values())

    def merge(self, entries: Iterable[Entry], counters: dict[str, int]) -> int:
        """Add what another proxy made in this conversation (a shared store); a value or a
        pseudonym this one already has keeps its mapping. Returns how many values were added."""
        added = 0
        with self._lock:
            for e in entries:
                if e.original in self._forward or e.pseudonym in self._reverse:
                    continue
                self._put(e)
                added += 1
            for label, n in counters.items():
                self._counters[label] = max(self._counters.get(label, 0), n)
            if added:
                self._version += 1
            self.synced = max([self.synced, *(e.created for e in entries)])
        return added

    def _put(self, entry: Entry) -> None:
        """Map `entry` both ways (the caller holds the lock)."""
        self._forward[entry.original] = entry.pseudonym
        self._reverse[entry.pseudonym] = entry
        self._folded.add(entry.original.casefold())

    def adopt(self, entries: Iterable[Entry], counters: dict[str, int]) -> int:
        """Add the values a decision made from a copy of this conversation (`ChatBook`), kept as if
        made here. Returns the clashes: values or pseudonyms that another proxy's turn gave a
        different mapping meanwhile (a shared vault); the mapping already here stays."""
        clashes = 0
        with self._lock:
            for label, n in counters.items():  # first: a store keeps them with each value
                self._counters[label] = max(self._counters.get(label, 0), n)
            for e in entries:
                known = self._forward.get(e.original)
                if known == e.pseudonym:
                    continue
                if known is not None or e.pseudonym in self._reverse:
                    clashes += 1
                    continue
                self._put(e)
                self._version += 1
                if self._on_new is not None:
                    self._on_new(self, e)
        return clashes

    def load(self, entries: Iterable[Entry], counters: dict[str, int]) -> None:
        """Put back what a store kept (at start, before any flow uses the conversation)."""
        with self._lock:
            for e in entries:
                self._put(e)
            self._counters.update(counters)
            self._version += 1

    def pseudonym(
        self, original: str, label: str, style: str, *, avoid: str = "", now: float | None = None, language: str | None = None,
    ) -> tuple[str, bool]:
        """The pseudonym of `original` (made on first sight: then True). `avoid`: the text it goes
        into, whose words a new pseudonym must not equal or appear in; `language`: that text's, for
        a surrogate written in it (`surrogates.candidates`)."""
        if style not in STYLES:
            raise ValueError(f"unknown pseudonym style {style!r}")
        with self._lock:
            known = self._forward.get(original)
            if known is not None:
                return known, False
            folded_text = avoid.casefold()

            def taken(candidate: str) -> bool:
                folded = candidate.casefold()
                return candidate in self._reverse or folded in self._folded or folded in folded_text

            n = self._counters.get(label, 0) + 1
            value = candidates(label, style, n, self.seed, original, taken, language)
            self._counters[label] = n
            entry = Entry(value, original, label, time.time() if now is None else now)
            self._put(entry)
            self._version += 1
            if self._on_new is not None:
                self._on_new(self, entry)
            return value, True

    def lookup(self, original: str) -> str | None:
        """The pseudonym `original` already has, if any (never makes one)."""
        with self._lock:
            return self._forward.get(original)

    def known_originals(self) -> list[str]:
        """The originals seen so far, longest first (to pseudonymize them where they come back)."""
        with self._lock:
            return sorted(self._forward, key=len, reverse=True)

    def _snapshot(self) -> tuple[re.Pattern[str] | None, frozenset[str], dict[str, Entry]]:
        with self._lock:
            version, pattern, prefixes = self._cache
            if version != self._version:
                keys = sorted(self._reverse, key=len, reverse=True)
                # No word boundaries: a pseudonym written inside a word ("[PERSON_1]'s", a
                # surrogate glued to a letter) is still ours, and restoring stays exact.
                pattern = re.compile("|".join(map(re.escape, keys))) if keys else None
                prefixes = frozenset(k[:i] for k in keys for i in range(1, len(k)))
                self._cache = (self._version, pattern, prefixes)
                self._longest = len(keys[0]) if keys else 0
            return pattern, prefixes, self._reverse

    def restore(self, text: str, *, escape: Escape | None = None) -> tuple[str, int]:
        """`text` with every pseudonym of this conversation replaced by its original (written with
        `escape`, e.g. `json_escape` inside JSON); and how many were replaced. Unknown ones stay."""
        pattern, _, reverse = self._snapshot()
        if pattern is None:
            return text, 0
        count = 0

        def original(m: re.Match[str]) -> str:
            nonlocal count
            entry = reverse.get(m.group(0))
            if entry is None:  # dropped meanwhile (a clear): leave it
                return m.group(0)
            count += 1
            return escape(entry.original) if escape else entry.original

        return pattern.sub(original, text), count

    def mentions(self, text: str) -> bool:
        """Whether `text` holds a pseudonym of this conversation (a cheap test before a rewrite)."""
        pattern, _, _ = self._snapshot()
        return pattern is not None and pattern.search(text) is not None

    def holdback(self, text: str) -> int:
        """How many trailing characters of `text` may be the start of a pseudonym (to hold back
        until the next piece of a stream): at most the longest pseudonym's length less one."""
        pattern, prefixes, _ = self._snapshot()
        if not prefixes or pattern is None:
            return 0
        # A complete pseudonym is restored where it stands: what may start another one is looked
        # for after it only ("marlow.ashby@example.com" ends with "m", which starts the e-mail too).
        floor = 0
        for m in pattern.finditer(text, max(0, len(text) - 2 * self._longest)):
            floor = m.end()
        for size in range(min(self._longest - 1, len(text) - floor), 0, -1):
            if text[-size:] in prefixes:
                return size
        return 0


PULL_OVERLAP_S = 5.0  # values read again from a shared store: clocks of two hosts a little apart


class Vault:
    """Conversations by key, bounded by a TTL and a value count; optionally kept in a store."""

    def __init__(
        self,
        *,
        ttl: float = DEFAULT_TTL_S,
        max_entries: int = DEFAULT_MAX_ENTRIES,
        store: VaultStore | None = None,
        id_key: bytes | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.ttl = ttl
        self.max_entries = max_entries
        self.store = store
        self._id_key = id_key or secrets.token_bytes(32)
        self._clock = clock
        self._lock = threading.RLock()
        self._conversations: OrderedDict[str, Conversation] = OrderedDict()  # least recently used first
        self._aliases: dict[str, tuple[str, float]] = {}
        self._entries = 0
        self._last_sweep = clock()
        # a shared store (PostgreSQL): other proxies add to the same conversations while this one
        # runs, so a conversation is read again before each use (`_pull`)
        self._shared = store is not None and store.shared
        if store is not None:
            self._load(store.load(self._clock(), ttl))

    # -- keys --------------------------------------------------------------------------------

    def key_id(self, key: str) -> str:
        """The keyed hash a conversation key is kept under: no raw id or credential is stored."""
        return hmac.new(self._id_key, key.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[: 2 * ID_BYTES]

    @property
    def shared(self) -> bool:
        """Whether other proxies write to the same store (then `refresh` reads it before a turn)."""
        return self._shared

    def refresh(self, key: str, *, now: float | None = None) -> None:
        """Bring the conversation of `key` up to what a shared store holds (a blocking read: the
        proxy calls it in a thread before `conversation(..., refreshed=True)`); nothing otherwise."""
        if self._shared:
            self._pull(self.key_id(key), self._clock() if now is None else now)

    def conversation(
        self, key: str, *, window: float | None = None, now: float | None = None, refreshed: bool = False,
    ) -> Conversation:
        """The conversation of `key` (an alias of one counts), made on first use. With `window`,
        one idle longer than that many seconds is over: the key starts a new conversation. A
        shared store is read first unless the caller has just done so (`refresh`)."""
        now = self._clock() if now is None else now
        kid = self.key_id(key)
        if self._shared and not refreshed:
            self._pull(kid, now)
        with self._lock:
            self._maybe_sweep(now)
            cid = self._aliases.get(kid, (kid, 0.0))[0]
            conv = self._conversations.get(cid)
            if conv is not None and window is not None and now - conv.last_used > window:
                conv = None
                cid = self.key_id(f"{key}\x00{now!r}")
            if conv is None:
                conv = self._new(cid, secrets.randbelow(1 << 30), now)
                if cid != kid:
                    self._aliases[kid] = (cid, now)
                    if self.store is not None:
                        self.store.save_alias(kid, cid, now)
            conv.last_used = now
            self._conversations.move_to_end(cid)
        if self._shared and self.store is not None:
            self.store.touch([(cid, now)])  # the other proxies' window starts here too
        return conv

    def find(self, cid: str) -> Conversation | None:
        """The conversation with this id, if it is still kept."""
        with self._lock:
            return self._conversations.get(cid)

    def link(self, key: str, cid: str, *, now: float | None = None) -> None:
        """Let a later request that names `key` (a response id, a conversation id the service
        handed out) find the conversation `cid`."""
        now = self._clock() if now is None else now
        kid = self.key_id(key)
        with self._lock:
            if cid not in self._conversations or kid == cid or self._aliases.get(kid, ("",))[0] == cid:
                return
            self._aliases[kid] = (cid, now)
        if self.store is not None:
            self.store.save_alias(kid, cid, now)

    # -- lifetime ----------------------------------------------------------------------------

    def __len__(self) -> int:
        return self._entries

    @property
    def conversations(self) -> int:
        return len(self._conversations)

    def clear(self) -> int:
        """Forget every conversation (and empty the store); returns how many values were dropped."""
        with self._lock:
            dropped = self._entries
            self._conversations.clear()
            self._aliases.clear()
            self._entries = 0
        if self.store is not None:
            self.store.clear()
        return dropped

    def sweep(self, now: float | None = None) -> int:
        """Drop the conversations idle longer than the TTL; returns how many."""
        now = self._clock() if now is None else now
        with self._lock:
            self._last_sweep = now
            expired = [cid for cid, c in self._conversations.items() if now - c.last_used > self.ttl]
            self._drop(expired)
            stale = [a for a, (cid, _) in self._aliases.items() if cid not in self._conversations]
            for alias in stale:
                del self._aliases[alias]
        return len(expired)

    def close(self) -> None:
        """Write the last-use times and close the store."""
        if self.store is None:
            return
        with self._lock:
            uses = [(cid, c.last_used) for cid, c in self._conversations.items()]
        self.store.touch(uses)
        self.store.close()

    # -- inside ------------------------------------------------------------------------------

    def _pull(self, kid: str, now: float) -> None:
        """Bring the conversation `kid` names up to what the shared store has: made here if only
        another proxy had it (with its seed, so its surrogates are the same), else its new values
        added. Reads outside the lock; a store that cannot be read changes nothing."""
        with self._lock:
            cid = self._aliases.get(kid, (kid, 0.0))[0]
            known = self._conversations.get(cid)
            since = known.synced - PULL_OVERLAP_S if known is not None else 0.0
        assert self.store is not None
        pulled = self.store.pull(kid, since)
        if pulled is None:
            return
        with self._lock:
            if pulled.cid != kid:
                self._aliases[kid] = (pulled.cid, now)
            conv = self._conversations.get(pulled.cid)
            if conv is None:
                conv = self._new(pulled.cid, pulled.seed, pulled.last_used)
            self._entries += conv.merge(pulled.entries, pulled.counters)
            conv.last_used = max(conv.last_used, pulled.last_used)

    def _new(self, cid: str, seed: int, now: float) -> Conversation:
        conv = Conversation(cid, seed, now, self._on_new)
        self._conversations[cid] = conv
        if len(self._conversations) > MAX_CONVERSATIONS:
            self._drop([next(iter(self._conversations))])
        return conv

    def _on_new(self, conv: Conversation, entry: Entry) -> None:
        """A conversation made a value (its lock is held): count it, keep it, keep the bound."""
        with self._lock:
            if self._conversations.get(conv.id) is not conv:
                return  # dropped meanwhile: nothing to count or keep
            self._entries += 1
            if self._entries > self.max_entries:
                victims = []
                excess = self._entries - self.max_entries
                for cid, other in self._conversations.items():
                    if excess <= 0:
                        break
                    if other is not conv:
                        victims.append(cid)
                        excess -= len(other)
                self._drop(victims)
        if self.store is not None:
            self.store.save_entry(conv.id, conv.seed, dict(conv._counters), entry)  # its lock is held: no race

    def _drop(self, cids: list[str]) -> None:
        for cid in cids:
            conv = self._conversations.pop(cid, None)
            if conv is not None:
                self._entries -= len(conv)
        if cids and self.store is not None:
            self.store.forget(cids)

    def _maybe_sweep(self, now: float) -> None:
        if now - self._last_sweep >= SWEEP_INTERVAL_S:
            self.sweep(now)

    def _load(self, loaded: LoadedVault) -> None:
        for cid, (seed, counters, last_used, entries) in loaded.conversations.items():
            conv = Conversation(cid, seed, last_used, self._on_new)
            conv.load(entries, counters)
            self._conversations[cid] = conv
            self._entries += len(entries)
        self._conversations = OrderedDict(sorted(self._conversations.items(), key=lambda kv: kv[1].last_used))
        self._aliases.update(loaded.aliases)
