"""A digest of a value found in clear elsewhere in the request counts as that value, hashed."""

from __future__ import annotations

import hashlib

from guardian.categories import DataCategory
from guardian.detect.detector import Detector, link_hashes
from guardian.records import Field, FieldKind, Payload


def _payload(**values: str) -> Payload:
    fields = tuple(Field(path=f"json:$.{k}", name=k, value=v, kind=FieldKind.STRING) for k, v in values.items())
    return Payload(fields=fields, body_codec="json")


def test_sha256_md5_sha1_of_the_normalised_email_are_linked() -> None:
    email = "Jane.Doe@Example.org"
    norm = email.lower().encode()
    payload = _payload(
        contact=email,
        x1=hashlib.sha256(norm).hexdigest(),
        x2=hashlib.md5(norm).hexdigest().upper(),
        x3=hashlib.sha1(norm).hexdigest(),
        other=hashlib.sha256(b"someone-else@example.org").hexdigest(),
    )
    found = Detector().detect(payload)
    hashed = {f.field_path: f for f in found if f.entity == "EMAIL_HASH"}
    assert set(hashed) == {"json:$.x1", "json:$.x2", "json:$.x3"}
    assert all(f.category is DataCategory.EMAIL and f.recognizer == "hash_link" for f in hashed.values())


def test_phone_digits_with_and_without_plus() -> None:
    payload = _payload(phone="+1 (415) 555-2671", ph=hashlib.sha256(b"14155552671").hexdigest(),
                       ph2=hashlib.sha256(b"+14155552671").hexdigest())
    found = Detector().detect(payload)
    assert {f.field_path for f in found if f.entity == "PHONE_HASH"} == {"json:$.ph", "json:$.ph2"}


def test_nothing_to_link_costs_nothing() -> None:
    payload = _payload(a=hashlib.sha256(b"x").hexdigest(), b="plain")
    assert link_hashes(payload, ()) == []


def test_an_identifier_repeated_under_another_name_is_the_same_identifier() -> None:
    from guardian.records import KindLabel, ValueKind

    payload = _payload(store_user="Ab12Cd34Ef", store_user_after="Ab12Cd34Ef", other="Ab12")
    kinds = {"json:$.store_user": KindLabel(ValueKind.USER_IDENTIFIER, "name", "user id")}
    found = Detector().detect(payload, kinds)
    ids = {f.field_path: f.recognizer for f in found if f.category is DataCategory.PERSISTENT_ID}
    assert ids == {"json:$.store_user": "field_kind:name", "json:$.store_user_after": "repeat_link"}


def test_an_identifier_as_one_item_of_a_list_in_a_string_is_the_same_identifier() -> None:
    """ARMS RUM's `tags` joins the user id, e-mail and phone with commas: the id is found there too,
    delimited; the same letters inside a longer word are not it."""
    from guardian.records import KindLabel, ValueKind

    payload = _payload(user_id="usr_8f3k2m9qz4", tags="usr_8f3k2m9qz4,jane@example.org,+1 415 555 0187",
                       note="xusr_8f3k2m9qz4", again="usr_8f3k2m9qz4")
    kinds = {"json:$.user_id": KindLabel(ValueKind.USER_IDENTIFIER, "name", "user id")}
    found = Detector().detect(payload, kinds)
    ids = sorted((f.field_path, f.start, f.end, f.recognizer) for f in found if f.category is DataCategory.PERSISTENT_ID)
    assert ids == [("json:$.again", 0, 14, "repeat_link"), ("json:$.tags", 0, 14, "repeat_link"),
                   ("json:$.user_id", 0, 14, "field_kind:name")]
    assert any(f.field_path == "json:$.tags" and f.category is DataCategory.EMAIL for f in found)


def test_many_ids_link_whole_values_all_and_lists_for_a_bounded_few() -> None:
    """A payload of many ids and many fields costs a dictionary lookup per field for whole-value
    repeats; only the first `MAX_LISTED_IDS` ids are looked for inside longer values."""
    from guardian.detect.detector import MAX_LISTED_IDS, link_repeats
    from guardian.records import Finding

    n = MAX_LISTED_IDS + 5
    values = {f"id{i}": f"usr_{i:04d}abcdef" for i in range(n)}
    values |= {f"copy{i}": f"usr_{i:04d}abcdef" for i in range(n)}
    values |= {"first": "usr_0000abcdef,x", "last": f"usr_{n - 1:04d}abcdef,x"}
    payload = _payload(**values)
    ids = [Finding(DataCategory.PERSISTENT_ID, "USER_ID", f"json:$.id{i}", 0, 14, 0.8, "field_kind:name") for i in range(n)]
    linked = {f.field_path for f in link_repeats(payload, ids)}
    assert {f"json:$.copy{i}" for i in range(n)} <= linked  # every whole-value repeat
    assert "json:$.first" in linked and "json:$.last" not in linked  # lists: the first few ids only


def test_a_name_email_or_phone_found_in_one_field_is_protected_where_it_recurs_in_another() -> None:
    """Multiplayer sends `userName` and names the session after it ("... 's session on Dec 2"): the
    full name, the e-mail and the phone found as whole fields are found again inside other values;
    a first name alone, or the name inside a longer word, is not."""
    from guardian.detect.detector import link_repeats
    from guardian.records import Finding

    payload = _payload(userName="Marguerite Oyelaran", email="marguerite.oyelaran@example.net", phone="+1 415 555 0187",
                       first="Hannah", name="Marguerite Oyelaran's session on Dec 2",
                       note="call +1 415 555 0187 or write to marguerite.oyelaran@example.net",
                       title="Hannah Arendt on totalitarianism", other="XMarguerite Oyelaranx")
    found = [Finding(DataCategory.CONTACT, "PERSON", "json:$.userName", 0, 19, 0.8, "field_kind:name"),
             Finding(DataCategory.EMAIL, "EMAIL", "json:$.email", 0, 31, 0.9, "email"),
             Finding(DataCategory.PHONE, "PHONE_NUMBER", "json:$.phone", 0, 15, 0.8, "phone"),
             Finding(DataCategory.CONTACT, "PERSON", "json:$.first", 0, 6, 0.8, "field_kind:name")]
    linked = sorted((f.field_path, f.start, f.end, f.entity) for f in link_repeats(payload, found))
    assert linked == [("json:$.name", 0, 19, "PERSON"), ("json:$.note", 5, 20, "PHONE_NUMBER"),
                      ("json:$.note", 33, 64, "EMAIL")]


def test_a_name_recurs_inside_a_message_marked_as_free_text() -> None:
    """An AI answer API gets the user's chat message and their profile in one request (Orama's
    `messages` and `userContext`): the message's free-text finding marks it as prose, which stops
    no identifier the profile gave from being found again inside it."""
    from guardian.detect.detector import link_repeats
    from guardian.records import Finding

    payload = _payload(name="Marguerite Oyelaran", content="Can I still return my boots? Order for Marguerite Oyelaran, x")
    found = [Finding(DataCategory.CONTACT, "PERSON", "json:$.name", 0, 19, 0.8, "field_kind:name"),
             Finding(DataCategory.CONTENT, "FREE_TEXT", "json:$.content", 0, 58, 0.6, "field_names")]
    linked = [(f.field_path, f.start, f.end, f.entity) for f in link_repeats(payload, found)]
    assert linked == [("json:$.content", 39, 58, "PERSON")]


def test_an_id_joined_to_a_label_or_a_path_by_a_hyphen_colon_or_slash_recurs() -> None:
    """Letta names an agent after its user ("support-usr_8f3k2m9qz4"); other SDKs write "user:<id>"
    keys or "/users/<id>" paths: the id found as a whole field is found again there, not inside a
    longer word."""
    from guardian.detect.detector import link_repeats
    from guardian.records import Finding

    payload = _payload(userId="usr_8f3k2m9qz4", name="support-usr_8f3k2m9qz4", key="user:usr_8f3k2m9qz4",
                       path="/users/usr_8f3k2m9qz4/profile", glued="xusr_8f3k2m9qz4")
    found = [Finding(DataCategory.PERSISTENT_ID, "USER_ID", "json:$.userId", 0, 14, 0.8, "field_kind:shape")]
    linked = sorted((f.field_path, f.start, f.end) for f in link_repeats(payload, found))
    assert linked == [("json:$.key", 5, 19), ("json:$.name", 8, 22), ("json:$.path", 7, 21)]


def test_an_identifier_found_inside_a_label_is_found_again_in_another() -> None:
    """Shippo's order names its customer inside a label ("Customer usr_8f3k2m9qz4 (pro plan)") and
    numbers the order after the same id ("RET-usr_8f3k2m9qz4"): an id, e-mail or phone found inside
    a longer value is looked for elsewhere too; a name found inside prose is not, nor is the id
    joined to a longer word."""
    from guardian.detect.detector import link_repeats
    from guardian.records import Finding

    payload = _payload(metadata="Customer usr_8f3k2m9qz4 (pro plan)", order_number="RET-usr_8f3k2m9qz4",
                       sku="xusr_8f3k2m9qz4", notes="Boots for Marguerite Oyelaran", title="Marguerite Oyelaran, x")
    found = [Finding(DataCategory.PERSISTENT_ID, "USER_ID", "json:$.metadata", 9, 23, 0.8, "account_ids"),
             Finding(DataCategory.CONTACT, "PERSON", "json:$.notes", 10, 29, 0.8, "ner")]
    linked = [(f.field_path, f.start, f.end, f.entity) for f in link_repeats(payload, found)]
    assert linked == [("json:$.order_number", 4, 18, "USER_ID")]
