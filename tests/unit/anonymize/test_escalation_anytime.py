"""The anytime, evidence-driven escalation loop, with a fake clock, a stub LLM and a stub fast attacker."""

from __future__ import annotations

from typing import Any

from guardian.anonymize.attacker import Guess
from guardian.anonymize.escalation import EscalationLoop
from guardian.anonymize.scheduling import LatencyEstimator
from guardian.records import Basis, Field, Payload

TEXT = "As a nurse in Tacoma I work night shifts on the ward."


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class StubLLM:
    """Answers by role after `delay[role]` seconds of the fake clock."""

    def __init__(self, clock: Clock, delay: dict[str, float]) -> None:
        self.clock, self.delay = clock, delay
        self.calls: list[str] = []

    def complete_json(self, role: str, messages: Any, schema: dict[str, Any], **kw: Any) -> Any:
        self.calls.append(role)
        self.clock.now += self.delay.get(role, 0.0)
        if role == "attacker":
            return {"guesses": [{"field": "location", "guess": "Tacoma", "confidence": 0.9}]}
        return {"text": "As someone I work at night."}


class StubFast:
    """A healthcare guess relying on "nurse" while that word is in the text."""

    source = "fast"

    def __init__(self, word: str = "nurse", confidence: float = 0.9) -> None:
        self.word, self.confidence = word, confidence
        self.seen: list[str] = []

    def guess(self, anonymized: str, *, timeout: float | None = None) -> list[Guess]:
        self.seen.append(anonymized)
        if self.word not in anonymized:
            return []
        return [Guess("occupation", "healthcare worker", self.confidence, (self.word,), "fast")]


class NoProbe(LatencyEstimator):
    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.probes: list[tuple[str, str]] = []

    def probe(self, key: tuple[str, str], call: Any) -> bool:
        self.probes.append(key)
        return True


def payload(value: str = TEXT) -> Payload:
    return Payload(fields=(Field("text:", "", value),), body_codec="text")


def loop(clock: Clock, llm: Any = None, fast: Any = None, latency: LatencyEstimator | None = None, **kw: Any) -> EscalationLoop:
    return EscalationLoop(llm, fast_attacker=fast, latency=latency, clock=clock, rewrite_all_text=True, **kw)


def test_fast_attacker_alone_rewrites_exactly_its_evidence() -> None:
    clock, fast = Clock(), StubFast()
    out = loop(clock, fast=fast).run(payload(), (), 1, basis=Basis.USER_INITIATED)
    esc = out.escalation or {}
    assert out.edits["text:"] == "As a healthcare worker in Tacoma I work night shifts on the ward."
    assert [r["level"] for r in esc["rounds"]] == [1, 2] and esc["stopped"] == "c_hat<tau_g"
    assert esc["attackers"] == ["fast"] and esc["rounds"][0]["evidence_spans"] == 1
    assert esc["rounds"][0]["guesses"][0]["source"] == "fast" and esc["rounds"][0]["guesses"][0]["verified"]
    assert "nurse" not in str(esc)  # no raw words in the record


def test_repeated_evidence_climbs_the_ladder() -> None:
    clock = Clock()
    fast = StubFast()
    calls = {"n": 0}

    def guess(anonymized: str, *, timeout: float | None = None) -> list[Guess]:
        calls["n"] += 1  # keeps relying on the original's "nurse" for two rounds
        return [Guess("occupation", "healthcare worker", 0.9, ("nurse",), "fast")] if calls["n"] <= 2 else []

    fast.guess = guess  # type: ignore[method-assign]
    out = loop(clock, fast=fast).run(payload(), (), 1)
    assert out.level == 3 and out.edits["text:"].startswith("As a professional in Tacoma")


def test_guess_read_off_the_generic_phrase_does_not_escalate() -> None:
    class ReadsTheRewrite(StubFast):
        def guess(self, anonymized: str, *, timeout: float | None = None) -> list[Guess]:
            word = "nurse" if "nurse" in anonymized else "healthcare"  # round 2 reads the ladder's phrase
            return [Guess("occupation", "healthcare worker", 0.95, (word,), "fast")]

    out = loop(Clock(), fast=ReadsTheRewrite()).run(payload(), (), 1)
    esc = out.escalation or {}
    assert out.level == 2 and esc["stopped"] == "c_hat<tau_g"
    assert esc["rounds"][1]["guesses"][0]["verified"] is False and esc["rounds"][1]["c_hat"] == 0


def test_unmeasured_llm_is_probed_in_the_background_not_awaited() -> None:
    clock = Clock()
    llm = StubLLM(clock, {"attacker": 9.0})
    latency = NoProbe(cold_start_s=None, clock=clock)
    out = loop(clock, llm=llm, fast=StubFast(), latency=latency).run(payload(), (), 1, basis=Basis.USER_INITIATED)
    esc = out.escalation or {}
    assert llm.calls == [] and set(latency.probes) == {("StubLLM", "attacker")}
    assert esc["rounds"][0]["llm_skipped"]["attacker"] == "no latency measured yet"
    assert esc["attackers"] == ["fast"] and clock.now == 100.0


def test_slow_llm_is_skipped_when_it_cannot_finish() -> None:
    clock = Clock()
    llm = StubLLM(clock, {"attacker": 9.0, "l4": 9.0})
    latency = NoProbe(clock=clock)
    latency.observe(("StubLLM", "attacker"), 9.0)
    latency.observe(("StubLLM", "l4"), 9.0)
    out = loop(clock, llm=llm, fast=StubFast(), latency=latency).run(payload(), (), 3, basis=Basis.USER_INITIATED)
    esc = out.escalation or {}
    assert llm.calls == []  # never started: 9 s does not fit a 4 s deadline
    assert "9.00s" in esc["rounds"][0]["llm_skipped"]["attacker"]
    assert esc["rounds"][1]["level"] == 4 and esc["rounds"][1]["llm_skipped"]["l4"].startswith("estimated")
    assert "healthcare worker" in out.edits["text:"] and clock.now - 100.0 < 4.0


def test_fast_llm_is_used_when_it_fits() -> None:
    clock = Clock()
    llm = StubLLM(clock, {"attacker": 0.5})
    latency = NoProbe(clock=clock)
    latency.observe(("StubLLM", "attacker"), 0.5)
    out = loop(clock, llm=llm, fast=StubFast(), latency=latency, l_max=2).run(payload(), (), 1, basis=Basis.DEFAULT)
    esc = out.escalation or {}
    assert llm.calls == ["attacker"] and esc["rounds"][0]["attacker"] == "fast+llm"
    assert esc["attackers"] == ["fast", "llm"]
    # both guesses were verified; both sets of spans are rewritten
    assert "Tacoma" not in out.edits["text:"] and "nurse" not in out.edits["text:"]
    assert latency.snapshot(("StubLLM", "attacker"))["calls"] == 2


def test_no_attacker_at_all_sends_the_rule_level_and_says_why() -> None:
    clock = Clock()
    out = loop(clock, fast_attacker_error="weights corrupt").run(payload(), (), 2)
    esc = out.escalation or {}
    assert esc["stopped"] == "no_attacker" and esc["fast_attacker"] == "unavailable: weights corrupt"
    assert out.level == 2 and "no attacker" in (out.note or "")


def test_fast_attacker_failure_is_conservative() -> None:
    class Broken:
        def guess(self, anonymized: str, *, timeout: float | None = None) -> list[Guess]:
            raise RuntimeError("model failed")

    out = loop(Clock(), fast=Broken()).run(payload(), (), 1)
    esc = out.escalation or {}
    assert esc["stopped"] == "attacker_unavailable" and out.level == 3 and esc["rounds"][0]["fast_error"] == "RuntimeError"


def test_runs_only_for_prose_in_scope() -> None:
    from guardian.categories import DataCategory as C
    from guardian.records import FieldKind, Finding

    email = Payload(fields=(Field("form:email", "", "jane@example.org", FieldKind.STRING),), body_codec="form")
    f = Finding(C.EMAIL, "EMAIL_ADDRESS", "form:email", 0, 16, 1.0, "email")
    assert not EscalationLoop(None, fast_attacker=StubFast()).runs_for(email, (f,))
    assert EscalationLoop(None, fast_attacker=StubFast(), rewrite_all_text=True).runs_for(payload(), ())
    assert not EscalationLoop(StubLLM(Clock(), {})).runs_for(email, (f,))  # an LLM too reads prose only


def test_evidence_inside_free_text_and_beside_findings_at_a_rule_level() -> None:
    from guardian.anonymize.engine import Anonymizer
    from guardian.anonymize.evidence import evidence_finding, rewrite_rule_level
    from guardian.anonymize.generalize import Generalize
    from guardian.categories import DataCategory as C
    from guardian.records import Finding

    text = "Mail jane@example.org: as a nurse in Tacoma I work nights."
    content = Finding(C.CONTENT, "FREE_TEXT", "text:", 0, len(text), 0.5, "content")
    email = Finding(C.EMAIL, "EMAIL_ADDRESS", "text:", 5, 21, 1.0, "email")
    evidence = [evidence_finding("occupation", "text:", 28, 33, 1, 0.9), evidence_finding("location", "text:", 5, 9, 1, 0.9)]
    edits = rewrite_rule_level(payload(text), [content, email], evidence, Anonymizer().operator(3), {}, Generalize())
    # the email takes the level's tag (the evidence inside it is left to it); "nurse" climbs the ladder
    assert edits["text:"] == "Mail [EMAIL]: as a healthcare worker in Tacoma I work nights."
