from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "eval"
SHARED = Path(__file__).resolve().parents[4] / "shared" / "data"


@pytest.fixture()
def fixtures() -> Path:
    return FIXTURES


class FakeLLM:
    """An in-process JsonLLM: scripted attacker guesses and rewrites, every call recorded."""

    def __init__(self, guesses: list[dict[str, Any]] | None = None, text: str | None = None) -> None:
        self.guesses = guesses or []
        self.text = text
        self.calls: list[str] = []

    def complete_json(self, role: str, messages: Any, schema: dict[str, Any], **kwargs: Any) -> Any:
        self.calls.append(role)
        if role == "attacker":
            return {"guesses": self.guesses}
        return {"text": self.text if self.text is not None else "A person wrote something generic here today."}


@pytest.fixture()
def regex_resources():  # type: ignore[no-untyped-def]
    """Resources whose detector has every recogniser but NER, so no spaCy model loads."""
    from guardian.detect import Detector, default_recognizers
    from guardian.detect.recognizers.ner import NerRecognizer
    from lab.eval.methods import Resources

    res = Resources(None, deadline_s=30)
    res._detector = Detector([r for r in default_recognizers() if not isinstance(r, NerRecognizer)])
    return res
