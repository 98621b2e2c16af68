"""`guardian report`: sums over an audit log, --since, and the HTML page."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from guardian.cli import main
from guardian.errors import ConfigError
from guardian.report import load_records, parse_since, percentile, render_html, summarise

SECRET = "jane.doe@example.org"


def _rec(ts: str, host: str, decision: str, ms: float, **extra: object) -> dict[str, object]:
    return {
        "v": 1, "ts": ts, "method": "POST", "host": host, "path": "/p?[redacted]", "decision": decision,
        "categories": extra.pop("categories", ["Email"]), "recipient": extra.pop("recipient", "analytics"),
        "basis": "background", "mode": "enforce", "enforced": decision != "allow", "ms": {"total": ms},
        "context": {"first_party_site": "shop.example"}, "findings": [{"value_hash": "abcd"}], **extra,
    }


@pytest.fixture()
def audit(tmp_path: Path) -> Path:
    records = [
        _rec("2026-11-01T10:00:00.000+00:00", "www.google-analytics.com", "transform", 2.0),
        _rec("2026-11-01T10:00:30.000+00:00", "ssl.google-analytics.com", "transform", 4.0),
        _rec("2026-11-01T10:01:00.000+00:00", "ads.tracker.example", "deny", 6.0, recipient="advertising",
             categories=["Email", "Phone"]),
        _rec("2026-11-01T11:00:00.000+00:00", "shop.example", "allow", 1.0, recipient="first_party", categories=[]),
        {"v": 1, "id": "x", "method": "POST", "host": "slow.example", "path": "/", "decision": "deny",
         "reason": "timeout", "error": {"timeout": True}, "mode": "enforce", "categories": []},
    ]
    path = tmp_path / "audit.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records) + "\nnot json\n\n")
    return path


def test_summary_counts(audit: Path) -> None:
    s = summarise(load_records(audit))
    assert s.flows == 5
    assert dict(s.decisions) == {"transform": 2, "deny": 2, "allow": 1}
    assert s.by_site["google-analytics.com"]["transform"] == 2
    assert s.by_recipient["advertising"]["deny"] == 1 and s.by_recipient["(pipeline error)"]["deny"] == 1
    assert s.categories.most_common(1) == [("Email", 3)]
    assert s.errors == {"timeout": 1}
    assert s.p(50) == 2.0 and s.p(95) == 6.0


def test_since_filters_and_parses(audit: Path) -> None:
    since = parse_since("2026-11-01T10:00:45")
    s = summarise(load_records(audit), since=since)
    assert s.flows == 2 and s.skipped_undated == 1
    now = datetime(2026, 11, 1, 12, tzinfo=timezone.utc)
    assert parse_since("90m", now=now) == datetime(2026, 11, 1, 10, 30, tzinfo=timezone.utc)
    assert parse_since("1d", now=now).day == 31
    with pytest.raises(ConfigError):
        parse_since("yesterday-ish")


@pytest.mark.parametrize("q, want", [(50, 5), (95, 10), (100, 10), (0, 1)])
def test_percentile_nearest_rank(q: float, want: float) -> None:
    assert percentile([float(v) for v in range(10, 0, -1)], q) == want
    assert percentile([], q) is None


def test_html_is_self_contained_with_charts_and_no_paths(audit: Path) -> None:
    page = render_html(summarise(load_records(audit)), source=str(audit))
    assert page.startswith("<!doctype html>") and page.count("<svg") == 4
    assert "google-analytics.com" in page and "Decisions over time" in page
    assert "<script" not in page and "http://" not in page and "https://" not in page
    assert "/p?" not in page and "abcd" not in page


def test_cli_text_json_and_html(audit: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.html"
    assert main(["report", str(audit), "--html", str(out)]) == 0
    text = capsys.readouterr().out
    assert "flows: 5" in text and "p95 6.0 ms" in text and "by recipient type:" in text
    assert out.read_text().startswith("<!doctype html>")
    assert main(["report", str(audit), "--json", "--since", "2026-11-01T10:30"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["flows"] == 1 and data["decisions"]["allow"] == 1
    assert SECRET not in text


def test_empty_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("")
    assert main(["report", str(path), "--html", str(tmp_path / "r.html")]) == 0
    assert "no decisions" in capsys.readouterr().out


def test_html_escapes_what_the_log_holds(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    path.write_text(json.dumps(_rec("2026-11-01T10:00:00+00:00", "<script>x</script>.example", "deny", 1.0,
                                    categories=["<b>Odd</b>"])) + "\n")
    page = render_html(summarise(load_records(path)))
    assert "<script>" not in page and "<b>Odd" not in page and "&lt;script&gt;" in page
