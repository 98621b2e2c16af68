"""EmailRecognizer: addresses in text with exact spans, and the look-alikes it must skip."""

from __future__ import annotations

import pytest

from guardian.categories import DataCategory
from guardian.detect.recognizers import EmailRecognizer
from guardian.records import Field

REC = EmailRecognizer()


def found(value: str, name: str = "") -> list[str]:
    """The matched texts, in order."""
    return [value[f.start : f.end] for f in REC.analyze(Field("text:", name, value))]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("bob@example.com", ["bob@example.com"]),
        ("write to first.last+tag@mail.example.co.uk today", ["first.last+tag@mail.example.co.uk"]),
        ("<ann_o-k@sub.domain.io>, x", ["ann_o-k@sub.domain.io"]),
        ("end of sentence: a@b.de.", ["a@b.de"]),
        ("two: a@b.com;c.d@e.org", ["a@b.com", "c.d@e.org"]),
    ],
)
def test_finds_addresses_with_exact_spans(value: str, expected: list[str]) -> None:
    assert found(value) == expected


@pytest.mark.parametrize(
    "value",
    [
        "not an email",
        "user@localhost",  # no dotted domain
        "a..b@example.com",  # consecutive dots in the local part
        "trailing.@example.com",
        "bob@example.c0m",  # the TLD must be letters
        "@example.com",
        "name@-bad.com",
    ],
)
def test_rejects_lookalikes(value: str) -> None:
    assert found(value) == []


def test_category_entity_and_context_boost() -> None:
    plain = REC.analyze(Field("text:", "", "x bob@example.com"))[0]
    hinted = REC.analyze(Field("text:", "", "email: bob@example.com"))[0]
    assert (plain.category, plain.entity, plain.recognizer) == (DataCategory.EMAIL, "EMAIL_ADDRESS", "email")
    assert hinted.score > plain.score


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("/media/catalog/200@70.jpg", []),  # an image at 200 px, quality 70: a file's extension is no domain
        ("sprite@2x.png", []),
        ("https://cdn.example/img/hero-800@1.5x.webp?v=3", []),
        ("index@home.html", []),
        ("jane@corp.internal", ["jane@corp.internal"]),  # an intranet's ending is no file type: still an address
        ("files@archive.zip", ["files@archive.zip"]),  # .zip is a top-level domain as well as a file type
        ("ops@studio.ai", ["ops@studio.ai"]),
    ],
)
def test_a_domain_must_end_in_a_top_level_domain_not_a_file_extension(value: str, expected: list[str]) -> None:
    assert found(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("https://Vq3mX8kT2pL9wZ4rB7nC@api.uptrace.dev/4821", []),  # a collector's DSN: a key before the host
        ("ftp://user:secret@host.example/pub", []),  # a login, not a mailbox
        ("mailto:jo@example.org", ["jo@example.org"]),
        ("https://x.example/a?u=jo@example.org", ["jo@example.org"]),  # in the query, past the authority
    ],
)
def test_a_urls_userinfo_is_no_address(value: str, expected: list[str]) -> None:
    assert found(value) == expected
