"""IpAddressRecognizer: IPv4 and IPv6 through `ipaddress`."""

from __future__ import annotations

import pytest

from guardian.categories import DataCategory
from guardian.detect import resolve_overlaps
from guardian.detect.recognizers import IpAddressRecognizer
from guardian.records import Field

REC = IpAddressRecognizer()


def found(value: str) -> list[str]:
    """Matched texts after the Detector's overlap rule (a recogniser may propose nested spans)."""
    field = Field("text:", "", value)
    return [value[f.start : f.end] for f in resolve_overlaps(REC.analyze(field), value)]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("from 203.0.113.5, then", ["203.0.113.5"]),
        ("1.2.3.4", ["1.2.3.4"]),  # a version string is a valid address: fine
        ("host 192.168.1.20.", ["192.168.1.20"]),
        ("2001:db8::8a2e:370:7334", ["2001:db8::8a2e:370:7334"]),
        ("link fe80::1ff:fe23:4567:890a.", ["fe80::1ff:fe23:4567:890a"]),
        ("mapped ::ffff:192.0.2.128 here", ["::ffff:192.0.2.128"]),
        ("2001:0db8:85a3:0000:0000:8a2e:0370:7334", ["2001:0db8:85a3:0000:0000:8a2e:0370:7334"]),
    ],
)
def test_addresses(value: str, expected: list[str]) -> None:
    assert found(value) == expected


@pytest.mark.parametrize(
    "value",
    [
        "999.1.1.1",
        "256.256.256.256",
        "01.2.3.4",  # leading zero
        "1.2.3",
        "1.2.3.4.5",
        "v1.2.3.4",
        "12:30:45",  # a time
        "00:1A:2B:3C:4D:5E",  # a MAC address
        "std::vector",
        "a::b",
        "::1",  # loopback says nothing about anyone
        "::",
    ],
)
def test_not_addresses(value: str) -> None:
    assert found(value) == []


def test_category() -> None:
    [f] = REC.analyze(Field("text:", "", "203.0.113.5"))
    assert (f.category, f.entity) == (DataCategory.IP_ADDRESS, "IP_ADDRESS")
