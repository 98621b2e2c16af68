"""An e-mail address where a codec must notice one that no field would otherwise carry: in an
opaque body's bytes, a URL path segment, a custom request header, a key.

The pattern is RFC 5321's common shape (local part, "@", dotted domain with a 2-24 letter TLD),
bounded so it runs in linear time on any input; the detector's e-mail recogniser decides what a
match is, this only says where to look.
"""

from __future__ import annotations

import re

__all__ = ["EMAIL_BYTES", "EMAIL_TEXT", "KEY_SUFFIX", "is_address_key", "may_hold_email"]

# After a member's or a parameter's path: the field is its key, which holds an address
# (`json:$.users["jane@x.org"]{key}`, `query:jane@x.org#0{key}`), not its value.
KEY_SUFFIX = "{key}"

_LOCAL = r"(?<![\w.%+\-])[A-Za-z0-9][A-Za-z0-9._%+\-]{0,63}"
_DOMAIN = r"(?:[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,24}(?![\w\-]|\.[A-Za-z0-9])"
EMAIL_TEXT = re.compile(_LOCAL + "@" + _DOMAIN)
EMAIL_BYTES = re.compile((_LOCAL + "@" + _DOMAIN).encode("ascii"))


def may_hold_email(text: str) -> bool:
    """The cheap test before the pattern: an "@", written or percent-encoded."""
    return "@" in text or "%40" in text


def is_address_key(key: str) -> bool:
    """A key (a JSON member's, a query or form parameter's) that holds an e-mail address, so a
    field of its own."""
    return "@" in key and EMAIL_TEXT.search(key) is not None
