"""Action basis rule by rule (guardian/context/basis.py)."""

from __future__ import annotations

import pytest

from guardian.context.basis import resolve_basis
from guardian.records import Basis, HttpRequest

H = tuple[tuple[str, str], ...]


def fetch(site: str, mode: str, dest: str, user: bool = False) -> H:
    """Fetch Metadata headers as browsers send them."""
    headers: H = (("Sec-Fetch-Site", site), ("Sec-Fetch-Mode", mode), ("Sec-Fetch-Dest", dest))
    return headers + ((("Sec-Fetch-User", "?1"),) if user else ())


@pytest.mark.parametrize(
    ("method", "url", "headers", "body", "basis", "signals"),
    [
        # 1 speculative, before navigate
        ("GET", "https://a.example/", (("Sec-Purpose", "prefetch;prerender"),) + fetch("same-origin", "navigate", "document"), b"",
         Basis.BACKGROUND, ("sec-purpose=prefetch;prerender",)),
        ("GET", "https://a.example/", (("Purpose", "prefetch"),) + fetch("same-origin", "no-cors", "empty"), b"",
         Basis.BACKGROUND, ("purpose=prefetch",)),
        ("GET", "http://a.example/", (("X-Moz", "prefetch"),), b"", Basis.BACKGROUND, ("x-moz=prefetch",)),
        # 2 user activation (also on a frame navigation)
        ("GET", "https://a.example/", fetch("cross-site", "navigate", "iframe", user=True), b"",
         Basis.USER_INITIATED, ("sec-fetch-user=?1",)),
        # 3 top-level navigation without activation
        ("GET", "https://a.example/", fetch("cross-site", "navigate", "document"), b"",
         Basis.USER_INITIATED, ("sec-fetch-mode=navigate", "sec-fetch-dest=document")),
        # 4 no initiating page
        ("GET", "https://a.example/x.json", fetch("none", "cors", "empty"), b"",
         Basis.USER_INITIATED, ("sec-fetch-site=none",)),
        # 5 ping, by header or by content type
        ("POST", "https://a.example/p", (("Ping-To", "https://b.example/"),) + fetch("cross-site", "no-cors", "empty"), b"PING",
         Basis.BACKGROUND, ("ping-to present",)),
        ("POST", "https://a.example/p", (("Content-Type", "text/ping"),), b"PING",
         Basis.BACKGROUND, ("content-type=text/ping",)),
        # 6 pixel: media carrying data; a plain image is not one
        ("GET", "https://a.example/p.gif?uid=1", fetch("same-site", "no-cors", "image"), b"",
         Basis.BACKGROUND, ("sec-fetch-dest=image", "url query present")),
        ("POST", "https://a.example/font", fetch("cross-site", "cors", "font"), b"x",
         Basis.BACKGROUND, ("sec-fetch-dest=font", "body present")),
        ("GET", "https://a.example/logo.png", fetch("same-origin", "no-cors", "image"), b"",
         Basis.DEFAULT, ("sec-fetch-site=same-origin", "sec-fetch-mode=no-cors", "sec-fetch-dest=image")),
        # 7 no-cors beacon, even same-origin
        ("POST", "https://a.example/b", fetch("same-origin", "no-cors", "empty"), b"x=1",
         Basis.BACKGROUND, ("sec-fetch-mode=no-cors", "sec-fetch-dest=empty")),
        # 8 cross-site script fetch
        ("POST", "https://a.example/api", fetch("cross-site", "cors", "empty"), b"{}",
         Basis.BACKGROUND, ("sec-fetch-site=cross-site", "sec-fetch-dest=empty")),
        # 9 same-origin / same-site fetch
        ("POST", "https://a.example/api", fetch("same-origin", "same-origin", "empty"), b"{}",
         Basis.DEFAULT, ("sec-fetch-site=same-origin", "sec-fetch-mode=same-origin", "sec-fetch-dest=empty")),
        # 10 no Sec-Fetch-*: Origin-based guess
        ("POST", "http://t.example/hit", (("Origin", "http://blog.example"), ("Content-Type", "text/plain")), b"x",
         Basis.BACKGROUND, ("no sec-fetch headers", "method=POST", "origin=cross-site", "content-type=text/plain")),
        ("POST", "http://www.blog.example/hit", (("Origin", "http://blog.example"), ("Content-Type", "text/plain")), b"x",
         Basis.DEFAULT, ("no sec-fetch headers",)),
        ("POST", "http://t.example/hit", (("Origin", "http://blog.example"), ("Content-Type", "application/json")), b"{}",
         Basis.DEFAULT, ("no sec-fetch headers",)),
        ("GET", "http://t.example/hit", (("Origin", "http://blog.example"), ("Content-Type", "text/plain")), b"",
         Basis.DEFAULT, ("no sec-fetch headers",)),
        ("GET", "https://api.example.com/", (), b"", Basis.DEFAULT, ("no sec-fetch headers",)),
        # 11 page-embedded resources
        ("GET", "https://cdn.example/app.js", fetch("cross-site", "no-cors", "script"), b"",
         Basis.DEFAULT, ("sec-fetch-site=cross-site", "sec-fetch-mode=no-cors", "sec-fetch-dest=script")),
        ("GET", "https://ads.example/frame", fetch("cross-site", "navigate", "iframe"), b"",
         Basis.DEFAULT, ("sec-fetch-site=cross-site", "sec-fetch-mode=navigate", "sec-fetch-dest=iframe")),
    ],
)
def test_basis_rules(method: str, url: str, headers: H, body: bytes, basis: Basis, signals: tuple[str, ...]) -> None:
    assert resolve_basis(HttpRequest(method, url, headers, body)) == (basis, signals)


def test_header_names_and_values_are_case_insensitive() -> None:
    request = HttpRequest("GET", "https://a.example/", (("sec-fetch-user", "?1"), ("SEC-FETCH-MODE", "Navigate")))
    assert resolve_basis(request) == (Basis.USER_INITIATED, ("sec-fetch-user=?1",))
