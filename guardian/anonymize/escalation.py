"""Verified adversarial escalation (DESIGN.md "Levels and verified escalation", Algorithm 1),
anytime and evidence-driven.

    l = l0 ; E = {}                                 E: evidence spans of the original, with a rung
    repeat at most T times:
        x_l = anonymize(x0, l) with E rewritten by the ladder (ladders.yaml)
        stop if l = l_max
        guesses = fast attacker(x_l)                 milliseconds, always (prose values only)
                + LLM attacker(x_l)                  remembered, or when its latency estimate fits (below)
        first round: E += spans of x0 holding the words the span tagger marks in x_l (same MiniLM pass)
        support(g) = spans of x0 holding g or the words g relied on (verifier.support)
        c_hat = max confidence over guesses g with support(g) verified   (0 if none)
        stop if c_hat < tau_g (x_l again with the tagged spans, if any), else E += support spans of
        confident verified guesses (rung + 1), l = l + 1

Only text values are handed to the LLM levels; other fields with findings get the deterministic
generaliser, and everything else stays byte-identical. Every LLM call (L4, L5, attacker) starts
only when the running latency estimate of its endpoint and role fits the flow's remaining
deadline (scheduling.py); else the deterministic fallback is used and the round's record says
why. A per-flow deadline, longer for background flows, bounds the loop: when it passes, the
strongest level reached so far is sent. When the attacker that should answer cannot, the loop
is conservative: at least the strongest rule level, L3. With no attacker at all (no LLM and no
fast attacker, e.g. its weights failed to load), the rule level reached is sent and the record
says why.

With a `BackgroundLLM` (the proxy, as assembled), the fast attacker and the rule levels decide
the flow and the LLM teaches the next one. An LLM prompt whose answer is remembered (the same
anonymized text for the attacker, the same value for L4/L5) uses it at once (`llm_remembered`);
otherwise the call starts only when its role has been measured fast enough to fit both the
deadline and LLM_WAIT_S, the most a flow waits for LLM calls in all; an unmeasured role is
assumed slow. Any other call is asked in the background (`llm_background`: its status) and its
answer, when it comes, is remembered for the next flow that builds the same prompt. So no flow
after a start waits for a slow LLM; the deadline stays a ceiling for pathological cases.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from guardian.anonymize.attacker import ATTACKER_SCHEMA, Attacker, Guess, JsonLLM, attacker_messages, read_guesses
from guardian.anonymize.engine import Anonymizer, RewriteResult
from guardian.anonymize.evidence import (LADDER_ATTRIBUTE, add_tagged, evidence_finding, evidence_of, field_spans,
                                         rewrite_rule_level)
from guardian.anonymize.fast_attacker.attacker import SpanReader
from guardian.anonymize.fast_attacker.spans import FIELD_OF_SPAN
from guardian.anonymize.generalize import Generalize
from guardian.anonymize.llm_levels import REWRITE_SCHEMA, LLMLevel, role_of
from guardian.anonymize.scheduling import LatencyEstimator
from guardian.anonymize.verifier import Support, support
from guardian.detect import Detector
from guardian.errors import GuardianError, LLMError, LLMTimeout
from guardian.records import Basis, Field, FieldKind, Finding, Payload

if TYPE_CHECKING:
    from guardian.llm.background import BackgroundLLM

__all__ = ["EscalationLoop", "EscalatedResult", "GuessingAttacker", "TAU_G", "L_MAX", "T_ROUNDS", "DEADLINE_S", "LLM_WAIT_S",
           "is_text"]

TAU_G = 0.6  # tau_g: escalate when a verified guess is at least this confident
L_MAX = 5  # l_max
T_ROUNDS = 5  # T: anonymize/attack rounds at most
RULE_MAX = 3  # L3, the strongest rule level: the conservative stop when the attacker is down
# Per-flow deadline by action basis: a click waits least, a beacon may wait longest.
DEADLINE_S: Mapping[Basis, float] = {Basis.USER_INITIATED: 4.0, Basis.DEFAULT: 8.0, Basis.BACKGROUND: 20.0}
MAX_LLM_FIELDS = 4  # text values per level handed to the LLM; the rest take the fallback
# With a background runner: the most a flow waits for LLM calls in all, and only for calls whose
# measured latency fits; the rest are asked in the background and teach the next flow.
LLM_WAIT_S = 1.0
FAST_ERRORS = (GuardianError, ImportError, OSError, RuntimeError, ValueError)  # a model that cannot run


class GuessingAttacker(Protocol):
    """What the loop needs of an attacker: `FastAttacker`, `Attacker`, a test's stub."""

    def guess(self, anonymized: str, *, timeout: float | None = None) -> list[Guess]: ...


def is_text(value: str, kind: FieldKind) -> bool:
    """A free-text value (prose), as opposed to an identifier, number or token."""
    return kind is FieldKind.STRING and len(value) >= 20 and len(value.split()) >= 4


@dataclass(frozen=True)
class EscalatedResult(RewriteResult):
    """A RewriteResult with the rounds of the loop, for the decision record."""

    escalation: dict[str, Any] | None = None


@dataclass
class _Attack:
    guesses: list[Guess]
    answered: list[str]  # "fast", "llm"
    info: dict[str, Any]
    llm_deadline_hit: bool = False
    failed: bool = False  # an attacker that should have answered raised
    deferred: bool = False  # the LLM attacker was asked in the background instead
    tagged: list[tuple[str, str, float]] | None = None  # (word, evidence field, score): the span tagger's, if it ran


@dataclass
class _Loop:
    """One run of the loop: what every round reads, and what the rounds have made so far."""

    payload: Payload
    findings: Sequence[Finding]
    fields: Mapping[str, Field]
    scope: list[str]  # the paths the loop rewrites and the attacker reads
    prose: list[str]  # those of them that are prose
    original: str  # the scope's values, for the verifier
    levels: LLMLevel
    deadline: float
    llm_deadline: float
    hasher: Callable[[str], str]
    level: int
    best: RewriteResult | None = None
    evidence: dict[tuple[str, int, int], Finding] = field(default_factory=dict)
    rounds: list[dict[str, Any]] = field(default_factory=list)
    answered: set[str] = field(default_factory=set)
    stopped: str = "T"


def _merge_llm_info(entry: dict[str, Any], attack: dict[str, Any]) -> None:
    """The round's record gets the attacker's info, the LLM notes of the level and of the
    attacker merged into one of each."""
    for name in ("llm_skipped", "llm_background"):
        merged = {**entry.get(name, {}), **attack.pop(name, {})}
        if merged:
            attack[name] = merged
    remembered = [*entry.get("llm_remembered", []), *attack.pop("llm_remembered", [])]
    entry.update(attack, **({"llm_remembered": remembered} if remembered else {}))


def _endpoint(llm: JsonLLM, role: str) -> str:
    """The endpoint a role's calls go to (latency is kept per endpoint and role)."""
    settings = getattr(llm, "settings", None)
    try:
        return str(settings.endpoint(role).base_url)  # type: ignore[union-attr]
    except (AttributeError, GuardianError):
        return type(llm).__name__


class EscalationLoop:
    """Runs Algorithm 1 for one payload; shared by all flows (it holds no per-flow state)."""

    def __init__(
        self,
        llm: JsonLLM | None,
        *,
        anonymizer: Anonymizer | None = None,
        fast_attacker: GuessingAttacker | None = None,
        fast_attacker_error: str | None = None,
        latency: LatencyEstimator | None = None,
        cold_start_s: float | None = 0.0,
        background: BackgroundLLM | None = None,
        llm_wait_s: float = LLM_WAIT_S,
        tau_g: float = TAU_G,
        l_max: int = L_MAX,
        rounds: int = T_ROUNDS,
        deadlines: Mapping[Basis, float] | None = None,
        verify_guesses: bool = True,
        rewrite_all_text: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """`cold_start_s`: the latency assumed for an LLM role not yet measured (None: unknown;
        the call is then measured in the background first, never started on the request path).
        `background`: the LLM calls a flow does not wait for run there and teach the next flow;
        an unmeasured role then counts as slow, whatever `cold_start_s`, and a flow waits at
        most `llm_wait_s` for LLM calls in all. Without it (eval, benches) a call starts whenever
        its estimate fits the deadline, as Algorithm 1 has it."""
        self.llm = llm
        self.anonymizer = anonymizer or Anonymizer()
        self.attacker = Attacker(llm) if llm is not None else None
        self.fast_attacker = fast_attacker
        self.fast_attacker_error = fast_attacker_error
        self.background = background if llm is not None else None
        self.llm_wait_s = llm_wait_s
        cold = None if self.background is not None else cold_start_s
        self.latency = latency or LatencyEstimator(cold_start_s=cold, clock=clock)
        self.tau_g = tau_g
        self.l_max = l_max
        self.rounds = rounds
        self.deadlines = dict(deadlines or DEADLINE_S)
        self.verify_guesses = verify_guesses
        self.rewrite_all_text = rewrite_all_text  # evaluation: treat every text value as in scope
        self.clock = clock
        self.generalize = Generalize()

    def runs_for(self, payload: Payload, findings: Sequence[Finding]) -> bool:
        """Whether the loop runs for this payload at all: some value in its scope is prose. An
        attacker reads prose; an e-mail field or an id gives away nothing its rule level does not
        already remove, so those are left to the rule levels (and the proxy's fast path)."""
        fields = payload.by_path()
        return any(is_text(fields[p].value, fields[p].kind) for p in self._scope(payload, findings))

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
        # the LLM's share of it: all of it inline (Algorithm 1), LLM_WAIT_S with a background runner
        llm_deadline = min(deadline, t_start + self.llm_wait_s) if self.background is not None else deadline
        fields = payload.by_path()
        scope = self._scope(payload, findings)
        loop = _Loop(
            payload=payload, findings=findings, fields=fields, scope=scope,
            prose=[p for p in scope if is_text(fields[p].value, fields[p].kind)],
            original="\n".join(fields[p].value for p in scope), levels=LLMLevel(self.llm, detector=detector),
            deadline=deadline, llm_deadline=llm_deadline, hasher=hasher, level=max(1, min(l0, self.l_max)),
        )
        for t in range(1, self.rounds + 1):
            if not self._round(loop, t):
                break
        return self._result(loop, l0, budget, t_start)

    def _round(self, loop: _Loop, t: int) -> bool:
        """Round `t`: rewrite at the loop's level, attack the result, and verify the guesses. True
        when a verified confident guess escalates to the next level; False when the loop stops
        (`loop.stopped` says why)."""
        t0 = self.clock()
        evidence = list(loop.evidence.values())
        result, info = self._at_level(loop.payload, loop.findings, evidence, loop.level, loop.levels, loop.llm_deadline)
        loop.level = result.level  # a rule level that changed nothing steps up
        loop.best = result
        entry: dict[str, Any] = {"round": t, "level": loop.level, **info}
        if self.clock() >= loop.deadline or loop.level >= self.l_max:
            loop.rounds.append({**entry, "ms": _ms(t0, self.clock())})
            loop.stopped = "deadline" if self.clock() >= loop.deadline else "l_max"
            return False
        fields, scope = loop.fields, loop.scope
        attack = self._attack(
            "\n".join(result.edits.get(p, fields[p].value) for p in scope),
            "\n".join(result.edits.get(p, fields[p].value) for p in loop.prose),
            loop.deadline,
            loop.llm_deadline,
            tag=t == 1,  # the span tagger reads the first transformed level, on the attacker's pass
        )
        _merge_llm_info(entry, attack.info)
        loop.answered.update(attack.answered)
        if not attack.answered:
            entry["ms"] = _ms(t0, self.clock())
            loop.rounds.append(entry)
            self._stop_unanswered(loop, attack)
            return False
        checked: list[tuple[Guess, Support]] = [(g, self.supported(g, loop.original)) for g in attack.guesses]
        counted = [g.confidence for g, s in checked if s.verified or not self.verify_guesses]
        c_hat = max(counted, default=0.0)
        entry.update(
            guesses=[
                {"field": g.field, "guess_hash": loop.hasher(g.guess), "confidence": round(g.confidence, 3),
                 "verified": s.verified, "source": g.source, "support_spans": len(s.spans)}
                for g, s in checked
            ],
            c_hat=round(c_hat, 3),
        )
        values = [(p, fields[p].value) for p in scope]
        if c_hat >= self.tau_g:
            entry["evidence_spans"] = self._add_evidence(loop.evidence, checked, values)
        if attack.tagged is not None:  # the first round: the tagger's words join the evidence at rung 1
            entry["tagged_spans"] = add_tagged(loop.evidence, attack.tagged, values)
        loop.rounds.append(entry)
        if c_hat < self.tau_g:
            if entry.get("tagged_spans"):  # the same level again, with the tagged spans generalised
                loop.best, _ = self._at_level(loop.payload, loop.findings, list(loop.evidence.values()), loop.level,
                                              loop.levels, loop.llm_deadline)
            entry["ms"] = _ms(t0, self.clock())
            loop.stopped = "c_hat<tau_g"
            return False
        entry["ms"] = _ms(t0, self.clock())
        loop.level += 1
        return True

    def _stop_unanswered(self, loop: _Loop, attack: _Attack) -> None:
        """No attacker answered this round: say why, and send the strongest rule level where the
        attacker could not run (conservative)."""
        if attack.llm_deadline_hit:
            loop.stopped = "deadline"
        elif attack.failed or attack.deferred:
            loop.stopped = "attacker_unavailable" if attack.failed else "attacker_in_background"
            if loop.level < RULE_MAX:
                loop.best, _ = self._at_level(loop.payload, loop.findings, list(loop.evidence.values()), RULE_MAX,
                                              loop.levels, loop.llm_deadline)
                loop.level = loop.best.level
        else:
            loop.stopped = "no_attacker"

    def _result(self, loop: _Loop, l0: int, budget: float, t_start: float) -> EscalatedResult:
        """The loop's outcome: the best rewrite, its record and the note that says why it stopped."""
        best, stopped = loop.best, loop.stopped
        assert best is not None
        record = {
            "l0": l0,
            "l_final": best.level,
            "rounds": loop.rounds,
            "stopped": stopped,
            "deadline_s": budget,
            "deadline_hit": stopped == "deadline",
            "verifier": self.verify_guesses,
            "tau_g": self.tau_g,
            "attackers": sorted(loop.answered),
            "fast_attacker": "ok" if self.fast_attacker is not None else (
                f"unavailable: {self.fast_attacker_error}" if self.fast_attacker_error else "none"),
            "span_tagger": self.fast_attacker.span_status if isinstance(self.fast_attacker, SpanReader) else "none",
            "ms": _ms(t_start, self.clock()),
        }
        if self.background is not None:
            record["llm_wait_s"] = self.llm_wait_s
        note = best.note
        if stopped == "deadline":
            note = f"the per-flow deadline of {budget:g}s passed; L{best.level}, the strongest level reached, was sent"
        elif stopped == "attacker_unavailable":
            note = f"the attacker did not answer; L{best.level} was sent"
        elif stopped == "attacker_in_background":
            note = f"the LLM attacker was asked in the background; L{best.level} was sent"
        elif stopped == "no_attacker":
            note = f"no attacker could run ({record['fast_attacker']}); the rule level L{best.level} was sent"
        return EscalatedResult(
            requested_level=l0, level=best.level, edits=best.edits, rewritten=best.rewritten,
            untreated=best.untreated, note=note, escalation=record,
        )

    def supported(self, guess: Guess, original: str) -> Support:
        """The verifier's answer for one guess against the original, on the evidence words the
        ladder generalises (`guardian-lab eval` scores the fast attacker's guesses with it too)."""
        return support(guess.guess, original, self._generalisable(guess))

    def _generalisable(self, guess: Guess) -> tuple[str, ...]:
        """The evidence words of a guess that name the attribute ("nurse", "Tacoma", "34"): words
        the ladder generalises. A classifier's other evidence words ("please", "bus") are what it
        happened to weigh, not something the original says about the person: they neither verify
        the guess nor get rewritten, so a guess resting on them alone does not escalate."""
        attribute = LADDER_ATTRIBUTE.get(guess.field, guess.field)
        return tuple(
            word for word in guess.evidence
            if self.generalize.ladder.phrase(attribute, word) is not None or self.generalize.ladder.phrase(None, word) is not None
        )

    def _add_evidence(
        self, evidence: dict[tuple[str, int, int], Finding], checked: list[tuple[Guess, Support]],
        scope: list[tuple[str, str]],
    ) -> int:
        """The spans of confident verified guesses join the evidence, one rung up; returns how many."""
        touched: set[tuple[str, int, int]] = set()
        for g, s in checked:
            if g.confidence < self.tau_g or not s.verified:
                continue
            for path, start, end in field_spans(scope, s.spans):
                key = (path, start, end)
                if key in touched:
                    continue
                rung = evidence_of(evidence[key])[1] + 1 if key in evidence else 1
                evidence[key] = evidence_finding(g.field, path, start, end, rung, g.confidence)
                touched.add(key)
        return len(touched)

    # -- the attackers ---------------------------------------------------------------------------

    def _attack(self, anonymized: str, prose: str, deadline: float, llm_deadline: float, *, tag: bool = False) -> _Attack:
        """The fast attacker on the prose values (with `tag`, its span tagger on the same pass), the
        LLM attacker on the scope: remembered, or when it fits by `llm_deadline`, else (with a
        background runner) asked in the background."""
        out = _Attack([], [], {})
        if self.fast_attacker is not None and prose.strip():
            t0 = self.clock()
            try:
                if tag and isinstance(self.fast_attacker, SpanReader):
                    reading = self.fast_attacker.read(prose, tag=True, timeout=max(0.0, deadline - self.clock()))
                    out.guesses.extend(reading.guesses)
                    out.tagged = [(prose[s.start : s.end], FIELD_OF_SPAN.get(s.attribute, s.attribute), s.score)
                                  for s in reading.spans]
                else:
                    out.guesses.extend(self.fast_attacker.guess(prose, timeout=max(0.0, deadline - self.clock())))
                out.answered.append("fast")
            except FAST_ERRORS as e:
                out.failed = True
                out.info["fast_error"] = type(e).__name__
            out.info["fast_ms"] = _ms(t0, self.clock())
        if self.attacker is not None and self.llm is not None:
            key = (_endpoint(self.llm, "attacker"), "attacker")
            attacker = self.attacker
            messages = attacker_messages(anonymized)  # the anonymized text only, never the original
            remembered = self.background.recall("attacker", messages, ATTACKER_SCHEMA) if self.background else None
            why = None if remembered is not None else self.latency.plan(key, llm_deadline - self.clock())
            if remembered is not None:  # a background answer to this very text
                out.guesses.extend(read_guesses(remembered))
                out.answered.append("llm")
                out.info["llm_remembered"] = ["attacker"]
            elif why is not None:
                out.info["llm_skipped"] = {"attacker": why}
                if self.background is not None:
                    out.info["llm_background"] = {"attacker": self.background.ask(
                        "attacker", messages, ATTACKER_SCHEMA, observe=self._observer(key), **attacker.options)}
                    out.deferred = True
                elif self.latency.estimate(key) is None:  # measure it in the background (anonymized text only)
                    self.latency.probe(key, lambda: attacker.guess(anonymized, timeout=None))
            else:
                try:
                    out.guesses.extend(self.latency.timed(
                        key, lambda: attacker.guess(anonymized, timeout=max(0.0, llm_deadline - self.clock()))))
                    out.answered.append("llm")
                except LLMError as e:
                    out.info["attacker_error"] = type(e).__name__
                    out.llm_deadline_hit = isinstance(e, LLMTimeout) and self.clock() >= deadline - 0.05
                    out.failed = True
        out.info["attacker"] = "+".join(out.answered) or None
        return out

    def _observer(self, key: tuple[str, str]) -> Callable[[float], None]:
        """What a background call reports its time to: the estimate the next flow plans with."""
        return lambda seconds: self.latency.observe(key, seconds)

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
        self, payload: Payload, findings: Sequence[Finding], evidence: Sequence[Finding], level: int, levels: LLMLevel,
        deadline: float,
    ) -> tuple[RewriteResult, dict[str, Any]]:
        if level <= RULE_MAX:
            result = self.anonymizer.rewrite(payload, findings, level)
            while not result.edits and result.untreated and result.level < RULE_MAX and not evidence:
                result = self.anonymizer.rewrite(payload, findings, result.level + 1)
            if evidence:
                edits = rewrite_rule_level(payload, findings, evidence, self.anonymizer.operator(result.level),
                                           result.edits, self.generalize)
                result = RewriteResult(result.requested_level, result.level, edits, result.rewritten, result.untreated,
                                       result.note)
            return result, {"source": "rule"}
        by_field: dict[str, list[Finding]] = {}
        for f in [*findings, *evidence]:
            by_field.setdefault(f.field_path, []).append(f)
        edits: dict[str, str] = {}
        sources: dict[str, int] = {"llm": 0, "fallback": 0}
        reasons: list[str] = []
        skipped: dict[str, str] = {}
        asked: dict[str, str] = {}
        remembered = 0
        llm_fields = 0
        role = role_of(level)
        for item in payload.fields:
            own = by_field.get(item.path, [])
            text = is_text(item.value, item.kind)
            if not own and not (self.rewrite_all_text and text):
                continue
            if text and llm_fields < MAX_LLM_FIELDS and self.llm is not None:
                llm_fields += 1
                key = (_endpoint(self.llm, role), role)
                messages, options = levels.prompt(item.value, own, level)
                answer = self.background.recall(role, messages, REWRITE_SCHEMA) if self.background else None
                why = None if answer is not None else self.latency.plan(key, deadline - self.clock())
                if answer is not None:  # a background answer for this very value, checked as any other
                    value, source, reason = levels.accept(item.value, own, level, answer)
                    remembered += 1
                elif why is None:
                    value, source, reason = self.latency.timed(key, lambda v=item.value, o=own: levels.rewrite(
                        v, o, level, timeout=max(0.0, deadline - self.clock())))
                else:
                    skipped[role] = why
                    if self.background is not None:
                        asked[role] = self.background.ask(role, messages, REWRITE_SCHEMA, observe=self._observer(key),
                                                          **options)
                    elif self.latency.estimate(key) is None:
                        self.latency.probe(key, lambda v=item.value, o=own: levels.rewrite(v, o, level))
                    reason = "background" if self.background is not None else "latency"
                    value, source = levels.fallback(item.value, own, level), "fallback"
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
        if skipped:
            info["llm_skipped"] = skipped
        if asked:
            info["llm_background"] = asked
        if remembered:
            info["llm_remembered"] = [role]
        return RewriteResult(level, level, edits, rewritten, untreated), info


def _ms(t0: float, t1: float) -> float:
    return round((t1 - t0) * 1000, 1)
