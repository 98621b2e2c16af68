"""Context: first party, recipient type, purposes and action basis (DESIGN.md step 4).

`ContextResolver().resolve(request, override)` gives the `RequestContext` of one request. The
rules live, documented, in the module of each concern: ``site.py`` (eTLD+1, first party),
``trackers.py`` (the tracker map), ``lists.py`` (the user's Disconnect and DuckDuckGo lists),
``recipients.py``, ``purposes.py`` and ``basis.py``. ``load_trackers(paths)`` builds the map
from the user's lists above the built-in one; pass it to ``ContextResolver``.
"""

from __future__ import annotations

from guardian.context.lists import ListStats, load_lists, load_trackers, split_paths
from guardian.context.resolver import ContextOverride, ContextResolver
from guardian.context.site import registrable_domain
from guardian.context.trackers import TrackerEntry, TrackerMap, builtin_trackers

__all__ = [
    "ContextOverride",
    "ContextResolver",
    "ListStats",
    "TrackerEntry",
    "TrackerMap",
    "builtin_trackers",
    "load_lists",
    "load_trackers",
    "registrable_domain",
    "split_paths",
]
