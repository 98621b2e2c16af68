"""SDK bookkeeping and the user's object, by place and shape: what an SDK says about
itself, its session and the site's deployment is machinery; what sits in an object describing a
person is that person's. Every rule needs both a place (where the field sits in its JSON object,
or what kind of request carries it) and a shape (what the value looks like); a key name alone
never decides.

1. Software descriptions. The string leaves directly in an object that holds a short `name` and
   a version-shaped `version` (`{"name": "analytics.js", "version": "2.1.0"}`), or in an object
   under an SDK block key (`sdk`, `library`, `lib`, `notifier`, `agent`, `framework`, `runtime`),
   describe software: machinery. Not inside a person's object (rule 5).
2. A person's object: a JSON object under a key such as `user`, `usr`, `person`, `traits`,
   `contact`, `profile`, `author` (`PERSON_OBJECTS`), or one holding contact data beside (an
   `email`, a `phone`, a first or last name: `CONTACT_KEYS`). `customer` alone is no such key:
   to an SDK it is also the site's account with the vendor (TrackJS's `customer.token`); a
   shop's customer object holds contact data and is found by it. There:
   - its `id`, `key`, `identifier`, `external_id` with an id's shape (6+ characters, no spaces,
     a digit or a separator) is the person's identifier (a user id set with `identify`,
     `setUser`, a flag SDK's context key);
   - its `name` is left to detection as a person's name, whatever its shape.
3. Names of things. A `name` outside a person's object whose value is not shaped like a
   person's name (two to four words, each a capital and lower-case letters: "Ann Lee", "Mary
   de Souza") names an event, a service, a span, a metric or a library: machinery.
4. In a telemetry request (a collector's shape, or an analytics recipient), by key and shape,
   in its JSON body and its URL query:
   a. the SDK's own key (write key, API key, client token, `token`, `auth`, instrumentation key)
      with a token's shape and no secret-key prefix: a browser SDK's key sits in the page for
      anyone to read; this one too applies to any recipient that is not the site itself (a
      feature-flag or error SDK's key, sent to its vendor's API), under the SDK-key names;
   b. session, view and page-view ids with an id's shape (`session_id`, `rumSessionId`,
      `ai.session.id`, `session.id`, `sid`, `view.id`): bookkeeping of one visit, not a
      persistent id of the user, nor a credential of the site's: this one also applies to any
      recipient that is not the site itself (its own session of the visit);
   c. service, environment and release names with a slug's shape (`service`, `env`, `release`,
      `app_name`): the site's deployment; a key that names the SDK or library
      (`telemetry.sdk.language`, `sdkVersion`, `lib_name`): the software; the name of a screen,
      page, route or event of the site's app (`screen_name`, `$screen_name`, `event`,
      `page_type`), unless shaped like a person's name: the site defines it for every visitor;
      the name of an event itself (`event`, `event_name`, `track_event_name`, `eventName`)
      whatever its shape: "Size Guide Opened" and "Order Completed" are the Title Case
      "Object Action" names that tracking plans (Segment's Spec) prescribe, not people; this one
      also applies to any recipient that is not the site itself (an SDK's vendor outside any list);
   d. an error's or a log line's message beside its stack, level or error class: the program's
      own words, page context (scored only for what it carries: an e-mail, a card, a secret),
      and a stack trace by its shape (`formats.py`);
   e. a number under an `age` key outside a person's object: the age of a page or a session;
   f. what the page says of itself and what it sells (`title`, `keywords`, `description`,
      `product_name`, `item_category`, `brand`): page context, scored only for what it carries
      (an e-mail, a card, a secret), since every visitor of the page sends the same.
5. A serialised DOM node (an object with `tagName` or `childNodes`, or one inside a node's
   `childNodes`, as session-replay recorders such as rrweb write the page): its `textContent`
   and attribute values are the page's own
   text, page context (scored for what it carries: an e-mail, a card, a secret), not the
   user's prose.
6. A bare language code ("en", "fra") under a language or locale key: what Accept-Language
   says already (a language tag with its region, "en-US", is machinery by shape alone,
   `formats.py`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from guardian.codecs.json_ import json_locator
from guardian.fieldkinds import shapes
from guardian.records import Field, KindLabel, ValueKind

__all__ = ["bookkeeping_labels", "PERSON_OBJECTS", "CONTACT_KEYS", "SDK_BLOCKS", "is_person_name"]

SDK_BLOCKS = frozenset({"sdk", "library", "lib", "notifier", "agent", "framework", "runtime"})
PERSON_OBJECTS = frozenset({
    "user", "usr", "person", "people", "contact", "traits", "profile", "identity", "member",
    "account_holder", "author", "sender", "recipient", "owner", "buyer", "billing", "shipping", "patient",
    "employee", "student", "guest", "passenger", "attendee", "cardholder", "payer", "payee", "beneficiary",
    "applicant", "subscriber", "lead", "user_properties", "user_data", "user_info", "userinfo", "$set",
})
CONTACT_KEYS = frozenset({
    "email", "e_mail", "mail", "email_address", "phone", "phone_number", "mobile", "first_name", "firstname",
    "last_name", "lastname", "full_name", "fullname", "given_name", "family_name", "surname", "birthday",
    "dob", "username", "user_name",
})
PERSON_ID_KEYS = frozenset({"id", "key", "identifier", "external_id", "user_id", "userid", "uid", "uuid"})
# In a telemetry request, the user as one value rather than an object ("user": "usr_8f3k2m9qz4",
# Google Cloud Error Reporting's `context.user`): their id, whatever object holds it
USER_SCALAR_KEYS = frozenset({"user", "user_id", "userid", "end_user", "enduser", "enduser_id", "customer_id"})
SDK_KEY_KEYS = frozenset({
    "api_key", "apikey", "write_key", "writekey", "client_key", "clientkey", "app_key", "appkey", "app_token",
    "sdk_key", "project_key", "public_key", "publishable_key", "ikey", "instrumentation_key", "client_token",
    "access_token", "license_key", "site_key", "environment_id", "env_id", "client_side_id", "dsn", "sentry_key",
    "token", "auth", "rum_token", "rum_auth",
})
# Of those, the names only an SDK's key goes by: outside telemetry, "token" and "access_token" may be a user's login.
SDK_KEY_NAMES = SDK_KEY_KEYS - {"token", "auth", "access_token", "client_token", "rum_auth"}
SESSION_KEYS = frozenset({
    "session_id", "sessionid", "session_uid", "sid", "session", "view_id", "viewid", "page_view_id", "pageview_id",
    "pageviewid", "visit_id", "visitid", "visit_token", "tab_id", "tabid", "window_id", "windowid", "request_id",
    "trace_id", "span_id", "parent_span_id", "event_id", "message_id", "messageid", "insert_id", "batch_id", "sequence_id",
})
SESSION_PARENTS = frozenset({"session", "view", "page_view", "pageview", "visit", "tab", "span", "trace"})
# ... and "application.session", "browser.session": an attribute named as a dotted path (OpenTelemetry's
# semantic conventions, Backtrace's attributes) ends in the thing it is
SESSION_SUFFIXES = ("_session_id", "_sessionid", "_session", "_view_id", "_pageview_id", "_page_view_id", "_visit_id",
                    "_tab_id")
SOFTWARE_WORDS = frozenset({"sdk", "library", "lib"})  # a key with one of these words describes the software
# Keys beside an error's or a log line's message: the object is the program's report.
REPORT_KEYS = frozenset({
    "stack", "stacktrace", "stack_trace", "backtrace", "frames", "level", "severity", "severity_text", "exception",
    "exceptions", "error_class", "errorclass", "class", "lineno", "line_number", "colno", "column", "filename",
    "logger", "logger_name", "fingerprint", "culprit", "breadcrumbs", "error_type",
})
MESSAGE_KEYS = frozenset({"message", "msg", "description", "text", "body", "reason", "title", "name"})
DEPLOYMENT_KEYS = frozenset({
    "service", "service_name", "env", "environment", "release", "app_name", "application", "app",
    "app_version", "dist", "stage", "deployment", "deployment_environment", "platform",
})
LANGUAGE_KEYS = frozenset({"lang", "language", "locale", "ul", "hl", "accept_language", "user_language"})
# What a page says of itself and of its products, which a tag sends with every event: the
# page's title, keywords and description, the names and categories of what it sells. Every visitor
# of the page sends the same: it describes the page, not the user.
PAGE_DESCRIPTION_KEYS = frozenset({
    "title", "page_title", "document_title", "keywords", "page_keywords", "meta_keywords", "description",
    "page_description", "meta_description", "og_title", "og_description", "og_site_name", "product_name",
    "item_name", "content_name", "content_category", "item_category", "item_brand", "product_category",
    "product_brand", "brand", "site_name", "section", "page_category",
})
PAGE_DESCRIPTION = KindLabel(ValueKind.PAGE_CONTEXT, "place", "what the page says of itself or its products (title, keywords, "
                             "description, product names), in a telemetry request: scored only for what it carries")
# Keys that name a screen, a page, a route or an event of the site's own app: the site defines
# these names for every visitor alike ("Home", "Checkout", "Product Detail", "add_to_cart").
SITE_NAME_KEYS = frozenset({
    "screen", "screen_name", "screen_class", "screen_title", "view_name", "page_name", "page_type", "route",
    "route_name", "event", "event_name", "event_type", "event_category", "event_action", "event_label",
})

# Keys that name an event itself, and the ending of a qualified one ("track_event_name",
# "custom_event_name"): what the site's code passes to `track(name)`, the same for every visitor
EVENT_NAME_KEYS = frozenset({"event", "event_name", "event_type", "event_action"})
EVENT_NAME_SUFFIX = "_event_name"

# Keys of a list of events (GA4's Measurement Protocol, Percept, many batching SDKs): an object in
# it is an event, and its "name" the event's, which the site defines (a person's object in such a
# list has contact keys, and is a person's by rule 2)
EVENT_LISTS = frozenset({"events", "event_list", "eventlist"})
MAX_NAME_CHARS = 80
_NAME_WORD = r"[A-Z\u00c0-\u00de][a-z\u00df-\u024f'’]{1,30}(?:-[A-Z\u00c0-\u00de]?[a-z\u00df-\u024f'’]{1,30}){0,3}"
_PERSON_NAME = re.compile(
    rf"{_NAME_WORD}(?:\s{{1,3}}(?:(?:de|da|do|dos|du|van|von|der|den|del|della|la|le|bin|ibn|al)\s{{1,3}})?"
    rf"(?:{_NAME_WORD}|[A-Z]\.)){{1,3}}"
)
_SLUG = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:@/+\-]{0,127}")
_LANGUAGE_CODE = re.compile(r"[a-z]{2,3}")
_NUMBER = re.compile(r"-?[0-9]{1,15}(?:\.[0-9]{1,9})?")
_SPLIT = re.compile(r"[^a-z0-9$]+")

SOFTWARE = KindLabel(ValueKind.SITE_MACHINERY, "place", "part of a software description (name and version of an SDK or library)")
SITE_NAME = KindLabel(ValueKind.SITE_MACHINERY, "place", "the name of a screen, page, route or event of the site's app, in a telemetry request")
THING_NAME = KindLabel(ValueKind.SITE_MACHINERY, "place", "the name of an event, service, span or metric (not shaped like a person's name, outside a person's object)")
PERSON_ID = KindLabel(ValueKind.USER_IDENTIFIER, "place", "the id of the person an object describes (a user set with identify / setUser)")
SDK_KEY = KindLabel(ValueKind.SITE_MACHINERY, "place", "the SDK's own key for the site's project, in a telemetry request (public by design)")
SESSION = KindLabel(ValueKind.SITE_MACHINERY, "place", "a session, view or request id of one visit, in a telemetry request")
DEPLOYMENT = KindLabel(ValueKind.SITE_MACHINERY, "place", "the site's service, environment or release name, in a telemetry request")
LANGUAGE = KindLabel(ValueKind.SITE_MACHINERY, "place", "a language code under a language key (Accept-Language says it already)")
DOM_NODE_KEYS = frozenset({"tagname", "tag_name", "child_nodes", "childnodes"})
DOM_TEXT_KEYS = frozenset({"text_content", "textcontent", "value", "text"})
PAGE_TEXT = KindLabel(ValueKind.PAGE_CONTEXT, "place", "the page's own text in a serialised DOM node (session replay)")
THING_AGE = KindLabel(ValueKind.SITE_MACHINERY, "place", "the age of a page, a session or an item (a number outside a person's object, in telemetry)")
PROGRAM_MESSAGE = KindLabel(ValueKind.PAGE_CONTEXT, "place", "an error's or a log line's message, the program's own words (scored for what it carries)",
                            labelled=True)


@lru_cache(maxsize=4096)
def _norm(key: str) -> str:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", key)
    return "_".join(w for w in _SPLIT.split(spaced.lower()) if w)


def is_person_name(value: str) -> bool:
    """Shaped like a person's name: two to four capitalised words ("Ann Lee", "Mary de Souza")."""
    v = " ".join(value.split())
    return 0 < len(v) <= MAX_NAME_CHARS and bool(_PERSON_NAME.fullmatch(v))


def _object_key(parent: tuple[str, ...]) -> str | None:
    """The key an object sits under, skipping array indices (`users[0]` -> "users")."""
    for part in reversed(parent):
        if not part.isdigit():
            return _norm(part)
    return None


RANDOM_LETTERS_MIN = 16  # a random base64 id this long may hold no digit (App Insights' 22, about 1 in 40)


def _is_id(value: str) -> bool:
    v = value.strip()
    return 6 <= len(v) <= 256 and " " not in v and (
        any(ch.isdigit() for ch in v) or any(ch in "-_.:|" for ch in v)
        or (len(v) >= RANDOM_LETTERS_MIN and any(ch.islower() for ch in v) and any(ch.isupper() for ch in v))
    )


def _is_token(value: str) -> bool:
    v = value.strip()
    return 8 <= len(v) <= 256 and " " not in v and "@" not in v and not shapes.secret_key_prefix(v)


def _objects(fields: Iterable[Field]) -> dict[tuple[str, ...], list[tuple[Field, str]]]:
    """JSON fields grouped by their object (the locator of their parent), with normalised keys."""
    groups: dict[tuple[str, ...], list[tuple[Field, str]]] = defaultdict(list)
    for field in fields:
        loc = json_locator(field.path)
        if loc and loc[-1].isdigit() and len(loc) >= 2 and not loc[-2].isdigit():
            loc = loc[:-1]  # an item of a list of values ("lastSession": ["b177..."]) goes by the list's key
        if not loc or loc[-1].isdigit():
            continue
        prefix = field.path.rsplit("|>", 1)[0] if "|>" in field.path else ""
        # the field's name: its JSON key, or the name an attribute list gives it (codecs/attributes.py)
        groups[(prefix, *loc[:-1])].append((field, _norm(field.name or loc[-1])))
    return groups


def bookkeeping_labels(fields: Sequence[Field], *, telemetry: bool, third_party: bool = False) -> Mapping[str, KindLabel]:
    """Field path -> label for the fields these rules decide (see the module docstring).
    `third_party`: the recipient is not the site itself, so a session id is the recipient's own
    (rule 4b applies to it as to telemetry)."""
    out: dict[str, KindLabel] = {}
    if telemetry or third_party:
        for field in fields:  # the top-level keys (`?token=`, `sid=`, a form part) of a collector's query or form
            if field.path.startswith(("query:", "form:", "multipart:")) and "|>" not in field.path:
                key, value = _norm(field.name), field.value.strip()
                label = _telemetry_label(key, None, value) if telemetry else _session_label(key, None, value)
                if label is not None:
                    out[field.path] = label
    if not any("json:" in f.path for f in fields):  # no JSON object in the request: nothing else has a place
        return out
    objects = _objects(fields)
    # a list of attribute pairs ([{"key": "email", "value": ...}, {"key": "name", ...}]) is one record:
    # the names its pairs give to values that are there, by the list
    pair_lists: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for parent, members in objects.items():
        if len(parent) > 1 and parent[-1].isdigit():
            pair_lists[parent[:-1]].update(key for f, key in members if f.value.strip() and f.name)
    for parent, members in objects.items():
        keys = {key for _, key in members}
        values = {key: f.value.strip() for f, key in members}
        object_key = _object_key(parent[1:])
        # a contact key with a value makes the object a person's; an empty slot ("user_name": "") says
        # only that the SDK has one, which every anonymous visitor's copy sends alike
        person = object_key in PERSON_OBJECTS or any(values.get(k) for k in keys & CONTACT_KEYS)
        pair = any((loc := json_locator(f.path)) and loc[-1] == "value" for f, _ in members)
        if pair and not person and len(parent) > 1 and parent[-1].isdigit():
            person = bool(pair_lists[parent[:-1]] & CONTACT_KEYS)  # a pair in a person's record
        software = not person and (
            object_key in SDK_BLOCKS
            or (0 < len(values.get("name", "")) <= MAX_NAME_CHARS and shapes.is_version(values.get("version", "")))
        )
        report = telemetry and not person and bool(keys & REPORT_KEYS)
        # an attribute pair {"key": NAME, "value": ...}: the codec names the value by NAME (above)
        dom = (
            bool(keys & DOM_NODE_KEYS)
            or any(_norm(part) in DOM_NODE_KEYS for part in parent[1:] if not part.isdigit())  # inside a node's children
            or (object_key == "attributes" and _is_dom_attributes(parent, keys))
        )
        for field, key in members:
            value = field.value.strip()
            label = None
            if software and value and "@" not in value:
                label = SOFTWARE
            elif person:
                # an attribute pair's "key" ({"key": "first_name", "value": ...}) names its value: no id
                if key in PERSON_ID_KEYS and _is_id(value) and "@" not in value and not (key == "key" and pair):
                    label = PERSON_ID
            elif (key == "name" and value and object_key in EVENT_LISTS and parent[-1:] and parent[-1].isdigit()
                  and len(value) <= MAX_NAME_CHARS and "@" not in value):
                label = SITE_NAME  # {"events": [{"name": "App Opened", ...}]}: the event's name, whatever its shape
            elif key == "name" and value and not is_person_name(value) and "@" not in value:
                label = THING_NAME
            if label is None and report and key in MESSAGE_KEYS and value:
                label = PROGRAM_MESSAGE
            if label is None and dom and not person and (key in DOM_TEXT_KEYS or object_key == "attributes") and "@" not in value:
                label = PAGE_TEXT
            if label is None and telemetry and not person:  # what is in a person's object is theirs
                label = _telemetry_label(key, object_key, value)
            elif label is None and third_party and not person:
                if key in SDK_KEY_NAMES and _is_token(value):
                    label = SDK_KEY
                elif value and "@" not in value and _names_event(key, value):
                    label = SITE_NAME  # a vendor's API that records the site's events (rule 4c)
                else:
                    label = _session_label(key, object_key, value)
            if label is None and key in LANGUAGE_KEYS and _LANGUAGE_CODE.fullmatch(value):
                label = LANGUAGE
            if label is not None:
                out[field.path] = label
    return out


def _session_label(key: str, object_key: str | None, value: str) -> KindLabel | None:
    """Rule 4b: a session, view or request id of one visit, by its key and an id's shape."""
    if not value or "@" in value:
        return None
    key = key.lstrip("$")  # an SDK's reserved name ("$sessionId", "$session_id") is the same key
    session = key in SESSION_KEYS or key.endswith(SESSION_SUFFIXES) or (key == "id" and object_key in SESSION_PARENTS)
    return SESSION if session and _is_id(value) else None


# What a page, a screen or a piece of content is called: "page_title_html", "video_title",
# "screenTitle" (the key's words, in any case): the same for every visitor of it.
TITLED_THINGS = frozenset({"page", "document", "doc", "screen", "view", "video", "content", "article", "post", "product",
                           "item", "media", "episode", "track", "og", "site", "app"})


def _titled(key: str) -> bool:
    words = set(key.lstrip("$").split("_"))
    return "title" in words and bool(words & TITLED_THINGS)


def _is_dom_attributes(parent: tuple[str, ...], keys: set[str]) -> bool:
    """An `attributes` object of a serialised DOM node: an attribute only HTML has (class, href,
    style ...); "name", "id" and "type" alone are any object's keys (a CDP's user attributes)."""
    return bool(keys & {"class", "href", "src", "style", "rel", "content", "lang", "charset", "alt", "role", "for"})


def _names_event(key: str, value: str) -> bool:
    """Rule 4c: the value names an event by its key (`event_name`, `track_event_name` ...)."""
    key = key.lstrip("$")
    return (key in EVENT_NAME_KEYS or key.endswith(EVENT_NAME_SUFFIX)) and len(value) <= MAX_NAME_CHARS


def _telemetry_label(key: str, object_key: str | None, value: str) -> KindLabel | None:
    """Rule 4: an SDK's key, a visit's ids and the deployment's names in a telemetry request."""
    if not value or "@" in value:
        return None
    if key in USER_SCALAR_KEYS and _is_id(value):
        return PERSON_ID  # "context": {"user": "usr_8f3k..."}: the person an error or an event is about
    if key in SDK_KEY_KEYS and _is_token(value):
        return SDK_KEY
    session = _session_label(key, object_key, value)
    if session is not None:
        return session
    if key in DEPLOYMENT_KEYS and _SLUG.fullmatch(value):
        return DEPLOYMENT
    if _names_event(key, value):
        return SITE_NAME  # an event's name, whatever its shape (rule 4c)
    site_key = key.lstrip("$")
    if site_key in SITE_NAME_KEYS and len(value) <= MAX_NAME_CHARS and not is_person_name(value):
        return SITE_NAME
    if (key.lstrip("$") in PAGE_DESCRIPTION_KEYS or _titled(key)) and len(value) <= 2048:
        return PAGE_DESCRIPTION
    if SOFTWARE_WORDS & set(key.split("_")) and len(value) <= MAX_NAME_CHARS:
        return SOFTWARE
    if (key == "age" or key.endswith("_age")) and _NUMBER.fullmatch(value):
        return THING_AGE  # the person's age sits in the person's object (rule 2)
    return None
