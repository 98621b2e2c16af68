"""Synthetic-Persona-Chat speakers as fast-attacker authors: the licence-clean training source.

Synthetic-Persona-Chat (Jandaghi et al. 2023, Google Research; CC BY 4.0) holds conversations
between two speakers, each with a persona of a few plain statements ("I am a nurse.", "I live in
Canada.", "I have been married for ten years."). A speaker is an author: their turns are the
comments, and the targets are read from their persona statements by the rules below (a speaker
whose persona says nothing of an attribute has -1 there: no loss, not scored). Each rule also
gives the phrase that says it ("nurse", "Canada"), so the span tagger learns where a turn repeats
it. The rules read the persona, never the turns, so what the model learns from the turns is how
people hint at what their persona states.

The split is by conversation (both speakers of one conversation in the same split).
"""

from __future__ import annotations

import csv
import random
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

from guardian.anonymize.fast_attacker.labels import ATTRIBUTES, CLASSES, education_level, occupation_group
from lab.training.fast_attacker.data import SHARES, SPLITS, Author
from guardian.errors import ConfigError

__all__ = ["is_persona_chat", "load_persona_authors", "persona_spans", "split_conversations", "persona_labels",
           "FILES", "SOURCE", "LICENCE"]

FILES = ("train.csv", "valid.csv", "test.csv")
SOURCE = "Synthetic-Persona-Chat (google-research-datasets/Synthetic-Persona-Chat)"
LICENCE = "CC BY 4.0"
_PERSONA_COLUMNS = ("user 1 personas", "user 2 personas")
_CONVERSATION_COLUMN = "Best Generated Conversation"
MAX_PHRASE_WORDS = 4  # an occupation longer than this is a clause, not a job title

Label = tuple[str, str, str]  # attribute, class name, the phrase that says it

_WORD_NUMBERS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_FEMALE = {"woman", "girl", "lady", "female", "mother", "mom", "wife", "grandmother", "grandma", "housewife",
           "daughter", "widow", "waitress", "actress", "mum"}
_MALE = {"man", "boy", "guy", "male", "father", "dad", "husband", "grandfather", "grandpa", "son", "widower",
         "waiter", "actor", "dude"}
_US_STATES = (
    "alabama alaska arizona arkansas california colorado connecticut delaware florida georgia hawaii idaho "
    "illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi "
    "missouri montana nebraska nevada ohio oklahoma oregon pennsylvania tennessee texas utah vermont virginia "
    "washington wisconsin wyoming").split() + ["new hampshire", "new jersey", "new mexico", "new york",
                                              "north carolina", "north dakota", "rhode island", "south carolina",
                                              "south dakota", "west virginia"]

_AGE_NUMBER = re.compile(r"\b(?:i am|i'm|i just turned|i turned)\s+(\d{1,2}|[a-z]+(?:[- ][a-z]+)?)(?:\s+years?\s+old|\s+yrs?\b|\.|,|$)")
_AGE_DECADE = re.compile(r"\bin my (twenties|thirties|forties|fifties|sixties|seventies|eighties|[2-9]0s)\b")
_YOUNG = re.compile(r"\b(?:i am|i'm) (?:a )?(teenager|teen|high school student|in high school|in middle school)\b")
_SEX = re.compile(r"\b(?:i am|i'm) (?:a |an )?(?:single |stay at home |working |proud |young |old |retired )?([a-z]+)\b")
_MARRIED = re.compile(r"\b(?:i am|i'm|i've been|i have been|i got|we are|we're|we have been) (?:happily |recently |newly |just )?"
                      r"(married)\b|\b(my husband|my wife)\b")
_NOT_MARRIED = re.compile(r"\b(?:not|never|never been) (married)\b|\bi(?: am|'m) (single)\b")
_OTHER_REL = (("divorced", re.compile(r"\b(divorced|divorce)\b")),
              ("engaged", re.compile(r"\b(engaged|fianc[ée]e?|getting married)\b")),
              ("widowed", re.compile(r"\b(widow(?:ed|er)?)\b")),
              ("in a relationship", re.compile(r"\bmy (boyfriend|girlfriend|partner)\b")))
_RETIRED = re.compile(r"\b(?:i am|i'm|i recently|i just|i)\s+(retired)\b")
_JOB = re.compile(r"\b(?:i am|i'm|i work as|i worked as|i have worked as|my job is|i became)\s+(?:an?\s+)?"
                  r"([a-z][a-z -]*?)(?=\.|,|;|!| and | at | for | in | who | with | by | on | to | from |$)")
# what follows "I am" without naming a job: states, verbs, relations
_NOT_A_JOB = re.compile(r"^(?:not|also|very|so|too|still|just|really|going|getting|married|single|from|in|on|a big|a huge|"
                        r"the|my|\w+ing\b)")
_OTHERS = re.compile(r"\bmy (?:son|daughter|kids?|children|child|brother|sister|wife|husband|mom|dad|mother|father|friend|parents?)\b")
# "high school" as the highest level: finished, dropped, or still in it (not "in high school I played...")
_HIGH_SCHOOL = re.compile(r"(?:finish|graduat|drop|diploma|never|did not|didn't|(?:i am|i'm) (?:a \w+ )?in) [a-z ]*high school|"
                          r"high school (?:diploma|dropout|graduate|student|senior|junior)")
_EDUCATION = re.compile(r"degree|college|university|ph\.?d|master|bachelor|high school|graduat|diploma|mba|school")
_EDUCATION_PHRASE = re.compile(r"ph\.?d|doctorate|master'?s?(?: degree)?|mba|bachelor'?s?(?: degree)?|associate'?s? degree|"
                               r"high school(?: diploma)?|college|university|degree")
_STUDENT = re.compile(r"\b(?:i am|i'm) (?:a )?(?:college|university|grad|graduate) student\b|\bi(?: am|'m) (?:in|at) (?:college|university)\b")
_LIVE = re.compile(r"\b(?:i live in|i'm living in|i am living in|i moved to|i reside in)\s+([a-z][a-z .'-]*?)(?=\.|,|;|!| with | and | near | where |$)")
_FROM = re.compile(r"\b(?:i am from|i'm from|i was born in|i grew up in|i come from)\s+([a-z][a-z .'-]*?)(?=\.|,|;|!| with | and | but | where |$)")
_RICH = re.compile(r"\b(?:i am|i'm) (rich|wealthy|a millionaire|a billionaire)\b|\bi (make a lot of money)\b")
_POOR = re.compile(r"\b(?:i am|i'm) (poor|broke|unemployed|on welfare)\b|\b(minimum wage)\b|\bi (don't make much money)\b")


def _age_class(n: int) -> str | None:
    if n < 13 or n > 99:
        return None
    return "under 30" if n < 30 else "60 or over" if n >= 60 else f"{n // 10 * 10}s"


def _number(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    parts = re.split(r"[- ]", word)
    if parts[0] in _TENS:
        rest = _WORD_NUMBERS.get(parts[1], -1) if len(parts) > 1 else 0
        return _TENS[parts[0]] + rest if 0 <= rest < 10 else None
    return _WORD_NUMBERS.get(word) if len(parts) == 1 else None


def _places() -> Mapping[str, str]:
    """lower-case place name -> country class (cities of the ladders, US states, CLDR country names)."""
    import yaml
    from babel import Locale

    from guardian.anonymize.ladder import LADDER_FILE

    out: dict[str, str] = {}
    for code, name in Locale("en").territories.items():
        if len(code) == 2:
            out[name.lower()] = name if name in CLASSES["city_country"] else "other"
    out.update({"usa": "United States", "america": "United States", "the us": "United States", "us": "United States",
                "the united states": "United States", "uk": "United Kingdom", "the uk": "United Kingdom",
                "england": "United Kingdom", "scotland": "United Kingdom", "wales": "United Kingdom"})
    out.update({s: "United States" for s in _US_STATES})
    raw = yaml.safe_load(LADDER_FILE.read_text(encoding="utf-8"))
    groups = raw["attributes"]["location"].get("groups") or {}
    country_of_group = {"us": "United States", "uk": "United Kingdom", "canada": "Canada", "australia": "Australia"}
    for group, country in country_of_group.items():
        out.update({str(t).lower(): country for t in groups.get(group, {}).get("terms", [])})
    from lab.training.fast_attacker.templates import _CITIES

    for country, cities in _CITIES.items():
        out.update({c.lower(): country for c in cities})
    return out


def _place(phrase: str, places: Mapping[str, str]) -> tuple[str, str] | None:
    words = phrase.strip(" .'-").split()
    while words and words[0] in ("the", "a", "beautiful", "sunny", "downtown"):
        words = words[1:]
    for n in range(min(3, len(words)), 0, -1):  # the longest known name at the start
        name = " ".join(words[:n])
        if name in places:
            return places[name], name
    return None


def persona_labels(statement: str, places: Mapping[str, str] | None = None) -> list[Label]:
    """What one persona statement says of its speaker: (attribute, class, phrase) triples."""
    s = statement.lower().strip()
    places = _places() if places is None else places
    out: list[Label] = []
    m = _AGE_NUMBER.search(s)
    if m and (n := _number(m.group(1))) is not None and (cls := _age_class(n)):
        out.append(("age", cls, m.group(1)))
    elif (m := _AGE_DECADE.search(s)):
        word = m.group(1)
        n = int(word[0]) * 10 if word[0].isdigit() else _TENS.get(word[:-3] + "y" if word.endswith("ies") else word, 0)
        if n and (cls := _age_class(n)):
            out.append(("age", cls, word))
    elif (m := _YOUNG.search(s)):
        out.append(("age", "under 30", m.group(1)))
    for m in _SEX.finditer(s):
        word = m.group(1)
        if word in _FEMALE or word in _MALE:
            out.append(("sex", "female" if word in _FEMALE else "male", word))
            break
    if (m := _NOT_MARRIED.search(s)):
        out.append(("relationship_status", "single", m.group(1) or m.group(2)))
    else:
        for cls, rx in _OTHER_REL:
            if (m := rx.search(s)):
                out.append(("relationship_status", cls, m.group(1)))
                break
        else:
            if (m := _MARRIED.search(s)):
                out.append(("relationship_status", "married", m.group(1) or m.group(2)))
    if (m := _RETIRED.search(s)):
        out.append(("occupation", "retired", m.group(1)))
    else:
        for m in _JOB.finditer(s):
            phrase = m.group(1).strip()
            if len(phrase.split()) <= MAX_PHRASE_WORDS and not _NOT_A_JOB.match(phrase) and (group := occupation_group(phrase)):
                out.append(("occupation", group, "retired" if group == "retired" else phrase))
                break
    if _EDUCATION.search(s) and not _OTHERS.search(s):
        level = "college diploma" if _STUDENT.search(s) else education_level(s)
        if level == "high school" and not _HIGH_SCHOOL.search(s):
            level = None
        if level and (m := _EDUCATION_PHRASE.search(s)):
            out.append(("education", level, m.group(0)))
    for rx, attribute in ((_LIVE, "city_country"), (_FROM, "birth_city_country")):
        if (m := rx.search(s)) and (hit := _place(m.group(1), places)):
            out.append((attribute, hit[0], hit[1]))
    if (m := _RICH.search(s)):
        out.append(("income_level", "high", next(g for g in m.groups() if g)))
    elif (m := _POOR.search(s)):
        out.append(("income_level", "low", next(g for g in m.groups() if g)))
    return out


def _files(folder: str | Path) -> list[Path]:
    root = Path(folder)
    found = [root / f for f in FILES if (root / f).is_file() and (root / f).stat().st_size > 1024]
    if not found:
        raise ConfigError(f"no Synthetic-Persona-Chat CSV files ({', '.join(FILES)}) under {root}")
    return found


def is_persona_chat(folder: str | Path) -> bool:
    """Whether `folder` holds Synthetic-Persona-Chat's CSV files (rather than SynthPAI)."""
    try:
        return bool(_files(folder))
    except ConfigError:
        return False


def _speakers(folder: str | Path) -> Iterator[tuple[str, list[str], list[str], list[str]]]:
    """(author id, persona statements, the other speaker's, turns) per speaker of every conversation."""
    csv.field_size_limit(1 << 24)
    for path in _files(folder):
        with path.open(encoding="utf-8", newline="") as fh:
            for i, row in enumerate(csv.DictReader(fh)):
                lines = (row.get(_CONVERSATION_COLUMN) or "").splitlines()
                personas = [[p.strip() for p in (row.get(c) or "").splitlines() if p.strip()] for c in _PERSONA_COLUMNS]
                for u in (1, 2):
                    prefix = f"User {u}:"
                    turns = [ln[len(prefix):].strip() for ln in lines if ln.startswith(prefix) and ln[len(prefix):].strip()]
                    yield f"spc-{path.stem}-{i:05d}-u{u}", personas[u - 1], personas[2 - u], turns


def load_persona_authors(folder: str | Path) -> list[Author]:
    """Every speaker with turns, targets from their persona (the first rule that names a class wins)."""
    places = _places()
    out = []
    for author, persona, _, turns in _speakers(folder):
        if not turns:
            continue
        targets = {a: -1 for a in ATTRIBUTES}
        for statement in persona:
            for attribute, cls, _ in persona_labels(statement, places):
                if targets[attribute] < 0:
                    targets[attribute] = CLASSES[attribute].index(cls)
        out.append(Author(author, tuple(turns), targets))
    return out


def persona_spans(folder: str | Path) -> dict[str, list[list[tuple[int, int, str]]]]:
    """author -> per turn the spans where the turn says a phrase a persona of its conversation labels
    (whole words). The other speaker's count too ("you're a nurse?"): the tagger marks words that
    state an attribute, and left unmarked they would teach it that "nurse" states nothing."""
    places = _places()
    out: dict[str, list[list[tuple[int, int, str]]]] = {}
    for author, persona, other, turns in _speakers(folder):
        if not turns:
            continue
        phrases = {(attribute, phrase) for st in persona + other for attribute, _, phrase in persona_labels(st, places)}
        # a job title is said in full ("kindergarten teacher") or by its head noun ("a teacher")
        phrases |= {(a, p.split()[-1]) for a, p in phrases if a == "occupation" and " " in p}
        patterns = [(attribute if attribute != "income_level" else "income",
                     re.compile(r"(?<![\w-])" + re.escape(phrase) + r"(?![\w-])", re.I)) for attribute, phrase in phrases]
        out[author] = [[(m.start(), m.end(), attribute) for attribute, rx in patterns for m in rx.finditer(t)] for t in turns]
    return out


def split_conversations(authors: list[Author], seed: int = 0) -> dict[str, list[Author]]:
    """train / val / dev / test by conversation (SHARES), shuffled with `seed`."""
    def conversation(a: Author) -> str:
        return a.author.rsplit("-", 1)[0]

    keys = sorted({conversation(a) for a in authors})
    random.Random(seed).shuffle(keys)
    where: dict[str, str] = {}
    start = 0
    for i, (name, share) in enumerate(zip(SPLITS, SHARES)):
        end = len(keys) if i == len(SPLITS) - 1 else start + round(share * len(keys))
        where.update({k: name for k in keys[start:end]})
        start = end
    out: dict[str, list[Author]] = {name: [] for name in SPLITS}
    for a in sorted(authors, key=lambda a: a.author):
        out[where[conversation(a)]].append(a)
    return out
