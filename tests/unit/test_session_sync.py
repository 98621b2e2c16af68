"""guardian/session_sync.py: the proxy's sessions keep their copies in step (the decision
process's copy, the learner; the store's rows are tests/unit/store/test_sessions.py's), and
the decision process's copies follow what the proxy sends."""

from __future__ import annotations

import pickle
from collections.abc import Iterable

from guardian.fieldkinds.learned import LEARNED_ID, IdLearner, Observation
from guardian.session import SessionChanges
from guardian.session_sync import MAX_UNSENT, ProxySessions, SessionCopies

ID = "u8f14e45fceea16"
FRAME = ("https://widgets.partner.example", "news.example")
SEEN = Observation("cdn.example", "query:uid", b"x" * 16)


class _Counting(IdLearner):
    """A learner that notes who taught it what."""

    def __init__(self) -> None:
        super().__init__()
        self.taught: list[tuple[str, tuple[Observation, ...]]] = []

    def observe(self, user: str, seen: Iterable[Observation]) -> None:
        self.taught.append((user, tuple(seen)))
        super().observe(user, self.taught[-1][1])


def test_a_copy_gets_the_whole_session_then_what_was_decided_here() -> None:
    sessions = ProxySessions()
    session = sessions.get("auth:alice")
    kind, _ = sessions.sync_message(session, 1)  # type: ignore[misc]
    assert kind == "snapshot"  # a new copy gets the whole session
    sessions.synced(session, 1)
    assert sessions.sync_message(session, 1) is None
    changes = SessionChanges(ids=(b"x" * 16,))
    session.apply(changes)
    sessions.learnt(session, changes)
    assert sessions.sync_message(session, 1) == ("changes", (changes,))
    assert sessions.sync_message(session, 2)[0] == "snapshot"  # type: ignore[index]  # a new process: whole again
    sessions.synced(session, 1)
    assert sessions.unsent(session) == ()
    for _ in range(MAX_UNSENT + 1):
        sessions.learnt(session, changes)
    assert sessions.sync_message(session, 1)[0] == "snapshot"  # type: ignore[index]  # too many: whole again


def test_nothing_is_kept_for_a_copy_no_process_has() -> None:
    sessions = ProxySessions()
    session = sessions.get("auth:alice")
    sessions.learnt(session, SessionChanges(ids=(b"x" * 16,)))  # no decision process has it yet
    assert sessions.unsent(session) == ()


def test_what_the_copy_decided_is_applied_here_and_not_sent_back() -> None:
    learner = _Counting()
    sessions = ProxySessions(learner=learner)
    session = sessions.get("auth:alice")
    sessions.synced(session, 1)
    changes = SessionChanges(frames=(FRAME,), observed=(SEEN,))
    sessions.learnt_in_copy(session, changes)
    assert session.frames.top_site(FRAME[0]) == FRAME[1]  # both stay equal
    assert sessions.sync_message(session, 1) is None  # the copy has it already
    assert learner.taught == [("auth:alice", (SEEN,))]  # counted once, here


def test_a_decision_made_here_teaches_the_learner_once() -> None:
    learner = _Counting()
    sessions = ProxySessions(learner=learner)
    session = sessions.get("auth:bob")
    assert session.learner is learner  # what the decisions read
    sessions.learnt(session, SessionChanges(observed=(SEEN,)))
    sessions.learnt(session, SessionChanges())  # nothing taught: nothing counted
    assert learner.taught == [("auth:bob", (SEEN,))]


def test_a_merged_read_is_sent_on_to_the_copy() -> None:
    sessions, elsewhere = ProxySessions(seen_key=b"k" * 32), ProxySessions(seen_key=b"k" * 32)
    held = sessions.get("auth:alice")
    sessions.synced(held, 3)
    theirs = elsewhere.get("auth:alice")
    theirs.apply(SessionChanges(frames=(FRAME,), ids=(theirs.seen.digest(ID),)))
    sessions.merge(held, theirs.snapshot())
    assert held.seen.knows(ID) and held.frames.top_site(FRAME[0]) == FRAME[1]
    message = sessions.sync_message(held, 3)
    assert message is not None and message[0] == "changes"
    assert message[1][-1].ids == (held.seen.digest(ID),)  # type: ignore[index]


def test_a_session_forgotten_takes_its_copy_state_with_it() -> None:
    now = [0.0]
    sessions = ProxySessions(max_sessions=2, ttl_s=60, clock=lambda: now[0])
    first = sessions.get("a")
    sessions.synced(first, 1)
    for user in ("b", "c", "d", "e"):  # a, then the others, go for room
        sessions.synced(sessions.get(user), 1)
    assert len(sessions._copies) <= 2  # bounded like the sessions
    again = sessions.get("a")
    assert again is not first and sessions.sync_message(again, 1)[0] == "snapshot"  # type: ignore[index]
    now[0] += 61
    expired = sessions.get("e")  # expired, made anew: a new copy
    assert sessions.sync_message(expired, 1)[0] == "snapshot"  # type: ignore[index]


def test_a_copy_follows_the_proxys_messages_and_teaches_nothing() -> None:
    proxy = ProxySessions()
    original = proxy.get("auth:alice")
    original.apply(SessionChanges(frames=(FRAME,), ids=(original.seen.digest(ID),)))
    copies = SessionCopies()
    message = pickle.loads(pickle.dumps(proxy.sync_message(original, 1)))  # it crosses processes
    copy = copies.copy_of("auth:alice", message, {("cdn.example", "query:zq"): True})
    assert copy.seen.knows(ID) and copy.seen.key == original.seen.key
    assert copy.frames.top_site(FRAME[0]) == FRAME[1]
    assert copy.learner is copies.learner and copy.learner.kind("cdn.example", "query:zq#0") is LEARNED_ID
    proxy.synced(original, 1)
    later = SessionChanges(ids=(original.seen.digest("c0ffee0000beef1"),))
    original.apply(later)
    proxy.learnt(original, later)
    assert copies.copy_of("auth:alice", proxy.sync_message(original, 1)) is copy and copy.seen.knows("c0ffee0000beef1")
    assert copies.copy_of("auth:alice", None) is copy  # nothing new: the same copy
    before = copies.learner.version
    copy.apply(SessionChanges(observed=(SEEN,)))
    assert copies.learner.version == before  # counted by the proxy, not here
