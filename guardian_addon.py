"""Entry point for `mitmdump -s guardian_addon.py` (and mitmproxy / mitmweb)."""

from guardian.addon import GuardianAddon

addons = [GuardianAddon()]
