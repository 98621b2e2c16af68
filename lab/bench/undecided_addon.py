"""GuardianAgent's addons with a request hook that decides nothing (`proxy_bench.py --addon-script`).

Every addon of `guardian_addon.py` is loaded and configured as usual (the pipeline is built, the
decision process starts), but the decision addon's `request` hook returns at once. The difference
to plain mitmdump is mitmproxy's dispatch of the addons' hooks and the other hooks' own work; the
difference to `guardian_addon.py` is the decision path (lab/bench/README.md, "where the loop's time goes").

    .venv/bin/python lab/bench/proxy_bench.py --workloads a --serial 0 --addon-script lab/bench/undecided_addon.py
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from guardian.addon.guardian import GuardianAddon  # noqa: E402 - after the path is set


async def _decide_nothing(self: GuardianAddon, flow: Any) -> None:
    return None


GuardianAddon.request = _decide_nothing  # type: ignore[method-assign]

from guardian_addon import addons  # noqa: E402,F401 - the addons mitmdump loads from this script
