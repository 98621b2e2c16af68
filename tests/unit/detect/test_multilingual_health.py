"""Health, job titles and employers in twelve languages (multilingual_health.py, multilingual_work.py
through the multilingual tagger's recogniser): a condition, a drug, a job and an employer the
writer discloses are found; a question about the world with the same words is not; any input is
read with bounded output."""

from __future__ import annotations


import pytest

from guardian.detect.language import language_of
from guardian.detect.recognizers.multilingual_health import MAX_SPANS as HEALTH_MAX_SPANS, fold, health_spans, is_health_word
from guardian.detect.recognizers.multilingual_tagger import SUPPORTED, MultilingualTaggerRecognizer
from guardian.detect.recognizers.multilingual_work import MAX_SPANS as WORK_MAX_SPANS, work_spans
from guardian.records import Field

PATH = "json:$.messages[0].content"


@pytest.fixture(scope="module")
def recognizer() -> MultilingualTaggerRecognizer:
    r = MultilingualTaggerRecognizer()
    r.warm()
    return r


def _found(r: MultilingualTaggerRecognizer, text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for f in r.analyze(Field(PATH, "content", text)):
        out.setdefault(f.entity, []).append(text[f.start:f.end])
    return out


# (language, text, condition, drug, job, employer)
PLANTED = [
    ("de", "Ich habe Diabetes und nehme seit Mai Metformin. Ich arbeite als Krankenschwester bei Siemens. "
           "Welche Snacks eignen sich für lange Nachtschichten?", "Diabetes", "Metformin", "Krankenschwester", "Siemens"),
    ("es", "Me diagnosticaron asma y tomo salbutamol cada día. Trabajo como enfermera en el Hospital La Paz. "
           "¿Qué ejercicios me recomiendas para respirar mejor?", "asma", "salbutamol", "enfermera", "Hospital La Paz"),
    ("fr", "J'ai une polyarthrite et je prends du méthotrexate. Je travaille comme infirmière chez Sanofi Pasteur. "
           "Comment organiser mes journées de repos ?", "polyarthrite", "méthotrexate", "infirmière", "Sanofi Pasteur"),
    ("it", "Mi hanno diagnosticato la celiachia e prendo omeprazolo. Lavoro come cuoco presso Trattoria Bellini. "
           "Quali ricette senza glutine mi consigli?", "celiachia", "omeprazolo", "cuoco", "Trattoria Bellini"),
    ("pt", "Tenho epilepsia e tomo lamotrigina todas as noites. Trabalho como motorista na Carris Lisboa. "
           "Posso conduzir autocarros com esta condição?", "epilepsia", "lamotrigina", "motorista", "Carris Lisboa"),
    ("nl", "Ik heb psoriasis en gebruik sinds kort adalimumab. Ik werk als kapper bij Salon Bakker. "
           "Welke handschoenen zijn het beste voor mijn huid?", "psoriasis", "adalimumab", "kapper", "Salon Bakker"),
    ("pl", "Mam nadciśnienie i biorę ramipryl każdego ranka. Pracuję jako kierowca w Orlen Logistyka. "
           "Jak dbać o zdrowie przy pracy w trasie?", "nadciśnienie", "ramipryl", "kierowca", "Orlen Logistyka"),
    ("ro", "Am astm și iau salbutamol de doi ani. Lucrez ca brutar la Panificația Dobrogea. "
           "Ce mască de protecție îmi recomanzi pentru făină?", "astm", "salbutamol", "brutar", "Panificația Dobrogea"),
    ("el", "Έχω διαβήτη και παίρνω μετφορμίνη κάθε πρωί. Δουλεύω ως λογίστρια στην Ελληνική Τράπεζα. "
           "Τι σνακ να έχω στο γραφείο;", "διαβήτη", "μετφορμίνη", "λογίστρια", "Ελληνική Τράπεζα"),
    ("ru", "У меня астма, и я принимаю сальбутамол. Я работаю водителем в Яндекс Такси. "
           "Какие упражнения помогут мне дышать легче?", "астма", "сальбутамол", "водителем", "Яндекс Такси"),
    ("uk", "У мене гастрит, і я приймаю омепразол щодня. Я працюю бухгалтеркою в Приватбанку. "
           "Яку дієту мені варто спробувати?", "гастрит", "омепразол", "бухгалтеркою", "Приватбанку"),
    ("tr", "Astım hastasıyım ve her gün salbutamol kullanıyorum. Koç Holding'de muhasebeci olarak çalışıyorum. "
           "Ofiste nefes almak için ne önerirsiniz?", "Astım", "salbutamol", "muhasebeci", "Koç Holding"),
]


@pytest.mark.parametrize(("lang", "text", "condition", "drug", "job", "employer"), PLANTED, ids=[p[0] for p in PLANTED])
def test_planted_condition_drug_job_and_employer_are_found(recognizer: MultilingualTaggerRecognizer, lang: str, text: str,
                                                           condition: str, drug: str, job: str, employer: str) -> None:
    assert language_of(text) == lang
    found = _found(recognizer, text)
    assert any(condition in s for s in found.get("HEALTH", [])), found
    assert any(drug in s for s in found.get("HEALTH", [])), found
    assert job in found.get("OCCUPATION", []), found
    assert any(employer in s or s in employer for s in found.get("ORGANIZATION", [])), found


@pytest.mark.parametrize(("lang", "text", "condition"), [
    ("de", "Meine Mutter hat Alzheimer, wie kann ich ihr im Alltag helfen und wo finde ich Beratung?", "Alzheimer"),
    ("es", "Estoy embarazada de cuatro meses, ¿puedo seguir viajando en avión a Canarias?", "embarazada"),
    ("ru", "Я беременна, можно ли мне летать на самолёте на пятом месяце?", "беременна"),
    ("el", "Είμαι έγκυος και θέλω να μάθω αν μπορώ να πιω καφέ κάθε μέρα.", "έγκυος"),
    ("tr", "Hamileyim, uçağa binebilir miyim ve hangi ayda artık uçmamalıyım?", "Hamileyim"),
    ("tr", "Şeker hastasıyım, hangi meyveleri gönül rahatlığıyla yiyebilirim?", "Şeker hastasıyım"),
    ("pl", "Moja córka ma padaczkę i boi się wyjazdu na obóz, jak ją przygotować?", "padaczkę"),
    # a diagnosis's words right beside the term, the writer speaking in its sentence
    ("ru", "Я на больничном, диагноз аллергия на пыльцу, времени много. Как включить уведомления?", "аллергия"),
    ("es", "Desde el diagnóstico (la tensión alta) me cuesta leer, así que escucho pódcasts.", "tensión alta"),
    # a medicine followed by the times one takes it; a medicine's compound with its form, whole
    ("de", "Salbutamol-Spray morgens. Sollte der Ordner auch verschlüsselt sein?", "Salbutamol-Spray"),
    ("es", "Ibuprofeno por las noches, nada más. ¿Cómo pongo un recordatorio en la aplicación?", "Ibuprofeno"),
    ("ru", "Метформин по утрам, как настроить напоминание в приложении?", "Метформин"),
])
def test_family_pregnancy_and_suffixed_health_is_found(recognizer: MultilingualTaggerRecognizer, lang: str, text: str,
                                                       condition: str) -> None:
    assert language_of(text) == lang
    assert condition in _found(recognizer, text).get("HEALTH", [])


# Questions about the world with the same words: no cue, or a topic word between cue and term.
QUESTIONS = [
    ("de", "Was ist Diabetes und wie wird Metformin heute in Deutschland eingesetzt?"),
    ("de", "Ich habe eine Frage zu Diabetes: wie hoch darf der Blutzucker nach dem Essen sein?"),
    ("es", "¿Qué hace una enfermera en un hospital público y cuánto gana al mes en España?"),
    ("es", "¿Cuáles son los síntomas del asma y cómo actúa el salbutamol en los bronquios?"),
    ("fr", "Qu'est-ce que la polyarthrite rhumatoïde et comment agit le méthotrexate ?"),
    ("it", "Che cos'è la celiachia e perché è diventata così frequente in Italia?"),
    ("it", "Ho letto che la celiachia è in aumento in Europa, è vero o è solo una moda?"),
    ("pt", "O que é a epilepsia e quais são os primeiros socorros durante uma crise?"),
    ("nl", "Wat is psoriasis en waarom komt het vaker voor in de winter?"),
    ("pl", "Co to jest nadciśnienie i jakie są jego najczęstsze przyczyny u młodych ludzi?"),
    ("ro", "Ce este astmul și cum se tratează la copiii de vârstă școlară?"),
    ("el", "Τι είναι ο διαβήτης και πώς επηρεάζει τα νεφρά μακροπρόθεσμα;"),
    ("ru", "Что такое астма и почему она появляется у взрослых людей?"),
    ("ru", "У меня есть вопрос про астму у детей: как её лечат в Германии?"),
    ("uk", "Що таке гастрит і як його лікують у дорослих людей?"),
    ("tr", "Astım nedir ve çocuklarda hangi belirtilerle ortaya çıkar?"),
    ("tr", "Bir hemşire olarak çalışmak için hangi okullardan mezun olmak gerekir?"),
    ("ru", "Какой диагноз ставят при аллергии на пыльцу у взрослых людей?"),
    ("es", "¿Qué diagnóstico tiene la tensión alta en personas mayores de sesenta años?"),
    ("de", "Was ist ein Salbutamol-Spray und wie wirkt es bei Asthma im Vergleich zu Tabletten?"),
]


@pytest.mark.parametrize(("lang", "text"), QUESTIONS, ids=[f"{q[0]}{i}" for i, q in enumerate(QUESTIONS)])
def test_questions_about_the_world_are_left_alone(recognizer: MultilingualTaggerRecognizer, lang: str, text: str) -> None:
    assert language_of(text) == lang
    found = _found(recognizer, text)
    assert not found.get("HEALTH") and not found.get("OCCUPATION"), found


def test_every_language_has_health_and_work_cues() -> None:
    for lang in SUPPORTED:
        assert health_spans("x", lang) == []  # each language's grammar loads
        assert work_spans("x", lang) == []


@pytest.mark.parametrize("words", [
    ("Sertralin", "sertralina", "сертралин", "σερτραλίνη", "sertralinę"),
    ("Amoxicillin", "amoksisilin", "амоксициллин", "αμοξικιλλίνη"),
    ("Arthritis", "artritis", "артрит", "αρθρίτιδα", "artrite"),
])
def test_one_word_in_every_script_folds_alike(words: tuple[str, ...]) -> None:
    stems = {fold(w)[:6] for w in words}
    assert len(stems) == 1, stems
    assert all(is_health_word(w, "de") for w in words)


@pytest.mark.parametrize("word", ["April", "Saison", "вопрос", "говорит", "домом", "hipoteca", "psicosocial", "Diagnose",
                                  "chronisch", "informe"])
def test_ordinary_words_with_medical_endings_are_not_terms(word: str) -> None:
    assert not is_health_word(word, "de")


@pytest.mark.parametrize("text", [
    "Ich habe " + "Diabetes und Asthma und " * 3000 + "nehme Metformin. Wie geht es weiter mit der Behandlung?",
    "У меня астма и диабет, " + "я принимаю метформин и сальбутамол, " * 800 + "что делать дальше с лечением?",
    "Ich arbeite als " + "Krankenschwester bei Siemens und " * 2000 + "frage mich, wie das weitergeht.",
    "Έχω άσθμα \u202eκαι διαβήτη\u202c και παίρνω μετφορμίνη 😀" * 200 + " Ich habe Asthma مرحبا У меня астма",
    "Ich habe A\u0301\u0301sthma und " + "\u200d" * 5000 + " nehme Metfor\u200bmin, wie lange noch, liebe Ärztin?",
])
def test_long_and_mixed_input_is_bounded(recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    for f in recognizer.analyze(Field(PATH, "content", text)):
        assert 0 <= f.start < f.end <= len(text)
    # bounded output (the patterns' boundedness is test_detect_robustness's; speed is lab/bench's)
    assert len(health_spans(text, "de")) <= HEALTH_MAX_SPANS
    assert len(work_spans(text, "de")) <= WORK_MAX_SPANS


@pytest.mark.parametrize(("lang", "text", "drug"), [
    ("es", "Tomo Eutirox 50 todos los días. ¿Necesito hacerlo ahora?", "Eutirox 50"),  # a dose after the name
    ("ro", "Ai vrea să-mi explici regulile? Apropo, de câteva luni iau Xanax.", "Xanax"),  # a capital mid-sentence
    ("el", "Παίρνω Lantus κάθε μέρα. Τι άλλο θέλεις;", "Lantus"),  # Latin letters in Greek text
    ("tr", "Her gün Lustral kullanıyorum. Kim çevirebilir?", "Lustral"),  # the cue after it
    ("de", "Ich nehme Concor 5 mg am Morgen.", "Concor 5 mg"),
    ("es", "Llevo meses tomando metformina, ¿es normal?", "metformina"),  # an INN after a cue of taking it
])
def test_a_medicine_the_writer_takes_is_found_by_its_brand_shape(lang: str, text: str, drug: str) -> None:
    assert [text[s:e] for s, e in health_spans(text, lang)] == [drug]


@pytest.mark.parametrize(("lang", "text", "term"), [
    ("ru", "В прошлом году мне поставили диагноз «рассеянный склероз». Как настроить VPN?", "рассеянный склероз"),
    ("de", "Letztes Jahr wurde bei mir „Multiple Sklerose“ diagnostiziert.", "Multiple Sklerose"),  # the cue after it
    ("el", "Το 2019 μου διέγνωσαν «σκλήρυνση κατά πλάκας». Πώς ρυθμίζω ένα VPN;", "σκλήρυνση κατά πλάκας"),
])
def test_a_condition_in_quotation_marks_after_its_cue_is_the_writers(lang: str, text: str, term: str) -> None:
    # «...», „...“: how these languages set off a diagnosis's name; the marks are no break
    assert [text[s:e] for s, e in health_spans(text, lang)] == [term]
    assert health_spans("Что такое «рассеянный склероз»?", "ru") == []  # quoted, no cue: a topic


@pytest.mark.parametrize(("lang", "text", "term"), [
    ("es", "Cierra la cortina. Con mi enfermedad de Crohn esto es importante para mí.", "enfermedad de Crohn"),  # and its eponym
    ("de", "Mein Asthma ist schlimmer geworden, was hilft?", "Asthma"),
    ("ru", "Моя астма обострилась, что делать?", "астма"),
    ("el", "Το άσθμα μου χειροτερεύει.", "άσθμα"),  # Greek puts "my" after the noun
    ("fr", "Mon diabète va mieux.", "diabète"),
])
def test_a_condition_right_after_the_writers_possessive_is_theirs(lang: str, text: str, term: str) -> None:
    assert [text[s:e] for s, e in health_spans(text, lang)] == [term]


@pytest.mark.parametrize(("lang", "text"), [
    ("es", "Mi libro sobre el asma es bueno."),  # a word between: the book's topic
    ("de", "Meine Frage zu Diabetes: was ist das?"),
    ("es", "¿Qué es la diabetes?"),
])
def test_a_possessive_with_another_word_before_the_condition_is_no_cue(lang: str, text: str) -> None:
    assert health_spans(text, lang) == []


@pytest.mark.parametrize(("lang", "text"), [
    ("es", "Tomo el autobús todos los días."),  # lower case, no dose: a thing one takes
    ("de", "Ich nehme Urlaub im Mai."),  # German capitalises every noun: only a dose counts there
    ("tr", "Her gün Ankara'ya gidiyorum."),  # a capital that opens the sentence, no cue
    ("tr", "Merhaba, benim adım Ayşe Yılmaz."),  # a name after a health cue is no medicine
])
def test_no_medicine_without_a_cue_of_taking_it_and_a_brand_shape(lang: str, text: str) -> None:
    assert health_spans(text, lang) == []


@pytest.mark.parametrize(("lang", "text", "found"), [
    ("de", "Kannst du das vereinfachen? Ich bin Elektroniker und kenne mich nicht aus.", ["Elektroniker"]),
    ("ro", "Sunt profesor. Explică-mi fraza, te rog.", ["profesor"]),
    ("de", "Ich bin Anfänger in Python.", []),  # a job noun's shape, but the clause goes on: no title
    ("es", "Soy nuevo aquí, ¿me ayudas?", []),  # no job noun's shape
    ("de", "Hauptberuflich bin ich Landwirt.", ["Landwirt"]),
    ("el", "Είμαι οδηγός ταξί και θέλω να μάθω για τα διόδια.", ["οδηγός ταξί"]),  # the noun first, its modifier after
    ("ru", "Я программист. Объясни эту ошибку.", ["программист"]),
    ("el", "Είμαι κουρασμένος και θέλω να κοιμηθώ.", []),  # an adjective, no job noun's shape
    ("it", "Senza una specifica, i numeri di versione sono essenzialmente inutili per una gestione.", []),  # an adverb in -mente
    ("it", "Sono dirigente presso la Banca d'Italia.", ["dirigente"]),
    # what the writer is not
    ("es", "Trabajo de auxiliar administrativo, no soy informático.", ["auxiliar administrativo"]),
    ("de", "Ich bin kein Arzt, aber was ist das?", []),
])
def test_i_am_and_a_job_noun_that_ends_its_clause_is_the_writers_job(lang: str, text: str, found: list[str]) -> None:
    assert [text[s:e] for s, e, kind in work_spans(text, lang) if kind == "OCCUPATION"] == found


@pytest.mark.parametrize(
    ("lang", "text", "value"),
    [
        ("ro", "Am fost diagnosticată anul trecut cu diabet de tip 1, ce pot mânca seara?", "diabet de tip 1"),
        ("ru", "Мне недавно поставили диагноз: диабет 2 типа. Что можно есть?", "диабет 2 типа"),
        ("el", "Κάνω θεραπεία για άσθμα εδώ και χρόνια, τι άλλο να προσέξω;", "άσθμα"),
        ("es", "Recuérdame tomar el omeprazol antes del desayuno.", "omeprazol"),
        # "I suffer from X" names a condition, listed or not
        ("ro", "Căutați pentru aceasta și subgrupuri. Scuze de deranj, sufăr de tensiune mare.", "tensiune"),
        # a condition one lives with, where the writer's own verb says so; Turkish "X var" likewise
        ("el", "Επεξεργαστείτε το προφίλ του χρήστη. Ρωτάω γιατί με ίλιγγο κάθομαι πολύ σπίτι.", "ίλιγγο"),
        ("tr", "Yazım hataları için kusura bakmayın, reflü var ve bugün kendimde değilim.", "reflü"),
    ],
)
def test_a_diagnosis_a_treatment_and_a_reminder_make_it_the_writers(lang: str, text: str, value: str) -> None:
    # a diagnosis or a treatment reaches past a time word; a condition's type belongs to it; a
    # reminder to take a drug says the writer takes it
    assert language_of(text) == lang
    assert value in [text[s:e] for s, e in health_spans(text, lang)]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("ro", "Ce tratament pentru diabet de tip 2 recomandă ghidurile europene?"),
        ("ru", "Расскажи мне про метформин."),
        ("el", "Θέλω να μάθω για το άσθμα στα παιδιά."),
    ],
)
def test_a_treatment_asked_about_is_no_ones(recognizer: MultilingualTaggerRecognizer, lang: str, text: str) -> None:
    assert language_of(text) == lang
    assert "HEALTH" not in _found(recognizer, text), _found(recognizer, text)


@pytest.mark.parametrize(("lang", "text", "found"), [
    ("de", "Als Tischler bin ich oft auf Baustellen, wie lange hält Leim?", ["Tischler"]),
    ("ro", "Ca pompier lucrez în ture de noapte, cum dorm mai bine?", ["pompier"]),
    ("es", "Como presidente, Lincoln firmó la proclamación.", []),  # no one of the writer's speaks
])
def test_as_a_job_noun_where_the_writer_speaks_is_their_job(recognizer: MultilingualTaggerRecognizer, lang: str,
                                                            text: str, found: list[str]) -> None:
    assert language_of(text) == lang
    assert _found(recognizer, text).get("OCCUPATION", []) == found


@pytest.mark.parametrize(("text", "found"), [
    ("Ben aslen gazeteciyim ve bir sorum var.", ["gazeteci"]),  # "I am" on the agent noun
    ("Bu konuda yabancıyım ama deneyeceğim.", []),  # a role, not a job
    ("Türkiye'de kaç gazeteci var?", []),
])
def test_turkish_marks_i_am_on_the_agent_noun(text: str, found: list[str]) -> None:
    assert [text[s:e] for s, e, kind in work_spans(text, "tr") if kind == "OCCUPATION"] == found


@pytest.mark.parametrize(("lang", "text", "value"), [
    ("de", "Wegen meiner Netzhautdegeneration sehe ich abends kaum etwas; geht die Schrift größer?", "Netzhautdegeneration"),
    ("ro", "Din cauza unei distrofii musculare merg greu; ce exerciții sunt blânde?", "distrofii"),
    ("el", "Λόγω εκφύλισης του χόνδρου δεν μπορώ να τρέξω· τι άλλο να κάνω;", "εκφύλισης"),
    ("ru", "Из-за синдрома Туретта я плохо сплю, что посоветуешь?", "синдрома"),
    ("tr", "Migren yüzünden ekrana bakamıyorum, yazıyı büyütebilir misin?", "Migren"),
])
def test_a_condition_as_the_cause_of_what_the_writer_cannot_do(lang: str, text: str, value: str) -> None:
    # "because of X I cannot ...": the condition is the writer's, by the first-person verb of its effect
    assert value in [text[s:e] for s, e in health_spans(text, lang)]


@pytest.mark.parametrize(("lang", "text"), [
    ("de", "Wie viele Menschen erblinden wegen Diabetes?"),  # a cause, but of no one's in particular
    ("ru", "Из-за инсульта многие теряют речь. Почему?"),
    ("tr", "Diyabet yüzünden kaç kişi görme kaybı yaşıyor?"),
])
def test_a_cause_without_the_writer_affected_is_no_ones(lang: str, text: str) -> None:
    assert health_spans(text, lang) == []


@pytest.mark.parametrize(("lang", "text", "value"), [
    ("es", "Ayer me tomé un Frenadol y hoy estoy mejor, ¿sigo con él?", "Frenadol"),
    ("el", "Μόλις πήρα ένα Panadol, πότε μπορώ να οδηγήσω;", "Panadol"),
    ("ru", "Мне нужно принимать Кардиомагнил утром, напомни.", "Кардиомагнил"),
    ("tr", "Sabah bir Arveles aldım, öğlen tekrar alabilir miyim?", "Arveles"),
    ("pl", "Wczoraj wziąłem Apap i nadal boli mnie głowa.", "Apap"),
])
def test_a_medicine_the_writer_took_or_must_take(lang: str, text: str, value: str) -> None:
    assert value in [text[s:e] for s, e in health_spans(text, lang)]


def test_a_medicine_asked_about_in_the_infinitive_is_no_ones() -> None:
    # "how must one take ...": no first person; the infinitive alone is no cue
    assert health_spans("Как нужно принимать Кардиомагнил?", "ru") == []


@pytest.mark.parametrize(("lang", "text", "value"), [
    ("ro", "Ce pot să mănânc seara? Sunt pe Augmentin de două zile.", "Augmentin"),  # "I'm on <drug>"
    ("es", "¿Puedo viajar con el Orfidal que me recetó el médico?", "Orfidal"),
    ("tr", "Tanı: Hashimoto tiroiditi. Ne yemeliyim?", "Hashimoto tiroiditi"),  # a diagnosis as a label
])
def test_a_drug_the_writer_is_on_or_was_prescribed_and_a_labelled_diagnosis(lang: str, text: str, value: str) -> None:
    assert value in [text[s:e] for s, e in health_spans(text, lang)]


def test_a_common_word_of_the_language_is_no_medicine() -> None:
    # "propriile" has the -pril stem, "случайно" folds to the -caine one, "cambia" is a brand's name
    # too: wordfreq calls them common words of their languages; the drugs stay
    from guardian.detect.recognizers.multilingual_health import medicine_words

    def words(text: str, lang: str) -> list[str]:
        return [text[a:b] for a, b in medicine_words(text, lang)]

    assert words("Ce să fac dacă înnoiesc propriile mele dependințe? Iau bisoprolol.", "ro") == ["bisoprolol"]
    assert words("Я случайно выпил ибупрофен.", "ru") == ["ибупрофен"]
    assert words("Si cambia la dosis de insulina, ¿qué pasa?", "es") == ["insulina"]
    assert words("Si cambia la dosis", "") == ["cambia"]  # no language, no measure: as before


def test_migraine_in_spanish_and_portuguese() -> None:
    text = "Por culpa de mi migraña crónica tengo que hacer muchas pausas."
    assert [text[a:b] for a, b in health_spans(text, "es")] == ["migraña"]
    text = "Tenho enxaqueca desde criança."
    assert [text[a:b] for a, b in health_spans(text, "pt")] == ["enxaqueca"]


@pytest.mark.parametrize(("lang", "text", "term"), [
    # a condition the writer lives with, then a hardship said without a person, in a sentence that asks nothing
    ("el", "Με σαρκοείδωση είναι δύσκολο να διαβάζεις σε οθόνη.", "σαρκοείδωση"),
    ("ru", "С диагнозом «язвенный колит» тяжело читать с экрана.", "язвенный колит"),  # the diagnosis names it whole
    ("es", "Con celiaquía no salgo mucho de casa.", "celiaquía"),
    ("de", "Mit Diabetes ist es schwer, im Urlaub richtig zu essen.", "Diabetes"),
])
def test_a_condition_the_writer_lives_with_and_what_it_makes_hard(lang: str, text: str, term: str) -> None:
    assert term in [text[s:e] for s, e in health_spans(text, lang)]


@pytest.mark.parametrize(("lang", "text"), [
    ("es", "¿Es difícil viajar con asma a la montaña?"),  # a question about anyone
    ("de", "Wegen Diabetes erblinden viele Menschen."),  # no one's
])
def test_a_hardship_asked_about_or_told_of_others_is_no_ones(lang: str, text: str) -> None:
    assert health_spans(text, lang) == []


@pytest.mark.parametrize("word", ["Mesalazin", "mesalazina", "Levothyroxin"])
def test_a_listed_medicine_as_another_latin_language_ends_it(word: str) -> None:
    from guardian.detect.recognizers.multilingual_health import is_listed_medicine

    assert is_listed_medicine(word)


@pytest.mark.parametrize("word", ["Informatik", "Mitarbeiter", "configuration", "Einstellung"])
def test_ordinary_long_words_are_no_listed_medicine(word: str) -> None:
    from guardian.detect.recognizers.multilingual_health import is_listed_medicine

    assert not is_listed_medicine(word)


@pytest.mark.parametrize(("lang", "text"), [
    ("ru", "Страдаю ерундой на работе, а надо учить Python."),  # an idiom of wasting time
    ("de", "Ich leide unter Zeitdruck, wie plane ich besser?"),
    ("tr", "Bu ilçede çok kanser var, araştırıyorum."),  # a place's
    ("tr", "Kanser var mı diye araştırıyorum."),  # asked whether there is
])
def test_suffering_an_idiom_or_a_hardship_names_no_condition(lang: str, text: str) -> None:
    assert health_spans(text, lang) == []


@pytest.mark.parametrize(("text", "medicine"), [
    # the writer's turn to take it, or having forgotten it: a regimen of theirs
    ("Mostrar contador de no leídos. Por cierto, ahora me toca el Adiro, contestad breve porfa.", "Adiro"),
    ("sabah Glifor almayı unuttum kafam hiç çalışmıyo. Tahminlerinizi değiştirin. bu ne demek?", "Glifor"),
    ("Am uitat să iau Sintrom azi dimineață. Ce înseamnă asta?", "Sintrom"),
    # what it does to the writer
    ("PS: Euthyrox nu-mi prea face bine când se schimbă vremea, mai pățește cineva?", "Euthyrox"),
    ("Not: Hava değişince Coraspin bana iyi gelmiyor, başka yaşayan var mı?", "Coraspin"),
    ("PD: estoy con Sintrom, perdonad las erratas", "Sintrom"),  # what the writer is on, opening the aside
])
def test_a_medicine_the_writer_has_to_take_or_forgot_is_theirs(recognizer: MultilingualTaggerRecognizer,
                                                               text: str, medicine: str) -> None:
    assert medicine in _found(recognizer, text).get("HEALTH", [])


def test_forgetting_a_password_names_no_medicine(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "HEALTH" not in _found(recognizer, "Se me olvidó la contraseña del correo, ¿cómo la recupero?")


def test_a_label_before_its_colon_is_no_medicine(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "HEALTH" not in _found(recognizer, "Notificări: Firefox nu-mi face bine la ochi, ce să fac?")


@pytest.mark.parametrize(("text", "job"), [
    ("Ca contabilă, trebuie să le explic asta colegilor: Evidențiază spațiile la capătul liniilor", "contabilă"),
    ("Como cocinero, tengo que saber esto: ¿qué es el umami?", "cocinero"),
    ("Provine din ardere. — ca asistentă medicală trebuie să fiu atent la vreme.", "asistentă"),  # no comma
])
def test_as_a_title_opening_a_sentence_that_names_no_one_else_is_the_writers_job(
        recognizer: MultilingualTaggerRecognizer, text: str, job: str) -> None:
    assert job in _found(recognizer, text).get("OCCUPATION", [])


@pytest.mark.parametrize("text", [
    "Como presidente, Obama firmó la ley en 2010. ¿Por qué lo hizo?",  # whose title the clause names
    "Ca medic, ce părere ai despre asta?",  # the assistant cast as a doctor
    "Ca medic ce părere ai despre asta?",
    # an article after "as" compares ("like a password manager"), with no comma after it
    "Stockez votre clé dans un endroit sûr, comme un gestionnaire de mots de passe ou un coffre.",
    "Como presidente firmó Obama la ley en 2010.",
])
def test_as_a_title_of_someone_named_or_of_the_one_asked_is_not_the_writers(
        recognizer: MultilingualTaggerRecognizer, text: str) -> None:
    assert "OCCUPATION" not in _found(recognizer, text)


def test_a_brand_in_a_turkish_sentence_of_the_writers_doses(recognizer: MultilingualTaggerRecognizer) -> None:
    """Turkish says "my" on the noun ("notlarımı") and "am I" in the question particle ("miyim")."""
    text = "Bu arada Glifor ile ilgili notlarımı (doz vs.) böyle bir kasada tutabilir miyim?"
    assert _found(recognizer, text).get("HEALTH") == ["Glifor"]
    assert "HEALTH" not in _found(recognizer, "Glifor ile ilgili notlar (doz vs.) hangi kasada tutulur?")


@pytest.mark.parametrize(("text", "term"), [
    ("Sorry für die Umstände, hab gerade mit Migräne zu kämpfen.", "Migräne"),
    ("Estoy lidiando con una migraña, así que respuesta corta.", "migraña"),
    ("Mă lupt cu o depresie de ceva vreme. Ce înseamnă asta?", "depresie"),
    ("Son zamanlarda migren ile boğuşuyorum, kısa cevap lütfen.", "migren"),
])
def test_a_condition_the_writer_struggles_with_is_theirs(recognizer: MultilingualTaggerRecognizer, text: str,
                                                         term: str) -> None:
    assert any(term in h for h in _found(recognizer, text).get("HEALTH", []))


def test_a_town_struggling_with_a_flood_has_no_condition(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "HEALTH" not in _found(recognizer, "Die Stadt hat mit Hochwasser zu kämpfen. Warum?")


@pytest.mark.parametrize(("text", "condition"), [
    ("Sayın yetkili, KOAH rahatsızlığım bulunmaktadır. Şunu açıklar mısınız?", "KOAH"),  # "my ... ailment": listed or not
    ("Sayın yetkili, astım rahatsızlığım bulunmaktadır. Şunu açıklar mısınız?", "astım"),
    ("migren yüzünden bugün berbatım. Konum listesi boş olamaz ne demek?", "migren"),  # a cause, and how the writer is
])
def test_a_turkish_ailment_of_the_writer(recognizer: MultilingualTaggerRecognizer, text: str, condition: str) -> None:
    assert condition in _found(recognizer, text).get("HEALTH", [])


def test_a_turkish_disease_asked_about_is_no_ones(recognizer: MultilingualTaggerRecognizer) -> None:
    assert "HEALTH" not in _found(recognizer, "KOAH hastalığı nedir, nasıl tedavi edilir?")


def test_a_german_condition_the_writer_struggles_with(recognizer: MultilingualTaggerRecognizer) -> None:
    text = "Sorry für die Umstände, hab gerade mit Ischias zu kämpfen."
    assert _found(recognizer, text).get("HEALTH") == ["Ischias"]

