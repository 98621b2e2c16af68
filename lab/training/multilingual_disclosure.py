"""Train the multilingual disclosure head (guardian/detect/recognizers/multilingual_disclosure.py).

    OMP_NUM_THREADS=1 .venv/bin/python -m lab.training.multilingual_disclosure --hold-out a c --out guardian/detect/weights/

Other languages' writers tell an assistant about themselves in their own idioms ("Bin seit März in
Elternzeit", "ca profesoară de fizică", "Ramazan'da oruç tuttuğum için"): the cue grammar of the
multilingual recogniser lists some of these shapes, a model reads the others. This head has the
multilingual tagger's architecture (hashed feature bags, a window of five tokens, one hidden layer;
`lab/training/multilingual_tagger.py`'s `train`) and the disclosure tagger's classes (HEALTH, GROUP,
JOB, ORG, PLACE, AGE, MONEY).

Material (`--material`, one folder per writer, default the three of lab/training/data/
multilingual_disclosure/; each written for the project by its own writer, who had not read the
detector, in each language's own idioms; their SOURCES.md records where the public questions come
from and their licences):

- `frames.jsonl`: {"lang", "category", "frame", "case"?}: a disclosure with `{V}` where the value
  goes and, optionally, `{Q}` where an unrelated public question goes;
- `values.json`: {lang: {category or "category/case": [values]}};
- `near_misses.jsonl`: {"lang", "text"}: the same words about the world or about others;
- `questions.jsonl`: {"lang", "source", "text", "split"}: public questions (train / dev);
- `first_person.jsonl`: {"lang", "text"}: the writer speaking in the first person with no detail
  ("I need to hand this in tomorrow", "I think the second line sounds odd"): the head's commonest
  false alarm was an ordinary word of such a sentence. A fifth of them (by a hash of the text) is
  dev; a folder may hold only these (no frames, no `values.json`);
- `prose.jsonl`: {"lang", "text"}: informational prose with no detail of anyone (a guide that
  addresses its reader, an encyclopedia's sentence, a policy): read as the first-person texts are,
  none throughout, a fifth of it dev. On such prose the head read "community", "documentation" or
  "sensitive" as someone's detail.

Examples: each frame filled `--fills` times with its writer's values and public questions, or
(`FIRST_PERSON_QUESTION` of the time) a first-person text of its language (the value's characters
are its class; everything else is none); near misses, questions and first-person texts are none
throughout. A copy of some examples is lower-cased or stripped of its accents, as people type.

The same trainer makes the English writers' head (`guardian/detect/writers_head.py`) from English
material (`--languages en --name english_disclosure`, lab/training/data/english_disclosure/README.md):
English has no cue grammar here, so a span's writer is the prompt filter's (`subject.writer_speaks`)
and a span in a question no one asks of themselves is none (`subject.asked_of_the_world`); with
`--share-values` a frame takes every writer's values of its category (a spent planted set holds
about ten per category).

Validation is by writer: the folds hold out one writer's frames, values and near misses and that
writer's dev questions; the per-class thresholds are chosen on the held-out writers so that at most
`--benign-rate` of their dev questions, `--near-rate` of their near misses and `--first-rate` of the
dev first-person texts get a span of the class, and the recall of their planted values at those
thresholds is printed. The shipped weights are trained on every
writer; their thresholds are the folds' (the strictest per class).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
import unicodedata
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from guardian.detect.recognizers.multilingual_beliefs import asks_anywhere, world_question
from guardian.detect.recognizers.multilingual_disclosure import function_words_only, stands
from guardian.detect.recognizers.multilingual_tagger import SUPPORTED, MultilingualTagger, _sentence_of, writer_in_sentence, writer_words
from guardian.detect.subject import asked_of_the_world, writer_speaks
from lab.training.multilingual_data import Example
from lab.training.multilingual_tagger import timing, train

__all__ = ["CATEGORY_CLASS", "LABELS", "Material", "load_material", "examples", "main"]

MATERIAL = Path(__file__).resolve().parent / "data" / "multilingual_disclosure"
LABELS: tuple[str, ...] = ("O", "HEALTH", "GROUP", "JOB", "ORG", "PLACE", "AGE", "MONEY")
LABEL_INDEX = {label: (i,) for i, label in enumerate(LABELS)}
# The writers' categories -> the head's classes (as the English disclosure tagger's); a relationship
# status has no class of its own here: it is left out of the loss (neither a detail nor none).
CATEGORY_CLASS: dict[str, str | None] = {
    "health_condition": "HEALTH", "medication": "HEALTH", "mental_health": "HEALTH", "disability": "HEALTH",
    "pregnancy": "HEALTH", "religion": "GROUP", "political_affiliation": "GROUP", "union_membership": "GROUP",
    "ethnicity": "GROUP", "sexual_orientation": "GROUP", "job_title": "JOB", "employer": "ORG", "school": "ORG",
    "home_town": "PLACE", "age": "AGE", "income": "MONEY", "relationship_status": None,
}
THRESHOLD_GRID = tuple(round(0.5 + 0.01 * i, 2) for i in range(50))
# A span with no word of the writer in its sentence stands only at a score at which at most
# BARE_RATE of the held-out public questions (and BARE_NEAR_RATE of the near misses) have such a
# span of its class.
BARE_GRID = (0.995, 0.998, 0.999, 0.9995, 0.9999)
BARE_RATE = 0.002
BARE_NEAR_RATE = 0.01  # and of the near misses, which hold the class's words about the world
FIRST_PERSON_QUESTION = 0.3  # a frame's fills whose unrelated text is the writer's own, with no detail
FIRST_PERSON_DEV = 5  # one first-person text in five (by its text's hash) is dev


@dataclass(frozen=True)
class Material:
    """One writer's material (module docstring)."""

    writer: str
    frames: tuple[dict[str, str], ...]
    values: dict[str, dict[str, list[str]]]
    near_misses: tuple[tuple[str, str], ...]  # (lang, text)
    questions: tuple[tuple[str, str, str], ...]  # (lang, text, split)
    first_person: tuple[tuple[str, str, str], ...] = ()  # (lang, text, split): first-person texts and prose


def _jsonl(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def load_material(folder: Path, languages: frozenset[str] = SUPPORTED) -> Material:
    """A writer's folder, the rows of other languages and frames without `{V}` left out."""
    frames = tuple(r for r in _jsonl(folder / "frames.jsonl")
                   if r.get("lang") in languages and "{V}" in str(r.get("frame", "")) and r.get("category") in CATEGORY_CLASS)
    values_file = folder / "values.json"
    values = json.loads(values_file.read_text(encoding="utf-8")) if values_file.is_file() else {}
    near = tuple((r["lang"], r["text"]) for r in _jsonl(folder / "near_misses.jsonl") if r.get("lang") in languages)
    questions = tuple((r["lang"], r["text"], r.get("split", "train")) for r in _jsonl(folder / "questions.jsonl")
                      if r.get("lang") in languages)
    first = tuple((r["lang"], r["text"], _first_person_split(r["text"]))
                  for name in ("first_person.jsonl", "prose.jsonl") for r in _jsonl(folder / name)
                  if r.get("lang") in languages)
    return Material(folder.name, frames, values, near, questions, first)


def _first_person_split(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "dev" if digest[0] % FIRST_PERSON_DEV == 0 else "train"


def _values_for(material: Material, frame: dict[str, str], pooled: dict[str, dict[str, list[str]]] | None = None) -> list[str]:
    per = (pooled or material.values).get(frame["lang"], {})
    case = frame.get("case")
    if case and per.get(f"{frame['category']}/{case}"):
        return [str(v) for v in per[f"{frame['category']}/{case}"]]
    return [str(v) for v in per.get(frame["category"], ())]


def _plain(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def _fill(frame: str, value: str, question: str, rnd: random.Random) -> tuple[str, int, int]:
    """The frame with its value and question in place; (text, value start, value end)."""
    if "{Q}" not in frame:
        frame = rnd.choice(("{Q} " + frame, frame + " {Q}", frame + "\n{Q}", "{Q}\n\n" + frame))
    at = frame.find("{Q}")
    if at > 0 and frame[:at].rstrip()[-1:] not in ".!?\n" and question[1:2].islower():
        question = question[:1].lower() + question[1:]  # a question after a comma, a colon or "and" goes on the sentence
    head, _, tail = frame.partition("{V}")
    head = head.replace("{Q}", question)
    tail = tail.replace("{Q}", question).replace("{V}", value)  # a second slot repeats the value, unlabelled
    if not head.strip() and rnd.random() < 0.7:
        value = value[:1].upper() + value[1:]  # a value that opens the text is written as a sentence opens
    return head + value + tail, len(head), len(head) + len(value)


def _variant(text: str, spans: tuple[tuple[int, int, str], ...], rnd: random.Random) -> tuple[str, tuple[tuple[int, int, str], ...]]:
    """Typed as people do, some of the time: all lower case, or without accents (length kept)."""
    roll = rnd.random()
    if roll < 0.12:
        low = text.lower()
        if len(low) == len(text):
            return low, spans
    elif roll < 0.18:
        plain = _plain(text)
        if len(plain) == len(text):
            return plain, spans
    return text, spans


def _pooled(materials: Sequence[Material]) -> dict[str, dict[str, list[str]]]:
    """Every writer's values of a language and category together (sorted: the same on every run)."""
    pool: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for m in materials:
        for lang, per in m.values.items():
            for key, values in per.items():
                pool[lang][key].update(str(v) for v in values)
    return {lang: {key: sorted(v) for key, v in per.items()} for lang, per in pool.items()}


def examples(materials: Sequence[Material], fills: int, seed: int, split: str = "train", near_copies: int = 1,
             share_values: bool = False) -> list[Example]:
    """Filled frames, near misses and questions of `materials` (questions of `split` only); with
    `share_values`, a frame takes any writer's values of its category, not only its own writer's."""
    rnd = random.Random(seed)
    pooled = _pooled(materials) if share_values else None
    out: list[Example] = []
    questions: dict[str, list[str]] = defaultdict(list)
    first: dict[str, list[str]] = defaultdict(list)
    for m in materials:
        for lang, text, qsplit in m.questions:
            if qsplit == split:
                questions[lang].append(text)
        for lang, text, fsplit in m.first_person:
            if fsplit == split:
                first[lang].append(text)
    for m in materials:
        for frame in m.frames:
            values = _values_for(m, frame, pooled)
            pool = questions.get(frame["lang"]) or [""]
            own = first.get(frame["lang"])
            cls = CATEGORY_CLASS[frame["category"]]
            if not values:
                continue
            for _ in range(fills):
                unrelated = rnd.choice(own) if own and rnd.random() < FIRST_PERSON_QUESTION else rnd.choice(pool)
                text, a, b = _fill(frame["frame"], rnd.choice(values), unrelated, rnd)
                # a relationship status is no class here: its tokens are left out (IGNORE) of the loss
                label = cls if cls is not None else "IGNORE"
                text, spans = _variant(text.strip() if a > 0 else text, ((a, b, label),), rnd)
                out.append(Example(frame["lang"], text, spans, f"{m.writer}:frame"))
        for lang, text in m.near_misses:
            for _ in range(near_copies):  # few and hard: each is seen as often as a frame's fills are
                t2, _ = _variant(text, (), rnd)
                out.append(Example(lang, t2, (), f"{m.writer}:near"))
    for lang, texts in questions.items():
        out.extend(Example(lang, t, (), "question") for t in texts)
    for lang, texts in first.items():
        for t in texts:
            for _ in range(near_copies):
                t2, _ = _variant(t, (), rnd)
                out.append(Example(lang, t2, (), "first_person"))
    rnd.shuffle(out)
    return out


def _spans(tagger: MultilingualTagger, text: str, lang: str) -> list[tuple[int, int, str, float, bool]]:
    """The head's spans as the recogniser reads them: (start, end, class, score, whether the writer is
    in the span's sentence), spans in a question about the world left out (`world_question`), and
    those with no word of the writer beside them in a sentence that asks (`asks_anywhere`)."""
    if lang not in SUPPORTED:  # English: the prompt filter's rule (`subject.writer_speaks`)
        return [(s.start, s.end, s.label, s.score, writer_speaks(text, s.start, s.end)) for s in tagger.tag(text)
                if not function_words_only(text[s.start:s.end], lang) and not asked_of_the_world(text, s.start, s.end)]
    self_words, topic = writer_words(lang)
    out = []
    for s in tagger.tag(text):
        sentence = _sentence_of(text, s.start, s.end)
        if world_question(sentence, lang) or function_words_only(text[s.start:s.end], lang):
            continue
        writer = writer_in_sentence(text, s.start, s.end, self_words, topic)
        if writer or not asks_anywhere(sentence, lang):  # bare in a question: the recogniser's rule
            out.append((s.start, s.end, s.label, s.score, writer))
    return out


def _stands(score: float, writer: bool, threshold: float, bare: float) -> bool:
    return stands(score, threshold, bare, lambda: writer)


def measure(tagger: MultilingualTagger, held: Sequence[Material], seed: int, benign_rate: float,
            near_rate: float, extra_rate: float, first: Sequence[Material] = (), first_rate: float = 0.01) -> dict[str, Any]:
    """On held-out writers: per class the lowest threshold at which at most `benign_rate` of their dev
    questions and `near_rate` of their near misses get a span of it that stands (the recogniser's
    rule: the writer in its sentence, or `BARE_SCORE`), and per language and class the share of
    planted values a standing span of the class covers at it. Near misses are held to a looser
    budget: many tell of a relative's or a colleague's health or job ("Mi madre toma Sintrom"),
    which the cue grammar protects as well. A third budget, `extra_rate`, bounds the planted texts that
get a span beside their value (a word of the frame or of the question tagged)."""
    planted = [ex for ex in examples(held, 3, seed, split="dev") if ex.spans]
    sets = {"questions": [(lang, t) for m in held for lang, t, s in m.questions if s == "dev"],
            "near": [(lang, t) for m in held for lang, t in m.near_misses],
            "first": [(lang, t) for m in first for lang, t, s in m.first_person if s == "dev"]}
    budget = {"questions": benign_rate, "near": near_rate, "extra": extra_rate, "first": first_rate}
    spans = {k: [_spans(tagger, t, lang) for lang, t in rows] for k, rows in sets.items()}
    # planted texts with their value's span left out: what a threshold tags beside the detail
    sets["extra"] = [(ex.lang, ex.text) for ex in planted]
    spans["extra"] = [[sp for sp in _spans(tagger, ex.text, ex.lang) if not (sp[0] < ex.spans[0][1] and ex.spans[0][0] < sp[1])]
                      for ex in planted]

    def tagged(kind: str, c: str | None, thresholds: dict[str, float], bare: dict[str, float]) -> int:
        return sum(any((c is None or lab == c) and _stands(sc, w, thresholds[lab], bare[lab]) for _, _, lab, sc, w in text_spans)
                   for text_spans in spans[kind])

    def bare_tagged(kind: str, c: str, t: float) -> int:
        return sum(any(lab == c and not w and sc >= t for _, _, lab, sc, w in text_spans) for text_spans in spans[kind])

    bare: dict[str, float] = {}
    for c in LABELS[1:]:  # first how sure a span must be with no word of the writer in its sentence
        bare[c] = next((t for t in BARE_GRID if bare_tagged("questions", c, t) <= BARE_RATE * len(sets["questions"])
                        and bare_tagged("near", c, t) <= BARE_NEAR_RATE * len(sets["near"])), 1.01)
    thresholds: dict[str, float] = {c: 1.01 for c in LABELS[1:]}
    for c in LABELS[1:]:
        thresholds[c] = next((t for t in THRESHOLD_GRID
                              if all(tagged(k, c, {**thresholds, c: t}, bare) <= budget[k] * len(sets[k]) for k in sets)), 1.01)
    hits: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for ex in planted:
        a, b, label = ex.spans[0]
        if label == "IGNORE":
            continue
        got = any(s < b and a < e and lab == label and _stands(sc, w, thresholds[label], bare[label])
                  for s, e, lab, sc, w in _spans(tagger, ex.text, ex.lang))
        hits[ex.lang][label][0] += int(got)
        hits[ex.lang][label][1] += 1
    return {"thresholds": thresholds, "bare": bare,
            "tagged": {k: round(tagged(k, None, thresholds, bare) / max(1, len(sets[k])), 4) for k in sets},
            "benign": {k: len(v) for k, v in sets.items()},
            "recall": {lang: {c: round(h / n, 3) for c, (h, n) in sorted(per.items())} for lang, per in sorted(hits.items())},
            "recall_all": round(sum(h for per in hits.values() for h, _ in per.values())
                                / max(1, sum(n for per in hits.values() for _, n in per.values())), 4)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--material", type=Path, nargs="+", default=sorted(p for p in MATERIAL.iterdir() if p.is_dir()),
                    help="the writers' folders (default: %(default)s)")
    ap.add_argument("--out", type=Path, help="where the weights go (none: the folds only)")
    ap.add_argument("--name", default="multilingual_disclosure", help="the weights' file name, without .npz/.json")
    ap.add_argument("--languages", default=",".join(sorted(SUPPORTED)),
                    help="the languages read, comma-separated (default: the multilingual tagger's; 'en' for English)")
    ap.add_argument("--share-values", action="store_true",
                    help="a frame takes any writer's values of its category (material whose writers wrote few values each)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--fills", type=int, default=12, help="fills per frame")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--buckets", type=int, default=1 << 16)
    ap.add_argument("--dim", type=int, default=32)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--window", type=int, default=2)
    ap.add_argument("--lr", type=float, default=0.002)
    ap.add_argument("--benign-rate", type=float, default=0.01)
    ap.add_argument("--near-rate", type=float, default=0.05, help="the near misses' budget per class")
    # at 1% and 3% the HEALTH and GROUP thresholds fall to where quoted speech and informational
    # prose get spans ("Dennoch", "contexto"); these budgets hold them above it
    ap.add_argument("--extra-rate", type=float, default=0.02, help="planted texts with a span beside the value, per class")
    ap.add_argument("--first-rate", type=float, default=0.005, help="the dev first-person texts' budget per class")
    ap.add_argument("--near-copies", type=int, default=4, help="copies of each near miss in training")
    ap.add_argument("--no-folds", action="store_true")
    ap.add_argument("--hold-out", nargs="*", default=[], help="only these writers' folds (default: every writer's)")
    ap.add_argument("--keep-folds", type=Path, help="a folder for each fold's weights (to read its errors)")
    args = ap.parse_args(argv)
    languages = frozenset(x.strip() for x in args.languages.split(",") if x.strip())
    materials = [load_material(p, languages) for p in args.material]
    hyper = {k: getattr(args, k) for k in ("epochs", "buckets", "dim", "hidden", "window", "lr", "fills", "benign_rate",
                                                 "near_copies", "near_rate", "extra_rate", "first_rate", "share_values")}
    t0 = time.time()

    def fit(train_on: Sequence[Material]) -> tuple[dict[str, np.ndarray], MultilingualTagger]:
        weights = train(examples(train_on, args.fills, args.seed, near_copies=args.near_copies, share_values=args.share_values), buckets=args.buckets, dim=args.dim, hidden=args.hidden,
                        window=args.window, epochs=args.epochs, lr=args.lr, seed=args.seed, labels=LABELS,
                        label_index=LABEL_INDEX | {"IGNORE": tuple(range(len(LABELS)))})
        return weights, MultilingualTagger(weights, {"labels": list(LABELS), "window": args.window, "threshold": 0.5})

    folds: dict[str, Any] = {}
    if not args.no_folds and len(materials) > 1:
        for held in [m for m in materials if (not args.hold_out and m.frames) or m.writer in args.hold_out]:
            rest = [m for m in materials if m is not held]
            print(f"fold: {held.writer} held out")
            fold_weights, fold_tagger = fit(rest)
            if args.keep_folds is not None:
                args.keep_folds.mkdir(parents=True, exist_ok=True)
                np.savez_compressed(args.keep_folds / f"fold-{held.writer}.npz", **fold_weights)
            folds[held.writer] = measure(fold_tagger, [held], args.seed + 7, args.benign_rate, args.near_rate,
                                         args.extra_rate, rest, args.first_rate)
            print(json.dumps(folds[held.writer], ensure_ascii=False))
    if args.out is None:
        return 0
    weights, tagger = fit(materials)
    thresholds = {c: max([f["thresholds"][c] for f in folds.values()] or [0.9]) for c in LABELS[1:]}
    bare = {c: max([f["bare"][c] for f in folds.values()] or [1.01]) for c in LABELS[1:]}
    meta: dict[str, Any] = {
        "version": f"{args.name.replace('_', '-')}-hashed-{args.buckets}x{args.dim}-h{args.hidden}-seed{args.seed}",
        "labels": list(LABELS), "window": args.window, "threshold": 0.5, "thresholds": thresholds, "bare": bare,
        "languages": sorted({f["lang"] for m in materials for f in m.frames}),
        "model": "the multilingual tagger's architecture (hashed feature bags, tokens -2..+2, one hidden layer) over the "
                 "disclosure tagger's classes",
        "data": "frames of self-disclosure written per language by several writers for the project, filled with their "
                "values and public questions or first-person texts; near misses, questions and first-person texts with "
                "no detail as none (lab/training/multilingual_disclosure.py)",
        "split": "by writer: each fold holds one writer out (--hold-out: writers who share their languages with another); "
                 "a fifth of the first-person texts (by hash) is dev; thresholds: the strictest fold's per class",
        "folds": folds, "hyper": hyper, "seed": args.seed,
        "licence": {"data": [{"source": f"{m.writer}: frames, values and near misses written for the project; questions "
                                        "per its SOURCES.md", "licence": "project's own; questions as SOURCES.md records"}
                             for m in materials], "clean": True},
        "command": "OMP_NUM_THREADS=1 .venv/bin/python -m lab.training.multilingual_disclosure "
                   + " ".join(sys.argv[1:] if argv is None else argv),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out / f"{args.name}.npz", **weights)
    texts = [t for m in materials for _, t, _ in m.questions][:400]
    meta["timing"] = timing(tagger, texts)
    meta["train_s"] = round(time.time() - t0)
    (args.out / f"{args.name}.json").write_text(json.dumps(meta, ensure_ascii=False, indent=1) + "\n",
                                                          encoding="utf-8")
    print(f"thresholds {thresholds}; timing {meta['timing']}; total {meta['train_s']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
