"""The decision record: what was decided for one request and why, with no raw personal data.

One frozen `DecisionRecord` per decided request (or WebSocket message). The pipeline fills in
the stages' sections; the addon adds the flow's id, the mode and whether the decision was
enforced (`for_flow`). `as_dict()` gives the JSONL line of the audit log and
`flow.metadata["guardian"]`, with the same field names as every earlier version, so old logs and
new ones read alike (`guardian report`).

A record holds categories, keyed hashes, scores, levels and milliseconds; the URL path only with
segments that may identify someone replaced (`safe_path`); never a query or a detected value.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from datetime import datetime, timezone
from typing import Any
from urllib.parse import urlsplit

from guardian.records import Action, Finding, HttpRequest, KindLabel, Payload, RequestContext, RiskAssessment, Verdict

__all__ = ["DecisionRecord", "RECORD_VERSION", "safe_path", "now_iso", "failure_record", "findings_section", "explain", "flow_line"]

RECORD_VERSION = 1

# A path segment that may carry an identifier (email, long number, token) is not logged.
_RISKY_SEGMENT = re.compile(r"@|\d{4,}|[A-Za-z0-9_\-]{24,}|%40")

Section = Mapping[str, Any]  # one serialised section of the record (JSON values)


def safe_path(url: str) -> str:
    """The URL path without query, with segments that may identify someone replaced by `*`."""
    path = urlsplit(url).path or "/"
    return "/".join("*" if _RISKY_SEGMENT.search(seg) else seg for seg in path.split("/"))


# A field's path holds the keys above its value, and a key can be personal data itself
# (`json:$.users["jane@x.org"].plan`, `query:jane@x.org#0`, `form:4155550199#0`): an e-mail
# address (written or escaped) or a run of 7 digits (a phone, an account number) in one is not logged.
_RISKY_IN_PATH = re.compile(  # local@dotted.domain: an XML attribute's `User@email` is not one
    r"[^\s\"'\[\]:;#|>@/]*(?:@|%40)[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+|\d{7,}"
    # a JSON key written with spaces (`["+1 415 555 0187"]`, `["Ann Lee"]`): a value used as a key
    r"|\[\"[^\"\]]* [^\"\]]*\"\]"
)
_LONG_DIGITS = re.compile(r"\d{7}")  # the cheap test before the substitution


def safe_field_path(path: str) -> str:
    """A field's path as the record names it: any key part that may be an address or a number
    that identifies someone, and a JSON key with a space in it, is `*`."""
    if "@" not in path and "%40" not in path and '["' not in path and not _LONG_DIGITS.search(path):
        return path  # nearly every path: no regex substitution
    return _RISKY_IN_PATH.sub("*", path)


_this_second: tuple[int, str] = (-1, "")  # (Unix second, its ISO 8601 text): one record after another


def now_iso() -> str:
    """The record's timestamp: UTC, milliseconds (what `guardian report --since` reads), as
    `datetime.isoformat(timespec="milliseconds")` writes it; the date and time of day are made
    once a second (they cost most of a record's init)."""
    global _this_second
    now = time.time()
    second = int(now)
    micro = round((now - second) * 1_000_000)  # as `datetime.fromtimestamp` rounds: half even
    if micro >= 1_000_000:
        second, micro = second + 1, micro - 1_000_000
    cached = _this_second
    if cached[0] != second:
        cached = _this_second = (second, datetime.fromtimestamp(second, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S"))
    return f"{cached[1]}.{micro // 1000:03d}+00:00"


def _plain(value: Any) -> Any:
    """A section as JSON-ready values: a read-only mapping (the likelihood's, the evidence's) as a
    dict and a tuple as a list, one level deep (the stages build what is inside from dicts and
    lists); anything else as it is, not copied."""
    if isinstance(value, dict) or not isinstance(value, (Mapping, tuple)):
        return value
    return dict(value) if isinstance(value, Mapping) else list(value)


@dataclass(frozen=True)
class DecisionRecord:
    """The decision for one request; `as_dict()` is its audit-log line.

    The sections are JSON-ready mappings made for this record by the stage that wrote them, and
    read-only by convention: nothing changes a section after the record is built (copying every
    section on each `replace` cost a tenth of the allow path)."""

    method: str
    host: str
    path: str  # safe_path of the URL
    decision: Verdict
    reason: str  # one sentence for the user (block pages, the log)
    ts: str = field(default_factory=now_iso)
    rule: str | None = None  # trusted:<domain> | blocked:<domain> | opaque_bodies:deny
    payload: Section | None = None  # codec, encoding, sizes, field counts
    context: RequestContext | None = None
    risk: RiskAssessment | None = None
    transparency: Section | None = None
    likelihood: Section | None = None
    findings: tuple[Section, ...] = ()
    anonymize: Section | None = None
    l_final: int = 0
    ms: Section = field(default_factory=dict)
    # Set by the addon for a flow:
    id: str | None = None
    mode: str | None = None
    enforced: bool | None = None
    error: Section | None = None  # the fail mode applied: {"timeout": true} or {"type", "where"}
    extra: Section = field(default_factory=dict)  # protocol sections: stream, protocol, message

    @property
    def categories(self) -> list[str]:
        return sorted({str(f["category"]) for f in self.findings})

    def evolve(self, **changes: Any) -> DecisionRecord:
        """`dataclasses.replace` without the generated `__init__`: a copy of this record with
        `changes`. The record has no validation to rerun, and this runs on every flow (about 2 us
        against 13 us for `replace` with this many fields)."""
        unknown = changes.keys() - _RECORD_FIELDS
        if unknown:
            raise TypeError(f"DecisionRecord has no field {sorted(unknown)[0]!r}")
        new = object.__new__(DecisionRecord)
        state = new.__dict__
        state.update(self.__dict__)
        state.update(changes)
        return new

    def for_flow(self, *, id: str, mode: str, enforced: bool, **extra: Any) -> DecisionRecord:  # noqa: A002
        """This record for one flow: its id, the mode, whether it was enforced, protocol sections."""
        return self.evolve(id=id, mode=mode, enforced=enforced, extra={**self.extra, **extra})

    def as_dict(self) -> dict[str, Any]:
        """The JSONL record: today's field names, sections as plain dicts."""
        risk = self.risk
        context = self.context
        out: dict[str, Any] = {"v": RECORD_VERSION, "ts": self.ts, "method": self.method, "host": self.host, "path": self.path}
        if self.payload is not None:
            out["payload"] = _plain(self.payload)
        if context is not None:
            out["context"] = context.as_record()
        if risk is not None:
            out["risk"] = risk.as_record()
        if self.transparency is not None:
            out["transparency"] = _plain(self.transparency)
        if self.likelihood is not None:
            out["likelihood"] = _plain(self.likelihood)
        if self.findings or risk is not None:
            out["findings"] = _plain(self.findings)
        if self.anonymize is not None:
            out["anonymize"] = _plain(self.anonymize)
        out.update(
            decision=self.decision.value,
            reason=self.reason,
            rule=self.rule,
            R=round(risk.risk, 4) if risk else None,
            L=round(risk.likelihood, 4) if risk else None,
            likelihood_source=risk.likelihood_source if risk else None,
            tier=risk.tier.name.lower() if risk else None,
            categories=self.categories,
            recipient=context.recipient.value if context else None,
            purposes=[p.value for p in context.purposes] if context else [],
            basis=context.basis.value if context else None,
            l0=risk.start_level if risk else 0,
            l_final=self.l_final,
            ms=self.ms,
        )
        if self.error is not None:
            out["error"] = _plain(self.error)
        if self.id is not None:
            out["id"] = self.id
        if self.mode is not None:
            out["mode"] = self.mode
        if self.enforced is not None:
            out["enforced"] = self.enforced
        for key, value in self.extra.items():
            out[key] = _plain(value)
        return out


def flow_line(line: Mapping[str, Any], *, id: str, mode: str, enforced: bool, **extra: Any) -> dict[str, Any]:  # noqa: A002
    """`DecisionRecord.for_flow(...).as_dict()` from the record's line, made once
    (`Decision.line`): its flow id, the mode, whether it was enforced, protocol sections."""
    return {**line, "id": id, "mode": mode, "enforced": enforced, **{k: _plain(v) for k, v in extra.items()}}


_RECORD_FIELDS = frozenset(f.name for f in fields(DecisionRecord))

def failure_record(
    request: HttpRequest, verdict: Verdict, reason: str, error: Section, *, ms: Sequence[tuple[str, float]] = ()
) -> DecisionRecord:
    """The record of a request decided by the fail mode (the pipeline failed or timed out)."""
    return DecisionRecord(
        method=request.method,
        host=request.host,
        path=safe_path(request.url),
        decision=verdict,
        reason=reason,
        error=error,
        ms=dict(ms),
    )


def findings_section(
    payload: Payload, findings: Sequence[Finding], kinds: Mapping[str, KindLabel], hasher: Callable[[str], str]
) -> list[dict[str, Any]]:
    """The record's findings: where each is and what found it, its value only as a keyed hash."""
    fields = payload.by_path()
    out = []
    for f in findings:
        value = fields[f.field_path].value[f.start : f.end] if f.field_path in fields else ""
        label = kinds.get(f.field_path)
        out.append(
            {
                "category": f.category.value,
                "entity": f.entity,
                "field": safe_field_path(f.field_path),
                "span": [f.start, f.end],
                "score": round(f.score, 3),
                "recognizer": f.recognizer,
                "quasi": f.quasi,
                "kind": label.kind.value if label else None,
                "kind_source": label.source if label else None,
                "value_hash": hasher(value),
                **({"hashed": True} if f.entity.endswith("_HASH") else {}),
            }
        )
    return out


def explain(action: Action, risk: RiskAssessment, context: RequestContext) -> str:
    """The one-sentence reason of a decision, for the user (block pages, the log)."""
    cats = ", ".join(sorted(c.value for c in action.categories)) or "no personal data"
    purposes = ", ".join(p.value for p in context.purposes)
    word = {Verdict.ALLOW: "below", Verdict.TRANSFORM: "within", Verdict.DENY: "at or above"}[risk.verdict]
    bound = {
        Verdict.ALLOW: f"allow ceiling {risk.tau_allow:.2f}",
        Verdict.TRANSFORM: f"band {risk.tau_allow:.2f}-{risk.tau_deny:.2f}",
        Verdict.DENY: f"deny floor {risk.tau_deny:.2f}",
    }[risk.verdict]
    return (
        f"{cats} to {context.recipient.value.replace('_', ' ')} {context.destination} "
        f"for {purposes} ({context.basis.value.replace('_', '-')}): risk {risk.risk:.2f} "
        f"{word} the {risk.tier.name.lower()}-tier {bound}"
    )
