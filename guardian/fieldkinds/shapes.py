"""Value shapes that say "machine-made": timestamps near now, versions, UUIDs, tokens, key prefixes.

Pure functions over one string, cheap and bounded (they look at most `MAX_SHAPE_CHARS` characters
and never raise), used by the field-kind classifier and by the recognisers' checksum gates: a
Luhn-valid 13-digit number that is also a millisecond timestamp of this decade is a timestamp.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
import time
from collections import Counter

__all__ = [
    "is_ga_client_id",
    "MAX_SHAPE_CHARS",
    "WEEKDAYS",
    "is_timestamp",
    "is_version",
    "uuid_version",
    "public_key_prefix",
    "secret_key_prefix",
    "entropy_bits",
    "is_token",
    "is_url",
    "is_signed_token",
]

MAX_SHAPE_CHARS = 4096  # longer values are not machine ids: no shape matches them
# Timestamps count within this window around now: 20 years back (recordings replayed years later
# carry their own day's times; older dates are records, birth dates, or another number of that
# length), 2 years ahead (expiry times).
PAST_S = 20 * 365 * 86400
FUTURE_S = 2 * 365 * 86400

_VERSION = re.compile(r"v?[0-9]{1,6}(?:\.[0-9]{1,9}){1,4}(?:[-+._~][0-9A-Za-z.\-]{1,40})?")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-([0-9a-fA-F])[0-9a-fA-F]{3}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_TOKEN = re.compile(r"[A-Za-z0-9_\-.~+/=:]+")
_URL = re.compile(r"(?:https?:)?//[^\s/?#]{1,253}[^\s]{0,4000}|/[^\s]{0,4000}", re.I)
# Google Analytics' client id: a random 31-bit integer and the Unix second of the first visit,
# "1078738703.1486805786"; in the _ga cookie with its "GA1.2." prefix (Google's analytics.js
# "Cookies and user identification" guide). Copied by many tags into their own parameters.
_GA_CLIENT_ID = re.compile(r"(?:GA[0-9]\.[0-9]+\.)?[0-9]{6,10}\.([0-9]{10})")
_ISO = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{1,9})?)?(?:Z|[+\-][0-9]{2}:?[0-9]{2})?")

# Keys that are public by design: they sit in pages and script URLs for anyone to read.
PUBLIC_KEY_PREFIXES: tuple[tuple[str, str], ...] = (
    ("AIza", "Google API key (restricted by referrer, public in script URLs)"),
    ("pk_live_", "Stripe publishable key"),
    ("pk_test_", "Stripe publishable key (test)"),
    ("G-", "Google Analytics 4 measurement id"),
    ("UA-", "Universal Analytics property id"),
    ("GTM-", "Google Tag Manager container id"),
    ("AW-", "Google Ads conversion id"),
    ("DC-", "Floodlight id"),
    ("phc_", "PostHog project key"),
    ("pub-", "ad publisher id"),
    ("ca-pub-", "AdSense publisher id"),
)
# Keys that are secrets by design: whoever holds one acts as its owner.
SECRET_KEY_PREFIXES: tuple[str, ...] = ("sk-", "sk_live_", "sk_test_", "rk_live_", "rk_test_", "ghp_", "gho_",
                                         "github_pat_", "xoxb-", "xoxp-", "AKIA", "ASIA")


def _clip(value: str) -> str | None:
    value = value.strip()
    return value if 0 < len(value) <= MAX_SHAPE_CHARS else None


WEEKDAYS = frozenset(("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"))  # how an HTTP or JavaScript date starts
_MONTHS = {m: i for i, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1)}
# RFC 9110 IMF-fixdate ("Wed, 25 Nov 2026 21:10:54 GMT", what Date.toUTCString() and HTTP headers
# write) and JavaScript's Date.toString() ("Wed Nov 25 2026 21:10:54 GMT+0100 (Central European ...)").
_HTTP_DATE = re.compile(r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), ([0-9]{2}) ([A-Z][a-z]{2}) ([0-9]{4}) [0-9]{2}:[0-9]{2}:[0-9]{2} GMT")
_JS_DATE = re.compile(
    r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ([A-Z][a-z]{2}) ([0-9]{2}) ([0-9]{4}) [0-9]{2}:[0-9]{2}:[0-9]{2}"
    r" GMT[+\-][0-9]{4}(?: \([^()]{1,80}\))?"
)


def _written_date(v: str, now: float) -> bool:
    """An HTTP or JavaScript date string of a day within the timestamp window."""
    m = _HTTP_DATE.fullmatch(v)
    day, month, year = (m.group(1), m.group(2), m.group(3)) if m else (None, None, None)
    if m is None:
        j = _JS_DATE.fullmatch(v)
        if j is None:
            return False
        month, day, year = j.group(1), j.group(2), j.group(3)
    if month not in _MONTHS:
        return False
    try:
        seconds = time.mktime((int(year), _MONTHS[month], int(day), 12, 0, 0, 0, 0, 0))
    except (OverflowError, ValueError):
        return False
    return now - PAST_S <= seconds <= now + FUTURE_S


def is_timestamp(value: str, now: float | None = None) -> bool:
    """Unix seconds (10 digits), milliseconds (13) or microseconds (16) near now, ISO 8601
    date-time, or an HTTP / JavaScript date string of these years."""
    v = _clip(value)
    if v is None:
        return False
    if _ISO.fullmatch(v):
        return True
    if v[:3] in WEEKDAYS:
        return _written_date(v, time.time() if now is None else now)
    digits = v.split(".", 1)[0] if v.count(".") == 1 and v.replace(".", "", 1).isdigit() else v
    if not digits.isdigit() or len(digits) not in (10, 13, 16):
        return False
    seconds = int(digits) / {10: 1, 13: 1_000, 16: 1_000_000}[len(digits)]
    t = time.time() if now is None else now
    return t - PAST_S <= seconds <= t + FUTURE_S


def is_ga_client_id(value: str, now: float | None = None) -> bool:
    """A Google Analytics client id (`random.seconds`, optionally `GA1.2.`-prefixed); its second
    half is the first visit's time, so it is not a fractional timestamp."""
    m = _GA_CLIENT_ID.fullmatch(value.strip())
    return m is not None and is_timestamp(m.group(1), now)


def is_version(value: str) -> bool:
    """A software version: 1.2, 99.0.4844.51, v3.2.1-beta."""
    v = _clip(value)
    return v is not None and len(v) <= 64 and bool(_VERSION.fullmatch(v))


def uuid_version(value: str) -> int | None:
    """The version digit of an RFC 4122 UUID (1 time-based, 4 random, 7 time-ordered), else None."""
    v = _clip(value)
    if v is None or len(v) != 36:
        return None
    m = _UUID.fullmatch(v)
    return int(m.group(1), 16) if m else None


def public_key_prefix(value: str) -> str | None:
    """What a public key or site id is, by its documented prefix; None when it has none."""
    v = _clip(value)
    if v is None or len(v) > 256 or " " in v:
        return None
    return next((what for prefix, what in PUBLIC_KEY_PREFIXES if v.startswith(prefix) and len(v) > len(prefix) + 3), None)


def secret_key_prefix(value: str) -> bool:
    """Whether the value starts like a secret key (sk-, sk_live_, ghp_, AKIA ...)."""
    v = _clip(value)
    return v is not None and any(v.startswith(p) for p in SECRET_KEY_PREFIXES)


def entropy_bits(value: str) -> float:
    """Shannon entropy per character of the (first MAX_SHAPE_CHARS) characters."""
    v = value[:MAX_SHAPE_CHARS]
    if not v:
        return 0.0
    n = len(v)
    return -sum(c / n * math.log2(c / n) for c in Counter(v).values())


def is_token(value: str, *, min_len: int = 16) -> bool:
    """A random-looking token: no spaces, token characters only, long, mixed, high entropy."""
    v = _clip(value)
    if v is None or len(v) < min_len or not _TOKEN.fullmatch(v) or "@" in v:
        return False
    has_digit = any(ch.isdigit() for ch in v)
    has_alpha = any(ch.isalpha() for ch in v)
    return has_digit and has_alpha and entropy_bits(v) >= 3.0


def is_url(value: str) -> bool:
    """An absolute, scheme-relative or root-relative URL."""
    v = _clip(value)
    return v is not None and " " not in v and bool(_URL.fullmatch(v))


_JWS_PART = re.compile(r"[A-Za-z0-9_\-]+")


def is_signed_token(value: str) -> bool:
    """A JWS in compact serialization (RFC 7515 section 7.1; a signed JWT, RFC 7519): three
    base64url parts, the first a JSON header that names its `alg`. The issuer signed it, so a
    changed byte fails its check, and it holds nothing the issuer did not write."""
    v = _clip(value)
    if v is None or v.count(".") != 2 or not v.startswith("eyJ"):  # eyJ: base64url of '{"'
        return False
    head, payload, signature = v.split(".")
    if not (_JWS_PART.fullmatch(head) and _JWS_PART.fullmatch(payload) and signature and _JWS_PART.fullmatch(signature)):
        return False
    try:
        header = json.loads(base64.urlsafe_b64decode(head + "=" * (-len(head) % 4)))
    except (ValueError, binascii.Error):
        return False
    return isinstance(header, dict) and isinstance(header.get("alg"), str) and header["alg"].lower() != "none"
