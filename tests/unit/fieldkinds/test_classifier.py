"""Field kinds on the real-traffic failures: site keys, ids and timestamps are machinery, page
URLs are context scored only for what they carry, user ids are identifiers, and loads are not broken."""

from __future__ import annotations

import json

import pytest

from guardian.assemble import assemble
from guardian.fieldkinds import FieldKindClassifier, shapes
from guardian.codecs import decode_request
from guardian.records import HttpRequest, ValueKind
from guardian.settings import Settings

NOW = 1_763_900_000.0  # 2025-11-23
THIRD_PARTY = (("Origin", "https://shop.example"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"),
               ("Sec-Fetch-Dest", "empty"))


def _kinds(method: str, url: str, headers: tuple[tuple[str, str], ...] = (), body: bytes = b"") -> dict[str, str]:
    request = HttpRequest(method, url, headers, body)
    payload = decode_request(request)
    labels = FieldKindClassifier().classify(request, payload)
    return {f.name: labels[f.path].kind.value if f.path in labels else "none" for f in payload.fields}


@pytest.fixture(scope="module")
def pipeline():  # type: ignore[no-untyped-def]
    return assemble(Settings(policy_db=None))


def _decide(pipeline, method: str, url: str, headers=(), body: bytes = b"") -> dict:  # type: ignore[no-untyped-def]
    return pipeline.decide(HttpRequest(method, url, tuple(headers), body)).line


@pytest.mark.parametrize(
    "value, timestamp",
    [("1763900000", True), ("1763900000123", True), ("2025-11-23T10:00:00Z", True), ("1450619019397", True),
     ("4111111111111111", False), ("993762", False), ("0000000000", False), ("5551234567", False)],
)
def test_timestamps_are_recent_times_only(value: str, timestamp: bool) -> None:
    assert shapes.is_timestamp(value, now=NOW) is timestamp


def test_shapes_never_raise_on_odd_values() -> None:
    for odd in ("", " ", "\x00\xff", "\udc80" * 10, "9" * 10_000_000, "é" * 5000):
        shapes.is_timestamp(odd), shapes.is_version(odd), shapes.uuid_version(odd), shapes.is_token(odd)
        shapes.public_key_prefix(odd), shapes.is_url(odd), shapes.entropy_bits(odd)


def test_a_site_key_in_a_script_url_is_machinery_and_the_script_loads(pipeline) -> None:  # type: ignore[no-untyped-def]
    url = "https://maps.example-cdn.com/js?key=AIzaSyD-1234567890abcdefghijklmnopqrstu&callback=initMap"
    assert _kinds("GET", url, (("Sec-Fetch-Dest", "script"),))["key"] == "site_machinery"
    record = _decide(pipeline, "GET", url, (("Sec-Fetch-Dest", "script"), ("Referer", "https://shop.example/")))
    assert record["decision"] == "allow" and record["categories"] == []


def test_a_key_the_user_typed_into_a_form_is_still_a_credential(pipeline) -> None:  # type: ignore[no-untyped-def]
    body = b"api_key=s3cr3t-user-typed-9f8e7d6c5b4a&label=home"
    headers = (("Content-Type", "application/x-www-form-urlencoded"), ("Sec-Fetch-User", "?1"),
               ("Sec-Fetch-Dest", "document"), ("Origin", "https://shop.example"))
    assert _kinds("POST", "https://tools.example/settings", headers, body)["api_key"] == "none"
    assert "Credentials" in _decide(pipeline, "POST", "https://tools.example/settings", headers, body)["categories"]


@pytest.mark.parametrize(
    "query, key",
    [
        ("account_id=993762", "account_id"),  # a site's account id, not a bank account
        ("t=1700000000004", "t"),  # a millisecond timestamp that passes Luhn
        ("uafvl=Chromium%3B99.0.0.0", "uafvl"),  # a reduced browser version, not an IP address
        ("gtin=4006381333931", "gtin"),  # a product code, not a national id
        ("pid=412345678901233", "pid"),  # a 15-digit pixel id that passes Luhn
    ],
)
def test_machine_numbers_are_not_personal_data(pipeline, query: str, key: str) -> None:  # type: ignore[no-untyped-def]
    url = f"https://collect.tracker.example/p?{query}"
    assert _kinds("GET", url)[key] == "site_machinery"
    record = _decide(pipeline, "GET", url, THIRD_PARTY)
    assert record["decision"] == "allow" and record["categories"] == []


def test_a_bare_page_url_is_context_and_only_what_it_carries_is_rewritten(pipeline) -> None:  # type: ignore[no-untyped-def]
    plain = "https://region1.google-analytics.com/g/collect?v=2&tid=G-ABC123XYZ&en=page_view&dl=https%3A%2F%2Fshop.example%2Fcart&dt=Jane%27s%20cart"
    record = _decide(pipeline, "POST", plain, THIRD_PARTY)
    assert record["decision"] == "allow" and record["categories"] == []
    leaky = "https://collect.tracker.example/p?dl=https%3A%2F%2Fshop.example%2Faccount%3Femail%3Djane.doe%40example.org%26tab%3D2"
    pixel = (("Sec-Fetch-Dest", "image"), ("Referer", "https://shop.example/"), ("Sec-Fetch-Site", "cross-site"))
    outcome = pipeline.decide(HttpRequest("GET", leaky, pixel))
    assert outcome.line["findings"][0]["kind"] == "page_context" and outcome.line["categories"] == ["Email"]
    assert outcome.rewrite is not None
    rewritten = outcome.rewrite.url
    assert "jane.doe" not in rewritten and "shop.example%2Faccount" in rewritten and "tab%3D2" in rewritten


def test_the_user_id_is_the_target_not_the_page_url(pipeline) -> None:  # type: ignore[no-untyped-def]
    url = ("https://www.facebook.com/tr/?id=1234567890123456&ev=PageView&dl=https%3A%2F%2Fshop.example%2F"
           "&fbp=fb.1.1700000000000.123456789&ts=1700000000123")
    headers = (("Sec-Fetch-Dest", "image"), ("Referer", "https://shop.example/"), ("Sec-Fetch-Site", "cross-site"))
    outcome = pipeline.decide(HttpRequest("GET", url, headers))
    record = outcome.line
    assert [(f["field"], f["kind"]) for f in record["findings"]] == [("query:fbp#0", "user_identifier")]
    # An image the page loads is never blocked for what it carries: the identifier is rewritten.
    assert record["decision"] == "transform" and outcome.rewrite is not None
    assert "fb.1.1700000000000.123456789" not in outcome.rewrite.url and "dl=https%3A%2F%2Fshop.example%2F" in outcome.rewrite.url


def test_payment_and_captcha_tokens_are_never_touched(pipeline) -> None:  # type: ignore[no-untyped-def]
    body = json.dumps({"payment_method": "pm_123", "client_secret": "pi_3Nxx_secret_abcdef123456",
                       "return_url": "https://shop.example/done"}).encode()
    headers = (("Content-Type", "application/json"), ("Origin", "https://shop.example"), ("Sec-Fetch-Site", "same-origin"))
    record = _decide(pipeline, "POST", "https://shop.example/api/confirm", headers, body)
    assert record["decision"] == "allow" and "Credentials" not in record["categories"]
    form = b"email=jane.doe%40example.org&g-recaptcha-response=03AGdBq24-abcdefghijklmnopqrstuvwxyz0123456789"
    headers = (("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "https://shop.example"))
    record = _decide(pipeline, "POST", "https://newsletter.tracker.example/subscribe", headers, form)
    assert record["payload"]["never_touch_fields"] >= 1
    assert all(f["field"] != "form:g-recaptcha-response#0" for f in record["findings"])


def test_an_email_is_never_machinery_whatever_its_key() -> None:
    kinds = _kinds("GET", "https://collect.tracker.example/p?ts=jane.doe%40example.org&cid=jane.doe%40example.org")
    assert kinds == {"ts": "none", "cid": "none"}


def test_kinds_of_a_vendor_request_come_from_its_dictionary() -> None:
    kinds = _kinds("POST", "https://region1.google-analytics.com/g/collect?v=2&tid=G-ABC123XYZ&cid=555.1700000000&dl=https%3A%2F%2Fshop.example%2F")
    assert kinds == {"v": "site_machinery", "tid": "site_machinery", "cid": "user_identifier", "dl": "page_context"}
    assert ValueKind.USER_IDENTIFIER.value == "user_identifier"


def test_an_idempotency_key_is_machinery_whatever_its_shape() -> None:
    """New for every request (the IETF's Idempotency-Key): no one's id and no secret, even when its
    name ends in "token" and its few hex digits look like neither."""
    body = json.dumps({"_metadata": {"idempotency_token": "8b4c7ac2"}, "idempotencyKey": "req-1",
                       "note": "idempotency matters"}).encode()
    kinds = _kinds("POST", "https://collect.tracker.example/e", THIRD_PARTY + (("Content-Type", "application/json"),), body)
    assert kinds == {"idempotency_token": "site_machinery", "idempotencyKey": "site_machinery", "note": "none"}


def test_a_user_agent_copied_into_a_field_is_machinery() -> None:
    ua = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_2) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/47.0.2526.106 Safari/537.36"
    kinds = _kinds("POST", "https://collect.tracker.example/e", THIRD_PARTY + (("Content-Type", "application/json"),),
                   json.dumps({"value": ua, "note": "Mozilla/5.0 is the product token of every browser"}).encode())
    assert kinds == {"value": "site_machinery", "note": "none"}


def test_a_vendor_prefixed_user_id_key_is_an_identifier() -> None:
    kinds = _kinds("GET", "https://beacon.tracker.example/b?b_s_vi=k3x9a0f2bq77&yb_uid=u-88231a&vi=iiykdvxkzi2&"
                          "b_s_vi_count=3&request_uid=2")
    assert kinds["b_s_vi"] == kinds["yb_uid"] == kinds["vi"] == "user_identifier"
    assert kinds["request_uid"] == "none"  # a number under 6 digits is a count, not a persistent id
    assert kinds["b_s_vi_count"] == "none"


def test_a_login_id_is_the_users_identifier() -> None:
    body = {"visit": {"customerData": {"loginId": "usr_8f3k2m9qz4", "visitorId": "cmx3gpqk900012v6mtwlb841u"}}}
    kinds = _kinds("POST", "https://shop.search.example/wisdom/v2/pixel", (("Content-Type", "application/json"),),
                   json.dumps(body).encode())
    assert kinds["loginId"] == kinds["visitorId"] == "user_identifier"


def test_the_users_external_id_is_their_identifier_in_a_header_too() -> None:
    headers = (("X-MagicBell-User-External-Id", "usr_8f3k2m9qz4"), ("X-MagicBell-User-Email", "a@b.example"))
    kinds = _kinds("GET", "https://api.notify.example/notifications", headers)
    assert kinds["x-magicbell-user-external-id"] == "user_identifier"
    body = {"user": {"externalUserId": "usr_8f3k2m9qz4", "externalId": "ord_1288"}}
    kinds = _kinds("POST", "https://api.notify.example/u", (("Content-Type", "application/json"),), json.dumps(body).encode())
    assert kinds["externalUserId"] == "user_identifier"
    assert kinds["externalId"] == "none"  # an external id alone may be an order's


def test_adobe_s_vi_cookie_format_is_an_identifier_under_any_key() -> None:
    kinds = _kinds("GET", "https://stats.example/p?x=%5BCS%5Dv1%7C2B3B5837850118EB-6000010EC0045DA9%5BCE%5D&"
                          "y=%5BCS%5Dv1%7Cnothex%5BCE%5D")
    assert kinds == {"x": "user_identifier", "y": "none"}


@pytest.mark.parametrize(
    ("value", "identifier"),
    [
        ("_mch-saucelabs.com-1573651647206-30791", True),  # Marketo Munchkin token (_mkto_trk)
        ("fb.1.1596403881668.1116446470", True),  # Meta _fbp
        ("fb.1.1554763741205.AbCdEfGhIjKlMnOpQrStUvWxYz1234567890", True),  # Meta _fbc (fbclid)
        ("2409378.e3b0c44298fc1c149afbf4c8996fb924.1700000000000.1700000100000.1700000200000.3", True),  # HubSpot __hstc
        ("oeu1470101898133r0.04568111757824678", True),  # Optimizely Web visitor id
        ("oeu1470101898r0.045", False),  # no millisecond time
        ("_mch-saucelabs.com-15736516-30791", False),  # no millisecond time
        ("fb.1.159640388.1116446470", False),
        ("fb.9.1596403881668.1116446470", False),  # no such subdomain index
        ("2409378.not-a-hubspotutk-value-here-000000.1700000000000.1700000100000.1700000200000.3", False),
        ("_mchannel", False),
    ],
)
def test_vendor_documented_id_formats_are_identifiers_under_any_key(value: str, identifier: bool) -> None:
    from urllib.parse import quote

    kinds = _kinds("GET", f"https://collect.tracker.example/e?x={quote(value, safe='')}")
    assert (kinds["x"] == "user_identifier") is identifier


def test_a_marketo_munchkin_visit_to_its_collector_is_transformed(pipeline) -> None:  # type: ignore[no-untyped-def]
    out = _decide(pipeline, "GET", "https://123-abc-456.mktoresp.com/webevents/visitWebPage?_mchNc=1573651647206"
                  "&_mchId=123-ABC-456&_mchTk=_mch-shop.example-1573651647206-30791&_mchHo=shop.example&_mchRu=%2Flogin",
                  headers=(("Referer", "https://shop.example/login"), ("Sec-Fetch-Site", "cross-site"),
                           ("Sec-Fetch-Mode", "no-cors"), ("Sec-Fetch-Dest", "image")))
    assert out["decision"] in ("transform", "deny")
    assert any(f["field"].startswith("query:_mchTk") and f["category"] == "PersistentID" for f in out["findings"])


def _cookie_kinds(cookie: str, url: str = "https://ad.tracker.example/p") -> dict[str, str]:
    request = HttpRequest("GET", url, THIRD_PARTY + (("Cookie", cookie),))
    payload = decode_request(request)
    labels = FieldKindClassifier().classify(request, payload)
    return {f.path: labels[f.path].kind.value if f.path in labels else "none" for f in payload.fields}


def test_documented_tracking_cookies_are_identifiers_and_other_cookies_are_the_sites() -> None:
    import base64

    claims = base64.urlsafe_b64encode(b'{"user_id":"u-81723981","email":"jane.doe@example.org"}').decode().rstrip("=")
    kinds = _cookie_kinds("IDE=AHWqTUm8Zx5aBc0dEf1GhIjKlMnOpQ; _ga_ABC123=GS1.1.1700000000.3.1; sessionid=abc123XYZ789; "
                          "KRTBCOOKIE_97=22978-uid:8a1b2c3d4e; lang=en; mail=jane.doe%40example.org; "
                          "mp_0a1b2c_mixpanel=%7B%22distinct_id%22%3A%22v-81723981%22%7D; "
                          f"prefs=%7B%22visitor_id%22%3A%22v-81723981%22%7D; session=eyJhbGciOiJIUzI1NiJ9.{claims}.c2ln")
    assert kinds["cookie:IDE#0"] == kinds["cookie:_ga_ABC123#0"] == kinds["cookie:KRTBCOOKIE_97#0"] == "user_identifier"
    assert kinds["cookie:sessionid#0"] == kinds["cookie:lang#0"] == "site_machinery"  # never rewritten: no login breaks
    assert kinds["cookie:mail#0"] == "none"  # an e-mail stored in a cookie is scored as any e-mail
    # inside a tracking cookie, values are read by their keys; inside the site's own cookies (a
    # preferences object, a signed session token's claims) nothing is touched
    assert kinds["cookie:mp_0a1b2c_mixpanel#0|>json|>json:$.distinct_id"] == "user_identifier"
    assert kinds["cookie:prefs#0|>json|>json:$.visitor_id"] == "site_machinery"
    inside_session = {p: k for p, k in kinds.items() if p.startswith("cookie:session#0")}
    assert inside_session and set(inside_session.values()) == {"site_machinery"}


def test_a_tracking_cookie_name_with_a_value_that_is_no_id_is_not_an_identifier() -> None:
    assert _cookie_kinds("_gid=1; MUID=yes")["cookie:_gid#0"] == "site_machinery"


def test_a_tracking_cookie_to_a_third_party_tracker_is_rewritten_and_a_session_cookie_kept(pipeline) -> None:  # type: ignore[no-untyped-def]
    headers = THIRD_PARTY[:1] + (("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"),
                                 ("Sec-Fetch-Dest", "image"), ("Cookie", "uuid2=8812345678901234567; sess=s%3Aabc.def"))
    out = pipeline.decide(HttpRequest("GET", "https://ib.adnxs.com/px?id=123", headers))
    assert out.line["decision"] == "transform"
    cookie = dict(out.rewrite.headers)["cookie"]
    new_id = cookie.split(";")[0].split("=")[1]
    assert new_id != "8812345678901234567" and len(new_id) == 19 and new_id.isdigit()
    assert cookie.endswith("; sess=s%3Aabc.def")


def test_first_party_cookies_are_allowed_as_they_are(pipeline) -> None:  # type: ignore[no-untyped-def]
    headers = (("Sec-Fetch-Site", "same-origin"), ("Sec-Fetch-Dest", "empty"),
               ("Cookie", "_ga=GA1.2.1234567890.1700000000; sessionid=abc123XYZ789"))
    out = pipeline.decide(HttpRequest("GET", "https://shop.example/api/cart", headers))
    assert out.line["decision"] == "allow" and out.rewrite is None


def test_a_request_whose_only_ids_are_cookies_is_rewritten_not_blocked(pipeline) -> None:  # type: ignore[no-untyped-def]
    headers = (("Origin", "https://www.news.example"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "cors"),
               ("Sec-Fetch-Dest", "empty"), ("Cookie", "_ga=GA1.2.1234567890.1700000000; api_session=0MabcDEF123"))
    out = pipeline.decide(HttpRequest("GET", "https://api.sibling.example/svc/user", headers))
    assert out.line["decision"] == "transform" and "only its cookies carry personal data" in out.line["reason"]
    cookie = dict(out.rewrite.headers)["cookie"]
    assert "1234567890.1700000000" not in cookie and cookie.endswith("; api_session=0MabcDEF123")
    # the same id in the query is not a cookie: the script's own request to an unlisted third
    # party is rewritten for it too, with that reason
    out = pipeline.decide(HttpRequest("GET", "https://api.sibling.example/svc/user?uid=GA1.2.1234567890.1700000000",
                                      headers[:-1]))
    assert out.line["decision"] == "transform" and "unlisted third party is not blocked" in out.line["reason"]
    assert "1234567890.1700000000" not in out.rewrite.url


def test_a_page_url_under_a_prefixed_key_is_page_context() -> None:
    kinds = _kinds("GET", "https://collector.example/page_view?dimensions[page]=https%3A%2F%2Fgithub.com%2F&"
                          "dimensions[referrer]=https%3A%2F%2Fnews.example%2F&per_page=20")
    assert kinds == {"dimensions[page]": "page_context", "dimensions[referrer]": "page_context", "per_page": "none"}


def test_the_parts_of_a_page_url_the_request_carries_are_page_context() -> None:
    # an OpenTelemetry trace tells the page's address whole and in pieces (route, host, query)
    def attr(key: str, value: str) -> dict[str, object]:
        return {"key": key, "value": {"stringValue": value}}

    page = "https://shop.example/account/orders?sort=new"
    body = {"resourceSpans": [{"resource": {"attributes": [
        attr("page.url", page), attr("page.route", "/account/orders"), attr("page.hostname", "shop.example"),
        attr("page.search", "?sort=new"), attr("note", "/account/other")]}}]}
    kinds = _kinds("POST", "https://api.collector.example/v1/traces",
                   (("Content-Type", "application/json"), ("Origin", "https://shop.example")), json.dumps(body).encode())
    assert kinds["page.url"] == kinds["page.route"] == kinds["page.hostname"] == kinds["page.search"] == "page_context"
    assert kinds["note"] == "none"  # another path of the site is not a part of this page's URL


def test_a_page_url_without_its_scheme_is_page_context() -> None:
    # a search SDK's `origin_referrer` writes the page's address as host and path
    body = {"url": "https://shop.example/p/boots?c=2", "origin_referrer": "shop.example/p/boots",
            "with_query": "shop.example/p/boots?c=2", "other": "shop.example/p/shoes"}
    kinds = _kinds("POST", "https://ac.search.example/v2/behavioral_action/item_detail_load",
                   (("Content-Type", "application/json"),), json.dumps(body).encode())
    assert kinds["origin_referrer"] == kinds["with_query"] == "page_context"
    assert kinds["other"] != "page_context"


def test_a_host_is_page_context_only_as_the_origin_or_a_carried_urls() -> None:
    body = {"site": "shop.example", "other": "mail.example"}
    kinds = _kinds("POST", "https://api.collector.example/e",
                   (("Content-Type", "application/json"), ("Origin", "https://shop.example")), json.dumps(body).encode())
    assert kinds["site"] == "page_context" and kinds["other"] != "page_context"


def test_a_signed_session_cookie_reaches_a_sibling_api_byte_for_byte(pipeline) -> None:  # type: ignore[no-untyped-def]
    import base64

    claims = base64.urlsafe_b64encode(b'{"user_id":"u-81723981","email":"jane.doe@example.org"}').decode().rstrip("=")
    session = f"eyJhbGciOiJIUzI1NiJ9.{claims}.c2lnbmF0dXJl"
    headers = (("Origin", "https://www.news.example"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "cors"),
               ("Sec-Fetch-Dest", "empty"), ("Cookie", f"session={session}; _ga=GA1.2.1234567890.1700000000"))
    out = pipeline.decide(HttpRequest("GET", "https://api.sibling.example/svc/user", headers))
    assert out.line["decision"] in ("allow", "transform")
    if out.rewrite is not None:
        cookie = dict(out.rewrite.headers).get("cookie", headers[-1][1])
        assert cookie.startswith(f"session={session}; ")  # the token is untouched; only the GA id may change


def test_a_sites_own_cookies_sent_back_from_its_own_pages_are_not_read(pipeline) -> None:  # type: ignore[no-untyped-def]
    cookie = ("Cookie", "_ga=GA1.2.1234567890.1700000000; _fbp=fb.1.1700000000000.123456789")
    same = pipeline.decide(HttpRequest("GET", "https://www.shop.example/api/cart",
                                       (("Sec-Fetch-Site", "same-site"), ("Sec-Fetch-Dest", "empty"), cookie)))
    assert same.line["payload"]["fields"] == 0 and same.line["decision"] == "allow"
    # without Fetch Metadata the Referer's site says the same
    old = pipeline.decide(HttpRequest("GET", "https://www.shop.example/api/cart",
                                      (("Referer", "https://shop.example/basket"), cookie)))
    assert old.line["payload"]["fields"] == 0
    cross = pipeline.decide(HttpRequest("GET", "https://www.shop.example/api/cart",
                                        (("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Dest", "empty"), cookie)))
    assert cross.line["payload"]["fields"] == 2


@pytest.mark.parametrize(
    ("value", "client_id"),
    [
        ("1078738703.1486805786", True),
        ("GA1.2.1078738703.1700000000", True),
        ("1486805786.123", False),  # a fractional timestamp
        ("1078738703.9999999999", False),  # the second half is no time
        ("52.5200066", False),
    ],
)
def test_google_analytics_client_id_format(value: str, client_id: bool) -> None:
    assert shapes.is_ga_client_id(value) is client_id


def test_a_ga_client_id_under_any_key_is_an_identifier_not_a_timestamp() -> None:
    kinds = _kinds("GET", "https://collector.example/page_view?dimensions[cid]=1078738703.1700000000&dimensions[timestamp]=1700000000123")
    assert kinds["dimensions[cid]"] == "user_identifier"
    assert kinds["dimensions[timestamp]"] == "site_machinery"


def test_a_client_context_blob_is_machinery_except_the_address_in_it() -> None:
    """A player or app SDK reports its client: the Accept header, the browser and device as the
    user agent names them are machinery; the IP address is the user's, though shaped like a version."""
    body = json.dumps({"client": {
        "acceptHeader": "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8",
        "browserName": "Chrome Mobile Webview", "browserVersion": "43.0.2357.65", "osName": "Android",
        "deviceModel": "Nexus 5", "remoteHost": "77.121.116.155", "libVersion": "2.20.1.0", "note": "1.2.3",
        "answer": "yes/no",
    }}).encode()
    kinds = _kinds("POST", "https://collect.tracker.example/e", THIRD_PARTY + (("Content-Type", "application/json"),), body)
    assert {k: kinds[k] for k in ("acceptHeader", "browserName", "browserVersion", "osName", "deviceModel")} == {
        k: "site_machinery" for k in ("acceptHeader", "browserName", "browserVersion", "osName", "deviceModel")}
    assert kinds["remoteHost"] == "none"  # scored: the IP recogniser finds it
    assert kinds["note"] == "site_machinery"  # a three-part version is no address
    assert kinds["answer"] == "none"  # no registered media type: not an Accept value


def test_an_ip_address_in_a_beacon_is_found_and_an_accept_list_is_not_a_search(pipeline) -> None:  # type: ignore[no-untyped-def]
    body = json.dumps({"remoteHost": "77.121.116.155", "acceptHeader": "text/html,*/*;q=0.8", "browserName": "Chrome Mobile"}).encode()
    out = _decide(pipeline, "POST", "https://collect.tracker.example/e", THIRD_PARTY + (("Content-Type", "application/json"),), body)
    assert [(f["category"], f["field"]) for f in out["findings"]] == [("IPAddress", "json:$.remoteHost")]


def test_a_trackers_own_cookies_from_another_sites_page_are_identifiers(pipeline) -> None:  # type: ignore[no-untyped-def]
    """Any id-shaped cookie a listed ad tracker set is its visitor id when a page of another site
    calls it (as browsers' tracking protection treats it); a session or consent cookie is kept."""
    cookie = "azk=70f2c4d4-8a1b-4c3d-9e0f-a1b2c3d4e5f6; tc_sess=s%3Aabc.def; euconsent-v2=CPxyzAPxyzAAA; lang=en"
    headers = (("Referer", "https://shop.example/"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"),
               ("Sec-Fetch-Dest", "image"), ("Cookie", cookie))
    out = pipeline.decide(HttpRequest("GET", "https://ib.adnxs.com/i.gif?e=1", headers))
    assert out.line["decision"] == "transform"
    assert [f["field"] for f in out.line["findings"]] == ["cookie:azk#0"]
    sent = dict(out.rewrite.headers)["cookie"]
    assert "70f2c4d4-8a1b-4c3d-9e0f-a1b2c3d4e5f6" not in sent
    assert sent.endswith("; tc_sess=s%3Aabc.def; euconsent-v2=CPxyzAPxyzAAA; lang=en")
    # the same cookies to an ordinary third party (no tracker) stay the site's machinery
    other = pipeline.decide(HttpRequest("GET", "https://widgets.example.net/i.gif?e=1", headers))
    assert other.line["findings"] == [] and other.rewrite is None
    # and to the tracker's own site from its own page, they are first-party cookies
    own = (("Sec-Fetch-Site", "same-origin"), ("Sec-Fetch-Dest", "empty"), ("Cookie", cookie))
    assert pipeline.decide(HttpRequest("GET", "https://ib.adnxs.com/account", own)).rewrite is None


def test_a_title_among_a_graphql_operations_arguments_is_a_records_not_the_pages() -> None:
    body = {"query": "mutation createIssue($input: IssueCreateInput!) { issueCreate(input: $input) { success } }",
            "variables": {"input": {"title": "Return request from Marguerite Oyelaran"}}}
    kinds = _kinds("POST", "https://api.tracker.example/graphql", (("Content-Type", "application/json"), *THIRD_PARTY),
                   json.dumps(body).encode())
    assert kinds["title"] == "none"  # read for what it says, like any other text the call writes
    assert _kinds("GET", "https://stats.example/collect?dt=Winter%20boots%20sale&v=1")["dt"] == "page_context"


def test_a_bare_title_is_the_pages_only_beside_the_pages_address() -> None:
    headers = (("Content-Type", "application/json"), *THIRD_PARTY)
    record = {"title": "Return request from Marguerite Oyelaran", "type": "return-requests", "metadata": {"plan": "pro"}}
    assert _kinds("POST", "https://api.cms.example/v3/objects", headers, json.dumps(record).encode())["title"] == "none"
    event = {"type": "event", "payload": {"hostname": "shop.example", "title": "Winter boots", "url": "/products/boots"}}
    assert _kinds("POST", "https://stats.example/api/send", headers, json.dumps(event).encode())["title"] == "page_context"
