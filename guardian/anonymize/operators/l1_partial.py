"""L1, partial masking: keep a recognisable but non-identifying part of each direct identifier.

The domain of an email, the last digits of a phone, card or SSN, the network of an IP, the
year of a birth date, one decimal of a coordinate (about 11 km), the language of a locale,
the origin of a URL. Secrets keep nothing. Quasi-identifiers are left for L2.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from urllib.parse import urlsplit

from guardian.anonymize.base import LevelOperator, mask_alnum
from guardian.categories import DataCategory as C
from guardian.records import FieldKind, Finding

__all__ = ["PartialMask"]

_DECIMAL = re.compile(r"-?\d{1,3}\.\d{1,20}")
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


def _email(span: str) -> str:
    local, at, domain = span.rpartition("@")
    return f"***@{domain}" if at and local else mask_alnum(span)


def _ip(span: str) -> str:
    try:
        addr = ipaddress.ip_address(span.strip("[]"))
    except ValueError:
        return mask_alnum(span)
    prefix = 24 if addr.version == 4 else 48
    return str(ipaddress.ip_network(f"{addr}/{prefix}", strict=False).network_address)


def _coordinates(span: str) -> str:
    return _DECIMAL.sub(lambda m: f"{float(m.group()):.1f}", span)


def _name(span: str) -> str:
    return " ".join(f"{w[0]}." for w in span.split() if w)


def _address(span: str) -> str:
    head, comma, tail = span.rpartition(",")
    if comma:  # keep the last part (town or postcode): coarse, and it keeps the form usable
        return f"{mask_alnum(head)},{tail}"
    words = span.split(" ")
    return " ".join([mask_alnum(" ".join(words[:-1])), words[-1]]) if len(words) > 1 else mask_alnum(span)


def _url(span: str) -> str:
    parts = urlsplit(span)
    return f"{parts.scheme}://{parts.netloc}/" if parts.scheme and parts.netloc else mask_alnum(span)


def _date_of_birth(span: str) -> str:
    year = _YEAR.search(span)
    return year.group() if year else mask_alnum(span)


def _language(span: str) -> str:
    return re.split(r"[-_]", span, maxsplit=1)[0]


def _keep_first_word(span: str) -> str:
    first, sep, rest = span.partition(" ")
    return first + sep + mask_alnum(rest) if sep else mask_alnum(span, keep_last=0)


_BY_CATEGORY: dict[C, Callable[[str], str]] = {
    C.EMAIL: _email,
    C.PHONE: lambda s: mask_alnum(s, keep_last=2),
    C.FINANCIAL: lambda s: mask_alnum(s, keep_last=4),
    C.SSN: lambda s: mask_alnum(s, keep_last=4),
    C.IP_ADDRESS: _ip,
    C.LOCATION_PRECISE: _coordinates,
    C.CREDENTIALS: lambda s: "*" * len(s),
    C.CONTACT: _name,
    C.POSTAL_ADDRESS: _address,
    C.BROWSING_HISTORY: _url,
    C.SEARCH_HISTORY: _keep_first_word,
    C.DEVICE_ID: lambda s: s[:4] + mask_alnum(s[4:]),
    C.PERSISTENT_ID: lambda s: s[:4] + mask_alnum(s[4:]),
    C.LANGUAGE: _language,
    C.LOCATION_COARSE: lambda s: s,
    C.APP_USAGE: lambda s: s,
}
_BY_ENTITY: dict[str, Callable[[str], str]] = {"DATE_OF_BIRTH": _date_of_birth}


def _number(span: str, finding: Finding) -> str:
    """A number stays a number: coordinates lose precision, other numbers keep their last digits."""
    if finding.category in (C.LOCATION_PRECISE, C.LOCATION, C.LOCATION_COARSE):
        try:
            return f"{float(span):.1f}"
        except ValueError:
            return "0"
    digits = re.sub(r"\D", "", span)
    keep = 2 if finding.category is C.PHONE else 4
    return str(int(digits[-keep:])) if len(digits) > keep else "0"


class PartialMask(LevelOperator):
    level = 1
    treats_quasi = False

    def rewrite(self, span: str, finding: Finding, kind: FieldKind) -> str:
        if kind is FieldKind.NUMBER:
            return _number(span, finding)
        fn = _BY_ENTITY.get(finding.entity) or _BY_CATEGORY.get(finding.category) or mask_alnum
        return fn(span)
