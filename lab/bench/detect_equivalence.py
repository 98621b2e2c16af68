"""Do two checkouts of the detector find the same things? Every difference in findings, listed.

    .venv/bin/python lab/bench/detect_equivalence.py --before /tmp/base [--after .] [--data ../shared/data]
        [--prompts ../prompt-sets] [--windows 400] [--out lab/bench/results/detect_equivalence.json]

`--before` and `--after` are directories holding a `guardian` package (a `git worktree` of the
base commit, this checkout). Each side runs in its own process with its own `guardian` imported
first, over one fixed sample: TAB dev paragraphs and 100-word windows of them, the PII-Masking-300k
sample texts, and the prompt sets' dev files (benign_dev, planted_dev; the *_test files are never
opened). Per text it records the default detector's findings (`default_recognizers(prose="spacy")`,
one field) and, separately, the NER recogniser's own (before overlaps are resolved, so a change
hidden by a rule's finding still shows). A finding is compared on every field: start, end, entity,
score, category, recogniser and quasi flag. Exit status 1 when any text differs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

os.environ["TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS"] = ""
os.environ.setdefault("HF_HUB_OFFLINE", "1")

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE.parents[2] / "shared" / "data"
DEFAULT_PROMPTS = HERE.parents[2] / "prompt-sets"
PROMPT_FILES = ("benign_dev.jsonl", "planted_dev.jsonl")  # never the *_test files
Row = list[Any]  # one finding: [start, end, entity, score, category, recognizer, quasi]


def _tab_paragraphs(data: Path) -> list[str]:
    """TAB dev documents cut into paragraphs, as lab/bench/detect_bench.py's `load_tab` cuts them (read
    here, not imported: detect_bench imports the checkout's `guardian`, and the base may lack names)."""
    docs = json.loads((data / "tab" / "tab_dev_subset.json").read_text())
    return [para for doc in docs for para in doc["text"].split("\n") if para.strip()]


def _windows_of_100_words(texts: list[str], n: int) -> list[str]:
    """detect_bench's `windows_of_100_words`: the timed benchmark's texts."""
    words = " ".join(texts).split()
    return [" ".join(words[i : i + 100]) for i in range(0, min(len(words) - 100, n * 100), 100)]


def sample(data: Path, prompts: Path, windows: int) -> list[tuple[str, str]]:
    """(source, text) pairs, in a fixed order."""
    tab = _tab_paragraphs(data)
    out = [("tab_paragraph", t) for t in tab]
    out += [("tab_window", t) for t in _windows_of_100_words(tab, windows)]
    pii = data / "pii_masking_300k" / "pii300k_en_validation_sample.jsonl"
    out += [("pii300k", json.loads(line)["source_text"]) for line in pii.read_text().split("\n") if line.strip()]
    for name in PROMPT_FILES:
        assert "test" not in name
        path = prompts / name
        if path.exists():
            lines = path.read_text(encoding="utf-8").split("\n")
            out += [(name.removesuffix(".jsonl"), json.loads(line)["text"]) for line in lines if line.strip()]
    return out


def dump(root: Path, data: Path, prompts: Path, windows: int, out: Path) -> int:
    """Findings of the detector imported from `root`, one JSON line per text."""
    sys.path.insert(0, str(root.resolve()))
    import guardian  # noqa: F401 - first, from `root`

    from guardian.detect import Detector
    from guardian.detect.presidio_engine import limit_threads
    from guardian.detect.recognizers import NerRecognizer
    from guardian.detect.registry import default_recognizers
    from guardian.records import Field

    assert Path(guardian.__file__).resolve().is_relative_to(root.resolve()), guardian.__file__
    limit_threads(1)
    recs = default_recognizers("spacy")
    detector = Detector(recs)
    ner = next(r for r in recs if isinstance(r, NerRecognizer))

    def rows(findings: list) -> list[Row]:
        return [[f.start, f.end, f.entity, f.score, f.category.value, f.recognizer, f.quasi] for f in findings]

    with out.open("w", encoding="utf-8") as fh:
        for source, text in sample(data, prompts, windows):
            field = Field("text:", "", text)
            fh.write(json.dumps({"source": source, "detector": rows(detector.analyze_field(field)),
                                 "ner": rows(ner.analyze(field))}) + "\n")
    return 0


def compare(before: Path, after: Path) -> dict:
    """Every text whose findings differ, with the findings only one side has."""
    a_lines = before.read_text(encoding="utf-8").splitlines()
    b_lines = after.read_text(encoding="utf-8").splitlines()
    if len(a_lines) != len(b_lines):
        raise SystemExit(f"the sides read different samples: {len(a_lines)} and {len(b_lines)} texts")
    texts: dict[str, int] = {}
    findings = {"detector": 0, "ner": 0}
    diffs: list[dict] = []
    for i, (la, lb) in enumerate(zip(a_lines, b_lines)):
        a, b = json.loads(la), json.loads(lb)
        texts[a["source"]] = texts.get(a["source"], 0) + 1
        for what in ("detector", "ner"):
            findings[what] += len(a[what])
            if a[what] != b[what]:
                only_a = [r for r in a[what] if r not in b[what]]
                only_b = [r for r in b[what] if r not in a[what]]
                diffs.append({"text": i, "source": a["source"], "what": what, "only_before": only_a,
                              "only_after": only_b, "order_only": not only_a and not only_b})
    return {"texts": texts, "texts_total": sum(texts.values()), "findings_before": findings,
            "differences": len(diffs), "diffs": diffs}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--before", type=Path, help="directory holding the base `guardian` package")
    ap.add_argument("--after", type=Path, default=HERE.parents[1], help="directory holding the changed one")
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--prompts", type=Path, default=DEFAULT_PROMPTS)
    ap.add_argument("--windows", type=int, default=400, help="100-word TAB windows in the sample")
    ap.add_argument("--dump", type=Path, help=argparse.SUPPRESS)  # one side: write its findings here
    ap.add_argument("--root", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path, default=HERE / "results" / "detect_equivalence.json")
    args = ap.parse_args(argv)
    if args.dump:
        return dump(args.root, args.data, args.prompts, args.windows, args.dump)
    if args.before is None:
        ap.error("--before is required")
    work = args.out.parent
    work.mkdir(parents=True, exist_ok=True)
    dumps = []
    for side, root in (("before", args.before), ("after", args.after)):
        path = work / f"detect_equivalence_{side}.jsonl"
        subprocess.run([sys.executable, __file__, "--dump", str(path), "--root", str(root), "--data", str(args.data),
                        "--prompts", str(args.prompts), "--windows", str(args.windows)],
                       check=True, env={**os.environ, "PYTHONPATH": str(root.resolve())})
        dumps.append(path)
    report = compare(*dumps)
    report.update({"before": str(args.before), "after": str(args.after)})
    args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False))
    for path in dumps:  # per-text findings of the sample texts: not kept in results
        path.unlink()
    print(f"texts compared: {report['texts_total']} {report['texts']}")
    print(f"findings (before): {report['findings_before']}; texts with a difference: {report['differences']}")
    for d in report["diffs"][:20]:
        print(" ", d)
    print(f"wrote {args.out}")
    return 1 if report["differences"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
