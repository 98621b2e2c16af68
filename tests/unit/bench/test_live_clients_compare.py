"""lab/bench/live_clients' comparator: which differences count as ids swapped in their format."""

from __future__ import annotations

import random
import string

from guardian.anonymize.operators.identifier import IdentifierSwap
from lab.bench.live_clients.livebench.compare import same_shape_swap

_B64 = string.ascii_letters + string.digits + "+/"


def test_base64_ids_swapped_by_the_proxy_count_as_swaps() -> None:
    # App Insights' ai.user.id: 22 characters of "A-Za-z0-9+/"; a "/" used to split it into
    # pieces too short to be ids, so about one run in six read "changed" (the CI failure).
    swap = IdentifierSwap(b"k" * 32)
    rng = random.Random(7)
    for _ in range(500):
        value = "".join(rng.choice(_B64) for _ in range(22))
        swapped = swap.swap(value, "applicationinsights.azure.com")
        if swapped != value:
            assert same_shape_swap(value, swapped) is not None, (value, swapped)


def test_a_slashed_base64_id_and_a_digitless_one() -> None:
    assert same_shape_swap("ab/Cd3fGhIjK+lmN9pq/Rs", "xy/Zq7wKlMnB+opR2st/Uv") is not None
    assert same_shape_swap("QwErTyUiOpAsDfGhJkLzXc", "ZxCvBnMaSdFgHjKlQwErTy") is not None


def test_words_and_class_changes_are_changes() -> None:
    assert same_shape_swap("Python is great", "Qzmpkn is great") is None  # a word, not an id
    assert same_shape_swap("abc123def", "abc123deg") is None  # a hex id given a non-hex digit
    assert same_shape_swap("user-1234-abcd", "user_1234_abcd") is None  # separators moved
    assert same_shape_swap("en-US", "**-**") is None
    assert same_shape_swap("hello/World", "hello/Wxrld") is None  # short, no digit: words


def test_a_swap_counts_only_under_a_key_that_names_an_id() -> None:
    from lab.bench.live_clients.livebench.compare import Comparison, _leaf_verdict, id_key

    for label in ("json$.userId", "json$.user.anonymousId", "query:uid", "json$.context.device_id", "cookie:ajs_user_id",
                  "json$.tags.sessionId", "json$.ids[0]", "form:distinct_id", "json$.ai\\.user\\.id", "body:$.Details.User.Identifier",
                  # vendors' documented keys: OpenKit's visitor id, Piano's, GrowthBook's hash attribute value
                  "form:vi", "query:idclient", "body:$[1].properties_json.hashValue"):
        assert id_key(label), label
    for label in ("json$.properties.token", "query:sig", "json$.hash", "json$.api_key", "json$.properties.$screen_name"):
        assert not id_key(label), label
    comp = Comparison("identical")
    _leaf_verdict("json$.anonymousId", "a1b2c3d4e5f6a7b8", "f6e5d4c3b2a1f0e9", comp)
    _leaf_verdict("json$.signature", "a1b2c3d4e5f6a7b8", "f6e5d4c3b2a1f0e9", comp)
    assert comp.swaps == ["json$.anonymousId"] and comp.changes == ["json$.signature"]


def test_a_whole_uuid_is_an_id_under_any_key_and_nothing_longer_is() -> None:
    from lab.bench.live_clients.livebench.compare import Comparison, _leaf_verdict

    comp = Comparison("identical")  # Bugfender logs the id of the issue it made as a line's text
    _leaf_verdict("body:$.logs[2].t", "ec1f41a3-7ffb-fb51-55a8-745ce888fbe6", "a08da8d8-d508-fd40-5b0c-5d644e7d5748", comp)
    _leaf_verdict("body:$.logs[3].t", "issue ec1f41a3-7ffb-fb51-55a8-745ce888fbe6",
                  "issue a08da8d8-d508-fd40-5b0c-5d644e7d5748", comp)
    _leaf_verdict("body:$.logs[4].t", "ec1f41a3-7ffb-fb51-55a8-745ce888fbe6", "[ID]", comp)
    assert comp.swaps == ["body:$.logs[2].t"] and comp.changes == ["body:$.logs[3].t", "body:$.logs[4].t"]
    comp = Comparison("identical")  # Zipy's session id: a UUID and the time it began, in a query parameter
    _leaf_verdict("query:p", "2288dc9f-b958-4a39-8cfb-59a8fc16cbee-1796153314", "fa917a1a-b15f-4b08-8adc-9b8d68f11444-8594070427", comp)
    assert comp.swaps == ["query:p"]


def test_a_path_is_compared_percent_decoded() -> None:
    from lab.bench.live_clients.livebench.compare import compare_request

    sent = {"method": "GET", "host": "api.example", "headers": [], "body_latin1": "",
            "path": "/v1/subscribers/%24RCAnonymousID%3Adcce1c7e92544636b8e3fc54b67fbf81/offerings"}
    swapped = compare_request(sent, "GET", "api.example",
                              "/v1/subscribers/%24RCAnonymousID%3Aa23a30510fe9f42a8d901b2a766f091d/offerings", [], b"")
    assert swapped.status == "id_swapped"
    renamed = compare_request(sent, "GET", "api.example", "/v1/subscribers/%24RCAnonymousID%3A%5BID%5D/offerings", [], b"")
    assert renamed.status == "changed"


def test_a_query_value_that_reads_as_a_json_number_is_judged_under_its_key() -> None:
    from lab.bench.live_clients.livebench.compare import Comparison, _pairs_diff

    comp = Comparison("identical")  # GA's client id: digits, a dot, digits
    _pairs_diff("query", [("cid", "440218210.1795976158"), ("ep", '{"a": 1}')],
                [("cid", "360227315.1637901042"), ("ep", '{"a": 2}')], comp)
    assert comp.swaps == ["query:cid"] and comp.changes == ["query:ep$.a"]


def test_a_packed_json_header_is_judged_by_its_keys() -> None:
    import base64
    import json

    from lab.bench.live_clients.livebench.compare import compare_request

    def packed(obj: dict[str, object]) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")

    sent = {"method": "GET", "host": "sdk.example", "path": "/cohorts",
            "headers": [["X-Sdk-User", packed({"identifiers": {"$deviceId": "8c0d3f7e-1b2a-4c5d-9e8f-0a1b2c3d4e5f"}})]]}
    swapped = packed({"identifiers": {"$deviceId": "40bb9acc-9382-4e9b-9b03-7ab04e911d5b"}})
    comp = compare_request(sent, "GET", "sdk.example", "/cohorts", [("X-Sdk-User", swapped)], b"")
    assert comp.status == "id_swapped" and len(comp.swaps) == 1 and "$deviceId" in comp.swaps[0], (comp.swaps, comp.changes)
    renamed = packed({"identifiers": {"$deviceId": "8c0d3f7e-1b2a-4c5d-9e8f-0a1b2c3d4e5f"}, "name": "[PERSON]"})
    assert compare_request(sent, "GET", "sdk.example", "/cohorts", [("X-Sdk-User", renamed)], b"").status == "changed"


def test_a_query_parameter_of_base64_compressed_json_is_judged_by_its_keys() -> None:
    import base64
    import json
    import zlib

    from lab.bench.live_clients.livebench.compare import compare_request

    def packed(obj: object) -> str:  # Pendo's `jzb`: base64url of deflated JSON
        return base64.urlsafe_b64encode(zlib.compress(json.dumps(obj).encode())).decode().rstrip("=")

    events = [{"type": "track", "visitor_id": "_PENDO_T_KsjPu9ZKD8u", "track_event_name": "Size Guide Opened"}]
    sent = {"method": "GET", "host": "app.vendor.example", "path": f"/data/ptm.gif?v=2&jzb={packed(events)}", "headers": []}

    def arrived(visitor: str, name: str) -> str:
        return f"/data/ptm.gif?v=2&jzb={packed([{**events[0], 'visitor_id': visitor, 'track_event_name': name}])}"

    swapped = compare_request(sent, "GET", "app.vendor.example", arrived("_PENDO_T_QweRt3YUI7p", "Size Guide Opened"), [], b"")
    assert swapped.status == "id_swapped" and swapped.swaps == ["query:jzb|b64$[0].visitor_id"], (swapped.swaps, swapped.changes)
    renamed = compare_request(sent, "GET", "app.vendor.example", arrived("_PENDO_T_KsjPu9ZKD8u", "[PERSON]"), [], b"")
    assert renamed.status == "changed" and renamed.changes == ["query:jzb|b64$[0].track_event_name"]


def test_an_sdk_that_goes_silent_is_broken() -> None:
    from lab.bench.live_clients.livebench.report import _sdk_summary

    def page(arrived: int, **kw: object) -> dict[str, object]:
        return {"sent": arrived, "arrived": arrived, "blocked": 0, "lost": 0, "planted_sent": ["email"],
                "planted_arrived": kw.get("planted", {}), "all_kept": not kw.get("planted"), "intact": True,
                "console_errors": []}

    baseline = {"identify": page(3, planted={"email": "x"}), "pageview": page(2)}
    quiet = _sdk_summary({"identify": page(1), "pageview": page(1)}, baseline)
    assert quiet["all_kept"] and not quiet["kept_by_rewriting"] and not quiet["pageview_intact"]
    assert quiet["silent"] == ["identify", "pageview"]
    fine = _sdk_summary({"identify": page(3), "pageview": page(2)}, baseline)
    assert fine["kept_by_rewriting"] and fine["pageview_intact"] and fine["silent"] == []
