"""The writer's religion and party in other languages (detect/recognizers/multilingual_beliefs.py)."""

from __future__ import annotations

import pytest

from guardian.detect.recognizers.multilingual_beliefs import belief_spans


def _found(text: str, lang: str) -> list[tuple[str, str]]:
    return [(text[a:b], entity) for a, b, entity in belief_spans(text, lang)]


@pytest.mark.parametrize(("lang", "text", "expected"), [
    ("ro", "Sunt de confesiune ortodoxă și vreau să știu cât de înalt e Omu.", ("ortodoxă", "RELIGION")),
    ("el", "Το θρήσκευμά μου είναι ορθόδοξο, οπότε ρωτάω για το Πάσχα.", ("ορθόδοξο", "RELIGION")),
    ("ru", "Я католик, и у меня вопрос про Рим.", ("католик", "RELIGION")),
    ("es", "Soy musulmana y tengo una duda sobre el Ramadán.", ("musulmana", "RELIGION")),
    ("de", "Ich bin Mitglied der ÖDP und frage mich, wie Wahlen funktionieren.", ("ÖDP", "POLITICS")),
    ("tr", "Demokrat Parti üyesiyim, bu yüzden soruyorum.", ("Demokrat Parti", "POLITICS")),
    ("es", "Soy afiliado al Partido Socialista desde 2010. ¿Qué es el Senado?", ("Partido Socialista", "POLITICS")),
    # a faith's own name after a verb of practising it, or a form's label; a verb-final clause
    ("es", "Practico el budismo desde hace años y tengo una duda.", ("budismo", "RELIGION")),
    ("ru", "В нашей семье исповедуют иудаизм; по выходным я в общине.", ("иудаизм", "RELIGION")),
    ("ru", "Вероисповедание: ислам. Переведи эту фразу.", ("ислам", "RELIGION")),
    ("tr", "Hristiyan olduğum doğru ama şimdi önemi yok.", ("Hristiyan", "RELIGION")),
])
def test_the_writers_faith_and_party(lang: str, text: str, expected: tuple[str, str]) -> None:
    assert expected in _found(text, lang)


@pytest.mark.parametrize(("lang", "text"), [
    ("de", "Was glauben Katholiken über das Fegefeuer?"),  # a faith as a topic: no one's
    ("de", "Wann wurde die SPD gegründet?"),
    ("de", "Mein Bruder ist Mitglied der Feuerwehr."),  # a membership, not a party
    ("de", "Ich bin in der Industrie tätig."),  # "hindu" folds to "indu": never a prefix
    ("es", "¿Quién fundó el Partido Popular?"),
    ("ru", "Сколько православных живёт в Греции?"),
    ("es", "¿Qué es el budismo? Mi hijo me lo pregunta."),  # asked about in its own sentence
    ("es", "Mi profesor dice que el hinduismo es muy antiguo."),  # told of the world, not practised
    ("ru", "Расскажи мне про иудаизм и его праздники."),
])
def test_faiths_and_parties_as_topics_are_left_alone(lang: str, text: str) -> None:
    assert _found(text, lang) == []


@pytest.mark.parametrize(("lang", "sentence", "world"), [
    ("de", "Wo wurde der Regisseur von „Avatar“ geboren?", True),
    ("ru", "Кем по профессии был отец Леонардо да Винчи?", True),
    ("el", "Πού γεννήθηκε ο Καζαντζάκης;", True),  # the Greek question mark
    ("de", "Wo soll ich essen, wenn ich in Köln geboren bin?", False),  # the writer is in it
    ("es", "Nací en Sevilla y vivo en Madrid.", False),  # no question
    # "sunt"/"sono" is "they are" after a question word, "I am" elsewhere
    ("ro", "Care sunt primele semne ale bolii Lyme?", True),
    ("it", "Quali sono i sintomi della malattia di Lyme?", True),
    ("ro", "Unde pot dona sânge dacă sunt vegetarian?", False),
    # a yes-no question's particle where it opens the question or stands second
    ("ru", "Нужно ли платить налог с продажи машины в Германии?", True),
    ("uk", "Чи можна пити каву при гастриті?", True),
    ("pl", "Czy w Polsce trzeba płacić podatek od kryptowalut?", True),
    ("ru", "Можно ли мне пить кофе при гастрите?", False),  # the writer is in it
])
def test_a_question_about_the_world(lang: str, sentence: str, world: bool) -> None:
    from guardian.detect.recognizers.multilingual_beliefs import world_question

    assert world_question(sentence, lang) is world


def test_a_question_asks_with_its_word_wherever_it_stands() -> None:
    """Turkish keeps its question words in place; one anywhere in a sentence that ends in "?" asks.
    Without the mark, or without a question word, nothing asks; in a language whose question words
    open their clause, a question after a comma leaves its context to the writer."""
    from guardian.detect.recognizers.multilingual_beliefs import asks_anywhere

    assert asks_anywhere("Bir hemşire olarak çalışmak için hangi okullardan mezun olmak gerekir?", "tr")
    assert asks_anywhere("Diyabet ne zaman ortaya çıkar?", "tr")
    assert not asks_anywhere("Con mi sueldo de 1.400 euros al mes, ¿cuánto puedo ahorrar?", "es")
    assert not asks_anywhere("Bir hemşire olarak çalışıyorum.", "tr")
    assert not asks_anywhere("Diyabetim var mı?", "tr")


def test_turkish_marks_the_writer_on_the_verb() -> None:
    from guardian.detect.recognizers.multilingual_beliefs import load_beliefs

    words = load_beliefs()[1]["tr"].self_words
    assert "hazırlıyorum" in words and "çalışacağım" in words and "ben" in words
    assert "yorum" not in words  # the ending alone is a noun ("comment")
    assert "kitap" not in words


@pytest.mark.parametrize(
    ("lang", "writer", "not_writer"),
    [
        # languages that mark the person on the verb alone: the ending says the writer
        ("el", ["σπουδάζω", "χρειάζομαι", "δουλεύουμε"], ["εδώ", "κάτω", "σπίτι"]),
        ("es", ["estudié", "empecé", "mí"], ["qué", "café", "estudia"]),
        ("ru", ["работаю", "читаю", "мной"], ["идею", "краю", "работает"]),
        ("pl", ["pracowałem", "studiuję", "mną"], ["stołem", "pracował"]),
        ("pt", ["trabalhei", "comigo"], ["lei", "trabalhou"]),
    ],
)
def test_the_writer_by_the_verbs_first_person_ending(lang: str, writer: list[str], not_writer: list[str]) -> None:
    from guardian.detect.recognizers.multilingual_beliefs import load_beliefs

    words = load_beliefs()[1][lang].self_words
    assert all(w in words for w in writer), [w for w in writer if w not in words]
    assert not any(w in words for w in not_writer), [w for w in not_writer if w in words]


def test_every_religion_stem_is_its_own_entry() -> None:
    from guardian.detect.recognizers.multilingual_beliefs import load_beliefs
    from guardian.detect.recognizers.multilingual_health import fold

    stems = load_beliefs()[0]
    assert fold("jüdisch")[:5] in stems and not any(" " in s for s in stems)


def test_turkish_past_tense_is_the_writer_but_nouns_of_that_ending_are_not() -> None:
    from guardian.detect.recognizers.multilingual_beliefs import load_beliefs

    words = load_beliefs()[1]["tr"].self_words
    assert words.by_ending("aldım") and words.by_ending("okudum") and words.by_ending("gördüm")
    assert not words.by_ending("yardım") and not words.by_ending("eğitim") and not words.by_ending("otomatik")
