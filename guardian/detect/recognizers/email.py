"""EMAIL_ADDRESS -> Email: an RFC 5322-ish address with a dotted domain and a letter TLD."""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.codecs._email import ends_in_file_extension
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["EMAIL_AS_USER_ID", "EmailRecognizer"]

# A scheme's "//" and then only userinfo characters up to the match: the match is a URL's authority.
_AUTHORITY_BEFORE = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]{0,20}://[^\s/?#@]{0,200}$")
_AUTHORITY_LOOKBACK = 240

# An address a field carries as the user's id (an analytics `uid`): found as the e-mail it is,
# swapped as the id it serves as (`guardian.anonymize.operators.identifier`).
EMAIL_AS_USER_ID = "EMAIL_AS_USER_ID"


class EmailRecognizer(PatternRecognizer):
    """Email addresses in any text. ASCII local parts and domains (IDN is left to NER)."""

    name: ClassVar[str] = "email"
    TRIGGER: ClassVar[str | None] = "@"
    entities: ClassVar[tuple[str, ...]] = ("EMAIL_ADDRESS",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.EMAIL
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern(
            "email",
            # Local part (64 max) starting at a run boundary, then 1-8 labels and a TLD.
            # Labels cannot contain "." and the local part cannot contain "@", so each start
            # position costs a bounded amount: the scan is linear.
            r"(?<![\w.%+\-])[A-Za-z0-9][A-Za-z0-9._%+\-]{0,63}"
            r"@(?:[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,24}"
            r"(?![\w\-]|\.[A-Za-z0-9])",
            0.85,
        ),
    )
    CONTEXT: ClassVar[tuple[str, ...]] = ("email", "mail", "e_mail", "contact")

    def match_span(self, pattern: Pattern, match: re.Match[str]) -> tuple[int, int] | None:
        """No address inside a URL's authority: "https://Vq3mX8kT2p@api.uptrace.dev/4821" (a
        collector's DSN) and "ftp://user:secret@host.example" hold a key or a login before the
        host, not a mailbox (RFC 3986's userinfo)."""
        if _AUTHORITY_BEFORE.search(match.string, max(0, match.start() - _AUTHORITY_LOOKBACK), match.start()):
            return None
        return super().match_span(pattern, match)

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        """Reject local parts with ".." or a trailing ".", and a "domain" that ends in a file's
        extension rather than a top-level domain ("200@70.jpg"); the regex checked the rest."""
        local = text.split("@", 1)[0]
        if ".." in local or local.endswith("."):
            return False
        if ends_in_file_extension(text):
            return False
        return None
