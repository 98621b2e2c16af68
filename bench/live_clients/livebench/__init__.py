"""The live-clients benchmark: real browser SDKs, in Chromium, through mitmdump, to a fake internet.

The modules are importable by path (the project's e2e test puts `bench/live_clients` on
`sys.path`); nothing here imports GuardianAgent itself: the proxy is a separate process.
"""
