"""The AI-chat addon driven like mitmproxy's own addon tests: prompts pseudonymized, answers restored."""

from __future__ import annotations

import asyncio
import gzip
import json
import time
from typing import Any

import pytest
from mitmproxy import http
from mitmproxy.test import taddons, tflow
from mitmproxy.websocket import WebSocketMessage

from guardian.rules import Rules, parse_rules
from guardian.addon import GuardianAddon
from guardian.addon.guardian import flow_request as _flow_request
from guardian.addon.restore import CONVERSATION_KEY, RESTORE_KEY, ChatRestore
from guardian.anonymize.operators.chat_pseudonym import ChatBook, pseudonymize_chat
from guardian.categories import DataCategory
from guardian.codecs import RequestRewrite, decode_request, encode_request
from guardian.decision_record import DecisionRecord
from guardian.errors import SlowPathNeeded
from guardian.pipeline import Decision
from guardian.records import Basis, Finding, HttpRequest, Purpose, RecipientType, RequestContext, Verdict

PROMPT = "Hi, I am Jane Doe (jane@corp.org). Draft a note to Bob Roe."


class OnePipeline:
    """Transforms every request like the real pipeline would: L3 tags at the findings, or the
    conversation's pseudonyms (the real chat operator) when the proxy gives a conversation."""

    def __init__(
        self, recipient: RecipientType = RecipientType.AI_SERVICE, verdict: Verdict = Verdict.TRANSFORM, rules: Rules | None = None,
        *, slow: bool = False,
    ) -> None:
        self.recipient, self.verdict = recipient, verdict
        self.rules = rules or Rules()
        self.books: list[ChatBook | None] = []
        self.slow = slow  # every decision in the pool, taking a while (as NER does)

    def decide_fast(self, request: HttpRequest, session: object = None, chat: ChatBook | None = None) -> Decision:
        if self.slow:
            raise SlowPathNeeded("detect", "NER")
        return self.decide(request, session, chat)

    def decide(self, request: HttpRequest, session: object = None, chat: ChatBook | None = None) -> Decision:
        if self.slow:
            time.sleep(0.05)
        self.books.append(chat)
        body = json.loads(request.body)
        index = len(body["messages"]) - 1
        text = body["messages"][index]["content"]
        path = f"json:$.messages[{index}].content"
        spans = [(v, c, e) for v, c, e in (("Jane Doe", "Contact", "PERSON"), ("jane@corp.org", "Email", "EMAIL_ADDRESS"),
                                           ("Bob Roe", "Contact", "PERSON")) if v in text]
        findings = [Finding(DataCategory(c), e, path, text.index(v), text.index(v) + len(v), 0.9, "test") for v, c, e in spans]
        context = RequestContext(request.host, request.host, None, "none", self.recipient, "builtin",
                                 (Purpose.FUNCTIONALITY,), ("builtin",), Basis.USER_INITIATED, ())
        record = DecisionRecord("POST", request.host, "/v1/chat/completions", self.verdict, "r", context=context,
                                findings=tuple({"category": f.category.value, "field": path} for f in findings),
                                l_final=3 if self.verdict is Verdict.TRANSFORM else 0)
        restores = chat is not None and (self.recipient is RecipientType.AI_SERVICE or chat.restores
                                         or request.host.endswith(self.rules.restore_answers))
        if self.verdict is not Verdict.TRANSFORM or not findings:
            return Decision(self.verdict, record, "r")
        if chat is not None and (restores or chat.all_flows):
            payload = decode_request(request, max_body_bytes=10**6)
            pseudonyms = pseudonymize_chat(payload, findings, {}, chat, restores=restores)
            rewrite = encode_request(request, payload, dict(pseudonyms.edits), max_body_bytes=10**6)
            record = record.evolve(extra={"pseudonyms": pseudonyms.outcome.record(chat.style, chat.source)})
            return Decision(self.verdict, record, "r", rewrite, chat=pseudonyms.outcome)
        for v, c, _ in spans:
            text = text.replace(v, "[PERSON]" if c == "Contact" else "[EMAIL]")
        body["messages"][index]["content"] = text
        return Decision(self.verdict, record, "r", RequestRewrite(request.url, json.dumps(body).encode()))


def _flow(host: str = "api.openai.com", prompt: str = PROMPT) -> Any:
    flow = tflow.tflow()
    flow.request.method = "POST"
    flow.request.host = host
    flow.request.path = "/v1/chat/completions"
    flow.request.headers["Content-Type"] = "application/json"
    flow.request.headers["Authorization"] = "Bearer sk-unit"
    flow.request.content = json.dumps({"model": "m", "messages": [{"role": "user", "content": prompt}]}).encode()
    return flow


def _addons(pipeline: OnePipeline | None = None) -> tuple[GuardianAddon, ChatRestore]:
    guardian = GuardianAddon(pipeline or OnePipeline())
    return guardian, ChatRestore(guardian)


def _sent(flow: Any) -> str:
    return json.loads(flow.request.content)["messages"][-1]["content"]


def test_prompt_pseudonymized_and_json_answer_restored_with_its_encoding() -> None:
    guardian, restore = _addons()
    with taddons.context(guardian, restore):
        flow = _flow()
        asyncio.run(guardian.request(flow))
        assert _sent(flow) == "Hi, I am [PERSON_1] ([EMAIL_1]). Draft a note to [PERSON_2]."
        record = flow.metadata["guardian"]
        assert record["pseudonyms"]["pseudonymized"] == 3 and record["pseudonyms"]["new"] == 3
        assert "Jane" not in json.dumps(record)
        answer = {"choices": [{"message": {"role": "assistant", "content": "Dear [PERSON_2], [PERSON_1] writes."}}]}
        flow.response = http.Response.make(200, b"", {"Content-Type": "application/json", "Content-Encoding": "gzip"})
        flow.response.raw_content = gzip.compress(json.dumps(answer).encode())
        restore.response(flow)
        assert flow.response.headers["content-encoding"] == "gzip"
        assert int(flow.response.headers["content-length"]) == len(flow.response.raw_content)
        got = json.loads(gzip.decompress(flow.response.raw_content))
        assert got["choices"][0]["message"]["content"] == "Dear Bob Roe, Jane Doe writes."
        assert flow.metadata[RESTORE_KEY]["restored"] == 2


def test_a_later_flow_of_the_conversation_gets_the_same_pseudonyms() -> None:
    guardian, restore = _addons()
    with taddons.context(guardian, restore):
        first, second = _flow(), _flow(prompt="Tell Bob Roe and Jane Doe again.")
        asyncio.run(guardian.request(first))
        asyncio.run(guardian.request(second))
        assert _sent(second) == "Tell [PERSON_2] and [PERSON_1] again."
        assert first.metadata[CONVERSATION_KEY] == second.metadata[CONVERSATION_KEY]


def test_event_stream_is_restored_chunk_by_chunk_and_stays_a_stream() -> None:
    guardian, restore = _addons()
    with taddons.context(guardian, restore):
        flow = _flow()
        asyncio.run(guardian.request(flow))
        flow.response = http.Response.make(200, b"", {"Content-Type": "text/event-stream", "Content-Length": "999"})
        restore.responseheaders(flow)
        hook = flow.response.stream
        assert callable(hook) and "content-length" not in flow.response.headers
        assert flow.response.headers["transfer-encoding"] == "chunked"
        pieces = ["Dear [PERS", "ON_2], from [PERSON_1]."]
        stream = b"".join(b"data: " + json.dumps({"choices": [{"index": 0, "delta": {"content": p}}]}).encode() + b"\n\n" for p in pieces)
        out = hook(stream[:17]) + hook(stream[17:]) + hook(b"")
        text = "".join(json.loads(line[6:])["choices"][0]["delta"]["content"]
                       for line in b"".join(out).split(b"\n\n") if line.startswith(b"data: "))
        assert text == "Dear Bob Roe, from Jane Doe." and all(out)


def test_monitor_mode_changes_nothing() -> None:
    guardian, restore = _addons()
    with taddons.context(guardian, restore) as tctx:
        tctx.configure(guardian, guardian_mode="monitor")
        flow = _flow()
        before = flow.request.content
        asyncio.run(guardian.request(flow))
        assert flow.request.content == before and CONVERSATION_KEY not in flow.metadata
        flow.response = http.Response.make(200, b'{"a": "[PERSON_1]"}', {"Content-Type": "application/json"})
        restore.response(flow)
        assert flow.response.content == b'{"a": "[PERSON_1]"}'


@pytest.mark.parametrize("option,rule,restored", [(None, None, False), ("shop.example", None, True), (None, "shop.example", True)])
def test_other_recipients_are_restored_only_when_asked(option: str | None, rule: str | None, restored: bool) -> None:
    rules = parse_rules(f"version: 1\nrestore_answers: [{rule}]\n") if rule else None
    guardian, restore = _addons(OnePipeline(RecipientType.FIRST_PARTY, rules=rules))
    with taddons.context(guardian, restore) as tctx:
        tctx.configure(restore, guardian_pseudonyms_all=True, guardian_restore_hosts=option)
        flow, again = _flow("api.shop.example"), _flow("api.shop.example")
        asyncio.run(guardian.request(flow))
        asyncio.run(guardian.request(again))
        assert _sent(flow) == _sent(again) == "Hi, I am [PERSON_1] ([EMAIL_1]). Draft a note to [PERSON_2]."  # one pseudonym per value
        flow.response = http.Response.make(200, b'{"a": "[PERSON_1]"}', {"Content-Type": "application/json"})
        restore.response(flow)
        assert (flow.response.content == b'{"a": "Jane Doe"}') is restored


def test_websocket_messages_are_pseudonymized_and_answers_restored() -> None:
    from guardian.addon.websocket import WebSocketGuard

    guardian, restore = _addons()
    guard = WebSocketGuard(guardian)
    with taddons.context(guardian, restore, guard):
        flow = tflow.twebsocketflow(messages=False)
        flow.request.host = "api.openai.com"
        flow.request.path = "/v1/chat/completions"
        flow.websocket.messages.append(WebSocketMessage(1, True, _flow().request.content))
        asyncio.run(guard.websocket_message(flow))
        assert "[PERSON_1]" in flow.websocket.messages[-1].text and "Jane" not in flow.websocket.messages[-1].text
        flow.websocket.messages.append(WebSocketMessage(1, False, b'{"text": "Hello [PERSON_1]"}'))
        restore.websocket_message(flow)
        assert flow.websocket.messages[-1].content == b'{"text": "Hello Jane Doe"}'


def test_bad_options_fail_at_start() -> None:
    from mitmproxy import exceptions

    guardian, restore = _addons()
    with taddons.context(guardian, restore) as tctx:
        with pytest.raises(exceptions.OptionsError, match="guardian_vault_ttl"):
            tctx.configure(restore, guardian_vault_ttl="soon")


class SharedStoreInMemory:
    """A shared vault store (another proxy writes to it too) that notes the thread of every read."""

    shared = True

    def __init__(self) -> None:
        self.read_threads: list[int] = []

    def pull(self, alias: str, since: float) -> None:
        import threading

        self.read_threads.append(threading.get_ident())
        return None

    def load(self, now: float, ttl: float) -> Any:
        from guardian.vault.memory import LoadedVault

        return LoadedVault({}, {})

    def save_entry(self, *args: Any) -> None: ...

    def save_alias(self, *args: Any) -> None: ...

    def touch(self, *args: Any) -> None: ...

    def forget(self, *args: Any) -> None: ...

    def clear(self) -> None: ...

    def close(self) -> None: ...


def test_a_shared_vault_is_read_in_a_thread_not_on_the_event_loop() -> None:
    import threading

    from guardian.vault.memory import Vault

    guardian, restore = _addons()
    store = SharedStoreInMemory()
    with taddons.context(guardian, restore):
        restore.vault = Vault(store=store)
        first, second = _flow(), _flow(prompt="Tell Bob Roe and Jane Doe again.")
        asyncio.run(guardian.request(first))
        asyncio.run(guardian.request(second))
        assert _sent(second) == "Tell [PERSON_2] and [PERSON_1] again."
    assert len(store.read_threads) == 2  # once per turn, not twice
    assert threading.get_ident() not in store.read_threads  # asyncio.run's loop runs in this thread


def test_a_request_to_another_recipient_gets_no_conversation_and_its_record_stays_packed() -> None:
    from guardian._wire import received, sent
    from guardian.session import NO_CHANGES

    guardian, restore = _addons(OnePipeline(RecipientType.ANALYTICS, Verdict.ALLOW))
    with taddons.context(guardian, restore):
        flow = _flow(host="collector.example")
        flow.request.path = "/collect"
        # an event, not a chat model's request (whose body alone would make it a model API's)
        flow.request.content = json.dumps({"event": "page_view", "messages": [{"role": "visitor", "content": PROMPT}]}).encode()
        asyncio.run(guardian.request(flow))
        assert guardian.pipeline.books == [None] and CONVERSATION_KEY not in flow.metadata
        got = received(sent(guardian.pipeline.decide(_flow_request(flow))), NO_CHANGES)  # as the decision process's reply arrives
        restore.settle(flow, None, got)  # type: ignore[arg-type]
        assert "record" not in got.__dict__  # most flows never pay for unpacking it


def test_a_chat_models_request_on_an_unlisted_host_gets_a_conversation() -> None:
    # Cohere's /v2/chat, Ollama's /api/chat: no list names them, the body says a model is asked
    guardian, restore = _addons()
    with taddons.context(guardian, restore):
        flow = _flow(host="api.chat-models.example")
        flow.request.path = "/v2/chat"
        asyncio.run(guardian.request(flow))
        assert guardian.pipeline.books != [None] and CONVERSATION_KEY in flow.metadata


def test_turns_of_one_conversation_are_decided_one_after_the_other() -> None:
    """Two turns at once would both make the next pseudonym for different values: the second
    waits for the first's decision, and gets a book that knows what the first made."""
    guardian, restore = _addons(OnePipeline(slow=True))
    with taddons.context(guardian, restore):
        first, second = _flow(prompt="Call Jane Doe."), _flow(prompt="Call Bob Roe.")

        async def both() -> None:
            await asyncio.gather(guardian.request(first), guardian.request(second))

        asyncio.run(both())
        assert {_sent(first), _sent(second)} == {"Call [PERSON_1].", "Call [PERSON_2]."}
        later = guardian.pipeline.books[1]
        assert later is not None and len(later.entries) == 1  # made after the first turn was kept
        assert not restore._turns  # every turn ended
        flow = first if _sent(first) == "Call [PERSON_1]." else second
        flow.response = http.Response.make(200, b'{"a": "[PERSON_1] and [PERSON_2]"}', {"Content-Type": "application/json"})
        restore.response(flow)
        assert flow.response.content in (b'{"a": "Jane Doe and Bob Roe"}', b'{"a": "Bob Roe and Jane Doe"}')


def test_what_a_host_may_be_is_remembered_until_the_rules_or_the_options_change() -> None:
    guardian, restore = _addons(OnePipeline(RecipientType.FIRST_PARTY))
    with taddons.context(guardian, restore) as tctx:
        api = HttpRequest("POST", "https://llm.shop.example/v1/chat/completions")
        page = HttpRequest("POST", "https://llm.shop.example/api/cart")
        assert restore._may_restore(api) and not restore._may_restore(page)  # a model endpoint, on any host
        assert restore._hosts == {"llm.shop.example": False}
        guardian.engine.pipeline = OnePipeline(RecipientType.FIRST_PARTY, rules=parse_rules("version: 1\nrestore_answers: [shop.example]\n"))
        assert restore._may_restore(page)  # new rules: the host is asked again
        guardian.engine.pipeline = OnePipeline(RecipientType.FIRST_PARTY)
        assert not restore._may_restore(page)
        tctx.configure(restore, guardian_restore_hosts="llm.shop.example")
        assert restore._may_restore(page)  # new options too
