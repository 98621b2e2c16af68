"""mitmproxy glue, one feature per addon. The only package that imports mitmproxy.

    guardian.py   GuardianAddon: the decision options, the request hook, over the engine (guardian.engine)
    shared.py     the narrow views of it the other addons take, and flow helpers
    offload.py    DecisionProcess: the proxy's end of the decision process (guardian.worker)
    record.py     RecordWriter: flow metadata, marks, the audit log
    enforce.py    enforce_and_record: a verdict applied and its record written (HTTP, uploads, WebSocket)
    policy.py     PolicyFetcher: the policy store's options and background fetcher
    llm.py        LLMLink: the LLM options and the endpoint check at start
    streaming.py  StreamGate: SSE responses and large uploads decided from headers
    websocket.py  WebSocketGuard: client messages decided like requests
    restore.py    ChatRestore: consistent pseudonyms in AI prompts, originals restored in answers
    pac.py        PacServer: the proxy auto-config file
    ignore.py     IgnoreHosts: the rules' ignore_hosts as mitmproxy's
    metrics.py    MetricsServer: Prometheus metrics on a port of their own (guardian_metrics)

What the decision process shares with the hooks lives outside this package, so that process
never loads mitmproxy: `guardian.engine` (the settings, components and pipeline in force, rebuilt
one way, and the decisions made with them), `guardian.decider` (FlowDecider: inline when cheap, a
bounded pool when costly, the fail mode) and `guardian._wire` (the messages between the two processes).
"""

from __future__ import annotations

from guardian.addon.guardian import GuardianAddon

__all__ = ["GuardianAddon"]
