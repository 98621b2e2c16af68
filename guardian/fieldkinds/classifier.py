"""The field-kind stage: what each field of a request is, before anything in it is scored.

    user_data        what the user typed or what describes them       -> every recogniser
    user_identifier  a persistent id of the user or device            -> a DeviceID finding
    site_machinery   keys, site/vendor ids, nonces, timestamps ...    -> not scored (e-mails still are)
    page_context     the page URL, referrer, title                    -> only what it carries is scored

First, the parameters a signed URL's signature covers are the issuer's and never touched
(`signed.py`: S3, Cloud Storage, CloudFront, Azure SAS, URLs that list what they sign), and a
value that holds no one's data by its form (an unfilled macro such as `%DID%` or `${UID}`,
punctuation only) is machinery whatever its slot (`formats.not_data`). Then five
signals, strongest first:
1. the vendor dictionaries (`vendors/*.yaml`): a documented parameter of the family serving the
   request, or an any-host entry (captcha responses);
1b. the field's place in its JSON object together with its shape (`bookkeeping.py`): an SDK's
   description of itself, the id in a person's object, the name of a thing, and in a telemetry
   request the SDK's key, the visit's ids and the deployment's names;
2. the key name together with the value's shape (`NAME_RULES`): `v=3.2.1` is a version,
   `ts=1700000000000` a timestamp, `cid=...` a client id; a name alone never decides, so an
   e-mail in a field called `ts` is still user data;
3. a value that follows a standard (`standards.py`: a language, country or currency code, a
   list of locales, a time zone, from Unicode CLDR and the tz database), then the value's format
   alone (`formats.py`): a vendor's documented id-cookie format, a timestamp of this decade, a
   version string, the user agent, wherever it is;
4. where the value sits: a key-shaped value in the query of a script, style, font, image or
   frame load is the site's key, not the user's secret (a form the user submits is different).
   A copy of the page's own URL, origin or path (what the Referer and Origin headers already
   tell the recipient) is page context wherever it sits: scored only for what it carries; so is
   a part (host, path, query) of a page URL the request carries whole in another field.
Everything else has no label and is scored as before. Last, a value found as a persistent id
in an earlier request is an identifier again wherever it goes (`seen.py`): no dictionary knows
every name a tracker's id is passed on under.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import parse_qsl, urlsplit

from guardian.categories import DataCategory
from guardian.codecs.cookie import COOKIE_PREFIX
from guardian.codecs.nested import URL_LAYER
from guardian.fieldkinds import shapes
from guardian.fieldkinds.bookkeeping import bookkeeping_labels
from guardian.fieldkinds.cookies import SITE_COOKIE, TrackingCookies, shipped_cookies
from guardian.fieldkinds.history import model_turn_labels
from guardian.fieldkinds.formats import LANGUAGE_TAG, is_language_tag, label_by_shape, not_data
from guardian.fieldkinds.learned import IdLearner
from guardian.fieldkinds.seen import SeenIdentifiers, remembers
from guardian.fieldkinds.vendors import VendorDictionaries, VendorFamily, shipped_dictionaries
from guardian.fieldkinds.signed import signed_fields
from guardian.fieldkinds.standards import standard_label
from guardian.records import Field, FieldKind, HttpRequest, KindLabel, Payload, ValueKind

__all__ = ["FieldKindClassifier", "RESOURCE_DESTS", "is_resource_load", "resource_dest", "NameRule", "NAME_RULES"]

AI_FAMILY = "ai_services"  # the model APIs with a documented request schema (vendors/ai_services.yaml)
# Sec-Fetch-Dest values of loads a page needs to render: never broken for the site's machinery.
RESOURCE_DESTS = frozenset(
    {"script", "style", "font", "image", "document", "iframe", "frame", "embed", "object", "audio", "video",
     "track", "manifest", "worker", "sharedworker", "serviceworker", "audioworklet", "paintworklet", "xslt"}
)
_SPLIT = re.compile(r"[^a-z0-9]+")
# Words run together ("CheckForPermission", "enabled"): a constant a site or a test cookie sets,
# the same for every browser; a random id has digits, separators or capitals side by side.
_WORDS = re.compile(r"(?:[A-Z]?[a-z]{1,64}){1,32}|[A-Z][a-z]{0,64}")
_DIGEST_SHAPE = re.compile(r"[0-9a-fA-F]{16,128}|(?=[A-Za-z+/_\-]{0,128}[0-9])[A-Za-z0-9+/_\-]{20,128}={0,2}|-?[0-9]{8,20}")


# Without Sec-Fetch-Dest (older browsers, some recordings), the path's extension says what a GET loads.
_EXTENSION_DEST = {
    "js": "script", "mjs": "script", "css": "style", "woff": "font", "woff2": "font", "ttf": "font", "otf": "font",
    "eot": "font", "png": "image", "gif": "image", "jpg": "image", "jpeg": "image", "webp": "image", "avif": "image",
    "svg": "image", "ico": "image", "bmp": "image", "htm": "document", "html": "document",
}


def resource_dest(request: HttpRequest) -> str | None:
    """What a GET loads: its Sec-Fetch-Dest, else its Accept header's image/css/html, else the
    path's extension; None for a request that is not a load (a POST, a fetch of data)."""
    if request.method not in ("GET", "HEAD"):
        return None
    dest = (request.header("Sec-Fetch-Dest") or "").strip().lower()
    if dest:
        return dest if dest in RESOURCE_DESTS else None
    accept = (request.header("Accept") or "").lower()
    if accept.startswith("image/"):
        return "image"
    if accept.startswith("text/css"):
        return "style"
    path = request.url_path
    name = path.rsplit("/", 1)[-1]
    ext = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    return _EXTENSION_DEST.get(ext)


def is_resource_load(request: HttpRequest) -> bool:
    """A GET of something the page renders or runs (script, style, font, image, frame ...)."""
    return resource_dest(request) is not None


@lru_cache(maxsize=4096)
def _norm(name: str) -> str:
    """A key as lower-case words joined by `_`: `pageURL` -> `page_url`, `x-algolia-api-key`."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    return "_".join(w for w in _SPLIT.split(spaced.lower()) if w)


@dataclass(frozen=True)
class NameRule:
    """Keys (normalised, exact or `*` suffix/prefix) whose value, when it has `shape`, is `kind`."""

    keys: tuple[str, ...]
    kind: ValueKind
    shape: str  # timestamp | version | id | token | key | url | text | any-short
    why: str

    def key_matches(self, key: str) -> bool:
        for k in self.keys:
            if k.startswith("*") and key.endswith(k[1:]):
                return True
            if k.endswith("*") and key.startswith(k[:-1]):
                return True
            if key == k:
                return True
        return False


# Keys that say an object describes the page it was sent from: a "title" beside one is the page's
PAGE_KEYS = frozenset({"url", "href", "uri", "path", "pathname", "page", "page_url", "pageurl", "page_path", "location",
                       "referrer", "referer", "hostname", "host", "origin", "screen", "source", "current_url", "doc_path"})


def _parent(path: str) -> str:
    """The object a body field sits in ("json:$.payload.title" -> "json:$.payload")."""
    return path[:path.rfind(".")] if "." in path else path


def _page_siblings(fields: Sequence[Field]) -> dict[str, bool]:
    """Body object -> whether one of its members names the page (`PAGE_KEYS`)."""
    out: dict[str, bool] = {}
    for f in fields:
        if f.path.startswith(BODY_RECORDS):
            parent = _parent(f.path)
            out[parent] = out.get(parent, False) or _norm(f.name) in PAGE_KEYS
    return out


GRAPHQL_VARIABLES = ("graphql:$.variables.", "graphql:$[")  # a GraphQL operation's arguments (one, or a batch's)
BODY_RECORDS = ("json:", "graphql:", "form:", "multipart:")  # a body's fields, not the URL's query
NAME_RULES: tuple[NameRule, ...] = (
    # page context
    NameRule(("dl", "dr", "url", "u", "ref", "referrer", "referer", "page", "page_url", "pageurl", "location",
              "href", "current_url", "euri", "eurl", "landing_page", "source_url", "rurl", "page_location",
              "page_referrer", "doc_url", "document_url", "document_location", "canonical_url", "origin", "utmp",
              "utmr", "*_url", "*_uri", "*_href", "*_page", "*_referrer", "*_referer",
              # OpenTelemetry's url.full / url.path / url.query (semantic conventions), http.target
              "url_*", "http_target", "page_path", "location_href"),
             ValueKind.PAGE_CONTEXT, "url", "page URL or referrer"),
    NameRule(("dt", "title", "page_title", "pagetitle", "document_title", "doc_title", "utmdt"),
             ValueKind.PAGE_CONTEXT, "text", "page title"),
    # user and device identifiers: persistent pseudonymous ids
    # ("cid" is not here: Google Analytics' is a client id, Active View's a per-impression one; the
    # vendor dictionaries tell them apart.)
    NameRule(("uid", "user_id", "userid", "visitor_id", "visitorid", "distinct_id", "anonymous_id", "buid",
              "anon_id", "device_id", "deviceid", "duid", "guid", "muid", "puid", "partner_uid", "fbp", "fbc",
              "ga", "gid", "client_uid", "browser_id", "tuid", "vid", "ajs_anonymous_id", "ajs_user_id",
              "visitor", "visitor_token", "cookie_id", "cm_user_id", "store_user", "kuid", "krux_user", "vi",
              "br_uid_2", "idclient",  # Bloomreach's _br_uid_2, AT Internet's client-side user id (their API docs)
              "enduser_id",  # OpenTelemetry semantic conventions: the authenticated user of the request
              "login_id", "loginid",  # the user's sign-in identity (a search vendor's `customerData.loginId`)
              # the user's id in the site's own system, as a vendor names it beside its own ("user_external_id",
              # a notification vendor's `x-...-user-external-id` header; "external_user_id")
              "user_external_id", "external_user_id", "*_user_external_id", "*_external_user_id",
              # a vendor prefix before a word that names a user id ("b_s_vi", "yb_uid", "sp_visitor_id")
              "*_vi", "*_uid", "*_user_id", "*_visitor_id", "*_device_id", "*_anonymous_id", "*_browser_id",
              # a vendor's letters glued to "uid"/"uuid" ("vvuid", "dpuuid", "mtuid"): its user id by name
              "*uid"),
             ValueKind.USER_IDENTIFIER, "ident", "persistent user or device id"),
    # a digest of the browser's or device's features (canvas, fonts, audio): a device id that
    # needs no cookie and survives clearing them, however it is named at its collector
    NameRule(("fp", "fpid", "fp_id", "fphash", "fp_hash", "fingerprint", "fingerprint_id", "fingerprint_hash",
              "device_fingerprint", "browser_fingerprint", "visitor_fingerprint", "canvas_fingerprint",
              "*_fingerprint", "*_fp"),
             ValueKind.USER_IDENTIFIER, "digest", "a fingerprint digest of the browser or device"),
    # machinery: versions, times, cache busters, request ids, sizes
    NameRule(("v", "ver", "version", "sv", "cv", "_v", "lib_version", "sdk_version", "app_version", "build",
              "uafvl", "ua_full_version", "ua_full_version_list", "uamb", "uap", "uapv", "uaa", "uab", "uaw"),
             ValueKind.SITE_MACHINERY, "version", "software version"),
    NameRule(("t", "ts", "time", "timestamp", "_t", "_ts", "tstamp", "epoch", "created_at", "sent_at", "client_time",
              "event_time", "z", "_", "cb", "cachebuster", "cache_buster", "rnd", "random", "nonce", "r", "ord"),
             ValueKind.SITE_MACHINERY, "stamp", "timestamp, nonce or cache buster"),
    # a key that makes a retried request count once (the IETF's Idempotency-Key header field,
    # draft-ietf-httpapi-idempotency-key-header): new for every request, no one's, whatever its shape
    NameRule(("idempotency_key", "idempotency_token", "idempotency_id", "idempotencykey", "*_idempotency_key",
              "*_idempotency_token"),
             ValueKind.SITE_MACHINERY, "any-short", "idempotency key"),
    NameRule(("request_id", "req_id", "requestid", "trace_id", "span_id", "event_id", "message_id",
              "pageview_id", "page_view_id", "pv_id", "pvid", "impression_id", "correlation_id", "transaction_id",
              "*_request_id", "*_trace_id"),
             ValueKind.SITE_MACHINERY, "id", "request or event id"),
    NameRule(("tid", "pid", "pixel_id", "app_id", "appid", "site_id", "siteid", "account_id", "property_id",
              "container_id", "partner_id", "partnerid", "campaign_id", "creative_id", "placement_id", "ad_unit_id",
              "product_id", "item_id", "sku", "gtin", "ean", "upc", "catalog_id", "merchant_id", "store_id",
              "publisher_id", "org_id", "workspace_id", "project_id", "tenant_id", "widget_id", "form_id",
              "gtm", "gcs", "gcd", "dma", "npa", "tag_id", "measurement_id", "config_id"),
             ValueKind.SITE_MACHINERY, "id", "site, vendor, product or campaign id"),
    # keys: machinery in a resource load, or when the key is public by its prefix
    NameRule(("key", "api_key", "apikey", "app_key", "client_id", "clientid", "publishable_key", "site_key",
              "sitekey", "k", "x_algolia_api_key", "x_algolia_application_id", "application_id", "public_key",
              "write_key", "writekey"),
             ValueKind.SITE_MACHINERY, "key", "site or vendor key"),
    NameRule(("sr", "vp", "sd", "sw", "sh", "width", "height", "w", "h", "dpr", "tz", "tzo", "de", "je", "fl",
              "screen", "viewport", "color_depth", "platform", "os", "browser"),
             ValueKind.SITE_MACHINERY, "any-short", "browser or screen setting"),
    NameRule(("ua", "user_agent", "useragent", "uagent", "navigator_user_agent"),
             ValueKind.SITE_MACHINERY, "text", "the browser's user agent (sent in every request's headers anyway)"),
    # what the user agent and its client hints (Sec-CH-UA-*) already tell every server
    NameRule(("browser_name", "browser_version", "browser_family", "os_name", "os_version", "os_family",
              "device_make", "device_model", "device_brand", "device_vendor", "ua_platform", "ua_model"),
             ValueKind.SITE_MACHINERY, "text", "browser, OS or device as its user agent names it (sent in its headers anyway)"),
)


@lru_cache(maxsize=4096)
def _rule_for(key: str) -> NameRule | None:
    """The first name rule for a normalised key (cached: keys repeat across requests)."""
    return next((rule for rule in NAME_RULES if rule.key_matches(key)), None)


def _shape_ok(shape: str, value: str) -> bool:
    v = value.strip()
    if shape == "url":  # a page URL may carry an e-mail: page context is scored for what it carries
        return shapes.is_url(v)
    if shape == "text":
        return 0 < len(v) <= 512 and "@" not in v
    if "@" in v:  # an e-mail is never machinery nor an id, whatever the key says
        return False
    if shape == "version":
        return shapes.is_version(v) or (bool(v) and len(v) <= 64 and ";" in v and any(ch.isdigit() for ch in v))
    if shape == "stamp":
        return shapes.is_timestamp(v) or (v.replace(".", "", 1).isdigit() and len(v) <= 20) or shapes.is_token(v, min_len=8)
    if shape == "id":
        return 0 < len(v) <= 256 and " " not in v and (
            any(ch.isdigit() for ch in v) or shapes.uuid_version(v) is not None or shapes.is_token(v, min_len=8)
        )
    if shape == "ident":  # a persistent id: no spaces, not a plain word ("true", "none", "CheckForPermission")
        return 6 <= len(v) <= 256 and " " not in v and not _WORDS.fullmatch(v) and (
            any(ch.isdigit() for ch in v) or any(ch in "-_.:" for ch in v) or (v != v.lower() and v != v.upper())
        )
    if shape == "digest":  # a hash: hex, base64 or a 32/64-bit integer, with the entropy of one
        return bool(_DIGEST_SHAPE.fullmatch(v)) and not shapes.is_timestamp(v)
    if shape == "any-short":
        return 0 < len(v) <= 64 and " " not in v
    return False


# The page's own address, as the request's Referer and Origin already give it to the recipient:
# a copy in a field tells nothing new (scored, as page context, only for what it carries).
PAGE_OWN_ADDRESS = KindLabel(ValueKind.PAGE_CONTEXT, "location",
                             "the page's own URL or path (the Referer sends it already, or the user navigated to it)")


def page_addresses(request: HttpRequest) -> frozenset[str]:
    """The page's URL (without its fragment), its origin and its path (when not "/"), from the
    Referer and Origin headers: what every request of the page tells the recipient anyway."""
    out: set[str] = set()
    referer = (request.header("Referer") or "").strip()
    if referer.startswith(("http://", "https://")) and len(referer) <= 2048:
        url = referer.split("#", 1)[0]
        parts = urlsplit(url)
        out.update((url, f"{parts.scheme}://{parts.netloc}", f"{parts.scheme}://{parts.netloc}/"))
        if len(parts.path) > 1:
            out.add(parts.path)
            if parts.query:
                out.add(f"{parts.path}?{parts.query}")
    origin = (request.header("Origin") or "").strip()
    if origin.startswith(("http://", "https://")) and len(origin) <= 512:
        out.update((origin, origin.rstrip("/") + "/"))
    own = urlsplit(request.url)  # the recipient's own address: it knows where it was sent
    if own.scheme in ("http", "https") and own.netloc:
        out.update((f"{own.scheme}://{own.netloc}{own.path}", f"{own.scheme}://{own.netloc}"))
        if len(own.path) > 1:
            out.add(own.path)
    # each also by its letters and digits alone: a copy written without "://" or encoded once more
    # ("httpsdev.example.com/events/t") is the same address
    return frozenset(out | {_LETTERS_ONLY + _letters(a) for a in out if len(_letters(a)) >= _MIN_LETTERS})


_LETTERS_ONLY = "~"  # marks the letters-and-digits form in `page_addresses`' set
_MIN_LETTERS = 8  # a shorter form ("/a/b") says too little to be matched without its punctuation
_NOT_LETTER = re.compile(r"[\W_]{1,64}")


def _letters(value: str) -> str:
    return _NOT_LETTER.sub("", value.lower())


def _may_be_address(value: str) -> bool:
    """Shaped like a page's address: a path, a URL, or a URL without its scheme ("shop.example/p")."""
    if value[:1] == "/" or value[:4] == "http":
        return True
    host, slash, _ = value[:254].partition("/")
    return bool(slash) and "." in host and " " not in host


def is_page_address(value: str, page: frozenset[str]) -> bool:
    """Whether `value` is one of `page_addresses`, as written or by its letters and digits."""
    value = value.strip()
    return value in page or (len(value) <= 2048 and _LETTERS_ONLY + _letters(value) in page)


# `guardian.codecs.url_value` splits a URL inside a value into `X|>url|>href:` (named like X) and
# `X|>url|>query:NAME#i`: an inner parameter with no label of its own is part of that page URL.
_PAGE_URL_PARAMETER = KindLabel(ValueKind.PAGE_CONTEXT, "location", "a parameter of a page URL")


def _label_page_url_parameters(fields: Sequence[Field], out: dict[str, KindLabel]) -> None:
    """The parameters of a page URL inside a parameter are page context, as the URL is."""
    for field in fields:
        if field.path not in out and URL_LAYER in field.path:
            outer = out.get(field.path.rsplit(URL_LAYER, 1)[0] + URL_LAYER + "href:")
            if outer is not None and outer.kind is ValueKind.PAGE_CONTEXT:
                out[field.path] = _PAGE_URL_PARAMETER


# The parts of a page URL the request already carries whole (a trace's `page.url` beside its
# `page.route` and `page.hostname`): a copy of a part tells the recipient nothing the URL did not.
_PAGE_URL_PART = KindLabel(ValueKind.PAGE_CONTEXT, "location",
                           "a part (host, path, query) of the page URL the request carries, or the host of its Origin")
_MAX_URL = 2048


def _url_parts(url: str) -> set[str]:
    """The host, the path (when not "/"), the path with its query, the query of `url`, and the
    URL without its scheme ("shop.example/p/42", as a search SDK's `origin_referrer` writes it)."""
    parts = urlsplit(url.split("#", 1)[0])
    out = {parts.netloc, parts.hostname or ""} if parts.netloc else set()
    if len(parts.path) > 1:
        out.add(parts.path)
        if parts.netloc:
            out.add(f"{parts.netloc}{parts.path}")
        if parts.query:
            out.add(f"{parts.path}?{parts.query}")
    if parts.query:
        out.update((parts.query, f"?{parts.query}"))
    return out - {""}


def _label_page_url_parts(fields: Sequence[Field], out: dict[str, KindLabel], request: HttpRequest) -> None:
    """Unlabelled values equal to a part of a page URL the request carries (in a field labelled
    page context, or as its Origin) are page context too: the same address told in pieces."""
    parts: set[str] = set()
    parameters: set[tuple[str, str]] = set()  # of page URLs split by the codec (`X|>url|>query:NAME#i`)
    for field in fields:
        label = out.get(field.path)
        if label is None or label.kind is not ValueKind.PAGE_CONTEXT or len(field.value) > _MAX_URL:
            continue
        if field.value.startswith(("http://", "https://")):
            parts |= _url_parts(field.value)
        elif URL_LAYER + "query:" in field.path:
            parameters.add((field.name, field.value))
    origin = (request.header("Origin") or "").strip()
    if origin.startswith(("http://", "https://")) and len(origin) <= _MAX_URL:
        parts |= {p for p in _url_parts(origin) if "/" not in p and "?" not in p}
    if not parts and not parameters:
        return
    for field in fields:
        if field.path in out:
            continue
        value = field.value.strip()
        head, mark, query = value.partition("?")
        if value in parts or (parameters and (
            _is_carried_query(value, parameters)
            or (mark and head in parts and _is_carried_query(query, parameters))  # "shop.example/p?c=2"
        )):
            out[field.path] = _PAGE_URL_PART


def _is_carried_query(value: str, parameters: set[tuple[str, str]]) -> bool:
    """Whether `value` is a query ("?a=1&b=2") whose every parameter a page URL of the request has."""
    if "=" not in value or len(value) > _MAX_URL:
        return False
    pairs = parse_qsl(value[1:] if value.startswith("?") else value, keep_blank_values=True)
    return bool(pairs) and all(pair in parameters for pair in pairs)


class FieldKindClassifier:
    """Labels the fields of a request with their kind (see the module docstring)."""

    def __init__(self, dictionaries: VendorDictionaries | None = None, cookies: TrackingCookies | None = None) -> None:
        self.dictionaries = dictionaries if dictionaries is not None else shipped_dictionaries()
        self.cookies = cookies if cookies is not None else shipped_cookies()

    def classify(
        self,
        request: HttpRequest,
        payload: Payload,
        *,
        tracker_cookies: bool = False,
        telemetry: bool = False,
        sites: tuple[str | None, str] | None = None,
        shaped: tuple[str, ...] = (),
        third_party: bool = False,
        seen: SeenIdentifiers | None = None,
        learned: IdLearner | None = None,
    ) -> Mapping[str, KindLabel]:
        """Field path -> label, for the fields that get one. `tracker_cookies`: the request goes to a
        known advertising or analytics tracker from another site's page, so its id-shaped cookies
        are identifiers whatever their names (see `_cookie_label`). `telemetry`: it goes to an
        analytics or monitoring collector, whose SDK's own keys and visit ids are bookkeeping.
        `sites`: (first-party site, destination site), for cookies that reach one third party
        from several sites (`SeenIdentifiers.cross_site`). `shaped`: vendor families whose
        documented format the request has, whatever its host (`segment` for a Segment Spec event).
        `third_party`: the recipient is not the site itself (its session ids are its own).
        `seen`: the user's identifiers found earlier, found again here under any name (`seen.py`);
        cookies that reach one third party from several sites are noted in it (None: no memory).
        `learned`: what the proxy's users send the destination (`learned.py`): a key that carries
        each user's own stable value is an id, one that carries the same value for all a constant."""
        parts = urlsplit(request.url)
        host = (parts.hostname or "").lower()
        families = self.dictionaries.for_request(host, parts.path or "/", shaped)
        load = is_resource_load(request)
        dest = resource_dest(request)
        config = dest in CONFIG_LOADS
        media = dest in MEDIA_LOADS
        sync = is_sync_path(parts.path or "/")
        page: frozenset[str] | None = None  # worked out for the first value that may be a copy of it
        out: dict[str, KindLabel] = signed_fields(payload.fields)  # a signed URL's own parameters
        # to the site itself or an AI service (its own dictionary) the SDKs' bookkeeping changes no decision
        placed = bookkeeping_labels(payload.fields, telemetry=telemetry, third_party=third_party) if (
            telemetry or third_party) else {}
        for field in payload.fields:
            if field.path in out:
                continue
            if field.path.startswith(COOKIE_PREFIX):
                cookie = self._cookie(field, families, tracker_cookies, sites, seen)
                if cookie is not None:
                    out[field.path] = cookie
                continue
            vendor = self.dictionaries.label(families, field)
            if vendor is None or vendor.kind is ValueKind.USER_IDENTIFIER:
                # an unfilled macro is no one's id, whatever slot it fills ("uid=$UID"), also encoded
                # again or in base64 (`not_data` tries those forms only where they can be)
                vendor = not_data(field.value) or vendor
            elif vendor.category is DataCategory.LANGUAGE and is_language_tag(field.value):
                vendor = LANGUAGE_TAG  # a documented locale slot holds what Accept-Language says anyway
            label = (
                vendor
                or placed.get(field.path)
                or (PAGE_OWN_ADDRESS if _may_be_address(field.value) and (is_page_address(
                    field.value, page if page is not None else (page := page_addresses(request)))
                    or (seen is not None and seen.is_page(field.value))) else None)
                or self._by_name(field, request, load, telemetry, payload.fields)
                or (_synced_id(field) if sync else None)
                or standard_label(_norm(field.name), field.value)
                or label_by_shape(field.value)
                or (_by_location(field) if config else None)
                or (_media_setting(field) if media else None)
            )
            if label is not None:
                out[field.path] = label
        if any(family.family == AI_FAMILY for family in families):  # the model's own turns in a chat's history
            out.update(model_turn_labels(payload.fields, out))
        _label_page_url_parameters(payload.fields, out)
        _label_page_url_parts(payload.fields, out, request)
        labels: Mapping[str, KindLabel] = seen.relabel(payload.fields, out) if seen is not None else out
        if learned is not None and sites is not None:
            labels = learned.relabel(sites[1], payload.fields, labels)
        if seen is not None:  # a literal of the site's own script reaches every visitor: no one's (seen.py)
            labels = seen.relabel_shown(payload.fields, labels)
        return labels

    def _cookie(
        self, field: Field, families: Sequence[VendorFamily], tracker_cookies: bool, sites: tuple[str | None, str] | None,
        seen: SeenIdentifiers | None,
    ) -> KindLabel | None:
        """A cookie's label: by its vendor, its name and shape (`_cookie_label`), or as one that
        reaches this third party from several sites."""
        label = _cookie_label(field, self.dictionaries.label(families, field), self.cookies, tracker_cookies)
        if (label is None or label is SITE_COOKIE) and sites is not None and seen is not None and _cross_site(field, sites, seen):
            return CROSS_SITE_COOKIE
        return label

    @staticmethod
    def _by_name(field: Field, request: HttpRequest, load: bool, telemetry: bool = False,
                 fields: Sequence[Field] = ()) -> KindLabel | None:
        key = _norm(field.name)
        if not key:
            return None
        value = field.value
        hashed = _hashed_label(key, value)
        if hashed is not None:
            return hashed
        rule = _rule_for(key)
        if rule is not None and rule.kind is ValueKind.PAGE_CONTEXT and rule.shape == "text" and (
                field.path.startswith(GRAPHQL_VARIABLES) or (key == "title" and not telemetry and fields
                                                             and field.path.startswith(BODY_RECORDS)
                                                             and not _page_siblings(fields).get(_parent(field.path), False))):
            # an argument of an API's call ("issueCreate(input: {title: ...})"), or a bare "title" in a
            # body with nothing of the page beside it (a CMS object's, a ticket's title): the record's
            # title, read for what it says; a page's title travels with its address ("url", "hostname",
            # "origin" beside it), is named so ("page_title"), or goes to a telemetry collector
            return None
        if rule is not None:
            if rule.shape == "key":
                return _key_label(field, request, load, rule)
            if rule.kind is ValueKind.USER_IDENTIFIER and field.kind is FieldKind.NUMBER and len(value) < 6:
                return None  # "uid": 3 is a count or a flag, not a persistent id
            if _shape_ok(rule.shape, value):
                return KindLabel(rule.kind, "name", rule.why)
        return None


# Key words that name what a digest was made of ("sha256_email", "hashedPhone", "em_hash").
HASHED_CATEGORY_WORDS: Mapping[str, DataCategory] = {
    "email": DataCategory.EMAIL, "mail": DataCategory.EMAIL, "em": DataCategory.EMAIL, "hem": DataCategory.EMAIL,
    "phone": DataCategory.PHONE, "ph": DataCategory.PHONE, "tel": DataCategory.PHONE, "mobile": DataCategory.PHONE,
    "msisdn": DataCategory.PHONE, "name": DataCategory.CONTACT, "fn": DataCategory.CONTACT, "ln": DataCategory.CONTACT,
    "zip": DataCategory.LOCATION_COARSE, "postal": DataCategory.LOCATION_COARSE,
    "user": DataCategory.PERSISTENT_ID, "external": DataCategory.PERSISTENT_ID,
}
HASH_WORDS = frozenset({"sha256", "sha1", "md5", "sha", "hash", "hashed", "digest"})
_DIGEST = re.compile(r"[0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{64}|[A-Za-z0-9+/_\-]{43}=?")
_DIGEST_LENGTHS = frozenset({32, 40, 64, 43, 44})  # what `_DIGEST` can match: most values are tried no further


def _hashed_label(key: str, value: str) -> KindLabel | None:
    """A digest (MD5, SHA-1, SHA-256 in hex, or SHA-256 in base64) under a key that names what it
    hashes: that personal data, sent hashed. A normalised hash of an e-mail joins one person
    across every site that has it, so it counts as the e-mail."""
    v = value.strip()
    if len(v) not in _DIGEST_LENGTHS or not _DIGEST.fullmatch(v) or v.isdigit() or v.isalpha():
        return None
    words = key.split("_")
    category = next((HASHED_CATEGORY_WORDS[w] for w in words if w in HASHED_CATEGORY_WORDS), None)
    if category is None:
        return None
    if category is DataCategory.PERSISTENT_ID and not HASH_WORDS & set(words):
        return None  # "user_token": a digest-shaped id; the identifier rules decide it
    return KindLabel(ValueKind.USER_DATA, "name", f"hashed {category.value} (by key name and digest shape)",
                     category=category, hashed=True)


# Cookie names that say "session" or "security token": kept as they are even at a tracker (a
# comment widget's login, a consent record's CSRF pin), as browsers' tracker cookie blocking would not.
_SESSION_COOKIE_NAME = re.compile(r"sess|sid$|^sid|csrf|xsrf|auth|login|token|consent|optout|opt_out|gdpr|euconsent", re.I)
TRACKER_COOKIE = KindLabel(ValueKind.USER_IDENTIFIER, "tracker-cookie",
                           "an id-shaped cookie of a known advertising or analytics tracker, sent from another site's page")
CROSS_SITE_COOKIE = KindLabel(ValueKind.USER_IDENTIFIER, "cross-site",
                              "an id-shaped cookie a third party received from two or more first-party sites")


def _cookie_label(
    field: Field, vendor: KindLabel | None, cookies: TrackingCookies, tracker_cookies: bool = False
) -> KindLabel | None:
    """What a cookie, or a value inside one, is (`guardian.fieldkinds.cookies`).

    A cookie goes back only to the site that set it, so what it holds is news to no one; what it
    does is let that site (a tracker, for a third-party cookie) recognise the browser. So: a cookie
    the list, a vendor dictionary or its name marks as an id, with an id-shaped value, is a user
    identifier; a digest under a key that names what it hashes is that data; an e-mail stored as
    the value is scored. Inside a site's own cookie (a session token's claims, a preferences
    object) nothing is touched: rewriting one byte of a signed token logs the user out. Inside a
    tracking cookie the values are read by their own keys.

    Sent to a known advertising or analytics tracker from another site's page (`tracker_cookies`),
    any id-shaped cookie the tracker set is how it recognises the browser across sites, whatever
    it is called: it is an identifier (as Firefox's Enhanced Tracking Protection and Safari's ITP
    treat a listed tracker's cookies in a third-party context), unless its name says session,
    login, CSRF or consent."""
    if vendor is not None:
        return vendor
    v = field.value.strip()
    outer, nested, _ = field.path.partition("|>")
    name = outer[len(COOKIE_PREFIX):].rpartition("#")[0]
    tracking = cookies.tracking_label(name)
    if not nested:
        if tracking is not None and _shape_ok("ident", v):
            return tracking
        if "@" in v:
            return None
        if tracker_cookies and _shape_ok("ident", v) and not _SESSION_COOKIE_NAME.search(name):
            return TRACKER_COOKIE
    elif tracking is None:
        return SITE_COOKIE
    key = _norm(field.name)
    hashed = _hashed_label(key, v) if key else None
    if hashed is not None:
        return hashed
    rule = _rule_for(key) if key else None
    if rule is not None and rule.kind is ValueKind.USER_IDENTIFIER and _shape_ok("ident", v):
        return KindLabel(rule.kind, "name", rule.why)
    if nested and "@" in v:
        return None
    return SITE_COOKIE


def _key_label(field: Field, request: HttpRequest, load: bool, rule: NameRule) -> KindLabel | None:
    """A key-named value is the site's key when public by its prefix, in a resource load, or in a
    URL query (where sites put their keys); in a body it may be one the user typed: no label."""
    v = field.value.strip()
    if not v or " " in v or "@" in v or len(v) > 256 or shapes.secret_key_prefix(v):
        return None  # a secret key is someone's secret wherever it is
    public = shapes.public_key_prefix(v)
    if public:
        return KindLabel(ValueKind.SITE_MACHINERY, "shape", public)
    if load:
        return KindLabel(ValueKind.SITE_MACHINERY, "location", f"{rule.why} in the URL of a resource load")
    if field.path.startswith("query:"):
        return KindLabel(ValueKind.SITE_MACHINERY, "location", f"{rule.why} in the URL query")
    return None


# Loads whose URL query configures what is loaded (a script's site id, a style's theme, a font's
# family): an id- or word-shaped value there is the site's, unless its key names a user id.
CONFIG_LOADS = frozenset({"script", "style", "font"})
_CONFIG_VALUE = re.compile(r"[A-Za-z0-9_\-.,:;|/~!*]{1,128}")


# Path words of ID-sync (cookie-matching) endpoints: Prebid Server's documented /setuid and
# /cookie_sync, Google's /cm cookie matching, the getuid/setuid/mapuid, usersync, idsync, ecm and
# "match" endpoints of exchanges and DSPs. Whatever an id is called there, passing it is the point.
SYNC_WORDS = frozenset({"sync", "setuid", "getuid", "mapuid", "usersync", "cookiesync", "idsync", "pixelsync",
                        "match", "usermatch", "cm", "ecm", "ecm3", "cms", "csync", "uidsync"})
_PATH_WORD = re.compile(r"[a-z0-9]+")
SYNCED_ID = KindLabel(ValueKind.USER_IDENTIFIER, "location", "a value passed through an ID-sync endpoint")


@lru_cache(maxsize=4096)
def is_sync_path(path: str) -> bool:
    """Whether a URL path is an ID-sync endpoint's (one of its words is a sync word)."""
    return any(word in SYNC_WORDS for word in _PATH_WORD.findall(path.lower()))


def _synced_id(field: Field) -> KindLabel | None:
    """An id-shaped query value (8+ characters with a digit, no spaces, not a timestamp or a URL)
    at an ID-sync endpoint: the id being synced, under whatever name."""
    if not field.path.startswith("query:"):
        return None
    v = field.value.strip()
    if not remembers(v) or shapes.is_url(v) or "/" in v:
        return None
    return SYNCED_ID


# Image and media loads whose URL query sets how the file is rendered (an image CDN's quality,
# width, format, crop: Imgix "q=60&w=300&fm=webp", Cloudinary, Next.js "/_next/image?w=640&q=75",
# a player's start time): a number or a short keyword there is a setting, not a search.
MEDIA_LOADS = frozenset({"image", "video", "audio", "track"})
_MEDIA_VALUE = re.compile(r"[0-9]{1,5}(?:\.[0-9]{1,3})?|[0-9]{1,5}(?:[,:x][0-9]{1,5}){1,5}|[a-z]{1,12}(?:[,:|][a-z0-9]{1,12}){0,5}")
MEDIA_SETTING = KindLabel(ValueKind.SITE_MACHINERY, "location", "a rendering setting in the URL of an image or media load (quality, size, format, crop)")


def _media_setting(field: Field) -> KindLabel | None:
    if not field.path.startswith("query:") or not _MEDIA_VALUE.fullmatch(field.value.strip()):
        return None
    return MEDIA_SETTING


def _by_location(field: Field) -> KindLabel | None:
    if not field.path.startswith("query:") or not _CONFIG_VALUE.fullmatch(field.value.strip()):
        return None
    return KindLabel(ValueKind.SITE_MACHINERY, "location", "a setting in the URL of a script, style or font load")


def _cross_site(field: Field, sites: tuple[str | None, str], seen: SeenIdentifiers) -> bool:
    """A whole cookie with an id's shape, sent to a third party, that has reached it from two or
    more first-party sites (Privacy Badger's rule); session, login and consent cookies aside."""
    first, destination = sites
    if first is None or first == destination or "|>" in field.path:
        return False
    name = field.path[len(COOKIE_PREFIX):].rpartition("#")[0]
    value = field.value.strip()
    if _SESSION_COOKIE_NAME.search(name) or not _shape_ok("ident", value):
        return False
    return seen.cross_site(destination, name, value, first)
