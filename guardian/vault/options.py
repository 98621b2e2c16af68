"""The AI-chat options (declared in `guardian.settings.OPTIONS`) read into one checked record."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from guardian.errors import SettingsError
from guardian.vault.memory import DEFAULT_MAX_ENTRIES, DEFAULT_TTL_S

__all__ = ["VaultOptions", "VAULT_OPTIONS", "PSEUDONYM_STYLES", "DEFAULT_WINDOW_S", "MEMORY", "DISK"]

VAULT_OPTIONS = (
    "guardian_pseudonyms", "guardian_pseudonyms_all", "guardian_restore", "guardian_restore_hosts",
    "guardian_vault", "guardian_vault_ttl", "guardian_vault_max", "guardian_vault_window", "guardian_store",
)
PSEUDONYM_STYLES = ("tags", "surrogates", "off")
DEFAULT_WINDOW_S = 30 * 60.0  # a conversation with no id of its own ends after this long idle
MEMORY = "memory"
DISK = "disk"


@dataclass(frozen=True)
class VaultOptions:
    """What the AI-chat addon reads: the pseudonym style and scope, restoring, the vault's place."""

    style: str = "tags"  # tags | surrogates | off (the pipeline's own one-off tags)
    all_flows: bool = False  # consistent pseudonyms for every transformed flow, not only AI services
    restore: bool = True
    restore_hosts: tuple[str, ...] = ()  # more hosts whose answers are restored (a domain covers subdomains)
    path: Path | None = None  # None: in memory only
    ttl: float = DEFAULT_TTL_S
    max_entries: int = DEFAULT_MAX_ENTRIES
    window: float = DEFAULT_WINDOW_S
    # guardian_store: with a disk vault, a postgresql:// URL keeps it there (the key stays beside `path`)
    store: str | None = field(default=None, repr=False)

    @classmethod
    def from_options(cls, options: Any) -> VaultOptions:
        """From mitmproxy's `ctx.options`; `SettingsError` names the first bad option."""
        return cls.from_values({n: getattr(options, n) for n in VAULT_OPTIONS if hasattr(options, n)})

    @classmethod
    def from_values(cls, values: Mapping[str, Any]) -> VaultOptions:
        style = values.get("guardian_pseudonyms", "tags")
        if style not in PSEUDONYM_STYLES:
            raise SettingsError("guardian_pseudonyms", style, f"must be one of {', '.join(PSEUDONYM_STYLES)}")
        where = (values.get("guardian_vault") or MEMORY).strip()
        if where.lower() == MEMORY:
            path = None
        elif where.lower() == DISK:
            from guardian.store.vault import default_vault_path

            path = default_vault_path()
        else:
            path = Path(os.path.expanduser(where))
            if path.is_dir():
                raise SettingsError("guardian_vault", where, "is a folder; give memory, disk or a file path")
        hosts = tuple(h.strip().lower().lstrip(".") for h in (values.get("guardian_restore_hosts") or "").split(",") if h.strip())
        from guardian.store.errors import StoreURLError
        from guardian.store.url import check_store_url, redact_url

        try:
            store = check_store_url(values.get("guardian_store"))
        except StoreURLError as e:
            raise SettingsError("guardian_store", redact_url(values.get("guardian_store")), str(e)) from None
        max_entries = values.get("guardian_vault_max", DEFAULT_MAX_ENTRIES)
        if not isinstance(max_entries, int) or max_entries < 1:
            raise SettingsError("guardian_vault_max", max_entries, "must be a positive integer")
        return cls(
            style=style,
            all_flows=bool(values.get("guardian_pseudonyms_all", False)),
            restore=bool(values.get("guardian_restore", True)),
            restore_hosts=hosts,
            path=path,
            ttl=_seconds(values, "guardian_vault_ttl", DEFAULT_TTL_S),
            max_entries=max_entries,
            window=_seconds(values, "guardian_vault_window", DEFAULT_WINDOW_S),
            store=store if path is not None else None,  # a vault in memory stays in memory
        )

    def restores_host(self, host: str) -> bool:
        """Whether answers from `host` are restored although it is not an AI service."""
        return any(host == h or host.endswith("." + h) for h in self.restore_hosts)


def _seconds(values: Mapping[str, Any], name: str, default: float) -> float:
    raw = values.get(name, default)
    try:
        number = float(raw)
    except (TypeError, ValueError):
        raise SettingsError(name, raw, "not a number of seconds") from None
    if not number > 0:
        raise SettingsError(name, raw, "must be positive")
    return number
