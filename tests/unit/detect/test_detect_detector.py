"""Detector: all fields, overlap rule, field-name hints against regexes, truncation cap, API."""

from __future__ import annotations

import logging
from typing import ClassVar

import pytest

import guardian.detect as detect
from guardian.categories import DataCategory as C
from guardian.detect import Detector, Recognizer, default_recognizers, resolve_overlaps
from guardian.detect.recognizers import FieldNameRecognizer
from guardian.errors import ConfigError, GuardianError
from guardian.records import Field, FieldKind, Finding, Payload


class Fixed(Recognizer):
    """A fake recogniser that reports the spans it was given, whatever the value."""

    name: ClassVar[str] = "fixed"
    entities: ClassVar[tuple[str, ...]] = ("THING",)

    def __init__(self, spans: list[tuple[int, int, float]], name: str = "fixed", category: C = C.CONTACT) -> None:
        self.spans = spans
        self.label = name
        self.category = category

    def analyze(self, field: Field) -> list[Finding]:
        return [
            Finding(self.category, "THING", field.path, s, e, score, self.label) for s, e, score in self.spans
        ]


class Broken(Recognizer):
    """A recogniser with a bug: it raises on every value."""

    name: ClassVar[str] = "broken"
    entities: ClassVar[tuple[str, ...]] = ("NOTHING",)

    def analyze(self, field: Field) -> list[Finding]:
        raise RuntimeError("bug")


def spans_of(findings: list[Finding] | tuple[Finding, ...]) -> list[tuple[int, int]]:
    return [(f.start, f.end) for f in findings]


def by_text(value: str, findings: list[Finding] | tuple[Finding, ...]) -> list[tuple[str, str, str]]:
    """(category, entity, text) per finding, in order."""
    return [(f.category.value, f.entity, value[f.start : f.end]) for f in findings]


FIELD = Field("text:", "", "x" * 40)


def test_public_api() -> None:
    assert {"Recognizer", "Detector", "default_recognizers"} <= set(detect.__all__)
    names = [r.name for r in default_recognizers()]
    assert len(names) == len(set(names))
    assert {"email", "phone", "credit_card", "iban", "ssn", "ip_address", "credentials", "coordinates",
            "field_names"} <= set(names)
    assert default_recognizers()[0] is not default_recognizers()[0]  # fresh instances
    for rec in default_recognizers():
        assert rec.entities and all(e.isupper() for e in rec.entities)


# -- the overlap rule ------------------------------------------------------------------------


def test_higher_score_wins() -> None:
    d = Detector([Fixed([(0, 10, 0.9), (5, 20, 0.5)])])
    assert spans_of(d.analyze_field(FIELD)) == [(0, 10)]


def test_longer_span_wins_at_equal_score() -> None:
    d = Detector([Fixed([(0, 10, 0.7), (5, 30, 0.7)])])
    assert spans_of(d.analyze_field(FIELD)) == [(5, 30)]


def test_covering_span_wins_at_equal_score() -> None:
    d = Detector([Fixed([(4, 8, 0.7), (0, 20, 0.7), (10, 12, 0.7)])])
    assert spans_of(d.analyze_field(FIELD)) == [(0, 20)]


def test_disjoint_spans_all_kept_and_sorted() -> None:
    d = Detector([Fixed([(30, 35, 0.2), (0, 5, 0.9), (10, 20, 0.5), (5, 10, 0.1)])])
    assert spans_of(d.analyze_field(FIELD)) == [(0, 5), (5, 10), (10, 20), (30, 35)]


def test_exact_tie_keeps_the_first_recogniser() -> None:
    d = Detector([Fixed([(0, 5, 0.7)], name="a"), Fixed([(0, 5, 0.7)], name="b")])
    assert [f.recognizer for f in d.analyze_field(FIELD)] == ["a"]


def test_malformed_findings_are_dropped() -> None:
    d = Detector([Fixed([(5, 5, 0.9), (-1, 3, 0.9), (30, 99, 0.9), (0, 4, 1.5), (1, 3, 0.5)])])
    assert spans_of(d.analyze_field(FIELD)) == [(1, 3)]


def test_resolve_overlaps_property_on_many_spans() -> None:
    """Kept spans never overlap, and every dropped one lost to a kept one at least as strong."""
    text = "y" * 3000
    found = [Finding(C.EMAIL, "E", "p", i, i + 2 + i % 5, (i * 37 % 11) / 10, "r") for i in range(0, 2990, 3)]
    kept = resolve_overlaps(found, text)
    assert kept and all(a.end <= b.start for a, b in zip(kept, kept[1:]))
    for f in found:
        if f in kept:
            continue
        rivals = [k for k in kept if k.start < f.end and f.start < k.end]
        assert any((k.score, k.end - k.start) >= (f.score, f.end - f.start) for k in rivals)


def test_a_labelled_name_wins_over_a_name_models_pieces_of_it() -> None:
    """ "Employer: Taylor, Stewart and Scott": the label says what the whole value names; the
    prose model's "Taylor" (a person) and "Stewart and Scott" give way to it, a regex inside does not."""
    text = "Employer: Taylor, Stewart and Scott"
    whole = Finding(C.CONTACT, "ORGANIZATION", "p", 10, len(text), 0.585, "inline_fields", True)
    person = Finding(C.CONTACT, "PERSON", "p", 10, 16, 0.62, "prose_tagger")
    org = Finding(C.CONTACT, "ORGANIZATION", "p", 18, len(text), 0.62, "prose_tagger", True)
    kept = resolve_overlaps([whole, person, org], text, containers={"inline_fields"})
    assert [(f.recognizer, text[f.start:f.end]) for f in kept] == [("inline_fields", "Taylor, Stewart and Scott")]


def test_a_labelled_name_wins_over_a_name_models_reading_of_the_same_span() -> None:
    """ "School: Auckland Grammar School": the label's reading stands where a name model's more
    confident guess covers exactly the same words (the label's finding is what says it is the writer's)."""
    text = "School: Auckland Grammar School"
    whole = Finding(C.CONTACT, "ORGANIZATION", "p", 8, len(text), 0.585, "inline_fields", True)
    model = Finding(C.CONTACT, "ORGANIZATION", "p", 8, len(text), 0.6486, "prose_tagger", True)
    kept = resolve_overlaps([model, whole], text, containers={"inline_fields"})
    assert [(f.recognizer, text[f.start:f.end]) for f in kept] == [("inline_fields", "Auckland Grammar School")]


def test_an_age_at_the_start_of_a_clause_wins_over_a_name_models_time() -> None:
    """ "at 21 i figured ...": the age the clause opens with, not a time of day the prose model reads
    in "21" (lower case, it scores its guess above the upper-case "At 21 I")."""
    from guardian.detect.recognizers.quasi_identifiers import QuasiIdentifierRecognizer

    text = "at 21 i figured i'd finally ask. Can i have a deno"
    age = [f for f in QuasiIdentifierRecognizer().analyze(Field("text:", "", text)) if f.entity == "AGE"]
    assert [text[f.start:f.end] for f in age] == ["21"]
    time = Finding(C.CONTENT, "DATE_TIME", "text:", 3, 5, 0.6248, "prose_tagger")  # the tagger's reading
    kept = resolve_overlaps([time, *age], text)
    assert [(f.entity, text[f.start:f.end]) for f in kept] == [("AGE", "21")]


def test_a_postal_address_line_wins_over_a_name_models_pieces_of_it() -> None:
    """ "Str. Florilor nr. 12, bl. A3, ap. 14": the format's line is one address; the multilingual
    tagger's surer place on its street and a sum on the flat's number give way to it."""
    text = "Locuiesc pe Str. Florilor nr. 12, bl. A3, ap. 14, cum pot schimba parola?"
    start = text.index("Str.")
    end = text.index(", cum")
    line = Finding(C.POSTAL_ADDRESS, "STREET_ADDRESS", "p", start, end, 0.6, "postal_addresses")
    place = Finding(C.LOCATION_COARSE, "LOCATION", "p", start, text.index(". 12"), 0.7, "multilingual_tagger", True)
    flat = Finding(C.FINANCIAL, "MONEY", "p", end - 2, end, 0.59, "multilingual_tagger", True)
    kept = resolve_overlaps([line, place, flat], text)
    assert [(f.recognizer, text[f.start:f.end]) for f in kept] == [("postal_addresses", text[start:end])]


# -- field-name hints against regex findings -------------------------------------------------


def analyze(name: str, value: str, kind: FieldKind = FieldKind.STRING) -> list[tuple[str, str, str]]:
    return by_text(value, Detector().analyze_field(Field(f"json:$.{name}", name, value, kind)))


def test_checksum_regex_beats_the_hint_on_the_same_span() -> None:
    assert analyze("password", "4111111111111111") == [("Financial", "CREDIT_CARD", "4111111111111111")]


def test_hint_beats_a_weak_regex_on_the_same_span() -> None:
    rows = Detector().analyze_field(Field("form:mobile#0", "mobile", "4155552671"))
    assert [(f.category, f.recognizer) for f in rows] == [(C.PHONE, "field_names")]
    weak = Fixed([(0, 10, 0.5)], name="weak", category=C.DEVICE_ID)
    rows = Detector([weak, FieldNameRecognizer()]).analyze_field(Field("form:mobile#0", "mobile", "4155552671"))
    assert [(f.category, f.recognizer) for f in rows] == [(C.PHONE, "field_names")]
    strong = Fixed([(0, 10, 0.95)], name="strong", category=C.DEVICE_ID)
    rows = Detector([strong, FieldNameRecognizer()]).analyze_field(Field("form:mobile#0", "mobile", "4155552671"))
    assert [(f.category, f.recognizer) for f in rows] == [(C.DEVICE_ID, "strong")]


def test_span_inside_a_hinted_value_splits_it() -> None:
    value = "Hi, please call me at +49 30 1234567 tomorrow, thanks"
    assert analyze("message", value) == [
        ("Content", "FREE_TEXT", "Hi, please call me at"),
        ("Phone", "PHONE_NUMBER", "+49 30 1234567"),
        ("Content", "FREE_TEXT", "tomorrow, thanks"),
    ]


def test_url_field_keeps_browsing_history_around_an_email() -> None:
    value = "https://shop.example/account?email=ann@example.com"
    assert analyze("dl", value) == [
        ("BrowsingHistory", "URL", "https://shop.example/account?email="),
        ("Email", "EMAIL_ADDRESS", "ann@example.com"),
    ]


def test_search_query_that_is_only_an_email() -> None:
    assert analyze("q", "ann@example.com") == [("Email", "EMAIL_ADDRESS", "ann@example.com")]


def test_json_number_fields() -> None:
    assert analyze("cardNumber", "4111111111111111", FieldKind.NUMBER) == [
        ("Financial", "CREDIT_CARD", "4111111111111111")
    ]
    assert analyze("lat", "52.520008", FieldKind.NUMBER) == [("Location(precise)", "GEO_COORDINATE", "52.520008")]
    assert analyze("lon", "13.4", FieldKind.NUMBER) == [("Location(coarse)", "GEO_COORDINATE", "13.4")]
    assert analyze("timestamp", "1690000000123", FieldKind.NUMBER) == []
    assert analyze("id", "4155552671", FieldKind.NUMBER) == []


# -- a whole payload -------------------------------------------------------------------------


def test_detect_payload_sorted_and_value_free() -> None:
    payload = Payload(
        (
            Field("query:q#0", "q", "flights to Lisbon"),
            Field("json:$.user.email", "email", "ann@example.com"),
            Field("json:$.note", "note", "ssn 536-22-1234, card 4111 1111 1111 1111"),
            Field("json:$.id", "id", "550e8400-e29b-41d4-a716-446655440000"),
        ),
        body_codec="json",
    )
    found = Detector().detect(payload)
    assert isinstance(found, tuple)
    assert [(f.field_path, f.start) for f in found] == sorted((f.field_path, f.start) for f in found)
    values = payload.by_path()
    assert [(f.field_path, f.category, values[f.field_path].value[f.start : f.end]) for f in found] == [
        ("json:$.note", C.SSN, "536-22-1234"),
        ("json:$.note", C.FINANCIAL, "4111 1111 1111 1111"),
        ("json:$.user.email", C.EMAIL, "ann@example.com"),
        # NER (real model) finds the city inside the query; the hint keeps the rest.
        ("query:q#0", C.SEARCH_HISTORY, "flights to"),
        ("query:q#0", C.LOCATION_COARSE, "Lisbon"),
    ]
    assert not any(v in repr(found) for v in ("536-22-1234", "ann@example.com", "Lisbon"))


def test_empty_and_opaque_payloads() -> None:
    assert Detector().detect(Payload()) == ()
    assert Detector().detect(Payload(opaque_reason="binary")) == ()


# -- the truncation cap ----------------------------------------------------------------------


def test_scan_stops_at_max_field_chars() -> None:
    value = "ann@example.com " + "x" * 100 + " bob@example.com"
    d = Detector(max_field_chars=50)
    found = d.analyze_field(Field("text:", "", value))
    assert by_text(value, found) == [("Email", "EMAIL_ADDRESS", "ann@example.com")]
    assert all(f.end <= 50 for f in found)
    payload = Payload((Field("text:", "", value), Field("query:q#0", "q", "short")))
    assert d.truncated_fields(payload) == ("text:",)
    assert Detector().truncated_fields(payload) == ()


def test_span_crossing_the_cap_is_not_reported() -> None:
    value = "x" * 40 + " ann@example.com"
    assert Detector(max_field_chars=50).analyze_field(Field("text:", "", value)) == []


def test_default_cap_is_100k() -> None:
    assert Detector().max_field_chars == 100_000


def test_bad_cap_is_a_config_error() -> None:
    with pytest.raises(ConfigError):
        Detector(max_field_chars=0)
    assert issubclass(ConfigError, GuardianError)


# -- a broken recogniser ---------------------------------------------------------------------


def test_broken_recogniser_is_logged_and_skipped(caplog: pytest.LogCaptureFixture) -> None:
    d = Detector([Broken(), *default_recognizers()])
    value = "secret ann@example.com"
    with caplog.at_level(logging.WARNING, logger="guardian.detect.detector"):
        found = d.analyze_field(Field("text:", "", value))
    assert by_text(value, found) == [("Email", "EMAIL_ADDRESS", "ann@example.com")]
    assert "broken" in caplog.text and "ann@example.com" not in caplog.text


# -- the findings memory of short machine values ---------------------------------------------

from guardian.detect import detector as detector_module  # noqa: E402
from guardian.records import KindLabel, ValueKind  # noqa: E402

MACHINE_FIELDS = [
    Field("json:$.email", "email", "jane.doe@example.com"),
    Field("json:$.phone", "phone", "+1 415 555 2671"),
    Field("json:$.pin", "pin", "4821"),
    Field("json:$.qty", "qty", "4821"),
    Field("form:q#0", "q", "blue shoes 12"),
    Field("json:$.ssn", "ssn", "536-90-4399"),
    Field("json:$.event", "event", "add_to_cart"),
    Field("json:$.n", "n", "4821", FieldKind.NUMBER),
]


def test_a_remembered_value_gives_what_a_fresh_detector_finds() -> None:
    remembering = Detector()
    for _ in range(2):  # the second round comes from the memory
        for field in MACHINE_FIELDS:
            assert remembering.analyze_field(field) == Detector().analyze_field(field), field.path
    assert len(remembering._remembered) == len(MACHINE_FIELDS)
    assert remembering.analyze_field(MACHINE_FIELDS[0])  # a finding there, or the check above proves little


def test_the_memory_tells_names_paths_and_kind_labels_apart() -> None:
    det = Detector()
    value = "jane.doe@example.com"
    machinery = KindLabel(ValueKind.SITE_MACHINERY, "name")
    identifier = KindLabel(ValueKind.USER_IDENTIFIER, "name")
    plain = det.analyze_field(Field("json:$.a", "a", value))
    assert det.analyze_field(Field("json:$.a", "a", "u-93c1e7a4b2f0"), identifier)[0].entity == "USER_ID"
    assert det.analyze_field(Field("json:$.a", "a", value), machinery)[0].entity == plain[0].entity
    assert det.analyze_field(Field("json:$.b", "b", value))[0].field_path == "json:$.b"
    phone = Field("json:$.c", "c", "+1 415 555 2671")
    assert det.analyze_field(phone) and det.analyze_field(phone, machinery) == []  # machinery: e-mails only
    event = Field("json:$.d", "d", "add_to_cart")
    assert det.analyze_field(event) == []
    documented = KindLabel(ValueKind.USER_DATA, "vendor:x", category=C.CONTACT)
    assert det.analyze_field(event, documented)[0].recognizer == "vendor:x"
    pin, qty = Field("json:$.pin", "pin", "4821"), Field("json:$.pin", "qty", "4821")
    assert det.analyze_field(pin) == Detector().analyze_field(pin)
    assert det.analyze_field(qty) == Detector().analyze_field(qty)


def test_an_identifier_that_is_an_email_address_is_found_as_the_email() -> None:
    # Read as an id, jane.doe@example.org was swapped to "tzju.doe@mmwlhte.org" (short parts kept)
    # or masked to "li.w*@***.***": the address is the user's e-mail, whatever field carries it.
    det = Detector()
    identifier = KindLabel(ValueKind.USER_IDENTIFIER, "vendor:x")
    whole = det.analyze_field(Field("query:uid#0", "uid", "jane.doe@example.org"), identifier)
    # the e-mail it is (category Email), marked as the id it serves as (swapped, not masked)
    assert [(f.entity, f.category, f.start, f.end, f.recognizer) for f in whole] == [("EMAIL_AS_USER_ID", C.EMAIL, 0, 20, "email")]
    inside = det.analyze_field(Field("json:$.id", "id", "user:li.wu@ibm.com"), identifier)
    assert [(f.entity, f.start, f.end) for f in inside] == [("EMAIL_AS_USER_ID", 5, 18)]
    # the same address in a field that is no id is an e-mail address as always
    assert [f.entity for f in det.analyze_field(Field("json:$.email", "email", "jane.doe@example.org"))] == ["EMAIL_ADDRESS"]
    no_address = det.analyze_field(Field("json:$.id", "id", "u-93c1e7a4b2@x"), identifier)  # an "@", no address
    assert [(f.entity, f.category) for f in no_address] == [("USER_ID", C.PERSISTENT_ID)]


def test_long_values_are_not_remembered_and_the_memory_holds_no_value(monkeypatch: pytest.MonkeyPatch) -> None:
    det = Detector(recognizers=[r for r in default_recognizers() if not r.costly])
    det.analyze_field(Field("json:$.blob", "blob", "x" * (detector_module.REMEMBER_MAX_CHARS + 1)))
    det.analyze_field(Field("json:$.doc", "doc", "Please call me back. " * (detector_module.REMEMBER_MAX_PROSE_CHARS // 20)))
    assert det._remembered == {}
    det.analyze_field(Field("json:$.email", "email", "jane.doe@example.com"))
    assert "jane" not in repr(det._remembered) and b"jane" not in b"".join(k for k, _ in det._remembered)


class _Counting(Recognizer):
    """Finds "Ann" in prose, counts its calls, and fails while `fail` is set."""

    name = "counting"
    NATURAL_TEXT_ONLY = True

    def __init__(self) -> None:
        self.calls = 0
        self.fail = False

    def analyze(self, field: Field) -> list[Finding]:
        self.calls += 1
        if self.fail:
            raise RuntimeError("model not ready")
        i = field.value.find("Ann")
        return [] if i < 0 else [Finding(C.CONTACT, "PERSON", field.path, i, i + 3, 0.6, self.name)]


def test_prose_is_remembered_unless_a_recogniser_failed_on_it() -> None:
    """A chat client sends the whole conversation again every turn: earlier messages are not read again."""
    counting = _Counting()
    det = Detector(recognizers=[counting])
    message = Field("json:$.messages[0].content", "content", "Ann asked me to call her back tomorrow about the parcel.")
    first = det.analyze_field(message)
    assert det.analyze_field(message) == first and counting.calls == 1
    counting.fail = True
    other = Field("json:$.messages[1].content", "content", "Ann said the parcel never arrived at the depot.")
    assert det.analyze_field(other) == [] and det.analyze_field(other) == [] and counting.calls == 3
    counting.fail = False
    assert [f.start for f in det.analyze_field(other)] == [0]  # read again once the recogniser works


def test_the_memory_is_bounded_and_hands_out_copies(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(detector_module, "REMEMBER_VALUES", 3)
    det = Detector()
    first = det.analyze_field(Field("json:$.email", "email", "jane.doe@example.com"))
    first.clear()  # a caller changing its list does not change what is remembered
    assert det.analyze_field(Field("json:$.email", "email", "jane.doe@example.com"))
    for i in range(10):
        det.analyze_field(Field("json:$.sku", "sku", f"A{i}"))
        assert len(det._remembered) <= 3


@pytest.mark.parametrize(("text", "hole"), [
    ("timeout after {Ms} ms", (14, 18)),            # a message template's named hole (Seq, Serilog)
    ("order {@Order} failed", (6, 14)),
    ("took {Elapsed:000} ms", (5, 18)),
    ("retry {0} of 3", (6, 9)),
])
def test_a_template_hole_is_never_a_finding(text: str, hole: tuple[int, int]) -> None:
    inside = (hole[0] + 1, hole[1] - 1, 0.9)
    found = Detector([Fixed([inside])]).analyze_field(Field("json:$.message", "message", text))
    assert found == []
    # a finding outside the hole, or wider than it, stands
    spans = [(0, 4, 0.9)]
    assert len(Detector([Fixed(spans)]).analyze_field(Field("json:$.message", "message", text))) == 1
    wider = (hole[0], min(len(text), hole[1] + 3), 0.9)
    assert len(Detector([Fixed([wider])]).analyze_field(Field("json:$.message", "message", text))) == 1


def test_a_prose_readers_guess_inside_a_stack_frame_is_dropped() -> None:
    from guardian.categories import DataCategory
    from guardian.detect.detector import _outside_stack_frames
    from guardian.records import Finding

    text = ("Checkout widget failed for Jane Doe\\n    at Object.pageview (https://shop.example/live/app.js:2959:19)"
            "\\n    at evaI (<anonymous>:5:53)\nrender@https://shop.example/app.js:12:3 jo@example.org\n"
            '  File "app.py", line 12, in Billing\nI met John at the station.')

    def at(word: str, entity: str, quasi: bool) -> Finding:
        i = text.index(word)
        return Finding(DataCategory.CONTACT, entity, "text:", i, i + len(word), 0.6, "ner", quasi)

    kept = _outside_stack_frames([at("Jane Doe", "PERSON", False), at("Object", "FIELD_OF_STUDY", True),
                                  at("evaI", "ORGANIZATION", True), at("jo@example.org", "EMAIL_ADDRESS", False),
                                  at("Billing", "ORGANIZATION", True), at("John", "PERSON", False)], text)
    assert [text[f.start:f.end] for f in kept] == ["Jane Doe", "jo@example.org", "John"]


def test_a_prose_readers_guess_in_an_answer_option_or_a_programs_name_is_dropped() -> None:
    from guardian.categories import DataCategory
    from guardian.detect.detector import _outside_options_and_code
    from guardian.records import Finding

    text = ("Which one throws?\n\n```js\nfunction sayHi() {\n  const user = 'Jane Doe';\n}\n```\n\n"
            "- A: Bubbling\n- B: Da\n- C: jo@example.org\n\nAsked by John")

    def at(word: str, entity: str, quasi: bool) -> Finding:
        i = text.index(word)
        return Finding(DataCategory.CONTACT, entity, "text:", i, i + len(word), 0.6, "prose_tagger", quasi)

    kept = _outside_options_and_code([at("sayHi", "PERSON", False), at("Jane Doe", "PERSON", False),
                                      at("Bubbling", "PERSON", False), at("Da", "ORGANIZATION", True),
                                      at("jo@example.org", "EMAIL_ADDRESS", False), at("John", "PERSON", False)], text)
    # a name in a string literal may be a pasted record's; an e-mail is no guess
    assert [text[f.start:f.end] for f in kept] == ["Jane Doe", "jo@example.org", "John"]


def test_a_log_message_is_read_for_its_labelled_values_only() -> None:
    # A program's message is page context (e-mails, secrets, cards, id numbers), but a log line's
    # pairs name their values as a field's key does: "name=" holds a name.
    from guardian.fieldkinds.bookkeeping import PROGRAM_MESSAGE

    det = Detector()
    line = "User signed in: id=u_81 name=Marguerite Oyelaran email=m.oy@example.org phone=+1 415 555 0187"
    found = det.analyze_field(Field("json:$.message", "message", line), PROGRAM_MESSAGE)
    assert [line[f.start : f.end] for f in found] == ["Marguerite Oyelaran", "m.oy@example.org", "+1 415 555 0187"]
    # the same line as a page title is not a labelled value's place: only what page context reads
    title = KindLabel(ValueKind.PAGE_CONTEXT, "text", "page title")
    assert [line[f.start : f.end] for f in det.analyze_field(Field("json:$.t", "t", line), title)] == ["m.oy@example.org"]
    # a message of no pairs is read as before
    plain = "Checkout failed for Marguerite Oyelaran at step 2"
    assert det.analyze_field(Field("json:$.message", "message", plain), PROGRAM_MESSAGE) == []
    # ... but a phone number a program writes into its message is the person's it failed for
    failed = "Profile save failed: phone +1 415 555 0187 rejected by address service (step 2 of 3)"
    found = det.analyze_field(Field("json:$.message", "message", failed), PROGRAM_MESSAGE)
    assert [(failed[f.start : f.end], f.entity) for f in found] == [("+1 415 555 0187", "PHONE_NUMBER")]


def test_a_user_agent_quoted_in_a_log_line_is_software_not_names_or_places() -> None:
    from guardian.detect.detector import software_strings

    ua = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML; like Gecko) Chrome/156.0.0.0 Safari/537.36"
    line = (f'level="Debug" type="Warn" message="Checkout widget failed to render: timeout after 3000 ms" '
            f'product="winter-boots" additional_info="{ua},en-US,Linux x86_64,1280,800,shop.example,/checkout,https,-" ')
    assert [line[a:b] for a, b in software_strings(line)] == [ua]
    found = Detector().analyze_field(Field("json:$.event", "event", line))
    assert not [f for f in found if f.entity in ("PERSON", "ORGANIZATION", "LOCATION")]
    # one product with a version, or words with slashes, are no software string
    assert software_strings("I use Chrome/120 and Firefox/119 at work") == []
    assert software_strings("Ann Lee wrote v1/2 of the doc") == []


def test_the_english_readers_leave_the_lines_surely_in_another_language() -> None:
    # a Turkish line over an English one: the English name model reads no person into "Merhaba"
    detector = Detector()
    text = "Merhaba, mesleğim elektrik teknisyeni ve bir sorum var.\nKeep it simple, stupid: that is the rule we follow here every day."
    found = detector.analyze_field(Field("text:", "", text))
    assert not any(f.entity == "PERSON" and f.start < text.index("\n") for f in found), found
    assert any(text[f.start:f.end] == "elektrik teknisyeni" for f in found)


def _f(recognizer: str, entity: str, start: int, end: int, score: float, category: C = C.CONTACT) -> Finding:
    return Finding(category, entity, "text:", start, end, score, recognizer, quasi=True)


def test_a_listed_medicine_is_no_name_models_person_or_group() -> None:
    text = "My box of Keppra ran out yesterday."
    at = text.index("Keppra")
    kept = resolve_overlaps([_f("ner", "NRP", at, at + 6, 0.9), _f("health", "HEALTH", at, at + 6, 0.55, C.HEALTH)], text)
    assert [(f.entity, f.recognizer) for f in kept] == [("HEALTH", "health")]
    # a word off the list keeps the model's reading, at its higher score
    text = "My box of Keplar ran out yesterday."
    kept = resolve_overlaps([_f("ner", "NRP", at, at + 6, 0.9), _f("health", "HEALTH", at, at + 6, 0.55, C.HEALTH)], text)
    assert [f.entity for f in kept] == ["NRP"]


def test_a_number_after_a_currency_symbol_is_an_amount_not_a_time_of_day() -> None:
    text = "My income is about $16/hour."
    at = text.index("$16")
    kept = resolve_overlaps([_f("prose_tagger", "DATE_TIME", at + 1, at + 3, 0.9),
                             _f("money", "MONEY", at, at + 3, 0.6, C.FINANCIAL)], text)
    assert [(f.entity, text[f.start:f.end]) for f in kept] == [("MONEY", "$16")]
