"""The built-in recognisers, one per module. Adding one is adding a module and a line in `registry`."""

from __future__ import annotations

from guardian.detect.recognizers.account_ids import AccountIdRecognizer
from guardian.detect.recognizers.address import AddressRecognizer
from guardian.detect.recognizers.companies import CompanyRecognizer
from guardian.detect.recognizers.content import ContentRecognizer
from guardian.detect.recognizers.dates import DateRecognizer
from guardian.detect.recognizers.device_ids import DeviceIdRecognizer
from guardian.detect.recognizers.financial import FinancialRecognizer
from guardian.detect.recognizers.health import HealthRecognizer
from guardian.detect.recognizers.special_categories import SpecialCategoryRecognizer
from guardian.detect.recognizers.id_numbers import IdNumberRecognizer
from guardian.detect.recognizers.inline_fields import InlineFieldRecognizer
from guardian.detect.recognizers.fields_of_study import FieldOfStudyRecognizer
from guardian.detect.recognizers.occupations import OccupationRecognizer
from guardian.detect.recognizers.places import PlaceRecognizer
from guardian.detect.recognizers.towns import TownRecognizer
from guardian.detect.recognizers.lower_case import LowerCaseRecognizer
from guardian.detect.recognizers.lived_there import LivedThereRecognizer
from guardian.detect.recognizers.quasi_identifiers import QuasiIdentifierRecognizer
from guardian.detect.recognizers.coordinates import CoordinatesRecognizer
from guardian.detect.recognizers.credentials import CredentialsRecognizer
from guardian.detect.recognizers.credit_card import CreditCardRecognizer
from guardian.detect.recognizers.custom import CustomRecognizer
from guardian.detect.recognizers.email import EmailRecognizer
from guardian.detect.recognizers.field_names import FieldNameRecognizer, Hint
from guardian.detect.recognizers.iban import IbanRecognizer
from guardian.detect.recognizers.money import MoneyRecognizer
from guardian.detect.recognizers.ip_address import IpAddressRecognizer
from guardian.detect.recognizers.national_ids import NationalIdRecognizer
from guardian.detect.recognizers.ner import NerRecognizer
from guardian.detect.recognizers.phone import PhoneRecognizer
from guardian.detect.recognizers.prose_tagger import ProseTaggerRecognizer
from guardian.detect.recognizers.salutations import SalutationRecognizer
from guardian.detect.recognizers.self_disclosure import SelfDisclosureRecognizer
from guardian.detect.recognizers.ssn import SsnRecognizer
from guardian.detect.recognizers.usernames import UsernameRecognizer

__all__ = [
    "AccountIdRecognizer",
    "AddressRecognizer",
    "CompanyRecognizer",
    "ContentRecognizer",
    "DateRecognizer",
    "DeviceIdRecognizer",
    "FinancialRecognizer",
    "MoneyRecognizer",
    "HealthRecognizer",
    "SpecialCategoryRecognizer",
    "IdNumberRecognizer",
    "InlineFieldRecognizer",
    "OccupationRecognizer",
    "FieldOfStudyRecognizer",
    "PlaceRecognizer",
    "TownRecognizer",
    "LowerCaseRecognizer",
    "LivedThereRecognizer",
    "QuasiIdentifierRecognizer",
    "CoordinatesRecognizer",
    "CredentialsRecognizer",
    "CreditCardRecognizer",
    "CustomRecognizer",
    "EmailRecognizer",
    "FieldNameRecognizer",
    "Hint",
    "IbanRecognizer",
    "IpAddressRecognizer",
    "NationalIdRecognizer",
    "NerRecognizer",
    "PhoneRecognizer",
    "ProseTaggerRecognizer",
    "SalutationRecognizer",
    "SelfDisclosureRecognizer",
    "SsnRecognizer",
    "UsernameRecognizer",
]
