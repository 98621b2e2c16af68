"""Browser HAR recordings as the pipeline's requests (`guardian check --har`).

A HAR file (HTTP Archive 1.2, as Chrome, Firefox and Safari export it) holds `log.entries`, each
with the request's method, URL, headers and `postData`. `read_har` turns every entry into an
`HttpRequest` exactly as the proxy would have seen it, or into a `HarError` that names the entry;
a broken entry never stops the others. A truncated file (a recording cut off mid-write) is read
up to its last whole entry, and the error says so.

HAR bodies are stored decoded (the browser records the text it sent), so a `Content-Encoding`
header is dropped along with HTTP/2 pseudo-headers (":authority") and `Content-Length`.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
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
    try:
        doc = json.loads(text)
        log = doc.get("log") if isinstance(doc, dict) else None
        entries = log.get("entries") if isinstance(log, dict) else None
        if not isinstance(entries, list):
            raise HarFileError(f"{p} is not a HAR recording: no log.entries list")
    except json.JSONDecodeError as e:
        entries, why = _truncated_entries(text)
        note = f"{p.name} is not valid JSON ({e.msg} at line {e.lineno}); {why}: {len(entries)} whole entries read"
    return list(_entries(entries)), note


def _entries(raw: Sequence[object]) -> Iterator[HarEntry | HarError]:
    for i, item in enumerate(raw):
        try:
            yield _entry(i, item)
        except (ValueError, TypeError) as e:
            yield HarError(i, str(e) if str(e).startswith("entry ") else f"entry {i}: {e}")
