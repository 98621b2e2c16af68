"""A mitmdump script for the fail-mode tests: makes the detect stage of the loaded pipeline raise.

Loaded after guardian_addon.py; it swaps the pipeline's detector for one that fails with a
message quoting the body (to prove the message never reaches logs).
"""

from __future__ import annotations

from typing import Any

from mitmproxy import ctx


class _ExplodingDetector:
    def detect(self, payload: Any) -> tuple[()]:
        raise RuntimeError("detector exploded on: " + " ".join(f.value for f in payload.fields))


class FaultInjection:
    def running(self) -> None:
        addon = ctx.master.addons.get("guardianaddon")
        addon.pipeline.detector = _ExplodingDetector()


addons = [FaultInjection()]
