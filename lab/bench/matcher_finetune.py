"""Train the `minilm-lora` System 1 on a machine with a GPU.

`guardian-lab matcher train --encoder minilm-lora --device cuda` does the same where the OPP-115
folder and a GPU are on one machine. Here they are not (the GPU machine cannot read
../shared), so the pairs travel as a file:

  export  (dev machine)  .venv/bin/python lab/bench/matcher_finetune.py export [--data ../shared/data/opp115] [--out .devdata/matcher]
                         writes pairs.json.gz (the `segment` pairs of `guardian-lab matcher train`: action
                         sentence, segment text, label, and split; OPP-115 text, so keep it out of git)
                         and minilm/ (the packaged MiniLM in float16, 45 MB, to travel light)
  run     (GPU machine)  python3 lab/bench/matcher_finetune.py run --split dev|test --out OUT [--epochs 4]
                         dev: train on the train policies less every 5th (by uid), report the dev
                         policies after each epoch (to choose the epochs); test: train on all train
                         policies, report the held-out test policies after each epoch, and write
                         OUT/minilm-lora.npz (S1Weights with the adapters; copy it to
                         guardian/matcher/weights/ and check it with `guardian-lab matcher eval`).

Both use lab.training.matcher.finetune.fine_tune, as `guardian-lab matcher train` does. The comparison
with other ways of training the reader (frozen encoder, every weight trained, a cross-encoder)
was made with this file's first version, commit d7d8a08; its figures are in
guardian/matcher/README.md.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from lab.training.matcher.finetune import Reader, fine_tune, reader_weights  # noqa: E402
from lab.training.matcher.metrics import classification_metrics  # noqa: E402
from lab.training.matcher.train import training_record  # noqa: E402

DEV_EVERY = 5  # every 5th train policy (by uid, from index 0) is dev


def export(data: str, out: str) -> None:
    from guardian.matcher.schema import practice_text
    from lab.training.matcher import opp115

    root = Path(out)
    root.mkdir(parents=True, exist_ok=True)
    segs = opp115.load_segments(data, annotate=lambda text: None)  # type: ignore[arg-type,return-value]
    pairs = opp115.derive_pairs(segs)  # labels come from the gold practices alone
    train_ids, test_ids = opp115.split_policies([p.policy for p in pairs])
    dev_ids = {u for i, u in enumerate(sorted(train_ids)) if i % DEV_EVERY == 0}
    record = {
        "statements": {s.sid: s.text for s in segs},
        "pairs": [
            {"policy": p.policy, "sid": p.statement.sid, "action": practice_text(p.action), "label": p.label, "kind": p.kind,
             "split": "test" if p.policy in test_ids else ("dev" if p.policy in dev_ids else "train")}
            for p in pairs
        ],
        "policies": {"train": len(train_ids) - len(dev_ids), "dev": len(dev_ids), "test": len(test_ids)},
    }
    with gzip.open(root / "pairs.json.gz", "wt", encoding="utf-8") as f:
        json.dump(record, f)
    counts = {k: sum(1 for p in record["pairs"] if p["split"] == k) for k in ("train", "dev", "test")}
    print("pairs", counts, "statements", len(record["statements"]))
    _export_model(root / "minilm")


def _export_model(dest: Path) -> None:
    import shutil

    import torch
    from safetensors.torch import load_file, save_file

    from guardian.matcher.encoders import minilm_path

    src = Path(minilm_path())
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt"):
        shutil.copy(src / name, dest / name)
    tensors = load_file(str(src / "model.safetensors"))
    save_file({k: v.to(torch.float16).contiguous() for k, v in tensors.items()}, str(dest / "model.safetensors"))


def predict(reader: Reader, rows: list[tuple[str, str, int]]) -> dict[str, Any]:
    """The metrics of `guardian-lab matcher eval` on rows, each distinct text encoded once."""
    torch = reader.torch
    reader.enc.eval()
    reader.head.eval()
    with torch.no_grad():
        texts = list(dict.fromkeys([r[0] for r in rows] + [r[1] for r in rows]))
        vecs = dict(zip(texts, torch.cat([reader.embed(texts[i:i + 256]) for i in range(0, len(texts), 256)])))
        b = torch.stack([vecs[r[0]] for r in rows])
        p = torch.stack([vecs[r[1]] for r in rows])
        alpha = reader.head_alpha(b, p).cpu().numpy()
    reader.enc.train()
    reader.head.train()
    s = alpha.sum(1)
    return classification_metrics(alpha[:, 1] / s, 2.0 / s, np.array([r[2] for r in rows]))


def run(args: argparse.Namespace) -> None:
    with gzip.open(Path(args.inp) / "pairs.json.gz", "rt", encoding="utf-8") as f:
        record = json.load(f)
    texts = record["statements"]

    def rows(*splits: str) -> list[tuple[str, str, int]]:
        return [(p["action"], texts[p["sid"]], p["label"]) for p in record["pairs"] if p["split"] in splits]

    train, held = (rows("train"), rows("dev")) if args.split == "dev" else (rows("train", "dev"), rows("test"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    history: list[dict[str, Any]] = []

    def after_epoch(reader: Reader, epoch: int) -> None:
        history.append({"epoch": epoch, args.split: predict(reader, held)})
        print(json.dumps(history[-1]), flush=True)

    t0 = time.time()
    reader = fine_tune(train, model_dir=Path(args.inp) / "minilm", epochs=args.epochs, device=args.device, seed=args.seed,
                       log=lambda m: print(m, flush=True), after_epoch=after_epoch)
    (out / "history.json").write_text(json.dumps(history, indent=1))
    if args.split == "test":
        import torch

        p = record["policies"]
        weights = reader_weights(reader, training_record(
            "minilm-lora", "segment", train_policies=p["train"] + p["dev"], test_policies=p["test"], train_pairs=len(train),
            test_pairs=len(held), seed=args.seed, epochs=args.epochs, metrics=history[-1]["test"], seconds=time.time() - t0,
            lora_rank=len(next(iter(reader.adapters.values())).a),
            device=f"{args.device} ({torch.cuda.get_device_name() if args.device.startswith('cuda') else 'cpu'}), base "
                   "MiniLM weights in float16 (lab/bench/matcher_finetune.py)"))
        weights.save(out / "minilm-lora.npz")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("export")
    e.add_argument("--data", default=str(Path(__file__).resolve().parents[3] / "shared" / "data" / "opp115"))
    e.add_argument("--out", default=".devdata/matcher")
    r = sub.add_parser("run")
    r.add_argument("--inp", default=".devdata/matcher")
    r.add_argument("--out", required=True)
    r.add_argument("--split", choices=("dev", "test"), default="test")
    r.add_argument("--device", default="cuda")
    r.add_argument("--epochs", type=int, default=4)
    r.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    export(args.data, args.out) if args.cmd == "export" else run(args)


if __name__ == "__main__":
    main()
