"""The LLM client against a real stub HTTP server on 127.0.0.1 (lab.testing.stub_llm)."""

from __future__ import annotations

import asyncio
import json
import socket

import pytest

from guardian.errors import GuardianError, LLMBadResponse, LLMError, LLMTimeout, LLMUnavailable
from guardian.llm import LLMClient, LLMSettings, SyncLLM
from guardian.llm.jsonparse import conform, extract_json
from lab.testing.stub_llm import Reply, StubLLM

SCHEMA = {
    "type": "object",
    "properties": {
        "violation_likelihood": {"type": "number", "minimum": 0, "maximum": 1},
        "rationale": {"type": "string"},
    },
    "required": ["violation_likelihood"],
}
MSG = [{"role": "user", "content": "rate it"}]


def run(coro):
    return asyncio.run(coro)


@pytest.fixture
def stub():
    servers = []

    def make(*script, **kw):
        s = StubLLM(list(script), **kw).start()
        servers.append(s)
        return s

    yield make
    for s in servers:
        s.stop()


def client_for(stub_server, **kw) -> LLMClient:
    return LLMClient(LLMSettings(base_url=stub_server.base_url, model="m", **kw))


@pytest.mark.parametrize(
    "text, expected",
    [
        ('{"a": 1}', {"a": 1}),
        ('```json\n{"a": 1}\n```', {"a": 1}),
        ('Sure! Here it is: {"a": 1} hope that helps', {"a": 1}),
        ("[1, 2]", [1, 2]),
    ],
)
def test_extract_json_tolerates_fences_and_prose(text, expected):
    assert extract_json(text) == expected


def test_extract_json_rejects_garbage():
    with pytest.raises(ValueError):
        extract_json("I cannot help with that.")


def test_conform_clamps_and_coerces_numbers():
    assert conform({"violation_likelihood": 1.7}, SCHEMA) == {"violation_likelihood": 1.0}
    assert conform({"violation_likelihood": "-3"}, SCHEMA) == {"violation_likelihood": 0.0}
    assert conform({"violation_likelihood": "80%", "x": 1}, SCHEMA) == {"violation_likelihood": 0.8}


def test_good_answer_is_parsed_clamped_and_cached(stub):
    s = stub(Reply('{"violation_likelihood": 3, "rationale": "r"}'))
    c = client_for(s)
    first = run(c.complete_json("system2", MSG, SCHEMA))
    assert first == {"violation_likelihood": 1.0, "rationale": "r"}
    second = run(c.complete_json("system2", MSG, SCHEMA))
    assert second == first and len(s.requests) == 1 and c.stats["cache_hits"] == 1
    # The cache key has the role in it: another role asks again.
    run(c.complete_json("attacker", MSG, SCHEMA))
    assert len(s.requests) == 2


def test_garbage_then_good_uses_the_one_retry(stub):
    s = stub(Reply("no json here"), Reply('```json\n{"violation_likelihood": 0.2}\n```'))
    c = client_for(s)
    assert run(c.complete_json("system2", MSG, SCHEMA)) == {"violation_likelihood": 0.2}
    assert len(s.requests) == 2
    assert "not the JSON asked for" in s.requests[1]["messages"][-1]["content"]


def test_garbage_twice_is_a_bad_response_and_not_cached(stub):
    s = stub(Reply("garbage"), Reply('{"wrong": 1}'), Reply('{"violation_likelihood": 0.5}'))
    c = client_for(s)
    with pytest.raises(LLMBadResponse) as e:
        run(c.complete_json("system2", MSG, SCHEMA))
    assert isinstance(e.value, LLMError) and isinstance(e.value, GuardianError)
    assert len(s.requests) == 2  # bounded: exactly one retry
    assert run(c.complete_json("system2", MSG, SCHEMA)) == {"violation_likelihood": 0.5}


def test_slow_endpoint_times_out(stub):
    s = stub(Reply('{"violation_likelihood": 0.5}', delay=3))
    c = client_for(s, timeout=0.5)
    with pytest.raises(LLMTimeout):
        run(c.complete_json("system2", MSG, SCHEMA))


def test_caller_deadline_shortens_the_timeout(stub):
    s = stub(Reply('{"violation_likelihood": 0.5}', delay=3))
    c = client_for(s, timeout=30)
    with pytest.raises(LLMTimeout):
        run(c.complete_json("system2", MSG, SCHEMA, timeout=0.3))


def test_a_call_no_flow_waits_for_may_outlast_the_flow_timeout(stub):
    s = stub(Reply('{"violation_likelihood": 0.5}', delay=1.0))
    llm = SyncLLM(LLMSettings(base_url=s.base_url, model="m", timeout=0.3, background_timeout=10))
    try:
        with pytest.raises(LLMTimeout):
            llm.complete_json("system2", MSG, SCHEMA)
        assert llm.complete_json("system2", MSG, SCHEMA, background=True) == {"violation_likelihood": 0.5}
    finally:
        llm.close()
    settings = LLMSettings.from_env({"GUARDIAN_LLM_BACKGROUND_TIMEOUT": "90"}, base_url="http://a/v1", timeout=4)
    assert settings.limit(None) == 4 and settings.limit(None, background=True) == 90
    assert settings.limit(200, background=True) == 90 and settings.limit(2, background=True) == 2


def test_down_endpoint_is_unavailable():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()  # nothing listens there now
    c = LLMClient(LLMSettings(base_url=f"http://127.0.0.1:{port}/v1", timeout=5))
    with pytest.raises(LLMUnavailable):
        run(c.complete_json("attacker", MSG, SCHEMA))


def test_http_error_is_unavailable(stub):
    s = stub(Reply(status=500))
    with pytest.raises(LLMUnavailable):
        run(client_for(s).complete_json("system2", MSG, SCHEMA))


@pytest.mark.parametrize(
    "owned_by, fmt, expected_type",
    [("me", "auto", None), ("vllm", "auto", "json_schema"), ("me", "json_object", "json_object"), ("x", "none", None)],
)
def test_response_format_choice(stub, owned_by, fmt, expected_type):
    s = stub(Reply('{"violation_likelihood": 0.1}'), owned_by=owned_by)
    run(client_for(s, response_format=fmt).complete_json("system2", MSG, SCHEMA))
    sent = s.requests[0].get("response_format")
    if expected_type is None:
        assert sent is None
    else:
        assert sent["type"] == expected_type
        schema = sent["schema"] if expected_type == "json_object" else sent["json_schema"]["schema"]
        assert schema == SCHEMA


def test_auto_switches_format_when_the_endpoint_rejects_it(stub):
    s = stub(Reply('{"violation_likelihood": 0.1}'), owned_by="vllm", reject_formats=["json_schema"])
    c = client_for(s)
    assert run(c.complete_json("system2", MSG, SCHEMA)) == {"violation_likelihood": 0.1}
    assert [(r.get("response_format") or {}).get("type") for r in s.requests] == ["json_schema", None]


def test_concurrency_limit_is_respected(stub):
    active = {"now": 0, "max": 0}
    import threading
    import time

    lock = threading.Lock()

    def responder(body):
        with lock:
            active["now"] += 1
            active["max"] = max(active["max"], active["now"])
        time.sleep(0.2)
        with lock:
            active["now"] -= 1
        return Reply(json.dumps({"violation_likelihood": 0.1}))

    s = stub(responder=responder)
    c = client_for(s, max_concurrency=2)

    async def many():
        msgs = [[{"role": "user", "content": f"q{i}"}] for i in range(6)]
        return await asyncio.gather(*(c.complete_json("system2", m, SCHEMA) for m in msgs))

    assert len(run(many())) == 6
    assert active["max"] <= 2


def test_sync_bridge_and_per_role_override(stub, monkeypatch):
    default, attacker = stub(Reply('{"violation_likelihood": 0.3}')), stub(Reply('{"violation_likelihood": 0.9}'))
    env = {"GUARDIAN_LLM_BASE_URL": default.base_url, "GUARDIAN_LLM_ATTACKER_BASE_URL": attacker.base_url,
           "GUARDIAN_LLM_ATTACKER_MODEL": "big"}
    settings = LLMSettings.from_env(env)
    llm = SyncLLM(settings)
    try:
        assert llm.complete_json("system2", MSG, SCHEMA)["violation_likelihood"] == 0.3
        assert llm.complete_json("attacker", MSG, SCHEMA)["violation_likelihood"] == 0.9
        assert attacker.requests[0]["model"] == "big"
    finally:
        llm.close()


def test_settings_from_env_off_and_explicit_wins():
    assert LLMSettings.from_env({}) is None
    assert LLMSettings.from_env({"GUARDIAN_LLM_BASE_URL": "off"}) is None
    s = LLMSettings.from_env({"GUARDIAN_LLM_BASE_URL": "http://a/v1"}, base_url="http://b/v1", timeout=4)
    assert s.base_url == "http://b/v1" and s.timeout == 4.0
    with pytest.raises(GuardianError):
        LLMSettings(base_url="http://a/v1", response_format="xml")


def test_answers_are_streamed_and_assembled(stub):
    s = stub(Reply('{"violation_likelihood": 0.25, "rationale": "covered by 7:0"}', chunks=9))
    assert run(client_for(s).complete_json("system2", MSG, SCHEMA)) == {"violation_likelihood": 0.25, "rationale": "covered by 7:0"}
    assert s.requests[0]["stream"] is True


def test_a_caller_that_gives_up_hangs_up_so_the_server_stops(stub):
    """The deadline closes the stream's connection; a server like llama-cpp-python then stops
    generating instead of finishing an answer nobody waits for."""
    import time

    s = stub(Reply('{"violation_likelihood": 0.5}' * 4, chunks=40, chunk_delay=0.1))
    with pytest.raises(LLMTimeout):
        run(client_for(s).complete_json("system2", MSG, SCHEMA, timeout=0.6))
    for _ in range(50):
        if s.abandoned:
            break
        time.sleep(0.1)
    assert s.abandoned == 1


def test_streaming_can_be_turned_off(stub):
    s = stub(Reply('{"violation_likelihood": 0.1}'))
    assert run(client_for(s, stream=False).complete_json("system2", MSG, SCHEMA))["violation_likelihood"] == 0.1
    assert not s.requests[0].get("stream")
    assert LLMSettings.from_env({"GUARDIAN_LLM_STREAM": "0"}, base_url="http://127.0.0.1:9/v1").stream is False
    assert LLMSettings.from_env({}, base_url="http://127.0.0.1:9/v1").stream is True
