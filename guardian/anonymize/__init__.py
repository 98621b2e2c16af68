"""Anonymize: rewrite detected personal data at a level of the hierarchy (DESIGN.md step 8).

L1 partial masking, L2 aggressive masking and L3 entity tags are rule-based and live in
`operators/`. L4/L5 (LLM rewrites) and verified adversarial escalation build on this.
"""

from __future__ import annotations

from guardian.anonymize.base import LevelOperator
from guardian.anonymize.engine import RULE_LEVELS, Anonymizer, RewriteResult

__all__ = ["Anonymizer", "LevelOperator", "RewriteResult", "RULE_LEVELS"]
