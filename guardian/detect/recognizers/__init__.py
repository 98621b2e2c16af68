"""The built-in recognisers, one per module. Adding one is adding a module and a line in `registry`."""

from __future__ import annotations

from guardian.detect.recognizers.coordinates import CoordinatesRecognizer
from guardian.detect.recognizers.credentials import CredentialsRecognizer
from guardian.detect.recognizers.credit_card import CreditCardRecognizer
from guardian.detect.recognizers.email import EmailRecognizer
from guardian.detect.recognizers.field_names import FieldNameRecognizer, Hint
from guardian.detect.recognizers.iban import IbanRecognizer
from guardian.detect.recognizers.ip_address import IpAddressRecognizer
from guardian.detect.recognizers.phone import PhoneRecognizer
from guardian.detect.recognizers.ssn import SsnRecognizer

__all__ = [
    "CoordinatesRecognizer",
    "CredentialsRecognizer",
    "CreditCardRecognizer",
    "EmailRecognizer",
    "FieldNameRecognizer",
    "Hint",
    "IbanRecognizer",
    "IpAddressRecognizer",
    "PhoneRecognizer",
    "SsnRecognizer",
]
