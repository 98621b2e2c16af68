"""`guardian-lab detect train-tagger|eval-tagger|train-subject|train-disclosure|write-disclosures|write-medicines|write-towns|write-health-words|write-job-words`: the prose
tagger (guardian/detect/prose_tagger.py), the subject judge (guardian/detect/whose.py) and the disclosure
tagger (guardian/detect/disclosure_tagger.py)."""

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

    from lab.training.detect.train import EPOCHS, LAYERS, TEMPLATES, train_tagger

    torch.set_num_threads(1)
    log = (lambda m: print(m, file=sys.stderr, flush=True)) if args.verbose else None
    meta = train_tagger(args.data, args.out, seed=args.seed, epochs=args.epochs or EPOCHS,
                        layers=LAYERS if args.layers is None else args.layers,
                        templates=args.templates or TEMPLATES, log=log)
    print(json.dumps(meta, indent=2, ensure_ascii=False))
    return 0


def _cmd_eval(args: argparse.Namespace) -> int:
    from guardian.detect.prose_tagger import ProseWeights, weights_path
    from lab.training.detect.train import evaluate_tagger

    weights = ProseWeights.load(Path(args.weights) if args.weights else weights_path())
    print(json.dumps(evaluate_tagger(args.data, weights), indent=2, ensure_ascii=False))
    return 0


def _cmd_train_subject(args: argparse.Namespace) -> int:
    import torch

    from lab.training.detect.subject import EPOCHS, train_subject

    torch.set_num_threads(max(1, args.threads))
    log = (lambda m: print(m, file=sys.stderr, flush=True)) if args.verbose else None
    meta = train_subject(Path(args.spc), Path(args.prompts), Path(args.out), seed=args.seed,
                         epochs=args.epochs or EPOCHS, topic_extra=[Path(p) for p in args.topic_extra],
                         llm=Path(args.llm) if args.llm else None, log=log)
    print(json.dumps({k: meta[k] for k in ("threshold", "validation", "test")}, indent=2))
    return 0


def _cmd_train_disclosure(args: argparse.Namespace) -> int:
    import torch

    from lab.training.detect.disclosure import EPOCHS, train_disclosure

    torch.set_num_threads(max(1, args.threads))
    log = (lambda m: print(m, file=sys.stderr, flush=True)) if args.verbose else None
    meta = train_disclosure(Path(args.spc), Path(args.prompts), Path(args.out), seed=args.seed,
                            epochs=args.epochs or EPOCHS, topic_extra=[Path(p) for p in args.topic_extra],
                            llm=[Path(p) for p in args.llm], log=log, context=args.context, augment=args.augment,
                            planted=[Path(p) for p in args.planted], swaps=args.swaps)
    print(json.dumps({k: meta[k] for k in ("thresholds", "fit", "metrics")}, indent=2))
    return 0


def _cmd_write(args: argparse.Namespace) -> int:
    from lab.training.detect.disclosures import write_disclosures
    from lab.training.detect.subject import _prompts

    questions = _prompts(Path(args.prompts) / "benign_dev.jsonl") + [q for p in args.topic_extra for q in _prompts(Path(p))]
    questions = [q for q in questions if len(q) <= 300]
    log = (lambda m: print(m, file=sys.stderr, flush=True)) if args.verbose else None
    print(json.dumps(write_disclosures(questions, Path(args.out), n=args.n, seed=args.seed, threads=args.threads, log=log)))
    return 0


def _cmd_medicines(args: argparse.Namespace) -> int:
    from lab.training.detect.medicines import write_medicines

    print(json.dumps({"out": args.out, "names": write_medicines(Path(args.out))}))
    return 0


def _cmd_towns(args: argparse.Namespace) -> int:
    from lab.training.detect.towns import write_towns

    print(json.dumps({"out": args.out, "names": write_towns(Path(args.out), args.min_population)}))
    return 0


def _cmd_health_words(args: argparse.Namespace) -> int:
    from lab.training.detect.wordnet_health import write_health_words

    print(json.dumps(write_health_words(Path(args.out), Path(args.wordnet)), indent=2))
    return 0


def _cmd_job_words(args: argparse.Namespace) -> int:
    from lab.training.detect.wordnet_health import write_job_words

    print(json.dumps(write_job_words(Path(args.out), Path(args.wordnet)), indent=2))
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

    j = dsub.add_parser("train-subject", help="train the subject judge (whose a detail in a prompt is) and write its weights")
    j.add_argument("--spc", required=True, help="a folder with Synthetic-Persona-Chat's valid.csv and test.csv (its data/ files)")
    j.add_argument("--prompts", default="/work/prompt-sets", help="the prompt sets' folder (lab/bench/prompts; benign_dev, benign_test)")
    j.add_argument("--out", default="guardian/detect/weights/subject.npz")
    j.add_argument("--topic-extra", action="append", default=[], help="a JSONL file of public questions ({\"text\"}) for training's topic side")
    j.add_argument("--llm", help="the embedded LLM's disclosures and topic rewrites (guardian-lab detect write-disclosures)")
    j.add_argument("--seed", type=int, default=0)
    j.add_argument("--epochs", type=int, default=None)
    j.add_argument("--threads", type=int, default=2)
    j.add_argument("-v", "--verbose", action="store_true")
    j.set_defaults(func=_cmd_train_subject)

    q = dsub.add_parser("train-disclosure", help="train the disclosure tagger (the writer's own details in a prompt)")
    q.add_argument("--spc", required=True, help="Synthetic-Persona-Chat's data folder (valid.csv, test.csv)")
    q.add_argument("--prompts", default="/work/prompt-sets", help="the prompt sets' folder (benign_dev, benign_test)")
    q.add_argument("--topic-extra", action="append", default=[], help="more public questions ({\"text\"} JSONL)")
    q.add_argument("--llm", action="append", default=[], help="the embedded LLM's rewrites (write-disclosures)")
    q.add_argument("--out", default="guardian/detect/weights/disclosure_tagger.npz")
    q.add_argument("--seed", type=int, default=0)
    q.add_argument("--epochs", type=int, default=None)
    q.add_argument("--threads", type=int, default=2)
    q.add_argument("--context", type=int, default=3, help="tokens on each side the head reads (default 3)")
    q.add_argument("--augment", type=int, default=1, help="variants per training text in typing registers (augment.py; default 1)")
    q.add_argument("--planted", action="append", default=[],
                   help="a planted prompt set (JSONL with base_span and planted spans; planted.py); repeatable")
    q.add_argument("--swaps", type=int, default=2, help="variants per planted text with its value and base swapped (default 2)")
    q.add_argument("-v", "--verbose", action="store_true")
    q.set_defaults(func=_cmd_train_disclosure)

    w = dsub.add_parser("write-disclosures", help="have the embedded LLM rewrite public questions with a detail of the writer")
    w.add_argument("--prompts", default="/work/prompt-sets", help="the prompt sets' folder; benign_dev's questions are rewritten")
    w.add_argument("--topic-extra", action="append", default=[], help="more public questions ({\"text\"} JSONL)")
    w.add_argument("--out", required=True, help="JSONL to append to (outside the repository)")
    w.add_argument("--n", type=int, default=600)
    w.add_argument("--seed", type=int, default=0)
    w.add_argument("--threads", type=int, default=2)
    w.add_argument("-v", "--verbose", action="store_true")
    w.set_defaults(func=_cmd_write)

    e = dsub.add_parser("eval-tagger", help="word and span metrics of the prose tagger on train and val, as JSON")
    e.add_argument("--data", default=DEFAULT_DATA)
    e.add_argument("--weights", help="a weights file instead of the shipped one")
    e.set_defaults(func=_cmd_eval)

    m = dsub.add_parser("write-medicines", help="write the medicine names the detector knows (medicines.txt)")
    m.add_argument("--out", default="guardian/detect/recognizers/medicines.txt")
    m.set_defaults(func=_cmd_medicines)

    p = dsub.add_parser("write-towns", help="write the town names the detector knows (towns.u64 and its record)")
    p.add_argument("--out", default="guardian/detect/recognizers/towns.u64")
    p.add_argument("--min-population", type=int, default=1000, help="places of at least this many people")
    p.set_defaults(func=_cmd_towns)
    h = dsub.add_parser("write-health-words", help="write the words WordNet gives a health sense (wordnet_health.txt.gz)")
    h.add_argument("--wordnet", default="/usr/share/wordnet", help="WordNet 3.0's dict folder (apt-get install wordnet-base)")
    h.add_argument("--out", default="guardian/detect/wordnet_health.txt.gz")
    h.set_defaults(func=_cmd_health_words)
    j = dsub.add_parser("write-job-words", help="write the nouns WordNet files under a person's work (wordnet_jobs.txt.gz)")
    j.add_argument("--wordnet", default="/usr/share/wordnet", help="WordNet 3.0's dict folder (apt-get install wordnet-base)")
    j.add_argument("--out", default="guardian/detect/wordnet_jobs.txt.gz")
    j.set_defaults(func=_cmd_job_words)
