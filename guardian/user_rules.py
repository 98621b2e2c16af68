"""Each user's own rules, layered over the proxy's (`guardian_user_rules`).

An organisation's proxy has one rules file for everyone; a user may want a site trusted or
blocked for themselves only. With `guardian_user_rules=FOLDER`, the user whose session key is
`auth:NAME` (`guardian_users=proxyauth`) or `addr:ADDRESS` (`client`) has the rules in
`FOLDER/NAME.yaml` (or `FOLDER/ADDRESS.yaml`) on top of the proxy's (`layered`):

- their trusted, blocked and per-domain entries come first, and their thresholds, likelihood
  priors and policy URLs replace the proxy's;
- the proxy's blocks stay in force: a user cannot trust a domain the proxy blocks;
- `never_touch`, `restore_answers` and `block_attachments` entries add up; `opaque_bodies`
  is the stricter of the two; `ignore_hosts` and `recognizers` are the proxy's only (what is
  intercepted at all, and what the detectors look for, are the deployment's).

Only a name of letters, digits and `. _ @ -` (at most 64, not starting with a dot) maps to a
file; any other user has no file of their own, so a user name is never a path. The files are
`guardian allow|block|reset DOMAIN --rules FOLDER/NAME.yaml` files, read again when they change
(one `stat` a second per user); a file with a mistake is logged and the user's last good rules
(or none) stay in force.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from dataclasses import replace
from pathlib import Path

from guardian.errors import GuardianError
from guardian.rules import Rules, load_rules

__all__ = ["UserRules", "OwnRules", "layered", "rules_file_name", "CHECK_EVERY_S"]

log = logging.getLogger("guardian")

CHECK_EVERY_S = 1.0
_NAME = re.compile(r"[A-Za-z0-9_@-][A-Za-z0-9._@-]{0,63}")
_PREFIXES = ("auth:", "addr:")


def rules_file_name(user: str) -> str | None:
    """`NAME.yaml` for a session key `auth:NAME` / `addr:NAME` whose NAME is a safe file name."""
    for prefix in _PREFIXES:
        if user.startswith(prefix):
            name = user[len(prefix):]
            return f"{name}.yaml" if _NAME.fullmatch(name) and ".." not in name else None
    return None


def layered(base: Rules, own: Rules) -> Rules:
    """`own` over `base` (see the module docstring)."""
    return replace(
        base,
        trusted=own.trusted + base.trusted,
        blocked=own.blocked + base.blocked,
        domains=own.domains + tuple(d for d in base.domains if d.domain not in {o.domain for o in own.domains}),
        thresholds={**base.thresholds, **own.thresholds},
        never_touch=base.never_touch + own.never_touch,
        likelihood_prior={**base.likelihood_prior, **own.likelihood_prior},
        opaque_bodies="deny" if "deny" in (base.opaque_bodies, own.opaque_bodies) else base.opaque_bodies,
        policies={**base.policies, **own.policies},
        restore_answers=base.restore_answers + own.restore_answers,
        block_attachments=base.block_attachments + own.block_attachments,
        locked=base.locked + base.blocked,  # checked before the user's trust
        source=f"{own.source} over {base.source}",
    )


class OwnRules:
    """One user's file: `over(base)` gives the rules that user's decisions use."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._stamp: tuple[int, int, int] | None = None
        self._own: Rules | None = None
        self._next = 0.0
        self._layered: tuple[int, int, Rules] | None = None  # (id(base), generation, result)
        self._generation = 0

    def over(self, base: Rules) -> Rules:
        own = self._current()
        if own is None:
            return base
        with self._lock:
            cached = self._layered
            if cached is not None and cached[0] == id(base) and cached[1] == self._generation:
                return cached[2]
            result = layered(base, own)
            self._layered = (id(base), self._generation, result)
            return result

    def _current(self) -> Rules | None:
        now = time.monotonic()
        with self._lock:
            if now < self._next:
                return self._own
            self._next = now + CHECK_EVERY_S
        try:
            st = self.path.stat()
            stamp: tuple[int, int, int] | None = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            stamp = None
        with self._lock:
            if stamp == self._stamp:
                return self._own
            self._stamp = stamp
        own: Rules | None = None
        if stamp is not None:
            try:
                own = load_rules(self.path)
            except GuardianError as e:
                log.error("guardian: a user's rules were not (re)loaded, their last good ones stay: %s", e)
                with self._lock:
                    return self._own
        with self._lock:
            self._own = own
            self._generation += 1
            return own


class UserRules:
    """The folder of users' files: `for_user(key)` gives that user's `OwnRules`, or None."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder).expanduser()

    def for_user(self, user: str) -> OwnRules | None:
        name = rules_file_name(user)
        return OwnRules(self.folder / name) if name is not None else None
