"""RecordWriter: a decision's line on its flow and in the audit log; other events in the same log."""

from __future__ import annotations

import json
from pathlib import Path

from mitmproxy.test import tflow

from guardian.addon.record import METADATA_KEY, RecordWriter
from guardian.audit import AuditLog


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_an_event_goes_to_the_audit_log_and_leaves_the_flows_record_alone(tmp_path: Path) -> None:
    writer = RecordWriter()
    writer.replace_audit(AuditLog(str(tmp_path / "audit.jsonl")))
    flow = tflow.tflow()
    writer.write_event({"v": 1, "event": "restore", "id": flow.id, "restored": 2})
    writer.replace_audit(None)  # flushes and closes
    assert METADATA_KEY not in flow.metadata
    assert [(r["event"], r["restored"]) for r in _lines(tmp_path / "audit.jsonl")] == [("restore", 2)]


def test_an_event_with_no_audit_log_or_a_closed_one_is_dropped_quietly(tmp_path: Path) -> None:
    writer = RecordWriter()
    writer.write_event({"v": 1, "event": "restore"})  # no log: nothing to do
    audit = AuditLog(str(tmp_path / "audit.jsonl"))
    writer.audit = audit
    audit.close()  # closed underneath (a reconfigure in between): logged, not raised
    writer.write_event({"v": 1, "event": "restore"})
