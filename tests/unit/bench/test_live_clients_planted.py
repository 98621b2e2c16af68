"""lab/bench/live_clients' search for planted values: base64 right after a URL path's slash."""

from __future__ import annotations

import base64
import json
from urllib.parse import quote

from lab.bench.live_clients.livebench.planted import PLANTED, find_planted


def test_base64_json_after_a_path_slash_is_found() -> None:
    context = json.dumps({"user": {"key": PLANTED["user_id"], "email": PLANTED["email"], "name": PLANTED["name"]}})
    encoded = quote(base64.b64encode(context.encode()).decode(), safe="")
    found, _ = find_planted(f"/api/v2/configs/eval-with-context/{encoded}?mode=x", [], b"")
    assert {"user_id", "email", "name"} <= set(found)


def test_a_path_without_base64_finds_nothing() -> None:
    found, _ = find_planted("/api/v2/configs/eval-with-context/plain-words-only-here?mode=x", [], b"")
    assert not found
