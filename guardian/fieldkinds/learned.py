"""Field kinds learnt across users: what a key carries for every user of the proxy.

A dictionary names the ids of the vendors it knows; a key's name and its value's shape guess the
rest. A proxy with several users (`guardian_users`) sees more: the same key of the same
recipient, sent by many browsers.

- **A per-user identifier**: MIN_USERS or more users each sent the key a value of an id's shape
  (`seen.remembers`), the values all differ, and at least MIN_STABLE of those users sent theirs
  again (an id is stable: a nonce or a timestamp changes on every request). Such a key is an
  identifier in every later request to that recipient, whatever its name.
- **A constant**: two or more users sent the same value. The site's own key, a version, a
  configuration id: never a user id, whatever its name or shape (`SITE_MACHINERY`), so it is
  sent as it is.

A signed token (a JWS, `shapes.is_signed_token`: OpenReplay's session token) is never learnt
as an id, whatever its key: it differs per user and comes back stable, like an id, but its
issuer wrote it, and a swapped one fails the issuer's signature check (the session restarts).

A learnt kind is the property of a traffic pattern, not of a value list: nothing is known before
enough users have been seen. What is kept per (recipient site, key) is, for at most
`MAX_USERS` users, a keyed digest of the user and of their last value, and how often it repeated;
at most `MAX_KEYS` keys, least recently seen out first. Values are never kept.

The learner belongs to the proxy (`guardian.session_sync.ProxySessions`), not to a user: it is
what users teach together. Each decision reports what it saw (`SessionChanges.observed`), the
proxy's sessions holder feeds it what each decision taught (`ProxySessions.learnt`), and a
decision reads it (`learned_labels`).
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from guardian.fieldkinds.seen import remembers
from guardian.fieldkinds.shapes import is_signed_token
from guardian.records import Field, KindLabel, ValueKind

__all__ = [
    "IdLearner", "Observation", "field_key", "observations", "MIN_USERS", "MIN_STABLE", "LEARNED_ID", "LEARNED_CONSTANT",
]

MIN_USERS = 3  # users with distinct values before a key counts as a per-user id
MIN_STABLE = 2  # of them, users whose value came back in a later request
MAX_USERS = 16  # users remembered per key
MAX_KEYS = 20_000
LEARNED_ID = KindLabel(ValueKind.USER_IDENTIFIER, "learned", "each user sends their own stable value under this key")
LEARNED_CONSTANT = KindLabel(ValueKind.SITE_MACHINERY, "learned", "every user sends the same value under this key")
_INDEX = re.compile(r"\[\d+\]|#\d+$")
# labels a learnt kind never replaces: what a vendor documents, and a signed URL's own parameters
_DOCUMENTED = ("vendor:", "signed")


@dataclass(frozen=True)
class Observation:
    """One id-shaped value a user sent under one key of one recipient (digests only)."""

    site: str
    key: str
    value: bytes  # keyed digest


def field_key(path: str) -> str:
    """A field's key without positions: `json:$.events[3].uid` and `...[0].uid` are one key."""
    return _INDEX.sub("", path)


def observations(site: str, fields: Iterable[Field], labels: Mapping[str, KindLabel], digest: object) -> tuple[Observation, ...]:
    """What a request to `site` shows the learner: its id-shaped values not marked never-touch
    (`digest`: the session's keyed digest function)."""
    out = []
    for f in fields:
        label = labels.get(f.path)
        if label is not None and label.never_touch:
            continue
        if isinstance(f.value, str) and remembers(f.value) and not is_signed_token(f.value):
            out.append(Observation(site, field_key(f.path), digest(f.value)))  # type: ignore[operator]
    return tuple(out)


class _KeyStats:
    __slots__ = ("users", "kind")

    def __init__(self) -> None:
        self.users: OrderedDict[bytes, tuple[bytes, int]] = OrderedDict()  # user digest -> (value digest, times)
        self.kind: KindLabel | None = None

    def add(self, user: bytes, value: bytes) -> None:
        last = self.users.get(user)
        times = last[1] + 1 if last is not None and last[0] == value else 1
        self.users[user] = (value, times)
        self.users.move_to_end(user)
        while len(self.users) > MAX_USERS:
            self.users.popitem(last=False)
        self.kind = self._judge()

    def _judge(self) -> KindLabel | None:
        values = [v for v, _ in self.users.values()]
        if len(values) >= 2 and len(set(values)) < len(values):
            return LEARNED_CONSTANT
        stable = sum(1 for _, times in self.users.values() if times >= 2)
        if len(values) >= MIN_USERS and stable >= MIN_STABLE:
            return LEARNED_ID
        return None


class IdLearner:
    """Per (recipient site, key): what the proxy's users send there (see the module docstring)."""

    def __init__(self, *, key: bytes | None = None, max_keys: int = MAX_KEYS) -> None:
        self._key = key if key is not None else os.urandom(32)
        self.max_keys = max_keys
        self._stats: OrderedDict[tuple[str, str], _KeyStats] = OrderedDict()
        self._learnt: dict[tuple[str, str], KindLabel] = {}
        self._lock = threading.Lock()
        self.version = 0  # changes whenever a kind is learnt or unlearnt (the decision process's copy follows it)

    def __len__(self) -> int:
        return len(self._learnt)

    def learnt(self) -> dict[tuple[str, str], bool]:
        """What has been learnt, small enough to send: (site, key) -> True for an id, False for a constant."""
        with self._lock:
            return {k: v is LEARNED_ID for k, v in self._learnt.items()}

    def set_learnt(self, learnt: Mapping[tuple[str, str], bool]) -> None:
        """Take what another learner learnt (the decision process's copy: it reads, never counts)."""
        table = {k: (LEARNED_ID if is_id else LEARNED_CONSTANT) for k, is_id in learnt.items()}
        with self._lock:
            self._learnt = table
            self.version += 1

    def observe(self, user: str, seen: Iterable[Observation]) -> None:
        """Count what `user` sent (applied with the user's session changes)."""
        who = hashlib.blake2b(user.encode("utf-8", "surrogatepass"), key=self._key, digest_size=12).digest()
        with self._lock:
            for o in seen:
                k = (o.site, o.key)
                stats = self._stats.get(k)
                if stats is None:
                    stats = self._stats[k] = _KeyStats()
                    if len(self._stats) > self.max_keys:
                        old, _ = self._stats.popitem(last=False)
                        if self._learnt.pop(old, None) is not None:
                            self.version += 1
                else:
                    self._stats.move_to_end(k)
                before = self._learnt.get(k)
                stats.add(who, o.value)
                if stats.kind is not before:
                    if stats.kind is None:
                        self._learnt.pop(k, None)
                    else:
                        self._learnt[k] = stats.kind
                    self.version += 1

    def kind(self, site: str, path: str) -> KindLabel | None:
        """The learnt kind of a field of a request to `site`, if any."""
        if not self._learnt:
            return None
        return self._learnt.get((site, field_key(path)))

    def relabel(self, site: str, fields: Iterable[Field], labels: Mapping[str, KindLabel]) -> Mapping[str, KindLabel]:
        """`labels`, with the learnt kinds in place of none or a guess by name, shape, place or
        cookie (what a vendor documents, and never-touch labels, stay)."""
        if not self._learnt:
            return labels
        out: dict[str, KindLabel] | None = None
        for f in fields:
            learnt = self._learnt.get((site, field_key(f.path)))
            if learnt is None:
                continue
            label = labels.get(f.path)
            if label is not None and (label.never_touch or label.source.startswith(_DOCUMENTED) or label == learnt):
                continue
            if isinstance(f.value, str) and is_signed_token(f.value):
                continue  # its issuer's own signed state: a swapped one fails the signature check
            if learnt is LEARNED_ID and label is not None and label.kind is ValueKind.USER_DATA:
                continue  # user data is scored anyway
            out = dict(labels) if out is None else out
            out[f.path] = learnt
        return labels if out is None else out
