"""IP_ADDRESS -> IPAddress: IPv4 dotted quads and IPv6 addresses, validated by `ipaddress`."""

from __future__ import annotations

import ipaddress
import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["IpAddressRecognizer"]


class IpAddressRecognizer(PatternRecognizer):
    """IPv4 and IPv6 addresses. Version strings like 1.2.3.4 are valid addresses and do count;
    N.0.0.0 (a network, and a reduced browser version) does not."""

    name: ClassVar[str] = "ip_address"
    TRIGGER: ClassVar[str | None] = r"[0-9:]"  # IPv4 digits, IPv6 colons
    entities: ClassVar[tuple[str, ...]] = ("IP_ADDRESS",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.IP_ADDRESS
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        # Not inside a longer dotted run ("v1.2.3.4", "1.2.3.4.5").
        Pattern("ipv4", r"(?<![\w.])(?:[0-9]{1,3}\.){3}[0-9]{1,3}(?![\w]|\.[0-9])", 0.7),
        # A loose candidate with two colons at least; `ipaddress` decides. 45 characters hold
        # the longest form (an IPv4-mapped address written out in full).
        Pattern(
            "ipv6",
            r"(?<![\w:.])(?=[0-9A-Fa-f]{0,4}:[0-9A-Fa-f]{0,4}:)[0-9A-Fa-f:.]{2,45}(?![\w:])",
            0.75,
        ),
    )
    CONTEXT: ClassVar[tuple[str, ...]] = ("ip", "ip_address", "ipv4", "ipv6", "addr", "host", "client")
    MIN_IPV6_HEX_DIGITS: ClassVar[int] = 4  # "a::b" in prose or "::1" (loopback) is no one's address

    def match_span(self, pattern: Pattern, match: re.Match[str]) -> tuple[int, int] | None:
        """For IPv6, drop a sentence's trailing "." or ":" that the loose class took in."""
        start, end = match.span()
        if pattern.name == "ipv6":
            text = match.group()
            while text.endswith(".") or (text.endswith(":") and not text.endswith("::")):
                text = text[:-1]
            end = start + len(text)
        return start, end

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        try:
            if pattern.name == "ipv4":
                ipaddress.IPv4Address(text)  # rejects 999.1.1.1 and leading zeros
                # "N.0.0.0" is a network, never a host; it is how browsers write a reduced
                # version ("Chromium;99.0.0.0" in a user-agent client hint).
                return False if text.endswith(".0.0.0") else None
            address = ipaddress.IPv6Address(text)
        except ValueError:
            return False
        hex_digits = sum(ch in "0123456789abcdefABCDEF" for ch in text)
        if address.is_unspecified or hex_digits < self.MIN_IPV6_HEX_DIGITS:
            return False
        return None
