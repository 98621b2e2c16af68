"""Context: first party, recipient type, purposes and action basis (DESIGN.md step 4).

`ContextResolver().resolve(request, override)` gives the `RequestContext` of one request. The
rules live, documented, in the module of each concern: ``site.py`` (eTLD+1, first party),
``trackers.py`` (the tracker map), ``recipients.py``, ``purposes.py`` and ``basis.py``.
"""

from __future__ import annotations

from guardian.context.resolver import ContextOverride, ContextResolver
from guardian.context.site import registrable_domain
from guardian.context.trackers import TrackerEntry, TrackerMap, builtin_trackers

__all__ = [
    "ContextOverride",
    "ContextResolver",
    "TrackerEntry",
    "TrackerMap",
    "builtin_trackers",
    "registrable_domain",
]
