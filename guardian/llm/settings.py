"""Where the LLM is and how to talk to it: one endpoint, with per-role overrides.

Settings come from addon options or the CLI (explicit values) over the environment:

    GUARDIAN_LLM_BASE_URL     e.g. http://127.0.0.1:8081/v1 (unset: no LLM, rule levels only)
    GUARDIAN_LLM_MODEL        model name sent to the endpoint
    GUARDIAN_LLM_API_KEY      key, if the endpoint wants one
    GUARDIAN_LLM_FORMAT       auto | json_object | json_schema | none (how strict JSON is asked for)
    GUARDIAN_LLM_TIMEOUT      seconds per call (default 30)
    GUARDIAN_LLM_BACKGROUND_TIMEOUT  seconds per call no flow waits for (default 120; guardian/llm/background.py)
    GUARDIAN_LLM_CONCURRENCY  calls in flight at once (default 2)
    GUARDIAN_LLM_STREAM       0 turns off streamed answers (on by default: see `stream`)
    GUARDIAN_LLM_<ROLE>_BASE_URL / _MODEL / _API_KEY   per role: SYSTEM2, L4, L5, ATTACKER
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from guardian.errors import ConfigError

__all__ = ["ROLES", "FORMATS", "RoleEndpoint", "LLMSettings"]

ROLES = ("system2", "l4", "l5", "attacker", "annotator")
# json_object: llama-cpp-python's server, {"type": "json_object", "schema": S}.
# json_schema: vLLM, OpenAI, llama.cpp's llama-server, {"type": "json_schema", "json_schema": {...}}.
# none: ask by prompt only, read tolerantly, retry once.
# auto: ask the endpoint who serves it (GET /models): llama-cpp-python -> none (its grammar is too
# slow on a CPU, see client.py), anything else -> json_schema; switch once if it rejects the choice.
FORMATS = ("auto", "json_object", "json_schema", "none")
DEFAULT_MODEL = "qwen2.5-coder-1.5b-instruct"
BACKGROUND_TIMEOUT_S = 120.0  # a call no flow waits for: a CPU model's slow answer still teaches


@dataclass(frozen=True)
class RoleEndpoint:
    """The endpoint one role talks to."""

    base_url: str
    model: str
    api_key: str = field(default="none", repr=False)


@dataclass(frozen=True)
class LLMSettings:
    """Everything the client needs; `endpoint(role)` resolves the per-role overrides."""

    base_url: str
    model: str = DEFAULT_MODEL
    api_key: str = field(default="none", repr=False)
    response_format: str = "auto"
    timeout: float = 30.0  # seconds per call (a caller's deadline can make it shorter)
    background_timeout: float = BACKGROUND_TIMEOUT_S  # a call no flow waits for (guardian/llm/background.py)
    max_concurrency: int = 2
    cache_size: int = 512
    overrides: Mapping[str, RoleEndpoint] = field(default_factory=dict)
    # Stream answers: when a caller gives up (its deadline), the connection closes and a server
    # that notices (llama-cpp-python, vLLM) stops generating instead of finishing for nobody.
    stream: bool = True

    def __post_init__(self) -> None:
        if not self.base_url:
            raise ConfigError("the LLM base URL is empty")
        if self.response_format not in FORMATS:
            raise ConfigError(f"LLM response format must be one of {FORMATS}, not {self.response_format!r}")
        if not self.timeout > 0 or not self.background_timeout > 0:
            raise ConfigError("the LLM timeouts must be positive numbers of seconds")
        if self.max_concurrency < 1:
            raise ConfigError("the LLM concurrency limit must be at least 1")
        unknown = set(self.overrides) - set(ROLES)
        if unknown:
            raise ConfigError(f"unknown LLM roles {sorted(unknown)}; known: {ROLES}")

    def endpoint(self, role: str) -> RoleEndpoint:
        """The endpoint for `role`: its override, else the default one."""
        if role not in ROLES:
            raise ConfigError(f"unknown LLM role {role!r}; known: {ROLES}")
        return self.overrides.get(role) or RoleEndpoint(self.base_url, self.model, self.api_key)

    def limit(self, timeout: float | None, *, background: bool = False) -> float:
        """Seconds a call may take: the caller's `timeout` within this endpoint's (background) timeout."""
        cap = self.background_timeout if background else self.timeout
        return cap if timeout is None else min(cap, timeout)

    def with_(self, **changes: object) -> LLMSettings:
        return replace(self, **changes)  # type: ignore[arg-type]

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **explicit: object) -> LLMSettings | None:
        """Settings from explicit values over the environment; None when no base URL is set anywhere."""
        env = os.environ if env is None else env
        values = {k: v for k, v in explicit.items() if v not in (None, "")}
        base_url = str(values.pop("base_url", "") or env.get("GUARDIAN_LLM_BASE_URL", ""))
        if not base_url or base_url.lower() in ("off", "none"):
            return None
        model = str(values.pop("model", "") or env.get("GUARDIAN_LLM_MODEL", "") or DEFAULT_MODEL)
        api_key = str(values.pop("api_key", "") or env.get("GUARDIAN_LLM_API_KEY", "") or "none")
        try:
            timeout = float(values.pop("timeout", None) or env.get("GUARDIAN_LLM_TIMEOUT", 30.0))
            background_timeout = float(
                values.pop("background_timeout", None) or env.get("GUARDIAN_LLM_BACKGROUND_TIMEOUT", BACKGROUND_TIMEOUT_S))
            concurrency = int(values.pop("max_concurrency", None) or env.get("GUARDIAN_LLM_CONCURRENCY", 2))
        except ValueError as e:
            raise ConfigError(f"bad LLM setting: {e}") from e
        fmt = str(values.pop("response_format", "") or env.get("GUARDIAN_LLM_FORMAT", "auto"))
        if "stream" not in values and env.get("GUARDIAN_LLM_STREAM", "").strip().lower() in ("0", "false", "no", "off"):
            values["stream"] = False
        overrides: dict[str, RoleEndpoint] = {}
        for role in ROLES:
            prefix = f"GUARDIAN_LLM_{role.upper()}_"
            r_url, r_model, r_key = (env.get(prefix + k) for k in ("BASE_URL", "MODEL", "API_KEY"))
            if r_url or r_model or r_key:
                overrides[role] = RoleEndpoint(r_url or base_url, r_model or model, r_key or api_key)
        return cls(
            base_url=base_url,
            model=model,
            api_key=api_key,
            response_format=fmt,
            timeout=timeout,
            background_timeout=background_timeout,
            max_concurrency=concurrency,
            overrides=overrides,
            **values,  # type: ignore[arg-type]
        )
