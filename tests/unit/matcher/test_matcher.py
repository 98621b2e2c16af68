"""Matcher: schema, pair rule, evidential model, System 1 scoring, gate, System 2, bootstrapping."""

from __future__ import annotations

import json
import threading
from dataclasses import replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import numpy as np
import pytest

from guardian.categories import DataCategory
from guardian.errors import LLMTimeout, LLMUnavailable
from guardian.matcher import Matcher, PriorLikelihood, System1
from guardian.matcher.bootstrap import Bootstrapper, LabelStore, practice_from_json, practice_to_json
from guardian.matcher.model import S1Weights, predict_batch, train_model
from guardian.matcher.schema import DIMS, N_DIMS, Practice, action_practices, multihot, practice_text, statement_practice
from guardian.matcher.system1 import EvidenceItem
from guardian.matcher.system2 import SCHEMA, build_messages, parse_answer
from lab.training.matcher.metrics import classification_metrics, ece
from lab.training.matcher.opp115 import violates
from guardian.policies.records import Statement, StatementFields
from guardian.records import Action, Basis, Purpose, RecipientType

OPP = Path(__file__).resolve().parents[4] / "shared" / "data" / "opp115"


def _action(cats=(DataCategory.EMAIL,), recipient=RecipientType.ADVERTISING, purposes=(Purpose.ADVERTISING,), basis=Basis.BACKGROUND) -> Action:
    return Action("ads.example", frozenset(cats), recipient, tuple(purposes), basis)


def _statement(i: int, **fields) -> Statement:
    return Statement(id=f"7:{i}", text=f"statement {i}", fields=StatementFields(**fields))


SHARE_EMAIL_ADS = Practice(frozenset({"share"}), frozenset({"Contact"}), frozenset({"Advertising"}), frozenset({"Unnamed third party"}), "implicit")


def test_42_dims_and_multihot() -> None:
    assert N_DIMS == 42 and len(set(DIMS)) == 42
    v = multihot(SHARE_EMAIL_ADS)
    assert v.shape == (42,) and v.sum() == 5
    assert v[DIMS.index("practice:share")] == 1 and v[DIMS.index("mode:implicit")] == 1
    assert multihot(Practice(frozenset({"collect"})))[DIMS.index("data_unspecified")] == 1


def test_action_splits_into_atomic_practices() -> None:
    a = _action(cats=(DataCategory.EMAIL, DataCategory.IP_ADDRESS), purposes=(Purpose.ADVERTISING, Purpose.ANALYTICS))
    ps = action_practices(a)
    assert len(ps) == 4
    assert all(p.practices == frozenset({"share"}) and p.mode == "implicit" for p in ps)
    assert "The site shares your" in practice_text(ps[0])
    first = action_practices(_action(recipient=RecipientType.FIRST_PARTY, basis=Basis.USER_INITIATED))[0]
    assert first.practices == frozenset({"collect"}) and first.parties == frozenset({"first party"}) and first.mode == "explicit"


def test_statement_fields_to_practice() -> None:
    s = statement_practice(StatementFields(data=frozenset({"Email"}), actions=frozenset({"share"}), purposes=frozenset({"advertising"}),
                                           recipients=frozenset({"advertising"}), negated=True))
    assert s.practices == frozenset({"share"}) and s.pi == frozenset({"Contact"}) and s.does_not
    assert s.parties == frozenset({"Unnamed third party"})


@pytest.mark.parametrize(
    "change, label",
    [
        ({}, 0),
        ({"does_not": True}, 1),
        ({"pi": frozenset({"Health"})}, 1),
        ({"pi": frozenset({"Generic personal information"})}, 0),
        ({"purposes": frozenset({"Marketing"})}, 1),
        ({"parties": frozenset({"Named third party"})}, 1),
        ({"opt_in": True}, 1),  # consent statements do not permit background collection
    ],
)
def test_pair_rule(change: dict, label: int) -> None:
    assert violates(replace(SHARE_EMAIL_ADS, mode=None, **change), SHARE_EMAIL_ADS) == label


def test_unspecified_purpose_permits_only_running_the_service() -> None:
    s = replace(SHARE_EMAIL_ADS, purposes=frozenset())
    assert violates(s, SHARE_EMAIL_ADS) == 1
    assert violates(s, replace(SHARE_EMAIL_ADS, purposes=frozenset({"Basic service/feature"}))) == 0


def test_metrics() -> None:
    L = np.array([0.9, 0.1, 0.8, 0.4])
    y = np.array([1, 0, 0, 1])
    m = classification_metrics(L, np.array([0.1, 0.1, 0.3, 0.1]), y)
    assert m["accuracy"] == 0.5 and m["precision"] == 0.5 and m["recall"] == 0.5 and m["escalation_rate"] == 0.25
    assert ece(np.array([1.0, 0.0]), np.array([1, 0])) == 0.0


def _tiny_model(seed: int = 0) -> tuple[S1Weights, np.ndarray, np.ndarray, np.ndarray]:
    """A multihot System 1 trained on a small synthetic set labelled by the pair rule."""
    rng = np.random.default_rng(seed)
    pis = ["Contact", "Location", "Financial", "Health"]
    purposes = ["Advertising", "Analytics/Research", "Basic service/feature"]
    b, p, y = [], [], []
    for _ in range(600):
        s = Practice(frozenset({"share"}), frozenset({rng.choice(pis)}), frozenset({rng.choice(purposes)}),
                     frozenset({"Unnamed third party"}), does_not=bool(rng.random() < 0.2))
        a = Practice(frozenset({"share"}), frozenset({rng.choice(pis)}), frozenset({rng.choice(purposes)}), frozenset({"Unnamed third party"}))
        if rng.random() < 0.5:
            a = replace(a, pi=s.pi, purposes=s.purposes)
        b.append(multihot(a))
        p.append(multihot(s))
        y.append(violates(s, a))
    b_, p_, y_ = np.stack(b), np.stack(p), np.array(y)
    return train_model("multihot", b_, p_, y_, seed=seed, epochs=25), b_, p_, y_


@pytest.fixture(scope="module")
def tiny() -> tuple[S1Weights, np.ndarray, np.ndarray, np.ndarray]:
    return _tiny_model()


def test_evidential_model_learns_and_roundtrips(tiny, tmp_path: Path) -> None:
    w, b, p, y = tiny
    L, u = predict_batch(w, b, p)
    assert ((L >= 0.5) == (y == 1)).mean() > 0.9
    assert np.all((u > 0) & (u <= 1)) and np.all((L > 0) & (L < 1))
    w.meta = {"version": "tiny"}
    w.save(tmp_path / "w.npz")
    w2 = S1Weights.load(tmp_path / "w.npz")
    assert w2.meta["version"] == "tiny" and w2.encoder == "multihot"
    L2, _ = w2.predict(b[0], p[:3])
    np.testing.assert_allclose(L2, predict_batch(w, np.repeat(b[:1], 3, 0), p[:3])[0], rtol=1e-5)


def test_system1_takes_most_permissive_statement(tiny) -> None:
    w, *_ = tiny
    s1 = System1(w, version="t")
    permit = EvidenceItem("1:0", replace(SHARE_EMAIL_ADS, mode=None), "permit")
    forbid = EvidenceItem("1:1", replace(SHARE_EMAIL_ADS, mode=None, does_not=True), "forbid")
    a = replace(SHARE_EMAIL_ADS, mode=None)
    assert s1.score([a], [forbid]).likelihood > 0.5
    both = s1.score([a], [forbid, permit])
    assert both.likelihood < 0.5 and both.statement_id == "1:0" and both.model_version == "t"


def test_shipped_weights_load_with_record() -> None:
    s1 = System1.shipped("multihot")
    meta = s1.weights.meta
    assert meta["encoder"] == "multihot" and "seed" in meta and "test_metrics" in meta
    assert s1.weights.dim == 42


class _FakeLLM:
    def __init__(self, answer=None, error=None) -> None:
        self.answer, self.error, self.calls = answer, error, []

    def complete_json(self, role, messages, schema, **kw):
        self.calls.append((role, messages, kw))
        if self.error:
            raise self.error
        return self.answer


def _unsure_matcher(tiny, **kw) -> Matcher:
    w, *_ = tiny
    return Matcher(System1(w, version="t"), tau_u=0.0, **kw)  # tau_u 0: every decision escalates


def test_gate_prior_without_evidence(tiny) -> None:
    est = Matcher(System1(tiny[0])).estimate(_action())
    assert est.source == "prior" and est.value == PriorLikelihood().estimate(_action())


def test_gate_s1_when_sure(tiny) -> None:
    m = Matcher(System1(tiny[0]), tau_u=1.01)
    est = m.estimate(_action(), [_statement(0, data=frozenset({"Email"}), actions=frozenset({"share"}), purposes=frozenset({"advertising"}), recipients=frozenset({"advertising"}))])
    assert est.source == "s1" and 0 <= est.value <= 1 and est.record["s1"]["model"]


def test_gate_s2_clamped(tiny) -> None:
    llm = _FakeLLM({"violation_likelihood": 1.7, "rationale": "r", "evidence_ids": ["7:0", "nope"]})
    est = _unsure_matcher(tiny, llm=llm).estimate(_action(), [_statement(0, data=frozenset({"Email"}))])
    assert est.source == "s2" and est.value == 1.0 and est.record["s2"]["evidence_ids"] == ["7:0"]
    role, messages, kw = llm.calls[0]
    assert role == "system2" and kw["timeout"] > 0 and len(messages) == 8  # system + 3 few-shot pairs + question


@pytest.mark.parametrize("error, answer", [(LLMTimeout("system2", "slow"), None), (LLMUnavailable("system2", "down"), None), (None, {"rationale": "no number"}), (None, ["x"])])
def test_gate_fallback_is_conservative(tiny, error, answer) -> None:
    est = _unsure_matcher(tiny, llm=_FakeLLM(answer, error)).estimate(_action(), [_statement(0)])
    assert est.source == "fallback"
    assert est.value >= PriorLikelihood().estimate(_action()) and est.value >= est.record["s1"]["L"]


def test_system2_pauses_after_a_timeout_but_not_after_garbage(tiny, monkeypatch: pytest.MonkeyPatch) -> None:
    import guardian.matcher.gate as gate

    clock = [1000.0]
    monkeypatch.setattr(gate.time, "monotonic", lambda: clock[0])
    slow = _FakeLLM(error=LLMTimeout("system2", "slow"))
    m = _unsure_matcher(tiny, llm=slow, s2_cooldown=30)
    assert m.estimate(_action(), [_statement(0)]).source == "fallback" and len(slow.calls) == 1
    # within the pause: answered at once, the LLM is not asked (a derived matcher shares the pause)
    est = m.with_prior(PriorLikelihood()).estimate(_action(), [_statement(0)])
    assert est.source == "fallback" and "paused" in est.record["why"] and len(slow.calls) == 1
    clock[0] += 31
    m.estimate(_action(), [_statement(0)])
    assert len(slow.calls) == 2
    garbage = _FakeLLM({"rationale": "no number"})
    g = _unsure_matcher(tiny, llm=garbage, s2_cooldown=30)
    g.estimate(_action(), [_statement(0)])
    g.estimate(_action(), [_statement(0)])
    assert len(garbage.calls) == 2  # the server answered: no pause


class _HeldLLM:
    """Answers once `release` is set, the way a slow LLM would (a worker thread waits for it)."""

    def __init__(self, answer=None, error=None) -> None:
        self.answer, self.error, self.calls = answer, error, []
        self.release = threading.Event()

    def complete_json(self, role, messages, schema, **kw):
        self.calls.append((role, kw))
        assert self.release.wait(10)
        if self.error:
            raise self.error
        return self.answer


def test_system2_in_the_background_never_holds_up_a_flow_and_teaches_the_next(tiny, tmp_path: Path) -> None:
    from guardian.llm.background import BackgroundLLM

    s1 = System1(tiny[0], version="t")
    boot = Bootstrapper(s1, LabelStore(tmp_path / "labels.sqlite3"), retrain_every=100, background=False)
    llm = _HeldLLM({"violation_likelihood": 0.9, "rationale": "not covered", "evidence_ids": []})
    background = BackgroundLLM(llm)
    m = Matcher(s1, tau_u=0.0, llm=llm, bootstrap=boot).derive(llm=llm, background=background)
    statements = [_statement(0, data=frozenset({"Email"}))]
    try:
        # the fast path decides it: no SlowPathNeeded, as there is nothing to wait for
        est = m.estimate(_action(), statements, fast_only=True)
        assert est.source == "fallback" and est.record["s2_background"] == "asked" and "background" in est.record["why"]
        assert est.value >= est.record["s1"]["L"] and est.value >= PriorLikelihood().estimate(_action())
        assert m.with_prior(PriorLikelihood()).estimate(_action(), statements).record["s2_background"] == "pending"
        llm.release.set()
        assert background.wait_idle(10)
        assert boot.store.count() == 1  # the teacher label was written when the answer came
        est = m.estimate(_action(), statements, fast_only=True)
        assert est.source == "s2" and est.value == pytest.approx(0.9) and est.record["s2"]["remembered"] is True
        assert len(llm.calls) == 1 and llm.calls[0][1]["background"] is True and boot.store.count() == 1
    finally:
        llm.release.set()
        background.close()


def test_a_background_system2_timeout_pauses_it(tiny) -> None:
    from guardian.llm.background import BackgroundLLM

    llm = _HeldLLM(error=LLMTimeout("system2", "slow"))
    llm.release.set()
    background = BackgroundLLM(llm)
    m = _unsure_matcher(tiny, llm=llm, s2_cooldown=30, background=background)
    try:
        assert m.estimate(_action(), [_statement(0)]).record["s2_background"] == "asked"
        assert background.wait_idle(10)
        est = m.estimate(_action(), [_statement(1)])  # another prompt: the pause, not the runner, answers
        assert est.source == "fallback" and "paused" in est.record["why"] and len(llm.calls) == 1
    finally:
        background.close()


def test_gate_fallback_without_llm(tiny) -> None:
    assert _unsure_matcher(tiny).estimate(_action(), [_statement(0)]).source == "fallback"


def test_system2_prompt_contract() -> None:
    msgs = build_messages(_action(), [EvidenceItem("7:0", SHARE_EMAIL_ADS, "We share your email with ad partners.")])
    question = json.loads(msgs[-1]["content"])
    assert question["action"]["data"] == ["Email"] and question["evidence"][0]["id"] == "7:0"
    assert set(SCHEMA["required"]) == {"violation_likelihood", "rationale", "evidence_ids"}
    assert parse_answer({"violation_likelihood": -3, "rationale": "x", "evidence_ids": []}, []).likelihood == 0.0


def test_practice_json_roundtrip() -> None:
    assert practice_from_json(practice_to_json(SHARE_EMAIL_ADS)) == SHARE_EMAIL_ADS


def test_bootstrap_labels_fine_tune_and_swap(tiny, tmp_path: Path) -> None:
    w, *_ = tiny
    s1 = System1(w, version="t")
    boot = Bootstrapper(s1, LabelStore(tmp_path / "labels.sqlite3"), retrain_every=4, background=False)
    llm = _FakeLLM({"violation_likelihood": 0.9, "rationale": "not covered", "evidence_ids": []})
    m = Matcher(s1, tau_u=0.0, llm=llm, bootstrap=boot)
    for i in range(2):
        m.estimate(_action(), [_statement(2 * i, data=frozenset({"Cookies"})), _statement(2 * i + 1, data=frozenset({"Phone"}))])
    assert boot.store.count() == 4 and s1.version == "multihot-boot4"
    assert Path(boot.store.latest_model()[1]).exists()
    # a new Bootstrapper on the same store starts from the latest fine-tuned weights
    s1b = System1(w, version="t")
    Bootstrapper(s1b, LabelStore(tmp_path / "labels.sqlite3"))
    assert s1b.version == "multihot-boot4"


def test_every_fine_tune_restarts_from_the_origin_weights(tiny, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import guardian.matcher.bootstrap as bootstrap

    w, *_ = tiny
    s1 = System1(w, version="t")
    bases: list[S1Weights] = []
    real = bootstrap.finetune

    def recording(s1_: System1, labels: list, **kw: object) -> S1Weights:
        bases.append(kw["base"])  # type: ignore[arg-type]
        return real(s1_, labels, epochs=2, base=kw["base"])  # type: ignore[arg-type]

    monkeypatch.setattr(bootstrap, "finetune", recording)
    boot = Bootstrapper(s1, LabelStore(tmp_path / "l.sqlite3"), retrain_every=2, background=False)
    item = EvidenceItem("9:0", SHARE_EMAIL_ADS, "x")
    for label in (0.0, 1.0, 0.0, 1.0):
        boot.add(SHARE_EMAIL_ADS, item, label)
    assert s1.version == "multihot-boot4" and len(bases) == 2
    assert bases[0] is w and bases[1] is w  # not the boot2 weights the second fine-tune replaced


def test_bootstrap_background_thread(tiny, tmp_path: Path) -> None:
    w, *_ = tiny
    s1 = System1(w, version="t")
    boot = Bootstrapper(s1, LabelStore(tmp_path / "l.sqlite3"), retrain_every=2)
    item = EvidenceItem("9:0", SHARE_EMAIL_ADS, "x")
    boot.add(SHARE_EMAIL_ADS, item, 0.0)
    boot.add(SHARE_EMAIL_ADS, item, 0.0)
    boot._thread.join(timeout=0.1)
    for _ in range(300):
        if s1.version != "t":
            break
        threading.Event().wait(0.1)
    boot.stop()
    assert s1.version == "multihot-boot2"


class _StubOpenAI(BaseHTTPRequestHandler):
    answer = json.dumps({"violation_likelihood": 0.2, "rationale": "permitted", "evidence_ids": ["7:0"]})

    def do_GET(self):  # models list probe
        self._send({"object": "list", "data": [{"id": "stub", "object": "model", "owned_by": "stub"}]})

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self._send({"id": "x", "object": "chat.completion", "created": 0, "model": "stub",
                    "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": self.answer}}]})

    def _send(self, obj):
        body = json.dumps(obj).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *a):
        pass


def test_system2_through_the_llm_client_and_a_stub_server(tiny) -> None:
    from guardian.llm import LLMSettings, SyncLLM

    server = ThreadingHTTPServer(("127.0.0.1", 0), _StubOpenAI)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    llm = SyncLLM(LLMSettings.from_env({}, base_url=f"http://127.0.0.1:{server.server_port}/v1", model="stub"))
    try:
        est = _unsure_matcher(tiny, llm=llm, s2_timeout=60).estimate(_action(), [_statement(0, data=frozenset({"Email"}))])
        assert est.source == "s2", est.record
        assert est.value == pytest.approx(0.2) and est.record["s2"]["evidence_ids"] == ["7:0"]
    finally:
        llm.close()
        server.shutdown()
    dead = SyncLLM(LLMSettings.from_env({}, base_url="http://127.0.0.1:9/v1", model="stub"))
    try:
        assert _unsure_matcher(tiny, llm=dead).estimate(_action(), [_statement(0)]).source == "fallback"
    finally:
        dead.close()


@pytest.mark.skipif(not (OPP / "consolidation_threshold-0.75").is_dir(), reason="OPP-115 not in ../shared/data/opp115")
def test_opp115_pairs_split_by_policy() -> None:
    from lab.training.matcher.opp115 import derive_pairs, load_statements, split_policies

    st = load_statements(OPP)
    pairs = derive_pairs([s for s in st if s.policy in sorted({s.policy for s in st})[:6]])
    train_ids, test_ids = split_policies([p.policy for p in pairs])
    assert train_ids and test_ids and not train_ids & test_ids
    assert {p.label for p in pairs} == {0, 1}
    assert all(p.label == violates(p.statement.practice, p.action) for p in pairs)


MINI = Path(__file__).resolve().parents[2] / "fixtures" / "opp115_mini"


def test_statement_practice_reads_the_opp_attributes() -> None:
    fields = StatementFields(actions=frozenset({"share"}), recipients=frozenset({"unknown_third_party"}),
                             opp_attributes=frozenset({"Generic personal information", "Named third party", "Additional service/feature", "opt_out"}))
    p = statement_practice(fields)
    assert "Generic personal information" in p.pi and "Named third party" in p.parties and "Unnamed third party" in p.parties
    assert "Additional service/feature" in p.purposes and p.opt_out and not p.aggregated


def test_violates_any_is_consistent_when_one_practice_permits() -> None:
    from lab.training.matcher.opp115 import violates_any

    collect_email = Practice(frozenset({"collect"}), frozenset({"Contact"}), frozenset({"Basic service/feature"}), frozenset({"first party"}))
    share_location = Practice(frozenset({"share"}), frozenset({"Location"}), frozenset({"Advertising"}), frozenset({"Unnamed third party"}))
    action = Practice(frozenset({"share"}), frozenset({"Location"}), frozenset({"Advertising"}), frozenset({"Unnamed third party"}), "implicit")
    assert violates_any((collect_email,), action) == 1
    assert violates_any((collect_email, share_location), action) == 0
    # a practice the segment states about one kind of data does not permit another kind
    assert violates_any((collect_email, share_location), replace(action, pi=frozenset({"Health"}))) == 1


def test_segment_scheme_reads_fields_from_text_and_labels_from_gold() -> None:
    from lab.training.matcher.opp115 import derive_pairs, load_segments, violates_any

    segments = {s.sid: s for s in load_segments(MINI)}
    assert set(segments) == {"1:seg0", "1:seg1", "2:seg0"}  # the "Other" annotation makes no statement
    both = segments["1:seg0"]
    assert both.text.startswith("We collect your email address") and len(both.gold_practices) == 2
    # System 1 sees what the rule annotator reads from the text, not the gold attributes
    assert both.practice.practices == frozenset({"collect", "share"}) and "Location" in both.practice.pi
    assert segments["1:seg1"].practice.does_not and segments["1:seg1"].gold_practices[0].does_not
    pairs = derive_pairs(list(segments.values()), seed=0)
    assert {p.label for p in pairs} == {0, 1}
    assert all(p.label == violates_any(p.statement.gold_practices, p.action) for p in pairs)
    assert {p.kind.split(":")[0] for p in pairs if p.statement.sid == "1:seg0"} >= {"described", "near_miss"}


def test_practice_scheme_keeps_gold_fields_and_highlighted_text() -> None:
    from lab.training.matcher.opp115 import load_statements

    st = {s.sid: s for s in load_statements(MINI)}
    assert st["1:A3"].practice.does_not and "do not sell" in st["1:A3"].text.split(" ... ")
    assert st["1:A1"].gold_practices == (st["1:A1"].practice,) and st["1:A1"].segment == 0


def test_load_split_rejects_an_unknown_scheme() -> None:
    from guardian.errors import ConfigError
    from lab.training.matcher.train import load_split

    with pytest.raises(ConfigError, match="scheme"):
        load_split(MINI, 0, "sentences")


def test_answered_accuracy_counts_only_confident_pairs() -> None:
    L = np.array([0.9, 0.1, 0.9, 0.6])
    u = np.array([0.1, 0.1, 0.1, 0.9])
    y = np.array([1, 0, 0, 0])
    m = classification_metrics(L, u, y)
    assert m["answered_accuracy"] == pytest.approx(2 / 3, abs=1e-4) and m["escalation_rate"] == 0.25
    assert classification_metrics(L, np.ones(4), y)["answered_accuracy"] is None
