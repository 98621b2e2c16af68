"""Analytics and monitoring collectors: personal data is rewritten in place, the request
still goes out; a request with nothing personal is left alone."""

from __future__ import annotations

import json

import pytest

from guardian.assemble import assemble
from guardian.records import HttpRequest, Verdict
from guardian.settings import Settings

FETCH = (("Origin", "https://shop.example"), ("Referer", "https://shop.example/"), ("Sec-Fetch-Site", "cross-site"),
         ("Sec-Fetch-Mode", "cors"), ("Sec-Fetch-Dest", "empty"), ("Content-Type", "application/json"))
EMAIL = "marta.kowalczyk@example.net"


@pytest.fixture(scope="module")
def pipeline():  # type: ignore[no-untyped-def]
    return assemble(Settings(policy_db=None))


def _post(url: str, body: object, headers: tuple[tuple[str, str], ...] = FETCH) -> HttpRequest:
    return HttpRequest("POST", url, headers, json.dumps(body).encode())


def test_an_error_trackers_user_context_is_rewritten_not_sent_raw(pipeline) -> None:  # type: ignore[no-untyped-def]
    body = {"notifier": {"name": "Acme JS", "version": "8.1.0"},
            "events": [{"exceptions": [{"errorClass": "TypeError", "message": "x is undefined"}],
                        "user": {"id": "usr_7731", "email": EMAIL}}]}
    outcome = pipeline.decide(_post("https://errors.shop-monitor.example/", body))
    record = outcome.line
    assert record["context"]["recipient"] == "analytics" and record["context"]["collector"] == "monitoring"
    assert outcome.verdict is Verdict.TRANSFORM and outcome.rewrite is not None
    sent = json.loads(outcome.rewrite.body)
    assert EMAIL not in outcome.rewrite.body.decode()
    assert sent["notifier"] == body["notifier"] and sent["events"][0]["exceptions"] == body["events"][0]["exceptions"]


def test_what_the_risk_would_deny_at_a_collector_is_rewritten_instead(pipeline) -> None:  # type: ignore[no-untyped-def]
    beacon = (("Origin", "https://shop.example"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"),
              ("Sec-Fetch-Dest", "empty"), ("Content-Type", "application/json"))
    body = {"batch": [{"type": "identify", "messageId": "m-1", "anonymousId": "5c1f9a2e-8b7d-4c3e-9f10-2a6b7c8d9e0f",
                       "traits": {"email": EMAIL, "phone": "+1 415 555 0187", "ssn": "512-44-3021"}}]}
    outcome = pipeline.decide(_post("https://events.unlisted-cdp.example/v1/batch", body, beacon))
    assert outcome.verdict is Verdict.TRANSFORM, outcome.line["reason"]
    assert outcome.rewrite is not None
    text = outcome.rewrite.body.decode()
    assert EMAIL not in text and "555 0187" not in text and "512-44-3021" not in text
    assert json.loads(text)["batch"][0]["messageId"] == "m-1"


def test_a_page_view_with_nothing_personal_passes_untouched(pipeline) -> None:  # type: ignore[no-untyped-def]
    body = {"batch": [{"type": "page", "messageId": "m-2", "timestamp": "2025-01-01T00:00:00.000Z",
                       "context": {"library": {"name": "analytics-lite", "version": "2.3.4"}, "locale": "en-US",
                                   "page": {"path": "/", "title": "Shop", "url": "https://shop.example/"}},
                       "properties": {"path": "/", "title": "Shop"}}]}
    outcome = pipeline.decide(_post("https://events.unlisted-cdp.example/v1/batch", body))
    assert outcome.verdict is Verdict.ALLOW, outcome.line["reason"]
    assert outcome.rewrite is None


def test_a_user_rule_that_blocks_the_host_still_blocks(tmp_path) -> None:  # type: ignore[no-untyped-def]
    rules = tmp_path / "rules.yaml"
    rules.write_text("version: 1\nblocked: [unlisted-cdp.example]\n")
    pipeline = assemble(Settings(policy_db=None, rules_path=str(rules)))
    body = {"type": "track", "messageId": "m-3", "event": "x"}
    assert pipeline.decide(_post("https://events.unlisted-cdp.example/v1/t", body)).verdict is Verdict.DENY


@pytest.mark.parametrize("host", ["abc123xyz-dsn.algolia.net", "search.shop-search.example"])
def test_the_sites_own_search_box_reaches_its_search_provider(pipeline, host: str) -> None:  # type: ignore[no-untyped-def]
    body = {"requests": [{"indexName": "products", "params": "query=running%20shoes%20size%2044&hitsPerPage=20"}]}
    outcome = pipeline.decide(_post(f"https://{host}/1/indexes/*/queries", body))
    assert outcome.verdict is not Verdict.DENY, outcome.line["reason"]
    assert outcome.line["context"]["recipient"] == "service_provider"
    assert outcome.rewrite is None or b"running%20shoes" in outcome.rewrite.body


def test_an_unlisted_search_apis_query_reaches_it_and_its_ids_and_contacts_do_not(pipeline) -> None:  # type: ignore[no-untyped-def]
    body = {"query": "waterproof winter boots", "search_type": "fulltext", "page_size": 10, "user_id": "usr_8f3k2m9q7x"}
    outcome = pipeline.decide(_post("https://api.unlisted-search.example/api/chunk/search", body))
    assert outcome.verdict is Verdict.TRANSFORM and outcome.rewrite is not None, outcome.line["reason"]
    sent = json.loads(outcome.rewrite.body)
    assert sent["query"] == body["query"]  # the search box's words: what the service is for
    assert sent["user_id"] != body["user_id"] and sent["user_id"].startswith("usr_")  # an unknown party: the id swapped
    mailed = pipeline.decide(_post("https://api.unlisted-search.example/api/chunk/search", {"query": f"order of {EMAIL}"}))
    assert mailed.rewrite is not None and EMAIL not in mailed.rewrite.body.decode()
    assert json.loads(mailed.rewrite.body)["query"].startswith("order of ")


def test_an_address_in_a_binary_replay_batch_is_blocked_with_the_reason(pipeline) -> None:  # type: ignore[no-untyped-def]
    headers = FETCH[:-1] + (("Content-Type", "application/octet-stream"),)
    body = b"\x00\x01\x05user\x1f" + EMAIL.encode() + b"\x00\xff\xfe"
    outcome = pipeline.decide(HttpRequest("POST", "https://api.openreplay.com/ingest/v1/web/i", headers, body))
    assert outcome.verdict is Verdict.DENY and "cannot read or rewrite" in outcome.reason
    assert EMAIL not in json.dumps(outcome.line)


def test_a_binary_body_without_an_address_is_decided_on_its_headers(pipeline) -> None:  # type: ignore[no-untyped-def]
    headers = FETCH[:-1] + (("Content-Type", "application/octet-stream"),)
    outcome = pipeline.decide(HttpRequest("POST", "https://replay.unlisted-replay.example/ingest/v1/web/i", headers, b"\x00\x01\xff"))
    assert outcome.verdict is Verdict.ALLOW and outcome.line["payload"]["opaque_reason"]


def test_an_unlisted_third_partys_background_request_is_rewritten_a_users_form_is_blocked(pipeline) -> None:  # type: ignore[no-untyped-def]
    body = {"account": {"contact_email": EMAIL, "ssn": "512-44-3021"}, "ok": True}
    background = pipeline.decide(_post("https://api.unlisted-widget.example/state", body))
    assert background.verdict is Verdict.TRANSFORM and "unlisted third party is not blocked" in background.reason
    assert EMAIL not in background.rewrite.body.decode()
    form = (("Origin", "https://shop.example"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "navigate"),
            ("Sec-Fetch-Dest", "document"), ("Sec-Fetch-User", "?1"), ("Content-Type", "application/json"))
    clicked = pipeline.decide(_post("https://api.unlisted-widget.example/apply", {"ssn": "512-44-3021", "cc": "4111 1111 1111 1111"}, form))
    assert clicked.verdict is not Verdict.TRANSFORM or "unlisted third party" not in clicked.reason


def test_an_otel_url_attribute_is_the_page_not_browsing_history(pipeline) -> None:  # type: ignore[no-untyped-def]
    body = {"resourceSpans": [{"scopeSpans": [{"spans": [{"name": "documentLoad", "attributes": [
        {"key": "url.full", "value": {"stringValue": "https://shop.example/boots"}},
        {"key": "url.path", "value": {"stringValue": "/boots"}}]}]}]}]}
    outcome = pipeline.decide(_post("https://otel.shop-obs.example/v1/traces", body))
    assert outcome.verdict is Verdict.ALLOW and outcome.rewrite is None, outcome.reason


def test_a_rule_can_block_attachments_to_an_ai_service(tmp_path) -> None:  # type: ignore[no-untyped-def]
    image = "data:image/png;base64," + "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
    body = {"model": "gpt-x", "messages": [{"role": "user", "content": [
        {"type": "text", "text": "What is in this picture?"}, {"type": "image_url", "image_url": {"url": image}}]}]}
    api = (("Content-Type", "application/json"), ("Authorization", "Bearer sk-test"))
    rules = tmp_path / "rules.yaml"
    rules.write_text("version: 1\nblock_attachments: [api.openai.com]\n")
    blocked = assemble(Settings(policy_db=None, rules_path=str(rules))).decide(_post("https://api.openai.com/v1/chat/completions", body, api))
    assert blocked.verdict is Verdict.DENY and blocked.line["rule"] == "block_attachments:api.openai.com"
    text_only = {"model": "gpt-x", "messages": [{"role": "user", "content": "What is a tuple in Python?"}]}
    assert assemble(Settings(policy_db=None, rules_path=str(rules))).decide(
        _post("https://api.openai.com/v1/chat/completions", text_only, api)).verdict is Verdict.ALLOW


def test_a_processor_tracking_behaviour_gets_no_contact_data_or_ids_raw(pipeline) -> None:  # type: ignore[no-untyped-def]
    # AWS is a service provider by the lists; its Personalize events API tracks what users do (the
    # host names it): ids and contact details are rewritten, as for any analytics collector, and an
    # id rewritten in one request is rewritten in the next, so the records still join.
    users = {"datasetArn": "arn:aws:personalize:us-east-1:123456789012:dataset/shop/USERS",
             "users": [{"userId": "usr_8f3k2m9qz4", "properties": json.dumps({"email": EMAIL, "plan": "pro"})}]}
    events = {"trackingId": "7c1e5a2b-9d3f-4e6a-8b1c-2d3e4f5a6b7c", "userId": "usr_8f3k2m9qz4", "sessionId": "s-1",
              "eventList": [{"eventType": "click", "itemId": "boots-129", "sentAt": 1796051286}]}
    host = "https://personalize-events.us-east-1.amazonaws.com"
    sent = []
    for path, body in (("/users", users), ("/events", events)):
        outcome = pipeline.decide(_post(host + path, body))
        assert outcome.line["context"]["recipient"] == "service_provider"
        assert outcome.verdict is Verdict.TRANSFORM and outcome.rewrite is not None, outcome.line["reason"]
        assert "usr_8f3k2m9qz4" not in outcome.rewrite.body.decode() and EMAIL not in outcome.rewrite.body.decode()
        sent.append(json.loads(outcome.rewrite.body))
    assert sent[0]["users"][0]["userId"] == sent[1]["userId"]  # the same swap in both
    assert sent[1]["eventList"] == events["eventList"]


def test_a_processor_for_its_own_service_keeps_the_risk_models_decision(pipeline) -> None:  # type: ignore[no-untyped-def]
    # the same id to a service provider's API with no word of analytics: the risk alone decides
    body = {"userId": "usr_8f3k2m9qz4", "plan": "pro"}
    outcome = pipeline.decide(_post("https://api.us-east-1.amazonaws.com/prod/profile", body))
    assert outcome.line["context"]["recipient"] == "service_provider"
    assert "for analytics is always rewritten" not in outcome.line["reason"]
