"""One user's session: everything a decision remembers about that user, with one owner.

    Pipeline.decide(request, session) ──> Decision(..., changes)     reads the session, writes nothing
    session.apply(changes)                                          the one place a session changes

A `Session` holds what earlier requests of one user taught:

- `frames`: which top-level site embedded each frame (`guardian.context.frames`);
- `seen`: the identifiers found so far, and the token-shaped literals of the scripts the user's browser
  loaded (the site's own keys), as keyed digests (`guardian.fieldkinds.seen`; the literals are not stored);
- `swap`: the identifier swap and its rotation (`guardian.anonymize.operators.identifier`);
- `rules`: the user's own rules, when the deployment gives them any (None: the proxy's).

It also points at what the proxy's users teach together (`learner`,
`guardian.fieldkinds.learned`), which its decisions read: their changes carry the id-shaped
values sent to third parties (`observed`), which the proxy's sessions count there
(`guardian.session_sync.ProxySessions.learnt`).

Its chat conversations and their pseudonyms are the vault's, keyed by the session's user
(`guardian.vault.conversation.conversation_key`), so one user's pseudonyms never reach another.

A decision reads its session through a `SessionView`: reads go to the session, writes are kept
in the view (and read back by the same decision), and come out as the outcome's
`SessionChanges`. Whoever asked for the decision applies them (`Session.apply`). A decision the
fast path stops and the pool resumes (`Pipeline.resume`) keeps one view, so it changes nothing
twice.

The swap key is the deployment's, not the user's: a value common to every user (a site key
mistaken for an id) then gets one substitute for all of them, and so becomes no new identifier.

`Sessions` holds the sessions of a proxy (or of a decision process): one per user key
(`guardian_users`), at most `max_sessions` (the least recently used go first) and each forgotten
`ttl_s` after its last request. A user key is only ever a dictionary key or a bound parameter,
never SQL; only a safe name maps to a user's rules file (`guardian.user_rules`). What keeps
copies of a session elsewhere in step (the decision process's copy, a shared store's rows, the
learner) is `guardian.session_sync`'s, not the session's.
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from guardian.anonymize.operators.identifier import IdentifierSwap
from guardian.context.frames import FrameChain, FrameChange, learn_frame, origin_key
from guardian.fieldkinds.learned import IdLearner, Observation, observations
from guardian.fieldkinds.seen import SeenIdentifiers
from guardian.records import Field, HttpRequest, KindLabel
# sessions kept at once (the least recently used goes first), and how long one lasts after its
# user's last request: the defaults of guardian_sessions_max and guardian_session_ttl
from guardian.settings import MAX_SESSIONS, SESSION_TTL_S

if TYPE_CHECKING:
    from guardian.user_rules import OwnRules

__all__ = [
    "DEFAULT_USER", "SEEN_KEY_LABEL", "MAX_SESSIONS", "SESSION_TTL_S", "NO_CHANGES",
    "Session", "SessionChanges", "SessionSnapshot", "SessionView", "Sessions",
]

DEFAULT_USER = "default"  # the one user of a personal proxy (guardian_users=one)
SEEN_KEY_LABEL = "seen-identifiers"  # ValueHasher.derive label: the digest key of every session's ids


@dataclass(frozen=True)
class SessionChanges:
    """What one decision taught, to be applied to its session (picklable: it crosses processes)."""

    frames: tuple[FrameChange, ...] = ()
    ids: tuple[bytes, ...] = ()  # keyed digests of identifier values
    cookie_sites: tuple[tuple[bytes, tuple[bytes, ...]], ...] = ()  # cookie digest -> first-party site digests
    observed: tuple[Observation, ...] = ()  # id-shaped values sent to third parties, for the proxy's learner
    shown: tuple[bytes, ...] = ()  # keyed digests of the literals of scripts the user's browser loaded (not stored)

    def __bool__(self) -> bool:
        return bool(self.frames or self.ids or self.cookie_sites or self.observed or self.shown)

    @property
    def memory(self) -> bool:
        """Whether they change the session's memory (frames, identifiers), not only the learner's."""
        return bool(self.frames or self.ids or self.cookie_sites)


NO_CHANGES = SessionChanges()


@dataclass(frozen=True)
class SessionSnapshot:
    """A whole session's memory with each entry's age: how a copy elsewhere starts (picklable)."""

    user: str
    seen_key: bytes  # the digest key of `ids`: a copy keeps using it, so later changes match
    frames: tuple[tuple[str, str, float], ...]
    ids: tuple[tuple[bytes, bool, float], ...]
    cookie_sites: tuple[tuple[bytes, tuple[bytes, ...], float], ...]
    shown: tuple[tuple[bytes, bool, float], ...] = ()

    def changes(self) -> SessionChanges:
        """The snapshot's memory as changes, for a copy that has the rest already."""
        return SessionChanges(
            frames=tuple((origin, top) for origin, top, _ in self.frames),
            ids=tuple(digest for digest, _, _ in self.ids),
            cookie_sites=tuple((cookie, sites) for cookie, sites, _ in self.cookie_sites),
            shown=tuple(digest for digest, _, _ in self.shown),
        )


@dataclass(eq=False)
class Session:
    """Everything the decisions of one user remember (see the module docstring)."""

    user: str
    frames: FrameChain = field(default_factory=FrameChain)
    seen: SeenIdentifiers = field(default_factory=SeenIdentifiers)
    swap: IdentifierSwap | None = None  # None: the pipeline's own
    rules: OwnRules | None = None  # the user's own rules over the proxy's (`guardian.user_rules`); None: the proxy's
    # what the proxy's users taught together (`guardian.fieldkinds.learned`), read by the decisions
    learner: IdLearner | None = None

    def view(self) -> SessionView:
        """What one decision reads and writes (its writes stay in the view)."""
        return SessionView(self)

    def apply(self, changes: SessionChanges) -> None:
        """Store what a decision taught: the one way a session's memory changes."""
        if not changes:
            return
        self.frames.apply(changes.frames)
        self.seen.apply(changes.ids, changes.cookie_sites, changes.shown)

    def snapshot(self) -> SessionSnapshot:
        """This session's memory, for a copy elsewhere (`restore`)."""
        ids, cookie_sites = self.seen.entries()
        return SessionSnapshot(self.user, self.seen.key, tuple(self.frames.entries()), tuple(ids), tuple(cookie_sites),
                               tuple(self.seen.shown_entries()))

    def restore(self, snapshot: SessionSnapshot) -> None:
        """Add a snapshot's memory (this session is expected to be new, or to have the rest)."""
        self.frames.restore(snapshot.frames)
        self.seen.restore(snapshot.ids, snapshot.cookie_sites, snapshot.shown)

    @property
    def size(self) -> int:
        """Entries remembered (frames and identifiers), for the metrics."""
        return len(self.frames) + len(self.seen)


class _FramesView:
    """A session's frame chain as one decision sees it (`guardian.context.frames.Frames`)."""

    def __init__(self, chain: FrameChain) -> None:
        self._chain = chain
        self.learned: dict[str, str | None] = {}

    def __len__(self) -> int:
        return len(self._chain) + len(self.learned)

    def observe(self, request: HttpRequest) -> None:
        change = learn_frame(request, self.top_site)
        if change is not None:
            self.learned[change[0]] = change[1]

    def top_site(self, url: str) -> str | None:
        if self.learned:
            key = origin_key(url)
            if key in self.learned:
                return self.learned[key]
        return self._chain.top_site(url)


class _SeenView(SeenIdentifiers):
    """A session's identifiers as one decision sees them: the same logic, with writes kept here."""

    def __init__(self, seen: SeenIdentifiers) -> None:  # noqa: D107 - no storage of its own: see the primitives
        self._base = seen
        self._key = seen.key  # the same digests as the session's memory
        self._shown = seen._shown  # read through; what a decision adds (a page's address) stays in `shown`
        self.shown: set[bytes] = set()
        self.ids: set[bytes] = set()
        self.cookie_sites: dict[bytes, tuple[bytes, ...]] = {}

    def __len__(self) -> int:
        return len(self._base) + len(self.ids)

    def _has(self, digest: bytes) -> bool:
        return digest in self.ids or self._base._has(digest)

    def _add(self, digests: Iterable[bytes]) -> None:
        self.ids.update(digests)

    def _sites(self, key: bytes) -> tuple[bytes, ...]:
        sites = self.cookie_sites.get(key)
        return sites if sites is not None else self._base._sites(key)

    def _set_sites(self, key: bytes, sites: tuple[bytes, ...]) -> None:
        self.cookie_sites[key] = sites

    def _shows(self, digest: bytes) -> bool:
        return digest in self.shown or self._base._shows(digest)

    def _show_add(self, digests: Iterable[bytes]) -> None:
        self.shown.update(digests)


class SessionView:
    """One decision's window on its session: `frames` and `seen` to read and teach, `changes()`."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.frames = _FramesView(session.frames)
        self.seen: SeenIdentifiers = _SeenView(session.seen)
        self.observed: tuple[Observation, ...] = ()

    @property
    def learner(self) -> IdLearner | None:
        return self.session.learner

    def observe(self, site: str, fields: Iterable[Field], labels: Mapping[str, KindLabel]) -> None:
        """Report a third-party request's id-shaped values to the proxy's learner (as digests)."""
        if self.session.learner is not None:
            self.observed = observations(site, fields, labels, self.seen.digest)

    @property
    def swap(self) -> IdentifierSwap | None:
        return self.session.swap

    @property
    def rules(self) -> OwnRules | None:
        return self.session.rules

    def changes(self) -> SessionChanges:
        """What this decision taught, for `Session.apply`."""
        seen = self.seen
        assert isinstance(seen, _SeenView)
        if not (self.frames.learned or seen.ids or seen.cookie_sites or self.observed or seen.shown):
            return NO_CHANGES
        return SessionChanges(
            frames=tuple(self.frames.learned.items()),
            ids=tuple(seen.ids),
            cookie_sites=tuple(seen.cookie_sites.items()),
            observed=self.observed,
            shown=tuple(seen.shown),
        )


class Sessions:
    """The sessions of one proxy (or one decision process): one per user key, bounded, expiring."""

    def __init__(
        self,
        *,
        seen_key: bytes | None = None,
        swap: IdentifierSwap | None = None,
        max_sessions: int = MAX_SESSIONS,
        ttl_s: float = SESSION_TTL_S,
        rules_for: Callable[[str], OwnRules | None] | None = None,
        learner: IdLearner | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if max_sessions < 1:
            raise ValueError(f"max_sessions must be at least 1, not {max_sessions}")
        # one digest key for every session (and the decision process's copies): the learner compares
        # the users' digests, so they must be made with one key
        self.seen_key = seen_key if seen_key is not None else os.urandom(32)
        self.learner = learner if learner is not None else IdLearner()
        self.swap = swap
        self.max_sessions = max_sessions
        self.ttl_s = ttl_s
        self._rules_for = rules_for
        self._clock = clock
        self._sessions: OrderedDict[str, tuple[Session, float]] = OrderedDict()
        self._lock = threading.Lock()
        self.expired = 0  # sessions forgotten for age or for room, for the metrics

    def __len__(self) -> int:
        return len(self._sessions)

    def __contains__(self, user: str) -> bool:
        return self.peek(user) is not None

    def new(self, user: str) -> Session:
        """A fresh, empty session for `user` (not kept here: `get` keeps them)."""
        rules = self._rules_for(user) if self._rules_for is not None else None
        return Session(user, seen=SeenIdentifiers(key=self.seen_key), swap=self.swap, rules=rules, learner=self.learner)

    def get(self, user: str) -> Session:
        """`user`'s session, made when it has none (or its last one expired); marks it used now."""
        now = self._clock()
        with self._lock:
            entry = self._sessions.get(user)
            if entry is not None and now - entry[1] <= self.ttl_s:
                self._sessions[user] = (entry[0], now)
                self._sessions.move_to_end(user)
                return entry[0]
        session = self.new(user)
        with self._lock:
            entry = self._sessions.get(user)
            if entry is not None and now - entry[1] <= self.ttl_s:  # made meanwhile by another thread
                session = entry[0]
            elif entry is not None:
                self.expired += 1
                self._dropped(entry[0])
            self._keep(session, now)
        return session

    def peek(self, user: str) -> Session | None:
        """`user`'s live session, without making one or marking it used."""
        with self._lock:
            entry = self._sessions.get(user)
        if entry is None or self._clock() - entry[1] > self.ttl_s:
            return None
        return entry[0]

    def put(self, session: Session) -> None:
        """Keep `session` as its user's, in place of the one held (a copy's start)."""
        now = self._clock()
        with self._lock:
            entry = self._sessions.get(session.user)
            if entry is not None and entry[0] is not session:
                self._dropped(entry[0])
            self._keep(session, now)

    def sizes(self) -> tuple[int, int]:
        """(sessions, entries remembered in all of them)."""
        with self._lock:
            sessions = [s for s, _ in self._sessions.values()]
        return len(sessions), sum(s.size for s in sessions)

    def _dropped(self, session: Session) -> None:
        """`session` is no longer held (expired, trimmed, replaced): for what a subclass keeps beside it.
        Called with the lock held."""

    def _keep(self, session: Session, now: float) -> None:
        self._sessions[session.user] = (session, now)
        self._sessions.move_to_end(session.user)
        self._trim(now)

    def _trim(self, now: float) -> None:
        while self._sessions:
            user, (session, used) = next(iter(self._sessions.items()))
            if len(self._sessions) <= self.max_sessions and now - used <= self.ttl_s:
                break
            del self._sessions[user]
            self.expired += 1
            self._dropped(session)
