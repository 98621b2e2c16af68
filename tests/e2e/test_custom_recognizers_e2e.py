"""The rules file's own recognisers through a real mitmdump: an employee
number and a project code name declared in tests/e2e/rules.yaml never reach the recipient."""

from __future__ import annotations

# Proxy and Upstream are the fixture types defined in conftest.py; annotations only.

import json
import re

import pytest

from guardian.detect.recognizers.credit_card import luhn_ok

pytestmark = pytest.mark.e2e

EMPLOYEE = "EMP-314153"  # passes Luhn, as the rules' checksum requires
CODE_NAME = "Project Nightjar"
HOST = "nightjar-build01.corp.test"
BEACON_HEADERS = {
    "Origin": "http://shop.test",
    "Sec-Fetch-Site": "cross-site",
    "Sec-Fetch-Mode": "no-cors",
    "Sec-Fetch-Dest": "empty",
    "Content-Type": "application/json",
}


@pytest.fixture(scope="module")
def proxy(proxy_factory) -> Proxy:  # type: ignore[no-untyped-def]
    return proxy_factory("custom-recognizers")


def test_an_employee_number_and_a_code_name_do_not_arrive(proxy: Proxy, upstream: Upstream) -> None:
    assert luhn_ok(EMPLOYEE[4:])
    upstream.take()
    body = json.dumps({"event": "login", "employee": EMPLOYEE, "note": f"{CODE_NAME} on {HOST}", "plan": "pro"}).encode()
    status, _, _ = proxy.send("POST", "http://metrics.test/collect", body, BEACON_HEADERS)
    assert status == 200
    (got,) = upstream.take()
    sent = json.loads(got.body)
    assert EMPLOYEE not in got.body.decode() and "nightjar" not in got.body.decode().lower()
    assert re.fullmatch(r"EMP-[0-9]{6}", sent["employee"])  # a same-shape substitute for a PersistentID
    assert sent["event"] == "login" and sent["plan"] == "pro"
    record = proxy.audit()[-1]
    assert record["decision"] == "transform"
    assert {"PersistentID", "Contact"} <= set(record["categories"])  # type: ignore[arg-type]
    found = {(f["entity"], f["recognizer"]) for f in record["findings"]}  # type: ignore[union-attr]
    assert {("EMPLOYEE_ID", "custom:employee number"), ("CODE_NAME", "custom:code names")} <= found
    for path in (proxy.log_path, proxy.audit_path):
        text = path.read_text(errors="replace")
        assert EMPLOYEE not in text and CODE_NAME not in text, path
