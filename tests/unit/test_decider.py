"""guardian/decider.py: the process settings its pool needs."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from guardian.decider import GIL_SWITCH_S, share_the_gil


@pytest.fixture
def switch_interval() -> Iterator[None]:
    before = sys.getswitchinterval()
    yield
    sys.setswitchinterval(before)


def test_the_pool_gets_the_gil_back_within_a_tenth_of_a_millisecond(switch_interval: None) -> None:
    sys.setswitchinterval(0.005)  # Python's default: NER beside a busy loop waited this long per take
    share_the_gil()
    assert sys.getswitchinterval() == pytest.approx(GIL_SWITCH_S)
    assert GIL_SWITCH_S <= 0.0001
