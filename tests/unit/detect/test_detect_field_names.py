"""FieldNameRecognizer: hints from JSON/form keys, case and separator blind, whole trimmed value."""

from __future__ import annotations

import pytest

from guardian.categories import DataCategory as C
from guardian.detect.recognizers import FieldNameRecognizer
from guardian.detect.recognizers.field_names import is_natural_text
from guardian.records import Field, FieldKind, Finding

REC = FieldNameRecognizer()


def hint(name: str, value: str = "some value 421", kind: FieldKind = FieldKind.STRING) -> Finding | None:
    """The single finding for a field, or None."""
    findings = REC.analyze(Field(f"json:$.{name}", name, value, kind))
    assert len(findings) <= 1
    return findings[0] if findings else None


def category(name: str, value: str = "some value 421", kind: FieldKind = FieldKind.STRING) -> C | None:
    f = hint(name, value, kind)
    return f.category if f else None


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # the same key in every spelling a payload uses
        ("email", C.EMAIL), ("userEmail", C.EMAIL), ("user_email", C.EMAIL), ("e-mail", C.EMAIL),
        ("EMAIL_ADDRESS", C.EMAIL), ("useremail", C.EMAIL), ("emails", C.EMAIL), ("Mail", C.EMAIL),
        ("password", C.CREDENTIALS), ("pwd", C.CREDENTIALS), ("passwd", C.CREDENTIALS),
        ("newPassword", C.CREDENTIALS), ("passwordConfirm", C.CREDENTIALS), ("pin", C.CREDENTIALS),
        ("otp", C.CREDENTIALS), ("client_secret", C.CREDENTIALS), ("apiKey", C.CREDENTIALS),
        ("api_key", C.CREDENTIALS), ("access_token", C.CREDENTIALS), ("csrftoken", C.CREDENTIALS),
        ("sessionId", C.CREDENTIALS), ("sid", C.CREDENTIALS), ("auth", C.CREDENTIALS),
        ("phone", C.PHONE), ("phoneNumber", C.PHONE), ("tel", C.PHONE), ("mobile", C.PHONE),
        ("msisdn", C.PHONE), ("homePhone", C.PHONE),
        ("ssn", C.SSN), ("social_security_number", C.SSN), ("national_id", C.SSN), ("nin", C.SSN),
        ("cardNumber", C.FINANCIAL), ("cc_number", C.FINANCIAL), ("pan", C.FINANCIAL),
        ("cvv", C.FINANCIAL), ("cvc", C.FINANCIAL), ("iban", C.FINANCIAL), ("account_number", C.FINANCIAL),
        ("address", C.POSTAL_ADDRESS), ("street", C.POSTAL_ADDRESS), ("address1", C.POSTAL_ADDRESS),
        ("billingAddress", C.POSTAL_ADDRESS),
        ("ip_address", C.IP_ADDRESS), ("ipAddress", C.IP_ADDRESS),
        ("device_id", C.DEVICE_ID), ("idfa", C.DEVICE_ID), ("gaid", C.DEVICE_ID),
        ("uuid", C.DEVICE_ID), ("advertisingId", C.DEVICE_ID), ("android_id", C.DEVICE_ID),
        ("client_id", C.DEVICE_ID),
        ("q", C.SEARCH_HISTORY), ("query", C.SEARCH_HISTORY), ("searchTerm", C.SEARCH_HISTORY),
        ("url", C.BROWSING_HISTORY), ("page_url", C.BROWSING_HISTORY), ("referrer", C.BROWSING_HISTORY),
        ("auth_url", C.BROWSING_HISTORY), ("dl", C.BROWSING_HISTORY), ("dr", C.BROWSING_HISTORY),
        ("ref", C.BROWSING_HISTORY),
        ("lang", C.LANGUAGE), ("locale", C.LANGUAGE), ("ul", C.LANGUAGE),
        ("first_name", C.CONTACT), ("lastName", C.CONTACT), ("name", C.CONTACT), ("username", C.CONTACT),
        ("given_name", C.CONTACT), ("surname", C.CONTACT),
    ],
)
def test_name_selects_category(name: str, expected: C) -> None:
    # A URL hint also needs a URL-like value (see test_url_hint_needs_a_url_like_value).
    value = "https://shop.example/a" if expected is C.BROWSING_HISTORY else "some value 421"
    if name in PERSON_KEYS:  # a person-name hint needs a value a name can be
        value = "Jane O'Neil-Doe"
    if expected is C.IP_ADDRESS:  # and an address hint an address ("ip=1" is a flag)
        value = "203.0.113.7"
    if expected is C.DEVICE_ID:  # and a device-id hint an id ("browser" names a kind of device)
        value = "8c2f9a71-b3d4-4e5f"
    assert category(name, value) is expected


@pytest.mark.parametrize(("name", "value", "device"), [("ai.device.id", "browser", False), ("device_id", "web", False),
                                                        ("device_id", "8c2f9a71b3d4", True)])
def test_a_device_id_hint_needs_an_ids_shape(name: str, value: str, device: bool) -> None:
    assert (category(name, value) is C.DEVICE_ID) is device


@pytest.mark.parametrize(("name", "value"), [("enduser.name", "Ann Lee"), ("customerName", "Ann Lee"), ("owner_name", "Ann")])
def test_a_persons_name_under_a_person_word_and_name(name: str, value: str) -> None:
    assert category(name, value) is C.CONTACT


def test_an_age_of_zero_is_no_persons_age() -> None:
    assert category("age", "0") is None and category("age", "34") is C.CONTACT


PERSON_KEYS = ("first_name", "lastName", "name", "given_name", "surname")


@pytest.mark.parametrize("value", ["SET-COUNTER.page", "smp.player.page", "user_42", "a/b", "x=y"])
def test_a_person_name_hint_needs_a_value_a_name_can_be(value: str) -> None:
    assert category("name", value) is None


def test_a_filter_on_the_sites_schema_is_no_search_query() -> None:
    assert category("filter.query", 'categories.id:"footwear"') is None
    assert category("query", "variants.price.centAmount>=1000 and in_stock=true") is None
    assert category("query", "winter boots") is C.SEARCH_HISTORY
    assert category("query", 'title:"pregnancy test"') is C.SEARCH_HISTORY  # typed words inside a filter

@pytest.mark.parametrize("value", ["0", "-0.0421", "0.12", "3"])
def test_a_number_under_a_query_key_is_no_search_query(value: str) -> None:
    # a vector search's embedding ("query": [0.12, -0.04, ...]), a page number: nothing typed
    assert category("query", value) is None


@pytest.mark.parametrize("program", [
    '*[_type == "product" && slug.current == $slug][0]{title, price, image}',  # GROQ (Sanity)
    "{ products(first: 5) { edges { node { title } } } }",  # a GraphQL selection set
    "items[?(@.price >= $min && @.stock != 0)]",
    "SELECT id, title, price FROM products WHERE category = $1 ORDER BY rank LIMIT 12",  # SQL over HTTP (Neon)
    "select 1 from dual where 1=?",  # PlanetScale's connection check
])
def test_a_program_in_a_query_language_is_no_search_query(program: str) -> None:
    assert category("query", program) is None


def test_an_sql_statement_with_a_sentence_formatted_into_it_is_still_read() -> None:
    # a driver that formats its arguments into the statement: the sentence is a person's words
    assert category("query", "INSERT INTO notes (body) VALUES ('Marta asked to be called back on Monday')") \
        is C.SEARCH_HISTORY


@pytest.mark.parametrize("typed", ["c++ == operator", "how to use [brackets] in markdown", "(red shoes)", "best phone {2024}",
                                   "select winter boots from nike"])
def test_typed_words_with_a_bracket_or_an_operator_stay_a_search(typed: str) -> None:
    assert category("query", typed) is C.SEARCH_HISTORY


def test_cid_is_not_a_device_hint_by_itself() -> None:
    # Google Analytics' cid is a client id, Active View's a per-impression id: the vendor
    # dictionaries tell them apart (guardian/fieldkinds/vendors), not the bare name.
    assert hint("cid", "5Gis-ceqxM571-O722_td-Q6IMs") is None


@pytest.mark.parametrize(
    "name",
    [
        "id", "hotel", "gmail_enabled", "compass", "bypass", "passport_type", "page_id", "token_type",
        "phone_verified", "card_type", "password_policy", "max_age", "has_email",
        "message_id", "event_name", "file_name", "image", "language_model_id", "", "__", "stage",
    ],
)
def test_names_that_are_not_hints(name: str) -> None:
    assert hint(name) is None


@pytest.mark.parametrize(
    ("name", "entity", "quasi"),
    [
        ("zip", "POSTAL_CODE", True), ("postcode", "POSTAL_CODE", True), ("postal_code", "POSTAL_CODE", True),
        ("dob", "DATE_OF_BIRTH", True), ("birthdate", "DATE_OF_BIRTH", True),
        ("date_of_birth", "DATE_OF_BIRTH", True), ("birthday", "DATE_OF_BIRTH", True),
        ("age", "AGE", True), ("gender", "GENDER", True), ("sex", "GENDER", True),
        ("first_name", "PERSON", False), ("password", "PASSWORD", False), ("apikey", "API_KEY", False),
    ],
)
def test_entities_and_quasi_flags(name: str, entity: str, quasi: bool) -> None:
    f = hint(name, "Jane Doe" if name in PERSON_KEYS else "34" if name == "age" else "1990-04-01 x")
    assert f is not None and (f.entity, f.quasi) == (entity, quasi)


def test_quasi_categories() -> None:
    assert category("dob", "1990-04-01") is C.CONTACT
    assert category("zip", "10115") is C.POSTAL_ADDRESS
    assert category("city", "Berlin") is C.LOCATION_COARSE
    assert category("country", "DE") is C.LOCATION_COARSE
    assert hint("town", "Bad Homburg").quasi
    # an OAuth "state" is a random string, not a place
    assert category("state", "af0ifjsldkj3x9") is None


def test_coordinates_by_decimals_including_json_numbers() -> None:
    assert category("lat", "52.520008", FieldKind.NUMBER) is C.LOCATION_PRECISE
    assert category("longitude", "13.405", FieldKind.NUMBER) is C.LOCATION_PRECISE
    assert category("lng", "13.40", FieldKind.NUMBER) is C.LOCATION_COARSE
    assert category("lat", "52", FieldKind.NUMBER) is C.LOCATION_COARSE
    assert category("geo", "52.5200,13.4050") is C.LOCATION_PRECISE


def test_json_number_values() -> None:
    assert category("phone", "4155552671", FieldKind.NUMBER) is C.PHONE
    assert category("age", "34", FieldKind.NUMBER) is C.CONTACT
    assert category("zip", "10115", FieldKind.NUMBER) is C.POSTAL_ADDRESS
    assert category("pin", "1234", FieldKind.NUMBER) is C.CREDENTIALS
    assert category("message", "42", FieldKind.NUMBER) is None  # a number is not prose


def test_whole_value_span_is_trimmed() -> None:
    value = "  bob@example.com \n"
    f = hint("email", value)
    assert f is not None and value[f.start : f.end] == "bob@example.com"
    assert (f.start, f.end) == (2, 17)


@pytest.mark.parametrize("value", ["", "   ", "null", "true", "False", "undefined"])
def test_empty_values_give_nothing(value: str) -> None:
    assert hint("password", value) is None
    assert hint("email", value) is None


def test_value_tests() -> None:
    assert category("phone", "n/a") is None  # too few digits for a phone
    assert category("card", "visa") is None
    assert category("password", "x") is C.CREDENTIALS  # any non-empty secret counts


@pytest.mark.parametrize(
    ("value", "prose"),
    [
        ("Hi, I need to move my appointment to Friday", True),
        ("我想预约下周的医生门诊", True),
        ("ok thanks", False),
        ("application/json", False),
        ("https://example.com/path/to/page", False),
        ("a1b2c3d4e5", False),
    ],
)
def test_content_needs_natural_text(value: str, prose: bool) -> None:
    assert is_natural_text(value) is prose
    assert (category("comment", value) is C.CONTENT) is prose


def test_scores_sit_between_weak_regex_and_checksum() -> None:
    scores = [h.score for h in FieldNameRecognizer.HINTS]
    assert min(scores) >= 0.6 and max(scores) <= 0.9


def test_table_is_extensible_in_one_place() -> None:
    from guardian.detect.recognizers.field_names import Hint

    class WithHealth(FieldNameRecognizer):
        HINTS = FieldNameRecognizer.HINTS + (Hint(("glucose",), C.HEALTH, "GLUCOSE", 0.8),)

    [f] = WithHealth().analyze(Field("json:$.glucose", "glucose", "5.4"))
    assert (f.category, f.entity) == (C.HEALTH, "GLUCOSE")
    assert FieldNameRecognizer().analyze(Field("json:$.glucose", "glucose", "5.4")) == []


@pytest.mark.parametrize(
    "name, value, found",
    [
        ("ref", "spring-sale", False),  # a campaign tag, not a page
        ("page", "home", False),
        ("url", "https://shop.example/cart?id=1", True),
        ("dl", "shop.example/checkout", True),
        ("page", "/orders/123", True),
        ("referrer", "android-app://com.example.app", True),
    ],
)
def test_url_hint_needs_a_url_like_value(name: str, value: str, found: bool) -> None:
    findings = FieldNameRecognizer().analyze(Field(f"json:$.{name}", name, value))
    assert bool(findings) is found
    if found:
        assert findings[0].category.value == "BrowsingHistory"


@pytest.mark.parametrize("name", ["session_ms", "sessionDuration", "token_bytes", "session_end", "session_total"])
def test_measurements_about_a_session_are_not_credentials(name: str) -> None:
    assert category(name, "5421") is None


@pytest.mark.parametrize("name, expected", [("mobile_number", C.PHONE), ("card_number", C.FINANCIAL), ("session_id", C.CREDENTIALS)])
def test_number_and_id_suffixes_keep_their_hint(name: str, expected: C) -> None:
    assert category(name, "4111 1111 1111 1111" if expected is C.FINANCIAL else "+1 415 555 0199 abc8f3a9") is expected


@pytest.mark.parametrize("name, value", [("sid", "1"), ("sid", "T2_1"), ("token", "abc"), ("api_key", "-")])
def test_a_secret_hint_needs_a_value_long_enough_to_be_one(name: str, value: str) -> None:
    # an ad slot's "sid": "1" (Index Exchange) is no session id
    assert hint(name, value) is None
    assert category(name, "9f8e7d6c5b4a3f2e") is C.CREDENTIALS


@pytest.mark.parametrize("name, value", [
    ("locationAuthorization", "NOT_DETERMINED"), ("authorization", "GRANTED_FOREGROUND"),
    ("auth", "when_in_use"), ("session", "SESSION_EXPIRED"),
])
def test_a_state_in_words_under_a_secret_key_is_no_secret(name: str, value: str) -> None:
    # a permission's or a session's state is an enumeration's constant, the same for every user
    assert hint(name, value) is None


@pytest.mark.parametrize("value", ["AKIAIOSFODNN7EXAMPLE", "q8Zr_Tx0wPk2_mNb5yL", "abcdEFGH_ijklMNOP", "JBSWY3DPEHPK3PXP"])
def test_a_token_with_underscores_or_capitals_is_still_a_secret(value: str) -> None:
    assert category("authorization", value) is C.CREDENTIALS


@pytest.mark.parametrize("value", ["not_set", "no_search_term", "未取到值_直接打开"])
def test_an_sdks_constant_under_a_search_key_is_no_search(value: str) -> None:
    # words joined by "_" with no space: an SDK's stand-in for "no search", the same for every user
    assert hint("$latest_search_keyword", value) is None
    assert category("search_term", "cheap flights to Lisbon") is C.SEARCH_HISTORY
    assert category("q", "北京 天气") is C.SEARCH_HISTORY


def test_a_json_object_under_a_secret_key_is_data_about_it_not_a_secret() -> None:
    # Branch's "session_referring_link_data": the nested layer reads what the object holds
    assert hint("session_referring_link_data", '{"+clicked_branch_link": false, "+is_first_session": true}') is None
    assert hint("token", '["a9f8e7d6c5b4", "b3"]') is None


def test_an_ip_flag_is_no_address() -> None:
    assert hint("ip", "1") is None and category("ip", "2001:db8::1") is C.IP_ADDRESS


@pytest.mark.parametrize(("value", "is_age"), [("34", True), ("34 years", True), ("25-34", True), ("65+", True),
                                               ("senior", True), ("86400123", False), ("1234.5", False), ("0.37", False)])
def test_an_age_field_holds_an_age_not_a_report_age_in_milliseconds(value: str, is_age: bool) -> None:
    assert (category("age", value) is C.CONTACT) is is_age


@pytest.mark.parametrize("value", ["Other", "unknown", "(not set)", "N/A", "worldwide", "XX"])
def test_a_location_keys_placeholder_is_no_location(value: str) -> None:
    """An ad call's "Geo=Other" says no one's whereabouts; a place name or coordinates still do."""
    assert category("Geo", value) is None and category("city", value) is None


@pytest.mark.parametrize("value", ["Guest", "anonymous", "Website visitor"])
def test_a_name_keys_stand_in_for_someone_not_signed_in_is_no_name(value: str) -> None:
    """An anonymous chat's "displayName": "Guest" names no one; a name under the same key does."""
    assert category("displayName", value) is None
    assert category("displayName", "Guest Hollis") is C.CONTACT


def test_a_location_key_with_a_place_or_coordinates_is_still_found() -> None:
    assert category("Geo", "Leeds") is C.LOCATION_COARSE
    assert category("geo", "53.800755,-1.549077") is C.LOCATION_PRECISE


@pytest.mark.parametrize(
    ("name", "value", "place"),
    [
        ("state", "playing", False),  # a video player's state
        ("state", "paused", False),
        ("region", "eu-west", False),  # a cloud region
        ("state", "California", True),
        ("state", "CA", True),
        ("region", "New South Wales", True),
        ("state", "Île-de-France", True),
        ("city", "london", True),  # "city" names nothing but a place: lower case too
    ],
)
def test_an_ambiguous_place_key_needs_a_proper_name_or_a_code(name: str, value: str, place: bool) -> None:
    assert (category(name, value) is C.LOCATION_COARSE) is place


def test_has_key_answers_as_find_key_does_for_any_of_the_keys() -> None:
    """The context-word check in one pass over the token runs: the same answer as asking
    `find_key` (no glue) for each key."""
    import random

    from guardian.detect._names import find_key, has_key

    rng = random.Random(7)
    vocabulary = ["date", "of", "birth", "e", "mail", "phone", "number", "user", "name", "dob", "ss", "n", "card"]
    keys = frozenset({"dateofbirth", "email", "phone", "username", "ssn", "cardnumber", "dob"})
    longest = max(map(len, keys))
    for _ in range(3000):
        tokens = tuple(rng.choice(vocabulary) for _ in range(rng.randint(0, 8)))
        some = frozenset(rng.sample(sorted(keys), rng.randint(1, len(keys))))
        expected = any(find_key(tokens, k) for k in some)
        assert has_key(tokens, some, max(map(len, some))) is expected, (tokens, some)
    assert not has_key((), keys, longest) and has_key(("date", "of", "birth"), keys, longest)


def test_a_json_number_under_a_credentials_name_is_no_secret() -> None:
    from guardian.detect.recognizers.field_names import FieldNameRecognizer
    from guardian.records import Field, FieldKind

    rec = FieldNameRecognizer()
    assert rec.analyze(Field("json:$.pwd", "pwd", "640", FieldKind.NUMBER)) == []  # a player's width
    assert [f.entity for f in rec.analyze(Field("json:$.pwd", "pwd", "hunter22x", FieldKind.STRING))] == ["PASSWORD"]
    assert [f.entity for f in rec.analyze(Field("json:$.pin", "pin", "1234", FieldKind.NUMBER))] == ["PIN"]


def test_a_session_told_by_a_uuid_in_a_payload_is_an_identifier_and_in_a_cookie_a_credential() -> None:
    uuid = "5f0c2d7e-91ab-4c3d-8e2f-6a7b8c9d0e1f"
    assert category("application.session", uuid) is C.PERSISTENT_ID  # swapped in its format, as every id
    assert category("s_id", f"{uuid}-1796152628") is C.PERSISTENT_ID  # a UUID and the time it began
    assert category("session", "b3JkZXItdG9rZW4tOTk4ODc3NjY1NTQ0") is C.CREDENTIALS  # a token: a credential
    cookie = REC.analyze(Field("cookie:session", "session", uuid))
    assert [f.category for f in cookie] == [C.CREDENTIALS]


@pytest.mark.parametrize(("name", "value", "entity"), [
    ("salary", "52000", "MONEY"), ("annualIncome", "$66,500", "MONEY"), ("household_income", "45000", "MONEY"),
    ("medical_history", "hypothyroidism", "HEALTH"), ("healthConditions", "asthma", "HEALTH"),
    ("mental_health_note", "seasonal affective disorder", "HEALTH"),
])
def test_what_a_person_earns_and_their_medical_history_under_their_names(name: str, value: str, entity: str) -> None:
    found = hint(name, value)
    assert found is not None and found.entity == entity


def test_an_income_field_without_an_amount_is_no_finding() -> None:
    assert hint("income", "n/a") is None


@pytest.mark.parametrize(("value", "found"), [
    ("provideAIAnnotations", False),  # an AI request's tool: tools[0].function.name
    ("homeScreen", False),
    ("checkoutStarted", False),
    ("Anna Schmidt", True),
    ("anna", True),
    ("McDonald", True),
    ("DeLillo", True),
])
def test_a_programs_name_in_lower_camel_case_is_no_persons_name(value: str, found: bool) -> None:
    """A function, screen or event the site defines is named in lower camel case; a person's name
    is written with a capital first, or all in lower case."""
    assert (category("name", value) is C.CONTACT) is found
