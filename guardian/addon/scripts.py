"""The site's own scripts: their token-shaped literals are taught to the user's session.

An SDK sends the site's key with every event ("token", "?token="), a name that elsewhere may be a
user's login. The key is a literal of a script every visitor loads (`guardian.fieldkinds.shown`),
so once the user's browser has loaded that script, the key is machinery wherever it goes again
(`SeenIdentifiers.relabel_shown`), and the SDK's calls arrive as it sent them.

Read: a successful answer to a script load (`Sec-Fetch-Dest: script`, which browsers send with
every one, and a JavaScript content type) of at most `MAX_SCRIPT_BYTES`, from the page's own site (`Sec-Fetch-Site: same-origin` or
`same-site`: a tracker's script may be made for the user, naming their id), that the server does
not mark `Cache-Control: private` (a script made for one user) and that sets no cookie. HTML is never read: a page may be one user's.
The scan runs on a thread of its own, off the event loop; a script's literals reach the session a
moment after the browser has the script, before the code that sends them has run in practice.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from mitmproxy import http

from guardian.addon.shared import ShownView
from guardian.fieldkinds.shown import script_literals

__all__ = ["PageScripts", "is_public_script", "MAX_SCRIPT_BYTES"]

log = logging.getLogger("guardian")

MAX_SCRIPT_BYTES = 8_000_000  # encoded; `script_literals` reads the first MAX_SCAN_BYTES of it decoded
_JS_TYPES = ("javascript", "ecmascript")


def _loads_a_script(fields: tuple[tuple[bytes, bytes], ...]) -> bool:
    """`Sec-Fetch-Dest: script`, read in one pass over the raw header fields: every answer asks
    this, and mitmproxy's case-insensitive lookup costs three times as much."""
    for name, value in fields:
        if len(name) == 14 and name.lower() == b"sec-fetch-dest":
            return value == b"script"
    return False


def is_public_script(flow: http.HTTPFlow) -> bool:
    """A script every visitor of the site gets, by the load and its answer (module docstring)."""
    response = flow.response
    if response is None or response.status_code != 200 or response.raw_content is None:
        return False
    if not _loads_a_script(flow.request.headers.fields):
        return False
    kind = response.headers.get("content-type", "").lower()
    if not any(t in kind for t in _JS_TYPES) or "set-cookie" in response.headers:
        return False
    # the site's own code, where it sets its SDKs up: a third party's script may be made for the
    # user ("id.js" of a tracker naming their id), which would then pass for a constant
    if flow.request.headers.get("sec-fetch-site", "") not in ("same-origin", "same-site"):
        return False
    if "private" in response.headers.get("cache-control", "").lower():
        return False
    return 0 < len(response.raw_content) <= MAX_SCRIPT_BYTES


def _literals(response: http.Response) -> list[str]:
    try:
        body = response.get_content(strict=False) or b""
    except ValueError:  # an encoding it cannot undo: nothing read
        return []
    return script_literals(body)


class PageScripts:
    """Teaches the user's session the literals of the scripts their browser loads."""

    def __init__(self, engine: ShownView) -> None:
        self.engine = engine
        self._executor: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()
        self._reading: set[asyncio.Task[None]] = set()

    def done(self) -> None:
        for task in list(self._reading):
            task.cancel()
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def response(self, flow: http.HTTPFlow) -> None:
        # not a coroutine: every other answer returns here at the cost of a call; a script is held
        # (mitmproxy's intercept) until its literals are taught, so the SDK it sets up sends after
        if not flow.live or not is_public_script(flow):
            return
        flow.intercept()
        task = asyncio.get_running_loop().create_task(self._read(flow))
        self._reading.add(task)
        task.add_done_callback(self._reading.discard)

    async def _read(self, flow: http.HTTPFlow) -> None:
        assert flow.response is not None
        try:  # decoded and read on the scan's thread (the flow is held, nothing else touches it)
            values = await asyncio.get_running_loop().run_in_executor(self._pool(), _literals, flow.response)
            await self.engine.shown(flow, values)
        except Exception as e:  # noqa: BLE001 - a script the proxy cannot read changes no decision
            log.debug("guardian: a script's literals were not read (%s)", type(e).__name__)
        finally:
            flow.resume()

    def _pool(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._executor is None:  # one thread: scripts arrive a few per page, the scan is a regex
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="guardian-scripts")
            return self._executor
