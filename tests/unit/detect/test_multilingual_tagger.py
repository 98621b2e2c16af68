"""The multilingual tagger: the writer's name, street address and date of birth in German, Russian,
Greek and Turkish prose are found; questions about the world in twelve languages are left alone;
any input is read with bounded output."""

from __future__ import annotations


import pytest

from guardian.detect.language import language_of
from guardian.detect.recognizers.multilingual_tagger import (
    SUPPORTED, MultilingualTaggerRecognizer, abbreviates, load_cues, tokenize,
)
from guardian.detect.registry import RECOGNIZER_CLASSES
from guardian.records import Field

PATH = "json:$.messages[0].content"


@pytest.fixture(scope="module")
def recognizer() -> MultilingualTaggerRecognizer:
    r = MultilingualTaggerRecognizer()
    r.warm()
    assert r.available, "the shipped weights load"
    return r


def _found(r: MultilingualTaggerRecognizer, text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for f in r.analyze(Field(PATH, "content", text)):
        out.setdefault(f.entity, []).append(text[f.start:f.end])
    return out


# (language, text, name, a word of the street address, a piece of the date of birth)
PLANTED = [
    ("de", "Hallo, ich heiße Jana Kowalczyk und wohne in der Lindenstraße 12, 50667 Köln. Ich bin am 12. März 1985 "
           "geboren. Wie lange dauert ein Flug nach Tokio?", "Jana Kowalczyk", "Lindenstraße", "1985"),
    ("ru", "Здравствуйте, меня зовут Ирина Соколова. Мой адрес: ул. Садовая, д. 15, 190000 Санкт-Петербург. "
           "Я родилась 15 октября 1987 г. Сколько часов лететь до Токио?", "Ирина Соколова", "Садовая", "1987"),
    ("el", "Γεια σας, με λένε Ελένη Παπαδοπούλου. Η διεύθυνσή μου είναι Ερμού 25, 10563 Αθήνα. Γεννήθηκα στις "
           "3 Μαΐου 1990. Πόσο διαρκεί η πτήση για το Τόκιο;", "Ελένη Παπαδοπούλου", "Ερμού", "1990"),
    ("tr", "Merhaba, benim adım Ayşe Yılmaz. Adresim Çiçek Sokak No: 15, 06100 Ankara. Doğum tarihim 12 Mart 1985. "
           "Tokyo'ya uçuş ne kadar sürer?", "Ayşe Yılmaz", "Çiçek", "1985"),
]


@pytest.mark.parametrize(("lang", "text", "name", "street", "year"), PLANTED, ids=[p[0] for p in PLANTED])
def test_planted_name_address_and_birth_date_are_found(recognizer: MultilingualTaggerRecognizer, lang: str, text: str,
                                                       name: str, street: str, year: str) -> None:
    assert language_of(text) == lang  # the gate lets the tagger read it
    found = _found(recognizer, text)
    assert any(name in span for span in found.get("PERSON", [])), found
    assert any(street in span for span in found.get("STREET_ADDRESS", [])), found
    assert any(year in span for span in found.get("DATE_OF_BIRTH", [])), found


# The writer's name where they sign or introduce themself, whatever words the language uses there.
SIGNED = [
    ("de", "Wie lange kocht man einen Tafelspitz? (Nachricht von Katharina Leitgeb, danke im Voraus)", "Katharina Leitgeb"),
    ("ru", "Сколько длится поездка от Москвы до Казани на поезде?\n\nЗаранее спасибо,\nЕвгения Ларионова", "Евгения Ларионова"),
    ("es", "Le escribe Leandro Castañeda, tengo una consulta: ¿cuántos habitantes tiene Cuenca?", "Leandro Castañeda"),
    ("de", "Guten Tag, ich bin Valentina Auerbach. Wann schließt das Pergamonmuseum?", "Valentina Auerbach"),
    # "<name> here" opening the text or its greeting; the writer's "I" and the name between commas;
    # a span of the model's that opens with its own cue ("İsmim ...")
    ("de", "Hallo, Jonas Wetzlar hier. Kannst du mir das kurz erklären?", "Jonas Wetzlar"),
    ("el", "Καλησπέρα, ο Στέλιος Καραγιάννης εδώ. Πόσο κοστίζει ένα εισιτήριο για τη Ρόδο;", "Στέλιος Καραγιάννης"),
    ("ro", "Eu, Ilinca Moraru, am o întrebare despre taxe: cât costă un pașaport?", "Ilinca Moraru"),
    ("ru", "Я, Олег Миронов, хочу узнать расписание поездов на завтра.", "Олег Миронов"),
    ("tr", "İsmim Deniz Akgül, bir sorum var: Ankara'da hava nasıl?", "Deniz Akgül"),
    # a one-line form's name label, the name whole, the next label's word no part of it; "пишет ..."
    ("ru", "ФИО: Пахом Кулаков Просьба: сократить текст ниже до одного предложения.", "Пахом Кулаков"),
    ("ru", "Пишет Андрей Егоров. Мне прислали такое уведомление, что это значит?", "Андрей Егоров"),
    # a label as the next item after a comma
    ("el", "Πώς αλλάζω τον κωδικό; (ο λογαριασμός είναι της γυναίκας μου, όνομα: Θηρεσία)", "Θηρεσία"),
]


@pytest.mark.parametrize(("lang", "text", "name"), SIGNED, ids=[f"{s[0]}{i}" for i, s in enumerate(SIGNED)])
def test_a_name_signing_or_opening_the_message_is_the_writers(recognizer: MultilingualTaggerRecognizer, lang: str,
                                                               text: str, name: str) -> None:
    assert language_of(text) == lang
    assert name in _found(recognizer, text).get("PERSON", []), _found(recognizer, text)


@pytest.mark.parametrize("text", ["Ist Goethe hier begraben?", "Warum war Napoleon hier so beliebt?",
                                  "Eu, ca student, vreau să știu: cine a fost Mihai Eminescu?"])
def test_a_name_that_a_question_asks_about_introduces_no_one(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "PERSON" not in _found(recognizer, text), _found(recognizer, text)


# Employers: a company's legal form says it is one even where the model read a surname, and a
# cue that opens with Turkish "İ" is found (str.lower would write "i" and a combining dot).
EMPLOYERS = [
    ("tr", "Bu kuşun adı ne? İş yerim Doğan Şti., öğle arasında soruyorum.", "Doğan Şti"),
    ("de", "Wie hoch ist der Mont Blanc? Bei meinem Arbeitgeber, Lindqvist Brenner GmbH, wetten wir darum.",
     "Lindqvist Brenner GmbH"),
    ("de", "Wie hoch ist der Mont Blanc? Das fragt mein Team bei Wendeborn schon lange.", "Wendeborn"),
    # the model stopped inside the legal form ("S.L" of "S.L."): the form is read whole
    ("es", "Soy administrativa en Talleres Beltrán S.L.; ¿cómo pido vacaciones?", "Talleres Beltrán S.L."),
]


@pytest.mark.parametrize(("lang", "text", "org"), EMPLOYERS, ids=[f"{e[0]}{i}" for i, e in enumerate(EMPLOYERS)])
def test_an_employer_by_its_legal_form_or_a_work_cue_right_before_it(recognizer: MultilingualTaggerRecognizer,
                                                                     lang: str, text: str, org: str) -> None:
    assert language_of(text) == lang
    assert any(org in span for span in _found(recognizer, text).get("ORGANIZATION", [])), _found(recognizer, text)


def test_a_company_by_its_legal_form_or_a_school_by_its_kind_where_the_writer_speaks(
        recognizer: MultilingualTaggerRecognizer) -> None:
    """No work cue, but the name says what it is (a legal form, an institution's kind) and the writer
    speaks in its sentence: the writer's, the model's first name before it included. The same names
    asked about, or in the writer's question about a topic, stay."""
    text = "Sunt de trei ani la Aanei Suciu SA. Mă ajuți cu o glumă pentru demisia mea?"
    assert _found(recognizer, text).get("ORGANIZATION") == ["Aanei Suciu SA"]
    text = "Ich finde die Kantine der Gunpf Kobelt AG furchtbar, was soll ich sagen?"
    assert _found(recognizer, text).get("ORGANIZATION") == ["Gunpf Kobelt AG"]
    for public in ("Wann wurde die Siemens AG gegründet?", "Ich habe eine Frage zur Siemens AG.",
                   "Wie viele Studenten hat die Universität Wien?"):
        assert "ORGANIZATION" not in _found(recognizer, public), public


# Questions about the world: capitalised question words and greetings, public places and people.
QUESTIONS = [
    ("de", "Wie hoch ist der Kölner Dom und wann wurde er eigentlich gebaut? Welches Museum in Berlin lohnt sich?"),
    ("de", "Wer war Johann Wolfgang von Goethe und welche Werke hat er in Weimar geschrieben?"),
    ("es", "¿Dónde está la Sagrada Familia y cuándo se terminará por fin su construcción en Barcelona?"),
    ("fr", "Quelle est la hauteur de la tour Eiffel à Paris et pourquoi a-t-elle été construite ?"),
    ("it", "Qual è la storia del Colosseo di Roma e quante persone poteva contenere?"),
    ("pt", "Qual é a melhor época do ano para visitar Lisboa e o Porto com crianças pequenas?"),
    ("nl", "Waarom zijn de huizen in Amsterdam gebouwd op houten palen en hoe lang houden die het?"),
    ("pl", "Jaka jest historia Wawelu w Krakowie i kiedy można go zwiedzać z przewodnikiem?"),
    ("ro", "Care este cel mai înalt munte din România și cât durează urcarea pe vârful Moldoveanu?"),
    ("el", "Ποιο είναι το ύψος του Ολύμπου και πώς μπορεί κανείς να ανέβει στην κορυφή του;"),
    ("ru", "Кто такой Лев Толстой и почему роман «Война и мир» считается великим?"),
    ("es", "Gabriel García Márquez, ¿en qué año ganó el Premio Nobel?"),
    ("es", "Julia Gillard, primera ministra interina, sostuvo que Australia debería ser una república."),  # a subject
    ("tr", "Tommy Dreamer, \"Güçlü kadın.\" dedi ve sahneden indi."),
    ("ru", "Какой самый длинный мост в Санкт-Петербурге и когда его развели впервые?"),
    ("uk", "Яка історія Софійського собору в Києві і коли його можна відвідати?"),
    ("tr", "Merhaba, İstanbul'daki Ayasofya ne zaman inşa edildi ve neden bu kadar önemlidir?"),
    ("tr", "Özel hastaneler ile devlet hastaneleri arasındaki fark nedir ve hangisi daha ucuzdur?"),
]


@pytest.mark.parametrize(("lang", "text"), QUESTIONS, ids=[f"{q[0]}{i}" for i, q in enumerate(QUESTIONS)])
def test_questions_about_the_world_are_left_alone(recognizer: MultilingualTaggerRecognizer, lang: str, text: str) -> None:
    assert language_of(text) == lang
    assert _found(recognizer, text) == {}


def test_a_name_a_question_asks_about_stays_where_it_comes_again(recognizer: MultilingualTaggerRecognizer) -> None:
    """The name a question asks about, named again after it, is still the question's. (The disclosure
    head reads "aus den Siebzigern" as a place here, at its bare score: a known false alarm.)"""
    text = "Welche Filme hat Werner Herzog gedreht? Nenne drei aus den Siebzigern, Werner Herzog"
    assert language_of(text) == "de"
    assert "PERSON" not in _found(recognizer, text)


def test_runs_only_on_its_languages(recognizer: MultilingualTaggerRecognizer) -> None:
    assert MultilingualTaggerRecognizer in RECOGNIZER_CLASSES
    assert "en" not in (MultilingualTaggerRecognizer.LANGUAGES or ())
    english = "Hello, my name is Jana Kowalczyk and I live at 12 Linden Street, Cologne. I was born on 12 March 1985."
    assert _found(recognizer, english) == {}  # English is the English readers' to find


def test_every_language_has_its_cues() -> None:
    cues = load_cues()
    assert set(cues) == set(SUPPORTED)
    for lang, c in cues.items():
        assert {"name", "place", "org", "birth", "public"} <= set(c.before), lang


def test_long_input_is_bounded(recognizer: MultilingualTaggerRecognizer) -> None:
    text = ("Ich heiße Jana Kowalczyk und wohne in der Lindenstraße 12. Wie lange dauert ein Flug nach Tokio? " * 700)
    assert len(text.split()) >= 10_000
    found = recognizer.analyze(Field(PATH, "content", text))
    assert found and all(f.end <= recognizer.MAX_CHARS for f in found)  # only the head is read


@pytest.mark.parametrize("text", [
    "Меня зовут Ирина\u200b Соколова 😀😀 und ich wohne in der Straße 5 \u202eΕλένη\u202c مرحبا 12. März 1985 ",
    "Ich heiße A\u0301\u0301\u0301nna " + "\u200d" * 5000 + " und wohne in Köln, das ist meine Frage an euch alle hier.",
    "Мой адрес: " + "😀" * 3000 + " ул. Садовая, д. 15, и я хочу знать, сколько стоит билет до Москвы.",
    "Ich heiße " + "x" * 20_000 + " und wohne in Köln und frage mich, wie das Wetter morgen wird.",
])
def test_odd_input_never_breaks_it(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    for f in recognizer.analyze(Field(PATH, "content", text)):
        assert 0 <= f.start < f.end <= min(len(text), recognizer.MAX_CHARS)
    assert len(tokenize(text)) <= len(text)


@pytest.mark.parametrize(("lang", "text", "entity", "value"), [
    # the cue compared without accents: the enclitic's accent ("γέννησής μου"), a word typed without them
    ("el", "Η ημερομηνία γέννησής μου είναι 14/07/1988, οπότε ρωτάω για το ζώδιο.", "DATE_OF_BIRTH", "14/07/1988"),
    ("ro", "Data mea de nastere este 02.11.1979, daca are vreo importanta pentru horoscop.", "DATE_OF_BIRTH", "02.11.1979"),
    # a diagnosis in brackets after its cue
    ("de", "Seit meiner Diagnose (Asthma) lese ich viel über Bergsteigen in den Alpen.", "HEALTH", "Asthma"),
])
def test_cues_without_accents_and_a_diagnosis_in_brackets(recognizer: MultilingualTaggerRecognizer, lang: str, text: str,
                                                          entity: str, value: str) -> None:
    assert language_of(text) == lang
    assert any(value in span for span in _found(recognizer, text).get(entity, [])), _found(recognizer, text)


@pytest.mark.parametrize(("text", "date"), [
    # the verb of being born after the date, in its relative form or with the date first
    ("14 Mart 1991'de doğduğum için bu yıl hangi gün doğum günüm denk geliyor?", "14 Mart 1991"),
    ("El 3 de mayo de 1990 nací en un pueblo pequeño, ¿qué día de la semana fue?", "3 de mayo de 1990"),
    ("Pe 9 iunie 1984 m-am născut într-un sat mic; ce zodie sunt?", "9 iunie 1984"),
    # the participle of being born before it
    ("Мне, рождённому 03.07.1979, до сих пор непонятно: как это работает?", "03.07.1979"),
])
def test_a_birth_verb_after_the_date(recognizer: MultilingualTaggerRecognizer, text: str, date: str) -> None:
    assert any(date in span for span in _found(recognizer, text).get("DATE_OF_BIRTH", [])), _found(recognizer, text)


@pytest.mark.parametrize(("lang", "text", "org"), [
    ("de", "Ich studiere an der Universität Greifswald und frage mich, wie alt die Stadt ist.", "Universität Greifswald"),
    ("tr", "Ege Üniversitesi'nde okuyorum, vize sınavı ne zaman başlıyor acaba?", "Ege Üniversitesi"),
])
def test_a_school_by_its_kind_word_beside_a_study_cue(recognizer: MultilingualTaggerRecognizer, lang: str, text: str,
                                                      org: str) -> None:
    assert language_of(text) == lang
    assert org in _found(recognizer, text).get("ORGANIZATION", []), _found(recognizer, text)


@pytest.mark.parametrize(("text", "org"), [
    # a firm's name in quotes after a word for a kind of company: the name alone is rewritten
    ("Я сотрудник компании «Карпов и партнеры». Как настроить почту?", "Карпов и партнеры"),
    ("В IT-отделе компании «Марвел КТ» мне не смогли ответить.", "Марвел КТ"),
    # a school named by its number, after the writer's study cue
    ("Я учусь в гимназии № 1514, нам задали сочинение.", "гимназии № 1514"),
    ("Я в десятом классе, моя школа — гимназия № 2. Пожалуйста, объясни.", "гимназия № 2"),
    # a Russian name capitalises its first word only; the writer's alma mater or university
    ("Моя альма-матер — Новосибирский государственный университет, вопрос такой: что это?",
     "Новосибирский государственный университет"),
    ("Я учусь в Казанском федеральном университете.", "Казанском федеральном университете"),
])
def test_a_firm_in_quotes_and_a_school_by_its_number(recognizer: MultilingualTaggerRecognizer, text: str, org: str) -> None:
    assert language_of(text) == "ru"
    assert org in _found(recognizer, text).get("ORGANIZATION", []), _found(recognizer, text)


def test_a_firm_in_quotes_as_a_topic_is_left_alone(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "ORGANIZATION" not in _found(recognizer, "Компания «Яндекс» выпустила браузер. Что это такое?")


def test_a_university_as_a_topic_is_left_alone(recognizer: MultilingualTaggerRecognizer) -> None:
    text = "Wann wurde die Universität Wien gegründet und wer hat sie gestiftet?"
    assert language_of(text) == "de"
    assert _found(recognizer, text) == {}
    assert _found(recognizer, "Московский государственный университет основан в 1755 году?") == {}


# Where the writer comes from, in the language's own phrasing ("as someone from ...")
HOME_TOWNS = [
    ("de", "Als jemand aus Wolfenbüttel frage ich mich, wie man Bewerbungen schreibt.", "Wolfenbüttel"),
    ("ro", "Ca om din Botoșani, vreau să știu cum se scrie un CV.", "Botoșani"),
    ("tr", "Bir Erzurum insanı olarak kış lastiği hakkında soru soruyorum.", "Erzurum"),
    ("ru", "Как человеку из города Сыктывкар, мне интересно, как оформить визу.", "Сыктывкар"),
    ("de", "Aufgewachsen in Wolfenbüttel, da gab es kein Kino. Welche Filme lohnen sich?", "Wolfenbüttel"),
    # a greeting from the writer's town, and "someone from X writes to you"
    ("de", "Liebe Grüße aus Wolfenbüttel und eine Frage: Wie schreibt man eine Bewerbung?", "Wolfenbüttel"),
    ("es", "Saludos desde Villarrobledo. ¿Cómo se escribe un buen currículum?", "Villarrobledo"),
    ("ro", "Îți scrie cineva din Botoșani. Cum se scrie un CV bun?", "Botoșani"),
    ("el", "Χαιρετίσματα από την Καλαμάτα! Πώς γράφω ένα καλό βιογραφικό;", "Καλαμάτα"),
    ("ru", "Привет из города Сыктывкар! Как правильно оформить визу?", "Сыктывкар"),
    # Turkish: the case ending after the apostrophe stays outside the town ("[LOCATION_1]'dan")
    ("tr", "Erzurum'dan selamlar! Kış lastiği ne zaman takılmalı?", "Erzurum"),
]


@pytest.mark.parametrize(("lang", "text", "town"), HOME_TOWNS, ids=[h[0] for h in HOME_TOWNS])
def test_the_writers_home_town_in_its_languages_phrasing(recognizer: MultilingualTaggerRecognizer, lang: str, text: str,
                                                         town: str) -> None:
    assert language_of(text) == lang
    assert town in _found(recognizer, text).get("LOCATION", []), _found(recognizer, text)


def test_a_labelled_value_closing_its_clause_is_the_writers(recognizer: MultilingualTaggerRecognizer) -> None:
    """A short label opening its clause, its colon, and the value ending it: a form the writer fills
    in about themself, in any language. A label that heads a question is what the question is about."""
    text = "Arbeitgeber: Höfig AG. Frage vom IT-Support: Was ist eine Blockchain?"
    assert _found(recognizer, text).get("ORGANIZATION") == ["Höfig AG"]
    text = "Τόπος γέννησης: Μυτιλήνη. Ερώτηση: Τι είναι το Bitcoin;"
    assert _found(recognizer, text).get("LOCATION") == ["Μυτιλήνη"]
    assert "LOCATION" not in _found(recognizer, "Frage zur Geschichte: Wo liegt Berlin und wie alt ist es?")


def test_a_full_name_where_the_writer_speaks_and_asks_nothing_is_kept(recognizer: MultilingualTaggerRecognizer) -> None:
    """As in English, a full name in the writer's own sentence is theirs or someone's in their life;
    the same name in a question about the world, or after a public cue, is what is asked about."""
    text = "En el seminario me preguntaron a mí (Isabel Alemany) qué quiere decir esto."
    assert _found(recognizer, text).get("PERSON") == ["Isabel Alemany"]
    for public in ("¿Quién era Isabel Alemany y qué escribió?", "Ich frage mich, wann Thomas Mann gestorben ist?"):
        assert "PERSON" not in _found(recognizer, public), public


@pytest.mark.parametrize(("text", "name"), [
    ("Pregunta rápida de Nélida Uriarte Riquelme, del curso de Linux: ¿qué quiere decir exactamente esto?",
     "Nélida Uriarte Riquelme"),
    ("Короткий вопрос с курса, пишет Светлана Робертовна Громова: что именно здесь имеется в виду?",
     "Светлана Робертовна Громова"),
])
def test_a_full_name_in_a_clause_that_states_is_someones(recognizer: MultilingualTaggerRecognizer, text: str,
                                                          name: str) -> None:
    """With no word of the writer, a full name in a clause that states (before the colon that opens
    the question) is still someone's, as in English; in the question's own clause it is asked about."""
    assert _found(recognizer, text).get("PERSON") == [name]
    for public in ("¿Qué descubrió Marie Curie en París?", "Расскажи, чем известна Светлана Робертовна Громова?"):
        assert "PERSON" not in _found(recognizer, public), public


def test_a_place_the_model_is_unsure_of_is_settled_by_the_writers_cue(recognizer: MultilingualTaggerRecognizer) -> None:
    """A capitalised word the model leans towards a place without reaching its threshold is the
    writer's place right after a place cue; without a cue, or a sentence's first word, it is nothing."""
    assert _found(recognizer, "Mein Heimatort ist Zeulenroda, und der Verein dort will eine Website.").get(
        "LOCATION") == ["Zeulenroda"]
    assert _found(recognizer, "В детстве, там, где я вырос (Тула), все фильмы шли в дубляже.").get("LOCATION") == ["Тула"]
    assert "LOCATION" not in _found(recognizer, "Zeulenroda hat einen Verein, der eine Website will.")
    assert "Nähe" not in str(_found(recognizer, "Ich wohne in der Nähe von Köln."))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # a kin word right before the name wins over a public cue further off ("papá" folds to "papa")
        ("Era la frase favorita de mi papá, Abraham. ¿De qué película es?", "Abraham"),
        ("Băiatul meu, Ernest, zice că asta se învață acum la școală.", "Ernest"),
        ("Наша младшая, Анна, делает школьный проект про софт.", "Анна"),
        # Russian kin words in every case, and the writer's own with "с" ("with my brother")
        ("Ваше пожертвование нам поможет. (это аккаунт моей жены, Зинаида)", "Зинаида"),
        ("Обсуждали это с братом (Устин): при доступе через прокси вход не работает.", "Устин"),
        ("Почему контакты пропали? Жена Вера говорит, что у неё всё работает, а у меня нет.", "Вера"),
        # the possessive and a title of address between the tie and the name; the tie wins over what
        # the name model reads in the name (a village's too) and over a topic's cue further off
        ("Βοηθάω τη γιαγιά μου, την κυρία Γερακίνα, στο λάπτοπ και γράφει: ο κωδικός έχει λήξει.", "Γερακίνα"),
        ("Ρωτάω για τον πατέρα μου (λέγεται Ειρηναίος), τι να κάνω με τον κωδικό;", "Ειρηναίος"),
        ("Ayudo a mi abuela, doña Elvira, con el portátil. ¿Qué significa este error?", "Elvira"),
    ],
)
def test_a_family_members_name_after_a_kin_word(recognizer: MultilingualTaggerRecognizer, text: str, name: str) -> None:
    assert _found(recognizer, text).get("PERSON") == [name]


@pytest.mark.parametrize(("text", "name"), [
    ("Busco algo creativo para mi nieto Darío. ¿Qué quiere decir esto?", "Darío"),
    ("Babam Talayer yeni emekli oldu, bir şeylerle uğraşmaya vakti var.", "Talayer"),
    ("Soțul meu, Axinte, zice că e foarte ușor. Așa e?", "Axinte"),
    ("Η κόρη μου η Ματθίλδη θέλει να φτιάχνει δικά της παιχνίδια.", "Ματθίλδη"),
])
def test_a_rare_name_right_after_a_kin_word_whatever_the_name_model_says(
        recognizer: MultilingualTaggerRecognizer, text: str, name: str) -> None:
    assert _found(recognizer, text).get("PERSON") == [name]


@pytest.mark.parametrize("text", [
    "Annem hep, \"Sen benim sabah yıldızımsın,\" diyor.",  # a quotation's first word
    "¿Quién era el hermano de Napoleón?",  # no kin word of the writer's
    "Meine Tochter Schule findet sie doof.",  # German writes every noun with a capital
    "Η εξόρυξη του Bitcoin δεν είναι σπατάλη ενέργειας;",  # an article alone is no kin word
])
def test_a_capital_after_a_kin_word_that_is_no_name(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "PERSON" not in _found(recognizer, text)


@pytest.mark.parametrize(("text", "school"), [
    # a school after a homework word set off by its comma, or before one ("für ... ödev")
    ("Was erscheint in der Liste? (Hausaufgabe, Gesamtschule Bremen-Ost)", "Gesamtschule Bremen-Ost"),
    ("Elija el conjunto de datos que desea publicar. (deberes, IES Luis Vives)", "IES Luis Vives"),
    ("Proiect pentru Liceul Teoretic Lucian Blaga: ce este un catalog de date?", "Liceul Teoretic Lucian Blaga"),
])
def test_a_school_an_exercise_is_for(recognizer: MultilingualTaggerRecognizer, text: str, school: str) -> None:
    assert school in (_found(recognizer, text).get("ORGANIZATION") or []), _found(recognizer, text)


@pytest.mark.parametrize(("text", "town"), [
    ("Meine Kindheit habe ich in Zeitz verbracht, deshalb mag ich kleine Städte.", "Zeitz"),
    ("Am copilărit în Caracal și acum predau informatică.", "Caracal"),
    ("Я из города Кимры, и там нет кинотеатра.", "Кимры"),
    ("Ordu'da doğdum ve hâlâ orada yaşıyorum.", "Ordu"),  # a case ending after the apostrophe
    ("Μεγάλωσα στην Καρδίτσα και τώρα σπουδάζω πληροφορική.", "Καρδίτσα"),
    # the city's abbreviation does not end the writer's sentence; a sign-off's town is the writer's
    ("Действие с новыми выпусками почему так? я сейчас у родителей, г. Орёл.", "Орёл"),
    ("Шифрования нет. с уважением, г. Кострома", "Кострома"),
    # right after a cue of the writer's place, in a text too short for the name model
    ("Meine Heimatstadt ist Rostock.", "Rostock"),
])
def test_a_known_town_after_a_preposition_of_place_in_the_writers_sentence(
        recognizer: MultilingualTaggerRecognizer, text: str, town: str) -> None:
    assert _found(recognizer, text).get("LOCATION") == [town]


@pytest.mark.parametrize("text", [
    "Zeitz liegt in Sachsen-Anhalt.",  # no one's: the town is the sentence's topic
    "Ich fliege morgen nach Zeitz und brauche Tipps.",  # where one goes: a trip's town
    "Was kann ich in Zeitz besichtigen?",  # what a question asks about
    "Сколько жителей в г. Кострома?",
])
def test_a_known_town_that_is_no_ones_home(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "LOCATION" not in _found(recognizer, text)


@pytest.mark.parametrize(("text", "date"), [
    ("Στη φόρμα έγραψα ημερομηνία γέννησης 4/9/1979, σωστά;", "4/9/1979"),  # a numeric date the model may not tag
    ("Mi fecha de nacimiento (12 de enero de 1981) sale mal en el formulario.", "12 de enero de 1981"),
    ("Дата рождения у меня 03.05.1990, а в анкете другая.", "03.05.1990"),  # not the word before it
])
def test_a_date_beside_a_birth_cue_is_a_birth_date(text: str, date: str) -> None:
    from guardian.detect import Detector

    found = [(text[f.start:f.end], f.entity) for f in Detector().analyze_field(Field(PATH, "content", text))
             if f.entity in ("DATE_OF_BIRTH", "DATE_TIME")]
    assert found == [(date, "DATE_OF_BIRTH")]  # not a date the date shapes alone would keep


def test_a_date_with_no_birth_cue_stays_a_date(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "DATE_OF_BIRTH" not in _found(recognizer, "Der Vertrag vom 3. Oktober 1990 wurde am 12.09.1990 unterschrieben.")


def test_the_writers_possessive_second_in_a_sentence_is_no_requests_object() -> None:
    from guardian.detect.recognizers.multilingual_tagger import writer_in_sentence, writer_words

    words, topic = writer_words("ro")
    text = "Locul meu natal e Sinaia și vara organizez acolo o lectură."
    at = text.index("Sinaia")
    assert writer_in_sentence(text, at, at + 6, words, topic)
    text = "Dă-mi filmele lui Ridley Scott."  # the object of a request
    at = text.index("Ridley")
    assert not writer_in_sentence(text, at, at + 12, words, topic)


def test_the_writer_as_the_subject_of_a_question_that_puts_its_verb_first() -> None:
    from guardian.detect.recognizers.multilingual_tagger import writer_in_sentence, writer_words

    words, topic = writer_words("de")
    text = "Darf ich das bei der Gunpf Kobelt AG einfach so?"
    at = text.index("Gunpf")
    assert writer_in_sentence(text, at, at + 15, words, topic)
    text = "Gib mir alle Filme von Ridley Scott."  # the object of a request: it asks, it tells nothing
    at = text.index("Ridley")
    assert not writer_in_sentence(text, at, at + 12, words, topic)


@pytest.mark.parametrize(("text", "medicine"), [
    ("Ich nehme jeden Morgen Ibuprofen, was ist HTML?", "Ibuprofen"),
    # the writer's word with an enclitic's accent ("μού") is the writer's word ("μου")
    ("Ο γιατρός μού έγραψε παρακεταμόλη. Κάτι άλλο: τι είναι το HTML;", "παρακεταμόλη"),
    # a generic name of the list written in Cyrillic, in any case; a label the writer fills in; a reminder
    ("Кстати, азатиоприном меня лечат уже год, и что такое HTML?", "азатиоприном"),
    ("Лекарства: эзомепразол  Как настроить роутер?", "эзомепразол"),
    ("Настрой, пожалуйста, чтобы телефон напоминал мне про ламотриджин.", "ламотриджин"),
])
def test_a_medicine_in_the_writers_sentence_is_their_health(recognizer: MultilingualTaggerRecognizer, text: str,
                                                            medicine: str) -> None:
    assert medicine in _found(recognizer, text).get("HEALTH", [])


@pytest.mark.parametrize("text", ["Ich habe eine Frage zu Metformin: wie wirkt es im Körper?",
                                  "Was sind die Nebenwirkungen von Ibuprofen?"])
def test_a_medicine_as_a_topic_is_left_alone(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "HEALTH" not in _found(recognizer, text)


@pytest.mark.parametrize(("text", "org"), [
    ("Место работы: ИП «Чернова». Времени мало, так что кратко: что это?", "ИП «Чернова»"),
    ("На следующей неделе у меня собеседование в ОАО «Воробьева-Орлов». Что спросят?", "ОАО «Воробьева-Орлов»"),
    ("Desde marzo estoy en Delfina Nuñez Bertrán S.Coop. y me han encargado la web.", "Delfina Nuñez Bertrán S.Coop."),
    # forms of ISO 20275's list that no hand-kept list had, and one in capitals
    ("Vreau să-l pun pe wiki-ul intern de la Mocanu PFA.", "Mocanu PFA"),
    ("La noi în firmă (Tabacu Toma INC) terminalul e blocat.", "Tabacu Toma INC"),
])
def test_a_company_by_its_iso_20275_form_first_or_last(recognizer: MultilingualTaggerRecognizer, text: str, org: str) -> None:
    assert org in _found(recognizer, text).get("ORGANIZATION", [])


def test_a_company_by_its_form_as_a_topic_is_left_alone(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "ORGANIZATION" not in _found(recognizer, "Что такое ООО «Газпром» и кто им владеет?")


@pytest.mark.parametrize(("text", "job", "found"), [
    ("Bankacı olarak çalıştığım işin yanında JavaScript öğreniyorum. Bunu anlatır mısın?", "Bankacı", True),
    ("Bir hemşire olarak çalışmak için hangi okullardan mezun olmak gerekir?", "hemşire", False),
])
def test_turkish_as_a_job_in_the_writers_clause(recognizer: MultilingualTaggerRecognizer, text: str, job: str,
                                                found: bool) -> None:
    assert (job in _found(recognizer, text).get("OCCUPATION", [])) is found


def test_superscripts_and_other_digits_int_cannot_read_are_words_not_numbers() -> None:
    """"m²", "x²", "①": digits to str.isdigit, but int() reads none of them; the tagger must not
    fail on a text that holds one (it reads English prompts too, as the writers' head)."""
    from guardian.detect.recognizers.multilingual_tagger import load_multilingual_tagger, token_features

    assert not any(f.startswith("num:") for f in token_features("²", False))
    assert "num:2:34" in token_features("٣٤", False)  # Arabic-Indic digits are a number
    load_multilingual_tagger().tag("Die Wohnung hat 40 m², x² + y² = r², ① und ②.")


def test_the_disclosure_heads_employer_school_or_town_is_written_as_a_name() -> None:
    """A common noun is no employer or town: lower case in a language that writes names with a
    capital ("la escuela"); in German, whose nouns all have one, only where the name model reads a
    name there too ("in der Schule" is none, "bei Siemens" is one)."""
    from guardian.detect.recognizers.multilingual_tagger import TaggedSpan, _a_name

    es = "Muchos niños abandonaban la escuela de Valladolid."
    assert not _a_name(es, es.index("escuela"), es.index("escuela") + 7, "es", [])
    assert _a_name(es, es.index("Valladolid"), es.index("Valladolid") + 10, "es", [])
    de = "In der Schule bei Siemens gebe ich mein Bestes."
    siemens = TaggedSpan(de.index("Siemens"), de.index("Siemens") + 7, "ORGANIZATION", 0.9)
    assert not _a_name(de, de.index("Schule"), de.index("Schule") + 6, "de", [siemens])
    assert _a_name(de, siemens.start, siemens.end, "de", [siemens])


@pytest.mark.parametrize(("text", "date"), [
    ("Context: sunt o persoană născută la 4 septembrie 1996 care trece acum pe front-end.", "4 septembrie 1996"),
    ("Я, родившаяся 10 февраля 1983, только начинаю программировать.", "10 февраля 1983"),
    ("Λίγο πλαίσιο: γεννημένη στις 19-05-1970, δύο χρόνια στο front-end.", "19-05-1970"),
])
def test_a_birth_date_after_the_participle_born(recognizer: MultilingualTaggerRecognizer, text: str, date: str) -> None:
    assert _found(recognizer, text).get("DATE_OF_BIRTH") == [date]


@pytest.mark.parametrize(("text", "date"), [
    # a letter abbreviation of "born" or "date of birth" does not end the sentence
    ("Как сменить пароль? (д.р. 3 марта 1977 г.)", "3 марта 1977"),
    ("Şifremi nasıl değiştiririm? (Doğ. 12 Ekim 1969)", "12 Ekim 1969"),
    # the date's noun after it: "... as my date of birth"
    ("En el formulario dejé el 14/02/1988 como fecha de nacimiento y no me deja cambiarlo.", "14/02/1988"),
    ("Στη φόρμα έβαλα 22.06.1993 ως ημερομηνία γέννησης, πώς το αλλάζω;", "22.06.1993"),
    # the month's name inside the date is no place, whatever the name model says
    ("Ich bin am 11. April 1996 geboren und lerne gerade Python. Was ist eine Liste?", "11. April 1996"),
])
def test_a_birth_date_by_an_abbreviation_or_the_dates_noun_after_it(recognizer: MultilingualTaggerRecognizer,
                                                                     text: str, date: str) -> None:
    assert _found(recognizer, text).get("DATE_OF_BIRTH") == [date], _found(recognizer, text)


@pytest.mark.parametrize(("text", "town"), [
    ("Gilt das auch, wenn ich in Wunsiedel wohne?", "Wunsiedel"),
    ("Ισχύει αυτό και για όσους ζούμε στην Καλαμάτα;", "Καλαμάτα"),
    ("А если я нахожусь в Костроме, это что-то меняет?", "Костроме"),
])
def test_the_town_the_writer_lives_in_inside_a_question(recognizer: MultilingualTaggerRecognizer, text: str,
                                                        town: str) -> None:
    # a question may carry the writer's home: the verb of living says whose the town is
    assert _found(recognizer, text).get("LOCATION") == [town], _found(recognizer, text)


def test_a_rare_name_after_a_german_kin_word_that_the_lists_know(recognizer: MultilingualTaggerRecognizer) -> None:
    assert _found(recognizer, "Laut meinem Schwager Emre ist das ganz einfach – stimmt das?").get("PERSON") == ["Emre"]
    assert "PERSON" not in _found(recognizer, "Ich bin Koch und frage mich: was ist HTML?")


@pytest.mark.parametrize(("text", "value", "entity"), [
    ("Beruf: Dachdecker. Wie lange hält ein Ziegeldach?", "Dachdecker", "OCCUPATION"),
    ("Должность: анестезиолог  Как настроить почту?", "анестезиолог", "OCCUPATION"),
    ("Diagnóstico: artritis reumatoide. ¿Qué es un VPN?", "artritis reumatoide", "HEALTH"),
    # a Spanish question's opening mark ends the value; a title may name its field; where nouns have
    # no capital, a capitalised word opens the next sentence run on without a stop (an acronym stays)
    ("Profesión: camionero ¿Debo actualizar el sistema con apt o con Synaptic?", "camionero", "OCCUPATION"),
    ("Ocupația: tehnician devize si masuratori in constructii. Cum export un fișier?",
     "tehnician devize si masuratori in constructii", "OCCUPATION"),
    ("Unvan: elektrik teknisyeni Bu ayar ne işe yarar, neden kapalı geliyor?", "elektrik teknisyeni", "OCCUPATION"),
    ("Ocupație: șofer de TIR. Există un număr de instrumente pentru asta?", "șofer de TIR", "OCCUPATION"),
    ("Диагноз: болезнь Крона. Как настроить почту на телефоне?", "болезнь Крона", "HEALTH"),
])
def test_a_forms_label_of_job_or_diagnosis_names_the_writers(recognizer: MultilingualTaggerRecognizer, text: str,
                                                            value: str, entity: str) -> None:
    assert value in _found(recognizer, text).get(entity, []), _found(recognizer, text)


def test_a_diagnosis_label_over_a_programs_fault_is_no_health(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "HEALTH" not in _found(recognizer, "Diagnose: Zeitüberschreitung beim Verbindungsaufbau. Was tun?")


@pytest.mark.parametrize(("text", "value", "entity"), [
    ("Wegen meiner Erkrankung (Morbus Crohn) kann ich nicht lange sitzen.", "Morbus Crohn", "HEALTH"),
    # German gives the noun its capital: a condition's acronym after it is no abbreviation of it
    ("Seit meiner Diagnose (ADHS) arbeite ich von zu Hause. Was wird ausgegeben?", "ADHS", "HEALTH"),
    # the label after a cause's preposition, or with the writer's suffix, makes it the writer's
    ("Из-за болезни (рассеянный склероз) ответь, пожалуйста, коротко: что такое FTP?", "рассеянный склероз", "HEALTH"),
    ("In meinem Beruf (Dachdecker) brauche ich das nie.", "Dachdecker", "OCCUPATION"),
])
def test_a_label_with_its_value_in_brackets_in_the_writers_sentence(recognizer: MultilingualTaggerRecognizer,
                                                                    text: str, value: str, entity: str) -> None:
    assert value in _found(recognizer, text).get(entity, []), _found(recognizer, text)


@pytest.mark.parametrize(("text", "value", "entity"), [
    ("La firmă (Ababei SPI) a apărut întrebarea asta: cum încarc un fișier?", "Ababei SPI", "ORGANIZATION"),
    ("Στο γραφείο (Κυκλάδες Τουριστική Ι.Κ.Ε.) έχουμε όλοι την ίδια απορία.", "Κυκλάδες Τουριστική Ι.Κ.Ε.", "ORGANIZATION"),
    ("Acasă (Bulevardul Albu) ne certăm pe tema asta.", "Bulevardul Albu", "LOCATION"),
])
def test_a_name_in_brackets_after_where_the_writer_works_or_lives(recognizer: MultilingualTaggerRecognizer,
                                                                  text: str, value: str, entity: str) -> None:
    # the place of the writer's day opens the sentence; the name in brackets is theirs
    assert value in _found(recognizer, text).get(entity, []), _found(recognizer, text)


def test_a_workplace_word_before_a_colon_is_no_label(recognizer: MultilingualTaggerRecognizer) -> None:
    # read in brackets only: "Дома: Windows 10" says what runs at home, not where home is
    assert "LOCATION" not in _found(recognizer, "Дома: Windows, на работе: Linux. Что лучше для Python?")


@pytest.mark.parametrize(("text", "name"), [
    ("Titus Oprea aici – îmi apare asta de fiecare dată când deschid aplicația.", "Titus Oprea"),
    ("Horațiu Popa aici, salut! Cum instalez aplicația?", "Horațiu Popa"),
    ("Aplicația merge foarte bine pe telefon. — Cornel Dumitrescu, utilizator mulțumit", "Cornel Dumitrescu"),
    ("Öncel Sezgin yazıyor: uygulamayı her açtığımda bu çıkıyor.", "Öncel Sezgin"),
    ("Giz Şafak olarak kısa bir sorum olacak: devam etmek için ne yapmalıyım?", "Giz Şafak"),
])
def test_a_private_persons_full_name_framing_the_message_is_personal(recognizer: MultilingualTaggerRecognizer,
                                                               text: str, name: str) -> None:
    assert name in _found(recognizer, text).get("PERSON", []), _found(recognizer, text)


@pytest.mark.parametrize("text", [
    "Albert Einstein hat die Relativitätstheorie entwickelt. Wie funktioniert sie?",
    "Julia Gillard, primera ministra interina, sostuvo que Australia debería ser una república.",
    "¿Quién fue Guadalupe Alegre Solsona?",
])
def test_a_name_known_worldwide_or_asked_about_is_no_private_persons(recognizer: MultilingualTaggerRecognizer,
                                                                    text: str) -> None:
    assert "PERSON" not in _found(recognizer, text), _found(recognizer, text)


@pytest.mark.parametrize(("text", "date"), [
    ("Vine al mundo el 3 de mayo de 1975, así que explícamelo despacio.", "3 de mayo de 1975"),
    ("Ich bin am 2. März 1961 zur Welt gekommen. Wie richte ich das Konto ein?", "2. März 1961"),
    ("Ήρθα στον κόσμο στις 4 Μαΐου 1983 και δεν καταλαβαίνω την εφαρμογή.", "4 Μαΐου 1983"),
    ("Вопрос: 5 марта 1970 г. у меня был день рождения, как сменить дату в профиле?", "5 марта 1970"),
])
def test_a_birth_said_as_coming_into_the_world_or_a_birthday_after(recognizer: MultilingualTaggerRecognizer,
                                                                   text: str, date: str) -> None:
    assert _found(recognizer, text).get("DATE_OF_BIRTH") == [date], _found(recognizer, text)


def test_a_historic_date_before_the_world_is_no_birth(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "DATE_OF_BIRTH" not in _found(recognizer, "El 12 de octubre de 1492 Colón llegó al nuevo mundo.")


@pytest.mark.parametrize(("text", "school"), [
    ("Es un ejercicio de la asignatura de redes de la Universidad de Granada.", "Universidad de Granada"),
    ("(Εργασία εξαμήνου, Πανεπιστήμιο Ιωαννίνων) Πώς ανοίγω το αρχείο;", "Πανεπιστήμιο Ιωαννίνων"),
    ("Das kam in unserer Projektgruppe an der Stadtteilschule Altona auf.", "Stadtteilschule Altona"),
])
def test_a_school_named_with_a_courses_work_is_the_writers(recognizer: MultilingualTaggerRecognizer, text: str,
                                                           school: str) -> None:
    assert school in _found(recognizer, text).get("ORGANIZATION", []), _found(recognizer, text)


@pytest.mark.parametrize("text", [
    "¿Qué exámenes de acceso pide la Universidad de Granada?",  # asked about
    "Meine Tochter geht auf die Musikschule, ist das gut?",  # a compound with no name: the common noun
])
def test_a_school_asked_about_or_a_common_noun_is_no_ones(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "ORGANIZATION" not in _found(recognizer, text), _found(recognizer, text)


@pytest.mark.parametrize(("text", "job"), [
    ("Как няня, я с этим мало связан, но что значит эта кнопка?", "няня"),
    ("Lo pregunto porque soy maestro preescolar.", "maestro preescolar"),
    ("Я учёный, не программист, так что без терминов, пожалуйста.", "учёный"),
])
def test_a_job_that_heads_one_of_fakers_titles_is_a_job(recognizer: MultilingualTaggerRecognizer, text: str,
                                                        job: str) -> None:
    # the cue grammar's noun shapes miss these; Faker's job titles of the language know them
    assert job in _found(recognizer, text).get("OCCUPATION", []), _found(recognizer, text)


def test_a_public_persons_office_is_no_job_of_the_writer(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "OCCUPATION" not in _found(recognizer, "Como presidente, Obama firmó la ley de salud.")


def test_a_label_with_a_value_in_brackets_where_no_one_speaks_is_no_ones(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "HEALTH" not in _found(recognizer, "Die Krankheit (Masern) ist sehr ansteckend.")


@pytest.mark.parametrize(("text", "name"), [
    ("Freia, meine Oma, wollte wissen: Was ist ein Browser?", "Freia"),
    ("Die Frage kommt eigentlich von Gerhild, meiner Oma – sie sitzt neben mir am Laptop.", "Gerhild"),
    ("La duda es en realidad de Lupita, mi abuela; está aquí al lado conmigo.", "Lupita"),
    ("De fapt, întrebarea e a bunicii, Estera; stă lângă mine la laptop.", "Estera"),
    ("Дедушка, Адам, плохо разбирается в телефонах. Как ему объяснить?", "Адам"),
])
def test_a_name_beside_a_family_word_by_a_comma_is_the_writers_kin(recognizer: MultilingualTaggerRecognizer,
                                                                   text: str, name: str) -> None:
    assert _found(recognizer, text).get("PERSON") == [name], _found(recognizer, text)


@pytest.mark.parametrize("text", [
    "Mutter Teresa, Heilige der Kirche, was hat sie gemacht?",
    "Дед Мороз, кто это?",
    "La madre de Frida Kahlo, Matilde, ¿de dónde era?",
])
def test_a_title_or_another_persons_family_is_no_kin_of_the_writer(recognizer: MultilingualTaggerRecognizer,
                                                                   text: str) -> None:
    assert "PERSON" not in _found(recognizer, text), _found(recognizer, text)


@pytest.mark.parametrize(("text", "job"), [
    ("¿Qué curso recomiendas a alguien que, como yo, es fontanero y quiere aprender Python?", "fontanero"),
    ("Ce carte i-ai recomanda cuiva care, ca mine, e farmacist?", "farmacist"),
])
def test_a_job_said_of_someone_like_the_writer_is_theirs(recognizer: MultilingualTaggerRecognizer, text: str,
                                                         job: str) -> None:
    assert _found(recognizer, text).get("OCCUPATION") == [job], _found(recognizer, text)


def test_a_condition_said_of_someone_like_the_writer_is_no_job(recognizer: MultilingualTaggerRecognizer) -> None:
    found = _found(recognizer, "¿Qué playas recomiendas a alguien que, como yo, es celíaco y viaja solo?")
    assert "OCCUPATION" not in found and found.get("HEALTH") == ["celíaco"], found


def test_the_day_of_a_date_is_no_age(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "AGE" not in _found(recognizer, "Wann wurde Kant geboren? Am 22. April 1724.")


@pytest.mark.parametrize(("text", "age"), [
    # a number before the noun it counts is no one's age
    ("Sono andato al mercato e ho comprato 10 mele. Ho dato 2 mele al vicino. Quante mele mi sono rimaste?", None),
    # before the language's word for years, a function word or a comma it is
    ("Tengo 34 años y quiero aprender a programar. ¿Por dónde empiezo?", "34"),
    ("Ich bin 34 und frage mich, wie ein Kredit funktioniert.", "34"),
    ("Мне 34, и я хочу понять, как работает ипотека.", "34"),
])
def test_a_number_that_counts_a_noun_is_no_age(recognizer: MultilingualTaggerRecognizer, text: str, age: str | None) -> None:
    ages = _found(recognizer, text).get("AGE")
    assert ages == ([age] if age else None), ages


@pytest.mark.parametrize(("text", "medicine"), [
    # the time between two of one's doses: only the one who takes the medicine counts it
    ("Între două doze de Concor: Dacă sunteți în mijlocul editării, folosiți alt-#.", "Concor"),
    ("Между приёмами препарата Метформин: Как выделить диапазон строк?", "Метформин"),
    ("İki doz Glifor arasında: Bir sistem neden karmaşık olur?", "Glifor"),
    # German gives every noun a capital: after a medicine's form the noun is its name
    ("Wie setze ich den Stick zurück? – schreibe das zwischen zwei Tabletten Novaminsulfon.", "Novaminsulfon"),
])
def test_a_medicine_between_two_of_its_doses_is_the_writers(recognizer: MultilingualTaggerRecognizer, text: str,
                                                             medicine: str) -> None:
    assert medicine in (_found(recognizer, text).get("HEALTH") or []), _found(recognizer, text)


def test_between_doses_in_a_question_asks_about_the_medicine(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "HEALTH" not in _found(recognizer, "¿Cuánto tiempo debe pasar entre dosis de Ibuprofeno?")


@pytest.mark.parametrize(("text", "town"), [
    # "someone who grew up in", "here in": the writer's place without "I"
    ("Como alguien que se crió en Getafe, no entiendo esta frase: ¿qué es la innovación?", "Getafe"),
    ("Σαν κάποιος που μεγάλωσε στην πόλη Καλαμάτα, δεν καταλαβαίνω αυτή τη φράση.", "Καλαμάτα"),
    ("Εδώ στη Πάτρα όλοι μιλάνε γι' αυτό. Τι είναι τα ανοιχτά δεδομένα;", "Πάτρα"),
    # a move to a town, the writer's home town, "my town," set off before its name
    ("Недавно переехала в город Тверь, подскажите, где настройки?", "Тверь"),
    ("А если я фотографирую только свой родной город Вологда?", "Вологда"),
    ("¿Sirve para fotos de mi pueblo, Teruel?", "Teruel"),
    ("Μετακομίσαμε στην Κόρινθο πέρσι και ψάχνουμε βιβλιοθήκη.", "Κόρινθο"),
    # Turkish: a resident of, originally from the province of
    ("Uzun zamandır Kütahya sakiniyim, bu ayar ne işe yarar?", "Kütahya"),
    ("Aslen Sinop ilindenim, bu menü nerede?", "Sinop"),
])
def test_the_writers_place_told_without_a_first_person_word(recognizer: MultilingualTaggerRecognizer, text: str,
                                                             town: str) -> None:
    assert _found(recognizer, text).get("LOCATION") == [town], _found(recognizer, text)


@pytest.mark.parametrize(("text", "name"), [
    ("Дедушка Давыд говорит, что это не работает.", "Давыд"),  # a tie as a title, no possessive
    ("Племянник Анатолий мне это установил, но сейчас не отвечает.", "Анатолий"),
    ("La abuela Carmen dice que no funciona.", "Carmen"),  # an article before the tie
    ("Η γιαγιά Μαρία λέει ότι δεν λειτουργεί.", "Μαρία"),
])
def test_a_tie_used_as_a_title_names_the_writers_relative(recognizer: MultilingualTaggerRecognizer, text: str,
                                                          name: str) -> None:
    assert _found(recognizer, text).get("PERSON") == [name], _found(recognizer, text)


@pytest.mark.parametrize("text", [
    "¿Quién era el tío Sam?",  # a question about the world
    "Papa Francesco ha detto che va bene.",  # a faith's title, no tie of the list
])
def test_a_title_that_is_no_relatives(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "PERSON" not in _found(recognizer, text), _found(recognizer, text)


def test_a_rare_town_right_after_a_place_cue_whatever_the_name_model_says(recognizer: MultilingualTaggerRecognizer) -> None:
    text = "Doğduğum şehir Kahramanmaraş ve oradaki kütüphane atölye yapmak istiyor."
    assert _found(recognizer, text).get("LOCATION") == ["Kahramanmaraş"]


def test_turkish_marks_the_writer_on_from_and_on_a_participles_object() -> None:
    from guardian.detect.recognizers.multilingual_tagger import writer_in_sentence, writer_words

    words, topic = writer_words("tr")
    for text, span in (("Aslen Trabzon şehrindenim, ifadeler için önemliyse.", "Trabzon"),
                       ("Taramada Xanax kullandığımı belirtmem gerekir mi?", "Xanax")):
        at = text.index(span)
        assert writer_in_sentence(text, at, at + len(span), words, topic), text
    text = "Bu tanım Trabzon için de geçerli mi?"  # "tanım" (a definition) is no "I am from"
    at = text.index("Trabzon")
    assert not writer_in_sentence(text, at, at + 7, words, topic)


@pytest.mark.parametrize(
    ("text", "product"),
    [
        ("Lade Mozilla Firefox für Windows herunter, ein kostenloser Browser.", "Mozilla Firefox"),
        ("Contamos con el respaldo de Mozilla Foundation, una organización sin ánimo de lucro.", "Mozilla Foundation"),
        ("Warum sollte ich Mozilla VPN für Android herunterladen?", "Mozilla VPN"),
    ],
)
def test_a_full_name_with_no_cue_and_no_persons_name_in_it_is_no_person(
        recognizer: MultilingualTaggerRecognizer, text: str, product: str) -> None:
    # a product or a body written like a full name: none of its words is anyone's given name or surname
    assert product not in _found(recognizer, text).get("PERSON", [])


def test_the_name_words_are_fakers_person_lists_in_every_script() -> None:
    from guardian.detect.given_names import has_name_word, name_words

    assert len(name_words()) > 30_000
    assert has_name_word("Katharina Leitgeb") and has_name_word("Ирина Соколова") and has_name_word("Ελένη")
    assert not has_name_word("Mozilla Firefox") and not has_name_word("Developer Edition")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Apaga la luz del pasillo, por favor. Lo pide Marisol Quintana Ferrer, o sea, yo.", "Marisol Quintana Ferrer"),
        ("Wie wird das Wetter morgen in der Stadt? Das fragt Henrike Albrecht, also ich.", "Henrike Albrecht"),
        ("Сколько стоит билет до Казани? Спрашивает Зоя Петренко, то есть я.", "Зоя Петренко"),
    ],
)
def test_a_name_followed_by_that_is_me_is_the_writers(recognizer: MultilingualTaggerRecognizer, text: str,
                                                       name: str) -> None:
    # the model may call the two words an organisation: "that is, me" says whose name it is
    assert any(name in p for p in _found(recognizer, text).get("PERSON", [])), _found(recognizer, text)


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("Ο εργοδότης μου είναι ΟΣΕ και δουλεύω με βάρδιες. Τι καιρό θα κάνει αύριο;", "ΟΣΕ"),
        ("Mein Arbeitgeber ist Vossloh, deshalb frage ich: wie lange dauert die Fahrt nach Bonn?", "Vossloh"),
        ("Angajatorul meu este Petrom și vreau să știu cât durează drumul până la Sibiu.", "Petrom"),
        ("Мой работодатель — Северсталь, и я хочу узнать, сколько ехать до Вологды.", "Северсталь"),
        # a student of it: the school or university the writer studies at, an acronym too
        ("Вопрос от первокурсника КФУ: Присоединяйтесь к нашей миссии.", "КФУ"),
        ("Întrebare de la un boboc de la ASE București: Eroare de rețea.", "ASE București"),
        ("Soy alumna del IES Isabel la Católica y tengo una duda.", "IES Isabel la Católica"),
    ],
)
def test_the_organisation_the_writer_names_as_their_employer(recognizer: MultilingualTaggerRecognizer, text: str,
                                                             org: str) -> None:
    # the writer's word for their employer names it, acronym or rare name, whatever the model says
    assert org in _found(recognizer, text).get("ORGANIZATION", []), _found(recognizer, text)


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("Wir nutzen das seit März. Bei Brandtner, meinem Arbeitgeber, fragt man sich: lohnt sich ein Update?", "Brandtner"),
        ("Sievers & Kolb KG (mein Arbeitgeber) stellt bald um. Was ändert sich dabei?", "Sievers & Kolb KG"),
        ("La empresa en la que trabajo, Ortuño Fabra, quiere migrar. ¿Qué pasos hay?", "Ortuño Fabra"),
        ("Η εταιρεία όπου δουλεύω, Καραλής-Ντόκου, αλλάζει πάροχο. Τι πρέπει να ξέρω;", "Καραλής-Ντόκου"),
        ("Bu soruyu çalıştığım Yücel Tekstil şirketi adına soruyorum.", "Yücel Tekstil"),
        # a relative clause of the writer's work after the name: "X, where I am employed"
        ("Die Frage ist privat, nicht von Lidl, wo ich angestellt bin.", "Lidl"),  # a name the model alone passes
        ("Întrebarea nu e de la Vulpescu, unde lucrez.", "Vulpescu"),
        # the team the writer works in, the staff room of the school they teach at
        ("Du bist nicht berechtigt. Wir setzen das bei Bosch im Team ein.", "Bosch"),
        ("Consulte la documentación. La pregunta viene de la sala de profesores del IES Isabel la Católica.",
         "IES Isabel la Católica"),
    ],
)
def test_the_employer_in_apposition_to_the_writers_word_for_it(recognizer: MultilingualTaggerRecognizer, text: str,
                                                               org: str) -> None:
    # "X, my employer," and "the company where I work, X,": the apposition names it, whatever the model says
    assert org in _found(recognizer, text).get("ORGANIZATION", []), _found(recognizer, text)


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("Wie richte ich die Synchronisierung ein? (Diensthandy, Brandtner Logistik)", "Brandtner Logistik"),
        ("Сколько места нужно для обновления? (рабочий ноутбук, Северсталь)", "Северсталь"),
        ("Güncelleme ne kadar sürer? (şirket bilgisayarı: Yücel Tekstil)", "Yücel Tekstil"),
        ("работаю в компании Северсталь, и мне нужен совет по настройке.", "Северсталь"),
    ],
)
def test_the_owner_named_after_a_work_device_or_the_word_for_the_company(
        recognizer: MultilingualTaggerRecognizer, text: str, org: str) -> None:
    # "(work laptop, X)": whose device it is; "I work at the company X": the preposition's noun, then the name
    assert any(org in o for o in _found(recognizer, text).get("ORGANIZATION", [])), _found(recognizer, text)


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Я живу в г. Кострома, подскажите погоду.", "Кострома"),  # the cue's abbreviation, no sentence's end
        ("Setează secvența implicită de Auto-tastare (aici la Sibiu e altfel)", "Sibiu"),  # "here in": where the writer is
    ],
)
def test_a_town_after_an_abbreviated_cue_or_here_in(recognizer: MultilingualTaggerRecognizer, text: str,
                                                    town: str) -> None:
    assert town in _found(recognizer, text).get("LOCATION", []), _found(recognizer, text)


def test_a_town_asked_about_after_here_in_stays(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "LOCATION" not in _found(recognizer, "Какая погода в г. Кострома?")


def test_a_job_after_as_is_found_in_fakers_titles_written_without_diacritics() -> None:
    from guardian.detect.recognizers.multilingual_work import is_faker_job_head, work_spans

    assert is_faker_job_head("lăcătuș", "ro") and is_faker_job_head("asistentă", "ro")  # "lacatus", "asistenta"
    text = "Ca asistentă medicală dau des de astfel de lucruri: apăsați butonul."
    assert [text[a:b] for a, b, _ in work_spans(text, "ro", lambda s, e: True)] == ["asistentă"]


def test_a_company_in_brackets_after_the_words_for_work_that_open_the_sentence(
        recognizer: MultilingualTaggerRecognizer) -> None:
    text = "Коллеги по работе (компания Северсталь) никак не могут договориться. Кто прав?"
    assert "Северсталь" in _found(recognizer, text).get("ORGANIZATION", []), _found(recognizer, text)


def test_a_work_device_with_nothing_named_after_it_names_no_employer(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "ORGANIZATION" not in _found(recognizer, "Mein Diensthandy, das alte, startet nicht mehr. Was tun?")


def test_a_name_beside_the_writers_firm_without_an_apposition_is_no_employer(recognizer: MultilingualTaggerRecognizer) -> None:
    # no comma-closed apposition: the firm's word begins a clause of its own
    assert "ORGANIZATION" not in _found(recognizer, "Ich nutze Firefox, meine Firma erlaubt es nicht anders.")


@pytest.mark.parametrize(
    ("text", "value", "entity"),
    [
        ("Ως κάποια που γεννήθηκε στις 4 Μαρτίου 1979, θέλω να μάθω πόσα χρόνια έχω μέχρι τη σύνταξη.", "4 Μαρτίου 1979",
         "DATE_OF_BIRTH"),
        ("Como alguien que nació el 9 de julio de 1983, ¿cuándo me toca la jubilación?", "9 de julio de 1983",
         "DATE_OF_BIRTH"),
        ("Οι ρίζες μου είναι από τη Φλώρινα. Πόσο απέχει η Θεσσαλονίκη από την Αθήνα;", "Φλώρινα", "LOCATION"),
        ("Meine Wurzeln liegen in Wunsiedel, aber wie weit ist es von Berlin nach Hamburg?", "Wunsiedel", "LOCATION"),
        ("Я по специальности штукатур и редко бываю дома. Какая погода будет завтра?", "штукатур", "OCCUPATION"),
        ("Bunu Akdeniz Lojistik şirketindeki ekibime anlatacağım, ama önce şunu açıklar mısın?",
         "Akdeniz Lojistik", "ORGANIZATION"),
    ],
)
def test_birth_origin_trade_and_team_in_the_languages_phrasing(recognizer: MultilingualTaggerRecognizer, text: str,
                                                               value: str, entity: str) -> None:
    # "as someone born on", "my roots are in", "by trade", "my team at": the writer's, in each language
    assert any(value in v or v in value for v in _found(recognizer, text).get(entity, [])), _found(recognizer, text)


@pytest.mark.parametrize(
    "text",
    [
        "Για να ανοίξετε τη σελίδα, αντιγράψτε τη διεύθυνση στο Tor Browser και πατήστε Enter.",
        "Kullanıcılar adresi Tor Browser ile açarak sayfaya bağlanabilir, bu çok kolaydır.",
        "Burada KeePassXC ve WireGuard uygulamalarının nasıl kurulacağını görebilirsiniz.",
    ],
)
def test_a_product_named_like_a_person_is_no_one(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    # "Tor" is a given name, "Browser" an English noun no one is named; a camel-case word is a thing's
    assert "PERSON" not in _found(recognizer, text), _found(recognizer, text)


@pytest.mark.parametrize(
    ("text", "value", "entity"),
    [
        ("Ich frage für die Arbeit. Mein Beruf: Dachdecker, deshalb will ich das Wetter wissen.", "Dachdecker", "OCCUPATION"),
        ("Да, я читал об этом. Моя профессия – штурман, поэтому спрашиваю про погоду.", "штурман", "OCCUPATION"),
        ("Ο εργοδότης μου είναι η εταιρεία Λαμπράκης, αν αλλάζει κάτι στις ρυθμίσεις.", "Λαμπράκης", "ORGANIZATION"),
        ("Buna Yıldırım Karaca San. şirketindeki işim için ihtiyacım var, yardım eder misin?", "Yıldırım Karaca San.",
         "ORGANIZATION"),
    ],
)
def test_a_title_after_a_dash_and_a_company_named_with_its_article_or_its_whole_name(
        recognizer: MultilingualTaggerRecognizer, text: str, value: str, entity: str) -> None:
    assert value in _found(recognizer, text).get(entity, []), _found(recognizer, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Wie setze ich das Passwort zurück? Vielen Dank im Voraus! Hannelore Brandt", "Hannelore Brandt"),
        ("Ayarlar menüsü nerede bulunur? Şimdiden teşekkürler! Sevgiler, Gülten Aydın", "Gülten Aydın"),
    ],
)
def test_a_signature_after_a_closing_takes_the_whole_name(recognizer: MultilingualTaggerRecognizer, text: str,
                                                          value: str) -> None:
    # the model may tag only the surname, or call the name a company: a known name word before it
    # belongs to it, and every word a known name makes it the writer's where a signature stands
    assert value in _found(recognizer, text).get("PERSON", []), _found(recognizer, text)


def test_a_product_after_a_closing_is_no_signature(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "PERSON" not in _found(recognizer, "Das geht nicht mehr. Vielen Dank! Google Chrome")


def test_a_verb_after_the_word_that_addresses_the_reader_is_the_writer_speaking(
        recognizer: MultilingualTaggerRecognizer) -> None:
    # "Te escribo ...": "te" addresses the reader, so "escribo" is the writer's verb, not a request's object
    text = "Te escribo desde la residencia de la Universidad de Granada, ¿me ayudas con esta fórmula?"
    assert any("Universidad de Granada".startswith(v) for v in _found(recognizer, text).get("ORGANIZATION", [])), \
        _found(recognizer, text)
    assert "ORGANIZATION" not in _found(recognizer, "¿En qué año se fundó la Universidad de Granada?")


def test_a_turkish_relatives_name_after_the_word_for_name(recognizer: MultilingualTaggerRecognizer) -> None:
    text = "Bunu nasıl açıklarım bilmiyorum. Babamın adı Ferhunde, ona anlatmak istiyorum."
    assert "Ferhunde" in _found(recognizer, text).get("PERSON", []), _found(recognizer, text)


@pytest.mark.parametrize(("text", "value"), [
    ("Αποφοίτησα από το Πανεπιστήμιο Πατρών πέρσι, πώς γράφω βιογραφικό;", "Πανεπιστήμιο Πατρών"),
    ("Am absolvit Universitatea din Craiova și caut un loc de muncă.", "Universitatea"),
])
def test_the_school_the_writer_graduated_from(recognizer: MultilingualTaggerRecognizer, text: str, value: str) -> None:
    assert any(v.startswith(value) for v in _found(recognizer, text).get("ORGANIZATION", [])), _found(recognizer, text)


@pytest.mark.parametrize("text", [
    "На компьютерах под управлением UNIX используют протокол Network File System (сетевой файловой системы).",
    "F-Droid, ca aplicație care concurează cu Google Play, este împotriva Termenilor de utilizare.",
])
def test_english_terms_of_the_trade_in_other_languages_are_no_ones(recognizer: MultilingualTaggerRecognizer,
                                                                    text: str) -> None:
    assert not _found(recognizer, text), _found(recognizer, text)


def test_an_employer_with_an_english_name_after_its_cue_stays(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "Apple" in _found(recognizer, "Ich arbeite bei Apple und habe eine Frage.").get("ORGANIZATION", [])
    # the dictionary knows famous names and towns too: a school named after them is no term of the trade
    text = "Ich bin in der elften Klasse am Schiller-Gymnasium Hameln. Wie schreibe ich eine Erörterung?"
    assert any("Schiller-Gymnasium" in v for v in _found(recognizer, text).get("ORGANIZATION", [])), _found(recognizer, text)


def test_a_family_tie_or_a_numbers_label_is_no_job_or_faith(monkeypatch: pytest.MonkeyPatch,
                                                            recognizer: MultilingualTaggerRecognizer) -> None:
    # the head at times reads "η κόρη μου" as a job and "Steuer-ID" before its number as a group
    from guardian.detect.recognizers import multilingual_tagger as mt

    assert mt._kin_only("κόρη", "el") and mt._kin_only("hija", "es") and not mt._kin_only("profesora", "es")
    assert mt._ID_AFTER.match("Steuer-ID ist 91238110548", len("Steuer-ID"))
    assert mt._ID_AFTER.match("СНИЛС: 112-233-445 95", len("СНИЛС"))
    assert not mt._ID_AFTER.match("Lehrerin seit 2019", len("Lehrerin"))


def test_a_name_cue_that_opens_the_models_span_is_left_out_of_the_name() -> None:
    # "Λέγομαι Ελπίδα Σταύρου" as one span (the model may call it a company): the name starts after the cue
    from guardian.detect.recognizers import multilingual_tagger as mt

    text = "Ξεκινάμε σήμερα. Λέγομαι Ελπίδα Σταύρου και γράφω."
    start, end = text.index("Λέγομαι"), text.index(" και")
    assert mt._past_own_cue(text, start, end, "", mt.load_cues()["el"]) == text.index("Ελπίδα")


def test_an_english_loan_is_a_job_only_when_it_names_one() -> None:
    # the head tags "web" in "sites na web" as a job; a borrowed title ("Consultant") stays one
    from guardian.detect.recognizers import multilingual_tagger as mt

    assert mt._english_job("Consultant") and mt._english_job("Web Designer") and mt._english_job("Barista")
    assert not mt._english_job("web") and not mt._english_job("Monitor")


@pytest.mark.parametrize(("text", "entity", "value"), [
    ("Bursalıyım, oraya yakın sakin köyler önerir misin?", "LOCATION", "Bursa"),  # town, "from", "I am" in one word
    ("Soruyorum çünkü kızım, yani Elif, çok seviyor; sence hangisi?", "PERSON", "Elif"),
    ("Пишу про дочку, Настю, ей семь лет.", "PERSON", "Настю"),  # Russian leaves "my" out
    ("Μιλάω για την κόρη μου, την Ειρήνη, που πάει δημοτικό.", "PERSON", "Ειρήνη"),  # the name's article between
    ("Scriu o cerere de concediu; aș semna-o Mircea Vlăduțu.", "PERSON", "Mircea Vlăduțu"),
])
def test_the_writers_town_and_people_by_grammar(recognizer: MultilingualTaggerRecognizer, text: str, entity: str,
                                                value: str) -> None:
    found = _found(recognizer, text)
    assert any(value in v for v in found.get(entity, [])), found


def test_a_conjunction_that_opens_with_a_question_word_asks_nothing() -> None:
    from guardian.detect.recognizers.multilingual_beliefs import world_question

    assert not world_question("Так как жена, Ольга, не ест мясо, что приготовить?", "ru")
    assert world_question("Как зовут жену Пушкина?", "ru")


@pytest.mark.parametrize(("text", "entity", "value"), [
    ("Brauche ich noch eine Zusatzversicherung (geb. 04.11.1981) oder lohnt sich das nicht?", "DATE_OF_BIRTH",
     "04.11.1981"),  # "geb." ends no sentence
    ("Empresa: Transportes Ribera S.L. ¿Me ayudas con una carta al jefe?", "ORGANIZATION", "Transportes Ribera S.L."),
])
def test_a_birth_abbreviation_and_a_form_label_for_the_employer(recognizer: MultilingualTaggerRecognizer, text: str,
                                                               entity: str, value: str) -> None:
    assert value in _found(recognizer, text).get(entity, []), _found(recognizer, text)


@pytest.mark.parametrize(("text", "whose"), [
    ("Kannst du mir erklären, wie Metformin im Körper wirkt?", False),  # "me": who the answer is for
    ("¿Me puedes explicar cómo funciona el ibuprofeno?", False),
    ("Можно ли провезти феназепам, который мне выписал врач?", True),  # "мне" as the one it was prescribed to
    ("Kannst du mir sagen, ob ich Metformin abends nehmen darf?", True),
])
def test_me_as_who_a_question_asks_for_is_not_the_writer_speaking(text: str, whose: bool) -> None:
    from guardian.detect.language import language_of
    from guardian.detect.recognizers import multilingual_tagger as mt

    word = next(w for w in ("Metformin", "ibuprofeno", "феназепам") if w in text)
    start = text.index(word)
    assert mt._writers_sentence(text, start, start + len(word), language_of(text)) is whose


def test_a_numbers_name_is_a_label_but_a_house_number_is_not() -> None:
    from guardian.detect.recognizers import multilingual_tagger as mt

    assert mt._ID_WORD.search("Steuer-ID") and mt._ID_WORD.search("Versicherungsnummer")
    assert not mt._ID_WORD.search("Drumul Geta Tomescu nr")  # "nr. 63" of an address
    assert not mt._ID_AFTER.match("Calle Mayor 5 28013", len("Calle Mayor"))  # a house number and a postcode
    assert mt._ID_AFTER.match("ID 74 415 290 682", len("ID"))


@pytest.mark.parametrize("text", [
    'Un simple ejemplo. Considera una librería llamada "Camión de bomberos" que requiere un paquete llamado "Escalera".',
    "Geh von einer Library namens „Firetruck“ aus, die ein Paket namens „Ladder“ braucht.",
    "Normal bir sürüm numarası X.Y.Z biçimde OLMALIDIR; burada X, Y, ve Z negatif olmayan tam sayılardır.",
    "¿En qué parte de un componente puedo hacer una llamada AJAX?",
])
def test_a_thing_named_in_quotes_or_a_lone_letter_is_no_person(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "PERSON" not in _found(recognizer, text)
    assert _found(recognizer, "Mi hijo se llama PABLO.").get("PERSON") == ["PABLO"]  # a name in capitals stays


def test_a_quotation_inside_a_longer_name_is_read_with_it(recognizer: MultilingualTaggerRecognizer) -> None:
    from guardian.detect.recognizers.multilingual_tagger import _quoted

    text = "Am studiat la Universitatea „Alexandru Ioan Cuza” din Iași."
    at = text.index("Alexandru")
    assert not _quoted(text, at, at + len("Alexandru Ioan Cuza"))
    text = '"Hola", dijo Lucía, "adiós".'  # pairs are counted from the line's start
    assert not _quoted(text, text.index("Lucía"), text.index("Lucía") + 5)


def test_a_town_in_the_writers_clause_before_a_question_is_theirs(recognizer: MultilingualTaggerRecognizer) -> None:
    found = _found(recognizer, "Weil ich in Gelsenkirchen aufgewachsen bin, kenn ich Berge nur aus dem Fernsehen – "
                               "welche leichte Alpentour würdest du empfehlen?")
    assert found.get("LOCATION") == ["Gelsenkirchen"], found
    assert "LOCATION" not in _found(recognizer, "Was kann ich in Zeitz besichtigen?")
    assert "LOCATION" not in _found(recognizer, "Πού να φάω στη Θεσσαλονίκη;")  # ";" asks in Greek


def test_a_medicine_shaped_name_in_code_is_a_programs(recognizer: MultilingualTaggerRecognizer) -> None:
    text = "Para provar o quão simples é o `LinkedStateMixin`, vamos reescrever cada lado separadamente."
    assert "HEALTH" not in _found(recognizer, text)
    assert _found(recognizer, "Para a dor, vamos tomar ibuprofeno hoje.").get("HEALTH") == ["ibuprofeno"]


@pytest.mark.parametrize("text", [
    "Uso Firefox para casi todo lo que hago en la web.",
    "Πώς μπορώ να λάβω την πιο πρόσφατη έκδοση του Firefox στα Windows XP ή Vista;",
    "Υποστηρίζω το όραμα ενός καλύτερου, υγιέστερου διαδικτύου από τη Mozilla, θα με βοηθήσετε;",
    "Es fundamental que todos comprendamos las herramientas que usamos, como Firefox o Apple Safari.",
])
def test_a_name_most_languages_write_often_is_no_ones_own(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    # wordfreq knows "Firefox" and "Mozilla" in most of its languages: a product and a body, no
    # medicine, place or employer of the writer's
    assert _found(recognizer, text) == {}


def test_a_worldwide_name_after_the_writers_place_or_work_cue_stays_theirs(recognizer: MultilingualTaggerRecognizer) -> None:
    assert _found(recognizer, "Vivo en Madrid desde hace años y busco un médico.").get("LOCATION") == ["Madrid"]
    assert _found(recognizer, "Trabajo en Siemens desde 2019. ¿Cómo pido vacaciones?").get("ORGANIZATION") == ["Siemens"]
    # a person's full name may be as common in every language: it opens with a given name
    assert _found(recognizer, "Ayer me llamó John Smith por la factura y no sé qué hacer.").get("PERSON") == ["John Smith"]


@pytest.mark.parametrize(("text", "medicine"), [
    ("Sobald das durch ist, können alle das laden. (Erinnere mich bitte später daran, Ramipril zu nehmen.)", "Ramipril"),
    ("Все уроки будут сложнее! (Напомни мне потом выпить леветирацетам.)", "леветирацетам"),
])
def test_a_medicine_in_a_reminder_the_writer_asks_for_is_theirs(recognizer: MultilingualTaggerRecognizer, text: str,
                                                                 medicine: str) -> None:
    assert _found(recognizer, text).get("HEALTH") == [medicine]
    assert "HEALTH" not in _found(recognizer, "Was sind die Nebenwirkungen von Ramipril?")


# The writer's job by "I ask as a ...", and the school they do a task for ("Hausaufgabe am ...")
ASKED_AS_OR_TASK_FOR = [
    ("es", "¿Qué es una cadena de bloques? Lo pregunto como fontanero, así que sin tecnicismos.", "OCCUPATION", "fontanero"),
    ("el", "Τι είναι το blockchain; Ρωτάω ως νοσηλεύτρια, οπότε απλά, παρακαλώ.", "OCCUPATION", "νοσηλεύτρια"),
    ("de", "Das brauche ich für eine Hausaufgabe am Humboldt-Gymnasium Trier. Wie funktioniert das?", "ORGANIZATION",
     "Humboldt-Gymnasium Trier"),
    ("el", "Το χρειάζομαι για μια εργασία στο Πανεπιστήμιο Πατρών. Πώς λειτουργεί;", "ORGANIZATION", "Πανεπιστήμιο Πατρών"),
]


@pytest.mark.parametrize(("lang", "text", "entity", "value"), ASKED_AS_OR_TASK_FOR,
                         ids=[f"{c[0]}-{c[2]}" for c in ASKED_AS_OR_TASK_FOR])
def test_a_job_asked_as_or_a_school_a_task_is_for(recognizer: MultilingualTaggerRecognizer, lang: str, text: str,
                                                  entity: str, value: str) -> None:
    assert language_of(text) == lang
    assert value in _found(recognizer, text).get(entity, []), _found(recognizer, text)


def test_work_offered_to_the_reader_is_no_ones_employer(recognizer: MultilingualTaggerRecognizer) -> None:
    # Greek "εργασία" is a job as well as an assignment: "interested in working at Ethereum?" asks the reader
    assert "ORGANIZATION" not in _found(recognizer, "Ενδιαφέρεστε για εργασία στο Ethereum;")


@pytest.mark.parametrize(("text", "medicine"), [
    ("Wie speichere ich die Datei? (Nicht vergessen: abends noch Ramipril nehmen.)", "Ramipril"),
    ("¿Cómo se cambia la contraseña? (No olvidar la pastilla de Nolotil a las diez.)", "Nolotil"),
    ("Как сменить пароль? (Не забыть бы выпить Лозартан после ужина.)", "Лозартан"),
    ("Пока стою в аптеке за своим Кардиомагнилом, спрошу: как сменить пароль?", "Кардиомагнилом"),
    ("Eczaneden Majezik ilacımı alırken sorayım: şifre nasıl değişir?", "Majezik"),
    # a name no list or word list knows, what a reminder is of or taken at a time of day in one
    ("Текущее значение сервера. (напоминалка: Конкор утром) Текущее значение сервера отображается.", "Конкор"),
    ("Kendime not: saat 8'de Apranax al.", "Apranax"),
    ("Poate aplicația să-mi amintească de Siofor? Și încă ceva, ce e asta: Şterge înaintea descărcării", "Siofor"),
    # ... or waited for to work, opening its sentence
    ("Arveles etkisini gösterene kadar kısa bir soru: Bilinmeyen hata.", "Arveles"),
    # German capitalises every noun: a word its list has never seen, before a verb of taking it
    ("Muss jeden Abend Novalgin nehmen und hab mir einen Filmabend-Reminder gebaut.", "Novalgin"),
    # one's notes on its doses, one's prescription for it
    ("Por cierto, ¿puedo guardar en una bóveda de estas mis notas sobre Metformina (dosis, etc.)?", "Metformina"),
    ("Είναι σημαντικό γιατί εκεί κρατάω τις συνταγές για το Depon.", "Depon"),
    ("Kasada başka şeylerin yanında Arveles reçetem de var.", "Arveles"),
])
def test_a_medicine_by_a_reminder_not_to_forget_its_form_or_the_pharmacy(recognizer: MultilingualTaggerRecognizer,
                                                                        text: str, medicine: str) -> None:
    assert _found(recognizer, text).get("HEALTH") == [medicine]


@pytest.mark.parametrize("text", [
    "¿Para qué sirve la pastilla de Nolotil?",
    "Где в Казани аптека Мелодия здоровья?",
    "Was kostet eine Packung Ibuprofen in der Apotheke?",
    # a town, a person or a firm at a time of day: a trip or a meeting
    "Vamos a Sevilla esta noche, ¿qué ropa llevo?",
    "Poate aplicația să-mi amintească de Ana? E ziua ei.",
    "Mañana tengo reunión con Telefónica a las diez.",
    "Ich muss Rücksicht nehmen, wie geht das?",
    # a reminder feature's name is not what it reminds of; a dose asked about is everyone's
    "Al desactivar el recordatorio Aegis no te dirá si tienes o no cambios que aún no están respaldados.",
    "¿Qué dosis de Metformina se recomienda en adultos?",
])
def test_a_medicine_or_a_pharmacy_asked_about_is_no_ones(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "HEALTH" not in _found(recognizer, text)


@pytest.mark.parametrize(("text", "name"), [
    ("Expeditor: Corneliu Dobrescu\n\nCum schimb parola?", "Corneliu Dobrescu"),
    ("Αποστολέας: Στέλιος Μαυρίδης\n\nΠώς αλλάζω τον κωδικό;", "Στέλιος Μαυρίδης"),
    ("Отправитель: Глеб Ершов\n\nКак сменить пароль?", "Глеб Ершов"),
    ("Gönderen: Tolga Sarıkaya\n\nŞifremi nasıl değiştiririm?", "Tolga Sarıkaya"),
])
def test_a_senders_label_names_the_writer(recognizer: MultilingualTaggerRecognizer, text: str, name: str) -> None:
    assert _found(recognizer, text).get("PERSON") == [name]


def test_a_senders_label_over_no_name_is_no_one(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "PERSON" not in _found(recognizer, "Remitente: desconocido. ¿Qué hago con este correo?")


@pytest.mark.parametrize(("text", "name"), [
    ("Cum schimb parola? (Întrebarea e de la socrul meu, Pamfil.)", "Pamfil"),
    ("Πώς αλλάζω τον κωδικό; Ρωτάω για τον γαμπρό μου (λέγεται Σωτήρης).", "Σωτήρης"),
    ("Πώς αλλάζω τον κωδικό; (Την ερώτηση την κάνει η κουνιάδα μου, η Ευανθία.)", "Ευανθία"),
    ("¿Cómo cambio la contraseña? Pregunto por mi cuñada, que se llama Remedios.", "Remedios"),
    ("Как сменить пароль? Спрашиваю для тёщи моей... нет, для моей свекрови, зовут Зинаида.", "Зинаида"),
])
def test_an_in_law_or_a_relative_named_after_a_comma_or_the_verb_that_names(recognizer: MultilingualTaggerRecognizer,
                                                                            text: str, name: str) -> None:
    assert name in _found(recognizer, text).get("PERSON", []), _found(recognizer, text)


@pytest.mark.parametrize("text", [
    "¿Sigo siendo anónimo si uso Signal?",
    "Ce deschideri sunt pe Chessable?",
])
def test_a_program_used_or_a_site_one_is_on_is_no_medicine(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "HEALTH" not in _found(recognizer, text)


def test_a_listed_medicine_after_a_verb_of_using_is_still_one(recognizer: MultilingualTaggerRecognizer) -> None:
    assert _found(recognizer, "Uso Humira desde hace dos años, ¿puedo viajar?").get("HEALTH") == ["Humira"]
    # a brand after one where the verb opens the sentence or an aside: the writer's statement
    text = "Έχω γάμο το Σάββατο (είμαι σε Zinnat από την Τετάρτη) — πόσο κακό είναι ένα ποτήρι κρασί;"
    assert _found(recognizer, text).get("HEALTH") == ["Zinnat"]


@pytest.mark.parametrize("text", [
    "Kann ich den Lidraughts Meister (LM) Titel bekommen?",
    "Pot să primesc titlul de Playstrategy Master (PM)?",
])
def test_an_acronym_the_text_defines_for_a_title_is_no_organisation(recognizer: MultilingualTaggerRecognizer,
                                                                    text: str) -> None:
    assert "ORGANIZATION" not in _found(recognizer, text)


def test_an_acronym_of_the_writers_employer_or_after_a_common_noun_stays(recognizer: MultilingualTaggerRecognizer) -> None:
    found = _found(recognizer, "Ich arbeite bei der Deutschen Bahn (DB) als Zugbegleiterin. Wie kündige ich?")
    assert "DB" in found.get("ORGANIZATION", []), found
    found = _found(recognizer, "В моём университете (СПбГУ) на лекции всплыла эта тема: что такое узел?")
    assert "СПбГУ" in found.get("ORGANIZATION", []), found


@pytest.mark.parametrize(("text", "entity", "value"), [
    # a question from the writer's department of their employer
    ("Wie nutze ich das? (Anfrage aus der IT-Abteilung von Brauer Logistik AG)", "ORGANIZATION", "Brauer Logistik AG"),
    ("¿Cómo se usa? (Consulta del departamento de sistemas de Almacenes Ruiz S.L.)", "ORGANIZATION", "Almacenes Ruiz S.L."),
    ("Cum se folosește? (Întrebare din partea departamentului IT de la Nistor Trans SRL)", "ORGANIZATION",
     "Nistor Trans SRL"),
    # a job said of "someone who works as", in the third person, and Turkish "as a ..." where the writer speaks
    ("Wie geht das? (Gefragt von jemandem, der als Zahntechnikerin arbeitet.)", "OCCUPATION", "Zahntechnikerin"),
    ("¿Cómo va esto? (Lo pregunta alguien que trabaja de fontanero, sin formación técnica.)", "OCCUPATION", "fontanero"),
    ("Bir eczacı olarak her gün bununla uğraşıyorum, o yüzden soruyorum.", "OCCUPATION", "eczacı"),
    # Turkish marks the writer on a noun or a verb: "vaktim olmuyor", "uğraşmıyorum"
    ("Simgeye tıklayın. Bir aşçı olarak bu tür şeylere pek vaktim olmuyor.", "OCCUPATION", "aşçı"),
    ("Kopyalarınızdır. Avukat olarak normalde yazılımla pek uğraşmıyorum.", "OCCUPATION", "Avukat"),
    # a condition after "because of" and a treatment after it; the participle of a diagnosis
    ("Welche Formate gibt es? Ich bin zurzeit wegen Migräne in Behandlung.", "HEALTH", "Migräne"),
    ("Bana kronik migren teşhisi konduğundan beri iş değiştirmeye çalışıyorum.", "HEALTH", "migren"),
    ("Πώς πληρώνω; Μεγάλωσα στη Φλώρινα και δεν το ήξερα.", "LOCATION", "Φλώρινα"),
    # "as the <job> I am", the university one entered
    ("Como auxiliar de enfermería que soy, me toca lidiar con esto: ¿qué es una tabla?", "OCCUPATION", "enfermería"),
    ("Поступила в Уральский федеральный университет в прошлом году. Как работает сетка?", "ORGANIZATION",
     "Уральский федеральный университет"),
    # staying at work late, a form's label of one's medicines, a relative before the postposed "my"
    ("Ist das Licht aus? Muss heute länger bei Kaufland bleiben.", "ORGANIZATION", "Kaufland"),
    ("Medicación: losartán a diario. ¿Cómo hago una baraja?", "HEALTH", "losartán"),
    ("Брат мой, Евстафий, прислал вот это: что это значит?", "PERSON", "Евстафий"),
])
def test_departments_third_person_jobs_late_shifts_labels_and_quoted_diagnoses(
        recognizer: MultilingualTaggerRecognizer, text: str, entity: str, value: str) -> None:
    assert any(value in span for span in _found(recognizer, text).get(entity, [])), _found(recognizer, text)


@pytest.mark.parametrize("text", [
    "Python bir programlama dili olarak nasıl çalışır?",
    "Bu soruna bir çözüm olarak bazı kurallar öneriyorum.",  # no job Faker's Turkish list ends in
    "Bu arada düzenli olarak yürüyorum; tam olarak ne demek istiyor?",
    "Bilgisayarda işim olmuyor genelde, bu ne demek?",  # "my work" before a verb
])
def test_turkish_as_a_thing_an_adverb_or_my_work_before_a_verb_is_no_job(recognizer: MultilingualTaggerRecognizer,
                                                                         text: str) -> None:
    assert "OCCUPATION" not in _found(recognizer, text)


@pytest.mark.parametrize(("text", "value"), [
    ("Sortează lista.\n\nCu respect,\nDepartamentul IT, Ioniță Prod SA", "Ioniță Prod SA"),
    ("Создаёт процедуру.\n\nС уважением,\nИТ-отдел, ООО «Горизонт»", "ООО «Горизонт»"),
    ("Du kannst es jederzeit wieder aktivieren.\n\nMit freundlichen Grüßen\nLiebelt AG", "Liebelt AG"),
    ("Επιστρέφει την εικόνα.\n\nΜε φιλικούς χαιρετισμούς,\nΤμήμα Πληροφορικής, Κίσσας-Δουβίκας Α.Β.Ε.Ε.",
     "Κίσσας-Δουβίκας Α.Β.Ε.Ε."),
])
def test_a_company_that_closes_the_writers_sign_off_is_their_employer(recognizer: MultilingualTaggerRecognizer,
                                                                     text: str, value: str) -> None:
    assert value in _found(recognizer, text).get("ORGANIZATION", []), _found(recognizer, text)


@pytest.mark.parametrize("text", [
    "Ich habe eine Frage zur Siemens AG.",
    "Die Siemens AG hat ihren Sitz in München. Viele Grüße an alle, die das lesen!",
])
def test_a_company_outside_a_sign_off_stays_the_topic(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "ORGANIZATION" not in _found(recognizer, text)


@pytest.mark.parametrize(("text", "entity", "value"), [
    ("Erzeugt eine Zufallszahl. (Wohnort: Böblingen)", "LOCATION", "Böblingen"),
    ("Место работы: ООО «Ромашка». Как отсортировать список?", "ORGANIZATION", "ООО «Ромашка»"),
    ("Empresa: Transportes Ribera S.L. ¿Me ayudas con una carta?", "ORGANIZATION", "Transportes Ribera S.L."),
])
def test_a_forms_label_of_the_writers_home_or_employer(recognizer: MultilingualTaggerRecognizer, text: str,
                                                      entity: str, value: str) -> None:
    assert value in _found(recognizer, text).get(entity, []), _found(recognizer, text)


def test_a_home_or_firm_label_without_a_name_after_it_is_no_finding(recognizer: MultilingualTaggerRecognizer) -> None:
    assert _found(recognizer, "Firma: keine. Wie geht das?") == {}


@pytest.mark.parametrize(("text", "value"), [
    ("Karadeniz Lojistik A.Ş. bünyesinde çalışıyorum, ekipçe bunu kullanıyoruz.", "Karadeniz Lojistik A.Ş."),
    ("Akçay San. bünyesinde çalışıyorum ve ekipte bunu tartışıyoruz.", "Akçay San."),
])
def test_a_legal_form_the_model_tagged_alone_takes_the_name_before_it(recognizer: MultilingualTaggerRecognizer,
                                                                     text: str, value: str) -> None:
    assert value in _found(recognizer, text).get("ORGANIZATION", []), _found(recognizer, text)


@pytest.mark.parametrize(("text", "value"), [
    # a school's number is part of its name; a compound named for someone ends in its kind
    ("Учительница в ГБОУ Лицей № 1535 дала нам это задание.", "ГБОУ Лицей № 1535"),
    ("Место учёбы: Физико-математический лицей № 30. Как отсортировать список?", "Физико-математический лицей № 30"),
    ("Ek sütunlardaki referansları çıkarın (Okul: Cumhuriyet Mesleki ve Teknik Anadolu Lisesi)",
     "Cumhuriyet Mesleki ve Teknik Anadolu Lisesi"),
])
def test_schools_with_their_number_or_their_full_labelled_name(recognizer: MultilingualTaggerRecognizer, text: str,
                                                               value: str) -> None:
    assert value in _found(recognizer, text).get("ORGANIZATION", []), _found(recognizer, text)


def test_a_labelled_value_that_reads_as_prose_is_no_firm() -> None:
    from guardian.detect.recognizers.multilingual_tagger import _name_like, _with_institutions

    assert not _name_like("Wir suchen eine gute Lösung", "Wir suchen eine gute Lösung".split())
    assert _name_like("Cumhuriyet Mesleki ve Teknik Anadolu Lisesi", "Cumhuriyet Mesleki ve Teknik Anadolu Lisesi".split())
    text = "Unser Lehrer an der Goethe-Gymnasium hat uns das aufgegeben."
    assert any(text[s.start:s.end] == "Goethe-Gymnasium" and s.label == "ORGANIZATION" for s in _with_institutions(text, []))


@pytest.mark.parametrize(("text", "org"), [
    # the writer's tie to a school as a pupil, a student or a teacher, or by homework from it
    ("Hausaufgabe von der Geschwister-Scholl-Gymnasium: Wie rechnet man das Volumen eines Kegels aus?",
     "Geschwister-Scholl-Gymnasium"),
    ("Wie rechnet man das Volumen eines Kegels aus? (Schülerin der Berufskolleg Ost)", "Berufskolleg Ost"),
    ("¿Cómo se calcula el volumen de un cono? (alumna del Colegio San José de Calasanz)", "Colegio San José de Calasanz"),
    ("Πώς υπολογίζεται ο όγκος ενός κώνου; (μαθήτρια, Πειραματικό Λύκειο Ηρακλείου)", "Πειραματικό Λύκειο Ηρακλείου"),
])
def test_a_school_the_writer_studies_or_teaches_at(recognizer: MultilingualTaggerRecognizer, text: str, org: str) -> None:
    assert org in _found(recognizer, text).get("ORGANIZATION", []), _found(recognizer, text)


@pytest.mark.parametrize(("text", "org"), [
    # a deadline the writer has for a client or an employer
    ("Trebuie să rezolv asta până vineri pentru Ene OC1. Cum sortez coloanele după dată?", "Ene OC1"),
    ("Πρέπει να το λύσω ως την Παρασκευή για την Φαρμάκη-Κοντογιάννης. Πώς ταξινομώ τις στήλες;",
     "Φαρμάκη-Κοντογιάννης"),
    ("Bunu cumaya kadar Yaman San. için çözmem gerekiyor. Sütunları tarihe göre nasıl sıralarım?", "Yaman San."),
])
def test_a_firm_the_writer_has_a_deadline_for(recognizer: MultilingualTaggerRecognizer, text: str, org: str) -> None:
    assert org in _found(recognizer, text).get("ORGANIZATION", []), _found(recognizer, text)


def test_a_deadline_for_a_country_is_no_firm(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "ORGANIZATION" not in _found(recognizer, "Was ändert sich bis Freitag für Deutschland bei den Steuern?")


@pytest.mark.parametrize(("text", "medicine"), [
    # a medicine taken at a time of day the clause names, or with the side effect it has on the writer
    ("După doza de Metformin de azi-dimineață: cât durează de obicei un somn de după-amiază?", "Metformin"),
    ("Sabahki Arveles dozumdan sonra: bir insan günde kaç saat uyumalı?", "Arveles"),
    ("Παρεμπιπτόντως, το Euthyrox με ζαλίζει λίγο. Πόσες ώρες πρέπει να κοιμάται κανείς;", "Euthyrox"),
    ("Кстати, от Феназепам немного кружится голова. Сколько часов нужно спать взрослому?", "Феназепам"),
    ("Λίγο πριν πάρω το Depon, μια ερώτηση: πόσες ώρες πρέπει να κοιμάται κανείς;", "Depon"),
    ("Pași de urmat (reamintire: Concor la ora opt)", "Concor"),
])
def test_a_medicine_by_its_intake_or_its_effect_on_the_writer(recognizer: MultilingualTaggerRecognizer, text: str,
                                                              medicine: str) -> None:
    assert medicine in _found(recognizer, text).get("HEALTH", []), _found(recognizer, text)


@pytest.mark.parametrize("text", [
    "Wann nimmt man Metformin am besten, morgens oder abends?",
    "¿Se puede tomar Ibuprofeno hoy con alcohol?",
    "¿Se puede tomar Metformin esta noche, después de cenar?",  # the time's clause ends at a comma
])
def test_a_question_about_when_a_medicine_is_taken_is_no_ones(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "HEALTH" not in _found(recognizer, text), _found(recognizer, text)


@pytest.mark.parametrize(("text", "medicine"), [
    # waiting for a dose to work: only the one who took it waits (a brand no list knows, too)
    ("Eine Sache noch, bis das Ramipril wirkt: wie exportiere ich die Tabelle?", "Ramipril"),
    ("Mientras le hace efecto el Frenadol a mi cabeza, ¿cómo se cambia el idioma?", "Frenadol"),
    ("Пока не подействует Кеторол, спрошу: где меняется тема?", "Кеторол"),
    ("Sertralin etkisini gösterene kadar bekliyorum. Tema nasıl değişir?", "Sertralin"),
    # ... or counts the time between two of its doses
    ("Kısa bir soru, iki Minoset arasında: tema nasıl değişir?", "Minoset"),
    # a prescription to collect at the pharmacy
    ("Nach der Arbeit noch schnell Metformin in der Apotheke abholen. Wo finde ich die Einstellungen?", "Metformin"),
    ("Trec mâine pe la farmacie pentru Euthyrox. Unde e butonul de export?", "Euthyrox"),
    # a reminder the writer asks of the app, in the verb's other forms; a form's medicine label
    ("¿Me puede recordar la app lo del Salbutamol cada noche?", "Salbutamol"),
    ("Medicament: Paracetamol, ca să știți.", "Paracetamol"),
    # a short brand in Cyrillic letters, with a capital inside its sentence
    ("Напоминалка себе, вечером Нурофен. Где настройки?", "Нурофен"),
])
def test_a_medicine_awaited_or_collected_is_the_writers(recognizer: MultilingualTaggerRecognizer, text: str,
                                                        medicine: str) -> None:
    assert medicine in _found(recognizer, text).get("HEALTH", []), _found(recognizer, text)


@pytest.mark.parametrize("text", [
    "Ibuprofen wirkt nach etwa 30 Minuten, bis zu acht Stunden lang.",  # everyone's, no one waits
    "¿Cuánto tarda en hacer efecto el Paracetamol?",
    "Gibt es Voltaren ohne Rezept in der Apotheke?",  # asks about everyone's
    "Mientras me hace efecto, ¿qué significa Exportar?",  # no name where the wait is
    "Вчера мы обсуждали ложек и вилок сезон.",  # rare inflections that fold to a brand's spelling
])
def test_a_medicine_in_a_fact_or_a_question_is_no_ones(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "HEALTH" not in _found(recognizer, text), _found(recognizer, text)


@pytest.mark.parametrize(("text", "school"), [
    # a school named by its number (and the town after it) is one school, the writer's where nothing asks
    ("Готовим доклад, гимназия № 17.", "гимназия № 17"),
    ("Проект для класса (школа-интернат № 3).", "школа-интернат № 3"),
    ("Predau la Colegiul Tehnic nr. 2 Arad, avem o întrebare.", "Colegiul Tehnic nr. 2 Arad"),
    ("Είμαι μαθήτρια στο 7ο Γυμνάσιο Ηρακλείου και έχω μια απορία.", "7ο Γυμνάσιο Ηρακλείου"),
])
def test_a_school_named_by_its_number(recognizer: MultilingualTaggerRecognizer, text: str, school: str) -> None:
    assert school in _found(recognizer, text).get("ORGANIZATION", []), _found(recognizer, text)


def test_a_numbered_school_asked_about_is_no_ones(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "ORGANIZATION" not in _found(recognizer, "Когда построили школу № 5?")


@pytest.mark.parametrize(("text", "condition"), [
    # a condition as the cause of how the writer is today, told by the Turkish first person
    ("Kusura bakmayın, migren yüzünden bugün kafam çalışmıyor.", "migren"),
    ("Romatizma yüzünden biraz halsizim, kısa yazın lütfen.", "Romatizma"),
])
def test_a_turkish_condition_as_the_cause_of_the_writers_state(recognizer: MultilingualTaggerRecognizer, text: str,
                                                               condition: str) -> None:
    assert condition in _found(recognizer, text).get("HEALTH", []), _found(recognizer, text)


@pytest.mark.parametrize(("text", "name"), [
    # the writer naming themself: the capitalised words after it are their name, however rare
    ("Καλησπέρα, λέγομαι Ηρακλής Τσιμπιδάκης. Τι σημαίνει αυτό;", "Ηρακλής Τσιμπιδάκης"),
    ("Здравствуйте, меня зовут Евлампия Шарафутдинова, вопрос по настройкам.", "Евлампия Шарафутдинова"),
    ("Bună, mă numesc Olimpiu Căpățînă și am o întrebare.", "Olimpiu Căpățînă"),
])
def test_a_rare_name_the_writer_gives_as_their_own(recognizer: MultilingualTaggerRecognizer, text: str, name: str) -> None:
    assert name in _found(recognizer, text).get("PERSON", []), _found(recognizer, text)


@pytest.mark.parametrize(("text", "firm"), [
    # the writer's employer by its IT department, or a work computer's signature
    ("Unsere IT bei Brenntag Logistik sperrt den Port, was tun?", "Brenntag Logistik"),
    ("Bu ayar nerede? (İş bilgisayarından gönderildi, Koçtaş)", "Koçtaş"),
])
def test_an_employer_by_its_it_department_or_a_work_signature(recognizer: MultilingualTaggerRecognizer, text: str,
                                                              firm: str) -> None:
    assert firm in _found(recognizer, text).get("ORGANIZATION", []), _found(recognizer, text)


def test_a_birth_date_typed_into_a_form_the_sentence_names(recognizer: MultilingualTaggerRecognizer) -> None:
    text = "La web me pide la fecha de nacimiento para el registro; puse 04/11/1971, ¿vale así?"
    assert any("1971" in d for d in _found(recognizer, text).get("DATE_OF_BIRTH", [])), _found(recognizer, text)


def test_a_birthday_the_writer_has(recognizer: MultilingualTaggerRecognizer) -> None:
    text = "Antes de nada, cumplo años el 03/04/2005. ¿Cuántos días tiene un año bisiesto?"
    assert "03/04/2005" in _found(recognizer, text).get("DATE_OF_BIRTH", []), _found(recognizer, text)


@pytest.mark.parametrize(("text", "name"), [
    # a thanks-in-advance sign-off, and "os escribe": the name after them is the writer's, whatever
    # class the model gave it, where Faker knows every word of it as a name
    ("La solicitud para analizar y formatear los datos ha fallado. Gracias de antemano, Albert Cánovas",
     "Albert Cánovas"),
    ("¡Buenas! Os escribe Fortunata Oliver Bayón. Los festivos creados se añaden a un nuevo calendario.",
     "Fortunata Oliver Bayón"),
    # a rare name the model does not tag at all, signed after the closing formula
    ("No se han podido comprobar los ajustes del servidor saliente. Gracias de antemano, un saludo, Agustín Alegre",
     "Agustín Alegre"),
    ("Φαίνεται ότι είστε σε μια κλήση.\nΦιλικά, Ηώ Μουτζούρη", "Ηώ Μουτζούρη"),
    # the one who asks, named after the verb ("asks X")
    ("Sunteți sigur că doriți să eliminați acest atribut (întreabă Rafael Tudor)?", "Rafael Tudor"),
])
def test_a_name_after_a_sign_off_or_a_writing_verb(recognizer: MultilingualTaggerRecognizer, text: str,
                                                   name: str) -> None:
    assert name in _found(recognizer, text).get("PERSON", []), _found(recognizer, text)


def test_a_place_after_thanks_is_no_name(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "PERSON" not in _found(recognizer, "Muchas gracias, Buenos Aires")
    assert "PERSON" not in _found(recognizer, "Una pregunta: Cómo se hace?")  # the noun, and a question word


@pytest.mark.parametrize(("text", "entity", "value"), [
    ("Gerade L-Thyroxin 75 eingenommen und jetzt am Handy: Die Seite wurde verändert.", "HEALTH", "L-Thyroxin 75"),
    ("Para un proyecto de clase en el Colegio Santa Teresa: ¿cómo guardo el archivo?", "ORGANIZATION", "Colegio Santa Teresa"),
    ("Sortați o copie a unei liste. – n. 22 februarie 1989", "DATE_OF_BIRTH", "22 februarie 1989"),
])
def test_taken_a_class_project_at_and_born_abbreviated(recognizer: MultilingualTaggerRecognizer, text: str,
                                                       entity: str, value: str) -> None:
    assert value in _found(recognizer, text).get(entity, []), _found(recognizer, text)


# A firm named with its legal form in a clause that asks nothing: how its people and clients write
# it; in a question about it, or a brand every language writes, it is the world's.
@pytest.mark.parametrize(("text", "firm"), [
    ("La Someș Mobila SRL folosim unealta asta și de ieri apare: Redare / Pauză conținut Pad", "Someș Mobila SRL"),
    ("¿Cómo puedo comprimir con gzip un volcado CSV? No parece estar funcionando. Es para la base de datos de "
     "clientes de Grupo Alvarado S.A..", "Alvarado S.A."),  # "Grupo": a word of the language, not a name
    ("Теперь у нас новый отчёт. Руководство ООО «Северный путь» просит всех освоить это.", "ООО «Северный путь»"),
])
def test_a_firm_by_its_legal_form_in_a_statement_is_found(recognizer: MultilingualTaggerRecognizer, text: str,
                                                          firm: str) -> None:
    assert firm in _found(recognizer, text).get("ORGANIZATION", [])


@pytest.mark.parametrize("text", [
    "¿Qué fabrica Bosch GmbH en Alemania?",
    "Volkswagen AG ist ein Automobilhersteller mit Sitz in Wolfsburg.",
])
def test_a_firm_asked_about_or_known_worldwide_is_left_alone(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "ORGANIZATION" not in _found(recognizer, text)


# A town of the place-name list after a cue of the writer's place, with no other word of the writer
# in its sentence: a greeting or a question from there.
@pytest.mark.parametrize(("text", "town"), [
    ("Gruß aus Lübz!  Wenn du dich nicht mehr an den Speicherort erinnerst, ist es wahrscheinlich der Schreibtisch.", "Lübz"),
    ("Вопрос из г. Тула: я получаю ошибку при входе.", "Тула"),
    ("Μια ερώτηση από την Καλαμάτα: Σημειώστε ότι ο φάκελος πρέπει να υπάρχει.", "Καλαμάτα"),
])
def test_a_town_after_a_cue_of_the_writers_place_is_theirs(recognizer: MultilingualTaggerRecognizer, text: str,
                                                            town: str) -> None:
    assert town in _found(recognizer, text).get("LOCATION", [])


def test_the_lines_of_a_text_in_several_languages_are_read_each_in_its_own(recognizer: MultilingualTaggerRecognizer) -> None:
    # the whole is no one language (a Turkish line over an English saying): each line surely in a
    # language of ours is read alone, its findings at their place in the whole
    text = "Merhaba, mesleğim elektrik teknisyeni ve bir sorum var.\nKeep it simple, stupid: that is the rule we follow here every day."
    assert _found(recognizer, text).get("OCCUPATION") == ["elektrik teknisyeni"]


def test_a_condition_in_brackets_after_a_sentences_first_noun_tells_of_no_one(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "HEALTH" not in _found(recognizer, "Болезнь (рассеянный склероз) поражает нервную систему. Как это лечат?")


@pytest.mark.parametrize(("text", "value"), [
    # German puts the verb last in a clause of its own: "habe" after the term is the writer's
    ("Ich kartiere barrierefreie Wege, weil ich selbst Tinnitus habe. Ist das hier relevant?", "Tinnitus"),
    # a comma after a sentence's first word makes it an aside, and "мне" the writer
    ("Этот адрес не распознан. Кстати, мне сейчас пить Парацетамол, ответьте коротко, пожалуйста.", "Парацетамол"),
])
def test_the_writers_health_told_in_a_clause_of_their_own(recognizer: MultilingualTaggerRecognizer, text: str,
                                                         value: str) -> None:
    assert value in _found(recognizer, text).get("HEALTH", []), _found(recognizer, text)


def test_a_request_to_the_assistant_still_makes_its_me_no_writer(recognizer: MultilingualTaggerRecognizer) -> None:
    # "Назови мне ...": the imperative's object, with no comma between, asks and tells nothing
    assert "HEALTH" not in _found(recognizer, "Назови мне побочные эффекты препарата Парацетамол.")


@pytest.mark.parametrize(("short", "long", "expected"), [
    ("LM", "Kann ich den Lichess Meister", True),
    ("МФТИ", "Московский физико-технический институт", True),
    ("ADHS", "Seit meiner Diagnose", False),
    ("NOVA", "und Ultrahochverarbeitung", False),
])
def test_an_acronym_abbreviates_a_long_form_by_its_letters(short: str, long: str, expected: bool) -> None:
    assert abbreviates(short, long) is expected


@pytest.mark.parametrize(("text", "value"), [
    # a school's name may open the sentence: its first word is a name unless a function or common word
    ("Galatasaray Lisesi'nden mezun oldum, bu ayar ne işe yarar?", "Galatasaray Lisesi"),
    ("Boğaziçi Üniversitesi'nde okuyorum, şifremi unuttum.", "Boğaziçi Üniversitesi"),
])
def test_a_school_whose_name_opens_the_sentence(recognizer: MultilingualTaggerRecognizer, text: str, value: str) -> None:
    assert value in _found(recognizer, text).get("ORGANIZATION", []), _found(recognizer, text)


@pytest.mark.parametrize("text", [
    # a setting's help: with no writer in the sentence, the head's health reading needs a known term
    "Aplicați desaturare pentru lumini care depășesc acest nivel de luminozitate. Valoarea recomandată este 0 (dezactivare).",
    "Aplica a dessaturação aos realces que excedem este nível de brilho. O valor recomendado é 0 (desativar).",
    "Das Intervall zwischen Dummy-Kapiteln in Sekunden. Auf 0 setzen, um die Erzeugung von Dummy-Kapiteln zu deaktivieren.",
    # a number and the language's small words name nothing, wherever the writer speaks
    "Ο ορισμός τιμής 0 θα απενεργοποιήσει την σελιδοποίηση. Παρακαλώ λάβετε υπόψη ότι ο ορισμός αυτής της τιμής σε 0 ή σε "
    "οποιαδήποτε τιμή μεγαλύτερη από 100 ενδέχεται να οδηγήσει σε σφάλματα.",
])
def test_a_settings_help_is_no_condition(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "HEALTH" not in _found(recognizer, text), _found(recognizer, text)


@pytest.mark.parametrize(("text", "term"), [
    # a diagnosis's words name a condition no list holds; the cues still say whose it is
    ("Vertigo teşhisi kondu geçen ay, şifremi nasıl sıfırlarım?", "Vertigo"),
    ("Мне поставили диагноз гастрит, как поменять язык?", "гастрит"),
    ("Me diagnosticaron vértigo el año pasado, ¿cómo cambio la contraseña?", "vértigo"),
])
def test_a_condition_named_by_a_diagnosis(recognizer: MultilingualTaggerRecognizer, text: str, term: str) -> None:
    assert term in _found(recognizer, text).get("HEALTH", []), _found(recognizer, text)


def test_a_diagnosis_asked_about_is_no_ones(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "HEALTH" not in _found(recognizer, "Vertigo teşhisi nasıl konur?")


@pytest.mark.parametrize(("text", "value"), [
    # a medicine's label, a word before it, and a brand no list holds as its one capitalised value
    ("Kullandığım ilaç: Glifor. Bu ayar ne işe yarar, nasıl değiştiririm acaba?", "Glifor"),
    ("Τρέχουσα αγωγή: Euthyrox. Πώς αλλάζω τη γλώσσα της εφαρμογής στο κινητό μου;", "Euthyrox"),
    ("İlaç: Keppra. Bu ayar ne işe yarar, nasıl değiştiririm acaba?", "Keppra"),
])
def test_a_medicine_after_its_label(recognizer: MultilingualTaggerRecognizer, text: str, value: str) -> None:
    assert _found(recognizer, text).get("HEALTH") == [value], _found(recognizer, text)


def test_a_common_word_after_a_diagnosis_label_is_no_brand(recognizer: MultilingualTaggerRecognizer) -> None:
    text = "Диагноз: Ошибка. Что это значит и как исправить настройки приложения?"
    assert "HEALTH" not in _found(recognizer, text), _found(recognizer, text)


@pytest.mark.parametrize(("lang", "text", "town"), [
    ("ru", "Есть ли курсы по этому в моём городе (Тамбов)?", "Тамбов"),
    ("de", "Gibt es in meiner Stadt Zwickau einen Kurs dazu?", "Zwickau"),
])
def test_the_writers_town_by_the_words_for_their_own_town(recognizer: MultilingualTaggerRecognizer, lang: str,
                                                          text: str, town: str) -> None:
    assert language_of(text) == lang
    assert town in _found(recognizer, text).get("LOCATION", []), _found(recognizer, text)


@pytest.mark.parametrize(("text", "word"), [
    ("Ερώτηση από: Βλάσης Θωμάς\nΒεβαιωθείτε ότι όλες οι συσκευές είναι πλήρως συγχρονισμένες.", "Βεβαιωθείτε"),
    ("Parolanız olmadan verilerinize erişemeyeceksiniz. Aslen Trabzon doğumluyum, teknolojiyle aram pek iyi değil.", "Aslen"),
])
def test_a_common_word_opening_its_sentence_is_no_place(recognizer: MultilingualTaggerRecognizer, text: str, word: str) -> None:
    found = _found(recognizer, text)
    assert word not in found.get("LOCATION", []), found
    if word == "Aslen":  # the town beside it stays the writer's birthplace
        assert "Trabzon" in found.get("LOCATION", []), found


def test_a_place_the_model_read_in_a_health_word_is_the_writers_condition(recognizer: MultilingualTaggerRecognizer) -> None:
    text = "Zähler größer als Null\n(Hintergrund: Asthma, ich brauche die Schlaf-Timer-Funktion.)"
    found = _found(recognizer, text)
    assert "Asthma" in found.get("HEALTH", []) and "Asthma" not in found.get("LOCATION", []), found


def test_an_employer_named_right_before_its_cue(recognizer: MultilingualTaggerRecognizer) -> None:
    """ "Trendyol şirketindeki ekibim ...": the cue after the name says it is the writer's employer,
    whatever the model makes of the name (it sees none here); a common word a sentence opens with,
    or a name every language writes (a program's homework), is not one."""
    found = _found(recognizer, "Trendyol şirketindeki ekibim şunu merak ediyor: son klasör konumunu hatırla")
    assert "Trendyol" in found.get("ORGANIZATION", []), found
    assert "Benim" not in str(_found(recognizer, "Benim şirketindeki ekibim bunu soruyor."))
    assert "Excel" not in str(_found(recognizer, "Excel ödevi için yardım lazım."))


def test_a_name_the_writer_signs_with(recognizer: MultilingualTaggerRecognizer) -> None:
    """ "firmado por mí, X": the writer signs with their own name."""
    text = "¿Puedes redactar un correo para mi jefe firmado por mí, Corona Llabrés? Trata de esto: Da tu opinión"
    assert "Corona Llabrés" in _found(recognizer, text).get("PERSON", []), _found(recognizer, text)


@pytest.mark.parametrize(("text", "value"), [
    ("Учебное заведение: лицей-интернат № 2 г. Казани", "лицей-интернат № 2 г. Казани"),
    ("Навчальний заклад: ліцей № 157, Київ", "ліцей № 157"),
])
def test_a_school_after_the_forms_label_for_it(recognizer: MultilingualTaggerRecognizer, text: str, value: str) -> None:
    """A form's label of one's school ("Учебное заведение:"), a kind joined by a hyphen ("лицей-интернат"),
    and the town its abbreviation closes the value with."""
    assert value in _found(recognizer, text).get("ORGANIZATION", []), _found(recognizer, text)


@pytest.mark.parametrize(("text", "value"), [
    ("Unser Team bei Bosch fragt sich: Datei existiert bereits. Überschreiben?", "Bosch"),
    ("Mi equipo en Mercadona usa esta app. ¿Cómo la configuro?", "Mercadona"),
    ("Είμαι στο προσωπικό της εταιρείας Jumbo και πρέπει να το ρυθμίσω στο υπηρεσιακό κινητό.", "Jumbo"),
    ("Mis compañeros de clase no entienden esto.", None),
])
def test_an_employer_named_after_the_writers_team_or_colleagues_there(
        recognizer: MultilingualTaggerRecognizer, text: str, value: str | None) -> None:
    """ "our team at X", "my colleagues at X": the capitalised run after is the writer's employer,
    whatever the model makes of it."""
    found = _found(recognizer, text).get("ORGANIZATION", [])
    assert (value in found) if value else not found, found


@pytest.mark.parametrize(("text", "job", "not_job"), [
    ("Trabajo de auxiliar administrativo, no soy informático.", "auxiliar administrativo", "informático"),
    ("Ich frage als Grundschullehrerin, nicht als Techniker, also bitte einfach erklären.", "Grundschullehrerin", "Techniker"),
    ("Спрашиваю как воспитатель, а не как технарь, так что объясните попроще.", "воспитатель", "технарь"),
    ("Sunt bucătar de meserie, nu IT-ist, scuze.", "bucătar", "IT-ist"),
])
def test_what_the_writer_says_they_are_not_is_no_job_of_theirs(
        recognizer: MultilingualTaggerRecognizer, text: str, job: str, not_job: str) -> None:
    found = _found(recognizer, text)
    assert job in found.get("OCCUPATION", []) and not_job not in str(found), found


def test_a_job_cue_after_an_article_is_a_noun() -> None:
    """ "un trabajo de clase": "trabajo" is the noun there, and "clase" no job."""
    from guardian.detect.recognizers.multilingual_work import work_spans

    text = "Lo necesito para un trabajo de clase. Trabajo de enfermera en Madrid."
    assert [text[s:e] for s, e, kind in work_spans(text, "es") if kind == "OCCUPATION"] == ["enfermera"]


def test_a_state_after_to_be_as_is_no_job_and_a_common_word_before_a_number_no_drug(
        recognizer: MultilingualTaggerRecognizer) -> None:
    """ "estoy de baja" is a state ("estoy de camarero" a job); "στις 8" after a medicine is the hour
    it is taken, no brand with its dose; "спешу" (I am in a hurry) no condition, whatever the head says."""
    from guardian.detect.recognizers.multilingual_work import work_spans

    assert work_spans("Estoy de baja por diabetes y tengo tiempo.", "es") == []
    assert [k for _, _, k in work_spans("Estoy de camarero en un bar.", "es")] == ["OCCUPATION"]
    found = _found(recognizer, "(Πρέπει να πάρω Euthyrox στις 8, βιάζομαι.)")
    assert found.get("HEALTH") == ["Euthyrox"], found
    found = _found(recognizer, "(В 8 мне пить Конкор, я спешу.)")
    assert "спешу" not in str(found) and "Конкор" in found.get("HEALTH", []), found


def test_a_feminine_job_noun_is_the_job_faker_lists_in_the_masculine() -> None:
    from guardian.detect.recognizers.multilingual_work import is_faker_job_head

    assert is_faker_job_head("contabilă", "ro") and is_faker_job_head("profesora", "es")
    assert not is_faker_job_head("casa", "es") and not is_faker_job_head("mesa", "es")


def test_a_school_named_beside_a_class_presentation(recognizer: MultilingualTaggerRecognizer) -> None:
    """A presentation is a course's work too ("okuldaki sunumumuz için"): the school beside it is the writer's."""
    text = "Varsayılan değer 1'dir (okuldaki sunumumuz için, Galatasaray Lisesi)."
    assert "Galatasaray Lisesi" in _found(recognizer, text).get("ORGANIZATION", []), _found(recognizer, text)


def test_a_brand_shaped_word_in_the_writers_sentence_about_doses_is_a_medicine(
        recognizer: MultilingualTaggerRecognizer) -> None:
    found = _found(recognizer, "Kann ich meine Notizen zu Xalvoren (Dosis usw.) hier verschlüsseln?")
    assert "Xalvoren" in found.get("HEALTH", []), found
    assert not _found(recognizer, "Die Dosis von Firefox-Updates ist hoch.").get("HEALTH")


@pytest.mark.parametrize(("text", "kind", "value"), [
    ("Настройки проверены. Профессия у меня программист, так что в компьютерах я не силён.", "OCCUPATION", "программист"),
    ("Недопустимый IP-адрес или имя хоста – моя должность: продавец –", "OCCUPATION", "продавец"),
    ("Iau No-Spa și uneori sunt cam aerian, așa că: O aplicație de poștă.", "HEALTH", "No-Spa"),
    ("Παίρνω T4 και με νυστάζει, οπότε: Εμφάνιση, συνδρομές", "HEALTH", "T4"),
])
def test_a_job_after_the_words_for_ones_profession_and_a_brand_the_head_reads(
        recognizer: MultilingualTaggerRecognizer, text: str, kind: str, value: str) -> None:
    """ "Профессия у меня X", a labelled value a dash closes; a medicine's brand with its capital or
    its digit is no everyday word, whatever its letters."""
    assert value in _found(recognizer, text).get(kind, []), _found(recognizer, text)


@pytest.mark.parametrize(("text", "kind", "value"), [
    ("Întreb pentru mama mea, pe care o cheamă Grațiana. Reformulează: Actualizați valoarea?", "PERSON", "Grațiana"),
    ("Deshabilita el bloqueo de pantalla. — Me dan Sintrom con receta.", "HEALTH", "Sintrom"),
    ("Barkodları taramak için kameranıza erişmesi gerekecektir. Doktorum bana Apranax yazdı.", "HEALTH", "Apranax"),
    ("Диагноз — сахарный диабет 2 типа. Перефразируй помягче: Нажмите кнопку.", "HEALTH", "сахарный диабет 2 типа"),
])
def test_a_prescription_a_name_by_its_verb_and_a_label_after_a_dash(
        recognizer: MultilingualTaggerRecognizer, text: str, kind: str, value: str) -> None:
    """From the spent blind130ml: what a doctor prescribes ("me dan X con receta", "Doktorum bana X
    yazdı"), a name after "pe care o cheamă", a diagnosis after its label and a dash."""
    assert value in _found(recognizer, text).get(kind, []), _found(recognizer, text)


@pytest.mark.parametrize(("text", "name"), [
    ("Kurze Frage: Was bedeutet diese Meldung genau? Falls du einen Namen für die Antwort brauchst: Willi Langern.",
     "Willi Langern"),
    ("Cevap için isim lazımsa: Seracettin Seven. Şu cümleyi bana açıklar mısın?", "Seracettin Seven"),
    ("Αν χρειάζεσαι όνομα για την απάντηση: Παναγιώτα Μιχαηλίδου. Τι σημαίνει αυτό;", "Παναγιώτα Μιχαηλίδου"),
])
def test_a_name_offered_after_a_clause_about_a_name_is_the_writers(recognizer: MultilingualTaggerRecognizer,
                                                                      text: str, name: str) -> None:
    assert _found(recognizer, text).get("PERSON") == [name]


@pytest.mark.parametrize("text", [
    "Der Name des Komponisten: Ludwig van Beethoven. Wann wurde er geboren und wo?",  # known in most languages
    "Welcher Name passt hier besser: Angela Merkel oder Olaf Scholz? Bitte kurz erklären.",  # a question's
    "Das Ergebnis ist eindeutig: Willi Langern gewann die Wahl im Jahr 1990 in seinem Bezirk.",  # no name noun
])
def test_a_name_after_a_colon_that_offers_none_is_not_the_writers(recognizer: MultilingualTaggerRecognizer,
                                                                   text: str) -> None:
    assert "PERSON" not in _found(recognizer, text)


@pytest.mark.parametrize(("text", "entity", "value"), [
    # a name's particle in lower case joins its parts ("del"), in a sign-off
    ("Estoy configurando mi app y veo un aviso que no entiendo. Un saludo, Jovita del Guerrero", "PERSON",
     "Jovita del Guerrero"),
    # a clause about a name offers it whatever class the model gives it (a place here)
    ("Αφαίρεση από το αρχείο\n— Αν χρειάζεσαι όνομα για την απάντηση: Κυράτσα Νικολουδάκη.", "PERSON",
     "Κυράτσα Νικολουδάκη"),
    # "here is" before the name introduces the writer
    ("Καλησπέρα, εδώ η Παναγιώτα Μιχαηλίδου. Πατήστε ξανά 'Πίσω' για έξοδο", "PERSON", "Παναγιώτα Μιχαηλίδου"),
    # a signature's name in quotation marks after the word for a signature
    ("Μπορείς να γράψεις ένα email στον προϊστάμενό μου με υπογραφή «Μαυρίκιος Δημητρόπουλος»; Αφορά αυτό: Newline",
     "PERSON", "Μαυρίκιος Δημητρόπουλος"),
    # a bare family tie at the text's start, and a tie's genitive before "its name is"
    ("брат Евлампий сказал спросить тут: Включите уведомления, чтобы не пропустить ни одного письма.", "PERSON",
     "Евлампий"),
    ("“Numarayı değiştirdiniz.” tam olarak ne demek? Kart aslında kız kardeşimin, adı Nazlihan.", "PERSON", "Nazlihan"),
    # a form's abbreviated label of a birth date: its stops end no sentence
    ("selam! Doğ. tar.: 3 Şubat 1961, bu ne demek: Dosya sisteminden içe aktar", "DATE_OF_BIRTH", "3 Şubat 1961"),
])
def test_names_and_dates_by_particles_quotes_ties_and_abbreviated_labels(recognizer: MultilingualTaggerRecognizer,
                                                                          text: str, entity: str, value: str) -> None:
    assert value in _found(recognizer, text).get(entity, [])


def test_a_quoted_title_without_a_name_cue_stays(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "PERSON" not in _found(recognizer, "Kennst du das Buch «Anna Karenina» von Tolstoi? Worum geht es darin?")


@pytest.mark.parametrize(("text", "employer"), [
    # the preposition of a workplace, the firm, then the verb of starting there (no model span: the cue decides)
    ("Seit ich bei Siemens angefangen habe, pendle ich eine Stunde. Lohnt sich das?", "Siemens"),
    ("Kontext: Ich schreibe das in der Mittagspause bei Siemens.", "Siemens"),
])
def test_a_german_employer_by_its_preposition_and_work_cue(recognizer: MultilingualTaggerRecognizer,
                                                           text: str, employer: str) -> None:
    assert employer in _found(recognizer, text).get("ORGANIZATION", [])


@pytest.mark.parametrize("text", [
    "Seit ich bei der Arbeit angefangen habe, bin ich müde. Was bedeutet das?",  # a common noun; an adjective
    "Wann hat Goethe bei Hofe angefangen zu dichten?",
])
def test_a_german_common_noun_or_adjective_is_no_employer_or_job(recognizer: MultilingualTaggerRecognizer,
                                                                 text: str) -> None:
    found = _found(recognizer, text)
    assert "ORGANIZATION" not in found and "OCCUPATION" not in found


@pytest.mark.parametrize(("text", "firm"), [
    ("Переведи на английский, пожалуйста: «Управление устройствами» работаю сменами, компания Лукойл", "Лукойл"),
    ("Κανάλια με DRM δεν θα εισαχθούν (το δοκίμασα στο γραφείο, στην Aegean).", "Aegean"),
    ("Lo probé en la oficina, en Mercadona, y no funciona. ¿Qué hago?", "Mercadona"),
])
def test_a_firm_after_a_word_for_a_company_or_the_writers_workplace(recognizer: MultilingualTaggerRecognizer,
                                                                    text: str, firm: str) -> None:
    found = _found(recognizer, text)
    assert firm in found.get("ORGANIZATION", [])
    assert "OCCUPATION" not in found  # "работаю сменами": how one works, no title


@pytest.mark.parametrize("text", [
    "Компания Лукойл объявила о новых ценах. Почему они растут?",  # no writer in its sentence
    "¿Qué empresa, en España, vende más coches?",
])
def test_a_firm_told_of_or_asked_about_is_not_the_writers(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "ORGANIZATION" not in _found(recognizer, text)


@pytest.mark.parametrize(("text", "school"), [
    ("Я учусь в гимназии «Интеллект». Что значит эта ошибка?", "Интеллект"),
    ("Мы ученики, лицей «Вторая школа», и не можем понять: Произошла ошибка при попытке доступа.", "Вторая школа"),
])
def test_a_quoted_school_after_its_kind_in_the_writers_sentence(recognizer: MultilingualTaggerRecognizer,
                                                                text: str, school: str) -> None:
    assert school in _found(recognizer, text).get("ORGANIZATION", [])


def test_a_quoted_school_asked_about_is_no_ones(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "ORGANIZATION" not in _found(recognizer, "Когда основан университет «Синергия»? Расскажи историю.")


@pytest.mark.parametrize(("text", "name"), [
    ("Diese Meldung taucht bei mir auf: „Karten wechseln“ mein name is Alex Preiß btw. Was muss ich jetzt machen?",
     "Alex Preiß"),
    ("Hola, my name is Dulce Cañete. ¿Qué significa esto?", "Dulce Cañete"),
])
def test_an_english_introduction_inside_another_language(recognizer: MultilingualTaggerRecognizer, text: str,
                                                         name: str) -> None:
    assert name in _found(recognizer, text).get("PERSON", [])


def test_a_label_typed_with_two_letters_swapped_is_read_as_the_label(recognizer: MultilingualTaggerRecognizer) -> None:
    from guardian.detect.recognizers import multilingual_tagger as mt

    assert mt.respelled_labels("Gespräch beginnen. Gebrutsdatum: 5. Mai 1996", "de") == "Gespräch beginnen. Geburtsdatum: 5. Mai 1996"
    assert mt.respelled_labels("verifiziert. iFrma: Rewe", "de") == "verifiziert. Firma: Rewe"
    assert mt.respelled_labels("Die Frima ist gut: ja", "de") == "Die Frima ist gut: ja"  # no label before the colon
    assert mt.respelled_labels("Rnde: ja", "de") == "Rnde: ja"  # a swap that makes no label
    found = _found(recognizer, "Bitte beende deine Sprachübertragung, um ein Gespräch zu beginnen. Gebrutsdatum: 5. Mai 1996")
    assert found.get("DATE_OF_BIRTH") == ["5. Mai 1996"]


@pytest.mark.parametrize(("text", "firm"), [
    ("Sehr geehrte Damen und Herren, ich bin Mitarbeiter von Lidl und habe folgende Frage: Was heißt das?", "Lidl"),
    ("Contexto: escribo esto en la pausa de la comida en Inditex.", "Inditex"),
    ("Context: scriu asta în pauza de masă la Bitdefender.", "Bitdefender"),
])
def test_a_firm_after_the_writers_lunch_break_or_as_its_employee(recognizer: MultilingualTaggerRecognizer,
                                                                text: str, firm: str) -> None:
    assert firm in _found(recognizer, text).get("ORGANIZATION", [])


@pytest.mark.parametrize(("text", "school"), [
    ("Pentru un curs la Colegiul Național Sfântul Sava adun exemple. Iată unul: „PM doi virgulă cinci”", "Colegiul Național Sfântul Sava"),
    ("Пишу курсовую для НИУ ВШЭ про погодные приложения.", "НИУ ВШЭ"),  # an acronym
    ("Für meine Hausarbeit an der Hochschule München brauche ich das.", "Hochschule München"),
])
def test_the_school_after_a_courses_work_is_the_writers(recognizer: MultilingualTaggerRecognizer, text: str,
                                                        school: str) -> None:
    found = recognizer.analyze(Field("text:", "", text))
    assert school in [text[f.start:f.end] for f in found if f.entity == "ORGANIZATION"]


@pytest.mark.parametrize("text", [
    "Для курсовой по истории: что такое НЭП?",  # a question of the world after it
    "Tengo un examen de Historia mañana, ¿me ayudas?",  # a subject, no school
])
def test_no_school_after_a_courses_work_without_one(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert not [f for f in recognizer.analyze(Field("text:", "", text)) if f.entity == "ORGANIZATION"]


@pytest.mark.parametrize(("text", "entity", "value"), [
    ("¡Hola! Por cierto, no tolero bien el lorazepam. No entiendo el mensaje.", "HEALTH", "lorazepam"),
    ("Apropo, nu prea tolerez Omez. Întrebarea mea: ce înseamnă asta?", "HEALTH", "Omez"),
    ("Привет! После перехода на Кагоцел сплю ужасно. Что мне делать?", "HEALTH", "Кагоцел"),
    ("Alt yazı dosyalarını tut. Günlük ilacım: Xanax.", "HEALTH", "Xanax"),
    ("Örnek metni astım teşhisinden beri telefonu daha az kullanıyorum.", "HEALTH", "astım"),
    ("Από τότε που μου βρήκαν κοιλιοκάκη, χρησιμοποιώ λιγότερο το κινητό.", "HEALTH", "κοιλιοκάκη"),
    ("bin bei Lidl in der verwaltung. Meine Frage: Was bedeutet das?", "ORGANIZATION", "Lidl"),
])
def test_more_of_the_writers_phrasings(recognizer: MultilingualTaggerRecognizer, text: str, entity: str, value: str) -> None:
    assert value in _found(recognizer, text).get(entity, [])


# A cue typed without the letters a keyboard may lack: Turkish dotless "ı", Polish "ł"
@pytest.mark.parametrize(("text", "name"), [
    ("adim Zeynep Aydın, bu ayarı nasıl açarım?", "Zeynep Aydın"),
    ("Oglumun adi Kerem, ona bir oyun almak istiyorum. Ne önerirsin?", "Kerem"),
])
def test_a_cue_typed_without_its_marked_letter(recognizer: MultilingualTaggerRecognizer, text: str, name: str) -> None:
    found = _found(recognizer, text)
    assert any(name in span for span in found.get("PERSON", [])), found


# The firm whose IT, work phones or colleagues the text speaks of is the writer's employer,
# whatever its fame; a question about a firm, with no workplace of the writer's, is left alone
@pytest.mark.parametrize(("text", "firm"), [
    ("Die IT-Abteilung von Lidl hat uns diese Einstellung vorgegeben, was bedeutet sie?", "Lidl"),
    ("Los compañeros de Mercadona dicen que esta opción no funciona.", "Mercadona"),
    ("Οι συνάδελφοι στην Cosmote λένε ότι αυτό δεν δουλεύει.", "Cosmote"),
    ("На служебном телефоне в компании «Ростелеком» это выключено. служебный телефон тормозит.", "Ростелеком"),
    ("Colegii de la Dacia spun că setarea asta nu merge.", "Dacia"),
    # a name of common words, capitalised mid-sentence where nouns are written small
    ("Los compañeros de Banco Santander dicen que esta opción no va.", "Banco Santander"),
    ("Preferiría no tocarlo. En El Mundo Verde los de sistemas lo bloquean, ¿es por eso?", "El Mundo Verde"),
    # the work phone in another case than the cue's ("на рабочем телефоне")
    ("Не работает. Это на рабочем телефоне от компании «Северсталь».", "Северсталь"),
])
def test_a_firm_at_work_is_the_employer(recognizer: MultilingualTaggerRecognizer, text: str, firm: str) -> None:
    found = _found(recognizer, text)
    assert firm in found.get("ORGANIZATION", []), found


@pytest.mark.parametrize("text", [
    "Wann wurde die Firma Siemens gegründet und von wem?",
    "¿Cuántas tiendas tiene Mercadona en España?",
    "Mi jefe de Madrid dice que no funciona.",
])
def test_a_firm_without_a_workplace_is_no_employer(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "ORGANIZATION" not in _found(recognizer, text)


# A signature pasted before the text it asks about: the full name after the closing formula, not
# the words that run on after it; a greeting before a common word is no name
@pytest.mark.parametrize(("text", "name"), [
    ("Viele Grüße,\nMarlene Hoffmann Speicherort für Sicherungen auswählen", "Marlene Hoffmann"),
    ("Un saludo, Teresa Navarro Copia de seguridad completada correctamente", "Teresa Navarro"),
    ("С уважением,\nОльга Смирнова Резервная копия успешно создана", "Ольга Смирнова"),
])
def test_a_name_after_a_closing_formula_stops_at_the_pasted_text(recognizer: MultilingualTaggerRecognizer, text: str,
                                                                   name: str) -> None:
    assert name in _found(recognizer, text).get("PERSON", [])


def test_a_greeting_before_a_common_word_is_no_name(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "PERSON" not in _found(recognizer, "Hallo, Willkommen zurück bei der App! Was bedeutet diese Meldung?")
