"""guardian/session.py: one owner for what decisions remember, per user, bounded and expiring."""

from __future__ import annotations

import pickle

import pytest

from guardian.assemble import assemble
from guardian.records import Field, FieldKind, Finding, HttpRequest, Verdict
from guardian.categories import DataCategory
from guardian.session import DEFAULT_USER, MAX_UNSENT, NO_CHANGES, Session, Sessions, SessionChanges
from guardian.settings import Settings

FRAME = HttpRequest("GET", "https://widgets.partner.example/w.html", (
    ("Sec-Fetch-Dest", "iframe"), ("Sec-Fetch-Mode", "navigate"), ("Sec-Fetch-Site", "cross-site"),
    ("Referer", "https://news.example/")))
FROM_FRAME = HttpRequest("GET", "https://widgets.partner.example/sync?pid=77&ev=load", (
    ("Origin", "https://widgets.partner.example"), ("Referer", "https://widgets.partner.example/w.html"),
    ("Sec-Fetch-Site", "same-origin"), ("Sec-Fetch-Dest", "empty")))
ID = "u8f14e45fceea16"
WITH_ID = HttpRequest("GET", f"http://metrics.test/collect?uid={ID}&ev=view", (
    ("Referer", "http://shop.test/"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"), ("Sec-Fetch-Dest", "image")))
ID_AGAIN = HttpRequest("GET", f"http://cdn.other.test/p.gif?ref={ID}&w=1", (
    ("Referer", "http://shop.test/"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"), ("Sec-Fetch-Dest", "image")))


@pytest.fixture(scope="module")
def pipeline():
    return assemble(Settings.from_values({"guardian_policy_db": "off"}))


def _id_finding(path: str, value: str) -> tuple[Field, Finding]:
    field = Field(path, path.split(":", 1)[1], value, FieldKind.STRING)
    return field, Finding(DataCategory.PERSISTENT_ID, "USER_ID", path, 0, len(value), 0.9, "test")


def test_a_decision_reads_its_session_and_writes_nothing_until_applied(pipeline) -> None:
    session = Session(DEFAULT_USER)
    taught = pipeline.decide(FRAME, session)
    assert taught.changes and len(session.frames) == 0  # the pipeline never writes a session
    before = pipeline.decide(FROM_FRAME, session)
    assert before.record.context.first_party_site == "partner.example"
    session.apply(taught.changes)
    after = pipeline.decide(FROM_FRAME, session)
    assert after.record.context.first_party_site == "news.example"  # the frame chain, once applied


def test_two_users_do_not_share_identifiers(pipeline) -> None:
    sessions = Sessions()
    alice, bob = sessions.get("auth:alice"), sessions.get("auth:bob")
    alice.apply(pipeline.decide(WITH_ID, alice).changes)
    assert pipeline.decide(ID_AGAIN, alice).verdict is Verdict.TRANSFORM  # her id, found again by its value
    assert pipeline.decide(ID_AGAIN, bob).verdict is Verdict.ALLOW  # not his: nothing to find


def test_no_session_is_a_session_for_one_request(pipeline) -> None:
    pipeline.decide(WITH_ID)
    assert pipeline.decide(ID_AGAIN).verdict is Verdict.ALLOW  # nothing kept anywhere


def test_a_view_reads_its_own_writes_before_they_are_applied() -> None:
    session = Session(DEFAULT_USER)
    view = session.view()
    view.frames.observe(FRAME)
    assert view.frames.top_site("https://widgets.partner.example") == "news.example"
    field, finding = _id_finding("query:uid", ID)
    view.seen.remember((field,), (finding,))
    assert view.seen.knows(ID) and not session.seen.knows(ID)
    session.apply(view.changes())
    assert session.seen.knows(ID) and session.frames.top_site("https://widgets.partner.example") == "news.example"


def test_changes_and_snapshots_cross_processes_as_pickles() -> None:
    session = Session(DEFAULT_USER)
    view = session.view()
    view.frames.observe(FRAME)
    view.seen.remember(*map(lambda x: (x,), _id_finding("query:uid", ID)))
    changes = pickle.loads(pickle.dumps(view.changes()))
    session.apply(changes)
    copy = Sessions().replace(pickle.loads(pickle.dumps(session.snapshot())))
    assert copy.seen.knows(ID) and copy.frames.top_site("https://widgets.partner.example") == "news.example"
    assert copy.seen.key == session.seen.key  # later changes (digests) mean the same in the copy
    assert not NO_CHANGES and not SessionChanges()


def test_sync_messages_for_a_copy() -> None:
    session = Session(DEFAULT_USER)
    kind, _ = session.sync_message(1)  # type: ignore[misc]
    assert kind == "snapshot"  # a new copy gets the whole session
    session.synced(1)
    assert session.sync_message(1) is None
    changes = SessionChanges(ids=(b"x" * 16,))
    session.note_unsent(changes)
    assert session.sync_message(1) == ("changes", (changes,))
    assert session.sync_message(2)[0] == "snapshot"  # type: ignore[index]  # a new process: whole again
    session.synced(1)
    for _ in range(MAX_UNSENT + 1):
        session.note_unsent(changes)
    assert session.sync_message(1)[0] == "snapshot"  # type: ignore[index]  # too many: whole again


def test_sessions_are_bounded_and_expire() -> None:
    now = [1000.0]
    sessions = Sessions(max_sessions=2, ttl_s=60, clock=lambda: now[0])
    a = sessions.get("a")
    sessions.get("b")
    assert sessions.get("a") is a  # used again: kept
    sessions.get("c")  # room for two: b, the least recently used, goes
    assert "b" not in sessions and "a" in sessions and sessions.expired == 1
    now[0] += 61
    assert "a" not in sessions
    assert sessions.get("a") is not a  # a new session after the old one expired
    assert sessions.sizes()[0] <= 2


@pytest.mark.parametrize("user", ["x'); DROP TABLE sessions;--", "../../etc/passwd", "\x00\udcff", "ü" * 300])
def test_a_user_key_is_only_a_key(user: str) -> None:
    sessions = Sessions()
    session = sessions.get(user)
    assert sessions.get(user) is session and session.user == user


def test_sessions_reject_no_room() -> None:
    with pytest.raises(ValueError):
        Sessions(max_sessions=0)
