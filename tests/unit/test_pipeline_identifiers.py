"""User ids and hashed personal data to third parties: found, scored in the identifier
tier, and sent as same-shape substitutes that carry neither the raw nor the hashed original."""

from __future__ import annotations

import hashlib
import json

import pytest

from guardian.assemble import assemble
from guardian.fieldkinds import FieldKindClassifier
from guardian.codecs import decode_request
from guardian.records import HttpRequest, ValueKind
from guardian.settings import Settings

BEACON = (("Referer", "https://shop.example/"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"),
          ("Sec-Fetch-Dest", "empty"))
PIXEL = (("Referer", "https://shop.example/"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Dest", "image"))
EMAIL = "jane.doe@example.org"
EMAIL_SHA256 = hashlib.sha256(EMAIL.encode()).hexdigest()


@pytest.fixture(scope="module")
def pipeline():  # type: ignore[no-untyped-def]
    return assemble(Settings(policy_db=None))


def test_ga4_client_id_to_analytics_is_swapped_in_shape(pipeline) -> None:  # type: ignore[no-untyped-def]
    url = "https://region1.google-analytics.com/g/collect?v=2&tid=G-ABC123XYZ&cid=1234567890.1700000000&en=page_view"
    outcome = pipeline.decide(HttpRequest("POST", url, BEACON))
    assert outcome.line["decision"] == "transform" and outcome.line["categories"] == ["PersistentID"]
    assert outcome.line["anonymize"]["identifiers_swapped"] == 1
    assert outcome.rewrite is not None
    rewritten = outcome.rewrite.url
    assert "1234567890.1700000000" not in rewritten and "tid=G-ABC123XYZ" in rewritten
    cid = rewritten.split("cid=")[1].split("&")[0]
    assert len(cid) == 21 and cid[10] == "." and cid.replace(".", "").isdigit()


def test_an_email_sent_as_the_user_id_leaves_no_part_of_itself(pipeline) -> None:  # type: ignore[no-untyped-def]
    url = f"https://region1.google-analytics.com/g/collect?v=2&tid=G-ABC123XYZ&uid={EMAIL}&en=page_view"
    outcome = pipeline.decide(HttpRequest("POST", url, BEACON))
    assert outcome.line["decision"] == "transform" and outcome.line["categories"] == ["Email"]
    assert outcome.rewrite is not None and "tid=G-ABC123XYZ" in outcome.rewrite.url  # the hit still counts
    sent = outcome.rewrite.url.split("uid=")[1].split("&")[0]
    assert "jane" not in sent and "doe" not in sent  # read as an id, "doe" was kept (short segments are)
    assert outcome.line["anonymize"]["identifiers_swapped"] == 1


def test_users_whose_ids_are_emails_stay_apart_and_each_stays_one_user(pipeline) -> None:  # type: ignore[no-untyped-def]
    # masked alike ("***%40example.org"), every user of the site became one user in its analytics
    def sent_uid(email: str, host: str = "region1.google-analytics.com") -> str:
        url = f"https://{host}/g/collect?v=2&tid=G-ABC123XYZ&uid={email.replace('@', '%40')}&en=page_view"
        outcome = pipeline.decide(HttpRequest("POST", url, BEACON))
        assert outcome.rewrite is not None
        return outcome.rewrite.url.split("uid=")[1].split("&")[0]

    jane, john = sent_uid(EMAIL), sent_uid("john.roe@example.org")
    local, _, domain = jane.replace("%40", "@").partition("@")
    assert domain == "example.org" and len(local) == 16 and local.isalnum() and local[0].isalpha()
    assert jane != john and sent_uid(EMAIL) == jane  # two users stay two; one user stays one
    assert sent_uid(EMAIL, "api.mixpanel.com") != jane  # another recipient cannot join on it


def test_meta_advanced_matching_hash_and_fbp_leave_no_original(pipeline) -> None:  # type: ignore[no-untyped-def]
    url = (f"https://www.facebook.com/tr/?id=123456789012345&ev=PageView&ud[em]={EMAIL_SHA256}"
           "&fbp=fb.1.1596403881668.1116446470")
    outcome = pipeline.decide(HttpRequest("GET", url, PIXEL))
    record = outcome.line
    assert record["decision"] == "transform" and set(record["categories"]) == {"Email", "PersistentID"}
    assert any(f["entity"] == "EMAIL_HASH" and f.get("hashed") for f in record["findings"])
    assert outcome.rewrite is not None
    rewritten = outcome.rewrite.url
    assert EMAIL_SHA256 not in rewritten and "1596403881668" not in rewritten and "id=123456789012345" in rewritten


def test_hashed_email_by_key_name_and_by_link_to_the_clear_value(pipeline) -> None:  # type: ignore[no-untyped-def]
    body = json.dumps({"sha256_email": EMAIL_SHA256, "ref_code": EMAIL_SHA256.upper(), "plan": "pro"}).encode()
    request = HttpRequest("POST", "https://sync.adtech.example/match", BEACON + (("Content-Type", "application/json"),), body)
    labels = FieldKindClassifier().classify(request, decode_request(request))
    label = labels["json:$.sha256_email"]
    assert label.kind is ValueKind.USER_DATA and label.hashed and label.category is not None
    found = {f["field"]: f["entity"] for f in pipeline.decide(request).line["findings"]}
    assert found == {"json:$.sha256_email": "EMAIL_HASH"}  # an upper-case digest under a plain key is no evidence
    with_clear = json.dumps({"email": EMAIL, "x": EMAIL_SHA256}).encode()
    record = pipeline.decide(HttpRequest("POST", "https://sync.adtech.example/match", request.headers, with_clear)).line
    assert {f["field"]: f["entity"] for f in record["findings"]}["json:$.x"] == "EMAIL_HASH"


def test_a_user_id_to_the_first_party_for_functionality_is_allowed(pipeline) -> None:  # type: ignore[no-untyped-def]
    headers = (("Origin", "https://shop.example"), ("Sec-Fetch-Site", "same-origin"), ("Content-Type", "application/json"))
    body = json.dumps({"user_id": "u_8f3a9c2b7d", "sku": "A1"}).encode()
    record = pipeline.decide(HttpRequest("POST", "https://shop.example/api/cart", headers, body)).line
    assert record["decision"] == "allow" and record["categories"] == ["PersistentID"]


def test_a_json_number_id_stays_a_valid_number(pipeline) -> None:  # type: ignore[no-untyped-def]
    body = json.dumps({"distinct_id": 1234567890123, "event": "view"}).encode()
    outcome = pipeline.decide(HttpRequest("POST", "https://api.mixpanel.com/track", BEACON + (("Content-Type", "application/json"),), body))
    assert outcome.rewrite is not None and outcome.rewrite.body is not None
    sent = json.loads(outcome.rewrite.body)
    assert isinstance(sent["distinct_id"], int) and sent["distinct_id"] != 1234567890123
    assert len(str(sent["distinct_id"])) == 13


def test_a_chatgpt_web_turn_loses_its_ssn_and_keeps_its_ids(pipeline) -> None:  # type: ignore[no-untyped-def]
    conversation = "6751d6f0-1c2e-8000-9b1a-3c4d5e6f7a8b"
    body = {"action": "next", "conversation_id": conversation, "parent_message_id": "aaa1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a4b",
            "model": "auto", "timezone": "Europe/Berlin",
            "messages": [{"id": "aaa2c6f1-4b5e-4d7a-9c1e-2f3a4b5c6d7e", "author": {"role": "user"},
                          "content": {"content_type": "text", "parts": ["My SSN is 536-90-4399, is that safe to share?"]}}]}
    headers = (("Origin", "https://chatgpt.com"), ("Sec-Fetch-Site", "same-origin"), ("Content-Type", "application/json"))
    outcome = pipeline.decide(HttpRequest("POST", "https://chatgpt.com/backend-api/conversation", headers, json.dumps(body).encode()))
    assert outcome.line["recipient"] == "ai_service" and outcome.line["decision"] == "transform"
    assert outcome.rewrite is not None
    sent = json.loads(outcome.rewrite.body)
    assert "536-90-4399" not in json.dumps(sent)
    assert sent["conversation_id"] == conversation and sent["messages"][0]["id"] == body["messages"][0]["id"]  # type: ignore[index]
    assert sent["timezone"] == "Europe/Berlin" and sent["model"] == "auto"


def test_high_tier_data_in_a_prompt_is_rewritten_even_when_the_risk_would_allow_it() -> None:
    from guardian.rules import parse_rules

    # a prior L of 0.01 for AI services makes the risk tiny: only the AI-service floor transforms
    rules = parse_rules("version: 1\nlikelihood_prior: {ai_service: 0.01}\n")
    p = assemble(Settings(policy_db=None), rules=rules)
    body = json.dumps({"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "Call me on +1 415 555 2671 tonight"}]})
    headers = (("Content-Type", "application/json"),)
    outcome = p.decide(HttpRequest("POST", "https://api.openai.com/v1/chat/completions", headers, body.encode()))
    assert outcome.line["R"] < 0.1 and outcome.line["decision"] == "transform"
    assert "always rewritten" in outcome.line["reason"]
    assert outcome.rewrite is not None and "555 2671" not in outcome.rewrite.body.decode()
    # a low-tier finding alone (a language) is left to the risk
    low = json.dumps({"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "Answer in French please"}]})
    assert p.decide(HttpRequest("POST", "https://api.openai.com/v1/chat/completions", headers, low.encode())).line["decision"] == "allow"
