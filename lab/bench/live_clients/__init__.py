"""The live-clients benchmark: real browser SDKs through GuardianAgent to a fake internet (README.md)."""
