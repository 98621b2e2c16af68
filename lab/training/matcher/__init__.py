"""Offline training and evaluation of the matcher's System 1 (see guardian/matcher/README.md).

- `opp115`: (action, statement, label) pairs from OPP-115 and the split by policy.
- `synthetic`: the same kind of pairs from template statements written for the project
  (`--data synthetic`): licence-clean, so weights trained on them may ship.
- `train`: `guardian-lab matcher train|eval|select`: train the head (and `minilm-lora`'s adapters), write
  weights with their record (data, licence, split, figures), measure the held-out policies and
  latency, choose epochs on dev policies carved out of the train policies.
- `finetune`: `minilm-lora`'s training, MiniLM with low-rank adapters trained with the head.
- `bootstrap_table`: `guardian-lab matcher bootstrap`, S1 accuracy / escalation vs teacher labels.
- `metrics`: the paper's System 1 metrics (accuracy, ECE, Brier, escalation, ...).
- `cli`: the `guardian matcher` subcommands (argparse only; each command imports its module).

The request path (gate, system1, system2, model, encoders, prior, bootstrap: the online
fine-tuning from System 2 labels) never imports this package; it reads the weights these
modules write.
"""

from __future__ import annotations
