"""`read_har` infers document / iframe Fetch Metadata for old recordings from the page structure."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from guardian.har import HarEntry, HarError, read_har

PAGE = "https://news.example/"
FRAME = "https://s.effectivemeasure.net/html/frame_2.3.3.html"
BEACON = "https://s.effectivemeasure.net/d/6/p?fv=a81c2f9e-5b7d-4c3e-9f10-2d6b8e4a7c55&sv=1"
HTML_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,image/webp,*/*;q=0.8"
FETCH = ("Sec-Fetch-Dest", "Sec-Fetch-Mode", "Sec-Fetch-Site")


def _entry(url: str, *, method: str = "GET", headers: dict[str, str] | None = None, mime: str | None = None,
           pageref: object = "page_1", **extra: Any) -> dict[str, Any]:
    """A HAR entry; `mime` is the response's content.mimeType."""
    entry: dict[str, Any] = {
        "request": {"method": method, "url": url, "headers": [{"name": k, "value": v} for k, v in (headers or {}).items()]},
        **extra,
    }
    if pageref is not None:
        entry["pageref"] = pageref
    if mime is not None:
        entry["response"] = {"status": 200, "content": {"mimeType": mime}}
    return entry


def _write(tmp_path: Path, entries: list[dict[str, Any]], pages: object = None) -> Path:
    log: dict[str, Any] = {"version": "1.2", "entries": entries}
    if pages is not None:
        log["pages"] = pages
    path = tmp_path / "rec.har"
    path.write_text(json.dumps({"log": log}))
    return path


def _read(path: Path) -> list[HarEntry]:
    entries, note = read_har(path)
    assert note is None and all(isinstance(e, HarEntry) for e in entries)
    return [e for e in entries if isinstance(e, HarEntry)]


def _fetch(entry: HarEntry) -> dict[str, str | None]:
    return {name: entry.request.header(name) for name in FETCH}


def _page_with_frame() -> list[dict[str, Any]]:
    return [
        _entry(PAGE, headers={"Accept": HTML_ACCEPT}, mime="text/html; charset=utf-8"),
        _entry(FRAME, headers={"Accept": HTML_ACCEPT, "Referer": PAGE}, mime="text/html"),
        _entry(BEACON, headers={"Accept": "image/webp,*/*", "Referer": FRAME}, mime="image/gif"),
    ]


def test_the_main_document_and_its_iframe_get_fetch_metadata_and_the_beacon_none(tmp_path: Path) -> None:
    doc, frame, beacon = _read(_write(tmp_path, _page_with_frame(), [{"id": "page_1", "title": PAGE}]))
    assert _fetch(doc) == {"Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "none"}
    assert doc.resource == "document" and doc.inferred == FETCH
    assert _fetch(frame) == {"Sec-Fetch-Dest": "iframe", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": None}
    assert frame.resource == "iframe" and frame.inferred == ("Sec-Fetch-Dest", "Sec-Fetch-Mode")
    assert beacon.inferred == () and beacon.resource is None
    assert not any(k.lower().startswith("sec-fetch-") for k, _ in beacon.request.headers)


def test_a_main_document_with_a_referer_gets_no_sec_fetch_site(tmp_path: Path) -> None:
    raw = [_entry(PAGE, headers={"Referer": "https://search.example/?q=news"}, mime="text/html")]
    (doc,) = _read(_write(tmp_path, raw, [{"id": "page_1", "title": PAGE}]))
    assert _fetch(doc) == {"Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": None}


def test_recorded_fetch_metadata_post_xhr_and_non_html_accept_are_left_alone(tmp_path: Path) -> None:
    frame_like = {"Accept": HTML_ACCEPT, "Referer": PAGE}
    raw = [
        _entry(PAGE, mime="text/html"),
        _entry("https://a.example/f", headers={**frame_like, "Sec-Fetch-Dest": "empty"}, mime="text/html"),
        _entry("https://b.example/f", method="POST", headers=frame_like, mime="text/html"),
        _entry("https://c.example/f", headers=frame_like, mime="text/html", _resourceType="xhr"),
        _entry("https://d.example/f", headers={"Accept": "*/*", "Referer": PAGE}, mime="text/html"),
        _entry("https://e.example/f", headers={"Accept": HTML_ACCEPT}, mime="text/html"),  # no Referer
        _entry("https://f.example/f", headers=frame_like, mime="application/json"),
        _entry("https://g.example/f", headers=frame_like, mime="text/html", _resourceType="document"),
    ]
    doc, recorded, post, xhr, star, no_referer, json_, framed = _read(_write(tmp_path, raw, [{"id": "page_1", "title": PAGE}]))
    assert doc.resource == "document"
    assert recorded.inferred == () and recorded.resource == "empty" and recorded.request.header("sec-fetch-mode") is None
    for entry in (post, xhr, star, no_referer, json_):
        assert entry.inferred == () and entry.request.header("sec-fetch-dest") is None
    assert xhr.resource == "xhr"
    assert framed.resource == "iframe"


def test_a_recorded_main_document_is_unchanged_and_not_taken_for_a_frame(tmp_path: Path) -> None:
    raw = [_entry(PAGE, headers={"Accept": HTML_ACCEPT, "Referer": PAGE, "Sec-Fetch-Dest": "document"}, mime="text/html")]
    (doc,) = _read(_write(tmp_path, raw, [{"id": "page_1", "title": PAGE}]))
    assert doc.inferred == () and doc.request.header("sec-fetch-mode") is None


def test_the_main_document_is_the_title_url_wherever_it_is(tmp_path: Path) -> None:
    raw = [*_page_with_frame()[1:], _entry(PAGE, headers={"Accept": HTML_ACCEPT}, mime="text/html")]
    raw.insert(0, _entry("https://cdn.news.example/intro.html", mime="text/html"))  # an earlier text/html GET
    intro, frame, beacon, doc = _read(_write(tmp_path, raw, [{"id": "page_1", "title": PAGE + "#top"}]))
    assert doc.resource == "document" and intro.inferred == ()  # no Referer or Accept: no frame either
    assert frame.resource == "iframe" and beacon.inferred == ()


def test_without_a_url_title_the_main_document_is_the_first_html_get(tmp_path: Path) -> None:
    raw = [
        _entry("https://news.example/app.js", mime="application/javascript"),
        _entry(PAGE, method="POST", mime="text/html"),
        _entry(PAGE, headers={"Accept": HTML_ACCEPT, "Referer": PAGE}, mime="text/html"),
        _entry(FRAME, headers={"Accept": HTML_ACCEPT, "Referer": PAGE}, mime="text/html"),
    ]
    script, post, doc, frame = _read(_write(tmp_path, raw, [{"id": "page_1", "title": "News of the day"}]))
    assert script.inferred == () and post.inferred == ()
    assert doc.resource == "document" and doc.request.header("sec-fetch-site") is None
    assert frame.resource == "iframe"


def test_pages_are_separate_and_entries_without_pageref_are_one_page(tmp_path: Path) -> None:
    raw = [
        _entry(PAGE, mime="text/html"),
        _entry("https://other.example/", mime="text/html", pageref="page_2"),
        _entry("https://loose.example/", mime="text/html", pageref=None),
        _entry("https://loose.example/2", mime="text/html", pageref=None),
    ]
    one, two, loose, loose2 = _read(_write(tmp_path, raw, [{"id": "page_1", "title": PAGE}, {"id": "page_2"}]))
    assert one.resource == two.resource == loose.resource == "document"
    assert loose2.inferred == ()  # no Referer: not a frame of the implicit page


@pytest.mark.parametrize("pages", [None, "pages", 3, [None, "x", {"id": 3, "title": PAGE}, {"title": PAGE}, {"id": "page_1"}]])
@pytest.mark.parametrize("pageref", [None, 5, ["page_1"], {"id": "page_1"}, "missing"])
@pytest.mark.parametrize("response", [None, "text/html", [], {"content": "text/html"}, {"content": {"mimeType": 7}}])
def test_malformed_pages_pageref_and_response_never_raise(tmp_path: Path, pages: object, pageref: object, response: object) -> None:
    raw: list[Any] = [
        {"request": {"method": "GET", "url": PAGE, "headers": []}, "pageref": pageref, "response": response},
        {"request": {"method": "GET", "url": FRAME, "headers": [{"name": "Referer", "value": PAGE}]}, "pageref": pageref,
         "response": response, "_resourceType": 12},
        _entry(FRAME, headers={"Accept": HTML_ACCEPT, "Referer": PAGE}, mime="text/html", pageref=pageref),
        "not an entry",
        {"request": {"method": "GET", "url": "ftp://x"}},
    ]
    entries, note = read_har(_write(tmp_path, raw, pages))
    assert note is None and [type(e) for e in entries] == [HarEntry, HarEntry, HarEntry, HarError, HarError]


def test_a_truncated_recording_is_still_inferred(tmp_path: Path) -> None:
    text = json.dumps({"log": {"pages": [{"id": "page_1", "title": PAGE}], "entries": _page_with_frame()}})
    path = tmp_path / "cut.har"
    path.write_text(text[: text.rindex("{\"request\"")])  # cut inside the beacon entry
    entries, note = read_har(path)
    assert note is not None and [e.resource for e in entries if isinstance(e, HarEntry)] == ["document", "iframe"]


def test_a_trackers_iframe_beacon_is_decided_with_the_embedding_page_as_first_party(tmp_path: Path) -> None:
    from guardian.assemble import assemble
    from guardian.session import DEFAULT_USER, Session
    from guardian.settings import Settings

    entries = _read(_write(tmp_path, _page_with_frame(), [{"id": "page_1", "title": PAGE}]))
    pipeline = assemble(Settings(policy_db=None))
    session = Session(DEFAULT_USER)
    outcomes = []
    for entry in entries:
        outcomes.append(pipeline.decide(entry.request, session))
        session.apply(outcomes[-1].changes)
    beacon = outcomes[-1].record
    assert beacon.context is not None
    assert beacon.context.first_party_site == "news.example"
    assert beacon.context.destination_site == "effectivemeasure.net"
    assert beacon.context.recipient.value != "first_party"  # a third party of the page, whatever its kind


def test_a_redirect_hop_to_the_page_is_not_taken_for_a_frame(tmp_path: Path) -> None:
    hop = _entry("https://search.example/url?q=news", headers={"Accept": HTML_ACCEPT, "Referer": "https://search.example/"},
                 mime="text/html")
    hop["response"]["status"] = 302
    entries = _read(_write(tmp_path, [hop] + _page_with_frame(), [{"id": "page_1", "title": PAGE}]))
    assert entries[0].inferred == () and [e.resource for e in entries[1:3]] == ["document", "iframe"]
