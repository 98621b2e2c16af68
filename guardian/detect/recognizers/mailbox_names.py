"""PERSON -> Contact: the display name of a mailbox, `Jane Doe <jane@example.com>` (RFC 5322, 3.4).

A mailbox written as a name-addr is a display name and an address in angle brackets: mail
headers, address books, log lines ("User signed in: Marguerite Oyelaran <m.o@example.net>"),
signatures and exported contacts all write it so. The address is found by the e-mail recogniser;
the words right before its "<" are the name of whoever owns it, in any language and whether or not
a name model knows them. Read in prose only. A display name here is one to four words, each opening with a capital
letter (Latin, Greek or Cyrillic), or a quoted string; a lower-case word ends it ("signed in:
Marguerite Oyelaran" gives the last two words).
"""

from __future__ import annotations

from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["MailboxNameRecognizer"]

# A capital of Latin-1, Latin Extended-A (where capitals and small letters alternate: a small one
# there only widens a name by a word), Greek and Cyrillic.
_CAP = "A-Z\u00c0-\u00d6\u00d8-\u00de\u0100-\u017f\u0391-\u03a9\u0400-\u042f"
_WORD = rf"[{_CAP}][\w'’.\-]{{0,30}}"
_ADDRESS = r"<[A-Za-z0-9][A-Za-z0-9._%+\-]{0,63}@[A-Za-z0-9][A-Za-z0-9.\-]{0,252}>"


class MailboxNameRecognizer(PatternRecognizer):
    """The display name before `<address>` (module docstring)."""

    name: ClassVar[str] = "mailbox_names"
    TRIGGER: ClassVar[str | None] = "@"
    # Prose only (a log line, a letter, a prompt): a header or a field that holds just a mailbox
    # keeps its e-mail's own, lighter rewrite; a name there raised the tier to masking the address
    # elsewhere in the request (an e-mail in a REST path lost its format).
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    entities: ClassVar[tuple[str, ...]] = ("PERSON",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.CONTACT
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern("name-addr", rf"(?<![\w'’.\-])(?P<vname>{_WORD}(?:[ \u00a0]{_WORD}){{0,3}})[ \u00a0]{{0,2}}{_ADDRESS}", 0.8),
        Pattern("quoted", rf"\"(?P<vquoted>[^\"<>@\n]{{1,64}})\"[ \u00a0]{{0,2}}{_ADDRESS}", 0.8),
    )

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        """A quoted display name holds a letter; a name of one word is at least two letters."""
        return None if sum(ch.isalpha() for ch in text) >= 2 else False
