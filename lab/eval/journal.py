"""An append-only journal of scored samples, so a long `guardian-lab eval` run can stop and go on.

With the embedded CPU model the LLM methods take 10-30 s a sample, and the issue's full table is
hours of work: a run that is killed (or a session that ends) must not lose what it scored. Every
scored (data set, method, sample) is appended to `journal.jsonl` in the output directory as soon
as it is known; `guardian-lab eval --resume` reads it back and computes only what is missing. A run
without `--resume` starts a new journal and keeps the old one beside it as `journal-<time>.jsonl`.

The first line is a header with what the scores depend on besides the method and the sample
(the LLM, the action context, the deadline, whether GuardianAgent enforces the context's
decisions). Resuming under a different header is refused: the
old scores would be mixed with new ones that mean something else. The header also records the
code revision; rows from other revisions are accepted but named in the run's notes, since the
code may have changed in between. Like `samples.jsonl`, the journal holds scores, never texts.
"""

from __future__ import annotations

import json
import logging
import subprocess
import time
from dataclasses import asdict, fields
from pathlib import Path
from typing import IO, Any

from guardian.errors import ConfigError
from lab.eval.results import SampleResult

__all__ = ["Journal", "JOURNAL_NAME", "code_revision"]

log = logging.getLogger(__name__)

JOURNAL_NAME = "journal.jsonl"
_FORMAT = 1
# What must match for old rows to be reused. The revision is recorded, not compared (above).
_MUST_MATCH = ("format", "llm", "context", "deadline_s", "enforce_decisions")


def code_revision() -> str:
    """The git commit of this checkout (with '+dirty' for local changes), or 'unknown'."""
    root = Path(__file__).resolve().parents[2]
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True,
                             timeout=5, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                               capture_output=True, text=True, timeout=5, check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return rev + ("+dirty" if dirty else "")


class Journal:
    """`journal.jsonl`: a header line, then one line per scored sample (see the module doc)."""

    def __init__(
        self, directory: Path, *, llm: str | None, context: str, deadline_s: float, resume: bool,
        enforce_decisions: bool = False,
    ) -> None:
        self.path = Path(directory) / JOURNAL_NAME
        self.header: dict[str, Any] = {
            "format": _FORMAT, "llm": llm, "context": context, "deadline_s": deadline_s,
            "enforce_decisions": enforce_decisions, "revision": code_revision(),
        }
        self.rows: dict[tuple[str, str, str], SampleResult] = {}
        self.revisions: dict[str, int] = {}  # revision -> rows reused from it
        self._fh: IO[str] | None = None
        self.kept: Path | None = None  # where an earlier journal was moved when not resuming
        self._pending_header = False  # resuming under a new revision: its header goes before its first row
        if resume and self.path.exists():
            self._load()
            self._fh = self.path.open("a", encoding="utf-8")
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.exists() and self.path.stat().st_size:
                # Hours of scored samples must not vanish because --resume was forgotten.
                stamp = time.strftime("%Y%m%dT%H%M%S", time.localtime(self.path.stat().st_mtime))
                self.kept = self.path.with_name(f"journal-{stamp}.jsonl")
                self.path.replace(self.kept)
            self._fh = self.path.open("w", encoding="utf-8")
            self._write({"header": self.header})

    def _load(self) -> None:
        known = {f.name for f in fields(SampleResult)}
        revision = "unknown"
        with self.path.open(encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    row = json.loads(line)
                except json.JSONDecodeError:
                    # A run killed mid-write leaves at most its last line torn: skip it.
                    log.warning("%s line %d is not JSON; skipped", self.path, number)
                    continue
                if "header" in row:
                    old = row["header"]
                    clash = {k: (old.get(k), self.header[k]) for k in _MUST_MATCH if old.get(k) != self.header[k]}
                    if clash:
                        detail = "; ".join(f"{k}: journal {a!r}, now {b!r}" for k, (a, b) in clash.items())
                        raise ConfigError(
                            f"cannot resume {self.path}: it was written under other settings ({detail}); "
                            "use another --out, or run without --resume to start over"
                        )
                    revision = str(old.get("revision", "unknown"))
                    continue
                if not known.issuperset(row) or not {"dataset", "method", "sample_id"} <= row.keys():
                    log.warning("%s line %d is not a sample row; skipped", self.path, number)
                    continue
                result = SampleResult(**row)
                self.rows[(result.dataset, result.method, result.sample_id)] = result
                self.revisions[revision] = self.revisions.get(revision, 0) + 1
        # Rows belong to the header above them: a new revision's rows get their own header.
        self._pending_header = revision != self.header["revision"]

    def add(self, result: SampleResult) -> None:
        """Record one scored sample (written and flushed at once)."""
        if self._pending_header:
            self._write({"header": self.header})
            self._pending_header = False
        self.rows[(result.dataset, result.method, result.sample_id)] = result
        self._write(asdict(result))

    def _write(self, row: dict[str, Any]) -> None:
        assert self._fh is not None
        self._fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        self._fh.flush()

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None
