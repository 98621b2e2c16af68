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

import re

from guardian.categories import DataCategory
from guardian.detect._frequency import zipf
from guardian.detect.recognizers.national_ids import fold
from guardian.records import Finding, Payload

__all__ = ["is_site_name", "is_site_mailbox", "drop_site_names"]

MIN_LABEL_CHARS = 3  # "co", "uk", "de": a domain's suffix spells no name
# A role's word in a mailbox's local part: once in a million English words or more ("returns" 4.6,
# "support" 5.4, "billing" 3.9); a typed handle ("jdoe", "mo1985") is none
ROLE_ZIPF = 3.0
# ... and a surname as well ("stock", "sales"): a word first, written once in 10,000 words or more
ROLE_SURNAME_ZIPF = 4.0
# RFC 2142's mailbox names, rarer as words ("postmaster", "hostmaster"), and the no-reply sender
RFC2142_MAILBOXES = frozenset({"info", "marketing", "sales", "support", "abuse", "noc", "security", "postmaster",
                               "hostmaster", "usenet", "news", "webmaster", "www", "uucp", "ftp", "noreply", "no-reply"})
_LOCAL_PARTS = re.compile(r"[._+\-]")


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


def is_site_mailbox(value: str, site: str | None) -> bool:
    """Whether the e-mail address `value` is a role mailbox of the first party (module docstring)."""
    local, at, domain = value.strip().rpartition("@")
    if not site or not at or not local or not domain:
        return False
    labels = _labels(site)
    if not labels or not labels <= set(fold(domain).split()):
        return False
    local = local.casefold()
    if local in RFC2142_MAILBOXES:
        return True
    from guardian.detect.given_names import given_names, name_words

    parts = [p for p in _LOCAL_PARTS.split(local) if p]
    given, names = given_names(), name_words()
    return bool(parts) and len(parts) <= 3 and all(
        p.isalpha() and len(p) >= MIN_LABEL_CHARS and p not in given
        and zipf(p, "en") >= (ROLE_SURNAME_ZIPF if p in names else ROLE_ZIPF) for p in parts)


def drop_site_names(payload: Payload, findings: Sequence[Finding], site: str | None) -> list[Finding]:
    """The findings less the names and role mailboxes that are the first party's own
    (`is_site_name`, `is_site_mailbox`)."""
    if not site:
        return list(findings)
    fields = payload.by_path()
    out = []
    for f in findings:
        item = fields.get(f.field_path)
        if (f.category is DataCategory.CONTACT and f.entity == "PERSON" and item is not None
                and is_site_name(item.value[f.start:f.end], site)):
            continue
        if f.category is DataCategory.EMAIL and item is not None and is_site_mailbox(item.value[f.start:f.end], site):
            continue
        out.append(f)
    return out
