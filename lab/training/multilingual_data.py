"""Training and held-out examples for the multilingual tagger (lab/training/multilingual_tagger.py).

Three sources, all of them licensed for a model that ships:

1. Universal Dependencies treebanks (CC BY-SA): every PROPN token is a name of a person, a place or
   an organisation, left to the model to tell which (a partial label); dates written with a month
   name or in numbers are marked DATE by the per-language patterns below (month names from Babel's
   CLDR data); every other token, sentence-initial question words included, is "O".
2. UniversalNER (CC BY-SA): the same kind of sentences with PER / LOC / ORG spans.
3. First-person frames written here per language, filled with `faker` values of the language's
   locale (MIT): names, street addresses, towns, companies, dates of birth in the language's
   written forms. Treebank sentences also get a faker name, town or company in place of one of
   their proper-noun runs.

An example is (language, text, spans) with spans (start, end, label); label is PERSON, LOCATION,
ORGANIZATION, DATE or NAME (one of the first three, not known which). The held-out split is by
file: the treebanks' test files (the second part of a PUD file where a language has only that),
and three frames per language (`HELD_OUT_FRAMES`) with faker values of another seed.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Example", "LANGS", "RAW", "SOURCES", "treebank_examples", "frame_examples", "question_negatives",
           "date_strings", "split_sources"]

RAW = Path("/work/ml-multi/raw")
LANGS = ("de", "es", "fr", "it", "pt", "nl", "pl", "ro", "el", "ru", "uk", "tr")
FAKER_LOCALE = {"de": "de_DE", "es": "es_ES", "fr": "fr_FR", "it": "it_IT", "pt": "pt_PT", "nl": "nl_NL",
                "pl": "pl_PL", "ro": "ro_RO", "el": "el_GR", "ru": "ru_RU", "uk": "uk_UA", "tr": "tr_TR"}

# (file, language, kind, split, source, licence, commit)
SOURCES: tuple[tuple[str, str, str, str, str, str, str], ...] = (
    ("de_gsd-ud-dev.conllu", "de", "conllu", "train", "UniversalDependencies/UD_German-GSD", "CC BY-SA 4.0", "297fcf350481058d0737a27f0f8fd03b2eadd67a"),
    ("de_gsd-ud-test.conllu", "de", "conllu", "test", "UniversalDependencies/UD_German-GSD", "CC BY-SA 4.0", "297fcf350481058d0737a27f0f8fd03b2eadd67a"),
    ("de_pud-ud-test.iob2", "de", "iob2", "train", "UniversalNER/UNER_German-PUD", "CC BY-SA 3.0", "47eb039b6d80079b280ba70efe4136413fb7af9c"),
    ("es_gsd-ud-dev.conllu", "es", "conllu", "train", "UniversalDependencies/UD_Spanish-GSD", "CC BY-SA 4.0", "57c045644664e5c1e169263cc4e3b95e40c078ba"),
    ("es_gsd-ud-test.conllu", "es", "conllu", "test", "UniversalDependencies/UD_Spanish-GSD", "CC BY-SA 4.0", "57c045644664e5c1e169263cc4e3b95e40c078ba"),
    ("fr_gsd-ud-dev.conllu", "fr", "conllu", "train", "UniversalDependencies/UD_French-GSD", "CC BY-SA 4.0", "830e2782304af08b3cc1c9250475343e04274d81"),
    ("fr_gsd-ud-test.conllu", "fr", "conllu", "test", "UniversalDependencies/UD_French-GSD", "CC BY-SA 4.0", "830e2782304af08b3cc1c9250475343e04274d81"),
    ("it_pud-ud-test.conllu", "it", "conllu", "split", "UniversalDependencies/UD_Italian-PUD", "CC BY-SA 3.0", "71d932aa096368331ba2fd9bc906ec8dd853da8e"),
    ("pt_bosque-ud-train.iob2", "pt", "iob2", "train", "UniversalNER/UNER_Portuguese-Bosque", "CC BY-SA 4.0", "f2c2ad67aed900385fbe5d655af41f439c9b3333"),
    ("pt_bosque-ud-test.conllu", "pt", "conllu", "test", "UniversalDependencies/UD_Portuguese-Bosque", "CC BY-SA 4.0", "5de7ac34028ff6d1718031a4b0ae895717ed8dbe"),
    ("nl_alpino-ud-dev.conllu", "nl", "conllu", "train", "UniversalDependencies/UD_Dutch-Alpino", "CC BY-SA 4.0", "95e374a608d114ec6c6b32f0fbd5f324d29ef286"),
    ("nl_alpino-ud-test.conllu", "nl", "conllu", "test", "UniversalDependencies/UD_Dutch-Alpino", "CC BY-SA 4.0", "95e374a608d114ec6c6b32f0fbd5f324d29ef286"),
    ("pl_pud-ud-test.conllu", "pl", "conllu", "split", "UniversalDependencies/UD_Polish-PUD", "CC BY-SA 4.0", "a726e5866e7f134763d734e6d915b8faf10f552f"),
    ("ro_rrt-ud-dev.conllu", "ro", "conllu", "train", "UniversalDependencies/UD_Romanian-RRT", "CC BY-SA 4.0", "cc00bf852bc3c19ac345457eef8b3e5665392a72"),
    ("ro_rrt-ud-test.conllu", "ro", "conllu", "test", "UniversalDependencies/UD_Romanian-RRT", "CC BY-SA 4.0", "cc00bf852bc3c19ac345457eef8b3e5665392a72"),
    ("el_gud-ud-train.conllu", "el", "conllu", "train", "UniversalDependencies/UD_Greek-GUD", "CC BY-SA 4.0", "e014415b034f6263ab634fafd1e9df8fef5d87aa"),
    ("el_gud-ud-test.conllu", "el", "conllu", "test", "UniversalDependencies/UD_Greek-GUD", "CC BY-SA 4.0", "e014415b034f6263ab634fafd1e9df8fef5d87aa"),
    ("ru_gsd-ud-dev.conllu", "ru", "conllu", "train", "UniversalDependencies/UD_Russian-GSD", "CC BY-SA 4.0", "5400f2fd7264b7699727bb61b09f53841899df26"),
    ("ru_pud-ud-test.iob2", "ru", "iob2", "train", "UniversalNER/UNER_Russian-PUD", "CC BY-SA 3.0", "6f5acd6d728f70b20e4326d841356567796ee844"),
    ("ru_gsd-ud-test.conllu", "ru", "conllu", "test", "UniversalDependencies/UD_Russian-GSD", "CC BY-SA 4.0", "5400f2fd7264b7699727bb61b09f53841899df26"),
    ("uk_parlamint-ud-dev.conllu", "uk", "conllu", "train", "UniversalDependencies/UD_Ukrainian-ParlaMint", "CC BY-SA 4.0", "db32b178704bb0f9cbcc83dfaddb5cab80147ea8"),
    ("uk_parlamint-ud-test.conllu", "uk", "conllu", "test", "UniversalDependencies/UD_Ukrainian-ParlaMint", "CC BY-SA 4.0", "db32b178704bb0f9cbcc83dfaddb5cab80147ea8"),
    ("tr_boun-ud-dev.conllu", "tr", "conllu", "train", "UniversalDependencies/UD_Turkish-BOUN", "CC BY-SA 4.0", "f828b02872123a8dfb336584eab0767c4e55c5f9"),
    ("tr_boun-ud-test.conllu", "tr", "conllu", "test", "UniversalDependencies/UD_Turkish-BOUN", "CC BY-SA 4.0", "f828b02872123a8dfb336584eab0767c4e55c5f9"),
)
PUD_TRAIN_SHARE = 0.7  # a PUD file that is a language's only treebank: its first 70% trains


@dataclass(frozen=True)
class Example:
    lang: str
    text: str
    spans: tuple[tuple[int, int, str], ...]
    source: str


# -- treebanks ---------------------------------------------------------------------------------

def _read_conllu(path: Path) -> list[tuple[str, list[tuple[str, str]]]]:
    """(text, [(form, upos)]) per sentence; a multi-word token is its surface form (upos of its first part)."""
    out: list[tuple[str, list[tuple[str, str]]]] = []
    text, toks, skip_to = "", [], 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# text = "):
            text = line[len("# text = "):]
        elif not line.strip():
            if text and toks:
                out.append((text, toks))
            text, toks, skip_to = "", [], 0
        elif not line.startswith("#"):
            cols = line.split("\t")
            if len(cols) < 4 or "." in cols[0]:
                continue
            if "-" in cols[0]:
                a, b = cols[0].split("-")
                skip_to = int(b)
                toks.append((cols[1], "_MWT"))
                continue
            if int(cols[0]) <= skip_to:
                if toks and toks[-1][1] == "_MWT":
                    toks[-1] = (toks[-1][0], cols[3])
                continue
            toks.append((cols[1], cols[3]))
    if text and toks:
        out.append((text, toks))
    return out


def _align(text: str, forms: list[str]) -> list[tuple[int, int]] | None:
    pos = 0
    spans = []
    for form in forms:
        i = text.find(form, pos)
        if i < 0 or i - pos > 10:
            return None
        spans.append((i, i + len(form)))
        pos = i + len(form)
    return spans


def _runs(spans: list[tuple[int, int]], marks: list[str | None], text: str) -> list[tuple[int, int, str]]:
    """Consecutive tokens with the same mark as one span (a hyphen or a space between them)."""
    out: list[tuple[int, int, str]] = []
    for (s, e), m in zip(spans, marks):
        if m is None:
            continue
        if out and out[-1][2] == m and len(text[out[-1][1]:s]) <= 1 and m != "B":
            out[-1] = (out[-1][0], e, m)
        else:
            out.append((s, e, m))
    return out


def _conllu_examples(path: Path, lang: str, source: str) -> list[Example]:
    out = []
    for text, toks in _read_conllu(path):
        spans = _align(text, [f for f, _ in toks])
        if spans is None:
            continue
        marks = ["NAME" if upos == "PROPN" else None for _, upos in toks]
        ents = _runs(spans, marks, text)
        ents = _with_dates(lang, text, ents)
        out.append(Example(lang, text, tuple(ents), source))
    return out


def _iob2_examples(path: Path, lang: str, source: str) -> list[Example]:
    out = []
    label_of = {"PER": "PERSON", "LOC": "LOCATION", "ORG": "ORGANIZATION"}
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        text, rows = "", []
        for line in block.splitlines():
            if line.startswith("# text = "):
                text = line[len("# text = "):]
            elif line and not line.startswith("#"):
                cols = line.split("\t")
                if len(cols) >= 3:
                    rows.append((cols[1], cols[2]))
        if not text or not rows:
            continue
        spans = _align(text, [f for f, _ in rows])
        if spans is None:
            continue
        ents: list[tuple[int, int, str]] = []
        for (s, e), (_, tag) in zip(spans, rows):
            kind = label_of.get(tag[2:], None) if tag != "O" else None
            if kind is None:
                continue
            if tag.startswith("I-") and ents and ents[-1][2] == kind:
                ents[-1] = (ents[-1][0], e, kind)
            else:
                ents.append((s, e, kind))
        out.append(Example(lang, text, tuple(_with_dates(lang, text, ents)), source))
    return out


def treebank_examples(split: str, raw: Path = RAW) -> list[Example]:
    """Every treebank sentence of the `split` ("train" or "test")."""
    out: list[Example] = []
    for name, lang, kind, file_split, source, _, _ in SOURCES:
        path = raw / name
        if not path.is_file():
            continue
        examples = _conllu_examples(path, lang, source) if kind == "conllu" else _iob2_examples(path, lang, source)
        if file_split == "split":
            cut = int(len(examples) * PUD_TRAIN_SHARE)
            examples = examples[:cut] if split == "train" else examples[cut:]
        elif file_split != split:
            continue
        out.extend(examples)
    return out


def split_sources() -> dict[str, list[str]]:
    """Which files train and which are held out, for the weights' record."""
    out: dict[str, list[str]] = {"train": [], "test": []}
    for name, _, _, file_split, _, _, _ in SOURCES:
        if file_split == "split":
            out["train"].append(f"{name} (first {int(PUD_TRAIN_SHARE * 100)}%)")
            out["test"].append(f"{name} (last {100 - int(PUD_TRAIN_SHARE * 100)}%)")
        else:
            out[file_split].append(name)
    return out


# -- dates -------------------------------------------------------------------------------------

_months_cache: dict[str, list[str]] = {}


def months(lang: str) -> list[str]:
    """The month names of `lang` as dates write them (format and stand-alone, wide and abbreviated; Babel/CLDR)."""
    if lang not in _months_cache:
        from babel import Locale

        loc = Locale.parse(lang)
        names: list[str] = []
        for ctx in ("format", "stand-alone"):
            for width in ("wide", "abbreviated"):
                names.extend(str(v) for v in loc.months[ctx][width].values())
        _months_cache[lang] = sorted({n.rstrip(".") for n in names if len(n.rstrip(".")) >= 3}, key=len, reverse=True)
    return _months_cache[lang]


def _date_regex(lang: str) -> re.Pattern[str]:
    m = "|".join(re.escape(x) for x in months(lang))
    day = r"\d{1,2}(?:\.|er|-?(?:го|ого|я|е|ter|th))?"
    year = r"\d{4}(?:\s?(?:г\.|года|год|р\.|року|r\.|roku|yılı|'?(?:de|da|te|ta|den|dan)))?"
    return re.compile(
        rf"(?<![\w.])(?:{day}\s(?:de\s)?(?:{m})\.?(?:,?\s(?:de\s|del\s)?{year})?|(?:{m})\.?\s{day},?\s{year}|(?:{m})\s(?:de\s)?\d{{4}}"
        rf"|\d{{1,2}}[./-]\d{{1,2}}[./-]\d{{4}}|\d{{4}}-\d{{2}}-\d{{2}})(?!\w)",
        re.I,
    )


_date_res: dict[str, re.Pattern[str]] = {}


def _with_dates(lang: str, text: str, ents: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """`ents` plus the dates of `text` the patterns find (a date overlapping a name is left out)."""
    if lang not in _date_res:
        _date_res[lang] = _date_regex(lang)
    out = list(ents)
    for m in _date_res[lang].finditer(text):
        if not any(s < m.end() and m.start() < e for s, e, _ in ents):
            out.append((m.start(), m.end(), "DATE"))
    return sorted(out)


def date_strings(lang: str, rnd: random.Random) -> str:
    """A date of birth written as people of `lang` write it."""
    from babel import Locale

    loc = Locale.parse(lang)
    y, mo, d = rnd.randint(1935, 2012), rnd.randint(1, 12), rnd.randint(1, 28)
    month = str(loc.months["format"]["wide"][mo])
    numeric = {"de": f"{d:02d}.{mo:02d}.{y}", "pl": f"{d:02d}.{mo:02d}.{y}", "ro": f"{d:02d}.{mo:02d}.{y}",
               "ru": f"{d:02d}.{mo:02d}.{y}", "uk": f"{d:02d}.{mo:02d}.{y}", "tr": f"{d:02d}.{mo:02d}.{y}",
               "nl": f"{d:02d}-{mo:02d}-{y}"}.get(lang, f"{d:02d}/{mo:02d}/{y}")
    worded = {
        "de": f"{d}. {month} {y}", "es": f"{d} de {month} de {y}", "pt": f"{d} de {month} de {y}",
        "fr": f"{'1er' if d == 1 else d} {month} {y}", "it": f"{d} {month} {y}", "nl": f"{d} {month} {y}",
        "pl": f"{d} {month} {y}" + rnd.choice(["", " r.", " roku"]), "ro": f"{d} {month} {y}",
        "el": f"{d} {month} {y}", "ru": f"{d} {month} {y}" + rnd.choice(["", " г.", " года"]),
        "uk": f"{d} {month} {y}" + rnd.choice(["", " р.", " року"]), "tr": f"{d} {month} {y}",
    }[lang]
    return rnd.choice([worded, worded, numeric, f"{y}-{mo:02d}-{d:02d}"])


# -- faker values ------------------------------------------------------------------------------

_TR_CITIES = ("İstanbul Ankara İzmir Bursa Antalya Konya Adana Gaziantep Kayseri Mersin Eskişehir Trabzon Samsun "
              "Denizli Malatya Diyarbakır Erzurum Van Sakarya Manisa").split()
_TR_STREET = ("Sokak", "Caddesi", "Sokağı", "Bulvarı")


class Values:
    """Faker values of one locale, cleaned where a locale gives English or abbreviations."""

    def __init__(self, lang: str, seed: int) -> None:
        from faker import Faker

        self.lang = lang
        self.fake = Faker(FAKER_LOCALE[lang])
        self.fake.seed_instance(seed)
        self.rnd = random.Random(seed)

    def person(self) -> str:
        name = self.fake.name() if self.rnd.random() < 0.5 else f"{self.fake.first_name()} {self.fake.last_name()}"
        return re.sub(r"^(?:Dr\.|Prof\.|Dipl\.-\w+\.|Mme|Mlle|M\.|Sr\.|Sra\.|Dña\.|Dott\.|Sig\.|Sig\.ra|Pan|Pani|Κος|Κα) ", "", name)

    def first(self) -> str:
        return self.fake.first_name()

    def city(self) -> str:
        if self.lang == "tr":
            return self.rnd.choice(_TR_CITIES)
        city = self.fake.city()
        return re.sub(r"^(?:к\.|д\.|с\.|г\.|п\.|ст\.|село|селище|місто|хутір|смт)\s", "", city)

    def street(self) -> str:
        if self.lang == "tr":
            return f"{self.fake.last_name()} {self.rnd.choice(_TR_STREET)} No: {self.rnd.randint(1, 180)}"
        if self.lang == "ro":
            return f"{self.fake.street_name()} nr. {self.rnd.randint(1, 180)}"
        street = self.fake.street_address()
        return re.sub(r"\s{2,}", " ", street).strip()

    def address(self) -> str:
        street = self.street()
        if self.rnd.random() < 0.5:
            return street
        pc = self.fake.postcode() if self.lang != "tr" else str(self.rnd.randint(10000, 81999))
        return f"{street}, {pc} {self.city()}"

    def company(self) -> str:
        return re.sub(r"\s{2,}", " ", self.fake.company()).strip()


# -- frames ------------------------------------------------------------------------------------
# First-person sentences per language; slots: {PER} a full name, {FIRST} a given name, {LOC} a
# town, {ADDR} a street address, {ORG} an employer, {DATE} a date. Public questions ({Q}) follow.
FRAMES: dict[str, list[str]] = {
    "de": [
        "Hallo, ich heiße {PER} und wohne in {LOC}.", "Mein Name ist {PER}, ich wurde am {DATE} geboren.",
        "Meine Tochter {FIRST} hat morgen Geburtstag, was soll ich ihr schenken?", "Ich wohne in der {ADDR}.",
        "Ich arbeite seit drei Jahren bei {ORG} und möchte kündigen.", "Geboren am {DATE} in {LOC}.",
        "Meine Adresse ist {ADDR}, bitte schick das Paket dorthin.", "Ich bin am {DATE} in {LOC} geboren.",
        "Mein Sohn {FIRST} geht in die zweite Klasse.", "Viele Grüße, {PER}", "Ich komme aus {LOC} und lebe jetzt in {LOC}.",
        "Kannst du eine E-Mail an meinen Chef {PER} bei {ORG} schreiben?", "Mein Mann {FIRST} und ich ziehen nach {LOC}.",
        "Schreib einen Brief an {PER}, {ADDR}.",
    ],
    "es": [
        "Hola, me llamo {PER} y vivo en {LOC}.", "Mi nombre es {PER}, nací el {DATE}.",
        "Mi hija {FIRST} cumple años mañana, ¿qué le regalo?", "Vivo en {ADDR}.",
        "Trabajo en {ORG} desde hace tres años y quiero renunciar.", "Nacido el {DATE} en {LOC}.",
        "Mi dirección es {ADDR}, envía el paquete allí.", "Nací en {LOC} el {DATE}.",
        "Mi hijo {FIRST} está en segundo de primaria.", "Saludos, {PER}", "Soy de {LOC} pero ahora vivo en {LOC}.",
        "¿Puedes escribir un correo a mi jefe {PER} de {ORG}?", "Mi marido {FIRST} y yo nos mudamos a {LOC}.",
        "Escribe una carta a {PER}, {ADDR}.",
    ],
    "fr": [
        "Bonjour, je m'appelle {PER} et j'habite à {LOC}.", "Mon nom est {PER}, je suis né le {DATE}.",
        "Ma fille {FIRST} fête son anniversaire demain, que lui offrir ?", "J'habite au {ADDR}.",
        "Je travaille chez {ORG} depuis trois ans et je veux démissionner.", "Née le {DATE} à {LOC}.",
        "Mon adresse est {ADDR}, envoie le colis là-bas.", "Je suis née à {LOC} le {DATE}.",
        "Mon fils {FIRST} est en CE1.", "Cordialement, {PER}", "Je viens de {LOC} mais je vis maintenant à {LOC}.",
        "Peux-tu écrire un e-mail à mon patron {PER} chez {ORG} ?", "Mon mari {FIRST} et moi déménageons à {LOC}.",
        "Écris une lettre à {PER}, {ADDR}.",
    ],
    "it": [
        "Ciao, mi chiamo {PER} e abito a {LOC}.", "Il mio nome è {PER}, sono nato il {DATE}.",
        "Mia figlia {FIRST} compie gli anni domani, cosa le regalo?", "Abito in {ADDR}.",
        "Lavoro presso {ORG} da tre anni e voglio licenziarmi.", "Nata il {DATE} a {LOC}.",
        "Il mio indirizzo è {ADDR}, spedisci il pacco lì.", "Sono nato a {LOC} il {DATE}.",
        "Mio figlio {FIRST} fa la seconda elementare.", "Cordiali saluti, {PER}", "Sono di {LOC} ma ora vivo a {LOC}.",
        "Puoi scrivere una mail al mio capo {PER} di {ORG}?", "Mio marito {FIRST} e io ci trasferiamo a {LOC}.",
        "Scrivi una lettera a {PER}, {ADDR}.",
    ],
    "pt": [
        "Olá, chamo-me {PER} e moro em {LOC}.", "O meu nome é {PER}, nasci a {DATE}.",
        "A minha filha {FIRST} faz anos amanhã, o que lhe ofereço?", "Moro na {ADDR}.",
        "Trabalho na {ORG} há três anos e quero demitir-me.", "Nascida a {DATE} em {LOC}.",
        "A minha morada é {ADDR}, envia a encomenda para lá.", "Nasci em {LOC} no dia {DATE}.",
        "O meu filho {FIRST} está no segundo ano.", "Atenciosamente, {PER}", "Sou de {LOC} mas agora vivo em {LOC}.",
        "Podes escrever um e-mail ao meu chefe {PER} da {ORG}?", "O meu marido {FIRST} e eu vamos mudar-nos para {LOC}.",
        "Escreve uma carta para {PER}, {ADDR}.",
    ],
    "nl": [
        "Hallo, ik heet {PER} en ik woon in {LOC}.", "Mijn naam is {PER}, ik ben geboren op {DATE}.",
        "Mijn dochter {FIRST} is morgen jarig, wat moet ik haar geven?", "Ik woon op de {ADDR}.",
        "Ik werk al drie jaar bij {ORG} en wil ontslag nemen.", "Geboren op {DATE} in {LOC}.",
        "Mijn adres is {ADDR}, stuur het pakket daarheen.", "Ik ben op {DATE} in {LOC} geboren.",
        "Mijn zoon {FIRST} zit in groep vier.", "Met vriendelijke groet, {PER}", "Ik kom uit {LOC} maar woon nu in {LOC}.",
        "Kun je een mail schrijven aan mijn baas {PER} van {ORG}?", "Mijn man {FIRST} en ik verhuizen naar {LOC}.",
        "Schrijf een brief aan {PER}, {ADDR}.",
    ],
    "pl": [
        "Cześć, nazywam się {PER} i mieszkam w {LOC}.", "Mam na imię {FIRST}, urodziłam się {DATE}.",
        "Moja córka {FIRST} ma jutro urodziny, co jej kupić?", "Mieszkam przy ulicy {ADDR}.",
        "Pracuję w {ORG} od trzech lat i chcę się zwolnić.", "Urodzony {DATE} w {LOC}.",
        "Mój adres to {ADDR}, wyślij tam paczkę.", "Urodziłem się {DATE} w {LOC}.",
        "Mój syn {FIRST} chodzi do drugiej klasy.", "Pozdrawiam, {PER}", "Pochodzę z {LOC}, ale teraz mieszkam w {LOC}.",
        "Napisz e-mail do mojego szefa {PER} z {ORG}.", "Mój mąż {FIRST} i ja przeprowadzamy się do {LOC}.",
        "Napisz list do {PER}, {ADDR}.",
    ],
    "ro": [
        "Bună, mă numesc {PER} și locuiesc în {LOC}.", "Numele meu este {PER}, m-am născut pe {DATE}.",
        "Fiica mea {FIRST} își serbează ziua mâine, ce să-i cumpăr?", "Locuiesc pe {ADDR}.",
        "Lucrez la {ORG} de trei ani și vreau să demisionez.", "Născută pe {DATE} în {LOC}.",
        "Adresa mea este {ADDR}, trimite coletul acolo.", "M-am născut în {LOC} pe {DATE}.",
        "Fiul meu {FIRST} este în clasa a doua.", "Cu stimă, {PER}", "Sunt din {LOC}, dar acum locuiesc în {LOC}.",
        "Poți scrie un e-mail șefului meu {PER} de la {ORG}?", "Soțul meu {FIRST} și cu mine ne mutăm în {LOC}.",
        "Scrie o scrisoare către {PER}, {ADDR}.",
    ],
    "el": [
        "Γεια σας, με λένε {PER} και μένω στην {LOC}.", "Το όνομά μου είναι {PER}, γεννήθηκα στις {DATE}.",
        "Η κόρη μου η {FIRST} έχει αύριο γενέθλια, τι να της πάρω;", "Μένω στην οδό {ADDR}.",
        "Δουλεύω στην {ORG} εδώ και τρία χρόνια και θέλω να παραιτηθώ.", "Γεννήθηκα στις {DATE} στην {LOC}.",
        "Η διεύθυνσή μου είναι {ADDR}, στείλε το δέμα εκεί.", "Ημερομηνία γέννησης: {DATE}.",
        "Ο γιος μου ο {FIRST} πάει δευτέρα δημοτικού.", "Με εκτίμηση, {PER}", "Είμαι από την {LOC} αλλά τώρα ζω στην {LOC}.",
        "Γράψε ένα email στον προϊστάμενό μου {PER} της {ORG}.", "Ο άντρας μου ο {FIRST} κι εγώ μετακομίζουμε στην {LOC}.",
        "Γράψε ένα γράμμα στον {PER}, {ADDR}.",
    ],
    "ru": [
        "Здравствуйте, меня зовут {PER}, я живу в {LOC}.", "Меня зовут {PER}, я родился {DATE}.",
        "У моей дочери {FIRST} завтра день рождения, что ей подарить?", "Мой адрес: {ADDR}.",
        "Я работаю в {ORG} уже три года и хочу уволиться.", "Дата рождения: {DATE}, место рождения: {LOC}.",
        "Мой адрес {ADDR}, отправь посылку туда.", "Я родилась {DATE} в {LOC}.",
        "Мой сын {FIRST} учится во втором классе.", "С уважением, {PER}", "Я родом из {LOC}, но сейчас живу в {LOC}.",
        "Напиши письмо моему начальнику {PER} из {ORG}.", "Мы с мужем {FIRST} переезжаем в {LOC}.",
        "Напиши письмо для {PER}, {ADDR}.",
    ],
    "uk": [
        "Добрий день, мене звати {PER}, я живу в {LOC}.", "Мене звати {PER}, я народився {DATE}.",
        "У моєї доньки {FIRST} завтра день народження, що їй подарувати?", "Моя адреса: {ADDR}.",
        "Я працюю в {ORG} вже три роки і хочу звільнитися.", "Дата народження: {DATE}, місце народження: {LOC}.",
        "Моя адреса {ADDR}, надішли посилку туди.", "Я народилася {DATE} у {LOC}.",
        "Мій син {FIRST} навчається в другому класі.", "З повагою, {PER}", "Я родом з {LOC}, але зараз живу в {LOC}.",
        "Напиши лист моєму начальнику {PER} з {ORG}.", "Ми з чоловіком {FIRST} переїжджаємо до {LOC}.",
        "Напиши лист для {PER}, {ADDR}.",
    ],
    "tr": [
        "Merhaba, benim adım {PER} ve {LOC}'da yaşıyorum.", "Adım {PER}, {DATE} tarihinde doğdum.",
        "Kızım {FIRST} yarın doğum günü kutlayacak, ona ne alayım?", "Adresim: {ADDR}.",
        "Üç yıldır {ORG} şirketinde çalışıyorum ve istifa etmek istiyorum.", "Doğum tarihim {DATE}, doğum yerim {LOC}.",
        "Adresim {ADDR}, paketi oraya gönder.", "{DATE} tarihinde {LOC}'da doğdum.",
        "Oğlum {FIRST} ikinci sınıfa gidiyor.", "Saygılarımla, {PER}", "{LOC}'luyum ama şimdi {LOC}'da oturuyorum.",
        "Patronum {PER} için {ORG} adına bir e-posta yaz.", "Eşim {FIRST} ve ben {LOC}'ya taşınıyoruz.",
        "{PER} adına bir mektup yaz, {ADDR}.",
    ],
}
HELD_OUT_FRAMES = (1, 6, 11)  # these frames of each language are held out (a name and a date, an address, a name and an employer)
# Question openers that start a sentence about the world, capitalised: never a name.
OPENERS: dict[str, list[str]] = {
    "de": ["Wie", "Welches", "Welche", "Warum", "Wann", "Wo", "Was", "Wer", "Wieso", "Kannst du", "Erkläre", "Gibt es"],
    "es": ["¿Dónde", "¿Cuál es", "¿Cómo", "¿Por qué", "¿Cuándo", "¿Qué", "¿Quién", "Explica", "Dime", "Hola,"],
    "fr": ["Où", "Quel est", "Quelle est", "Comment", "Pourquoi", "Quand", "Qui", "Explique", "Dis-moi", "Bonjour,"],
    "it": ["Dove", "Qual è", "Come", "Perché", "Quando", "Che cosa", "Chi", "Spiega", "Dimmi", "Ciao,"],
    "pt": ["Onde", "Qual é", "Como", "Por que", "Porque", "Quando", "O que", "Quem", "Explica", "Olá,"],
    "nl": ["Waar", "Welke", "Hoe", "Waarom", "Wanneer", "Wat", "Wie", "Leg uit", "Vertel", "Hallo,"],
    "pl": ["Gdzie", "Jaki", "Jaka", "Jak", "Dlaczego", "Kiedy", "Co", "Kto", "Wyjaśnij", "Czy", "Cześć,"],
    "ro": ["Unde", "Care este", "Care sunt", "Cum", "De ce", "Când", "Ce", "Cine", "Explică", "Bună,"],
    "el": ["Πού", "Ποιο είναι", "Ποια είναι", "Πώς", "Γιατί", "Πότε", "Τι", "Ποιος", "Εξήγησε", "Γεια σας,"],
    "ru": ["Где", "Какой", "Какая", "Как", "Почему", "Когда", "Что", "Кто", "Объясни", "Привет,"],
    "uk": ["Де", "Який", "Яка", "Як", "Чому", "Коли", "Що", "Хто", "Поясни", "Привіт,"],
    "tr": ["Merhaba,", "Özel", "Nasıl", "Neden", "Ne zaman", "Nerede", "Hangi", "Kim", "Açıkla", "Lütfen"],
}


def _fill(frame: str, values: Values, lang: str) -> tuple[str, tuple[tuple[int, int, str], ...]]:
    kinds = {"PER": "PERSON", "FIRST": "PERSON", "LOC": "LOCATION", "ADDR": "LOCATION", "ORG": "ORGANIZATION", "DATE": "DATE"}
    out, spans, pos = [], [], 0
    for m in re.finditer(r"\{(PER|FIRST|LOC|ADDR|ORG|DATE)\}", frame):
        out.append(frame[pos:m.start()])
        start = sum(len(p) for p in out)
        slot = m.group(1)
        value = {"PER": values.person, "FIRST": values.first, "LOC": values.city, "ADDR": values.address,
                 "ORG": values.company, "DATE": lambda: date_strings(lang, values.rnd)}[slot]()
        out.append(value)
        spans.append((start, start + len(value), kinds[slot]))
        pos = m.end()
    out.append(frame[pos:])
    return "".join(out), tuple(spans)


def frame_examples(lang: str, n: int, *, held_out: bool, seed: int) -> list[Example]:
    """`n` filled frames of `lang` (the training frames, or the held-out ones)."""
    frames = [f for i, f in enumerate(FRAMES[lang]) if (i in HELD_OUT_FRAMES) == held_out]
    values = Values(lang, seed)
    out = []
    for i in range(n):
        text, spans = _fill(frames[i % len(frames)], values, lang)
        out.append(Example(lang, text, spans, "frames-heldout" if held_out else "frames"))
    return out


def replaced_examples(examples: list[Example], seed: int, share: float = 0.3) -> list[Example]:
    """Treebank sentences with one proper-noun run swapped for a faker name, town or company."""
    rnd = random.Random(seed)
    values = {lang: Values(lang, seed + i) for i, lang in enumerate(LANGS)}
    out = []
    for ex in examples:
        names = [s for s in ex.spans if s[2] != "DATE"]
        if not names or rnd.random() > share:
            continue
        s, e, _ = rnd.choice(names)
        v = values[ex.lang]
        kind = rnd.choice(["PERSON", "PERSON", "LOCATION", "ORGANIZATION"])
        value = {"PERSON": v.person, "LOCATION": v.city, "ORGANIZATION": v.company}[kind]()
        shift = len(value) - (e - s)
        spans = []
        for a, b, lab in ex.spans:
            if (a, b) == (s, e):
                spans.append((s, s + len(value), kind))
            elif b <= s:
                spans.append((a, b, lab))
            elif a >= e:
                spans.append((a + shift, b + shift, lab))
        out.append(Example(ex.lang, ex.text[:s] + value + ex.text[e:], tuple(spans), ex.source + "+faker"))
    return out


def question_negatives(examples: list[Example], seed: int, share: float = 0.25) -> list[Example]:
    """Treebank sentences opened by a capitalised question word or greeting of their language:
    the opener is never a name (the sentence's own spans keep their labels)."""
    rnd = random.Random(seed)
    out = []
    for ex in examples:
        if rnd.random() > share or not ex.text[:1].isalpha():
            continue
        opener = rnd.choice(OPENERS[ex.lang])
        rest = ex.text
        keep_cap = any(s == 0 for s, _, _ in ex.spans)
        if not keep_cap:
            rest = rest[:1].lower() + rest[1:]
        text = f"{opener} {rest}"
        shift = len(opener) + 1
        out.append(Example(ex.lang, text, tuple((a + shift, b + shift, lab) for a, b, lab in ex.spans), ex.source + "+opener"))
    return out
