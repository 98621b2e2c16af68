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


def test_an_id_keeps_its_syntax_in_either_style_and_comes_back_the_same() -> None:
    import re

    chat_id = "1cb40d44-1328-4c09-99df-5892d688af52"
    body = {"question": "Do the boots run true to size?", "chatId": chat_id, "overrideConfig": {"sessionId": chat_id}}
    request = HttpRequest("POST", "https://flowise.shop.example/api/v1/prediction/x", HEADERS[:1], json.dumps(body).encode())
    payload = _payload(request)
    findings = [Finding(DataCategory.PERSISTENT_ID, "SESSION_ID", path, 0, len(chat_id), 0.85, "test")
                for path in ("json:$.chatId", "json:$.overrideConfig.sessionId")]
    for style in ("tags", "surrogates"):
        conversation = Vault().conversation("k")
        got = pseudonymize_chat(payload, findings, {}, ChatBook.of(conversation, style), restores=True)
        sent = json.loads(encode_request(request, payload, dict(got.edits), max_body_bytes=10**6).body)
        swapped = sent["chatId"]
        # RFC 9562: a v4 UUID stays a v4 UUID of the same variant, lower-case hex, one pseudonym for both fields
        assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", swapped), swapped
        assert swapped != chat_id and sent["overrideConfig"]["sessionId"] == swapped
        assert [(e.pseudonym, e.original) for e in got.outcome.entries] == [(swapped, chat_id)]  # what the answer restores


def test_an_id_in_prose_or_too_short_to_shape_keeps_its_tag() -> None:
    from guardian.vault.surrogates import candidates

    assert candidates("USER_ID", "tags", 1, 7, "u-42", lambda v: False) == "[USER_ID_1]"
    assert candidates("USER_ID", "tags", 1, 7, "my id 8812-7731", lambda v: False) == "[USER_ID_1]"
    shaped = candidates("USER_ID", "tags", 1, 7, "visitor_urf0frugxc", lambda v: False)
    assert shaped.startswith("visitor_") and len(shaped) == len("visitor_urf0frugxc") and shaped != "visitor_urf0frugxc"
