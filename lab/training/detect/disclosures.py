"""Disclosures written by the embedded LLM: training text for the subject judge whose phrasing
no one here wrote.

    guardian-lab detect write-disclosures --prompts DIR --out FILE [--n 600] [--seed 0]

The embedded model (Qwen2.5-Coder-1.5B-Instruct, `guardian.llm.provision`; its output is ours to
use) rewrites a public question from the dev prompt sets so that its writer also mentions one
detail of their own (a condition, a medication, a job, an employer, a school, a home town, an age,
a birthday, a salary, a field of study), told only what the detail is and roughly where it goes,
never how to say it; or so that the question also asks about the same value as a topic, with
nothing about the writer. The value's span is found in the answer (exactly once, or the answer is
dropped): positive in a disclosure, negative in a topic rewrite. Values come from the detector's
own gazetteers, the tagger's lexicon (`training/lexicon.py`), Faker's jobs, companies and towns and
the medicines of `drug-named-entity-recognition`'s dictionary,
so the judge learns the words around a value, not the values. (Asked to pick a detail itself and
name its words on a line of their own, the 1.5B model kept about one reply in ten, most of them
wrong: the values stay given.)
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

__all__ = ["DETAILS", "PLACEMENTS", "write_disclosures"]

# (kind the judge reads, what the detail is, where the values come from)
DETAILS: tuple[tuple[str, str, str], ...] = (
    ("health", "a medical condition they personally have", "condition"),
    ("health", "a medication they take themselves", "drug"),
    ("job", "their own job", "job"),
    ("org", "the company or organisation they work for", "company"),
    ("org", "the university or school they attend or attended", "university"),
    ("place", "the town or city where they live", "city"),
    ("age", "their own age in years", "age"),
    ("date", "their own date of birth", "birthday"),
    ("money", "their own yearly salary", "salary"),
    ("study", "the subject they study or studied", "discipline"),
    ("group", "their own religion", "religion"),
    ("group", "the political side or party they support", "politics"),
    ("group", "their own sexual orientation or gender identity", "sexuality"),
    ("group", "their own ethnic background", "ethnicity"),
    ("group", "the trade union they belong to", "union"),
)
PLACEMENTS = (
    "as the reason for asking, at the start",
    "as background, in a short aside in the middle",
    "at the end, as an afterthought",
    "inside a subordinate clause",
    "in passing, without making a point of it",
    "as context before the question",
    "in brackets after the question",
    "after the question, in a second sentence",
    "in a casual, quickly typed style that leaves out the word 'I' at the start",
    "all in lower case, like a quick chat message",
)
SYSTEM = "You write realistic messages that people send to an AI assistant. Reply with the message only, no quotes, no notes."
MAX_WORDS = 70


def _values(rng: random.Random) -> dict[str, list[str]]:
    from guardian.detect.recognizers.fields_of_study import DISCIPLINES
    from guardian.detect.recognizers.health import HEALTH_TERMS
    from guardian.detect.recognizers import special_categories as sc
    from guardian.detect.recognizers.occupations import OCCUPATIONS
    from lab.training.detect import lexicon as lx

    terms = list(HEALTH_TERMS)  # the gazetteer lists conditions, then treatments, then medications
    drugs = terms[terms.index("insulin") : terms.index("inhaler")]
    conditions = [t for t in terms[: terms.index("chemotherapy")] if len(t) > 3] + terms[terms.index("allergic") + 1 :]
    companies = list(lx.BIG_COMPANIES) + [
        f"{rng.choice(lx.SURNAMES)} {rng.choice(lx.COMPANY_WORDS)} {rng.choice(lx.COMPANY_SUFFIXES)}".strip() for _ in range(300)]
    months = lx.MONTHS
    jobs, firms, towns = _faker_values(rng)
    return {
        "condition": conditions, "drug": drugs + _medicines(rng), "job": list(OCCUPATIONS) + jobs, "company": companies + firms,
        "university": list(lx.UNIVERSITIES), "city": list(lx.CITIES) + towns,
        "age": [str(a) for a in range(19, 86)],
        "birthday": [f"{d} {m} {y}" for d, m, y in ((rng.randint(1, 28), rng.choice(months), rng.randint(1950, 2005)) for _ in range(300))]
                    + [f"{m} {d}, {y}" for d, m, y in ((rng.randint(1, 28), rng.choice(months), rng.randint(1950, 2005)) for _ in range(300))],
        "salary": [f"${rng.randint(28, 240)},000" for _ in range(200)] + [f"£{rng.randint(20, 150)}k" for _ in range(100)]
                  + [f"{rng.randint(25, 120)},000 euros" for _ in range(100)],
        "discipline": list(DISCIPLINES),
        "religion": [t for t in sc.RELIGION_TERMS if "’" not in t] + list(sc.RELIGION_NAMES),
        "politics": list(sc.POLITICS_TERMS) + list(sc.POLITICS_NAMES),
        "sexuality": list(sc.SEXUALITY_TERMS),
        "ethnicity": list(sc.ETHNICITY_TERMS) + list(sc.ETHNICITY_NAMES),
        "union": list(sc.UNION_TERMS) + list(sc.UNION_NAMES),
    }


def _faker_values(rng: random.Random, per_locale: int = 150) -> tuple[list[str], list[str], list[str]]:
    """Jobs, companies and towns of English-speaking locales from Faker (MIT): values beyond the
    detector's own gazetteers, so the rewrites teach the words around a detail, not the details."""
    from faker import Faker

    jobs: list[str] = []
    firms: list[str] = []
    towns: list[str] = []
    for locale in ("en_US", "en_GB", "en_AU", "en_IN", "en_CA", "en_NZ", "en_IE"):
        fake = Faker(locale)
        fake.seed_instance(rng.randrange(2**31))
        jobs += [fake.job().split(",")[0] for _ in range(per_locale)]
        firms += [fake.company() for _ in range(per_locale)]
        towns += [fake.city() for _ in range(per_locale)]
    return sorted(set(jobs)), sorted(set(firms)), sorted(set(towns))


def _medicines(rng: random.Random, n: int = 600) -> list[str]:
    """Medicines people take, generic and brand names, from `drug-named-entity-recognition`'s
    dictionary (MIT; DrugBank's open vocabulary, MeSH, MedlinePlus, NHS): single words of the drugs
    MedlinePlus describes, so the rewrites name drugs the gazetteer does not know."""
    from drug_named_entity_recognition import drugs_finder

    names = sorted({variant for variant, canonical in drugs_finder.drug_variant_to_canonical.items()
                    if variant.isalpha() and 5 <= len(variant) <= 14
                    and any(drugs_finder.drug_canonical_to_data.get(c, {}).get("medline_plus_id") for c in canonical)})
    return [v.capitalize() for v in rng.sample(names, min(n, len(names)))]


def _clean(text: str) -> str:
    text = text.strip().strip('"“”').strip()
    text = re.sub(r"^(?:Message|Rewritten(?: message| question)?|(?:Sure[,!.]?\s{1,3})?[Hh]ere(?:'s| is| it is)[^:\n]{0,60}):\s{0,8}",
                  "", text, flags=re.I)
    return text.strip().strip('"“”').strip()


def _span(text: str, value: str) -> tuple[int, int] | None:
    found = [m.start() for m in re.finditer(re.escape(value), text, re.I)]
    return (found[0], found[0] + len(value)) if len(found) == 1 else None


def write_disclosures(
    questions: Sequence[str], out: Path, *, n: int, seed: int, model_path: Path | None = None,
    threads: int = 2, log: Callable[[str], None] | None = None, topic_share: float = 0.3,
) -> dict[str, Any]:
    """Write up to `n` rewrites (JSON lines: text, value, kind, start, end, label, base) to `out`."""
    from llama_cpp import Llama

    from guardian.llm.provision import model_path as default_model

    rng = random.Random(seed)
    values = _values(rng)
    llm = Llama(model_path=str(model_path or default_model()), n_ctx=1024, n_threads=threads, verbose=False, seed=seed)
    kept = tried = 0
    t0 = time.perf_counter()
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a", encoding="utf-8") as f:
        while kept < n:
            tried += 1
            question = rng.choice(questions)
            kind, what, source = rng.choice(DETAILS)
            value = rng.choice(values[source])
            topic = rng.random() < topic_share
            if topic:
                ask = (f'Here is a question someone asked an AI assistant:\n"{question}"\n\nRewrite it so that it also asks '
                       f'about "{value}" in general, as a topic, saying nothing about the writer. It must contain the exact '
                       f'words "{value}". Under {MAX_WORDS} words.')
            else:
                ask = (f'Here is a question someone asked an AI assistant:\n"{question}"\n\nRewrite it as the same person\'s '
                       f'message, in which they also mention {what}: "{value}", {rng.choice(PLACEMENTS)}. Keep the question. '
                       f'It must contain the exact words "{value}". Under {MAX_WORDS} words, in the first person.')
            reply = llm.create_chat_completion(
                messages=[{"role": "system", "content": SYSTEM}, {"role": "user", "content": ask}],
                max_tokens=120, temperature=0.9, top_p=0.95, seed=rng.randrange(2**31),
            )
            text = _clean(reply["choices"][0]["message"]["content"] or "")
            span = _span(text, value) if 0 < len(text.split()) <= MAX_WORDS + 20 else None
            if span is None:
                continue
            row = {"text": text, "value": text[span[0]:span[1]], "kind": kind, "start": span[0], "end": span[1],
                   "label": 0 if topic else 1, "base": question}
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
            f.flush()
            kept += 1
            if log and kept % 20 == 0:
                log(f"  {kept} kept of {tried} tried, {time.perf_counter() - t0:.0f} s")
    return {"kept": kept, "tried": tried, "seconds": round(time.perf_counter() - t0, 1)}
