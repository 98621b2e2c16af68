"""Detect: personal-data findings per field (DESIGN.md step 3).

Regex + checksum recognisers and field-name hints, each behind `Recognizer`; `Detector` runs
them over a `Payload` and returns non-overlapping `Finding`s mapped to AMRSF categories.
Standard library only; an NER recogniser can join later behind the same interface.
"""

from __future__ import annotations

from guardian.detect.base import Pattern, PatternRecognizer, Recognizer
from guardian.detect.detector import MAX_FIELD_CHARS, Detector, resolve_overlaps
from guardian.detect.registry import default_recognizers

__all__ = [
    "Recognizer",
    "Pattern",
    "PatternRecognizer",
    "Detector",
    "MAX_FIELD_CHARS",
    "default_recognizers",
    "resolve_overlaps",
]
