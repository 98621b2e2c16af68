"""Helpers for the test suites: `stub_llm` (a scripted OpenAI-compatible server) and `pg_cluster`
(a throwaway PostgreSQL cluster). The runtime never imports them."""
