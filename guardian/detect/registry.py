"""The registry: which recognisers a default `Detector` runs, in tie-break order."""

from __future__ import annotations

from guardian.detect.base import Recognizer
from guardian.detect.recognizers import (
    CoordinatesRecognizer,
    CredentialsRecognizer,
    CreditCardRecognizer,
    EmailRecognizer,
    FieldNameRecognizer,
    IbanRecognizer,
    IpAddressRecognizer,
    PhoneRecognizer,
    SsnRecognizer,
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
    FieldNameRecognizer,
)


def default_recognizers() -> list[Recognizer]:
    """Fresh instances of every built-in recogniser (regex, checksum and field-name hints)."""
    return [cls() for cls in RECOGNIZER_CLASSES]
