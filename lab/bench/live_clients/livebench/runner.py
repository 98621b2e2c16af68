"""Drive the runs: for each mode, one mitmdump and one Chromium; per SDK and page a fresh context.

Attribution is by time: SDKs and pages run one after the other, and each page's requests are
the recorder lines and arrivals between its start and the moment its traffic went quiet (after
the page call returned, then again after navigating away, which fires visibilitychange/pagehide).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .fakenet import SHOP_HOST, Arrived, FakeNet
from .pages import RUN_JS, page_path
from .planted import PLANTED_JS
from .proxy import Proxy
from .sdks import Sdk

__all__ = ["PageRun", "visit", "JsonlTail"]

QUIET_S = 1.5  # no new request for this long: the SDK is done (for now)
AFTER_UNLOAD_MAX_S = 8.0
CALL_LIMIT_MS = 15_000
# A desktop Chrome's user agent: "HeadlessChrome" makes some SDKs (bot filters) send nothing.
USER_AGENT = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 "
              "Safari/537.36")


@dataclass
class PageRun:
    """Everything recorded for one SDK page in one mode."""

    sdk: str
    page: str
    mode: str
    first: list[dict[str, Any]] = field(default_factory=list)
    last: list[dict[str, Any]] = field(default_factory=list)
    arrived: list[Arrived] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    result: str = ""
    seconds: float = 0.0


class JsonlTail:
    """Reads the JSON lines appended to a file since the last read (complete lines only)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = path.stat().st_size if path.exists() else 0

    def size(self) -> int:
        """The file's size now (a growing size means activity)."""
        return self.path.stat().st_size if self.path.exists() else 0

    def read(self) -> list[dict[str, Any]]:
        """New complete lines since the last read."""
        with self.path.open("rb") as fh:
            fh.seek(self.offset)
            data = fh.read()
        end = data.rfind(b"\n") + 1
        self.offset += end
        return [json.loads(line) for line in data[:end].splitlines() if line.strip()]


def _wait_quiet(net: FakeNet, tail: JsonlTail, min_s: float, max_s: float, quiet_s: float = QUIET_S) -> None:
    """Wait at least `min_s`, then until nothing new reached the proxy or the fake internet for `quiet_s`."""
    start = time.monotonic()
    last_size = tail.size()
    last_change = time.monotonic()
    while True:
        time.sleep(0.2)
        now = time.monotonic()
        size = tail.size()
        if size != last_size:
            last_size, last_change = size, now
        last_change = max(last_change, net.last_activity)
        if now - start >= max_s:
            return
        if now - start >= min_s and now - last_change >= quiet_s:
            return


def visit(browser: Any, proxy: Proxy, net: FakeNet, sdk: Sdk, kind: str, log: Callable[[str], None],
          masked: bool = False) -> PageRun:
    """One page in a fresh browser context: load, call the harness, wait, leave, wait, close.

    `masked`: a blind SDK's progress line names neither the SDK nor its counts."""
    run = PageRun(sdk.slug, kind, proxy.mode)
    first_tail, last_tail = JsonlTail(proxy.first), JsonlTail(proxy.last)
    mark = net.mark()
    started = time.monotonic()
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US",
                                  timezone_id="America/Los_Angeles", user_agent=USER_AGENT)
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.on("console", lambda m: run.console_errors.append(m.text[:400]) if m.type == "error" else None)
        page.on("pageerror", lambda e: run.console_errors.append(f"pageerror: {str(e)[:400]}"))
        page.on("requestfailed", lambda r: run.failed_requests.append(f"{r.method} {r.url[:200]} {r.failure}"))
        try:
            page.goto(f"https://{SHOP_HOST}{page_path(sdk.slug, kind)}", wait_until="load", timeout=30_000)
            run.result = str(page.evaluate(RUN_JS, [kind, PLANTED_JS, CALL_LIMIT_MS]))
        except Exception as e:  # noqa: BLE001 - a broken page is a result, not a crash of the bench
            run.result = f"error: {str(e).splitlines()[0][:300]}"
        _wait_quiet(net, first_tail, sdk.min_wait_s, sdk.max_wait_s)
        try:
            page.goto("about:blank", wait_until="load", timeout=10_000)  # visibilitychange + pagehide
        except Exception as e:  # noqa: BLE001
            run.console_errors.append(f"leaving the page: {str(e).splitlines()[0][:200]}")
        _wait_quiet(net, first_tail, 0.5, AFTER_UNLOAD_MAX_S)
    finally:
        context.close()
    time.sleep(0.3)  # the recorders write the last lines after the last arrival
    run.first = first_tail.read()
    run.last = last_tail.read()
    run.arrived = net.since(mark)
    run.seconds = round(time.monotonic() - started, 1)
    if masked:
        log(f"  {proxy.mode:8} {'(blind)':13} {kind:8} {run.seconds:5.1f}s")
    else:
        log(f"  {proxy.mode:8} {sdk.slug:13} {kind:8} {run.result[:40]:40} sent={len(run.first):3} "
            f"arrived={len(run.arrived):3} {run.seconds:5.1f}s")
    return run
