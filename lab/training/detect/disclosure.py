"""Train the disclosure tagger (guardian/detect/disclosure_tagger.py).

    guardian-lab detect train-disclosure --spc DIR --prompts DIR [--topic-extra F] [--llm F ...] [--out ...]

A second head over the prose tagger's MiniLM states (the same encoder pass, `prose_tagger.py`'s
architecture) that tags the words of a prompt that are a detail of its writer or of a private
person in the writer's life: a condition, a treatment or drug, a belief, a party, a union, an
origin or orientation, a job, an employer or school, a home place, an age, an amount of their own.

Text and labels come from where the text comes from, never from a sentence shape written here
(`subject.build_examples`, the subject judge's examples, grouped by text):

- a candidate span its writer states of themselves (a persona statement of Synthetic-Persona-Chat,
  alone or joined to a public question; a conversation turn whose speaker's persona states the
  value; the embedded LLM's rewrite that adds the writer's own detail) -> its kind's class;
- a candidate in a public question, a topic rewrite, or the addressee's detail asked about with
  "you" -> NONE (every token none, weighted as a labelled token);
- every other token -> none; in conversational text (persona statements, turns, rewrites) with
  the weight UNLABELLED_WEIGHT only, since a detail the candidates missed may stand there.

Split as the judge's, by file and by group, never by sample: train on SPC's validation file, the
dev prompt sets, the extra public questions and the LLM's rewrites, with a hash share of the
groups held out for the epoch and the thresholds; test on SPC's test file and the test prompt
sets. The record has the data, the licences, the split and word and span figures per split.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from guardian.detect.prose_tagger import DIM, FEATURES, HIDDEN, TokenStates
from lab.training.detect.augment import TRANSFORMS, variants
from lab.training.detect.data import IGNORE, NONE
from lab.training.detect.planted import SOURCE as PLANTED
from lab.training.detect.planted import licences_of, planted_items
from lab.training.detect.subject import LICENCE as JUDGE_LICENCE
from lab.training.detect.subject import Example
from lab.training.detect.train import Part, _fit, assemble, choose_thresholds, encode_cached, metrics, word_table

__all__ = ["LABELS", "KIND_LABEL", "texts_of", "train_disclosure"]

Log = Callable[[str], None]

# The judge's sources, and Faker's jobs, companies and towns in the LLM's rewrites (every one permits
# commercial use: LICENSES.md; guardian/weights.py reads this record).
LICENCE = {"data": [*JUDGE_LICENCE["data"], {"source": "Faker locale data (joke2k/faker), values in the LLM's rewrites",
                                             "licence": "MIT"}], "clean": True}

LABELS = ("HEALTH", "GROUP", "JOB", "ORG", "PLACE", "AGE", "MONEY")
# The judge's kinds -> this head's classes; a date or a field of study is left out of the loss
# (the date recogniser and the study gazetteer have their own cues).
KIND_LABEL = {"health": "HEALTH", "group": "GROUP", "job": "JOB", "org": "ORG", "place": "PLACE", "age": "AGE",
              "money": "MONEY"}
LAYERS = 2  # the prose tagger's depth: the head reads the states the tagger computed
CONTEXT = 3  # tokens on each side: "joined RMT last", "canvassing for Likud all" (the prose tagger reads 1)
ENCODER = "int8"
EPOCHS = 12
UNLABELLED_WEIGHT = 0.3  # a token of conversational text no candidate covers: likely none, not surely
VALIDATION_SHARE = 0.15
BETA = 1.0
CONVERSATIONAL = frozenset({"spc", "turn", "llm", PLANTED})
# A span that stands as a finding of its own (no other reader found it) must be surer: per class,
# the lowest of ALONE_GRID at which at most this share of validation's public questions get one.
ALONE_PUBLIC_SHARE = 0.005
# A span that keeps another reader's candidate: per class, the lowest of ALONE_GRID (and at least
# the F-beta threshold) at which at most this share of validation's public candidates (NONE spans:
# values asked about, topic rewrites, the addressee's) is tagged with the class.
CONFIRM_PUBLIC_SHARE = 0.01
# Training texts get this many variants each in the registers people type in (augment.py): lower
# case, a typo, the subject left out, the first sentence moved behind the question.
AUGMENT_PER_ITEM = 1
# An LLM disclosure counts only when the value's sentence speaks in the first person (subject.llm_examples);
# the registers without a pronoun come from `augment.drop_subject` over those clean examples.
FIRST_PERSON_ONLY = True
# A span in a sentence without the writer's pronoun stands alone only surer still: per class, the
# lowest of BARE_GRID at which at most this share of validation's public questions get one.
ALONE_BARE_PUBLIC_SHARE = 0.001
BARE_GRID = (0.9, 0.95, 0.97, 0.98, 0.99, 0.995)
# Variants of each planted text with its value and its base swapped within its group (planted.py).
PLANTED_SWAPS = 2
ALONE_GRID = (0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.97, 0.99)


def texts_of(examples: Sequence[Example]) -> list[tuple[str, str, str, list[tuple[int, int, str]]]]:
    """(source, group, text, spans) per distinct text: own spans by class, public spans NONE,
    own spans of a kind this head does not tag IGNORE. An own span wins over a NONE on the same
    characters (a value both asked about and disclosed is the writer's)."""
    by_text: dict[str, tuple[str, str, dict[tuple[int, int], str]]] = {}
    for ex in examples:
        source, group, spans = by_text.setdefault(ex.text, (ex.source, ex.group, {}))
        label = KIND_LABEL.get(ex.kind, IGNORE) if ex.label == 1 else NONE
        if spans.get((ex.start, ex.end)) not in (None, NONE):
            continue
        spans[(ex.start, ex.end)] = label
    return [(source, group, text, sorted((s, e, c) for (s, e), c in spans.items()))
            for text, (source, group, spans) in by_text.items()]


def _weights(source: str, offsets: np.ndarray, spans: Sequence[tuple[int, int, str]]) -> np.ndarray:
    w = np.full(len(offsets), UNLABELLED_WEIGHT if source in CONVERSATIONAL else 1.0, np.float32)
    for s, e, _ in spans:
        w[(offsets[:, 0] < e) & (offsets[:, 1] > s)] = 1.0
    return w


def assemble_part(items: Sequence[tuple[str, str, str, list[tuple[int, int, str]]]], states: Sequence[TokenStates]) -> Part:
    """Token rows of one split (train.Part), with this head's labels and weights."""
    return assemble([(source, (text, spans)) for source, _, text, spans in items], states, LABELS, _weights)


Table = Sequence[tuple[list[tuple[int, int]], np.ndarray, np.ndarray]]


def _lowest_share(table: Table, part: Part, floor: dict[str, float], grid: Sequence[float],
                  share: float) -> dict[str, float]:
    """Per class, the lowest score of `grid` (and at least the class's `floor`) at which at most
    `share` of the public questions (prompts with nothing tagged) have a span of the class."""
    public = [t for t, source, (_, spans) in zip(table, part.source, part.texts)
              if source == "prompt" and all(c == NONE for _, _, c in spans)]
    out: dict[str, float] = {}
    for i, c in enumerate(LABELS):
        tops = np.array([float(np.max(np.where(np.argmax(wp[:, 1:], axis=1) == i, wp[:, i + 1], 0.0), initial=0.0))
                         for _, wp, _ in public])
        out[c] = next((t for t in grid if t >= floor[c] and (len(tops) == 0 or float(np.mean(tops >= t)) <= share)), 1.01)
    return out


def choose_alone(table: Table, part: Part, thresholds: dict[str, float]) -> dict[str, float]:
    """Per class, the score a span needs to stand alone (ALONE_PUBLIC_SHARE of public questions)."""
    return _lowest_share(table, part, thresholds, ALONE_GRID, ALONE_PUBLIC_SHARE)


def choose_bare(table: Table, part: Part, alone: dict[str, float]) -> dict[str, float]:
    """Per class, the score a span needs to stand alone in a sentence where no one says "I" or
    "my" ("- asked by a tired welder", "(context: NDP volunteer)"): at least `alone`, and at most
    ALONE_BARE_PUBLIC_SHARE of validation's public questions (most of which have no pronoun) get one."""
    return _lowest_share(table, part, alone, BARE_GRID, ALONE_BARE_PUBLIC_SHARE)


def choose_confirm(table: Table, part: Part, thresholds: dict[str, float]) -> dict[str, float]:
    """Per class, the score a span needs to keep a candidate (CONFIRM_PUBLIC_SHARE of public candidates)."""
    tops: list[tuple[int, float]] = []  # per public candidate: its most probable class and that probability
    for (words, wp, _), (_, spans), source in zip(table, part.texts, part.source):
        for s, e, c in spans:
            if c != NONE or source == PLANTED:  # a planted text's NONE span is its whole public base, no candidate
                continue
            inside = [j for j, (a, b) in enumerate(words) if a < e and b > s]
            if inside:
                best = wp[inside, 1:]
                j, k = np.unravel_index(int(np.argmax(best)), best.shape)
                tops.append((int(k), float(best[j, k])))
    out: dict[str, float] = {}
    for i, c in enumerate(LABELS):
        scores = np.array([p for k, p in tops if k == i])
        out[c] = next((t for t in ALONE_GRID if t >= thresholds[c]
                       and (not tops or float(np.sum(scores >= t)) / len(tops) <= CONFIRM_PUBLIC_SHARE)), 1.01)
    return out


def _held_out(group: str, seed: int) -> bool:
    h = hashlib.sha256(f"{seed}:{group}".encode()).digest()
    return int.from_bytes(h[:4], "big") / 2**32 < VALIDATION_SHARE


def _planted_validation(groups: Sequence[str], seed: int) -> frozenset[str]:
    """The planted groups (a set's source) validation holds: a hash order's first VALIDATION_SHARE,
    at least two, so that the thresholds see people's frames whatever the hash gives a dozen groups."""
    ordered = sorted(set(groups), key=lambda g: hashlib.sha256(f"{seed}:{g}".encode()).digest())
    return frozenset(ordered[:max(2, round(VALIDATION_SHARE * len(ordered)))]) if ordered else frozenset()


def _examples(spc: Path, prompts: Path, topic_extra: Sequence[Path], llm: Sequence[Path], seed: int,
              log: Log | None) -> tuple[list[Example], list[Example], list[str], list[str]]:
    """The judge's examples for train and test (`subject.train_subject`'s data, the same split),
    and the public questions of each (every one of them a text with nothing tagged)."""
    from guardian.assemble import build_components
    from guardian.settings import Settings
    from lab.training.detect.subject import _conversation_turns, _persona_lines, _prompts, build_examples, llm_examples

    parts = build_components(Settings(policy_db=None, prose="auto"), warm=False)
    detector = parts.prompt_detector or parts.detector
    train_lines = _persona_lines(spc / "valid.csv")
    test_lines = [line for line in _persona_lines(spc / "test.csv") if line not in set(train_lines)]
    train_prompts = _prompts(prompts / "benign_dev.jsonl") + [q for p in topic_extra for q in _prompts(p)]
    test_prompts = _prompts(prompts / "benign_test.jsonl")
    train = build_examples(train_lines, train_prompts, detector, seed=seed, turns=_conversation_turns(spc / "valid.csv"), log=log)
    test = build_examples(test_lines, test_prompts, detector, seed=seed + 1, turns=_conversation_turns(spc / "test.csv"), log=log)
    for path in llm:
        train += llm_examples(path, first_person_only=FIRST_PERSON_ONLY)
    return train, test, train_prompts, test_prompts


def _with_questions(items: list[tuple[str, str, str, list[tuple[int, int, str]]]],
                    questions: Sequence[str]) -> list[tuple[str, str, str, list[tuple[int, int, str]]]]:
    """`items` plus the public questions no candidate put there: every word of them none."""
    seen = {text for _, _, text, _ in items}
    return items + [("prompt", "prompt:" + q, q, []) for q in dict.fromkeys(questions) if q not in seen]


def train_disclosure(
    spc: Path, prompts: Path, out: Path, *, seed: int = 0, epochs: int = EPOCHS, topic_extra: Sequence[Path] = (),
    llm: Sequence[Path] = (), cache_dir: Path | None = Path(".cache/disclosure_tagger"), log: Log | None = None,
    context: int = CONTEXT, augment: int = AUGMENT_PER_ITEM, planted: Sequence[Path] = (), swaps: int = PLANTED_SWAPS,
) -> dict[str, Any]:
    """Build the data, train the head, choose the epoch and thresholds on validation, save."""
    t0 = time.time()
    train_ex, test_ex, train_q, test_q = _examples(spc, prompts, topic_extra, llm, seed, log)
    items = _with_questions(texts_of(train_ex), train_q) + planted_items(planted, seed=seed, swaps=swaps)
    tests = _with_questions(texts_of(test_ex), test_q)
    planted_val = _planted_validation([g for source, g, _, _ in items if source == PLANTED], seed)
    held = [it[1] in planted_val if it[0] == PLANTED else _held_out(it[1], seed) for it in items]
    val_items = [it for it, h in zip(items, held) if h]
    fit_items = [it for it, h in zip(items, held) if not h]
    fit_items += variants(fit_items, random.Random(seed), per_item=augment)  # validation keeps the texts as they are
    parts: dict[str, Part] = {}
    for name, chosen in (("train", fit_items), ("val", val_items), ("test", tests)):
        states = encode_cached([t for _, _, t, _ in chosen], ENCODER, LAYERS, cache_dir, log)
        parts[name] = assemble_part(chosen, states)
        if log:
            log(f"{name}: {len(chosen)} texts, {len(parts[name].y)} tokens, {int(np.sum(parts[name].y > 0))} own")
    weights, fit = _fit(parts["train"], parts["val"], seed, epochs, log, LABELS, context)
    weights.meta = {"layers": LAYERS, "encoder": ENCODER, "labels": list(LABELS), "context": context}
    val_table = word_table(weights, parts["val"])
    best_f = choose_thresholds(val_table, BETA, LABELS)
    weights.meta["thresholds"] = choose_confirm(val_table, parts["val"], best_f)
    weights.meta["alone"] = choose_alone(val_table, parts["val"], weights.meta["thresholds"])
    weights.meta["alone_bare"] = choose_bare(val_table, parts["val"], weights.meta["alone"])
    weights.check()
    meta: dict[str, Any] = {
        "version": f"disclosure-tagger-minilm-{ENCODER}-L{LAYERS}-seed{seed}",
        "encoder": ENCODER, "layers": LAYERS, "labels": list(LABELS), "context": context,
        "model": f"a second head over the prose tagger's MiniLM states ({ENCODER}, {LAYERS} layers) + {FEATURES} casing "
                 f"features, a window of {2 * context + 1} tokens -> relu({2 * context + 1}x{DIM + FEATURES}->{HIDDEN}) -> "
                 f"softmax over none + {len(LABELS)} classes (guardian/detect/disclosure_tagger.py)",
        "data": {
            "own": "Synthetic-Persona-Chat (CC BY 4.0): persona statements (preferences left out) alone or joined to a "
                   "public question, and conversation turns whose speaker's persona states the candidate; rewrites by "
                   "the embedded LLM that add the writer's own detail (lab/training/detect/disclosures.py)",
            "public": "candidates in public questions (lab/bench/prompts dev sets without the CC BY-NC compilation, "
                      "--topic-extra files), the LLM's topic rewrites, and the addressee's details asked with 'you'",
            "candidates": "the prompt detector's findings of the judged kinds (subject.build_examples)",
            "planted": "planted prompt sets (lab/training/detect/planted.py): people's questions from the corpora "
                       "below with one detail of a writer woven in by frames each set's builder wrote; the detail -> "
                       "its class, the question -> none, values and questions swapped within a set's source",
            "train_files": {"spc": "valid.csv", "prompts": "benign_dev.jsonl",
                            "topic_extra": [p.name for p in topic_extra], "llm": [p.name for p in llm],
                            "planted": [p.name for p in planted]},
            "test_files": {"spc": "test.csv (statements also in train left out)", "prompts": "benign_test.jsonl"},
            "texts": {k: dict(Counter(v.source)) for k, v in parts.items()},
            "examples": {"train": dict(Counter(f"{e.source}:{e.label}" for e in train_ex)),
                         "test": dict(Counter(f"{e.source}:{e.label}" for e in test_ex))},
        },
        "split": f"val = a {VALIDATION_SHARE:.0%} hash share of train's groups (a statement, a turn, a prompt, the "
                 "question an LLM rewrite came from, a planted set's source); val chooses the epoch and the "
                 "thresholds; test = SPC's test file and the test prompt sets; the blind sets are never read",
        "validation_groups": sorted({g for _, g, _, _ in val_items if g.startswith(PLANTED)}),
        "seed": seed,
        "hyper": {"epochs": epochs, "unlabelled_weight": UNLABELLED_WEIGHT, "beta": BETA, "hidden": HIDDEN,
                  "alone_public_share": ALONE_PUBLIC_SHARE, "confirm_public_share": CONFIRM_PUBLIC_SHARE,
                  "context": context, "augment_per_item": augment, "planted_swaps": swaps, "llm_first_person_only": FIRST_PERSON_ONLY, "augment_transforms": sorted(TRANSFORMS)},
        "fit": fit,
        "thresholds": weights.meta["thresholds"],
        "threshold_rule": f"per class, the lowest of {list(ALONE_GRID)}, at least the F{BETA:g} threshold on validation's "
                          f"words ({best_f}), at which at most {CONFIRM_PUBLIC_SHARE:.0%} of validation's public candidates "
                          "are tagged with the class",
        "alone": weights.meta["alone"],
        "alone_bare": weights.meta["alone_bare"],
        "alone_bare_rule": f"per class, the lowest of {list(BARE_GRID)} (and at least the alone score) at which at most "
                           f"{ALONE_BARE_PUBLIC_SHARE:.1%} of validation's public questions have a span of the class: a span "
                           "in a sentence without a first-person word stands alone only at this score",
        "alone_rule": f"per class, the lowest of {list(ALONE_GRID)} (and at least the class threshold) at which at most "
                      f"{ALONE_PUBLIC_SHARE:.1%} of validation's public questions have a span of the class",
        "command": f"guardian-lab detect train-disclosure --spc DIR --prompts DIR --topic-extra F --llm F "
                   f"--planted F --seed {seed} --context {context} --augment {augment} --swaps {swaps}",
        "licence": {"data": [*LICENCE["data"], *licences_of([*planted, *topic_extra])], "clean": True},
    }
    weights.meta = meta
    meta["metrics"] = {k: metrics(weights, v) for k, v in parts.items()}
    meta["train_seconds"] = round(time.time() - t0, 1)
    weights.save(out)
    return meta
