"""Offline training and evaluation of the fast attacker and its span tagger
(`guardian-lab attacker train|eval|train-spans|eval-spans`).

- `data`: SynthPAI profiles, buckets per attribute, the split by author.
- `train`: token states cached once, the heads trained with torch, calibrated, measured.
- `spans_train`, `spans_templates`: the span tagger's token labels (the eval's gold-span rule),
  training, thresholds on val, metrics.
- `cli`: the `guardian attacker` subcommands (argparse only; each command imports its module).

The request path never imports this package; it reads the weights these modules write.
"""

from __future__ import annotations
