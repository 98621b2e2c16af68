"""Real browser SDKs from npm, in Chromium, through GuardianAgent, to a fake internet.

Three SDKs of the live-clients benchmark (lab/bench/live_clients, whose harness this test imports):
@honeybadger-io/js, @microsoft/applicationinsights-web and @jitsu/js, installed with `npm ci` from
the lab's lockfile (lab/bench/live_clients/package-lock.json, into the benchmark's own
lab/bench/live_clients/.build, cached by the lockfile's hash) and bundled with esbuild. Each SDK runs its vendor-documented set-up on two shop pages, each in a
fresh browser context, through `mitmdump -s recorder_first -s guardian_addon -s recorder_last`:

- identify: the user's name, e-mail, phone and id planted in the SDK's user context, one event
  or handled error. (a) No planted value reaches the collector, in any form the benchmark
  decodes (URL-decoding, JSON unescaping, base64, decompression); (b) no request was blocked:
  the protection is a rewrite, and every request still arrives.
- pageview: nothing personal. (c) Every request arrives as sent, or with ids swapped for ids of
  the same format (same length and character classes).

Skipped, with the reason, when node/npm, the npm registry, Chromium (installed by apt-get when
root, as in test_browser_e2e.py; never downloaded by Playwright), Playwright or mitmdump cannot
be had. A forbidden package in the lockfile is an error, never a skip.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from lab.bench.live_clients.livebench.bench import HERE as PACKAGE_DIR  # the lab's one package.json
from lab.bench.live_clients.livebench.bench import BenchConfig, run_bench
from lab.bench.live_clients.livebench.browser import find_chromium
from lab.bench.live_clients.livebench.build import BuildError, ensure_installed, node_tools
from lab.bench.live_clients.livebench.sdks import select

pytestmark = pytest.mark.e2e

SDK_SLUGS = ("honeybadger", "appinsights", "jitsu")


def _mitmdump() -> Path | None:
    """The project's mitmdump (next to this Python), else one on PATH."""
    beside = Path(sys.executable).with_name("mitmdump")
    if beside.exists():
        return beside
    found = shutil.which("mitmdump")
    return Path(found) if found else None


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One guardian-mode run of the three SDKs (both pages each); the benchmark's report."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("the playwright package is not installed (pip install -e '.[test]')")
    node, npm, why = node_tools()
    if node is None or npm is None:
        pytest.skip(why)
    chromium, why = find_chromium(install=True)
    if chromium is None:
        pytest.skip(why)
    mitmdump = _mitmdump()
    if mitmdump is None:
        pytest.skip("mitmdump is not installed in this environment")
    build_dir = PACKAGE_DIR / ".build"  # the benchmark's own install: one package.json, one npm ci
    try:
        ensure_installed(PACKAGE_DIR, build_dir)
    except BuildError as e:
        if "FORBIDDEN" in str(e):
            raise  # never a skip: the lockfile must not hold those packages
        pytest.skip(f"cannot install the SDKs from the npm registry: {str(e)[-300:]}")
    cfg = BenchConfig(
        out=tmp_path_factory.mktemp("live-clients"),
        sdks=select("dev", ",".join(SDK_SLUGS)),
        modes=("guardian",),
        package_dir=PACKAGE_DIR,
        build_dir=build_dir,
        mitmdump=mitmdump,
        log=lambda line: print(line, flush=True),
    )
    result: dict[str, Any] = run_bench(cfg)
    return result


def _page(report: dict[str, Any], slug: str, kind: str) -> dict[str, Any]:
    """One page's figures from the guardian run (fails if the SDK did not run)."""
    pages = report["pages"]["guardian"].get(slug)
    assert pages is not None, f"{slug} did not run: {report['sdks']}"
    page: dict[str, Any] = pages[kind]
    return page


def _sent_planted(page: dict[str, Any], slug: str) -> None:
    """The identify page is only a test if the SDK really sent planted values."""
    assert page["planted_sent"], f"{slug}: the SDK sent no planted value (result {page['result']!r}); the page is broken"


@pytest.mark.parametrize("slug", SDK_SLUGS)
def test_identify_no_planted_value_reaches_the_collector(report: dict[str, Any], slug: str) -> None:
    page = _page(report, slug, "identify")
    _sent_planted(page, slug)
    leaks = page["planted_arrived"]
    assert not leaks, f"{slug}: planted values arrived at the collector: {leaks}"


@pytest.mark.parametrize("slug", SDK_SLUGS)
def test_identify_nothing_blocked(report: dict[str, Any], slug: str) -> None:
    page = _page(report, slug, "identify")
    _sent_planted(page, slug)
    blocked = [f"{r['endpoint']}: {r.get('reason')}" for r in page["requests"] if r["fate"] == "blocked"]
    lost = [f"{r['endpoint']}: {r.get('error')}" for r in page["requests"] if r["fate"] == "lost"]
    assert not blocked and not lost, f"{slug}: blocked {blocked}, lost {lost}"


@pytest.mark.parametrize("slug", SDK_SLUGS)
def test_pageview_arrives_intact(report: dict[str, Any], slug: str) -> None:
    page = _page(report, slug, "pageview")
    assert page["sent"] > 0, f"{slug}: the page view page sent nothing (result {page['result']!r})"
    broken = [f"{r['endpoint']}: {r['status']} {r.get('changes', [])} ({r.get('reason')})"
              for r in page["requests"] if r["status"] not in ("identical", "id_swapped", "reencoded")]
    assert page["intact"] and not broken, f"{slug}: page view requests not intact: {broken}"
