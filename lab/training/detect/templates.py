"""Template texts with their private spans marked, for the prose tagger.

Frames (frames.py) are filled from word lists (lexicon.py); a slot in capitals is tagged with its
class, a lower-case slot is public and is not. Texts are one frame or two to three frames of any
group run together (a prompt that says who the writer is and then asks about something public),
and some are lower-cased whole (chat style). Frames are split into train and val by a seeded
shuffle within each group, so the val texts are sentences the head never saw.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

from lab.training.detect import frames as F
from lab.training.detect import lexicon as L

__all__ = ["Example", "SLOT_LABEL", "split_frames", "render", "template_examples"]

Example = tuple[str, list[tuple[int, int, str]]]  # text, [(start, end, label)]

# A capitals slot -> its class; every other slot is public (not tagged).
SLOT_LABEL = {
    "NAME": "PERSON", "FIRST": "PERSON", "LAST": "PERSON", "CITY": "LOCATION", "PLACE": "LOCATION",
    "COUNTRY": "LOCATION", "ADDR": "LOCATION", "STREET": "LOCATION", "ORG": "ORGANIZATION",
    "SCHOOL": "ORGANIZATION", "DOB": "DATE", "WHEN": "DATE",
}
_SLOT = re.compile(r"\{([A-Za-z]{1,12})([0-9]?)\}")
VAL_SHARE = 0.2  # frames of each group held out for validation
LOWER_SHARE = 0.15  # texts lower-cased whole: people type prompts that way
JOIN_SHARE = 0.4  # texts made of two or three frames
STRUCTURED_SHARE = 0.06  # parts that are tables, code, formulas or option lists (structured())
FORM_SHARE = 0.06  # parts that are a private person's record (form())
MADE_UP_SHARE = 0.3  # private cities that are made up (public ones: half as often)
_GROUPS = {"public": F.PUBLIC_FRAMES, "private": F.PRIVATE_FRAMES, "note": F.NOTE_FRAMES, "mixed": F.MIXED_FRAMES}


def split_frames(seed: int) -> dict[str, dict[str, list[str]]]:
    """{"train"|"val": {group: frames}}: a seeded share of every group held out for val."""
    rng = random.Random(seed)
    out: dict[str, dict[str, list[str]]] = {"train": {}, "val": {}}
    for group, frames in _GROUPS.items():
        order = list(frames)
        rng.shuffle(order)
        k = max(1, round(VAL_SHARE * len(order)))
        out["val"][group], out["train"][group] = order[:k], order[k:]
    return out


def _name(rng: random.Random) -> str:
    first, last = rng.choice(L.FIRST_NAMES), rng.choice(L.SURNAMES)
    r = rng.random()
    if r < 0.6:
        return f"{first} {last}"
    if r < 0.72:
        return f"{first} {rng.choice(L.FIRST_NAMES)} {last}"
    if r < 0.82:
        return f"{first} {rng.choice('ABCDEFGHJKLMNPRSTW')}. {last}"
    if r < 0.9:
        return f"{first} {last}-{rng.choice(L.SURNAMES)}"
    return first


def _date(rng: random.Random, year_lo: int, year_hi: int) -> str:
    y, m, d = rng.randint(year_lo, year_hi), rng.randint(1, 12), rng.randint(1, 28)
    month = L.MONTHS[m - 1]
    forms = (f"{month} {d}, {y}", f"{d} {month} {y}", f"{m:02d}/{d:02d}/{y}", f"{y}-{m:02d}-{d:02d}",
             f"{d}.{m:02d}.{y}", f"the {d}{_suffix(d)} of {month} {y}", f"{month[:3]} {d} {y}", f"{d}/{m}/{y}")
    return rng.choice(forms)


def _suffix(d: int) -> str:
    return "th" if 10 <= d % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th")


def _when(rng: random.Random) -> str:
    wd, mo, d = rng.choice(L.WEEKDAYS), rng.choice(L.MONTHS), rng.randint(1, 28)
    h = rng.randint(8, 18)
    forms = (wd, f"next {wd}", f"{wd} at {h % 12 or 12}{rng.choice(['pm', 'am', ' pm'])}", f"{mo} {d}", _time(rng),
             f"{_date(rng, 2023, 2027)} at {_time(rng)}",
             f"{d} {mo}", f"{mo} {d}{_suffix(d)} at {h}:{rng.choice(['00', '15', '30', '45'])}", f"{wd}, {mo} {d}",
             _date(rng, 2023, 2027), f"{d}/{rng.randint(1, 12)}", f"{wd} morning", f"the {d}{_suffix(d)}")
    return rng.choice(forms)


def _made_up_place(rng: random.Random) -> str:
    return rng.choice(L.PLACE_STEMS) + rng.choice(L.PLACE_ENDS)


def _city(rng: random.Random) -> str:
    """A real city, or (MADE_UP_SHARE) a made-up one: the context must carry the tag."""
    if rng.random() < MADE_UP_SHARE:
        place = _made_up_place(rng)
        return rng.choice([place, place, f"Saint {place}", f"{place} {rng.choice(['City', 'Springs', 'Heights'])}"])
    return rng.choice(L.CITIES)


def _street(rng: random.Random, n: int) -> str:
    r = rng.random()
    if r < 0.4:
        return f"{n} {rng.choice(L.STREET_NAMES)} {rng.choice(L.STREET_KINDS)}"
    if r < 0.6:
        return rng.choice(L.FOREIGN_STREETS).format(n=n)
    return rng.choice(L.FOREIGN_STREETS_MORE).format(
        n=n, n2=rng.randint(1, 999), f=rng.choice(L.FIRST_NAMES), s=rng.choice(L.SURNAMES),
        k=rng.choice(L.STREET_KINDS_MORE), c=rng.choice("ABCDEFGHKLMNPQRSTUVWXYZ"))


def _time(rng: random.Random) -> str:
    h, m, sec = rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
    return rng.choice([f"{h:02d}:{m:02d}", f"{h:02d}:{m:02d}:{sec:02d}", f"{h % 12 or 12}:{m:02d} {rng.choice(['AM', 'PM'])}",
                       f"{h} o'clock", f"{h % 12 or 12}{rng.choice(['am', 'pm'])}"])


def _address(rng: random.Random) -> str:
    n = rng.randint(1, 99999) if rng.random() < 0.2 else rng.randint(1, 240)
    street = _street(rng, n)
    r = rng.random()
    city = _city(rng)
    if r < 0.3:
        return street
    if r < 0.6:
        return f"{street}, {city}"
    code = rng.choice([f"{rng.randint(10000, 99999)}", f"{rng.randint(1000, 9999)}",
                       f"{rng.choice('ABCDEFGHKLMNPRSW')}{rng.randint(1, 20)} {rng.randint(1, 9)}{rng.choice('ABDEFGHJ')}{rng.choice('LNPQRSTU')}"])
    return rng.choice([f"{street}, {code} {city}", f"{street}, {city} {code}"])


def _org(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.35:
        return rng.choice(L.BIG_COMPANIES)
    if r < 0.7:
        return f"{rng.choice(L.COMPANY_WORDS)} {rng.choice(L.COMPANY_SUFFIXES)}"
    if r < 0.8:
        return rng.choice([f"{rng.choice(L.SURNAMES)} & Sons", f"{rng.choice(L.SURNAMES)} {rng.choice(L.COMPANY_SUFFIXES)}",
                           f"{rng.choice(L.SURNAMES)} and {rng.choice(L.SURNAMES)} LLP"])
    return rng.choice(L.COMPANY_PATTERNS).format(s=rng.choice(L.SURNAMES), s2=rng.choice(L.SURNAMES),
                                                 s3=rng.choice(L.SURNAMES))


def _school(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.5:
        return rng.choice(L.UNIVERSITIES)
    return rng.choice([f"{rng.choice(L.CITIES)} Community College", f"{rng.choice(L.SURNAMES)} High School",
                       f"St. {rng.choice(L.FIRST_NAMES)}'s Primary School", f"Lycée {rng.choice(L.SURNAMES)}",
                       f"the University of {rng.choice(L.CITIES)}", f"{rng.choice(L.CITIES)} Grammar School"])


def _place(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.55:
        return _city(rng)
    if r < 0.8:
        return f"{_city(rng)}, {rng.choice(L.COUNTRIES).removeprefix('the ')}"
    return rng.choice(L.COUNTRIES)


def _public_company(rng: random.Random) -> str:
    return rng.choice(L.BIG_COMPANIES) if rng.random() < 0.8 else f"{rng.choice(L.COMPANY_WORDS)} {rng.choice(L.COMPANY_SUFFIXES)}"


_FILL: dict[str, Callable[[random.Random], str]] = {
    "NAME": _name, "FIRST": lambda r: r.choice(L.FIRST_NAMES), "LAST": lambda r: r.choice(L.SURNAMES),
    "CITY": _city, "PLACE": _place, "COUNTRY": lambda r: r.choice(L.COUNTRIES),
    "ADDR": _address,
    "STREET": lambda r: (f"{r.choice(L.STREET_NAMES)} {r.choice(L.STREET_KINDS + L.STREET_KINDS_MORE)}" if r.random() < 0.7
                         else re.sub(r"^[0-9]{1,3},? | [0-9]{1,3}$| No\. [0-9]{1,3}$", "", r.choice(L.FOREIGN_STREETS).format(n=7))),
    "ORG": _org, "SCHOOL": _school, "DOB": lambda r: _date(r, 1935, 2012), "WHEN": _when,
    "pperson": lambda r: r.choice(L.PUBLIC_PEOPLE), "pcity": lambda r: _made_up_place(r) if r.random() < MADE_UP_SHARE / 2 else r.choice(L.CITIES),
    "pcountry": lambda r: r.choice(L.COUNTRIES), "plang": lambda r: r.choice(L.PROG_LANGUAGES),
    "tech": lambda r: r.choice(L.TECH), "hlang": lambda r: r.choice(L.HUMAN_LANGUAGES), "company": _public_company,
    "uni": lambda r: r.choice(L.UNIVERSITIES), "acr": lambda r: r.choice(L.ACRONYMS),
    "product": lambda r: r.choice(L.PRODUCTS), "season": lambda r: r.choice(L.SEASONS),
    "holiday": lambda r: r.choice(L.HOLIDAYS), "event": lambda r: r.choice(L.PUBLIC_EVENTS),
    "book": lambda r: r.choice(L.BOOKS), "year": lambda r: str(r.randint(1066, 2030)),
    "pdate": lambda r: _date(r, 1066, 1999), "month": lambda r: r.choice(L.MONTHS),
    "weekday": lambda r: r.choice(L.WEEKDAYS), "job": lambda r: r.choice(L.JOBS), "rel": lambda r: r.choice(L.RELATIVES),
    "cond": lambda r: r.choice(L.CONDITIONS), "n": lambda r: str(r.choice([r.randint(2, 12), r.randint(13, 99), r.randint(100, 9999)])),
    "letter": lambda r: r.choice("ABCDEFGHIJKLMNOPRSTVWZ"), "nameword": lambda r: r.choice(L.NAME_LIKE_WORDS),
    "dish": lambda r: r.choice(L.DISHES), "pword": lambda r: r.choice(L.PUBLIC_WORDS), "role": lambda r: r.choice(L.ROLE_NOUNS),
    "aname": lambda r: f"{r.choice(L.FIRST_NAMES)} {r.choice(L.SURNAMES)}", "d": lambda r: str(r.randint(1, 28)),
    "h": lambda r: str(r.randint(1, 11)),
}


def render(frame: str, rng: random.Random) -> Example:
    """One filled frame and the spans of its capitals slots."""
    text: list[str] = []
    spans: list[tuple[int, int, str]] = []
    pos = 0
    size = 0
    for m in _SLOT.finditer(frame):
        lit = frame[pos : m.start()].replace("{{", "{").replace("}}", "}")
        text.append(lit)
        size += len(lit)
        slot = m.group(1)
        fill = _FILL.get(slot)
        if fill is None:
            raise ValueError(f"unknown slot {{{slot}}} in frame {frame!r}")
        value = fill(rng)
        if size == 0 or frame[: m.start()].rstrip().endswith((".", "?", "!", "\n", ":")):
            value = value[:1].upper() + value[1:]  # a sentence starts with a capital ("The US", "Spring")
        label = SLOT_LABEL.get(slot)
        if label is not None:
            spans.append((size, size + len(value), label))
        text.append(value)
        size += len(value)
        pos = m.end()
    text.append(frame[pos:].replace("{{", "{").replace("}}", "}"))
    return "".join(text), spans


_WORDS = ("alpha", "beta", "gamma", "total", "count", "items", "result", "value", "node", "current", "neighbour",
          "price", "score", "row", "col", "data", "user_id", "name", "key")


def structured(rng: random.Random) -> str:
    """Text with numbers, code, tables, formulas or option letters and nothing private: what
    prompts paste and a tagger must leave alone."""
    kind = rng.randrange(7)
    if kind == 0:
        header = rng.choice(["Date,Open,High,Low,Close,Volume", "id,product,qty,price", "Month,Revenue,Cost,Profit"])
        rows = [",".join([f"2022-{m:02d}-01"] + [f"{rng.uniform(1, 999):.2f}" for _ in range(4)]) for m in range(1, rng.randint(3, 6))]
        return f"Here is the data:\n{header}\n" + "\n".join(rows) + "\nFind the month with the highest value."
    if kind == 1:
        a, b = rng.sample(_WORDS, 2)
        return (f"def solve({a}, {b}):\n    m = len({a})\n    n = len({b})\n    dp = [[0] * (n + 1) for _ in range(m + 1)]\n"
                f"    return dp[m][n]\nWhy is this slow?")
    if kind == 2:
        nums = ", ".join(str(rng.randint(-999, 9999)) for _ in range(rng.randint(4, 9)))
        return rng.choice([f"Sort this list ascendingly. List: [{nums}]", f"Find the median of {{{nums}}}.",
                           f"Which numbers are prime: {nums}?"])
    if kind == 3:
        v = rng.sample("ABCDEFGHKMNPRSTXYZ", 4)
        return (f"Simplify: 2{v[0]} - {v[1]}/(3+{v[2]}) * sum(N=1 to {rng.randint(3, 9)}; ln(N*{v[3].lower()})) "
                f"and E = m(c^2) + gamma*(v/d)")
    if kind == 4:
        opts = rng.sample(L.JOBS, 4)
        return (f"Question: which job needs a licence? A. {opts[0]} B. {opts[1]} C. {opts[2]} D. {opts[3]} "
                "E. None of the above")
    if kind == 5:
        h, w, d = (f"{rng.uniform(10, 90):.1f}" for _ in range(3))
        return f'Dimensions (inches): {h}"H x {w}"W x {d}"D. Weight: {rng.randint(5, 80)} lb. Side tables: {rng.randint(1, 4)}'
    temp, pm = rng.randint(-10, 35), rng.randint(5, 90)
    return f"Facts: Temp: {temp} C, pm2.5: {pm}, wind: {rng.randint(1, 40)} km/h. Write the weather report."


# A record about a person: (label variants, slot) per field; the value is tagged.
_FORM_FIELDS = (
    (("Name", "Full Name", "Customer", "Patient", "Applicant", "Employee"), "NAME"),
    (("First Name", "Given Name"), "FIRST"), (("Last Name", "Surname", "Family Name"), "LAST"),
    (("Date of Birth", "DOB", "Birth Date", "Born"), "DOB"), (("Street", "Street Address"), "STREET"),
    (("Address", "Home Address", "Billing Address"), "ADDR"), (("City", "Town", "City of residence"), "CITY"),
    (("Country", "Country of residence"), "COUNTRY"), (("Employer", "Company", "Organisation"), "ORG"),
    (("School", "University"), "SCHOOL"), (("Appointment", "Visit date", "Start date", "Submitted Date", "Date"), "WHEN"),
    (("Time", "Timestamp", "Time of Submission", "Preferred Contact Time", "Availability"), "TIME"),
)
_STATES = ("ENG", "SCT", "California", "Texas", "Ontario", "Bavaria", "NSW", "Île-de-France", "Lombardy", "CA", "NY")
_FORM_STYLES = ("- {k}: {v}", "{k}: {v}", "<{t}>{v}</{t}>", "<strong>{k}:</strong> {v}<br>", "**{k}**: {v}",
                "{k} - {v}", "  * {k}: [{v}]")


def form(rng: random.Random) -> Example:
    """A record of a private person as prompts paste it (a list, XML, HTML, Markdown), its values tagged."""
    fields = rng.sample(_FORM_FIELDS, rng.randint(2, 6))
    style = rng.choice(_FORM_STYLES)
    lines: list[str] = [rng.choice(["Customer details:", "Please update the record below.", "Patient information",
                                    "Here are the participant's details:", "<person>", "Registration form"])]
    spans: list[tuple[int, int, str]] = []
    size = len(lines[0]) + 1
    if rng.random() < 0.4:
        fields.append((("Building", "Building Number", "House number"), "BUILDING"))
    if rng.random() < 0.3:
        fields.append((("State", "Region"), "STATE"))
    for labels, slot in fields:
        k = rng.choice(labels)
        if slot == "BUILDING":
            v, label = str(rng.randint(1, 999)), "LOCATION"
        elif slot == "STATE":
            v, label = rng.choice(_STATES), "LOCATION"
        elif slot == "TIME":
            v, label = _time(rng), "DATE"
        else:
            v, label = _FILL[slot](rng), SLOT_LABEL[slot]
        t = k.lower().replace(" ", "_")
        line = style.format(k=k, v=v, t=t)
        at = len(style.split("{v}")[0].format(k=k, t=t))
        spans.append((size + at, size + at + len(v), label))
        lines.append(line)
        size += len(line) + 1
    return "\n".join(lines), spans


def _join(parts: Sequence[Example], rng: random.Random) -> Example:
    text, spans = "", []
    for t, sp in parts:
        if text:
            text += rng.choice([" ", " ", "\n", "\n\n"])
        spans.extend((s + len(text), e + len(text), c) for s, e, c in sp)
        text += t
    return text, spans


def template_examples(split: str, seed: int, count: int) -> list[Example]:
    """`count` texts from the `split` ("train" or "val") frames, seeded."""
    frames = split_frames(seed)[split]
    rng = random.Random(f"{seed}:{split}")
    groups = list(frames)
    # Public questions most (most prompts are), then private statements, notes and mixed texts.
    weights = {"public": 0.42, "private": 0.28, "note": 0.18, "mixed": 0.12}
    out: list[Example] = []
    for _ in range(count):
        k = 1 if rng.random() >= JOIN_SHARE else rng.choice((2, 2, 3))
        parts = []
        for _ in range(k):
            r = rng.random()
            if r < STRUCTURED_SHARE:
                parts.append((structured(rng), []))
                continue
            if r < STRUCTURED_SHARE + FORM_SHARE:
                parts.append(form(rng))
                continue
            g = rng.choices(groups, weights=[weights[x] for x in groups])[0]
            parts.append(render(rng.choice(frames[g]), rng))
        text, spans = _join(parts, rng)
        if rng.random() < LOWER_SHARE:
            text = text.lower()  # same length: spans hold
        out.append((text, spans))
    return out
