"""The shipped YAML tables, parsed by libyaml where PyYAML was built with it.

The proxy and its decision process read about sixty tables at each start (vendor dictionaries,
trackers, collectors, cookies, ladders); PyYAML's pure-Python scanner spends several tenths of a
second on them, its C loader a tenth of that, with the same safe subset and the same errors.
"""

from __future__ import annotations

import yaml

__all__ = ["safe_load"]

_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def safe_load(text: str) -> object:
    """`yaml.safe_load`, in C when available; raises `yaml.YAMLError` as it does."""
    return yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader
