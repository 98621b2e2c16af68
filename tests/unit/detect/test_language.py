"""Prose that is surely not English skips the English-only readers; everything else runs as before."""

from __future__ import annotations

import logging
import sys

import pytest

from guardian.detect import language
from guardian.detect.base import ENGLISH_ONLY
from guardian.detect.detector import Detector
from guardian.detect.language import MAX_CHARS, language_of
from guardian.detect.registry import default_recognizers
from guardian.records import Field



@pytest.fixture(scope="module")
def detector() -> Detector:
    return Detector()


def _found(detector: Detector, text: str) -> list[tuple[str, str]]:
    fields = detector.analyze_field(Field("json:$.messages[0].content", "content", text))
    return [(text[f.start : f.end], f.entity) for f in fields if f.entity != "FREE_TEXT"]


# Questions a person might ask, written for this test: nothing in them is personal.
FOREIGN_QUESTIONS = {
    "de": "Wie hoch ist der Eiffelturm?",
    "de2": "Welches Buch sollte ich als nächstes lesen, wenn mir Krimis gefallen?",
    "es": "¿Dónde está el museo de arte moderno más grande del mundo?",
    "tr": "Merhaba, Özel bir ders için hangi kitabı okumalıyım?",
    "ru": "Какая самая длинная река в Европе и сколько она километров?",
    "el": "Ποιο είναι το ψηλότερο βουνό της Ελλάδας και πόσο ψηλό είναι;",
    "ro": "Care este cel mai lung râu din Europa și prin ce țări trece?",
}


@pytest.mark.parametrize("key", sorted(FOREIGN_QUESTIONS))
def test_a_foreign_question_is_left_alone(detector: Detector, key: str) -> None:
    text = FOREIGN_QUESTIONS[key]
    assert language_of(text) not in (None, "en")
    assert _found(detector, text) == []


def test_wie_is_not_a_person(detector: Detector) -> None:
    assert not any(span == "Wie" for span, _ in _found(detector, "Wie hoch ist der Eiffelturm?"))


def test_an_english_name_in_an_english_sentence_is_still_found(detector: Detector) -> None:
    text = "Please write a birthday card for my colleague Margaret Thompson from accounting."
    assert language_of(text) == "en"
    assert any("Margaret Thompson" in span for span, _ in _found(detector, text))


def test_email_and_phone_in_german_are_still_found(detector: Detector) -> None:
    text = "Bitte schreiben Sie mir an anna.schmidt@example.de oder rufen Sie mich unter +49 30 1234567 an."
    assert language_of(text) == "de"
    found = dict(_found(detector, text))
    assert found.get("anna.schmidt@example.de") == "EMAIL_ADDRESS"
    assert found.get("+49 30 1234567") == "PHONE_NUMBER"


def test_short_text_is_unknown_unless_the_identifier_is_sure() -> None:
    assert language_of("Berlin Hauptbahnhof") is None
    assert language_of("") is None
    assert language_of("Thanks, sounds great!") is None  # short English: every reader runs, as before
    assert language_of("Angela Merkel biography") is None
    # a short question of another language: the English readers do not read its first word as a name
    assert language_of("Haben Sie Berufserfahrung?") == "de"
    assert language_of("Ești obosit acum?") == "ro"


def test_english_is_never_skipped() -> None:
    # foreign names in an English question: the identifier is unsure, which means "run everything"
    for text in ("When was Klemens Wenzel Nepomuk Lothar born?", "How did Paul I of Russia die?"):
        assert language_of(text) in (None, "en")


def test_a_text_that_changes_language_is_unknown() -> None:
    german = "Das Wetter in Berlin ist heute sehr schön und wir gehen spazieren. " * 20
    english = "My neighbour Robert Miller asked me to water his plants while he is away. " * 20
    assert language_of(german) == "de"
    assert language_of(german + english) is None


def test_recognisers_declare_their_languages() -> None:
    by_name = {r.name: r.LANGUAGES for r in default_recognizers()}
    for name in ("ner", "self_disclosure", "quasi_identifiers", "occupations", "salutations"):
        assert by_name[name] == ENGLISH_ONLY
    for name in ("email", "phone", "iban", "credit_card", "national_ids", "ssn", "credentials"):
        assert by_name[name] is None


def test_machine_values_are_not_identified(detector: Detector, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    monkeypatch.setattr("guardian.detect.detector.language_of", lambda text: asked.append(text) or None)
    detector.analyze_field(Field("json:$.event", "event", "page_view"))
    detector.analyze_field(Field("json:$.id", "id", "3f2a9c1e-55aa-4c1b-9a77-0d1e2f3a4b5c"))
    assert asked == []


@pytest.mark.parametrize(
    "text",
    [
        "Wie hoch ist der Eiffelturm? " * 40_000,  # about a megabyte
        "مرحبا كيف حالك اليوم يا صديقي " * 30_000,  # right to left
        "e\u0301\u0301\u0301 " * 200_000,  # combining marks
        "Рaypal аccount Gооgle Аpple " * 40_000,  # Cyrillic look-alikes in Latin words
        "\ud800 lone surrogate \udfff and words " * 30_000,
    ],
)
def test_bounded_input(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A value of a megabyte, in the worst shapes: the identifier reads at most MAX_CHARS of it."""
    read: list[int] = []
    sample = language._sample_language

    def counted(s: str) -> str | None:
        read.append(len(s))
        return sample(s)

    monkeypatch.setattr(language, "_sample_language", counted)
    result = language_of(text)
    assert result is None or isinstance(result, str)
    assert read and sum(read) <= MAX_CHARS


def test_missing_identifier_means_unknown_with_one_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "py3langid.langid", None)  # import fails as if not installed
    monkeypatch.setattr(language, "_identifier", None)
    monkeypatch.setattr(language, "_warned", False)
    language._sample_language.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger=language.__name__):
            assert language_of("Wie hoch ist der höchste Berg in den Alpen?") is None
            assert language_of("Welches Buch sollte ich als nächstes lesen?") is None
        assert len([r for r in caplog.records if r.name == language.__name__]) == 1
    finally:
        language._sample_language.cache_clear()


def test_reads_at_most_max_chars(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[int] = []
    monkeypatch.setattr(language, "_sample_language", lambda sample: read.append(len(sample)) or "de")
    assert language_of("Wie hoch ist der Eiffelturm? " * 1000) == "de"
    assert read and max(read) <= MAX_CHARS


# Short questions written for this test: the identifier gives English a little probability (0.01-0.03)
# beside a clear lead of the language, or splits the language with a neighbour no reader reads.
SHORT_FOREIGN = [
    ("de", "Wie wird man Fluglotse?"),
    ("de", "Gib mir alle ESA-Astronauten."),
    ("pt", "Qual a capacidade produtiva do campo Manati?"),  # Galician first, Portuguese second
    ("ru", "Какая выручка у IBM?"),  # Belarusian first
]


# Short commands the identifier splits between neighbours, with some English beside: their words
# are unknown to English dictionaries, so they are the read language among the first answers.
SHORT_FOREIGN += [
    ("de", "stoppe alle Heizlüfter ab"),  # Norwegian, Danish, then German
]


@pytest.mark.parametrize(("lang", "text"), SHORT_FOREIGN, ids=[t for _, t in SHORT_FOREIGN])
def test_a_short_question_is_told_by_its_read_language(detector: Detector, lang: str, text: str) -> None:
    assert language_of(text) == lang
    assert not any(entity == "PERSON" for _, entity in _found(detector, text))


@pytest.mark.parametrize("text", ["Where is Bochum?", "Who is Ana Aslan?", "marriage?", "Nah man rain?", "Old views die hard...",
                                  "Call Maria tomorrow", "Ishmael Okonkwo Adebayo", "Tiramisu recipe"])
def test_short_english_stays_english_or_unknown(text: str) -> None:
    assert language_of(text) in (None, "en")


def test_a_short_text_full_of_numbers_is_read_by_its_words() -> None:
    # the version numbers pull the identifier to nowhere; "Beispiele" and "Przykłady" tell
    assert language_of("Beispiele: 1.0.0-alpha, 1.0.0-alpha.1, 1.0.0-0.3.7, 1.0.0-x.7.z.92.") == "de"
    assert language_of("Przykłady: 1.0.0-alpha, 1.0.0-alpha.1, 1.0.0-0.3.7.") == "pl"
    assert language_of("Call 555-1234-5678 now") is None  # still too few words to tell English


@pytest.mark.parametrize(("text", "lang"), [
    # the words around a program tell the writer's language; the program's keywords are English
    ("Was ist der Output?\n\n```javascript\nfunction sayHi() {\n  console.log('Oops, something went wrong');\n}\n"
     "sayHi();\n```\n\n- A: Ja\n- B: Nein", "de"),
    ("Какой будет вывод у этого кода? ```js\nconst myFunc = ({ x, y }) => console.log(x, y);\nmyFunc(1, 2);\n```", "ru"),
    ("What will this print when I run it?\n```python\nprint(sorted([3, 1, 2]))\n```", "en"),
])
def test_the_language_of_a_text_with_code_is_its_prose(text: str, lang: str) -> None:
    assert language_of(text) == lang


def test_a_line_of_codes_is_no_line_in_another_language() -> None:
    """Only words standing alone count towards a line's words: a table's row of an address, a
    token, a time and a name has pieces of letters, and its name stays the English readers'."""
    text = "| ip | token | time | name |\nfa:25e9:4528:5e33:8e17:30d6 | bEtwmj6/K3f | 7:56 AM | Serdin |\nThat is the log."
    assert language.foreign_lines(text) == []
    turkish = "Merhaba, mesleğim elektrik teknisyeni ve bir sorum var.\nKeep it simple: that is the rule we follow."
    assert language.foreign_lines(turkish) == [(0, turkish.index("\n"))]
