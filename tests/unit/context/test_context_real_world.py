"""The 20 hand-picked real-world requests of tests/fixtures/context/real_world.yaml.

Each is checked with the built-in map and with the shared Disconnect + DuckDuckGo lists against
its human answer overlaid with the deviations the fixture records for that map, so a change in
behaviour (for better or worse) fails here and has to be written down in the fixture.
lab/bench/context_coverage.py scores the same examples against the human answer alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from guardian.context import ContextResolver, builtin_trackers, load_trackers
from guardian.records import HttpRequest

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "context" / "real_world.yaml"
SHARED = Path(__file__).resolve().parents[4] / "shared" / "data" / "trackers"


def _examples() -> list[dict[str, Any]]:
    data = yaml.safe_load(FIXTURE.read_text("utf-8"))
    out = []
    for ex in data["examples"]:
        headers = tuple(tuple(h) for h in data["browsers"][ex["browser"]]) + tuple(tuple(h) for h in ex["headers"])
        request = HttpRequest(ex["method"], ex["url"], headers, str(ex.get("body", "")).encode())  # type: ignore[arg-type]
        out.append(dict(ex, request=request))
    return out


EXAMPLES = _examples()


def _want(example: dict[str, Any], deviation: str) -> tuple[str, set[str], str]:
    want = {**example["expect"], **{k: v for k, v in (example.get(deviation) or {}).items() if k != "why"}}
    return want["recipient"], set(want["purposes"]), want["basis"]


def _got(resolver: ContextResolver, request: HttpRequest) -> tuple[str, set[str], str]:
    ctx = resolver.resolve(request)
    assert len(ctx.purposes) == len(ctx.purpose_sources)
    assert ctx.basis_signals, "the basis must name the headers that decided it"
    return ctx.recipient.value, {p.value for p in ctx.purposes}, ctx.basis.value


def test_twenty_examples() -> None:
    assert len(EXAMPLES) == 20
    assert len({ex["name"] for ex in EXAMPLES}) == 20


@pytest.mark.parametrize("example", EXAMPLES, ids=[ex["name"] for ex in EXAMPLES])
def test_with_builtin_map(example: dict[str, Any]) -> None:
    assert _got(ContextResolver(builtin_trackers()), example["request"]) == _want(example, "builtin")


@pytest.fixture(scope="module")
def with_lists() -> ContextResolver:
    if not (SHARED / "disconnect" / "services.json").exists() or not (SHARED / "duckduckgo" / "tds.json").exists():
        pytest.skip(f"the Disconnect and DuckDuckGo lists are not at {SHARED} (not shipped: non-commercial licence)")
    return ContextResolver(load_trackers(str(SHARED)))


@pytest.mark.parametrize("example", EXAMPLES, ids=[ex["name"] for ex in EXAMPLES])
def test_with_shared_lists(with_lists: ContextResolver, example: dict[str, Any]) -> None:
    assert _got(with_lists, example["request"]) == _want(example, "lists")
