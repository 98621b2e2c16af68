"""NationalIdRecognizer: python-stdnum's checks, strong formats alone, weak ones only in context,
overlaps with phone and date readings, field names as context, hostile input."""

from __future__ import annotations

import importlib.util
import json
import logging
import random
import sys
import time
import types
from pathlib import Path

import pytest

from guardian.categories import DataCategory
from guardian.detect import Detector
from guardian.detect.recognizers import NationalIdRecognizer, NerRecognizer
from guardian.detect.recognizers.national_id_formats import (
    FORMATS,
    GENERIC_CONTEXT,
    STRONG_MAX_PASS,
    cf_name_codes_ok,
    is_strong,
)
from guardian.detect.recognizers.national_ids import accepts, fold
from guardian.detect.registry import RECOGNIZER_CLASSES
from guardian.records import Field

REC = NationalIdRecognizer()
BENCH_PY = Path(__file__).resolve().parents[3] / "lab" / "bench" / "national_ids.py"


@pytest.fixture(scope="module")
def bench() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("national_ids_bench", BENCH_PY)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def detector() -> Detector:
    return Detector([cls() for cls in RECOGNIZER_CLASSES if cls is not NerRecognizer])  # every rule, no model


def found(value: str, name: str = "") -> list[tuple[str, str, float]]:
    return [(value[f.start : f.end], f.entity, f.score) for f in REC.analyze(Field("text:", name, value))]


# Published examples (python-stdnum's documentation, issuers' specimens), with each country's word.
EXAMPLES = [
    ("Meine Steuer-ID ist 36 574 261 809.", "36 574 261 809", "DE_TAX_ID"),
    ("Numer PESEL: 44051401359", "44051401359", "PL_PESEL"),
    ("Mi DNI es 54362315-K", "54362315-K", "ES_NIF"),
    ("NIE x-2482300w", "x-2482300w", "ES_NIE"),
    ("Numéro de sécurité sociale : 2 95 10 99 126 111 93", "2 95 10 99 126 111 93", "FR_NIR"),
    ("numéro fiscal 30 23 217 600 053", "30 23 217 600 053", "FR_TAX_NUMBER"),
    ("Codice fiscale RCCMNL83S18D969H", "RCCMNL83S18D969H", "IT_FISCAL_CODE"),
    ("CNP 1630615123457", "1630615123457", "RO_CNP"),
    ("ΑΜΚΑ: 01013099997", "01013099997", "GR_AMKA"),
    ("ΑΦΜ 094259216", "094259216", "GR_AFM"),
    ("BSN 1112.22.333", "1112.22.333", "NL_BSN"),
    ("NIF 123 456 789", "123 456 789", "PT_NIF"),
    ("NIP 526-000-12-46", "526-000-12-46", "PL_NIP"),
    ("Cartão de Cidadão n.º 15672539 4 ZZ5", "15672539 4 ZZ5", "PT_CC"),
    ("rijksregisternummer 85.07.30-033.28", "85.07.30-033.28", "BE_NATIONAL_NUMBER"),
    ("SVNR 1237 010180", "1237 010180", "AT_SOCIAL_SECURITY_NUMBER"),
    ("ЕГН 8032056031", "8032056031", "BG_EGN"),
    ("rodné číslo 710319/2745", "710319/2745", "CZ_SK_BIRTH_NUMBER"),
    ("CPR-nummer 211062-5629", "211062-5629", "DK_CPR"),
    ("isikukood 36805280109", "36805280109", "EE_PERSONAL_CODE"),
    ("henkilötunnus 131052-308T", "131052-308T", "FI_PERSONAL_IDENTITY_CODE"),
    ("OIB 33392005961", "33392005961", "HR_OIB"),
    ("PPS No 6433435F", "6433435F", "IE_PPS"),
    ("PPSN 6433435FT", "6433435FT", "IE_PPS"),
    ("asmens kodas 33309240064", "33309240064", "LT_PERSONAL_CODE"),
    ("personas kods 161175-19997", "161175-19997", "LV_PERSONAL_CODE"),
    ("personnummer 880320-0016", "880320-0016", "SE_PERSONAL_NUMBER"),
    ("EMŠO 0101006500006", "0101006500006", "SI_EMSO"),
    ("NHS number 943 476 5870", "943 476 5870", "UK_NHS"),
    ("UTR 1955839661", "1955839661", "UK_UTR"),
    ("ITIN 912-90-3456", "912-90-3456", "US_ITIN"),
    ("SIN 123-456-782", "123-456-782", "CA_SIN"),
    ("TFN 123 456 782", "123 456 782", "AU_TFN"),
    ("Aadhaar 2341 2341 2346", "2341 2341 2346", "IN_AADHAAR"),
    ("PAN ACUPA7085R", "ACUPA7085R", "IN_PAN"),
    ("マイナンバー 6214 9832 0257", "6214 9832 0257", "JP_MY_NUMBER"),
    ("meu CPF é 390.533.447-05", "390.533.447-05", "BR_CPF"),
    ("CURP BOXW310820HNERXN09", "BOXW310820HNERXN09", "MX_CURP"),
    ("RFC GODE 561231 GR8", "GODE 561231 GR8", "MX_RFC"),
    ("ID number 7503305044089", "7503305044089", "ZA_ID_NUMBER"),
    ("T.C. Kimlik No: 17291716060", "17291716060", "TR_TC_KIMLIK"),
    ("ИНН 500100732259", "500100732259", "RU_INN"),
    ("РНОКПП 1759013776", "1759013776", "UA_RNTRC"),
    ("fødselsnummer 151086 95088", "151086 95088", "NO_BIRTH_NUMBER"),
    ("AHV-Nr. 756.9217.0769.85", "756.9217.0769.85", "CH_AHV"),
    ("주민등록번호 971013-9019902", "971013-9019902", "KR_RRN"),
    ("身份证号码360426199101010071", "360426199101010071", "CN_RESIDENT_ID"),
    ("teudat zehut 039337423", "039337423", "IL_ID_NUMBER"),
    # businesses' numbers
    ("ABN 51 824 753 556", "51 824 753 556", "AU_ABN"),
    ("CNPJ 11.222.333/0001-81", "11.222.333/0001-81", "BR_CNPJ"),
    ("UEN 200812345G", "200812345G", "SG_UEN"),
    ("vergi kimlik no 4540536920", "4540536920", "TR_VKN"),
    ("USt-IdNr. DE136695976", "DE136695976", "DE_VAT"),
    ("SIREN 732 829 320", "732 829 320", "FR_SIREN"),
    ("法人番号 5-8356-7825-6246", "5-8356-7825-6246", "JP_CORPORATE_NUMBER"),
    ("ИНН организации 7707083893", "7707083893", "RU_INN_LEGAL"),
    ("EIN 04-1234567", "04-1234567", "US_EIN"),
]


@pytest.mark.parametrize(("text", "number", "entity"), EXAMPLES)
def test_published_examples_with_their_word(text: str, number: str, entity: str) -> None:
    assert found(text) == [(number, entity, 1.0)]


def test_every_entity_has_an_example() -> None:
    assert {e for _, _, e in EXAMPLES} == set(REC.entities)


def test_countries_asked_for_are_covered() -> None:
    # stdnum has no personal identifier for CY, HU, LU, MT, SG, NG (docs/detection.md); US SSN is ssn.py's
    asked = {"AT", "BE", "BG", "CZ", "SK", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "IE", "IT", "LT",
             "LV", "NL", "PL", "PT", "RO", "SE", "SI", "GB", "US", "CA", "AU", "IN", "JP", "BR", "MX", "ZA",
             "TR", "RU", "UA"}
    covered = {c for fmt in FORMATS for c in fmt.country.split("/")}
    assert asked <= covered


# Denmark stopped keeping CPR numbers mod-11 valid in 2007, an ITIN and a PAN have no check
# character, and stdnum leaves the RFC's out by default (numbers in use fail it): their dates
# and structure only are checked.
NO_CHECK_DIGIT = {"DK_CPR", "IN_PAN", "US_ITIN", "MX_RFC", "US_EIN"}  # an EIN: only its prefix, the IRS campus


@pytest.mark.parametrize(("text", "number", "entity"), [e for e in EXAMPLES if e[2] not in NO_CHECK_DIGIT])
def test_one_character_off_is_not_that_number(text: str, number: str, entity: str) -> None:
    i = max(k for k, ch in enumerate(number) if ch.isdigit())
    off = number[:i] + str((int(number[i]) + 1) % 10) + number[i + 1 :]
    assert all(e != entity for _, e, _ in found(text.replace(number, off)))


def test_strong_formats_count_alone_weak_ones_need_a_word() -> None:
    assert found("Please note 17291716060 here.") == [("17291716060", "TR_TC_KIMLIK", 0.9)]  # strong, in prose
    assert found("My number is 36574261809, can you check it?") == [("36574261809", "DE_TAX_ID", 0.9)]
    # a bare number in machine data is the site's own (an order, a customer) unless its field names it
    assert found("36574261809") == []
    assert found("36574261809", name="steuer_id") == [("36574261809", "DE_TAX_ID", 1.0)]
    assert found("44051401359") == []  # PESEL: weak
    assert found("44051401359 (PESEL)") == [("44051401359", "PL_PESEL", 1.0)]  # the word after it
    assert found("44051401359", name="pesel") == [("44051401359", "PL_PESEL", 1.0)]
    assert found("Tax ID: 44051401359") == [("44051401359", "PL_PESEL", 0.9)]  # a generic word


def test_a_field_name_gives_context() -> None:
    assert found("10000000146", name="tax_id") == [("10000000146", "TR_TC_KIMLIK", 0.9)]
    assert found("8032056031", name="taxId") == [("8032056031", "BG_EGN", 0.9)]
    assert found("8032056031", name="egn") == [("8032056031", "BG_EGN", 1.0)]
    assert found("8032056031", name="orderId") == []


def test_words_of_another_number_keep_an_unnamed_one_out() -> None:
    assert found("order number 10000000146") == []
    assert found("10000000146", name="phone") == []
    assert found("call me on 10000000146") == []
    assert found("TC kimlik no 10000000146, phone") == [("10000000146", "TR_TC_KIMLIK", 1.0)]


def test_a_label_names_the_next_number_only() -> None:
    # "Tax ID" names the first number; the second is a phone number that passes a weak check
    text = "Tax ID: 10000000146, mobile 8032056031"
    assert [e for _, e, _ in found(text)] == ["TR_TC_KIMLIK"]


def test_the_country_word_decides_between_formats() -> None:
    # an Estonian isikukood and a Lithuanian asmens kodas are written and checked alike
    assert found("asmens kodas 36805280109") == [("36805280109", "LT_PERSONAL_CODE", 1.0)]
    assert found("isikukood 36805280109") == [("36805280109", "EE_PERSONAL_CODE", 1.0)]


def test_a_word_for_any_of_a_countrys_numbers_names_each_of_them() -> None:
    # people mix up their own country's names: a DNI called an NIE is still a Spanish id
    assert found("Mi NIE, 71547431C, ya está registrado.") == [("71547431C", "ES_NIF", 1.0)]
    assert found("Mi carnet 71547431C, ya está registrado.") == []  # a weak check, and no word for an id


def test_a_named_number_may_be_typed_in_groups() -> None:
    # read off a card, a number is typed in the writer's own groups; its word names it
    amka = "01015012345"
    while not stdnum_valid("gr.amka", amka):
        amka = str(int(amka) + 1).zfill(11)
    grouped = f"{amka[:6]} {amka[6:]}"
    assert found(f"ΑΜΚΑ: {grouped}") == [(grouped, "GR_AMKA", 1.0)]
    assert found("Мой ИНН 7707 0838 93") == [("7707 0838 93", "RU_INN_LEGAL", 1.0)]
    assert found("PPS number 1234567 T") == [("1234567 T", "IE_PPS", 1.0)]
    assert found(f"My ID number is {grouped}.") == [(grouped, "GR_AMKA", 0.9)]  # an identity word names it too
    # unnamed, only the format's own written form counts
    assert found(f"Please keep {grouped} on file.") == []
    assert found("call 7707 0838 93") == []


def test_the_vat_prefix_and_omocodia_are_the_formats_own() -> None:
    assert ("EL 094259216", "GR_AFM", 1.0) in found("ΑΦΜ: EL 094259216")
    assert found("ΑΦΜ EL094259216") == [("EL094259216", "GR_AFM", 1.0)]
    # a clash between two codes replaces digits, from the last back, by L-V (D.M. 23/12/1976)
    assert found("Codice fiscale: RSSMRA85T10A56NH") == [("RSSMRA85T10A56NH", "IT_FISCAL_CODE", 1.0)]
    assert found("Codice fiscale: RSSMRA85T10A5LNM") == [("RSSMRA85T10A5LNM", "IT_FISCAL_CODE", 1.0)]
    # in its card's groups, two of letters first
    assert found("Codice fiscale: RSS MRA 85T10 A562 S") == [("RSS MRA 85T10 A562 S", "IT_FISCAL_CODE", 1.0)]


def stdnum_valid(module: str, number: str) -> bool:
    return bool(importlib.import_module(f"stdnum.{module}").is_valid(number))


@pytest.mark.parametrize(
    ("text", "number", "entity"),
    [
        ("La plataforma me pide el documento de identidad (08289417X) para los pagos.", "08289417X", "ES_NIF"),
        ("Il mio numero di identità è 36574261809, va bene?", "36574261809", "DE_TAX_ID"),
        ("Kimlik numarası 10000000146 olan kişi", "10000000146", "TR_TC_KIMLIK"),
        # the identity document's number with its kind unsaid
        ("Os paso mi número de documento, 08289417X, para el alta.", "08289417X", "ES_NIF"),
    ],
)
def test_generic_words_in_other_languages_name_a_weak_number(text: str, number: str, entity: str) -> None:
    assert [(n, e) for n, e, _ in found(text)] == [(number, entity)]


@pytest.mark.parametrize(
    "text",
    [
        "pi is 3.14159265358",  # a decimal's tail
        "v2.36574261809",
        "+90 17291716060",  # after a country code: a phone number
        "call 030 17291716060",  # the tail of a spaced number
        "Fri 2024 17291716060 9",  # between other numbers
        "ab17291716060",  # inside a token
        "17291716060-2",  # a longer dashed number
        "/users/17291716060",  # a path
    ],
)
def test_not_inside_other_numbers(text: str) -> None:
    assert found(text) == []


def test_timestamps_and_other_bare_numbers_in_machine_data_are_left_alone() -> None:
    now = int(time.time() * 1000)
    rows = [row for row in REC.rows if row.fmt.strong and 13 in row.fmt.lengths]
    stamp = next(str(t) for t in range(now, now + 10_000_000, 997) if any(accepts(r, str(t)) for r in rows))
    assert REC.analyze(Field("json:$.ts", "ts", stamp)) == []
    assert REC.analyze(Field("json:$.tax_id", "tax_id", stamp)) != []


def test_detector_prefers_a_named_id_over_phone_and_date_readings(detector: Detector) -> None:
    cases = [
        # a valid Belgian number whose first eight characters read as the date 12.05.20
        ("Mijn rijksregisternummer is 12.05.20-001.06 voor de aanvraag.", "12.05.20-001.06", "BE_NATIONAL_NUMBER"),
        ("Please send my TFN 123 456 782 to the accountant.", "123 456 782", "AU_TFN"),
        ("Моя ИНН 500100732259, спасибо.", "500100732259", "RU_INN"),
        ("Mi CURP es BOXW310820HNERXN09 y mi teléfono 5512345678", "BOXW310820HNERXN09", "MX_CURP"),
    ]
    for text, number, entity in cases:
        kept = detector.analyze_field(Field("text:", "", text))
        ids = [(text[f.start : f.end], f.entity) for f in kept if f.recognizer == "national_ids"]
        assert ids == [(number, entity)], (text, kept)


def test_detector_json_field_beats_the_field_name_hint(detector: Detector) -> None:
    [finding] = detector.analyze_field(Field("json:$.tax_id", "tax_id", "10000000146"))
    assert (finding.entity, finding.category, finding.recognizer) == ("TR_TC_KIMLIK", DataCategory.SSN, "national_ids")


def test_detector_keeps_phones_phones(detector: Detector) -> None:
    kept = detector.analyze_field(Field("text:", "", "Ring me on 0612345678 or +49 30 17291716060 tonight."))
    assert all(f.recognizer != "national_ids" for f in kept)


@pytest.mark.parametrize(
    "text",
    [
        "PESEL 44О51401359",  # a Cyrillic О for the zero
        "PESEL ４４０５１４０１３５９",  # fullwidth digits
        "PESEL 4\u03084051401359",  # a combining mark inside
        "PESEL 44051401359\u200b",  # a zero-width space after
        "ΑΜΚΑ ٠١٠١٣٠٩٩٩٩٧ 01013099998",  # Arabic-Indic digits, then one digit off
        "Привет 你好 مرحبا 17291716061 𝟏𝟕𝟐𝟗𝟏𝟕𝟏𝟔𝟎𝟔𝟎",
        "身份证" * 3000 + "360426199101010071",
        "\udcff44051401359\ud800",
        "1 " * 20_000,
        "1-" * 20_000,
        "a " * 20_000 + "44051401359",
    ],
)
def test_hostile_input_neither_raises_nor_logs_the_value(text: str, detector: Detector,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG):
        for f in REC.analyze(Field("text:", "pesel", text)):
            assert 0 <= f.start < f.end <= len(text)
        detector.analyze_field(Field("text:", "pesel", text))
    for digits in ("44051401359", "01013099998", "17291716061", "360426199101010071"):
        assert digits not in caplog.text


def test_a_raising_stdnum_module_reads_as_invalid() -> None:
    row = REC.rows[0]

    class Raising:
        @staticmethod
        def is_valid(number: str) -> bool:
            raise KeyError(number)  # cn.ric raises KeyError on an unknown region

    broken = type(row)(row.fmt, row.index, row.written, row.context, Raising)  # type: ignore[arg-type]
    assert accepts(broken, "1237 010180") is False


def test_a_named_number_needs_no_more_than_stdnum() -> None:
    """The format's own extra rule (the codice fiscale's name codes) decides an unnamed number only:
    one its word names is stdnum's; so are stdnum's written forms (South Africa's "YYMMDD SSSS CA Z")
    and the NIFs of firms and sole traders (first digit 5 to 9), weak and named."""
    assert found("Il mio codice fiscale è WPFIUZ94T66I515M.") == [("WPFIUZ94T66I515M", "IT_FISCAL_CODE", 1.0)]
    assert found("Please keep WPFIUZ94T66I515M on file.") == []
    assert found("My ID number is 661218 2302 18 8.") == [("661218 2302 18 8", "ZA_ID_NUMBER", 1.0)]
    assert found("NIF 501964843") == [("501964843", "PT_NIF", 1.0)]
    assert found("Please keep 501964843 on file.") == []


def test_codice_fiscale_name_codes() -> None:
    assert cf_name_codes_ok("RSSMRA85T10A562S") and cf_name_codes_ok("FOXLIX80A01H501X")
    assert not cf_name_codes_ok("ARSMRA85T10A562S") and not cf_name_codes_ok("RSSAEB85T10A562S")


def test_fold_reads_context_as_people_type_it() -> None:
    assert fold("T.C. Kimlik No:") == " t c kimlik no "
    assert fold("taxId") == " tax id "
    assert fold("ΑΜΚΑ") == " αμκα "
    assert fold("Fødselsnummer") == " fodselsnummer "
    assert fold("Numéro de Sécurité Sociale") == " numero de securite sociale "


def test_table_rows_are_well_formed(bench: types.ModuleType) -> None:
    for fmt in FORMATS:
        assert fmt.entity.startswith(fmt.country.split("/")[0].replace("GB", "UK") + "_"), fmt.entity
        business = fmt.entity in ("AU_ABN", "BR_CNPJ", "SG_UEN", "TR_VKN", "DE_VAT", "FR_SIREN", "JP_CORPORATE_NUMBER",
                                  "RU_INN_LEGAL", "US_EIN")
        assert fmt.category is (DataCategory.FINANCIAL if business else DataCategory.SSN) and fmt.context and fmt.source
        lengths = {sum(ch.isalnum() for ch in bench.draw(bench.parse_shape(fmt.shape), random.Random(1)))}
        assert lengths <= set(fmt.lengths), fmt.entity
    assert "tax id" in GENERIC_CONTEXT and "id" not in GENERIC_CONTEXT


def test_strength_follows_the_measured_pass_rate(bench: types.ModuleType) -> None:
    """Each row's random pass rate, measured again with fewer draws, agrees with the table's (which
    lab/bench/national_ids.py measured with 20,000), and the table's rate decides the strength."""
    draws = 3_000
    for row in REC.rows:
        rng = random.Random(row.fmt.entity + row.fmt.shape)
        positions = bench.parse_shape(row.fmt.shape)
        rate = sum(accepts(row, bench.draw(positions, rng)) for _ in range(draws)) / draws
        sigma = (max(row.fmt.random_pass, 1 / draws) * (1 - row.fmt.random_pass) / draws) ** 0.5
        assert abs(rate - row.fmt.random_pass) <= 4 * sigma + 0.001, (row.fmt.entity, rate)
        assert row.fmt.strong == is_strong(row.fmt.random_pass)
        assert row.fmt.strong or row.fmt.random_pass > STRONG_MAX_PASS


def test_generated_numbers_are_found_as_written(bench: types.ModuleType) -> None:
    """A few valid numbers per row, compact and formatted, in a sentence with the row's word."""
    rng = random.Random(11)
    for row in REC.rows:
        numbers = bench.generate(row, 3, rng)
        assert numbers, row.fmt.entity
        for number in numbers:
            for form in bench.written_forms(row, number):
                text = f"My {row.fmt.context[0]} is {form}."
                assert (form, row.fmt.entity, 1.0) in found(text), (row.fmt.entity, text)


def test_the_bench_runs(bench: types.ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "national_ids.json"
    bench.main(["--random", "20", "--valid", "1", "--out", str(out)])
    rows = json.loads(out.read_text())["rows"]
    assert len(rows) == len(FORMATS) and all(r["with_context"] == 1.0 for r in rows)


def test_the_writers_identity_document_by_its_everyday_word() -> None:
    assert found("Metí mi documento 82695050E al registrarme.") == [("82695050E", "ES_NIF", 0.9)]
    assert found("Pedido 82695050E enviado ayer.") == []  # a weak format with no word is no one's id
