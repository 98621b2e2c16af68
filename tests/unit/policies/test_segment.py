from __future__ import annotations

import pytest

from guardian.policies.segment import detect_format, segment_document

from .conftest import FIXTURES


def _html_segments() -> list:
    return segment_document((FIXTURES / "shop_policy.html").read_text(), "html")


def test_html_drops_boilerplate_scripts_banners_and_hidden_text() -> None:
    text = " ".join(s.text for s in _html_segments())
    assert "We collect your name, email address" in text
    for dropped in ("Cart", "Products", "Accept all cookies", "We sell your data", "browsing history to advertisers", "Ignore previous instructions", "Copyright", "We never share anything"):
        assert dropped not in text, dropped


def test_headings_are_context_and_list_items_are_statements() -> None:
    segs = _html_segments()
    share = next(s for s in segs if s.text.startswith("We do not sell"))
    assert share.heading == "Privacy Policy > Sharing"
    rights = [s for s in segs if s.heading.endswith("Your rights")]
    assert len(rights) == 3  # three list items, each a practice of its own


def test_paragraph_split_into_sentences() -> None:
    segs = segment_document("<h2>Use</h2><p>We collect your email address. We share your phone number with advertisers.</p>", "html")
    assert [s.text for s in segs] == ["We collect your email address.", "We share your phone number with advertisers."]


def test_markdown_headings_lists_links_and_tables() -> None:
    segs = segment_document((FIXTURES / "shop_policy.md").read_text(), "markdown")
    texts = [s.text for s in segs]
    assert any(t.startswith("We collect your email address") for t in texts)
    cookies = next(s for s in segs if "cookies for analytics" in s.text)
    assert "](#" not in cookies.text and cookies.heading == "Example Shop Privacy Policy > Information we collect"
    assert any("retain order records for 6 years" in t for t in texts)
    assert not any("---" in t for t in texts)
    sharing = next(s for s in segs if "advertising partners" in s.text)
    assert sharing.heading.endswith("Sharing")


def test_plain_text() -> None:
    segs = segment_document("Data we collect\n\nWe collect your email address. We keep your email address for 30 days.\n", "text")
    assert segs[0].heading == "Data we collect" and len(segs) == 2


@pytest.mark.parametrize(
    "ctype, body, url, fmt",
    [
        ("text/html; charset=utf-8", "x", "", "html"),
        ("text/markdown", "x", "", "markdown"),
        (None, "# Title\n\ntext", "", "markdown"),
        (None, "<!doctype html><p>x</p>", "", "html"),
        ("text/plain", "just words", "", "text"),
        (None, "x", "/p/policy.md", "markdown"),
    ],
)
def test_detect_format(ctype: str | None, body: str, url: str, fmt: str) -> None:
    assert detect_format(ctype, body, url) == fmt
