"""The fast attacker: SynthPAI attributes guessed from anonymized text in milliseconds,
with the words each guess relied on. See guardian/anonymize/README.md.

Importing this package loads neither torch nor the model: weights are read by
`FastAttacker.shipped()`, MiniLM on the first guess (or `warm()`).
"""

from __future__ import annotations

from guardian.anonymize.fast_attacker.attacker import FastAttacker, Reading, looks_english
from guardian.anonymize.fast_attacker.labels import ATTRIBUTES, CLASSES
from guardian.anonymize.fast_attacker.model import AttackerWeights, AttackerWeightsError, shipped_path
from guardian.anonymize.fast_attacker.spans import SpanWeights, SpanWeightsError, TaggedSpan, spans_path

__all__ = ["FastAttacker", "Reading", "AttackerWeights", "AttackerWeightsError", "ATTRIBUTES", "CLASSES", "shipped_path",
           "looks_english", "SpanWeights", "SpanWeightsError", "TaggedSpan", "spans_path"]
