"""Where each model's weights come from, and under which licence (`guardian weights`).

The package ships only weights whose training data the project's licence covers (LICENSES.md).
Weights trained on data that forbids commercial use (SynthPAI, OPP-115) are an explicit opt-in:
the user trains them from their own copy of the data with the lab (`pip install -e .[lab]`;
`guardian-lab attacker train --data ../shared/data`, `guardian-lab matcher train --data
.../opp115`), which writes them to the opt-in
folder, and from then on they replace the shipped file of the same name. The start log and
`guardian weights` say which file each model reads and what its data's licence is.

Every weights file declares its licence in its record: `{"licence": {"data": [{"source",
"licence"}], "clean": bool}}`, in the JSON beside it or, for the matcher, inside the npz.

    opt-in folder = $GUARDIAN_WEIGHTS, else $XDG_DATA_HOME/guardian/weights, else
                    ~/.local/share/guardian/weights; one sub-folder per model family
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["Licence", "WeightsFile", "opt_in_dir", "locate", "licence_of", "inventory", "announce", "banner", "PACKAGED",
           "read_npz"]

log = logging.getLogger("guardian.weights")

# (family, file name) -> the packaged file, relative to the guardian package
PACKAGED: dict[tuple[str, str], str] = {
    ("attacker", "attacker.npz"): "anonymize/fast_attacker/weights/attacker.npz",
    ("attacker", "spans.npz"): "anonymize/fast_attacker/weights/spans.npz",
    ("matcher", "multihot.npz"): "matcher/weights/multihot.npz",
    ("matcher", "minilm.npz"): "matcher/weights/minilm.npz",
    ("matcher", "minilm-lora.npz"): "matcher/weights/minilm-lora.npz",
    ("detect", "prose_tagger.npz"): "detect/weights/prose_tagger.npz",
    ("detect", "subject.npz"): "detect/weights/subject.npz",
    ("detect", "disclosure_tagger.npz"): "detect/weights/disclosure_tagger.npz",
    ("detect", "multilingual_tagger.npz"): "detect/weights/multilingual_tagger.npz",
}
_PACKAGE = Path(__file__).parent


@dataclass(frozen=True)
class Licence:
    """What a weights file was trained on. `clean`: every source permits commercial use."""

    sources: tuple[tuple[str, str], ...]  # (source, licence)
    clean: bool | None  # None: the record says nothing (an unlabelled file)

    def describe(self) -> str:
        if not self.sources:
            return "no licence record"
        text = "; ".join(f"{s} ({lic})" for s, lic in self.sources)
        return text if self.clean else f"{text}: NOT for commercial use"


@dataclass(frozen=True)
class WeightsFile:
    family: str
    name: str
    path: Path | None  # None: neither the opt-in folder nor the package has it
    opt_in: bool
    licence: Licence


# How each family's weights are trained (the lab's CLI, `pip install -e .[lab]`), for `guardian weights`.
TRAIN_COMMANDS = {
    "attacker": "attacker train --data DATA_DIR",
    "matcher": "matcher train --data OPP115_DIR --encoder {stem} --out {out}",
    "detect": "detect train-tagger",
}


def opt_in_dir() -> Path:
    given = os.environ.get("GUARDIAN_WEIGHTS")
    if given:
        return Path(given).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "guardian" / "weights"


def locate(family: str, name: str) -> tuple[Path, bool]:
    """(path, opt_in) of the weights a model loads: the user's opt-in file when there is one,
    else the packaged file (which may be absent: the caller's loader says so)."""
    user = opt_in_dir() / family / name
    if user.is_file():
        return user, True
    return _PACKAGE / PACKAGED.get((family, name), f"{family}/weights/{name}"), False


# numpy reads an array's header with `ast.literal_eval`, and CPython 3.11's parser is not safe
# across threads (gh-106905: "AST constructor recursion depth mismatch" when two threads parse at
# once). Models load on first use, in whichever thread asks first, so every npz is read under one lock.
_NPZ_LOCK = threading.Lock()


@contextlib.contextmanager
def read_npz(path: str | Path, *, allow_pickle: bool = False) -> Iterator[Any]:
    """`numpy.load` of an npz, its arrays read inside the block, one thread at a time."""
    import numpy as np

    with _NPZ_LOCK, np.load(path, allow_pickle=allow_pickle) as z:
        yield z


def _record(path: Path) -> dict[str, Any]:
    beside = path.with_suffix(".json")
    try:
        if beside.is_file():
            return dict(json.loads(beside.read_text(encoding="utf-8")))
        if path.suffix == ".npz" and path.is_file():
            with read_npz(path) as z:
                if "meta" in z.files:
                    return dict(json.loads(bytes(z["meta"]).decode("utf-8")))
    except (OSError, ValueError, KeyError, UnicodeDecodeError):
        return {}
    return {}


def licence_of(path: Path) -> Licence:
    raw = _record(path).get("licence")
    if not isinstance(raw, dict):
        return Licence((), None)
    sources = tuple((str(d.get("source", "?")), str(d.get("licence", "?"))) for d in raw.get("data", []) if isinstance(d, dict))
    clean = raw.get("clean")
    return Licence(sources, bool(clean) if isinstance(clean, bool) else None)


def inventory() -> list[WeightsFile]:
    """Every model's weights as the proxy would load them now."""
    out = []
    for family, name in PACKAGED:
        path, opt_in = locate(family, name)
        exists = path.is_file()
        out.append(WeightsFile(family, name, path if exists else None, opt_in, licence_of(path) if exists else Licence((), None)))
    return out


def banner() -> str:
    """`guardian run`'s lines on opt-in weights: which files, trained on what (empty: none in use)."""
    rows = [r for r in inventory() if r.opt_in and r.path is not None]
    return "".join(f"guardian: opt-in weights {r.family}/{r.name} ({r.path}): {r.licence.describe()}\n" for r in rows)


def announce(what: str, path: Path, opt_in: bool) -> None:
    """The start log's line for a model reading opt-in weights (their licence is the user's to keep)."""
    if opt_in:
        log.info("guardian: %s reads opt-in weights %s, trained on %s", what, path, licence_of(path).describe())


def _cmd_weights(args: argparse.Namespace) -> int:
    rows = inventory()
    if args.json:
        print(json.dumps([{"family": r.family, "name": r.name, "path": str(r.path) if r.path else None, "opt_in": r.opt_in,
                           "clean": r.licence.clean, "data": [{"source": s, "licence": lic} for s, lic in r.licence.sources]}
                          for r in rows], indent=2))
        return 0
    print(f"opt-in folder: {opt_in_dir()}")
    for r in rows:
        out = opt_in_dir() / r.family / r.name
        train = "guardian-lab " + TRAIN_COMMANDS.get(r.family, r.family).format(stem=Path(r.name).stem, out=out)
        where = f"missing (not shipped; train it to opt in: {train})" if r.path is None else ("opt-in" if r.opt_in else "shipped")
        print(f"{r.family}/{r.name}: {where}")
        if r.path is not None:
            print(f"    {r.path}\n    data: {r.licence.describe()}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`guardian weights`: which weights each model reads, with their data's licence."""
    p = sub.add_parser("weights", help="which weights each model reads (shipped or opt-in) and their data's licence")
    p.add_argument("--json", action="store_true", help="as JSON")
    p.set_defaults(func=_cmd_weights)
