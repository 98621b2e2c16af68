"""Hot-path cost of `decode_request`: µs per call on typical small requests.

    .venv/bin/python lab/bench/codec_bench.py [--rounds 5] [--number 2000] [--tree PATH]

`--tree` imports `guardian` from another checkout (e.g. a copy from before a change), so the
two can be timed alternately on the same machine.

`decode_request` runs inline for every request the proxy sees, so the nested decoders
(base64 text, URLs in parameters, JSON in values) must cost next to nothing on plain values.
Cases: a small JSON analytics event, a GA4-style collect query string, the same with a
base64 JSON `data=` form value, an NDJSON (Sentry envelope) body, a real OTLP protobuf export
and a small CSV upload. The best of `--rounds`
timings is reported, as `timeit` recommends (the others measure noise on a shared machine).
"""

from __future__ import annotations

import argparse
import base64
import itertools
import json
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote, urlencode

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from guardian.records import HttpRequest

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 8 * 1024 * 1024  # the default body size limit (guardian.codecs.DEFAULT_MAX_BODY_BYTES)

JSON_EVENT = {
    "event": "page_view",
    "anonymous_id": "3f2c9a1e-8d4b-4c6a-9e7f-1a2b3c4d5e6f",
    "user_id": "u_81726354",
    "timestamp": "2024-05-01T12:34:56.789Z",
    "context": {
        "page": {"path": "/pricing", "title": "Pricing - Example", "url": "https://www.example.com/pricing"},
        "locale": "en-US",
        "userAgent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0",
        "library": {"name": "analytics.js", "version": "4.1.0"},
    },
    "properties": {"plan": "pro", "seats": 12, "trial": True, "referrer": ""},
    "messageId": "ajs-next-1714566896789-8f2c1d3e",
}
GA4_QUERY = urlencode(
    {
        "v": "2", "tid": "G-ABCDEF1234", "gtm": "45je4510v9123456789za200", "_p": "1714566896789",
        "gcd": "13l3l3l3l1", "npa": "0", "dma": "0", "cid": "1234567890.1714566000",
        "ul": "en-us", "sr": "1920x1080", "uaa": "x86", "uab": "64", "uafvl": "Chromium;124.0.6367.91",
        "uamb": "0", "uam": "", "uap": "Linux", "uapv": "6.5.0", "uaw": "0", "are": "1",
        "frm": "0", "pscdl": "noapi", "_s": "1", "sid": "1714566000", "sct": "3", "seg": "1",
        "dl": "https://www.example.com/pricing?utm_source=newsletter&utm_medium=email",
        "dr": "https://www.google.com/", "dt": "Pricing - Example", "en": "page_view", "_ee": "1",
        "tfd": "1234",
    }
)


OTLP_PROTO = (ROOT / "tests" / "fixtures" / "protobuf" / "otlp_traces.bin").read_bytes()
CSV_ROWS = ("name,email,plan,seats\r\n" + "".join(f"User {i},user{i}@example.org,pro,{i}\r\n" for i in range(20))).encode()


def cases() -> dict[str, HttpRequest]:
    """Typical requests: what the proxy sees most, and two that use the nested decoders."""
    from guardian.records import HttpRequest
    mixpanel = base64.b64encode(json.dumps([{"event": "signup", "properties": {"$email": "jane@x.com", "distinct_id": "abc"}}]).encode()).decode()
    envelope = (
        json.dumps({"event_id": "9ec79c33ec9942ab8353589fcb2e04dc", "sent_at": "2024-05-01T12:34:56Z"}) + "\n"
        + json.dumps({"type": "event"}) + "\n" + json.dumps({"message": "boom", "user": {"email": "jane@x.com"}}) + "\n"
    ).encode()
    return {
        "json event (≈600 B)": HttpRequest("POST", "https://api.segment.example/v1/t", (("Content-Type", "application/json"),), json.dumps(JSON_EVENT).encode()),
        "GA4 collect query (31 params)": HttpRequest("POST", "https://region1.google-analytics.com/g/collect?" + GA4_QUERY),
        "GA4 query, no nested URL (27)": HttpRequest("POST", "https://region1.google-analytics.com/g/collect?" + GA4_QUERY.split("%3Futm_source")[0] + "&dr=x"),
        "form with base64 JSON data=": HttpRequest("POST", "https://api-js.mixpanel.example/track/", (("Content-Type", "application/x-www-form-urlencoded"),), f"data={quote(mixpanel, safe='')}&ip=1&_=1714566896789".encode()),
        "sentry envelope (3 lines)": HttpRequest("POST", "https://o1.ingest.sentry.example/api/1/envelope/", (("Content-Type", "application/x-sentry-envelope"),), envelope),
        # a real OTLP protobuf export (tests/fixtures/protobuf) and a small CSV upload
        "OTLP protobuf export (277 B)": HttpRequest("POST", "https://api.honeycomb.example/v1/traces", (("Content-Type", "application/x-protobuf"),), OTLP_PROTO),
        "CSV, header + 20 rows": HttpRequest("POST", "https://crm.example/import", (("Content-Type", "text/csv"),), CSV_ROWS),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--number", type=int, default=2000)
    parser.add_argument("--tree", type=Path, default=ROOT, help="checkout to import guardian from")
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree.resolve()))
    from guardian.codecs import _decode_flat, decode_request, nested

    def unwrap_step(request: HttpRequest) -> Callable[[], object]:
        """What decode_request adds to the codecs: values inside values (and path segments)."""
        flat = _decode_flat(request, LIMIT).fields
        if not hasattr(nested, "Budget"):  # a tree from before the budget and path segments
            return lambda: nested.unwrap(flat)
        from guardian.codecs.path import path_candidates

        def step() -> object:
            budget = nested.Budget(LIMIT)
            return nested.unwrap(flat, budget) + nested.unwrap(path_candidates(request.url), budget)

        return step

    def best_us(call: Callable[[], object]) -> float:
        # CPU time of this process: other work on a shared machine does not count against it.
        timer = timeit.Timer(call, timer=time.process_time)
        return min(timer.repeat(number=args.number, repeat=args.rounds)) / args.number * 1e6

    print(f"guardian from {args.tree}")
    print(f"{'case':34s} {'decode_request':>15s} {'codecs only':>12s} {'nested':>8s}")
    for label, request in cases().items():
        # A new request object with its own body bytes per call, as the proxy gets them: the
        # same object each time would be served from caches keyed on it (`JsonCodec.locate`'s
        # last scan, the request's header map) and measure less than a request costs.
        copies = itertools.cycle([
            type(request)(request.method, request.url, request.headers, bytes(bytearray(request.body)))
            for _ in range(args.number)
        ])
        whole = best_us(lambda: decode_request(next(copies)))
        flat = best_us(lambda: _decode_flat(next(copies), LIMIT))
        step = best_us(unwrap_step(request))
        fields = len(decode_request(request).fields)
        print(f"{label:34s} {whole:12.1f} µs {flat:9.1f} µs {step:5.1f} µs  ({fields} fields)")


if __name__ == "__main__":
    main()
