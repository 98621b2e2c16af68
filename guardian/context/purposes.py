"""Purposes: why a request is sent, from the user's rule, the tracker category and the URL path.

Each purpose comes with its source (`RequestContext.purpose_sources`, one per purpose).

1. The user's rule for the domain lists purposes (`ContextOverride.purposes`, non-empty): those,
   each with source ``rule``, and nothing else. An empty tuple counts as no rule.
2. Otherwise, collected in this order, duplicates dropped (the first source is kept):
   a. the destination's tracker category (source ``builtin`` or ``list``, the map's source):
      Advertising -> advertising; Analytics and Monitoring -> analytics; Social -> profiling, marketing;
      Fingerprinting -> profiling; DataBroker -> profiling, advertising;
      ServiceProvider / CDN / Payment -> functionality; Login -> authentication;
      Security -> security; Government and Other -> nothing (a government site's purpose is
      not implied by what it is; Other says only that a list distrusts the domain).
   b. URL path hints (source ``url``), in the order the path segments appear. A segment
      matches a hint word when, lower-cased and cut at its first ``.`` (``pixel.gif`` ->
      ``pixel``), it equals the word or the word plus ``s`` (``events``, ``orders``). Only
      whole segments count: ``/login`` is not ``/log``, ``/admin`` is not ``/ad``. The query
      string is not read.
        analytics:       collect, track, tracking, event, analytics, beacon, log
        advertising:     pixel, ad, ads, adserver, impression
        authentication:  login, signin, auth, oauth, token, session
        functionality:   checkout, cart, pay, payment, order, search, query
        personalization: recommend, recommendation, personal, personalize, personalization
3. Nothing found and the recipient is first party: (functionality,), source ``default``.
4. Nothing found at all: (undisclosed,), source ``default``.
"""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

from guardian.context.trackers import (
    ADVERTISING,
    ANALYTICS,
    CDN,
    DATA_BROKER,
    FINGERPRINTING,
    GOVERNMENT,
    LOGIN,
    MONITORING,
    OTHER,
    PAYMENT,
    SECURITY,
    SERVICE_PROVIDER,
    SOCIAL,
)
from guardian.records import Purpose, RecipientType

__all__ = ["CATEGORY_PURPOSES", "PATH_HINTS", "path_purposes", "resolve_purposes"]

CATEGORY_PURPOSES: dict[str, tuple[Purpose, ...]] = {
    ADVERTISING: (Purpose.ADVERTISING,),
    ANALYTICS: (Purpose.ANALYTICS,),
    MONITORING: (Purpose.ANALYTICS,),
    SOCIAL: (Purpose.PROFILING, Purpose.MARKETING),
    FINGERPRINTING: (Purpose.PROFILING,),
    DATA_BROKER: (Purpose.PROFILING, Purpose.ADVERTISING),
    SERVICE_PROVIDER: (Purpose.FUNCTIONALITY,),
    CDN: (Purpose.FUNCTIONALITY,),
    PAYMENT: (Purpose.FUNCTIONALITY,),
    LOGIN: (Purpose.AUTHENTICATION,),
    SECURITY: (Purpose.SECURITY,),
    GOVERNMENT: (),
    OTHER: (),
}

_HINT_WORDS: dict[Purpose, tuple[str, ...]] = {
    Purpose.ANALYTICS: ("collect", "track", "tracking", "event", "analytics", "beacon", "log"),
    Purpose.ADVERTISING: ("pixel", "ad", "ads", "adserver", "impression"),
    Purpose.AUTHENTICATION: ("login", "signin", "auth", "oauth", "token", "session"),
    Purpose.FUNCTIONALITY: ("checkout", "cart", "pay", "payment", "order", "search", "query"),
    Purpose.PERSONALIZATION: (
        "recommend",
        "recommendation",
        "personal",
        "personalize",
        "personalization",
    ),
}



def _hint_table(words: dict[Purpose, tuple[str, ...]]) -> dict[str, Purpose]:
    """Segment stem -> purpose, with plurals ("events", "orders"); the first listing wins."""
    table: dict[str, Purpose] = {}
    for purpose, stems in words.items():
        for stem in stems:
            table.setdefault(stem, purpose)
            table.setdefault(stem + "s", purpose)
    return table


PATH_HINTS: dict[str, Purpose] = _hint_table(_HINT_WORDS)


def path_purposes(url: str) -> list[Purpose]:
    """Purposes hinted by the path segments of `url`, in path order, without repeats."""
    try:
        path = urlsplit(url).path
    except ValueError:
        return []
    found: list[Purpose] = []
    for segment in path.split("/"):
        stem = unquote(segment).lower().split(".", 1)[0]
        purpose = PATH_HINTS.get(stem)
        if purpose is not None and purpose not in found:
            found.append(purpose)
    return found


def resolve_purposes(
    url: str,
    recipient: RecipientType,
    *,
    category: str | None = None,
    category_source: str = "builtin",
    override: tuple[Purpose, ...] | None = None,
) -> tuple[tuple[Purpose, ...], tuple[str, ...]]:
    """The purposes of a request and their sources, by the rules in this module's docstring."""
    if override:
        purposes = tuple(dict.fromkeys(override))
        return purposes, ("rule",) * len(purposes)
    found: dict[Purpose, str] = {}
    if recipient is RecipientType.AI_SERVICE:  # serving the chat, and unless a rule says otherwise, training
        found[Purpose.FUNCTIONALITY] = "builtin"
        found[Purpose.MODEL_TRAINING] = "builtin"
    if category is not None:
        for purpose in CATEGORY_PURPOSES.get(category, ()):
            found.setdefault(purpose, category_source)
    for purpose in path_purposes(url):
        found.setdefault(purpose, "url")
    if not found:
        first = recipient is RecipientType.FIRST_PARTY
        default = Purpose.FUNCTIONALITY if first else Purpose.UNDISCLOSED
        found[default] = "default"
    return tuple(found), tuple(found.values())
