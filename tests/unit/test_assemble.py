"""One assembly for every entry point: parts reused or rebuilt by settings, pipelines immutable,
and `guardian check` gives the record the proxy writes for the same request."""

from __future__ import annotations

import threading
import json
import time
from pathlib import Path
from typing import Any

import pytest
from mitmproxy.test import taddons, tflow

from guardian import cli
from guardian.addon.guardian import GuardianAddon
from guardian.addon.llm import LLMLink
from guardian.addon.policy import PolicyFetcher
from guardian.assemble import assemble, build_components
from guardian.audit import AuditLog
from guardian.detect import Detector
from guardian.detect.recognizers import NerRecognizer
from guardian.llm import LLMSettings
from lab.testing.stub_llm import Reply, StubLLM
from guardian.policies.discover import rule_url
from guardian.records import HttpRequest, RecipientType
from guardian.rules import parse_rules
from guardian.settings import Settings


def test_a_pipeline_cannot_be_changed_once_built() -> None:
    pipeline = assemble(Settings(policy_db=None))
    with pytest.raises(AttributeError, match="immutable"):
        pipeline.escalation = None  # type: ignore[misc]


def test_a_reload_reuses_every_part_and_changes_none(tmp_path: Path) -> None:
    settings = Settings(policy_db=str(tmp_path / "p.sqlite3"))
    parts = build_components(settings)
    try:
        store = parts.policy_store
        assert store is not None
        before = dict(vars(store))
        first = assemble(settings, rules=parse_rules("policies:\n  shop.example: https://shop.example/p\n"), components=parts)
        assert first.policy_store is store and rule_url("shop.example", first.rules.policies) == "https://shop.example/p"
        second = assemble(settings, rules=parse_rules(""), components=parts)
        assert second is not first and second.policy_store is store and dict(vars(store)) == before
        assert (second.detector, second.context, second.hasher) == (first.detector, first.context, first.hasher)
        assert second.matcher.s1 is first.matcher.s1 and second.matcher.bootstrap is not None
    finally:
        parts.close()


def test_changed_settings_rebuild_only_their_parts(tmp_path: Path) -> None:
    with StubLLM() as stub:
        base = Settings.from_values({"guardian_policy_db": "off", "guardian_llm": stub.base_url}, env={})
        parts = build_components(base)
        try:
            same_llm = build_components(base.with_(llm_verify=False), previous=parts)
            assert same_llm.llm is parts.llm and same_llm.detector is parts.detector
            assert same_llm.escalation is not None and same_llm.escalation.verify_guesses is False
            other = build_components(base.with_(trackers=None, matcher="minilm"), previous=parts)
            assert other.matcher is not parts.matcher and other.context is parts.context
            # the prose model is the detector's: another rebuilds it, the same keeps it
            tagger = build_components(base.with_(prose="tagger"), previous=parts, warm=False)
            assert tagger.detector is not parts.detector and tagger.context is parts.context
            assert tagger.prompt_detector is None and _prose(tagger.detector) == {"prose_tagger"}
            assert build_components(base.with_(prose="tagger"), previous=tagger, warm=False).detector is tagger.detector
            off = build_components(base.with_(llm=None), previous=parts)
            assert off.llm is None and off.escalation is not None and off.escalation.llm is None  # the fast attacker still runs
            assert off.fast_attacker is parts.fast_attacker and off.escalation.fast_attacker is parts.fast_attacker
            # guardian_fast_attacker off: the LLM attacks alone; without an LLM nothing escalates
            no_fast = build_components(base.with_(fast_attacker=False), previous=parts)
            assert no_fast.fast_attacker is None and no_fast.escalation is not None and no_fast.escalation.fast_attacker is None
            assert build_components(base.with_(fast_attacker=False, llm=None), previous=parts).escalation is None
            # on again: the attacker built before comes back
            assert build_components(base, previous=no_fast).fast_attacker is not None
        finally:
            parts.close()


def _prose(detector: Detector) -> set[str]:
    return {r.name for r in detector.recognizers} & {"ner", "prose_tagger"}


def test_auto_reads_prompts_to_ai_services_with_the_tagger_and_the_rest_with_spacy() -> None:
    auto = build_components(Settings(policy_db=None), warm=False)
    assert _prose(auto.detector) == {"ner"} and auto.prompt_detector is not None
    assert _prose(auto.prompt_detector) == {"prose_tagger"}
    spacy = build_components(Settings(policy_db=None, prose="spacy"), previous=auto, warm=False)
    assert spacy.prompt_detector is None and _prose(spacy.detector) == {"ner"}
    # auto: spaCy has the tagger read the words no dictionary knows; spacy asks for no MiniLM at all
    assert [r.unknown_words for r in auto.detector.recognizers if isinstance(r, NerRecognizer)] == [True]
    assert [r.unknown_words for r in spacy.detector.recognizers if isinstance(r, NerRecognizer)] == [False]
    pipeline = assemble(Settings(policy_db=None), components=auto)
    assert pipeline.detector_for(RecipientType.AI_SERVICE) is auto.prompt_detector
    assert pipeline.detector_for(RecipientType.ANALYTICS) is auto.detector
    assert pipeline.with_rules(parse_rules("")).prompt_detector is auto.prompt_detector
    # a prompt about a public thing reaches the service as it was; the user's own name does not
    prompt = {"model": "gpt-4o", "messages": [{"role": "user", "content": "What is the difference between a list and a tuple in Python?"}]}
    own = {"model": "gpt-4o", "messages": [{"role": "user", "content": "My name is Ines Moreau, write me a short bio."}]}
    for body, changed in ((prompt, False), (own, True)):
        request = HttpRequest(method="POST", url="https://api.openai.com/v1/chat/completions",
                              headers=(("Content-Type", "application/json"),), body=json.dumps(body).encode())
        outcome = pipeline.decide(request)
        sent = outcome.rewrite.body if outcome.rewrite is not None else request.body
        assert (b"Ines Moreau" not in sent if changed else sent == request.body), outcome.reason


def test_value_hashes_use_the_audit_logs_key(tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"
    pipeline = assemble(Settings(policy_db=None, audit_path=str(audit)))
    log = AuditLog(audit)
    try:
        assert pipeline.hasher("jane@example.org") == log.hasher("jane@example.org")
    finally:
        log.close()


def _attacker_then_rewrites(body: dict[str, Any]) -> Reply:
    system = body["messages"][0]["content"]
    if "privacy attacker" in system:
        return Reply(json.dumps({"guesses": [{"field": "email", "guess": "example.org", "confidence": 0.9}]}))
    return Reply(json.dumps({"text": "Someone asked about an order."}))


def _comparable(record: dict[str, Any]) -> dict[str, Any]:
    """A record without what differs from run to run: times, the flow's id, mode and enforcement."""
    out = {k: v for k, v in record.items() if k not in ("ts", "ms", "id", "mode", "enforced", "rewritten")}
    esc = out.get("anonymize", {}).get("escalation")
    if esc:
        esc.pop("ms", None)
        for r in esc["rounds"]:
            r.pop("ms", None)
            r.pop("fast_ms", None)  # the fast attacker's time, like every timing
    return out


def test_check_gives_the_record_the_proxy_writes_with_an_llm(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = "https://www.google-analytics.com/g/collect"
    headers = {"Origin": "https://shop.example", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors",
               "Sec-Fetch-Dest": "empty", "Content-Type": "application/json"}
    # prose: the escalation loop (and so the LLM attacker) runs on findings in free text only
    body = '{"event":"feedback","message":"Hello, I am Jane Doe, please write to jane.doe@example.org about my order"}'
    with StubLLM(responder=_attacker_then_rewrites) as stub:
        options = {"guardian_llm": stub.base_url, "guardian_llm_format": "json_object",
                   "guardian_policy_db": "off", "guardian_audit": str(tmp_path / "audit.jsonl")}
        args = ["check", "--url", url, "--body", body]
        for k, v in headers.items():
            args += ["-H", f"{k}: {v}"]
        for k, v in options.items():
            args += ["--set", f"{k}={v}"]
        assert cli.main(args) == 0
        checked = json.loads(capsys.readouterr().out)

        addon = GuardianAddon()
        addons = [addon, PolicyFetcher(addon), LLMLink(addon)]
        with taddons.context(*addons) as tctx:
            tctx.configure(addon, **options)
            flow = tflow.tflow()
            flow.request.method = "POST"
            flow.request.url = url
            flow.request.headers.clear()
            for k, v in headers.items():
                flow.request.headers[k] = v
            flow.request.content = body.encode()
            import asyncio

            asyncio.run(addon.request(flow))
            proxied = flow.metadata["guardian"]
        addon.done()
    # check ran the escalation loop as the proxy does after a start: the fast attacker decides and
    # the unmeasured LLM attacker is asked in the background, never awaited
    first = checked["anonymize"]["escalation"]["rounds"][0]
    assert first["attacker"] == "fast" and first["llm_background"] == {"attacker": "asked"}, first
    assert _comparable(checked) == _comparable(proxied)


SLOW_LLM_S = 10.0
QUICK_S = 5.0  # half the slow LLM's 10 s: decided before it could answer (an ordering, not a speed figure)


def _collect(note: str) -> HttpRequest:
    """A free-text event to an analytics collector: the escalation loop runs on it."""
    body = json.dumps({"event": "feedback", "note": note, "user": {"plan": "pro"}}).encode()
    headers = (("Origin", "https://shop.example"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"),
               ("Sec-Fetch-Dest", "empty"), ("Content-Type", "application/json"))
    return HttpRequest("POST", "https://www.google-analytics.com/g/collect", headers, body)


def test_no_flow_after_a_start_waits_for_a_slow_llm() -> None:
    notes = ("Please write to jane.doe@example.org about my order soon",
             "I am a nurse in Tacoma, mail me at tom.rees@example.com about my order",
             "Call Anna Berg at anna.berg@example.net tomorrow about the broken printer")
    with StubLLM([Reply(json.dumps({"guesses": []}), delay=SLOW_LLM_S)]) as stub:
        settings = Settings(policy_db=None, llm=LLMSettings(base_url=stub.base_url, response_format="json_object"))
        parts = build_components(settings, warm=False)
        try:
            assert parts.fast_attacker is not None and parts.llm_background is not None
            parts.fast_attacker.warm()  # the models load before the clock starts: the decision is what is timed
            for recognizer in parts.detector.recognizers:
                recognizer.warm()
            pipeline = assemble(settings, components=parts)
            for note in notes:
                t0 = time.monotonic()
                outcome = pipeline.decide(_collect(note))
                assert time.monotonic() - t0 < QUICK_S, note
                esc = outcome.line["anonymize"]["escalation"]
                first = esc["rounds"][0]
                assert first["attacker"] == "fast" and "fast_ms" in first and esc["fast_attacker"] == "ok"
                assert first["llm_background"]["attacker"] == "asked"
            assert parts.llm_background.stats()["asked"] >= len(notes)
        finally:
            parts.close()


def test_wait_warm_waits_for_the_loads_this_process_started() -> None:
    from guardian.assemble import _start_warm, wait_warm

    release, loaded = threading.Event(), threading.Event()

    def load() -> None:
        release.wait(30)
        loaded.set()

    _start_warm(load, "test-warm")
    assert wait_warm(0.01) is False and not loaded.is_set()  # still loading: says so, never raises
    release.set()
    assert wait_warm(30) is True and loaded.is_set()  # returns once the load ended


def test_a_process_that_exits_during_a_warm_load_prints_no_traceback(tmp_path: Path) -> None:
    """A load cut by the interpreter's shutdown (transformers' loader pool refuses new work) ends
    quietly; any other failure of a load still shows."""
    import subprocess
    import sys

    script = tmp_path / "exit_while_warming.py"
    script.write_text(
        "import concurrent.futures, threading, time\n"
        "from guardian.assemble import _start_warm\n"
        "def shutdown_load():\n"
        "    time.sleep(0.3)\n"
        "    raise RuntimeError('cannot schedule new futures after interpreter shutdown')\n"
        "def broken_load():\n"
        "    raise RuntimeError('weights are corrupt')\n"
        "_start_warm(shutdown_load, 'quiet')\n"
        "_start_warm(broken_load, 'loud')\n"
        "time.sleep(0.1)\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60,
                          cwd=str(Path(__file__).resolve().parents[2]))
    assert "weights are corrupt" in done.stderr
    assert "interpreter shutdown" not in done.stderr
