"""guardian/fieldkinds/shown.py and the session's memory of it (seen.py, session.py): a literal of a
script the user's browser loaded is the site's, never a person's."""

from __future__ import annotations

import json
import pickle

import pytest

from guardian.assemble import assemble
from guardian.fieldkinds.seen import SHOWN_LABEL, SeenIdentifiers
from guardian.fieldkinds.shown import MAX_LITERALS, script_literals, shown_shape
from guardian.records import Field, HttpRequest, KindLabel, ValueKind, Verdict
from guardian.session import DEFAULT_USER, Session, SessionChanges
from guardian.settings import Settings

SCRIPT = (b'seline.init({ token: "sln_7Rk2Qm9Xw4Lt8Zp3Nv6Yb1Hc5Df0Gj", autoPageView: false });'
          b"RM.install({token: 'x7k2m9q:4tn8wb3'}); var msg = \"Something went wrong\"; var css = `display-none`;")
TOKEN = "sln_7Rk2Qm9Xw4Lt8Zp3Nv6Yb1Hc5Df0Gj"


def test_a_scripts_token_shaped_literals() -> None:
    assert script_literals(SCRIPT) == [TOKEN, "x7k2m9q:4tn8wb3"]  # words, sentences and CSS are not that shape
    assert not shown_shape("Something went wrong") and not shown_shape("short1") and shown_shape(TOKEN)
    url = b'const URL = "https://submit.example.io/webshop/8d3f1c7a2b9e4f60a5c1d7e3b2f49a8c/json";'
    assert "8d3f1c7a2b9e4f60a5c1d7e3b2f49a8c" in script_literals(url)  # a key inside a URL literal
    query = b'const SERVER_URL = "https://data.collector.example/sa?project=production&token=4f6a2c8e1b3d5a79";'
    assert "4f6a2c8e1b3d5a79" in script_literals(query)  # a key in a collector address's query string
    blob = b'var img = "' + b"QUJD" * 200 + b'";'
    assert script_literals(blob) == []  # long and no address: data, not a key
    many = b";".join(b'"tok_%08d_abcdef"' % i for i in range(MAX_LITERALS + 50))
    assert len(script_literals(many)) == MAX_LITERALS  # bounded per script


def test_a_shown_value_is_machinery_and_a_user_value_keeps_its_label() -> None:
    seen = SeenIdentifiers()
    fields = [Field("json:$.token", "token", TOKEN), Field("json:$.other", "other", "zz9_not_in_any_script_1")]
    assert seen.relabel_shown(fields, {}) == {}
    seen.apply((), (), (seen.digest(TOKEN),))
    assert seen.relabel_shown(fields, {}) == {"json:$.token": SHOWN_LABEL}
    mine = KindLabel(ValueKind.USER_DATA, "dictionary", "the user's own value")
    assert seen.relabel_shown(fields, {"json:$.token": mine}) == {"json:$.token": mine}


def test_an_id_guessed_by_its_key_or_a_repeat_is_machinery_when_a_script_holds_it() -> None:
    # a product's id under "uid" (and sent again under "sku") is the shop script's: every visitor's
    seen = SeenIdentifiers()
    product = "SHOE-4410-RED-7"
    seen.apply((), (), (seen.digest(product),))
    fields = [Field("json:$.uid", "uid", product), Field("json:$.sku", "sku", product)]
    by_name = KindLabel(ValueKind.USER_IDENTIFIER, "name", "an id by its key's name")
    repeat = KindLabel(ValueKind.USER_IDENTIFIER, "seen", "a value found as a persistent id in an earlier request")
    assert seen.relabel_shown(fields, {"json:$.uid": by_name, "json:$.sku": repeat}) == {
        "json:$.uid": SHOWN_LABEL, "json:$.sku": SHOWN_LABEL}
    # a vendor's documented id or a cookie keeps its label, script or not
    vendor = KindLabel(ValueKind.USER_IDENTIFIER, "vendor", "the vendor's documented user id")
    assert seen.relabel_shown(fields[:1], {"json:$.uid": vendor}) == {"json:$.uid": vendor}


def test_a_shown_key_written_as_http_credentials_is_machinery_too() -> None:
    # an analytics SDK sends the site's key as `"authorization": "KEY <key>"`: the scheme is a word
    seen = SeenIdentifiers()
    seen.apply((), (), (seen.digest(TOKEN),))
    fields = [Field("json:$.authorization", "authorization", f"KEY {TOKEN}"),
              Field("json:$.auth", "auth", f"Bearer {TOKEN}"),
              Field("json:$.other", "other", "Bearer zz9_not_in_any_script_1"),
              Field("json:$.note", "note", f"my key {TOKEN}")]  # more than scheme and token
    assert seen.relabel_shown(fields, {}) == {"json:$.authorization": SHOWN_LABEL, "json:$.auth": SHOWN_LABEL}


def test_the_memory_travels_with_the_session_and_its_copies() -> None:
    session = Session(DEFAULT_USER)
    changes = SessionChanges(shown=(session.seen.digest(TOKEN),))
    assert changes and not changes.memory  # sent to the copies, not written to a store
    session.apply(changes)
    assert session.seen.shows(TOKEN) and session.view().seen.shows(TOKEN)  # a decision's view reads it
    copy = Session(DEFAULT_USER, seen=SeenIdentifiers(key=session.seen.key))
    copy.restore(pickle.loads(pickle.dumps(session.snapshot())))
    assert copy.seen.shows(TOKEN)


BEACON = HttpRequest(
    "POST", "https://api.unlisted-collector.example/ennui/blase",
    (("Origin", "https://shop.example"), ("Referer", "https://shop.example/"), ("Sec-Fetch-Site", "cross-site"),
     ("Sec-Fetch-Mode", "cors"), ("Sec-Fetch-Dest", "empty"), ("Content-Type", "application/json")),
    json.dumps({"token": TOKEN, "pathname": "/pricing", "referrer": None}).encode(),
)


@pytest.fixture(scope="module")
def pipeline():
    return assemble(Settings.from_values({"guardian_policy_db": "off"}))


def test_an_sdks_call_with_the_sites_key_arrives_as_sent_once_the_script_was_seen(pipeline) -> None:
    session = Session(DEFAULT_USER)
    before = pipeline.decide(BEACON, session)
    assert before.verdict is not Verdict.ALLOW  # a "token" to an unknown third party: maybe a login, rewritten
    session.apply(SessionChanges(shown=tuple(session.seen.digest(v) for v in script_literals(SCRIPT))))
    assert pipeline.decide(BEACON, session).verdict is Verdict.ALLOW


NAVIGATION = HttpRequest("GET", "https://shop.example/live/boots/winter-2025?ref=nav#top", (
    ("Sec-Fetch-Dest", "document"), ("Sec-Fetch-Mode", "navigate"), ("Sec-Fetch-Site", "none"), ("Sec-Fetch-User", "?1")))


def _rum(path: str) -> HttpRequest:
    body = {"resourceLogs": [{"scopeLogs": [{"logRecords": [{"attributes": [
        {"key": "page.url.path", "value": {"stringValue": path}}]}]}]}]}
    return HttpRequest("POST", "https://ingress.rum.example/v1/logs", (
        ("Origin", "https://shop.example"), ("Referer", "https://shop.example/"), ("Sec-Fetch-Site", "cross-site"),
        ("Sec-Fetch-Mode", "cors"), ("Sec-Fetch-Dest", "empty"), ("Content-Type", "application/json")),
        json.dumps(body).encode())


def test_the_path_of_a_page_the_user_navigated_to_is_page_context(pipeline) -> None:
    session = Session(DEFAULT_USER)
    before = pipeline.decide(_rum("/live/boots/winter-2025"), session)
    assert before.verdict is not Verdict.ALLOW  # a path to a RUM collector, no Referer says it is the page's
    session.apply(pipeline.decide(NAVIGATION, session).changes)
    assert session.seen.is_page("/live/boots/winter-2025") and session.seen.is_page("/live/boots/winter-2025?ref=nav")
    # as a search SDK's `origin_referrer` writes it: host and path, no scheme
    assert session.seen.is_page("shop.example/live/boots/winter-2025") and not session.seen.is_page("shop.example/live")
    assert pipeline.decide(_rum("/live/boots/winter-2025"), session).verdict is Verdict.ALLOW
    assert pipeline.decide(_rum("shop.example/live/boots/winter-2025?ref=nav"), session).verdict is Verdict.ALLOW
    assert pipeline.decide(_rum("/live/boots/other-2025"), session).verdict is not Verdict.ALLOW  # not a page seen
