"""`guardian-lab ...`: training and evaluation commands, apart from the runtime's `guardian`.

Same sub-commands as before they moved: `eval`, `matcher train|eval|select|bootstrap`,
`attacker train|eval|train-spans|eval-spans`, `detect train-tagger|train-subject|write-disclosures|eval-tagger`.
Training writes the shipped weights where the runtime reads them (`guardian/*/weights/`) or, for
data that forbids commercial use, to the opt-in folder (`guardian weights` says which).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from guardian.errors import GuardianError
from lab.eval.cli import register as register_eval
from lab.training.detect.cli import register as register_detect
from lab.training.fast_attacker.cli import register as register_attacker
from lab.training.matcher.cli import register as register_matcher

__all__ = ["main", "build_parser"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="guardian-lab", description="GuardianAgent's lab: training and evaluation.")
    sub = parser.add_subparsers(dest="command", required=True)
    register_eval(sub)  # eval: lab/eval/
    register_matcher(sub)  # matcher train / eval / select / bootstrap: lab/training/matcher/
    register_attacker(sub)  # attacker train / eval / train-spans / eval-spans: lab/training/fast_attacker/
    register_detect(sub)  # detect train-tagger / train-subject / write-disclosures / eval-tagger: lab/training/detect/
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except (GuardianError, OSError) as e:
        print(f"guardian-lab: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
