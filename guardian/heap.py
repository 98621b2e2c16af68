"""Keep the garbage collector off the proxy's long-lived heap.

The proxy holds half a million long-lived objects (the models, spaCy, the dictionaries, the
pipeline) and allocates short-lived ones for every flow. CPython's cyclic collector scans every
tracked object of a generation it collects, so each full collection walks the whole static heap:
measured on workload a of lab/bench/proxy_bench.py, the decision hook spent about 20% of its CPU
there. `gc.freeze()` moves every object alive now into a permanent generation that collections
skip; objects are still freed by reference counting, so only a cycle that dies later stays (one
per rules reload at most: a pipeline is a few thousand objects).

Only the proxy enables it (`GuardianAddon.running`); library use, the CLI and tests do not pay
for the full collection that comes first.
"""

from __future__ import annotations

import gc
import threading

__all__ = ["enable", "freeze"]

_lock = threading.Lock()
_enabled = False


def enable() -> None:
    """Freeze the heap now and again whenever `freeze` is called (after a model load, a reload)."""
    global _enabled
    _enabled = True
    freeze()


def freeze() -> None:
    """Collect once, then move every live object out of the collector's way (no-op until enabled)."""
    if not _enabled:
        return
    with _lock:
        gc.collect()
        gc.freeze()
