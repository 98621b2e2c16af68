"""`guardian run`: start the proxy with the addon, serve the PAC file, print how to use it.

It prints what to set on this machine (HTTP(S)_PROXY, GNOME, macOS, Windows) and then runs
`mitmdump` with the addon in the foreground until Ctrl-C, SIGTERM or SIGHUP, which stop it too.
Arguments after `--` go to mitmdump, except guardian run's own flags (`./guardian.sh run` puts
`--` before the user's arguments); after a second `--` everything goes to mitmdump unchanged.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path

__all__ = ["register", "setup_instructions", "mitmdump_command", "split_own_flags"]

ROOT = Path(__file__).resolve().parents[1]
ADDON_SCRIPT = ROOT / "guardian_addon.py"
DEFAULT_PORT = 8080
DEFAULT_PAC_PORT = 8079
STOP_GRACE_S = 10.0  # how long mitmdump may take to shut down before it is killed
# A service manager, a closed terminal (Windows has no SIGHUP).
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


def setup_instructions(proxy: str, pac_url: str | None, *, ca_file: str = "~/.mitmproxy/mitmproxy-ca-cert.pem") -> str:
    """What a user sets to send traffic through the proxy at `proxy` (host:port), per system."""
    host, _, port = proxy.rpartition(":")
    url = f"http://{proxy}"
    pac = pac_url or "(PAC file off: start without --pac-port 0)"
    lines = [
        f"GuardianAgent proxy: {url}",
        f"PAC file:            {pac}",
        f"CA certificate:      {ca_file} (trust it once: certs/guardian-ca.sh install; see certs/README.md)",
        "",
        "Send traffic through it with ONE of these (undo with the line after 'undo:'):",
        "",
        "  Terminal programs (curl, git, pip, ...), this shell only:",
        f"    export HTTP_PROXY={url} HTTPS_PROXY={url} http_proxy={url} https_proxy={url}",
        "    export NO_PROXY=localhost,127.0.0.1,::1 no_proxy=localhost,127.0.0.1,::1",
        "    undo: unset HTTP_PROXY HTTPS_PROXY http_proxy https_proxy NO_PROXY no_proxy",
        "",
        "  GNOME (Ubuntu, Debian, Fedora desktops; Chromium and Firefox follow it by default):",
    ]
    if pac_url:
        lines += [
            "    gsettings set org.gnome.system.proxy mode 'auto'",
            f"    gsettings set org.gnome.system.proxy autoconfig-url '{pac_url}'",
            "    or without the PAC file:",
        ]
    lines += [
        "    gsettings set org.gnome.system.proxy mode 'manual'",
        f"    gsettings set org.gnome.system.proxy.http host '{host}'; gsettings set org.gnome.system.proxy.http port {port}",
        f"    gsettings set org.gnome.system.proxy.https host '{host}'; gsettings set org.gnome.system.proxy.https port {port}",
        "    undo: gsettings set org.gnome.system.proxy mode 'none'",
        "",
        "  macOS (service names: networksetup -listallnetworkservices; Wi-Fi shown):",
    ]
    if pac_url:
        lines += [f'    networksetup -setautoproxyurl "Wi-Fi" {pac_url}', "    or without the PAC file:"]
    lines += [
        f'    networksetup -setwebproxy "Wi-Fi" {host} {port}; networksetup -setsecurewebproxy "Wi-Fi" {host} {port}',
        '    undo: networksetup -setautoproxystate "Wi-Fi" off; networksetup -setwebproxystate "Wi-Fi" off;'
        ' networksetup -setsecurewebproxystate "Wi-Fi" off',
        "",
        "  Windows:",
    ]
    if pac_url:
        lines += [f"    Settings > Network & internet > Proxy > Use setup script: on, Script address: {pac_url}", "    or"]
    lines += [
        f"    Settings > Network & internet > Proxy > Use a proxy server: on, Address {host}, Port {port}",
        "    undo: switch the same setting off",
        "    services that use WinHTTP (administrator prompt):",
        f'    netsh winhttp set proxy proxy-server="http={proxy};https={proxy}" bypass-list="<local>"',
        "    undo: netsh winhttp reset proxy",
        "",
        "  Firefox with its own settings: Settings > Network Settings > Automatic proxy configuration URL"
        + (f": {pac_url}" if pac_url else ", or Manual proxy configuration"),
        "",
        "Hosts in the rules' ignore_hosts (banking, pinned apps, OS updates) are never intercepted.",
    ]
    return "\n".join(lines) + "\n"


def resolve_rules_path(given: str | None) -> str:
    """The rules file to run with: the one given, else the user's (created on first run).

    The user's file is the one `guardian allow/block/reset` edit, so overrides reach the
    running proxy, which reloads it on change.
    """
    if given:
        return given
    from guardian.overrides import default_rules_path, ensure_rules_file

    path = default_rules_path()
    if ensure_rules_file(path):
        print(f"guardian: created your rules file {path} from rules/default.yaml", file=sys.stderr)
    return str(path)


def mitmdump_command(
    *, host: str, port: int, rules: str, audit: str, pac_port: int, sets: list[str], extra: list[str]
) -> list[str]:
    """The mitmdump command line that runs the addon with these settings.

    The executable is $GUARDIAN_MITMDUMP when set (for tests: a stand-in), else the venv's mitmdump.
    """
    exe = Path(sys.executable).with_name("mitmdump")
    mitmdump = os.environ.get("GUARDIAN_MITMDUMP") or (
        str(exe) if exe.exists() else (shutil.which("mitmdump") or "mitmdump")
    )
    cmd = [
        mitmdump,
        "--listen-host", host,
        "--listen-port", str(port),
        "-s", str(ADDON_SCRIPT),
        "--set", f"guardian_rules={rules}",
        "--set", f"guardian_audit={audit}",
        "--set", f"guardian_pac_port={pac_port}",
    ]
    # flow_detail=0: mitmdump's own per-flow line prints whole URLs, whose query strings can hold
    # personal data; the addon logs its own line with the path redacted. Only when the user sets
    # no flow_detail: mitmdump refuses two values for one option.
    if not any(s.startswith("flow_detail=") for s in sets):
        cmd += ["--set", "flow_detail=0"]
    for s in sets:
        cmd += ["--set", s]
    return cmd + extra


def _port_free(host: str, port: int) -> bool:
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
            s.bind((host, port))
        return True
    except OSError:
        return False


def split_own_flags(args: argparse.Namespace, passthrough: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """`args` with guardian run's own flags from `passthrough` read in, and what goes to mitmdump.

    Flags up to a second literal `--` count; that `--` and what follows go to mitmdump unchanged.
    """
    rest = passthrough[1:] if passthrough[:1] == ["--"] else list(passthrough)
    cut = rest.index("--") if "--" in rest else len(rest)
    # The same definitions as `guardian run` itself; no help flag and no abbreviations, so `-h`
    # and mitmdump's own long options (e.g. `--po...`) are never taken for ours.
    own = argparse.ArgumentParser(prog="guardian run", add_help=False, allow_abbrev=False)
    _add_options(own)
    # Parsing into a copy keeps what was given before `--`; --set appends to that list.
    ns = argparse.Namespace(**{**vars(args), "set": list(args.set)})
    ns, extra = own.parse_known_args(rest[:cut], namespace=ns)
    return ns, extra + rest[cut:]


class _Stop(Exception):
    """SIGTERM or SIGHUP arrived while mitmdump runs."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stop(proc: subprocess.Popen[bytes]) -> int:
    """Terminate `proc`, kill it after the grace period or on a second signal, and reap it."""
    proc.terminate()
    try:
        return proc.wait(timeout=STOP_GRACE_S)
    except (subprocess.TimeoutExpired, KeyboardInterrupt, _Stop):
        proc.kill()
        return proc.wait()


def run_until_stopped(cmd: list[str]) -> int:
    """Run `cmd` in the foreground; Ctrl-C, SIGTERM or SIGHUP stop it, so no child outlives us.

    Returns its exit status, or 128 + the signal for SIGTERM and SIGHUP.
    """
    # mitmdump stays in our process group, so Ctrl-C in a terminal reaches both at once, as before.
    child: list[subprocess.Popen[bytes]] = []
    early: list[int] = []

    def on_signal(signum: int, _frame: object) -> None:
        # No running child to stop: remember it (checked once Popen has returned) rather than
        # raise where no handler below could stop mitmdump.
        if not child or child[0].returncode is not None:
            early.append(signum)
            return
        raise _Stop(signum)

    previous = {s: signal.signal(s, on_signal) for s in STOP_SIGNALS}
    try:
        child.append(subprocess.Popen(cmd))  # noqa: S603 - our own mitmdump with our own arguments
        if early:
            raise _Stop(early[0])
        return child[0].wait()
    except KeyboardInterrupt:
        if not child:
            raise
        return _stop(child[0])
    except _Stop as stop:
        _stop(child[0])
        return 128 + stop.signum
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def _cmd_run(args: argparse.Namespace) -> int:
    from guardian.addon.pac import PAC_PATH, proxy_address

    args, extra = split_own_flags(args, args.mitmdump_args)
    pac_port = args.pac_port
    if pac_port and not _port_free(args.host, pac_port):
        print(f"guardian: port {pac_port} is in use, so no PAC file is served (choose one with --pac-port)", file=sys.stderr)
        pac_port = 0
    proxy = proxy_address(args.host, args.port)
    pac_url = f"http://{proxy_address(args.host, pac_port)}{PAC_PATH}" if pac_port else None
    from guardian.weights import banner

    sys.stdout.write(setup_instructions(proxy, pac_url) + banner())
    sys.stdout.flush()
    if args.print_only:
        return 0
    Path(args.audit).expanduser().parent.mkdir(parents=True, exist_ok=True)
    args.rules = resolve_rules_path(args.rules)
    cmd = mitmdump_command(
        host=args.host, port=args.port, rules=args.rules, audit=args.audit, pac_port=pac_port, sets=args.set, extra=extra
    )
    return run_until_stopped(cmd)


def _add_options(parser: argparse.ArgumentParser) -> None:
    """guardian run's own flags: on its parser, and again to read them from after `--`."""
    add = parser.add_argument
    add("--host", default=os.environ.get("GUARDIAN_HOST", "127.0.0.1"), help="listen address (127.0.0.1)")
    add(
        "--port", type=int, default=int(os.environ.get("GUARDIAN_PORT", DEFAULT_PORT)), help="proxy port (8080; GUARDIAN_PORT)"
    )
    add(
        "--pac-port",
        type=int,
        default=int(os.environ.get("GUARDIAN_PAC_PORT", DEFAULT_PAC_PORT)),
        help="port of the PAC file server, 0 for none (8079; GUARDIAN_PAC_PORT)",
    )
    add(
        "--rules",
        default=None,
        help="rules file (default: $GUARDIAN_RULES, else ~/.config/guardian/rules.yaml, created from "
        "rules/default.yaml on first run; the file `guardian allow/block/reset` edit)",
    )
    add(
        "--audit", default=os.environ.get("GUARDIAN_AUDIT", str(ROOT / ".cache" / "audit.jsonl")), help="audit log"
    )
    add("--set", action="append", default=[], metavar="NAME=VALUE", help="a mitmproxy option; repeatable")
    add("--print-only", action="store_true", help="print the settings and exit without starting")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`guardian run`."""
    run = sub.add_parser(
        "run",
        help="run the proxy, serve the PAC file and print how to point this machine at it",
        description="Run the GuardianAgent proxy (mitmdump with the addon) in the foreground, serve a PAC "
        "file, and print the proxy settings for the shell, GNOME, macOS and Windows. Arguments after "
        "`--` go to mitmdump, except this command's own flags; after a second `--`, all of them.",
    )
    _add_options(run)
    run.add_argument("mitmdump_args", nargs=argparse.REMAINDER, help="-- then further mitmdump arguments")
    run.set_defaults(func=_cmd_run)
