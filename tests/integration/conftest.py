"""The real embedded LLM server (llama-cpp-python + the cached model), started once per session.

Set up by `./guardian.sh setup-llm`, or by `./guardian.sh test`, which sets it up in the
background while the other tests run (they run first, tests/conftest.py) and names that process
in GUARDIAN_LLM_PROVISION_PID: the fixture waits for it. Without the LLM the tests are skipped
locally, but fail in CI (CI=true) or with GUARDIAN_REQUIRE_LLM=1: CI must run them.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import time

import pytest

PROVISION_WAIT_S = 40 * 60  # the first build compiles llama.cpp (about 7 minutes on 2 cores) and assembles the model
POLL_S = 2.0


def _wait_for_provisioning() -> str | None:
    """Wait for `./guardian.sh test`'s background set-up, if any; why it failed, or None."""
    pid_text = os.environ.get("GUARDIAN_LLM_PROVISION_PID")
    if not pid_text:
        return None
    pid, deadline = int(pid_text), time.monotonic() + PROVISION_WAIT_S
    while time.monotonic() < deadline:
        try:
            done, status = os.waitpid(pid, os.WNOHANG)  # pytest is its parent after the script's exec
            if done:
                code = os.waitstatus_to_exitcode(status)
                return None if code == 0 else f"the LLM set-up exited with {code} (.cache/llm-provision.log)"
        except ChildProcessError:  # not our child (pytest run another way): poll for its end
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return None
        time.sleep(POLL_S)
    return f"the LLM set-up (pid {pid}) did not finish in {PROVISION_WAIT_S:.0f} s"


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

    failed = _wait_for_provisioning()
    importlib.invalidate_caches()  # llama_cpp may have been installed while this process ran
    missing = _missing()
    if missing and failed:
        missing = f"{missing}; {failed}"
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
