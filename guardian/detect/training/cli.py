"""`guardian detect train-tagger|eval-tagger`: the prose tagger (guardian/detect/prose_tagger.py)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

__all__ = ["register"]

DEFAULT_DATA = "../shared/data"
DEFAULT_OUT = "guardian/detect/weights/prose_tagger.npz"


def _cmd_train(args: argparse.Namespace) -> int:
    import torch

    from guardian.detect.training.train import EPOCHS, LAYERS, TEMPLATES, train_tagger

    torch.set_num_threads(1)
    log = (lambda m: print(m, file=sys.stderr, flush=True)) if args.verbose else None
    meta = train_tagger(args.data, args.out, seed=args.seed, epochs=args.epochs or EPOCHS,
                        layers=LAYERS if args.layers is None else args.layers,
                        templates=args.templates or TEMPLATES, log=log)
    print(json.dumps(meta, indent=2, ensure_ascii=False))
    return 0


def _cmd_eval(args: argparse.Namespace) -> int:
    from guardian.detect.prose_tagger import ProseWeights, weights_path
    from guardian.detect.training.train import evaluate_tagger

    weights = ProseWeights.load(Path(args.weights) if args.weights else weights_path())
    print(json.dumps(evaluate_tagger(args.data, weights), indent=2, ensure_ascii=False))
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`guardian detect ...`."""
    d = sub.add_parser("detect", help="train and evaluate the prose tagger of the detector")
    dsub = d.add_subparsers(dest="detect_command", required=True)

    t = dsub.add_parser("train-tagger", help="train the prose tagger and write its weights (JSON record beside)")
    t.add_argument("--data", default=DEFAULT_DATA, help="the shared data folder holding tab/ (default ../shared/data)")
    t.add_argument("--out", default=DEFAULT_OUT, help=f"weights file to write (default {DEFAULT_OUT})")
    t.add_argument("--seed", type=int, default=0, help="split, template and training seed")
    t.add_argument("--epochs", type=int, default=None)
    t.add_argument("--layers", type=int, default=None, help="MiniLM layers the head reads after (0-6; default 2)")
    t.add_argument("--templates", type=int, default=None, help="template texts to train on")
    t.add_argument("-v", "--verbose", action="store_true", help="print progress")
    t.set_defaults(func=_cmd_train)

    e = dsub.add_parser("eval-tagger", help="word and span metrics of the prose tagger on train and val, as JSON")
    e.add_argument("--data", default=DEFAULT_DATA)
    e.add_argument("--weights", help="a weights file instead of the shipped one")
    e.set_defaults(func=_cmd_eval)
