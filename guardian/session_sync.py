"""The copies of the users' sessions, kept in step with the proxy's: the decision process's
copies, a store's rows, and what the users teach together.

The proxy holds each user's `Session` (`guardian.session`); the copies are elsewhere:

    proxy (ProxySessions)                                   decision process (SessionCopies)
    decided here: learnt(session, changes) ──┐
                  learner, store, unsent     └─ with the next request:
    sync_message(session, copy) ── ("snapshot", SessionSnapshot) ──> copy_of(user, sync): a new copy
                                 ── ("changes", (SessionChanges, ...)) ──> applied to the copy
    synced(session, copy)          (sent)
    learnt_in_copy(session, changes) <── the copy's decision taught `changes` (applied there too)

- `ProxySessions` are the proxy's sessions (`Sessions`, bounded and expiring) with what keeps
  their copies in step: beside each session, which decision process holds a copy of it (`copy`,
  a new number for each child and each new settings) and what was decided here since it was
  sent (`unsent`, sent with the next request, or the whole session again past `MAX_UNSENT`).
  Both sides apply every decision's changes, so the proxy decides a fallback with the memory the
  decision process had.
  What a decision taught is counted by the proxy's users' learner (`guardian.fieldkinds.learned`)
  and kept in the store (`guardian.store.sessions`) when there is one: a user new to this
  instance starts with what the store kept, and with a store other instances share a session
  is read again every `REFRESH_S` (`pull`, then `merge`), so that behind a round-robin balancer
  each instance goes on with what the others learnt. What it reads is sent on to the decision
  process's copy like a change decided here, and not kept again.
- `SessionCopies` are the decision process's: each made from the proxy's snapshot and brought
  up to date by its changes. They read what the users taught (the proxy's table, sent when it
  changed) and teach nothing: the proxy counts each decision once, whichever process made it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from guardian.fieldkinds.learned import IdLearner
from guardian.fieldkinds.seen import SeenIdentifiers
from guardian.session import MAX_SESSIONS, SESSION_TTL_S, Session, SessionChanges, Sessions, SessionSnapshot

if TYPE_CHECKING:
    from guardian.anonymize.operators.identifier import IdentifierSwap
    from guardian.store.sessions import SessionStore
    from guardian.user_rules import OwnRules

__all__ = ["MAX_UNSENT", "REFRESH_S", "SyncMessage", "ProxySessions", "SessionCopies"]

MAX_UNSENT = 64  # decisions made in the proxy before a copy is sent whole instead of change by change
REFRESH_S = 5.0  # a session is read again from a shared store at most this often (what other instances learnt)
REFRESH_OVERLAP_S = 5.0  # rows read again: the hosts' clocks a little apart, writes still queued

# what a decision process needs before it decides for a session: ("snapshot", SessionSnapshot),
# a new copy; or ("changes", tuple[SessionChanges, ...]), what was decided without it since
SyncMessage = tuple[str, object]


@dataclass(eq=False)
class _Copies:
    """What the proxy keeps beside one session for its copies elsewhere."""

    session: Session
    copy_in: int | None = None  # which decision process has a copy (`DecisionProcess.copies`)
    unsent: list[SessionChanges] = field(default_factory=list)  # decided here since it was sent
    pulled: float = 0.0  # the store's time of the last read of this user's rows (`ProxySessions.pull`)


class ProxySessions(Sessions):
    """The proxy's sessions, and what keeps their copies in step (see the module docstring)."""

    def __init__(
        self,
        *,
        seen_key: bytes | None = None,
        swap: IdentifierSwap | None = None,
        max_sessions: int = MAX_SESSIONS,
        ttl_s: float = SESSION_TTL_S,
        rules_for: Callable[[str], OwnRules | None] | None = None,
        store: SessionStore | None = None,
        learner: IdLearner | None = None,
        refresh_s: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(seen_key=seen_key, swap=swap, max_sessions=max_sessions, ttl_s=ttl_s, rules_for=rules_for,
                         learner=learner, clock=clock)
        self.store = store  # a shared store: a user new here starts with what other instances kept
        # and a session is read again this often (0: never; the default: REFRESH_S with a store
        # other instances share, never with this instance's own SQLite file)
        self.refresh_s = refresh_s if refresh_s is not None else (REFRESH_S if store is not None and store.shared else 0.0)
        self._copies: dict[str, _Copies] = {}  # by user, for the session held now
        self._copies_lock = threading.Lock()

    # -- what a decision taught ------------------------------------------------------------------

    def learnt(self, session: Session, changes: SessionChanges) -> None:
        """What a decision made in this process taught `session` (applied to it already): counted
        by the learner, kept in the store, and sent to the decision process's copy with the next request."""
        if not changes:
            return
        self._teach(session, changes)
        self._note_unsent(session, changes)

    def learnt_in_copy(self, session: Session, changes: SessionChanges) -> None:
        """What the decision process's decision taught its copy of `session`: applied here too, so
        both stay equal, counted by the learner and kept in the store."""
        if not changes:
            return
        session.apply(changes)
        self._teach(session, changes)

    def _teach(self, session: Session, changes: SessionChanges) -> None:
        if changes.observed:
            self.learner.observe(session.user, changes.observed)
        if self.store is not None and changes.memory:
            self.store.save(session.user, changes)

    def _note_unsent(self, session: Session, changes: SessionChanges) -> None:
        copies = self._copies.get(session.user)
        if not changes or copies is None or copies.session is not session or copies.copy_in is None:
            return  # nothing to send, or no copy to bring up to date
        copies.unsent.append(changes)
        if len(copies.unsent) > MAX_UNSENT:  # cheaper to send the whole session once
            copies.copy_in = None
            copies.unsent.clear()

    # -- the decision process's copy -------------------------------------------------------------

    def sync_message(self, session: Session, copy: int) -> SyncMessage | None:
        """What the decision process numbered `copy` needs before it decides for `session`: the
        whole session (a new process, or too much decided here), the changes decided here since,
        or nothing. Call `synced(session, copy)` once it is sent."""
        copies = self._copies_of(session)
        if copies.copy_in != copy:
            return ("snapshot", session.snapshot())
        if copies.unsent:
            return ("changes", tuple(copies.unsent))
        return None

    def synced(self, session: Session, copy: int) -> None:
        """The decision process numbered `copy` has `session` as it is now."""
        copies = self._copies_of(session)
        copies.copy_in = copy
        copies.unsent.clear()

    def unsent(self, session: Session) -> tuple[SessionChanges, ...]:
        """What was decided here since the decision process's copy of `session` was sent."""
        return tuple(self._copies_of(session).unsent)

    # -- the store -------------------------------------------------------------------------------

    def new(self, user: str) -> Session:
        """A fresh session for `user` (not kept here: `get` keeps them), with what the store kept
        of it when there is one (one read, the first time a user comes to this instance)."""
        session = super().new(user)
        if self.store is not None:
            self._copies_of(session).pulled = self.store.now()
            kept = self.store.load(user, self.seen_key)
            if kept is not None:
                session.restore(kept)
        return session

    def stale(self, session: Session) -> bool:
        """Whether `session` is due to be read again from a shared store (`pull`)."""
        if self.store is None or self.refresh_s <= 0:
            return False
        return self.store.now() - self._copies_of(session).pulled > self.refresh_s

    def pull(self, session: Session) -> SessionSnapshot | None:
        """What other instances kept of this session's user since it was last read, for `merge`
        (a blocking read: the proxy calls it in a thread, and merges on its event loop, where the
        decision process's copy is synced). Behind a round-robin balancer a user's requests reach
        every instance, and each goes on with what the others learnt."""
        store = self.store
        if store is None:
            return None
        copies = self._copies_of(session)
        since, copies.pulled = copies.pulled - REFRESH_OVERLAP_S, store.now()  # marked first: one read at a time
        return store.load(session.user, self.seen_key, since=since)

    def merge(self, session: Session, snapshot: SessionSnapshot) -> None:
        """Add what other proxy instances kept of this user since the last read (`pull`): not
        kept again, and sent on to the decision process's copy like a change decided here."""
        session.restore(snapshot)
        self._note_unsent(session, snapshot.changes())

    def close(self) -> None:
        """Write what is queued for the store (a few seconds at most) and close it."""
        if self.store is not None:
            self.store.close()

    # -- beside each session ---------------------------------------------------------------------

    def _copies_of(self, session: Session) -> _Copies:
        with self._copies_lock:
            copies = self._copies.get(session.user)
            if copies is None or copies.session is not session:  # a session new here (or one not held)
                copies = self._copies[session.user] = _Copies(session)
            return copies

    def _dropped(self, session: Session) -> None:
        with self._copies_lock:
            copies = self._copies.get(session.user)
            if copies is not None and copies.session is session:
                del self._copies[session.user]


class SessionCopies(Sessions):
    """The decision process's copies of the proxy's sessions (see the module docstring)."""

    def copy_of(self, user: str, sync: SyncMessage | None, learned: Mapping[tuple[str, str], bool] | None = None) -> Session:
        """The copy of `user`'s session, brought up to the proxy's first (`ProxySessions.sync_message`),
        and what the proxy's users taught (`learned`, when it changed)."""
        if learned is not None:
            self.learner.set_learnt(learned)
        if sync is not None and sync[0] == "snapshot" and isinstance(sync[1], SessionSnapshot):
            return self._start(sync[1])
        session = self.get(user)
        if sync is not None and sync[0] == "changes" and isinstance(sync[1], tuple):
            for changes in sync[1]:
                session.apply(changes)
        return session

    def _start(self, snapshot: SessionSnapshot) -> Session:
        """A new copy holding the snapshot's memory, with the proxy's digest key."""
        session = self.new(snapshot.user)
        session.seen = SeenIdentifiers(key=snapshot.seen_key)
        session.restore(snapshot)
        self.put(session)
        return session
