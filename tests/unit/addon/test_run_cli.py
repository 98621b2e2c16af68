"""`guardian run`: the printed settings and the mitmdump command line."""

from __future__ import annotations

import pytest

from guardian.cli import main
from guardian.run import ADDON_SCRIPT, mitmdump_command, setup_instructions


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
