"""The LLM part of the mitmproxy addon: options, the shared client and the escalation loop.

Options (the API key only from the environment, GUARDIAN_LLM_API_KEY, so it never shows in
mitmweb's option list):

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
from typing import Any, Optional

from guardian.errors import ConfigError
from guardian.records import Basis

__all__ = ["LLMAddonPart", "parse_deadlines"]

log = logging.getLogger("guardian")

OPTIONS = ("guardian_llm", "guardian_llm_model", "guardian_llm_format", "guardian_llm_verify", "guardian_llm_deadline")


def parse_deadlines(spec: str | None, timeout: float) -> dict[Basis, float]:
    """'background=20,default=8' over the defaults, each capped below the flow timeout."""
    from guardian.anonymize.escalation import DEADLINE_S

    out = dict(DEADLINE_S)
    for part in (spec or "").split(","):
        if not part.strip():
            continue
        name, sep, value = part.partition("=")
        try:
            out[Basis(name.strip())] = float(value)
        except ValueError:
            raise ConfigError(f"bad deadline {part.strip()!r}; use e.g. user_initiated=4,default=8,background=20") from None
        if not sep or out[Basis(name.strip())] <= 0:
            raise ConfigError(f"bad deadline {part.strip()!r}")
    return {b: min(s, 0.9 * timeout) for b, s in out.items()}


class LLMAddonPart:
    """Builds the LLM client and the escalation loop from options and attaches them to pipelines."""

    def __init__(self) -> None:
        self.loop: Any = None  # EscalationLoop | None
        self._llm: Any = None  # SyncLLM | None

    @staticmethod
    def load(loader: Any) -> None:
        from guardian.llm.settings import FORMATS

        loader.add_option("guardian_llm", Optional[str], None,
                          "Base URL of an OpenAI-compatible LLM endpoint for L4/L5 and escalation "
                          "(default $GUARDIAN_LLM_BASE_URL; 'off' or unset: rule levels only).")
        loader.add_option("guardian_llm_model", Optional[str], None, "LLM model name (default $GUARDIAN_LLM_MODEL).")
        loader.add_option("guardian_llm_format", str, "auto", "How strict JSON is asked for.", choices=FORMATS)
        loader.add_option("guardian_llm_verify", bool, True, "Escalate only on guesses the original text supports.")
        loader.add_option("guardian_llm_deadline", Optional[str], None,
                          "Per-basis seconds for the escalation loop, e.g. user_initiated=4,default=8,background=20.")

    def configure(self, updated: set[str], opts: Any, timeout: float) -> None:
        """Rebuild on a change of an LLM option or the flow timeout; OptionsError on bad values."""
        from mitmproxy import exceptions

        if not (set(OPTIONS) | {"guardian_timeout"}) & updated and self.loop is not None:
            return
        from guardian.anonymize.escalation import EscalationLoop
        from guardian.llm.client import SyncLLM
        from guardian.llm.settings import LLMSettings

        try:
            settings = LLMSettings.from_env(
                base_url=opts.guardian_llm, model=opts.guardian_llm_model,
                response_format=None if opts.guardian_llm_format == "auto" else opts.guardian_llm_format,
                timeout=timeout,
            )
            deadlines = parse_deadlines(opts.guardian_llm_deadline, timeout)
        except ConfigError as e:
            raise exceptions.OptionsError(f"guardian_llm: {e}") from e
        self.stop()
        if settings is None:
            return
        self._llm = SyncLLM(settings)
        self.loop = EscalationLoop(self._llm, deadlines=deadlines, verify_guesses=opts.guardian_llm_verify)
        log.info("guardian: LLM levels and escalation on, endpoint %s", settings.base_url)

    @property
    def client(self) -> Any:
        """The SyncLLM in use, or None without an endpoint (other stages share it)."""
        return self._llm

    def attach(self, pipeline: Any) -> None:
        if pipeline is not None:
            pipeline.escalation = self.loop

    def stop(self) -> None:
        if self._llm is not None:
            self._llm.close()
        self._llm = None
        self.loop = None
