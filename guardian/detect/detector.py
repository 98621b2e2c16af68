"""The Detector: every recogniser over every field, overlaps resolved, output sorted."""

from __future__ import annotations

import bisect
import dataclasses
import hashlib
import logging
import re
import secrets
from collections.abc import Collection, Iterable, Mapping, Sequence

from guardian.detect._first_chars import compile_fast
from guardian.detect._text import answer_options, is_natural_text, program_names
from guardian.detect.base import ENGLISH_ONLY, Recognizer
from guardian.detect.language import ENGLISH, foreign_lines, language_of
from guardian.detect.recognizers.email import EMAIL_AS_USER_ID, EmailRecognizer
from guardian.detect.recognizers.multilingual_health import is_listed_medicine
from guardian.detect.recognizers.national_ids import fold
from guardian.detect.recognizers.ner import NerRecognizer
from guardian.detect.recognizers.prose_tagger import ProseTaggerRecognizer
from guardian.detect.disclosure_tagger import DisclosureTagger
from guardian.detect.whose import SubjectJudge
from guardian.detect.writers_head import WritersHead
from guardian.detect.registry import default_recognizers
from guardian.detect.site_name import drop_site_names
from guardian.errors import ConfigError
from guardian.categories import DataCategory
from guardian.records import Field, Finding, KindLabel, Payload, ValueKind

__all__ = ["Detector", "resolve_overlaps", "link_names", "split_around", "stack_frames", "software_strings", "set_remember_prose",
           "MAX_FIELD_CHARS"]

log = logging.getLogger(__name__)

MAX_FIELD_CHARS = 100_000
# What runs on a field of each kind (`guardian.fieldkinds`); unlabelled fields and user data get
# every recogniser. An e-mail is never machinery; a page URL is scored only for what it carries
# (an e-mail, a secret, a card or an id number in its query), never as browsing history itself.
KIND_RECOGNIZERS: Mapping[ValueKind, frozenset[str]] = {
    ValueKind.SITE_MACHINERY: frozenset({"email"}),
    ValueKind.PAGE_CONTEXT: frozenset({"email", "credentials", "credit_card", "ssn", "iban"}),
    ValueKind.USER_IDENTIFIER: frozenset(),
    # the model's own earlier turns, sent back as history: the service wrote them, so nothing in
    # them is new to it; the chat operator only puts the conversation's pseudonyms back
    ValueKind.SERVICE_OUTPUT: frozenset(),
}
# A value whose label says it may hold labelled values (a log line's "name=... phone=...") is
# also read for them: a key inside a value names it as a field's key does; and for phone numbers,
# which a program writes into its message about the person it failed for ("phone +1 415 555 0187
# rejected"), not about the site (a page's own text, the business's number, is not such a value).
LABELLED_RECOGNIZERS: frozenset[str] = frozenset({"inline_fields", "phone"})
# Machine values come back request after request (event names, flags, page types, sizes), and a
# chat client sends the whole conversation again with every turn: the findings of a value are
# remembered, as a function of the field's path, name, kind, value and kind label. Keyed by a
# digest under a key of this process, so the memory holds no value. A value on which a recogniser
# failed is not remembered (the next request reads it again).
REMEMBER_VALUES = 4096  # entries; when full, the memory starts again empty
REMEMBER_MAX_CHARS = 256  # a value that is not prose
REMEMBER_MAX_PROSE_CHARS = 10_000  # prose: what NER reads of a value (NerRecognizer.MAX_CHARS)
IDENTIFIER_SCORE = 0.8  # a persistent id named by a vendor dictionary or its key and shape
VENDOR_SCORE = 0.85  # user data a vendor dictionary documents (e.g. a hashed e-mail)
_EDGE = " \t\r\n\f\v,;"  # trimmed off the pieces of a split whole-value finding
_remember_prose = True  # set_remember_prose


def set_remember_prose(on: bool) -> None:
    """Whether detectors remember the findings of prose (benchmarks that time the models: off, as
    `set_ner_cache(0)` turns off spaCy's memory)."""
    global _remember_prose
    _remember_prose = on


class Detector:
    """Finds personal data in a payload's fields (DESIGN.md step 3).

    Values longer than `max_field_chars` are scanned only up to that length; the caller learns
    which through `truncated_fields`. A recogniser that fails on a value is logged and skipped:
    detection never raises on a string.
    """

    def __init__(
        self,
        recognizers: Sequence[Recognizer] | None = None,
        *,
        max_field_chars: int = MAX_FIELD_CHARS,
        every_kind: Collection[str] = (),
    ) -> None:
        """`every_kind` names recognisers that also read fields of every `KIND_RECOGNIZERS` kind
        (a rules file's own: the user says the value is theirs wherever it is sent)."""
        if max_field_chars < 1:
            raise ConfigError(f"max_field_chars must be at least 1, not {max_field_chars}")
        self.recognizers: tuple[Recognizer, ...] = tuple(
            default_recognizers() if recognizers is None else recognizers
        )
        self.max_field_chars = max_field_chars
        self._every_kind = frozenset(every_kind)
        self._kind_recognizers: Mapping[ValueKind, frozenset[str]] = (
            {kind: names | self._every_kind for kind, names in KIND_RECOGNIZERS.items()} if every_kind else KIND_RECOGNIZERS
        )
        self._whole_value = frozenset(r.name for r in self.recognizers if r.whole_value)
        self._containers = frozenset(r.name for r in self.recognizers if r.container)
        # Equal triggers are one regex object: a value is searched once per distinct trigger,
        # and the recognisers to run for a set of trigger hits are worked out once (`_plan`).
        triggers: dict[tuple[str, int], re.Pattern[str]] = {}
        for r in self.recognizers:
            if r.TRIGGER:
                triggers.setdefault((r.TRIGGER, r.TRIGGER_FLAGS), compile_fast(r.TRIGGER, r.TRIGGER_FLAGS))
        self._triggers: tuple[re.Pattern[str], ...] = tuple(triggers.values())
        self._trigger_of: tuple[int, ...] = tuple(
            self._triggers.index(triggers[(r.TRIGGER, r.TRIGGER_FLAGS)]) if r.TRIGGER else -1
            for r in self.recognizers
        )
        # What is searched in a value that is not prose: not a trigger only prose-only recognisers use
        self._plain_triggers: tuple[re.Pattern[str] | None, ...] = tuple(
            None if all(r.NATURAL_TEXT_ONLY for r, i in zip(self.recognizers, self._trigger_of) if i == n) else t
            for n, t in enumerate(self._triggers)
        )
        self._plans: dict[tuple[frozenset[str] | None, tuple[bool, ...], bool, str | None], tuple[Recognizer, ...]] = {}
        # Whether any recogniser reads only some languages: if none does, no value is identified.
        self._by_language = any(r.LANGUAGES is not None for r in self.recognizers)
        # found once: an isinstance check per recogniser on every request cost more than the rest
        self._ner: tuple[NerRecognizer, ...] = tuple(r for r in self.recognizers if isinstance(r, NerRecognizer))
        # e-mail addresses used as a vendor's or a field's user id (`analyze_field`)
        self._id_emails = next((r for r in self.recognizers if isinstance(r, EmailRecognizer)), None)
        self._remembered: dict[tuple[bytes, KindLabel | None], tuple[Finding, ...]] = {}
        self._keyed = hashlib.blake2b(key=secrets.token_bytes(16), digest_size=16)  # copied per digest: keyed once

    @property
    def subject_judge(self) -> SubjectJudge | None:
        """The learned judge of whose a detail in a prompt is (`whose.py`), over the prose tagger's
        encoder: None when this detector reads prose without the tagger (spaCy) or no weights ship."""
        try:
            return self._judge
        except AttributeError:
            tagger = next((r for r in self.recognizers if isinstance(r, ProseTaggerRecognizer)), None)
            self._judge: SubjectJudge | None = tagger.judge() if tagger is not None else None
            return self._judge

    @property
    def disclosure_tagger(self) -> DisclosureTagger | None:
        """The learned tagger of the writer's own details in a prompt (`disclosure_tagger.py`),
        over the prose tagger's encoder: None without the tagger or without weights."""
        try:
            return self._discloser
        except AttributeError:
            tagger = next((r for r in self.recognizers if isinstance(r, ProseTaggerRecognizer)), None)
            self._discloser: DisclosureTagger | None = tagger.discloser() if tagger is not None else None
            return self._discloser

    @property
    def writers_head(self) -> WritersHead | None:
        """The English writers' head (`writers_head.py`), a second discloser beside the tagger:
        None where this detector reads prose without the tagger or no weights ship."""
        try:
            return self._writers
        except AttributeError:
            from guardian.detect.writers_head import load_writers_head

            tagger = next((r for r in self.recognizers if isinstance(r, ProseTaggerRecognizer)), None)
            self._writers: WritersHead | None = load_writers_head() if tagger is not None and tagger.available else None
            return self._writers

    def with_recognizers(self, extra: Sequence[Recognizer]) -> Detector:
        """This detector plus `extra` (a rules file's own recognisers), without changing this one:
        the same recogniser instances (a model loads once), `extra` first so that it wins exact ties
        and reads fields of every kind. This detector itself when `extra` is empty."""
        if not extra:
            return self
        return Detector(
            (*extra, *self.recognizers),
            max_field_chars=self.max_field_chars,
            every_kind=self._every_kind | {r.name for r in extra},
        )

    def _plan(
        self, allowed: frozenset[str] | None, hits: tuple[bool, ...], prose: bool, language: str | None = None
    ) -> tuple[Recognizer, ...]:
        """The recognisers, in registry order, that may find something in a value, given which
        triggers it holds, whether it reads as prose, and the language it is surely in (None:
        unknown, every language's readers run)."""
        key = (allowed, hits, prose, language)
        plan = self._plans.get(key)
        if plan is None:
            plan = tuple(
                r for r, t in zip(self.recognizers, self._trigger_of)
                if (allowed is None or r.name in allowed) and (t < 0 or hits[t]) and (prose or not r.NATURAL_TEXT_ONLY)
                and (language is None or r.LANGUAGES is None or language in r.LANGUAGES)
            )
            self._plans[key] = plan  # at most 2^(triggers+1) x kinds x languages entries
        return plan

    def detect(self, payload: Payload, kinds: Mapping[str, KindLabel] | None = None,
               site: str | None = None) -> tuple[Finding, ...]:
        """The findings of all fields of `payload`, sorted by (field_path, start); `kinds` (from
        `guardian.fieldkinds`) says which recognisers each field gets; `site`, the first party's
        registrable domain, whose own name is no person's (`site_name`), nor where it recurs."""
        found: list[Finding] = []
        for item in payload.fields:
            found.extend(self.analyze_field(item, kinds.get(item.path) if kinds else None))
        found = drop_site_names(payload, found, site)
        found.extend(link_hashes(payload, found))
        found.extend(link_repeats(payload, found))
        found.extend(link_names(payload, found))
        found.sort(key=lambda f: (f.field_path, f.start, f.end))
        return tuple(found)

    def needs_model(self, payload: Payload, kinds: Mapping[str, KindLabel] | None = None) -> bool:
        """Whether detecting this payload runs a model (NER on some prose value): the slow path."""
        costly = [r for r in self.recognizers if r.costly]
        return any(
            r.reads(f.value[: self.max_field_chars]) and self._reads_language(r, f.value[: self.max_field_chars])
            for f in payload.fields
            if self._runs_all(kinds.get(f.path) if kinds else None)
            for r in costly
        )

    def _language(self, text: str, prose: bool) -> str | None:
        """The language a prose value is surely in, when some recogniser cares; None otherwise
        (machine values, short, mixed or unsure text: every recogniser runs). English is None too,
        so English text shares the plans it had before languages were told apart."""
        if not prose or not self._by_language:
            return None
        language = language_of(text)
        return None if language == ENGLISH else language

    def _reads_language(self, recognizer: Recognizer, text: str) -> bool:
        """Whether `recognizer` reads the language `text` is in (True when it is unknown)."""
        if recognizer.LANGUAGES is None:
            return True
        language = self._language(text, is_natural_text(text))
        return language is None or language in recognizer.LANGUAGES

    @staticmethod
    def _runs_all(label: KindLabel | None) -> bool:
        return label is None or label.kind is ValueKind.USER_DATA

    def analyze_field(self, field: Field, label: KindLabel | None = None) -> list[Finding]:
        """The findings of one field: non-overlapping, sorted by start."""
        if not isinstance(field.value, str):
            return []
        if label is not None and label.kind is ValueKind.USER_IDENTIFIER:
            # An id that is (or holds) an e-mail address is the user's address: read as an id,
            # the swap would keep its short parts ("doe" of jane.doe@...) and a masked id keeps
            # its first letters, so the address is found as the e-mail it is.
            if self._id_emails is not None and "@" in field.value:
                scanned = field if len(field.value) <= self.max_field_chars else dataclasses.replace(
                    field, value=field.value[: self.max_field_chars])  # bounded, as `_analyze` scans
                emails = [f for f in self._id_emails.analyze(scanned) if _well_formed(f, scanned)]
                if emails:
                    # still an id to its recipient: swapped for an address of its own per user,
                    # not masked alike for everyone ("***@gmail.com" merges all of a site's users)
                    return [dataclasses.replace(f, entity=EMAIL_AS_USER_ID) for f in emails]
            return _whole_value(field, DataCategory.PERSISTENT_ID, "USER_ID", IDENTIFIER_SCORE, label)
        if (
            label is not None and label.hashed and label.category is not None and label.kind is ValueKind.USER_DATA
            and _ANY_DIGEST.fullmatch(field.value.strip())
        ):
            # a digest holds nothing a recogniser could find; it is the data it hashes (a vendor
            # field documented as hashed but sent in clear is scanned as any other)
            return _whole_value(field, label.category, f"{label.category.name}_HASH", VENDOR_SCORE, label)
        prose = is_natural_text(field.value[: self.max_field_chars])  # what is scanned
        if len(field.value) > (REMEMBER_MAX_PROSE_CHARS if prose and _remember_prose else REMEMBER_MAX_CHARS):
            return self._analyze(field, label, prose)[0]
        key = (self._digest(field), label)
        known = self._remembered.get(key)
        if known is not None:
            return list(known)
        found, complete = self._analyze(field, label, prose)
        if complete:
            if len(self._remembered) >= REMEMBER_VALUES:
                self._remembered.clear()
            self._remembered[key] = tuple(found)
        return found

    def _digest(self, field: Field) -> bytes:
        """What identifies a field for the findings memory, keyed: no value can be read back."""
        text = f"{len(field.path)}:{field.path}{len(field.name)}:{field.name}{field.kind.value}:{field.value}"  # unambiguous
        digest = self._keyed.copy()
        digest.update(text.encode("utf-8", "surrogatepass"))
        return digest.digest()

    def _analyze(self, field: Field, label: KindLabel | None, prose: bool) -> tuple[list[Finding], bool]:
        """`analyze_field` past its shortcuts: every recogniser the kind label and the triggers let
        in; and whether every one of them ran (False: one failed on this value)."""
        scanned = field
        if len(field.value) > self.max_field_chars:
            scanned = dataclasses.replace(field, value=field.value[: self.max_field_chars])
        allowed = None if self._runs_all(label) else self._kind_recognizers[label.kind]  # type: ignore[union-attr]
        if allowed is not None and label is not None and label.labelled:
            allowed = allowed | LABELLED_RECOGNIZERS
        text = scanned.value
        size = len(text)
        if prose:
            hits = tuple([t.search(text) is not None for t in self._triggers])
        else:
            hits = tuple([t is not None and t.search(text) is not None for t in self._plain_triggers])
        candidates: list[Finding] = []
        english: list[Finding] = []  # the English readers' findings
        complete = True
        language = self._language(text, prose)
        for recognizer in self._plan(allowed, hits, prose, language):
            if size < recognizer.min_chars:
                continue
            try:
                found = recognizer.analyze(scanned)
            except Exception:  # one broken recogniser must not take the request down
                # The value stays out of the log: it is the personal data we protect.
                log.warning(
                    "recogniser %s failed on field %s", recognizer.name, field.path, exc_info=True
                )
                complete = False
                continue
            found = [f for f in found if _well_formed(f, scanned)]
            candidates.extend(found)
            if recognizer.LANGUAGES == ENGLISH_ONLY:
                english.extend(found)
        if english and language is None and "\n" in text:
            # a text whose lines are in several languages: the English readers leave the lines
            # surely in another ("Unvan: elektrik teknisyeni" is no person "Unvan")
            foreign = foreign_lines(text)
            if foreign:
                drop = {id(f) for f in english if any(a <= f.start and f.end <= b for a, b in foreign)}
                candidates = [f for f in candidates if id(f) not in drop]
        if "{" in text and candidates:
            candidates = _outside_template_holes(candidates, text)
        if candidates:
            candidates = _outside_stack_frames(candidates, text, prose)
        if candidates and prose:
            candidates = _outside_options_and_code(candidates, text)
        kept = resolve_overlaps(candidates, scanned.value, whole_value=self._whole_value, containers=self._containers)
        if not kept and label is not None and label.kind is ValueKind.USER_DATA and label.category is not None:
            entity = f"{label.category.name}_HASH" if label.hashed else label.category.name
            return _whole_value(field, label.category, entity, VENDOR_SCORE, label), complete
        return kept, complete

    def truncated_fields(self, payload: Payload) -> tuple[str, ...]:
        """Paths of the fields of which only a prefix was scanned: longer than `max_field_chars`,
        or prose longer than what NER reads (`NerRecognizer.MAX_CHARS`)."""
        ner_cap = min((r.MAX_CHARS for r in self._ner if r.available), default=None)
        return tuple(
            f.path
            for f in payload.fields
            if len(f.value) > self.max_field_chars
            or (ner_cap is not None and len(f.value) > ner_cap and is_natural_text(f.value))
        )


# A hole of a message template, named or numbered, with its format: "{UserId}", "{@Order}",
# "{Elapsed:000}", "{0}" (messagetemplates.org; .NET and Python format strings). A log line's
# template names what will be filled in; the name is the developer's, never anyone's data.
_TEMPLATE_HOLE = re.compile(r"\{[@$]?[A-Za-z_][A-Za-z0-9_.]{0,63}(?:[,:][^{}\s]{1,32})?\}|\{[0-9]{1,3}\}")


def _outside_template_holes(candidates: list[Finding], text: str) -> list[Finding]:
    holes = [(m.start(), m.end()) for m in _TEMPLATE_HOLE.finditer(text)]
    if not holes:
        return candidates
    return [f for f in candidates if not any(a <= f.start and f.end <= b for a, b in holes)]


# A stack trace's frame, one line of it (lines end at a line break or an escaped "\n" of a log
# record): V8's "at fn (https://site/app.js:12:3)", SpiderMonkey's "fn@https://site/app.js:12:3",
# Python's 'File "app.py", line 12'. Its words are code (a function, a file, a module), not prose:
# a prose reader's guess there ("Object" as a field of study, "evaI" as an organisation) is none.
_LINE_BREAK = re.compile(r"\n|\\n")  # a line ends at a break or at an escaped "\n" of a log record
_FRAME = re.compile(
    r"[ \t]{0,16}(?:at[ \t]{1,8}\S[^\n]{0,300}?(?::[0-9]{1,7}:[0-9]{1,7}|<anonymous>|native code)"
    r"|[\w$.<>/]{0,200}@(?:[a-z][\w+.\-]{0,20}://|[\w./\-]{1,200}:[0-9]{1,7}:[0-9]{1,7})"
    r"|File[ \t]\"[^\"\n]{1,300}\",[ \t]line[ \t][0-9]{1,7})")


# A product of a User-Agent ("Chrome/156.0.0.0") and a comment ("(X11; Linux x86_64)"); a run of them
_PRODUCT = re.compile(r"(?<![\w/.])[A-Za-z][\w.!#$%&'*+\-^`|~]{0,40}/[0-9][\w.\-+]{0,40}")
_SOFTWARE = re.compile(
    r"(?<![\w/.])[A-Za-z][\w.!#$%&'*+\-^`|~]{0,40}/[0-9][\w.\-+]{0,40}"
    r"(?:[ ]{1,3}(?:\([^()\n]{0,200}\)|[A-Za-z][\w.!#$%&'*+\-^`|~]{0,40}/[0-9][\w.\-+]{0,40})){1,30}"
)


def stack_frames(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each line of `text` that is a stack trace's frame (`_FRAME`)."""
    if " at " not in text and "@" not in text and 'File "' not in text:
        return []
    starts = [0, *(m.end() for m in _LINE_BREAK.finditer(text))]
    ends = [*(m.start() for m in _LINE_BREAK.finditer(text)), len(text)]
    return [(a, b) for a, b in zip(starts, ends) if _FRAME.match(text, a, b)]


def software_strings(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each run of software products with versions and comments in `text`, a
    User-Agent's grammar (RFC 9110 section 10.1.5: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36
    (KHTML, like Gecko) Chrome/156.0.0.0"): at least two products with a version."""
    if "/" not in text:
        return []
    return [m.span() for m in _SOFTWARE.finditer(text, 0, MAX_FIELD_CHARS) if len(_PRODUCT.findall(m.group())) >= 2]


def _outside_stack_frames(candidates: list[Finding], text: str, prose: bool = True) -> list[Finding]:
    """The candidates, less a prose reader's guesses (quasi-identifiers, names) inside a software
    string (a User-Agent a log line quotes) or, in prose, a stack frame's line; a direct identifier
    there (an e-mail in a URL) stays."""
    frames = stack_frames(text) if prose else []
    software = software_strings(text)
    if not frames and not software:
        return candidates
    return [f for f in candidates
            if not ((f.quasi or f.entity == "PERSON") and (
                any(a <= f.start and f.end <= b for a, b in frames)
                or any(a <= f.start < b for a, b in software)))]  # "Safari/537.36,en-US": begun inside


def _outside_options_and_code(candidates: list[Finding], text: str) -> list[Finding]:
    """The candidates, less a prose reader's guesses (quasi-identifiers, names) in an answer option
    of a multiple-choice question ("- A: Da", "- D: Bubbling": what the question offers every
    reader) or that are a program's own name in a fenced code block ("function sayHi()")."""
    options = answer_options(text)
    guesses = [(f.start, f.end) for f in candidates if f.quasi or f.entity == "PERSON"]
    names = program_names(text, guesses) if guesses else set()
    if not options and not names:
        return candidates
    return [f for f in candidates
            if not ((f.quasi or f.entity == "PERSON") and (
                (f.start, f.end) in names or any(a <= f.start and f.end <= b for a, b in options)))]


def _whole_value(field: Field, category: DataCategory, entity: str, score: float, label: KindLabel) -> list[Finding]:
    """One finding over the value's trimmed extent, from the field's kind label."""
    value = field.value[:MAX_FIELD_CHARS]
    start = len(value) - len(value.lstrip())
    end = len(value.rstrip())
    if start >= end:
        return []
    recognizer = label.source if label.source.startswith("vendor:") else f"field_kind:{label.source}"
    return [Finding(category, entity, field.path, start, end, score, recognizer, quasi=False)]


def _well_formed(finding: Finding, field: Field) -> bool:
    """A finding of this field with a non-empty span inside the value and a score in [0, 1]."""
    return (
        finding.field_path == field.path
        and 0 <= finding.start < finding.end <= len(field.value)
        and 0.0 <= finding.score <= 1.0
    )


def _greedy(candidates: Iterable[Finding], text: str = "", containers: Collection[str] = ()) -> list[Finding]:
    """Keep the higher score, then the longer span; drop whatever overlaps a kept finding.

    A finding of a `containers` recogniser that holds kept findings strictly inside it, and
    crosses none, keeps its gaps instead of being dropped ("Address: 262, The Lees, CT6 6JL":
    the postcode stays a postcode, "262, The Lees" stays the address).

    A stable sort keeps the recognisers' order for exact ties. Kept spans are held sorted and
    checked by bisection, so a value with thousands of matches stays O(n log n).
    """
    order = sorted(candidates, key=lambda f: (-f.score, -(f.end - f.start), f.start))
    starts: list[int] = []
    ends: list[int] = []
    kept: list[Finding] = []
    for f in order:
        i = bisect.bisect_right(starts, f.start)
        j = bisect.bisect_left(starts, f.end)  # kept[i:j] start inside f
        from_left = i > 0 and ends[i - 1] > f.start
        if not from_left and i == j:
            starts.insert(i, f.start)
            ends.insert(i, f.end)
            kept.append(f)
            continue
        if from_left or f.recognizer not in containers or ends[j - 1] > f.end:
            continue
        inside = [Finding(f.category, f.entity, f.field_path, starts[k], ends[k], f.score, f.recognizer)
                  for k in range(i, j)]
        for piece in _pieces(f, inside, text):
            k = bisect.bisect_right(starts, piece.start)
            starts.insert(k, piece.start)
            ends.insert(k, piece.end)
            kept.append(piece)
    return kept


def _pieces(whole: Finding, inner: Sequence[Finding], text: str) -> list[Finding]:
    """`whole` minus the spans in `inner`: the gaps that still hold a letter or digit."""
    out: list[Finding] = []
    cursor = whole.start
    bounds = [(f.start, f.end) for f in inner if f.start < whole.end and f.end > whole.start]
    bounds.append((whole.end, whole.end))
    for start, end in sorted(bounds):
        a, b = cursor, min(start, whole.end)
        while a < b and text[a] in _EDGE:
            a += 1
        while b > a and text[b - 1] in _EDGE:
            b -= 1
        if a < b and any(ch.isalnum() for ch in text[a:b]):
            out.append(dataclasses.replace(whole, start=a, end=b))
        cursor = max(cursor, end)
    return out


def split_around(payload: Payload, findings: Sequence[Finding], inner: Sequence[Finding]) -> tuple[Finding, ...]:
    """`findings` with `inner` added, each content finding (a field's free text, kept as it is)
    that holds one of them cut into the pieces around it, sorted by (field_path, start, end)."""
    fields = payload.by_path()
    by_path: dict[str, list[Finding]] = {}
    for f in inner:
        by_path.setdefault(f.field_path, []).append(f)
    out: list[Finding] = list(inner)
    for f in findings:
        holds = [i for i in by_path.get(f.field_path, ()) if f.start < i.end and i.start < f.end]
        item = fields.get(f.field_path)
        if holds and f.category is DataCategory.CONTENT and item is not None:
            out.extend(_pieces(f, holds, item.value))
        else:
            out.append(f)
    return tuple(sorted(out, key=lambda f: (f.field_path, f.start, f.end)))


_NAMED_ENTITIES = frozenset({"PERSON", "ORGANIZATION", "LOCATION"})
_NAME_MODELS = frozenset({"ner", "prose_tagger", "multilingual_tagger"})
_ADDRESS_FORMATS = frozenset({"postal_addresses"})  # recognisers of an address's written format
_MEDICINE_READERS = frozenset({"health"})  # the gazetteer of conditions and medicines (medicines.txt)
_MONEY_READERS = frozenset({"money"})  # amounts by a currency's symbol, code or name (CLDR)
_TIME_ENTITIES = frozenset({"DATE_TIME", "DATE", "TIME"})  # a name model's readings of a time or a date


def resolve_overlaps(
    findings: Iterable[Finding], text: str, *, whole_value: Collection[str] = (), containers: Collection[str] = ()
) -> list[Finding]:
    """Non-overlapping findings of one field, sorted by start.

    Among span findings: the higher score wins, then the longer span (so a span covering
    another wins at equal score). Findings from a `whole_value` recogniser (field-name hints)
    compete by score only with a span finding on exactly their span, which wins ties; a span
    strictly inside them takes its part, and the whole-value finding keeps the gaps around it:
    "message" = "call +1 415 555 2671 now" gives Content "call", Phone, Content "now".
    A `containers` finding (a labelled value in text) does the same with the span findings that
    beat it, as long as they lie inside it.
    """
    spans: list[Finding] = []
    wholes: list[Finding] = []
    for f in findings:
        (wholes if f.recognizer in whole_value else spans).append(f)
    labelled = [f for f in spans if f.recognizer in containers and f.entity in _NAMED_ENTITIES]
    if labelled:
        # "Employer: Taylor, Stewart and Scott": the label says what the whole value names; a name
        # model's guesses at pieces of it ("Taylor" a person), or at the whole of it, give way to it
        spans = [s for s in spans if not (s.recognizer in _NAME_MODELS and s.entity in _NAMED_ENTITIES and any(
            w.start <= s.start and s.end <= w.end for w in labelled))]
    addresses = [f for f in spans if f.recognizer in _ADDRESS_FORMATS]
    if addresses:
        # "Str. Florilor nr. 12, bl. A3, ap. 14": a postal format's line is one address; a name
        # model's guess at a piece of it (the street a place, the flat's number a sum) gives way
        spans = [s for s in spans if not (s.recognizer in _NAME_MODELS and any(
            a.start <= s.start and s.end <= a.end and (a.start, a.end) != (s.start, s.end) for a in addresses))]
    medicines = {(f.start, f.end) for f in spans if f.recognizer in _MEDICINE_READERS and f.entity == "HEALTH"
                 and is_listed_medicine(text[f.start:f.end])}
    if medicines:
        # "My box of Keppra ran out": a medicine's name on the list is that medicine, not a name
        # model's guess at a person, a group or a firm of the same word
        spans = [s for s in spans if not (s.recognizer in _NAME_MODELS and (s.start, s.end) in medicines)]
    amounts = [(f.start, f.end) for f in spans if f.recognizer in _MONEY_READERS]
    if amounts:
        # "$16/hour": a number after a currency's symbol is an amount, not a name model's time of day
        spans = [s for s in spans if not (s.recognizer in _NAME_MODELS and s.entity in _TIME_ENTITIES
                                          and any(a <= s.start and s.end <= b for a, b in amounts))]
    survivors: list[Finding] = []
    for w in _greedy(wholes):
        rivals = [s for s in spans if s.start == w.start and s.end == w.end]
        if rivals and max(s.score for s in rivals) >= w.score:
            continue  # e.g. a Luhn-valid card in a "password" field
        if rivals:
            spans = [s for s in spans if not (s.start == w.start and s.end == w.end)]
        survivors.append(w)
    kept = _greedy(spans, text, containers)
    if survivors:
        kept_sorted = sorted(kept, key=lambda f: f.start)
        for w in survivors:
            kept.extend(_pieces(w, kept_sorted, text))
    kept.sort(key=lambda f: (f.start, f.end))
    return kept


# What a value found in clear is normalised to before ad networks hash it (Meta's, Google's and
# TikTok's documented rules: trimmed and lower-cased e-mail; phone digits with the country code,
# with or without "+").
_HASHABLE = frozenset({DataCategory.EMAIL, DataCategory.PHONE})
_HEX_DIGEST = re.compile(r"[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64}")
_ANY_DIGEST = re.compile(r"[0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{64}|[A-Za-z0-9+/_\-]{43}=?")
HASH_LINK_SCORE = 0.9  # the digest equals the hash of a value found in clear: near proof


def _normal_forms(category: DataCategory, value: str) -> set[str]:
    if category is DataCategory.EMAIL:
        return {value.strip().lower()}
    digits = "".join(ch for ch in value if ch.isdigit())
    return {digits, "+" + digits} if len(digits) >= 7 else set()


def link_hashes(payload: Payload, findings: Sequence[Finding]) -> list[Finding]:
    """Hex digests (MD5, SHA-1, SHA-256) in this payload that hash a normalised e-mail or phone
    found in clear elsewhere in it: each counts as that category, hashed (entity `<X>_HASH`).
    Costs nothing unless the payload has such a finding and a digest-shaped value."""
    clear = [f for f in findings if f.category in _HASHABLE and not f.entity.endswith("_HASH")]
    if not clear:
        return []
    taken = {f.field_path for f in findings}
    digests = [
        (item, item.value.strip().lower())
        for item in payload.fields
        if item.path not in taken and len(item.value) <= 80 and _HEX_DIGEST.fullmatch(item.value.strip().lower())
    ]
    if not digests:
        return []
    fields = payload.by_path()
    known: dict[str, Finding] = {}
    for f in clear:
        item = fields.get(f.field_path)
        if item is None:
            continue
        for form in _normal_forms(f.category, item.value[f.start : f.end]):
            data = form.encode("utf-8", "surrogatepass")
            for algo in (hashlib.md5, hashlib.sha1, hashlib.sha256):
                known.setdefault(algo(data).hexdigest(), f)
    out = []
    for item, digest in digests:
        source = known.get(digest)
        if source is None:
            continue
        start = len(item.value) - len(item.value.lstrip())
        out.append(Finding(source.category, f"{source.category.name}_HASH", item.path, start,
                           start + len(item.value.strip()), HASH_LINK_SCORE, "hash_link", quasi=False))
    return out


# A name that the payload's own e-mail address spells ("Marguerite Oyelaran" beside
# marguerite.oyelaran@...): a person's name in a field no key names ("alias", "nm").
_NAME_VALUE = re.compile(r"[^\W\d_][\w'’\-]{0,40}(?:[ \u00a0][^\W\d_][\w'’\-]{0,40}){0,3}")
_LOCAL_SPLIT = re.compile(r"[^a-z]{1,20}")
NAME_LINK_SCORE = 0.8  # the address spells it: near proof, below a checksum's
MIN_FIRST_NAME_LINK = 4  # a one-word value: "Marguerite", not "Al"


def _folded_words(text: str) -> list[str]:
    """The words of `text` as context words are matched (`national_ids.fold`: case, accents and
    letters such as "ø" folded), split at anything but a letter ("jane.doe_84" -> jane, doe)."""
    return [w for w in _LOCAL_SPLIT.split(fold(text)) if w]


def link_names(payload: Payload, findings: Sequence[Finding]) -> list[Finding]:
    """Fields whose whole value is a name that an e-mail address found in the payload spells:
    every word of the value (one to four, each written with a capital; one alone of at least
    `MIN_FIRST_NAME_LINK` letters) is a word of the address's local part, which holds two or more
    ("Marguerite Oyelaran", "Oyelaran" with marguerite.oyelaran@...; a role address such as
    support@ spells no one). Each is that person's name."""
    fields = payload.by_path()
    locals_: list[list[str]] = []
    for f in findings:
        if f.category is DataCategory.EMAIL and not f.entity.endswith("_HASH"):
            item = fields.get(f.field_path)
            if item is not None and "@" in item.value[f.start:f.end]:
                words = _folded_words(item.value[f.start:f.end].rsplit("@", 1)[0])
                if words:
                    locals_.append(words)
    if not locals_:
        return []
    taken = {f.field_path for f in findings}
    out = []
    for item in payload.fields:
        value = item.value.strip()
        if item.path in taken or len(value) > 80 or not _NAME_VALUE.fullmatch(value):
            continue
        if not all(w[:1].isupper() for w in value.split()):
            continue
        words = _folded_words(value)
        for local in locals_:
            if len(local) >= 2 and all(w in local for w in words) and (
                    len(words) >= 2 or len(words[0]) >= MIN_FIRST_NAME_LINK):
                start = len(item.value) - len(item.value.lstrip())
                out.append(Finding(DataCategory.CONTACT, "PERSON", item.path, start, start + len(value),
                                   NAME_LINK_SCORE, "name_link", quasi=False))
                break
    return out


MIN_REPEAT_CHARS = 6  # shorter values repeat by chance ("1", "true", "en")


def _repeatable(f: Finding, value: str) -> bool:
    """Whether a finding that is a whole field's value identifies the user wherever it recurs: a user
    id or a hashed value, an e-mail address or a phone number, or a full name (two words or more:
    a first name alone recurs by chance)."""
    if f.category in (DataCategory.PERSISTENT_ID, DataCategory.EMAIL, DataCategory.PHONE) or f.entity.endswith("_HASH"):
        return True
    return f.category is DataCategory.CONTACT and len(value.split()) >= 2


def _exact(f: Finding) -> bool:
    """Whether a finding inside a longer value is as sure as a whole field: an identifier, an e-mail
    address or a phone number has its own syntax, so the same characters elsewhere are the same
    value ("Customer usr_8f3k (pro plan)" names the id an order number repeats); a name found in
    prose is only as sure as the reader that found it."""
    return f.category in (DataCategory.PERSISTENT_ID, DataCategory.EMAIL, DataCategory.PHONE) or f.entity.endswith("_HASH")


def link_repeats(payload: Payload, findings: Sequence[Finding]) -> list[Finding]:
    """Fields that hold a user id, a hashed value, an e-mail address, a phone number or a full name
    found as a whole field elsewhere in the payload: the same identifier under another name (Krux
    sends its id as `store_user` and again as `store_user_after`), as one item of a list written in
    one string (ARMS RUM's `tags`: "usr_8f3k..,jane@...,+1 ..."), or inside a label the SDK writes
    from it (Multiplayer names a recorded session "Marguerite Oyelaran's session on Dec 2" after its
    `userName`), delimited by no letter or digit on either side. An identifier, e-mail address or
    phone number found inside a longer value counts as well (Shippo's order names its customer
    "Customer usr_8f3k (pro plan)" and numbers the order "RET-usr_8f3k"). Each occurrence no finding covers
    gets the finding it repeats: a value protected in one field is protected wherever the same
    request carries it again."""
    fields = payload.by_path()
    ids: dict[str, Finding] = {}
    for f in findings:
        item = fields.get(f.field_path)
        if item is None or f.end - f.start < MIN_REPEAT_CHARS:
            continue
        value = item.value[f.start : f.end]
        if item.value.strip() == value and _repeatable(f, value):
            ids.setdefault(value, f)
        elif _exact(f) and not _joined(item.value, f.start, f.end):
            ids.setdefault(value, f)
    if not ids:
        return []
    by_path: dict[str, list[Finding]] = {}
    for f in findings:
        if f.category is not DataCategory.CONTENT:  # a message marked as free text is prose, no identifier
            by_path.setdefault(f.field_path, []).append(f)
    listed = list(ids.items())[:MAX_LISTED_IDS]  # ids looked for inside longer values: a bounded few
    out = []
    for item in payload.fields:
        if len(out) >= MAX_REPEATS:
            break
        taken = by_path.get(item.path, [])
        whole = ids.get(item.value.strip())
        if whole is not None:  # the whole value, as a dictionary lookup: any number of fields
            if whole.field_path != item.path and not taken:
                start = len(item.value) - len(item.value.lstrip())
                out.append(dataclasses.replace(whole, field_path=item.path, start=start,
                                               end=start + len(item.value.strip()), recognizer="repeat_link"))
            continue
        if len(item.value) > MAX_REPEAT_SCAN or _LIST_SEPARATOR.search(item.value) is None:
            continue
        for value, source in listed:
            at = item.value.find(value)
            while at >= 0 and len(out) < MAX_REPEATS:
                end = at + len(value)
                if not _joined(item.value, at, end) and not any(f.start < end and at < f.end for f in taken):
                    found = dataclasses.replace(source, field_path=item.path, start=at, end=end, recognizer="repeat_link")
                    out.append(found)
                    taken = [*taken, found]
                at = item.value.find(value, end)
    return out


MAX_REPEAT_SCAN = 10_000  # a value longer than this is prose or a blob, read by the recognisers
MAX_REPEATS = 200  # occurrences linked per payload at most
MAX_LISTED_IDS = 32  # ids looked for inside the longer values of one payload
# what parts an item from the rest of a longer value; "-", ":" and "/" also join an id to a label or
# a path the SDK writes from it ("support-usr_8f3k2m9qz4", "user:usr_8f3k", "/users/usr_8f3k")
_LIST_SEPARATOR = re.compile(r"[\s,;=&|+\-:/]")


def _joined(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is part of a longer word (a letter, digit or "_" touches it)."""
    return (start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_")) or (
        end < len(text) and (text[end].isalnum() or text[end] == "_"))
