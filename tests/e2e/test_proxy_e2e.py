"""End to end through a real mitmdump with the addon, in front of a recording upstream server."""

from __future__ import annotations

# Proxy, Upstream and Received are the fixture types defined in conftest.py; annotations only.

import gzip
import json
import os
import re
import signal
import time
from pathlib import Path
from urllib.parse import parse_qsl

import pytest

from guardian.audit import FLUSH_INTERVAL_S

pytestmark = pytest.mark.e2e

EMAIL = "jane.doe.e2e@example.org"
PHONE = "+1 415 555 0199"
CARD = "4111 1111 1111 1111"
SSN = "512-44-3019"
PASSWORD = "hunter2-Secret!"
UNKNOWN_NAME = "Dodë"  # a name spaCy's small model never saw
# Strings that must never appear in any log or audit file, whatever happened to the flow.
PLANTED = [EMAIL, "jane.doe.e2e", "555 0199", "5550199", CARD, "4111111111111111", SSN, PASSWORD, UNKNOWN_NAME]

# What Chrome sends for navigator.sendBeacon() from http://shop.test to another site.
BEACON_HEADERS = {
    "Origin": "http://shop.test",
    "Sec-Fetch-Site": "cross-site",
    "Sec-Fetch-Mode": "no-cors",
    "Sec-Fetch-Dest": "empty",
}


@pytest.fixture(scope="module")
def proxy(proxy_factory) -> Proxy:  # type: ignore[no-untyped-def]
    return proxy_factory("enforce", "guardian_decision_process=auto")  # the default set-up


def _one(upstream: Upstream) -> Received:
    got = upstream.take()
    assert len(got) == 1, f"expected exactly one request upstream, got {len(got)}"
    return got[0]


def _last_audit(proxy: Proxy) -> dict:
    records = proxy.audit()
    assert records, "no audit record written"
    return records[-1]


def test_allowed_request_leaves_byte_identical(proxy: Proxy, upstream: Upstream) -> None:
    body = b'{ "items" : [ {"sku":"A1","qty":2} ],\n  "note":"gift wrap\\u00e9", "x": 1.50 }'
    status, _, _ = proxy.send("POST", "http://shop.test/api/cart", body, {"Content-Type": "application/json"})
    assert status == 200
    got = _one(upstream)
    assert got.body == body
    assert got.header("Content-Length") == str(len(body))
    assert _last_audit(proxy)["decision"] == "allow"


def test_first_party_login_is_allowed_untouched(proxy: Proxy, upstream: Upstream) -> None:
    body = json.dumps({"email": EMAIL, "password": PASSWORD, "csrf_token": "abc123"}).encode()
    status, _, _ = proxy.send("POST", "http://shop.test/login", body, {"Content-Type": "application/json"})
    assert status == 200
    assert _one(upstream).body == body
    record = _last_audit(proxy)
    assert record["decision"] == "allow"
    assert {"Credentials", "Email"} <= set(record["categories"])


def test_json_beacon_is_rewritten_in_place(proxy: Proxy, upstream: Upstream) -> None:
    payload = {"event": "signup", "user": {"email": EMAIL, "plan": "pro"}, "ts": 1700000000}
    body = json.dumps(payload).encode()
    headers = {**BEACON_HEADERS, "Content-Type": "text/plain;charset=UTF-8"}
    status, _, _ = proxy.send("POST", "http://metrics.test/collect", body, headers)
    assert status == 200
    got = _one(upstream)
    assert got.header("Content-Length") == str(len(got.body))
    sent = json.loads(got.body)  # still valid JSON
    assert EMAIL not in got.body.decode() and "jane.doe.e2e" not in got.body.decode()
    assert sent["event"] == "signup" and sent["ts"] == 1700000000 and sent["user"]["plan"] == "pro"
    assert sent["user"]["email"] != EMAIL
    record = _last_audit(proxy)
    assert record["decision"] == "transform" and record["enforced"] is True
    assert record["basis"] == "background" and record["recipient"] == "analytics"
    assert record["l0"] >= 1 and record["l_final"] >= record["l0"]
    assert {"decode", "detect", "context", "risk", "anonymize", "total"} <= set(record["ms"])


def test_a_name_spacy_never_saw_in_feedback_is_rewritten(proxy: Proxy, upstream: Upstream) -> None:
    """spaCy's small model misses "Dodë"; the prose tagger, asked about words no dictionary knows, does not."""
    text = "Feedback: Dodë and Maryan loved the new checkout, but the basket page was slow for them."
    body = json.dumps({"event": "feedback", "text": text}, ensure_ascii=False).encode()
    headers = {**BEACON_HEADERS, "Content-Type": "application/json"}
    status, _, _ = proxy.send("POST", "http://metrics.test/collect", body, headers)
    assert status == 200
    sent = json.loads(_one(upstream).body)
    assert sent["event"] == "feedback"
    assert UNKNOWN_NAME not in sent["text"] and "loved the new checkout" in sent["text"]
    assert _last_audit(proxy)["decision"] == "transform"


def test_form_is_rewritten_in_place(proxy: Proxy, upstream: Upstream) -> None:
    body = b"ev=view&phone=%2B1+415+555+0199&screen=home&n=3"
    headers = {**BEACON_HEADERS, "Content-Type": "application/x-www-form-urlencoded"}
    status, _, _ = proxy.send("POST", "http://metrics.test/collect", body, headers)
    assert status == 200
    got = _one(upstream)
    pairs = parse_qsl(got.body.decode(), keep_blank_values=True)
    assert [k for k, _ in pairs] == ["ev", "phone", "screen", "n"]
    values = dict(pairs)
    assert values["ev"] == "view" and values["screen"] == "home" and values["n"] == "3"
    assert "4155550199" not in re.sub(r"\D", "", values["phone"]) and "555 0199" not in values["phone"]
    assert got.body.startswith(b"ev=view&phone=") and got.body.endswith(b"&screen=home&n=3")
    assert _last_audit(proxy)["decision"] == "transform"


def test_multipart_text_part_rewritten_file_part_kept(proxy: Proxy, upstream: Upstream) -> None:
    png = b"\x89PNG\r\n\x1a\n\x00\xff\xfe" + bytes(range(256)) + b"\r\n--not-the-boundary\r\n"
    boundary = b"----e2eBoundary7MA4YWxk"
    file_part = (
        b'Content-Disposition: form-data; name="photo"; filename="me.png"\r\n'
        b"Content-Type: image/png\r\nX-Part-Extra: kept\r\n\r\n" + png
    )
    body = (
        b"--" + boundary + b"\r\n"
        b'Content-Disposition: form-data; name="comment"\r\n\r\n'
        b"Please write back to me at " + EMAIL.encode() + b" this week, thanks a lot\r\n"
        b"--" + boundary + b"\r\n" + file_part + b"\r\n"
        b"--" + boundary + b"--\r\n"
    )
    headers = {**BEACON_HEADERS, "Content-Type": "multipart/form-data; boundary=" + boundary.decode()}
    status, _, _ = proxy.send("POST", "http://metrics.test/upload", body, headers)
    assert status == 200
    got = _one(upstream)
    assert EMAIL.encode() not in got.body and b"jane.doe.e2e" not in got.body
    assert file_part in got.body  # file part, its filename and its headers byte for byte
    assert got.body.startswith(b"--" + boundary + b"\r\n") and got.body.endswith(b"--" + boundary + b"--\r\n")
    assert b"Please write back to me at " in got.body
    assert got.header("Content-Length") == str(len(got.body))


def test_gzip_body_rewritten_and_reencoded(proxy: Proxy, upstream: Upstream) -> None:
    plain = json.dumps({"contact": EMAIL, "ref": "spring-sale"}).encode()
    headers = {**BEACON_HEADERS, "Content-Type": "application/json", "Content-Encoding": "gzip"}
    status, _, _ = proxy.send("POST", "http://metrics.test/collect", gzip.compress(plain), headers)
    assert status == 200
    got = _one(upstream)
    assert got.header("Content-Encoding") == "gzip"
    assert got.header("Content-Length") == str(len(got.body))
    decoded = json.loads(gzip.decompress(got.body))
    assert decoded["ref"] == "spring-sale" and EMAIL not in decoded["contact"]


def test_ad_network_with_contact_data_is_denied(proxy: Proxy, upstream: Upstream) -> None:
    body = json.dumps({"em": EMAIL, "ph": PHONE, "cc": CARD}).encode()
    headers = {**BEACON_HEADERS, "Content-Type": "application/json"}
    status, resp_headers, resp_body = proxy.send("POST", "http://ads.test/pixel", body, headers)
    assert status == 403
    assert resp_headers["x-guardian-decision"] == "deny"
    assert "advertising" in resp_headers["x-guardian-reason"]
    assert "ads.test" in resp_headers["x-guardian-override"]
    explained = json.loads(resp_body)
    assert explained["decision"] == "deny" and "Email" in explained["categories"]
    assert explained["recipient"] == "advertising" and explained["risk"] >= 0.55
    assert upstream.take() == []  # nothing left the proxy
    assert _last_audit(proxy)["decision"] == "deny"


def test_get_pixel_with_email_in_query_loads_with_the_data_stripped(proxy: Proxy, upstream: Upstream) -> None:
    # An image the page loads is never blocked for what it carries (it would break the page):
    # the ad network's deny becomes a rewrite of the identifying parameters at L3.
    status, _, _ = proxy.send("GET", f"http://ads.test/p.gif?uid=42&em={EMAIL}&ph=%2B14155550199", b"", {
        "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image",
        "Referer": "http://shop.test/",
    })
    assert status == 200
    got = _one(upstream)
    assert EMAIL not in got.target and "5550199" not in got.target and got.target.startswith("http://ads.test/p.gif?uid=42&em=")
    record = _last_audit(proxy)
    assert record["decision"] == "transform" and record["risk"]["decision"] == "deny" and "image load is not blocked" in record["reason"]


def test_an_address_in_a_path_segment_and_in_a_custom_header_is_rewritten(proxy: Proxy, upstream: Upstream) -> None:
    # A REST-style call puts the address in the path, an SDK in its own header: both are fields.
    status, _, _ = proxy.send("POST", f"http://metrics.test/v1/users/{EMAIL.replace('@', '%40')}/traits?k=1",
                              b'{"plan":"pro"}', {**BEACON_HEADERS, "Content-Type": "application/json",
                                                  "X-User-Email": f"Jane <{EMAIL}>", "X-Trace": "abc"})
    assert status == 200
    got = _one(upstream)
    assert "jane.doe.e2e" not in got.target and got.target.startswith("http://metrics.test/v1/users/")
    assert got.target.endswith("%40example.org/traits?k=1")  # only the local part changed, escapes kept
    assert "jane.doe.e2e" not in (got.header("X-User-Email") or "jane.doe.e2e") and got.header("X-Trace") == "abc"
    assert got.body == b'{"plan":"pro"}'
    record = _last_audit(proxy)
    assert record["decision"] == "transform"
    assert {f["field"] for f in record["findings"] if f["category"] == "Email"} == {"path:3", "header:x-user-email#0"}


def test_an_address_as_a_json_key_and_in_the_referer_is_rewritten_and_never_logged(proxy: Proxy, upstream: Upstream) -> None:
    body = json.dumps({"recipients": {EMAIL: {"role": "to"}}, "n": 1}).encode()
    headers = {**BEACON_HEADERS, "Content-Type": "application/json",
               "Referer": f"http://shop.test/account?email={EMAIL.replace('@', '%40')}&tab=orders"}
    status, _, _ = proxy.send("POST", "http://metrics.test/collect", body, headers)
    assert status == 200
    got = _one(upstream)
    sent = json.loads(got.body)
    assert "jane.doe.e2e" not in got.body.decode() and list(sent["recipients"].values()) == [{"role": "to"}]
    referer = got.header("Referer") or ""
    assert referer.startswith("http://shop.test/account?email=") and referer.endswith("&tab=orders")
    assert "jane.doe.e2e" not in referer
    record = _last_audit(proxy)
    assert record["decision"] == "transform" and "jane" not in json.dumps(record)
    assert 'json:$.recipients["*"]{key}' in record["anonymize"]["edited_fields"]


def test_a_protobuf_export_and_a_csv_upload_are_rewritten_in_their_formats(proxy: Proxy, upstream: Upstream) -> None:
    from guardian.codecs.protobuf import ProtobufCodec

    # a real OTLP/HTTP protobuf export (tests/fixtures/protobuf), with this test's planted values
    fixture = (Path(__file__).resolve().parents[1] / "fixtures" / "protobuf" / "otlp_traces.bin").read_bytes()
    span = "pb:1[0].2[0].2[0]"
    codec = ProtobufCodec()
    body = codec.encode(fixture, "application/x-protobuf", {f"{span}.9[1].2[0].1[0]": EMAIL, f"{span}.9[3].2[0].1[0]": PHONE})
    status, _, _ = proxy.send("POST", "http://metrics.test/v1/traces", body, {**BEACON_HEADERS, "Content-Type": "application/x-protobuf"})
    assert status == 200
    got = _one(upstream)
    sent = {f.name: f.value for f in codec.decode(got.body, "application/x-protobuf") if f.name}
    assert sent["service.name"] == "shop-web" and sent["plan"] == "pro"
    assert EMAIL not in sent.values() and PHONE not in sent.values() and sent["user.full_name"] != "Jane Doe"
    assert _last_audit(proxy)["decision"] == "transform"
    table = f"plan,email,phone\r\npro,{EMAIL},{PHONE}\r\n".encode()
    status, _, _ = proxy.send("POST", "http://metrics.test/import", table, {**BEACON_HEADERS, "Content-Type": "text/csv"})
    assert status == 200
    rows = _one(upstream).body.decode().split("\r\n")
    assert rows[0] == "plan,email,phone" and rows[1].startswith("pro,") and "jane.doe.e2e" not in rows[1]
    assert "0199" not in rows[1]


def test_blocked_and_trusted_rules(proxy: Proxy, upstream: Upstream) -> None:
    status, headers, _ = proxy.send("GET", "http://cdn.blocked.test/lib.js")
    assert status == 403 and headers["x-guardian-rule"] == "blocked:blocked.test"
    assert upstream.take() == []
    body = json.dumps({"card": CARD, "email": EMAIL}).encode()
    status, _, _ = proxy.send("POST", "http://api.trusted.test/pay", body, {"Content-Type": "application/json"})
    assert status == 200 and _one(upstream).body == body
    assert _last_audit(proxy)["rule"] == "trusted:trusted.test"


def test_monitor_mode_decides_but_changes_nothing(proxy_factory, upstream: Upstream) -> None:  # type: ignore[no-untyped-def]
    monitor = proxy_factory("monitor", "guardian_mode=monitor")
    body = json.dumps({"em": EMAIL, "ph": PHONE}).encode()
    headers = {**BEACON_HEADERS, "Content-Type": "application/json"}
    status, _, _ = monitor.send("POST", "http://ads.test/pixel", body, headers)
    assert status == 200
    assert _one(upstream).body == body
    record = _last_audit(monitor)
    assert record["decision"] == "deny" and record["mode"] == "monitor" and record["enforced"] is False


@pytest.mark.parametrize("fail, expect_status", [("closed", 403), ("open", 200)])
def test_fail_mode_when_a_stage_raises(proxy_factory, upstream: Upstream, fail: str, expect_status: int) -> None:  # type: ignore[no-untyped-def]
    script = Path(__file__).with_name("fault_injection.py")
    # The script breaks the proxy's own pipeline, so the proxy must be the one deciding; the
    # decision process applies the same fail mode (tests/unit/addon/test_offload.py).
    broken = proxy_factory(f"fail-{fail}", f"guardian_fail={fail}", "guardian_decision_process=off", scripts=(script,))
    body = json.dumps({"email": EMAIL, "ssn": SSN}).encode()
    status, headers, _ = broken.send("POST", "http://metrics.test/collect", body, {"Content-Type": "application/json"})
    assert status == expect_status
    got = upstream.take()
    if fail == "closed":
        assert got == [] and headers["x-guardian-decision"] == "deny"
    else:
        assert len(got) == 1 and got[0].body == body
    record = _last_audit(broken)
    assert record["error"]["type"] == "RuntimeError"
    assert record["decision"] == ("deny" if fail == "closed" else "allow")


POLICY = """# Privacy policy of Shop

We collect your email address when you create an account, so that we can provide the service.

We share your email address with our advertising partners so that they can show you relevant ads.

We do not sell your personal information.
"""


@pytest.mark.parametrize("encoder", ["multihot", "minilm"])
def test_policy_evidence_is_read_by_the_chosen_system1(proxy_factory, upstream: Upstream, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                        encoder: str) -> None:
    from guardian.policies.service import PolicyStore

    db = tmp_path / "policy.db"
    (tmp_path / "policy.md").write_text(POLICY, encoding="utf-8")
    PolicyStore(db).ingest_file("shop.test", tmp_path / "policy.md")  # as `guardian policy fetch FILE --site shop.test`
    proxy = proxy_factory(f"matcher-{encoder}", f"guardian_policy_db={db}", "guardian_policy_fetch=false",
                          f"guardian_matcher={encoder}")
    body = json.dumps({"email": EMAIL}).encode()
    status, _, _ = proxy.send("POST", "http://shop.test/account", body, {"Content-Type": "application/json"})
    assert status in (200, 403)
    upstream.take()
    record = _last_audit(proxy)
    assert record["transparency"]["status"] != "unknown" and record["transparency"]["evidence_ids"]
    s1 = record["likelihood"]["s1"]
    assert s1["model"] == f"{encoder}-segment-seed0-clean" and 0 <= s1["L"] <= 1 and 0 < s1["u"] <= 1


def test_an_option_given_twice_takes_its_last_value(proxy_factory, upstream: Upstream) -> None:  # type: ignore[no-untyped-def]
    """mitmproxy drops a script's addons without a word when one of its options is --set twice;
    guardian_addon.py keeps the last value instead, so the proxy still decides."""
    twice = proxy_factory("set-twice", raw_args=("--set", "guardian_mode=enforce", "--set", "guardian_mode=monitor"))
    body = json.dumps({"em": EMAIL, "ph": PHONE}).encode()
    headers = {**BEACON_HEADERS, "Content-Type": "application/json"}
    status, _, _ = twice.send("POST", "http://ads.test/pixel", body, headers)
    assert status == 200 and _one(upstream).body == body  # monitor: decided, not enforced
    record = _last_audit(twice)
    assert record["decision"] == "deny" and record["mode"] == "monitor"
    assert b"guardian_mode was set 2 times; using the last value" in twice.log_path.read_bytes()


def test_an_ai_chat_prompt_with_an_ssn_is_rewritten_and_still_parses(proxy: Proxy, upstream: Upstream) -> None:
    body = json.dumps({"model": "gpt-4o", "temperature": 0.2, "messages": [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": f"My SSN is {SSN}, mail me at {EMAIL}, what is my tax bracket?"}]}).encode()
    status, _, _ = proxy.send("POST", "http://llm.test/v1/chat/completions", body,
                              {"Content-Type": "application/json", "Authorization": "Bearer sk-e2e"})
    assert status == 200
    sent = json.loads(_one(upstream).body)  # valid JSON for the API
    assert sent["model"] == "gpt-4o" and sent["temperature"] == 0.2 and sent["messages"][0] == {"role": "system", "content": "Be brief."}
    assert SSN not in sent["messages"][1]["content"] and EMAIL not in sent["messages"][1]["content"]
    assert "tax bracket" in sent["messages"][1]["content"]
    record = _last_audit(proxy)
    assert record["recipient"] == "ai_service" and record["decision"] == "transform"


def test_truncated_json_to_analytics_is_read_as_text(proxy: Proxy, upstream: Upstream) -> None:
    body = f'{{"event": "signup", "email": "{EMAIL}", "plan": "pr'.encode()
    headers = {**BEACON_HEADERS, "Content-Type": "application/json"}
    status, _, _ = proxy.send("POST", "http://metrics.test/collect", body, headers)
    record = _last_audit(proxy)
    assert record["payload"]["codec"] == "text" and record["payload"]["malformed"] and "Email" in record["categories"]
    assert record["decision"] in ("transform", "deny")
    for got in upstream.take():  # whatever left the proxy left without the e-mail
        assert EMAIL.encode() not in got.body


def test_a_base64_json_form_value_is_rewritten_in_its_encoding(proxy: Proxy, upstream: Upstream) -> None:
    import base64

    from urllib.parse import quote

    inner = {"event": "signup", "properties": {"$email": EMAIL, "plan": "pro"}}
    data = base64.b64encode(json.dumps(inner).encode()).decode()
    body = f"data={quote(data, safe='')}&ip=1".encode()
    headers = {**BEACON_HEADERS, "Content-Type": "application/x-www-form-urlencoded"}
    status, _, _ = proxy.send("POST", "http://metrics.test/track", body, headers)
    assert status == 200
    got = _one(upstream)
    values = dict(parse_qsl(got.body.decode()))
    sent = json.loads(base64.b64decode(values["data"]))  # still base64 of JSON
    assert EMAIL not in json.dumps(sent) and sent["event"] == "signup" and sent["properties"]["plan"] == "pro"
    assert values["ip"] == "1" and _last_audit(proxy)["decision"] == "transform"


def test_seconds_options_take_decimals_with_set(proxy_factory, upstream: Upstream) -> None:  # type: ignore[no-untyped-def]
    """mitmdump's --set cannot parse float options; the seconds options must start with decimals."""
    p = proxy_factory("seconds", "guardian_timeout=2.5", "guardian_policy_ttl=3600.5")
    status, _, _ = p.send("POST", "http://shop.test/api/cart", b'{"sku":"A1"}', {"Content-Type": "application/json"})
    assert status == 200 and _one(upstream).body == b'{"sku":"A1"}'
    assert _last_audit(p)["decision"] == "allow"


def test_zz_no_planted_personal_data_in_any_log_or_audit_file(written_files: list[Path]) -> None:
    """Runs last: every log and audit file written by the e2e proxies is free of planted values."""
    time.sleep(FLUSH_INTERVAL_S + 0.5)  # the proxies' audit writers have flushed every record
    files = [p for p in written_files if p.exists()]
    assert files, "the e2e tests wrote no files to check"
    assert any(p.name == "audit.jsonl" and p.stat().st_size > 0 for p in files)
    for path in files:
        text = path.read_bytes().decode("utf-8", "replace")
        for secret in PLANTED:
            assert secret not in text, f"{secret!r} found in {path}"


def _parent_pid(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree from /proc (Linux)")
def test_a_dead_decision_process_leaves_the_proxy_deciding(proxy_factory, upstream: Upstream) -> None:  # type: ignore[no-untyped-def]
    """The child that decides (guardian_decision_process=on) is killed: the next flows are decided
    by the proxy itself, as strictly, and a new child takes over."""
    proxy = proxy_factory("decision-process", "guardian_decision_process=on")
    log = proxy.log_path.read_text(errors="replace")
    child = int(re.findall(r"decision process (\d+) ready", log)[-1])
    assert _parent_pid(child) == proxy.process.pid

    body = json.dumps({"event": "signup", "user": {"email": EMAIL, "plan": "pro"}}).encode()
    headers = {**BEACON_HEADERS, "Content-Type": "text/plain;charset=UTF-8"}
    assert proxy.send("POST", "http://metrics.test/collect", body, headers)[0] == 200
    assert EMAIL.encode() not in _one(upstream).body  # decided by the child

    os.kill(child, signal.SIGKILL)
    for _ in range(3):
        assert proxy.send("POST", "http://metrics.test/collect", body, headers)[0] == 200
        assert EMAIL.encode() not in _one(upstream).body  # decided by the proxy, same rewrite
    deadline = time.monotonic() + 120
    while len(re.findall(r"decision process (\d+) ready", proxy.log_path.read_text(errors="replace"))) < 2:
        assert time.monotonic() < deadline, "no new decision process"
        proxy.send("GET", "http://shop.test/ping")  # a flow makes the proxy try again after the pause
        upstream.take()
        time.sleep(0.5)
    log = proxy.log_path.read_text(errors="replace")
    assert "decision process stopped" in log
    assert proxy.send("POST", "http://metrics.test/collect", body, headers)[0] == 200
    assert EMAIL.encode() not in _one(upstream).body
