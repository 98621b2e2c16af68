"""Build the prompt sets (benign and planted, dev and test) from public human-written prompts.

    /tmp/pvenv/bin/python lab/bench/prompts/build.py --raw /work/prompt-sets/raw --out /work/prompt-sets

`--raw` is the folder of source files that `lab/bench/prompts/README.md` ("Fetch the sources") extracts
from the fetched repositories at fixed commits; each file's sha256 is checked. The sets and their
SOURCES.md / LABELS.md go to `--out`, outside the project, because the prompts are third-party
text under their own licences. Nothing from a source is kept in this repository: `labels.tsv`
beside this file holds only prompt ids and the labeller's reason codes.

Deterministic: the split, the samples, the templates and the Faker values all come from the
seeds below (Faker's output also depends on its version: `FAKER_VERSION`). `--candidates FILE`
writes every prompt that passes the automatic filters, before the hand labels, for labelling.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import html
import io
import json
import pickle
import random
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

HERE = Path(__file__).resolve().parent
LABELS = HERE / "labels.tsv"

SPLIT_SEED = 20251125  # which source of each pair is dev (see SPLIT_GROUPS)
SAMPLE_SEED = 7  # which NQ questions are candidates
PLANT_SEED = 1337  # which benign prompts are planted, with which template and values
FAKER_VERSION = "40.63.0"  # the values depend on it; build.py warns on another version
MAX_CHARS = 600
NQ_SAMPLE = 110  # questions drawn from each NQ, PrivacyQA and StaQC part (before the hand labels)
PLANT_PER_SPLIT = 150


@dataclass(frozen=True)
class Source:
    key: str
    file: str  # in --raw
    sha256: str
    repo: str
    commit: str
    path: str
    licence: str
    what: str
    read: Callable[[Path], Iterator[tuple[str, str]]]  # -> (id, text)


def _jsonl(path: Path) -> Iterator[dict]:
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def _alpaca_eval(dataset: str, prefix: str) -> Callable[[Path], Iterator[tuple[str, str]]]:
    def read(path: Path) -> Iterator[tuple[str, str]]:
        rows = [r for r in json.loads(path.read_text(encoding="utf-8")) if r["dataset"] == dataset]
        for i, r in enumerate(rows):
            yield f"{prefix}:{i:03d}", r["instruction"]
    return read


def _koala(path: Path) -> Iterator[tuple[str, str]]:
    for r in _jsonl(path):
        # as scraped: a leading "2 / 2" (the page's answer counter), <br> for line breaks, HTML entities
        text = re.sub(r"^\d+ / \d+(?=\S)", "", r["prompt"]).replace("<br>", "\n")
        yield r["id"], html.unescape(text)


def _self_instruct(prefix: str) -> Callable[[Path], Iterator[tuple[str, str]]]:
    def read(path: Path) -> Iterator[tuple[str, str]]:
        for r in _jsonl(path):
            instance = (r.get("instances") or [{}])[0]
            text = r["instruction"].strip()
            if (instance.get("input") or "").strip():
                text = f"{text}\n\n{instance['input'].strip()}"
            yield f"{prefix}:{r['id']}", text
    return read


def _awesome(path: Path) -> Iterator[tuple[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        for i, r in enumerate(csv.DictReader(f)):
            yield f"awesome:{i:03d}", r["prompt"]


def _mt_bench(path: Path) -> Iterator[tuple[str, str]]:
    for r in _jsonl(path):
        yield f"mt_bench:{r['question_id']}", r["turns"][0]


def _nq(prefix: str) -> Callable[[Path], Iterator[tuple[str, str]]]:
    def read(path: Path) -> Iterator[tuple[str, str]]:
        rows = [(f"{prefix}:{i:04d}", r["question"]) for i, r in enumerate(_jsonl(path))]
        rows = [r for r in rows if len(r[1].split()) >= 5]  # a real question, not a bare title
        random.Random(f"{SAMPLE_SEED}:{prefix}").shuffle(rows)
        yield from sorted(rows[:NQ_SAMPLE])
    return read


def _sample(prefix: str, rows: list[tuple[str, str]], min_words: int) -> Iterator[tuple[str, str]]:
    """NQ_SAMPLE of the rows with min_words or more, drawn with SAMPLE_SEED (and the prefix)."""
    rows = [r for r in rows if len(r[1].split()) >= min_words]
    random.Random(f"{SAMPLE_SEED}:{prefix}").shuffle(rows)
    yield from sorted(rows[:NQ_SAMPLE])


def _privacyqa(prefix: str) -> Callable[[Path], Iterator[tuple[str, str]]]:
    def read(path: Path) -> Iterator[tuple[str, str]]:
        seen: set[str] = set()
        rows = []
        with path.open(encoding="utf-8", newline="") as f:
            for r in csv.DictReader(f, delimiter="\t"):
                query = " ".join(r["Query"].split())
                if query.lower() in seen:  # the same question about another app
                    continue
                seen.add(query.lower())
                rows.append((f"{prefix}:{r['QueryID'].replace(' ', '')}", query))
        yield from _sample(prefix, rows, 4)
    return read


class _PlainUnpickler(pickle.Unpickler):
    """Only plain containers, numbers and strings: a pickle that names any class or function
    (and so could run code) is refused."""

    def find_class(self, module: str, name: str):  # noqa: ANN201
        raise pickle.UnpicklingError(f"{module}.{name}: only plain data is read")


def _staqc(parity: int, prefix: str) -> Callable[[Path], Iterator[tuple[str, str]]]:
    def read(path: Path) -> Iterator[tuple[str, str]]:
        titles = _PlainUnpickler(io.BytesIO(path.read_bytes()), encoding="utf-8").load()
        rows = [(f"{prefix}:{qid}", " ".join(t.split())) for qid, t in titles.items() if qid % 2 == parity]
        yield from _sample(prefix, rows, 4)
    return read


AE = ("tatsu-lab/alpaca_eval", "cd543a149df89434d8a54582c0151c0b945c3d20", "example/outputs.json")
SI = ("yizhongw/self-instruct", "0b26ccaa415992100fa32df62d41b994cf928e23")
NQ = ("google-research-datasets/natural-questions", "fb26a3073b1fe636c97302890a27b491d6530130")
PQA = ("AbhilashaRavichander/PrivacyQA_EMNLP", "5178ff3eaf61cbdaea03d85ff23b676b3fea451f")
STAQC = ("LittleYUYU/StackOverflow-Question-Code-Dataset", "81b74afb40b2c57b34a92ad94a67ade0c305d101",
         "annotation_tool/data/code_solution_labeled_data/source/sql_how_to_do_it_by_classifier_multiple_qid_to_title.pickle")
STAQC_LICENCE = "CC BY 4.0 (StaQC); the titles are Stack Overflow posts, CC BY-SA 3.0"
AE_LICENCE = "AlpacaEval data licence CC BY-NC 4.0 (the compilation)"

SOURCES: tuple[Source, ...] = (
    Source("hh_helpful_base", "alpaca_eval_outputs.json", "4337273753e16055c9c9a2c3c917a43de8b7a50d538f2c0a6200d21ff711eed5",
           *AE, f"MIT (anthropics/hh-rlhf); via {AE_LICENCE}",
           "Anthropic HH-RLHF helpful-base test, first human turns, as sampled by AlpacaEval (dataset=helpful_base); crowdworkers talking to an assistant",
           _alpaca_eval("helpful_base", "hh_helpful_base")),
    Source("oasst1", "alpaca_eval_outputs.json", "4337273753e16055c9c9a2c3c917a43de8b7a50d538f2c0a6200d21ff711eed5",
           *AE, f"Apache-2.0 (OpenAssistant oasst1); via {AE_LICENCE}",
           "OpenAssistant oasst1 validation, initial user prompts, as sampled by AlpacaEval (dataset=oasst); volunteers writing prompts",
           _alpaca_eval("oasst", "oasst1")),
    Source("koala", "koala_test_set.jsonl", "c8cda5c53810dc30aad34fabbb828fe3eba0957119e00916650c971905d19886",
           "arnav-gudibande/koala-test-set", "2d4396aee3cff495382e9b0ad2521d70b177763b", "koala_test_set.jsonl",
           "Apache-2.0 (repository LICENSE; released for academic use)",
           "Koala test set: user-written language-model prompts collected from public posts",
           _koala),
    Source("awesome_chatgpt_prompts", "awesome_chatgpt_prompts.csv", "a81df9d184acbeaae0056f9f11014ec3d5a6c56f1b0f3599435eaff94bb63074",
           "f/awesome-chatgpt-prompts", "2156d1426df756ef14face6cd1e8593747ab5c0e", "prompts.csv",
           "CC0-1.0",
           "awesome-chatgpt-prompts as of 2023-03-31 (before machine-written submissions became common): role prompts written by contributors",
           _awesome),
    Source("self_instruct_seed", "self_instruct_seed_tasks.jsonl", "7779004fa198fdf27cf70a159363879d8a26c53329e11b436af17b3941875f48",
           SI[0], SI[1], "data/seed_tasks.jsonl", "Apache-2.0",
           "Self-Instruct's 175 human-written seed tasks (instruction + first input)",
           _self_instruct("self_instruct_seed")),
    Source("self_instruct_user", "self_instruct_user_oriented.jsonl", "81d60a117db495cecedecd9193504fd07c5b5a42f6699ef6b0f9da10fc22f42e",
           SI[0], SI[1], "human_eval/user_oriented_instructions.jsonl", "Apache-2.0",
           "Self-Instruct's 252 human-written user-oriented evaluation instructions (instruction + input)",
           _self_instruct("self_instruct_user")),
    Source("mt_bench", "mt_bench_question.jsonl", "119565adbab82227089cefdb44c8d7e2cf04dc0a0ec233634c82e7d4e2a944f7",
           "lm-sys/FastChat", "0e6d3e4beaab66f4d3f93db72541a4abab8af28d", "fastchat/llm_judge/data/mt_bench/question.jsonl",
           "Apache-2.0 (repository LICENSE)",
           "MT-bench's 80 hand-written questions, first turn",
           _mt_bench),
    Source("nq_open_dev", "nq_open_dev.jsonl", "f15567f38099f3615f5b8a685c0aef449c11ad90d3da3735e8d1b98115b40616",
           NQ[0], NQ[1], "nq_open/NQ-open.dev.jsonl", "CC BY-SA 3.0",
           f"Natural Questions (NQ-open original dev): real Google search questions; {NQ_SAMPLE} drawn with seed {SAMPLE_SEED} from those of 5+ words",
           _nq("nq_open_dev")),
    Source("nq_efficientqa_test", "nq_open_efficientqa_test.jsonl", "eef2c7f0197dd26cd837b05acdd19c92fbb716cb9d7d4208cb11e577577f74d0",
           NQ[0], NQ[1], "nq_open/NQ-open.efficientqa.test.1.1.no-annotations.jsonl", "CC BY-SA 3.0",
           f"Natural Questions (EfficientQA test, a different set of questions): real Google search questions; {NQ_SAMPLE} drawn with seed {SAMPLE_SEED} from those of 5+ words",
           _nq("nq_efficientqa_test")),
    Source("privacyqa_train", "privacyqa_train_queries.tsv", "f8a8c9071a92390a17efa5b49d26575395f90e293df640ebba439534747bf2df",
           *PQA, "data/meta-annotations/OPP-115 Annotations/train_opp_annotations.csv", "MIT (repository LICENSE)",
           f"PrivacyQA train queries: crowdworkers' questions about the privacy practices of 27 mobile apps (data, location, "
           f"contacts, sharing); duplicates dropped, {NQ_SAMPLE} drawn with seed {SAMPLE_SEED} from those of 4+ words",
           _privacyqa("privacyqa_train")),
    Source("privacyqa_test", "privacyqa_test_queries.tsv", "4f667d200cd0141c8ac7d265b96eba27b7195d2cb869e4e8b6760b1f5f4b55de",
           *PQA, "data/meta-annotations/OPP-115 Annotations/test_opp_annotations.csv", "MIT (repository LICENSE)",
           f"PrivacyQA test queries: the same kind of questions about 8 other apps; duplicates dropped, {NQ_SAMPLE} drawn "
           f"with seed {SAMPLE_SEED} from those of 4+ words",
           _privacyqa("privacyqa_test")),
    Source("staqc_sql_even", "staqc_sql_qid_to_title.pickle", "692de58da5bda65374b312e4806f233be85060384f4c92b1d99a77013824ab92",
           *STAQC, STAQC_LICENCE,
           f"StaQC: Stack Overflow question titles about SQL (MySQL, Oracle, T-SQL ...), questions with an even id "
           f"(one question, one asker: split by document); {NQ_SAMPLE} drawn with seed {SAMPLE_SEED} from those of 4+ words",
           _staqc(0, "staqc_sql_even")),
    Source("staqc_sql_odd", "staqc_sql_qid_to_title.pickle", "692de58da5bda65374b312e4806f233be85060384f4c92b1d99a77013824ab92",
           *STAQC, STAQC_LICENCE,
           f"StaQC: the same, questions with an odd id; {NQ_SAMPLE} drawn with seed {SAMPLE_SEED} from those of 4+ words",
           _staqc(1, "staqc_sql_odd")),
)

# The split is by source, never by prompt. Sources of one kind are paired; a coin seeded with
# SPLIT_SEED sends one of each pair to dev and the other to test (a single source gets its own
# coin). Fixed before any prompt was labelled or scored.
SPLIT_GROUPS: tuple[tuple[str, ...], ...] = (
    ("hh_helpful_base", "oasst1"),  # people chatting with an assistant
    ("koala", "awesome_chatgpt_prompts"),  # prompts people posted online
    ("self_instruct_seed", "self_instruct_user"),  # researchers' hand-written instructions
    ("nq_open_dev", "nq_efficientqa_test"),  # search questions
    ("mt_bench",),  # researchers' hand-written questions
    # added after the first five groups had their coins (appended, so those coins are unchanged)
    ("privacyqa_train", "privacyqa_test"),  # questions about apps' data practices, by app
    ("staqc_sql_even", "staqc_sql_odd"),  # Stack Overflow titles, by question
)


def split_of_sources(seed: int = SPLIT_SEED) -> dict[str, str]:
    rng = random.Random(seed)
    out: dict[str, str] = {}
    for group in SPLIT_GROUPS:
        if len(group) == 1:
            out[group[0]] = "dev" if rng.random() < 0.5 else "test"
            continue
        first, second = rng.sample(group, 2)
        out[first], out[second] = "dev", "test"
    return out


# -- automatic filters ------------------------------------------------------------------------

_ENGLISH = frozenset(
    "the a an and or of to in is are was were be been for with by from at as you your i my me we our "
    "what who when where why which how can could would should will do does did this that these those "
    "it its on not no if then there their they he she his her have has had make write give tell".split()
)


def automatic_reject(text: str) -> str | None:
    """Why a prompt is out before anyone reads it, or None."""
    if len(text) > MAX_CHARS:
        return "too_long"
    if len(text.strip()) < 10:
        return "too_short"
    letters = [c for c in text if c.isalpha()]
    if letters and sum(not c.isascii() for c in letters) / len(letters) > 0.1:
        return "non_english"
    words = re.findall(r"[a-z']+", text.lower())
    if len(words) >= 10 and not _ENGLISH.intersection(words):
        return "non_english"
    return None


def read_labels(path: Path = LABELS) -> dict[str, tuple[str, str]]:
    """id -> (decision, reason) from labels.tsv (`#` comments; tab-separated id, decision, reason)."""
    out: dict[str, tuple[str, str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        pid, decision, reason = (line.split("\t") + ["", ""])[:3]
        if decision not in {"drop", "keep"}:
            raise SystemExit(f"labels.tsv: bad decision {decision!r} for {pid}")
        out[pid] = (decision, reason)
    return out


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def load_candidates(raw: Path) -> tuple[list[dict], Counter]:
    """Every prompt of every source with its automatic verdict."""
    rows: list[dict] = []
    split = split_of_sources()
    taken: Counter = Counter()
    for src in SOURCES:
        path = raw / src.file
        if not path.exists():
            raise SystemExit(f"missing {path}: see lab/bench/prompts/README.md, 'Fetch the sources'")
        if sha256(path) != src.sha256:
            raise SystemExit(f"{path}: sha256 differs from the pinned one (another commit?)")
        for pid, text in src.read(path):
            text = text.replace("\r\n", "\n").strip()
            rows.append({"id": pid, "source": src.key, "split": split[src.key], "text": text,
                         "auto": automatic_reject(text)})
            taken[src.key] += 1
    return rows, taken


# -- the planted set ---------------------------------------------------------------------------

CATEGORIES = (
    "full_name", "first_name", "email", "phone", "street_address", "city", "employer", "job_title",
    "relative_name", "date_of_birth", "health_condition", "card_number", "iban", "ssn", "username",
)

# First-person fragments. {slot} is a planted value; {a_job_title} is "a"/"an" + a job title
# (only the title is the planted span). Intro fragments go before the prompt, outro ones after it.
INTRO: tuple[str, ...] = (
    "Hi, I'm {full_name}.",
    "Hello! My name is {full_name}.",
    "{full_name} here.",
    "Hey, this is {first_name}.",
    "I'm {first_name}, nice to meet you.",
    "Hi, I'm {first_name} from {city}.",
    "Hi, I'm {full_name} and I live in {city}.",
    "My name is {full_name}, I'm {a_job_title} at {employer}.",
    "I live at {street_address}.",
    "I live in {city}.",
    "I'm based in {city}.",
    "I just moved to {street_address} in {city}.",
    "I work as {a_job_title}.",
    "I'm {a_job_title} at {employer}.",
    "I work at {employer}.",
    "My employer is {employer}, if that matters.",
    "I was born on {date_of_birth}.",
    "For the record, my date of birth is {date_of_birth}.",
    "I have {health_condition}.",
    "I was diagnosed with {health_condition} last year.",
    "Quick note: I have {health_condition}, so keep that in mind.",
    "My daughter {relative_name} asked me this.",
    "My son {relative_name} wants to know.",
    "My wife {relative_name} and I were discussing this.",
    "My husband {relative_name} and I were arguing about this.",
    "My phone number is {phone} in case you need it.",
    "My email is {email}.",
    "My username here is {username}.",
    "I'm filling in a form and my SSN is {ssn}.",
    "I paid with my card {card_number} yesterday.",
    "My bank account is {iban}.",
    "I'm {full_name} ({email}).",
    "This is {first_name}, {a_job_title} in {city}.",
)
OUTRO: tuple[str, ...] = (
    "Please send the answer to {email}.",
    "You can reach me at {phone}.",
    "Text me at {phone} or email {email}.",
    "Thanks! - {full_name}",
    "Thanks,\n{first_name}",
    "Best regards,\n{full_name}\n{job_title}, {employer}",
    "Cheers, {first_name} ({username})",
    "(I'm {username} on Reddit.)",
    "Asking for my son {relative_name}, who is curious.",
    "My daughter {relative_name} will read your answer too.",
    "I have {health_condition}, if that changes anything.",
    "I'm writing from {street_address}, by the way.",
    "For context, I was born on {date_of_birth} and work at {employer}.",
    "If it helps, my card number is {card_number}.",
    "My SSN is {ssn}, in case you need it for anything.",
    "Refunds go to my account {iban}, please.",
    "Sent from my desk at {employer}.",
)

HEALTH = (
    "asthma", "type 2 diabetes", "type 1 diabetes", "epilepsy", "Crohn's disease", "chronic migraines",
    "celiac disease", "ADHD", "depression", "an anxiety disorder", "rheumatoid arthritis",
    "multiple sclerosis", "high blood pressure", "IBS", "psoriasis", "HIV", "bipolar disorder",
    "hypothyroidism", "sleep apnea", "a severe peanut allergy", "PCOS", "endometriosis", "long COVID",
    "fibromyalgia", "lupus", "early-stage Parkinson's", "hepatitis C", "an eating disorder",
)
REAL_CITIES = (
    "Leeds", "Bristol", "Glasgow", "Cork", "Lyon", "Toulouse", "Munich", "Hamburg", "Rotterdam",
    "Utrecht", "Porto", "Valencia", "Bologna", "Krakow", "Gothenburg", "Aarhus", "Tampere", "Graz",
    "Austin", "Denver", "Portland", "Sacramento", "Pittsburgh", "Cincinnati", "Tucson", "Omaha",
    "Raleigh", "Calgary", "Winnipeg", "Halifax", "Brisbane", "Adelaide", "Wellington", "Pune",
    "Coimbatore", "Cebu", "Durban", "Nairobi", "Guadalajara", "Curitiba",
)
LOCALES = ("en_US",) * 5 + ("en_GB",) * 2 + ("de_DE", "fr_FR", "es_ES", "it_IT", "en_IN", "nl_NL")
_SLOT = re.compile(r"\{(a_job_title|[a-z_]+)\}")


class Values:
    """Faker values per category, seeded; one locale per planted prompt."""

    def __init__(self, seed: int) -> None:
        import faker

        if faker.VERSION != FAKER_VERSION:
            print(f"warning: Faker {faker.VERSION}, the sets were built with {FAKER_VERSION}: other values", file=sys.stderr)
        self.rng = random.Random(seed)
        self.fakes = {}
        for i, loc in enumerate(sorted(set(LOCALES))):
            self.fakes[loc] = faker.Faker(loc)
            self.fakes[loc].seed_instance(seed + i)
        self.en = self.fakes["en_US"]

    def value(self, category: str, loc: str, context: str = "") -> str:
        f, rng, en = self.fakes[loc], self.rng, self.en
        if category == "relative_name" and re.search(r"\b(daughter|wife)\b", context):
            return f.first_name_female()
        if category == "relative_name" and re.search(r"\b(son|husband)\b", context):
            return f.first_name_male()
        if category == "full_name":
            return f"{f.first_name()} {f.last_name()}"
        if category in {"first_name", "relative_name"}:
            return f.first_name()
        if category == "email":
            return f.free_email() if rng.random() < 0.6 else en.company_email()
        if category == "phone":
            while "x" in (phone := f.phone_number()):
                pass
            return phone
        if category == "street_address":
            return f.street_address().replace("\n", ", ")
        if category == "city":
            return rng.choice(REAL_CITIES) if rng.random() < 0.5 else f.city()
        if category == "employer":
            return f.company()
        if category == "job_title":
            while True:
                job = en.job()
                if "," not in job and "(" not in job and "/" not in job and len(job.split()) <= 4:
                    return job if job[:2].isupper() else job[0].lower() + job[1:]
        if category == "date_of_birth":
            d = en.date_of_birth(minimum_age=18, maximum_age=80)
            fmt = rng.choice(("%B %-d, %Y", "%-d %B %Y", "%m/%d/%Y", "%d.%m.%Y", "%Y-%m-%d"))
            return d.strftime(fmt)
        if category == "health_condition":
            return rng.choice(HEALTH)
        if category == "card_number":
            number = en.credit_card_number()
            if rng.random() < 0.5:
                number = " ".join(number[i:i + 4] for i in range(0, len(number), 4))
            return number
        if category == "iban":
            iban = self.fakes[rng.choice(("en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL"))].iban()
            return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4)) if rng.random() < 0.5 else iban
        if category == "ssn":
            return en.ssn()
        if category == "username":
            return f.user_name()
        raise ValueError(category)


def _slots(fragment: str) -> list[str]:
    return ["job_title" if s == "a_job_title" else s for s in _SLOT.findall(fragment)]


def _fill(fragment: str, values: dict[str, str], offset: int) -> tuple[str, list[dict]]:
    """The fragment with its values, and the planted spans (absolute, from `offset`)."""
    out, spans, pos = [], [], 0
    for m in _SLOT.finditer(fragment):
        out.append(fragment[pos:m.start()])
        slot = m.group(1)
        if slot == "a_job_title":
            value = values["job_title"]
            out.append("an " if value[0].lower() in "aeiou" else "a ")
            slot = "job_title"
        else:
            value = values[slot]
        start = offset + sum(map(len, out))
        out.append(value)
        spans.append({"category": slot, "value": value, "start": start, "end": start + len(value)})
        pos = m.end()
    out.append(fragment[pos:])
    return "".join(out), spans


def _choose_categories(k: int, used_so_far: Counter, rng: random.Random) -> list[str]:
    """k categories, drawn among the least planted so far (so every category gets its share)."""
    order = sorted(CATEGORIES, key=lambda c: (used_so_far[c], rng.random()))
    while True:
        chosen = rng.sample(order[: max(k, 6)], k)
        if not {"full_name", "first_name"} <= set(chosen):  # one writer, one name
            return chosen


def _fragments_for(categories: list[str], rng: random.Random) -> tuple[list[str], list[str]] | None:
    """Intro and outro fragments whose slots are exactly `categories`, each once."""
    left = set(categories)
    intro: list[str] = []
    outro: list[str] = []
    for cat in rng.sample(categories, len(categories)):
        if cat not in left:
            continue
        fitting = [f for f in INTRO + OUTRO if cat in _slots(f) and set(_slots(f)) <= left
                   and len(set(_slots(f))) == len(_slots(f))]
        if not fitting:
            return None
        frag = rng.choice(fitting)
        (intro if frag in INTRO else outro).append(frag)
        left -= set(_slots(frag))
    return intro, outro


def plant(base: dict, values: Values, rng: random.Random, used_so_far: Counter) -> dict:
    """One planted prompt from a benign one: 1-3 of the writer's details in first-person
    fragments before and/or after the untouched prompt."""
    text = base["text"]
    for _ in range(100):
        k = rng.choices((1, 2, 3), weights=(3, 4, 3))[0]
        chosen = _choose_categories(k, used_so_far, rng)
        frags = _fragments_for(chosen, rng)
        if frags is None:
            continue
        intro, outro = frags
        used = set(chosen)
        loc = rng.choice(LOCALES)
        context = " ".join(intro + outro)  # "my wife {relative_name}": a woman's name
        vals = {c: values.value(c, loc, context) for c in sorted(used)}
        # each value must occur exactly once in the whole prompt, and no value inside another
        if any(v.lower() in text.lower() for v in vals.values()):
            continue
        if any(a != b and a.lower() in b.lower() for a in vals.values() for b in vals.values()):
            continue
        pieces: list[str] = []
        spans: list[dict] = []
        cursor = 0
        if intro:
            for i, frag in enumerate(intro):
                if i:
                    pieces.append(" ")
                    cursor += 1
                filled, sp = _fill(frag, vals, cursor)
                pieces.append(filled)
                spans += sp
                cursor += len(filled)
            sep = rng.choice((" ", "\n\n", "\n"))
            pieces.append(sep)
            cursor += len(sep)
        base_start = cursor
        pieces.append(text)
        cursor += len(text)
        base_end = cursor
        if outro:
            sep = rng.choice(("\n\n", " ", "\n"))
            pieces.append(sep)
            cursor += len(sep)
            for i, frag in enumerate(outro):
                if i:
                    pieces.append(" ")
                    cursor += 1
                filled, sp = _fill(frag, vals, cursor)
                pieces.append(filled)
                spans += sp
                cursor += len(filled)
        planted = "".join(pieces)
        if any(planted.lower().count(s["value"].lower()) != 1 for s in spans):
            continue
        assert all(planted[s["start"]:s["end"]] == s["value"] for s in spans)
        used_so_far.update(used)
        return {
            "id": f"planted:{base['id']}",
            "base_id": base["id"],
            "source": base["source"],
            "split": base["split"],
            "text": planted,
            "base_span": [base_start, base_end],
            "planted": sorted(spans, key=lambda s: s["start"]),
        }
    raise RuntimeError(f"could not plant into {base['id']}")


# -- the build ---------------------------------------------------------------------------------


def build(raw: Path, out: Path, labels_path: Path = LABELS) -> dict:
    rows, taken = load_candidates(raw)
    labels = read_labels(labels_path)
    unknown = set(labels) - {r["id"] for r in rows if r["auto"] is None}
    if unknown:
        raise SystemExit(f"labels.tsv names prompts that are not candidates: {sorted(unknown)[:5]}")
    benign = {"dev": [], "test": []}
    for r in rows:
        if r["auto"] is None and labels.get(r["id"], ("keep", ""))[0] == "keep":
            benign[r["split"]].append({"id": r["id"], "source": r["source"], "split": r["split"], "text": r["text"]})
    values = Values(PLANT_SEED)
    planted: dict[str, list[dict]] = {}
    for split in ("dev", "test"):
        rng = random.Random(f"{PLANT_SEED}:{split}")
        bases = rng.sample(sorted(benign[split], key=lambda r: r["id"]), PLANT_PER_SPLIT)
        counts: Counter = Counter()
        planted[split] = [plant(b, values, rng, counts) for b in sorted(bases, key=lambda r: r["id"])]
    out.mkdir(parents=True, exist_ok=True)
    for split in ("dev", "test"):
        _write_jsonl(out / f"benign_{split}.jsonl", benign[split])
        _write_jsonl(out / f"planted_{split}.jsonl", planted[split])
    stats = _stats(rows, taken, labels, benign, planted)
    (out / "SOURCES.md").write_text(_sources_md(stats), encoding="utf-8")
    (out / "LABELS.md").write_text(_labels_md(stats, labels), encoding="utf-8")
    return stats


def _write_jsonl(path: Path, rows: list[dict]) -> None:
    with path.open("w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def _stats(rows, taken, labels, benign, planted) -> dict:
    per: dict[str, dict] = {}
    split = split_of_sources()
    for src in SOURCES:
        mine = [r for r in rows if r["source"] == src.key]
        auto = Counter(r["auto"] for r in mine if r["auto"])
        dropped = Counter(labels[r["id"]][1] for r in mine if r["id"] in labels and labels[r["id"]][0] == "drop")
        per[src.key] = {
            "split": split[src.key],
            "read": taken[src.key],
            "auto_rejected": dict(auto),
            "hand_dropped": dict(dropped),
            "benign": sum(r["source"] == src.key for s in benign.values() for r in s),
            "planted": sum(r["source"] == src.key for s in planted.values() for r in s),
        }
    cats = {s: Counter(p["category"] for r in planted[s] for p in r["planted"]) for s in planted}
    return {"sources": per, "planted_categories": {s: dict(c) for s, c in cats.items()},
            "sizes": {f"benign_{s}": len(benign[s]) for s in benign} | {f"planted_{s}": len(planted[s]) for s in planted}}


def _sources_md(stats: dict) -> str:
    lines = [
        "# Sources of the prompt sets",
        "",
        "Built by `lab/bench/prompts/build.py` in the GuardianAgent repository (see its README for the",
        "fetch steps). Every prompt is human-written; the files here keep each source's licence.",
        "",
        "| source | split | repository @ commit : path | licence | read | auto-rejected | hand-dropped | benign | planted |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for src in SOURCES:
        s = stats["sources"][src.key]
        auto = ", ".join(f"{k} {v}" for k, v in sorted(s["auto_rejected"].items())) or "0"
        lines.append(
            f"| {src.key} | {s['split']} | https://github.com/{src.repo} @ {src.commit[:12]} : {src.path} | {src.licence} "
            f"| {s['read']} | {auto} | {sum(s['hand_dropped'].values())} | {s['benign']} | {s['planted']} |"
        )
    lines += ["", "What each source is:", ""]
    lines += [f"- **{src.key}**: {src.what}. sha256 of the extracted file `{src.file}`: `{src.sha256}`." for src in SOURCES]
    lines += [
        "",
        "Not used: databricks-dolly-15k (kept for acceptance), Stanford Alpaca and AlpacaEval's `vicuna`",
        "subset (machine-generated or possibly so), HH-RLHF's harmless/red-team data (mostly harmful; the",
        "helpful-base files in anthropics/hh-rlhf are Git LFS pointers, hence AlpacaEval's sample).",
        "",
        "## Split",
        "",
        f"By source, never by prompt. Sources of one kind are paired and a coin seeded with {SPLIT_SEED}",
        "(`random.Random(seed).sample(pair, 2)`: first to dev, second to test; a single source gets",
        "`random() < 0.5` -> dev) decides which of each pair is dev. Pairs: "
        + "; ".join(" / ".join(g) for g in SPLIT_GROUPS) + ".",
        "The first five groups and the seed were fixed before any prompt was labelled or scored; the",
        "PrivacyQA and StaQC groups were appended later (so the earlier coins are unchanged), before any",
        "of their prompts was scored. PrivacyQA is split by app (its own train/test files), StaQC by",
        "question id parity (each question is one asker's document).",
        "",
        "| set | prompts |",
        "|---|---|",
    ]
    lines += [f"| {k} | {v} |" for k, v in stats["sizes"].items()]
    lines += ["", "Planted values per category:", "", "| category | dev | test |", "|---|---|---|"]
    for c in CATEGORIES:
        lines.append(f"| {c} | {stats['planted_categories']['dev'].get(c, 0)} | {stats['planted_categories']['test'].get(c, 0)} |")
    return "\n".join(lines) + "\n"


def _labels_md(stats: dict, labels: dict) -> str:
    rule = (HERE / "README.md").read_text(encoding="utf-8")
    start = rule.find("## Labelling rule")
    end = rule.find("\n## ", start + 1)
    lines = [
        "# Labels",
        "",
        "Benign set: every candidate that passed the automatic filters (length <= "
        f"{MAX_CHARS} characters, English) was read by hand; those that break the rule below were dropped.",
        "The planted set plants values into benign prompts of the same split (the same prompts as the",
        "benign set: each planted prompt's `base_id` is a benign prompt of its split).",
        "",
        rule[start:end].strip() if start >= 0 else "",
        "",
        "## Dropped prompts",
        "",
        "| id | reason |",
        "|---|---|",
    ]
    lines += [f"| {pid} | {reason} |" for pid, (decision, reason) in sorted(labels.items()) if decision == "drop"]
    lines += ["", "Dropped per reason:", ""]
    lines += [f"- {k}: {v}" for k, v in Counter(r for d, r in labels.values() if d == "drop").most_common()]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--raw", type=Path, default=Path("/work/prompt-sets/raw"), help="the extracted source files")
    ap.add_argument("--out", type=Path, default=Path("/work/prompt-sets"))
    ap.add_argument("--candidates", type=Path, help="only write the candidates (for labelling) to this JSONL")
    args = ap.parse_args(argv)
    if args.candidates:
        rows, _ = load_candidates(args.raw)
        _write_jsonl(args.candidates, [r for r in rows if r["auto"] is None])
        return 0
    stats = build(args.raw, args.out)
    print(json.dumps(stats["sizes"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
