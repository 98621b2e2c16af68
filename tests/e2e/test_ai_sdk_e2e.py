"""The official `openai` and `anthropic` SDKs through a real `mitmdump -s guardian_addon.py`, in
front of a local fake of the model APIs (tests/e2e/ai_sdk_clients/fake_service.py).

The SDKs run in a venv of their own (requirements.txt beside the client script: openai 3.x does
not resolve beside mitmproxy 11.0.2 in the project venv), made once under
.cache/sdk-clients/<hash of the requirements and the Python version>. Without PyPI the tests are
skipped with the reason; under CI=true they fail instead.

One proxy runs the scenarios once per pseudonym style (`tags`, then `surrogates`, switched on
the running proxy by a test-only addon, ai_sdk_clients/set_options.py, and with another API key,
so another conversation): sync and async clients, streamed and not, tool calls, the responses API with `previous_response_id`,
gzip-compressed answers, and (raw HTTP, no Google SDK here) Gemini's SSE and JSON-array
streams. Checked: the service never sees the planted values; the client gets them back in text
and in tool-call arguments that parse as JSON; the image part reaches the service byte for byte;
the stream's events (types, ids, indices, finish reasons, sequence numbers) are the ones the
service sent.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import http.client
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from guardian.llm.server import free_port

ROOT = Path(__file__).resolve().parents[2]
CLIENTS = Path(__file__).resolve().parent / "ai_sdk_clients"
MITMDUMP = Path(sys.executable).with_name("mitmdump")
if str(CLIENTS) not in sys.path:
    sys.path.insert(0, str(CLIENTS))  # the fake service is imported by path (no package there)

from fake_service import FakeAI  # noqa: E402

pytestmark = pytest.mark.e2e

NAME, EMAIL, PHONE = "Jane Doe", "jane.doe.sdk@example.org", "+1 415 555 0142"
PROMPT = f"Hi, I am {NAME}, my e-mail is {EMAIL} and my phone is {PHONE}. Please save my contact card."
ANSWER = "You said: " + PROMPT
ARGS = {"name": NAME, "email": EMAIL, "phone": PHONE}
PLANTED = [NAME, EMAIL, PHONE, "jane.doe.sdk", "555 0142"]
IMAGE_B64 = base64.b64encode(b"\x89PNG\r\n\x1a\n" + hashlib.sha256(b"e2e").digest() * 40).decode()
STYLES = ("tags", "surrogates")
DECISION_TIMEOUT_S = "90"  # the first prompt of each proxy loads the NER model
CLIENT_TIMEOUT_S = 240
VENV_TIMEOUT_S = 600
SCENARIOS = ("openai_chat", "openai_chat_stream", "openai_chat_stream_async", "openai_chat_async", "openai_responses",
             "openai_responses_stream", "openai_responses_stream_async", "anthropic_messages", "anthropic_messages_stream",
             "anthropic_messages_stream_async")


# -- the clients' venv ---------------------------------------------------------------------------


def _venv_dir() -> Path:
    requirements = (CLIENTS / "requirements.txt").read_bytes()
    digest = hashlib.sha256(requirements + sys.version.encode()).hexdigest()[:16]
    return ROOT / ".cache" / "sdk-clients" / digest


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"the SDK client venv is needed under CI: {reason}")
    pytest.skip(f"the SDK client venv cannot be made (PyPI not reachable?): {reason}")


@pytest.fixture(scope="module")
def client_python() -> Path:
    """The SDK venv's interpreter, made once: a venv beside, then renamed into place whole."""
    venv = _venv_dir()
    python = venv / "bin" / "python"
    if (venv / ".complete").exists():
        return python
    building = venv.with_name(f"{venv.name}.building-{os.getpid()}")
    shutil.rmtree(building, ignore_errors=True)
    building.parent.mkdir(parents=True, exist_ok=True)
    try:
        subprocess.run([sys.executable, "-m", "venv", str(building)], check=True, capture_output=True, timeout=120)
        pip = subprocess.run(
            [str(building / "bin" / "python"), "-m", "pip", "install", "--disable-pip-version-check", "-q",
             "-r", str(CLIENTS / "requirements.txt")],
            capture_output=True, text=True, timeout=VENV_TIMEOUT_S,
        )
    except (subprocess.SubprocessError, OSError) as e:
        shutil.rmtree(building, ignore_errors=True)
        _unavailable(f"{type(e).__name__}: {e}")
    if pip.returncode != 0:
        shutil.rmtree(building, ignore_errors=True)
        _unavailable(pip.stderr.strip()[-600:])
    (building / ".complete").write_text((CLIENTS / "requirements.txt").read_text())
    try:
        building.rename(venv)
    except OSError:  # another run made it meanwhile
        shutil.rmtree(building, ignore_errors=True)
    return python


# -- the fake service and the proxies ------------------------------------------------------------


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeAI]:
    ai = FakeAI()
    yield ai
    ai.stop()


@pytest.fixture(scope="module")
def proxy(fake: FakeAI, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    if not MITMDUMP.exists() and shutil.which("mitmdump") is None:
        pytest.skip("mitmdump is not installed in this environment")
    workdir = tmp_path_factory.mktemp("ai-sdk")
    port = free_port()
    log_path = workdir / "mitmdump.log"
    cmd = [
        str(MITMDUMP if MITMDUMP.exists() else shutil.which("mitmdump")),
        "--listen-host", "127.0.0.1", "--listen-port", str(port),
        "--mode", f"upstream:http://127.0.0.1:{fake.port}",
        "--set", f"confdir={workdir / 'conf'}", "--set", "termlog_verbosity=debug", "--set", "flow_detail=0",
        "-s", str(CLIENTS / "set_options.py"),
        "-s", str(ROOT / "guardian_addon.py"),
        "--set", f"guardian_rules={ROOT / 'tests' / 'e2e' / 'rules.yaml'}",
        "--set", f"guardian_audit={workdir / 'audit.jsonl'}",
        "--set", f"guardian_policy_db={workdir / 'policy.db'}",
        "--set", f"guardian_timeout={DECISION_TIMEOUT_S}",
        "--set", "guardian_decision_process=off",
    ]
    fh = open(log_path, "wb")  # noqa: SIM115 - closed with the process
    proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, cwd=workdir, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        deadline = time.monotonic() + 120
        while b"listening at" not in log_path.read_bytes():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"mitmdump did not start:\n{log_path.read_text(errors='replace')}")
            time.sleep(0.1)
        yield port, workdir
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        fh.close()


def _set_style(port: int, style: str) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("POST", "http://options.guardian-e2e.invalid/", body=json.dumps({"guardian_pseudonyms": style}).encode())
        resp = conn.getresponse()
        assert resp.status == 204, resp.read()
    finally:
        conn.close()


# -- the runs ------------------------------------------------------------------------------------


def _gemini(port: int, style: str, kind: str) -> tuple[dict[str, str], bytes, bytes]:
    """One Gemini request by raw HTTP: `json` (generateContent, gzip), `sse` or `array` (streamed)."""
    method = "generateContent" if kind == "json" else "streamGenerateContent"
    query = "?alt=sse" if kind == "sse" else ""
    body = {"contents": [{"role": "user", "parts": [{"text": PROMPT}, {"inline_data": {"mime_type": "image/png", "data": IMAGE_B64}}]}],
            "tools": [{"functionDeclarations": [{"name": "save_contact", "parameters": {"type": "object"}}]}]}
    headers = {"Content-Type": "application/json", "x-goog-api-key": f"AIza-e2e-{style}", "X-Scenario": f"{style}:gemini_{kind}"}
    if kind == "json":
        headers["Accept-Encoding"] = "gzip"
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=CLIENT_TIMEOUT_S)
    try:
        conn.request("POST", f"http://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:{method}{query}",
                     body=json.dumps(body).encode(), headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        got_headers = {k.lower(): v for k, v in resp.getheaders()}
    finally:
        conn.close()
    data = gzip.decompress(raw) if got_headers.get("content-encoding") == "gzip" else raw
    return got_headers, raw, data


def _run_style(python: Path, style: str, port: int) -> dict[str, Any]:
    _set_style(port, style)
    config = {"proxy": f"http://127.0.0.1:{port}", "prompt": PROMPT, "image_b64": IMAGE_B64, "tag": style}
    # Gemini first: its first prompt waits for the proxy's NER model while the SDK client starts.
    with ThreadPoolExecutor(1) as pool:
        client = pool.submit(
            subprocess.run, [str(python), str(CLIENTS / "clients.py"), json.dumps(config)],
            capture_output=True, text=True, timeout=CLIENT_TIMEOUT_S,
        )
        gemini = {kind: _gemini(port, style, kind) for kind in ("json", "sse", "array")}
        done = client.result()
    assert done.returncode == 0, done.stderr[-3000:]
    return {"sdk": json.loads(done.stdout), "gemini": gemini}


@pytest.fixture(scope="module")
def runs(client_python: Path, proxy: tuple[int, Path], fake: FakeAI) -> dict[str, dict[str, Any]]:
    return {style: _run_style(client_python, style, proxy[0]) for style in STYLES}


def _result(runs: dict[str, dict[str, Any]], style: str, scenario: str) -> dict[str, Any]:
    result = runs[style]["sdk"][scenario]
    assert "error" not in result, f"{style}/{scenario}: {result.get('error')}\n{result.get('trace')}"
    return result


# -- what the service got ------------------------------------------------------------------------


def test_the_service_never_sees_the_planted_values(runs: dict[str, Any], fake: FakeAI) -> None:
    assert len(fake.received) == len(STYLES) * (len(SCENARIOS) + 3)
    for received in fake.received:
        text = received.body.decode()
        unescaped = json.dumps(received.json(), ensure_ascii=False)
        for value in PLANTED:
            assert value not in text and value not in unescaped, f"{received.headers.get('x-scenario')} saw {value!r}"
        assert received.json().get("model") or "contents" in received.json()  # still a request of its API


def test_the_image_reaches_the_service_byte_for_byte(runs: dict[str, Any], fake: FakeAI) -> None:
    url = f"data:image/png;base64,{IMAGE_B64}"
    seen = 0
    for received in fake.received:
        body = received.json()
        scenario = received.headers.get("x-scenario", "")
        if scenario.endswith(("openai_chat", "openai_chat_stream", "openai_chat_stream_async")):
            assert body["messages"][0]["content"][1] == {"type": "image_url", "image_url": {"url": url}}
        elif scenario.endswith(("openai_responses", "openai_responses_stream_async")):
            assert body["input"][0]["content"][1] == {"type": "input_image", "image_url": url}
        elif "anthropic" in scenario:
            assert body["messages"][0]["content"][0]["source"] == {"type": "base64", "media_type": "image/png", "data": IMAGE_B64}
        elif "gemini" in scenario:
            assert body["contents"][0]["parts"][1] == {"inline_data": {"mime_type": "image/png", "data": IMAGE_B64}}
        else:
            continue
        assert IMAGE_B64 in received.body.decode()
        seen += 1
    assert seen == len(STYLES) * (len(SCENARIOS) - 2 + 3)


@pytest.mark.parametrize("style", STYLES)
def test_pseudonyms_have_the_style_asked_for(runs: dict[str, Any], fake: FakeAI, style: str) -> None:
    prompts = [r for r in fake.received if r.headers.get("x-scenario") == f"{style}:openai_chat_async"]
    (sent,) = prompts
    text = sent.json()["messages"][0]["content"]
    if style == "tags":
        assert "[PERSON_1]" in text and "[EMAIL_1]" in text
    else:
        assert "[PERSON_" not in text and "[EMAIL_" not in text and "[PHONE_" not in text
        assert " 555 01" in text  # a phone in the fiction range, in the original's shape


# -- what the clients got ------------------------------------------------------------------------


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_client_gets_the_originals_back(runs: dict[str, Any], style: str, scenario: str) -> None:
    result = _result(runs, style, scenario)
    assert result["text"] == ANSWER
    if scenario != "openai_chat_async":  # the one request without tools
        assert result["args"] == ARGS  # parsed as JSON by the client script or by the SDK itself


@pytest.mark.parametrize("style", STYLES)
def test_a_gzip_answer_comes_back_gzip(runs: dict[str, Any], style: str) -> None:
    assert _result(runs, style, "openai_chat")["content_encoding"] == "gzip"
    headers, raw, data = runs[style]["gemini"]["json"]
    assert headers.get("content-encoding") == "gzip" and int(headers["content-length"]) == len(raw)
    parts = json.loads(data)["candidates"][0]["content"]["parts"]
    assert parts[0]["text"] == ANSWER and parts[1]["functionCall"]["args"] == ARGS


@pytest.mark.parametrize("style", STYLES)
def test_the_responses_api_next_turn_finds_its_conversation(runs: dict[str, Any], fake: FakeAI, style: str) -> None:
    first, second = _result(runs, style, "openai_responses"), _result(runs, style, "openai_responses_stream")
    sent = next(r for r in fake.received if r.headers.get("x-scenario") == f"{style}:openai_responses_stream").json()
    assert sent["previous_response_id"] == first["id"]
    assert second["done"] == {"text": ANSWER, "args": ARGS, "completed_text": ANSWER, "completed_args": ARGS,
                              "previous_response_id": first["id"]}


def _sent_events(fake: FakeAI, style: str, scenario: str) -> list[Any]:
    return [e for e in fake.sent[f"{style}:{scenario}"] if e != "[DONE]"]


@pytest.mark.parametrize("style", STYLES)
def test_stream_events_are_the_ones_the_service_sent(runs: dict[str, Any], fake: FakeAI, style: str) -> None:
    chat = [{"id": e["id"], "finish": [c["finish_reason"] for c in e["choices"]], "usage": e.get("usage") is not None}
            for e in _sent_events(fake, style, "openai_chat_stream")]
    assert _result(runs, style, "openai_chat_stream")["events"] == chat
    responses = [{"type": e["type"], "seq": e["sequence_number"]} for e in _sent_events(fake, style, "openai_responses_stream")]
    assert _result(runs, style, "openai_responses_stream")["events"] == responses
    messages = [{"type": e["type"], "index": e.get("index")} for e in _sent_events(fake, style, "anthropic_messages_stream")
                if e["type"] != "ping"]  # the SDK drops keep-alive pings itself
    assert _result(runs, style, "anthropic_messages_stream")["events"] == messages


def _gemini_events(kind: str, data: bytes) -> list[dict[str, Any]]:
    if kind == "array":
        return json.loads(data)
    blocks = [b for b in data.split(b"\r\n\r\n") if b]
    assert all(b.startswith(b"data: ") for b in blocks)
    return [json.loads(b[6:]) for b in blocks]


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("kind", ["sse", "array"])
def test_gemini_streams_are_restored_in_their_framing(runs: dict[str, Any], fake: FakeAI, style: str, kind: str) -> None:
    headers, raw, data = runs[style]["gemini"][kind]
    sent = fake.sent[f"{style}:gemini_{kind}"]
    got = _gemini_events(kind, data)
    text = "".join(p.get("text", "") for e in got for p in e["candidates"][0]["content"]["parts"])
    call = next(p["functionCall"] for e in got for p in e["candidates"][0]["content"]["parts"] if "functionCall" in p)
    assert text == ANSWER and call["args"] == ARGS
    assert len(got) == len(sent)
    assert [e["candidates"][0].get("finishReason") for e in got] == [e["candidates"][0].get("finishReason") for e in sent]
    assert got[-1]["usageMetadata"] == sent[-1]["usageMetadata"]
    if kind == "array":  # the array's own framing, byte for byte: pretty-printed elements, ",\r\n" between
        assert data.startswith(b"[{\n  ") and data.count(b"\n,\r\n") == len(sent) - 1 and data.endswith(b"}\n]")
        assert headers.get("transfer-encoding") == "chunked"


def test_sdk_versions_are_the_pinned_ones(runs: dict[str, Any]) -> None:
    pins = dict(line.split("==") for line in (CLIENTS / "requirements.txt").read_text().splitlines() if "==" in line)
    for style in STYLES:
        assert runs[style]["sdk"]["versions"] == pins


def test_no_log_or_record_holds_a_planted_value(runs: dict[str, Any], proxy: tuple[int, Path]) -> None:
    time.sleep(1.5)  # the audit writer flushes every second
    for path in (proxy[1] / "audit.jsonl", proxy[1] / "mitmdump.log"):
        text = path.read_bytes().decode("utf-8", "replace")
        for value in PLANTED:
            assert value not in text, f"{value!r} in {path}"
