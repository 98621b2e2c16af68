"""Training texts from planted prompt sets: people's questions with one detail of a writer woven in.

A planted set (`lab/bench/prompts`'s format) holds a public prompt (`base_span`) from a question or
chat corpus with a sentence around it that gives one detail of its writer, and the detail's
characters (`planted`: category, start, end). Each set was written by its own process, from its own
sources, with its own frames ("paying my dues to X reminded me ...", "(writing from X, ...)",
"- asked by a tired X"): several sets together show the disclosure tagger many more ways of saying
a detail in passing than one generator's or one model's rewrites do.

Per text the spans are:
- each planted value -> its category's class (`CATEGORY_LABEL`); a category this head does not tag
  (a name, an e-mail, a date of birth: recognisers of their own) -> IGNORE;
- the base prompt -> NONE (every token none, weighted as a labelled token: it is a public question);
- every other token (the frame's words) -> none, with the trainer's unlabelled weight.

Each text also gives `swaps` variants within its own group (its set and source): the value replaced
by another value of the same category (the detail, not the frame, is what the tagger must not learn
by heart) and the base replaced by another base, so one frame is seen around several values and
questions. The group is the split unit: a set's source is never in both train and validation.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from lab.training.detect.augment import Item, Spans
from lab.training.detect.data import IGNORE, NONE

__all__ = ["CATEGORY_LABEL", "FRAMES_LICENCE", "SOURCE", "SOURCE_LICENCES", "licences_of", "planted_items"]

SOURCE = "planted"
# Each base source's licence, as its set's SOURCES.md records it from the repository; a row of a
# source not listed here is not read (what ships is trained only on data whose licence is known).
SOURCE_LICENCES = {
    "hwu64": ("HWU64 (xliuhw/NLU-Evaluation-Data)", "CC BY 4.0"),
    "snips": ("SNIPS (sonos/nlu-benchmark)", "CC0 1.0"),
    "self-instruct": ("self-instruct seed and user-oriented tasks (yizhongw/self-instruct)", "Apache-2.0"),
    "strategyqa": ("StrategyQA (eladsegal/strategyqa)", "MIT"),
    "webquestions": ("WebQuestions (brmson/dataset-factoid-webquestions)", "CC BY 4.0"),
    "wellformed": ("query-wellformedness (google-research-datasets/query-wellformedness)", "CC BY-SA 4.0"),
    "arena_hard_v0.1": ("Arena-Hard v0.1 (lmarena/arena-hard-auto)", "Apache-2.0"),
    "arena_hard_v2.0": ("Arena-Hard v2.0 (lmarena/arena-hard-auto)", "Apache-2.0"),
    "fetaqa_dev": ("FeTaQA (Yale-LILY/FeTaQA)", "CC BY-SA 4.0"),
    "fetaqa_test": ("FeTaQA (Yale-LILY/FeTaQA)", "CC BY-SA 4.0"),
    "nlu_chatbot": ("NLU-Evaluation-Corpora (sebischair)", "CC BY-SA 3.0"),
    "nlu_webapps": ("NLU-Evaluation-Corpora (sebischair)", "CC BY-SA 3.0"),
    "nlu_askubuntu": ("NLU-Evaluation-Corpora (sebischair)", "CC BY-SA 3.0"),
    "gsm8k": ("GSM8K (openai/grade-school-math)", "MIT"),
    "xstest": ("XSTest (paul-rottger/exaggerated-safety)", "CC BY 4.0"),
    "expertqa": ("ExpertQA (chaitanyamalaviya/ExpertQA)", "MIT"),
    "sgd": ("Schema-Guided Dialogue (google-research-datasets/dstc8-schema-guided-dialogue)", "CC BY-SA 4.0"),
    "taskmaster3": ("Taskmaster-3 (google-research-datasets/Taskmaster)", "CC BY 4.0"),
}
FRAMES_LICENCE = ("frames and values of the planted sets, written for the project (Faker's MIT locale data for "
                  "names, towns and companies)", "the project's own (Apache-2.0)")
# The sets' category names (each set names its own) -> the disclosure tagger's classes.
CATEGORY_LABEL = {
    **dict.fromkeys(("health_condition", "medication", "mental_health", "disability", "pregnancy",
                     "pregnancy_fertility"), "HEALTH"),
    **dict.fromkeys(("sexual_orientation", "religion", "political_affiliation", "union_membership", "trade_union",
                     "ethnicity"), "GROUP"),
    "job_title": "JOB",
    **dict.fromkeys(("employer", "school", "school_university"), "ORG"),
    **dict.fromkeys(("home_city", "home_location", "home_address", "street_address"), "PLACE"),
    "age": "AGE",
    **dict.fromkeys(("income", "financial", "financial_amount"), "MONEY"),
}


def _label(category: str) -> str:
    return CATEGORY_LABEL.get(category, IGNORE)


def _row_item(name: str, row: dict[str, object]) -> tuple[str, str, Spans] | None:
    text = row.get("text")
    base = row.get("base_span")
    planted = row.get("planted")
    if not isinstance(text, str) or not isinstance(base, list) or not isinstance(planted, list):
        return None
    if row.get("source") not in SOURCE_LICENCES:
        return None
    spans: Spans = [(int(base[0]), int(base[1]), NONE)]
    for p in planted:
        if not isinstance(p, dict):
            return None
        s, e = int(p["start"]), int(p["end"])
        if text[s:e] != p["value"] or (s < base[1] and base[0] < e):
            return None  # a span that does not hold its value, or one inside the public prompt
        spans.append((s, e, _label(str(p["category"]))))
    return f"{SOURCE}:{name}:{row.get('source', '')}", text, sorted(spans)


def _replace(text: str, spans: Spans, index: int, new: str) -> tuple[str, Spans]:
    """`text` with span `index` replaced by `new`, the other spans moved along."""
    s, e, c = spans[index]
    delta = len(new) - (e - s)
    out = [(a + delta if a >= e else a, b + delta if b >= e else b, k) for a, b, k in spans]
    out[index] = (s, s + len(new), c)
    return text[:s] + new + text[e:], out


def _cased_like(value: str, like: str) -> str:
    """A value written in the register of the one it replaces: all lower case where that was."""
    return value.lower() if like.islower() else value


def planted_items(paths: Sequence[Path], seed: int = 0, swaps: int = 2) -> list[Item]:
    """(source, group, text, spans) per planted prompt of each set file, and `swaps` variants of each
    text with one planted value its own (values and bases swapped within the group)."""
    rng = random.Random(seed)
    items: list[Item] = []
    for path in paths:
        name = path.stem
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        parsed = [(group, text, spans, row) for row in rows
                  for got in [_row_item(name, row)] if got is not None for group, text, spans in [got]]
        values: dict[tuple[str, str], list[str]] = defaultdict(list)
        bases: dict[str, list[str]] = defaultdict(list)
        for group, text, spans, row in parsed:
            s0, e0, _ = next(sp for sp in spans if sp[2] == NONE)
            bases[group].append(text[s0:e0])
            for p in row["planted"]:  # type: ignore[union-attr]
                values[(group, str(p["category"]))].append(str(p["value"]))
        for group, text, spans, row in parsed:
            items.append((SOURCE, group, text, spans))
            own = [i for i, (_, _, c) in enumerate(spans) if c not in (NONE, IGNORE)]
            if len(row["planted"]) != 1 or not own:  # type: ignore[arg-type]
                continue
            category = str(row["planted"][0]["category"])  # type: ignore[index]
            for _ in range(swaps):
                t, sp = text, list(spans)
                i = own[0]
                pool = [v for v in values[(group, category)] if v.casefold() != t[sp[i][0]:sp[i][1]].casefold()]
                if pool:
                    t, sp = _replace(t, sp, i, _cased_like(rng.choice(pool), t[sp[i][0]:sp[i][1]]))
                b = next(j for j, (_, _, c) in enumerate(sp) if c == NONE)
                others = [q for q in bases[group] if q != t[sp[b][0]:sp[b][1]]]
                if others and rng.random() < 0.7:
                    t, sp = _replace(t, sp, b, rng.choice(others))
                if t != text:
                    items.append((SOURCE, group, t, sorted(sp)))
    return items


def licences_of(paths: Sequence[Path]) -> list[dict[str, str]]:
    """The licence record of the sources the set files' rows come from (`SOURCE_LICENCES`), and the frames'."""
    seen: dict[str, str] = {}
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            source = json.loads(line).get("source") if line.strip() else None
            if source in SOURCE_LICENCES:
                name, licence = SOURCE_LICENCES[source]
                seen[name] = licence
    return [{"source": n, "licence": lic} for n, lic in sorted(seen.items())] + [
        {"source": FRAMES_LICENCE[0], "licence": FRAMES_LICENCE[1]}]
