"""CustomRecognizer: a rules file's own recogniser (patterns, context, checksum, deny-list), and
`Detector.with_recognizers`, which adds such recognisers without changing the detector it starts from."""

from __future__ import annotations

import pytest

from guardian.categories import DataCategory
from guardian.detect import Detector
from guardian.detect.recognizers import CustomRecognizer, EmailRecognizer
from guardian.detect.recognizers.credit_card import luhn_ok
from guardian.detect.recognizers.custom import (
    RecognizerSpec,
    entity_name,
    mod11_ok,
    mod97_ok,
    regex_problem,
    user_pattern,
)
from guardian.records import Field, Finding, KindLabel, ValueKind

STAFF_ID = user_pattern("staff id", r"\bE-[0-9]{6}\b", 0.5)
VALID_LUHN = "E-123455"  # 123455 passes Luhn
INVALID_LUHN = "E-123456"


def spec(**overrides: object) -> RecognizerSpec:
    values: dict[str, object] = {
        "name": "employee number", "entity": "EMPLOYEE_ID", "category": DataCategory.PERSISTENT_ID,
        "patterns": (STAFF_ID,), "context": ("employee", "staff"),
    }
    values.update(overrides)
    return RecognizerSpec(**values)  # type: ignore[arg-type]


def analyze(rec: CustomRecognizer, value: str, name: str = "note") -> list[Finding]:
    return rec.analyze(Field("json:$.x", name, value))


def spans(rec: CustomRecognizer, value: str) -> list[str]:
    return [value[f.start : f.end] for f in analyze(rec, value)]


def test_the_example_values_are_what_they_claim() -> None:
    assert luhn_ok(VALID_LUHN[2:]) and not luhn_ok(INVALID_LUHN[2:])


def test_a_finding_carries_the_declared_category_entity_and_name() -> None:
    (finding,) = analyze(CustomRecognizer(spec()), "ticket from E-123456 today")
    assert (finding.category, finding.entity, finding.recognizer) == (DataCategory.PERSISTENT_ID, "EMPLOYEE_ID", "custom:employee number")
    assert (finding.start, finding.end, finding.score, finding.quasi) == (12, 20, 0.5, False)


def test_regexes_ignore_case_as_in_presidio() -> None:
    assert spans(CustomRecognizer(spec()), "id e-123456") == ["e-123456"]


@pytest.mark.parametrize(
    ("value", "name", "score"),
    [
        ("ticket E-123456", "note", 0.5),  # no context word
        ("employee E-123456", "note", 0.85),  # a context word just before: Presidio adds 0.35
        ("E-123456", "staff_id", 0.85),  # in the field's name
        ("employee " + "x" * 80 + " E-123456", "note", 0.5),  # too far before the match
    ],
)
def test_a_context_word_near_the_match_raises_the_score(value: str, name: str, score: float) -> None:
    (finding,) = analyze(CustomRecognizer(spec()), value, name)
    assert finding.score == pytest.approx(score)


def test_a_checksum_drops_failing_matches_and_validates_passing_ones() -> None:
    rec = CustomRecognizer(spec(checksum="luhn"))
    assert spans(rec, f"{INVALID_LUHN} and {VALID_LUHN}") == [VALID_LUHN]
    assert analyze(rec, VALID_LUHN)[0].score == 1.0  # validated, as Presidio scores it


@pytest.mark.parametrize(
    ("checksum", "regex", "good", "bad"),
    [
        ("luhn", r"[0-9]{4}-[0-9]{4}-[0-9]{3}", "7992-7398-713", "7992-7398-714"),
        ("mod97", r"C[0-9]{9}", "C123456731", "C123456732"),  # C=12: 12123456731 mod 97 = 1
        ("mod11", r"[0-9]{4}-[0-9]{4}-[0-9]{4}-[0-9]{3}[0-9X]", "0000-0002-1694-233X", "0000-0002-1694-2330"),  # ORCID
    ],
)
def test_each_checksum_accepts_and_rejects(checksum: str, regex: str, good: str, bad: str) -> None:
    rec = CustomRecognizer(spec(patterns=(user_pattern("id", regex, 0.4),), checksum=checksum))
    assert spans(rec, f"a {good} b") == [good]
    assert spans(rec, f"a {bad} b") == []
    assert spans(CustomRecognizer(spec(patterns=(user_pattern("id", regex, 0.4),))), f"a {bad} b") == [bad]


def test_checksum_functions_on_their_own() -> None:
    assert mod97_ok("GB82WEST12345698765432"[4:] + "GB82")  # an IBAN, rearranged: ISO 7064 MOD 97-10
    assert not mod97_ok("1") and not mod97_ok("")
    assert mod11_ok("11010519491231002X") and not mod11_ok("11010519491231002Y1")  # X only last
    assert not mod11_ok("1X0000")


def test_the_deny_list_finds_whole_words_in_any_case_and_skips_the_checksum() -> None:
    rec = CustomRecognizer(spec(name="code names", entity="PROJECT", category=DataCategory.CONTACT, patterns=(),
                                context=(), deny_list=("Bluebird", "Project Bluebird", "build01.corp.example")))
    text = "ship project bluebird to https://build01.corp.example/x; bluebirds and nobluebird are birds"
    assert spans(rec, text) == ["project bluebird", "build01.corp.example"]
    found = analyze(rec, "BLUEBIRD")
    assert [(f.entity, f.category, f.score) for f in found] == [("PROJECT", DataCategory.CONTACT, 1.0)]
    checked = CustomRecognizer(spec(checksum="luhn", deny_list=("E-000001",)))  # fails Luhn, but declared
    assert spans(checked, "E-000001") == ["E-000001"]


def test_the_deny_list_score_is_used() -> None:
    rec = CustomRecognizer(spec(patterns=(), context=(), deny_list=("Bluebird",), deny_list_score=0.7))
    assert analyze(rec, "Bluebird")[0].score == 0.7


@pytest.mark.parametrize(
    ("regex", "problem"),
    [
        (r"E-[0-9]{1,20}", None),
        (r"(?:[A-Z]{2}|x(?=[0-9]{1,3}))", None),
        (r"E-[0-9]+", "without a bound ({1,})"),
        (r"E-(?:[0-9]*)", "without a bound ({0,})"),
        (r"x(?=y{2,})", "without a bound ({2,})"),
        (r"a{1,20000}", "without a bound ({1,20000})"),
        (r"E-[0-9", "invalid regex"),
    ],
)
def test_regex_problems(regex: str, problem: str | None) -> None:
    found = regex_problem(regex)
    assert found is None if problem is None else (found is not None and problem in found)


def test_entity_names() -> None:
    assert entity_name("employee number") == "EMPLOYEE_NUMBER"
    assert entity_name(" Customer-No. ") == "CUSTOMER_NO"
    assert entity_name("42") is None and entity_name("!!") is None


# --- Detector.with_recognizers -----------------------------------------------------------------


def test_with_no_recognizers_the_detector_is_itself() -> None:
    base = Detector([EmailRecognizer()])
    assert base.with_recognizers(()) is base


def test_with_recognizers_leaves_the_base_detector_unchanged() -> None:
    email = EmailRecognizer()
    base = Detector([email])
    own = CustomRecognizer(spec())
    extended = base.with_recognizers([own])
    assert extended is not base and extended.recognizers == (own, email)  # the same instances, own first
    assert extended.recognizers[1] is email and base.recognizers == (email,)
    item = Field("json:$.who", "who", "E-123456 ann@example.org")
    assert {f.entity for f in extended.analyze_field(item)} == {"EMPLOYEE_ID", "EMAIL_ADDRESS"}
    assert {f.entity for f in base.analyze_field(item)} == {"EMAIL_ADDRESS"}
    twice = extended.with_recognizers([CustomRecognizer(spec(name="other", entity="OTHER", patterns=(), deny_list=("zz9",)))])
    assert len(twice.recognizers) == 3 and len(extended.recognizers) == 2


@pytest.mark.parametrize("kind", [ValueKind.SITE_MACHINERY, ValueKind.PAGE_CONTEXT])
def test_own_recognizers_read_every_field_kind(kind: ValueKind) -> None:
    """A page URL or a vendor's field that carries an internal host name still leaks it; the
    built-in recognisers keep their per-kind lists."""
    base = Detector([EmailRecognizer(), CustomRecognizer(spec(name="builtin-like"))])  # not declared own
    extended = base.with_recognizers([CustomRecognizer(spec(name="hosts", entity="HOST", patterns=(),
                                                             deny_list=("build01.corp.example",)))])
    item = Field("query:dl#0", "dl", "https://build01.corp.example/E-123456")
    label = KindLabel(kind, "name")
    assert [f.entity for f in extended.analyze_field(item, label)] == ["HOST"]
    assert base.analyze_field(item, label) == []
    assert {f.entity for f in base.analyze_field(item)} == {"EMPLOYEE_ID"}  # unlabelled: every recogniser
