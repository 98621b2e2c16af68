"""lab/bench/live_clients' multi-user mode: the labelling rule, field extraction and scoring on hand-written cases."""

from __future__ import annotations

import base64
import gzip
import json

from lab.bench.live_clients.livebench.fakenet import Arrived
from lab.bench.live_clients.livebench.multiuser import (
    CONSTANT,
    NEITHER,
    PER_USER,
    UserVisit,
    field_values,
    id_shaped,
    label_field,
    label_fields,
    score,
    tally_occurrences,
)
from lab.bench.live_clients.livebench.sdks import Sdk


def test_id_shape() -> None:
    assert id_shaped("a1b2c3d4")
    assert id_shaped("3f2b8c1e-5d4a-4b7f-9c2e-1a2b3c4d5e6f")
    assert id_shaped("QwErTyUiOpAsDfGhJk")  # 18 letters, both cases, no digit
    assert not id_shaped("abcdefghijklmnopqr")  # a word-like run of one case
    assert not id_shaped("a1b2c3")  # too short
    assert not id_shaped("12345 67890")  # a space
    assert not id_shaped("x" * 250 + "123456789")  # too long


def test_per_user_ids() -> None:
    # an anonymous id kept in storage: each user one value, repeated; the users' values differ
    assert label_field({"u1": ["a1b2c3d4e5"] * 4, "u2": ["f6g7h8i9j0"] * 3, "u3": ["k1l2m3n4o5"] * 5}, 3) == PER_USER
    # one odd value (a second session id after a reload) does not stop it: the repeat is the majority
    assert label_field({"u1": ["a1b2c3d4e5"] * 3 + ["zz99zz99zz"], "u2": ["f6g7h8i9j0"] * 2,
                        "u3": ["k1l2m3n4o5"] * 2}, 3) == PER_USER


def test_constants() -> None:
    key = "k7Qz2vXb8pT3:nR5wLm9cF4hJ2dS6"
    assert label_field({"u1": [key] * 4, "u2": [key], "u3": [key] * 2}, 3) == CONSTANT


def test_neither() -> None:
    # timestamps / nonces: nothing repeats within a user
    assert label_field({"u1": ["1732590000001", "1732590000450"], "u2": ["1732590001001", "1732590001450"],
                        "u3": ["1732590002001", "1732590002450"]}, 3) == NEITHER
    # the same per-user value for two users: not per-user, and not one value for all either
    assert label_field({"u1": ["a1b2c3d4e5"] * 2, "u2": ["a1b2c3d4e5"] * 2, "u3": ["k1l2m3n4o5"] * 2}, 3) == NEITHER
    # not every user sent it
    assert label_field({"u1": ["a1b2c3d4e5"] * 2, "u2": ["f6g7h8i9j0"] * 2}, 3) == NEITHER
    # not id-shaped: a word, a short counter, a constant word
    assert label_field({"u1": ["pageview"] * 2, "u2": ["pageview"] * 2, "u3": ["pageview"] * 2}, 3) == NEITHER
    assert label_field({"u1": ["1", "1"], "u2": ["2", "2"], "u3": ["3", "3"]}, 3) == NEITHER
    # a value of one user sent once only
    assert label_field({"u1": ["a1b2c3d4e5"], "u2": ["f6g7h8i9j0"] * 2, "u3": ["k1l2m3n4o5"] * 2}, 3) == NEITHER


def test_fields_of_a_request() -> None:
    payload = base64.b64encode(json.dumps({"deviceId": "dev-12345678"}).encode()).decode()
    body = gzip.compress(json.dumps({"batch": [{"anonymousId": "a1b2c3d4e5"}, {"anonymousId": "a1b2c3d4e5"}],
                                     "ctx": json.dumps({"sid": "s9s9s9s9s9"})}).encode())
    got = field_values("POST", f"/v1/p/KEY12345678/track?w=k7Qz2vXb8pT3&d={payload}",
                       [("Content-Encoding", "gzip"), ("Cookie", "ajs_uid=abc12345; other=x"), ("User-Agent", "Mozilla/5.0"),
                        ("X-Write-Key", "wk_998877665544")], body)
    fields = {(f, v) for f, _ex, v in got}
    assert ("path:2", "KEY12345678") in fields
    assert ("query:w", "k7Qz2vXb8pT3") in fields
    assert ("query:d>b64$.deviceId", "dev-12345678") in fields
    assert ("cookie:ajs_uid", "abc12345") in fields
    assert ("header:x-write-key", "wk_998877665544") in fields
    assert ("body:$.batch[].anonymousId", "a1b2c3d4e5") in fields
    assert ("body:$.ctx$.sid", "s9s9s9s9s9") in fields
    assert not any(f.startswith("header:user-agent") for f, _ in fields)
    exact = {ex for _f, ex, _v in got}
    assert {"body:$.batch[0].anonymousId", "body:$.batch[1].anonymousId"} <= exact
    form = {(f, v) for f, _ex, v in field_values("POST", "/e", [], b"uid=u1u1u1u1u1&ev=click")}
    assert ("form:uid", "u1u1u1u1u1") in form


def _visit(user: str, anon: str, key: str, arrived_anon: str | None, arrived_key: str, blocked: bool = False) -> UserVisit:
    v = UserVisit("s", user, "guardian")
    for n in range(2):
        fid = f"{user}-{n}"
        body = json.dumps({"anonymousId": anon, "writeKey": key}).encode()
        v.first.append({"flow_id": fid, "method": "POST", "host": "c.example", "path": "/t", "user": user,
                        "headers": [["Sec-Fetch-Site", "cross-site"]], "body_latin1": body.decode("latin-1")})
        if blocked:
            v.last.append({"event": "request", "flow_id": fid, "answered_by_proxy": True})
            continue
        doc = {"writeKey": arrived_key}
        if arrived_anon is not None:
            doc["anonymousId"] = arrived_anon
        v.arrived.append(Arrived(n, 0.0, "POST", "c.example", "/t", [], json.dumps(doc).encode(), fid))
    return v


def test_labels_and_scoring_end_to_end() -> None:
    key = "wk_998877665544"
    base = [_visit("user1", "a1b2c3d4e5", key, "a1b2c3d4e5", key), _visit("user2", "f6g7h8i9j0", key, "f6g7h8i9j0", key),
            _visit("user3", "k1l2m3n4o5", key, "k1l2m3n4o5", key)]
    labels = label_fields(base, 3)
    assert labels == {"c.example body:$.anonymousId": PER_USER, "c.example body:$.writeKey": CONSTANT,
                      "c.example path:0": NEITHER}
    guard = [_visit("user1", "b2c3d4e5f6", key, "x9y8z7w6v5", key),  # swapped: found
             _visit("user2", "g7h8i9j0k1", key, None, key),  # removed: found
             _visit("user3", "l2m3n4o5p6", key, "l2m3n4o5p6", "wk_000000000000")]  # unchanged id; key rewritten
    tallies, wrong = tally_occurrences(guard)
    assert wrong == 0
    sdk = Sdk("s", "pkg", "V", "k", "c.example")
    result = score({"s": labels}, {"s": {k: dict(c) for k, c in tallies.items()}}, [sdk], reveal_blind=False)
    row = result["per_sdk"]["s"]
    assert (row["per_user_found"], row["per_user_total"]) == (4, 6)
    assert row["constants_rewritten"] == 2
    assert row["constants_rewritten_fields"] == {"c.example body:$.writeKey": 2}
    assert result["totals"]["dev"]["per_user_pct"] == 66.7
    blocked = tally_occurrences([_visit("user1", "b2c3d4e5f6", key, None, key, blocked=True)])[0]
    assert blocked["c.example body:$.anonymousId"]["blocked"] == 2
