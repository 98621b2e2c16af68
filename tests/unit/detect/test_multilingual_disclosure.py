"""The multilingual disclosure head: a span stands at its class's threshold with the writer in its
sentence, and only at BARE_SCORE without; no weights, no spans; the shipped head reads disclosures
of other languages' own phrasing and leaves questions about the world alone; the recogniser adds
its spans where no cue's span stands."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from guardian.detect.recognizers import multilingual_disclosure as md
from guardian.detect.recognizers import multilingual_tagger as mt
from guardian.detect.recognizers.multilingual_tagger import MultilingualTagger, MultilingualTaggerRecognizer, TaggedSpan
from guardian.records import Field

PATH = "json:$.messages[0].content"


class _Fixed(MultilingualTagger):
    """A head that tags given substrings with given scores."""

    def __init__(self, spans: list[tuple[str, str, float]], thresholds: dict[str, float]) -> None:
        self.spans = spans
        self.labels = ("O", *md.CLASSES)
        self.meta = {"thresholds": thresholds}

    def tag(self, text: str) -> list[TaggedSpan]:
        out = []
        for word, label, score in self.spans:
            at = text.find(word)
            if at >= 0:
                out.append(TaggedSpan(at, at + len(word), label, score))
        return out


@pytest.fixture
def fixed(monkeypatch: pytest.MonkeyPatch) -> list[_Fixed]:
    holder: list[_Fixed] = []
    monkeypatch.setattr(mt, "load_disclosure_head", lambda path=None: holder[0] if holder else None)
    return holder


SELF = frozenset({"ich", "mein", "meine", "mir"})


def _writer(text: str):  # the recogniser's own test of the writer in a span's sentence
    from guardian.detect.recognizers.multilingual_tagger import writer_in_sentence

    return lambda s, e: writer_in_sentence(text, s, e, SELF)


def test_a_span_needs_its_class_threshold(fixed: list[_Fixed]) -> None:
    fixed.append(_Fixed([("Diabetes", "HEALTH", 0.8), ("Lehrerin", "JOB", 0.8)], {"HEALTH": 0.7, "JOB": 0.9}))
    text = "Ich habe Diabetes und bin Lehrerin."
    spans = md.disclosure_spans(fixed[0], text, _writer(text))
    assert [(s.label, round(s.score, 2)) for s in spans] == [("HEALTH", 0.8)]


def test_without_the_writer_in_its_sentence_a_span_needs_the_bare_score(fixed: list[_Fixed]) -> None:
    fixed.append(_Fixed([("Diabetes", "HEALTH", 0.9), ("Asthma", "HEALTH", md.BARE_SCORE)], {"HEALTH": 0.7}))
    text = "Seit Jahren Diabetes. Asthma auch. Wie viel Zucker am Tag?"
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, _writer(text))] == ["Asthma"]
    text = "Ich habe Diabetes. Wie viel Zucker am Tag?"
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, _writer(text))] == ["Diabetes"]


def test_a_span_of_function_words_alone_is_none(fixed: list[_Fixed]) -> None:
    fixed.append(_Fixed([("auch mehr", "HEALTH", 0.99), ("Diabetes", "HEALTH", 0.99)], {"HEALTH": 0.7}))
    text = "Ich habe auch mehr Diabetes."
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, _writer(text), "de")] == ["Diabetes"]
    assert len(md.disclosure_spans(fixed[0], text, _writer(text))) == 2  # no language, no list


def test_a_span_inside_an_html_character_reference_is_markup(fixed: list[_Fixed]) -> None:
    fixed.append(_Fixed([("aacute", "HEALTH", 0.999), ("diabetes", "HEALTH", 0.99)], {"HEALTH": 0.7}))
    text = "Yo tengo diabetes y ser&aacute; dif&iacute;cil."
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, lambda s, e: True)] == ["diabetes"]
    text = "Tengo aacute y diabetes."  # the same letters as a word of the text are read
    assert len(md.disclosure_spans(fixed[0], text, lambda s, e: True)) == 2


def test_a_span_inside_code_or_a_lone_digit_is_none(fixed: list[_Fixed]) -> None:
    fixed.append(_Fixed([(".call", "JOB", 0.999), ("2", "MONEY", 0.999), ("Lehrerin", "JOB", 0.99)], {"JOB": 0.7, "MONEY": 0.7}))
    text = "Ich bin Lehrerin: was macht `.call` hier?"
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, lambda s, e: True)] == ["Lehrerin"]
    text = "Ich bin Lehrerin.\n```js\nf(.call)\n```\nUnd 2 Fragen."
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, lambda s, e: True)] == ["Lehrerin"]


def test_a_measure_of_time_or_length_is_no_sum_of_money(fixed: list[_Fixed]) -> None:
    # CLDR's unit names in the text's language: a timer's "1 Stunde" or "час" is no income
    fixed.append(_Fixed([("1 Stunde", "MONEY", 0.99), ("час", "MONEY", 0.99), ("3.200 Euro im Monat", "MONEY", 0.99)],
                        {"MONEY": 0.7}))
    text = "Stell meinen Timer auf 1 Stunde. Ich verdiene 3.200 Euro im Monat."
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, lambda s, e: True, "de")] == ["3.200 Euro im Monat"]
    text = "Поставь мой таймер на 1 час."
    assert md.disclosure_spans(fixed[0], text, lambda s, e: True, "ru") == []
    assert md.a_measure("2 Stunden", "de") and md.a_measure("3 saat", "tr") and not md.a_measure("50.000 лир", "tr")
    assert not md.a_measure("5 k", "en")  # a single letter names no unit here: "5 k" may be a sum


def test_a_number_in_a_list_of_numbers_is_no_age_or_income(fixed: list[_Fixed]) -> None:
    # "15, 32, 5, 13, 82, 7, 1": the task's data; an age or a sum told alone, or a decimal comma, stands
    fixed.append(_Fixed([("13", "MONEY", 0.99), ("34", "AGE", 0.99), ("2,5", "MONEY", 0.99)], {"MONEY": 0.7, "AGE": 0.7}))
    text = "Die ungeraden Zahlen dieser Gruppe ergeben eine gerade Zahl: 15, 32, 5, 13, 82, 7, 1."
    assert md.disclosure_spans(fixed[0], text, lambda s, e: True, "de") == []
    text = "Ich bin 34 und verdiene 2,5 Tausend im Monat, 13 Jahre im Beruf."
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, lambda s, e: True, "de")] == ["13", "34", "2,5"]


def test_a_lone_letter_is_no_detail(fixed: list[_Fixed]) -> None:
    fixed.append(_Fixed([("C", "HEALTH", 0.999), ("T", "HEALTH", 0.999), ("asthma", "HEALTH", 0.99)], {"HEALTH": 0.7}))
    text = "I write C++ and I have asthma. What lured E.T. home?"
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, lambda s, e: True)] == ["asthma"]


def test_a_piece_of_a_word_is_no_detail_and_a_part_of_a_compound_is_the_compound(fixed: list[_Fixed]) -> None:
    fixed.append(_Fixed([("sthm", "HEALTH", 0.999), ("Salbutamol", "HEALTH", 0.99), ("экспедитор", "JOB", 0.99)],
                        {"HEALTH": 0.7, "JOB": 0.7}))
    text = "Ich habe Asthma und nehme Salbutamol-Spray. Я водитель-экспедитор."
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, lambda s, e: True)] == [
        "Salbutamol-Spray", "водитель-экспедитор"]


def test_an_unknown_class_or_no_threshold_gives_nothing(fixed: list[_Fixed]) -> None:
    fixed.append(_Fixed([("Diabetes", "HEALTH", 0.99)], {}))
    assert md.disclosure_spans(fixed[0], "Ich habe Diabetes.", _writer("Ich habe Diabetes.")) == []


def test_no_weights_no_spans(tmp_path: Path) -> None:
    assert mt.load_disclosure_head(tmp_path / "none.npz") is None
    assert md.disclosure_spans(None, "Ich habe Diabetes.", _writer("Ich habe Diabetes."), "de") == []


def test_weights_with_unknown_classes_are_off(tmp_path: Path) -> None:
    path = tmp_path / "head.npz"
    np.savez(path, emb_q=np.zeros((8, 2), np.int8), emb_scale=np.ones(8, np.float16), w1=np.zeros((10, 2), np.float32),
             b1=np.zeros(2, np.float32), w2=np.zeros((2, 2), np.float32), b2=np.zeros(2, np.float32))
    path.with_suffix(".json").write_text('{"labels": ["O", "SHOE_SIZE"], "window": 2}')
    assert mt.load_disclosure_head(path) is None


def _entities(text: str, head: bool = True) -> dict[str, list[str]]:
    r = MultilingualTaggerRecognizer()
    r.disclosure_head = head
    out: dict[str, list[str]] = {}
    for f in r.analyze(Field(PATH, "content", text)):
        out.setdefault(f.entity, []).append(text[f.start:f.end])
    return out


def test_the_recogniser_adds_the_heads_spans_as_the_writers(fixed: list[_Fixed]) -> None:
    fixed.append(_Fixed([("Betriebsrat", "GROUP", 0.95)], {"GROUP": 0.8}))
    text = "Ich sitze seit zwei Jahren im Betriebsrat und brauche Hilfe bei einem Brief an die Geschäftsführung."
    found = _entities(text)
    assert found.get("SPECIAL_CATEGORY") == ["Betriebsrat"], found


def test_the_recogniser_leaves_a_question_about_the_world(fixed: list[_Fixed]) -> None:
    fixed.append(_Fixed([("Betriebsrat", "GROUP", 0.99)], {"GROUP": 0.8}))
    assert "SPECIAL_CATEGORY" not in _entities("Wie viele Mitglieder hat ein Betriebsrat in einer Firma mit 300 Leuten?")


# The shipped head, on phrasings no cue of multilingual_cues.yaml lists (written for this test).
SHIPPED = [
    ("es", "Con mi sueldo de 1.400 euros al mes, ¿cuánto puedo ahorrar?", "1.400 euros", "MONEY"),
    ("ru", "Я медсестра в районной больнице, подскажите, как считать переработки?", "медсестра", "OCCUPATION"),
    ("de", "Ich bin 34 und überlege, ob ich noch studieren soll.", "34", "AGE"),
    ("de", "Als gläubige Katholikin frage ich mich, ob ich zu einer Hochzeit in einer Moschee gehen darf.", "Katholikin",
     "SPECIAL_CATEGORY"),
]
WORLD = [
    "Wie entsteht Diabetes Typ 2?",
    "¿Cuánto gana una enfermera en España?",
    "Care este capitala Australiei?",
    "Πότε γεννήθηκε ο Αριστοτέλης;",
    "Сколько лет Путину?",
    "Türkiye'nin en kalabalık şehri hangisidir?",
]


@pytest.mark.skipif(not md.WEIGHTS.is_file(), reason="no multilingual disclosure weights ship")
@pytest.mark.parametrize(("lang", "text", "value", "entity"), SHIPPED, ids=[s[0] for s in SHIPPED])
def test_the_shipped_head_reads_a_disclosure(lang: str, text: str, value: str, entity: str) -> None:
    found = _entities(text)
    assert any(value in span for span in found.get(entity, [])), found
    assert not any(value in span for spans in _entities(text, head=False).values() for span in spans)  # no cue lists it


@pytest.mark.skipif(not md.WEIGHTS.is_file(), reason="no multilingual disclosure weights ship")
@pytest.mark.parametrize("text", WORLD)
def test_the_shipped_head_leaves_questions_about_the_world(text: str) -> None:
    assert _entities(text) == {}


def test_a_span_without_a_letter_is_no_condition_job_or_place(fixed: list[_Fixed]) -> None:
    fixed.append(_Fixed([("0,0", "HEALTH", 0.999), ("(3)", "JOB", 0.999), ("Asthma", "HEALTH", 0.99)],
                        {"HEALTH": 0.7, "JOB": 0.7}))
    text = "Ich habe Asthma. Die Figur startet bei (0,0) auf Ebene (3)."
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, lambda s, e: True)] == ["Asthma"]


def test_a_long_number_is_no_age(fixed: list[_Fixed]) -> None:
    fixed.append(_Fixed([("15227968025", "AGE", 0.999), ("42", "AGE", 0.99)], {"AGE": 0.7}))
    text = "Ich bin 42, meine Nummer ist 15227968025."
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, lambda s, e: True)] == ["42"]


def test_a_part_of_a_number_is_the_number_and_a_version_or_date_is_no_sum(fixed: list[_Fixed]) -> None:
    # the head cut "1.1 y 3" out of "3.1.1 y 3.2.0" and "500 €" out of "2.500 €"
    fixed.append(_Fixed([("1.1 y 3", "MONEY", 0.999), ("500 €", "MONEY", 0.999), ("05.1990", "AGE", 0.999)],
                        {"MONEY": 0.7, "AGE": 0.7}))
    text = "Con las versiones 3.1.1 y 3.2.0 listas. Gano 2.500 € al mes. Nací el 12.05.1990."
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, lambda s, e: True, "es")] == ["2.500 €"]


def test_a_detail_in_a_sentence_that_speaks_to_the_reader_is_not_the_writers(fixed: list[_Fixed]) -> None:
    fixed.append(_Fixed([("desarrollador profesional", "JOB", 0.9999), ("enfermera", "JOB", 0.9999)], {"JOB": 0.5}))
    found = _entities("Es tu responsabilidad como desarrollador profesional documentar el software.")
    assert "OCCUPATION" not in found, found
    # the writer in the same sentence: theirs, whoever else it speaks to
    assert _entities("Como enfermera te pregunto: ¿es normal?").get("OCCUPATION") == ["enfermera"]
    # no reader, no writer: at the bare score, the writer's ("Como enfermera, ¿es normal ...?" asks; this tells)
    assert _entities("Como enfermera, duermo poco.").get("OCCUPATION") == ["enfermera"]


def test_a_common_word_no_health_list_knows_is_no_condition(fixed: list[_Fixed]) -> None:
    # the head read "случайно" (by chance) as a condition; "астма" is one, however common
    fixed.append(_Fixed([("случайно", "HEALTH", 0.9999), ("астма", "HEALTH", 0.9999)], {"HEALTH": 0.7}))
    text = "Я случайно удалил файл. У меня астма."
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, lambda s, e: True, "ru")] == ["астма"]
    assert md.COMMON_NOT_HEALTH > 4.0


def test_the_word_for_years_alone_is_no_age_and_a_very_common_word_no_job(fixed: list[_Fixed]) -> None:
    # the head read "ani" (years) as an age and "quiero" (I want) as a job
    fixed.append(_Fixed([("ani", "AGE", 0.999), ("42 de ani", "AGE", 0.999)], {"AGE": 0.7}))
    text = "Am 42 de ani. Am ani de experiență."
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, lambda s, e: True, "ro")] == ["42 de ani"]
    fixed[0] = _Fixed([("quiero", "JOB", 0.9999), ("fontanero", "JOB", 0.9999)], {"JOB": 0.5})
    text = "Soy fontanero y quiero saber qué es un VPN."
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, lambda s, e: True, "es")] == ["fontanero"]
    assert md.VERY_COMMON > 5.05  # the commonest job words stay jobs (Turkish "doktor" 5.05)


def test_a_group_never_stands_without_the_writer(fixed: list[_Fixed]) -> None:
    fixed.append(_Fixed([("izquierda", "GROUP", 0.99999)], {"GROUP": 0.9}))
    text = "Seleccione el disco de la lista de la izquierda."
    assert md.disclosure_spans(fixed[0], text, lambda s, e: False, "es") == []
    assert [s.label for s in md.disclosure_spans(fixed[0], text, lambda s, e: True, "es")] == ["GROUP"]


def test_a_job_without_the_writer_needs_the_floor(fixed: list[_Fixed]) -> None:
    fixed.append(_Fixed([("analiză", "JOB", 0.997), ("farmacist", "JOB", 0.99999)], {"JOB": 0.5}))
    fixed[0].meta["bare"] = {"JOB": 0.995}
    text = "Include analiză de date. Ca farmacist, lucrul e greu."
    assert [text[s.start:s.end] for s in md.disclosure_spans(fixed[0], text, lambda s, e: False, "ro")] == ["farmacist"]
    assert md.BARE_FLOOR["JOB"] > 0.995


def test_a_value_after_its_label_is_the_writers(fixed: list[_Fixed]) -> None:
    # no word of the writer, but a form's label and colon before the value that ends its clause
    fixed.append(_Fixed([("muhasebeci", "JOB", 0.999)], {"JOB": 0.5}))
    fixed[0].meta["bare"] = {"JOB": 0.995}
    assert _entities("Flash kendini otomatik günceller. Meslek: muhasebeci.").get("OCCUPATION") == ["muhasebeci"]
    assert "OCCUPATION" not in _entities("Flash kendini otomatik günceller, muhasebeci de bilir.")
