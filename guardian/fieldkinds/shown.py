"""The token-shaped literals of a script the site serves: values every visitor's browser gets.

An SDK is set up in the site's own code with the site's key: `seline.init({token: "sln_7Rk2..."})`,
`RM.install({token: "x7k2m9q:4tn8wb3"})`. The SDK then sends that key with every event, under a
name ("token", "?token=") that elsewhere may be a user's login, so no key name tells them apart.
Where the value came from does: it is a literal of a script that every visitor of the site loads,
so it is the site's, never a person's (`seen.SeenIdentifiers.relabel_shown`).

`script_literals` reads the string literals of a script body (JavaScript's three quote kinds)
that have a token's shape (`shown_shape`): 12 to 128 characters of letters, digits and
`_-.:+/=`, with at least one letter and one digit; and, of a URL literal (up to
`MAX_URL_CHARS`, a query string included), its segments and parameter values of that shape (a key
in a collector's address: `".../sa?project=production&token=4f6a..."`). Words, sentences, CSS and most URLs are not
that shape, so a bundle of several hundred kilobytes yields a few hundred values at most. The
scan reads at most `MAX_SCAN_BYTES` of a body and keeps at most `MAX_LITERALS` values.

Only a script is read, never an HTML page: a page may be made for one signed-in user (a name, an
id, a CSRF token inline), a script file rarely is; and one the server marks `private` is skipped
(`addon/scripts.py`).
"""

from __future__ import annotations

import re

__all__ = ["script_literals", "shown_shape", "MIN_CHARS", "MAX_CHARS", "MAX_URL_CHARS", "MAX_SCAN_BYTES", "MAX_LITERALS"]

MIN_CHARS, MAX_CHARS = 12, 128
MAX_SCAN_BYTES = 4_000_000  # a large site's bundle; the rest of a bigger one is not read
MAX_LITERALS = 2_000  # per script

MAX_URL_CHARS = 2048  # a URL literal with a query string, read for its parts

_LITERAL = re.compile(rb"""(?<=["'`])[A-Za-z0-9_\-.:+/=?&#%~]{12,""" + str(MAX_URL_CHARS).encode() + rb"""}(?=["'`])""")
_URL_PARTS = re.compile(r"[/?&=#]")
_LETTER = re.compile(r"[A-Za-z]")
_DIGIT = re.compile(r"[0-9]")


def shown_shape(value: str) -> bool:
    """A token's shape: 12-128 characters of `[A-Za-z0-9_-.:+/=]`, a letter and a digit among them."""
    return _token(value.strip())


_TOKEN = re.compile(r"[A-Za-z0-9_\-.:+/=]{12,128}")


def _token(v: str) -> bool:
    return bool(_TOKEN.fullmatch(v)) and _LETTER.search(v) is not None and _DIGIT.search(v) is not None


def script_literals(body: bytes) -> list[str]:
    """The token-shaped string literals of a script body, each once, in order, at most `MAX_LITERALS`."""
    out: dict[str, None] = {}
    for m in _LITERAL.finditer(body, 0, min(len(body), MAX_SCAN_BYTES)):
        literal = m.group().decode("ascii")
        if len(literal) > MAX_CHARS and "/" not in literal:
            continue  # long and no address: a data blob, not a key
        # a URL literal carries its key in a segment or a parameter ("https://submit.example/<site>/<key>/json")
        for value in (literal, *_URL_PARTS.split(literal)) if "/" in literal or "=" in literal else (literal,):
            if value not in out and _token(value):
                out[value] = None
        if len(out) >= MAX_LITERALS:
            return list(out)[:MAX_LITERALS]
    return list(out)
