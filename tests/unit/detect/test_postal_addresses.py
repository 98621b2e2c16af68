"""Postal addresses as most countries write them (detect/recognizers/postal_addresses.py)."""

from __future__ import annotations

import pytest

from guardian.detect.recognizers.postal_addresses import PostalAddressRecognizer
from guardian.records import Field


@pytest.fixture(scope="module")
def recognizer() -> PostalAddressRecognizer:
    return PostalAddressRecognizer()


def _spans(r: PostalAddressRecognizer, text: str) -> list[str]:
    return [text[f.start:f.end] for f in r.analyze(Field("text:", "content", text))]


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Kannst du mir helfen? Lieferung an Birkenweg 7a, 34117 Kassel bitte.", "Birkenweg 7a, 34117 Kassel"),
        ("Envíalo a Avenida de la Paz 18, 2.º C, 46021 Valencia, gracias.", "Avenida de la Paz 18, 2.º C, 46021 Valencia"),
        ("Trimiteți la Bd. Unirii nr. 21, bl. 4, ap. 12, 030823 București.", "Bd. Unirii nr. 21, bl. 4, ap. 12, 030823 București"),
        ("Пишите: ул. Ленина, д. 8, кв. 31, 620014 Екатеринбург.", "ул. Ленина, д. 8, кв. 31, 620014 Екатеринбург"),
        ("Адрес: 620014 Екатеринбург, ул. Ленина, д. 8. Спасибо!", "620014 Екатеринбург, ул. Ленина, д. 8"),
        ("Στείλτε το στη Σόλωνος 44, 106 79 Αθήνα παρακαλώ.", "Σόλωνος 44, 106 79 Αθήνα"),
        ("Adres: Cumhuriyet Mah. Lale Sok. No: 9 D: 2, 35210 Konak/İzmir", "Cumhuriyet Mah. Lale Sok. No: 9 D: 2, 35210 Konak/İzmir"),
        ("Mieszkam przy ul. Lipowej 3/5, 31-042 Kraków.", "ul. Lipowej 3/5, 31-042 Kraków"),
        ("Het adres is Prinsengracht 263, 1016 GV Amsterdam.", "Prinsengracht 263, 1016 GV Amsterdam"),
    ],
)
def test_an_address_line_with_its_postcode_and_town(recognizer: PostalAddressRecognizer, text: str, address: str) -> None:
    assert _spans(recognizer, text) == [address]


@pytest.mark.parametrize(
    "text",
    [
        "Im Jahr 2009, 50000 Menschen demonstrierten in Berlin.",  # a year and a count, no street
        "Kapitel 12, 2009 Bayern gewann die Meisterschaft.",  # a number after a word, then a year
        "In 1991, 20000 People marched to the capital.",
        "Bei meinem Arbeitgeber, Hofmann Vogt AG, 2 Kollegen sind krank.",
        "Version 3, 10000 Downloads in einer Woche.",
        "Zwischen 1939 und 1945 starben 60000 Menschen in Köln.",
    ],
)
def test_numbers_that_are_not_an_address(recognizer: PostalAddressRecognizer, text: str) -> None:
    assert _spans(recognizer, text) == []


def test_long_and_odd_input_is_bounded(recognizer: PostalAddressRecognizer) -> None:
    text = ("Straße 1, " * 3000) + "12345 Köln " + ("9, " * 3000)
    found = recognizer.analyze(Field("text:", "content", text))
    assert all(f.end <= PostalAddressRecognizer.MAX_CHARS for f in found)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Ich wohne am Kirchweg 7 und habe eine Frage.", ["Kirchweg 7"]),
        ("Please ship the samples to Hahnplatz 5/6.", ["Hahnplatz 5/6"]),
        ("Envíalo a Calle Mayor 5, gracias.", ["Calle Mayor 5"]),
        ("Er landete auf Platz 1.", []),  # a rank, not a street: the word is only the ending
        ("What did the band Calle 13 release?", []),  # a kind of street with no name after it
        ("Die Hauptstraße 1848.", []),  # a year
    ],
)
def test_a_street_and_its_number_without_a_postcode(recognizer: PostalAddressRecognizer, text: str, found: list[str]) -> None:
    assert _spans(recognizer, text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Trimite-mi o carte poștală: Str. Republicii nr. 45, bl. B1, ap. 43, Oradea 🙂",
         ["Str. Republicii nr. 45, bl. B1, ap. 43, Oradea"]),
        ("Stau acasă (Str. Florilor nr. 88, Iași) și nu înțeleg.", ["Str. Florilor nr. 88, Iași"]),
        ("обратный адрес — ул. Мичурина, д. 14, кв. 129, г. Самара. Помоги", ["ул. Мичурина, д. 14, кв. 129, г. Самара"]),
        ("открытку: Комсомольский пр-т, д. 40, кв. 106, г. Пермь 🙂", ["Комсомольский пр-т, д. 40, кв. 106, г. Пермь"]),
        # street types of Russia's address register (FIAS) and Ukraine's, with their abbreviations
        ("Мой адрес: г. Екатеринбург, алл. Южная, д. 609 стр. 6, кв. 8", ["алл. Южная, д. 609 стр. 6, кв. 8"]),
        ("Пишите: туп. Садовый, д. 12, кв. 3, спасибо", ["туп. Садовый, д. 12, кв. 3"]),
        ("Я живу на вул. Шевченка, буд. 14, кв. 7, у Києві", ["вул. Шевченка, буд. 14, кв. 7"]),
        # a street line the town's preposition ends ("... in Köln"); a chapter is no street
        ("Ich wohne Hofweg 3 in Köln und habe eine Frage.", ["Hofweg 3"]),
        ("Ich habe Kapitel 3 in Berlin gelesen.", []),
        # the verbs of living before a street and its number, accents typed or not
        ("μενω Κρυονέρου 689-724, 3ος οροφος, αλλα τελος παντων", ["Κρυονέρου 689-724"]),
        ("Я живу на Садовой 15, и у меня вопрос.", ["Садовой 15"]),
        ("Locuiesc pe Florilor 88, Iași, și am o întrebare.", ["Florilor 88, Iași"]),
        ("Vivo en Madrid desde 2019 y tengo 3 hijos.", []),
        # a street named by its number (Turkey's "375. Sokak"), after its quarter; not a word before it
        ("şu adrese gönderebilirsiniz: Menekşe Mah. 375. Sokak No:123 D:14", ["Menekşe Mah. 375. Sokak No:123 D:14"]),
        ("Evim 1203. Sokak No:5 D:2, Karşıyaka.", ["1203. Sokak No:5 D:2, Karşıyaka"]),
        ("Adresim Atatürk Cad. No:45 Kat:3 Daire:7, Kadıköy", ["Atatürk Cad. No:45 Kat:3 Daire:7, Kadıköy"]),
        ("The Route nr. 5 bus leaves at 10.", []),  # a kind of street without a name: a bus's number
        ("Ich habe Kapitel nr. 3 gelesen.", []),  # a marker without a street
    ],
)
def test_a_street_line_with_a_marked_house_number(recognizer: PostalAddressRecognizer, text: str, found: list[str]) -> None:
    assert _spans(recognizer, text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Meine Wohnanschrift für das Formular: Hering-Weg 1.", ["Hering-Weg 1"]),  # a one-digit house number
        ("Me acabo de mudar a Paseo Ruiz Verdejo 961 Puerta 5. ¿Qué hago?", ["Paseo Ruiz Verdejo 961 Puerta 5"]),
        ("Μένω στη διεύθυνση Τρικορύφου 8. Μπορείτε να βοηθήσετε;", ["Τρικορύφου 8"]),
        ("στειλτε το τιμολογιο στη διευθυνση Βαλανιδούσσας 95. και τι σημαινει αυτο;", ["Βαλανιδούσσας 95"]),  # no accents
        ("Lieferadresse: Löchelstraße 10 Gib das Ausgabeverzeichnis an", ["Löchelstraße 10"]),  # a label, the next sentence run on
        ("η νέα μου διεύθυνση είναι Πάρ. Παύλιανης 5. Ποια είναι", ["Πάρ. Παύλιανης 5"]),
        ("Живу по адресу пер. Сенной, д. 7 стр. 8.", ["пер. Сенной, д. 7 стр. 8"]),
        ("Benim adresim Çiçek 12, lütfen yazın.", ["Çiçek 12"]),
        # four words between the noun and its colon
        ("Διεύθυνση για τα ανταλλακτικά ακουστικά: Παπαναστασίου 51. Και κάτι ακόμα;", ["Παπαναστασίου 51"]),
        ("Welche Adresse nutzt mein Router für Updates: Fritzbox 7590?", []),  # five: a question's topic
        ("Καλησπέρα, άλλαξα διεύθυνση, η καινούργια είναι Εγνατίας 71. Επίσης;", ["Εγνατίας 71"]),
        ("Die Adresse von Firefox 3.5 ist neu.", []),  # the number goes on: a version
        ("La dirección IP 10.0.0.1 no responde.", []),
        ("Ich las Kapitel 7. Danach schlief ich.", []),  # no address noun, no street word
    ],
)
def test_a_street_line_introduced_by_an_address_noun_or_followed_by_its_flat(
    recognizer: PostalAddressRecognizer, text: str, found: list[str]
) -> None:
    assert _spans(recognizer, text) == found


@pytest.mark.parametrize(
    ("text", "address"),
    [
        # the comma Spain, Italy and Portugal write between the street and its number, then the flat
        ("Mi dirección de envío es Avenida Lupita Losa, 17, 8º A. Los pasos son un misterio.", "Avenida Lupita Losa, 17, 8º A"),
        ("Vivo en Calle Mayor, 5, 2º B y no sé qué hacer.", "Calle Mayor, 5, 2º B"),
        # "C." is Correos' abbreviation of "calle"
        ("Escribidme a C. Pérez Galdós, 23, 1.º D, por favor.", "C. Pérez Galdós, 23, 1.º D"),
        ("Abito in Via Roma, 12, Milano.", "Via Roma, 12, Milano"),
        # a street named after a date, and a flat's number before the sentence goes on
        ("Живу на ул. 8 Марта, д. 5, кв. 3 и ничего не понимаю.", "ул. 8 Марта, д. 5, кв. 3"),
        ("Сижу дома по адресу ул. Ленина, д. 130, кв. 30 и пытаюсь понять.", "ул. Ленина, д. 130, кв. 30"),
        # Russian writes the street's kind after its name as often
        ("Живу по адресу: Заречная ул., д. 58, кв. 70. Подскажите, что делать.", "Заречная ул., д. 58, кв. 70"),
    ],
)
def test_a_street_line_with_a_comma_before_its_number_or_a_date_in_its_name(
        recognizer: PostalAddressRecognizer, text: str, address: str) -> None:
    assert _spans(recognizer, text) == [address]


@pytest.mark.parametrize("text", ["En la Plaza Mayor, 3 veces al día.", "La Calle Mayor, 2019.", "В 1990 году я жил там, д. 5 лет"])
def test_a_count_or_a_year_after_a_street_and_its_comma_is_no_house_number(recognizer: PostalAddressRecognizer,
                                                                           text: str) -> None:
    assert _spans(recognizer, text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # home, then a street and its number: the writer's address (after a comma or in brackets)
        ("Στο σπίτι μου (Μαυριών 92) δεν δουλεύει καθόλου το ίντερνετ.", ["Μαυριών 92"]),
        ("γραμμένο από το σπίτι, Αρκίτσας 81", ["Αρκίτσας 81"]),
        ("Zuhause hat 3 Zimmer und einen Balkon.", []),  # a count after home, no street
    ],
)
def test_home_then_a_street_and_its_number(recognizer: PostalAddressRecognizer, text: str, found: list[str]) -> None:
    assert _spans(recognizer, text) == found


@pytest.mark.parametrize(("text", "address"), [
    # a house number written as a range, a Romanian "Drumul", a flat that ends an aside
    ("Das Ersatzteil geht an Gretel-Lenz-Platz 7-9. Wie lange dauert das?", "Gretel-Lenz-Platz 7-9"),
    ("Stau pe Drumul Florilor nr. 63 și acolo wifi-ul e groaznic.", "Drumul Florilor nr. 63"),
    ("Merge prost (la mine acasă, pe Bulevardul Nemeș nr. 27, bl. 14, ap. 50).", "Bulevardul Nemeș nr. 27, bl. 14, ap. 50"),
    # an address noun joined to its street by "to be" across a few words
    ("Η διεύθυνσή μου για την εγγραφή είναι Αιγιάλης 60-34. Τι κάνω;", "Αιγιάλης 60-34"),
    ("Meine Adresse für die Anmeldung ist Hofweg 3, stimmt das Format?", "Hofweg 3"),
])
def test_street_lines_written_in_more_ways(recognizer: PostalAddressRecognizer, text: str, address: str) -> None:
    assert _spans(recognizer, text) == [address]


@pytest.mark.parametrize("text", [
    "Windows 10-11 is the range we support.",  # a range after a name that is no street
    "The address field is Line 2 of the form.",  # no address noun of one's own before a street's words
])
def test_a_range_or_a_verb_alone_makes_no_address(recognizer: PostalAddressRecognizer, text: str) -> None:
    assert _spans(recognizer, text) == []
