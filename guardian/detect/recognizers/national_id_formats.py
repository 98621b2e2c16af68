"""The table of national identifiers `national_ids` finds: one `IdFormat` per written shape.

Each row names the python-stdnum module that checks the number (its `is_valid`: length, check
digits, embedded birth date, region codes as the issuer specifies them), how people write the
number, the words that name it in the country's language(s) and in English, and the measured
fraction of random strings of its shape that the row accepts (`random_pass`, measured by
lab/bench/national_ids.py with 20,000 strings per row). A row is *strong* when that fraction is not
measurably above `STRONG_MAX_PASS` (1 %): its number counts alone. A *weak* row (a single mod-10 or mod-11 check
digit passes about one random string in ten) counts only with a context word.

`shape` is the number's compact form with the character class of each position (a digit, a
letter, either), not the issuer's fixed prefixes: a random string of that shape is what a
stray number in a text looks like. The shapes' classes are `[...]` sets and literals with `{n}`
repeats only, so the bench can draw from them.

Countries asked for that stdnum 2.2 has no personal identifier for: Cyprus, Hungary, Luxembourg
and Malta (VAT numbers only), Germany's social-insurance number, the UK's National Insurance
number (`id_numbers` keeps its own pattern), Russia's SNILS, Singapore's NRIC (stdnum has the
business UEN only) and Nigeria. The US SSN is `ssn`'s. Businesses' numbers (Australia's ABN,
Brazil's CNPJ, Singapore's UEN, Turkey's VKN, Germany's VAT number, France's SIREN, Japan's
corporate number, Russia's ten-digit INN, the US EIN) are rows too, as FINANCIAL: a sole trader's
or a one-person company's names its owner.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from guardian.categories import DataCategory

__all__ = ["IdFormat", "FORMATS", "GENERIC_CONTEXT", "OTHER_NUMBER_CONTEXT", "STRONG_MAX_PASS", "PASS_DRAWS", "is_strong", "cf_name_codes_ok"]

# A check that lets through at most 1 random string in 100 is evidence enough alone; two check
# digits (T.C. Kimlik, Russian INN-12, CPF) sit at 1/100, one check digit at about 1/10.
STRONG_MAX_PASS = 0.01
PASS_DRAWS = 20_000  # random strings per row behind each `random_pass`
# A measured rate within two standard errors of 1 % is not shown to be above it: two check
# digits pass exactly 1 in 100, and the draw alone puts them at 0.93-1.07 %.
PASS_SLACK = 2 * math.sqrt(STRONG_MAX_PASS * (1 - STRONG_MAX_PASS) / PASS_DRAWS)


def is_strong(random_pass: float) -> bool:
    """Whether a format whose random strings pass at this measured rate counts without context."""
    return random_pass <= STRONG_MAX_PASS + PASS_SLACK


@dataclass(frozen=True)
class IdFormat:
    """One national identifier as people write it, and what checks it."""

    country: str  # ISO 3166-1 alpha-2; "CZ/SK" where two countries share one format
    module: str  # the python-stdnum module whose `is_valid` checks it ("de.idnr")
    entity: str
    written: str  # the number as people write it, with its usual separators (case-blind)
    lengths: tuple[int, ...]  # how many letters and digits it holds
    shape: str  # the compact form's character classes: what `random_pass` is measured on
    random_pass: float  # fraction of random `shape` strings accepted (lab/bench/national_ids.py)
    context: tuple[str, ...]  # words that name it, in the country's language(s) and English
    source: str  # who specifies the format
    keeps_separator: bool = False  # the separator is part of the number (Finland's century sign)
    # A rule of the format stdnum leaves out, asked only of a number no word names: a named one
    # needs no more than stdnum's check.
    check: Callable[[str], bool] | None = None
    category: DataCategory = DataCategory.SSN  # a person to a state; a business's number is FINANCIAL

    @property
    def strong(self) -> bool:
        """Whether a valid number counts without a context word."""
        return is_strong(self.random_pass)


# D.M. 23/12/1976 (the codice fiscale's specification): each three-letter name code is the
# name's consonants in order, then its vowels, then "X" when the name is shorter than three
# letters. stdnum checks the date, place and check letter but not this.
_CONSONANT = "[B-DF-HJ-NP-TV-Z]"
_VOWEL = "[AEIOU]"
_CF_NAME_CODE = re.compile(
    rf"{_CONSONANT}{{3}}|{_CONSONANT}{{2}}{_VOWEL}|{_CONSONANT}{_VOWEL}{{2}}|{_VOWEL}{{3}}"
    rf"|{_CONSONANT}{_VOWEL}X|{_VOWEL}{{2}}X|{_VOWEL}XX"
)


def cf_name_codes_ok(number: str) -> bool:
    """Whether the surname and first-name codes of a compact codice fiscale follow the rule."""
    return bool(_CF_NAME_CODE.fullmatch(number[0:3]) and _CF_NAME_CODE.fullmatch(number[3:6]))


# Words that name any national number: with one of them, a weak row's valid number counts.
# Kept to identity words; a bare "id" or "number" names order ids and phone numbers as often.
GENERIC_CONTEXT: tuple[str, ...] = (
    "national id", "nationalid", "national identity", "national identification", "national number",
    "national insurance", "id number", "idnumber", "id no", "id nr", "id card", "identity number",
    "identity card", "identification number", "identity document", "personal id", "personalid",
    "personal number", "personal code", "personal identification", "citizen id", "citizen number",
    "tax id", "taxid", "tax number", "taxnumber", "tax no", "taxno", "tax code", "tax identification",
    "taxpayer", "taxpayerid", "tin", "social security", "social insurance", "insurance number",
    # the same words in the languages the multilingual reader supports (matched folded: no accents)
    "ausweisnummer", "personalausweis", "identifikationsnummer", "steuernummer", "sozialversicherungsnummer",
    "documento de identidad", "numero de identidad", "numero de identificacion", "identificacion fiscal",
    "seguridad social", "numero d identite", "carte d identite", "piece d identite", "numero fiscal",
    "securite sociale", "numero di identita", "carta d identita", "documento d identita", "codice fiscale",
    "numero de identidade", "documento de identidade", "cartao de cidadao", "numero de contribuinte",
    "seguranca social", "act de identitate", "carte de identitate", "cod numeric personal", "cod fiscal",
    "numar de identificare", "αριθμος ταυτοτητας", "δελτιο ταυτοτητας", "φορολογικος αριθμος",
    "αριθμος μητρωου", "κοινωνικης ασφαλισης", "номер паспорта", "паспорт", "удостоверение личности",
    "идентификационный номер", "налоговый номер", "страховой номер", "ідентифікаційний номер",
    "податковий номер", "номер паспорта", "kimlik numarasi", "kimlik no", "kimlik karti", "vergi numarasi",
    "vergi no", "sosyal guvenlik", "numer identyfikacyjny", "dowod osobisty", "numer dowodu",
    "numer podatkowy", "identiteitsnummer", "identiteitskaart", "persoonsnummer", "fiscaal nummer",
    # the identity document's number, the kind left unsaid ("mi número de documento", "document number")
    "numero de documento", "numero do documento", "document number", "numar de document", "numarul documentului",
    # ... or the writer's own identity document named by its everyday word ("mi documento 82695050E",
    # "buletinul meu", "kimliğim", "mein Ausweis")
    "mi documento", "meu documento", "mio documento", "buletin", "buletinul", "buletinul meu", "ταυτοτητα",
    "ταυτοτητα μου", "kimligim", "kimligimdeki", "ausweis", "mein ausweis", "meinem ausweis",
)

# Words that name another kind of number: a strong row's number next to one of them, and not
# named by its own word, is that other number ("order 10000000146", field "phone").
OTHER_NUMBER_CONTEXT: tuple[str, ...] = (
    "phone", "telephone", "tel", "mobile", "cell", "fax", "whatsapp", "sms", "call", "order", "invoice",
    "tracking", "parcel", "shipment", "account", "iban", "isbn", "ean", "serial", "sku", "ticket",
    "booking", "transaction",
)

# fmt: off
FORMATS: tuple[IdFormat, ...] = (
    # -- European Union ----------------------------------------------------------------------
    IdFormat("AT", "at.vnr", "AT_SOCIAL_SECURITY_NUMBER", r"[0-9]{4} ?[0-9]{6}", (10,), "[0-9]{10}", 0.0853,
             ("svnr", "vsnr", "sv nummer", "sozialversicherungsnummer", "versicherungsnummer", "e card"),
             "Dachverband der Sozialversicherungsträger"),
    IdFormat("BE", "be.ssn", "BE_NATIONAL_NUMBER",
             r"[0-9]{2}[ .]?[0-9]{2}[ .]?[0-9]{2}[ .\-]?[0-9]{3}[ .\-]?[0-9]{2}", (11,), "[0-9]{11}", 0.0054,
             ("rijksregisternummer", "rijksregister", "registre national", "numero national", "insz", "niss",
              "rrn", "bis", "national register"),
             "Rijksregister / Registre national (NN and BIS numbers)"),
    IdFormat("BG", "bg.egn", "BG_EGN", r"[0-9]{10}", (10,), "[0-9]{10}", 0.0115,
             ("егн", "egn", "единен граждански номер"), "ГРАО, Закон за гражданската регистрация"),
    IdFormat("CZ/SK", "cz.rc", "CZ_SK_BIRTH_NUMBER", r"[0-9]{6}/?[0-9]{4}", (10,), "[0-9]{10}", 0.0209,
             ("rodne cislo", "rc", "birth number"), "Zákon č. 133/2000 Sb. (CZ); Zákon č. 301/1995 Z. z. (SK)"),
    # birth numbers issued before 1954 have nine digits and no check digit
    IdFormat("CZ/SK", "cz.rc", "CZ_SK_BIRTH_NUMBER", r"[0-9]{6}/?[0-9]{3}", (9,), "[0-9]{9}", 0.1471,
             ("rodne cislo", "rc", "birth number"), "Zákon č. 133/2000 Sb. (CZ); Zákon č. 301/1995 Z. z. (SK)"),
    IdFormat("DK", "dk.cpr", "DK_CPR", r"[0-9]{6}-?[0-9]{4}", (10,), "[0-9]{10}", 0.0323,
             ("cpr", "cpr nummer", "cpr nr", "personnummer"), "CPR-kontoret, Det Centrale Personregister"),
    # the first digit is sex and century, 1800-2199 as stdnum reads it
    IdFormat("EE", "ee.ik", "EE_PERSONAL_CODE", r"[1-8][0-9]{10}", (11,), "[0-9]{11}", 0.0028,
             ("isikukood", "ik"), "EVS 585:2007 (isikukood)"),
    IdFormat("ES", "es.dni", "ES_NIF", r"(?:[0-9]{8}|[0-9]{2}\.[0-9]{3}\.[0-9]{3})[ \-]?[A-Z]", (9,), "[0-9]{8}[A-Z]",
             0.0397, ("dni", "nif", "documento nacional de identidad"), "Real Decreto 1553/2005 (DNI)"),
    IdFormat("ES", "es.nie", "ES_NIE", r"[XYZ][ \-]?[0-9]{7}[ \-]?[A-Z]", (9,), "[A-Z][0-9]{7}[A-Z]", 0.0042,
             ("nie", "nif", "numero de identidad de extranjero", "numero de identificacion de extranjero"),
             "Orden INT/2058/2008 (NIE)"),
    IdFormat("FI", "fi.hetu", "FI_PERSONAL_IDENTITY_CODE", r"[0-9]{6}[-+ABCDEFUVWXY][0-9]{3}[0-9A-Y]", (10, 11),
             "[0-9]{6}-[0-9]{3}[0-9A-Z]", 0.0010,
             ("henkilotunnus", "hetu", "personbeteckning", "personal identity code"),
             "Digi- ja väestötietovirasto (henkilötunnus)", keeps_separator=True),
    IdFormat("FR", "fr.nir", "FR_NIR",
             r"[0-9] ?[0-9]{2} ?[0-9]{2} ?(?:[0-9]{2}|2[AB]) ?[0-9]{3} ?[0-9]{3} ?[0-9]{2}", (15,), "[0-9]{15}", 0.0092,
             ("nir", "numero de securite sociale", "securite sociale", "numero insee", "insee", "carte vitale", "nss"),
             "INSEE (numéro d'inscription au répertoire)"),
    IdFormat("FR", "fr.nif", "FR_TAX_NUMBER", r"[0-3][0-9] ?[0-9]{2} ?[0-9]{3} ?[0-9]{3} ?[0-9]{3}", (13,), "[0-9]{13}",
             0.0003, ("numero fiscal", "spi", "nif", "identifiant fiscal", "numero d identification fiscale"),
             "DGFiP (numéro fiscal de référence, SPI)"),
    IdFormat("FR", "fr.siren", "FR_SIREN", r"[0-9]{3} ?[0-9]{3} ?[0-9]{3}", (9,), "[0-9]{9}", 0.1007,
             ("siren", "numero siren", "n siren", "siren number"), "INSEE (SIREN, Luhn)", category=DataCategory.FINANCIAL),
    IdFormat("GR", "gr.amka", "GR_AMKA", r"[0-9]{11}", (11,), "[0-9]{11}", 0.0039,
             ("αμκα", "amka", "αριθμος μητρωου κοινωνικης ασφαλισης"), "ΗΔΙΚΑ (ΑΜΚΑ)"),
    # the EU VAT number is the ΑΦΜ behind Greece's VAT prefix, "EL" (ISO's "GR" in some forms)
    IdFormat("GR", "gr.vat", "GR_AFM", r"(?:(?:EL|GR) ?)?[0-9]{9}", (9, 11), "[0-9]{9}", 0.0990,
             ("αφμ", "afm", "α φ μ", "αριθμος φορολογικου μητρωου"), "ΑΑΔΕ (ΑΦΜ)"),
    IdFormat("HR", "hr.oib", "HR_OIB", r"[0-9]{11}", (11,), "[0-9]{11}", 0.1007,
             ("oib", "osobni identifikacijski broj"), "Zakon o osobnom identifikacijskom broju; ISO 7064 MOD 11,10"),
    IdFormat("IE", "ie.pps", "IE_PPS", r"[0-9]{7}[A-W]", (8,), "[0-9]{7}[A-Z]", 0.0387,
             ("pps", "ppsn", "personal public service"), "Department of Social Protection (PPS number)"),
    IdFormat("IE", "ie.pps", "IE_PPS", r"[0-9]{7}[A-W][ABHWTX]", (9,), "[0-9]{7}[A-Z]{2}", 0.0095,
             ("pps", "ppsn", "personal public service"), "Department of Social Protection (PPS number)"),
    # omocodia: where two people's codes would clash, the Agenzia replaces digits, from the last
    # one back, by the letters L-V (0-9); stdnum reads them, and so must the written form
    IdFormat("IT", "it.codicefiscale", "IT_FISCAL_CODE",
             r"[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]",
             (16,), "[A-Z]{6}[0-9]{2}[A-Z][0-9]{2}[A-Z][0-9]{3}[A-Z]", 0.0069,
             ("codice fiscale", "cf", "c f", "tessera sanitaria", "fiscal code"),
             "D.M. 23/12/1976 (codice fiscale)", check=cf_name_codes_ok),
    IdFormat("LT", "lt.asmens", "LT_PERSONAL_CODE", r"[1-8][0-9]{10}", (11,), "[0-9]{11}", 0.0026,
             ("asmens kodas", "ak"), "LST 1185 (asmens kodas)"),
    # codes of exceptional cases start with 9 and hold no date: one check digit is all that tells
    # them from a stray number that starts with 9, so they count only where a word names them
    IdFormat("LT", "lt.asmens", "LT_PERSONAL_CODE", r"9[0-9]{10}", (11,), "9[0-9]{10}", 0.0987,
             ("asmens kodas", "ak"), "LST 1185 (asmens kodas)"),
    IdFormat("LV", "lv.pvn", "LV_PERSONAL_CODE", r"[0-3][0-9]{5}-?[0-9]{5}", (11,), "[0-9]{11}", 0.0053,
             ("personas kods", "pk"), "PMLP (personas kods)"),
    IdFormat("NL", "nl.bsn", "NL_BSN", r"[0-9]{4}\.?[0-9]{2}\.?[0-9]{3}|[0-9]{3} [0-9]{3} [0-9]{3}", (9,), "[0-9]{9}",
             0.0896, ("bsn", "burgerservicenummer", "sofinummer", "sofi nummer"), "Wet algemene bepalingen BSN (11-proef)"),
    IdFormat("PL", "pl.pesel", "PL_PESEL", r"[0-9]{11}", (11,), "[0-9]{11}", 0.0193,
             ("pesel",), "Ustawa o ewidencji ludności (PESEL)"),
    # a taxpayer's number, a person's as often as a firm's; people write it in groups of 3-3-2-2
    IdFormat("PL", "pl.nip", "PL_NIP", r"[0-9]{3}-?[0-9]{3}-?[0-9]{2}-?[0-9]{2}|[0-9]{3}-[0-9]{2}-[0-9]{2}-[0-9]{3}", (10,),
             "[0-9]{10}", 0.0948, ("nip", "numer identyfikacji podatkowej", "numer nip"),
             "Ustawa o zasadach ewidencji i identyfikacji podatników i płatników (NIP)"),
    # the citizen card's document number: the civil id, its check digit, a two-character version, a check digit
    IdFormat("PT", "pt.cc", "PT_CC", r"[0-9]{8} ?[0-9] ?[A-Z0-9]{2}[0-9]", (12,), "[0-9]{9}[A-Z0-9]{2}[0-9]", 0.0980,
             ("cartao de cidadao", "numero do cartao de cidadao", "numero de documento", "cc", "citizen card"),
             "Lei 7/2007, AMA (número de documento do Cartão de Cidadão)"),
    IdFormat("PT", "pt.nif", "PT_NIF", r"[1-9][0-9]{2} ?[0-9]{3} ?[0-9]{3}", (9,), "[0-9]{9}", 0.0924,
             ("nif", "contribuinte", "numero de contribuinte", "numero de identificacao fiscal"), "AT, Portal das Finanças (NIF)"),
    IdFormat("RO", "ro.cnp", "RO_CNP", r"[1-9][0-9]{12}", (13,), "[0-9]{13}", 0.0014,
             ("cnp", "cod numeric personal"), "Ministerul Afacerilor Interne (CNP)"),
    IdFormat("SE", "se.personnummer", "SE_PERSONAL_NUMBER", r"[0-9]{6}[-+]?[0-9]{4}", (10,), "[0-9]{10}", 0.0037,
             ("personnummer", "personnr", "pnr"), "Skatteverket, folkbokföringslagen 18 §", keeps_separator=True),
    IdFormat("SE", "se.personnummer", "SE_PERSONAL_NUMBER", r"(?:18|19|20)[0-9]{6}[-+]?[0-9]{4}", (12,), "[0-9]{12}",
             0.0003, ("personnummer", "personnr", "pnr"), "Skatteverket, folkbokföringslagen 18 §", keeps_separator=True),
    IdFormat("SI", "si.emso", "SI_EMSO", r"[0-9]{13}", (13,), "[0-9]{13}", 0.0029,
             ("emso", "enotna maticna stevilka obcana"), "Zakon o centralnem registru prebivalstva (EMŠO)"),
    IdFormat("DE", "de.idnr", "DE_TAX_ID", r"[1-9][0-9] ?[0-9]{3} ?[0-9]{3} ?[0-9]{3}", (11,), "[0-9]{11}", 0.0037,
             ("steuer id", "steuerid", "steuer identifikationsnummer", "steueridentifikationsnummer",
              "steuerliche identifikationsnummer", "identifikationsnummer", "idnr", "tax id"),
             "§ 139b AO (steuerliche Identifikationsnummer)"),
    IdFormat("DE", "de.vat", "DE_VAT", r"(?:DE ?)?[0-9]{3} ?[0-9]{3} ?[0-9]{3}", (9, 11), "[0-9]{9}", 0.0930,
             ("ust idnr", "ust id", "ustid", "ust idnr", "umsatzsteuer identifikationsnummer", "umsatzsteuer id",
              "vat", "vat number", "vat id"), "§ 27a UStG (Umsatzsteuer-Identifikationsnummer)",
             category=DataCategory.FINANCIAL),
    # -- United Kingdom, North America ---------------------------------------------------------
    IdFormat("GB", "gb.nhs", "UK_NHS", r"[0-9]{3}[ \-]?[0-9]{3}[ \-]?[0-9]{4}", (10,), "[0-9]{10}", 0.0890,
             ("nhs", "nhs number", "nhs no", "chi number"), "NHS Digital (NHS number, modulus 11)"),
    IdFormat("GB", "gb.utr", "UK_UTR", r"[0-9]{5} ?[0-9]{5}", (10,), "[0-9]{10}", 0.1001,
             ("utr", "unique taxpayer reference", "self assessment"), "HMRC (Unique Taxpayer Reference)"),
    IdFormat("US", "us.ein", "US_EIN", r"[0-9]{2}-?[0-9]{7}", (9,), "[0-9]{9}", 0.8314,
             ("ein", "fein", "employer identification number", "federal tax id", "employer id"),
             "IRS (EIN, campus prefixes)", category=DataCategory.FINANCIAL),
    IdFormat("US", "us.itin", "US_ITIN", r"9[0-9]{2}[ \-]?[0-9]{2}[ \-]?[0-9]{4}", (9,), "[0-9]{9}", 0.0275,
             ("itin", "individual taxpayer identification number"), "IRS (ITIN: 9XX-7X-XXXX, 9XX-8X-XXXX ...)"),
    IdFormat("CA", "ca.sin", "CA_SIN", r"[0-9]{3}[ \-]?[0-9]{3}[ \-]?[0-9]{3}", (9,), "[0-9]{9}", 0.0802,
             ("sin", "social insurance number", "nas", "numero d assurance sociale"),
             "Employment and Social Development Canada (SIN, Luhn)"),
    IdFormat("MX", "mx.curp", "MX_CURP", r"[A-Z]{4}[0-9]{6}[HMX][A-Z]{5}[0-9A-Z][0-9]", (18,),
             "[A-Z]{4}[0-9]{6}[A-Z]{6}[0-9A-Z][0-9]", 0.0001,
             ("curp", "clave unica de registro de poblacion"), "RENAPO (CURP)"),
    IdFormat("MX", "mx.rfc", "MX_RFC", r"[A-Z]{4}[ \-]?[0-9]{6}[ \-]?[0-9A-Z]{3}", (13,), "[A-Z]{4}[0-9]{6}[0-9A-Z]{3}",
             0.0365, ("rfc", "registro federal de contribuyentes"), "SAT (RFC de personas físicas)"),
    # -- Asia-Pacific ----------------------------------------------------------------------------
    IdFormat("AU", "au.tfn", "AU_TFN", r"[0-9]{3} ?[0-9]{3} ?[0-9]{3}", (9,), "[0-9]{9}", 0.0892,
             ("tfn", "tax file number"), "Australian Taxation Office (TFN)"),
    IdFormat("AU", "au.tfn", "AU_TFN", r"[0-9]{3} ?[0-9]{3} ?[0-9]{2}", (8,), "[0-9]{8}", 0.0932,
             ("tfn", "tax file number"), "Australian Taxation Office (TFN)"),
    # a business's number: a sole trader's names its owner to the state as a person's does
    IdFormat("AU", "au.abn", "AU_ABN", r"[0-9]{2} ?[0-9]{3} ?[0-9]{3} ?[0-9]{3}", (11,), "[0-9]{11}", 0.0106,
             ("abn", "australian business number"), "Australian Business Register (ABN, mod 89)",
             category=DataCategory.FINANCIAL),
    IdFormat("SG", "sg.uen", "SG_UEN", r"[0-9]{8}[A-Z]", (9,), "[0-9]{8}[A-Z]", 0.0385,
             ("uen", "unique entity number"), "ACRA (UEN of a business)", category=DataCategory.FINANCIAL),
    IdFormat("SG", "sg.uen", "SG_UEN", r"(?:19|20)[0-9]{7}[A-Z]", (10,), "[0-9]{9}[A-Z]", 0.0007,
             ("uen", "unique entity number"), "ACRA (UEN of a local company)", category=DataCategory.FINANCIAL),
    IdFormat("SG", "sg.uen", "SG_UEN", r"[TSR][0-9]{2}[A-Z]{2}[0-9]{4}[A-Z]", (10,), "[TSR][0-9]{2}[A-Z]{2}[0-9]{4}[A-Z]", 0.0017,
             ("uen", "unique entity number"), "ACRA (UEN of another entity)", category=DataCategory.FINANCIAL),
    IdFormat("IN", "in_.aadhaar", "IN_AADHAAR", r"[2-9][0-9]{3}[ \-]?[0-9]{4}[ \-]?[0-9]{4}", (12,), "[0-9]{12}",
             0.0814, ("aadhaar", "aadhar", "uidai", "uid", "आधार"), "UIDAI (Aadhaar, Verhoeff check digit)"),
    IdFormat("IN", "in_.pan", "IN_PAN", r"[A-Z]{3}P[A-Z][0-9]{4}[A-Z]", (10,), "[A-Z]{5}[0-9]{4}[A-Z]", 0.0374,
             ("pan", "pan card", "permanent account number"), "Income Tax Department (PAN of an individual)"),
    IdFormat("JP", "jp.in_", "JP_MY_NUMBER", r"[0-9]{4}[ \-]?[0-9]{4}[ \-]?[0-9]{4}", (12,), "[0-9]{12}", 0.1041,
             ("my number", "mynumber", "individual number", "マイナンバー", "個人番号", "kojin bango"),
             "番号法 (個人番号)"),
    IdFormat("JP", "jp.cn", "JP_CORPORATE_NUMBER", r"[0-9]-?[0-9]{4}-?[0-9]{4}-?[0-9]{4}", (13,), "[0-9]{13}",
             0.1003, ("corporate number", "法人番号", "hojin bango", "houjin bangou"), "国税庁 (法人番号)",
             category=DataCategory.FINANCIAL),
    IdFormat("KR", "kr.rrn", "KR_RRN", r"[0-9]{6}-?[0-9]{7}", (13,), "[0-9]{13}", 0.0035,
             ("주민등록번호", "rrn", "resident registration number"), "주민등록법 (주민등록번호)"),
    IdFormat("CN", "cn.ric", "CN_RESIDENT_ID", r"[1-9][0-9]{16}[0-9X]", (18,), "[0-9]{17}[0-9X]", 0.0000,
             ("身份证", "身份证号", "居民身份证", "resident identity card"), "GB 11643-1999 (公民身份号码)"),
    # -- Latin America, Africa, Middle East --------------------------------------------------------
    IdFormat("BR", "br.cpf", "BR_CPF", r"[0-9]{3}\.?[0-9]{3}\.?[0-9]{3}[\-.]?[0-9]{2}", (11,), "[0-9]{11}", 0.0106,
             ("cpf", "cadastro de pessoas fisicas"), "Receita Federal (CPF)"),
    IdFormat("BR", "br.cnpj", "BR_CNPJ", r"[0-9]{2}\.?[0-9]{3}\.?[0-9]{3}/?[0-9]{4}-?[0-9]{2}", (14,), "[0-9]{14}", 0.0105,
             ("cnpj", "cadastro nacional da pessoa juridica"), "Receita Federal (CNPJ)", category=DataCategory.FINANCIAL),
    IdFormat("ZA", "za.idnr", "ZA_ID_NUMBER", r"[0-9]{6} ?[0-9]{4} ?[0-9]{2} ?[0-9]", (13,), "[0-9]{13}", 0.0008,
             ("sa id", "rsa id", "south african id", "identity number", "id number"),
             "Department of Home Affairs (Identification Act 68 of 1997)"),
    IdFormat("TR", "tr.tckimlik", "TR_TC_KIMLIK", r"[1-9][0-9]{10}", (11,), "[0-9]{11}", 0.0081,
             ("tc kimlik", "t c kimlik", "kimlik no", "kimlik numarasi", "tckn", "tc no", "tc"),
             "Nüfus ve Vatandaşlık İşleri (T.C. Kimlik No)"),
    IdFormat("TR", "tr.vkn", "TR_VKN", r"[0-9]{10}", (10,), "[0-9]{10}", 0.0978,
             ("vkn", "vergi kimlik", "vergi kimlik no", "vergi kimlik numarasi", "vergi no", "vergi numarasi"),
             "Gelir İdaresi Başkanlığı (Vergi Kimlik Numarası)", category=DataCategory.FINANCIAL),
    IdFormat("IL", "il.idnr", "IL_ID_NUMBER", r"[0-9]{7,8}-?[0-9]", (8, 9), "[0-9]{9}", 0.0994,
             ("תעודת זהות", "ת ז", "teudat zehut", "mispar zehut"), "Population and Immigration Authority"),
    # -- Eastern Europe, EFTA ----------------------------------------------------------------------
    IdFormat("RU", "ru.inn", "RU_INN", r"[0-9]{12}", (12,), "[0-9]{12}", 0.0092,
             ("инн", "inn", "идентификационный номер налогоплательщика"), "ФНС России (ИНН физического лица)"),
    IdFormat("RU", "ru.inn", "RU_INN_LEGAL", r"[0-9]{10}", (10,), "[0-9]{10}", 0.0992,
             ("инн", "inn", "инн организации", "инн юридического лица", "идентификационный номер налогоплательщика"),
             "ФНС России (ИНН юридического лица)", category=DataCategory.FINANCIAL),
    IdFormat("UA", "ua.rntrc", "UA_RNTRC", r"[0-9]{10}", (10,), "[0-9]{10}", 0.1013,
             ("рнокпп", "іпн", "ипн", "ідентифікаційний код", "ідентифікаційний номер", "инн", "rntrc"),
             "ДПС України (РНОКПП)"),
    IdFormat("NO", "no.fodselsnummer", "NO_BIRTH_NUMBER", r"[0-9]{6} ?[0-9]{5}", (11,), "[0-9]{11}", 0.0008,
             ("fodselsnummer", "fnr", "personnummer"), "Skatteetaten (fødselsnummer)"),
    IdFormat("CH", "ch.ssn", "CH_AHV", r"756\.?[0-9]{4}\.?[0-9]{4}\.?[0-9]{2}", (13,), "[0-9]{13}", 0.0001,
             ("ahv", "avs", "ahv nummer", "ahv nr", "avs no", "sozialversicherungsnummer"),
             "Zentrale Ausgleichsstelle (AHV-Nummer, EAN-13)"),
)
# fmt: on
