"""Health terms in prose -> Health: conditions, medications, treatments.

Health is a special category (GDPR art. 9): a single mention ("my insulin", "since the chemo")
is sensitive, so these are direct findings, not quasi-identifiers. "Diagnosed" and "diagnosis"
are not terms: they say that there is a condition, not which; the condition after them is found
(self_disclosure.py's first-person cues, or its own term here), and tagging the verb too only
changed the wording of a sentence whose condition was already protected.
"""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["HealthRecognizer", "HEALTH_TERMS"]

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
    "wheelchair disability disabled blind deaf allergy allergic"
).split() + [
    "heart attack", "heart disease", "heart failure", "high blood pressure", "kidney disease",
    "mental health", "mental illness", "eating disorder", "panic attacks", "multiple sclerosis",
    "cystic fibrosis", "sickle cell", "blood test", "blood type", "birth control", "hiv positive",
]


class HealthRecognizer(PatternRecognizer):
    """Conditions, medications and treatments from a gazetteer."""

    name: ClassVar[str] = "health"
    entities: ClassVar[tuple[str, ...]] = ("HEALTH",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.HEALTH
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern(
            "term",
            r"(?<![\w\-])(?:" + "|".join(re.escape(t) for t in sorted(set(HEALTH_TERMS), key=len, reverse=True))
            + r")(?![\w\-])",
            0.55,
            flags=re.IGNORECASE,
        ),
    )
