"""guardian.heap: the proxy freezes its long-lived heap; nothing else does."""

from __future__ import annotations

import gc

import pytest

from guardian import heap


@pytest.fixture
def fresh_heap(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(heap, "_enabled", False)
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_freeze_does_nothing_until_the_proxy_enables_it(fresh_heap) -> None:  # type: ignore[no-untyped-def]
    heap.freeze()
    assert gc.get_freeze_count() == 0


def test_enable_moves_the_live_heap_out_of_the_collectors_way(fresh_heap) -> None:  # type: ignore[no-untyped-def]
    heap.enable()
    assert gc.get_freeze_count() > 0
    keep = [[] for _ in range(1000)]  # alive across the second freeze
    ids = {id(x) for x in keep}

    def collectable() -> set[int]:  # what the collector's generations still hold (the frozen ones are not there)
        return ids & {id(o) for o in gc.get_objects()}

    assert collectable() == ids
    heap.freeze()  # after a model load or a reload: the new objects join
    assert collectable() == set()
