"""Context: first party, recipient type, purposes and action basis (DESIGN.md step 4)."""
