"""Identifiers seen earlier in the session: remembered by keyed digest, found again under any name."""

from __future__ import annotations

from guardian.categories import DataCategory
from guardian.fieldkinds import FieldKindClassifier
from guardian.fieldkinds.seen import SEEN_LABEL, SeenIdentifiers, remembers
from guardian.codecs import decode_request
from guardian.pipeline import Decision, Pipeline
from guardian.session import Session
from guardian.records import Field, FieldKind, Finding, HttpRequest, KindLabel, ValueKind, Verdict

CLIENT_ID = "1234567890.1700000000"


def _field(name: str, value: str) -> Field:
    return Field(name=name, path=f"query:{name}#0", value=value, kind=FieldKind.STRING)


def _id_finding(field: Field, start: int = 0, end: int | None = None) -> Finding:
    end = len(field.value) if end is None else end
    return Finding(DataCategory.PERSISTENT_ID, "USER_ID", field.path, start, end, 0.8, "field_kind:name")


def test_only_identifier_shaped_values_are_remembered() -> None:
    assert remembers(CLIENT_ID) and remembers("d6f1c0de-8a2b-4c3d-9e4f-0a1b2c3d4e5f")
    for value in ("true", "1234567", "en-US", "a@b.example", "two words 12345678", "1700000000000", "x" * 300):
        assert not remembers(value), value


def test_a_whole_value_id_is_known_again_and_nothing_else() -> None:
    seen = SeenIdentifiers()
    cid, inner = _field("cid", CLIENT_ID), _field("note", "order 99 for 1234567890.1700000000")
    seen.remember([cid, inner], [_id_finding(cid), _id_finding(inner, 15)])
    assert seen.knows(CLIENT_ID) and seen.knows(f" {CLIENT_ID} ")
    assert not seen.knows(inner.value)  # only whole values are remembered
    assert not seen.knows("9999999999.1700000000")
    stored = list(seen._seen._items)  # digests, not values
    assert len(stored) == 1 and len(stored[0]) == 16 and CLIENT_ID.encode() not in stored[0]


def test_memory_is_bounded_and_forgets() -> None:
    now = [0.0]
    seen = SeenIdentifiers(max_values=2, ttl_s=10, clock=lambda: now[0])
    fields = [_field(f"id{i}", f"abc{i}defgh12") for i in range(3)]
    seen.remember(fields, [_id_finding(f) for f in fields])
    assert len(seen) == 2 and not seen.knows("abc0defgh12") and seen.knows("abc2defgh12")
    now[0] = 11.0
    assert not seen.knows("abc2defgh12")


def test_relabel_replaces_machinery_and_no_label_but_never_user_data_or_never_touch() -> None:
    seen = SeenIdentifiers()
    cid = _field("cid", CLIENT_ID)
    seen.remember([cid], [_id_finding(cid)])
    fields = [_field(n, CLIENT_ID) for n in ("gacid", "session", "q", "site_cookie")]
    labels = {
        fields[1].path: KindLabel(ValueKind.SITE_MACHINERY, "name"),
        fields[2].path: KindLabel(ValueKind.USER_DATA, "name"),
        fields[3].path: KindLabel(ValueKind.SITE_MACHINERY, "cookie", never_touch=True),
    }
    out = seen.relabel(fields, labels)
    assert out[fields[0].path] is SEEN_LABEL and out[fields[1].path] is SEEN_LABEL
    assert out[fields[2].path].kind is ValueKind.USER_DATA and out[fields[3].path].never_touch


def test_an_id_sent_to_one_tracker_is_caught_under_another_name_at_the_next() -> None:
    classifier = FieldKindClassifier()
    pipeline = Pipeline(classifier=classifier)
    headers = (("Sec-Fetch-Site", "cross-site"), ("Referer", "https://shop.example/"))
    first = HttpRequest("GET", f"https://www.google-analytics.com/collect?v=1&tid=UA-1-1&cid={CLIENT_ID}&t=pageview", headers, b"")
    later = HttpRequest("GET", f"https://www.google.com/measurement/conversion?gacid={CLIENT_ID}&label=abc", headers, b"")
    before = classifier.classify(later, decode_request(later))
    assert all(label.source != "seen" for label in before.values())
    pipeline.decide(first)
    outcome = pipeline.decide(later)
    assert outcome.verdict is not Verdict.ALLOW
    assert CLIENT_ID not in (outcome.rewrite.url if outcome.rewrite else "")


def test_an_id_seen_in_a_body_is_swapped_where_it_comes_back_as_a_path_segment() -> None:
    pipeline = Pipeline(classifier=FieldKindClassifier())
    headers = (("Sec-Fetch-Site", "cross-site"), ("Origin", "https://shop.example"), ("Content-Type", "application/json"))
    uid = "usr_8f3k2m9qz4"
    auth = HttpRequest("POST", "https://config.flags.example/api/1.0/client/auth", headers,
                       f'{{"apiKey": "k-1", "target": {{"identifier": "{uid}", "email": "jane.doe@example.net"}}}}'.encode())
    later = HttpRequest("GET", f"https://config.flags.example/api/1.0/client/env/e1/target/{uid}/evaluations?cluster=2",
                        headers[:2], b"")
    plain = HttpRequest("GET", "https://config.flags.example/api/1.0/client/env/e1/target/usr_0000000000/evaluations",
                        headers[:2], b"")
    session = Session("auth:jane")

    def decide(request: HttpRequest) -> Decision:
        outcome = pipeline.decide(request, session)
        session.apply(outcome.changes)  # what the proxy does with every decision
        return outcome

    assert decide(later).verdict is Verdict.ALLOW  # not seen yet: a plain path is no field
    decide(auth)
    outcome = decide(later)
    assert outcome.verdict is Verdict.TRANSFORM and outcome.rewrite is not None
    swapped = outcome.rewrite.url.split("/target/")[1].split("/")[0]
    assert swapped != uid and len(swapped) == len(uid) and swapped.startswith("usr_")  # the id's format kept
    assert outcome.rewrite.url.endswith("/evaluations?cluster=2")
    assert decide(plain).verdict is Verdict.ALLOW  # another id, never seen: left alone


def test_a_known_id_inside_a_longer_value_is_found_where_it_stands() -> None:
    """A log line, a header of key=value pairs: the id found before, delimited, and nothing else."""
    seen = SeenIdentifiers()
    uid = _field("uid", "usr_8f3k2m9qz4")
    seen.remember([uid], [_id_finding(uid)])
    log = _field("message", "User usr_8f3k2m9qz4 signed in: Ann <ann@example.org>")
    header = _field("x-featurehub", "email=x%2Cname%3Dy,plan=pro,userkey=usr_8f3k2m9qz4")
    glued = _field("note", "xusr_8f3k2m9qz4 and usr_8f3k2m9qz4x and usr_0000000000")
    email = Finding(DataCategory.EMAIL, "EMAIL_ADDRESS", log.path, log.value.index("ann@"), len(log.value) - 1, 0.9, "email")
    found = seen.within([uid, log, header, glued], [_id_finding(uid), email])
    assert [(f.field_path, f.start, f.end, f.recognizer) for f in found] == [
        (log.path, 5, 19, "seen_link"), (header.path, len(header.value) - 14, len(header.value), "seen_link")]
    assert all(f.category is DataCategory.PERSISTENT_ID for f in found)
    assert SeenIdentifiers().within([log], []) == []  # nothing known: nothing read


def test_a_known_id_as_a_part_of_a_dotted_name_is_found_where_it_stands() -> None:
    """A chat channel named after its user ("support.usr_8f3k2m9qz4"), a colon-joined key, a URL."""
    seen = SeenIdentifiers()
    uid = _field("uid", "usr_8f3k2m9qz4")
    seen.remember([uid], [_id_finding(uid)])
    channel = _field("channel", "support.usr_8f3k2m9qz4")
    key = _field("key", "inbox:usr_8f3k2m9qz4:unread count")
    page = _field("url", "https://shop.example/account/usr_8f3k2m9qz4")
    other = _field("other", "support.usr_0000000000")
    found = seen.within([channel, key, page, other], [])
    assert [(f.field_path, channel.value[f.start:f.end] if f.field_path == channel.path else f.start) for f in found] == [
        (channel.path, "usr_8f3k2m9qz4"), (key.path, 6), (page.path, len(page.value) - 14)]


def test_a_known_id_joined_by_hyphens_to_a_sites_words_is_found_where_it_stands() -> None:
    """Lago's events name a transaction and a subscription after the customer ("return-usr_8f3k2m9qz4-1796448141548",
    "sub-usr_8f3k2m9qz4-pro"); a hyphenated id known whole is found whole, not as its pieces."""
    seen = SeenIdentifiers()
    uid = _field("uid", "usr_8f3k2m9qz4")
    uuid = _field("device", "8f14e45f-ceea-467f-a0e6-ad3c1f2b9d41")
    seen.remember([uid, uuid], [_id_finding(uid), _id_finding(uuid)])
    transaction = _field("transaction_id", "return-usr_8f3k2m9qz4-1796448141548")
    subscription = _field("external_subscription_id", "sub-usr_8f3k2m9qz4-pro")
    session = _field("session", "s-8f14e45f-ceea-467f-a0e6-ad3c1f2b9d41-1")
    other = _field("other", "sub-usr_0000000000-pro")
    found = seen.within([transaction, subscription, session, other], [])
    assert [(f.field_path, f.start, f.end) for f in found] == [
        (transaction.path, 7, 21), (subscription.path, 4, 18), (session.path, 2, 38)]


def test_an_id_seen_before_is_swapped_where_a_path_segment_names_a_channel_after_it() -> None:
    pipeline = Pipeline(classifier=FieldKindClassifier())
    headers = (("Sec-Fetch-Site", "cross-site"), ("Origin", "https://shop.example"), ("Content-Type", "application/json"))
    uid = "usr_8f3k2m9qz4"
    objects = HttpRequest("PATCH", f"https://ps.chat.example/v2/objects/sub-c-1/uuids/{uid}?uuid={uid}", headers,
                          b'{"name": "Jane Doe", "email": "jane.doe@example.net", "externalId": "' + uid.encode() + b'"}')
    publish = HttpRequest("GET", f"https://ps.chat.example/publish/pub-c-1/sub-c-1/0/support.{uid}/0/%22hi%22", headers[:2], b"")
    session = Session("auth:jane")

    def decide(request: HttpRequest) -> Decision:
        outcome = pipeline.decide(request, session)
        session.apply(outcome.changes)
        return outcome

    decide(objects)
    outcome = decide(publish)
    assert outcome.verdict is Verdict.TRANSFORM and outcome.rewrite is not None
    channel = outcome.rewrite.url.split("/0/")[1]
    assert channel.startswith("support.usr_") and uid not in outcome.rewrite.url and len(channel) == len(f"support.{uid}")


def test_a_known_id_inside_free_text_is_found_and_the_text_split_around_it() -> None:
    """A log message read as free text (kept as it is) still loses the id it holds: the id is a
    finding of its own, and the free text the pieces around it."""
    from guardian.detect.detector import split_around
    from guardian.records import Payload

    seen = SeenIdentifiers()
    uid = _field("uid", "usr_8f3k2m9qz4")
    seen.remember([uid], [_id_finding(uid)])
    log = _field("message", "User usr_8f3k2m9qz4 signed in: Ann")
    text = Finding(DataCategory.CONTENT, "FREE_TEXT", log.path, 0, 30, 0.6, "field_names")
    found = seen.within([log], [text])
    assert [(f.start, f.end) for f in found] == [(5, 19)]
    merged = split_around(Payload(fields=(log,), body_codec="form"), [text], found)
    assert [(log.value[f.start:f.end], f.entity) for f in merged] == [
        ("User", "FREE_TEXT"), ("usr_8f3k2m9qz4", "USER_ID"), ("signed in:", "FREE_TEXT")]


def test_the_parts_of_a_long_dotted_value_count_against_the_requests_bound() -> None:
    from guardian.fieldkinds.seen import MAX_TOKENS

    seen = SeenIdentifiers()
    uid = _field("uid", "usr_8f3k2m9qz4")
    seen.remember([uid], [_id_finding(uid)])
    near = _field("near", "a." * 10 + "usr_8f3k2m9qz4")
    far = _field("far", "a." * (MAX_TOKENS + 10) + "usr_8f3k2m9qz4")  # past the bound: not read
    assert [f.field_path for f in seen.within([near], [])] == [near.path]
    assert seen.within([far], []) == []


def _contact(field: Field, entity: str) -> Finding:
    category = DataCategory.CONTACT if entity == "PERSON" else DataCategory.PHONE
    return Finding(category, entity, field.path, 0, len(field.value), 0.8, "field_names", quasi=False)


def test_a_name_or_phone_sent_whole_is_found_again_inside_a_later_value() -> None:
    seen = SeenIdentifiers()
    name, phone = _field("customer_name", "Marguerite Oyelaran"), _field("customer_phone", "+1 415 555 0187")
    assert seen.contacts_within([_field("message", "Marguerite Oyelaran failed")], []) == []  # nothing remembered yet
    seen.remember_contacts([name, phone], [_contact(name, "PERSON"), _contact(phone, "PHONE_NUMBER")])
    message = _field("message", "Profile save failed for Marguerite Oyelaran: phone 415-555-0187 rejected")
    page = _field("textContent", "Signed in as Marguerite Oyelaran. Call us: +1 212 555 0100")
    found = seen.contacts_within([message, page], [])
    assert [(f.field_path, f.entity, (message if f.field_path == message.path else page).value[f.start:f.end])
            for f in found] == [(message.path, "PERSON", "Marguerite Oyelaran"), (message.path, "PHONE_NUMBER", "415-555-0187"),
                                (page.path, "PERSON", "Marguerite Oyelaran")]  # the business's number stays
    stored = list(seen._seen._items)
    assert all(b"Oyelaran" not in d and b"0187" not in d for d in stored)  # digests, not values


def test_a_name_inside_prose_or_one_word_is_not_remembered_and_a_covered_span_is_not_found_twice() -> None:
    seen = SeenIdentifiers()
    prose, single = _field("note", "Ask Marguerite Oyelaran about it"), _field("first_name", "Marguerite")
    inner = Finding(DataCategory.CONTACT, "PERSON", prose.path, 4, 23, 0.8, "ner", quasi=False)
    seen.remember_contacts([prose, single], [inner, _contact(single, "PERSON")])
    assert seen.contacts_within([_field("message", "Marguerite Oyelaran failed")], []) == []
    name = _field("name", "Marguerite Oyelaran")
    seen.remember_contacts([name], [_contact(name, "PERSON")])
    later = _field("message", "Marguerite Oyelaran failed")
    kept = Finding(DataCategory.CONTACT, "PERSON", later.path, 0, 19, 0.8, "ner", quasi=False)
    assert seen.contacts_within([later], [kept]) == []
