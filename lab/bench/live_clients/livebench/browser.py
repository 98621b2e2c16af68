"""Debian's Chromium, driven by Playwright, with every request through the proxy.

The flags are those of tests/e2e/test_browser_e2e.py: nothing bypasses the proxy, the browser
resolves no name itself, and it trusts mitmproxy's CA by its key. Playwright never downloads a
browser here: it gets `executable_path`.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

__all__ = ["CHROMIUM_FLAGS", "find_chromium", "install_chromium", "chromium_args", "spki_hash"]

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--disable-client-side-phishing-detection",
    "--disable-default-apps",
    "--disable-domain-reliability",
    "--disable-blink-features=AutomationControlled",  # navigator.webdriver false, as for a person
    "--no-pings",
    "--disable-features=OptimizationHints,Translate,MediaRouter,DialMediaRouteProvider,AutofillServerCommunication,"
    "CertificateTransparencyComponentUpdater,AccountConsistency",
]


def install_chromium() -> str | None:
    """apt-get install Debian's chromium; the reason it could not be done, or None."""
    if os.environ.get("GUARDIAN_NO_APT"):
        return "GUARDIAN_NO_APT is set"
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "not root, so apt-get cannot install it (sudo apt-get install chromium)"
    if shutil.which("apt-get") is None:
        return "no apt-get on this machine"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update", "-qq"],
                ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium"]):
        try:
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
        except (OSError, subprocess.TimeoutExpired) as e:
            return f"{' '.join(cmd)} failed: {e}"
        if done.returncode != 0:
            return f"{' '.join(cmd)} failed: {done.stderr.strip()[-300:]}"
    return None


def find_chromium(install: bool = False) -> tuple[str | None, str]:
    """(path, "") of a Chromium binary, or (None, why not): $GUARDIAN_CHROMIUM, PATH, /usr/bin."""
    path = os.environ.get("GUARDIAN_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if os.path.exists(path):
        return path, ""
    if not install:
        return None, "no chromium (apt-get install -y --no-install-recommends chromium)"
    why = install_chromium()
    path = shutil.which("chromium") or "/usr/bin/chromium"
    if why or not os.path.exists(path):
        return None, f"Chromium is not installed and could not be installed: {why or 'no chromium after apt-get'}"
    return path, ""


def spki_hash(cert_pem: Path) -> str:
    """base64(SHA-256(SubjectPublicKeyInfo)), the form --ignore-certificate-errors-spki-list takes."""
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    cert = x509.load_pem_x509_certificate(cert_pem.read_bytes())
    spki = cert.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(spki).digest()).decode("ascii")


def chromium_args(proxy_port: int, mitm_ca: Path) -> list[str]:
    """Launch flags: through the proxy, resolve nothing, trust mitmproxy's CA key."""
    return [
        *CHROMIUM_FLAGS,
        f"--proxy-server=http://127.0.0.1:{proxy_port}",
        "--proxy-bypass-list=<-loopback>",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
        f"--ignore-certificate-errors-spki-list={spki_hash(mitm_ca)}",
    ]


def launch(pw: Any, chromium: str, proxy_port: int, mitm_ca: Path, profile: Path) -> Any:
    """A persistent-profile-less Chromium (Playwright gives it a temporary --user-data-dir)."""
    profile.mkdir(parents=True, exist_ok=True)
    return pw.chromium.launch(executable_path=chromium, headless=True, args=chromium_args(proxy_port, mitm_ca),
                              timeout=60_000)
