"""bench/live_clients' comparator: which differences count as ids swapped in their format."""

from __future__ import annotations

import random
import string
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[3] / "bench" / "live_clients"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))  # bench/ is not a package

from livebench.compare import same_shape_swap  # noqa: E402

from guardian.anonymize.operators.identifier import IdentifierSwap  # noqa: E402

_B64 = string.ascii_letters + string.digits + "+/"


def test_base64_ids_swapped_by_the_proxy_count_as_swaps() -> None:
    # App Insights' ai.user.id: 22 characters of "A-Za-z0-9+/"; a "/" used to split it into
    # pieces too short to be ids, so about one run in six read "changed" (the CI failure).
    swap = IdentifierSwap(b"k" * 32)
    rng = random.Random(7)
    for _ in range(500):
        value = "".join(rng.choice(_B64) for _ in range(22))
        swapped = swap.swap(value, "applicationinsights.azure.com")
        if swapped != value:
            assert same_shape_swap(value, swapped) is not None, (value, swapped)


def test_a_slashed_base64_id_and_a_digitless_one() -> None:
    assert same_shape_swap("ab/Cd3fGhIjK+lmN9pq/Rs", "xy/Zq7wKlMnB+opR2st/Uv") is not None
    assert same_shape_swap("QwErTyUiOpAsDfGhJkLzXc", "ZxCvBnMaSdFgHjKlQwErTy") is not None


def test_words_and_class_changes_are_changes() -> None:
    assert same_shape_swap("Python is great", "Qzmpkn is great") is None  # a word, not an id
    assert same_shape_swap("abc123def", "abc123deg") is None  # a hex id given a non-hex digit
    assert same_shape_swap("user-1234-abcd", "user_1234_abcd") is None  # separators moved
    assert same_shape_swap("en-US", "**-**") is None
    assert same_shape_swap("hello/World", "hello/Wxrld") is None  # short, no digit: words
