"""Identifiers seen earlier in the session: the same value sent again under another name.

A tracker's id reaches other parties under names no dictionary knows. Google Analytics' client id
(`cid` at google-analytics.com, a documented identifier) goes out again as `gacid` with a Google
Ads conversion and as `cid` to `ga-audiences`; an ad exchange's user id comes back as a partner's
match parameter; a site's own user id appears in an analytics call's custom field. The value is
the same string. So a value once found as a persistent identifier (a `PersistentID` finding that
covers the whole value: a vendor-documented id, an id by its name and shape, a tracking cookie) is
remembered, and the same value in a later request is an identifier whatever its key.

Only identifier-shaped values are remembered (`remembers`): 8 to 256 characters, no spaces, no
`@`, at least one digit, not a timestamp (Google Analytics' `random.seconds` client id is not one). A word, a flag or a small number never is, so a
coincidence with a machinery value is unlikely. What is stored is a keyed digest (BLAKE2b with a
key derived from the deployment's key, or a random one), never the value; the memory is bounded (`MAX_VALUES`, oldest out) and
forgets after `TTL_S`. It belongs to one user's session (`guardian.session`), like the frame
chain (`guardian.context.frames`): the ids of a browsing session.

The same value in a later request's URL path (`/memberships/<id>`) is a field of its own there
(`path_segments`), though a plain path is otherwise none.

A person's name (two to four capitalised words) or phone number found as a field's whole value
(`customer_name`, `phone`) is remembered too, as a keyed digest of its words in lower case or of
its digits (and of a long number's last ten), and found again inside a later value of the session
where no reader saw it (`within`): a program's error message that names the user it failed for, a
session-replay recorder's copy of the profile page the user sees. Only the user's session ever
sent it, so it is theirs wherever it appears.

Values the site's own scripts carry (`show`, `relabel_shown`): a literal of a script the user's
browser loaded (`guardian.fieldkinds.shown`: an SDK's site token, a project id) reaches every
visitor of the site, so it is no one's data wherever it is sent again ("token" of an analytics
call, "?token=" of a RUM beacon). It is machinery for the rest of the session, unless a label
already calls the field an id by stronger evidence than its key's name or shape (a vendor's
dictionary, a cookie, a synced id): a key named "uid" over a product's id the script holds is no
one's id, nor is the same value sent again.

Cross-site cookies (Privacy Badger's rule): a third party that receives the same id-shaped cookie
value from the pages of two or more first-party sites recognises one browser across sites with
it, whatever the cookie is called and whether or not any list names the third party
(`cross_site`). The memory holds keyed digests of (third party, cookie name, value) and of the
first-party sites seen with it, at most `MAX_SITES_PER_COOKIE` of them.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from urllib.parse import urlsplit

from guardian.categories import DataCategory
from guardian.expiring import ExpiringMap
from guardian.fieldkinds import shapes
from guardian.fieldkinds.shown import shown_shape
from guardian.records import Field, Finding, KindLabel, ValueKind

__all__ = ["SeenIdentifiers", "SEEN_LABEL", "SHOWN_LABEL", "MAX_VALUES", "MAX_SHOWN", "TTL_S", "remembers"]

MAX_VALUES = 50_000
TTL_S = 24 * 3600.0  # a day of browsing; cookie ids live longer, and are found again at their source
MIN_CHARS, MAX_CHARS = 8, 256
CROSS_SITE_MIN_SITES = 2  # first-party sites from whose pages one cookie value reached the same third party
MAX_SITES_PER_COOKIE = 4
MAX_SEEN_SEGMENTS = 4  # path segments read as seen ids in one URL (a path holds one or two)
MAX_TOKENS = 2_000  # id-shaped tokens looked up inside longer values, per request
MAX_SCAN_CHARS = 20_000  # a longer value is not searched for known ids
WITHIN_SCORE = 0.8  # as an id by its key and shape: the very value found as an id before
# An id-shaped token inside a longer value: letters, digits and the joiners ids use, between
# characters that are neither ("usr_8f3k2m9qz4" in "User usr_8f3k2m9qz4 signed in")
_ID_TOKEN = re.compile(r"(?<![\w\-.:])(?=[\w\-.:]{0,254}[0-9])[A-Za-z0-9][\w\-.:]{6,254}[A-Za-z0-9](?![\w\-])")
# What sets a token apart in a longer value (a space, a list's comma, a pair's "=" ...): a value
# without one is a single token, which `relabel` reads whole
_SEPARATED = re.compile(r"[\s,;=&|+]")
# The parts of a dotted or colon-joined name ("support.usr_8f3k2m9qz4", a chat channel named after
# its user; "user:usr_8f3k2m9qz4:inbox"): a known id is one of them
_PART = re.compile(r"[^.:/\-]+")
_JOINED = re.compile(r"[.:/\-]")
MAX_RUN_PARTS = 5  # a known id that is itself hyphenated (a UUID: five groups) is a run of this many parts at most
# A run of two to four capitalised words (a name as a form field holds it), and a phone-shaped run
# of digits and the separators numbers are written with
_WORD = re.compile(r"(?<![\w'’\-])[^\W\d_][\w'’\-]{0,30}")
_PHONE_RUN = re.compile(r"(?<![\w+])\+?[0-9][0-9 \-.()\u00a0]{5,22}[0-9](?![\w])")
MIN_PHONE_DIGITS, LOCAL_PHONE_DIGITS = 7, 10
_CONTACT = {"PERSON": b"n\x00", "PHONE_NUMBER": b"p\x00"}  # digest domains: a name never meets a number
_ANY_CONTACT = "c\x00remembered"  # stored beside the first name or number a session remembers
_FIRST_WORD = "f\x00"
SEEN_LABEL = KindLabel(ValueKind.USER_IDENTIFIER, "seen", "a value found as a persistent id in an earlier request")
MAX_PAGE_CHARS = 2048  # a longer page URL is not remembered
MAX_SHOWN = 20_000  # script literals remembered (a site's bundles hold a few hundred token-shaped ones)
SHOWN_LABEL = KindLabel(ValueKind.SITE_MACHINERY, "shown", "a value the site's own script carries (every visitor gets it)")
# Labels a shown value replaces: none, machinery, page context. An id (by a vendor's dictionary, a
# cookie, or a repeat) stays one: a script that names the user's id is no one's constant.
_SHOWN_REPLACES = frozenset({ValueKind.SITE_MACHINERY, ValueKind.PAGE_CONTEXT})
# ... and a user id only guessed from its key's name, its shape or a repeat of either ("uid": the
# product's "BOOT-2231-BLK-9" of the shop's own script): the script says it is every visitor's. A
# vendor's documented id, a cookie or a synced id keeps its label.
_SHOWN_REPLACES_IDS = frozenset({"name", "shape", "seen"})
# Labels a repeat may replace: no label, or one that says machinery/page context. User data keeps
# its label (it is scored anyway) and so does anything marked never_touch (a site's own cookie).
_REPLACEABLE = frozenset({ValueKind.SITE_MACHINERY, ValueKind.PAGE_CONTEXT})


def _covered(findings: Iterable[Finding]) -> dict[str, list[tuple[int, int]]]:
    """Per field, the spans findings already cover; free text is kept as it is, so an id or a
    name in it is not covered by it."""
    covered: dict[str, list[tuple[int, int]]] = {}
    for f in findings:
        if f.category is not DataCategory.CONTENT:
            covered.setdefault(f.field_path, []).append((f.start, f.end))
    return covered


def _scannable(fields: Iterable[Field]) -> Iterator[tuple[Field, str]]:
    """Each field with its string value, where that is short enough to search (`MAX_SCAN_CHARS`)."""
    for field in fields:
        if isinstance(field.value, str) and len(field.value) <= MAX_SCAN_CHARS:
            yield field, field.value


def _capitalised_runs(value: str) -> list[list[tuple[int, int]]]:
    """The (start, end) of each word of each run of two or more capitalised words one space apart."""
    runs: list[list[tuple[int, int]]] = []
    run: list[tuple[int, int]] = []
    for m in _WORD.finditer(value):
        if not m.group()[:1].isupper():
            continue
        if run and m.start() - run[-1][1] == 1 and value[run[-1][1]] in " \u00a0":
            run.append(m.span())
            continue
        if len(run) >= 2:
            runs.append(run)
        run = [m.span()]
    if len(run) >= 2:
        runs.append(run)
    return runs


def remembers(value: str) -> bool:
    """Whether `value` has the shape of an identifier worth remembering (see the module docstring)."""
    v = value.strip()
    return (
        MIN_CHARS <= len(v) <= MAX_CHARS
        and " " not in v
        and "@" not in v
        and any(ch.isdigit() for ch in v)
        and (shapes.is_ga_client_id(v) or not shapes.is_timestamp(v))
    )


class SeenIdentifiers:
    """Keyed digests of the identifier values found so far, with the time each was last seen.

    The logic reads and writes through four primitives (`_has`, `_add`, `_sites`, `_set_sites`),
    so a session's view (`guardian.session`) can read through to this memory and keep its own
    writes apart until they are applied."""

    def __init__(
        self, *, max_values: int = MAX_VALUES, ttl_s: float = TTL_S, clock: Callable[[], float] = time.monotonic,
        key: bytes | None = None,
    ) -> None:
        # one key per deployment (`key`, derived from the audit key) lets the decision process and
        # the proxy exchange digests; a random one keeps them to this object
        self._key = key if key is not None else os.urandom(32)
        self._seen: ExpiringMap[bytes, bool] = ExpiringMap(max_values, ttl_s, clock)  # digest -> True
        # digest(third party, cookie name, value) -> digests of the first-party sites it came from
        self._cookie_sites: ExpiringMap[bytes, tuple[bytes, ...]] = ExpiringMap(max_values, ttl_s, clock)
        self._shown: ExpiringMap[bytes, bool] = ExpiringMap(MAX_SHOWN, ttl_s, clock)  # digest -> True

    def __len__(self) -> int:
        return len(self._seen)

    @property
    def key(self) -> bytes:
        """The digest key (a session copy in the decision process uses the same one)."""
        return self._key

    def digest(self, value: str) -> bytes:
        """The keyed digest that stands for `value` in this memory (never the value itself)."""
        return hashlib.blake2b(value.strip().encode("utf-8", "surrogatepass"), key=self._key, digest_size=16).digest()

    # -- storage (a session view overrides these) ------------------------------------------------

    def _has(self, digest: bytes) -> bool:
        return self._seen.get(digest) is not None

    def _add(self, digests: Iterable[bytes]) -> None:
        self._seen.put_many((d, True) for d in digests)

    def _sites(self, key: bytes) -> tuple[bytes, ...]:
        return self._cookie_sites.get(key) or ()

    def _set_sites(self, key: bytes, sites: tuple[bytes, ...]) -> None:
        self._cookie_sites.put(key, sites)

    def _shows(self, digest: bytes) -> bool:
        return self._shown.get(digest) is not None

    def _show_add(self, digests: Iterable[bytes]) -> None:
        self._shown.put_many((d, True) for d in digests)

    def apply(
        self, ids: Iterable[bytes], cookie_sites: Iterable[tuple[bytes, tuple[bytes, ...]]] = (), shown: Iterable[bytes] = (),
    ) -> None:
        """Store what a decision found and what the user's scripts carried (a session's changes,
        `guardian.session.SessionChanges`)."""
        self._add(ids)
        for key, sites in cookie_sites:
            self._set_sites(key, sites)
        self._shown.put_many((d, True) for d in shown)

    def entries(self) -> tuple[list[tuple[bytes, bool, float]], list[tuple[bytes, tuple[bytes, ...], float]]]:
        """(ids, cookie sightings) with their ages: a snapshot for another process."""
        return self._seen.entries(), self._cookie_sites.entries()

    def restore(
        self, ids: Iterable[tuple[bytes, bool, float]], cookie_sites: Iterable[tuple[bytes, tuple[bytes, ...], float]],
        shown: Iterable[tuple[bytes, bool, float]] = (),
    ) -> None:
        """Add a snapshot's entries (`entries` and `shown_entries` of another memory with the same key)."""
        self._seen.put_aged(ids)
        self._cookie_sites.put_aged(cookie_sites)
        self._shown.put_aged(shown)

    def shown_entries(self) -> list[tuple[bytes, bool, float]]:
        """The script literals remembered, with their ages: a snapshot for another process."""
        return self._shown.entries()

    # -- what the classifier asks ------------------------------------------------------------------

    def remember(self, fields: Iterable[Field], findings: Iterable[Finding]) -> None:
        """Remember the values of the fields a `PersistentID` finding covers whole."""
        ids = [f for f in findings if f.category is DataCategory.PERSISTENT_ID]
        if not ids:
            return  # most requests: nothing to remember
        by_path = {f.path: f for f in fields}
        digests = []
        for finding in ids:
            field = by_path.get(finding.field_path)
            if field is None or not isinstance(field.value, str) or not remembers(field.value):
                continue
            if field.value[finding.start : finding.end].strip() != field.value.strip():
                continue  # an id inside a longer value: the longer value is not the id
            digests.append(self.digest(field.value))
        if digests:
            self._add(digests)

    def _contact_keys(self, entity: str, value: str) -> list[bytes]:
        """The digests a name or a phone number is remembered and looked up under ([] for neither)."""
        if entity == "PERSON":
            words = value.split()
            if not 2 <= len(words) <= 4 or not all(w[:1].isupper() for w in words):
                return []
            return [self.digest(_CONTACT[entity].decode() + " ".join(words).casefold())]
        digits = "".join(ch for ch in value if ch.isdigit())
        if not MIN_PHONE_DIGITS <= len(digits) <= 15:
            return []
        keys = {digits} | ({digits[-LOCAL_PHONE_DIGITS:]} if len(digits) > LOCAL_PHONE_DIGITS else set())
        return [self.digest(_CONTACT[entity].decode() + k) for k in sorted(keys)]

    def _first_word_key(self, word: str) -> bytes:
        """The digest a remembered name's first word is kept under: a run is looked up in full only
        from a word that opens a remembered name, so most capitalised runs cost one digest a word."""
        return self.digest(_FIRST_WORD + word.casefold())

    def remember_contacts(self, fields: Iterable[Field], findings: Iterable[Finding]) -> None:
        """Remember the names and phone numbers found as a field's whole value (module docstring)."""
        contacts = [f for f in findings if f.entity in _CONTACT]
        if not contacts:
            return
        by_path = {f.path: f for f in fields}
        digests: list[bytes] = []
        for finding in contacts:
            field = by_path.get(finding.field_path)
            if field is None or not isinstance(field.value, str) or len(field.value) > MAX_CHARS:
                continue
            value = field.value.strip()
            if field.value[finding.start : finding.end].strip() != value:
                continue  # a name inside prose is the prose's: only a field that holds one is remembered
            keys = self._contact_keys(finding.entity, value)
            if keys and finding.entity == "PERSON":
                keys.append(self._first_word_key(value.split()[0]))
            digests.extend(keys)
        if digests:
            self._add([*digests, self.digest(_ANY_CONTACT)])

    def contacts_within(self, fields: Iterable[Field], findings: Iterable[Finding]) -> list[Finding]:
        """The remembered names and phone numbers inside values where no finding covers them, at
        most `MAX_TOKENS` words or numbers looked up per request."""
        if not len(self) or not self._has(self.digest(_ANY_CONTACT)):
            return []  # no name or number remembered in this session: most requests stop here
        covered = _covered(findings)
        opens: dict[str, bool] = {}  # per word: whether a remembered name starts with it
        out: list[Finding] = []
        budget = MAX_TOKENS
        for field, value in _scannable(fields):
            spans = covered.get(field.path, [])
            candidates: list[tuple[str, int, int]] = []
            for run in _capitalised_runs(value) if " " in value or "\u00a0" in value else ():
                budget -= len(run)
                for i, (a, _) in enumerate(run[:-1]):
                    word = value[a:run[i][1]]
                    if word not in opens:
                        opens[word] = self._has(self._first_word_key(word))
                    if opens[word]:
                        candidates += [("PERSON", a, run[j][1]) for j in range(min(i + 3, len(run) - 1), i, -1)]
            for m in _PHONE_RUN.finditer(value):
                budget -= 1
                candidates.append(("PHONE_NUMBER", *m.span()))
            if budget < 0:
                return out
            for entity, a, b in candidates:
                if any(x < b and a < y for x, y in spans):
                    continue
                keys = self._contact_keys(entity, value[a:b])
                if keys and any(self._has(k) for k in keys):
                    category = DataCategory.CONTACT if entity == "PERSON" else DataCategory.PHONE
                    out.append(Finding(category, entity, field.path, a, b, WITHIN_SCORE, "seen_link", quasi=False))
                    spans = [*spans, (a, b)]
        return out

    def cross_site(self, third_party: str, name: str, value: str, first_party: str) -> bool:
        """Note that a page of `first_party` sent cookie `name` = `value` to `third_party`; whether
        that value has now reached it from `CROSS_SITE_MIN_SITES` or more first-party sites (it is
        then also remembered as an identifier)."""
        if not remembers(value):
            return False
        key = self.digest(f"{third_party}\x00{name}\x00{value}")
        site = self.digest(first_party)[:8]
        sites = self._sites(key)
        if site not in sites:
            sites = (*sites, site)[-MAX_SITES_PER_COOKIE:]
            self._set_sites(key, sites)
        if len(sites) < CROSS_SITE_MIN_SITES:
            return False
        self._add((self.digest(value),))
        return True

    def knows(self, value: str) -> bool:
        """Whether `value` was found as an identifier before, and recently enough."""
        if not len(self) or not remembers(value):
            return False
        return self._has(self.digest(value))

    def within(self, fields: Iterable[Field], findings: Iterable[Finding]) -> list[Finding]:
        """Identifiers found before that stand inside a longer value now, delimited: a log line
        ("User usr_8f3k2m9qz4 signed in"), a header of `key=value` pairs ("...,userkey=usr_8f3k..."),
        a list in one string, a part of a dotted name ("support.usr_8f3k2m9qz4", a channel named
        after its user). Each id-shaped token (`remembers`) of a value no finding covers there,
        and each part of a token joined by dots or colons, is looked up; at most `MAX_TOKENS` per
        request, so a long value costs a bounded time."""
        if not len(self):
            return []
        covered = _covered(findings)
        out: list[Finding] = []
        budget = MAX_TOKENS
        for field, value in _scannable(fields):
            # one token: a whole known value is relabelled (`relabel`); only its joined parts are read
            separated = _SEPARATED.search(value) is not None
            if not separated and _JOINED.search(value) is None:
                continue
            spans = covered.get(field.path, [])
            tokens = [m.span() for m in _ID_TOKEN.finditer(value)] if separated else [(0, len(value))]
            for start, end in tokens:
                budget -= 1
                if budget < 0:
                    return out
                if any(a < end and start < b for a, b in spans):
                    continue
                if separated and self.knows(value[start:end]):
                    found = [(start, end)]
                else:
                    joined = _JOINED.search(value, start, end) is not None
                    parts = [m.span() for m in _PART.finditer(value, start, end)] if joined else []
                    runs = _runs(parts)
                    budget -= len(runs)  # every run is looked up: a long dotted value costs its share
                    if budget < 0:
                        return out
                    found = []
                    for a, b in runs:  # the longest first: "8f14e45f-ceea-..." whole, before its pieces
                        if not any(x < b and a < y for x, y in found) and self.knows(value[a:b]):
                            found.append((a, b))
                out.extend(Finding(DataCategory.PERSISTENT_ID, "USER_ID", field.path, a, b, WITHIN_SCORE, "seen_link",
                                   quasi=False) for a, b in found)
        return out

    def _known_parts(self, value: str, start: int, end: int) -> list[tuple[int, int]]:
        """The spans of the known ids among the dot-, colon- or slash-joined parts of value[start:end]."""
        if _JOINED.search(value, start, end) is None:
            return []
        return [m.span() for m in _PART.finditer(value, start, end) if self.knows(m.group())]

    def path_segments(self, url: str, fields: Iterable[Field]) -> list[Field]:
        """The plain segments of `url`'s path whose value was found as an identifier before
        (`/api/memberships/usr_8f3k2m9qz4`, `/target/<id>/evaluations`), or that holds one as a
        dotted part (`/publish/.../support.usr_8f3k2m9qz4/...`, found there by `within`), each a
        field `path:N`: a plain path is no field of its own, but an id seen in a body travels in
        paths too. Segments the path codec already read (parameters, payloads, addresses) are left to it."""
        if not len(self) or "/" not in url:
            return []
        from guardian.codecs.path import path_located

        read = {f.path.split("|>", 1)[0].split(";", 1)[0] for f in fields if f.path.startswith("path:")}
        out: list[Field] = []
        for loc in path_located(url):
            field = loc.field
            if field.path in read or ";" in field.value:
                continue
            if not self.knows(field.value) and not self._known_parts(field.value, 0, len(field.value)):
                continue  # neither a known id nor a name with one in it ("support.<id>", read by `within`)
            out.append(Field(field.path, "", field.value))
            if len(out) >= MAX_SEEN_SEGMENTS:
                break
        return out

    def note_page(self, url: str) -> None:
        """A top-level navigation to `url`: the page's own address (without its fragment, and without
        its scheme), its path and its path with the query are page context in the page's later requests, wherever an
        SDK copies them (`is_page`), as the Referer's are; a cross-site Referer holds only the origin."""
        page = url.split("#", 1)[0].strip()
        if not page.startswith(("http://", "https://")) or len(page) > MAX_PAGE_CHARS:
            return
        parts = urlsplit(page)
        values = {page}
        if len(parts.path) > 1:
            values.update((parts.path, f"{parts.netloc}{parts.path}"))  # and without its scheme ("shop.example/p/42")
            if parts.query:
                values.update((f"{parts.path}?{parts.query}", f"{parts.netloc}{parts.path}?{parts.query}"))
        self._show_add(self._page_digest(v) for v in values)

    def is_page(self, value: str) -> bool:
        """Whether `value` is the address or path of a page the user navigated to (`note_page`)."""
        return self._shows(self._page_digest(value))

    def _page_digest(self, value: str) -> bytes:
        return self.digest("page\x00" + value.strip())

    def shows(self, value: str) -> bool:
        """Whether `value` is a literal of a script the user's browser loaded (`show`)."""
        return len(self._shown) > 0 and self._shows(self.digest(value))

    def relabel_shown(self, fields: Iterable[Field], labels: Mapping[str, KindLabel]) -> Mapping[str, KindLabel]:
        """`labels`, with every field whose whole value a script of the site carries labelled
        machinery (`SHOWN_LABEL`), unless its label says user data or never to touch it."""
        if not len(self._shown):
            return labels
        def shown(value: str) -> bool:
            if shown_shape(value) and self._shows(self.digest(value)):
                return True
            token = _auth_token(value)  # "KEY <site key>": the key is the script's, the scheme a word
            return token is not None and shown_shape(token) and self._shows(self.digest(token))

        return _relabelled(fields, labels, _SHOWN_REPLACES, SHOWN_LABEL, shown, _SHOWN_REPLACES_IDS)

    def relabel(self, fields: Iterable[Field], labels: Mapping[str, KindLabel]) -> Mapping[str, KindLabel]:
        """`labels`, with every unlabelled, machinery or page-context field whose value was found as
        an identifier before labelled an identifier (`SEEN_LABEL`)."""
        if not len(self):
            return labels
        return _relabelled(fields, labels, _REPLACEABLE, SEEN_LABEL, self.knows)


# RFC 9110 section 11.4's credentials: an auth scheme, a space, a token ("Bearer abc", "KEY abc")
_AUTH_CREDENTIALS = re.compile(r"[A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]{0,30} {1,4}([A-Za-z0-9\-._~+/]+=*)")


def _auth_token(value: str) -> str | None:
    """The token of a value written as HTTP credentials (scheme and token), or None."""
    if len(value) > MAX_CHARS + 40 or " " not in value:
        return None
    m = _AUTH_CREDENTIALS.fullmatch(value.strip())
    return m.group(1) if m else None


def _relabelled(
    fields: Iterable[Field], labels: Mapping[str, KindLabel], replaces: frozenset[ValueKind], new: KindLabel,
    matches: Callable[[str], bool], id_sources: frozenset[str] = frozenset(),
) -> Mapping[str, KindLabel]:
    """`labels`, with `new` for every field whose label is none or one of `replaces`, or a user id
    guessed from one of `id_sources` (and not never_touch), and whose value `matches`; the same
    mapping when none does."""
    out: dict[str, KindLabel] | None = None
    for field in fields:
        label = labels.get(field.path)
        if label is not None and (label.never_touch or (
                label.kind not in replaces
                and not (label.kind is ValueKind.USER_IDENTIFIER and label.source in id_sources))):
            continue
        if isinstance(field.value, str) and matches(field.value):
            out = dict(labels) if out is None else out
            out[field.path] = new
    return labels if out is None else out


def _runs(parts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans of one to `MAX_RUN_PARTS` consecutive parts of a joined value, longest first: an id
    joined to the words a site writes around it ("return-usr_8f3k2m9qz4-1796448141548",
    "sub-usr_8f3k2m9qz4-pro") is one part; a hyphenated id is a run of them."""
    runs = [(parts[i][0], parts[j][1]) for i in range(len(parts)) for j in range(i, min(len(parts), i + MAX_RUN_PARTS))]
    return sorted(runs, key=lambda r: r[0] - r[1])
