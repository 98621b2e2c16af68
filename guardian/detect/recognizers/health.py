"""Health terms in prose -> Health: conditions, medications, treatments.

Health is a special category (GDPR art. 9): a single mention ("my insulin", "since the chemo")
is sensitive, so these are direct findings, not quasi-identifiers. "Diagnosed" and "diagnosis"
are not terms: they say that there is a condition, not which; the condition after them is found
(self_disclosure.py's first-person cues, or its own term here), and tagging the verb too only
changed the wording of a sentence whose condition was already protected.
"""

from __future__ import annotations

import functools
import re
from typing import ClassVar

from guardian.detect._wordlist import word_alternation
from guardian.categories import DataCategory
from guardian.detect.base import ENGLISH_ONLY, Pattern, PatternRecognizer
from guardian.detect.recognizers.multilingual_health import is_listed_medicine, is_medicine
from guardian.records import Field, Finding

__all__ = ["HealthRecognizer", "HEALTH_TERMS", "MEDICAL_WORD", "DRUG_WORD", "health_words", "whole_condition"]

DRUG_SCORE = 0.55  # as a gazetteer term: what a medicine is, not yet whose
MAX_DRUGS = 50  # medicines read from one value at most
# English word endings no INN has: "recycling" holds the stem of tetracycline, "ordered" of nothing
_ENGLISH_ENDINGS = ("ing", "ed", "ly", "tion", "ment", "ness", "er", "ers", "ings", "ful", "less", "able")
_WORD = re.compile(r"(?<![\w\-])[A-Za-z][a-z\-]{4,40}(?![\w\-])")
_FORM_OF_A_MEDICINE = frozenset(("prescription", "prescriptions", "inhaler", "inhalers"))

HEALTH_TERMS = (
    "diabetes diabetic asthma cancer tumour tumor leukaemia leukemia lymphoma melanoma hiv aids hepatitis "
    "tuberculosis epilepsy epileptic migraine migraines depression depressed anxiety bipolar schizophrenia "
    "ptsd adhd autism autistic dementia alzheimer's alzheimers parkinson's parkinsons arthritis osteoporosis "
    "hypertension stroke obesity anorexia bulimia insomnia covid covid-19 influenza pneumonia bronchitis copd "
    "eczema psoriasis lupus crohn's celiac coeliac ibs endometriosis infertility pregnancy miscarriage abortion "
    "chlamydia gonorrhea gonorrhoea syphilis herpes hpv std sti addiction alcoholism overdose rehab "
    "chemotherapy chemo radiotherapy dialysis surgery transplant mastectomy biopsy "
    "prescription insulin metformin ibuprofen paracetamol acetaminophen aspirin amoxicillin antibiotics "
    "antidepressants antidepressant sertraline fluoxetine prozac zoloft xanax lithium methadone morphine "
    "oxycodone opioids statins lisinopril atorvastatin levothyroxine warfarin prednisone inhaler "
    "wheelchair disability disabled blind deaf allergy allergic "
    # pregnancy is data concerning health (GDPR recital 35), and the words of disability
    "pregnant ivf trimester amputee paraplegic quadriplegic tetraplegic deafblind dyslexia dyslexic dyspraxia "
    "neurodivergent stammer stutter fibromyalgia ocd nonverbal non-verbal"
).split() + [
    "hard of hearing", "partially sighted", "visually impaired", "hearing impaired", "wheelchair user",
    "long covid", "chronic fatigue", "on the spectrum", "morning sickness", "expecting twins", "expecting a baby",
    "heart attack", "heart disease", "heart failure", "high blood pressure", "kidney disease",
    "mental health", "mental illness", "eating disorder", "panic attacks", "multiple sclerosis",
    "cystic fibrosis", "sickle cell", "blood test", "blood type", "birth control", "hiv positive",
    "hearing loss", "sight loss", "vision loss", "low vision", "atrial fibrillation", "cerebral palsy",
]


@functools.lru_cache(maxsize=1)
def health_words() -> frozenset[str]:
    """Every word of the gazetteer's terms, lower case ("expecting" of "expecting twins")."""
    return frozenset(w for term in HEALTH_TERMS for w in term.lower().split())


# What a condition's name is made of, beyond the gazetteer: the suffixes of medical terminology
# (-itis inflammation, -osis, -emia, -oma, -pathy, -algia, -plegia, -penia, -ectomy ...), hypo-/hyper-
# states, -iasis (a parasitic disease: "ascariasis"), -thorax, -pox, and the head nouns conditions
# are named with, singular or plural ("Hashimoto's disease", "sleep apnea", "a gluten intolerance",
# "impulse disorders", "erectile dysfunction", "a hearing impairment", "a knee injury", "shoulder
# lesions", "nasal polyps", "hay fever", "whooping cough", "chronic back pain"). Used only behind a first-person cue (self_disclosure.py: "I have X"),
# where "I have a question" must stay no condition; a few common words of the same shape are
# left out ("diagnosis", "academia", "empathy", "nostalgia", "diploma").
MEDICAL_WORD = re.compile(
    r"(?<![\w\-])(?:[a-z]{2,30}(?:itis|(?<!diagn)(?<!progn)(?<!osm)(?<!symbi)(?<!metamorph)(?<!hypn)osis|"
    r"(?<!acad)(?<!bohem)a?emia|(?<!dipl)(?<!ar)oma|(?<!anti)(?<!tele)(?<!sym)(?<!em)pathy|(?<!nost)algia|plegia|"
    r"penia|phobia|trophy|ectomy|ostomy|plasia|rrh(?:o)?ea|iasis|thorax|pox|sepsis)|(?:hypo|hyper)[a-z]{3,30}(?:ism|ia|ion|osis|ity)|"
    r"diseases?|disorders?|syndromes?|deficienc(?:y|ies)|infections?|allerg(?:y|ies)|intolerances?|apnoea|apnea|palsy|"
    r"insufficiency|dystrophy|hernia|ulcers?|tumou?rs?|cysts?|fractures?|concussion|tinnitus|vertigo|sclerosis|seizures?|"
    r"dysfunction|disabilit(?:y|ies)|impairment|injur(?:y|ies)|lesions?|polyps?|embolism|fever|cough|sepsis|"
    r"pain(?!\s{1,3}points?\b)|cancer|diabetes|covid)(?![\w\-])",
    re.IGNORECASE,
)
# A drug's name by its USAN/INN stem (the naming scheme of the WHO INN programme and the USAN
# Council: -pril ACE inhibitors, -sartan, -olol beta blockers, -statin, -prazole, -oxetine, -azepam,
# -triptan, -gliptin, -mab antibodies, -cillin, -mycin, -vir antivirals ...), or a dose after it.
DRUG_WORD = re.compile(
    r"(?<![\w\-])(?:[a-z]{2,30}(?:pril|sartan|olol|statin|prazole|tidine|oxetine|traline|italopram|azepam|azolam|"
    r"triptan|gliptin|gliflozin|glutide|formin|mab|tinib|cillin|mycin|cycline|floxacin|vir|conazole|dipine|thiazide|"
    r"semide|profen|coxib|parin|xaban|lukast|terol|isone|isolone|olone|triptyline|pramine|barbital|caine|zodone|"
    r"apine|idone|afil|setron|dronate|gabalin|thyroxine|codone|morphone|phenidate|amfetamine|amphetamine|"
    r"tropin|relin|lamide|ipine|oxacin|azole|xetine|lukast)|insulin)(?![\w\-])"
    r"|(?<![\w.])[0-9]{1,4}(?:\.[0-9]{1,2})?\s{0,2}(?:mg|mcg|µg|ml|iu|units?)(?![\w])",
    re.IGNORECASE,
)


class HealthRecognizer(PatternRecognizer):
    """Conditions, medications and treatments from a gazetteer."""

    name: ClassVar[str] = "health"
    entities: ClassVar[tuple[str, ...]] = ("HEALTH",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.HEALTH
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    # English only: English terms, and medical word shapes that match ordinary words of other languages
    LANGUAGES: ClassVar[frozenset[str] | None] = ENGLISH_ONLY
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern(
            "term",
            r"(?<![\w\-])(?:" + word_alternation(HEALTH_TERMS)
            + r")(?![\w\-])",
            0.55,
            flags=re.IGNORECASE,
        ),
        # a condition named after the people who described it, as medicine names them: "Charcot-Marie-
        # Tooth disease", "Ehlers-Danlos syndrome", "Bell's palsy" (the list cannot hold them all)
        Pattern(
            "eponym",
            r"(?<![\w\-])[A-Z][a-z\u00df-\u024f]{1,20}(?:[\-‐][A-Z][a-z\u00df-\u024f]{1,20}){0,3}(?:['’]s)?"
            r"\s(?:disease|syndrome|palsy|dystrophy|ataxia|anomaly|sarcoma|lymphoma|thyroiditis)(?![\w\-])",
            0.55,
        ),
        # "I'm expecting", "we're due in April", "I'm 20 weeks along": pregnancy in its own idiom,
        # only where the writer (or their partner) is its subject
        Pattern(
            "expecting",
            r"(?<![\w])(?:I['’]m|I\s{1,3}am|we['’]re|we\s{1,3}are|she['’]s|my\s{1,3}(?:wife|partner)\s{1,3}is|(?<![^\s.!?(])being"
            r"|(?:from|as)\s{1,3}(?:someone|somebody)(?:\s{1,3}who(?:['’]s|\s{1,3}is))?)\s{1,3}"
            r"(?P<v>expecting(?!\s{1,3}(?:a\s{1,3}|an\s{1,3}|the\s{1,3}|to\b|it\b|that\b|you\b|him\b|her\b|them\b|my\b|your\b))"
            r"|due\s{1,3}(?:in|on|at\s{1,3}the\s{1,3}end\s{1,3}of)\s{1,3}(?:January|February|March|April|May|June|July|August|"
            r"September|October|November|December|next\s{1,3}(?:week|month)|[0-9]{1,2}\s{1,3}weeks)|due\s{1,3}(?:any\s{1,3}day|soon)"
            r"|[0-9]{1,2}\s{1,3}weeks\s{1,3}(?:along|pregnant))",
            0.55,
            flags=re.IGNORECASE,
        ),
    )

    def scan(self, field: Field) -> list[Finding]:
        """The gazetteer's terms, and a medicine by its name (medicines.txt: "Vyvanse", "Eliquis") or
        by its INN's shape (WHO's stems: "escitalopram", "methotrexate", "atorvastatin";
        `multilingual_health._DRUG`) where no term covers it."""
        found = super().scan(field)
        text = field.value
        for m in _WORD.finditer(text):
            if len(found) >= MAX_DRUGS:
                break
            word = m.group()
            if any(f.start < m.end() and m.start() < f.end for f in found):
                continue
            if not is_listed_medicine(word) and (word.lower().endswith(_ENGLISH_ENDINGS) or not is_medicine(word)):
                continue
            found.append(Finding(self.CATEGORY, "HEALTH", field.path, m.start(), m.end(), DRUG_SCORE, self.name, quasi=True))
        # "my Humira prescription", "a Ventolin inhaler": the form a named medicine comes in is that
        # medicine's and tells nothing more; rewritten apart it changes a word the reader needs
        return [f for f in found if not (text[f.start:f.end].lower() in _FORM_OF_A_MEDICINE and any(
            o.end < f.start and not text[o.end:f.start].strip() for o in found))]


# The words a condition's or a medicine's name is told with around its head word, which the readers
# leave out: a type, stage or grade ("type 1 diabetes"), a course or degree ("chronic", "generalised",
# "profoundly", "legally"), how far along ("eight months pregnant", "third trimester"), and the head
# noun or the form after it ("Parkinson's disease", "hearing loss", "kidney stones", "anorexia nervosa",
# "insulin glargine"). Left in place they tell what the rewrite hid ("type 1 [HEALTH_1]").
_CONDITION_BEFORE = re.compile(
    r"(?:(?<![\w\-])(?:(?:type|stage|grade|class)\s{1,2}(?:[0-9][ab]?|i{1,3}v?|iv|one|two|three|four)"
    r"|chronic|acute|severe|mild|moderate|early[- ]onset|late[- ]onset|adult[- ]onset|generali[sz]ed|social|seasonal|major|"
    r"clinical|postnatal|postpartum|perinatal|gestational|juvenile|rheumatoid|congenital|hereditary|autoimmune|"
    r"idiopathic|recurrent|persistent|profoundly|partially|legally|severely|moderately|mildly|totally|"
    r"(?:first|second|third)|(?:[0-9]{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"\s{1,2}(?:weeks?|months?))\s{1,3}){1,3}$",
    re.IGNORECASE,
)
_CONDITION_AFTER = re.compile(
    r"^(?:\s{1,3}(?:diseases?|disorders?|syndrome|loss|failure|deficiency|nervosa|stones?|injury|injuries|damage|"
    r"glargine|lispro|aspart|detemir|"
    r"degludec|type\s{1,2}(?:[0-9]|i{1,2}))(?![\w\-])){1,2}",
    re.IGNORECASE,
)
_WIDEN_WINDOW = 60


def whole_condition(text: str, start: int, end: int) -> tuple[int, int]:
    """An English health span widened over the words its name is told with (`_CONDITION_BEFORE`,
    `_CONDITION_AFTER`): "diabetes" of "type 1 diabetes" -> the whole."""
    before = _CONDITION_BEFORE.search(text, max(0, start - _WIDEN_WINDOW), start)
    after = _CONDITION_AFTER.match(text[end:end + _WIDEN_WINDOW])
    return (before.start() if before else start), (end + after.end() if after else end)
