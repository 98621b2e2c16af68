"""A mitmdump script for the fail-mode tests: makes the detect stage of the loaded pipeline raise.

Loaded after guardian_addon.py; it assembles the pipeline again over the same components but with
a detector that fails with a message quoting the body (to prove the message never reaches logs),
and swaps it in as a rules reload does (a built pipeline is never changed).
"""

from __future__ import annotations

import dataclasses

from mitmproxy import ctx

from guardian.assemble import assemble
from guardian.detect import Detector
from guardian.detect.base import Recognizer
from collections.abc import Mapping, Sequence

from guardian.records import Finding, KindLabel, Payload


class _ExplodingDetector(Detector):
    def detect(self, payload: Payload, kinds: Mapping[str, KindLabel] | None = None,
               site: str | None = None) -> tuple[Finding, ...]:
        raise RuntimeError("detector exploded on: " + " ".join(f.value for f in payload.fields))

    def with_recognizers(self, extra: Sequence[Recognizer]) -> Detector:
        return self  # the rules file's own recognisers (tests/e2e/rules.yaml) must not replace it


class FaultInjection:
    def running(self) -> None:
        addon = ctx.master.addons.get("guardianaddon")
        parts = dataclasses.replace(addon.engine.components, detector=_ExplodingDetector([]))
        addon.engine.components = parts
        addon.engine.pipeline = assemble(addon.settings, components=parts)


addons = [FaultInjection()]
