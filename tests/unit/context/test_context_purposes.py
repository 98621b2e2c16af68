"""Purposes (guardian/context/purposes.py)."""

from __future__ import annotations

import pytest

from guardian.context.purposes import host_purposes, path_purposes, resolve_purposes
from guardian.records import Purpose, RecipientType

P = Purpose


@pytest.mark.parametrize(
    ("url", "purposes"),
    [
        ("https://x.example/g/collect?v=2", [P.ANALYTICS]),
        ("https://x.example/v1/track", [P.ANALYTICS]),
        ("https://x.example/events", [P.ANALYTICS]),
        ("https://x.example/api/event/batch", [P.ANALYTICS]),
        ("https://x.example/beacon.gif", [P.ANALYTICS]),
        ("https://x.example/LOG", [P.ANALYTICS]),
        ("https://x.example/pixel.gif?id=1", [P.ADVERTISING]),
        ("https://x.example/ads/serve", [P.ADVERTISING]),
        ("https://x.example/ad/123", [P.ADVERTISING]),
        ("https://x.example/adserver/v2", [P.ADVERTISING]),
        ("https://x.example/impression", [P.ADVERTISING]),
        ("https://x.example/login", [P.AUTHENTICATION]),
        ("https://x.example/oauth/token", [P.AUTHENTICATION]),
        ("https://x.example/api/session", [P.AUTHENTICATION]),
        ("https://x.example/checkout/pay", [P.FUNCTIONALITY]),
        ("https://x.example/orders/7", [P.FUNCTIONALITY]),
        ("https://x.example/search?q=x", [P.FUNCTIONALITY]),
        ("https://x.example/recommendations", [P.PERSONALIZATION]),
        ("https://x.example/personalization/v1", [P.PERSONALIZATION]),
        # Path order, no repeats.
        ("https://x.example/session/track/collect", [P.AUTHENTICATION, P.ANALYTICS]),
        # Whole segments only; the query is not read.
        ("https://x.example/logout", []),
        ("https://x.example/admin/users", []),
        ("https://x.example/cartography", []),
        ("https://x.example/page?event=click&ads=1", []),
        ("https://x.example/", []),
        # A long hint word counts as a word of a segment; a short one only as the whole segment.
        ("https://x.example/v2/behavioral_action/item_detail_load", [P.ANALYTICS]),
        ("https://x.example/api/trackEvent", [P.ANALYTICS]),
        ("https://x.example/youtubei/v1/log_event", [P.ANALYTICS]),
        ("https://x.example/ad-hoc/log-scale/pay_later", []),
        ("https://x.example/eventbrite/tracker", []),
    ],
)
def test_path_purposes(url: str, purposes: list[Purpose]) -> None:
    assert path_purposes(url) == purposes


def test_override_wins_and_is_alone() -> None:
    got = resolve_purposes(
        "https://x.example/track",
        RecipientType.ADVERTISING,
        category="Advertising",
        override=(P.RESEARCH, P.ANALYTICS, P.RESEARCH),
    )
    assert got == ((P.RESEARCH, P.ANALYTICS), ("rule", "rule"))


def test_empty_override_is_no_override() -> None:
    got = resolve_purposes("https://x.example/", RecipientType.ANALYTICS, category="Analytics", override=())
    assert got == ((P.ANALYTICS,), ("builtin",))


@pytest.mark.parametrize(
    ("category", "purposes"),
    [
        ("Advertising", (P.ADVERTISING,)),
        ("Analytics", (P.ANALYTICS,)),
        ("Social", (P.PROFILING, P.MARKETING)),
        ("Fingerprinting", (P.PROFILING,)),
        ("DataBroker", (P.PROFILING, P.ADVERTISING)),
        ("ServiceProvider", (P.FUNCTIONALITY,)),
        ("CDN", (P.FUNCTIONALITY,)),
        ("Payment", (P.FUNCTIONALITY,)),
    ],
)
def test_category_purposes(category: str, purposes: tuple[Purpose, ...]) -> None:
    got, sources = resolve_purposes("https://x.example/", RecipientType.UNKNOWN_THIRD_PARTY, category=category)
    assert got == purposes
    assert set(sources) == {"builtin"}


def test_category_then_url_deduplicated_with_list_source() -> None:
    got = resolve_purposes(
        "https://x.example/v1/collect/login",
        RecipientType.ANALYTICS,
        category="Analytics",
        category_source="list",
    )
    assert got == ((P.ANALYTICS, P.AUTHENTICATION), ("list", "url"))


def test_defaults() -> None:
    assert resolve_purposes("https://x.example/", RecipientType.FIRST_PARTY) == ((P.FUNCTIONALITY,), ("default",))
    assert resolve_purposes("https://x.example/", RecipientType.UNKNOWN_THIRD_PARTY) == ((P.UNDISCLOSED,), ("default",))
    # A government category gives no purpose of its own.
    assert resolve_purposes("https://x.gov/", RecipientType.GOVERNMENT, category="Government") == (
        (P.UNDISCLOSED,),
        ("default",),
    )


@pytest.mark.parametrize(
    ("url", "purposes"),
    [
        # a collector's host names its service, left of the public suffix
        ("https://personalize-events.us-east-1.amazonaws.com/users", [P.PERSONALIZATION, P.ANALYTICS]),
        ("https://events.vendor.example.com/v1", [P.ANALYTICS]),
        ("https://login.microsoftonline.com/common", [P.AUTHENTICATION]),
        ("https://ads.vendor.co.uk/a", [P.ADVERTISING]),
        # the public suffix is no label of the host's own; names with no hint word say nothing
        ("https://eventbrite.com/e/1", []),
        ("https://api.shop.example/v1", []),
        ("https://127.0.0.1:8080/events", []),
        ("https://localhost/x", []),
    ],
)
def test_host_purposes(url: str, purposes: list[Purpose]) -> None:
    assert host_purposes(url) == purposes


def test_host_hints_come_after_the_category_and_the_path() -> None:
    got = resolve_purposes("https://personalize-events.us-east-1.amazonaws.com/events", RecipientType.SERVICE_PROVIDER,
                           category="ServiceProvider")
    assert got == ((P.FUNCTIONALITY, P.ANALYTICS, P.PERSONALIZATION), ("builtin", "url", "host"))
