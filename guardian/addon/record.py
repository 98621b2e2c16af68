"""One writer of decision records for every hook: flow metadata, the flow's mark, the audit log.

HTTP requests keep their record in `flow.metadata["guardian"]`; WebSocket messages append theirs
to `flow.metadata["guardian_websocket"]` (the last `KEEP_MESSAGE_RECORDS`). A flow with personal
data or a non-allow decision gets a mark in mitmweb. The per-flow log line is at DEBUG level, and
written only with `--set termlog_verbosity=debug`: at the default verbosity a decision costs no
logging at all (the audit log is the record of decisions).
"""

from __future__ import annotations

import logging
from typing import Any

from mitmproxy import http

from guardian.audit import AuditLog
from guardian.decision_record import DecisionRecord

__all__ = ["RecordWriter", "METADATA_KEY", "WEBSOCKET_METADATA_KEY", "KEEP_MESSAGE_RECORDS"]

log = logging.getLogger("guardian")

METADATA_KEY = "guardian"
WEBSOCKET_METADATA_KEY = "guardian_websocket"
KEEP_MESSAGE_RECORDS = 50  # per flow in metadata: a chat can send thousands of messages
_MARKS = {"deny": ":no_entry:", "transform": ":pencil2:"}


class RecordWriter:
    """Stores a decision record on its flow and appends it to the audit log (when one is open)."""

    def __init__(self) -> None:
        self.audit: AuditLog | None = None
        # mitmproxy sets the root logger to DEBUG and filters in its own handler, so the logger's
        # own check is always true there: the addon sets this from `termlog_verbosity` instead.
        self.log_each_flow = False

    def write(self, flow: http.HTTPFlow, record: DecisionRecord, *, message: bool = False) -> dict[str, Any]:
        """Store `record` (a WebSocket message's when `message`); returns its dict."""
        return self.write_line(flow, record.as_dict(), message=message)

    def write_line(
        self, flow: http.HTTPFlow, line: dict[str, Any], *, message: bool = False, encoded: bytes | None = None
    ) -> dict[str, Any]:
        """Store a record's JSONL dict, already made (`Decision.line` via `flow_line`); `encoded`:
        the same line as JSON, when it is at hand (`guardian._wire.Received.audit_json`)."""
        if message:
            kept = flow.metadata.setdefault(WEBSOCKET_METADATA_KEY, [])
            kept.append(line)
            del kept[:-KEEP_MESSAGE_RECORDS]
        else:
            flow.metadata[METADATA_KEY] = line
        if line["decision"] != "allow" or line["categories"]:
            flow.marked = _MARKS.get(line["decision"], ":eyes:")
        if self.log_each_flow and log.isEnabledFor(logging.DEBUG):
            log.debug("guardian: %s %s %s%s [%s] R=%s", line["decision"], line["method"], line["host"],
                      line["path"], ",".join(line["categories"]), line["R"])
        audit = self.audit  # once: `replace_audit` may run meanwhile (a reconfigure, shutdown)
        if audit is not None:
            try:
                if encoded is None:
                    audit.write(line)
                else:
                    audit.write_encoded(encoded)
            except (OSError, ValueError) as e:  # ValueError: closed by a replace in between
                log.error("guardian: cannot write the audit log: %s", e)
        return line

    def write_event(self, line: dict[str, Any]) -> None:
        """Append a line that is not a decision (an answer's values restored) to the same audit log."""
        audit = self.audit
        if audit is None:
            return
        try:
            audit.write(line)
        except (OSError, ValueError) as e:  # ValueError: closed by a replace in between
            log.error("guardian: cannot write the audit log: %s", e)

    def replace_audit(self, audit: AuditLog | None) -> None:
        """Use another audit log (or none); the old one is flushed and closed."""
        old, self.audit = self.audit, audit
        if old is not None:
            old.close()
