"""certs/guardian-ca.sh: makes the CA, and (dry run) prints the trust and removal commands."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[3] / "certs" / "guardian-ca.sh"


def _run(tmp_path: Path, *args: str, dry: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CONFDIR": str(tmp_path / "conf"), "NSSDB": str(tmp_path / "nss"),
           "FIREFOX_DIR": str(tmp_path / "ff"), "PYTHON": sys.executable}
    if dry:
        env["DRY_RUN"] = "1"
    return subprocess.run(["bash", str(SCRIPT), *args], env=env, capture_output=True, text=True, timeout=120)


@pytest.fixture()
def ca(tmp_path: Path) -> Path:
    done = _run(tmp_path, "create", dry=False)
    assert done.returncode == 0, done.stderr
    cert = tmp_path / "conf" / "mitmproxy-ca-cert.pem"
    assert cert.read_text().startswith("-----BEGIN CERTIFICATE-----")
    assert (tmp_path / "conf" / "mitmproxy-ca.pem").exists()  # the key, for mitmproxy
    return cert


def test_create_makes_the_mitmproxy_ca_and_is_idempotent(tmp_path: Path, ca: Path) -> None:
    before = ca.read_bytes()
    assert _run(tmp_path, "create", dry=False).returncode == 0
    assert ca.read_bytes() == before


def test_chromium_and_firefox_commands(tmp_path: Path, ca: Path) -> None:
    out = _run(tmp_path, "chromium").stdout
    assert f"certutil -d sql:{tmp_path / 'nss'} -A -t C\\,\\," in out and str(ca) in out
    out = _run(tmp_path, "chromium-remove").stdout
    assert "-D -n GuardianAgent\\ mitmproxy\\ CA" in out
    profile = tmp_path / "ff" / "abc.default-release"
    profile.mkdir(parents=True)
    (profile / "cert9.db").write_bytes(b"")
    out = _run(tmp_path, "firefox").stdout
    assert f"-d sql:{profile}" in out and "-A -n" in out
    policy = json.loads(_run(tmp_path, "firefox-policy").stdout)
    assert policy["policies"]["Certificates"]["Install"] == [str(ca)]


def test_system_install_and_uninstall_commands_on_linux(tmp_path: Path, ca: Path) -> None:
    if os.uname().sysname != "Linux" or not Path("/usr/local/share/ca-certificates").is_dir():
        pytest.skip("the Debian/Ubuntu system store is not here")
    out = _run(tmp_path, "install").stdout
    assert "update-ca-certificates" in out and "/usr/local/share/ca-certificates/guardian-mitmproxy-ca.crt" in out
    assert "update-ca-certificates --fresh" in _run(tmp_path, "uninstall").stdout


def test_unknown_command_fails(tmp_path: Path) -> None:
    assert _run(tmp_path, "nonsense").returncode != 0
