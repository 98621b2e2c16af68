"""The AI-chat operator: a prompt's findings become its conversation's pseudonyms, known values
are found again, and what it made comes back for the proxy to keep."""

from __future__ import annotations

import json

from guardian.anonymize.operators.chat_pseudonym import ChatBook, pseudonymize_chat
from guardian.categories import DataCategory
from guardian.codecs import decode_request, encode_request
from guardian.records import Finding, HttpRequest, KindLabel, Payload, ValueKind
from guardian.vault.memory import Vault

URL = "https://api.openai.com/v1/chat/completions"
HEADERS = (("Content-Type", "application/json"), ("Authorization", "Bearer sk-test"), ("Cookie", "sid=Jane Doe"))


def _chat(*messages: str) -> HttpRequest:
    body = {"model": "gpt-4o", "temperature": 0.2, "messages": [{"role": "user", "content": m} for m in messages]}
    return HttpRequest("POST", URL, HEADERS, json.dumps(body).encode())


def _payload(request: HttpRequest) -> Payload:
    return decode_request(request, max_body_bytes=10**6)


def _finding(i: int, text: str, value: str, category: str, entity: str) -> Finding:
    start = text.index(value)
    return Finding(DataCategory(category), entity, f"json:$.messages[{i}].content", start, start + len(value), 0.9, "test")


def _sent(request: HttpRequest, payload: Payload, edits: dict[str, str]) -> list[str]:
    rewrite = encode_request(request, payload, edits, max_body_bytes=10**6)
    return [m["content"] for m in json.loads(rewrite.body)["messages"]]


def test_findings_get_the_conversations_pseudonyms_and_what_was_made_comes_back() -> None:
    text = "I am Jane Doe, mail jane@corp.org. Jane Doe says hi."
    request = _chat(text)
    payload = _payload(request)
    findings = [
        _finding(0, text, "Jane Doe", "Contact", "PERSON"),
        _finding(0, text, "jane@corp.org", "Email", "EMAIL_ADDRESS"),
        Finding(DataCategory.CONTENT, "FREE_TEXT", "json:$.messages[0].content", 0, 4, 0.5, "test"),
    ]
    conversation = Vault().conversation("k")
    got = pseudonymize_chat(payload, findings, {}, ChatBook.of(conversation, "tags"), restores=True)
    assert _sent(request, payload, dict(got.edits)) == ["I am [PERSON_1], mail [EMAIL_1]. [PERSON_1] says hi."]
    outcome = got.outcome
    assert (outcome.pseudonymized, outcome.new, outcome.again) == (3, 2, 1)  # the second "Jane Doe": known
    assert sorted(e.pseudonym for e in outcome.entries) == ["[EMAIL_1]", "[PERSON_1]"]
    assert len(conversation) == 0  # the operator changed a copy: the proxy adopts what it made
    assert not any(p.startswith("cookie:") for p in got.edits) and "json:$.model" in got.read
    assert "Jane" not in repr(outcome) and "Jane" not in json.dumps(outcome.record("tags", "client"))


def test_a_later_turn_reuses_pseudonyms_even_where_nothing_was_found() -> None:
    conversation = Vault().conversation("k")
    first = "Write to Jane Doe"
    made = pseudonymize_chat(_payload(_chat(first)), [_finding(0, first, "Jane Doe", "Contact", "PERSON")], {},
                             ChatBook.of(conversation, "tags"), restores=True)
    assert conversation.adopt(made.outcome.entries, dict(made.outcome.counters)) == 0
    # The client sends the history back, with the answer restored; the detector misses the name now.
    later = _chat(first, "Sure, Jane Doe will get it.", "Thanks! Also tell Bob Roe.")
    payload = _payload(later)
    findings = [_finding(2, "Thanks! Also tell Bob Roe.", "Bob Roe", "Contact", "PERSON")]
    got = pseudonymize_chat(payload, findings, {}, ChatBook.of(conversation, "tags"), restores=True)
    assert _sent(later, payload, dict(got.edits)) == [
        "Write to [PERSON_1]", "Sure, [PERSON_1] will get it.", "Thanks! Also tell [PERSON_2]."
    ]
    assert [e.pseudonym for e in got.outcome.entries] == ["[PERSON_2]"] and got.outcome.again == 2


def test_an_allowed_request_gets_only_the_known_values_and_only_in_the_users_fields() -> None:
    conversation = Vault().conversation("k")
    conversation.pseudonym("Jane Doe", "PERSON", "tags")
    request = _chat("Jane Doe again, and Bob Roe")
    payload = _payload(request)
    findings = [_finding(0, "Jane Doe again, and Bob Roe", "Bob Roe", "Contact", "PERSON")]
    got = pseudonymize_chat(payload, findings, {}, ChatBook.of(conversation, "tags"), restores=True, known_only=True)
    assert _sent(request, payload, dict(got.edits)) == ["[PERSON_1] again, and Bob Roe"]
    assert got.outcome.entries == () and got.outcome.again == 1
    kinds = {"json:$.messages[0].content": KindLabel(ValueKind.SITE_MACHINERY, "name")}
    assert not pseudonymize_chat(payload, [], kinds, ChatBook.of(conversation, "tags"), restores=True).edits


def test_a_clash_with_another_proxys_turn_keeps_the_mapping_already_there() -> None:
    conversation = Vault().conversation("k")
    book = ChatBook.of(conversation, "tags")
    text = "Tell Bob Roe"
    made = pseudonymize_chat(_payload(_chat(text)), [_finding(0, text, "Bob Roe", "Contact", "PERSON")], {}, book, restores=True)
    conversation.pseudonym("Ann Lee", "PERSON", "tags")  # meanwhile, from another instance's turn
    assert conversation.adopt(made.outcome.entries, dict(made.outcome.counters)) == 1
    assert conversation.restore("[PERSON_1]") == ("Ann Lee", 1)
    assert conversation.pseudonym("Bob Roe", "PERSON", "tags")[0] == "[PERSON_2]"
