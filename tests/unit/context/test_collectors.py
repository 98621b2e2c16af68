"""Telemetry collectors by their documented shape, on any host (guardian/context/collectors.py)."""

from __future__ import annotations

import json

import pytest

from guardian.codecs import decode_request
from guardian.context import ContextResolver
from guardian.context.collectors import ANALYTICS, MONITORING, load_paths, recognise_collector
from guardian.errors import ConfigError
from guardian.records import Basis, HttpRequest, Purpose, RecipientType

BROWSER = (
    ("Origin", "https://shop.example"),
    ("Referer", "https://shop.example/cart"),
    ("Sec-Fetch-Site", "cross-site"),
    ("Sec-Fetch-Mode", "cors"),
    ("Sec-Fetch-Dest", "empty"),
)


def _req(url: str, body: object | bytes = b"", headers: tuple[tuple[str, str], ...] = BROWSER,
         content_type: str = "application/json") -> HttpRequest:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    return HttpRequest("POST", url, (*headers, ("Content-Type", content_type)), raw)


def _kind(request: HttpRequest) -> str | None:
    """The kind of a documented collector (a path word alone is rule 4's, tested below)."""
    collector = recognise_collector(request, decode_request(request))
    return collector.kind if collector and collector.documented else None


# Each body follows the format its documentation gives (the module docstring names the pages).
OTLP = {"resourceSpans": [{"resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "shop"}}]},
                           "scopeSpans": []}]}
SEGMENT = {"batch": [{"type": "track", "event": "Signed Up", "messageId": "ajs-next-1", "anonymousId": "a-1",
                      "properties": {"plan": "pro"}}]}
NOTIFIER = {"apiKey": "k", "notifier": {"name": "Acme JS Notifier", "version": "8.1.0", "url": "https://x"},
            "events": [{"exceptions": [{"errorClass": "Error"}]}]}
SDK_ANALYTICS = {"context": {"library": {"name": "analytics-lite", "version": "2.3.4"}}, "event": "view"}
APP_INSIGHTS = [{"name": "Microsoft.ApplicationInsights.0000.Event", "iKey": "0000", "time": "2024-05-01T00:00:00Z",
                 "data": {"baseType": "EventData"}}]


@pytest.mark.parametrize(
    ("url", "body", "kind"),
    [
        ("https://otel.shop.example/v1/traces", OTLP, MONITORING),
        ("https://collector.internal.example/anything", OTLP, MONITORING),
        ("https://shop.example/api/42/envelope/", {"event_id": "x"}, MONITORING),
        ("https://events.shop.example/v1/batch", SEGMENT, ANALYTICS),
        ("https://errors.shop.example/", NOTIFIER, MONITORING),
        ("https://t.shop.example/e", SDK_ANALYTICS, ANALYTICS),
        ("https://ingest.example/v2/track", APP_INSIGHTS, MONITORING),
        ("https://stats.shop.example/matomo.php", {"idsite": "1"}, ANALYTICS),
        ("https://shop.example/_vercel/insights/view", {"o": "https://shop.example/"}, ANALYTICS),
        ("https://plausible.shop.example/api/event", {"n": "pageview", "u": "https://shop.example/", "d": "shop.example"}, ANALYTICS),
    ],
)
def test_a_documented_shape_names_the_collector(url: str, body: object, kind: str) -> None:
    assert _kind(_req(url, body)) == kind


@pytest.mark.parametrize(
    ("url", "body"),
    [
        ("https://shop.example/api/event", {"title": "Birthday", "date": "2025-05-01"}),  # a calendar, no Plausible
        ("https://shop.example/v2/track", {"parcel": "1Z999"}),  # parcel tracking, no App Insights
        ("https://shop.example/api/orders", {"type": "track", "name": "x"}),  # no messageId/anonymousId
        ("https://shop.example/api/users", {"user": {"name": "Ann Lee", "version": "3"}}),  # no SDK block key
        ("https://shop.example/api/profile", {"library": {"name": "City Library", "version": "2"}}),  # a name with spaces
    ],
)
def test_ordinary_requests_are_no_collector(url: str, body: object) -> None:
    assert _kind(_req(url, body)) is None


def test_a_collector_on_an_unlisted_host_is_analytics_not_unknown() -> None:
    request = _req("https://events.shop-metrics.example/v1/batch", SEGMENT)
    collector = recognise_collector(request, decode_request(request))
    ctx = ContextResolver().resolve(request, collector=collector)
    assert ctx.recipient is RecipientType.ANALYTICS and ctx.recipient_source == "shape"
    assert ctx.purposes == (Purpose.ANALYTICS,) and ctx.purpose_sources == ("shape",)
    assert ctx.as_record()["collector"] == ANALYTICS
    assert ctx.tracker_category == "Analytics"


def test_a_collector_proxied_through_the_site_is_still_analytics() -> None:
    headers = (("Origin", "https://shop.example"), ("Sec-Fetch-Site", "same-origin"),
               ("Sec-Fetch-Mode", "cors"), ("Sec-Fetch-Dest", "empty"))
    request = _req("https://shop.example/ingest/api/9/envelope/", {"event_id": "x"}, headers)
    collector = recognise_collector(request, decode_request(request))
    ctx = ContextResolver().resolve(request, collector=collector)
    assert ctx.recipient is RecipientType.ANALYTICS and ctx.tracker_category == "Monitoring"


def test_a_listed_ad_network_keeps_its_category() -> None:
    request = _req("https://stats.g.doubleclick.net/v1/batch", SEGMENT)
    collector = recognise_collector(request, decode_request(request))
    ctx = ContextResolver().resolve(request, collector=collector)
    assert ctx.recipient is RecipientType.ADVERTISING


def test_an_app_sdk_without_fetch_metadata_to_a_collector_is_background() -> None:
    request = _req("https://events.shop-metrics.example/v1/batch", SEGMENT, headers=(("User-Agent", "app/1.0"),))
    collector = recognise_collector(request, decode_request(request))
    ctx = ContextResolver().resolve(request, collector=collector)
    assert ctx.basis is Basis.BACKGROUND
    assert ctx.basis_signals == ("no sec-fetch headers", "collection endpoint")


def test_an_app_talking_to_its_own_api_stays_default() -> None:
    request = _req("https://api.shop.example/v1/cart", {"sku": "A1"}, headers=(("User-Agent", "app/1.0"),))
    collector = recognise_collector(request, decode_request(request))
    ctx = ContextResolver().resolve(request, collector=collector)
    assert collector is None and ctx.basis is Basis.DEFAULT


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("collectors: 3", "top-level"),
        ("collectors: [{name: x, kind: ads, paths: ['/a'], source: s}]", "kind"),
        ("collectors: [{name: x, kind: analytics, paths: 'a', source: s}]", "paths"),
        ("collectors: [{name: x, kind: analytics}]", "needs"),
    ],
)
def test_a_malformed_collectors_file_is_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_paths(text)


def test_a_sites_hosted_search_is_its_service_provider() -> None:
    request = _req("https://search.shop-search.example/1/indexes/products/queries",
                   {"requests": [{"indexName": "products", "params": "query=red%20shoes&hitsPerPage=20"}]})
    collector = recognise_collector(request, decode_request(request))
    ctx = ContextResolver().resolve(request, collector=collector)
    assert collector is not None and collector.kind == "search"
    assert ctx.recipient is RecipientType.SERVICE_PROVIDER and ctx.purposes == (Purpose.FUNCTIONALITY,)


@pytest.mark.parametrize(("url", "body", "content_type"), [
    ("https://api.unlisted-search.example/api/chunk/search", {"query": "waterproof winter boots", "page_size": 10},
     "application/json"),
    ("https://cloud.unlisted-search.example/v1/indexes/shop-help/search",
     b"q=%7B%22term%22%3A%22waterproof%20boots%22%7D&version=%222.1.4%22", "application/x-www-form-urlencoded"),
])
def test_an_unlisted_search_api_is_known_by_its_shape_and_stays_an_unknown_party(url: str, body: object,
                                                                               content_type: str) -> None:
    request = _req(url, body, content_type=content_type)
    collector = recognise_collector(request, decode_request(request))
    ctx = ContextResolver().resolve(request, collector=collector)
    assert collector is not None and collector.kind == "search" and not collector.documented
    assert ctx.recipient is RecipientType.UNKNOWN_THIRD_PARTY  # no list says whose processor it is


@pytest.mark.parametrize(("url", "body"), [
    ("https://api.unlisted-search.example/api/chunk/search", {"page_size": 10}),  # no query
    ("https://api.unlisted-search.example/api/chunk/search", {"query": {"match_all": {}}}),  # a query object, no text
    ("https://api.unlisted-widget.example/api/chunk/find", {"query": "boots"}),  # no search path
])
def test_a_search_path_or_a_query_alone_is_no_search(url: str, body: object) -> None:
    request = _req(url, body)
    collector = recognise_collector(request, decode_request(request))
    assert collector is None or collector.kind != "search"


@pytest.mark.parametrize(("url", "body", "kind"), [
    ("https://api.unlisted-metrics.example/track", {"type": "track", "name": "signup", "ts": 1}, "analytics"),
    ("https://in.unlisted-logs.example/ingest", [{"severity": "info", "message": "x"}], "monitoring"),
])
def test_an_unlisted_third_party_whose_path_and_body_say_it_collects_is_analytics(url: str, body: object, kind: str) -> None:
    request = _req(url, body)
    collector = recognise_collector(request, decode_request(request))
    ctx = ContextResolver().resolve(request, collector=collector)
    assert collector is not None and not collector.documented
    assert ctx.recipient is RecipientType.ANALYTICS and ctx.recipient_source == "shape" and ctx.collector == kind


def test_a_path_word_alone_never_makes_the_sites_own_api_a_collector() -> None:
    headers = (("Origin", "https://shop.example"), ("Sec-Fetch-Site", "same-origin"), ("Sec-Fetch-Mode", "cors"),
               ("Sec-Fetch-Dest", "empty"))
    request = _req("https://shop.example/api/event", {"title": "Birthday", "date": "2025-05-01"}, headers)
    ctx = ContextResolver().resolve(request, collector=recognise_collector(request, decode_request(request)))
    assert ctx.recipient is RecipientType.FIRST_PARTY and ctx.collector is None


def test_a_cookie_sync_hop_without_a_referer_is_no_first_party() -> None:
    request = HttpRequest("GET", "https://sync.unlisted-exchange.example/usersync?partner=x&puid=Q6747127892022519543J", ())
    assert ContextResolver().resolve(request).recipient is RecipientType.ADVERTISING
    app = HttpRequest("POST", "https://api.notes.example/v1/sync", (("Content-Type", "application/json"),), b'{"id": 1}')
    assert ContextResolver().resolve(app).recipient is RecipientType.FIRST_PARTY  # an app syncing with its backend


@pytest.mark.parametrize("body", [
    [{"dt": "2025-01-01T00:00:00Z", "level": "info", "message": "checkout opened"}],
    {"time": 1735689600000, "level": 30, "msg": "checkout opened"},  # pino
    {"@timestamp": "2025-01-01T00:00:00Z", "status": "error", "message": "x failed"},
    # Seq's raw events and Serilog's compact format (CLEF), whose level may be left out
    {"Events": [{"Timestamp": "2025-01-01T00:00:00Z", "Level": "Information", "MessageTemplate": "User {Id} signed in",
                 "Properties": {"Id": "u_1"}}]},
    {"@t": "2025-01-01T00:00:00Z", "@mt": "User {Id} signed in", "Id": "u_1"},
])
def test_structured_log_records_are_monitoring(body: object) -> None:
    request = _req("https://in.unlisted-logs.example/", body)
    collector = recognise_collector(request, decode_request(request))
    assert collector is not None and collector.kind == "monitoring" and collector.documented


def test_a_message_with_a_time_but_no_level_is_no_log_record() -> None:
    assert _kind(_req("https://chat.example/send", {"message": "hi there", "time": "2025-01-01T00:00:00Z"})) is None


SAME_SITE = (("Origin", "https://shop.example"), ("Referer", "https://shop.example/"), ("Sec-Fetch-Site", "same-site"),
             ("Sec-Fetch-Mode", "cors"), ("Sec-Fetch-Dest", "empty"))


@pytest.mark.parametrize("headers", [SAME_SITE, SAME_SITE[:2]])  # told by Fetch Metadata, or by the Origin's host
def test_an_event_collector_on_the_sites_own_subdomain_is_analytics(headers: tuple[tuple[str, str], ...]) -> None:
    request = _req("https://flags.shop.example/api/public/insight/track",
                   [{"user": {"keyId": "u_1"}, "metrics": [{"eventName": "signed_in", "timestamp": 1}]}], headers)
    ctx = ContextResolver().resolve(request, collector=recognise_collector(request, decode_request(request)))
    assert ctx.recipient is RecipientType.ANALYTICS and ctx.recipient_source == "shape"
    # the same path and body on the page's own host stay the site's own (its "/api/events" may be a calendar's)
    own = (("Origin", "https://shop.example"), ("Sec-Fetch-Site", "same-origin"), ("Sec-Fetch-Mode", "cors"),
           ("Sec-Fetch-Dest", "empty"))
    request = _req("https://shop.example/api/public/insight/track",
                   [{"user": {"keyId": "u_1"}, "metrics": [{"eventName": "signed_in", "timestamp": 1}]}], own)
    ctx = ContextResolver().resolve(request, collector=recognise_collector(request, decode_request(request)))
    assert ctx.recipient is RecipientType.FIRST_PARTY


def test_the_sites_own_subdomain_without_an_event_is_first_party() -> None:
    request = _req("https://api.shop.example/v1/cart", {"items": [{"sku": "A1", "qty": 1}]}, SAME_SITE)
    ctx = ContextResolver().resolve(request, collector=recognise_collector(request, decode_request(request)))
    assert ctx.recipient is RecipientType.FIRST_PARTY


@pytest.mark.parametrize("url", [
    "https://dataplane.rum.eu-central-1.amazonaws.com/appmonitors/0f2c9a1e-7d44-4b8e-9c1a-5e3b7d2f8a61",  # the host's word
    "https://clouderrorreporting.googleapis.com/v1beta1/projects/shop-prod/events:report",  # the path's
])
def test_telemetry_on_a_cloud_platform_is_analytics(url: str) -> None:
    body = {"events": [{"type": "session_start", "timestamp": 1, "userId": "usr_8f3k2m9qz4"}]}
    request = _req(url, body)
    collector = recognise_collector(request, decode_request(request))
    ctx = ContextResolver().resolve(request, collector=collector)
    assert collector is not None and collector.kind == MONITORING
    assert ctx.recipient is RecipientType.ANALYTICS and ctx.recipient_source == "shape"


def test_a_platforms_service_with_an_events_path_stays_a_service_provider() -> None:
    request = _req("https://support-api.s3.amazonaws.com/v2/tickets/events", {"subject": "Broken zip", "from": "a@b.example"})
    ctx = ContextResolver().resolve(request, collector=recognise_collector(request, decode_request(request)))
    assert ctx.recipient is RecipientType.SERVICE_PROVIDER


def test_batched_hits_one_per_line_are_an_event() -> None:
    body = b"v=1&t=pageview&cid=555&dp=%2Fhome\nv=1&t=event&cid=555&ec=video&ea=play\n"
    request = _req("https://hits.unlisted-stats.example/batch", body, content_type="text/plain")
    payload = decode_request(request)
    collector = recognise_collector(request, payload)
    assert payload.body_codec == "formlines"
    assert collector is not None and ContextResolver().resolve(request, collector=collector).recipient is RecipientType.ANALYTICS


def test_events_in_a_multipart_body_to_a_collecting_path_are_an_event() -> None:
    body = (b"--X\r\nContent-Disposition: form-data; name=\"events_json\"\r\n\r\n"
            b"[{\"name\": \"$view\", \"time\": 1}]\r\n--X--\r\n")
    request = _req("https://stats.unlisted-shop.example/ahoy/events", body, content_type="multipart/form-data; boundary=X")
    collector = recognise_collector(request, decode_request(request))
    assert collector is not None and not collector.documented


@pytest.mark.parametrize(("body", "search"), [
    ({"query": "query SearchIssues($term: String!) { searchIssues(term: $term) { nodes { id } } }",
      "variables": {"term": "login button broken"}, "operationName": "SearchIssues"}, True),
    ({"query": "{ search(q: $q) { id } }", "variables": {"q": "waterproof boots"}}, True),
    ([{"query": "query P($query: String) { autocompletePlaces(input: $query) { id } }", "variables": {"query": "ber"}}], True),
    ({"query": "mutation SaveSearch($term: String!) { saveSearch(term: $term) { id } }", "variables": {"term": "x"}}, False),
    ({"query": "query Viewer { viewer { id } }", "variables": {"term": "x"}}, False),  # no search named
    ({"query": "query SearchIssues { searchIssues { id } }", "variables": {"first": 5}}, False),  # no text searched for
])
def test_a_graphql_search_is_known_by_its_operation_and_its_query_variable(body: object, search: bool) -> None:
    request = _req("https://api.unlisted-tracker.example/graphql", body)
    collector = recognise_collector(request, decode_request(request))
    assert (collector is not None and collector.kind == "search") is search
