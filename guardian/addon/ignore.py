"""Hosts never intercepted: the rules' `ignore_hosts:` list becomes mitmproxy's `ignore_hosts`.

Certificate-pinned apps, banking and OS update services break (or should not be touched) when
their TLS is intercepted. mitmproxy passes connections matching `ignore_hosts` through as an
opaque tunnel. This addon keeps that option in step with the rules, also after a rules reload,
and keeps any pattern the user passed on the command line.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Sequence
from typing import Any

from guardian.addon.shared import RulesView
from guardian.rules import Rules

__all__ = ["IgnoreHosts", "ignore_patterns"]

log = logging.getLogger("guardian")


def ignore_patterns(domains: Iterable[str]) -> list[str]:
    """mitmproxy `ignore_hosts` regexes for rule domains: the domain and its subdomains, any port.

    mitmproxy matches them against "host:port" strings (address, SNI, Host header).
    """
    out = []
    for domain in domains:
        bare = domain.lower().rstrip(".").removeprefix("*.")
        out.append(rf"^(.+\.)?{re.escape(bare)}:\d+$")
    return out


class IgnoreHosts:
    """Keeps mitmproxy's `ignore_hosts` equal to the user's own patterns plus the rules' list."""

    def __init__(self, engine: RulesView) -> None:
        self.engine = engine  # the rules in force
        self._rules: Rules | None = None
        self._ours: list[str] = []

    def configure(self, updated: set[str]) -> None:
        if {"guardian_rules", "ignore_hosts", "allow_hosts"} & updated:
            self.sync(force=True)

    def running(self) -> None:
        self.sync()

    def client_connected(self, client: Any) -> None:
        # Rules can be reloaded without a configure call; an identity check per connection is cheap.
        self.sync()

    def sync(self, *, force: bool = False) -> None:
        from mitmproxy import ctx

        rules = self.engine.rules
        if rules is None or (rules is self._rules and not force):
            return
        self._rules = rules
        current: Sequence[str] = ctx.options.ignore_hosts
        ours = ignore_patterns(rules.ignore_hosts)
        if ctx.options.allow_hosts and ours:
            # mitmproxy refuses both at once; the user's allow_hosts already limits interception.
            log.warning("guardian: allow_hosts is set, so the rules' ignore_hosts list is not applied")
            ours = []
        user = [p for p in current if p not in self._ours]
        wanted = user + [p for p in ours if p not in user]
        self._ours = ours
        if list(current) != wanted:
            ctx.options.update(ignore_hosts=wanted)
            log.info("guardian: %d host(s) passed through uninspected (ignore_hosts)", len(rules.ignore_hosts))
