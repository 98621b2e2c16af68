"""lab/bench/live_clients' SDK table: the spent draw and sets, the frozen blind set, pins and entry files."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from lab.bench.live_clients.livebench.build import FORBIDDEN
from lab.bench.live_clients.livebench.sdks import (
    ADDED_AFTER_DRAW,
    ALL_28,
    BLIND_SET,
    EIGHTEENTH_BLIND_SET,
    EIGHTH_BLIND_SET,
    ELEVENTH_BLIND_SET,
    FIFTEENTH_BLIND_SET,
    FIFTH_BLIND_SET,
    FIFTIETH_BLIND_SET,
    FIRST_BLIND_DRAW,
    FORTIETH_BLIND_SET,
    FORTY_EIGHTH_BLIND_SET,
    FORTY_FIFTH_BLIND_SET,
    FORTY_FIRST_BLIND_SET,
    FORTY_FOURTH_BLIND_SET,
    FORTY_NINTH_BLIND_SET,
    FORTY_SECOND_BLIND_SET,
    FORTY_SEVENTH_BLIND_SET,
    FORTY_SIXTH_BLIND_SET,
    FORTY_THIRD_BLIND_SET,
    FOURTEENTH_BLIND_SET,
    FOURTH_BLIND_SET,
    NINETEENTH_BLIND_SET,
    NINTH_BLIND_SET,
    SDKS,
    SECOND_BLIND_SET,
    SEVENTEENTH_BLIND_SET,
    SEVENTH_BLIND_SET,
    SIXTEENTH_BLIND_SET,
    SIXTH_BLIND_SET,
    TENTH_BLIND_SET,
    THIRD_BLIND_SET,
    THIRTEENTH_BLIND_SET,
    THIRTIETH_BLIND_SET,
    THIRTY_EIGHTH_BLIND_SET,
    THIRTY_FIFTH_BLIND_SET,
    THIRTY_FIRST_BLIND_SET,
    THIRTY_SECOND_BLIND_SET,
    THIRTY_SEVENTH_BLIND_SET,
    THIRTY_SIXTH_BLIND_SET,
    THIRTY_FOURTH_BLIND_SET,
    THIRTY_NINTH_BLIND_SET,
    THIRTY_THIRD_BLIND_SET,
    TWELFTH_BLIND_SET,
    TWENTIETH_BLIND_SET,
    TWENTY_EIGHTH_BLIND_SET,
    TWENTY_FIFTH_BLIND_SET,
    TWENTY_FIRST_BLIND_SET,
    TWENTY_FOURTH_BLIND_SET,
    TWENTY_NINTH_BLIND_SET,
    TWENTY_SECOND_BLIND_SET,
    TWENTY_SEVENTH_BLIND_SET,
    TWENTY_SIXTH_BLIND_SET,
    TWENTY_THIRD_BLIND_SET,
    draw_blind,
    select,
    versions,
)

BENCH = Path(__file__).resolve().parents[3] / "lab" / "bench" / "live_clients"
# Vendors whose packages the bench must never use (FORBIDDEN is kept for acceptance tests).
_FORBIDDEN_VENDORS = re.compile(r"^(@amplitude|@sentry|@datadog|@segment|posthog|mixpanel|@rudderstack|@mparticle|"
                                r"@braze|@snowplow|countly|plausible|@newrelic|@elastic|@bugsnag|rollbar)")


def test_the_first_draw_reproduces_and_is_spent() -> None:
    assert len(ALL_28) == 28
    assert sorted(draw_blind(list(ALL_28))) == sorted(FIRST_BLIND_DRAW)
    by_package = {s.package: s for s in SDKS}
    assert all(not by_package[p].blind for p in FIRST_BLIND_DRAW)
    assert {s.package for s in select("dev")} >= set(FIRST_BLIND_DRAW)


def _frozen(name: str) -> dict[str, str]:
    """package -> version from a frozen list, after checking its SHA-256 line."""
    lines = (BENCH / name).read_text().splitlines(keepends=True)
    body, last = lines[:-1], lines[-1]
    digest = hashlib.sha256("".join(body).encode()).hexdigest()
    assert last.strip() == f"# sha256 of the lines above: {digest}"
    return dict(line.strip().rsplit("@", 1) for line in body)


def test_the_blind_set_is_the_frozen_list() -> None:
    frozen = _frozen("blind142.txt")
    assert sorted(frozen) == sorted(BLIND_SET) == sorted(s.package for s in select("blind"))
    assert len(BLIND_SET) >= 6
    pins = versions(BENCH / "package.json")
    assert all(pins[p] == v for p, v in frozen.items())
    assert not set(BLIND_SET) & (set(ALL_28) | set(ADDED_AFTER_DRAW) | set(SECOND_BLIND_SET) | set(THIRD_BLIND_SET)
                                 | set(FOURTH_BLIND_SET) | set(FIFTH_BLIND_SET) | set(SIXTH_BLIND_SET)
                                 | set(SEVENTH_BLIND_SET) | set(EIGHTH_BLIND_SET) | set(NINTH_BLIND_SET)
                                 | set(TENTH_BLIND_SET) | set(ELEVENTH_BLIND_SET)
                                 | set(TWELFTH_BLIND_SET) | set(THIRTEENTH_BLIND_SET) | set(FOURTEENTH_BLIND_SET)
                                 | set(FIFTEENTH_BLIND_SET) | set(SIXTEENTH_BLIND_SET) | set(SEVENTEENTH_BLIND_SET)
                                 | set(EIGHTEENTH_BLIND_SET) | set(NINETEENTH_BLIND_SET) | set(TWENTIETH_BLIND_SET)
                                 | set(TWENTY_FIRST_BLIND_SET) | set(TWENTY_SECOND_BLIND_SET)
                                 | set(TWENTY_THIRD_BLIND_SET) | set(TWENTY_FOURTH_BLIND_SET)
                                 | set(TWENTY_FIFTH_BLIND_SET) | set(TWENTY_SIXTH_BLIND_SET)
                                 | set(TWENTY_SEVENTH_BLIND_SET) | set(TWENTY_EIGHTH_BLIND_SET)
                                 | set(TWENTY_NINTH_BLIND_SET) | set(THIRTIETH_BLIND_SET)
                                 | set(THIRTY_FIRST_BLIND_SET) | set(THIRTY_SECOND_BLIND_SET)
                                 | set(THIRTY_THIRD_BLIND_SET) | set(THIRTY_FOURTH_BLIND_SET)
                                 | set(THIRTY_FIFTH_BLIND_SET) | set(THIRTY_SIXTH_BLIND_SET)
                                 | set(THIRTY_SEVENTH_BLIND_SET) | set(THIRTY_EIGHTH_BLIND_SET)
                                 | set(THIRTY_NINTH_BLIND_SET) | set(FORTIETH_BLIND_SET)
                                 | set(FORTY_FIRST_BLIND_SET) | set(FORTY_SECOND_BLIND_SET)
                                 | set(FORTY_THIRD_BLIND_SET) | set(FORTY_FOURTH_BLIND_SET)
                                 | set(FORTY_FIFTH_BLIND_SET) | set(FORTY_SIXTH_BLIND_SET)
                                 | set(FORTY_SEVENTH_BLIND_SET) | set(FORTY_EIGHTH_BLIND_SET)
                                 | set(FORTY_NINTH_BLIND_SET) | set(FIFTIETH_BLIND_SET))


def test_the_blind_set_holds_no_spent_or_forbidden_package() -> None:
    spent = (set(_frozen("blind42.txt")) | set(_frozen("blind46.txt")) | set(_frozen("blind48.txt"))
             | set(_frozen("blind50.txt")) | set(_frozen("blind52.txt")) | set(_frozen("blind54.txt"))
             | set(_frozen("blind56.txt")) | set(_frozen("blind58.txt")) | set(_frozen("blind60.txt"))
             | set(_frozen("blind62.txt")) | set(_frozen("blind64.txt")) | set(_frozen("blind66.txt"))
             | set(_frozen("blind68.txt")) | set(_frozen("blind70.txt")) | set(_frozen("blind72.txt"))
             | set(_frozen("blind74.txt")) | set(_frozen("blind76.txt")) | set(_frozen("blind78.txt"))
             | set(_frozen("blind80.txt")) | set(_frozen("blind82.txt")) | set(_frozen("blind84.txt"))
             | set(_frozen("blind86.txt")) | set(_frozen("blind88.txt")) | set(_frozen("blind90.txt"))
             | set(_frozen("blind92.txt")) | set(_frozen("blind94.txt")) | set(_frozen("blind96.txt"))
             | set(_frozen("blind98.txt")) | set(_frozen("blind100.txt")) | set(_frozen("blind102.txt"))
             | set(_frozen("blind104.txt")) | set(_frozen("blind106.txt")) | set(_frozen("blind108.txt"))
             | set(_frozen("blind110.txt")) | set(_frozen("blind112.txt")) | set(_frozen("blind114.txt"))
             | set(_frozen("blind116.txt")) | set(_frozen("blind118.txt")) | set(_frozen("blind120.txt"))
             | set(_frozen("blind122.txt")) | set(_frozen("blind124.txt")) | set(_frozen("blind126.txt"))
             | set(_frozen("blind128.txt")) | set(_frozen("blind130.txt")) | set(_frozen("blind132.txt"))
             | set(_frozen("blind134.txt")) | set(_frozen("blind136.txt")) | set(_frozen("blind138.txt"))
             | set(_frozen("blind140.txt")))
    assert not set(BLIND_SET) & spent
    assert not set(BLIND_SET) & FORBIDDEN
    assert not [p for p in BLIND_SET if _FORBIDDEN_VENDORS.match(p)]


@pytest.mark.parametrize(("file", "spent"), [
    ("blind42.txt", SECOND_BLIND_SET), ("blind46.txt", THIRD_BLIND_SET), ("blind48.txt", FOURTH_BLIND_SET),
    ("blind50.txt", FIFTH_BLIND_SET), ("blind52.txt", SIXTH_BLIND_SET), ("blind54.txt", SEVENTH_BLIND_SET),
    ("blind56.txt", EIGHTH_BLIND_SET), ("blind58.txt", NINTH_BLIND_SET), ("blind60.txt", TENTH_BLIND_SET),
    ("blind62.txt", ELEVENTH_BLIND_SET), ("blind64.txt", TWELFTH_BLIND_SET),
    ("blind66.txt", THIRTEENTH_BLIND_SET), ("blind68.txt", FOURTEENTH_BLIND_SET),
    ("blind70.txt", FIFTEENTH_BLIND_SET), ("blind72.txt", SIXTEENTH_BLIND_SET),
    ("blind74.txt", SEVENTEENTH_BLIND_SET), ("blind76.txt", EIGHTEENTH_BLIND_SET),
    ("blind78.txt", NINETEENTH_BLIND_SET), ("blind80.txt", TWENTIETH_BLIND_SET),
    ("blind82.txt", TWENTY_FIRST_BLIND_SET), ("blind84.txt", TWENTY_SECOND_BLIND_SET),
    ("blind86.txt", TWENTY_THIRD_BLIND_SET), ("blind88.txt", TWENTY_FOURTH_BLIND_SET),
    ("blind90.txt", TWENTY_FIFTH_BLIND_SET), ("blind92.txt", TWENTY_SIXTH_BLIND_SET),
    ("blind94.txt", TWENTY_SEVENTH_BLIND_SET), ("blind96.txt", TWENTY_EIGHTH_BLIND_SET),
    ("blind98.txt", TWENTY_NINTH_BLIND_SET), ("blind100.txt", THIRTIETH_BLIND_SET),
    ("blind102.txt", THIRTY_FIRST_BLIND_SET), ("blind104.txt", THIRTY_SECOND_BLIND_SET),
    ("blind106.txt", THIRTY_THIRD_BLIND_SET), ("blind108.txt", THIRTY_FOURTH_BLIND_SET),
    ("blind110.txt", THIRTY_FIFTH_BLIND_SET), ("blind112.txt", THIRTY_SIXTH_BLIND_SET),
    ("blind114.txt", THIRTY_SEVENTH_BLIND_SET), ("blind116.txt", THIRTY_EIGHTH_BLIND_SET),
    ("blind118.txt", THIRTY_NINTH_BLIND_SET), ("blind120.txt", FORTIETH_BLIND_SET),
    ("blind122.txt", FORTY_FIRST_BLIND_SET), ("blind124.txt", FORTY_SECOND_BLIND_SET),
    ("blind126.txt", FORTY_THIRD_BLIND_SET), ("blind128.txt", FORTY_FOURTH_BLIND_SET),
    ("blind130.txt", FORTY_FIFTH_BLIND_SET), ("blind132.txt", FORTY_SIXTH_BLIND_SET),
    ("blind134.txt", FORTY_SEVENTH_BLIND_SET), ("blind136.txt", FORTY_EIGHTH_BLIND_SET),
    ("blind138.txt", FORTY_NINTH_BLIND_SET), ("blind140.txt", FIFTIETH_BLIND_SET),
])
def test_a_spent_set_is_frozen_pinned_and_dev(file: str, spent: tuple[str, ...]) -> None:
    frozen = _frozen(file)
    assert sorted(frozen) == sorted(spent)
    assert {s.package for s in select("dev")} >= set(spent)
    pins = versions(BENCH / "package.json")
    assert all(pins[p] == v for p, v in frozen.items())


def test_pins_are_exact_and_no_forbidden_vendor() -> None:
    pins = versions(BENCH / "package.json")
    assert all(re.fullmatch(r"\d+\.\d+\.\d+", v) for v in pins.values()), pins
    assert not set(pins) & FORBIDDEN
    assert not [p for p in pins if _FORBIDDEN_VENDORS.match(p)]
    lock = json.loads((BENCH / "package-lock.json").read_text())
    root = lock["packages"][""]["dependencies"]
    assert root == pins
    for name, version in pins.items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version, name
    names = {k.rsplit("node_modules/", 1)[-1] for k in lock["packages"] if k}
    assert not names & FORBIDDEN


def test_every_sdk_has_an_entry_file_and_a_pinned_package() -> None:
    pins = versions(BENCH / "package.json")
    slugs = [s.slug for s in SDKS]
    assert len(slugs) == len(set(slugs)) == 380
    for sdk in SDKS:
        assert sdk.package in pins, sdk.package
        entry = (BENCH / "sdks" / f"{sdk.slug}.js").read_text()
        assert "export async function identify" in entry and "export async function pageview" in entry, sdk.slug
