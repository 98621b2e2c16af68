"""lab/bench/live_clients' multi-user mode with `--rounds R`: each round scored alone against labels from
all the baseline's rounds; and the fake internet hands no visitor another visitor's id."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from lab.bench.live_clients.livebench import responders
from lab.bench.live_clients.livebench.fakenet import Arrived
from lab.bench.live_clients.livebench.multiuser import (
    CONSTANT,
    NEITHER,
    PER_USER,
    UserVisit,
    build,
    compare_rounds,
    markdown_multiuser,
    merge_tallies,
)
from lab.bench.live_clients.livebench.sdks import Sdk

KEY = "wk_998877665544"
IDS = {"user1": "a1b2c3d4e5", "user2": "f6g7h8i9j0", "user3": "k1l2m3n4o5"}


def _visit(mode: str, user: str, rnd: int, arrived_anon: str | None = None, arrived_key: str = KEY,
           extra: dict[str, str] | None = None) -> UserVisit:
    """Two requests of one visit: the user's stable anonymousId and the site's writeKey (+ `extra`)."""
    v = UserVisit("s", user, mode, round=rnd)
    anon = IDS[user]
    for n in range(2):
        fid = f"{mode}-{user}-r{rnd}-{n}"
        doc: dict[str, Any] = {"anonymousId": anon, "writeKey": KEY, **(extra or {})}
        v.first.append({"flow_id": fid, "method": "POST", "host": "c.example", "path": "/t", "user": user,
                        "headers": [], "body_latin1": json.dumps(doc)})
        out: dict[str, Any] = {"writeKey": arrived_key, **(extra or {})}
        got = anon if arrived_anon is None else arrived_anon
        if got != "":
            out["anonymousId"] = got
        v.arrived.append(Arrived(n, 0.0, "POST", "c.example", "/t", [], json.dumps(out).encode(), fid))
    return v


def _cfg(tmp: Path, rounds: int = 2, rescore: bool = False) -> SimpleNamespace:
    return SimpleNamespace(out=tmp, sdks=[Sdk("s", "pkg", "V", "k", "c.example")], users=3, rounds=rounds,
                           reveal_blind=False, rescore=rescore)


def _runs() -> dict[str, dict[str, list[UserVisit]]]:
    # baseline: round 1 has the device id only for user1 and user2; user3 sends it in round 2 only,
    # so only the labels over all rounds make it a per-user id
    dev = {"user1": "dv_11111111", "user2": "dv_22222222", "user3": "dv_33333333"}
    base = [_visit("baseline", u, 1, extra={"device": dev[u]} if u != "user3" else None) for u in IDS]
    base += [_visit("baseline", u, 2, extra={"device": dev[u]}) for u in IDS]
    # guardian: round 1 the first user's ids go out unchanged (nothing learnt yet), the others are
    # swapped; round 2 all are swapped, and user3's writeKey is rewritten (a constant taken for an id)
    # (the device id is never found: it arrives unchanged in both rounds)
    guard = [_visit("guardian", "user1", 1, extra={"device": dev["user1"]}),
             _visit("guardian", "user2", 1, arrived_anon="zz00zz00zz", extra={"device": dev["user2"]}),
             _visit("guardian", "user3", 1, arrived_anon="", extra={"device": dev["user3"]})]  # removed
    guard += [_visit("guardian", "user1", 2, arrived_anon="q1q1q1q1q1", extra={"device": dev["user1"]}),
              _visit("guardian", "user2", 2, arrived_anon="q2q2q2q2q2", extra={"device": dev["user2"]}),
              _visit("guardian", "user3", 2, arrived_anon="q3q3q3q3q3", arrived_key="wk_000000000000",
                     extra={"device": dev["user3"]})]
    return {"baseline": {"s": base}, "guardian": {"s": guard}}


def test_truth_over_all_rounds_and_each_round_scored_alone(tmp_path: Path) -> None:
    mu = build(_cfg(tmp_path), _runs(), None)
    truth = json.loads((tmp_path / "multiuser_truth.json").read_text())["sdks"]["s"]
    assert truth["c.example body:$.anonymousId"] == PER_USER
    assert truth["c.example body:$.writeKey"] == CONSTANT
    assert truth["c.example body:$.device"] == PER_USER  # user3 sent it in round 2 only
    assert truth["c.example path:0"] == NEITHER
    assert mu["rounds"] == 2
    r1, r2 = mu["score_by_round"]["1"]["per_sdk"]["s"], mu["score_by_round"]["2"]["per_sdk"]["s"]
    assert (r1["per_user_found"], r1["per_user_total"]) == (4, 12)
    assert r1["missed"] == {"c.example body:$.anonymousId": 2, "c.example body:$.device": 6}
    assert (r2["per_user_found"], r2["per_user_total"]) == (6, 12)
    assert r2["missed"] == {"c.example body:$.device": 6}
    assert (r1["constants_rewritten"], r2["constants_rewritten"]) == (0, 2)
    assert r2["constants_rewritten_fields"] == {"c.example body:$.writeKey": 2}
    # all rounds added up
    whole = mu["score"]["per_sdk"]["s"]
    assert (whole["per_user_found"], whole["per_user_total"]) == (10, 24)
    assert whole["constants_rewritten"] == 2
    cmp = mu["rounds_compared"]
    assert (cmp["first"], cmp["last"]) == (1, 2)
    assert cmp["totals"]["dev"]["first"]["per_user_pct"] == 33.3
    assert cmp["totals"]["dev"]["last"]["per_user_pct"] == 50.0
    assert cmp["totals"]["all"]["last"]["constants_rewritten"] == 2
    assert cmp["per_sdk"]["s"]["last_missed"] == {"c.example body:$.device": 6}
    md = markdown_multiuser(mu)
    assert "round 1 beside round 2" in md and "4/12 (33.3%)" in md and "6/12 (50.0%)" in md


def test_observed_file_keeps_rounds_for_a_rescore(tmp_path: Path) -> None:
    runs = _runs()
    build(_cfg(tmp_path), {"baseline": runs["baseline"]}, None)  # the baseline process
    guard_dir = tmp_path / "g"
    guard_dir.mkdir()
    first = build(_cfg(guard_dir), {"guardian": runs["guardian"]}, tmp_path / "multiuser_truth.json")
    observed = json.loads((guard_dir / "multiuser_observed.json").read_text())
    assert observed["rounds"] == 2 and sorted(observed["by_round"]) == ["1", "2"]
    again = build(_cfg(guard_dir, rescore=True), {}, tmp_path / "multiuser_truth.json")
    assert again["score_by_round"] == first["score_by_round"]
    assert again["rounds_compared"] == first["rounds_compared"]
    assert again["score"] == first["score"]


def test_one_round_is_todays_report(tmp_path: Path) -> None:
    runs = _runs()
    one = {m: {"s": [v for v in vs["s"] if v.round == 1]} for m, vs in runs.items()}
    mu = build(_cfg(tmp_path, rounds=1), one, None)
    assert mu["rounds"] == 1 and "score_by_round" not in mu and "rounds_compared" not in mu
    assert "round 1 beside" not in markdown_multiuser(mu)
    assert json.loads((tmp_path / "multiuser_observed.json").read_text())["by_round"].keys() == {"1"}


def test_merge_and_compare_helpers() -> None:
    assert merge_tallies([{"f": {"sent": 2, "unchanged": 2}}, {"f": {"sent": 3, "rewritten": 3}, "g": {"sent": 1}}]) == \
        {"f": {"sent": 5, "unchanged": 2, "rewritten": 3}, "g": {"sent": 1}}
    row = {"per_user_found": 1, "per_user_total": 2, "per_user_pct": 50.0, "constants_rewritten": 0}
    tot = {"dev": {**row, "sdks": 1}, "blind": {**row, "sdks": 0}, "all": row}
    cmp = compare_rounds({"1": {"per_sdk": {}, "totals": tot}, "3": {"per_sdk": {}, "totals": tot},
                          "2": {"per_sdk": {}, "totals": tot}})
    assert (cmp["first"], cmp["last"]) == (1, 3)
    assert set(cmp["totals"]) == {"dev", "all"}  # no blind SDKs ran


# --- the fake internet: ids handed out per visitor, never one for all ---------------------------


def _post(host: str, path: str, doc: dict[str, Any]) -> Arrived:
    return Arrived(0, 0.0, "POST", host, path, [("Content-Type", "application/json")], json.dumps(doc).encode(), "f")


def _reply(reply: Any) -> dict[str, Any]:
    return json.loads(reply.body)


def test_openreplay_start_hands_each_new_visitor_its_own_ids() -> None:
    a = _reply(responders.openreplay(_post("api.openreplay.com", "/ingest/v1/web/start", {"projectKey": "k"})))
    b = _reply(responders.openreplay(_post("api.openreplay.com", "/ingest/v1/web/start", {"projectKey": "k"})))
    assert a["userUUID"] != b["userUUID"] and a["token"] != b["token"] and a["sessionID"] != b["sessionID"]
    # the tracker's next start (same tab: its token; same device: its userUUID) continues both
    again = _reply(responders.openreplay(_post("api.openreplay.com", "/ingest/v1/web/start",
                                               {"userUUID": a["userUUID"], "token": a["token"]})))
    assert (again["userUUID"], again["sessionID"], again["token"]) == (a["userUUID"], a["sessionID"], a["token"])
    # a token this ingest did not issue starts a new session
    forged = a["token"][:-4] + "AAAA"
    other = _reply(responders.openreplay(_post("api.openreplay.com", "/ingest/v1/web/start", {"token": forged})))
    assert other["sessionID"] != a["sessionID"]


def test_alloy_ecid_per_visitor_and_kept_by_its_cookie() -> None:
    def ecid(reply: dict[str, Any]) -> str:
        return next(h for h in reply["handle"] if h["type"] == "identity:result")["payload"][0]["id"]

    first = _reply(responders.alloy(_post("edge.adobedc.net", "/ee/v1/interact", {"events": [{}]})))
    second = _reply(responders.alloy(_post("edge.adobedc.net", "/ee/v1/interact", {"events": [{}]})))
    assert ecid(first) != ecid(second) and len(ecid(first)) == 38
    store = next(h for h in first["handle"] if h["type"] == "state:store")["payload"][0]
    back = _reply(responders.alloy(_post("edge.adobedc.net", "/ee/v1/interact",
                                         {"meta": {"state": {"entries": [store]}}, "events": [{}]})))
    assert ecid(back) == ecid(first)


def test_openpanel_ids_not_shared() -> None:
    a = _reply(responders.openpanel(_post("api.openpanel.dev", "/track", {})))
    b = _reply(responders.openpanel(_post("api.openpanel.dev", "/track", {})))
    assert a["deviceId"] != b["deviceId"] and a["sessionId"] != b["sessionId"]
