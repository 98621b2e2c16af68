"""GuardianAgent's lab: training, evaluation, benchmarks and test helpers, apart from the runtime.

Installed with `pip install -e .[lab]` (its own dependencies) and driven by `guardian-lab`. It
imports the runtime package `guardian`; `guardian` never imports it (tests/unit/test_layering.py).

    lab/eval/        the privacy/utility evaluation (`guardian-lab eval`)
    lab/training/    training of the shipped models: detect/, matcher/, fast_attacker/
    lab/bench/       benchmarks and the live-clients harness (lab/bench/README.md)
    lab/testing/     helpers for tests: a scripted LLM server, a throwaway PostgreSQL cluster
"""
