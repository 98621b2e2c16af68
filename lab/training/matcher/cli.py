"""`guardian-lab matcher train|eval|select|bootstrap`: System 1 on OPP-115 or on the project's template
statements (`--data synthetic`; see guardian/matcher/README.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

__all__ = ["register"]

DEFAULT_DATA = "../shared/data/opp115"
DATA_HELP = "the OPP-115 folder (default ../shared/data/opp115), or 'synthetic': the project's template statements (licence-clean)"
SCHEMES = ("segment", "practice")
# as guardian.matcher.encoders.ENCODERS (kept here: this module must import no numpy)
ENCODERS = ("multihot", "minilm", "hybrid", "minilm-lora")
# The bootstrapping table trains its cold start (the head) from 3 policies; minilm-lora's adapters
# come from training on all train policies, so a cold start with them would not be cold.
BOOTSTRAP_ENCODERS = ("multihot", "minilm", "hybrid")


def _cmd_train(args: argparse.Namespace) -> int:
    from lab.training.matcher.train import train

    log = (lambda m: print(m, file=sys.stderr)) if args.verbose else None
    meta = train(args.data, args.encoder, args.out, seed=args.seed, epochs=args.epochs, scheme=args.scheme, log=log,
                 device=args.device)
    print(json.dumps(meta, indent=2))
    return 0


def _cmd_eval(args: argparse.Namespace) -> int:
    from guardian.matcher.model import S1Weights
    from guardian.matcher.system1 import shipped_weights_path
    from lab.training.matcher.train import evaluate

    paths = [Path(w) for w in args.weights] if args.weights else [shipped_weights_path(e) for e in args.encoder]
    out = {}
    for path in paths:
        w = S1Weights.load(path)
        out[w.encoder if not args.weights else str(path)] = evaluate(args.data, w, seed=args.seed)
    print(json.dumps(out, indent=2))
    return 0


def _cmd_select(args: argparse.Namespace) -> int:
    from lab.training.matcher.train import select_epochs

    log = (lambda m: print(m, file=sys.stderr)) if args.verbose else None
    print(json.dumps(select_epochs(args.data, args.encoder, args.epochs, seed=args.seed, log=log), indent=2))
    return 0


def _cmd_bootstrap(args: argparse.Namespace) -> int:
    from lab.training.matcher.bootstrap_table import bootstrap_table, format_table

    result = bootstrap_table(args.data, encoder=args.encoder, seed=args.seed, scheme=args.scheme)
    print(json.dumps(result, indent=2))
    print(format_table(result), file=sys.stderr)
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`guardian matcher ...`."""
    m = sub.add_parser("matcher", help="train and evaluate the matcher's System 1 (OPP-115 or the project's template statements)")
    msub = m.add_subparsers(dest="matcher_command", required=True)

    t = msub.add_parser("train", help="train System 1 and write its weights (with a record of data, seed, metrics)")
    t.add_argument("--data", default=DEFAULT_DATA, help=DATA_HELP)
    t.add_argument("--encoder", choices=ENCODERS, default="multihot")
    t.add_argument("--out", required=True, help="weights file to write (.npz)")
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--epochs", type=int, default=None)
    t.add_argument("--scheme", choices=SCHEMES, default="segment",
                   help="training pairs: segment (annotated segment text, the request path) or practice (gold fields)")
    t.add_argument("--device", default="cpu", help="torch device for minilm-lora, which trains MiniLM's adapters (cuda: much faster)")
    t.add_argument("-v", "--verbose", action="store_true", help="print the loss per epoch")
    t.set_defaults(func=_cmd_train)

    e = msub.add_parser("eval", help="System 1 metrics on the held-out OPP-115 policies, as JSON")
    e.add_argument("--data", default=DEFAULT_DATA, help=DATA_HELP)
    e.add_argument("--encoder", nargs="+", choices=ENCODERS, default=["multihot", "minilm", "minilm-lora"],
                   help="shipped weights to evaluate (default all three)")
    e.add_argument("--weights", nargs="+", help="weights files instead of the shipped ones")
    e.add_argument("--seed", type=int, default=0)
    e.set_defaults(func=_cmd_eval)

    sel = msub.add_parser("select", help="choose the training epochs on dev policies carved out of the train policies")
    sel.add_argument("--data", default=DEFAULT_DATA, help=DATA_HELP)
    sel.add_argument("--encoder", choices=BOOTSTRAP_ENCODERS, default="multihot")
    sel.add_argument("--epochs", type=int, nargs="+", default=[5, 10, 15, 20, 30, 40, 60], help="candidate epochs")
    sel.add_argument("--seed", type=int, default=0)
    sel.add_argument("-v", "--verbose", action="store_true", help="print each candidate's dev figures")
    sel.set_defaults(func=_cmd_select)

    b = msub.add_parser("bootstrap", help="the bootstrapping table: S1 accuracy / escalation vs teacher labels")
    b.add_argument("--data", default=DEFAULT_DATA)
    b.add_argument("--encoder", choices=BOOTSTRAP_ENCODERS, default="multihot")
    b.add_argument("--seed", type=int, default=0)
    b.add_argument("--scheme", choices=SCHEMES, default="segment")
    b.set_defaults(func=_cmd_bootstrap)
