"""Suite-wide set-up: state the code writes by default goes to a temporary directory, never ~."""

from __future__ import annotations

import os
import tempfile

# Set at import, before any test (or mitmdump subprocess, which inherits it) picks a default path.
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="guardian-test-state-")
# The user's opt-in weights (guardian/weights.py) never change what the tests see: the shipped ones.
os.environ["GUARDIAN_WEIGHTS"] = tempfile.mkdtemp(prefix="guardian-test-weights-")


def pytest_collection_modifyitems(config: object, items: list) -> None:  # type: ignore[type-arg]
    """The tests on the real embedded LLM run last: `./guardian.sh test` sets the LLM up in the
    background (the first time: minutes) while every other test runs."""
    items.sort(key=lambda item: "tests/integration/" in item.nodeid)  # stable: the rest keep their order
