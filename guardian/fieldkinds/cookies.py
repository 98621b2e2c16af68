"""What a cookie of the Cookie header is: a tracker's id of the user, or the site's machinery.

`cookies.yaml` names the cookies vendors document as ids of the user or browser (`_ga`, `_fbp`,
`IDE`, `uuid2` ...). Such a cookie, with an id-shaped value, is a user identifier wherever it is
sent: to the site itself it is allowed as any first-party id is; to a third party it is rewritten
as any identifier is. A cookie the file does not name is the site's machinery (a
session, a preference, a load balancer's pin): left out of detection and never rewritten, so no
login breaks; only an e-mail stored as its value is still scored. Inside a site's cookie (the
claims of a session token) nothing is read; inside a tracking cookie (Mixpanel's JSON) values
are read by their own keys.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import yaml

from guardian import yamlfile
from guardian.errors import ConfigError
from guardian.records import KindLabel, ValueKind

__all__ = ["COOKIES_FILE", "TrackingCookies", "shipped_cookies"]

COOKIES_FILE = Path(__file__).with_name("cookies.yaml")
_ENTRY_KEYS = frozenset({"vendor", "names", "what", "source"})
# never_touch: left out of detection and never rewritten (the pipeline drops such fields first)
SITE_COOKIE = KindLabel(ValueKind.SITE_MACHINERY, "cookie", "a cookie of the site (not a documented tracking id)",
                        never_touch=True)


class TrackingCookies:
    """Cookie names (globs, any case) that vendors document as ids of the user or browser."""

    def __init__(self, entries: list[tuple[str, str, str]]) -> None:  # (glob, vendor, what)
        self._exact: dict[str, KindLabel] = {}
        patterns: list[tuple[re.Pattern[str], KindLabel]] = []
        for glob, vendor, what in entries:
            label = KindLabel(ValueKind.USER_IDENTIFIER, "cookie", f"{vendor}: {what}")
            if "*" in glob:
                patterns.append((re.compile(".*".join(map(re.escape, glob.lower().split("*"))) + r"\Z"), label))
            else:
                self._exact.setdefault(glob.lower(), label)
        self._patterns = tuple(patterns)

    @classmethod
    def load(cls, path: Path) -> TrackingCookies:
        try:
            raw = yamlfile.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as e:
            raise ConfigError(f"{path}: cannot read the tracking cookie list: {e}") from e
        items = raw.get("cookies") if isinstance(raw, dict) else None
        if not isinstance(items, list):
            raise ConfigError(f"{path}: expected a top-level `cookies:` list")
        entries: list[tuple[str, str, str]] = []
        for n, item in enumerate(items):
            where = f"{path}: cookies[{n}]"
            if not isinstance(item, dict) or set(item) - _ENTRY_KEYS or not isinstance(item.get("names"), list):
                raise ConfigError(f"{where}: expected {{vendor, names: [...], what, source}}")
            for name in item["names"]:
                if not isinstance(name, str) or not name.strip():
                    raise ConfigError(f"{where}: a cookie name must be a non-empty string, not {name!r}")
                entries.append((name.strip(), str(item.get("vendor", "")), str(item.get("what", ""))))
        return cls(entries)

    @lru_cache(maxsize=4096)  # noqa: B019 - one shipped instance; names repeat on every request
    def tracking_label(self, name: str) -> KindLabel | None:
        """The label of a tracking cookie's name, or None for any other cookie."""
        key = name.strip().lower()
        found = self._exact.get(key)
        if found is not None:
            return found
        return next((label for pattern, label in self._patterns if pattern.match(key)), None)


@lru_cache(maxsize=1)
def shipped_cookies() -> TrackingCookies:
    return TrackingCookies.load(COOKIES_FILE)
