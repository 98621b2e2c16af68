"""lab/bench/proxy_bench.py's --instances N: the HAProxy config it writes, the version it reports, and
the audit logs of N addon instances read (and settled) as one."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from lab.bench import proxy_bench as pb


def _append(path: Path, records: list[dict[str, Any]], partial: str = "") -> None:
    """Records as the audit log writes them (one JSON line each), and optionally a line not yet ended."""
    with open(path, "a") as fh:
        fh.write("".join(json.dumps(r) + "\n" for r in records) + partial)


def test_config_balances_every_instance_in_tcp_mode() -> None:
    text = pb.haproxy_config(18080, [("addon-1", 18081), ("addon-2", 18082), ("addon-3", 18083)])
    lines = [line.strip() for line in text.splitlines()]
    assert "mode tcp" in lines and "balance leastconn" in lines
    assert f"bind {pb.LOOPBACK}:18080" in lines
    servers = [line for line in lines if line.startswith("server ")]
    assert servers == [f"server addon-{i} {pb.LOOPBACK}:1808{i} {pb.HAPROXY_CHECK}" for i in (1, 2, 3)]
    # maxconn in global (the process) and defaults (the frontend), never below what a phase opens
    assert lines.count(f"maxconn {pb.HAPROXY_MAXCONN}") == 2 and pb.HAPROXY_MAXCONN >= 1000
    assert not any(line.startswith(("log ", "stats ")) for line in lines)  # nothing but the bench's traffic
    assert text.endswith("\n")


@pytest.mark.skipif(not any(shutil.which(n) for n in pb.HAPROXY_PATHS), reason="haproxy is not installed")
def test_config_is_valid_for_the_installed_haproxy(tmp_path: Path) -> None:
    cfg = tmp_path / "haproxy.cfg"
    cfg.write_text(pb.haproxy_config(18080, [("plain-1", 18081), ("plain-2", 18082)]))
    done = subprocess.run([pb.find_haproxy(), "-c", "-f", str(cfg)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stdout + done.stderr


def test_missing_haproxy_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(RuntimeError, match="apt-get install haproxy"):
        pb.find_haproxy()


def test_haproxy_version_is_parsed() -> None:
    out = "HAProxy version 2.6.12-1+deb12u4 2026/10/17 - https://haproxy.org/\nStatus: long-term supported branch\n"
    assert pb.parse_haproxy_version(out) == "2.6.12-1+deb12u4"
    assert pb.parse_haproxy_version("") == "?"


def test_instances_are_checked_by_parse_args() -> None:
    assert pb.parse_args([]).instances == 1
    assert pb.parse_args(["--instances", "3", "--workloads", "a,b"]).instances == 3
    for argv in (["--instances", "0"], ["--instances", "2", "--workloads", "a,d"]):
        with pytest.raises(SystemExit):
            pb.parse_args(argv)


def test_each_instance_has_its_own_log_in_one_folder(tmp_path: Path) -> None:
    paths = pb.audit_paths(tmp_path / "audit", 3)
    assert len(set(paths)) == 3 and {p.parent for p in paths} == {tmp_path / "audit"}


def test_one_audit_key_for_every_instance(tmp_path: Path) -> None:
    from guardian.audit import ValueHasher

    pb.make_audit_key(tmp_path / "audit")
    first, second = pb.audit_paths(tmp_path / "audit", 2)
    assert ValueHasher.beside(first)("jane@example.org") == ValueHasher.beside(second)("jane@example.org")


def test_read_audits_reads_every_log_from_its_own_offset(tmp_path: Path) -> None:
    one, two, absent = tmp_path / "audit-1.jsonl", tmp_path / "audit-2.jsonl", tmp_path / "audit-3.jsonl"
    _append(one, [{"n": 1}, {"n": 2}])
    _append(two, [{"n": 3}], partial='{"n": 4')  # the second log is mid-write
    records, offsets = pb.read_audits([one, two, absent], {})
    assert [r["n"] for r in records] == [1, 2, 3]
    assert offsets[one] == one.stat().st_size and offsets[two] < two.stat().st_size and offsets[absent] == 0
    _append(two, [], partial="}\n")  # the line is ended; the first log has nothing new
    _append(one, [{"n": 5}])
    records, offsets = pb.read_audits([one, two, absent], offsets)
    assert sorted(r["n"] for r in records) == [4, 5]
    assert pb.read_audits([one, two, absent], offsets)[0] == []


def test_read_audits_of_one_log_is_read_audit(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    _append(log, [{"n": 1}, {"n": 2}], partial="{")
    records, offsets = pb.read_audits([log], {})
    assert (records, offsets[log]) == pb.read_audit(log, 0)


def test_settle_audits_counts_records_over_all_logs(tmp_path: Path) -> None:
    one, two = tmp_path / "audit-1.jsonl", tmp_path / "audit-2.jsonl"
    _append(one, [{"n": 1}])
    _append(two, [{"n": 2}, {"n": 3}])
    records, offsets = asyncio.run(pb.settle_audits([one, two], {}, 3))  # all in: returns at once
    assert len(records) == 3 and offsets == {one: one.stat().st_size, two: two.stat().st_size}


def test_render_names_the_instances_only_when_there_are_several() -> None:
    meta = {"cpus": 2, "python": "3.11", "mitmdump": "10", "concurrency": 8}
    report: dict[str, Any] = {"meta": meta, "results": {}}
    assert "HAProxy" not in pb.render(report)
    report["meta"] = {**meta, "instances": 3, "haproxy": "2.6.12"}
    assert "3 instances behind HAProxy 2.6.12" in pb.render(report).splitlines()[1]
