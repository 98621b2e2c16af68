"""The registry: which recognisers a default `Detector` runs, in tie-break order."""

from __future__ import annotations

from guardian.detect.base import Recognizer
from guardian.errors import ConfigError
from guardian.detect.recognizers import (
    AccountIdRecognizer,
    AddressRecognizer,
    CompanyRecognizer,
    ContentRecognizer,
    DateRecognizer,
    DeviceIdRecognizer,
    FinancialRecognizer,
    HealthRecognizer,
    SpecialCategoryRecognizer,
    IdNumberRecognizer,
    InlineFieldRecognizer,
    FieldOfStudyRecognizer,
    OccupationRecognizer,
    PlaceRecognizer,
    TownRecognizer,
    LowerCaseRecognizer,
    LivedThereRecognizer,
    QuasiIdentifierRecognizer,
    CoordinatesRecognizer,
    CredentialsRecognizer,
    CreditCardRecognizer,
    EmailRecognizer,
    FieldNameRecognizer,
    IbanRecognizer,
    IpAddressRecognizer,
    NationalIdRecognizer,
    NerRecognizer,
    PhoneRecognizer,
    ProseTaggerRecognizer,
    SalutationRecognizer,
    SelfDisclosureRecognizer,
    MoneyRecognizer,
    SsnRecognizer,
    UsernameRecognizer,
)
from guardian.detect.recognizers.mailbox_names import MailboxNameRecognizer
from guardian.detect.recognizers.multilingual_tagger import MultilingualTaggerRecognizer
from guardian.detect.recognizers.postal_addresses import PostalAddressRecognizer
from guardian.detect.recognizers.national_phones import NationalPhoneRecognizer

__all__ = ["RECOGNIZER_CLASSES", "PROSE_CHOICES", "PROSE_DEFAULT", "recognizer_classes", "default_recognizers"]

# Earlier entries win exact ties (same score, same span). Checksum-backed recognisers first.
RECOGNIZER_CLASSES: tuple[type[Recognizer], ...] = (
    CredentialsRecognizer,
    CreditCardRecognizer,
    IbanRecognizer,
    SsnRecognizer,
    NationalIdRecognizer,  # python-stdnum's check digits, 40 countries
    EmailRecognizer,
    MailboxNameRecognizer,  # the display name of "Jane Doe <jane@example.com>" (RFC 5322)
    PhoneRecognizer,
    NationalPhoneRecognizer,  # libphonenumber: national formats of the text's language's countries
    IpAddressRecognizer,
    CoordinatesRecognizer,
    DeviceIdRecognizer,
    FinancialRecognizer,
    AddressRecognizer,
    PostalAddressRecognizer,  # street, number, postcode and town as most countries write them
    FieldNameRecognizer,
    InlineFieldRecognizer,
    # Natural-language values only, cheap gazetteers and shapes before the model.
    DateRecognizer,
    IdNumberRecognizer,
    AccountIdRecognizer,  # a customer's or member's id after the word for whose it is
    QuasiIdentifierRecognizer,
    UsernameRecognizer,
    SalutationRecognizer,
    SelfDisclosureRecognizer,  # first-person cues: "my name is ...", "I work at ...", "I live at ..."
    OccupationRecognizer,
    FieldOfStudyRecognizer,
    HealthRecognizer,
    SpecialCategoryRecognizer,
    MoneyRecognizer,  # amounts in prose, for the prose tagger (spaCy's NER finds its own)
    PlaceRecognizer,
    TownRecognizer,  # a writer's small town by its name (GeoNames), after a preposition of place
    LowerCaseRecognizer,  # a town or employer typed in lower case after the writer's own cue
    LivedThereRecognizer,  # a town, then the writer's "I live there" (13 languages)
    CompanyRecognizer,  # a company by its legal form (ISO 20275): "Day LLC", "Chapman Group plc"
    ContentRecognizer,
    MultilingualTaggerRecognizer,  # other languages' prose (de es fr it pt nl pl ro el ru uk tr): names, addresses, birth dates
    NerRecognizer,  # last: the slow one, only on natural-language values
)


# The model that reads prose: "spacy" (Presidio's spaCy NER, `NerRecognizer`) or "tagger" (the
# MiniLM prose tagger, `ProseTaggerRecognizer`, trained to leave public names, places and
# products alone). lab/bench/prose_tagger_bench.py compares them.
PROSE_CHOICES = ("spacy", "tagger")
PROSE_DEFAULT = "spacy"


def recognizer_classes(prose: str = PROSE_DEFAULT) -> tuple[type[Recognizer], ...]:
    """`RECOGNIZER_CLASSES` with the prose model of the `prose` choice in NER's place."""
    if prose not in PROSE_CHOICES:
        raise ConfigError(f"unknown prose model {prose!r}; choose one of {PROSE_CHOICES}")
    if prose == "spacy":
        return tuple(cls for cls in RECOGNIZER_CLASSES if cls is not MoneyRecognizer)
    return tuple(ProseTaggerRecognizer if cls is NerRecognizer else cls for cls in RECOGNIZER_CLASSES)


def default_recognizers(prose: str = PROSE_DEFAULT, *, unknown_words: bool = True) -> list[Recognizer]:
    """Fresh instances of every built-in recogniser (regex, checksum and field-name hints).
    `unknown_words`: spaCy's NER has the prose tagger read the words no dictionary knows
    (`NerRecognizer`); off, no MiniLM is loaded for it."""
    return [NerRecognizer(unknown_words=unknown_words) if cls is NerRecognizer else cls()
            for cls in recognizer_classes(prose)]
