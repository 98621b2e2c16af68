from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from guardian.errors import ConfigError
from lab.eval.datasets import load_dataset
from lab.eval.journal import JOURNAL_NAME, Journal
from lab.eval.methods.base import Method, MethodOutput, Resources
from lab.eval.runner import run_methods


class Counting(Method):
    """Replaces every text by a fixed one and counts the calls; fails on demand. Declared an LLM
    method, so it is scored one sample at a time and gets no warm-up call."""

    name = "counting"
    label = "Counting"
    needs_llm = True

    def __init__(self, resources: Resources, *, fail: bool = False) -> None:
        super().__init__(resources)
        self.calls = 0
        self.fail = fail

    def anonymize(self, text: str) -> MethodOutput:
        self.calls += 1
        if self.fail:
            raise RuntimeError("the backend is down")
        return MethodOutput("nothing personal here", level=9)


def _journal(tmp_path: Path, *, resume: bool, context: str = "C_med") -> Journal:
    return Journal(tmp_path, llm=None, context=context, deadline_s=30.0, resume=resume)


def test_resume_computes_only_what_the_journal_lacks(fixtures: Path, regex_resources: Any, tmp_path: Path) -> None:
    data = {"pii300k": load_dataset("pii300k", fixtures)}
    first = Counting(regex_resources)
    journal = _journal(tmp_path, resume=False)
    before = run_methods(data, [first], n=1, seeds=[1], journal=journal)
    journal.close()
    assert first.calls == 1

    again = Counting(regex_resources)
    journal = _journal(tmp_path, resume=True)
    assert len(journal.rows) == 1
    after = run_methods(data, [again], n=2, seeds=[1], journal=journal)
    journal.close()
    assert again.calls == 1  # only the second sample of the draw is new
    old = {r.sample_id: r for r in before["pii300k"]["counting"][1]}
    new = {r.sample_id: r for r in after["pii300k"]["counting"][1]}
    assert len(new) == 2 and all(new[k] == old[k] for k in old)

    # The journal holds scores, never the texts it scored.
    written = (tmp_path / JOURNAL_NAME).read_text(encoding="utf-8")
    assert len(written.splitlines()) == 1 + 2
    for s in data["pii300k"]:
        assert s.text not in written


def test_without_resume_the_journal_starts_over(fixtures: Path, regex_resources: Any, tmp_path: Path) -> None:
    data = {"pii300k": load_dataset("pii300k", fixtures)}
    journal = _journal(tmp_path, resume=False)
    run_methods(data, [Counting(regex_resources)], n=2, seeds=[1], journal=journal)
    journal.close()
    fresh = _journal(tmp_path, resume=False)
    fresh.close()
    assert fresh.rows == {}
    assert len((tmp_path / JOURNAL_NAME).read_text(encoding="utf-8").splitlines()) == 1
    # ... and the earlier one is kept, not overwritten.
    assert fresh.kept is not None and fresh.kept.name.startswith("journal-")
    assert len(fresh.kept.read_text(encoding="utf-8").splitlines()) == 1 + 2


def test_resume_under_other_settings_is_refused(tmp_path: Path) -> None:
    _journal(tmp_path, resume=False).close()
    with pytest.raises(ConfigError, match="context: journal 'C_med', now 'T_strong'"):
        _journal(tmp_path, resume=True, context="T_strong")


def test_failures_are_tried_again_and_a_torn_line_is_skipped(
    fixtures: Path, regex_resources: Any, tmp_path: Path
) -> None:
    data = {"pii300k": load_dataset("pii300k", fixtures)}
    journal = _journal(tmp_path, resume=False)
    failed = run_methods(data, [Counting(regex_resources, fail=True)], n=2, seeds=[1], journal=journal)
    journal.close()
    assert all(r.error for r in failed["pii300k"]["counting"][1])
    with (tmp_path / JOURNAL_NAME).open("a", encoding="utf-8") as fh:
        fh.write('{"dataset": "pii300k", "meth')  # a run killed mid-write

    working = Counting(regex_resources)
    journal = _journal(tmp_path, resume=True)
    assert len(journal.rows) == 2
    rows = run_methods(data, [working], n=2, seeds=[1], journal=journal)["pii300k"]["counting"][1]
    journal.close()
    assert working.calls == 2 and all(r.error is None and r.level == 9 for r in rows)


def test_rows_of_another_revision_get_their_own_header(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lab.eval import journal as journal_module
    from lab.eval.runner import SampleResult

    monkeypatch.setattr(journal_module, "code_revision", lambda: "aaaa")
    j = _journal(tmp_path, resume=False)
    j.add(SampleResult("tab", "L1", "s1", 1.0, 0.5, None, 3.0))
    j.close()
    monkeypatch.setattr(journal_module, "code_revision", lambda: "bbbb")
    j = _journal(tmp_path, resume=True)
    assert j.revisions == {"aaaa": 1}
    j.add(SampleResult("tab", "L1", "s2", 1.0, 0.5, None, 3.0))
    j.close()
    lines = [json.loads(line) for line in (tmp_path / JOURNAL_NAME).read_text(encoding="utf-8").splitlines()]
    assert [line.get("header", {}).get("revision") for line in lines] == ["aaaa", None, "bbbb", None]
    assert _journal(tmp_path, resume=True).revisions == {"aaaa": 1, "bbbb": 1}
