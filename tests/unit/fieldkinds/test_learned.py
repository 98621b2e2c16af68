"""guardian/fieldkinds/learned.py: kinds learnt across users, and the pipeline using them."""

from __future__ import annotations

import pytest

from guardian.fieldkinds.learned import LEARNED_CONSTANT, LEARNED_ID, IdLearner, Observation, field_key
from guardian.records import Field, KindLabel, ValueKind, Verdict
from guardian.session import Session, SessionChanges
from guardian.session_sync import ProxySessions

SITE = "collector.example"


def _seen(learner: IdLearner, user: str, key: str, value: str) -> None:
    learner.observe(user, [Observation(SITE, key, value.encode())])


def test_stable_distinct_values_of_three_users_make_an_id() -> None:
    learner = IdLearner()
    for user in ("a", "b", "c"):
        _seen(learner, user, "query:zx", f"id-{user}-7f3a91c2")
    assert learner.kind(SITE, "query:zx#0") is None  # nothing came back yet: could be a nonce
    _seen(learner, "a", "query:zx", "id-a-7f3a91c2")
    assert learner.kind(SITE, "query:zx#0") is None  # one user's value is stable: not enough
    _seen(learner, "b", "query:zx", "id-b-7f3a91c2")
    assert learner.kind(SITE, "query:zx#0") is LEARNED_ID
    assert learner.kind("other.example", "query:zx#0") is None  # per recipient site


def test_a_value_two_users_share_is_a_constant() -> None:
    learner = IdLearner()
    for user in ("a", "b", "c", "a", "b"):
        _seen(learner, user, "json:$.writeKey", "wk_8f3a9c2b7d1e")
    assert learner.kind(SITE, "json:$.writeKey") is LEARNED_CONSTANT


def test_nonces_are_neither() -> None:
    learner = IdLearner()
    for n, user in enumerate(("a", "b", "c", "a", "b", "c")):
        _seen(learner, user, "query:nonce", f"n{n}x8f3a9c2b")
    assert learner.kind(SITE, "query:nonce#0") is None


def test_positions_are_one_key_and_labels_follow_the_rules() -> None:
    assert field_key("json:$.batch[12].props.uid") == field_key("json:$.batch[0].props.uid") == "json:$.batch.props.uid"
    learner = IdLearner()
    for user in ("a", "b", "c", "a", "b"):
        _seen(learner, user, "query:k", "constant-value-123")
    fields = [Field("query:k#0", "k", "constant-value-123")]
    guessed = {"query:k#0": KindLabel(ValueKind.USER_IDENTIFIER, "name", "an id by its name")}
    documented = {"query:k#0": KindLabel(ValueKind.USER_IDENTIFIER, "vendor:ga", "GA's client id")}
    assert learner.relabel(SITE, fields, guessed)["query:k#0"] is LEARNED_CONSTANT
    assert learner.relabel(SITE, fields, documented) == documented  # a vendor's word stays
    copy = IdLearner()
    copy.set_learnt(learner.learnt())  # the decision process's read-only copy
    assert copy.kind(SITE, "query:k#0") is LEARNED_CONSTANT


def _request(uid: str, key: str = "zq"):  # type: ignore[no-untyped-def]
    from guardian.records import HttpRequest

    return HttpRequest("GET", f"http://beacon.unlisted.example/b.gif?{key}={uid}&ev=view", (
        ("Referer", "http://shop.example/"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"),
        ("Sec-Fetch-Dest", "image")))


def _learn(sessions: ProxySessions, session: Session, changes: SessionChanges) -> None:
    session.apply(changes)  # as the decider does
    sessions.learnt(session, changes)  # as the proxy does after it


@pytest.fixture(scope="module")
def pipeline():  # type: ignore[no-untyped-def]
    from guardian.assemble import assemble
    from guardian.settings import Settings

    return assemble(Settings.from_values({"guardian_policy_db": "off"}))


def test_users_teach_the_pipeline_an_id_no_dictionary_knows(pipeline) -> None:  # type: ignore[no-untyped-def]
    sessions = ProxySessions()  # the proxy's: what a decision taught is counted there
    users = {u: sessions.get(u) for u in ("auth:a", "auth:b", "auth:c")}
    ids = {u: f"k{n}Xq8Lp2Zr5Wt{n}" for n, u in enumerate(users)}
    first = pipeline.decide(_request(ids["auth:a"]), users["auth:a"])
    assert first.verdict is Verdict.ALLOW  # alone, the key says nothing
    for _ in range(2):
        for user, session in users.items():
            _learn(sessions, session, pipeline.decide(_request(ids[user]), session).changes)
    fourth = sessions.get("auth:d")
    again = pipeline.decide(_request("k9Mn3Vb7Cx1Qa2"), fourth)  # a new user, a new value: an id at once
    assert again.verdict is Verdict.TRANSFORM and again.rewrite is not None and "k9Mn3Vb7Cx1Qa2" not in again.rewrite.url
    shared = "pk8f3a9c2b7d1e5"
    for user, session in users.items():  # one value for every user: the site's key
        for _ in range(2):
            _learn(sessions, session, pipeline.decide(_request(shared, "site_token"), session).changes)
    assert sessions.learner.kind("unlisted.example", "query:site_token#0") is LEARNED_CONSTANT
    assert pipeline.decide(_request(shared, "site_token"), fourth).rewrite is None


def _jws(session: int, signature: str) -> str:
    import base64
    import json

    def part(obj: object) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).rstrip(b"=").decode()

    return f"{part({'alg': 'HS256', 'typ': 'JWT'})}.{part({'sessionID': session})}.{signature}"


def test_a_signed_token_is_never_learnt_as_an_id() -> None:
    from guardian.fieldkinds.learned import observations

    learner = IdLearner()
    tokens = {user: _jws(1000 + n, f"sig{n}Xk29aQ0pL7") for n, user in enumerate(("a", "b", "c"))}
    for user in ("a", "b", "c", "a", "b"):
        fields = [Field("json:$.token", "token", tokens[user]), Field("json:$.uid", "uid", f"u-{user}-7f3a91c2")]
        learner.observe(user, observations(SITE, fields, {}, lambda v: v.encode()))
    assert learner.kind(SITE, "json:$.uid") is LEARNED_ID  # the same traffic teaches the plain id
    assert learner.kind(SITE, "json:$.token") is None  # its issuer's signed state
    copy = IdLearner()
    copy.set_learnt({(SITE, "json:$.token"): True})  # even where a table says otherwise
    fields = [Field("json:$.token", "token", tokens["a"])]
    assert copy.relabel(SITE, fields, {}) == {}
