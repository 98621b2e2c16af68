"""`guardian check`: one request, and every request of a HAR recording, decided as the proxy would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from guardian import cli
from guardian.har import HarEntry, HarError, read_har

HAR = Path(__file__).resolve().parents[1] / "fixtures" / "har"
NO_STORE = ["--set", "guardian_policy_db=off", "--no-progress"]


def test_har_entries_become_requests_and_broken_ones_are_named() -> None:
    entries, note = read_har(HAR / "small.har")
    assert note is None and len(entries) == 5
    doc, script, beacon, login, broken = entries
    assert isinstance(doc, HarEntry) and doc.resource == "document"
    assert doc.request.header(":authority") is None  # HTTP/2 pseudo-headers are not request headers
    assert isinstance(beacon, HarEntry) and beacon.request.header("Content-Encoding") is None  # HAR text is decoded
    assert beacon.request.header("Content-Type") == "application/json" and b"jane.doe@example.org" in beacon.request.body
    assert isinstance(login, HarEntry) and login.request.body == b"user=jane&remember=1"
    assert isinstance(broken, HarError) and broken.message.startswith("entry 4:") and "url" in broken.message


def test_a_truncated_recording_is_read_up_to_its_last_whole_entry() -> None:
    entries, note = read_har(HAR / "truncated.har")
    assert note is not None and "3 whole entries" in note
    assert [e.index for e in entries] == [0, 1, 2]


def test_jsonl_gives_one_record_per_entry_with_no_raw_values(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", "--har", str(HAR / "small.har"), "--jsonl", *NO_STORE]) == 0
    captured = capsys.readouterr()
    records = [json.loads(line) for line in captured.out.splitlines()]
    assert [r["har"]["entry"] for r in records] == [0, 1, 2, 3, 4]
    by_entry = {r["har"]["entry"]: r for r in records}
    assert by_entry[1]["decision"] == "allow" and by_entry[1]["har"]["resource"] == "script"
    assert by_entry[2]["decision"] in ("transform", "deny") and "Email" in by_entry[2]["categories"]
    assert by_entry[4]["error"].startswith("entry 4:") and "entry 4" in captured.err
    assert "jane.doe@example.org" not in captured.out and "415 555" not in captured.out


def test_the_summary_is_per_host(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", "--har", str(HAR / "small.har"), *NO_STORE]) == 0
    out = capsys.readouterr().out
    assert "tracker.example" in out and "shop.example" in out
    assert "5 requests to" in out and "errors 1" in out


def test_not_a_har_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", "--har", str(HAR / "not-a-har.har"), *NO_STORE]) == 2
    assert "no log.entries" in capsys.readouterr().err


def test_check_needs_a_url_or_a_har(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", "--set", "guardian_policy_db=off"]) == 2
    assert "--url" in capsys.readouterr().err
