"""Tracker lists from disk (guardian/context/lists.py), merging, ownership and policy URLs.

Small made-up lists in tests/fixtures/context/lists/ have the shapes of Disconnect's and
DuckDuckGo's files; the real ones in ../shared/data/trackers are tested at the end, skipped
when absent.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from guardian.context import ContextResolver, TrackerEntry, TrackerMap, builtin_trackers, load_lists, load_trackers
from guardian.context.lists import split_paths
from guardian.errors import ConfigError
from guardian.records import HttpRequest, Purpose, RecipientType

LISTS = Path(__file__).resolve().parents[2] / "fixtures" / "context" / "lists"
SERVICES = LISTS / "disconnect" / "services.json"
ENTITIES = LISTS / "disconnect" / "entities.json"
TDS = LISTS / "duckduckgo" / "tds.json"
SHARED = Path(__file__).resolve().parents[4] / "shared" / "data" / "trackers"


def category(tracker_map: TrackerMap, host: str) -> str | None:
    found = tracker_map.lookup(host)
    return found[1].category if found else None


def cross_site(url: str, page: str = "https://www.news.example/") -> HttpRequest:
    return HttpRequest(
        "POST",
        url,
        (("Origin", page), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "cors"), ("Sec-Fetch-Dest", "empty")),
        b"{}",
    )


# -- Disconnect ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("x.adco.example", "Advertising"),  # Advertising + FingerprintingInvasive: Advertising first
        ("adco-cdn.example", "Advertising"),
        ("shady.example", "Fingerprinting"),
        ("chirp.example", "Social"),  # Social + FingerprintingGeneral: Social first
        ("countco.example", "Analytics"),
        ("mailco.example", "Analytics"),  # EmailAggressive
        ("videoco.example", "ServiceProvider"),  # Content
        ("guardco.example", "Security"),  # Anti-fraud
        ("miner.example", "Other"),  # Cryptomining
        ("newco.example", None),  # a category this version does not know: ignored
    ],
)
def test_disconnect_categories(host: str, expected: str | None) -> None:
    tracker_map, stats = load_lists([SERVICES])
    assert category(tracker_map, host) == expected
    assert stats[0].format == "disconnect-services"


def test_disconnect_skips_paths_and_counts_unknown_categories() -> None:
    tracker_map, (stats,) = load_lists([SERVICES])
    assert stats.skipped == ["pixelco.example/path/only"]
    assert stats.unknown_categories == {"Other": 1}
    assert category(tracker_map, "pixelco.example") == "Advertising"
    assert tracker_map.lookup("pixelco.example")[1].source == "list"  # type: ignore[index]


def test_disconnect_entities_make_one_party() -> None:
    resolver = ContextResolver(load_trackers([str(LISTS / "disconnect")]))
    # A videoco-watch.example page loading vcimg.example: both VideoCo's, so first party.
    ctx = resolver.resolve(cross_site("https://i.vcimg.example/thumb.jpg", "https://videoco-watch.example/"))
    assert (ctx.recipient, ctx.recipient_source) == (RecipientType.FIRST_PARTY, "heuristic")
    # ... and from another site, vcimg.example is merely unlisted.
    ctx = resolver.resolve(cross_site("https://i.vcimg.example/thumb.jpg"))
    assert ctx.recipient is RecipientType.UNKNOWN_THIRD_PARTY


# -- DuckDuckGo TDS ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("www.measure.example", "Analytics"),  # Advertising + Audience Measurement: Analytics
        ("bigco-ads.example", "Advertising"),
        ("friendface.example", "Social"),  # Social Network first
        ("login-only.example", "Login"),
        ("fp.example", "Fingerprinting"),  # no categories, fingerprinting 3
        ("quiet.example", "Other"),  # no categories
        ("mailco.example", "Other"),  # only an unknown category
    ],
)
def test_tds_categories(host: str, expected: str) -> None:
    tracker_map, _ = load_lists([TDS])
    assert category(tracker_map, host) == expected


def test_tds_owned_by_policy_and_domains() -> None:
    tracker_map, (stats,) = load_lists([TDS])
    assert stats.format == "tds" and stats.trackers == 7 and stats.owned_domains == 2
    # measure.example is a brand of BigCo: its owner is BigCo, and so is bigco.example (domains).
    assert tracker_map.owner_of("measure.example") == tracker_map.owner_of("www.bigco.example") == "BigCo Inc."
    assert tracker_map.policy_url("collect.measure.example") == "https://bigco.example/privacy"
    assert tracker_map.policy_url("bigco-static.example") == "https://bigco.example/privacy"
    assert tracker_map.policy_url("quiet.example") is None
    assert tracker_map.policy_url("unlisted.example") is None


def test_tds_in_the_resolver() -> None:
    resolver = ContextResolver(load_trackers(str(TDS)))
    ctx = resolver.resolve(cross_site("https://www.measure.example/collect"))
    assert (ctx.recipient, ctx.recipient_source) == (RecipientType.ANALYTICS, "list")
    assert tuple(zip(ctx.purposes, ctx.purpose_sources)) == ((Purpose.ANALYTICS, "list"),)
    assert ctx.policy_url == "https://bigco.example/privacy"
    assert ctx.as_record()["tracker_category"] == "Analytics"
    # A page of BigCo sending to its own measurement brand is first party.
    ctx = resolver.resolve(cross_site("https://www.measure.example/collect", "https://www.bigco.example/"))
    assert ctx.recipient is RecipientType.FIRST_PARTY
    # Other: a listed tracker of unknown kind is an unknown third party, purpose undisclosed.
    ctx = resolver.resolve(cross_site("https://quiet.example/x"))
    assert (ctx.recipient, ctx.recipient_source) == (RecipientType.UNKNOWN_THIRD_PARTY, "list")
    assert ctx.purposes == (Purpose.UNDISCLOSED,)
    # Login: a service provider for authentication.
    ctx = resolver.resolve(cross_site("https://login-only.example/x"))
    assert (ctx.recipient, ctx.purposes) == (RecipientType.SERVICE_PROVIDER, (Purpose.AUTHENTICATION,))


# -- merging -------------------------------------------------------------------------------------


def test_first_list_wins_but_other_yields() -> None:
    disconnect_first, _ = load_lists([SERVICES, TDS])
    tds_first, _ = load_lists([TDS, SERVICES])
    # mailco: Disconnect Analytics vs TDS Other -> Analytics whichever comes first.
    assert category(disconnect_first, "mailco.example") == category(tds_first, "mailco.example") == "Analytics"


def test_first_list_wins_for_known_kinds(tmp_path: Path) -> None:
    other = tmp_path / "tds.json"
    data = json.loads(TDS.read_text())
    data["trackers"]["chirp.example"] = {
        "domain": "chirp.example", "owner": {"name": "Chirp"}, "fingerprinting": 0, "categories": ["Content Delivery"]
    }
    other.write_text(json.dumps(data))
    assert category(load_lists([SERVICES, other])[0], "chirp.example") == "Social"
    assert category(load_lists([other, SERVICES])[0], "chirp.example") == "CDN"


def test_lists_sit_above_builtin_and_longest_match_still_wins(tmp_path: Path) -> None:
    services = tmp_path / "services.json"
    services.write_text(json.dumps({"categories": {
        "Content": [{"Google": {"https://google.com": ["google.com", "google-analytics.com"]}}],
    }}))
    merged = load_trackers(str(services))
    assert merged.lookup("google-analytics.com")[1] == TrackerEntry("Google", "ServiceProvider")  # type: ignore[index]
    assert merged.lookup("google-analytics.com")[1].source == "list"  # type: ignore[index]
    # The built-in accounts.google.com is longer than the list's google.com: it still wins.
    found = merged.lookup("accounts.google.com")
    assert found is not None and found[1].source == "builtin" and found[1].category == "ServiceProvider"
    # Domains the list does not name keep the built-in entry and source.
    assert merged.lookup("doubleclick.net")[1].source == "builtin"  # type: ignore[index]
    ctx = ContextResolver(merged).resolve(cross_site("https://stats.g.doubleclick.net/j/collect"))
    assert (ctx.recipient, ctx.recipient_source, ctx.purpose_sources[0]) == (RecipientType.ADVERTISING, "builtin", "builtin")


def test_owner_aliases_need_two_shared_domains() -> None:
    upper = TrackerMap({"a.example": TrackerEntry("Meta", "Social"), "b.example": TrackerEntry("Meta", "CDN")})
    lower = TrackerMap(
        {
            "a.example": TrackerEntry("Facebook, Inc.", "Social"),
            "b.example": TrackerEntry("Facebook, Inc.", "CDN"),
            "c.example": TrackerEntry("Facebook, Inc.", "Advertising"),
            "d.example": TrackerEntry("Solo", "Analytics"),
        }
    )
    merged = TrackerMap.merge(upper, lower)
    assert merged.owner_of("c.example") == merged.owner_of("a.example") == "Meta"
    one_shared = TrackerMap.merge(TrackerMap({"d.example": TrackerEntry("Other Corp", "Analytics"),
                                              "e.example": TrackerEntry("Other Corp", "CDN")}), lower)
    assert one_shared.owner_of("e.example") != one_shared.owner_of("c.example")
    # Legal suffixes and case do not split an owner.
    assert TrackerMap({"x.example": TrackerEntry("Google LLC", "CDN"), "y.example": TrackerEntry("google", "CDN")}).owner_of(
        "x.example"
    ) == TrackerMap({"x.example": TrackerEntry("Google LLC", "CDN")}).owner_of("x.example")


# -- paths and errors ----------------------------------------------------------------------------


def test_directory_finds_every_list() -> None:
    _, stats = load_lists([LISTS])
    assert [s.format for s in stats] == ["disconnect-entities", "disconnect-services", "tds"]


def test_no_paths_is_the_builtin_map() -> None:
    assert load_trackers(None) is builtin_trackers()
    assert load_trackers(" , ") is builtin_trackers()


def test_split_paths() -> None:
    assert split_paths("a.json, b/ ,") == ["a.json", "b/"]
    assert split_paths(["a,b", "c"]) == ["a", "b", "c"]
    assert split_paths(None) == []


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        ("{not json", "not JSON"),
        ('{"something": 1}', "not a Disconnect"),
        ('{"categories": {"Advertising": {"not": "a list"}}}', "is not a list"),
        ('{"trackers": {"x.example": 3}}', "not an object"),
    ],
)
def test_bad_file_names_the_file(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "list.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(ConfigError, match=message) as e:
        load_trackers(str(path))
    assert str(path) in str(e.value)


def test_directory_without_lists_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "notes.json").write_text('{"hello": 1}')
    with pytest.raises(ConfigError, match="no Disconnect or DuckDuckGo list"):
        load_trackers(str(tmp_path))


# -- the real lists ------------------------------------------------------------------------------

needs_shared = pytest.mark.skipif(
    not (SHARED / "disconnect" / "services.json").exists() or not (SHARED / "duckduckgo" / "tds.json").exists(),
    reason=f"the Disconnect and DuckDuckGo lists are not at {SHARED} (they are not shipped: non-commercial licence)",
)


@needs_shared
def test_shared_lists_load_and_classify() -> None:
    merged, stats = load_lists([SHARED])
    assert {s.format for s in stats} == {"disconnect-services", "disconnect-entities", "tds"}
    assert len(merged) > 6000
    full = load_trackers(str(SHARED))
    expected = {
        "www.google-analytics.com": "Analytics",
        "stats.g.doubleclick.net": "Advertising",
        "www.facebook.com": "Social",
        "static.criteo.net": "Advertising",
        "script.hotjar.com": "Analytics",
    }
    assert {h: category(full, h) for h in expected} == expected
    # Ownership and policies across lists.
    assert full.owner_of("google-analytics.com") == full.owner_of("youtube.com")
    assert full.owner_of("facebook.com") == full.owner_of("fbcdn.net")
    assert full.owner_of("facebook.com") != full.owner_of("google.com")
    assert (full.policy_url("www.google-analytics.com") or "").startswith("https://policies.google.com/")
    assert full.owner_of("d1.cloudfront.net") is None
