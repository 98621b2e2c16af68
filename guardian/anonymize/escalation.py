"""Verified adversarial escalation (DESIGN.md "Levels and verified escalation", Algorithm 1).

    l = l0
    repeat at most T times:
        x_l = anonymize(x0, l)                      rule level, or L4/L5 with acceptance
        stop if l = l_max
        guesses = attacker(x_l)                     sees only the anonymized text
        c_hat = max confidence over guesses g with V(g, x0)   (0 if none)
        stop if c_hat < tau_g, else l = l + 1

Only text values are handed to the LLM levels; other fields with findings get the deterministic
generaliser, and everything else stays byte-identical. A per-flow deadline, longer for background
flows, bounds the loop: when it passes, the strongest level reached so far (every level's result
has passed its acceptance check or is the deterministic fallback) is sent and the record says so.
When the attacker cannot answer, the loop is conservative: at least the strongest rule level, L3.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from guardian.anonymize.attacker import Attacker, JsonLLM
from guardian.anonymize.engine import Anonymizer, RewriteResult
from guardian.anonymize.generalize import Generalize
from guardian.anonymize.llm_levels import LLMLevel
from guardian.anonymize.verifier import verify
from guardian.detect import Detector
from guardian.errors import LLMError, LLMTimeout
from guardian.records import Basis, FieldKind, Finding, Payload

__all__ = ["EscalationLoop", "EscalatedResult", "TAU_G", "L_MAX", "T_ROUNDS", "DEADLINE_S", "is_text"]

TAU_G = 0.6  # tau_g: escalate when a verified guess is at least this confident
L_MAX = 5  # l_max
T_ROUNDS = 5  # T: anonymize/attack rounds at most
RULE_MAX = 3  # L3, the strongest rule level: the conservative stop when the attacker is down
# Per-flow deadline by action basis: a click waits least, a beacon may wait longest.
DEADLINE_S: Mapping[Basis, float] = {Basis.USER_INITIATED: 4.0, Basis.DEFAULT: 8.0, Basis.BACKGROUND: 20.0}
MAX_LLM_FIELDS = 4  # text values per level handed to the LLM; the rest take the fallback


def is_text(value: str, kind: FieldKind) -> bool:
    """A free-text value (prose), as opposed to an identifier, number or token."""
    return kind is FieldKind.STRING and len(value) >= 20 and len(value.split()) >= 4


@dataclass(frozen=True)
class EscalatedResult(RewriteResult):
    """A RewriteResult with the rounds of the loop, for the decision record."""

    escalation: dict[str, Any] | None = None


class EscalationLoop:
    """Runs Algorithm 1 for one payload; shared by all flows (it holds no per-flow state)."""

    def __init__(
        self,
        llm: JsonLLM | None,
        *,
        anonymizer: Anonymizer | None = None,
        tau_g: float = TAU_G,
        l_max: int = L_MAX,
        rounds: int = T_ROUNDS,
        deadlines: Mapping[Basis, float] | None = None,
        verify_guesses: bool = True,
        rewrite_all_text: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.llm = llm
        self.anonymizer = anonymizer or Anonymizer()
        self.attacker = Attacker(llm) if llm is not None else None
        self.tau_g = tau_g
        self.l_max = l_max
        self.rounds = rounds
        self.deadlines = dict(deadlines or DEADLINE_S)
        self.verify_guesses = verify_guesses
        self.rewrite_all_text = rewrite_all_text  # evaluation: treat every text value as in scope
        self.clock = clock
        self.generalize = Generalize()

    # -- the loop ------------------------------------------------------------------------------

    def run(
        self,
        payload: Payload,
        findings: Sequence[Finding],
        l0: int,
        *,
        basis: Basis | None = None,
        detector: Detector | None = None,
        hasher: Callable[[str], str] = lambda s: "",
    ) -> EscalatedResult:
        """Anonymize from `l0` up, escalating only on verified confident guesses."""
        t_start = self.clock()
        budget = self.deadlines.get(basis or Basis.DEFAULT, self.deadlines.get(Basis.DEFAULT, 8.0))
        deadline = t_start + budget
        levels = LLMLevel(self.llm, detector=detector)
        fields = payload.by_path()
        scope = self._scope(payload, findings)
        original = "\n".join(fields[p].value for p in scope)

        level = max(1, min(l0, self.l_max))
        rounds: list[dict[str, Any]] = []
        best: RewriteResult | None = None
        stopped = "T"
        for t in range(1, self.rounds + 1):
            t0 = self.clock()
            result, info = self._at_level(payload, findings, level, levels, deadline)
            level = result.level  # a rule level that changed nothing steps up
            best = result
            entry: dict[str, Any] = {"round": t, "level": level, **info}
            if self.clock() >= deadline:
                rounds.append({**entry, "ms": _ms(t0, self.clock())})
                stopped = "deadline"
                break
            if level >= self.l_max:
                rounds.append({**entry, "ms": _ms(t0, self.clock())})
                stopped = "l_max"
                break
            anonymized = "\n".join(result.edits.get(p, fields[p].value) for p in scope)
            try:
                if self.attacker is None:
                    raise LLMError("attacker", "no llm configured")
                guesses = self.attacker.guess(anonymized, timeout=max(0.0, deadline - self.clock()))
            except LLMError as e:
                deadline_hit = isinstance(e, LLMTimeout) and self.clock() >= deadline - 0.05
                entry.update(attacker_error=type(e).__name__, ms=_ms(t0, self.clock()))
                rounds.append(entry)
                if deadline_hit:
                    stopped = "deadline"
                else:
                    stopped = "attacker_unavailable"
                    if level < RULE_MAX:  # conservative: the strongest rule level
                        best, _ = self._at_level(payload, findings, RULE_MAX, levels, deadline)
                        level = best.level
                break
            checked = [(g, verify(g.guess, original)) for g in guesses]
            counted = [g.confidence for g, ok in checked if ok or not self.verify_guesses]
            c_hat = max(counted, default=0.0)
            entry.update(
                guesses=[
                    {"field": g.field, "guess_hash": hasher(g.guess), "confidence": round(g.confidence, 3), "verified": ok}
                    for g, ok in checked
                ],
                c_hat=round(c_hat, 3),
                ms=_ms(t0, self.clock()),
            )
            rounds.append(entry)
            if c_hat < self.tau_g:
                stopped = "c_hat<tau_g"
                break
            level += 1
        assert best is not None
        record = {
            "l0": l0,
            "l_final": best.level,
            "rounds": rounds,
            "stopped": stopped,
            "deadline_s": budget,
            "deadline_hit": stopped == "deadline",
            "verifier": self.verify_guesses,
            "tau_g": self.tau_g,
            "ms": _ms(t_start, self.clock()),
        }
        note = best.note
        if stopped == "deadline":
            note = f"the per-flow deadline of {budget:g}s passed; L{best.level}, the strongest level reached, was sent"
        elif stopped == "attacker_unavailable":
            note = f"the attacker LLM did not answer; L{best.level} was sent"
        return EscalatedResult(
            requested_level=l0, level=best.level, edits=best.edits, rewritten=best.rewritten,
            untreated=best.untreated, note=note, escalation=record,
        )

    # -- one level -------------------------------------------------------------------------------

    def _scope(self, payload: Payload, findings: Sequence[Finding]) -> list[str]:
        """Fields the attacker sees and the levels rewrite: those with findings, plus text values
        when `rewrite_all_text` is set; in payload order."""
        with_findings = {f.field_path for f in findings}
        return [
            f.path for f in payload.fields
            if f.path in with_findings or (self.rewrite_all_text and is_text(f.value, f.kind))
        ]

    def _at_level(
        self, payload: Payload, findings: Sequence[Finding], level: int, levels: LLMLevel, deadline: float
    ) -> tuple[RewriteResult, dict[str, Any]]:
        if level <= RULE_MAX:
            result = self.anonymizer.rewrite(payload, findings, level)
            while not result.edits and result.untreated and result.level < RULE_MAX:
                result = self.anonymizer.rewrite(payload, findings, result.level + 1)
            return result, {"source": "rule"}
        by_field: dict[str, list[Finding]] = {}
        for f in findings:
            by_field.setdefault(f.field_path, []).append(f)
        edits: dict[str, str] = {}
        sources: dict[str, int] = {"llm": 0, "fallback": 0}
        reasons: list[str] = []
        llm_fields = 0
        for item in payload.fields:
            own = by_field.get(item.path, [])
            text = is_text(item.value, item.kind)
            if not own and not (self.rewrite_all_text and text):
                continue
            if text and llm_fields < MAX_LLM_FIELDS:
                llm_fields += 1
                value, source, reason = levels.rewrite(
                    item.value, own, level, timeout=max(0.0, deadline - self.clock())
                )
                sources[source] += 1
                if source == "fallback":
                    reasons.append(reason)
            elif item.kind is FieldKind.NUMBER:
                value = "0"
            else:
                value = levels.fallback(item.value, own, level) if text else self.generalize.rewrite_in(item.value, own)
            if value != item.value:
                edits[item.path] = value
        rewritten = tuple(f for f in findings if f.field_path in edits)
        untreated = tuple(f for f in findings if f.field_path not in edits)
        used = [name for name in ("llm", "fallback") if sources[name]]
        info: dict[str, Any] = {
            "source": used[0] if len(used) == 1 else ("mixed" if used else "generaliser"),
            "llm_accepted": sources["llm"],
            "llm_fallbacks": sources["fallback"],
        }
        if reasons:
            info["fallback_reasons"] = sorted(set(reasons))
        return RewriteResult(level, level, edits, rewritten, untreated), info


def _ms(t0: float, t1: float) -> float:
    return round((t1 - t0) * 1000, 1)
