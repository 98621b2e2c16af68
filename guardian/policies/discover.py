"""Discovery: where a site's privacy policy lives, in the order of the issue.

1. a user rule (site -> URL);
2. the tracker list owner's policy URL (`TrackerMap.policy_url(host)`);
3. well-known paths on the site;
4. links on the home page whose text or URL says privacy.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import urljoin, urlsplit

from guardian.context.trackers import TrackerMap

__all__ = ["WELL_KNOWN_PATHS", "rule_url", "tracker_url", "well_known_urls", "privacy_links"]

WELL_KNOWN_PATHS = (
    "/privacy", "/privacy-policy", "/privacy_policy", "/legal/privacy", "/legal/privacy-policy",
    "/policies/privacy", "/about/privacy", "/privacy.html", "/privacy-policy.html", "/privacypolicy",
)
_PRIVACY = re.compile(r"privacy|datenschutz|confidentialit|privacidad|privacit|data[- ]protection", re.I)


def rule_url(site: str, rules: Mapping[str, str]) -> str | None:
    """The user's policy URL for the site or its parent domain."""
    labels = site.split(".")
    for i in range(len(labels) - 1):
        url = rules.get(".".join(labels[i:]))
        if url:
            return url
    return None


def tracker_url(host: str, trackers: TrackerMap | None) -> str | None:
    """The owner's policy URL from the tracker map (the lists give some owners' policy URLs)."""
    if trackers is None:
        return None
    try:
        return trackers.policy_url(host) or None
    except Exception:  # noqa: BLE001 - a list entry that cannot be read must not stop discovery
        return None


def well_known_urls(base: str) -> list[str]:
    return [urljoin(base, path) for path in WELL_KNOWN_PATHS]


def privacy_links(html: str, base_url: str, *, limit: int = 3) -> list[str]:
    """Links on a page whose text or URL says privacy, same-site links first."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    host = urlsplit(base_url).hostname or ""
    found: list[tuple[int, str]] = []
    for a in soup.find_all("a", href=True):
        href, text = str(a["href"]), a.get_text(" ", strip=True)
        if not (_PRIVACY.search(text) or _PRIVACY.search(href)) or href.startswith(("mailto:", "javascript:", "#")):
            continue
        url = urljoin(base_url, href)
        if urlsplit(url).scheme not in ("http", "https"):
            continue
        other = (urlsplit(url).hostname or "") != host
        if url not in (u for _, u in found):
            found.append((int(other), url))
    return [u for _, u in sorted(found, key=lambda t: t[0])][:limit]
