"""Template sentences that state one attribute plainly, to teach the heads the pattern.

SynthPAI has 144 train authors: too few for the heads to learn, say, that a paramedic works in
healthcare rather than that one author wrote about ambulances. These short sentences put a
word from an open class (a job title, a city, an age, a degree) into a generic frame
("I work as a {x}.", "Here in {x}, ..."). The job titles and cities come from the generaliser
ladders (ladders.yaml) and a few lists below; the model reads them through MiniLM, so what it
learns carries over to similar words it never saw. They are mixed into training batches
(TEMPLATE_SHARE of the bags); every reported metric is on SynthPAI authors only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from guardian.anonymize.fast_attacker.labels import ATTRIBUTES, CLASSES
from guardian.anonymize.ladder import LADDER_FILE

__all__ = ["template_examples", "TEMPLATE_SHARE"]

TEMPLATE_SHARE = 0.8  # share of training bags drawn from the templates
PER_TERM = 3  # frames sampled per term

# ladder group -> occupation class
_OCCUPATION_GROUPS: Mapping[str, str] = {
    "healthcare": "healthcare", "education": "education", "technology": "technology and engineering",
    "science": "science and research", "business": "business and finance", "arts": "arts, media and design",
    "service": "service, retail and trades", "public": "public and social service",
}
_JOB_FRAMES = (
    "I work as {a} {x}.", "As {a} {x}, my days are long.", "I've been {a} {x} for {n} years now.",
    "Being {a} {x} is not easy, honestly.", "My job as {a} {x} keeps me busy most weeks.",
    "Speaking as {a} {x}, I see this every day at work.", "I trained to be {a} {x} after school.",
)
_RETIRED = ("Since I retired, I finally have time for the garden.", "Now that I'm retired I travel a lot more.",
            "After forty years of work I am enjoying my retirement.", "My pension is small but retirement suits me.")
_CITY_FRAMES = ("I live in {x}.", "Here in {x} the rent keeps going up.", "Anyone else from {x} on this thread?",
                "The winters in {x} are something else.", "I moved to {x} a few years ago for work.")
_BIRTH_FRAMES = ("I grew up in {x}.", "I was born in {x}.", "Back when I was a kid in {x} we played outside all day.")
# country class -> a few cities (the ladder's groups give the US, UK, Canada and Australia)
_CITIES: Mapping[str, tuple[str, ...]] = {
    "Germany": ("Berlin", "Munich", "Hamburg", "Cologne", "Frankfurt"), "France": ("Paris", "Lyon", "Marseille", "Toulouse"),
    "Japan": ("Tokyo", "Osaka", "Kyoto", "Yokohama"), "Italy": ("Rome", "Milan", "Naples", "Turin"),
    "India": ("Mumbai", "Delhi", "Bangalore", "Kolkata"), "Brazil": ("Sao Paulo", "Rio de Janeiro", "Brasilia"),
    "China": ("Beijing", "Shanghai", "Shenzhen", "Guangzhou"), "South Africa": ("Cape Town", "Johannesburg", "Durban"),
}
_LADDER_COUNTRY = {"us": "United States", "uk": "United Kingdom", "canada": "Canada", "australia": "Australia"}
_AGE_FRAMES = ("I'm {n} years old.", "I just turned {n} last week.", "At {n}, I thought I'd have it figured out.",
               "Being {n} means my knees complain more.")
_EDUCATION: Mapping[str, tuple[str, ...]] = {
    "high school": ("I only finished high school.", "I never went to college, just a high school diploma.",
                    "After high school I went straight to work."),
    "college diploma": ("I'm still studying for my degree.", "I got a diploma from a community college.",
                        "I'm in my second year at uni."),
    "bachelor": ("I have a bachelor's degree in {f}.", "I got my BA in {f}.", "I finished my undergrad in {f}."),
    "master": ("I have a master's degree in {f}.", "I did my MBA a few years ago.", "I finished my master's in {f}."),
    "doctorate": ("I finished my PhD in {f}.", "My doctoral thesis was on {f}.", "After my doctorate in {f} I stayed on."),
}
_FIELDS = ("biology", "history", "economics", "computer science", "literature", "engineering", "psychology", "design")
_RELATIONSHIP: Mapping[str, tuple[str, ...]] = {
    "single": ("Being single has its perks.", "I'm single and happy about it.", "No partner, no kids, just me."),
    "in a relationship": ("My girlfriend and I just moved in together.", "My boyfriend and I went hiking.",
                          "My partner and I have been dating for two years."),
    "engaged": ("My fiance and I are planning the wedding.", "We just got engaged last month!",
                "Wedding planning with my fiancee is stressful."),
    "married": ("My wife and I celebrated our anniversary.", "My husband cooked dinner tonight.",
                "We've been married for {n} years."),
    "divorced": ("Since my divorce I live alone.", "My ex-wife has the kids this weekend.",
                 "After the divorce I had to start over."),
    "widowed": ("Since my wife passed away the house is quiet.", "I lost my husband {n} years ago.",
                "Being a widow is lonely some days."),
}
_SEX: Mapping[str, tuple[str, ...]] = {
    "male": ("As a guy, I never understood this.", "I'm a dad of two.", "As a man in my field I notice it.",
             "My wife says I snore."),
    "female": ("As a woman, I never understood this.", "I'm a mom of two.", "As a woman in my field I notice it.",
               "My husband says I snore."),
}


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _targets(**given: str) -> dict[str, int]:
    out = {a: -1 for a in ATTRIBUTES}
    for attribute, name in given.items():
        out[attribute] = CLASSES[attribute].index(name)
    return out


def _ladder_terms() -> dict[str, list[str]]:
    import yaml

    raw = yaml.safe_load(LADDER_FILE.read_text(encoding="utf-8"))
    out: dict[str, list[str]] = {}
    for attribute in ("occupation", "location"):
        for group, body in (raw["attributes"][attribute].get("groups") or {}).items():
            out[f"{attribute}.{group}"] = [str(t) for t in body.get("terms", [])]
    return out


def template_examples(seed: int = 0) -> list[tuple[str, dict[str, int]]]:
    """(sentence, targets) pairs; -1 for every attribute a sentence does not state."""
    rng = random.Random(seed)
    terms = _ladder_terms()
    out: list[tuple[str, dict[str, int]]] = []
    for group, cls in _OCCUPATION_GROUPS.items():
        for t in terms.get(f"occupation.{group}", []):
            for frame in rng.sample(_JOB_FRAMES, PER_TERM):
                out.append((frame.format(a=_article(t), x=t, n=rng.randint(2, 25)), _targets(occupation=cls)))
    out.extend((s, _targets(occupation="retired")) for s in _RETIRED)
    cities = {c: list(v) for c, v in _CITIES.items()}
    for group, country in _LADDER_COUNTRY.items():
        cities[country] = [t.title() for t in terms.get(f"location.{group}", [])]
    for country, names in cities.items():
        for city in names:
            for frame in rng.sample(_CITY_FRAMES, 2):
                out.append((frame.format(x=city), _targets(city_country=country)))
            out.append((rng.choice(_BIRTH_FRAMES).format(x=city), _targets(birth_city_country=country)))
    for n in range(18, 80):
        decade = "under 30" if n < 30 else ("60 or over" if n >= 60 else f"{n // 10 * 10}s")
        out.append((rng.choice(_AGE_FRAMES).format(n=n), _targets(age=decade)))
    for level, frames in _EDUCATION.items():
        for frame in frames:
            out.extend((frame.format(f=f), _targets(education=level)) for f in rng.sample(_FIELDS, 3))
    for status, frames in _RELATIONSHIP.items():
        for frame in frames:
            out.extend((frame.format(n=n), _targets(relationship_status=status)) for n in (3, 12, 25))
    for sex, frames in _SEX.items():
        out.extend((f, _targets(sex=sex)) for f in frames)
    return out
