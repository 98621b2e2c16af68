"""`guardian ...` commands; each feature registers its own from its own module."""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Sequence

from guardian.check import register as register_check
from guardian.errors import GuardianError
from guardian.overrides import register as register_overrides
from guardian.report import register as register_report

__all__ = ["main", "LAB_COMMANDS"]

# Training and evaluation live in the lab (lab/cli.py, `pip install -e .[lab]`), not in the runtime.
LAB_COMMANDS = frozenset({"eval", "matcher", "attacker", "detect"})


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="guardian", description="GuardianAgent: a privacy agent for web traffic.")
    sub = parser.add_subparsers(dest="command", required=True)
    # Each feature registers its own subcommands from its own module: one line per feature here.
    register_check(sub)
    __import__("guardian.run").run.register(sub)  # run: proxy, PAC file, set-up instructions
    register_overrides(sub)  # allow / block / reset: guardian/overrides.py
    register_report(sub)  # report: guardian/report/
    __import__("guardian.policies.cli").policies.cli.register(sub)  # policy fetch / show / search
    __import__("guardian.llm.cli").llm.cli.register_llm(sub)  # llm setup / serve: guardian/llm/
    __import__("guardian.vault.cli").vault.cli.register(sub)  # vault clear / status: guardian/vault/
    __import__("guardian.weights").weights.register(sub)  # weights: which each model reads, and their licence
    __import__("guardian.docs_options").docs_options.register(sub)  # docs options: the table in docs/options.md
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_in = list(sys.argv[1:] if argv is None else argv)
    if args_in and args_in[0] in LAB_COMMANDS:
        print(f"guardian: `{args_in[0]}` is a lab command: use `guardian-lab {shlex.join(args_in)}` "
              "(pip install -e .[lab])", file=sys.stderr)
        return 2
    parser = build_parser()
    args = parser.parse_args(args_in)
    try:
        return int(args.func(args))
    except GuardianError as e:
        print(f"guardian: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"guardian: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
