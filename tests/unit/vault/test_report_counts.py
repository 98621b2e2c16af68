"""`guardian report` counts pseudonymized and restored values per service, never the values."""

from __future__ import annotations

import json
from pathlib import Path

from guardian.report.summary import format_text, load_records, summarise


def test_counts_per_service(tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"
    lines = [
        {"ts": "2026-01-01T00:00:00+00:00", "decision": "transform", "host": "api.openai.com",
         "pseudonyms": {"pseudonymized": 3, "new": 2, "again": 1}},
        {"ts": "2026-01-01T00:00:01+00:00", "event": "restore", "host": "api.openai.com", "restored": 2},
        {"ts": "2026-01-01T00:00:02+00:00", "decision": "allow", "host": "shop.example"},
    ]
    audit.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert len(list(load_records(audit))) == 2  # decisions only, unless events are asked for
    summary = summarise(load_records(audit, events=True))
    assert summary.flows == 2  # a restore line is not a flow
    assert summary.as_dict()["ai_chats"] == {"openai.com": {"pseudonymized": 3, "restored": 2}}
    assert "AI chats" in format_text(summary)
