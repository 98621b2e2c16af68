"""ContextResolver: override precedence, custom maps, the recipient rules' order."""

from __future__ import annotations

import pytest

from guardian.context import ContextOverride, ContextResolver, TrackerEntry, TrackerMap
from guardian.context.recipients import is_government_host
from guardian.records import HttpRequest, Purpose, RecipientType

CROSS_SITE_FETCH = (
    ("Origin", "https://www.shop.example"),
    ("Sec-Fetch-Site", "cross-site"),
    ("Sec-Fetch-Mode", "cors"),
    ("Sec-Fetch-Dest", "empty"),
)


def cross_site(url: str) -> HttpRequest:
    return HttpRequest("POST", url, CROSS_SITE_FETCH, b"{}")


@pytest.fixture(scope="module")
def resolver() -> ContextResolver:
    return ContextResolver()


def test_override_recipient_beats_tracker_map(resolver: ContextResolver) -> None:
    ctx = resolver.resolve(cross_site("https://www.google-analytics.com/g/collect"), ContextOverride(recipient=RecipientType.SERVICE_PROVIDER))
    assert (ctx.recipient, ctx.recipient_source) == (RecipientType.SERVICE_PROVIDER, "rule")
    # Purposes are still the map's: the rule named only a recipient.
    assert (ctx.purposes, ctx.purpose_sources) == ((Purpose.ANALYTICS,), ("builtin",))
    assert ctx.tracker_owner == "Google"


def test_override_recipient_beats_first_party(resolver: ContextResolver) -> None:
    request = HttpRequest("POST", "https://www.shop.example/api", (("Origin", "https://www.shop.example"),))
    ctx = resolver.resolve(request, ContextOverride(recipient=RecipientType.DATA_BROKER))
    assert (ctx.recipient, ctx.recipient_source) == (RecipientType.DATA_BROKER, "rule")
    assert (ctx.purposes, ctx.purpose_sources) == ((Purpose.UNDISCLOSED,), ("default",))


def test_override_purposes_beat_map_and_url(resolver: ContextResolver) -> None:
    ctx = resolver.resolve(cross_site("https://ad.doubleclick.net/pixel"), ContextOverride(purposes=(Purpose.SECURITY,)))
    assert (ctx.recipient, ctx.recipient_source) == (RecipientType.ADVERTISING, "builtin")
    assert (ctx.purposes, ctx.purpose_sources) == ((Purpose.SECURITY,), ("rule",))


def test_empty_override_changes_nothing(resolver: ContextResolver) -> None:
    request = cross_site("https://api.widgetco.example/x")
    assert resolver.resolve(request, ContextOverride()) == resolver.resolve(request)


def test_user_list_source_is_list() -> None:
    trackers = TrackerMap({"widgetco.example": TrackerEntry("WidgetCo", "Fingerprinting")})
    ctx = ContextResolver(trackers).resolve(cross_site("https://api.widgetco.example/fp"))
    assert (ctx.recipient, ctx.recipient_source) == (RecipientType.ADVERTISING, "list")
    assert (ctx.purposes, ctx.purpose_sources) == ((Purpose.PROFILING,), ("list",))
    assert ctx.tracker_owner == "WidgetCo"


def test_custom_map_replaces_builtin() -> None:
    ctx = ContextResolver(TrackerMap({})).resolve(cross_site("https://www.google-analytics.com/x"))
    assert (ctx.recipient, ctx.recipient_source) == (RecipientType.UNKNOWN_THIRD_PARTY, "heuristic")
    assert ctx.tracker_owner is None


@pytest.mark.parametrize(
    ("category", "recipient"),
    [
        ("Advertising", RecipientType.ADVERTISING),
        ("Analytics", RecipientType.ANALYTICS),
        ("Social", RecipientType.SOCIAL_MEDIA),
        ("DataBroker", RecipientType.DATA_BROKER),
        ("ServiceProvider", RecipientType.SERVICE_PROVIDER),
        ("CDN", RecipientType.SERVICE_PROVIDER),
        ("Payment", RecipientType.SERVICE_PROVIDER),
        ("Government", RecipientType.GOVERNMENT),
        ("Fingerprinting", RecipientType.ADVERTISING),
    ],
)
def test_category_to_recipient(category: str, recipient: RecipientType) -> None:
    trackers = TrackerMap({"t.example": TrackerEntry("T", category)})
    ctx = ContextResolver(trackers).resolve(cross_site("https://t.example/"))
    assert (ctx.recipient, ctx.recipient_source) == (recipient, "list")


def test_same_owner_is_first_party_but_shared_hosting_is_not(resolver: ContextResolver) -> None:
    from_youtube = HttpRequest("GET", "https://fonts.gstatic.com/s/roboto.woff2", (("Origin", "https://www.youtube.com"),))
    assert resolver.resolve(from_youtube).recipient is RecipientType.FIRST_PARTY
    # A site hosted on cloudfront.net is not Amazon's: Amazon's ad network stays advertising.
    from_cloudfront_site = HttpRequest("GET", "https://aax.amazon-adsystem.com/e/dtb/bid", (("Origin", "https://d1abc.cloudfront.net"),))
    ctx = resolver.resolve(from_cloudfront_site)
    assert (ctx.recipient, ctx.recipient_source) == (RecipientType.ADVERTISING, "builtin")
    # Nor are two customers of the same shared host one party.
    other_customer = HttpRequest("GET", "https://d2xyz.cloudfront.net/a.js", (("Origin", "https://d1abc.cloudfront.net"),))
    assert resolver.resolve(other_customer).recipient is RecipientType.SERVICE_PROVIDER


def test_tracker_beats_top_level_navigation(resolver: ContextResolver) -> None:
    # An ad click goes through the ad server first: it stays advertising.
    click = HttpRequest(
        "GET",
        "https://www.googleadservices.com/pagead/aclk?sa=L&ai=abc",
        (("Referer", "https://www.news.example/"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "navigate"),
         ("Sec-Fetch-User", "?1"), ("Sec-Fetch-Dest", "document")),
    )
    ctx = resolver.resolve(click)
    assert (ctx.recipient, ctx.recipient_source) == (RecipientType.ADVERTISING, "builtin")


def test_cross_site_without_origin_is_third_party(resolver: ContextResolver) -> None:
    # Sec-Fetch-Site: cross-site says "another site" even when Origin/Referer are withheld.
    request = HttpRequest("GET", "https://collector.example/x", (("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"), ("Sec-Fetch-Dest", "empty")))
    ctx = resolver.resolve(request)
    assert (ctx.first_party_site, ctx.first_party_source) == (None, "sec-fetch-site")
    assert (ctx.recipient, ctx.recipient_source) == (RecipientType.UNKNOWN_THIRD_PARTY, "heuristic")


def test_government_only_when_not_first_party(resolver: ContextResolver) -> None:
    headerless = HttpRequest("GET", "https://api.data.gov/x")
    assert resolver.resolve(headerless).recipient is RecipientType.FIRST_PARTY
    ctx = resolver.resolve(cross_site("https://www.canada.ca/en/services"))
    assert (ctx.recipient, ctx.recipient_source) == (RecipientType.GOVERNMENT, "heuristic")


@pytest.mark.parametrize(
    ("host", "gov"),
    [("irs.gov", True), ("www.gov.uk", True), ("impots.gouv.fr", True), ("cra-arc.gc.ca", True),
     ("army.mil", True), ("gov.example.com", False), ("notgov.uk", False), ("government.example", False)],
)
def test_is_government_host(host: str, gov: bool) -> None:
    assert is_government_host(host) is gov


def test_ip_literal_destination(resolver: ContextResolver) -> None:
    ctx = resolver.resolve(HttpRequest("GET", "http://[::1]:8080/v1/token"))
    assert (ctx.destination, ctx.destination_site) == ("::1", "::1")
    assert ctx.purposes == (Purpose.AUTHENTICATION,)
