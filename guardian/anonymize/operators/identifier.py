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
value is hexadecimal; a UUID, whole or inside the value, keeps its version and variant digits, so
RFC 9562 validators accept it as the same version) and every separator, keeps the
names in a `name=value` list (a cookie string such as GA's `utmcc`), and keeps short segments (at most
`KEEP_SEGMENT_CHARS` characters between separators: version and format fields such as `GA1`,
`fb`, `2`) verbatim, and a namespace prefix that names the id's kind (`$device:`, `anon:`,
`urn:uuid:`, `user-`, `visitor_`) verbatim, as is a prefix that names the recipient itself
(Pendo's `_PENDO_T_` at pendo.io: the vendor's own name, the same in every visitor's id). A hex
digest therefore becomes a random digest of the same length and case: to the recipient, the hash
of some other value; hashed personal data is never sent as is. A run
of 12 or more digits that passes the Luhn check (an IMEI, a card-shaped account number) gets a
check digit that passes it again, so a validator takes the substitute as it took the original.

A national number that is a field's whole value (a form's or an SDK's "cnp", "tax_id") gets a
valid number of its own format from the same key, site and period (`national_id_swap`): the
recipient's validator takes it, where a mask or a tag would stop the user's form.

An e-mail address sent as the user's id (`EMAIL_AS_USER_ID`) becomes an address of its own:
`EMAIL_LOCAL_CHARS` random letters and digits at the same domain (the domain is what the rule
levels' mask keeps too). Shaped character by character, it would keep its short parts ("doe" of
jane.doe@...); masked alike for everyone ("***@gmail.com"), it would merge a site's users.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import re
import time
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from guardian.categories import DataCategory
from guardian.codecs._email import EMAIL_TEXT
from guardian.anonymize.operators.national_id_swap import swap_national_id
from guardian.detect.recognizers.credit_card import luhn_ok
from guardian.fieldkinds.formats import ID_KIND_WORDS
from guardian.detect.recognizers.email import EMAIL_AS_USER_ID
from guardian.detect.recognizers.national_ids import NationalIdRecognizer
from guardian.records import FieldKind, Finding, Payload

__all__ = ["IdentifierSwap", "Swapped", "EMAIL_LOCAL_CHARS", "KEEP_SEGMENT_CHARS", "DEFAULT_ROTATION_S", "is_identifier",
           "is_national_field", "shaped_like", "swap_identifiers"]

KEEP_SEGMENT_CHARS = 3  # "GA1", "fb", "1": format and version parts of an id, not the id
DEFAULT_ROTATION_S = 24 * 3600.0  # a recipient sees a new substitute once a day
EMAIL_LOCAL_CHARS = 16  # an address's substitute local part: as many for every address, none of its own
_HEX = re.compile(r"[0-9a-f]+|[0-9A-F]+")
_UUID = re.compile(r"(?<![0-9a-fA-F])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![0-9a-fA-F])")
_LUHN_DIGITS = re.compile(r"(?<![0-9])[0-9]{12,19}(?![0-9])")
_UUID_FIXED = (14, 19)  # the version digit and the variant digit
_KEY = re.compile(r"(?:^|[;&|+ ,.])_*([A-Za-z][A-Za-z0-9_]{0,40})=(?=[^=;&\s])")  # a name, then its value (not base64 padding)
_SEGMENT = re.compile(r"[A-Za-z0-9]+")
# Letters before a colon at the start name the kind of id (Mixpanel's "$device:", "anon:", "urn:uuid:").
_NAMESPACE = re.compile(r"(?:\$?[A-Za-z][A-Za-z_]{0,30}:){1,3}(?=[^:/])")
# A word that names the id's kind before a "-" or "_" ("user-usr_8f3k...", "visitor_5f1c..."): the
# site's own naming, kept as the namespace is
_KIND_WORD = re.compile(ID_KIND_WORDS + r"[-_](?=[A-Za-z0-9])")
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

    def _seed(self, value: str, site: str) -> bytes:
        period = int(self._clock() // self.rotation_s)
        return hmac.new(self._key, f"{site}\x00{period}\x00{value}".encode("utf-8", "surrogatepass"), hashlib.sha256).digest()

    def swap_national(self, value: str, site: str, entity: str | None = None) -> str | None:
        """A valid national number of `value`'s format for recipient `site` in the current period
        (`national_id_swap`); None when none was found (the caller keeps its mask or tag)."""
        return swap_national_id(value, _stream(self._seed(value, site)), entity)

    def swap(self, value: str, site: str) -> str:
        """The substitute of `value` for recipient `site` in the current period (never `value`)."""
        seed = self._seed(value, site)
        if EMAIL_TEXT.fullmatch(value):
            return _address(value, _stream(seed))
        out = _shape(value, _stream(seed), _vendor_prefix(value, site))
        if out == value:  # only a value with nothing to swap (all short segments) comes back equal
            return value
        return out


def shaped_like(value: str, seed: bytes) -> str:
    """A look-alike of `value` drawn from `seed` by the same `shape` as `IdentifierSwap.swap` (an
    e-mail address: another local part at its domain): an AI chat's pseudonym of an id, which the
    conversation, not a key, keeps stable (`vault.surrogates`)."""
    if EMAIL_TEXT.fullmatch(value):
        return _address(value, _stream(seed))
    return _shape(value, _stream(seed))


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


def _vendor_prefix(value: str, site: str) -> int:
    """The length of a prefix of `value` that names the recipient (`_PENDO_T_` for pendo.io: leading
    underscores, the first label of its registrable domain in any case, a joiner), else 0."""
    vendor = site.split(".", 1)[0]
    if len(vendor) < 2 or not vendor.isalnum():
        return 0
    lead = len(value) - len(value.lstrip("_$"))
    end = lead + len(vendor)
    if value[lead:end].casefold() == vendor.casefold() and value[end : end + 1] in ("_", "-", ".", ":") and end + 1 < len(value):
        return end + 1
    return 0


def _shape(value: str, rand: Iterator[int], vendor: int = 0) -> str:
    chars = list(value)
    namespace = _NAMESPACE.match(value) or _KIND_WORD.match(value)
    start = namespace.end() if namespace is not None and namespace.end() < len(value) else 0
    start = max(start, vendor)
    body = value[start:]
    swapped = [s for s in _SEGMENT.findall(body) if len(s) > KEEP_SEGMENT_CHARS] or [body]
    alnum = "".join(swapped)
    # hexadecimal (a digest, a UUID, a hex id): every character stays a hex digit of its case
    hexadecimal = bool(_HEX.fullmatch(alnum)) and not alnum.isdigit()
    hex_digits = "0123456789ABCDEF" if alnum.isupper() else "0123456789abcdef"
    keep = set(range(start))  # the namespace
    for uuid in _UUID.finditer(value, start):  # a UUID keeps version and variant, wherever it sits
        keep.update(uuid.start() + i for i in _UUID_FIXED)
    for key in _KEY.finditer(value):  # a cookie string's names ("__utma=...;+__utmz=...") stay
        keep.update(range(key.start(1), key.end(1)))
    for seg in _SEGMENT.finditer(value):
        if seg.end() - seg.start() <= KEEP_SEGMENT_CHARS and seg.end() - seg.start() < len(value):
            continue
        # a run of digits stays digits, beside hex too ("<uuid>-1796152628": a time after the id)
        hex_segment = hexadecimal and not seg.group().isdigit()
        for i in range(seg.start(), seg.end()):
            ch = chars[i]
            r = next(rand)
            if i in keep:
                continue
            if hex_segment:
                chars[i] = hex_digits[r % 16]
            elif ch.isdigit():
                chars[i] = _DIGITS[r % 10]
            elif "a" <= ch <= "z":
                chars[i] = _LOWER[r % 26]
            elif "A" <= ch <= "Z":
                chars[i] = _UPPER[r % 26]
    for run in _LUHN_DIGITS.finditer(value):  # a Luhn-checked number stays one
        if luhn_ok(run.group()):
            _fix_check_digit(chars, run.start(), run.end())
    return "".join(chars)


def _fix_check_digit(chars: list[str], start: int, end: int) -> None:
    """Set the last digit of chars[start:end] so that the run passes the Luhn check."""
    for digit in _DIGITS:
        chars[end - 1] = digit
        if luhn_ok("".join(chars[start:end])):
            return


def is_identifier(finding: Finding) -> bool:
    """A persistent user or device id (an advertising id, an IMEI, an e-mail address as a user id
    too), or personal data sent hashed: rewritten as a same-shape substitute, never masked."""
    return (
        finding.category is DataCategory.PERSISTENT_ID
        or finding.category is DataCategory.DEVICE_ID
        or finding.entity.endswith("_HASH")
        or finding.entity == EMAIL_AS_USER_ID
    )


def is_national_field(finding: Finding, value: str) -> bool:
    """A national number that is its field's whole value (a form's "cnp", an SDK's "tax_id"): what
    a validator reads, so it gets a valid number of its format rather than a mask or a tag. In
    prose it stays the levels' (and in a chat, the conversation's pseudonym)."""
    return finding.recognizer == NationalIdRecognizer.name and value[: finding.start].strip() == "" \
        and value[finding.end :].strip() == ""


class Swapped(NamedTuple):
    """What `swap_identifiers` did: `edits` for the fields it rewrote whole; `covered`, the findings
    its substitutes replaced; `rest`, the findings left for the levels; `payload`, the fields with
    their identifiers already swapped (the levels rewrite the rest of a mixed field in it);
    `pending`, those mixed fields' values, sent as they are unless a level rewrites the field."""

    edits: dict[str, str]
    covered: tuple[Finding, ...]
    rest: tuple[Finding, ...]
    payload: Payload
    pending: dict[str, str]


def swap_identifiers(swap: IdentifierSwap, payload: Payload, findings: Sequence[Finding], site: str) -> Swapped:
    """Same-shape substitutes for user ids and hashed personal data. A field that holds only
    identifiers is rewritten here whole; in a field that also holds other findings, each id whose
    substitute has its length (every shape but an e-mail's) is swapped in place and the levels
    rewrite the rest around it, so an id is never masked. Otherwise the field goes to the levels."""
    by_field: dict[str, list[Finding]] = {}
    for f in findings:
        by_field.setdefault(f.field_path, []).append(f)
    fields = payload.by_path()
    edits: dict[str, str] = {}
    pending: dict[str, str] = {}
    covered: list[Finding] = []
    for path, own in by_field.items():
        item = fields.get(path)
        if item is None:
            continue
        substitutes: dict[int, str] = {}  # id(finding) -> its substitute
        for f in own:
            if is_identifier(f):
                substitutes[id(f)] = swap.swap(item.value[f.start : f.end], site)
            elif is_national_field(f, item.value):
                national = swap.swap_national(item.value[f.start : f.end], site, f.entity)
                if national is not None:  # else the levels mask or tag it, as before
                    substitutes[id(f)] = national
        ids = [f for f in own if id(f) in substitutes]
        if not ids:
            continue
        whole = len(ids) == len(own)
        value = item.value
        done: list[Finding] = []
        for f in sorted(ids, key=lambda x: x.start, reverse=True):
            substitute = substitutes[id(f)]
            if not whole and (len(substitute) != f.end - f.start or _overlaps(f, own)):
                continue  # the other findings' offsets would move: the levels take this id too
            value = value[: f.start] + substitute + value[f.end :]
            done.append(f)
        if whole and item.kind is FieldKind.NUMBER and len(value) > 1 and value[0] == "0":
            value = "1" + value[1:]  # a JSON number has no leading zero
        if value == item.value:
            continue
        (edits if whole else pending)[path] = value
        covered.extend(done)
    if not covered:
        return Swapped({}, (), tuple(findings), payload, {})
    done_ids = {id(f) for f in covered}
    rest = tuple(f for f in findings if f.field_path not in edits and id(f) not in done_ids)
    if pending:
        payload = payload.with_fields(tuple(
            f if f.path not in pending else dataclasses.replace(f, value=pending[f.path]) for f in payload.fields
        ))
    return Swapped(edits, tuple(covered), rest, payload, pending)


def _overlaps(finding: Finding, others: Sequence[Finding]) -> bool:
    return any(o is not finding and o.start < finding.end and finding.start < o.end for o in others)
