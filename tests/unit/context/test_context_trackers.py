"""The tracker map (guardian/context/trackers.py) and the packaged built-in list."""

from __future__ import annotations

import pytest

from guardian.context import TrackerEntry, TrackerMap, builtin_trackers
from guardian.context.trackers import CATEGORIES, canonical_category
from guardian.errors import ConfigError


@pytest.fixture
def small_map() -> TrackerMap:
    return TrackerMap(
        {
            "doubleclick.net": TrackerEntry("Google", "Advertising"),
            "google.com": TrackerEntry("Google", "Advertising"),
            "accounts.google.com": TrackerEntry("Google", "ServiceProvider"),
            "cloudfront.net": TrackerEntry("Amazon", "CDN"),
            "amazon-adsystem.com": TrackerEntry("Amazon", "Advertising"),
            "Tracker.Example.": TrackerEntry("Acme", "data broker"),
        }
    )


def test_suffix_matching(small_map: TrackerMap) -> None:
    assert small_map.lookup("a.b.doubleclick.net") == ("doubleclick.net", TrackerEntry("Google", "Advertising"))
    assert small_map.lookup("doubleclick.net") is not None
    assert small_map.lookup("DOUBLECLICK.NET.") is not None
    # Suffix on label boundaries only.
    assert small_map.lookup("notdoubleclick.net") is None
    assert small_map.lookup("doubleclick.net.evil.example") is None
    assert small_map.lookup("") is None
    assert "x.doubleclick.net" in small_map


def test_longest_match_wins(small_map: TrackerMap) -> None:
    assert small_map.lookup("accounts.google.com") == ("accounts.google.com", TrackerEntry("Google", "ServiceProvider"))
    assert small_map.lookup("x.accounts.google.com")[0] == "accounts.google.com"  # type: ignore[index]
    assert small_map.lookup("www.google.com")[1].category == "Advertising"  # type: ignore[index]


def test_keys_and_categories_are_normalised(small_map: TrackerMap) -> None:
    assert small_map.lookup("sync.tracker.example") == ("tracker.example", TrackerEntry("Acme", "DataBroker"))


def test_owner_of(small_map: TrackerMap) -> None:
    assert small_map.owner_of("google.com") == "Google"
    assert small_map.owner_of("stats.g.doubleclick.net") == "Google"
    assert small_map.owner_of("unknown.example") is None


def test_shared_hosting_suffix_has_no_owner(small_map: TrackerMap) -> None:
    # d1.cloudfront.net is a customer's site, not Amazon's: category yes, owner no.
    assert small_map.lookup("d1.cloudfront.net")[1].category == "CDN"  # type: ignore[index]
    assert small_map.owner_of("d1.cloudfront.net") is None


def test_source() -> None:
    assert TrackerMap({}).source == "list"
    assert builtin_trackers().source == "builtin"


@pytest.mark.parametrize(
    ("name", "canonical"),
    [("advertising", "Advertising"), ("Data Broker", "DataBroker"), ("data_broker", "DataBroker"),
     ("service-provider", "ServiceProvider"), ("cdn", "CDN"), ("FINGERPRINTING", "Fingerprinting")],
)
def test_canonical_category(name: str, canonical: str) -> None:
    assert canonical_category(name) == canonical


def test_bad_entries_fail_at_load() -> None:
    with pytest.raises(ConfigError, match="category"):
        TrackerMap({"x.example": TrackerEntry("X", "Adverts")})
    with pytest.raises(ConfigError, match="owner"):
        TrackerMap({"x.example": TrackerEntry(" ", "Analytics")})
    with pytest.raises(ConfigError, match="twice"):
        TrackerMap.from_owner_mapping({"A": {"x.example": "Analytics"}, "B": {"X.example": "Advertising"}})
    with pytest.raises(ConfigError):
        TrackerMap.from_owner_mapping(["x.example"])


def test_builtin_is_loaded_once_and_sized() -> None:
    trackers = builtin_trackers()
    assert trackers is builtin_trackers()
    assert 60 <= len(trackers) <= 250
    assert {entry.category for _, entry in trackers.items()} <= set(CATEGORIES)


@pytest.mark.parametrize(
    ("host", "owner", "category"),
    [
        ("www.google-analytics.com", "Google", "Analytics"),
        ("www.googletagmanager.com", "Google", "Analytics"),
        ("securepubads.g.doubleclick.net", "Google", "Advertising"),
        ("pagead2.googlesyndication.com", "Google", "Advertising"),
        ("www.googleadservices.com", "Google", "Advertising"),
        ("connect.facebook.net", "Meta", "Advertising"),
        ("www.facebook.com", "Meta", "Social"),
        ("scontent.xx.fbcdn.net", "Meta", "CDN"),
        ("www.instagram.com", "Meta", "Social"),
        ("i.ytimg.com", "Google", "CDN"),
        ("www.youtube.com", "Google", "Social"),
        ("fonts.gstatic.com", "Google", "CDN"),
        ("x.com", "X", "Social"),
        ("pbs.twimg.com", "X", "CDN"),
        ("static.hotjar.com", "Contentsquare", "Analytics"),
        ("api.segment.io", "Twilio", "Analytics"),
        ("api-js.mixpanel.com", "Mixpanel", "Analytics"),
        ("api2.amplitude.com", "Amplitude", "Analytics"),
        ("sslwidget.criteo.com", "Criteo", "Advertising"),
        ("trc.taboola.com", "Taboola", "Advertising"),
        ("widgets.outbrain.com", "Outbrain", "Advertising"),
        ("ib.adnxs.com", "Microsoft", "Advertising"),
        ("sb.scorecardresearch.com", "Comscore", "Analytics"),
        ("pixel.quantserve.com", "Quantcast", "Advertising"),
        ("o123.ingest.sentry.io", "Sentry", "Monitoring"),
        ("js.stripe.com", "Stripe", "Payment"),
        ("cdnjs.cloudflare.com", "Cloudflare", "CDN"),
        ("d3abc.cloudfront.net", "Amazon", "CDN"),
        ("a248.e.akamai.net", "Akamai", "CDN"),
        ("idsync.rlcdn.com", "LiveRamp", "DataBroker"),
        ("tags.bluekai.com", "Oracle", "DataBroker"),
        ("www.acxiom.com", "Acxiom", "DataBroker"),
        ("www.epsilon.com", "Epsilon", "DataBroker"),
    ],
)
def test_builtin_entries(host: str, owner: str, category: str) -> None:
    found = builtin_trackers().lookup(host)
    assert found is not None
    assert (found[1].owner, found[1].category) == (owner, category)


def test_builtin_yaml_is_packaged() -> None:
    from importlib.resources import files

    assert files("guardian.context").joinpath("builtin_trackers.yaml").is_file()
