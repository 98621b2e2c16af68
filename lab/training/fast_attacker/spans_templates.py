"""Template sentences with their attribute spans marked, for the span tagger (spans.py).

SynthPAI's 144 train authors hold only ~170 gold spans, most of them fields of study; too few
for a tagger to learn what a job title, a city or an age looks like. These sentences put an
open-class word (a job title from ladders.yaml, a city, a field of study, an age) into a frame,
and mark where it is. The tagger reads them through MiniLM's token states, so it learns the
kind of word and its context, not the list: nothing of this list is used at run time, and every
reported metric is on SynthPAI authors only (dev and test hold values no list here names).
"""

from __future__ import annotations

import random
import re

from lab.training.fast_attacker.templates import _CITIES, _FIELDS, _ladder_terms

__all__ = ["span_templates", "negative_templates", "SpanExample"]

SpanExample = tuple[str, list[tuple[int, int, str]]]  # text, [(start, end, attribute)]

_JOB = ("I work as {a} {x}.", "As {a} {x}, my days are long.", "I've been {a} {x} for {n} years now.",
        "Being {a} {x} is not easy, honestly.", "Most {x}s I know would agree with this.",
        "Speaking as {a} {x}, I see this every day.", "My job as {a} {x} pays the bills.",
        "Ask any {x} and they will tell you the same.", "Fellow {x}s, how do you handle the stress?",
        "The {x}s at my work complain about it too.")
_STUDY = ("I studied {x} at uni.", "I have a degree in {x}.", "My {x} classes were the best part of college.",
          "Back when I did my master's in {x}, we read this.", "{X} was my major.", "As a {x} student, I disagree.",
          "I'm doing a bachelor's in {x} right now.", "Anyone else here who studied {x}?",
          "My PhD in {x} taught me patience.", "In {x} we learn that models are only approximations.")
_MORE_FIELDS = ("public health", "economics", "marketing", "nursing", "music", "history", "astrophysics", "physics",
                "mathematics", "chemistry", "law", "medicine", "philosophy", "sociology", "political science",
                "business administration", "finance", "accounting", "architecture", "fine arts", "journalism",
                "linguistics", "environmental science", "mechanical engineering", "civil engineering", "statistics",
                "education", "anthropology", "geography", "graphic design", "international relations", "art history",
                "culinary arts", "veterinary science", "pharmacy", "data science")
_CITY = ("I live in {x}.", "Here in {x} the rent keeps going up.", "Anyone else from {x} on this thread?",
         "The winters in {x} are something else.", "I moved to {x} a few years ago for work.",
         "Life in {x} is expensive.", "We have the same problem in {x}.")
_BIRTH = ("I grew up in {x}.", "I was born in {x}.", "Back when I was a kid in {x} we played outside all day.",
          "My hometown, {x}, has changed a lot.")
_COUNTRIES = ("Switzerland", "Germany", "France", "Italy", "Spain", "Japan", "India", "Brazil", "Canada", "Mexico",
              "Turkey", "Finland", "Sweden", "Norway", "Colombia", "Argentina", "Egypt", "Kenya", "Australia",
              "New Zealand", "South Africa", "United States", "United Kingdom", "Poland", "Hungary", "Thailand")
_AGE = ("I'm {x} years old.", "I just turned {x} last week.", "At {x}, I thought I'd have it figured out.",
        "Being {x} means my knees complain more.", "I'm {x} and still learning.", "When you're {x}, nobody listens.",
        "{x}yo here, same experience.")
_SEX = (("As a {x}, I never understood this.", ("woman", "man", "guy", "lady", "girl", "dude")),
        ("I'm a {x} and I love cars.", ("woman", "man", "guy", "girl", "dude", "lady")),
        ("Being {x} in tech is a thing.", ("female", "male")), ("As a {x} engineer I notice it.", ("female", "male")))
_REL = ("I'm {x} and happy about it.", "Being {x} has its perks.", "Now that I'm {x}, weekends feel different.",
        "My friends say being {x} suits me.")
_RELATIONSHIP = ("married", "single", "divorced", "engaged", "widowed")
_INCOME = ("I make about {x} a year.", "On {x} a year you can barely afford rent here.", "My salary is {x}.")


# Sentences that state no attribute of the writer: numbers that are not ages (years, counts, prices,
# times), institutions and procedure, impersonal statements. The tagger must leave them alone.
_NEGATIVE = ("In {y} the rules changed again.", "The meeting was moved to {d} {m} {y}.", "We waited {n} minutes for the bus.",
             "It costs about {n} dollars at most shops.", "The decision of {d} {m} {y} was upheld on appeal.",
             "The court dismissed the complaint.", "The government submitted its observations on {d} {m}.",
             "The committee will meet again next week.", "The office received the application in {y}.",
             "The ministry issued a decision after {n} months.", "Chapter {n} explains the procedure.",
             "The report lists {n} cases from {y} to {y2}.", "Please reply before {d} {m}.", "Page {n} of the form is blank.",
             "The service will be unavailable from {h}:00 to {h2}:00.", "Article {n} of the convention applies.",
             "The company was founded in {y} and has {n} employees.", "The agreement takes effect on {d} {m} {y}.",
             "Version {n} of the app fixed the bug.", "The train leaves at {h}:{n2} every day.",
             "The film came out in {y} and won {n2} awards.", "Room {n} is on the second floor.")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")


def negative_templates(seed: int = 0, count: int = 400) -> list[SpanExample]:
    """Sentences with no attribute span (every token labelled none)."""
    rng = random.Random(seed + 1)
    out: list[str] = []
    for _ in range(count):
        y = rng.randint(1950, 2024)
        out.append((rng.choice(_NEGATIVE).format(y=y, y2=y + rng.randint(1, 9), d=rng.randint(1, 28), m=rng.choice(_MONTHS),
                                                 n=rng.randint(2, 400), n2=rng.randint(10, 59), h=rng.randint(6, 12),
                                                 h2=rng.randint(13, 22))))
    return [(text, []) for text in dict.fromkeys(out)]


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _fill(frame: str, value: str, attribute: str, **more: object) -> SpanExample:
    """The frame with `{x}` (or `{X}`, capitalised) filled, and the span of the value."""
    token = "{X}" if "{X}" in frame else "{x}"
    shown = value[0].upper() + value[1:] if token == "{X}" else value
    head, tail = frame.split(token, 1)
    head = head.format(a=_article(value), **more)
    plural = tail.startswith("s")
    text = head + shown + tail.format(**more)
    end = len(head) + len(shown) + (1 if plural else 0)
    return text, [(len(head), end, attribute)]


def span_templates(seed: int = 0) -> list[SpanExample]:
    """Every template sentence with its spans (one per sentence)."""
    rng = random.Random(seed)
    terms = _ladder_terms()
    out: list[SpanExample] = []
    for group, listed in terms.items():
        if group.startswith("occupation.") and group not in ("occupation.workplace", "occupation.retired"):
            for t in listed:
                for frame in rng.sample(_JOB, 3):
                    out.append(_fill(frame, t, "occupation", n=rng.randint(2, 25)))
    for field in dict.fromkeys([*_FIELDS, *_MORE_FIELDS]):
        for frame in rng.sample(_STUDY, 3):
            out.append(_fill(frame, field, "education"))
    cities = [c for names in _CITIES.values() for c in names]
    cities += [t.title() for g, listed in terms.items() if g.startswith("location.") for t in listed]
    for place in dict.fromkeys([*cities, *_COUNTRIES]):
        for frame in rng.sample(_CITY, 2):
            out.append(_fill(frame, place, "city_country"))
        out.append(_fill(rng.choice(_BIRTH), place, "birth_city_country"))
    for n in range(16, 80):
        out.append(_fill(rng.choice(_AGE), str(n), "age"))
    for frame, words in _SEX:
        out.extend(_fill(frame, w, "sex") for w in words)
    for status in _RELATIONSHIP:
        out.extend(_fill(frame, status, "relationship_status") for frame in _REL)
    for amount in ("40k", "55k", "70k", "120k", "250k", "30 thousand dollars", "90 thousand euros"):
        out.append(_fill(rng.choice(_INCOME), amount, "income"))
    for text, spans in out:  # the marks must hold the value (a check on the frames above)
        for s, e, _ in spans:
            assert re.fullmatch(r"[\w' ,.-]+", text[s:e]), (text, s, e)
    return out
