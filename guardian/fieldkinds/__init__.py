"""Field kinds (before detection): user data, user identifiers, site machinery, page context.

`FieldKindClassifier.classify(request, payload)` labels each field from the vendor dictionaries
(`vendors/*.yaml`), its key name with its value's shape, the shape alone, and where it sits; the
detector then scores each field as its kind calls for (see `classifier.py`).
"""

from __future__ import annotations

from guardian.fieldkinds.classifier import RESOURCE_DESTS, FieldKindClassifier, is_resource_load
from guardian.fieldkinds.vendors import VendorDictionaries, shipped_dictionaries

__all__ = ["FieldKindClassifier", "VendorDictionaries", "shipped_dictionaries", "is_resource_load", "RESOURCE_DESTS"]
