"""An e-mail address where no body or query field carries it: a URL path segment, a custom header.

To a third party it is rewritten like the same address in a query; to the site the user is on it
passes, since the site's own API addresses its users that way.
"""

from __future__ import annotations

import pytest

from guardian.assemble import assemble
from guardian.records import HttpRequest
from guardian.settings import Settings

CROSS_SITE = (("Origin", "https://shop.example"), ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "cors"),
              ("Sec-Fetch-Dest", "empty"))
SAME_SITE = (("Origin", "https://shop.example"), ("Sec-Fetch-Site", "same-origin"), ("Sec-Fetch-Mode", "cors"),
             ("Sec-Fetch-Dest", "empty"))
EMAIL = "jane.doe@example.org"


@pytest.fixture(scope="module")
def pipeline():  # type: ignore[no-untyped-def]
    return assemble(Settings(policy_db=None))


def test_an_address_in_the_path_to_analytics_is_rewritten_in_place(pipeline) -> None:  # type: ignore[no-untyped-def]
    url = "https://api.segment.io/v1/users/jane.doe%40example.org/traits?plan=pro"
    outcome = pipeline.decide(HttpRequest("GET", url, CROSS_SITE))
    assert outcome.line["decision"] == "transform" and outcome.line["categories"] == ["Email"]
    assert outcome.rewrite is not None
    assert outcome.rewrite.url.startswith("https://api.segment.io/v1/users/") and "jane" not in outcome.rewrite.url
    assert outcome.rewrite.url.endswith("%40example.org/traits?plan=pro")


def test_an_address_in_a_custom_header_to_analytics_is_rewritten(pipeline) -> None:  # type: ignore[no-untyped-def]
    headers = CROSS_SITE + (("X-User-Email", EMAIL), ("Content-Type", "application/json"))
    outcome = pipeline.decide(HttpRequest("POST", "https://api.mixpanel.com/track", headers, b'{"event":"view"}'))
    assert outcome.line["decision"] == "transform" and outcome.line["categories"] == ["Email"]
    assert outcome.rewrite is not None and outcome.rewrite.body == b'{"event":"view"}'
    assert [(name, "jane" in value) for name, value in outcome.rewrite.headers] == [("X-User-Email", False)]


def test_the_sites_own_api_gets_its_users_address_as_sent(pipeline) -> None:  # type: ignore[no-untyped-def]
    url = "https://shop.example/api/users/jane.doe@example.org/orders"
    outcome = pipeline.decide(HttpRequest("GET", url, SAME_SITE + (("X-User-Email", EMAIL),)))
    assert outcome.line["decision"] == "allow" and "Email" in outcome.line["categories"]
    assert outcome.rewrite is None


def test_a_referer_that_carries_the_address_to_an_ad_server_is_trimmed_not_blocked(pipeline) -> None:  # type: ignore[no-untyped-def]
    # A site that sends full-URL Referers (no-referrer-when-downgrade) hands its page URL to
    # every third party; the request itself carries nothing, so only the Referer is rewritten.
    referer = ("Referer", "https://shop.example/account?email=jane.doe%40example.org&tab=orders")
    fetch = (("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "cors"), ("Sec-Fetch-Dest", "empty"), referer)
    outcome = pipeline.decide(HttpRequest("GET", "https://ads.doubleclick.net/x?a=1", fetch))
    assert outcome.line["decision"] == "transform" and outcome.line["risk"]["decision"] == "deny"
    assert "only its headers carry personal data" in outcome.line["reason"]
    assert outcome.line["context"]["first_party_site"] == "shop.example"  # read from the Referer as sent
    assert outcome.rewrite is not None and outcome.rewrite.url == "https://ads.doubleclick.net/x?a=1"
    [(name, value)] = outcome.rewrite.headers
    assert name == "Referer" and value.startswith("https://shop.example/account?email=") and value.endswith("&tab=orders")
    assert "jane" not in value
    # With the address in the request's own query too, the request is blocked as before.
    both = pipeline.decide(HttpRequest("GET", "https://ads.doubleclick.net/x?a=1&em=jane.doe@example.org", fetch))
    assert both.line["decision"] == "deny"


def test_an_address_used_as_a_key_never_reaches_the_record(pipeline) -> None:  # type: ignore[no-untyped-def]
    import json

    body = json.dumps({"users": {EMAIL: {"phone": "+1 415 555 0199", "plan": "pro"}}}).encode()
    headers = CROSS_SITE + (("Content-Type", "application/json"),)
    outcome = pipeline.decide(HttpRequest("POST", "https://api.mixpanel.com/track?jane.doe@example.org=1", headers, body))
    record = json.dumps(outcome.line)
    assert "jane" not in record and "example.org" not in record
    assert {'json:$.users["*"].phone', 'json:$.users["*"]{key}'} <= set(outcome.line["anonymize"]["edited_fields"])
    assert outcome.rewrite is not None and b"jane" not in outcome.rewrite.body and "jane" not in outcome.rewrite.url
    assert json.loads(outcome.rewrite.body)["users"].popitem()[1]["plan"] == "pro"  # the member is kept, renamed


def test_an_address_pasted_into_a_graphql_query_is_rewritten_and_the_query_still_parses(pipeline) -> None:  # type: ignore[no-untyped-def]
    import json

    query = 'mutation { identify(email: "jane.doe@example.org", plan: "pro") { ok } }'
    headers = CROSS_SITE + (("Content-Type", "application/json"),)
    outcome = pipeline.decide(HttpRequest("POST", "https://api.mixpanel.com/graphql", headers, json.dumps({"query": query}).encode()))
    assert outcome.line["decision"] == "transform" and outcome.line["categories"] == ["Email"]
    assert [f["field"] for f in outcome.line["findings"]] == ["graphql:$.query{str:0}"]
    assert outcome.rewrite is not None
    sent = json.loads(outcome.rewrite.body)["query"]
    assert "jane" not in sent and sent.startswith('mutation { identify(email: "') and sent.endswith('", plan: "pro") { ok } }')


def test_an_xml_event_with_an_address_is_rewritten_not_blocked(pipeline) -> None:  # type: ignore[no-untyped-def]
    body = b'<?xml version="1.0"?><event name="signup"><user><email>jane.doe@example.org</email></user></event>'
    headers = CROSS_SITE + (("Content-Type", "application/xml"),)
    outcome = pipeline.decide(HttpRequest("POST", "https://api.mixpanel.com/xml", headers, body))
    assert outcome.line["decision"] == "transform" and outcome.line["payload"]["codec"] == "xml"
    assert outcome.rewrite is not None and b"jane" not in outcome.rewrite.body
    assert outcome.rewrite.body.startswith(b'<?xml version="1.0"?><event name="signup"><user><email>')


def test_a_header_address_beside_a_body_the_proxy_cannot_read_is_still_blocked(pipeline) -> None:  # type: ignore[no-untyped-def]
    fetch = (("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "cors"), ("Sec-Fetch-Dest", "empty"),
             ("X-User-Email", EMAIL), ("Content-Type", "application/octet-stream"))
    outcome = pipeline.decide(HttpRequest("POST", "https://ads.doubleclick.net/x", fetch, b"\x00\x01\x02\xff\xfe"))
    assert outcome.line["decision"] == "deny" and outcome.line["payload"]["codec"] == "opaque"


def test_a_csv_upload_with_addresses_is_rewritten_cell_by_cell_not_blocked(pipeline) -> None:  # type: ignore[no-untyped-def]
    body = b"plan,email,seats\r\npro,jane.doe@example.org,3\r\nteam,john.roe@example.org,12\r\n"
    headers = CROSS_SITE + (("Content-Type", "text/csv"),)
    outcome = pipeline.decide(HttpRequest("POST", "https://api.mixpanel.com/import", headers, body))
    assert outcome.line["decision"] == "transform" and outcome.line["payload"]["codec"] == "csv"
    assert outcome.rewrite is not None
    sent = outcome.rewrite.body.decode().split("\r\n")
    assert sent[0] == "plan,email,seats" and sent[1].startswith("pro,") and sent[1].endswith(",3")
    assert "jane" not in outcome.rewrite.body.decode() and "john" not in outcome.rewrite.body.decode()


def test_an_otlp_protobuf_export_with_user_attributes_is_rewritten_not_blocked(pipeline) -> None:  # type: ignore[no-untyped-def]
    from pathlib import Path

    body = (Path(__file__).resolve().parents[1] / "fixtures" / "protobuf" / "otlp_traces.bin").read_bytes()
    headers = CROSS_SITE + (("Content-Type", "application/x-protobuf"),)
    outcome = pipeline.decide(HttpRequest("POST", "https://otlp.eu01.nr-data.net/v1/traces", headers, body))
    assert outcome.line["decision"] == "transform" and outcome.line["payload"]["codec"] == "protobuf"
    assert {f["entity"] for f in outcome.line["findings"]} >= {"EMAIL_ADDRESS", "PHONE_NUMBER", "PERSON"}
    assert outcome.rewrite is not None
    sent = outcome.rewrite.body
    assert b"jane" not in sent and b"Jane Doe" not in sent and b"555 0199" not in sent
    assert b"sign_in" in sent and b"shop-web" in sent and body[0x33:0x43] in sent  # the span, its trace id
