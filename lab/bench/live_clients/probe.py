#!/usr/bin/env python3
"""Debugging aid: open one SDK page in the baseline set-up, run it, print console output and a JS value.

    .venv/bin/python lab/bench/live_clients/probe.py raygun identify "typeof window.rg4js"
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from lab.bench.live_clients.livebench.bench import BenchConfig, prepare
from lab.bench.live_clients.livebench.browser import find_chromium, launch
from lab.bench.live_clients.livebench.fakenet import SHOP_HOST, FakeNet
from lab.bench.live_clients.livebench.pages import RUN_JS, page_path
from lab.bench.live_clients.livebench.pki import TestCA
from lab.bench.live_clients.livebench.planted import PLANTED_JS
from lab.bench.live_clients.livebench.procs import ProcessGroup
from lab.bench.live_clients.livebench.proxy import start_proxy
from lab.bench.live_clients.livebench.responders import make_responders
from lab.bench.live_clients.livebench.runner import USER_AGENT
from lab.bench.live_clients.livebench.sdks import select


def main(slug: str, kind: str, expr: str = "null", wait: float = 5.0) -> None:
    """Load, call, wait, print what happened."""
    from playwright.sync_api import sync_playwright

    out = Path(tempfile.mkdtemp(prefix="livebench-probe-"))
    cfg = BenchConfig(out=out, sdks=select("all", slug))
    bundles, errors = prepare(cfg)
    if errors:
        raise SystemExit(errors)
    chromium, why = find_chromium()
    group = ProcessGroup()
    ca = TestCA(out / "pki")
    net = FakeNet(ca, make_responders(bundles))
    net.start()
    try:
        proxy = start_proxy("baseline", out / "work", out / "mitmconf", ca.ca_pem, net.port, group)
        with sync_playwright() as pw:
            browser = launch(pw, chromium or "", proxy.port, proxy.ca_cert, out / "profile")
            ctx = browser.new_context(user_agent=USER_AGENT)
            page = ctx.new_page()
            page.on("console", lambda m: print(f"[console.{m.type}] {m.text[:300]}"))
            page.on("pageerror", lambda e: print(f"[pageerror] {e}"))
            page.on("request", lambda r: print(f"[request] {r.method} {r.url[:160]}"))
            page.goto(f"https://{SHOP_HOST}{page_path(slug, kind)}")
            print("call:", page.evaluate(RUN_JS, [kind, PLANTED_JS, 15000]))
            time.sleep(wait)
            print("value:", page.evaluate(f"() => {{ try {{ return JSON.stringify({expr}); }} catch (e) {{ return String(e); }} }}"))
            page.goto("about:blank")
            time.sleep(2)
            browser.close()
        for a in net.arrived:
            print(f"[arrived] {a.method} {a.host}{a.target[:120]} {len(a.body)}B")
    finally:
        net.stop()
        group.close()


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) < 2:
        raise SystemExit(__doc__)
    main(args[0], args[1], args[2] if len(args) > 2 else "null", float(args[3]) if len(args) > 3 else 5.0)
