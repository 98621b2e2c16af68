"""The site's own name is not a person's: "Example Shop" sent from shop.example.

A page names its site in every title ("Winter boots — Example Shop"), and SDKs send that name as
an account, a workspace or a store ("traits": {"name": "Example Shop"}). Read in a `name` field or
by NER it looks like a person's name; learned as the user's, it would then be rewritten in every
title of the site. Whether it is the site's is a property of the traffic, not of a word list: the
page that sent the request is known (its Origin or Referer, `RequestContext.first_party_site`), and
its name is spelled by its domain.

A name is the site's when its words, folded as context words are (`national_ids.fold`), are all
labels of the first party's registrable domain split at "." and "-" (and camelCase) ("Example Shop" from
shop.example, "Acme Store" from acme-store.com), or are one label written apart ("Example Shop"
from exampleshop.com). A person's own site ("jane-doe.net") names its owner to every visitor
already. Only names are judged so: an e-mail address or an id at the site's domain is still the
user's.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from guardian.categories import DataCategory
from guardian.detect.recognizers.national_ids import fold
from guardian.records import Finding, Payload

__all__ = ["is_site_name", "drop_site_names"]

MIN_LABEL_CHARS = 3  # "co", "uk", "de": a domain's suffix spells no name


@lru_cache(maxsize=1024)
def _labels(site: str) -> frozenset[str]:
    """The words of a registrable domain ("acme-store.co.uk" -> acme, store)."""
    return frozenset(w for w in fold(site).split() if len(w) >= MIN_LABEL_CHARS)


def is_site_name(value: str, site: str | None) -> bool:
    """Whether `value` is the name the first party's domain spells (see the module's docstring)."""
    if not site:
        return False
    words = fold(value).split()
    if not words or len(words) > 4:
        return False
    labels = _labels(site)
    return all(w in labels for w in words) or "".join(words) in labels


def drop_site_names(payload: Payload, findings: Sequence[Finding], site: str | None) -> list[Finding]:
    """The findings less the names that are the first party's own (`is_site_name`)."""
    if not site:
        return list(findings)
    fields = payload.by_path()
    out = []
    for f in findings:
        item = fields.get(f.field_path)
        if (f.category is DataCategory.CONTACT and f.entity == "PERSON" and item is not None
                and is_site_name(item.value[f.start:f.end], site)):
            continue
        out.append(f)
    return out
