"""Detect: personal-data findings per field (DESIGN.md step 3)."""
