"""Segmentation: a policy document (HTML, Markdown, plain text) into atomic statements.

HTML is cleaned with BeautifulSoup first: scripts, styles, navigation, headers, footers,
asides, forms, hidden elements and cookie/consent banners are dropped, so text that a script
would inject, or a banner shows, never becomes a statement. Headings are kept as context
(`"Information we collect > Cookies"`). Paragraphs and list items are split into sentences;
a sentence that states no practice of its own ("For example:") stays with its neighbour, and
short list items ("Email address") join the sentence that introduces them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["Block", "Segment", "html_blocks", "markdown_blocks", "text_blocks", "segment", "segment_document", "detect_format"]

MAX_STATEMENT_CHARS = 1200  # a longer "sentence" is cut at clause boundaries
MIN_STATEMENT_CHARS = 25  # shorter pieces join a neighbour

_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
_BLOCKS = {
    "p", "li", "div", "section", "article", "main", "ul", "ol", "dl", "dt", "dd", "table", "tbody", "thead",
    "tr", "td", "th", "blockquote", "pre", "body", "html", "br", "hr", "figure", "figcaption", "details", "summary",
}
_DROP_TAGS = ["script", "style", "noscript", "template", "svg", "canvas", "iframe", "object", "embed", "nav",
              "footer", "header", "aside", "form", "button", "select", "input", "textarea", "dialog", "head", "meta", "link"]
_BANNER = re.compile(r"cookie|consent|gdpr|onetrust|cc-(?:window|banner)|truste|didomi|usercentrics|banner|modal|popup|newsletter", re.I)
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?;])[\"'”’)]?\s+(?=[\"“(]?[A-Z0-9])")
_ABBREV = re.compile(r"(?:\b(?:e\.g|i\.e|etc|Inc|Ltd|Co|Corp|U\.S|Mr|Ms|Dr|No|vs|cf|approx)\.)$")
_PRACTICE = re.compile(
    r"\b(?:collect|use|share|sell|disclos|retain|store|keep|process|transfer|delete|receive|provide|access|"
    r"opt|choose|consent|protect|secur|encrypt|track|cookie|advertis|right|request|contact|update|change|combine|may|will)",
    re.I,
)


@dataclass(frozen=True)
class Block:
    """A run of text from the document: a heading, a paragraph or a list item."""

    kind: str  # heading | p | li
    text: str
    level: int = 0  # heading level 1..6


@dataclass(frozen=True)
class Segment:
    """One atomic statement before annotation."""

    text: str
    heading: str  # the heading path, outermost first, joined with " > "


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def detect_format(content_type: str | None, body: str, url: str = "") -> str:
    """html | markdown | text, from the Content-Type, then the file name, then the text itself."""
    ctype = (content_type or "").split(";")[0].strip().lower()
    if ctype in ("text/html", "application/xhtml+xml"):
        return "html"
    if ctype in ("text/markdown", "text/x-markdown") or url.lower().endswith((".md", ".markdown")):
        return "markdown"
    if url.lower().endswith((".html", ".htm")):
        return "html"
    head = body[:2000].lstrip().lower()
    if head.startswith(("<!doctype html", "<html")) or re.search(r"<(?:p|div|body|h1|h2)[\s>]", head):
        return "html"
    if re.search(r"^#{1,6} \S|^\S.*\n[=-]{3,}\s*$", body[:5000], re.M):
        return "markdown"
    return "text"


# -- HTML -----------------------------------------------------------------------------------------


def html_blocks(html: str) -> list[Block]:
    """Clean HTML into blocks: boilerplate, scripts, hidden text and cookie banners removed."""
    from bs4 import BeautifulSoup, Comment, NavigableString, Tag

    soup = BeautifulSoup(html, "html.parser")
    for tag in soup(_DROP_TAGS):
        tag.decompose()
    for comment in soup.find_all(string=lambda s: isinstance(s, Comment)):
        comment.extract()
    for tag in list(soup.find_all(True)):
        if tag.decomposed if hasattr(tag, "decomposed") else False:
            continue
        attrs = tag.attrs or {}
        role = str(attrs.get("role", "")).lower()
        marker = " ".join([str(attrs.get("id", "")), " ".join(attrs.get("class", []) or []), str(attrs.get("aria-label", ""))])
        if (
            "hidden" in attrs
            or str(attrs.get("aria-hidden", "")).lower() == "true"
            or _HIDDEN_STYLE.search(str(attrs.get("style", "")))
            or role in ("navigation", "banner", "contentinfo", "dialog", "alertdialog", "search")
            or (marker.strip() and _BANNER.search(marker) and tag.name not in ("body", "html", "main", "article"))
        ):
            tag.decompose()

    blocks: list[Block] = []
    buffer: list[str] = []

    def flush(kind: str) -> None:
        text = _clean(" ".join(buffer))
        buffer.clear()
        if text:
            blocks.append(Block(kind, text))

    def walk(node: Tag, kind: str) -> None:
        for child in list(node.children):
            if isinstance(child, NavigableString):
                buffer.append(str(child))
            elif isinstance(child, Tag):
                if child.name in _HEADINGS:
                    flush(kind)
                    text = _clean(child.get_text(" "))
                    if text:
                        blocks.append(Block("heading", text, int(child.name[1])))
                elif child.name in _BLOCKS:
                    flush(kind)
                    walk(child, "li" if child.name in ("li", "dd", "td") else "p" if child.name == "p" else kind)
                    flush("li" if child.name in ("li", "dd", "td") else kind)
                else:
                    walk(child, kind)

    root = soup.body or soup
    walk(root, "p")
    flush("p")
    return blocks


# -- Markdown and plain text ----------------------------------------------------------------------

_MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MD_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_MD_ITEM = re.compile(r"^\s*(?:[*+-]|\d+[.)])\s+(.*)$")


def _md_inline(text: str) -> str:
    text = _MD_LINK.sub(r"\1", text)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"(\*\*|__|\*|`)", "", text)
    text = re.sub(r"(?<!\w)_|_(?!\w)", "", text)
    return _clean(text)


def markdown_blocks(md: str) -> list[Block]:
    """Markdown into blocks: ATX and setext headings, list items, paragraphs; links keep their text."""
    blocks: list[Block] = []
    para: list[str] = []
    kind = "p"

    def flush() -> None:
        nonlocal kind
        text = _md_inline(" ".join(para))
        para.clear()
        if text:
            blocks.append(Block(kind, text))
        kind = "p"

    lines = md.splitlines()
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        stripped = line.strip()
        if re.fullmatch(r"[=-]{3,}", stripped) and not para:
            continue  # underline of a setext heading already taken, or a rule
        if stripped and re.fullmatch(r"={3,}|-{3,}", nxt.strip()) and not _MD_ITEM.match(line):
            flush()
            blocks.append(Block("heading", _md_inline(stripped), 1 if nxt.strip()[0] == "=" else 2))
            continue
        m = _MD_HEADING.match(stripped)
        if m:
            flush()
            blocks.append(Block("heading", _md_inline(m.group(2)), len(m.group(1))))
            continue
        if not stripped:
            flush()
            continue
        if stripped.startswith("|"):
            flush()
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if not all(re.fullmatch(r":?-*:?", c) for c in cells):
                row = "; ".join(c for c in cells if c)
                if row:
                    blocks.append(Block("p", _md_inline(row)))
            continue
        item = _MD_ITEM.match(line)
        if item:
            flush()
            kind = "li"
            para.append(item.group(1))
            continue
        para.append(stripped)
    flush()
    return blocks


def text_blocks(text: str) -> list[Block]:
    """Plain text into blocks: blank-line paragraphs; a short unpunctuated line alone is a heading."""
    blocks: list[Block] = []
    for chunk in re.split(r"\n\s*\n", text):
        chunk = chunk.strip()
        if not chunk:
            continue
        lines = [ln.strip() for ln in chunk.splitlines() if ln.strip()]
        if len(lines) == 1 and len(lines[0]) < 80 and not lines[0].endswith((".", ":", ";", ",")):
            blocks.append(Block("heading", lines[0], 2))
            continue
        if lines and len(lines[0]) < 80 and not lines[0].endswith((".", ":", ";", ",")) and len(lines) > 1:
            blocks.append(Block("heading", lines[0], 3))
            lines = lines[1:]
        for item in lines if all(_MD_ITEM.match(ln) for ln in lines) else [" ".join(lines)]:
            m = _MD_ITEM.match(item)
            blocks.append(Block("li" if m else "p", _clean(m.group(1) if m else item)))
    return blocks


# -- statements -----------------------------------------------------------------------------------


def _sentences(text: str) -> Iterator[str]:
    start = 0
    for m in _SENTENCE_END.finditer(text):
        piece = text[start : m.start()].strip()
        if _ABBREV.search(text[max(0, m.start() - 6) : m.start() + 1].strip()):
            continue
        if piece:
            yield piece
        start = m.end()
    rest = text[start:].strip()
    if rest:
        yield rest


def _cut_long(text: str) -> Iterator[str]:
    while len(text) > MAX_STATEMENT_CHARS:
        cut = max(text.rfind("; ", 0, MAX_STATEMENT_CHARS), text.rfind(", ", 0, MAX_STATEMENT_CHARS))
        cut = cut + 1 if cut > MAX_STATEMENT_CHARS // 3 else MAX_STATEMENT_CHARS
        yield text[:cut].strip()
        text = text[cut:].strip()
    if text:
        yield text


def segment(blocks: list[Block]) -> list[Segment]:
    """Blocks into atomic statements with their heading path."""
    path: list[tuple[int, str]] = []
    out: list[list[str]] = []  # [text, heading]
    last_kind = ""
    for block in blocks:
        if block.kind == "heading":
            path = [(lvl, t) for lvl, t in path if lvl < block.level] + [(block.level, block.text)]
            last_kind = "heading"
            continue
        heading = " > ".join(t for _, t in path)
        short_item = block.kind == "li" and (
            not _PRACTICE.search(block.text) or (len(block.text) < 60 and not block.text.endswith((".", "!", "?")))
        )
        if short_item and out and out[-1][1] == heading and last_kind in ("p", "li") and len(out[-1][0]) < MAX_STATEMENT_CHARS:
            # an enumerated item ("Email address") belongs to the sentence that introduces it
            sep = " " if out[-1][0].endswith((":", ";", ",")) else "; "
            out[-1][0] = f"{out[-1][0]}{sep}{block.text}"
            last_kind = block.kind
            continue
        first_of_block = True
        for sentence in _sentences(block.text):
            for piece in _cut_long(sentence):
                standalone = len(piece) >= MIN_STATEMENT_CHARS and _PRACTICE.search(piece)
                if not first_of_block and not standalone and out and out[-1][1] == heading and len(out[-1][0]) < MAX_STATEMENT_CHARS:
                    out[-1][0] = f"{out[-1][0]} {piece}"
                else:
                    out.append([piece, heading])
                first_of_block = False
        last_kind = block.kind
    # a leading fragment without a practice ("For example:") joins the next statement
    merged: list[list[str]] = []
    for text, heading in out:
        if merged and merged[-1][1] == heading and (len(merged[-1][0]) < MIN_STATEMENT_CHARS or merged[-1][0].endswith(":")) and not _PRACTICE.search(merged[-1][0]):
            merged[-1][0] = f"{merged[-1][0]} {text}"
        else:
            merged.append([text, heading])
    return [Segment(text, heading) for text, heading in merged if len(text) >= 3]


def segment_document(body: str, fmt: str) -> list[Segment]:
    """A whole document in a given format (html | markdown | text) into statements."""
    blocks = html_blocks(body) if fmt == "html" else markdown_blocks(body) if fmt == "markdown" else text_blocks(body)
    return segment(blocks)
