"""The real embedded LLM server (llama-cpp-python + the cached model), started once per session.

Set up by `./guardian.sh setup-llm` (which `./guardian.sh test` runs). Without it the tests are
skipped locally, but fail in CI (CI=true) or with GUARDIAN_REQUIRE_LLM=1: CI must run them.
"""

from __future__ import annotations

import importlib.util
import os

import pytest


def _missing() -> str | None:
    from guardian.llm.provision import model_path

    if importlib.util.find_spec("llama_cpp") is None:
        return "llama-cpp-python is not installed (./guardian.sh setup-llm)"
    if not model_path().exists():
        return f"no model at {model_path()} (./guardian.sh setup-llm)"
    return None


@pytest.fixture(scope="session")
def llm(tmp_path_factory):
    from guardian.llm import LLMSettings, SyncLLM
    from guardian.llm.server import EmbeddedServer, free_port

    missing = _missing()
    if missing:
        if os.environ.get("CI") or os.environ.get("GUARDIAN_REQUIRE_LLM"):
            pytest.fail(f"the embedded LLM is required here: {missing}")
        pytest.skip(missing)
    log = tmp_path_factory.mktemp("llm") / "server.log"
    server = EmbeddedServer(port=free_port(), n_ctx=2048, log_path=log).start(wait=300)
    client = SyncLLM(LLMSettings(base_url=server.base_url, timeout=600))
    try:
        yield client
    finally:
        client.close()
        server.stop()
