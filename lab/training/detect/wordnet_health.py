"""The health words the detector knows from Princeton WordNet 3.0 (`guardian/detect/wordnet_health.py`).

    guardian-lab detect write-health-words [--wordnet /usr/share/wordnet] [--out guardian/detect/wordnet_health.txt.gz]

Reads WordNet's database files as Debian's `wordnet-base` installs them (`apt-get install
wordnet-base`; the format is wndb(5WN)) and writes two word lists:

- **health**: every word of a noun synset under one of `HEALTH_ROOTS` (a physical condition, an
  injury, a disability, a drug or medicine, medical care, a sick or handicapped person, a body part,
  a mental disorder or a mania ...), through hypernym and instance-hypernym pointers, and every adjective a
  pertainym or a derivation pointer ties to such a synset ("diabetic" -> diabetes, "allergic" ->
  allergy, "pregnant" -> pregnancy), with the satellites of such an adjective ("hearing-impaired");
- **other**: every other single word WordNet holds, in any part of speech, with the irregular forms
  of its exception lists ("mice", "worse"), so the detector can tell a word WordNet knows and has no
  health sense for ("thermos", "workout", "bread") from one it has never seen (a drug's brand name).

Words are lower case, single tokens, and in the health list also collocations of two or three
words ("lactose intolerance"), spaced.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

__all__ = ["HEALTH_ROOTS", "JOB_ROOTS", "health_words", "job_words", "write_health_words", "write_job_words"]

DEFAULT_WORDNET = Path("/usr/share/wordnet")

# (lemma, sense number in index.noun): the noun synsets whose hyponyms are health in the sense of
# GDPR art. 4(15) and recital 35 (conditions, disabilities, treatment, medication, pregnancy)
HEALTH_ROOTS: tuple[tuple[str, int], ...] = (
    ("physical_condition", 1),  # disorders, ill health, pathological states, pregnancy
    ("disability", 1), ("injury", 1), ("symptom", 1), ("pathology", 2), ("condition", 6),
    ("attack", 7), ("allergy", 1), ("addiction", 1), ("mental_disorder", 1), ("mania", 1), ("compulsion", 2), ("anxiety", 1), ("depression", 1),
    ("depression", 7), ("pregnancy", 1),
    ("drug", 1), ("medicine", 2), ("medication", 2), ("medical_care", 1), ("medical_procedure", 1),
    ("therapy", 1), ("sick_person", 1), ("handicapped_person", 1), ("body_part", 1),
)
_POS_FILES = (("n", "noun"), ("a", "adj"), ("v", "verb"), ("r", "adv"))


def _synsets(folder: Path) -> dict[tuple[str, str], tuple[list[str], list[tuple[str, str, str, str]]]]:
    """(pos, offset) -> (words, pointers as (symbol, pos, offset, source/target))."""
    out: dict[tuple[str, str], tuple[list[str], list[tuple[str, str, str, str]]]] = {}
    for pos, name in _POS_FILES:
        for line in (folder / f"data.{name}").read_text(encoding="latin-1").splitlines():
            if line.startswith("  "):
                continue  # the licence header
            t = line.partition(" | ")[0].split()
            n = int(t[3], 16)
            words = [t[4 + 2 * i] for i in range(n)]
            i = 4 + 2 * n
            pointers = []
            for _ in range(int(t[i])):
                pointers.append((t[i + 1], "a" if t[i + 3] == "s" else t[i + 3], t[i + 2], t[i + 4]))
                i += 4
            out[(pos, t[0])] = (words, pointers)
    return out


def _index(folder: Path) -> dict[tuple[str, str], list[str]]:
    """(lemma, pos) -> its synsets' offsets in sense order."""
    out: dict[tuple[str, str], list[str]] = {}
    for pos, name in _POS_FILES:
        for line in (folder / f"index.{name}").read_text(encoding="latin-1").splitlines():
            if line.startswith("  "):
                continue
            t = line.split()
            out[(t[0], pos)] = t[-int(t[2]):]
    return out


def _exceptions(folder: Path) -> Iterator[tuple[str, str]]:
    for _, name in _POS_FILES:
        for line in (folder / f"{name}.exc").read_text(encoding="latin-1").splitlines():
            inflected, *bases = line.split()
            for base in bases:
                yield inflected, base


def _word(lemma: str) -> str | None:
    """A lemma as the detector meets it: lower case, one token (no collocation, no "(a)" marker)."""
    word = lemma.split("(", 1)[0].lower()
    return word if word and "_" not in word else None


def _under(synsets: dict[tuple[str, str], tuple[list[str], list[tuple[str, str, str, str]]]],
           index: dict[tuple[str, str], list[str]], roots: tuple[tuple[str, int], ...],
           symbols: tuple[str, ...]) -> set[tuple[str, str]]:
    """The noun synsets `roots` name and every synset below them by the hypernym pointers `symbols`
    ("@"; "@i" takes instances too)."""
    hyponyms: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for key, (_, pointers) in synsets.items():
        for symbol, pos, offset, _ in pointers:
            if symbol in symbols:
                hyponyms.setdefault((pos, offset), []).append(key)
    seen: set[tuple[str, str]] = set()
    todo = [("n", index[(lemma, "n")][sense - 1]) for lemma, sense in roots]
    while todo:
        key = todo.pop()
        if key not in seen:
            seen.add(key)
            todo.extend(hyponyms.get(key, ()))
    return seen


def health_words(folder: Path = DEFAULT_WORDNET,
                 roots: tuple[tuple[str, int], ...] = HEALTH_ROOTS) -> tuple[set[str], set[str]]:
    """(health words, every other word WordNet knows)."""
    synsets, index = _synsets(folder), _index(folder)
    health = _under(synsets, index, roots, ("@", "@i"))
    # adjectives that pertain to or derive from a health noun ("diabetic", "allergic", "blind")
    for key, (_, pointers) in list(synsets.items()):
        if key[0] == "a" and any(s in ("\\", "+") and (pos, off) in health for s, pos, off, _ in pointers):
            health.add(key)
    # and the satellites of such an adjective ("hard-of-hearing", "hearing-impaired" of deaf)
    for key, (_, pointers) in list(synsets.items()):
        if key[0] == "a" and any(s == "&" and (pos, off) in health for s, pos, off, _ in pointers):
            health.add(key)
    words_of = {key: {w for w in map(_word, synsets[key][0]) if w} for key in synsets}
    healthy = {w for key in health for w in words_of[key]}
    # collocations of two or three words, spaced ("lactose intolerance", "heart attack")
    healthy |= {c for key in health for lemma in synsets[key][0]
                if 1 <= (c := lemma.split("(", 1)[0].lower().replace("_", " ")).count(" ") <= 2}
    known = {w for ws in words_of.values() for w in ws}
    for inflected, base in _exceptions(folder):
        word = _word(inflected)
        if word and base.lower() in known:
            known.add(word)
            if base.lower() in healthy:
                healthy.add(word)
    return healthy, known - healthy


def write_health_words(out: Path, folder: Path = DEFAULT_WORDNET,
                       roots: tuple[tuple[str, int], ...] = HEALTH_ROOTS) -> dict[str, object]:
    """Write the two lists (gzip, one JSON object) and return its record."""
    healthy, other = health_words(folder, roots)
    record: dict[str, object] = {
        "what": "lower-case single words of Princeton WordNet 3.0: 'health' under HEALTH_ROOTS (hyponyms, and "
                "adjectives pertaining to or derived from them), 'other' every other word it knows",
        "health": len(healthy),
        "other": len(other),
        "roots": [f"{lemma}.n.{sense:02d}" for lemma, sense in roots],
        "command": f"guardian-lab detect write-health-words --wordnet {folder} --out {out}",
        "licence": {
            "data": [{"source": "Princeton WordNet 3.0 (Debian package wordnet-base)",
                      "licence": "WordNet 3.0 licence (BSD-style: use, copy and distribute with its notice)"}],
            "clean": True,
        },
    }
    payload = {"record": record, "health": sorted(healthy), "other": sorted(other)}
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("wb") as raw, gzip.GzipFile(filename="", fileobj=raw, mode="wb", compresslevel=9, mtime=0) as f:
        # no name and no time in the header: the same bytes each run
        f.write(json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode())
    return record


# (lemma, sense number in index.noun): the noun synsets whose hyponyms name what a person does for a
# living (`guardian/detect/wordnet_jobs.py`): "a person who works at a specific occupation" and the
# kinds of people WordNet files beside it rather than under it (professionals, the armed forces,
# sailors, scientists, artists, entertainers, officials, clergy)
JOB_ROOTS: tuple[tuple[str, int], ...] = (
    ("worker", 1), ("professional", 1), ("employee", 1), ("serviceman", 1), ("mariner", 1), ("scientist", 1),
    ("artist", 1), ("entertainer", 1), ("official", 1), ("clergyman", 1),
)


def job_words(folder: Path = DEFAULT_WORDNET, roots: tuple[tuple[str, int], ...] = JOB_ROOTS) -> set[str]:
    """The lower-case single words of the noun synsets under `roots` (hyponyms, instances aside:
    a named person is no job) whose commonest noun sense is one of them, with their irregular plurals."""
    synsets, index = _synsets(folder), _index(folder)
    seen = _under(synsets, index, roots, ("@",))
    # a word whose commonest noun sense (index.noun's first) is under the roots: "man" of "serviceman,
    # military man, man" is first an adult male, "nurse" first a job
    words = {w for key in seen for w in map(_word, synsets[key][0])
             if w and index.get((w, "n"), [""])[0] == key[1]}
    for inflected, base in _exceptions(folder):
        word = _word(inflected)
        if word and base.lower() in words:
            words.add(word)
    return words


def write_job_words(out: Path, folder: Path = DEFAULT_WORDNET,
                    roots: tuple[tuple[str, int], ...] = JOB_ROOTS) -> dict[str, object]:
    """Write the job nouns (gzip, one JSON object) and return its record."""
    jobs = job_words(folder, roots)
    record: dict[str, object] = {
        "what": "lower-case single-word nouns of Princeton WordNet 3.0 whose commonest sense is under JOB_ROOTS "
                "(hyponyms): what a person does for a living",
        "jobs": len(jobs),
        "roots": [f"{lemma}.n.{sense:02d}" for lemma, sense in roots],
        "command": f"guardian-lab detect write-job-words --wordnet {folder} --out {out}",
        "licence": {
            "data": [{"source": "Princeton WordNet 3.0 (Debian package wordnet-base)",
                      "licence": "WordNet 3.0 licence (BSD-style: use, copy and distribute with its notice)"}],
            "clean": True,
        },
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("wb") as raw, gzip.GzipFile(filename="", fileobj=raw, mode="wb", compresslevel=9, mtime=0) as f:
        f.write(json.dumps({"record": record, "jobs": sorted(jobs)}, ensure_ascii=False, separators=(",", ":")).encode())
    return record
