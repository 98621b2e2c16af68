"""`guardian check`: decides one request offline and prints the record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from guardian.cli import main

# The `guardian check` example of docs/check.md ("Decide one request offline"), once in README.md.
README_EXAMPLE = [
    "check",
    "--url", "https://www.google-analytics.com/g/collect",
    "-H", "Origin: https://shop.example",
    "-H", "Sec-Fetch-Site: cross-site",
    "-H", "Sec-Fetch-Mode: no-cors",
    "-H", "Sec-Fetch-Dest: empty",
    "--body", '{"event":"signup","user":{"email":"jane.doe@example.org","plan":"pro"}}',
]


def test_readme_example_is_a_transform_with_the_rewritten_body(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(README_EXAMPLE) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["decision"] == "transform"
    body = json.loads(record["rewritten"]["body"]["text"])
    assert body == {"event": "signup", "user": {"email": "***@example.org", "plan": "pro"}}
    assert record["context"]["recipient"] == "analytics" and record["context"]["basis"] == "background"


def test_body_file_and_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = tmp_path / "body.txt"
    body.write_text("email=jane%40example.org&x=1")
    rules = tmp_path / "rules.yaml"
    rules.write_text("blocked: [tracker.example]\n")
    args = ["check", "--url", "https://t.tracker.example/c", "--body-file", str(body), "--rules", str(rules),
            "-H", "Content-Type: application/x-www-form-urlencoded"]
    assert main(args) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["decision"] == "deny" and record["rule"] == "blocked:tracker.example"


def test_bad_rules_file_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "rules.yaml"
    rules.write_text("trusted: [nope nope]\n")
    assert main(["check", "--url", "https://a.example/", "--rules", str(rules)]) == 2
    assert "rules.yaml:1:" in capsys.readouterr().err


def test_bad_header_is_rejected() -> None:
    with pytest.raises(SystemExit):
        main(["check", "--url", "https://a.example/", "-H", "no colon here"])
