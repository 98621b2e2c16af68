"""The request path as one object: rules, codecs, detect, context, likelihood, risk, anonymize.

`Pipeline.decide` turns an `HttpRequest` into an `Outcome`: the verdict, the rewrite for a
transform, and the decision record that the addon stores in `flow.metadata["guardian"]` and
the audit log. It knows nothing about mitmproxy, so tests, the CLI and the evaluation harness
drive it with plain values. Stages run in DESIGN.md's order and only ever look forward.
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from guardian.anonymize import Anonymizer, RewriteResult
from guardian.anonymize.escalation import EscalationLoop
from guardian.audit import ValueHasher
from guardian.codecs import RequestRewrite, decode_request, encode_request
from guardian.context import ContextOverride, ContextResolver
from guardian.detect import Detector
from guardian.errors import CodecError
from guardian.matcher import Matcher, PriorLikelihood
from guardian.matcher.gate import evidence_statements
from guardian.records import Action, Basis, Finding, HttpRequest, Payload, RequestContext, RiskAssessment, Verdict
from guardian.risk import TransparencySignals, assess
from guardian.rules import Rules

if TYPE_CHECKING:
    from guardian.policy_store import PolicyStore

__all__ = ["Outcome", "Pipeline", "DEFAULT_MAX_BODY_BYTES"]

DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024
RECORD_VERSION = 1

# A path segment that may carry an identifier (email, long number, token) is not logged.
_RISKY_SEGMENT = re.compile(r"@|\d{4,}|[A-Za-z0-9_\-]{24,}|%40")


@dataclass(frozen=True)
class Outcome:
    """What the pipeline decided for one request."""

    verdict: Verdict
    record: dict[str, Any]  # the decision record: no raw detected value in it
    reason: str  # one sentence for the user, used in block responses
    rewrite: RequestRewrite | None = None  # set for a transform that changed something


class _Timer:
    def __init__(self) -> None:
        self.ms: dict[str, float] = {}
        self._t0 = time.perf_counter()

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        t = time.perf_counter()
        try:
            yield
        finally:
            self.ms[name] = round((time.perf_counter() - t) * 1000, 3)

    def total(self) -> dict[str, float]:
        return {**self.ms, "total": round((time.perf_counter() - self._t0) * 1000, 3)}


def safe_path(url: str) -> str:
    """The URL path without query, with segments that may identify someone replaced by `*`."""
    path = urlsplit(url).path or "/"
    return "/".join("*" if _RISKY_SEGMENT.search(seg) else seg for seg in path.split("/"))


class Pipeline:
    """Decides requests. Built once (models and tables load here), then used from many threads."""

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        detector: Detector | None = None,
        context: ContextResolver | None = None,
        likelihood: PriorLikelihood | None = None,
        anonymizer: Anonymizer | None = None,
        hasher: Callable[[str], str] | None = None,
        max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
        policy_store: PolicyStore | None = None,
        escalation: EscalationLoop | None = None,
        matcher: Matcher | None = None,
    ) -> None:
        self.rules = rules or Rules()
        self.detector = detector or Detector()
        self.context = context or ContextResolver()
        self.likelihood = likelihood or PriorLikelihood(self.rules.likelihood_prior)
        # L from policy evidence (System 1 / System 2); the prior above when there is none
        self.matcher = matcher.with_prior(self.likelihood) if matcher else Matcher.shipped(prior=self.likelihood)
        self.anonymizer = anonymizer or Anonymizer()
        self.hasher = hasher or ValueHasher()
        self.max_body_bytes = max_body_bytes
        self.policy_store = policy_store  # None: every action is scored with no policy evidence
        self.escalation = escalation  # None: no LLM configured, rule levels only (L4 -> L3)

    def with_rules(self, rules: Rules) -> Pipeline:
        """A pipeline with new rules that shares this one's loaded stages."""
        return Pipeline(
            rules,
            detector=self.detector,
            context=self.context,
            anonymizer=self.anonymizer,
            hasher=self.hasher,
            max_body_bytes=self.max_body_bytes,
            policy_store=self.policy_store,
            escalation=self.escalation,
            matcher=self.matcher,
        )

    # -- the request path ---------------------------------------------------------------------

    def decide(self, request: HttpRequest) -> Outcome:
        """Run every stage for one request and return the verdict, rewrite and record."""
        timer = _Timer()
        host = request.host
        record: dict[str, Any] = {
            "v": RECORD_VERSION,
            "ts": datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
            "method": request.method,
            "host": host,
            "path": safe_path(request.url),
        }

        with timer.stage("rules"):
            trusted = self.rules.trusted_match(host)
            blocked = self.rules.blocked_match(host) if trusted is None else None
        if trusted is not None:
            return self._finish(record, timer, Verdict.ALLOW, f"{host} is trusted by rule", rule=f"trusted:{trusted}")
        if blocked is not None:
            reason = f"{host} is blocked by rule: {blocked.reason}"
            return self._finish(record, timer, Verdict.DENY, reason, rule=f"blocked:{blocked.domain}")

        with timer.stage("decode"):
            payload = decode_request(request, max_body_bytes=self.max_body_bytes)
            protected = self.rules.untouchable(host, payload.fields)
            if protected:
                payload = dataclasses.replace(
                    payload, fields=tuple(f for f in payload.fields if f.path not in protected)
                )
        record["payload"] = self._payload_record(payload, len(protected))
        if payload.opaque and self.rules.opaque_bodies == "deny":
            reason = f"the body could not be read ({payload.opaque_reason}) and opaque bodies are denied by rule"
            return self._finish(record, timer, Verdict.DENY, reason, rule="opaque_bodies:deny")

        with timer.stage("detect"):
            findings = self.detector.detect(payload)
        with timer.stage("context"):
            context = self.context.resolve(request, self._override(host))
        action = Action.build(context, findings)
        with timer.stage("policy"):  # memory only: an unknown site is fetched in the background
            transparency, transparency_record = self._transparency(action, context)
        with timer.stage("likelihood"):
            estimate = self._likelihood(action, context, transparency_record)
        with timer.stage("risk"):
            risk = assess(
                action,
                estimate.value,
                likelihood_source=estimate.source,
                transparency=transparency,
                thresholds=self.rules.thresholds,
            )
        record["context"] = context.as_record()
        record["risk"] = risk.as_record()
        record["transparency"] = {**transparency_record, "M_T": risk.m_transparency}
        record["likelihood"] = estimate.record
        record["findings"] = self._findings_record(payload, findings)

        if risk.verdict is Verdict.ALLOW:
            return self._finish(record, timer, Verdict.ALLOW, self._explain(action, risk, context), risk=risk)
        if risk.verdict is Verdict.DENY:
            return self._finish(record, timer, Verdict.DENY, self._explain(action, risk, context), risk=risk)

        with timer.stage("anonymize"):
            result = self._rewrite(payload, findings, risk.start_level, context.basis)
        record["anonymize"] = {
            "l0": risk.start_level,
            "l_final": result.level,
            "note": result.note,
            "rewritten": len(result.rewritten),
            "untreated": sorted({f.category.value for f in result.untreated}),
            "edited_fields": sorted(result.edits),
        }
        if getattr(result, "escalation", None):  # the rounds of the verified escalation loop
            record["anonymize"]["escalation"] = result.escalation
        rewrite = None
        if result.edits:
            with timer.stage("encode"):
                try:
                    rewrite = encode_request(request, payload, result.edits, max_body_bytes=self.max_body_bytes)
                except CodecError as e:
                    reason = f"the body needed a rewrite that its format does not allow ({e}); denied instead"
                    return self._finish(record, timer, Verdict.DENY, reason, risk=risk, l_final=result.level)
        return self._finish(
            record,
            timer,
            Verdict.TRANSFORM,
            self._explain(action, risk, context),
            risk=risk,
            rewrite=rewrite,
            l_final=result.level,
        )

    # -- helpers -------------------------------------------------------------------------------

    def _transparency(self, action: Action, context: RequestContext) -> tuple[TransparencySignals, dict[str, Any]]:
        if self.policy_store is None:
            return TransparencySignals(), {"evidence": "none"}
        return self.policy_store.transparency(action, context)

    def _likelihood(self, action: Action, context: RequestContext, transparency_record: dict[str, Any]) -> Any:
        """The matcher on the retrieved statements; the recipient prior when there are none."""
        statements: list[Any] = []
        if self.policy_store is not None and transparency_record.get("evidence_ids"):
            statements = evidence_statements(self.policy_store, context, transparency_record["evidence_ids"])
            db_path = getattr(getattr(self.policy_store, "db", None), "path", None)
            if db_path is not None:  # System 2 labels live beside the policy store
                self.matcher.enable_bootstrap(db_path.parent)
        return self.matcher.estimate(action, statements, llm=getattr(self.escalation, "llm", None))

    def _override(self, host: str) -> ContextOverride | None:
        rule = self.rules.override_for(host)
        if rule is None:
            return None
        return ContextOverride(recipient=rule.recipient, purposes=rule.purposes)

    def _rewrite(
        self, payload: Payload, findings: tuple[Finding, ...], level: int, basis: Basis | None = None
    ) -> RewriteResult:
        """Rewrite at l0; step up a rule level while the current one leaves every finding as it was.
        With an LLM configured, the verified escalation loop runs instead (L1-L5)."""
        if self.escalation is not None:
            return self.escalation.run(
                payload, findings, level, basis=basis, detector=self.detector, hasher=self.hasher
            )
        result = self.anonymizer.rewrite(payload, findings, level)
        while not result.edits and result.untreated and result.level < self.anonymizer.max_level:
            result = self.anonymizer.rewrite(payload, findings, result.level + 1)
        return result

    def _payload_record(self, payload: Payload, protected: int) -> dict[str, Any]:
        truncated = getattr(self.detector, "truncated_fields", None)
        return {
            "codec": payload.body_codec,
            "content_encoding": payload.content_encoding,
            "opaque_reason": payload.opaque_reason,
            "body_bytes": payload.body_size,
            "fields": len(payload.fields),
            "never_touch_fields": protected,
            "truncated_fields": list(truncated(payload)) if truncated else [],
        }

    def _findings_record(self, payload: Payload, findings: tuple[Finding, ...]) -> list[dict[str, Any]]:
        fields = payload.by_path()
        out = []
        for f in findings:
            value = fields[f.field_path].value[f.start : f.end] if f.field_path in fields else ""
            out.append(
                {
                    "category": f.category.value,
                    "entity": f.entity,
                    "field": f.field_path,
                    "span": [f.start, f.end],
                    "score": round(f.score, 3),
                    "recognizer": f.recognizer,
                    "quasi": f.quasi,
                    "value_hash": self.hasher(value),
                }
            )
        return out

    @staticmethod
    def _explain(action: Action, risk: RiskAssessment, context: RequestContext) -> str:
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

    @staticmethod
    def _finish(
        record: dict[str, Any],
        timer: _Timer,
        verdict: Verdict,
        reason: str,
        *,
        rule: str | None = None,
        risk: RiskAssessment | None = None,
        rewrite: RequestRewrite | None = None,
        l_final: int = 0,
    ) -> Outcome:
        findings = record.get("findings", [])
        record.update(
            decision=verdict.value,
            reason=reason,
            rule=rule,
            R=round(risk.risk, 4) if risk else None,
            L=round(risk.likelihood, 4) if risk else None,
            likelihood_source=risk.likelihood_source if risk else None,
            tier=risk.tier.name.lower() if risk else None,
            categories=sorted({f["category"] for f in findings}),
            recipient=record.get("context", {}).get("recipient"),
            purposes=record.get("context", {}).get("purposes", []),
            basis=record.get("context", {}).get("basis"),
            l0=risk.start_level if risk else 0,
            l_final=l_final,
            ms=timer.total(),
        )
        return Outcome(verdict=verdict, record=record, reason=reason, rewrite=rewrite)
