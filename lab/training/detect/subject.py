"""Training data and training of the subject judge (`guardian/detect/whose.py`).

    guardian-lab detect train-subject --spc DIR --prompts DIR [--out guardian/detect/weights/subject.npz]

Examples are candidate spans (the prompt detector's findings of the kinds `subject.py` asks a cue
for: place, organisation, date, group, job, health, age, amount, field of study) in text whose
phrasing no one here wrote, labelled by where the text comes from:

- **the writer's own (1):** persona statements of Synthetic-Persona-Chat (Google Research,
  CC BY 4.0; people's first-person statements about themselves, "I had to have a transplant.",
  "I work as a nurse in a children's hospital."), alone or joined to a public question before or
  after it, as a prompt carries a detail beside what it asks. A statement of a taste for a public
  thing ("I love Taylor Swift", "my favourite band is ...") is left out: a preference for what
  everyone knows names no one;
- **the speaker's own (1), in conversation:** the turns of Synthetic-Persona-Chat's conversations
  (written by a language model for its authors, CC BY 4.0), where a candidate the speaker's own
  persona states is a detail the speaker discloses, in many more phrasings than the statements;
  one the other speaker's persona states, asked about with "you", is the addressee's (0: to an
  assistant, no one's data);
- **the topic (0):** candidates in public questions and requests people wrote to assistants and
  search engines (the prompt sets of `lab/bench/prompts`, README "Sources, split": Koala, Self-Instruct,
  MT-bench, Natural Questions, PrivacyQA, StaQC, awesome-chatgpt-prompts; all Apache-2.0, MIT,
  CC0, CC BY or CC BY-SA), questions of a file given with `--topic-extra` (the first letter
  capitalised and a question mark added where the file has none: Natural Questions' EfficientQA
  dev questions, CC BY-SA 3.0, a file no prompt set reads), and in the question part of a
  joined text.

The split is by source file and prompt set, never by sample: train on SPC's validation file and
the dev prompt sets, evaluate on SPC's test file (statements also in training left out) and the
test prompt sets. AlpacaEval's HH-RLHF and OASST1 samples (a CC BY-NC compilation), the blind
sets and the planted sets are never read.
"""

from __future__ import annotations

import csv
import hashlib
import json
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

# Every source permits commercial use (LICENSES.md; guardian/weights.py reads this record).
LICENCE = {
    "data": [
        {
            "source": "Synthetic-Persona-Chat (google-research-datasets/Synthetic-Persona-Chat)",
            "licence": "CC BY 4.0"
        },
        {
            "source": "public prompts of lab/bench/prompts: Koala, Self-Instruct, MT-bench",
            "licence": "Apache-2.0"
        },
        {
            "source": "Natural Questions (incl. EfficientQA dev)",
            "licence": "CC BY-SA 3.0"
        },
        {
            "source": "PrivacyQA",
            "licence": "MIT"
        },
        {
            "source": "StaQC titles",
            "licence": "CC BY 4.0 / CC BY-SA"
        },
        {
            "source": "awesome-chatgpt-prompts",
            "licence": "CC0"
        },
        {
            "source": "Schema-Guided Dialogue train user turns (google-research-datasets/dstc8-schema-guided-dialogue)",
            "licence": "CC BY-SA 4.0"
        },
        {
            "source": "rewrites by the embedded LLM (Qwen2.5-Coder-1.5B-Instruct)",
            "licence": "Apache-2.0 (model); the project's own (output)"
        }
    ],
    "clean": True
}

__all__ = ["Example", "build_examples", "train_subject", "PREFERENCE", "EXCLUDED_SOURCES"]

# Persona statements of a taste for public things: no detail of the writer (the labelling rule).
PREFERENCE = re.compile(r"\b(?:love|loves|like|likes|enjoy|enjoys|favou?rite|fan|prefer|adore|listen|watch|read)\b", re.I)
FIRST_PERSON = re.compile(r"^(?:I\b|I['’]|My\b|Me\b|We\b|Our\b)", re.I)
# Prompt sources whose compilation is not licensed for this use (AlpacaEval's: CC BY-NC 4.0).
EXCLUDED_SOURCES = frozenset({"hh_helpful_base", "oasst1"})
HIDDEN = 64
EPOCHS = 40
VALIDATION_SHARE = 0.15
MAX_PUBLIC_SHARE = 0.02  # the threshold: at most this share of public candidates taken, on validation
MAX_THRESHOLD = 0.99  # the head's probabilities crowd near 0 and 1: above this, recall falls much faster than the topic taken (the record's curve)
CURVE = (0.5, 0.9, 0.99, 0.995, 0.998, 0.999)


@dataclass(frozen=True)
class Example:
    text: str
    start: int
    end: int
    kind: str
    label: int  # 1: the writer's own, 0: the topic
    source: str  # spc | prompts
    group: str  # what the split keeps together (a persona statement, a prompt)


_TURN = re.compile(r"^User ([12]):\s{0,8}(.{1,4000})$")


def _conversation_turns(path: Path) -> list[tuple[str, str, str]]:
    """(utterance, its speaker's persona, the other speaker's persona) for every turn of every
    conversation: a speaker who says a value their own persona states discloses it."""
    out: list[tuple[str, str, str]] = []
    with path.open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            personas = {"1": (row.get("user 1 personas") or "").lower(), "2": (row.get("user 2 personas") or "").lower()}
            for line in (row.get("Best Generated Conversation") or "").splitlines():
                m = _TURN.match(line.strip())
                if m is None:
                    continue
                me, other = m.group(1), "2" if m.group(1) == "1" else "1"
                out.append((" ".join(m.group(2).split()), personas[me], personas[other]))
    return out


def _persona_lines(path: Path) -> list[str]:
    out: list[str] = []
    with path.open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            for key in ("user 1 personas", "user 2 personas"):
                for line in (row.get(key) or "").splitlines():
                    line = " ".join(line.split())
                    if line and FIRST_PERSON.match(line) and not PREFERENCE.search(line):
                        out.append(line)
    return sorted(set(out))


def _prompts(path: Path) -> list[str]:
    out: list[str] = []
    with path.open(encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if row.get("source") not in EXCLUDED_SOURCES:
                out.append(row["text"])
    return out


def _candidates(detector: Any, texts: Sequence[str], log: Callable[[str], None] | None) -> list[list[tuple[int, int, str]]]:
    """The prompt detector's candidate spans of the judged kinds, per text."""
    from guardian.detect.subject import cue_kind
    from guardian.records import Field, Payload

    out: list[list[tuple[int, int, str]]] = []
    t0 = time.perf_counter()
    for i, text in enumerate(texts):
        findings = detector.detect(Payload(fields=(Field("text:", "", text),)))
        spans = sorted({(f.start, f.end, k) for f in findings if (k := cue_kind(f)) is not None})
        out.append(spans)
        if log and (i + 1) % 2000 == 0:
            log(f"  candidates: {i + 1}/{len(texts)} texts, {time.perf_counter() - t0:.0f} s")
    return out


def build_examples(
    persona_lines: Sequence[str], prompts: Sequence[str], detector: Any, *, seed: int,
    turns: Sequence[tuple[str, str, str]] = (), log: Callable[[str], None] | None = None,
) -> list[Example]:
    """Examples from persona statements (alone, or joined to a prompt before or after), prompts,
    and conversation turns: in a turn, a candidate its speaker's persona states is the speaker's
    own; one the other speaker's persona states, asked about with "you", is the addressee's (to
    an assistant, no one's data); any other candidate of a turn is left out (unlabelled)."""
    rng = random.Random(seed)
    texts: list[tuple[str, tuple[int, int], str]] = []  # text, the statement's range (or (0, 0)), group
    turn_found = _candidates(detector, [t for t, _, _ in turns], log) if turns else []
    examples: list[Example] = []
    for (text, mine, theirs), found in zip(turns, turn_found):
        addressed = re.search(r"\byou(?:r|rs|rself)?\b", text, re.I) is not None
        for s, e, kind in found:
            value = text[s:e].lower()
            if len(value) < 3:
                continue
            if value in mine and value not in theirs:
                label = 1
            elif value in theirs and value not in mine and addressed:
                label = 0
            else:
                continue
            examples.append(Example(text, s, e, kind, label, "turn", "turn:" + text))
    for line in persona_lines:
        q = rng.choice(prompts) if prompts else ""
        how = rng.randrange(3) if q else 0
        if how == 0:
            texts.append((line, (0, len(line)), "spc:" + line))
        elif how == 1:
            joined = f"{line} {q}"
            texts.append((joined, (0, len(line)), "spc:" + line))
        else:
            joined = f"{q} {line}"
            texts.append((joined, (len(q) + 1, len(joined)), "spc:" + line))
    for q in prompts:
        texts.append((q, (0, 0), "prompt:" + q))
    spans = _candidates(detector, [t for t, _, _ in texts], log)
    for (text, (a, b), group), found in zip(texts, spans):
        for s, e, kind in found:
            own = a <= s and e <= b and b > a
            inside_question = e <= a or s >= b or b == a
            if not own and not inside_question:
                continue  # a span across the join: neither
            examples.append(Example(text, s, e, kind, int(own), group.split(":", 1)[0], group))
    return examples


def llm_examples(path: Path, *, first_person_only: bool = False) -> list[Example]:
    """The embedded LLM's rewrites (`disclosures.py`): the value's span, the writer's own in a
    disclosure and the topic in a topic rewrite; grouped by the question they rewrote.
    `first_person_only` keeps a disclosure only when the value's sentence speaks in the first
    person: the 1.5B model often puts the value in front as a vocative ("Eprontia, did you know
    ...?"), which labels a word as the writer's that no one said is theirs."""
    from guardian.detect.subject import _FIRST_PERSON, _sentence_window

    out: list[Example] = []
    with path.open(encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if row["text"][row["start"] : row["end"]].lower() != row["value"].lower():
                continue
            if first_person_only and int(row["label"]) == 1:
                before, after = _sentence_window(row["text"], row["start"], row["end"])
                if not _FIRST_PERSON.search(f"{before} {row['value']} {after}"):
                    continue
            out.append(Example(row["text"], row["start"], row["end"], row["kind"], int(row["label"]), "llm", "llm:" + row["base"]))
    return out


def _features(examples: Sequence[Example], encoder: Any, log: Callable[[str], None] | None) -> np.ndarray:
    from guardian.detect.whose import span_features

    by_text: dict[str, list[int]] = {}
    for i, ex in enumerate(examples):
        by_text.setdefault(ex.text, []).append(i)
    texts = list(by_text)
    out = np.zeros((len(examples), 4 * 384 + 9), np.float32)
    t0 = time.perf_counter()
    for n in range(0, len(texts), 32):
        batch = texts[n : n + 32]
        for text, states in zip(batch, encoder.encode(batch)):
            for i in by_text[text]:
                ex = examples[i]
                out[i] = span_features(text, states.states, states.offsets, ex.start, ex.end, ex.kind)
        if log and (n // 32) % 50 == 0:
            log(f"  encoded {n + len(batch)}/{len(texts)} texts, {time.perf_counter() - t0:.0f} s")
    return out


def _held_out(group: str, share: float, seed: int) -> bool:
    h = hashlib.sha256(f"{seed}:{group}".encode()).digest()
    return int.from_bytes(h[:4], "big") / 2**32 < share


def _fit(x: np.ndarray, y: np.ndarray, seed: int, epochs: int) -> dict[str, np.ndarray]:
    import torch

    torch.manual_seed(seed)
    xt, yt = torch.tensor(x), torch.tensor(y, dtype=torch.float32)
    model = torch.nn.Sequential(torch.nn.Dropout(0.1), torch.nn.Linear(x.shape[1], HIDDEN), torch.nn.ReLU(),
                                torch.nn.Dropout(0.2), torch.nn.Linear(HIDDEN, 1))
    pos = float(yt.sum())
    weight = torch.tensor((len(yt) - pos) / max(pos, 1.0))
    loss_fn = torch.nn.BCEWithLogitsLoss(pos_weight=weight)
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-3)
    gen = torch.Generator().manual_seed(seed)
    for _ in range(epochs):
        model.train()
        for idx in torch.randperm(len(xt), generator=gen).split(128):
            opt.zero_grad()
            loss = loss_fn(model(xt[idx]).squeeze(1), yt[idx])
            loss.backward()
            opt.step()
    model.eval()
    lin1, lin2 = model[1], model[4]
    return {"W1": lin1.weight.detach().numpy().T.copy(), "b1": lin1.bias.detach().numpy().copy(),
            "w2": lin2.weight.detach().numpy()[0].copy(), "b2": lin2.bias.detach().numpy().copy()}


def _predict(arrays: dict[str, np.ndarray], x: np.ndarray) -> np.ndarray:
    h = np.maximum(x @ arrays["W1"] + arrays["b1"], 0.0)
    return 1.0 / (1.0 + np.exp(-(h @ arrays["w2"] + arrays["b2"][0])))


def _threshold(p: np.ndarray, y: np.ndarray, max_public: float) -> float:
    """The lowest threshold that takes at most `max_public` of the public candidates."""
    neg = np.sort(p[y == 0])
    if len(neg) == 0:
        return 0.5
    k = int(np.floor(max_public * len(neg)))
    return float(min(MAX_THRESHOLD, max(0.5, neg[len(neg) - 1 - k] + 1e-6)))


def _curve(p: np.ndarray, y: np.ndarray) -> dict[str, list[float]]:
    """Share of own candidates found and of topic candidates taken, at each of CURVE's thresholds."""
    return {f"{t:g}": [round(float((p[y == 1] >= t).mean()), 3) if (y == 1).any() else -1.0,
                       round(float((p[y == 0] >= t).mean()), 3) if (y == 0).any() else -1.0] for t in CURVE}


def _report(p: np.ndarray, y: np.ndarray, kinds: Sequence[str], threshold: float) -> dict[str, Any]:
    taken = p >= threshold
    out: dict[str, Any] = {
        "own": int((y == 1).sum()), "topic": int((y == 0).sum()),
        "own_found": round(float(taken[y == 1].mean()), 3) if (y == 1).any() else None,
        "topic_taken": round(float(taken[y == 0].mean()), 3) if (y == 0).any() else None,
    }
    per: dict[str, Any] = {}
    for kind in sorted(set(kinds)):
        m = np.array([k == kind for k in kinds])
        per[kind] = {"own": int(((y == 1) & m).sum()), "own_found": round(float(taken[(y == 1) & m].mean()), 3) if ((y == 1) & m).any() else None,
                     "topic": int(((y == 0) & m).sum()), "topic_taken": round(float(taken[(y == 0) & m].mean()), 3) if ((y == 0) & m).any() else None}
    out["per_kind"] = per
    return out


def train_subject(
    spc: Path, prompts: Path, out: Path, *, seed: int = 0, epochs: int = EPOCHS, topic_extra: Sequence[Path] = (),
    llm: Path | None = None, log: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Build the examples, train the judge, pick its threshold, evaluate on the held-out files, save."""
    from guardian.assemble import build_components
    from guardian.detect.prose_tagger import load_tagger
    from guardian.detect.whose import KINDS, SubjectWeights
    from guardian.settings import Settings

    say = log or (lambda m: None)
    parts = build_components(Settings(policy_db=None, prose="auto"), warm=False)
    detector = parts.prompt_detector or parts.detector
    encoder = load_tagger().encoder
    train_lines = _persona_lines(spc / "valid.csv")
    test_lines = [line for line in _persona_lines(spc / "test.csv") if line not in set(train_lines)]
    train_prompts = _prompts(prompts / "benign_dev.jsonl") + [q for path in topic_extra for q in _prompts(path)]
    test_prompts = _prompts(prompts / "benign_test.jsonl")
    say(f"persona statements {len(train_lines)} train / {len(test_lines)} test; prompts {len(train_prompts)} / {len(test_prompts)}")
    train = build_examples(train_lines, train_prompts, detector, seed=seed, turns=_conversation_turns(spc / "valid.csv"), log=say)
    test = build_examples(test_lines, test_prompts, detector, seed=seed + 1, turns=_conversation_turns(spc / "test.csv"), log=say)
    if llm is not None:
        train += llm_examples(llm)
    say(f"examples: train {Counter((e.source, e.label) for e in train)}, test {Counter((e.source, e.label) for e in test)}")
    x_all, x_test = _features(train, encoder, say), _features(test, encoder, say)
    y_all = np.array([e.label for e in train], np.float32)
    val = np.array([_held_out(e.group, VALIDATION_SHARE, seed) for e in train])
    arrays = _fit(x_all[~val], y_all[~val], seed, epochs)
    p_val = _predict(arrays, x_all[val])
    threshold = _threshold(p_val, y_all[val], MAX_PUBLIC_SHARE)
    arrays = _fit(x_all, y_all, seed, epochs)  # the shipped head sees all of train; the threshold is validation's
    p_test = _predict(arrays, x_test)
    y_test = np.array([e.label for e in test], np.float32)
    meta: dict[str, Any] = {
        "model": "subject judge: MLP over MiniLM token states (guardian/detect/whose.py)",
        "encoder": encoder.variant, "layers": encoder.layers, "kinds": list(KINDS), "hidden": HIDDEN,
        "epochs": epochs, "seed": seed, "threshold": round(threshold, 4),
        "threshold_rule": f"on validation (a {VALIDATION_SHARE:.0%} hash split of train by statement or prompt), "
                          f"the lowest that takes at most {MAX_PUBLIC_SHARE:.0%} of public candidates",
        "data": {
            "own": "Synthetic-Persona-Chat persona statements (google-research-datasets/Synthetic-Persona-Chat, CC BY 4.0): "
                   "train data/Synthetic-Persona-Chat_valid.csv, test data/Synthetic-Persona-Chat_test.csv; preferences left out",
            "topic": "lab/bench/prompts sets (benign_dev train, benign_test test) without AlpacaEval's HH-RLHF and OASST1 samples "
                     "(CC BY-NC compilation): Koala (Apache-2.0), Self-Instruct (Apache-2.0), MT-bench (Apache-2.0), "
                     "Natural Questions (CC BY-SA 3.0), PrivacyQA (MIT), StaQC (CC BY 4.0 / CC BY-SA), awesome-chatgpt-prompts (CC0)",
            "persona_statements": {"train": len(train_lines), "test": len(test_lines)},
            "prompts": {"train": len(train_prompts), "test": len(test_prompts)},
            "topic_extra": [p.name for p in topic_extra],
            "llm": ("rewrites of train questions by the embedded LLM (Qwen2.5-Coder-1.5B-Instruct, Apache-2.0; "
                    f"guardian-lab detect write-disclosures): {llm.name}") if llm is not None else None,
            "examples": {"train": dict(Counter(f"{e.source}:{e.label}" for e in train)),
                         "test": dict(Counter(f"{e.source}:{e.label}" for e in test))},
        },
        "validation": _report(p_val, y_all[val], [e.kind for e, v in zip(train, val) if v], threshold),
        "test": _report(p_test, y_test, [e.kind for e in test], threshold),
        "curve": {"what": "threshold: [own found, topic taken]",
                  "validation": _curve(p_val, y_all[val]), "test": _curve(p_test, y_test)},
        "command": f"guardian-lab detect train-subject --spc DIR --prompts DIR --seed {seed}",
        "licence": LICENCE,
    }
    SubjectWeights(arrays, meta).save(out)
    return meta
