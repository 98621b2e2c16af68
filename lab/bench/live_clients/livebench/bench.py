"""One benchmark run: build, start the fake internet, then per mode a proxy and a browser.

`run_bench` is what run.py and the project's e2e test call; it returns the report (a dict)
and writes DIR/report.json, DIR/report.md and the raw records under DIR/raw/.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .analysis import analyse_page
from .browser import find_chromium, launch
from .build import BuildError, bundle, ensure_installed
from .fakenet import FakeNet
from .pages import PAGE_KINDS
from .pki import TestCA
from .procs import ProcessGroup
from .proxy import start_proxy
from .report import build_report, markdown
from .responders import make_responders
from .runner import PageRun, visit
from .sdks import Sdk, versions

__all__ = ["BenchConfig", "run_bench", "prepare"]

HERE = Path(__file__).resolve().parents[1]


@dataclass
class BenchConfig:
    """Where things are and what to run."""

    out: Path
    sdks: list[Sdk]
    modes: tuple[str, ...] = ("baseline", "guardian")
    trackers: str | None = None
    package_dir: Path = HERE
    build_dir: Path = HERE / ".build"
    reveal_blind: bool = False
    keep_blind_raw: bool = False
    mitmdump: Path | None = None
    handle_signals: bool = False  # the CLI: SIGTERM/SIGINT/SIGHUP end every child first
    users: int = 1  # > 1: the multi-user mode (livebench/multiuser.py)
    rounds: int = 1  # multi-user: the interleaved visits R times against the same proxies
    truth: Path | None = None  # multi-user, guardian mode alone: the baseline's multiuser_truth.json
    rescore: bool = False  # multi-user: score DIR/multiuser_observed.json against `truth`, run nothing
    log: Callable[[str], None] = field(default=lambda s: print(s, flush=True))


def prepare(cfg: BenchConfig) -> tuple[dict[str, Path], dict[str, str]]:
    """npm ci (cached) and one bundle per SDK: (bundles by slug, build errors by slug)."""
    ensure_installed(cfg.package_dir, cfg.build_dir)
    bundles: dict[str, Path] = {}
    errors: dict[str, str] = {}
    for sdk in cfg.sdks:
        try:
            bundles[sdk.slug] = bundle(sdk.slug, cfg.package_dir, cfg.build_dir)
        except BuildError as e:
            errors[sdk.slug] = str(e)
            cfg.log(f"[setup] {sdk.slug}: {e}")
    return bundles, errors


def _save_raw(run: PageRun, folder: Path) -> None:
    """The page's raw records (as sent, as left, as arrived) for looking into later."""
    folder.mkdir(parents=True, exist_ok=True)
    data = {"first": run.first, "last": run.last, "arrived": [a.as_json() for a in run.arrived],
            "console_errors": run.console_errors, "failed_requests": run.failed_requests, "result": run.result}
    (folder / f"{run.page}.json").write_text(json.dumps(data, indent=1))


def _run_mode(mode: str, cfg: BenchConfig, net: FakeNet, ca: TestCA, chromium: str, group: ProcessGroup,
              bundles: dict[str, Path]) -> dict[str, dict[str, Any]]:
    """All SDK pages through one proxy and one browser: {slug: {page: analysis}}."""
    from playwright.sync_api import sync_playwright

    proxy = start_proxy(mode, cfg.out / "work" / mode, cfg.out / "mitmconf", ca.ca_pem, net.port, group,
                        trackers=cfg.trackers, mitmdump=cfg.mitmdump)
    cfg.log(f"[{mode}] mitmdump on 127.0.0.1:{proxy.port}")
    results: dict[str, dict[str, Any]] = {}
    try:
        with sync_playwright() as pw:
            browser = launch(pw, chromium, proxy.port, proxy.ca_cert, cfg.out / "work" / "profile")
            try:
                for sdk in cfg.sdks:
                    if sdk.slug not in bundles:
                        continue
                    results[sdk.slug] = {}
                    for kind in PAGE_KINDS:
                        if not proxy.alive():
                            raise RuntimeError(f"mitmdump died; see {proxy.log}")
                        run = visit(browser, proxy, net, sdk, kind, cfg.log, masked=sdk.blind and not cfg.reveal_blind)
                        if not sdk.blind or cfg.keep_blind_raw:
                            _save_raw(run, cfg.out / "raw" / mode / sdk.slug)
                        results[sdk.slug][kind] = analyse_page(run)
            finally:
                browser.close()
    finally:
        group.stop(proxy.process)
    return results


def _forget_blind_traffic(cfg: BenchConfig) -> None:
    """Delete the proxy-wide records (recorder lines, audit log) when blind SDKs ran in them.

    They hold every request of the run, the blind SDKs' too (the audit log names their fields);
    the per-page analysis is done by now, and the dev SDKs' records are kept under DIR/raw."""
    if cfg.keep_blind_raw or not any(s.blind for s in cfg.sdks):
        return
    for mode in cfg.modes:
        work = cfg.out / "work" / mode
        for name in ("first.jsonl", "last.jsonl", "audit.jsonl", ".guardian-audit-key"):
            (work / name).unlink(missing_ok=True)


def run_multiuser(cfg: BenchConfig) -> dict[str, Any]:
    """The multi-user mode (`--users N`, N >= 2): the report's "multiuser" part, DIR/report.{json,md}."""
    from . import multiuser

    started = time.monotonic()
    cfg.out.mkdir(parents=True, exist_ok=True)
    visits: dict[str, Any] = {}
    build_errors: dict[str, str] = {}
    if not cfg.rescore:
        chromium, why = find_chromium(install=True)
        if chromium is None:
            raise RuntimeError(why)
        bundles, build_errors = prepare(cfg)
        group = ProcessGroup()
        if cfg.handle_signals:
            group.install_signal_handlers()
        ca = TestCA(cfg.out / "pki")
        net = FakeNet(ca, make_responders(bundles))
        net.start()
        try:
            visits = multiuser.run_modes(cfg, net, ca, chromium, group, bundles)
        finally:
            net.stop()
            group.close()
            _forget_blind_traffic(cfg)
    mu = multiuser.build(cfg, visits, cfg.truth)
    if cfg.rescore and (cfg.out / "report.json").exists():  # keep the run's visit counts
        mu["visits"] = json.loads((cfg.out / "report.json").read_text()).get("multiuser", {}).get("visits", {})
    report: dict[str, Any] = {"generated": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "trackers": cfg.trackers,
                              "modes": list(cfg.modes), "reveal_blind": cfg.reveal_blind, "build_errors":
                              {k: v for k, v in build_errors.items() if cfg.reveal_blind or not any(s.slug == k and s.blind for s in cfg.sdks)},
                              "sdks": [{"slug": s.slug, "package": s.package, "blind": s.blind} for s in cfg.sdks
                                       if cfg.reveal_blind or not s.blind],
                              "blind_sdks": sum(s.blind for s in cfg.sdks), "multiuser": mu}
    report["seconds"] = round(time.monotonic() - started, 1)
    (cfg.out / "report.json").write_text(json.dumps(report, indent=1))
    (cfg.out / "report.md").write_text(multiuser.markdown_multiuser(mu))
    return report


def run_bench(cfg: BenchConfig) -> dict[str, Any]:
    """Build, run every mode, write the report; every process started is gone on return."""
    if cfg.users > 1 or cfg.rescore:
        return run_multiuser(cfg)
    started = time.monotonic()
    cfg.out.mkdir(parents=True, exist_ok=True)
    chromium, why = find_chromium(install=True)
    if chromium is None:
        raise RuntimeError(why)
    bundles, build_errors = prepare(cfg)
    group = ProcessGroup()
    if cfg.handle_signals:
        group.install_signal_handlers()
    ca = TestCA(cfg.out / "pki")
    net = FakeNet(ca, make_responders(bundles))
    net.start()
    results: dict[str, dict[str, dict[str, Any]]] = {}
    try:
        for mode in cfg.modes:
            results[mode] = _run_mode(mode, cfg, net, ca, chromium, group, bundles)
    finally:
        net.stop()
        group.close()
        _forget_blind_traffic(cfg)
    report = build_report(results, cfg.sdks, versions(cfg.package_dir / "package.json"), build_errors,
                          reveal_blind=cfg.reveal_blind, trackers=cfg.trackers)
    report["seconds"] = round(time.monotonic() - started, 1)
    (cfg.out / "report.json").write_text(json.dumps(report, indent=1))
    md = markdown(report)
    (cfg.out / "report.md").write_text(md)
    return report
