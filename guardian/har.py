"""Browser HAR recordings as the pipeline's requests (`guardian check --har`).

A HAR file (HTTP Archive 1.2, as Chrome, Firefox and Safari export it) holds `log.entries`, each
with the request's method, URL, headers and `postData`. `read_har` turns every entry into an
`HttpRequest` exactly as the proxy would have seen it, or into a `HarError` that names the entry;
a broken entry never stops the others. A truncated file (a recording cut off mid-write) is read
up to its last whole entry, and the error says so.

HAR bodies are stored decoded (the browser records the text it sent), so a `Content-Encoding`
header is dropped along with HTTP/2 pseudo-headers (":authority") and `Content-Length`.

Older recordings (Chrome before 76, WebPageTest exports, many public fixtures) carry no Fetch
Metadata, yet the pipeline learns which page embedded a frame only from the frame's document
load (`Sec-Fetch-Dest: iframe`, see `guardian.context.frames`); without it a tracker's iframe
beaconing with its own URL as Referer looks like a site talking to itself. So for entries with
no `Sec-Fetch-Dest`, `read_har` adds what the browser would have sent, from the recording's page
structure and nothing else (`_infer_documents`): each page's main document (the GET of the
page title's URL, else its first GET answered with text/html) gets `Sec-Fetch-Dest: document`
and `Sec-Fetch-Mode: navigate` (and `Sec-Fetch-Site: none` when it has no Referer); any other
GET of that page with a Referer, an Accept and a response that are both text/html (not a 3xx
redirect hop), and no `_resourceType` but `document`, gets `Sec-Fetch-Dest: iframe` and
`Sec-Fetch-Mode: navigate`.
`HarEntry.inferred` names the headers added.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from guardian.errors import GuardianError
from guardian.records import HttpRequest

__all__ = ["HarEntry", "HarError", "HarFileError", "read_har", "resource_type"]

MAX_HAR_BYTES = 512 * 1024 * 1024  # a recording larger than this is refused, not read into memory
_DROP_HEADERS = frozenset({"content-encoding", "content-length", "transfer-encoding"})
# Where the entries of a truncated file start, to read the whole ones that came before the cut.
_ENTRIES = re.compile(r'"entries"\s*:\s*\[')


class HarFileError(GuardianError):
    """The file is not a HAR recording at all (not JSON, no log.entries, too large)."""


@dataclass(frozen=True)
class HarError:
    """An entry that could not be turned into a request; `message` names the entry."""

    index: int
    message: str


@dataclass(frozen=True)
class HarEntry:
    """One recorded request, with what the browser said it loaded."""

    index: int
    request: HttpRequest
    resource: str | None  # Sec-Fetch-Dest, else the recorder's _resourceType (script, image, xhr ...)
    inferred: tuple[str, ...] = ()  # headers read_har added from the page structure (old recordings)


def resource_type(headers: Sequence[tuple[str, str]], recorded: object) -> str | None:
    """What the request loads: its Sec-Fetch-Dest, else the HAR's `_resourceType`."""
    dest = next((v for k, v in headers if k.lower() == "sec-fetch-dest"), None)
    if dest:
        return dest.strip().lower()
    return recorded.strip().lower() if isinstance(recorded, str) and recorded.strip() else None


def _body(post: object, index: int) -> tuple[bytes, str | None]:
    """The body bytes and the recorded mime type of `postData` (text, base64 text or params)."""
    if post is None:
        return b"", None
    if not isinstance(post, Mapping):
        raise ValueError(f"entry {index}: request.postData is not an object")
    mime = post.get("mimeType") if isinstance(post.get("mimeType"), str) else None
    text = post.get("text")
    if isinstance(text, str):
        if post.get("encoding") == "base64":
            try:
                return base64.b64decode(text, validate=False), mime
            except ValueError as e:
                raise ValueError(f"entry {index}: postData.text is not valid base64") from e
        return text.encode("utf-8", "surrogatepass"), mime
    params = post.get("params")
    if isinstance(params, list):
        pairs = [(str(p.get("name", "")), str(p.get("value", ""))) for p in params if isinstance(p, Mapping)]
        return urlencode(pairs).encode("ascii"), mime or "application/x-www-form-urlencoded"
    return b"", mime


def _entry(index: int, raw: object) -> HarEntry:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("request"), Mapping):
        raise ValueError(f"entry {index}: no request object")
    req: Mapping[str, Any] = raw["request"]
    url, method = req.get("url"), req.get("method")
    if not isinstance(url, str) or not url.startswith(("http://", "https://")):
        raise ValueError(f"entry {index}: request.url is missing or not an http(s) URL")
    if not isinstance(method, str) or not method.strip():
        raise ValueError(f"entry {index}: request.method is missing")
    headers: list[tuple[str, str]] = []
    for h in req.get("headers") or ():
        if not isinstance(h, Mapping) or not isinstance(h.get("name"), str):
            raise ValueError(f"entry {index}: a request header is not a name/value object")
        name, value = h["name"], str(h.get("value", ""))
        if name.startswith(":") or name.lower() in _DROP_HEADERS:
            continue
        headers.append((name, value))
    body, mime = _body(req.get("postData"), index)
    if body and mime and not any(k.lower() == "content-type" for k, _ in headers):
        headers.append(("Content-Type", mime))
    request = HttpRequest(method=method.strip().upper(), url=url, headers=tuple(headers), body=body)
    return HarEntry(index, request, resource_type(headers, raw.get("_resourceType")))


def _truncated_entries(text: str) -> tuple[list[object], str]:
    """The whole entries before the cut of a truncated recording, and why it was cut."""
    match = _ENTRIES.search(text)
    if match is None:
        raise HarFileError("not a HAR recording: no log.entries")
    decoder = json.JSONDecoder()
    entries: list[object] = []
    pos = match.end()
    while True:
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        if pos >= len(text) or text[pos] == "]":
            return entries, "the file ends inside log.entries"
        try:
            value, pos = decoder.raw_decode(text, pos)
        except json.JSONDecodeError:
            return entries, f"the file is cut off after entry {len(entries) - 1}" if entries else "the file is cut off before the first entry"
        entries.append(value)


def read_har(path: str | Path) -> tuple[list[HarEntry | HarError], str | None]:
    """Every entry of a HAR file as a request or an error; and a note when the file was truncated.

    Raises `HarFileError` when the file is not a HAR recording at all."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_HAR_BYTES:
            raise HarFileError(f"{p} is larger than {MAX_HAR_BYTES // (1024 * 1024)} MiB")
        text = p.read_text("utf-8", errors="surrogateescape")
    except OSError as e:
        raise HarFileError(f"cannot read {p}: {e.strerror or e}") from None
    note = None
    pages: object = None
    try:
        doc = json.loads(text)
        log = doc.get("log") if isinstance(doc, dict) else None
        entries = log.get("entries") if isinstance(log, dict) else None
        if not isinstance(entries, list):
            raise HarFileError(f"{p} is not a HAR recording: no log.entries list")
        pages = log.get("pages")
    except json.JSONDecodeError as e:
        entries, why = _truncated_entries(text)
        note = f"{p.name} is not valid JSON ({e.msg} at line {e.lineno}); {why}: {len(entries)} whole entries read"
    return _infer_documents(list(_entries(entries)), entries, _page_titles(pages)), note


def _entries(raw: Sequence[object]) -> Iterator[HarEntry | HarError]:
    for i, item in enumerate(raw):
        try:
            yield _entry(i, item)
        except (ValueError, TypeError) as e:
            yield HarError(i, str(e) if str(e).startswith("entry ") else f"entry {i}: {e}")


def _page_titles(pages: object) -> dict[str, str]:
    """`log.pages` as id -> title; malformed pages are skipped (they only help the inference)."""
    titles: dict[str, str] = {}
    if isinstance(pages, list):
        for page in pages:
            if isinstance(page, Mapping) and isinstance(page.get("id"), str) and isinstance(page.get("title"), str):
                titles.setdefault(page["id"], page["title"])
    return titles


def _response_mime(raw: Mapping[str, Any]) -> str:
    """The recorded response's `content.mimeType`, lower-cased; "" when missing or malformed."""
    response = raw.get("response")
    content = response.get("content") if isinstance(response, Mapping) else None
    mime = content.get("mimeType") if isinstance(content, Mapping) else None
    return mime.strip().lower() if isinstance(mime, str) else ""


def _redirected(raw: Mapping[str, Any]) -> bool:
    """Whether the recorded response is a redirect (3xx): a hop, not the document itself."""
    response = raw.get("response")
    status = response.get("status") if isinstance(response, Mapping) else None
    return isinstance(status, int) and 300 <= status < 400


def _may_be_document(entry: HarEntry, raw: Mapping[str, Any]) -> bool:
    """A GET without Fetch Metadata that the recorder did not file as a subresource (xhr, script ...)."""
    recorded = raw.get("_resourceType")
    if isinstance(recorded, str) and recorded.strip() and recorded.strip().lower() != "document":
        return False
    return entry.request.method == "GET" and entry.request.header("sec-fetch-dest") is None


def _with_headers(entry: HarEntry, added: tuple[tuple[str, str], ...]) -> HarEntry:
    """`entry` with the inferred headers appended; `resource` follows the new Sec-Fetch-Dest."""
    headers = entry.request.headers + added
    request = HttpRequest(entry.request.method, entry.request.url, headers, entry.request.body)
    return replace(entry, request=request, resource=resource_type(headers, None), inferred=tuple(k for k, _ in added))


def _main_document(members: Sequence[tuple[HarEntry, Mapping[str, Any]]], title: str | None) -> HarEntry | None:
    """The page's own document: the GET of the title's URL, else the first GET answered with text/html."""
    if title and title.startswith(("http://", "https://")):
        wanted = title.split("#", 1)[0]
        for entry, _raw in members:
            if entry.request.method == "GET" and entry.request.url.split("#", 1)[0] == wanted:
                return entry
    for entry, raw in members:
        if entry.request.method == "GET" and _response_mime(raw).startswith("text/html"):
            return entry
    return None


def _infer_documents(
    entries: list[HarEntry | HarError], raw: Sequence[object], titles: Mapping[str, str]
) -> list[HarEntry | HarError]:
    """Add the document/iframe Fetch Metadata an old recording lacks (module docstring), in one
    linear pass: the pipeline learns a frame's embedding page only from the frame's document load."""
    by_page: dict[str | None, list[tuple[HarEntry, Mapping[str, Any]]]] = {}
    for entry in entries:  # entries[i].index == i: _entries yields one item per raw entry
        item = raw[entry.index] if isinstance(entry, HarEntry) else None
        if isinstance(entry, HarEntry) and isinstance(item, Mapping):
            ref = item.get("pageref")
            by_page.setdefault(ref if isinstance(ref, str) else None, []).append((entry, item))
    out = list(entries)
    for ref, members in by_page.items():
        main = _main_document(members, titles.get(ref) if ref is not None else None)
        for entry, item in members:
            if not _may_be_document(entry, item):
                continue
            request = entry.request
            added: tuple[tuple[str, str], ...] = ()
            if entry is main:
                added = (("Sec-Fetch-Dest", "document"), ("Sec-Fetch-Mode", "navigate"))
                if not request.header("referer"):
                    added += (("Sec-Fetch-Site", "none"),)
            elif (
                request.header("referer")
                and (request.header("accept") or "").strip().lower().startswith("text/html")
                and _response_mime(item).startswith("text/html")
                and not _redirected(item)  # a hop on the way to a page (a search result's redirect)
            ):
                added = (("Sec-Fetch-Dest", "iframe"), ("Sec-Fetch-Mode", "navigate"))
            if added:
                out[entry.index] = _with_headers(entry, added)
    return out
