"""guardian/session.py: one owner for what decisions remember, per user, bounded and expiring;
the memory alone (its copies elsewhere are tests/unit/test_session_sync.py's)."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest

from guardian.assemble import assemble
from guardian.records import Field, FieldKind, Finding, HttpRequest, Verdict
from guardian.categories import DataCategory
from guardian.fieldkinds.learned import Observation
from guardian.fieldkinds.seen import SeenIdentifiers
from guardian.session import DEFAULT_USER, NO_CHANGES, Session, Sessions, SessionChanges
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
    snapshot = pickle.loads(pickle.dumps(session.snapshot()))
    copy = Session(DEFAULT_USER, seen=SeenIdentifiers(key=snapshot.seen_key))
    copy.restore(snapshot)
    assert copy.seen.knows(ID) and copy.frames.top_site("https://widgets.partner.example") == "news.example"
    assert copy.seen.key == session.seen.key  # later changes (digests) mean the same in the copy
    assert snapshot.changes().ids == changes.ids and snapshot.changes().frames == changes.frames
    assert not NO_CHANGES and not SessionChanges()


def test_applying_changes_the_memory_and_teaches_no_learner() -> None:
    sessions = Sessions()
    session = sessions.get("auth:alice")
    before = sessions.learner.version
    observed = SessionChanges(observed=(Observation("cdn.example", "query:uid", b"x" * 16),))
    assert observed and not observed.memory  # the learner's alone: the memory has nothing to keep
    session.apply(observed)
    assert sessions.learner.version == before and len(session.seen) == 0  # counting is the proxy's sessions' job
    assert session.learner is sessions.learner  # read by the decisions


def test_the_memory_knows_nothing_of_its_copies() -> None:
    """No import of the sync or the store from the memory, not even for types: the store reads
    and writes the memory's data, the sync holds both, and nothing loops back."""
    import guardian.session

    # every import statement, those under `if TYPE_CHECKING:` and in functions too (a text scan:
    # ast.parse can fail spuriously while another thread parses, python/cpython#106905)
    source = Path(guardian.session.__file__).read_text(encoding="utf-8")
    imported = set(re.findall(r"^\s*(?:from|import)\s+([\w.]+)", source, re.MULTILINE))
    assert not imported & {"guardian.store.sessions", "guardian.session_sync"}
    assert {"guardian.fieldkinds.seen", "guardian.user_rules"} <= imported  # the scan sees what is there


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


def test_a_session_put_in_place_of_another_is_its_users_one() -> None:
    sessions = Sessions(max_sessions=2)
    held = sessions.get("a")
    other = Session("a")
    sessions.put(other)
    assert sessions.get("a") is other is not held and len(sessions) == 1 and sessions.expired == 0
    sessions.put(Session("b"))
    sessions.put(Session("c"))  # room for two: a goes
    assert "a" not in sessions and sessions.expired == 1


@pytest.mark.parametrize("user", ["x'); DROP TABLE sessions;--", "../../etc/passwd", "\x00\udcff", "ü" * 300])
def test_a_user_key_is_only_a_key(user: str) -> None:
    sessions = Sessions()
    session = sessions.get(user)
    assert sessions.get(user) is session and session.user == user


def test_sessions_reject_no_room() -> None:
    with pytest.raises(ValueError):
        Sessions(max_sessions=0)
