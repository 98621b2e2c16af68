"""The writer's health in prose of other languages: conditions, medications, treatments, pregnancy
and disability, beside a first-person health cue of the language.

Read by `multilingual_tagger.MultilingualTaggerRecognizer` on text the language gate calls one of
its twelve languages. A word is a health term by what medical vocabulary shares across these
languages, compared on a folded spelling (`fold`: Cyrillic and Greek written in Latin letters by a
table here, accents dropped, ph/th/k/y/z/w/x... written one way, doubled letters single), so that
"Sertralin", "sertralina", "сертралин" and "σερτραλίνη" are all "sertralin-":

- medicines by name, generic or brand, in Latin script (medicines.txt: the drugs MedlinePlus or the
  NHS describe to patients, from a drug dictionary: "Ozempic", "Eliquis", "Vyvanse"), and their
  longer names written in Cyrillic or Greek letters, in any case ("месалазином", "μεσαλαζίνη");
- drug names by their WHO INN stems (-pril, -sartan, -olol, -statin, -prazole, -oxetine, -mab,
  -cillin, -vir ...: the INN programme names drugs in every language from these) and a short list
  of common INNs that share no stem (paracetamol, salbutamol, lithium ...);
- condition names by their Greek and Latin word-building: an organ root with -itis ("Arthritis",
  "artrite", "артрит", "αρθρίτιδα"), -osis, -oma, -emia, -pathy, -algia, -plegia, -ectomy, and the
  international names (diabetes, asthma, epilepsy, allergy, depression, cancer/carcinoma ...);
- a short per-language list for the native words shapes do not reach ("Krebs", "рак",
  "schwanger", "silla de ruedas": multilingual_health.yaml beside this file);
- a brand no list knows by what stands beside it (`dosed_brands`): its form or pack ("la pastilla
  de Enantyum", "Parol ilacı") or the pharmacy ("в аптеке свой Глюкофаж").

A term is the writer's (or a family member's) only with a health cue of
multilingual_cues.yaml: before it with at most three words between and no punctuation ("ich habe
seit Jahren Diabetes", "у меня астма", "meine Mutter hat Alzheimer"), or after it ("...
diagnostiziert", "metformin kullanıyorum"), or the writer's possessive right before or after it
("mi enfermedad de Crohn", "mein Asthma", "моя астма", "το άσθμα μου"), or as the cause of what the
writer cannot do ("Из-за макулярной дистрофии я плохо вижу", "... hastalığı yüzünden iyi göremiyorum"); a topic word between cue and term ("ich habe eine
Frage zu Diabetes", "у меня вопрос про астму") or a negation ("ich habe kein Asthma") undoes the
cue. Turkish marks the person on the word itself ("diyabetim", "hamileyim", "şeker hastasıyım").
A question about the world ("Was ist Diabetes?", "Что такое астма?") has no cue and is left alone.

What it misses: conditions named in native words outside the lists and without a shared shape
("Zucker" as slang is listed, "Bauchweh" is not), brand names written in another script, health told without a cue
of the YAML ("seit der Chemo bin ich müde"), and a term more than three words after its cue.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path
from collections.abc import Callable, Iterator
from typing import Any

from guardian.detect._frequency import worldwide, zipf
from guardian.detect._text import lower
from guardian.detect.recognizers._cue_phrases import cue_alternation

__all__ = ["CAPITALISES_NOUNS", "brand_shaped", "is_medicine", "is_listed_medicine", "MEDICINES", "fold", "is_health_word", "health_spans", "load_health",
           "dosed_brands", "medicine_words", "opens_sentence"]

HEALTH_TERMS = Path(__file__).resolve().parent / "multilingual_health.yaml"
CUES = Path(__file__).resolve().parent / "multilingual_cues.yaml"

# -- folding ----------------------------------------------------------------------------------

# Cyrillic (Russian and Ukrainian letters) and Greek in the Latin letters medical words are spelt
# with elsewhere: х and χ are the "ch" of Greek loanwords (бронхит, βρογχίτιδα: bronchitis), η and
# υ the "e"/"y" of their Latin spelling (διαβήτης: diabetes), ου "u".
_CYRILLIC = dict(zip(
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґ",
    ["a", "b", "v", "g", "d", "e", "e", "z", "z", "i", "i", "k", "l", "m", "n", "o", "p", "r", "s", "t", "u", "f",
     "ch", "c", "ch", "sh", "sh", "", "y", "", "e", "iu", "ia", "i", "i", "ie", "g"],
))
_GREEK_PAIRS = (("ου", "u"), ("αι", "e"), ("ει", "i"), ("οι", "i"), ("γγ", "ng"), ("γκ", "nk"), ("γχ", "nch"), ("ευ", "eu"),
                ("αυ", "au"), ("μπ", "mp"))
_GREEK = dict(zip(
    "αβγδεζηθικλμνξοπρσςτυφχψω",
    ["a", "b", "g", "d", "e", "z", "e", "th", "i", "k", "l", "m", "n", "x", "o", "p", "r", "s", "s", "t", "y", "ph", "ch",
     "ps", "o"],
))
_LATIN_SPECIAL = str.maketrans({"ä": "e", "ß": "ss", "ł": "l", "ı": "i", "ø": "o", "æ": "e", "œ": "e", "ʼ": "", "'": "", "’": ""})
# Spellings of one sound written one way: Arthritis/artritis, Zöliakie/celiaquía, amoxicillin/
# amoksisilin (Turkish writes the sounds), Leukämie/leucemia.
_SOUNDS = (("ph", "f"), ("th", "t"), ("x", "ks"), ("q", "k"), ("c", "k"), ("k", "s"), ("y", "i"), ("w", "v"), ("z", "s"),
           ("j", "i"), ("h", ""))
_DOUBLE = re.compile(r"([a-z])\1{1,8}")
_NON_LATIN = re.compile(r"[\u0370-\u03ff\u0400-\u04ff]")  # Greek or Cyrillic letters
_NON_LETTER = re.compile(r"[^a-z\-]")


@functools.lru_cache(maxsize=65536)
def fold(word: str) -> str:
    """`word` in the one spelling its medical shapes are compared in (module docstring)."""
    w = word.lower().translate(_LATIN_SPECIAL)
    w = "".join(ch for ch in unicodedata.normalize("NFKD", w) if not unicodedata.combining(ch))
    if any("\u0370" <= ch <= "\u03ff" for ch in w):
        for a, b in _GREEK_PAIRS:
            w = w.replace(a, b)
        w = "".join(_GREEK.get(ch, ch) for ch in w)
    if any("\u0400" <= ch <= "\u04ff" for ch in w):
        w = "".join(_CYRILLIC.get(ch, ch) for ch in w.replace("дж", "g"))  # the soft g of Latin names: ламотриджин
    for a, b in _SOUNDS:
        w = w.replace(a, b)
    return _DOUBLE.sub(r"\1", _NON_LETTER.sub("", w))


# -- shapes (on folded words) -----------------------------------------------------------------
# Written below in ordinary Latin spelling and folded when compiled, as the words they meet are.

# WHO INN stems (the INN programme's "Use of stems in the selection of INNs"); a name is at least
# two letters before its stem ("Losartan"; "April" has one) and up to four after it (the language's
# ending: "Metformina", "metforminę", "метформином").
_INN_STEMS = (
    "pril sartan olol statin prazol tidin oxetin tralin talopram azepam azolam triptan gliptin gliflozin glutid formin "
    "umab imab ximab zumab tinib cillin mycin cyclin floxacin conazol dipin thiazid semid profen coxib parin xaban "
    "lukast terol nison tison tason isolon triptylin pramin barbital cain zodon apin idon afil setron dronat gabalin "
    "thyroxin codon morphon phenidat amfetamin imod"
).split()
# Common INNs that share no stem.
_INN_NAMES = (
    "paracetamol aspirin acetylsalicyl metamizol diclofenac naproxen tramadol morphin codein fentanyl methadon "
    "buprenorphin lithium valproat lamotrigin levetiracetam carbamazepin clopidogrel warfarin methotrexat tamoxifen "
    "allopurinol ciclosporin tacrolimus levodopa donepezil memantin bupropion venlafaxin salbutamol budesonid "
    "isotretinoin finasterid levonorgestrel gabapentin statin cortison prednison insulin"
).split()
# Greek and Latin word-building of condition names: an organ or tissue root and the suffix of the
# kind of condition, each suffix with its own roots (a bare -it/-os/-om is an ordinary word ending
# in these languages: Russian "говорит", "вопрос", "домом").
_PREFIXES = "ino e poli peri osteo gastro pyelo glomerulo entero neuro dermato cardio athero arterio"
_IT = ("arthr gastr bronch dermat neuroderm hepat gepat nephr neur nevr sinus tonsill appendic col cyst ot mening "
       "encephal pancreat laryng pharyng rhin tendin burs myocard endocard pericard periodont gingiv uve prostat spondyl "
       "enter esophag oesophag konjunktiv conjunctiv diverticul vascul thyreoid thyroid mast kerat blephar myos synov phleb")
_OS = ("tubercul scler fibr thromb arthr scoli cirrh zirrh neur nevr psych osteopor endometri lord kyph steat cyan "
       "ketoacid amyloid sarcoid nephr derm myc candid toxoplasm borreli sten atheroscler arterioscler fibromat")
_OM = "melan carcin lymph sarc gli aden lip fibr blast mesotheli angi hemangi myel my meningi glauc hemat gemat"
_EMI = ("an leuk leik lös glyk hypoglyk hyperglyk gipoglik giperglik septic isch ur cholesterin lipid dyslipid thalass "
        "bakter vir hypokali hyperkali hypokalz hyperkalz hyponatr hypernatr hyperurik")
_PAT = "neur nevr kardiomy kardi my retin nephr encephal arthr angi polyneur oste"
_ALG = "fibromy neur nevr my arthr kephal lumb cervic"
_PLEG = "para tetra hemi gemi quadri kvadri"
# International names of common conditions and treatments, anywhere in a word (compounds:
# "Typ-2-Diabetes", "Nussallergie", "антидепрессанты") ...
_ANYWHERE = ("diabet allergi carcin kanser cancer infarkt infarct infart enfarkt epileps schizophren parkinson alzheim "
             "alcgeim depress antibiotik antihistamin transplant chemotherap chimiotherap quimioterap radiotherap "
             "dialys tuberkulos covid coronavir ekzem eczem psoria zöliak celiac zoeliak çölyak insomni anorex bulimi "
             "seropositiv sklerose sclerosis demenz dementi demencia demans epiless degener dystroph syndrom "
             "sendrom katarakt katarat")
# ... or opening it.
_OPENING = ("asthm asma astım autism autist otizm migrän migräne migraine migren emicrani leukämi leucemi leykemi lösemi "
            "pneumoni pnevmoni neumoni pnömoni grippe gripe grip influenza ulcer ulcus ülser tumor tumeur tümör "
            "hypothyr hyperthyr hypotir hipotir gipotir hypoglyk hyperglyk hypertens hipertens hypertoni gipertoni "
            "ipertens hypertans hipertans dyslex dislex hepatit gepatit hashimoto lupus bechterew basedow "
            "rheumat revmat reumat romatizm reflux reflu refliuks")
# An eponym at the end of a word or alone ("Crohn", "Leśniowskiego-Crohna", "болезнь Крона").
_EPONYM_END = "crohn"


def _folded(words: str) -> str:
    """Plain words folded, as one longest-first alternation."""
    return "|".join(sorted({fold(w) for w in words.split()}, key=len, reverse=True))


_DRUG = re.compile(
    rf"^(?:[a-z]{{2,40}}(?:{_folded(' '.join(_INN_STEMS))})|[a-z]{{4,40}}[aoie]vir|(?:[a-z]-)?(?:{_folded(' '.join(_INN_NAMES + ['thyroxin']))}))[a-z]{{0,4}}$"
)
_INN_NAME = re.compile(rf"^(?:[a-z]-)?(?:{_folded(' '.join(_INN_NAMES + ['thyroxin']))})[a-z]{{0,4}}$")
_CONDITION = re.compile(
    rf"^(?:{_folded(_PREFIXES)})?(?:(?:{_folded(_IT)})it[a-z]{{0,4}}"
    rf"|(?:{_folded(_OS)})os(?:is|e|i|a|u|es|en|ov|om|ami|ia|iu|ei|um|im|un|unu|ul|ta)?"
    rf"|(?:{_folded(_OM)})om(?:a|e|i|u|as|es|en|ul|ov|om|ami|ia|um|un|lar|ata|at)?"
    rf"|(?:{_folded(_EMI)})emi[a-z]{{0,4}}"
    rf"|(?:{_folded(_PAT)})opat[a-z]{{0,4}}"
    rf"|(?:{_folded(_ALG)})al(?:g)?i[a-z]{{0,3}}"  # Turkish writes -algia "-alji"
    rf"|(?:{_folded(_PLEG)})plegi[a-z]{{0,3}}"
    rf"|[a-z]{{3,40}}ektomi[a-z]{{0,3}})$"
    rf"|{_folded(_ANYWHERE)}|^(?:{_folded(_OPENING)})|(?:^|-)(?:{_folded(_EPONYM_END)})(?:a|u|om|e)?$"
)


MEDICINES = Path(__file__).with_name("medicines.txt")


@functools.lru_cache(maxsize=1)
def _medicine_names() -> frozenset[str]:
    """The generic and brand names of medicines patients are told about (medicines.txt, written by
    `guardian-lab detect write-medicines` from a drug dictionary: "vyvanse", "ozempic", "eliquis")."""
    lines = MEDICINES.read_text(encoding="utf-8").splitlines() if MEDICINES.exists() else []
    return frozenset(line for line in lines if line and not line.startswith("#"))


# The endings by which one medicine's name differs between languages and their cases: the INN's
# Latin -um, English -e, Romance -a/-o, and the Slavic and Greek case endings of a name written in
# Cyrillic or Greek letters ("месалазин", "месалазина", "месалазином", "μεσαλαζίνη").
_NAME_ENDING = re.compile(r"(?:um|om|oi|ei|ie|iu|ia|e|a|o|u|i|s)$")


def _name_key(word: str) -> str:
    """A medicine's name as compared across scripts: folded (`fold`), less its ending."""
    f = fold(word)
    return _NAME_ENDING.sub("", f) if len(f) >= 7 else f


# Shorter keys of the list's brands are words of these languages as often ("Provera": "Проверь",
# "Granix": "границы", "Calcid": "Χαλκίδα"); the generic names people write in these scripts are longer.
MIN_KEY = 8


@functools.lru_cache(maxsize=1)
def _medicine_keys() -> frozenset[str]:
    """medicines.txt's names as `_name_key` writes them, for names written in another script or
    with another language's ending."""
    return frozenset(k for k in map(_name_key, _medicine_names()) if len(k) >= MIN_KEY)


def is_listed_medicine(word: str) -> bool:
    """Whether a word is the name of a medicine (medicines.txt), in any case; a word in Cyrillic
    or Greek letters is that name transliterated ("месалазин", "μεσαλαζίνη": mesalazine), and a
    long one in Latin letters that name as another language ends it ("Mesalazin", "mesalazina")."""
    if len(word) < 5:
        return False
    if lower(word) in _medicine_names():
        return True
    return _name_key(word) in _medicine_keys()


@functools.lru_cache(maxsize=16384)
def is_medicine(word: str) -> bool:
    """Whether a word has a medicine's INN shape (a WHO stem, an antiviral's -vir, a common INN) or
    is a medicine's name, generic or brand (medicines.txt)."""
    f = fold(word)
    return (len(f) >= 5 and bool(_DRUG.search(f))) or is_listed_medicine(word)


def common_word(word: str, language: str) -> bool:
    """Whether a word a medicine's shape or name matches is an ordinary word of `language`: at least
    COMMON_NAMED (listed by name) or COMMON_SHAPED (matched by its shape alone) on wordfreq's scale,
    or a word known worldwide (`_frequency.worldwide`)."""
    named = is_listed_medicine(word) or bool(_INN_NAME.search(fold(word)))
    # a word most languages write often is a product's or a thing's ("Firefox"): no medicine is
    # that common across languages (Viagra is in 18 of the 39 lists, aspirin in 9)
    return zipf(word.lower(), language) >= (COMMON_NAMED if named else COMMON_SHAPED) or worldwide(word)


@functools.lru_cache(maxsize=65536)
def _shape_word(word: str) -> bool:
    f = fold(word)
    if len(f) < 4:
        return False
    return bool(_DRUG.search(f) or _CONDITION.search(f)) or is_listed_medicine(word)


# -- per-language lists and cues ----------------------------------------------------------------


def _list_regex(entries: list[str]) -> re.Pattern[str] | None:
    """The YAML list as one regex: words split by spaces, a trailing * takes up to six letters, a leading * any first part."""
    alts = []
    for e in entries:
        words = []
        for w in str(e).strip().lower().split():
            lead = w.startswith("*")
            trail = w.endswith("*")
            core = re.escape(w.strip("*"))
            words.append((r"\w{0,24}" if lead else "") + core + (r"\w{0,6}" if trail else ""))
        if words:
            alts.append(r"\s{1,3}".join(words))
    if not alts:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(sorted(alts, key=len, reverse=True)) + r")(?!\w)", re.IGNORECASE)


class HealthGrammar:
    """One language's health terms and cues, compiled."""

    def __init__(self, lang: str, terms: list[str], cues: dict[str, Any]) -> None:
        self.lang = lang
        self.terms = _list_regex(terms)
        before = cue_alternation(list(cues.get("health") or ()))
        after = cue_alternation(list(cues.get("health_after") or ()))
        # a cue ends in a space, or in an elision's apostrophe ("je souffre d'asthme")
        self.before = re.compile(rf"(?<!\w)(?:{before})(?:\s{{1,3}}|(?<=['’]))$") if before else None
        self.after = re.compile(rf"^\s{{1,3}}(?:{after})(?!\w)") if after else None
        taking = cue_alternation(list(cues.get("medication") or ()))
        taking_after = cue_alternation(list(cues.get("medication_after") or ()))
        self.medication = re.compile(rf"(?<!\w)(?:{taking})\s{{1,3}}$") if taking else None
        using = cue_alternation(list(cues.get("medication_use") or ()))
        self.medication_use = re.compile(rf"(?<!\w)(?:{using})\s{{1,3}}$") if using else None
        self.medication_use_opening = re.compile(rf"(?:{using})\s{{1,3}}") if using else None  # the sentence's first words
        self.medication_after = re.compile(rf"^\s{{1,3}}(?:{taking_after})(?!\w)") if taking_after else None
        # a medicine's form or pack right before or after its name, and the pharmacy near it
        form = cue_alternation(list(cues.get("dose_form") or ()))
        form_after = cue_alternation(list(cues.get("dose_form_after") or ()))
        pharmacy = cue_alternation(list(cues.get("pharmacy") or ()))
        self.dose_form = re.compile(rf"(?<!\w)(?:{form})\s{{1,3}}$") if form else None
        self.dose_form_after = re.compile(rf"^\s{{1,3}}(?:{form_after})(?!\w)") if form_after else None
        self.pharmacy = re.compile(rf"(?<!\w)(?:{pharmacy})\s{{1,3}}$") if pharmacy else None
        self.pharmacy_after = re.compile(rf"^\s{{1,3}}(?:{pharmacy})(?!\w)") if pharmacy else None
        self.pharmacy_anywhere = re.compile(rf"(?<!\w)(?:{pharmacy})(?!\w)") if pharmacy else None  # in the sentence
        self.topic = frozenset(str(t).lower() for t in cues.get("topic") or ())
        # a diagnosis's words name a condition beside them, whether or not a list knows it
        diagnosis = cue_alternation(list(cues.get("diagnosis") or ()))
        diagnosis_after = cue_alternation(list(cues.get("diagnosis_after") or ()))
        self.diagnosis = re.compile(rf"(?<!\w)(?:{diagnosis})[ \u00a0]{{1,3}}(?:[«„“\"(:][ \u00a0]?)?", re.I) if diagnosis else None
        self.diagnosis_after = re.compile(rf"[ \u00a0]{{1,3}}(?:{diagnosis_after})(?!\w)", re.I) if diagnosis_after else None
        # ... and, right beside the term, make it the writer's where the writer speaks in its sentence
        # ("Я на больничном, диагноз аллергия на пыльцу", "sedef teşhisi koyduğundan beri evdeyim")
        self.diagnosis_cue = re.compile(rf"(?<!\w)(?:{diagnosis})(?:\s{{0,2}}[«„“\"(:])?\s{{0,3}}$", re.I) if diagnosis else None
        self.diagnosis_after_cue = re.compile(rf"^\s{{1,3}}(?:{diagnosis_after})(?!\w)", re.I) if diagnosis_after else None
        # the writer's possessive right before or after the term, nothing between ("mi enfermedad de Crohn")
        mine = cue_alternation(list(cues.get("health_mine") or ()))
        mine_after = cue_alternation(list(cues.get("health_mine_after") or ()))
        self.mine = re.compile(rf"(?<!\w)(?:{mine})\s{{1,3}}$") if mine else None
        self.mine_after = re.compile(rf"^\s{{1,3}}(?:{mine_after})(?!\w)") if mine_after else None
        # a condition as the cause ("wegen", "из-за", "... yüzünden") of what the writer cannot do
        # or suffers: a first-person verb of the language's in the sentence (`health_effect`: "sehe
        # ich", "veo", "δεν μπορώ", "göremiyorum")
        cause = cue_alternation(list(cues.get("health_cause") or ()))
        cause_after = cue_alternation(list(cues.get("health_cause_after") or ()))
        effect = cue_alternation(list(cues.get("health_effect") or ()))
        # ... or a condition the writer lives "with" (`health_with`: "Con celiaquía", "Cu poliartrită",
        # "С диагнозом") in a sentence that says what is hard, without a person (`health_hardship`:
        # "es difícil", "e greu", "тяжело"), and asks nothing: the writer's hardship, told as anyone's
        with_ = cue_alternation(list(cues.get("health_with") or ()))
        hardship = cue_alternation(list(cues.get("health_hardship") or ()))
        self.with_ = re.compile(rf"(?<!\w)(?:{with_})[\s«„“\"(]{{1,4}}$") if with_ else None
        self.hardship = re.compile(rf"(?<!\w)(?:{hardship})(?!\w)") if hardship else None
        self.cause = re.compile(rf"(?<!\w)(?:{cause})\s{{1,3}}$") if cause else None
        self.cause_after = re.compile(rf"^\s{{1,3}}(?:{cause_after})(?!\w)") if cause_after else None
        self.effect = re.compile(rf"(?<!\w)(?:{effect})(?!\w)") if effect else None


@functools.lru_cache(maxsize=4)
def load_health(terms_path: str = str(HEALTH_TERMS), cues_path: str = str(CUES)) -> dict[str, HealthGrammar]:
    """Each language's compiled health grammar from the two YAML files."""
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe")
    terms = yaml.load(Path(terms_path).read_text(encoding="utf-8")) or {}
    cues = yaml.load(Path(cues_path).read_text(encoding="utf-8")) or {}
    return {str(lang): HealthGrammar(str(lang), list(terms.get(lang) or ()), dict(entry or {})) for lang, entry in cues.items()}


def is_health_word(word: str, lang: str) -> bool:
    """Whether one word (or a listed phrase) is a health term of `lang`, cue aside."""
    grammar = load_health().get(lang)
    if grammar is not None and grammar.terms is not None and grammar.terms.fullmatch(word):
        return True
    return _shaped_term(word, lang)


def _shaped_term(word: str, lang: str) -> bool:
    """A word a condition's or a medicine's shape matches, unless only as a common word of `lang` (`common_word`)."""
    return _shape_word(word) and not (is_medicine(word) and common_word(word, lang))


# -- finding them -------------------------------------------------------------------------------

_WORD = re.compile(r"[^\W\d_][\w\-]{0,40}")  # "l'artrosi", "d'asthme": the word after the elision
_GAP_WORD = re.compile(r"[\w'’\-]{1,64}")
_SENTENCE_BREAK = re.compile(r"[.!?;:\n](?=\s|$)|[¿¡]")
_MAX_GAP_BEFORE = 3  # words between a cue and its term: "ich habe seit drei Jahren Diabetes"
_MAX_GAP_AFTER = 2
_WINDOW = 80
# Turkish: the person is a suffix of the term ("diyabetim var", "hamileyim", "şeker hastasıyım").
_TR_SELF = re.compile(r"(?:y?[ıiuü]m|m)$")
_TR_HAVE = re.compile(r"^\s{1,3}(?:var|vardı|oldu)(?!\w)")
_TR_ASKED = re.compile(r"^\s{1,3}\w{2,6}\s{1,3}m[ıiuü](?!\w)")
MAX_SPANS = 200  # bounded output on any input
# Quotation marks around a term ("мне поставили диагноз «рассеянный склероз»", "„Multiple
# Sklerose“ diagnostiziert"): the languages' own way to set off a diagnosis's name, not a break
_OPENING_QUOTE = re.compile(r"[«„“\"‚‘]\s?$")
_CLOSING_QUOTE = re.compile(r"^\s?[»“”\"‘’]")
_LABEL_COLON = re.compile(r":[ \u00a0]{1,2}$")


# An eponym after a disease noun: "enfermedad de Crohn", "morbo di Crohn", "maladie d'Alzheimer"
_EPONYM = re.compile(r"\s{1,2}(?:de|di|du|des|da|do|von|van|d['’])\s{0,2}[A-ZÀ-Þ][\w'’\-]{1,30}")


def _candidates(text: str, grammar: HealthGrammar) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    if grammar.terms is not None:
        for m in grammar.terms.finditer(text):
            eponym = _EPONYM.match(text, m.end())
            spans.append((m.start(), eponym.end() if eponym is not None else m.end()))
    for m in _WORD.finditer(text):
        if _shaped_term(m.group(), grammar.lang):
            dose = _DOSE.match(text, m.end()) if is_medicine(m.group()) else None  # "Concor 5 mg": the dose with it
            spans.append((m.start(), dose.end() if dose is not None else m.end()))
        elif "-" in m.group() and is_medicine(m.group().split("-", 1)[0]):
            spans.append(m.span())  # "Salbutamol-Spray", "Ramipril-Tabletten": a medicine's compound with its form
        if len(spans) > 4 * MAX_SPANS:
            break
    spans.extend(_diagnosed(text, grammar))
    spans.sort()
    merged: list[tuple[int, int]] = []
    for s, e in spans:
        # overlapping, or two terms with only a space between: one condition ("sedef hastalığı", "болезнь Крона")
        if merged and (s < merged[-1][1] or (s - merged[-1][1] <= 2 and not text[merged[-1][1]:s].strip())):
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((s, e))
    return merged


_DIAGNOSED_WORD = re.compile(r"[^\W\d_][\w\-]{2,40}")
_WORD_BEFORE = re.compile(r"([^\W\d_][\w\-]{2,40})$")
MAX_DIAGNOSES = 20  # bounded work on any input
DIAGNOSED_COMMON = 5.5  # wordfreq's Zipf: a word this common ("quiero", "ani") names no condition


@functools.lru_cache(maxsize=16)
def _stop_words(lang: str) -> frozenset[str]:
    """spaCy's stop words of `lang` (empty where spaCy has none)."""
    import importlib

    try:
        module = importlib.import_module(f"spacy.lang.{lang}.stop_words")
    except ImportError:
        return frozenset()
    return frozenset(str(w).lower() for w in getattr(module, "STOP_WORDS", ()))


def _diagnosed(text: str, grammar: HealthGrammar) -> list[tuple[int, int]]:
    """The one word right after a diagnosis's words, or right before them, that is no function word
    and none of the language's commonest: the condition it names ("с диагнозом «гастрит»",
    "Vertigo teşhisi kondu")."""
    out: list[tuple[int, int]] = []
    for pattern, after in ((grammar.diagnosis, True), (grammar.diagnosis_after, False)):
        if pattern is None:
            continue
        for m in pattern.finditer(text):
            if after:
                word = _DIAGNOSED_WORD.match(text, m.end())
                span = (word.start(), word.end()) if word is not None else None
            else:
                word = _WORD_BEFORE.search(text, max(0, m.start() - 42), m.start())
                span = (word.start(1), word.end(1)) if word is not None else None
            if span is None:
                continue
            value = lower(text[span[0]:span[1]])
            if value in _stop_words(grammar.lang) or zipf(value, grammar.lang) >= DIAGNOSED_COMMON:
                continue
            out.append(span)
            if len(out) >= MAX_DIAGNOSES:
                return out
    return out


def _diagnosed_of_the_writer(start: int, end: int, before: str, after: str, grammar: HealthGrammar,
                             writer: Callable[[int, int], bool] | None) -> bool:
    """Whether a diagnosis's words stand right beside the term (a bracket, a quote or a colon between
    at most) and `writer` (the caller's `multilingual_tagger.writer_in_sentence`: not a question's
    topic, "Какой диагноз ставят при ...?" names no one's) finds a word of the writer in its sentence."""
    if writer is None or not (_cued_before(before, grammar, grammar.diagnosis_cue, gap=1)
                              or _cued_after(after, grammar, grammar.diagnosis_after_cue, gap=0)):
        return False
    return writer(start, end)


def _gap_ok(gap: str, topic: frozenset[str]) -> bool:
    """The words between a cue and its term: no punctuation but an opening bracket, quote or a colon
    ("seit meiner Diagnose (Epilepsie)", "meine Diagnose: ...", "с диагнозом «язвенный колит»"), and no
    topic or negation word."""
    words = _GAP_WORD.findall(gap)
    if _GAP_WORD.sub("", gap).strip(" (:«„“\""):
        return False
    return not any(w.lower() in topic for w in words)


def _cued_before(before: str, grammar: HealthGrammar, cue: re.Pattern[str] | None, gap: int = _MAX_GAP_BEFORE) -> bool:
    """`cue` (a language has none of a kind: None) ends `before`, with at most `gap` words between."""
    if cue is None:
        return False
    low = lower(before)
    words = list(_GAP_WORD.finditer(low))
    for k in range(0, gap + 1):
        if k > len(words):
            break
        cut = words[-k].start() if k else len(low)
        if k and not _gap_ok(low[cut:], grammar.topic):
            break
        if not k and low[cut:].strip():
            break
        if cue.search(low[:cut] if k else low):
            return True
    return False


def _cued_after(after: str, grammar: HealthGrammar, cue: re.Pattern[str] | None, gap: int = _MAX_GAP_AFTER) -> bool:
    """`cue` (None: none of the kind) opens `after`, with at most `gap` words before it."""
    if cue is None:
        return False
    low = lower(after)
    pos = 0
    for k in range(0, gap + 1):
        if k:
            m = _GAP_WORD.search(low, pos)
            if m is None or not _gap_ok(low[pos:m.end()], grammar.topic):
                return False
            pos = m.end()
        if cue.match(low[pos:]):
            return True
    return False


# A dose after a medicine's name: "Eutirox 50", "Concor 5 mg", "эутирокс 100 мкг"
_DOSE = re.compile(r"\s{1,2}\d{1,4}(?:[.,]\d{1,3})?(?:\s{0,2}(?:mg|mcg|µg|μg|ml|g|iu|ie|ui|mg/ml|мг|мкг|мл|ме))?(?!\w)", re.I)
_LATIN = re.compile(r"[A-Za-z]")
_NON_LATIN_TEXT = frozenset({"el", "ru", "uk"})
CAPITALISES_NOUNS = frozenset({"de"})  # a capital there is any noun's, not a name's
MAX_BRAND_LETTERS = 30
COMMON_BEFORE_NUMBER = 3.0  # wordfreq's Zipf: a word this common before a number is a preposition or a noun, no drug


def _brand(text: str, start: int, end: int, lang: str) -> int | None:
    """The end of a medicine's name at `start` (with its dose) when it has a brand's shape: a dose
    after it, Latin letters in Greek or Cyrillic text, or a capital where the language gives nouns
    none (where every sentence opens with one, on a word wordfreq does not know in the language);
    None otherwise. The cue beside it decides whether it is the writer's medicine."""
    word = text[start:end]
    if not 3 <= len(word) <= MAX_BRAND_LETTERS or worldwide(word):
        return None  # "Uso Firefox para ...": a name most languages write often is no medicine's (`common_word`)
    dose = _DOSE.match(text, end)
    if dose is not None and not (word.islower() and zipf(lower(word), lang) >= COMMON_BEFORE_NUMBER):
        return dose.end()  # not a common word before a number ("στις 8", "at 8"; "metformina 850" is a dose)
    if lang in _NON_LATIN_TEXT and word.isascii() and _LATIN.match(word):
        return end
    if lang not in CAPITALISES_NOUNS and word[:1].isupper() and word[1:2].islower() and (
            not opens_sentence(text, start) or zipf(lower(word), lang) == 0.0):
        return end  # opening its sentence, a word the language's word list has never seen ("Arveles etkisini ...")
    if lang in CAPITALISES_NOUNS and word[:1].isupper() and word[1:2].islower() and "-" not in word \
            and zipf(lower(word), lang) == 0.0 and not opens_sentence(text, start):
        return end  # where every noun has a capital, a word the language's list has never seen ("Novalgin nehmen")
    return None


def opens_sentence(text: str, start: int) -> bool:
    """Whether the word at `start` is the first of its sentence (every language capitalises that)."""
    before = text[max(0, start - 8):start].rstrip(" \t\"'«„“(")
    return not before or before[-1] in ".!?:;\n¿¡"


_ASIDE_OPENS = re.compile(r"[(\[—–]")  # an aside opens a clause of its own: "(είμαι σε Augmentin από ...)"


def _brand_words(text: str, lang: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, the sentence before it) of each brand-shaped word (`_brand`, its dose included)."""
    for m in _WORD.finditer(text):
        end = _brand(text, m.start(), m.end(), lang)
        if end is None:
            continue
        before = text[max(0, m.start() - _WINDOW):m.start()]
        yield m.start(), end, before[max((b.end() for b in _SENTENCE_BREAK.finditer(before)), default=0):]


def brand_shaped(text: str, lang: str) -> list[tuple[int, int]]:
    """The spans of the brand-shaped words of `text` (`_brand`), at most MAX_SPANS: a medicine's
    name where what stands beside them says so, which the caller reads."""
    return [(start, end) for start, end, _ in _brand_words(text, lang)][:MAX_SPANS]


def _medicines(text: str, grammar: HealthGrammar, lang: str) -> list[tuple[int, int]]:
    """Brand-shaped words right beside a cue of taking a medicine (`medication` in the cues)."""
    if grammar.medication is None and grammar.medication_after is None:
        return []
    out: list[tuple[int, int]] = []
    for start, end, before in _brand_words(text, lang):
        if (_cued_before(before, grammar, grammar.medication, gap=1)
                # one word may stand between the name and the verb after it ("Algocalmin mă cam amețește")
                # (not past the colon of a label: "Notificări: Firefox nu-mi face bine")
                or (not text[end:end + 3].lstrip().startswith(":")
                    and _cued_after(text[end:end + _WINDOW], grammar, grammar.medication_after, gap=1))
                # a verb of using that opens its sentence, the writer's statement: "Sunt pe Augmentin de
                # două zile" (not "Ce titluri sunt pe Lichess?", "¿... si uso Tor?")
                or (grammar.medication_use_opening is not None and grammar.medication_use_opening.fullmatch(
                    _ASIDE_OPENS.split(lower(before))[-1].lstrip(" \t\n\"«„")) is not None
                    # (a name every language writes is a program or a firm: "estoy con Firefox")
                    and not worldwide(text[start:end]))):
            out.append((start, end))
            if len(out) >= MAX_SPANS:
                break
    return out


_PHARMACY_GAP = 2  # words between the pharmacy and the name: "жду в аптеке свой Глюкофаж"


def dosed_brands(text: str, lang: str) -> list[tuple[int, int]]:
    """Brand-shaped words (`_brand`) beside a medicine's form or pack ("la pastilla de Enantyum",
    "Parol ilacı") or near the pharmacy ("в аптеке свой Глюкофаж"): a medicine no list knows, whoever's
    it is; the caller asks whose, as for `medicine_words`."""
    grammar = load_health().get(lang)
    if grammar is None or (grammar.dose_form is None and grammar.dose_form_after is None and grammar.pharmacy is None):
        return []
    out: list[tuple[int, int]] = []
    if lang in CAPITALISES_NOUNS and grammar.dose_form is not None:
        # German gives every noun a capital, so a name has no brand's shape there; right after a
        # medicine's form ("zwei Tabletten Novaminsulfon") the noun is the medicine's name
        for m in _WORD.finditer(text):
            word = m.group()
            if word[:1].isupper() and 3 <= len(word) <= MAX_BRAND_LETTERS and not worldwide(word) \
                    and grammar.dose_form.search(lower(text[max(0, m.start() - _WINDOW):m.start()])):
                out.append(m.span())
    for start, end, before in _brand_words(text, lang):
        if (start, end) in out:
            continue
        after = text[end:end + _WINDOW]
        stop = _SENTENCE_BREAK.search(after)
        after = after[: stop.start()] if stop else after
        if (_cued_before(before, grammar, grammar.dose_form, gap=0) or _cued_after(after, grammar, grammar.dose_form_after, gap=0)
                or _cued_before(before, grammar, grammar.pharmacy, gap=_PHARMACY_GAP)
                or _cued_after(after, grammar, grammar.pharmacy_after, gap=_PHARMACY_GAP)):
            out.append((start, end))
            if len(out) >= MAX_SPANS:
                break
    return out


def _turkish_self(text: str, start: int, end: int) -> bool:
    """A Turkish term with the writer's suffix on its last word ("astımım var", "hamileyim",
    "şeker hastasıyım"): what is left without the suffix is itself a term."""
    term = text[start:end]
    m = _TR_SELF.search(term.lower())
    if m is None:
        return False
    stem = term[: len(term) - (m.end() - m.start())]
    if len(stem) < 3 or not is_health_word(stem, "tr"):
        return False
    return bool(m.group().startswith("y") or _TR_HAVE.match(text[end:end + 12]))


def _turkish_have(before: str, after: str, grammar: HealthGrammar) -> bool:
    """A Turkish term opening its clause before "var" ("there is": "reflü var") in a sentence whose
    first-person verb of `health_effect` says whom it is there for ("..., reflü var ve bugün
    kendimde değilim"); "Bu ilçede çok kanser var" tells of a place."""
    if before.rsplit(",", 1)[-1].strip() or not _TR_HAVE.match(after) or grammar.effect is None \
            or _TR_ASKED.match(after):
        return False  # "Kanser var mı ...": the question particle asks whether there is
    return grammar.effect.search(lower(before + " " + after)) is not None


_NAME_WORD = re.compile(r"[^\W\d_][\w\-]{3,39}")


# A word the medicine shapes match that is this common in the text's language (wordfreq's Zipf
# scale: 3.0 is once in a million words) is an ordinary word: "propriile" (-pril), "случайно" and
# "Blockchain" (-caine), Greek genitives in -ικών. Measured on the benign and planted prompts of the
# multilingual dev sets: every drug matched by its stem alone is below 2.5 (Sertralin 1.9,
# омепразол 1.6); the ordinary words are 3.0-5.0.
COMMON_SHAPED = 3.0
# ... and a medicine named by the lists (an INN without a stem, a brand) is that common word where
# it is this common: Spanish "cambia" (4.6), German "Modus" (4.2), Turkish "kalma" (4.8) are brands
# too; the listed drugs people name are below it (Insulin 3.1-3.4, Paracetamol 2.9, Ibuprofen 3.0).
COMMON_NAMED = 4.0


@functools.lru_cache(maxsize=1)
def _short_folds() -> frozenset[str]:
    """medicines.txt's names shorter than MIN_KEY, folded whole (`fold`), ending and all."""
    return frozenset(f for f in map(fold, _medicine_names()) if 5 <= len(f) < MIN_KEY)


# A short brand in Cyrillic or Greek letters is the listed name only where the language would not
# write the word at all (Zipf below this) and gives it a capital inside a sentence, as it does only
# to names: "пока не подействовал Нурофен" (Nurofen), not "ложек" (Losec) or "сезон" (Cecon)
RARE_SHORT_NAME = 1.0


def _short_brand(text: str, start: int, end: int, language: str) -> bool:
    """Whether text[start:end], in Cyrillic or Greek letters, is a short listed brand written in them."""
    word = text[start:end]
    return (language in _NON_LATIN_TEXT and bool(_NON_LATIN.search(word)) and word[:1].isupper() and word[1:].islower()
            and fold(word) in _short_folds() and not opens_sentence(text, start) and zipf(word.lower(), language) < RARE_SHORT_NAME)


def medicine_words(text: str, language: str = "") -> list[tuple[int, int]]:
    """The words of `text` that name a medicine by its INN shape or its listed name, generic or
    brand (`is_medicine`, `_short_brand`), at most MAX_SPANS: a medicine is health data whoever's
    sentence it is in, so the caller asks whose. A word common in `language` (`common_word`) is that word."""
    out: list[tuple[int, int]] = []
    for m in _NAME_WORD.finditer(text):
        if (is_medicine(m.group()) and not (language and common_word(m.group(), language))) \
                or _short_brand(text, m.start(), m.end(), language):
            out.append(m.span())
            if len(out) >= MAX_SPANS:
                break
    return out


_MAX_GAP_CAUSE = 2  # "Din cauza unei degenerescențe", "Из-за макулярной дистрофии"


def _as_cause(before: str, after: str, grammar: HealthGrammar, asked: bool = False) -> bool:
    """A term after a cause's preposition or before its postposition, in a sentence where a
    first-person verb of `health_effect` says the writer is the one affected ("veo mal", "не
    могу", "göremiyorum"); "Wegen Diabetes erblinden viele" tells of no one. A term the writer
    lives with (`health_with`) is a cause too, and a hardship said without a person
    (`health_hardship`: "Cu poliartrită reumatoidă e greu să citești pe ecran") the writer's, where
    the sentence asks nothing (`asked`: "¿Es difícil viajar con asma?" asks about anyone)."""
    with_ = _cued_before(before, grammar, grammar.with_, gap=1)
    if not (_cued_before(before, grammar, grammar.cause, gap=_MAX_GAP_CAUSE) or with_
            or _cued_after(after, grammar, grammar.cause_after, gap=0)):
        return False
    sentence = lower(before + " " + after)
    if grammar.effect is not None and grammar.effect.search(sentence) is not None:
        return True
    return not asked and grammar.hardship is not None and grammar.hardship.search(sentence) is not None


def health_spans(text: str, lang: str, writer: Callable[[int, int], bool] | None = None) -> list[tuple[int, int]]:
    """The health terms of `text` (in `lang`) that a cue makes the writer's or their family's;
    `writer(start, end)`: whether a word of the writer is in the span's sentence (a diagnosis's words
    beside a term need one; without it they make no term the writer's)."""
    grammar = load_health().get(lang)
    if grammar is None:
        return []
    out: list[tuple[int, int]] = []
    for start, end in _candidates(text, grammar):
        before = text[max(0, start - _WINDOW):start]
        label = _LABEL_COLON.search(before)  # "поставили диагноз: диабет": the cue, its colon, the term
        if label is not None:
            head = before[:label.start()]
            label = head[max((m.end() for m in _SENTENCE_BREAK.finditer(head)), default=0):] + " "
        cut = max((m.end() for m in _SENTENCE_BREAK.finditer(before)), default=0)
        before = before[cut:]
        after = text[end:end + _WINDOW]
        stop = _SENTENCE_BREAK.search(after)
        asked = stop is not None and (stop.group() == "?" or (lang == "el" and stop.group() == ";"))
        after = after[: stop.start()] if stop else after
        before, after = _OPENING_QUOTE.sub(" ", before), _CLOSING_QUOTE.sub("", after)
        if (_cued_before(before, grammar, grammar.before) or _cued_after(after, grammar, grammar.after)
                or (label is not None and _cued_before(label, grammar, grammar.before, gap=0))
                or (lang == "tr" and (_turkish_self(text, start, end) or _turkish_have(before, after, grammar)))
                or _cued_before(before, grammar, grammar.medication) or _cued_after(after, grammar, grammar.medication_after)
                or _cued_before(before, grammar, grammar.medication_use)
                or _cued_before(before, grammar, grammar.mine, gap=0) or _cued_after(after, grammar, grammar.mine_after, gap=0)
                or _as_cause(before, after, grammar, asked)
                or _diagnosed_of_the_writer(start, end, before, after, grammar, writer)):
            out.append((start, end))
            if len(out) >= MAX_SPANS:
                break
    for start, end in _medicines(text, grammar, lang):
        if len(out) < MAX_SPANS and not any(s < end and start < e for s, e in out):
            out.append((start, end))
    return sorted((s, m.end() if (m := _TYPE_AFTER.match(text, e)) else e) for s, e in out)


# A condition's type after its name belongs to it: "Diabetes Typ 2", "diabet de tip 2", "διαβήτη
# τύπου 1", "диабет 2 типа", "tip 1 diyabet" aside (the type comes first there, and stays)
_TYPE_AFTER = re.compile(r"(?i:[ \u00a0]{1,2}(?:de[ \u00a0])?(?:typ|tip|tipo|type|typu|τύπου|типа|типу)[ \u00a0]{0,2}(?:[12]|I{1,2})(?![\w.])"
                         r"|[ \u00a0]{1,2}[12][ \u00a0](?:типа|типу)(?!\w))")
