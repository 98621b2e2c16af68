"""`guardian run`: the printed settings, the mitmdump command line, its flags and its signals."""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from guardian.cli import build_parser, main
from guardian.run import ADDON_SCRIPT, ROOT, mitmdump_command, setup_instructions, split_own_flags


def test_instructions_cover_every_system() -> None:
    text = setup_instructions("127.0.0.1:8080", "http://127.0.0.1:8079/proxy.pac")
    for needle in (
        "HTTPS_PROXY=http://127.0.0.1:8080",
        "gsettings set org.gnome.system.proxy autoconfig-url 'http://127.0.0.1:8079/proxy.pac'",
        "gsettings set org.gnome.system.proxy mode 'none'",
        'networksetup -setautoproxyurl "Wi-Fi" http://127.0.0.1:8079/proxy.pac',
        'networksetup -setsecurewebproxy "Wi-Fi" 127.0.0.1 8080',
        'netsh winhttp set proxy proxy-server="http=127.0.0.1:8080;https=127.0.0.1:8080"',
        "netsh winhttp reset proxy",
        "certs/guardian-ca.sh",
    ):
        assert needle in text


def test_instructions_without_pac() -> None:
    text = setup_instructions("127.0.0.1:8080", None)
    assert "autoconfig-url" not in text and "mode 'manual'" in text


def test_mitmdump_command_runs_the_addon_with_the_options() -> None:
    cmd = mitmdump_command(host="127.0.0.1", port=9, rules="r.yaml", audit="a.jsonl", pac_port=7,
                           sets=["guardian_mode=monitor"], extra=["--mode", "regular"])
    assert cmd[0].endswith("mitmdump") and str(ADDON_SCRIPT) in cmd and ADDON_SCRIPT.exists()
    for pair in (["--listen-port", "9"], ["--set", "guardian_pac_port=7"], ["--set", "guardian_mode=monitor"],
                 ["--set", "flow_detail=0"], ["--set", "guardian_rules=r.yaml"]):
        i = cmd.index(pair[0], cmd.index(pair[0]) if pair[0] != "--set" else 0)
        assert any(cmd[j:j + 2] == pair for j in range(i, len(cmd) - 1))
    assert cmd[-2:] == ["--mode", "regular"]


def test_a_flow_detail_of_the_users_replaces_ours() -> None:
    # mitmdump refuses two values for one option ("Received multiple values for flow_detail").
    cmd = mitmdump_command(host="h", port=9, rules="r", audit="a", pac_port=0, sets=["flow_detail=3"], extra=[])
    assert [cmd[i + 1] for i, arg in enumerate(cmd) if arg == "--set" and "flow_detail" in cmd[i + 1]] == ["flow_detail=3"]


def test_print_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--print-only", "--port", "18080", "--pac-port", "0"]) == 0
    out = capsys.readouterr().out
    assert "http://127.0.0.1:18080" in out and "PAC file off" in out


def test_rules_default_to_the_file_the_override_commands_edit(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from guardian.overrides import default_rules_path
    from guardian.run import resolve_rules_path

    monkeypatch.delenv("GUARDIAN_RULES", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    path = resolve_rules_path(None)
    assert path == str(default_rules_path()) and path.startswith(str(tmp_path))
    assert "trusted:" in open(path).read()  # created from the shipped default
    assert resolve_rules_path("/my/rules.yaml") == "/my/rules.yaml"


def _run_args(*argv: str) -> argparse.Namespace:
    """The namespace `guardian run` parses from `argv` (what `_cmd_run` gets)."""
    return build_parser().parse_args(["run", *argv])


def test_own_flags_after_the_dash_dash_are_read_the_rest_goes_to_mitmdump() -> None:
    # What `./guardian.sh run -v --print-only --port 9 ...` hands over: `--` first.
    args = _run_args("--set", "a=1", "--", "-v", "--print-only", "--port", "9", "--mode", "upstream:http://u:3128",
                     "--set", "flow_detail=3", "--pac-port=0", "--", "--port", "7")
    ns, extra = split_own_flags(args, args.mitmdump_args)
    assert ns.print_only and ns.port == 9 and ns.pac_port == 0 and ns.set == ["a=1", "flow_detail=3"]
    # After a second `--` nothing is taken: that part reaches mitmdump as given.
    assert extra == ["-v", "--mode", "upstream:http://u:3128", "--", "--port", "7"]
    assert args.set == ["a=1"] and not args.print_only  # the given namespace is left as it was


def test_flags_before_the_dash_dash_stay_and_mitmdump_flags_pass_through() -> None:
    args = _run_args("--port", "9", "--rules", "r.yaml", "--", "-h", "--po", "--showhost", "-s", "x.py")
    ns, extra = split_own_flags(args, args.mitmdump_args)
    assert (ns.port, ns.rules, ns.print_only) == (9, "r.yaml", False)
    assert extra == ["-h", "--po", "--showhost", "-s", "x.py"]  # no help, no abbreviations taken
    assert split_own_flags(_run_args(), [])[1] == []


def test_guardian_sh_style_print_only_starts_nothing(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def no_popen(*a: object, **k: object) -> None:
        raise AssertionError("--print-only must not start mitmdump")

    monkeypatch.setattr(subprocess, "Popen", no_popen)
    assert main(["run", "--", "-v", "--print-only", "--port", "18081", "--pac-port", "0"]) == 0
    out = capsys.readouterr().out
    assert "http://127.0.0.1:18081" in out and "PAC file off" in out


def test_guardian_sh_skips_the_llm_only_for_print_only() -> None:
    # The helper alone, cut out of guardian.sh: running guardian.sh itself would set up the venv.
    script = ROOT / "guardian.sh"
    helper = re.search(r"^has_print_only\(\) \{\n.*?^\}\n", script.read_text(), re.M | re.S)
    assert helper is not None

    def has(*argv: str) -> bool:
        code = subprocess.run(["bash", "-c", helper.group(0) + 'has_print_only "$@"', "_", *argv], timeout=10)
        return code.returncode == 0

    assert has("--print-only") and has("-v", "--print-only")
    assert not has() and not has("-v") and not has("--", "--print-only")


FAKE_MITMDUMP = """\
import os, time
with open(os.environ["FAKE_MITMDUMP_PIDFILE"] + ".tmp", "w") as f:
    f.write(str(os.getpid()))
os.replace(os.environ["FAKE_MITMDUMP_PIDFILE"] + ".tmp", os.environ["FAKE_MITMDUMP_PIDFILE"])
time.sleep(60)
"""


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_stops_mitmdump_too(tmp_path: Path, signum: int) -> None:
    fake = tmp_path / "mitmdump"
    fake.write_text(f"#!{sys.executable}\n{FAKE_MITMDUMP}")
    fake.chmod(0o755)
    pidfile = tmp_path / "mitmdump.pid"
    env = {**os.environ, "GUARDIAN_MITMDUMP": str(fake), "FAKE_MITMDUMP_PIDFILE": str(pidfile)}
    # `--` first, as ./guardian.sh run passes them.
    cmd = [sys.executable, "-m", "guardian.cli", "run", "--", "--rules", str(ROOT / "rules" / "default.yaml"),
           "--audit", str(tmp_path / "audit.jsonl"), "--pac-port", "0", "--port", "18082"]
    # Its own session, so the signals (and the clean-up below) reach only guardian run and its child.
    # Ctrl-C as a terminal delivers it: SIGINT at its default, even where the suite itself runs as a
    # background job of a non-interactive shell (which starts it with SIGINT ignored, inherited).
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while not pidfile.exists():
            assert proc.poll() is None and time.monotonic() < deadline, "the fake mitmdump did not start"
            time.sleep(0.05)
        child = int(pidfile.read_text())
        if signum == signal.SIGINT:
            os.killpg(proc.pid, signum)  # Ctrl-C: the terminal signals the whole process group
        else:
            os.kill(proc.pid, signum)  # a service manager or hang-up: guardian run alone
        code = proc.wait(timeout=15)  # within the 10 s grace period plus start-up slack
        assert _gone(child)  # reaped by guardian run, not left holding the proxy port
        if signum != signal.SIGINT:  # after Ctrl-C guardian run passes on mitmdump's own status
            assert code == 128 + signum
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=10)
