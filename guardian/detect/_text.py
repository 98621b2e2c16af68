"""Whether a value is natural-language text: the gate for NER and the text-only recognisers."""

from __future__ import annotations

import functools
import re

__all__ = ["is_natural_text"]

_WORD = re.compile(r"[^\W\d_]{2,64}")


@functools.lru_cache(maxsize=512)  # every text-only recogniser asks about the same value
def is_natural_text(value: str) -> bool:
    """Whether a value reads as prose: three words or more, or a long run of a spaceless script."""
    sample = value[:4000]
    words = _WORD.findall(sample)
    if len(words) >= 3 and len(sample.split()) >= 3:
        return True
    # Chinese, Japanese or Thai text has no spaces between words.
    return any(len(w) >= 6 and not w.isascii() for w in words)
