"""Entry point for `mitmdump -s guardian_addon.py` (and mitmproxy / mitmweb)."""

from guardian.addon import GuardianAddon
from guardian.addon.guardian import keep_last_set_values
from guardian.addon.ignore import IgnoreHosts
from guardian.addon.pac import PacServer
from guardian.addon.streaming import StreamGate
from guardian.addon.websocket import WebSocketGuard

keep_last_set_values()  # an option --set twice would otherwise unload every addon below, silently
guardian = GuardianAddon()
# Protocol addons share the GuardianAddon's pipeline, mode and audit log; they come after it so
# that its options and rules are configured first.
addons = [guardian, StreamGate(guardian), WebSocketGuard(guardian), IgnoreHosts(guardian), PacServer(guardian)]
