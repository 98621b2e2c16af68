"""Offline training and evaluation of the fast attacker (`guardian attacker train|eval`).

- `data`: SynthPAI profiles, buckets per attribute, the split by author.
- `train`: token states cached once, the heads trained with torch, calibrated, measured.
- `cli`: the `guardian attacker` subcommands (argparse only; each command imports its module).

The request path never imports this package; it reads the weights these modules write.
"""

from __future__ import annotations
