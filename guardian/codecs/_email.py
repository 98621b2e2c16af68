"""An e-mail address where a codec must notice one that no field would otherwise carry: in an
opaque body's bytes, a URL path segment, a custom request header, a key.

The pattern is RFC 5321's common shape (local part, "@", dotted domain with a 2-24 letter TLD),
bounded so it runs in linear time on any input; the detector's e-mail recogniser decides what a
match is, this only says where to look.
"""

from __future__ import annotations

import functools
import re

__all__ = ["EMAIL_BYTES", "EMAIL_TEXT", "KEY_SUFFIX", "is_address_key", "is_value_key", "may_hold_email",
           "ends_in_file_extension"]

# After a member's or a parameter's path: the field is its key, which holds an address
# (`json:$.users["jane@x.org"]{key}`, `query:jane@x.org#0{key}`), not its value.
KEY_SUFFIX = "{key}"

_LOCAL = r"(?<![\w.%+\-])[A-Za-z0-9][A-Za-z0-9._%+\-]{0,63}"
_DOMAIN = r"(?:[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,24}(?![\w\-]|\.[A-Za-z0-9])"
EMAIL_TEXT = re.compile(_LOCAL + "@" + _DOMAIN)
EMAIL_BYTES = re.compile((_LOCAL + "@" + _DOMAIN).encode("ascii"))


@functools.lru_cache(maxsize=1)
def _file_extensions() -> frozenset[str]:
    """File extensions the platform's MIME table knows ("jpg", "png", "html", "js") that are no
    top-level domain in the Public Suffix List ("zip" and "mov" are both, and stay domains)."""
    import mimetypes

    from publicsuffixlist import PublicSuffixList

    psl = PublicSuffixList()
    mimetypes.init()
    extensions = {ext.lstrip(".").lower() for ext in (*mimetypes.types_map, *mimetypes.common_types)}
    return frozenset(e for e in extensions if e.isalpha() and psl.publicsuffix(f"x.{e}", accept_unknown=False) is None)


def ends_in_file_extension(address: str) -> bool:
    """Whether what looks like an address ends in a file's extension, not a top-level domain:
    "200@70.jpg" is a media URL's path segment (an image at 200 px and quality 70), not an e-mail.
    Unknown endings that are no file type (an intranet's ".corp", ".internal") stay addresses."""
    tld = address.rpartition(".")[2].lower()
    return tld in _file_extensions()


def may_hold_email(text: str) -> bool:
    """The cheap test before the pattern: an "@", written or percent-encoded."""
    return "@" in text or "%40" in text


def is_address_key(key: str) -> bool:
    """A key (a JSON member's, a query or form parameter's) that holds an e-mail address, so a
    field of its own."""
    return "@" in key and EMAIL_TEXT.search(key) is not None


# A phone number in its international form (E.164 written with spaces, dots, dashes or brackets).
_INTERNATIONAL_PHONE = re.compile(r"\+[1-9][0-9 ().\-]{6,22}")


# Two to four capitalised words: a person's name as a map's key (`{"Ann Lee": 1}`); a schema's key is
# one identifier ("firstName", "first_name"), not words with spaces between
_NAME_KEY = re.compile(r"[^\W\d_][^\W\d_'’\-]{0,30}(?: [^\W\d_][^\W\d_'’\-.]{0,30}){1,3}")


def is_value_key(key: str) -> bool:
    """A JSON member's key that is a value, not a name of the schema: an e-mail address, a phone
    number in international form, or words shaped like a person's name (a map counting values by
    their text: `{"+1 415 555 0187": 1}`, `{"Ann Lee": 1}`). A key field is read by detection as any
    value is; one with nothing in it stays as it was."""
    if is_address_key(key):
        return True
    if key[:1] == "+":
        return _INTERNATIONAL_PHONE.fullmatch(key) is not None and 8 <= sum(c.isdigit() for c in key) <= 15
    words = key.split(" ")
    return " " in key and len(key) <= 64 and _NAME_KEY.fullmatch(key) is not None and words[0][:1].isupper() \
        and words[-1][:1].isupper() and all(w[:1].isupper() or w in _NAME_PARTICLES for w in words)


_NAME_PARTICLES = frozenset("de da do dos das del della di du van von der den ten ter la le bin ibn al el y".split())
