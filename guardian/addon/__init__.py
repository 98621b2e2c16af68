"""mitmproxy glue: the addon class, options, enforcement. The only package that imports mitmproxy."""

from __future__ import annotations

from guardian.addon.guardian import GuardianAddon

__all__ = ["GuardianAddon"]
