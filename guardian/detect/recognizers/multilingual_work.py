"""The writer's job title and employer in prose of other languages, by the grammar of "I work as".

Read by `multilingual_tagger.MultilingualTaggerRecognizer` on text the language gate calls one of
its twelve languages, with the cue phrases of multilingual_cues.yaml:

- `job`: the title right after the language's "work as" ("ich arbeite als Krankenschwester",
  "trabajo como enfermera", "δουλεύω ως νοσηλεύτρια"); Russian and Ukrainian put the title in the
  instrumental case after "работаю"/"працюю" ("работаю врачом"), so there it is a word with an
  instrumental ending, and "работаю в ..." or "работаю над ..." name no title.
- `job_after`: the title right before it ("hemşire olarak çalışıyorum", "Lehrerin von Beruf").
- `job_self` ("ich bin", "soy", "je suis", "είμαι", "я" ...): a title only when the word has the shape
  of a job noun of the language (-er/-erin, -ero/-era, -ière, -ista, -kundige, -τής, -тель ...) and an
  employer preposition follows it ("soy enfermera en ...", not "soy nuevo en Madrid"), or the one word
  ends its clause ("Ich bin Elektroniker und ...", "Sunt profesor."; not "Ich bin Anfänger in
  Python"); Greek, Russian and Ukrainian put the noun first, before its genitive ("Είμαι ελεγκτής
  εναέριας κυκλοφορίας και ...").
- `job_as` ("als", "como", "ως", "как" ...): one job-shaped word after "as", in a sentence where the
  writer speaks ("Als Asphaltbauer bin ich selten zu Hause", "como cocinero viajo mucho").
- the employer: a capitalised run right after the title and one of the language's `employer`
  prepositions ("bei Siemens", "en el Hospital La Paz", "в Сбербанке"), or, in Turkish, right
  before it with a locative suffix ("Acıbadem Hastanesi'nde hemşire olarak çalışıyorum").

A title is at most three words and stops at a preposition, a conjunction or punctuation. What it
misses: a title without one of these cues or a job noun's shape ("ich bin Koch"), an employer
written in lower case, and the Turkish "I am a <job>" of a noun that is no agent noun ("avukatım").
Turkish marks the person on an agent noun ("modelciyim": `_TR_AGENT_SELF`), and "<agent noun> olarak"
is "as a ..." where the writer speaks.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path
from collections.abc import Callable, Iterator
from typing import Any

from guardian.detect._text import lower
from guardian.detect.recognizers._cue_phrases import cue_alternation
from guardian.detect.recognizers.multilingual_health import CAPITALISES_NOUNS, opens_sentence

__all__ = ["STOP_WORDS", "WorkGrammar", "faker_job_heads", "firms_at_work", "is_faker_job_head", "load_work", "negated_title", "work_spans"]

CUES = Path(__file__).resolve().parent / "multilingual_cues.yaml"

# Words a title never runs into: prepositions, conjunctions, articles, time words (all languages).
STOP_WORDS = frozenset("""
und oder aber seit schon jetzt noch sehr auch hier dort in im an am bei für mit von vom zum zur der die das dem den des ein eine
einen einem einer als wo dass weil y e o u pero desde hace ya muy también aquí en el la los las un una con de del al para por que
como donde et ou mais depuis déjà très aussi ici le les des du au aux une avec pour chez dans qui où comme à ma da già molto anche
qui il lo gli i di dal della nel nella presso per che come dove mas há já muito aqui em no na nos nas um uma com do dos das onde
of maar sinds al heel ook het een bij voor met van dat waar als lub ale od już bardzo też tutaj w we z ze dla na u że gdzie jako
și sau dar deja foarte aici la pentru cu din în că unde ca και ή αλλά από ήδη πολύ εδώ σε στην στο στη για με ότι όπου ως σαν
και ένας μια ένα ο η το и или но уже очень тоже здесь в во на у с со из для что где как і або але вже дуже тут з із до що де як
ve veya ama beri zaten çok burada ile için da de ki bir olarak olup olan iken olmak
bin bist ist sind ben bent zijn soy eres es sou és suis es est sono sei è jestem jesteś jest sunt ești este είμαι είσαι είναι я ты он она є
""".split())
_ARTICLES = frozenset("ein eine einen un una uno une um uma een a o ένας μια ο η το".split())
# The shape of a job noun, for "I am <title> <employer preposition>" (job_self). The Romance
# adverbs in -mente end as agent nouns in -ente do ("sono essenzialmente inutili per ...").
_JOB_NOUN = {
    "de": r"\w{2,40}(?:er|erin|eur|eurin|ist|istin|ent|entin|ant|antin|arzt|ärztin|loge|login|schwester|pfleger|pflegerin|kraft|"
          r"mann|frau|or|orin|at|atin|wirt|wirtin)|arzt|ärztin",
    "es": r"(?!\w*mente\b)\w{2,40}(?:ero|era|ista|or|ora|ante|ente|ico|ica|ogo|oga|ario|aria)",
    "pt": r"(?!\w*mente\b)\w{2,40}(?:eiro|eira|ista|or|ora|ante|ente|ico|ica|ogo|oga|ário|ária)",
    "it": r"(?!\w*mente\b)\w{2,40}(?:iere|iera|ista|ore|rice|ante|ente|ico|ica|ogo|oga|ario|aria)",
    "fr": r"\w{2,40}(?:ier|ière|eur|euse|rice|iste|ien|ienne|ant|ante|ogue|ecin|cin)",
    "nl": r"\w{2,40}(?:er|ster|ist|ant|ent|eur|loog|kundige|arts|ouder)",
    "pl": r"\w{2,40}(?:ką|kiem|arzem|erem|ystą|istą|iem)",
    "ro": r"\w{2,40}(?:ist|istă|or|oare|ant|antă|ent|er|eră|ar|ară|ier|ieră)",
    # Greek agent nouns (ελεγκτής, χορευτής, συγγραφέας, οδηγός, ηθοποιός, βιολόγος, χειρουργός) and Russian and
    # Ukrainian ones (учитель, программист, грузчик, инженер, биолог, пекарь, сантехник)
    "el": r"\w{2,40}(?:τής|τρια|έας|γός|ποιός|λόγος|λόγα|ργός|ιατρός)",
    "ru": r"\w{2,40}(?:тель|тельница|ист|истка|щик|щица|чик|ер|ор|лог|арь|ник|ница)",
    "uk": r"\w{2,40}(?:тель|телька|ист|іст|істка|щик|чик|ер|ор|лог|ар|ник|ниця)",
}
_INSTRUMENTAL = re.compile(r"\w{2,40}(?:ом|ем|ём|ой|ей|ою|ею|єю|ью|ами|ями|им|ым)$")  # "врачом", "вчителькою", "главным"
_WORD = re.compile(r"[^\W\d_][\w'’\-]{0,40}")
# An employer's name: capitalised words, with the lower-case joints of names between them
# ("Hospital Universitario de La Paz", "Bank van Nederland", "Siemens & Co").
_CAP_WORD = re.compile(r"[^\W\d_][\w'’&\-.]{0,40}")
_JOINT = re.compile(r",?\s{1,2}(?:(?:de|del|la|las|los|von|der|di|du|des|van|den|da|do|dos|das|&|und|y|e|et|en|i|și|si|και|и|і|й|ve)"
                    r"\s{1,2})?")
_MAX_ORG_WORDS = 5
# Turkish: the employer before the title, in the locative ("Acıbadem Hastanesi'nde hemşire olarak
# çalışıyorum") or before a head noun in the locative ("Vestel Beyaz Eşya şirketinde ...").
_TR_CAP = r"[A-ZÇĞİÖŞÜ][\w\-.&]{0,40}"
_TR_LOCATIVE = re.compile(
    rf"({_TR_CAP}(?:\s{{1,2}}(?:ve\s{{1,2}}|&\s{{1,2}})?{_TR_CAP}){{0,4}})(?:['’]?(?:n?d[ae]|n?t[ae])|\s{{1,2}}(?:şirket|firma|hastane|"
    rf"banka|fabrika|okul|mağaza|ofis|otel|restoran|üniversite|belediye|holding|ajans|bünye)\w{{0,6}})\s{{1,2}}$")
_TR_LOCATIVE_ANY = re.compile(_TR_LOCATIVE.pattern[:-1])  # the same, anywhere before the verb
_MAX_GAP_WORDS = 3
_TR_LOCATIVE_WORD = re.compile(r"\w{1,64}(?:n?d[ae]|n?t[ae])$")
# Russian and Ukrainian verbs of working: the title after them is in the instrumental case.
_WORK_VERB = re.compile(r"работа|труж|працю|працював")
MAX_TITLE_WORDS = 3
MAX_SPANS = 100


# The firm's IT department, named by its initials in every language ("die IT", "το IT", "el TI", "ИТ")
_DEPARTMENT = r"(?-i:(?<!\w)(?:IT|TI|ИТ|ІТ|ICT|EDV)(?!\w))"
# A firm's name after the word that ties it to the workplace: quoted, or capitalised, or written as
# its brand is ("eMAG")
_FIRM_NAME = re.compile(r"[«\"„“](?P<quoted>[^»\"“”\n]{1,60})[»\"“”]|(?P<name>[^\W\d_][\w'’&\-.]{0,40})")
_SENTENCE_END = re.compile(r"[.!?;\n]\s|[!?\n]")
_SENTENCE_CHARS = 400
# the articles a firm's name may open with, capitalised as part of it ("El Corte Inglés", "La Poste")
_ARTICLES_OF_NAMES = frozenset({"el", "la", "los", "las", "le", "les", "il", "lo", "der", "die", "das", "de", "het",
                                "o", "a", "os", "as"})


class WorkGrammar:
    """One language's work cues, compiled."""

    def __init__(self, lang: str, cues: dict[str, Any]) -> None:
        self.lang = lang
        job, after, own, as_ = (cue_alternation(list(cues.get(k) or ())) for k in ("job", "job_after", "job_self", "job_as"))
        # "Моя профессия – подводник", "Mein Beruf: Dachdecker": a dash or a colon may stand between
        self.job = re.compile(rf"(?<!\w)(?:{job})(?:\s{{0,2}}[:–—\-])?\s{{1,3}}", re.IGNORECASE) if job else None
        self.job_after = re.compile(rf"(?<!\w)(?:{after})(?!\w)", re.IGNORECASE) if after else None
        self.job_self = re.compile(rf"(?<!\w)(?:{own})\s{{1,3}}", re.IGNORECASE) if own and lang in _JOB_NOUN else None
        self.job_as = re.compile(rf"(?<!\w)(?:{as_})\s{{1,3}}", re.IGNORECASE) if as_ and lang in _JOB_NOUN else None
        org, org_after = (cue_alternation(list(cues.get(k) or ())) for k in ("org", "org_after"))
        # the employer named after a work verb without a title ("ich arbeite seit 2019 bei Siemens")
        self.org = re.compile(rf"(?<!\w)(?:{org})(?!\w)", re.IGNORECASE) if org else None
        self.org_after = re.compile(rf"(?<!\w)(?:{org_after})(?!\w)", re.IGNORECASE) if org_after else None
        thing = cue_alternation(list(cues.get("work_thing") or ()))
        # "(рабочий ноутбук, Яндекс)": a work device or account, then whose it is
        self.work_thing = re.compile(rf"(?<!\w)(?:{thing})\s{{0,2}}[,:–—\-]\s{{0,3}}", re.IGNORECASE) if thing else None
        self.employer = sorted((str(p).lower() for p in cues.get("employer") or ()), key=len, reverse=True)
        # a workplace's things and people ("Diensthandy", "служебные телефоны", "τμήμα IT"), and the
        # words that tie them to the firm's name ("von", "της εταιρείας", "в компании"): `firms_at_work`
        at_work = cue_alternation([*(cues.get("work_thing") or ()), *(cues.get("at_work") or ())])
        self.at_work = re.compile(rf"(?<!\w)(?:{at_work})(?!\w)|{_DEPARTMENT}", re.IGNORECASE) if at_work else None
        firm_of = cue_alternation(list(cues.get("firm_of") or ()))
        self.firm_of = re.compile(rf"(?<!\w)(?i:{firm_of})[ \u00a0]{{1,2}}(?=[«\"„“]|[^\W\d_])") if firm_of else None
        self.noun = re.compile(_JOB_NOUN[lang], re.IGNORECASE) if lang in _JOB_NOUN else None


@functools.lru_cache(maxsize=4)
def load_work(cues_path: str = str(CUES)) -> dict[str, WorkGrammar]:
    """Each language's compiled work grammar from the cue YAML."""
    from ruamel.yaml import YAML

    cues = YAML(typ="safe").load(Path(cues_path).read_text(encoding="utf-8")) or {}
    return {str(lang): WorkGrammar(str(lang), dict(entry or {})) for lang, entry in cues.items()}


def _title_after(text: str, pos: int, grammar: WorkGrammar, instrumental: bool = False) -> tuple[int, int] | None:
    """The title that starts at `pos` (an article skipped): up to three words, stopping at a stop word or
    punctuation; with `instrumental`, only words in the instrumental case (Russian, Ukrainian "работаю врачом")."""
    words: list[tuple[int, int]] = []
    i = pos
    while len(words) < MAX_TITLE_WORDS:
        m = _WORD.match(text, i)
        if m is None:
            break
        w = lower(m.group())
        if not words and w in _ARTICLES:
            i = _skip_space(text, m.end())
            continue
        if w in STOP_WORDS:
            break
        if instrumental and not _INSTRUMENTAL.match(w):
            break
        words.append(m.span())
        nxt = _skip_space(text, m.end())
        if nxt == m.end():  # punctuation or the end
            break
        i = nxt
    if not words:
        return None
    if instrumental and len(words) == 1 and _PLURAL_INSTRUMENTAL.search(text[words[0][0]:words[0][1]]):
        return None  # "работаю сменами", "сутками", "ночами": how or when one works, no title
    return words[0][0], words[-1][1]


_PLURAL_INSTRUMENTAL = re.compile(r"(?:ами|ями)$")


def _skip_space(text: str, i: int) -> int:
    j = i
    while j < len(text) and j - i < 3 and text[j] in " \t\u00a0":
        j += 1
    return j


def _title_before(text: str, end: int) -> tuple[int, int] | None:
    """The one or two words right before `end` (a "job_after" cue): "hemşire", "Lehrerin"."""
    head = text[max(0, end - 80):end]
    words = list(_WORD.finditer(head))
    if not words or head[words[-1].end():].strip():
        return None
    last = words[-1]
    if last.group().lower() in STOP_WORDS:
        return None
    start = last.start()
    if len(words) > 1 and head[words[-2].end():last.start()].strip() == "" and words[-2].group().lower() not in STOP_WORDS \
            and words[-2].group()[:1].islower() and last.group()[:1].islower() \
            and not _TR_LOCATIVE_WORD.match(words[-2].group()):
        start = words[-2].start()  # "yazılım mühendisi olarak"
    offset = end - len(head)
    return offset + start, offset + last.end()


def _employer_after(text: str, end: int, grammar: WorkGrammar) -> tuple[int, int] | None:
    """A capitalised run after the title and an employer preposition: "bei Siemens", "en el Hospital La Paz"."""
    i = _skip_space(text, end)
    if i == end:
        return None
    low = lower(text[i:i + 24])
    for prep in grammar.employer:
        if low.startswith(prep) and not low[len(prep):len(prep) + 1].isalnum():
            j = _skip_space(text, i + len(prep))
            # an article after the preposition ("en el", "bei der") is part of neither
            m_art = re.match(r"(?:el|la|los|las|le|les|l['’]|der|die|das|dem|den|the|il|lo|het|de|o|a|os|as|η|ο|το|τη|την|τον)\s{1,2}",
                             text[j:j + 6], re.IGNORECASE)
            if m_art is not None and not text[j:j + 1].isupper():
                j += m_art.end()
            return _capitalised_run(text, j)
    return None


def _capitalised_run(text: str, j: int) -> tuple[int, int] | None:
    """The capitalised words from `j` on, with the joints between them; None when `j` opens no capital."""
    m = _CAP_WORD.match(text, j)
    if m is None or not m.group()[:1].isupper():
        return None
    end = m.end()
    for _ in range(_MAX_ORG_WORDS - 1):
        if text[end - 1] == ".":  # a sentence ends: "bei Salon Bakker. Welke ..."
            break
        joint = _JOINT.match(text, end)
        nxt = _CAP_WORD.match(text, joint.end()) if joint is not None and joint.end() > end else None
        if nxt is None or not nxt.group()[:1].isupper():
            break
        end = nxt.end()
    while end > j and text[end - 1] in ".-'’&":
        end -= 1
    return j, end


# The bare "as" a title is given with after it (Turkish "... olarak"), which says whose only in the writer's sentence
_AS_WORDS = frozenset({"olarak"})
_INDEFINITE_BEFORE = re.compile(r"(?i:\bbir)\s{1,3}$")

_FAKER_JOB_LOCALES = {"tr": "tr_TR"}
# Faker's job titles per language (MIT), read for their head word (`faker_job_heads`)
_FAKER_TITLE_LOCALES = {"de": "de_DE", "es": "es_ES", "fr": "fr_FR", "pt": "pt_PT", "pl": "pl_PL", "ro": "ro_RO",
                        "el": "el_GR", "ru": "ru_RU", "uk": "uk_UA", "tr": "tr_TR"}


@functools.lru_cache(maxsize=4)
def _faker_job_words(lang: str) -> frozenset[str]:
    """The last words of Faker's job titles for the language ("hemşire", "öğretmen", "mühendisi")."""
    locale = _FAKER_JOB_LOCALES.get(lang)
    if locale is None:
        return frozenset()
    import importlib

    jobs = importlib.import_module(f"faker.providers.job.{locale}").Provider.jobs
    return frozenset(lower(j).split()[-1] for j in jobs if j.strip())


@functools.lru_cache(maxsize=16)
def faker_job_heads(lang: str) -> frozenset[str]:
    """The head words of Faker's job titles for the language: the first word where the noun comes
    first ("lăcătuș" of "lăcătuș mecanic", "οδηγός" of "οδηγός ταξί"), else the last ("öğretmeni").
    A job the noun shapes of the cue grammar miss ("няня", "vicar") is still a job."""
    locale = _FAKER_TITLE_LOCALES.get(lang)
    if locale is None:
        return frozenset()
    import importlib

    jobs = importlib.import_module(f"faker.providers.job.{locale}").Provider.jobs
    at = 0 if lang in _HEAD_FIRST else -1
    return frozenset(k for k in (_job_key(j.split()[at]) for j in jobs if j.strip()) if len(k) >= 4)


def _job_key(word: str) -> str:
    """A job word as Faker's titles are compared: lower case, without accents or punctuation. Some
    locales' lists are written without diacritics ("lacatus", "asistenta" for "lăcătuș", "asistentă")."""
    plain = unicodedata.normalize("NFKD", lower(word).strip(",;.:"))
    return "".join(ch for ch in plain if not unicodedata.combining(ch))


def is_faker_job_head(word: str, lang: str) -> bool:
    """Whether `word` heads one of Faker's job titles of the language (`faker_job_heads`), as written
    or as the masculine its feminine is made from (Faker lists mostly one: "contabilă" of "contabil",
    "Lehrerin" of "Lehrer", "profesora" of "profesor")."""
    heads = faker_job_heads(lang)
    key = _job_key(word)
    return key in heads or any(key.endswith(fem) and len(key) > len(fem) + 3 and key[: -len(fem)] + masc in heads
                               for fem, masc in _FEMININE.get(lang, ()))


# How a language makes a feminine job noun of its masculine (both as `_job_key` writes them, without
# diacritics): the ending added or swapped
_FEMININE: dict[str, tuple[tuple[str, str], ...]] = {
    "ro": (("a", ""), ("ita", ""), ("easa", ""), ("oaica", "")),
    "es": (("a", "o"), ("a", "")), "pt": (("a", "o"), ("a", "")), "it": (("a", "o"), ("a", "e"), ("essa", "e")),
    "fr": (("e", ""), ("ere", "er"), ("euse", "eur"), ("rice", "eur")), "de": (("in", ""),), "nl": (("e", ""),),
    "pl": (("ka", ""),),
}


def _a_job_noun(word: str, grammar: WorkGrammar, lang: str) -> bool:
    """Whether `word` has the cue grammar's job-noun shape or heads one of Faker's job titles."""
    return bool(grammar.noun is not None and grammar.noun.fullmatch(word)) or is_faker_job_head(word, lang)


def firms_at_work(text: str, lang: str, common: Callable[[str], bool]) -> list[tuple[int, int]]:
    """The firms named in a sentence that speaks of a workplace's things or people: the name right
    after a word that ties it to them ("Die IT von Volkswagen hat mir ...", "Στο εταιρικό κινητό της
    εταιρείας Σκλαβενίτης ...", "в компании «Газпром» служебные телефоны ..."). A prompt that
    speaks of the IT department, the work phones or the colleagues of a named firm is written from
    inside it: the firm is the writer's employer. `common(word)`: a word of the language's
    everyday vocabulary; a name of such words alone is a firm's only as a run of capitals where
    nouns are written small ("El Corte Inglés"). A town is the caller's to tell ("de Madrid")."""
    grammar = load_work().get(lang)
    if grammar is None or grammar.at_work is None or grammar.firm_of is None:
        return []
    out: list[tuple[int, int]] = []
    for m in grammar.firm_of.finditer(text):
        name = _FIRM_NAME.match(text, m.end())
        if name is None:
            continue
        if name.group("quoted") is not None:
            start, end = name.start("quoted"), name.end("quoted")
        else:
            word = name.group("name")
            run = _capitalised_run(text, m.end()) if word[:1].isupper() else (m.end(), name.end())
            if run is None or not (word[:1].isupper() or any(ch.isupper() for ch in word[1:])):
                continue  # a firm's name is capitalised, or cased as its brand is ("eMAG")
            words = text[run[0]:run[1]].split()
            if lower(words[0]) in _ARTICLES_OF_NAMES:
                words = words[1:]  # a name that opens with its article ("En El Corte Inglés ...")
            # a word the language writes often is a name only in a run of capitals where nouns are
            # written small ("El Corte Inglés"); alone, or in German, it may be a noun ("von Arbeit")
            if not words or (all(common(w) for w in words) and (len(words) < 2 or lang in CAPITALISES_NOUNS)):
                continue
            start, end = run
        # the sentence around the name, at most `_SENTENCE_CHARS` either side (bounded on long text)
        window = max(0, start - _SENTENCE_CHARS)
        opens = max((s.end() for s in _SENTENCE_END.finditer(text, window, start)), default=window)
        stop = _SENTENCE_END.search(text, end, end + _SENTENCE_CHARS)
        sentence_end = stop.start() if stop is not None else min(len(text), end + _SENTENCE_CHARS)
        if any(not (start <= w.start() < end) for w in grammar.at_work.finditer(text, opens, sentence_end)) \
                and not any(s < end and start < e for s, e in out):
            out.append((start, end))
        if len(out) >= MAX_SPANS:
            break
    return out


def work_spans(text: str, lang: str, writer: Callable[[int, int], bool] | None = None) -> list[tuple[int, int, str]]:
    """(start, end, "OCCUPATION" | "ORGANIZATION") of the writer's job title and employer in `text`;
    `writer(start, end)`: whether the writer speaks in the sentence of text[start:end] (for "as a
    <job>", which says whose only where they do)."""
    grammar = load_work().get(lang)
    if grammar is None:
        return []
    if lang == "tr" and writer is not None:
        writer = _or_turkish_first_person(text, writer)
    out: list[tuple[int, int, str]] = []

    def add(title: tuple[int, int] | None) -> None:
        if title is None or any(s < title[1] and title[0] < e for s, e, _ in out):
            return
        out.append((title[0], title[1], "OCCUPATION"))
        org = _employer_after(text, title[1], grammar)
        if org is not None:
            out.append((org[0], org[1], "ORGANIZATION"))

    for title in _cued_titles(text, grammar, lang):
        add(title)
        if len(out) >= MAX_SPANS:
            return out
    if grammar.job_after is not None:
        for m in grammar.job_after.finditer(text):
            title = _title_before(text, m.start())
            if title is None:
                continue
            if m.group().strip().lower() in _AS_WORDS and not _as_a_job(text, title, lang, writer):
                continue
            add(title)
            if lang == "tr":
                loc = _TR_LOCATIVE.search(text, max(0, title[0] - 120), title[0])
                if loc is not None:
                    out.append((loc.start(1), loc.end(1), "ORGANIZATION"))
            if len(out) >= MAX_SPANS:
                return out
    if grammar.org is not None:
        for m in grammar.org.finditer(text):
            words = m.group().lower().split()
            # the cue ends in its preposition ("arbeite bei"), or in one and the noun it governs
            # ("работаю в компании", "trabajo en la empresa"): the name follows right after
            right_after = words[-1] in grammar.employer or (len(words) > 1 and words[-2] in grammar.employer)
            org = _employer_near(text, m.end(), grammar, right_after)
            if org is not None and not any(s < org[1] and org[0] < e for s, e, _ in out):
                out.append((org[0], org[1], "ORGANIZATION"))
            if len(out) >= MAX_SPANS:
                return out
    if grammar.work_thing is not None:
        for m in grammar.work_thing.finditer(text):
            org = _capitalised_run(text, m.end())
            if org is not None and not any(s < org[1] and org[0] < e for s, e, _ in out):
                out.append((org[0], org[1], "ORGANIZATION"))
    if lang == "tr" and grammar.org_after is not None:
        for m in grammar.org_after.finditer(text):
            head = text[max(0, m.start() - 120):m.start()]
            locs = list(_TR_LOCATIVE_ANY.finditer(head))
            if locs and len(_WORD.findall(head[locs[-1].end():])) <= _MAX_GAP_WORDS:
                s = m.start() - len(head) + locs[-1].start(1)
                e = m.start() - len(head) + locs[-1].end(1)
                if not any(a < e and s < b for a, b, _ in out):
                    out.append((s, e, "ORGANIZATION"))
    if grammar.job_self is not None and grammar.noun is not None:
        for m in grammar.job_self.finditer(text):
            if _NEGATED.search(text, max(0, m.start() - 12), m.start()) or _NOT_A.match(text, m.end()):
                continue  # "no soy informático", "ich bin kein Arzt": what the writer is not
            add(_self_title(text, m.end(), grammar, lang))
            if len(out) >= MAX_SPANS:
                return out
    for title in (_turkish_titles(text, writer) if lang == "tr" else []) + _as_titles(text, grammar, writer, lang):
        add(title)
        if len(out) >= MAX_SPANS:
            return out
    return out


def _cued_titles(text: str, grammar: WorkGrammar, lang: str) -> Iterator[tuple[int, int]]:
    """The title right after each `job` cue ("ich arbeite als ...", "работаю врачом"), less a cue
    whose verb is a noun or a state there."""
    if grammar.job is None:
        return
    for m in grammar.job.finditer(text):
        if _DETERMINER_BEFORE.search(text, max(0, m.start() - 12), m.start()):
            continue  # "un trabajo de clase": the cue's verb is a noun there, its "de" no job's
        title = _title_after(text, m.end(), grammar, bool(_WORK_VERB.search(m.group().lower())))
        if title is None:
            continue
        if " ".join(m.group().lower().split()) in _STATE_CUES \
                and not _a_job_noun(lower(text[title[0]:title[1]].split()[0]), grammar, lang):
            continue  # "estoy de baja", "estoy de vacaciones": a state; "estoy de camarero" a job
        if lang == "tr" and _TR_VERB_END.search(text[title[0]:title[1]].split()[0]):
            continue  # "işim olmuyor": "my work" before a verb names no job
        yield title


def negated_title(text: str, start: int) -> bool:
    """Whether the job title at `start` is what the writer says they are not: a negation at most two
    words before it ("no soy informático", "nicht als Techniker", "а не как технарь", "Δεν είμαι
    τεχνικός", "kein Arzt")."""
    return _NEGATED_TITLE.search(text, max(0, start - 40), start) is not None


_NEGATED_TITLE = re.compile(r"(?i)(?<!\w)(?:no|not|não|non|nu|nicht|kein|keine|keinen|δεν|не|nie|ni|niet|geen)"
                            r"(?:\s{1,3}[^\W\d_]{1,12}){0,2}\s{1,3}$")
# "to be (working) as" that also says a state ("estoy de baja, de vacaciones, de viaje"): a job only
# where the word after it is a job noun by its shape or Faker's list
_STATE_CUES = frozenset({"estoy de", "estaba de", "estou de", "estava de"})
# an article or a possessive right before a job cue makes its verb a noun ("un trabajo de clase", "mi trabajo de")
_DETERMINER_BEFORE = re.compile(r"(?i)(?<!\w)(?:un|una|el|la|mi|tu|su|este|esta|ese|esa|del|al|le|il|lo|um|uma|meu|minha|"
                                r"ein|eine|mein|meine|dein|deine|der|die|das|den|dem)\s{1,3}$")


# The languages' negations right before "I am" ("no soy", "nu sunt", "δεν είμαι", "я не", "nie jestem"),
# and German's "kein" right after it ("ich bin kein Arzt")
_NEGATED = re.compile(r"(?i)(?<!\w)(?:no|não|non|nu|nicht|δεν|не|nie)\s{1,3}$")
_NOT_A = re.compile(r"(?i)(?:kein|keine|keinen)\s")


def _as_a_job(text: str, title: tuple[int, int], lang: str, writer: Callable[[int, int], bool] | None) -> bool:
    """Whether "as a <title>" names the writer's job: "Bir hemşire olarak ...", with its article, in
    the writer's sentence, the title ending in a word of Faker's list of the language's jobs ("bir
    çözüm olarak", "Python bir programlama dili olarak" are no one's; "düzenli olarak", "tam olarak"
    are adverbs)."""
    return writer is not None and writer(*title) \
        and bool(_INDEFINITE_BEFORE.search(text, max(0, title[0] - 8), title[0]) or opens_sentence(text, title[0])) \
        and lower(text[title[0]:title[1]]).split()[-1] in _faker_job_words(lang)


def _self_title(text: str, end: int, grammar: WorkGrammar, lang: str) -> tuple[int, int] | None:
    """The job title after "I am" at `end` when its last word (first, where the head comes first) is
    a job noun and an employer, a preposition or the clause's end follows it; else None."""
    assert grammar.noun is not None
    title = _title_after(text, end, grammar)
    if title is None:
        return None
    words = text[title[0]:title[1]].split()
    if lang in CAPITALISES_NOUNS and len(words) == 2 and words[0][:1].islower() and words[1][:1].isupper():
        # a sentence adverb before the noun ("Ich bin übrigens Arzt", "bin eigentlich Lehrerin")
        title, words = (title[1] - len(words[1]), title[1]), words[1:]
    if not (_a_job_noun(words[-1], grammar, lang) or (lang in _HEAD_FIRST and _a_job_noun(words[0], grammar, lang))):
        return None
    if _employer_after(text, title[1], grammar) is None and not _prep_follows(text, title[1], grammar) \
            and not ((len(words) == 1 or lang in _HEAD_FIRST) and _clause_ends(text, title[1])):
        return None
    return title


def _turkish_titles(text: str, writer: Callable[[int, int], bool] | None) -> list[tuple[int, int]]:
    """Turkish marks "I am" on the noun: an agent noun (-cı/-ci/-cu/-cü, -çı ...) with the first
    person after its buffer "y" that ends its clause ("Ben modelciyim.", "aslen gazeteciyim ve ...");
    and "<agent noun> olarak" where the writer speaks is "as a ..." ("Bir modelci olarak merak ediyorum")."""
    out = [(m.start(1), m.end(1)) for m in _TR_AGENT_SELF.finditer(text) if lower(m.group(1)) not in _TR_ROLES]
    if writer is not None:
        out += [(m.start(1), m.end(1)) for m in _TR_AGENT_AS.finditer(text)
                if lower(m.group(1)) not in _TR_ROLES and writer(m.start(1), m.end(1))]
    return out[:MAX_SPANS]


def _as_titles(text: str, grammar: WorkGrammar, writer: Callable[[int, int], bool] | None,
               lang: str = "") -> list[tuple[int, int]]:
    """One job-shaped word after the language's "as" in a sentence where the writer speaks ("Als
    Asphaltbauer bin ich ...", "como cocinero viajo mucho"; "Como presidente, Obama ..." is no one's)."""
    if grammar.job_as is None or grammar.noun is None or writer is None:
        return []
    out: list[tuple[int, int]] = []
    for m in grammar.job_as.finditer(text):
        title = _title_after(text, m.end(), grammar)
        if title is None:
            continue
        # the noun right after "as"; the verb may follow it without a stop word ("Als Forstwirt habe ich ...")
        first = text[title[0]:title[1]].split()[0]
        title = (title[0], title[0] + len(first))
        # a head of Faker's titles only where "as" opens its clause ("Как няня, я ..."): "as" is
        # also "since" or "how" mid-clause ("с тех пор как врач назначила ...")
        shaped = grammar.noun.fullmatch(first) is not None
        opening = _clause_opens(text, m.start())
        if (shaped or (opening and is_faker_job_head(first, lang))) \
                and (writer(title[0], title[1]) or (opening and lang not in CAPITALISES_NOUNS
                                                    and _unnamed_subject_after(text, title[1],
                                                                               bare=not text[m.end():title[0]].strip()))):
            out.append(title)
            if len(out) >= MAX_SPANS:
                break
    return out


_AS_LEAD_END = re.compile(r"\s{0,2},?\s{1,2}([^.!?;:\n]{1,120})")


def _unnamed_subject_after(text: str, end: int, *, bare: bool = True) -> bool:
    """Whether "as <title>" opening a sentence is followed by a clause that names no one ("Ca
    contabilă, trebuie să le explic ...", "— ca asistentă medicală trebuie să fiu atent": a
    language that drops its pronouns leaves the writer unsaid, the comma or not; "Como presidente,
    Obama firmó ..." names whose title it is). With no comma, only a `bare` title, with no article
    after "as": the capacity one acts in; "comme un gestionnaire de mots de passe" compares."""
    m = _AS_LEAD_END.match(text, end)
    if m is not None and not bare and "," not in text[end:m.start(1)]:
        return False
    # a question after it casts the one asked ("Ca medic, ce părere ai ...?": the assistant as a doctor)
    return m is not None and not any(w[:1].isupper() for w in m.group(1).split()) \
        and not text.startswith("?", m.end()) and "¿" not in m.group(1)


_CLAUSE_OPEN = re.compile(r"(?:^|[.!?:;,(\n—–]\s{0,3})$")


def _clause_opens(text: str, start: int) -> bool:
    """Whether the word at `start` opens its sentence or clause."""
    return _CLAUSE_OPEN.search(text, max(0, start - 4), start) is not None


_TR_AGENT = r"[^\W\d_]{2,30}(?:cı|ci|cu|cü|çı|çi|çu|çü)"
_TR_AGENT_SELF = re.compile(rf"(?<!\w)({_TR_AGENT})y(?:ım|im|um|üm)(?=\s{{0,2}}(?:[.,;:!?)\n]|$)|\s{{1,2}}(?:ve|ama|fakat|ancak)\s)")
# agent nouns of a role, not a job: "Yeni bir kullanıcıyım", "Bu konuda yabancıyım"
_TR_ROLES = frozenset("kullanıcı yabancı yolcu izleyici seyirci okuyucu dinleyici katılımcı alıcı".split())
# Turkish marks the writer on the verb or the noun, not with a pronoun: "uğraşıyorum", "vaktim olmuyor",
# "ilgim yok", "çalıştım", "anlatacağım"
_TR_FIRST_PERSON = re.compile(r"(?<!\w)[^\W\d_]{1,30}(?:[ıiuü]yorum|[ıiuü]yoruz|[dt][ıiuü]m|[ae]c[ae]ğ[ıi]m"
                              r"|[ıiuü]m(?=\s{1,2}(?:yok|var|olmuyor|oluyor|değil|olmaz)(?!\w)))(?!\w)"
                              # "my ..." on a plural noun, with its case ("notlarımı", "ilaçlarımda"), and the
                              # question's "am I" ("tutabilir miyim?")
                              r"|(?<!\w)[^\W\d_]{2,30}l[ae]r[ıi]m(?:[ıi]|[ae]|[dt][ae]|[dt][ae]n|[ıi]n)?(?!\w)"
                              r"|(?<!\w)m[ıiuü]y[ıiuü]m(?!\w)")


def turkish_first_person(sentence: str) -> bool:
    """Whether a Turkish sentence speaks in the first person on a verb or a noun (`_TR_FIRST_PERSON`)."""
    return _TR_FIRST_PERSON.search(sentence) is not None
_SENTENCE_STOP = re.compile(r"[.!?\n]")
_TR_VERB_END = re.compile(r"(?:yor|yorum|yoruz|m[ae]z|m[ıi]yor|[dt][ıiuü]|[ae]c[ae]k)$")  # a verb's tense ending


def _or_turkish_first_person(text: str, writer: Callable[[int, int], bool]) -> Callable[[int, int], bool]:
    """`writer`, or a Turkish verb or noun of the sentence in the first person."""
    def speaks(start: int, end: int) -> bool:
        if writer(start, end):
            return True
        opens = max((m.end() for m in _SENTENCE_STOP.finditer(text, max(0, start - 300), start)), default=max(0, start - 300))
        stop = _SENTENCE_STOP.search(text, end)
        return _TR_FIRST_PERSON.search(text, opens, stop.start() if stop else min(len(text), end + 300)) is not None
    return speaks


_TR_AGENT_AS = re.compile(rf"(?<!\w)({_TR_AGENT})\s{{1,2}}olarak(?!\w)")
# Languages whose title puts its noun first and its modifiers after, in the genitive ("ελεγκτής
# εναέριας κυκλοφορίας", "инженер-технолог производства") or as adjectives ("escribiente público",
# "ingegnere civile"): the first word has the job noun's shape
_HEAD_FIRST = frozenset({"el", "ru", "uk", "es", "pt", "it", "fr", "ro"})


def _employer_near(text: str, pos: int, grammar: WorkGrammar, cue_has_prep: bool) -> tuple[int, int] | None:
    """The employer after a work cue ending at `pos`: right after it when the cue ends in its
    preposition ("arbeite bei Siemens"), else after a preposition within three words ("ich arbeite
    seit 2019 bei Siemens", "trabajo desde hace años para Iberdrola")."""
    if cue_has_prep:
        return _capitalised_run(text, _skip_space(text, pos))
    for _ in range(_MAX_GAP_WORDS + 1):
        org = _employer_after(text, pos, grammar)
        if org is not None:
            return org
        m = re.compile(r"\s{1,3}[\w\-]{1,30}").match(text, pos)
        if m is None or m.group().strip().lower() in grammar.employer:
            return None
        pos = m.end()
    return None


# What may follow a one-word title that ends its clause: punctuation, the text's end, or "and".
_CLAUSE_END = re.compile(r"\s{0,3}(?:[.,;:!?)\n]|$|(?:und|y|e|et|en|i|и|і|și|si|ve|και|and)\s)", re.IGNORECASE)


def _clause_ends(text: str, end: int) -> bool:
    """Whether a one-word title ends its clause ("Ich bin Elektroniker und ...", "Я учитель."): "I am"
    and a job noun's shape with nothing after them is the writer's job, as with an employer after."""
    return _CLAUSE_END.match(text, end) is not None


def _prep_follows(text: str, end: int, grammar: WorkGrammar) -> bool:
    low = lower(text[end:end + 24]).lstrip()
    return any(low.startswith(p + " ") for p in grammar.employer)
