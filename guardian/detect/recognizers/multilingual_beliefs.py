"""Religion and party membership of the writer in other languages: RELIGION and POLITICS.

Two special categories of GDPR art. 9 that the English `special_categories` reads only in English.
Read beside `multilingual_tagger` (its languages, its language gate), with the words of
multilingual_beliefs.yaml:

- **Religion**: a word of a religion or its followers (`religions`: stems compared in the health
  module's folded spelling, so "musulmană", "Muslim", "müslüman", "мусульманин" and "μουσουλμάνος"
  are one) right after the language's "I am", a noun for a faith or a verb of practising one ("Sunt
  de religie reformată", "persoană de confesiune baptistă", "practico el budismo"), or right before
  a verb with the writer's ending ("Hristiyan olduğum"), in a sentence with the writer in it (a
  word of `self`); or a form's value after a noun for a faith and a colon or a dash ("mein Glaube:
  evangelisch", "Вероисповедание: ислам"). "Was glauben Katholiken?" has no one's faith in it.
- **Party**: a party's name (capitalised words holding the language's word for party, "Cumhuriyet
  Halk Partisi", or any capitalised name or acronym right after a membership word: "Mitglied der
  SPD") next to a membership word (`member` before it, `member_after` after: Turkish puts the
  person on the word, "üyesiyim"), in a sentence with the writer in it (Turkish: the word itself).

What it misses: faith and politics told in other words ("ich gehe jeden Sonntag zur Messe"), a
party named without a membership word ("ich wähle immer die Grünen"), and every language the gate
does not name.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from guardian.detect._text import lower
from guardian.detect.recognizers._cue_phrases import cue_alternation
from guardian.detect.recognizers.multilingual_health import fold, load_health

__all__ = ["asks_anywhere", "belief_spans", "load_beliefs", "world_question", "BELIEFS"]

BELIEFS = Path(__file__).with_name("multilingual_beliefs.yaml")
MIN_STEM = 4  # a shorter folded stem would start everyday words ("bahai" folds to "bai": "baile")
PREFIX_STEM = 5  # a stem this long may start a longer word ("musulm" -> "musulmană"); "indu" may not ("industria")
MIN_STEM_WORD = 4  # a shorter word is no religion's name
RELIGION_GAP_WORDS = 2  # words between "I am" / "religion" and the religion's word
PARTY_GAP_WORDS = 1  # between a membership word and the party's name
MAX_PARTY_WORDS = 5
_WORD = re.compile(r"[^\W\d_][\w'’\-]{0,40}")
_SENTENCE = re.compile(r"[^.!?;\n]{1,600}")


class WriterWords(frozenset[str]):
    """A language's words of the writer, and its first-person endings (Turkish marks the person on
    the verb: "hazırlıyorum", "çalışacağım"): a word is the writer's when it is one of the words, or
    ends in an ending with at least two letters before it ("yorum" alone is a noun, "comment")."""

    endings: tuple[str, ...]
    not_writer: frozenset[str]
    possessive: frozenset[str]
    recipient: frozenset[str]

    def __new__(cls, words: frozenset[str] | set[str] | list[str] = frozenset(), endings: tuple[str, ...] = (),
                not_writer: frozenset[str] = frozenset(), possessive: frozenset[str] = frozenset(),
                recipient: frozenset[str] = frozenset()) -> WriterWords:
        made = super().__new__(cls, [*words, *possessive])
        made.endings = endings
        made.not_writer = not_writer  # words with an ending that are no verb of the writer ("εδώ", "qué")
        made.possessive = possessive  # "my" after a noun ("Locul meu"), never a request's object ("Dă-mi")
        made.recipient = recipient  # "me" as who a question's answer is for ("Kannst du mir erklären ...?")
        return made

    def __contains__(self, word: object) -> bool:
        if frozenset.__contains__(self, word):
            return True
        return isinstance(word, str) and self.by_ending(word)

    def by_ending(self, word: str) -> bool:
        """Whether `word` is the writer's verb by its first-person ending alone."""
        return word not in self.not_writer and any(len(word) > len(e) + 1 and word.endswith(e) for e in self.endings)


@dataclass(frozen=True)
class Grammar:
    """One language's belief words, compiled."""

    self_words: WriterWords
    questions: frozenset[str]  # question words that open a question
    religion_nouns: frozenset[str]
    member: re.Pattern[str] | None
    member_after: re.Pattern[str] | None
    party: frozenset[str]
    questions_in_situ: frozenset[str] = frozenset()  # question words that ask wherever they stand
    conjunctions: frozenset[str] = frozenset()  # openings with a question word that ask nothing ("так как")
    plural: frozenset[str] = frozenset()  # words of the writer that are also "they" ("sunt", "sono")
    reader: frozenset[str] = frozenset()  # the reader's "you" and "your" ("tu", "σας", "вы")


@functools.lru_cache(maxsize=2)
def load_beliefs(path: str = str(BELIEFS)) -> tuple[tuple[str, ...], dict[str, Grammar]]:
    """The folded religion stems, and each language's grammar."""
    from ruamel.yaml import YAML

    raw: dict[str, Any] = YAML(typ="safe").load(Path(path).read_text(encoding="utf-8")) or {}
    stems = tuple(sorted({fold(str(s)) for s in raw.get("religions") or () if len(fold(str(s))) >= MIN_STEM}))
    grammars: dict[str, Grammar] = {}
    for lang, entry in raw.items():
        if lang == "religions" or not isinstance(entry, dict):
            continue

        def words(key: str, e: dict[str, Any] = entry) -> list[str]:
            return [str(w).strip().lower() for w in e.get(key) or () if str(w).strip()]

        member, after = words("member"), words("member_after")
        grammars[str(lang)] = Grammar(
            WriterWords(words("self"), tuple(words("self_endings")), frozenset(words("self_not")),
                        frozenset(words("self_possessive")), frozenset(words("self_recipient"))),
            frozenset(words("question")),
            frozenset(words("religion")),
            re.compile(rf"(?<!\w)(?:{cue_alternation(member)})(?:\W{{1,3}}\w{{1,30}}){{0,{PARTY_GAP_WORDS}}}\W{{1,3}}$") if member else None,
            re.compile(rf"^\W{{0,3}}(?:{cue_alternation(after)})(?!\w)") if after else None,
            frozenset(words("party")), frozenset(words("question_in_situ")), frozenset(words("question_not")),
            frozenset(words("self_plural")), frozenset(words("reader")),
        )
    return stems, grammars


def _acronym(word: str) -> bool:
    """A party's short name: 2-6 letters, at least two of them capitals ("SPD", "AfD", "ΝΔ", "КПРФ")."""
    return 2 <= len(word) <= 6 and word.isalpha() and sum(ch.isupper() for ch in word) >= 2


def _religious(word: str, stems: tuple[str, ...]) -> bool:
    """A stem of `PREFIX_STEM` folded letters or more starts the word; a shorter one ("ateo",
    "sikh", "jain", "hindu" folded "indu") is the whole word, maybe with a plural "s"."""
    folded = fold(word)
    if len(folded) < MIN_STEM_WORD:
        return False
    return any(folded.startswith(s) if len(s) >= PREFIX_STEM else folded in (s, s + "s") for s in stems)


def belief_spans(text: str, lang: str, path: str = str(BELIEFS)) -> list[tuple[int, int, str]]:
    """(start, end, "RELIGION" or "POLITICS") for each belief of the writer in `text`."""
    stems, grammars = load_beliefs(path)
    grammar = grammars.get(lang)
    if grammar is None:
        return []
    health = load_health().get(lang)
    topic = health.topic if health is not None else frozenset()
    out: list[tuple[int, int, str]] = []
    for sentence in _SENTENCE.finditer(text):
        words = list(_WORD.finditer(sentence.group()))
        low = [lower(w.group()) for w in words]
        writer = any(w in grammar.self_words for w in low)
        base = sentence.start()
        for i, w in enumerate(words):
            if _religious(w.group(), stems) and (writer and _stated(low, i, grammar, topic)
                                                 or _labelled(sentence.group(), words, low, i, grammar)):
                out.append((base + w.start(), base + w.end(), "RELIGION"))
        out.extend(_parties(text, sentence.start(), sentence.end(), grammar, writer))
    return out


def _stated(low: list[str], i: int, grammar: Grammar, topic: frozenset[str]) -> bool:
    """Whether the religious word `low[i]` follows the writer's word or a word of faith ("practico
    el budismo", "моя религия — ислам") with no topic word between ("расскажи мне про иудаизм"
    asks about it), or precedes a verb of the writer's ending where the verb closes the clause
    ("Hristiyan olduğum doğru")."""
    before = low[max(0, i - RELIGION_GAP_WORDS - 1):i]
    cue = max((k for k, b in enumerate(before) if b in grammar.religion_nouns or b in grammar.self_words), default=-1)
    if cue >= 0 and not any(b in topic for b in before[cue + 1:]):
        return True
    return any(grammar.self_words.by_ending(a) for a in low[i + 1:i + 2 + RELIGION_GAP_WORDS])


def _labelled(sentence: str, words: list[re.Match[str]], low: list[str], i: int, grammar: Grammar) -> bool:
    """Whether the religious word is a form's value after a word of faith and a colon or a dash
    ("Вероисповедание: ислам", "Religion — Islam"): the writer's own, as a form is filled."""
    return i > 0 and low[i - 1] in grammar.religion_nouns \
        and sentence[words[i - 1].end():words[i].start()].strip() in (":", "—", "–", "-")


def _parties(text: str, start: int, end: int, grammar: Grammar, writer: bool) -> list[tuple[int, int, str]]:
    """Party names beside a membership word in text[start:end]: each run of capitalised words (or
    an acronym), up to the party word when one closes it."""
    out: list[tuple[int, int, str]] = []
    sentence = text[start:end]
    words = list(_WORD.finditer(sentence))
    i = 0
    while i < len(words):
        if not words[i].group()[:1].isupper():
            i += 1
            continue
        j = i
        while j + 1 < len(words) and j - i + 1 < MAX_PARTY_WORDS and words[j + 1].group()[:1].isupper() \
                and sentence[words[j].end():words[j + 1].start()] in (" ", "\u00a0"):
            j += 1
        first, last = words[i].start(), words[j].end()
        kept = [w.group() for w in words[i:j + 1]]
        i = j + 1
        named = any(lower(w) in grammar.party for w in kept)
        before, after = lower(sentence[max(0, first - 60):first]), lower(sentence[last:last + 40])
        member_before = grammar.member is not None and grammar.member.search(before) is not None
        member_after = grammar.member_after is not None and grammar.member_after.search(after) is not None
        if member_after and named:  # "Saadet Partisi destekçisiyiz": the person is on the word
            out.append((start + first, start + last, "POLITICS"))
        elif member_before and writer and (named or (len(kept) == 1 and _acronym(kept[0]))):
            # without the party word only an acronym is a party's ("Mitglied der SPD"; "der Feuerwehr" is not)
            out.append((start + first, start + last, "POLITICS"))
    return out


def asks_anywhere(sentence: str, lang: str, path: str = str(BELIEFS)) -> bool:
    """Whether `sentence` asks with a question word where it stands, mid-sentence, as languages that
    keep their question words in place do ("Bir hemşire olarak çalışmak için hangi okullardan mezun
    olmak gerekir?"): a question mark at its end and a word of the language's `question_in_situ`.
    Elsewhere a question word after a comma opens a question of its own, and what comes before it
    is its context, often the writer's ("Con mi sueldo de 1.400 euros al mes, ¿cuánto puedo
    ahorrar?"). Weaker than `world_question` (a word of the writer may hide in a verb's ending), so
    for a detail no word of the writer stands beside."""
    grammar = load_beliefs(path)[1].get(lang)
    stripped = sentence.strip()
    if grammar is None or not grammar.questions_in_situ or not stripped.endswith(("?", ";", "？")):
        return False
    asking = grammar.questions_in_situ
    low = [lower(w.group()) for w in _WORD.finditer(stripped)]
    return any(w in asking or f"{w} {n}" in asking for w, n in zip(low, [*low[1:], ""]))


def world_question(sentence: str, lang: str, path: str = str(BELIEFS)) -> bool:
    """Whether `sentence` is a question about the world: its first or second word a question word
    of the language ("Wo wurde der Regisseur von „Avatar" geboren?", "Кем по профессии был ..."),
    a question mark at its end (Greek ";" too), and no word of the writer (`self`) in it. A word of
    the writer that is also the third person plural (`self_plural`: Romanian "sunt", Italian "sono")
    right after a question word has that word for its subject ("Care sunt primele semne ...?")."""
    grammar = load_beliefs(path)[1].get(lang)
    if grammar is None or not grammar.questions:
        return False
    stripped = sentence.strip()
    if not stripped.endswith(("?", ";", "？")):
        return False
    low = [lower(w.group()) for w in _WORD.finditer(stripped)]
    if not low or any(w in grammar.self_words and not (w in grammar.plural and i and low[i - 1] in grammar.questions)
                      for i, w in enumerate(low)):
        return False
    opening = " ".join(low[:2])
    if opening in grammar.conjunctions:
        return False  # "Так как муж ...": "since", a clause of the writer's, not "how"
    return low[0] in grammar.questions or (len(low) > 1 and (low[1] in grammar.questions or opening in grammar.questions))
