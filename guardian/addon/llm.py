"""The link to the LLM server: its options, and a check at start that the endpoint answers.

The client itself is a component of the pipeline (`guardian.assemble`: System 2, L4/L5, the
attacker and the LLM annotator share it). This addon declares the LLM options (the API key only
from the environment, GUARDIAN_LLM_API_KEY, so it never shows in mitmweb's option list) and, when
the proxy starts, asks the endpoint for its models in the background: a dead endpoint is named in
the log at once instead of showing up as fallbacks on every flow.

    guardian_llm            base URL of an OpenAI-compatible endpoint ("off": none); default
                            $GUARDIAN_LLM_BASE_URL; unset: no LLM, rule levels only
    guardian_llm_model      model name (default $GUARDIAN_LLM_MODEL or the embedded model's)
    guardian_llm_format     auto | json_object | json_schema | none
    guardian_llm_verify     the verifier V(g, x0) on (true) or off (every guess counts)
    guardian_llm_deadline   per-basis seconds, "user_initiated=4,default=8,background=20";
                            each is capped at 90% of guardian_timeout
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from guardian.addon.shared import SettingsView, check_own_options
from guardian.settings import declare_options

__all__ = ["LLMLink", "LLM_OPTIONS"]

log = logging.getLogger("guardian")

LLM_OPTIONS = ("guardian_llm", "guardian_llm_model", "guardian_llm_format", "guardian_llm_verify", "guardian_llm_deadline")
PROBE_TIMEOUT_S = 5.0


def probe(base_url: str, api_key: str, timeout: float = PROBE_TIMEOUT_S) -> str | None:
    """None when `GET {base_url}/models` answers 200, else why not (no exception)."""
    import httpx

    try:
        with httpx.Client(timeout=timeout, trust_env=False) as client:
            r = client.get(base_url.rstrip("/") + "/models", headers={"Authorization": f"Bearer {api_key}"})
        return None if r.status_code == 200 else f"HTTP {r.status_code}"
    except httpx.HTTPError as e:
        return type(e).__name__


class LLMLink:
    """Declares the LLM options; checks the endpoint once the proxy runs."""

    def __init__(self, engine: SettingsView) -> None:
        self.engine = engine  # the settings in force

    def load(self, loader: Any) -> None:
        declare_options(loader, LLM_OPTIONS)

    def configure(self, updated: set[str]) -> None:
        check_own_options(updated, LLM_OPTIONS)

    def running(self) -> None:
        settings = self.engine.settings.llm
        if settings is None:
            log.info("guardian: no LLM configured; rule levels only")
            return

        def check() -> None:
            why = probe(settings.base_url, settings.api_key)
            if why is None:
                log.info("guardian: LLM endpoint %s answers", settings.base_url)
            else:  # a warning, not an error: mitmproxy 12 exits on an error logged at start
                log.warning("guardian: LLM endpoint %s does not answer (%s); flows fall back to rule levels", settings.base_url, why)

        threading.Thread(target=check, name="guardian-llm-probe", daemon=True).start()
