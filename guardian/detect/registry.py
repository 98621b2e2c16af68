"""The registry: which recognisers a default `Detector` runs, in tie-break order."""

from __future__ import annotations

from guardian.detect.base import Recognizer
from guardian.detect.recognizers import (
    AddressRecognizer,
    ContentRecognizer,
    DateRecognizer,
    DeviceIdRecognizer,
    FinancialRecognizer,
    HealthRecognizer,
    IdNumberRecognizer,
    InlineFieldRecognizer,
    FieldOfStudyRecognizer,
    OccupationRecognizer,
    PlaceRecognizer,
    QuasiIdentifierRecognizer,
    CoordinatesRecognizer,
    CredentialsRecognizer,
    CreditCardRecognizer,
    EmailRecognizer,
    FieldNameRecognizer,
    IbanRecognizer,
    IpAddressRecognizer,
    NerRecognizer,
    PhoneRecognizer,
    SalutationRecognizer,
    SelfDisclosureRecognizer,
    SsnRecognizer,
    UsernameRecognizer,
)

__all__ = ["RECOGNIZER_CLASSES", "default_recognizers"]

# Earlier entries win exact ties (same score, same span). Checksum-backed recognisers first.
RECOGNIZER_CLASSES: tuple[type[Recognizer], ...] = (
    CredentialsRecognizer,
    CreditCardRecognizer,
    IbanRecognizer,
    SsnRecognizer,
    EmailRecognizer,
    PhoneRecognizer,
    IpAddressRecognizer,
    CoordinatesRecognizer,
    DeviceIdRecognizer,
    FinancialRecognizer,
    AddressRecognizer,
    FieldNameRecognizer,
    InlineFieldRecognizer,
    # Natural-language values only, cheap gazetteers and shapes before the model.
    DateRecognizer,
    IdNumberRecognizer,
    QuasiIdentifierRecognizer,
    UsernameRecognizer,
    SalutationRecognizer,
    SelfDisclosureRecognizer,  # first-person cues: "my name is ...", "I work at ...", "I live at ..."
    OccupationRecognizer,
    FieldOfStudyRecognizer,
    HealthRecognizer,
    PlaceRecognizer,
    ContentRecognizer,
    NerRecognizer,  # last: the slow one, only on natural-language values
)


def default_recognizers() -> list[Recognizer]:
    """Fresh instances of every built-in recogniser (regex, checksum and field-name hints)."""
    return [cls() for cls in RECOGNIZER_CLASSES]
