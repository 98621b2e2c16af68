"""Entry point for `mitmdump -s guardian_addon.py` (and mitmproxy / mitmweb)."""

from guardian.addon import GuardianAddon
from guardian.addon.guardian import keep_last_set_values
from guardian.addon.ignore import IgnoreHosts
from guardian.addon.llm import LLMLink
from guardian.addon.metrics import MetricsServer
from guardian.addon.pac import PacServer
from guardian.addon.policy import PolicyFetcher
from guardian.addon.restore import ChatRestore
from guardian.addon.scripts import PageScripts
from guardian.addon.streaming import StreamGate
from guardian.addon.websocket import WebSocketGuard

keep_last_set_values()  # an option --set twice would otherwise unload every addon below, silently
guardian = GuardianAddon()
restore = ChatRestore(guardian)
# One feature per addon. The decision addon comes first: its engine builds the pipeline that the
# others read (its configure runs before theirs), each through the narrow view it takes
# (guardian/addon/shared.py); it holds the shared decider and the record writer.
addons = [
    guardian,
    PolicyFetcher(guardian),
    LLMLink(guardian),
    restore,  # before StreamGate: an AI answer's event stream is restored, not just passed on
    StreamGate(guardian),
    WebSocketGuard(guardian),
    IgnoreHosts(guardian),
    PageScripts(guardian),  # the site's own scripts: their keys are no one's data
    PacServer(guardian),
    MetricsServer(guardian, restore),  # last: it counts the records the hooks above have written
]
