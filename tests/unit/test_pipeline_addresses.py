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
