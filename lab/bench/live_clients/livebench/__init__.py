"""The live-clients benchmark: real browser SDKs, in Chromium, through mitmdump, to a fake internet.

The package is `lab.bench.live_clients.livebench` (the project's e2e test imports it); nothing
here imports GuardianAgent itself: the proxy is a separate process.
"""
