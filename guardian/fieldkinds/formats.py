"""What a value's format alone says, wherever it sits (the classifier's third signal).

Some values say what they are whatever their key: a vendor's documented id-cookie format (an
Adobe `s_vi`, a Google Analytics client id, a Marketo token, a Meta `_fbp`), the browser's user
agent or Accept value, a timestamp of this decade, a version string, a dotted name. An IPv4
address has a version's shape and is not read as one: whether it is the user's is detection's to
judge (`guardian.detect.recognizers.ip_address`).
"""

from __future__ import annotations

import base64
import re
from urllib.parse import unquote

from guardian.fieldkinds import shapes
from guardian.records import KindLabel, ValueKind

__all__ = ["ID_KIND_WORDS", "label_by_shape", "not_data", "is_language_tag", "PLACEHOLDER", "NO_CHARACTERS", "LANGUAGE_TAG"]

_DOTTED_NAME = re.compile(r"[a-z0-9_\-]{1,64}(?:\.[a-z0-9_\-]{1,64}){2,16}")


# A browser's user agent (RFC 9110 product tokens; every browser starts with "Mozilla/5.0 ("):
# the same string goes out in every request's headers, so a copy in a field tells nothing new.
_USER_AGENT = re.compile(r"Mozilla/[45]\.0 \([^()]{2,200}\)[ -~]{0,400}")
# A list of media ranges as an Accept header writes it (RFC 9110 12.5.1): "text/html,*/*;q=0.8",
# with a registered top-level type (RFC 6838), so "yes/no" or "12/05" is not one.
_MEDIA_RANGE = r"(?:(?:text|image|audio|video|application|font|model|multipart|message|\*)/[A-Za-z0-9*.+\-]{1,64}(?:[ \t]*;[ \t]*[A-Za-z0-9_.\-]{1,32}=[A-Za-z0-9_.\-\"]{1,64})*)"
_MEDIA_RANGES = re.compile(rf"{_MEDIA_RANGE}(?:[ \t]*,[ \t]*{_MEDIA_RANGE}){{0,40}}")


# A value that says it is someone's id: a word for a user, a visitor or an account, a joiner, then
# an id-shaped token with digits in it ("user-usr_8f3k2m9qz4" as a log stream's name,
# "visitor_5f1c0a9e", "uid:48213377"). A word alone ("user-menu") or a date ("account-2024-11-30")
# is no id: the token is one run of letters, digits and "_" (or a UUID) with at least three digits.
# Words that name whose an id is, before its joiner (shared with the swap, which keeps them)
ID_KIND_WORDS = r"(?i:user|usr|uid|visitor|member|customer|cust|account|acct|profile|person|player|subscriber|client)"
_NAMED_ID = re.compile(
    ID_KIND_WORDS + r"[-_:.]"
    r"(?:[A-Za-z0-9][A-Za-z0-9_]{5,63}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})"
)
_NAMED_ID_FIRST = frozenset("uUvVmMcCaApPsS")
NAMED_ID_MIN_DIGITS = 3
NAMED_ID = KindLabel(ValueKind.USER_IDENTIFIER, "shape", "a value that names itself a user's id (\"user-<id>\")")


def _is_ipv4(value: str) -> bool:
    """A dotted quad that is an IPv4 address (a host's, not a network's N.0.0.0): it has a version's
    shape, and is the user's address as often as a version."""
    parts = value.split(".")
    return (len(parts) == 4 and all(p.isdigit() and len(p) <= 3 and (p == "0" or not p.startswith("0")) and int(p) <= 255
            for p in parts) and not value.endswith(".0.0.0"))


# Adobe Analytics' legacy visitor id as its s_vi cookie holds it, "[CS]v1|<16 hex>-<16 hex>[CE]"
# (Experience League, "Analytics cookies"): pages copy the cookie into beacons under any name.
_ADOBE_S_VI = re.compile(r"\[CS\]v[0-9]\|[0-9A-Fa-f]{16}-[0-9A-Fa-f]{16}\[CE\]")

# Other visitor ids in the formats their vendors document for their cookies; pages and tag
# managers copy these cookies into beacons and server-side tags under any key, so the format
# says what the value is. Each has a 13-digit millisecond time and a random part, so a machinery
# value is very unlikely to match.
_VENDOR_ID_FORMATS: tuple[tuple[re.Pattern[str], str], ...] = (
    # "_mch-<domain>-<first-visit ms>-<random>": the token of Marketo Munchkin's _mkto_trk cookie,
    # the part Marketo associates with a person (Adobe Experience League, "Munchkin API Reference";
    # Marketo Nation, "Say 'associated Munchkin token' instead of 'cookie'")
    (re.compile(r"_mch-[A-Za-z0-9.\-]{1,253}-1[0-9]{12}-[0-9]{1,12}"), "Marketo Munchkin visitor token (_mkto_trk cookie format)"),
    # "fb.<subdomain index>.<creation ms>.<random>" and "fb.<i>.<ms>.<fbclid>": Meta's _fbp browser id
    # and _fbc click id (Meta for Developers, Conversions API, "fbp and fbc parameters")
    (re.compile(r"fb\.[0-2]\.1[0-9]{12}\.[0-9]{5,20}"), "Meta browser id (_fbp cookie format)"),
    (re.compile(r"fb\.[0-2]\.1[0-9]{12}\.[A-Za-z0-9_\-]{16,500}"), "Meta click id (_fbc cookie format)"),
    # "<domain hash>.<hubspotutk>.<first visit ms>.<last visit ms>.<this visit ms>.<session count>":
    # HubSpot's __hstc (HubSpot Knowledge Base, "What cookies does HubSpot set in a visitor's browser")
    (re.compile(r"[0-9]{1,12}\.[0-9a-f]{32}\.1[0-9]{12}\.1[0-9]{12}\.1[0-9]{12}\.[0-9]{1,6}"), "HubSpot visitor id (__hstc cookie format)"),
    # "oeu<first-visit ms>r<random>": Optimizely Web's visitor id, its optimizelyEndUserId cookie
    # (Optimizely Web Experimentation API reference, "Visitor ID": randomId "oeu1470101898133r0.0456...")
    (re.compile(r"oeu1[0-9]{12}r0?\.[0-9]{1,20}"), "Optimizely Web visitor id (optimizelyEndUserId format)"),
)


# A language tag with its region, as browsers and SDKs send a locale (BCP 47 / RFC 5646:
# language, optional script, region; "en-US", "pt_BR", "zh-Hans-CN"): what the browser's
# Accept-Language already tells every server. A bare "en" is a tag only under a language key
# (`bookkeeping.py`): alone it could be anything.
_LOCALE = re.compile(r"[a-z]{2,3}(?:[-_][A-Z][a-z]{3})?[-_](?:[A-Z]{2}|[a-z]{2}|[0-9]{3})")
_LANGUAGE_CODE = re.compile(r"[a-z]{2,3}|[A-Z]{2}")
LANGUAGE_TAG = KindLabel(ValueKind.SITE_MACHINERY, "shape", "language tag (BCP 47), as the browser's Accept-Language sends it")


def is_language_tag(value: str) -> bool:
    """A language tag, with or without its region ("en", "en-US", "pt_BR", "zh-Hans-CN")."""
    v = value.strip()
    return 0 < len(v) <= 16 and bool(_LOCALE.fullmatch(v) or _LANGUAGE_CODE.fullmatch(v))


# An IANA time zone name ("Europe/Paris", "America/Argentina/Buenos_Aires", "Etc/GMT+2"), what
# `Intl.DateTimeFormat().resolvedOptions().timeZone` gives every script on the page.
_TIME_ZONE = re.compile(
    r"(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)"
    r"/[A-Za-z0-9_+\-]{1,30}(?:/[A-Za-z_\-]{1,30})?|UTC|GMT"
)
# A stack trace: frames as V8 writes them ("    at fn (https://x/app.js:10:5)") or as
# SpiderMonkey and JavaScriptCore do ("fn@https://x/app.js:10:5"): where in the code, not who.
_STACK_FRAME = re.compile(r"^\s{0,8}(?:at [^\n]{1,300}|[^\s@]{0,200}@[^\n]{1,300}):[0-9]{1,7}(?::[0-9]{1,7})?\)?\s{0,4}$", re.M)
STACK_TRACE_MIN_FRAMES = 2
TIME_ZONE = KindLabel(ValueKind.SITE_MACHINERY, "shape", "time zone name (IANA), as every script on the page can read it")
SCREEN_SIZE = KindLabel(ValueKind.SITE_MACHINERY, "shape", "screen or viewport size")
# A screen or viewport size, "1920x1080" (optionally with a colour depth, "1920x1080x24").
_SCREEN_SIZE = re.compile(r"[0-9]{2,5}[x×*][0-9]{2,5}(?:[x×*][0-9]{1,2})?")


# An unfilled template macro or placeholder: the slot a tag, an ad server or a sync partner was
# meant to fill ("%DID%", "%%CACHEBUSTER%%", "${GDPR_CONSENT_755}", "{{user_id}}", "[TIMESTAMP]",
# "__UID__", "$UID", "#PM_USER_ID"; IAB VAST 4 macros, IAB TCF "${...}" macros, Google Ad Manager
# "%%...%%" macros, tag managers' "{{...}}" variables), or a value a collector fills in itself, in
# lower-case words in brackets ("(detect)", "(not set)", "<unknown>": the server's own slot for a
# city, a locale, a referrer it works out). It carries no data of anyone.
_MACRO = re.compile(
    r"%%?[A-Za-z][A-Za-z0-9_:\-]{0,63}%%?|\$\{[^{}\s]{1,64}\}|\{\{[^{}]{1,64}\}\}|\[[A-Z][A-Z0-9_]{1,63}\]"
    r"|__[A-Z][A-Z0-9_]{1,63}__|\$[A-Z][A-Z0-9_]{1,63}|#[A-Z][A-Z0-9_]{1,63}|<%[^%]{1,64}%>|\{[A-Z][A-Z0-9_]{1,63}\}"
    r"|\([a-z][a-z _\-]{1,30}\)|<[a-z][a-z _\-]{1,30}>"
)
_ALNUM = re.compile(r"[^\W_]")
# A JavaScript regular-expression literal with an escape in it ("/\/browser\/v1beta\/logs/",
# "/cx-metadata\.json$/i"): an SDK's configuration (the URLs it ignores), code, not a page visited.
_REGEX_LITERAL = re.compile(r"/(?:[^/\\\n]|\\[^\n]){1,300}/[dgimsuvy]{0,8}")
REGEX_LITERAL = KindLabel(ValueKind.SITE_MACHINERY, "shape", "a regular-expression literal (an SDK's configuration)")
PLACEHOLDER = KindLabel(ValueKind.SITE_MACHINERY, "shape", "an unfilled macro or placeholder (no one's data)")
NO_CHARACTERS = KindLabel(ValueKind.SITE_MACHINERY, "shape", "punctuation only (no letter or digit: no one's data)")


# A short base64 value (a macro or placeholder a tag encoded before sending: "JURJRCU=" is "%DID%").
_BASE64_SHORT = re.compile(r"[A-Za-z0-9+/_\-]{4,96}={0,2}")
_PERCENT = re.compile(r"%[0-9A-Fa-f]{2}")
_BASE64_PUNCTUATION_FIRST = frozenset("IJKLOPQWXYef")  # bytes 0x20-0x2F, 0x3A-0x40, 0x5B-0x60, 0x7B-0x7E


def _empty_form(v: str) -> KindLabel | None:
    if v and _ALNUM.search(v) is None:
        return NO_CHARACTERS
    if v[:1] in "%${[_#<(" and len(v) <= 72 and _MACRO.fullmatch(v):
        return PLACEHOLDER
    return None


def not_data(value: str) -> KindLabel | None:
    """A label for a value that holds no one's data by its form (an unfilled macro, punctuation
    only), whatever its key or vendor says the slot is for; None for any other value. The form is
    read through the encodings a tag adds on the way: percent-encoding once or twice more than the
    URL's own ("%2525DID%2525"), and base64 ("JURJRCU=")."""
    first = value[:1]
    if first.isalnum():  # most values: a letter or digit first, so no form of an empty slot
        # ... except base64, whose first character says the first byte: punctuation (every
        # macro's first byte: % $ { [ _ # <) encodes to one of these letters
        if first not in _BASE64_PUNCTUATION_FIRST or len(value) % 4 or not _BASE64_SHORT.fullmatch(value):
            return None
        return _decoded_empty(value)
    v = value.strip()
    found = _empty_form(v)
    if found is None and "%" in v and _PERCENT.search(v):
        for _ in range(2):  # a tag's macro encoded again before the URL encoded it once more
            v = unquote(v)
            found = _empty_form(v)
            if found is not None or not _PERCENT.search(v):
                break
    return found


def _decoded_empty(v: str) -> KindLabel | None:
    """Whether a base64 value decodes to a macro or to punctuation only."""
    try:
        raw = base64.b64decode(v + "=" * (-len(v) % 4), altchars=b"-_" if ("-" in v or "_" in v) else None, validate=True)
        text = raw.decode("ascii")
    except (ValueError, UnicodeDecodeError):
        return None
    return _empty_form(text.strip()) if text.isprintable() else None


def label_by_shape(value: str) -> KindLabel | None:
    """What a value's format alone says it is, or None (most values)."""
    empty = not_data(value)
    if empty is not None:
        return empty
    # Each format is tried only where the value has a character the format cannot do without
    # (its first character, a dot): most values are tried against none of the patterns.
    v = value.strip()
    first = v[:1]
    if first == "[" and _ADOBE_S_VI.fullmatch(v):
        return KindLabel(ValueKind.USER_IDENTIFIER, "shape", "Adobe Analytics visitor id (s_vi cookie format)")
    if first in "_fo0123456789":  # the first characters of every format below: most values stop here
        for pattern, what in _VENDOR_ID_FORMATS:
            if pattern.fullmatch(v):
                return KindLabel(ValueKind.USER_IDENTIFIER, "shape", what)
    if "\n" in v and ":" in v and len(_STACK_FRAME.findall(v[:8192])) >= STACK_TRACE_MIN_FRAMES:
        return KindLabel(ValueKind.PAGE_CONTEXT, "shape", "a stack trace (code locations; scored for what it carries)")
    if first == "M" and _USER_AGENT.fullmatch(v):
        return KindLabel(ValueKind.SITE_MACHINERY, "shape", "the browser's user agent (sent in every request's headers anyway)")
    if "/" in v and _MEDIA_RANGES.fullmatch(v):
        return KindLabel(ValueKind.SITE_MACHINERY, "shape", "media types (an Accept or Content-Type value)")
    if first == "/" and "\\" in v and _REGEX_LITERAL.fullmatch(v):
        return REGEX_LITERAL
    if not v or len(v) > 100:  # the longest format below: a JavaScript date with its zone's name
        return None
    if first in _NAMED_ID_FIRST and _NAMED_ID.fullmatch(v) and sum(ch.isdigit() for ch in v) >= NAMED_ID_MIN_DIGITS:
        return NAMED_ID
    digit = first.isdigit()  # ASCII or not: a timestamp may be written in other digits
    if (digit or first == "G") and "." in v and shapes.is_ga_client_id(v):  # before timestamps: its first half reads as one
        return KindLabel(ValueKind.USER_IDENTIFIER, "shape", "Google Analytics client id format (random.first-visit-second)")
    if (digit or v[:3] in shapes.WEEKDAYS) and shapes.is_timestamp(v):
        return KindLabel(ValueKind.SITE_MACHINERY, "shape", "timestamp of this decade")
    dots = v.count(".")
    if dots >= 2 and (digit or first == "v") and shapes.is_version(v) and not _is_ipv4(v):  # an address is detection's to judge
        return KindLabel(ValueKind.SITE_MACHINERY, "shape", "version string")
    if dots >= 2 and _DOTTED_NAME.fullmatch(v) and not v.replace(".", "").isdigit():
        return KindLabel(ValueKind.SITE_MACHINERY, "shape", "dotted name (a counter, a page key, a host)")
    if len(v) <= 16 and ("-" in v or "_" in v) and _LOCALE.fullmatch(v):
        return LANGUAGE_TAG
    if ("/" in v and _TIME_ZONE.fullmatch(v)) or v in ("UTC", "GMT"):
        return TIME_ZONE
    if v[:1].isdigit() and _SCREEN_SIZE.fullmatch(v):
        return SCREEN_SIZE
    return None
