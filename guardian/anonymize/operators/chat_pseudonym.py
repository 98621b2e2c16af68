"""AI-chat pseudonyms: the pipeline's operator for prompts whose answers are restored.

A chat sends its whole history on every turn and the answer must come back readable, so a prompt
to an AI service gets the conversation's own pseudonyms ("Jane" is `[PERSON_1]` in every turn, or
one realistic surrogate), not the rule levels' one-off tags. The conversation lives in the
proxy's vault; a decision reads a copy of it and returns what it made:

    proxy     vault conversation ──ChatBook (its entries, counters, seed; per request)──┐
    pipeline  findings, field kinds ──`pseudonymize_chat`──> edits, encoded once with the rest
              of the rewrite; the values made for the first time ──ChatOutcome──┐        │
    proxy     `ChatRestore.settle` adds them to the conversation, which restores the answer

It runs for a request to an AI service, a host whose answers the user asked to restore (the
option's hosts, the rules' `restore_answers`), or, with `guardian_pseudonyms_all`, any transform:

- a transform: every finding that is not a whole prose value is replaced whole (a superset of
  what L1-L3 rewrite, so nothing the rule levels hid comes back), and the values the conversation
  already knows are replaced again wherever they reappear in the user's own fields, even where the
  detector missed them this time (the history comes back restored, turn after turn);
- an allowed request: only the known values are replaced again (then it becomes a transform);
- a user, session or device id (one token) gets a look-alike of its own syntax in either style
  (a UUID keeps its version and variant, a "visitor_" prefix stays), as the identifier swap makes
  them: a service that validates the field takes it, and its echo in the answer is restored;
- with surrogates, a new one is written in the field's language (`guardian.detect.language`) and
  the original's script: a German name for a name in German, a Cyrillic one for a Cyrillic one;
- a rewrite by the LLM levels (L4, L5) is kept as made: it has no spans to pseudonymize.

Cookies are the session's, not the prompt's: the operator leaves them to the other operators. Two
turns of one conversation decided at once would both make "the next" pseudonym, so the proxy
decides the turns of one conversation one after the other (`ChatRestore.begin`).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from guardian.codecs.cookie import COOKIE_PREFIX
from guardian.detect.language import language_of
from guardian.records import FieldKind, Finding, KindLabel, Payload, ValueKind
from guardian.vault.pseudonymize import Span, known_pattern, pseudonymize_text
from guardian.vault.memory import Conversation, Entry

__all__ = ["ChatBook", "ChatOutcome", "ChatEdits", "pseudonymize_chat", "RULE_LEVEL_MAX"]

RULE_LEVEL_MAX = 3  # L1-L3 rewrite spans; L4/L5 rewrite free text (no spans to pseudonymize)
SHORT_ID = 12  # characters of the conversation id in records (enough to count conversations)


@dataclass(frozen=True)
class ChatBook:
    """A copy of one conversation's mapping for one decision (it crosses to the decision process).

    The originals are raw: a book lives in memory and in the pipe to the decision process only."""

    cid: str
    seed: int
    style: str  # tags | surrogates
    source: str = "client"  # where the conversation's key came from: id | path | client
    entries: tuple[Entry, ...] = field(default=(), repr=False)
    counters: tuple[tuple[str, int], ...] = ()
    restores: bool = False  # the proxy restores this host's answers by its options (beyond AI services)
    all_flows: bool = False  # guardian_pseudonyms_all: every transform gets the conversation's pseudonyms

    @classmethod
    def of(cls, conversation: Conversation, style: str, *, source: str = "client", restores: bool = False,
           all_flows: bool = False) -> ChatBook:
        return cls(conversation.id, conversation.seed, style, source, tuple(conversation.entries()),
                   tuple(sorted(conversation.counters.items())), restores, all_flows)

    def conversation(self, made: list[Entry]) -> Conversation:
        """A private conversation with the book's mapping; what it makes is appended to `made`."""
        conversation = Conversation(self.cid, self.seed, time.time(), on_new=lambda _, entry: made.append(entry))
        conversation.load(self.entries, dict(self.counters))
        return conversation


@dataclass(frozen=True)
class ChatOutcome:
    """What the operator did in one decision: the values new to the conversation (for the proxy to
    add: raw, in memory only, never in a record) and counts (for the record)."""

    cid: str
    restores: bool  # the answer is restored (an AI service, a host the user named)
    entries: tuple[Entry, ...] = field(default=(), repr=False)
    counters: tuple[tuple[str, int], ...] = ()
    pseudonymized: int = 0  # spans replaced
    new: int = 0  # values seen for the first time in this conversation
    again: int = 0  # known values found again where the detector found nothing

    def record(self, style: str, source: str) -> dict[str, object]:
        """The record's `pseudonyms` section: counts and a short conversation id, never a value."""
        return {"conversation": self.cid[:SHORT_ID], "key": source, "style": style,
                "pseudonymized": self.pseudonymized, "new": self.new, "again": self.again}



@dataclass(frozen=True)
class ChatEdits:
    """The fields the operator read (their text is now its own) and the ones it changed."""

    read: frozenset[str]
    edits: Mapping[str, str]
    outcome: ChatOutcome


def _spans(findings: Sequence[Finding]) -> dict[str, list[Span]]:
    by_field: dict[str, list[Span]] = {}
    for f in findings:
        by_field.setdefault(f.field_path, []).append(Span(f.start, f.end, f.category.value, f.entity))
    return by_field


def _users_own(label: KindLabel | None) -> bool:
    """A field where known values are looked for: the user's data (the protected fields are gone),
    and the model's own earlier turns, restored on their way back and now sent again as history:
    the service gets them as it said them, with the pseudonyms it saw."""
    return label is None or label.kind is ValueKind.USER_DATA or label.kind is ValueKind.SERVICE_OUTPUT


def _language(style: str, text: str) -> str | None:
    """The language of a field's text, for surrogates written in it; tags have no language, and
    are not asked about (the identifier remembers the Detector's answers)."""
    return language_of(text) if style == "surrogates" else None


def pseudonymize_chat(
    payload: Payload, findings: Sequence[Finding], kinds: Mapping[str, KindLabel], book: ChatBook, *,
    restores: bool, known_only: bool = False,
) -> ChatEdits:
    """The conversation's pseudonyms at `findings` (none with `known_only`: an allowed request) and
    at the values it knows, in every field of `payload` but cookies."""
    made: list[Entry] = []
    conversation = book.conversation(made)
    spans = {} if known_only else _spans(findings)
    fields = [f for f in payload.fields if not f.path.startswith(COOKIE_PREFIX)]
    avoid = "\n".join(f.value for f in fields)
    by_path = {f.path: f for f in fields}
    # First the findings, so that a value found in one field is known in every other field.
    for path, field_spans in spans.items():
        item = by_path.get(path)
        if item is not None and item.kind is FieldKind.STRING:
            pseudonymize_text(item.value, field_spans, conversation, book.style, avoid=avoid,
                              language=_language(book.style, item.value))
    known = known_pattern(conversation.known_originals())
    edits: dict[str, str] = {}
    replaced = again = 0
    for item in fields:
        field_spans = spans.get(item.path, [])
        look = known if _users_own(kinds.get(item.path)) else None
        if not field_spans and look is None:
            continue
        text, n, _, seen = pseudonymize_text(  # known values were made before: no language to ask
            item.value, field_spans, conversation, book.style, avoid=avoid, known=look, number=item.kind is FieldKind.NUMBER,
            language=_language(book.style, item.value) if field_spans else None,
        )
        if text != item.value:
            edits[item.path] = text
        replaced, again = replaced + n, again + seen
    outcome = ChatOutcome(book.cid, restores, tuple(made), tuple(sorted(conversation.counters.items())),
                          replaced, len(made), again)
    return ChatEdits(frozenset(by_path), edits, outcome)
