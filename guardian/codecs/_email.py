"""An e-mail address where a codec must notice one that no field would otherwise carry: in an
opaque body's bytes, a URL path segment, a custom request header.

The pattern is RFC 5321's common shape (local part, "@", dotted domain with a 2-24 letter TLD),
bounded so it runs in linear time on any input; the detector's e-mail recogniser decides what a
match is, this only says where to look.
"""

from __future__ import annotations

import re

__all__ = ["EMAIL_BYTES", "EMAIL_TEXT", "may_hold_email"]

_LOCAL = r"(?<![\w.%+\-])[A-Za-z0-9][A-Za-z0-9._%+\-]{0,63}"
_DOMAIN = r"(?:[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,24}(?![\w\-]|\.[A-Za-z0-9])"
EMAIL_TEXT = re.compile(_LOCAL + "@" + _DOMAIN)
EMAIL_BYTES = re.compile((_LOCAL + "@" + _DOMAIN).encode("ascii"))


def may_hold_email(text: str) -> bool:
    """The cheap test before the pattern: an "@", written or percent-encoded."""
    return "@" in text or "%40" in text
