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
      ``pixel``), it equals the word or the word plus ``s`` (``events``, ``orders``). Whole
      segments count: ``/login`` is not ``/log``, ``/admin`` is not ``/ad``; a hint word of at
      least `WORD_PART_MIN` letters also counts as a whole word of a segment split at ``-``,
      ``_`` and case (``behavioral_action``, ``page-events``, ``trackEvent``). The query string
      is not read.
   c. Host hints (source ``host``): the labels of the host left of its public suffix, read as
      path segments are: a collector's host names its service (``personalize-events.<region>
      .amazonaws.com``, ``events.<vendor>.com``).
        analytics:       collect, track, tracking, event, analytics, beacon, log, behavioral,
                         behavioural, behavior, behaviour
        advertising:     pixel, ad, ads, adserver, impression
        authentication:  login, signin, auth, oauth, token, session
        functionality:   checkout, cart, pay, payment, order, search, query
        personalization: recommend, recommendation, personal, personalize, personalization
3. Nothing found and the recipient is first party: (functionality,), source ``default``.
4. Nothing found at all: (undisclosed,), source ``default``.
"""

from __future__ import annotations

import re
from functools import lru_cache
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
from guardian.context.site import registrable_domain
from guardian.records import Purpose, RecipientType

__all__ = ["CATEGORY_PURPOSES", "PATH_HINTS", "host_purposes", "path_purposes", "resolve_purposes"]

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
    Purpose.ANALYTICS: ("collect", "track", "tracking", "event", "analytics", "beacon", "log", "behavioral",
                        "behavioural", "behavior", "behaviour"),
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
# A hint word this long also counts as a word inside a segment; shorter ones ("ad", "log", "pay")
# are words of too many other names ("ad-hoc", "log-scale") and count only as whole segments.
WORD_PART_MIN = 5
_WORD_BREAK = re.compile(r"[-_]+|(?<=[a-z])(?=[A-Z])")


def _segment_purposes(segment: str) -> list[Purpose]:
    """The purposes one path segment or host label hints: as a whole, else by its words."""
    whole = PATH_HINTS.get(segment.lower())
    if whole is not None:
        return [whole]
    words = _WORD_BREAK.split(segment)
    if len(words) < 2:
        return []
    return [PATH_HINTS[w] for w in (w.lower() for w in words) if len(w) >= WORD_PART_MIN and w in PATH_HINTS]


def _add(found: list[Purpose], more: list[Purpose]) -> None:
    for purpose in more:
        if purpose not in found:
            found.append(purpose)


def path_purposes(url: str) -> list[Purpose]:
    """Purposes hinted by the path segments of `url`, in path order, without repeats."""
    try:
        path = urlsplit(url).path
    except ValueError:
        return []
    found: list[Purpose] = []
    for segment in path.split("/"):
        _add(found, _segment_purposes(unquote(segment).split(".", 1)[0]))
    return found


def host_purposes(url: str) -> list[Purpose]:
    """Purposes hinted by the labels of `url`'s host left of its public suffix."""
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        return []
    return list(_host_purposes(host))


@lru_cache(maxsize=4096)
def _host_purposes(host: str) -> tuple[Purpose, ...]:
    suffix = registrable_domain(host).partition(".")[2]  # the public suffix ("com", "us-east-1.amazonaws.com")
    if not suffix or not host.endswith("." + suffix):
        return ()
    found: list[Purpose] = []
    for label in host[: -len(suffix) - 1].split("."):
        _add(found, _segment_purposes(label))
    return tuple(found)


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
    for purpose in host_purposes(url):
        found.setdefault(purpose, "host")
    if not found:
        first = recipient is RecipientType.FIRST_PARTY
        default = Purpose.FUNCTIONALITY if first else Purpose.UNDISCLOSED
        found[default] = "default"
    return tuple(found), tuple(found.values())
