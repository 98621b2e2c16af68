"""The one exception hierarchy of GuardianAgent; callers catch the base.

    GuardianError
     +-- ConfigError            bad option value or configuration file
     |    +-- SettingsError      one setting has a bad value (names the option and the value)
     |    +-- RulesError         the YAML rules file is invalid (names the line)
     +-- CodecError             a body could not be turned into fields or back
     |    +-- DecodeError        malformed body for its declared type
     |    +-- EncodeError        a rewrite could not be written back in the body's format
     |    +-- ContentEncodingError  unknown or corrupt Content-Encoding
     +-- PipelineError          a stage failed while deciding a request
     |    +-- SlowPathNeeded     a fast-path decision needs a model or the LLM: decide it in the pool
     +-- LLMError               the LLM endpoint could not give a usable answer (callers fall back)
          +-- LLMUnavailable     the endpoint is down, refused the request or answered an HTTP error
          +-- LLMTimeout         no answer within the time allowed
          +-- LLMBadResponse     the answer was not the JSON asked for, even after the retry
"""

from __future__ import annotations

__all__ = [
    "GuardianError",
    "ConfigError",
    "SettingsError",
    "RulesError",
    "CodecError",
    "DecodeError",
    "EncodeError",
    "ContentEncodingError",
    "PipelineError",
    "SlowPathNeeded",
    "LLMError",
    "LLMUnavailable",
    "LLMTimeout",
    "LLMBadResponse",
    "cut_by_exit",
]


class GuardianError(Exception):
    """Base class of every error GuardianAgent raises on purpose."""


class ConfigError(GuardianError):
    """An option value or configuration file is invalid."""


class SettingsError(ConfigError):
    """One setting has a bad value; the message names the option and the value."""

    def __init__(self, option: str, value: object, why: str) -> None:
        super().__init__(f"{option}={value!r}: {why}")
        self.option = option
        self.value = value


class RulesError(ConfigError):
    """The YAML rules file is invalid; the message names the file and line."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None) -> None:
        where = ""
        if path is not None:
            where = f"{path}:{line}: " if line is not None else f"{path}: "
        super().__init__(f"{where}{message}")
        self.path = path
        self.line = line


class CodecError(GuardianError):
    """A body could not be decoded into fields or encoded back."""


class DecodeError(CodecError):
    """The body is malformed for its declared content type."""


class EncodeError(CodecError):
    """A rewritten payload could not be written back in its own format."""


class ContentEncodingError(CodecError):
    """The Content-Encoding is unknown, or the body does not decode with it."""


class PipelineError(GuardianError):
    """A pipeline stage failed while deciding a request."""

    def __init__(self, stage: str, message: str) -> None:
        super().__init__(f"{stage}: {message}")
        self.stage = stage


class SlowPathNeeded(PipelineError):
    """Raised on the fast path when a stage needs NER or an LLM call; the caller finishes the
    decision in the worker pool (`partial`, for `Pipeline.resume`; None: decide it again there).
    Never reaches a user."""

    def __init__(self, stage: str, why: str, *, partial: object | None = None) -> None:
        super().__init__(stage, why)
        self.partial = partial


class LLMError(GuardianError):
    """The LLM endpoint gave no usable answer; the caller takes its documented fallback."""

    def __init__(self, role: str, message: str) -> None:
        super().__init__(f"llm {role}: {message}")
        self.role = role


class LLMUnavailable(LLMError):
    """The endpoint is down, refused the connection or answered an HTTP error."""


class LLMTimeout(LLMError):
    """The endpoint did not answer within the time allowed."""


class LLMBadResponse(LLMError):
    """The answer was not the JSON asked for, even after the one retry."""


def cut_by_exit(e: BaseException) -> bool:
    """Whether `e` is what a background model load raises when the process exits under it:
    transformers' loader pool already shut down ("cannot schedule new futures after interpreter
    shutdown"), or an import registering its exit hook too late ("can't register atexit after
    shutdown"). Nothing is wrong then, and nothing is left to warm for."""
    text = str(e)
    return "interpreter shutdown" in text or "atexit after shutdown" in text
