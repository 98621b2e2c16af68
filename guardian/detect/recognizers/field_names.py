"""Field-name hints: in structured payloads the key often says what the value is.

`{"userEmail": "..."}`, `password=...`, `lat=52.52`: the name decides the category of the whole
value (trimmed of surrounding whitespace). The whole hint table is `HINTS`, one row per kind;
extend it there. Hint scores sit between 0.6 and 0.9: a checksum-validated regex on the same
span (a Luhn-valid card in a "password" field) beats a hint, a weak regex (a bare-digit phone
guess) does not, and a specific regex span strictly inside the value takes its part while the
hint keeps the rest (see `Detector`).
"""

from __future__ import annotations

import functools
import re
from typing import ClassVar, NamedTuple

from guardian.categories import DataCategory as C
from guardian.detect._names import compact_key, find_key, name_tokens
from guardian.detect._text import UPPER, is_natural_text, is_query_program, is_sql_statement
from guardian.detect.base import Recognizer
from guardian.records import Field, FieldKind, Finding

__all__ = ["Hint", "FieldNameRecognizer", "is_natural_text"]

_PRECISE_NUMBER = re.compile(r"[0-9]\.[0-9]{3}")
_DIGIT = re.compile(r"[0-9]")
# A person's age: "34", "34 years", "25-34", "65+" (at most 129).
_AGE = re.compile(
    r"\s{0,3}(?:1[0-2][0-9]|[0-9]{1,2})(?:\s{0,3}(?:-|to|–)\s{0,3}(?:1[0-2][0-9]|[0-9]{1,2}))?\+?"
    r"\s{0,3}(?:y|yo|yrs?|years?(?:\s{1,3}old)?)?\s{0,3}",
    re.I,
)
# What no person's name holds: digits, "_", "/", "@", "=", or a dot before a lower-case letter
# ("smp.player.page", "index.html"; "J. Smith" keeps its dot before a space).
_IP_LIKE = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[0-9A-Fa-f]{0,4}:[0-9A-Fa-f]{0,4}:")
_NOT_A_PERSON = re.compile(r"[0-9_/@=]|\.[a-z]")
# A program's name in lower camel case ("provideAIAnnotations" of an AI request's tool, "homeScreen",
# "checkoutStarted"): a function, a screen or an event the site defines; people write a name with a
# capital first or all in lower case
_CAMEL_IDENTIFIER = re.compile(r"[a-z][a-z]{0,40}[A-Z][A-Za-z]{0,80}")
_NUMBER = re.compile(r"[+\-]?[0-9]{1,20}(?:\.[0-9]{1,20})?(?:[eE][+\-]?[0-9]{1,3})?")
# An id: 6 or more characters without spaces, with a digit or an id's separator.
_IDENT = re.compile(r"(?=[^\s]{0,255}[0-9\-_:.])[^\s]{6,256}")
# A place's proper name or code: every word capitalised ("New South Wales", "Île-de-France",
# "Baden-Württemberg"), small linking words allowed ("Provence-Alpes-Côte d'Azur"), or an
# upper-case code ("CA", "NSW"); a lower-case word ("playing", "idle") is a state of something else.
_PROPER_PLACE = re.compile(
    rf"(?:[{UPPER}][\w'’.\-]{{0,40}}|of|and|de|del|la|le|d'[\w\-]{{1,40}})"
    rf"(?:[\s\-](?:[{UPPER}][\w'’.\-]{{0,40}}|of|and|de|del|la|le|d'[\w\-]{{1,40}})){{0,8}}"
)
# A page address: a scheme, a leading slash, or a host name with a dot ("shop.example/cart").
_URL_LIKE = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.\-]{0,20}:|/|[\w\-]{1,63}(?:\.[\w\-]{1,63}){1,10}(?:[/:?#]|$))")


def _query_program(value: str) -> bool:
    """Whether a search field's value is a program's query (`_QUERY_OPERATOR` beside `_QUERY_BRACKETS`,
    a GraphQL selection set, or an SQL statement), not words a person typed."""
    if is_sql_statement(value):
        # a statement with a sentence in a literal (a driver that formats its arguments into the
        # SQL: PlanetScale's) is still read as the text a person wrote, whole
        return is_query_program(value)
    if not any(c in value for c in "[{("):
        return False
    return bool((_QUERY_OPERATOR.search(value) and _QUERY_BRACKETS.search(value)) or _SELECTION_SET.search(value))


class Hint(NamedTuple):
    """One row of the hint table: field names (keys) -> what their value is."""

    keys: tuple[str, ...]  # matched on whole tokens of the name, case and separator blind
    category: C
    entity: str
    score: float
    quasi: bool = False
    accept: str = "any"  # the value test: any | digits | street | text | place | proper_place | coordinate | url | person | secret | ip | age | ident | query
    glue: bool = False  # long keys may be glued to a leading word: "useremail", "homephone"
    solo: tuple[str, ...] = ()  # keys that count only as the entire name: "name", "q"


# A street address's start: a house number (a flat's word before it), then a capitalised word
_STREET_START = re.compile(r"(?:(?i:flat|apt|apartment|unit|suite|no)\.?\s{1,2})?\d{1,5}[A-Za-z]?,?\s{1,2}[A-Z][a-z]")
# Words of any script joined by "_" with no space: a program's constant, not words a person typed
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
# A visit's id: a UUID, or a UUID with a count or a time in digits joined to it ("<uuid>-1796152628")
_VISIT_ID = re.compile(r"(?:[0-9]{1,20}[-_.:])?" + _UUID.pattern + r"(?:[-_.:][0-9]{1,20})?")
# A filter on a schema's field: a dotted or snake_case path, an operator, one literal without a space,
# joined by and/or ("categories.id:\"footwear\"", "variants.price.centAmount>=1000 and in_stock=true")
_SCHEMA_PATH = r"[A-Za-z_$][\w$]{0,40}(?:\.[A-Za-z_$][\w$]{0,40}){1,6}|[a-z][a-z0-9]{0,40}_\w{1,40}"
_SCHEMA_TERM = rf"(?:{_SCHEMA_PATH})\s{{0,2}}(?::|=|==|!=|<=|>=|<|>)\s{{0,2}}(?:\"[^\"\s]{{1,64}}\"|'[^'\s]{{1,64}}'|[^\s\"'()]{{1,64}})"
_SCHEMA_FILTER = re.compile(rf"\(?{_SCHEMA_TERM}(?:\s{{1,3}}(?:and|or|AND|OR|&&|\|\|)\s{{1,3}}{_SCHEMA_TERM}){{0,7}}\)?")
_CONSTANT = re.compile(r"[^\W\d_]{2,24}(?:_[^\W\d_]{2,24}){1,5}")
# A query written in a query language (GROQ "*[_type == "product" && slug.current == $slug]{title}",
# GraphQL "{ products(first: 5) { title } }", a filter expression): a comparison or logical operator,
# or a bound parameter, beside the brackets of a filter or a projection. People type words into a
# search box; a program sends this.
_QUERY_OPERATOR = re.compile(r"==|!=|&&|\|\||\$[A-Za-z_]\w{0,40}")
_QUERY_BRACKETS = re.compile(r"[\[{(][^\]})]{0,200}[\]})]")
_SELECTION_SET = re.compile(r"\{\s{0,8}[A-Za-z_]\w{0,40}[\s,(]{1,8}[\s\S]{0,200}\}")

# Credentials are strings: a login form, a token and a key are text, so a JSON number under their
# name is a measure the abbreviation shares ("pwd": 640, a player's width). A PIN may be a number.
_NEVER_A_NUMBER = frozenset({"PASSWORD", "SECRET", "API_KEY", "ACCESS_TOKEN"})


class FieldNameRecognizer(Recognizer):
    """Whole-value findings from the field's name (`Field.name`)."""

    name: ClassVar[str] = "field_names"
    whole_value: ClassVar[bool] = True
    HINTS: ClassVar[tuple[Hint, ...]] = (
        # Credentials
        Hint(("password", "passwd", "pwd", "pass", "passcode", "passphrase"),
             C.CREDENTIALS, "PASSWORD", 0.85, glue=True),
        Hint(("pin", "otp", "totp", "mfa_code", "one_time_code"), C.CREDENTIALS, "PIN", 0.85),
        Hint(("secret", "client_secret"), C.CREDENTIALS, "SECRET", 0.85, glue=True, accept="secret"),
        Hint(("api_key", "apikey", "x_api_key"), C.CREDENTIALS, "API_KEY", 0.85, glue=True, accept="secret"),
        Hint(("token", "access_token", "refresh_token", "id_token", "auth_token", "auth", "authorization"),
             C.CREDENTIALS, "ACCESS_TOKEN", 0.85, glue=True, accept="secret"),
        Hint(("session", "sessionid", "session_id", "sid"), C.CREDENTIALS, "SESSION_ID", 0.85, accept="secret"),
        # Contact channels
        Hint(("email", "mail", "e_mail", "email_address"), C.EMAIL, "EMAIL_ADDRESS", 0.8, glue=True),
        Hint(("phone", "telephone", "tel", "mobile", "msisdn", "cell", "phone_number", "cellphone"),
             C.PHONE, "PHONE_NUMBER", 0.8, accept="digits", glue=True),
        # Government identifiers
        Hint(("ssn", "social_security", "social_security_number"), C.SSN, "US_SSN", 0.85, accept="digits"),
        Hint(("national_id", "nin", "national_insurance_number", "id_card", "idcard", "identity_card",
              "id_number", "tax_id", "taxpayer_id", "student_id", "employee_id", "social_number",
              "social_security_no", "personal_number", "personnummer", "bsn", "cpf", "aadhaar", "pesel"),
             C.SSN, "NATIONAL_ID", 0.85, glue=True),
        Hint(("passport", "passport_number", "passport_no"), C.SSN, "PASSPORT", 0.85, glue=True),
        Hint(("driver_license", "drivers_license", "driving_licence", "driver_licence", "license_number",
              "licence_number", "driverlicense"), C.SSN, "DRIVER_LICENSE", 0.85, glue=True),
        # Financial
        Hint(("card", "cc_number", "cardnumber", "card_number", "pan", "credit_card", "ccnum"),
             C.FINANCIAL, "CREDIT_CARD", 0.85, accept="digits"),
        Hint(("cvv", "cvc", "cvv2", "csc", "card_security_code"),
             C.FINANCIAL, "CARD_CVV", 0.85, accept="digits"),
        Hint(("iban",), C.FINANCIAL, "IBAN_CODE", 0.85),
        Hint(("account_number", "bank_account", "routing_number"),
             C.FINANCIAL, "BANK_ACCOUNT", 0.85, accept="digits"),
        # Network
        Hint(("ip", "ip_address", "ipaddr", "client_ip", "uip", "remote_addr"),
             C.IP_ADDRESS, "IP_ADDRESS", 0.75, accept="ip"),
        Hint(("mac_address",), C.DEVICE_ID, "DEVICE_ID", 0.7),
        # Location: precise or coarse by the value's decimals
        Hint(("lat", "lng", "lon", "latitude", "longitude", "geo", "geolocation", "coordinate", "coord",
              "latlng"),
             C.LOCATION_PRECISE, "GEO_COORDINATE", 0.75, accept="coordinate", glue=True),
        Hint(("address", "street", "addr", "address1", "address2", "address_line", "street_address"),
             C.POSTAL_ADDRESS, "STREET_ADDRESS", 0.75, glue=True),
        Hint(("building", "building_number", "house_number", "secondary_address", "apartment", "apt", "suite",
              "unit_number", "flat"), C.POSTAL_ADDRESS, "STREET_ADDRESS", 0.7, quasi=True, glue=True),
        Hint(("zip", "zipcode", "zip_code", "postcode", "postal_code", "postalcode", "plz"),
             C.POSTAL_ADDRESS, "POSTAL_CODE", 0.65, quasi=True),
        Hint(("city", "town", "country"),
             C.LOCATION_COARSE, "LOCATION", 0.65, quasi=True, accept="place"),
        # "state" and "region" also name a player's or an app's state ("playing") and a cloud
        # region ("eu-west"): a place there is a proper name or a code (Title Case, "CA", "NSW")
        Hint(("region", "state", "province", "county"),
             C.LOCATION_COARSE, "LOCATION", 0.65, quasi=True, accept="proper_place"),
        # Who the person is
        Hint(("first_name", "last_name", "full_name", "surname", "given_name", "family_name", "middle_name",
              "display_name", "customer_name", "contact_name", "card_holder_name", "cardholder_name",
              "billing_name", "shipping_name", "real_name", "name",
              # "<a person>_name": OpenTelemetry's enduser.*, SDKs' user/customer/member records
              "enduser_name", "person_name", "member_name", "owner_name", "author_name", "sender_name",
              "recipient_name", "patient_name", "holder_name", "guest_name", "buyer_name", "payer_name",
              "user_full_name", "enduser_full_name"),
             C.CONTACT, "PERSON", 0.7, solo=("name",), accept="person"),
        Hint(("username", "user_name", "nickname", "screen_name"), C.CONTACT, "USERNAME", 0.7),
        Hint(("dob", "birthdate", "date_of_birth", "birthday", "birth_date"),
             C.CONTACT, "DATE_OF_BIRTH", 0.75, quasi=True, glue=True),
        Hint(("age",), C.CONTACT, "AGE", 0.65, quasi=True, accept="age"),
        Hint(("job", "job_title", "occupation", "profession", "position", "jobtitle"),
             C.CONTACT, "OCCUPATION", 0.65, quasi=True, accept="place"),
        # an employer is an organisation, not a job title
        Hint(("employer", "employer_name", "workplace"), C.CONTACT, "ORGANIZATION", 0.65, quasi=True, accept="place"),
        # the status itself ("marital_status": "divorced"); a relation's word or name is no status
        Hint(("marital_status", "relationship_status", "civil_status"), C.CONTACT, "MARITAL_STATUS", 0.65, quasi=True,
             accept="place"),
        Hint(("relationship", "spouse"), C.CONTACT, "RELATIONSHIP", 0.65, quasi=True, accept="place"),
        Hint(("diagnosis", "diagnoses", "condition", "medical_condition", "medical_conditions",
              "health_condition", "health_conditions", "medical_history", "health_history", "mental_health",
              "health_note", "medical_note", "medical_notes", "medication", "medications",
              "allergy", "allergies", "symptom", "symptoms", "prescription", "blood_type", "disability"),
             C.HEALTH, "HEALTH", 0.75, accept="place"),
        Hint(("gender", "sex"), C.CONTACT, "GENDER", 0.65, quasi=True),
        # what a person earns: an amount under its name ("salary": 52000, "Annual pay: C$66,500")
        Hint(("salary", "income", "annual_income", "annual_salary", "annual_pay", "monthly_income", "monthly_salary",
              "household_income", "gross_income", "net_income", "take_home_pay", "wage", "wages"),
             C.FINANCIAL, "MONEY", 0.65, quasi=True, accept="digits"),
        # Device and tracking identifiers
        Hint(("device_id", "deviceid", "idfa", "idfv", "gaid", "adid", "ad_id", "advertising_id", "android_id",
              "client_id", "uuid"), C.DEVICE_ID, "DEVICE_ID", 0.7, accept="ident"),
        # Behaviour
        Hint(("q", "query", "search", "keyword", "term", "search_term", "search_query", "searchterm"),
             C.SEARCH_HISTORY, "SEARCH_QUERY", 0.7, solo=("q",), accept="query"),
        Hint(("url", "page", "page_url", "referrer", "referer", "ref", "dl", "dr", "current_url",
              "page_location"),
             C.BROWSING_HISTORY, "URL", 0.7, solo=("dl", "dr", "ref"), accept="url"),
        Hint(("lang", "language", "locale", "ul", "hl", "accept_language"), C.LANGUAGE, "LANGUAGE", 0.7,
             solo=("ul", "hl")),
        # Free text
        Hint(("message", "comment", "body", "text", "content", "description", "note", "prompt", "bio", "msg",
              "feedback", "review", "question", "subject"), C.CONTENT, "FREE_TEXT", 0.6, accept="text"),
    )
    entities: ClassVar[tuple[str, ...]] = tuple(dict.fromkeys(h.entity for h in HINTS))
    # A key followed by one of these names something about the value, not the value itself:
    # "token_type", "phone_verified", "card_id", "password_policy", "auth_url".
    NEGATING_AFTER: ClassVar[frozenset[str]] = frozenset(
        {
            "type", "kind", "format", "length", "len", "count", "hint", "policy", "strength", "required",
            "enabled", "visible", "label", "placeholder", "expire", "expires", "expiry", "expiration",
            "ttl", "timeout", "duration", "mode", "status", "changed", "updated", "reset", "flag", "version",
            "url", "uri", "endpoint", "method", "provider", "domain", "host", "error", "id", "model",
            "brand", "vendor", "verified", "valid", "confirmed", "consent", "optin", "start", "at",
            "color", "size", "style", "class", "icon", "index", "width", "height", "visibility",
            # measurements about a session or token, not the thing itself: "session_ms", "token_bytes"
            "ms", "sec", "secs", "seconds", "minutes", "time", "elapsed", "bytes", "depth", "end", "total",
        }
    )
    # A key after one of these is a setting: "max_age", "has_email", "show_phone".
    NEGATING_BEFORE: ClassVar[frozenset[str]] = frozenset(
        {"max", "min", "num", "is", "has", "show", "use", "enable", "allow", "default", "cache", "hide",
         "require", "include", "no"}
    )
    # Values that carry no personal data whatever the key.
    EMPTY_VALUES: ClassVar[frozenset[str]] = frozenset(
        {"true", "false", "null", "none", "undefined", "nan", "nil"}
    )
    # A location key's stand-ins for "no location" (an ad call's "Geo=Other", an unset region).
    PLACE_PLACEHOLDERS: ClassVar[frozenset[str]] = frozenset(
        {"other", "others", "unknown", "unspecified", "n/a", "na", "-", "--", "(not set)", "not set", "not_set",
         "all", "any", "world", "worldwide", "global", "international", "default", "xx", "zz"}
    )
    # A name key's stand-ins for someone who gave none (an anonymous chat's "Guest", a form's "Anonymous")
    PERSON_PLACEHOLDERS: ClassVar[frozenset[str]] = frozenset(
        {"guest", "anonymous", "anon", "visitor", "website visitor", "guest user", "anonymous user", "unknown",
         "n/a", "-", "customer", "user", "someone"}
    )
    PLACE_MAX_WORDS: ClassVar[int] = 6
    PLACE_MAX_CHARS: ClassVar[int] = 80
    MIN_DIGITS: ClassVar[int] = 3  # for accept="digits": "phone": "n/a" says nothing
    MIN_SECRET_CHARS: ClassVar[int] = 8  # for accept="secret": shorter keys, tokens and session ids are slots or flags

    def __init__(self) -> None:
        # Compile the table once: (compact key, solo, row) for every key.
        self._keys = tuple(
            (compact_key(key), key in hint.solo, hint) for hint in self.HINTS for key in hint.keys
        )
        self._negate_after = frozenset(compact_key(w) for w in self.NEGATING_AFTER)
        self._negate_before = frozenset(compact_key(w) for w in self.NEGATING_BEFORE)
        # Field names repeat across requests; remember the verdict per name.
        self._hint_for = functools.lru_cache(maxsize=4096)(self._match_name)

    def hint_for(self, name: str) -> Hint | None:
        """The hint row a field name selects, or None."""
        return self._hint_for(name[:256])

    def _match_name(self, name: str) -> Hint | None:
        tokens = name_tokens(name)
        if not tokens:
            return None
        whole = "".join(tokens)
        best: tuple[int, int, Hint] | None = None  # (key length, end token, row)
        for key, solo, hint in self._keys:
            if solo:
                span = (0, len(tokens)) if whole == key else None
            else:
                span = find_key(tokens, key, glue=hint.glue)
            if span is None:
                continue
            i, j = span
            if any(t in self._negate_after for t in tokens[j:]) or any(
                t in self._negate_before for t in tokens[:i]
            ):
                continue
            # The longest key wins ("email_address" over "address"), then the rightmost.
            rank = (len(key), j, hint)
            if best is None or rank[:2] > best[:2]:
                best = rank
        return best[2] if best else None

    def analyze(self, field: Field) -> list[Finding]:
        if not field.name:
            return []
        hint = self.hint_for(field.name)
        if hint is None:
            return []
        value = field.value
        stripped = value.strip()
        if not stripped or stripped.lower() in self.EMPTY_VALUES:
            return []
        if field.kind is FieldKind.NUMBER and hint.entity in _NEVER_A_NUMBER:
            return []  # a JSON number under "pwd" is a player's width, not a password: a secret is a string
        category = self._accept(hint, stripped)
        if category is None:
            return []
        if hint.entity == "SESSION_ID" and _VISIT_ID.fullmatch(stripped) and not field.path.startswith(("cookie:", "header:")):
            # a session told by a UUID in a payload ("application.session", Zipy's "s_id" of a UUID and
            # a timestamp) is an identifier of the visit, swapped in its own format as every id is; the
            # one in a cookie or a header is the bearer's credential
            category = C.PERSISTENT_ID
        start = len(value) - len(value.lstrip())
        return [
            Finding(
                category=category,
                entity=hint.entity,
                field_path=field.path,
                start=start,
                end=start + len(stripped),
                score=hint.score,
                recognizer=self.name,
                quasi=hint.quasi,
            )
        ]

    def _accept(self, hint: Hint, value: str) -> C | None:
        """The category for this value under the hint, or None when the value does not fit."""
        if hint.accept in ("place", "coordinate") and value.strip().lower() in self.PLACE_PLACEHOLDERS:
            return None
        if hint.accept == "digits":
            return hint.category if len(_DIGIT.findall(value[:256])) >= self.MIN_DIGITS else None
        if hint.accept == "street":  # "Home: 2 Blankenship Plateau", not "Home: the landing page"
            return hint.category if _STREET_START.match(value[:256]) else None
        if hint.accept == "text":
            return hint.category if is_natural_text(value) else None
        if hint.accept in ("place", "proper_place"):
            fits = (
                len(value) <= self.PLACE_MAX_CHARS
                and not _DIGIT.search(value)
                and len(value.split()) <= self.PLACE_MAX_WORDS
                and (hint.accept == "place" or _PROPER_PLACE.fullmatch(value) is not None)
            )
            return hint.category if fits else None  # an OAuth "state" is a random string with digits
        if hint.accept == "ip":  # "ip=1" is a flag (use the sender's address), not an address
            return hint.category if _IP_LIKE.search(value[:64]) else None
        if hint.accept == "secret":  # a key, token or session id worth stealing is long ("sid": "1" is a slot)
            # and one opaque string: a JSON object or list under such a key ("session_referring_link_data":
            # {"+clicked_branch_link": false}) is data about it, which the nested layer reads inside
            # A state in words ("locationAuthorization": "NOT_DETERMINED", "auth": "when_in_use") is an
            # enumeration's constant: one case, letters only, words joined by "_"; a token is random
            v = value.strip()
            if _CONSTANT.fullmatch(v[:128]) and (v.isupper() or v.islower()):
                return None
            return hint.category if len(v) >= self.MIN_SECRET_CHARS and v[:1] not in ("{", "[") else None
        if hint.accept == "query":  # an SDK's stand-in for "no search" is a constant ("not_set", "未取到值_直接打开")
            v = value.strip()[:256]
            # a predicate on the site's own schema ('categories.id:"footwear"') is the page's filter, not typed words
            if _CONSTANT.fullmatch(v[:128]) or _SCHEMA_FILTER.fullmatch(v) or _query_program(v):
                return None
            if not any(ch.isalpha() for ch in v):
                return None  # "query": [0.12, -0.4, ...]: a vector search's embedding, a page number: no words typed
            return hint.category
        if hint.accept == "person":  # "name=SET-COUNTER.page" names a counter, not a person
            if value.strip().lower() in self.PERSON_PLACEHOLDERS:
                return None  # a chat's "displayName": "Guest": the stand-in for someone not signed in
            v = value.strip()[:256]
            return None if _NOT_A_PERSON.search(v) or _CAMEL_IDENTIFIER.fullmatch(v) else hint.category
        if hint.accept == "url":  # "ref=spring-sale" is a campaign tag, "page_load": 812.5 a duration
            v = value.strip()[:256]
            return hint.category if _URL_LIKE.match(v) and not _NUMBER.fullmatch(v) else None
        if hint.accept == "age":  # a report's "age": 86400123 (milliseconds) or 0 is no person's age
            if value.strip() in ("0", "0.0"):
                return None
            return hint.category if _AGE.fullmatch(value[:64]) or not _DIGIT.search(value[:64]) else None
        if hint.accept == "ident":  # a device id has an id's shape: "browser" or "web" names a kind of device
            return hint.category if _IDENT.fullmatch(value.strip()[:256]) else None
        if hint.accept == "coordinate":
            if _PRECISE_NUMBER.search(value[:256]):
                return C.LOCATION_PRECISE
            return C.LOCATION_COARSE
        return hint.category
