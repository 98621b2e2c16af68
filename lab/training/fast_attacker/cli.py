"""`guardian-lab attacker train|eval|train-spans|eval-spans`: the fast attacker and its span tagger on
Synthetic-Persona-Chat (licence-clean: the shipped weights) or on the user's copy of SynthPAI
(non-commercial: written to the opt-in folder, guardian/weights.py). See guardian/anonymize/README.md."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

__all__ = ["register"]

DEFAULT_DATA = "../shared/data"
DEFAULT_OUT = "guardian/anonymize/fast_attacker/weights/attacker.npz"
DEFAULT_SPANS_OUT = "guardian/anonymize/fast_attacker/weights/spans.npz"


def _out(args: argparse.Namespace, packaged: str, name: str) -> str:
    """--out, else the package's file for licence-clean data, else the opt-in folder (the data's
    licence forbids shipping what it trains)."""
    from lab.training.fast_attacker.persona_chat import is_persona_chat
    from guardian.weights import opt_in_dir

    if args.out:
        return str(args.out)
    return packaged if is_persona_chat(args.data) else str(opt_in_dir() / "attacker" / name)


def _cmd_train(args: argparse.Namespace) -> int:
    from lab.training.fast_attacker.train import STEPS, train

    log = (lambda m: print(m, file=sys.stderr)) if args.verbose else None
    meta = train(args.data, _out(args, DEFAULT_OUT, "attacker.npz"), seed=args.seed, steps=args.steps or STEPS, use_templates=not args.no_templates,
                 negatives=[Path(p) for p in args.negatives], log=log)
    print(json.dumps(meta, indent=2))
    return 0


def _cmd_eval(args: argparse.Namespace) -> int:
    from guardian.anonymize.fast_attacker.model import AttackerWeights, shipped_path
    from lab.training.fast_attacker.train import evaluate

    weights = AttackerWeights.load(Path(args.weights) if args.weights else shipped_path())
    print(json.dumps(evaluate(args.data, weights, seed=args.seed), indent=2))
    return 0


def _cmd_train_spans(args: argparse.Namespace) -> int:
    import torch

    from lab.training.fast_attacker.spans_train import BETA, EPOCHS, train_spans

    torch.set_num_threads(1)
    log = (lambda m: print(m, file=sys.stderr)) if args.verbose else None
    meta = train_spans(args.data, _out(args, DEFAULT_SPANS_OUT, "spans.npz"), seed=args.seed, epochs=args.epochs or EPOCHS,
                       templates=not args.no_templates, beta=BETA if args.beta is None else args.beta, log=log)
    print(json.dumps(meta, indent=2))
    return 0


def _cmd_eval_spans(args: argparse.Namespace) -> int:
    from guardian.anonymize.fast_attacker.spans import SpanWeights, spans_path
    from lab.training.fast_attacker.spans_train import evaluate_spans

    weights = SpanWeights.load(Path(args.weights) if args.weights else spans_path())
    print(json.dumps(evaluate_spans(args.data, weights, seed=args.seed), indent=2))
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`guardian attacker ...`."""
    a = sub.add_parser("attacker", help="train and evaluate the fast attacker (Synthetic-Persona-Chat, or SynthPAI as an opt-in)")
    asub = a.add_subparsers(dest="attacker_command", required=True)

    t = asub.add_parser("train", help="train the fast attacker and write its weights (with a JSON record beside them)")
    t.add_argument("--data", default=DEFAULT_DATA, help="a Synthetic-Persona-Chat folder (its CSV files), or the shared "
                   "data folder holding synthpai/ (default ../shared/data)")
    t.add_argument("--out", default=None, help=f"weights file to write (default: {DEFAULT_OUT} for Synthetic-Persona-Chat, "
                   "the opt-in folder for SynthPAI)")
    t.add_argument("--seed", type=int, default=0, help="split and training seed")
    t.add_argument("--steps", type=int, default=None)
    t.add_argument("--negatives", action="append", default=[], metavar="JSONL",
                   help="texts that say nothing of their writer ({\"text\"} per line, e.g. public questions): trained "
                        "towards no guess, and a held-out fifth bounds the guess thresholds; repeatable")
    t.add_argument("--no-templates", action="store_true", help="train on SynthPAI bags only (no template sentences)")
    t.add_argument("-v", "--verbose", action="store_true", help="print progress")
    t.set_defaults(func=_cmd_train)

    e = asub.add_parser("eval", help="per-attribute metrics of every split (train/val/dev/test), as JSON")
    e.add_argument("--data", default=DEFAULT_DATA)
    e.add_argument("--weights", help="a weights file instead of the shipped one")
    e.add_argument("--seed", type=int, default=None, help="split seed (default: the one the weights were trained with)")
    e.set_defaults(func=_cmd_eval)

    ts = asub.add_parser("train-spans", help="train the attribute-span tagger and write its weights (JSON record beside)")
    ts.add_argument("--data", default=DEFAULT_DATA, help="a Synthetic-Persona-Chat folder, or the shared data folder "
                    "holding synthpai/ (default ../shared/data)")
    ts.add_argument("--out", default=None, help=f"weights file to write (default: {DEFAULT_SPANS_OUT} for "
                    "Synthetic-Persona-Chat, the opt-in folder for SynthPAI)")
    ts.add_argument("--seed", type=int, default=0, help="split and training seed (the fast attacker's split: 0)")
    ts.add_argument("--epochs", type=int, default=None)
    ts.add_argument("--no-templates", action="store_true", help="train on SynthPAI gold spans only")
    ts.add_argument("--beta", type=float, default=None, help="F-beta of the per-attribute threshold choice on val (default 2)")
    ts.add_argument("-v", "--verbose", action="store_true", help="print progress")
    ts.set_defaults(func=_cmd_train_spans)

    es = asub.add_parser("eval-spans", help="token precision / recall of the span tagger per split and attribute, as JSON")
    es.add_argument("--data", default=DEFAULT_DATA)
    es.add_argument("--weights", help="a weights file instead of the shipped one")
    es.add_argument("--seed", type=int, default=None, help="split seed (default: the one the weights were trained with)")
    es.set_defaults(func=_cmd_eval_spans)
