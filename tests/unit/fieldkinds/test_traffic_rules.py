"""Rules that follow a documented format or a property of the traffic: macros and
punctuation are no data, media settings are machinery, synced values and fingerprint digests are
ids, and a cookie one third party gets from several sites is a cross-site identifier."""

from __future__ import annotations

import pytest

from guardian.codecs import decode_request
from guardian.fieldkinds import FieldKindClassifier
from guardian.fieldkinds.classifier import is_sync_path
from guardian.fieldkinds.seen import SeenIdentifiers
from guardian.records import HttpRequest, ValueKind

MACHINERY, USER_ID = ValueKind.SITE_MACHINERY, ValueKind.USER_IDENTIFIER
IMAGE = (("Referer", "https://shop.example/"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Dest", "image"))
FETCH = (("Referer", "https://shop.example/"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Dest", "empty"))


def _kinds(url: str, headers: tuple[tuple[str, str], ...] = FETCH, classifier: FieldKindClassifier | None = None,
           sites: tuple[str | None, str] | None = None) -> dict[str, ValueKind]:
    request = HttpRequest("GET", url, headers)
    labels = (classifier or FieldKindClassifier()).classify(request, decode_request(request), sites=sites)
    return {path.split(":", 1)[1].split("#")[0]: label.kind for path, label in labels.items()}


@pytest.mark.parametrize("value", ["%25DID%25", "%25%25CACHEBUSTER%25%25", "%24%7BGDPR_CONSENT_755%7D", "%7B%7Buser_id%7D%7D",
                                   "%5BTIMESTAMP%5D", "__UID__", "%24UID", "-", ".", "(detect)", "(not%20set)",
                                   "%3Cunknown%3E"])
def test_unfilled_macros_and_punctuation_are_no_data(value: str) -> None:
    assert _kinds(f"https://ads.example/pixel?uid={value}&x={value}") == {"uid": MACHINERY, "x": MACHINERY}


def test_a_filled_id_is_still_an_id() -> None:
    assert _kinds("https://ads.example/pixel?uid=8c2f9a71b3")["uid"] is USER_ID
    assert _kinds("https://ads.example/pixel?uid=(8c2f9a71b3)")["uid"] is USER_ID  # brackets hold a placeholder's words, not digits


@pytest.mark.parametrize("query", ["q=60", "w=640", "fm=webp", "auto=format,compress", "fit=crop", "rect=0,0,300,200",
                                   "dpr=1.5"])
def test_image_settings_are_machinery_in_an_image_load(query: str) -> None:
    key = query.split("=")[0]
    assert _kinds(f"https://images.cdn.example/p/shoe.jpg?{query}", IMAGE)[key] is MACHINERY


def test_a_pixels_ids_and_addresses_are_not_image_settings() -> None:
    kinds = _kinds("https://px.example/i.gif?uid=8c2f9a71b3&ip=183.81.97.169", IMAGE)
    assert kinds["uid"] is USER_ID and "ip" not in kinds


@pytest.mark.parametrize(("key", "value"), [("fp", "5e884898da28047151d0e56f8dc62927"), ("fingerprint", "2847561234"),
                                            ("canvas_fp", "3q2-7wAAAAAAAAAAAAAAAQ")])
def test_a_fingerprint_digest_is_a_device_id(key: str, value: str) -> None:
    assert _kinds(f"https://fp.vendor.example/collect?{key}={value}")[key] is USER_ID


@pytest.mark.parametrize(("path", "sync"), [("/setuid", True), ("/cookie_sync", True), ("/w/1.0/cm", True),
                                           ("/usersync.aspx", True), ("/async/app.js", False), ("/collect", False)])
def test_sync_paths(path: str, sync: bool) -> None:
    assert is_sync_path(path) is sync


def test_a_value_passed_through_an_id_sync_endpoint_is_an_id_under_any_name() -> None:
    kinds = _kinds("https://sync.unlisted-dsp.example/setuid?bidder=x&xq=Q6747127892022519543J&gdpr=0&ts=1700000000")
    assert kinds["xq"] is USER_ID
    assert kinds.get("bidder") is not USER_ID and kinds.get("ts") is MACHINERY


def test_a_cookie_one_third_party_gets_from_two_sites_is_a_cross_site_identifier() -> None:
    classifier, seen = FieldKindClassifier(), SeenIdentifiers()
    def sent(first: str, value: str = "a81f2c9e7d44b0") -> ValueKind | None:
        request = HttpRequest("GET", "https://t.unlisted-tracker.example/p", (
            ("Referer", f"https://{first}/"), ("Sec-Fetch-Site", "cross-site"), ("Cookie", f"tk={value}; theme=dark")))
        labels = classifier.classify(request, decode_request(request), sites=(first, "unlisted-tracker.example"), seen=seen)
        label = labels.get("cookie:tk#0")
        return label.kind if label else None
    assert sent("news.example") is not USER_ID  # one site: could be the site's own setting
    assert sent("news.example") is not USER_ID  # the same site again: still one
    assert sent("shop.example") is USER_ID  # a second site: it follows the browser across sites
    assert sent("blog.example", "b7700e1f0a9c33") is not USER_ID  # another value: a new count
    assert seen.knows("a81f2c9e7d44b0")  # remembered with the session's ids


@pytest.mark.parametrize("value", ["CheckForPermission", "enabled", "Accepted"])
def test_a_constant_word_is_no_cross_site_id(value: str) -> None:
    classifier, seen = FieldKindClassifier(), SeenIdentifiers()
    for first in ("a.example", "b.example", "c.example"):
        request = HttpRequest("GET", "https://t.unlisted-tracker.example/p", (
            ("Referer", f"https://{first}/"), ("Sec-Fetch-Site", "cross-site"), ("Cookie", f"test_cookie={value}")))
        labels = classifier.classify(request, decode_request(request), sites=(first, "unlisted-tracker.example"), seen=seen)
        assert getattr(labels.get("cookie:test_cookie#0"), "kind", None) is not USER_ID


@pytest.mark.parametrize("value", ["%252525DID%252525", "%2525%2525CACHEBUSTER%2525%2525", "%2524%257BUID%257D",
                                   "JURJRCU%3D", "JHtVSUR9", "e3t1c2VyX2lkfX0%3D", "W1RJTUVTVEFNUF0%3D"])
def test_a_macro_encoded_again_or_in_base64_is_no_data(value: str) -> None:
    assert _kinds(f"https://ads.example/pixel?uid={value}") == {"uid": MACHINERY}


@pytest.mark.parametrize("value", ["amFuZS5kb2VAZXhhbXBsZS5vcmc%3D", "JANE1234", "Jx8k2mQ9", "8c2f9a71b3"])
def test_an_id_or_an_encoded_address_is_not_a_macro(value: str) -> None:
    assert _kinds(f"https://ads.example/pixel?uid={value}").get("uid") is not MACHINERY


def test_a_regular_expression_literal_is_configuration() -> None:
    from guardian.fieldkinds.formats import REGEX_LITERAL, label_by_shape

    assert label_by_shape("/\\/browser\\/v1beta\\/logs/") is REGEX_LITERAL
    assert label_by_shape("/cx-metadata\\.json$/i") is REGEX_LITERAL
    assert label_by_shape("/index.html") is None and label_by_shape("/users/jane/") is None  # a path has no escape


@pytest.mark.parametrize(("value", "named"), [
    ("user-usr_8f3k2m9qz4", True),  # a log stream named after its user
    ("visitor_5f1c0a9e", True),
    ("uid:48213377", True),
    ("customer-5c1f9a2e-8b7d-4c3e-9f10-2a6b7c8d9e0f", True),
    ("user-menu", False),  # a word, no id
    ("account-2024-11-30", False),  # a date
    ("player_v2", False),  # too few digits for an id
    ("username", False),
])
def test_a_value_that_names_itself_a_users_id(value: str, named: bool) -> None:
    from guardian.fieldkinds.formats import NAMED_ID, label_by_shape
    assert (label_by_shape(value) is NAMED_ID) is named
