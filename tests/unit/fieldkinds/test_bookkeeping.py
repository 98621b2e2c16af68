"""SDK bookkeeping and the user's object by place and shape (guardian/fieldkinds/bookkeeping.py)."""

from __future__ import annotations

import json

import pytest

from guardian.codecs import decode_request
from guardian.fieldkinds import FieldKindClassifier
from guardian.fieldkinds.bookkeeping import bookkeeping_labels, is_person_name
from guardian.records import HttpRequest, ValueKind

MACHINERY, USER_ID = ValueKind.SITE_MACHINERY, ValueKind.USER_IDENTIFIER


def _kinds(body: object, *, telemetry: bool = False, third_party: bool = False) -> dict[str, ValueKind]:
    request = HttpRequest("POST", "https://collect.example/", (("Content-Type", "application/json"),), json.dumps(body).encode())
    payload = decode_request(request)
    labels = bookkeeping_labels(payload.fields, telemetry=telemetry, third_party=third_party)
    return {path: label.kind for path, label in labels.items()}


def test_an_sdks_description_of_itself_is_machinery() -> None:
    kinds = _kinds({"context": {"library": {"name": "analytics-lite", "version": "2.3.4"}},
                    "notifier": {"name": "Acme JS Notifier", "version": "8.1.0", "url": "https://acme.example/js"},
                    "sdk": {"name": "sentry.javascript.browser", "integrations": ["Dedupe"]}})
    assert kinds["json:$.context.library.name"] is MACHINERY
    assert kinds["json:$.notifier.name"] is MACHINERY and kinds["json:$.notifier.url"] is MACHINERY
    assert kinds["json:$.sdk.name"] is MACHINERY


def test_a_name_and_version_inside_a_persons_object_is_not_software() -> None:
    kinds = _kinds({"user": {"name": "Ann Lee", "version": "2.0", "id": "usr_7731x"}})
    assert "json:$.user.name" not in kinds
    assert kinds["json:$.user.id"] is USER_ID


@pytest.mark.parametrize(
    "body",
    [
        {"traits": {"name": "Marguerite", "id": "u-88213"}},
        {"events": [{"user": {"id": "8d0c1e2f-aaaa-4bbb-8ccc-0123456789ab", "name": "m"}}]},
        {"kind": "user", "key": "usr_8f3k2m9qz4", "email": "m@example.net", "name": "Marguerite"},  # contact beside
    ],
)
def test_the_id_and_name_of_a_persons_object_are_the_persons(body: dict[str, object]) -> None:
    kinds = _kinds(body)
    assert USER_ID in kinds.values()
    assert not any(path.endswith(".name") for path in kinds)  # left to detection, whatever its shape


@pytest.mark.parametrize("value", ["page_view", "documentLoad", "LCP", "checkout-button", "Acme JS", "POST /api/cart"])
def test_the_name_of_a_thing_is_machinery(value: str) -> None:
    assert _kinds({"event": {"name": value}})["json:$.event.name"] is MACHINERY


def test_the_name_of_an_event_in_a_list_of_events_is_the_sites_whatever_its_shape() -> None:
    body = {"events": [{"name": "App Opened", "data": {"unique_id": "6e348439-cdb9-4fe8-b8f7-9ef7111d5fa9"}},
                       {"name": "Order Completed"}, {"user": {"name": "Ann Lee", "email": "ann@example.org"}}],
            "name": "Ann Lee"}
    kinds = _kinds(body, telemetry=True)
    assert kinds["json:$.events[0].name"] is MACHINERY and kinds["json:$.events[1].name"] is MACHINERY
    assert "json:$.events[2].user.name" not in kinds and "json:$.name" not in kinds  # a person's, left to detection


def test_a_list_of_attribute_pairs_with_contact_data_is_a_persons_record() -> None:
    # a name written in lower case is no thing's name where its list also holds the person's e-mail
    body = {"metadata": [{"key": "name", "value": "marguerite oyelaran"}, {"key": "email", "value": "m@example.net"}],
            "params": [{"key": "name", "value": "page view"}, {"key": "plan", "value": "pro"}]}
    kinds = _kinds(body, telemetry=True)
    assert "json:$.metadata[0].value" not in kinds  # left to detection
    assert kinds["json:$.params[0].value"] is MACHINERY


@pytest.mark.parametrize("value", ["Ann Lee", "Mary de Souza", "Jean-Luc Picard"])
def test_a_persons_name_outside_a_persons_object_is_left_to_detection(value: str) -> None:
    assert is_person_name(value)
    assert "json:$.name" not in _kinds({"name": value, "plan": "pro"})


def test_telemetry_keys_sessions_and_deployment_are_machinery_only_in_telemetry() -> None:
    body = {"api_key": "a1b2c3d4e5f6a7b8", "session_id": "s-7f3a9c1b2d", "service": "shop-web",
            "environment": "production", "view": {"id": "3c1f9a2e-8b7d-4c3e-9f10-2a6b7c8d9e0f"}}
    telemetry = _kinds(body, telemetry=True)
    assert {telemetry[p] for p in ("json:$.api_key", "json:$.session_id", "json:$.service", "json:$.environment",
                                   "json:$.view.id")} == {MACHINERY}
    assert "json:$.api_key" not in _kinds(body) and "json:$.session_id" not in _kinds(body)


def test_a_dotted_attribute_name_ends_in_what_it_is() -> None:
    body = {"attributes": {"application.session": "ba99a01d-d8c6-4b71-9d69-b9ca5a9b5edf", "session.id": "007ebd95dadfca93"}}
    telemetry = _kinds(body, telemetry=True)
    assert telemetry['json:$.attributes["application.session"]'] is MACHINERY
    assert telemetry['json:$.attributes["session.id"]'] is MACHINERY


def test_the_user_as_one_value_in_telemetry_is_their_id() -> None:
    body = {"context": {"user": "usr_8f3k2m9qz4", "httpRequest": {"url": "https://shop.example/"}}, "message": "Error"}
    assert _kinds(body, telemetry=True)["json:$.context.user"] is USER_ID
    assert "json:$.context.user" not in _kinds({"context": {"user": "anonymous"}}, telemetry=True)  # no id's shape
    assert "json:$.context.user" not in _kinds(body)  # outside telemetry the detector decides


def test_a_secret_key_is_never_machinery() -> None:
    assert "json:$.api_key" not in _kinds({"api_key": "sk_live_abcdefghijklmnop"}, telemetry=True)


@pytest.mark.parametrize(("key", "value", "machinery"), [("locale", "en", True), ("lang", "fra", True),
                                                        ("city", "en", False), ("locale", "English", False)])
def test_a_bare_language_code_needs_a_language_key(key: str, value: str, machinery: bool) -> None:
    assert (f"json:$.{key}" in _kinds({key: value})) is machinery


@pytest.mark.parametrize(
    ("value", "machinery"),
    [("en-US", True), ("pt_BR", True), ("Europe/Paris", True), ("1920x1080", True), ("Jane", False)],
)
def test_locales_time_zones_and_screen_sizes_are_machinery_by_shape_anywhere(value: str, machinery: bool) -> None:
    request = HttpRequest("POST", "https://collect.example/", (("Content-Type", "application/json"),),
                          json.dumps({"x": value}).encode())
    labels = FieldKindClassifier().classify(request, decode_request(request))
    label = labels.get("json:$.x")
    assert (label is not None and label.kind is MACHINERY) is machinery


def test_an_email_is_never_bookkeeping() -> None:
    kinds = _kinds({"sdk": {"name": "x", "version": "1.0.0", "contact": "ops@example.net"},
                    "session_id": "jane@example.net"}, telemetry=True)
    assert "json:$.sdk.contact" not in kinds and "json:$.session_id" not in kinds


def test_a_serialised_dom_nodes_text_is_page_context() -> None:
    snapshot = {"node": {"type": 0, "childNodes": [{"type": 2, "tagName": "title", "attributes": {"class": "t"},
                                                    "childNodes": [{"type": 3, "textContent": "Winter boots — Example Shop"}]}]}}
    kinds = _kinds(snapshot)
    assert kinds["json:$.node.childNodes[0].childNodes[0].textContent"] is ValueKind.PAGE_CONTEXT
    assert kinds["json:$.node.childNodes[0].attributes.class"] is ValueKind.PAGE_CONTEXT


def test_a_users_attributes_object_is_not_a_dom_node() -> None:
    # a CDP's user object: "attributes" with a name is the person's, not an HTML element's
    body = [{"type": "user", "userId": "usr_8f3k2m9qz4",
             "attributes": {"name": "Marguerite Oyelaran", "email": "m.o@example.net", "phone": "+1 415 555 0187"}},
            {"type": "company", "companyId": "acme-retail", "attributes": {"name": "Acme Retail", "plan": "pro"}}]
    kinds = _kinds(body, telemetry=True, third_party=True)
    assert "json:$[0].attributes.name" not in kinds and "json:$[0].attributes.phone" not in kinds
    assert kinds.get("json:$[1].attributes.plan") is not ValueKind.PAGE_CONTEXT
    # an element's attributes still are the page's: an attribute only HTML has
    node = {"tagName": "input", "attributes": {"name": "q", "placeholder": "Search", "class": "box"}}
    assert _kinds({"node": node})["json:$.node.attributes.placeholder"] is ValueKind.PAGE_CONTEXT


def test_an_age_outside_a_persons_object_in_telemetry_is_not_a_persons_age() -> None:
    assert _kinds({"environment": {"age": 3}}, telemetry=True)["json:$.environment.age"] is MACHINERY
    assert "json:$.user.age" not in _kinds({"user": {"age": 34}}, telemetry=True)


def test_an_otlp_attribute_is_judged_by_the_name_its_entry_gives_it() -> None:
    body = {"resource": {"attributes": [{"key": "app.session_id", "value": {"stringValue": "a1b2c3d4e5f6"}},
                                        {"key": "telemetry.sdk.language", "value": {"stringValue": "webjs"}}]}}
    kinds = _kinds(body, telemetry=True)
    assert kinds["json:$.resource.attributes[0].value.stringValue"] is MACHINERY
    assert kinds["json:$.resource.attributes[1].value.stringValue"] is MACHINERY


def test_a_session_id_to_a_third_party_is_its_own_session_not_a_credential() -> None:
    request = HttpRequest("GET", "https://trk.video.example/t?sid=9f3a2c7e11&ev=play", (("Sec-Fetch-Site", "cross-site"),))
    payload = decode_request(request)
    third = FieldKindClassifier().classify(request, payload, third_party=True)
    assert third["query:sid#0"].kind is MACHINERY
    assert "query:sid#0" not in FieldKindClassifier().classify(request, payload)  # to the site itself: scored


def test_a_list_of_one_value_goes_by_the_lists_key() -> None:
    # Pinpoint's endpoint attributes are lists of strings: a session id in one is still a session id
    kinds = _kinds({"Endpoint": {"Attributes": {"lastSession": ["01752e7a-cc2a-4bcb-908a-955b90745e37"],
                                                "lastPageSession": ["b1771e8b-9aeb-4f22-9b40-2c8fabb68cc1"]}}},
                   third_party=True)
    assert kinds["json:$.Endpoint.Attributes.lastSession[0]"] is MACHINERY
    assert kinds["json:$.Endpoint.Attributes.lastPageSession[0]"] is MACHINERY
    assert _kinds({"user": {"emails": ["ann@example.org"]}}, third_party=True) == {}


def test_an_apps_token_and_a_session_uid_to_a_collector_are_machinery() -> None:
    kinds = _kinds({"app_token": "Xq7LmB2pK9vT4zR8wN3cH6dF1gJ5sY0a", "session_uid": "a3fafe50-1f08-39d8-414b-1a29392c74a1",
                    "logs": [{"t": "started"}]}, third_party=True)
    assert kinds["json:$.app_token"] is MACHINERY and kinds["json:$.session_uid"] is MACHINERY


@pytest.mark.parametrize("sid", ["pYBOxeP/FXhEZUXCwKGS1g", "pYBOxeP/FXhEZUXCwKGSHg"])
def test_a_random_session_id_is_machinery_with_or_without_a_digit(sid: str) -> None:
    # App Insights' ai.session.id: 22 random characters of A-Za-z0-9+/; about 1 in 40 has no digit,
    # and was then read by its key as a credential (the live-clients e2e failed one run in ~40)
    kinds = _kinds([{"name": "Microsoft.ApplicationInsights.Pageview", "tags": {"ai.session.id": sid}}], telemetry=True)
    assert kinds['json:$[0].tags["ai.session.id"]'] is ValueKind.SITE_MACHINERY


def test_the_key_of_an_attribute_pair_names_its_value_and_is_no_id() -> None:
    body = [{"event": "identify", "attributes": [{"key": "first_name", "value": "Marguerite"}, {"key": "user_id", "value": "usr_8f3k2m9qz4"}]}]
    request = HttpRequest("POST", "https://collector.example/v1/events", (("Content-Type", "application/json"),), json.dumps(body).encode())
    payload = decode_request(request)
    labels = FieldKindClassifier().classify(request, payload, telemetry=True)
    assert labels.get("json:$[0].attributes[0].key") is None or labels["json:$[0].attributes[0].key"].kind is not ValueKind.USER_IDENTIFIER
    assert labels.get("json:$[0].attributes[1].key") is None or labels["json:$[0].attributes[1].key"].kind is not ValueKind.USER_IDENTIFIER


def test_an_sdks_key_to_its_vendor_is_machinery_but_a_token_outside_telemetry_is_not() -> None:
    body = {"apiKey": "7c1e5b2a-4d3f-4e8a-9b21-5d6f8e0b1a47", "access_token": "ya29a0AfB_byC1234567890abcdef",
            "target": {"identifier": "usr_8f3k2m9qz4", "name": "Jane Doe"}}
    kinds = _kinds(body, third_party=True)
    assert kinds["json:$.apiKey"] is MACHINERY
    assert "json:$.access_token" not in kinds  # a login's token, maybe: the detector reads it
    assert "json:$.apiKey" not in _kinds(body)  # the site's own API: not decided here


def test_what_a_page_or_a_video_is_called_is_page_context_in_telemetry() -> None:
    body = {"events": [{"page_title_html": "Sale ends 29 November", "videoTitle": "Autumn collection",
                        "title_of_user": "x", "author_title": "Dr"}]}
    kinds = _kinds(body, telemetry=True)
    assert kinds["json:$.events[0].page_title_html"] is ValueKind.PAGE_CONTEXT
    assert kinds["json:$.events[0].videoTitle"] is ValueKind.PAGE_CONTEXT
    assert "json:$.events[0].author_title" not in kinds or kinds["json:$.events[0].author_title"] is not ValueKind.PAGE_CONTEXT


def test_a_visits_token_in_a_collectors_form_is_its_session_id() -> None:
    from guardian.fieldkinds.bookkeeping import bookkeeping_labels

    body = b"visit_token=8f3c2a9e-1b4d-4c6e-9a7f-2d5e8b1c3f4a&events_json=%5B%5D"
    request = HttpRequest("POST", "https://collect.example/ahoy/events",
                          (("Content-Type", "application/x-www-form-urlencoded"),), body)
    labels = bookkeeping_labels(decode_request(request).fields, telemetry=True)
    assert labels["form:visit_token#0"].kind is MACHINERY


def test_an_sdk_reserved_session_key_is_the_session_key() -> None:
    from guardian.fieldkinds.bookkeeping import bookkeeping_labels

    body = json.dumps({"trackEvents": [{"identifiers": {"$sessionId": "1732871234567.a1b2c3d4"}, "eventKey": "$page_view"}]})
    request = HttpRequest("POST", "https://events.example/api/v2/w/events", (("Content-Type", "application/json"),),
                          body.encode())
    labels = bookkeeping_labels(decode_request(request).fields, telemetry=True)
    assert labels['json:$.trackEvents[0].identifiers["$sessionId"]'].kind is MACHINERY


def test_an_empty_contact_slot_makes_no_persons_object() -> None:
    body = json.dumps({"logs": [{"text": {"cx_rum": {"session_context": {
        "user_id": "", "user_name": "", "session_id": "897bb09a-5820-48d7-9773-7d4c0a1d1abd"}}}}]})
    request = HttpRequest("POST", "https://rum.example/browser/v1/logs", (("Content-Type", "application/json"),), body.encode())
    labels = bookkeeping_labels(decode_request(request).fields, telemetry=True)
    assert labels["json:$.logs[0].text.cx_rum.session_context.session_id"].kind is MACHINERY
    filled = body.replace('"user_name": ""', '"user_name": "jane.doe"')
    request = HttpRequest("POST", "https://rum.example/browser/v1/logs", (("Content-Type", "application/json"),), filled.encode())
    labels = bookkeeping_labels(decode_request(request).fields, telemetry=True)
    assert "json:$.logs[0].text.cx_rum.session_context.session_id" not in labels  # a person's object: detection's


@pytest.mark.parametrize(("key", "path"), [("event", ".event"), ("event_name", ".event_name"), ("eventName", ".eventName"),
                                           ("track_event_name", ".track_event_name"), ("$event_name", '["$event_name"]')])
def test_the_name_of_an_event_is_the_sites_whatever_its_shape(key: str, path: str) -> None:
    # Title Case "Object Action" names (a tracking plan's convention) are two or three capitalised words
    body = [{"type": "track", "visitor_id": "_PENDO_T_KsjPu9ZKD8u", key: "Size Guide Opened"}]
    assert _kinds(body, telemetry=True)[f"json:$[0]{path}"] is MACHINERY
    assert _kinds(body, third_party=True)[f"json:$[0]{path}"] is MACHINERY  # a vendor outside any list
    assert f"json:$[0]{path}" not in _kinds(body)  # the site's own API: left to detection


def test_a_persons_name_as_a_screens_name_is_still_left_to_detection() -> None:
    # a screen or page name may be built from what the page shows of its user ("Ann Lee" on a profile)
    assert "json:$.screen_name" not in _kinds({"screen_name": "Ann Lee"}, telemetry=True)
    assert _kinds({"screen_name": "Checkout"}, telemetry=True)["json:$.screen_name"] is MACHINERY
