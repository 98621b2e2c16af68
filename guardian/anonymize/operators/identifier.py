"""Identifier swap: a persistent id or a hash of personal data becomes a look-alike of its own shape.

Masking `_ga=GA1.2.1234567890.1700000000` to `GA1.2.12********` breaks the vendor's parser and
still says "the same user" to it on every hit; a tag breaks it outright. What users of Privacy
Badger and Brave expect instead is a value the recipient accepts but cannot join with anything:

    swapped = shape(value, stream(HMAC_k(site || period || value)))

- `site` is the recipient's registrable domain, so two recipients never receive the same
  substitute and cannot join their logs on it;
- `period` is floor(now / rotation), so within one period a recipient sees one stable id per
  real id (its counts still work) and a new one after it (no long-term profile);
- `k` is a key derived from the audit log's key (`ValueHasher.derive`), so substitutes stay stable
  across restarts and cannot be recomputed by anyone without the key.

`shape` keeps every character's class (digit, lower- or upper-case letter, hex digit when the
value is hexadecimal; a UUID keeps its version and variant) and every separator, keeps the
names in a `name=value` list (a cookie string such as GA's `utmcc`), and keeps short segments (at most
`KEEP_SEGMENT_CHARS` characters between separators: version and format fields such as `GA1`,
`fb`, `2`) verbatim, and a namespace prefix that names the id's kind (`$device:`, `anon:`,
`urn:uuid:`) verbatim. A hex digest therefore becomes a random digest of the same length and case:
to the recipient, the hash of some other value; hashed personal data is never sent as is.

An e-mail address sent as the user's id (`EMAIL_AS_USER_ID`) becomes an address of its own:
`EMAIL_LOCAL_CHARS` random letters and digits at the same domain (the domain is what the rule
levels' mask keeps too). Shaped character by character, it would keep its short parts ("doe" of
jane.doe@...); masked alike for everyone ("***@gmail.com"), it would merge a site's users.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import time
from collections.abc import Callable, Iterator, Sequence

from guardian.categories import DataCategory
from guardian.codecs._email import EMAIL_TEXT
from guardian.detect.recognizers.email import EMAIL_AS_USER_ID
from guardian.records import FieldKind, Finding, Payload

__all__ = ["IdentifierSwap", "EMAIL_LOCAL_CHARS", "KEEP_SEGMENT_CHARS", "DEFAULT_ROTATION_S", "is_identifier", "swap_identifiers"]

KEEP_SEGMENT_CHARS = 3  # "GA1", "fb", "1": format and version parts of an id, not the id
DEFAULT_ROTATION_S = 24 * 3600.0  # a recipient sees a new substitute once a day
EMAIL_LOCAL_CHARS = 16  # an address's substitute local part: as many for every address, none of its own
_HEX = re.compile(r"[0-9a-f]+|[0-9A-F]+")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_UUID_FIXED = (14, 19)  # the version digit and the variant digit
_KEY = re.compile(r"(?:^|[;&|+ ,.])_*([A-Za-z][A-Za-z0-9_]{0,40})=(?=[^=;&\s])")  # a name, then its value (not base64 padding)
_SEGMENT = re.compile(r"[A-Za-z0-9]+")
# Letters before a colon at the start name the kind of id (Mixpanel's "$device:", "anon:", "urn:uuid:").
_NAMESPACE = re.compile(r"(?:\$?[A-Za-z][A-Za-z_]{0,30}:){1,3}(?=[^:/])")
_LOWER = "abcdefghijklmnopqrstuvwxyz"
_UPPER = _LOWER.upper()
_DIGITS = "0123456789"


class IdentifierSwap:
    """Same-shape substitutes for identifiers, per recipient site and rotation period."""

    def __init__(
        self, key: bytes, *, rotation_s: float = DEFAULT_ROTATION_S, clock: Callable[[], float] = time.time
    ) -> None:
        if rotation_s <= 0:
            raise ValueError(f"rotation_s must be positive, not {rotation_s}")
        self._key = key
        self.rotation_s = rotation_s
        self._clock = clock

    def swap(self, value: str, site: str) -> str:
        """The substitute of `value` for recipient `site` in the current period (never `value`)."""
        period = int(self._clock() // self.rotation_s)
        seed = hmac.new(self._key, f"{site}\x00{period}\x00{value}".encode("utf-8", "surrogatepass"), hashlib.sha256).digest()
        if EMAIL_TEXT.fullmatch(value):
            return _address(value, _stream(seed))
        out = _shape(value, _stream(seed))
        if out == value:  # only a value with nothing to swap (all short segments) comes back equal
            return value
        return out


def _stream(seed: bytes) -> Iterator[int]:
    """Pseudo-random bytes from `seed` (SHA-256 in counter mode)."""
    counter = 0
    while True:
        yield from hashlib.sha256(seed + counter.to_bytes(4, "big")).digest()
        counter += 1


def _address(value: str, rand: Iterator[int]) -> str:
    """Another local part at the same domain: a letter, then letters and digits."""
    alphabet = _LOWER + _DIGITS
    local = _LOWER[next(rand) % 26] + "".join(alphabet[next(rand) % 36] for _ in range(EMAIL_LOCAL_CHARS - 1))
    return local + value[value.rindex("@") :]


def _shape(value: str, rand: Iterator[int]) -> str:
    chars = list(value)
    namespace = _NAMESPACE.match(value)
    start = namespace.end() if namespace is not None and namespace.end() < len(value) else 0
    body = value[start:]
    swapped = [s for s in _SEGMENT.findall(body) if len(s) > KEEP_SEGMENT_CHARS] or [body]
    alnum = "".join(swapped)
    # hexadecimal (a digest, a UUID, a hex id): every character stays a hex digit of its case
    hexadecimal = bool(_HEX.fullmatch(alnum)) and not alnum.isdigit()
    hex_digits = "0123456789ABCDEF" if alnum.isupper() else "0123456789abcdef"
    keep = set(range(start))  # the namespace
    if _UUID.fullmatch(body):  # a UUID keeps version and variant
        keep.update(start + i for i in _UUID_FIXED)
    for key in _KEY.finditer(value):  # a cookie string's names ("__utma=...;+__utmz=...") stay
        keep.update(range(key.start(1), key.end(1)))
    for seg in _SEGMENT.finditer(value):
        if seg.end() - seg.start() <= KEEP_SEGMENT_CHARS and seg.end() - seg.start() < len(value):
            continue
        for i in range(seg.start(), seg.end()):
            ch = chars[i]
            r = next(rand)
            if i in keep:
                continue
            if hexadecimal:
                chars[i] = hex_digits[r % 16]
            elif ch.isdigit():
                chars[i] = _DIGITS[r % 10]
            elif "a" <= ch <= "z":
                chars[i] = _LOWER[r % 26]
            elif "A" <= ch <= "Z":
                chars[i] = _UPPER[r % 26]
    return "".join(chars)


def is_identifier(finding: Finding) -> bool:
    """A persistent user id (an e-mail address as one too), or personal data sent hashed:
    rewritten as a same-shape substitute."""
    return (
        finding.category is DataCategory.PERSISTENT_ID
        or finding.entity.endswith("_HASH")
        or finding.entity == EMAIL_AS_USER_ID
    )


def swap_identifiers(
    swap: IdentifierSwap, payload: Payload, findings: Sequence[Finding], site: str
) -> tuple[dict[str, str], tuple[Finding, ...], tuple[Finding, ...]]:
    """Same-shape substitutes for the fields that hold only user ids or hashed personal data:
    (edits, the findings they cover, the findings left for the levels). A field that also holds
    other findings is left to the levels whole."""
    by_field: dict[str, list[Finding]] = {}
    for f in findings:
        by_field.setdefault(f.field_path, []).append(f)
    fields = payload.by_path()
    edits: dict[str, str] = {}
    covered: list[Finding] = []
    for path, own in by_field.items():
        item = fields.get(path)
        if item is None or not all(is_identifier(f) for f in own):
            continue
        value = item.value
        for f in sorted(own, key=lambda x: x.start, reverse=True):
            value = value[: f.start] + swap.swap(value[f.start : f.end], site) + value[f.end :]
        if item.kind is FieldKind.NUMBER and len(value) > 1 and value[0] == "0":
            value = "1" + value[1:]  # a JSON number has no leading zero
        if value != item.value:
            edits[path] = value
            covered.extend(own)
    rest = tuple(f for f in findings if f.field_path not in edits)
    return edits, tuple(covered), rest
