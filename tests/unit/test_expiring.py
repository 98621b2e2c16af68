"""The bounded, expiring map behind the frame chain and the identifiers seen earlier."""

from __future__ import annotations

from guardian.expiring import ExpiringMap


def test_bounded_least_recently_written_first_out() -> None:
    m: ExpiringMap[str, int] = ExpiringMap(max_items=2, ttl_s=60)
    m.put_many([("a", 1), ("b", 2)])
    m.put("a", 3)  # rewritten: now the newest
    m.put("c", 4)
    assert len(m) == 2 and m.get("b") is None and m.get("a") == 3 and m.get("c") == 4


def test_entries_expire_and_pop_forgets() -> None:
    now = [0.0]
    m: ExpiringMap[str, str] = ExpiringMap(max_items=10, ttl_s=5, clock=lambda: now[0])
    m.put("x", "top")
    now[0] = 5.0
    assert m.get("x") == "top"
    now[0] = 5.1
    assert m.get("x") is None and len(m) == 0
    m.put("y", "top")
    m.pop("y")
    m.pop("missing")
    assert m.get("y") is None
