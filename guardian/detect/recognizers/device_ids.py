"""Device and advertising identifiers -> DeviceID: IDFA/GAID/Android id, MAC addresses, IMEI.

A UUID alone is usually an order or request id, so it counts only next to a device word; a MAC
address counts anywhere; an IMEI (15 digits, Luhn) next to "imei".
"""

from __future__ import annotations

from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer
from guardian.detect.recognizers.credit_card import luhn_ok

__all__ = ["DeviceIdRecognizer"]


class DeviceIdRecognizer(PatternRecognizer):
    """Advertising ids, MAC addresses and IMEIs."""

    name: ClassVar[str] = "device_ids"
    TRIGGER: ClassVar[str | None] = r"[0-9:\-]"  # UUID dashes, MAC separators, IMEI digits
    entities: ClassVar[tuple[str, ...]] = ("DEVICE_ID", "MAC_ADDRESS", "IMEI")
    CATEGORY: ClassVar[DataCategory] = DataCategory.DEVICE_ID
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern("uuid", r"(?<![\w\-])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![\w\-])",
                0.7, needs_context=True),
        Pattern("mac", r"(?<![\w:\-])[0-9A-Fa-f]{2}(?P<sep>[:\-])(?:[0-9A-Fa-f]{2}(?P=sep)){4}[0-9A-Fa-f]{2}(?![\w:\-])",
                0.7, entity="MAC_ADDRESS"),
        Pattern("imei", r"(?<![\w])[0-9]{15}(?![\w])", 0.7, entity="IMEI", needs_context=True),
    )
    CONTEXT: ClassVar[tuple[str, ...]] = ("idfa", "idfv", "gaid", "adid", "advertising", "device", "android",
                                          "imei", "aaid", "ad_id", "deviceid", "udid")

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        if pattern.name == "imei":
            return True if luhn_ok(text) else False
        if pattern.name == "uuid" and text.strip("0-") == "":
            return False  # the all-zero "limit ad tracking" id
        return None
