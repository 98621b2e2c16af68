"""AI chats that still work: consistent pseudonyms in prompts, the originals back in the answers.

    request   conversation (vault) ──`begin`: a copy (ChatBook)──> decision: the pipeline's chat
              operator puts its pseudonyms at the findings and at values the conversation knows
              (guardian/anonymize/operators/chat_pseudonym.py) ──`settle`──> its new values kept
    answer    JSON / text body (`response`), a stream chunk by chunk (`responseheaders` sets
              `flow.response.stream` to a restorer: server-sent events, Gemini's streamed JSON
              array, NDJSON), WebSocket server messages ──> originals back

The conversation of a flow is `flow.metadata["guardian_conversation"]` (an opaque id). Only AI
services' answers are restored, and the hosts of `guardian_restore_hosts` and of the rules'
`restore_answers`; monitor mode changes
nothing. Counts, never values, go to the request's record (`pseudonyms`) and to one audit line
per restored answer (`"event": "restore"`), which `guardian report` sums per service.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from mitmproxy import exceptions, http

from guardian.addon.shared import ChatTurn, ChatView
from guardian.addon.offload import ANSWER_MARGIN_S
from guardian.addon.streaming import is_event_stream
from guardian.addon.users import user_key
from guardian.anonymize.operators.chat_pseudonym import ChatBook
from guardian.context.ai_services import is_ai_api_path, is_ai_host, is_chat_body
from guardian.decider import Decided
from guardian.decision_record import now_iso
from guardian.errors import GuardianError
from guardian.records import HttpRequest, RecipientType, Verdict
from guardian.rules import Rules, domain_matches
from guardian.settings import declare_options
from guardian.store.gate import off_loop
from guardian.vault.conversation import answer_ids, client_identity, conversation_key, id_key
from guardian.store.vault import VaultDB, open_vault
from guardian.vault.jsonstream import JsonStreamRestorer, restore_json_answer
from guardian.vault.options import VAULT_OPTIONS, VaultOptions
from guardian.vault.sse import Decompressor, StreamRestorer
from guardian.vault.memory import Conversation, Vault, json_escape

__all__ = ["ChatRestore", "CONVERSATION_KEY", "RESTORE_KEY", "RESTORABLE_TYPES"]

log = logging.getLogger("guardian")

HOSTS_REMEMBERED = 4096  # hosts whose `_host_may_restore` is kept (all of them forgotten when full)
CONVERSATION_KEY = "guardian_conversation"  # flow.metadata: the conversation whose answers are restored
RESTORE_KEY = "guardian_restore"  # flow.metadata: what restoring did (counts)
RESTORABLE_TYPES = ("application/json", "application/x-ndjson", "text/plain", "text/markdown")
MAX_ANSWER_JSON_BYTES = 4 * 1024 * 1024  # a JSON answer is read as JSON up to this size (larger: as text)
# JSON answers that arrive piece by piece: restored as they come, not buffered to the end.
JSON_STREAM_TYPES = ("application/x-ndjson", "application/jsonl", "application/json-seq")
JSON_STREAM_PATHS = (":streamGenerateContent",)  # Gemini without ?alt=sse: one array, streamed


def _media_type(headers: Any) -> str:
    return headers.get("content-type", "").split(";")[0].strip().lower()


def _is_json_type(media: str) -> bool:
    return media.endswith("json") or media.endswith("+json")


def _streams_json(flow: http.HTTPFlow, media: str) -> bool:
    """A JSON answer that comes piece by piece (NDJSON, Gemini's streamed array)."""
    if media in JSON_STREAM_TYPES:
        return True
    return _is_json_type(media) and any(p in flow.request.path.split("?")[0] for p in JSON_STREAM_PATHS)


Restorer = StreamRestorer | JsonStreamRestorer


class _StreamHook:
    """`flow.response.stream` for one streamed answer: decode, restore, send on; report at the end.

    The restorers never raise on what a service sends; should one fail all the same (a bug, a
    corrupt compressed stream), the answer goes on as the service sent it (decoded, since the
    Content-Encoding header is gone), and the error is logged by type only, never with data."""

    def __init__(self, restorer: Restorer, decoder: Decompressor | None, on_end: Callable[[Restorer, float], None]) -> None:
        self.restorer = restorer
        self.decoder = decoder
        self.on_end = on_end
        self.max_chunk_ms = 0.0
        self.done = False
        self.failed = False

    def __call__(self, chunk: bytes) -> list[bytes]:
        if self.failed:
            return self._as_sent(chunk)
        if chunk == b"":  # the end of the stream
            return self._end()
        t = time.perf_counter()
        try:
            data = self.decoder.feed(chunk) if self.decoder is not None else chunk
        except Exception as e:  # noqa: BLE001 - a corrupt compressed stream
            return self._fail(e, chunk)
        try:
            out = self.restorer.feed(data) if data else []
        except Exception as e:  # noqa: BLE001 - never into mitmproxy: the stream must go on
            return self._fail(e, data, decoded=True)
        self.max_chunk_ms = max(self.max_chunk_ms, (time.perf_counter() - t) * 1000)
        return [c for c in out if c]  # never an empty chunk: chunked encoding would read it as the end

    def _end(self) -> list[bytes]:
        if self.done:
            return []
        self.done = True
        try:
            out = self.restorer.finish()
        except Exception as e:  # noqa: BLE001
            return self._fail(e, b"", decoded=True)
        self.on_end(self.restorer, self.max_chunk_ms)
        return [c for c in out if c]

    def _fail(self, error: Exception, data: bytes, *, decoded: bool = False) -> list[bytes]:
        """From here on the answer passes as sent: what the restorer held first, then this chunk."""
        log.error("guardian: restoring a streamed answer failed (%s); the rest passes as sent", type(error).__name__)
        self.failed = True
        try:
            held = [c for c in self.restorer.finish() if c]
        except Exception:  # noqa: BLE001 - the restorer itself failed: what it held is lost
            held = []
        if not decoded:
            self.decoder = None  # its bytes are not readable: they go on as they came
        return held + ([data] if data else [])

    def _as_sent(self, chunk: bytes) -> list[bytes]:
        if chunk and self.decoder is not None:
            try:
                chunk = self.decoder.feed(chunk)
            except Exception:  # noqa: BLE001 - a corrupt stream: its bytes, as they came
                self.decoder = None
        return [chunk] if chunk else []


class _Turn:
    """One request's place in a conversation while it is decided (`ChatRestore.begin`)."""

    def __init__(self, turns: dict[str, asyncio.Future[None]], conversation: Conversation, book: ChatBook, *, queued: bool) -> None:
        self._turns = turns
        self.conversation = conversation
        self.book = book
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if queued:  # the next turn of the conversation waits for this one
            turns[conversation.id] = self.done

    def end(self) -> None:
        """The next turn of the conversation may be decided."""
        if not self.done.done():
            self.done.set_result(None)
        if self._turns.get(self.conversation.id) is self.done:
            del self._turns[self.conversation.id]


class ChatRestore:
    """Consistent pseudonyms for AI-service prompts and the originals restored in their answers."""

    def __init__(self, engine: ChatView) -> None:
        self.engine = engine  # mode, settings, rules, the audit log; where the turns are registered
        self.options = VaultOptions()
        self.vault: Vault | None = Vault()  # in memory until `configure` reads the options
        self._turns: dict[str, asyncio.Future[None]] = {}  # conversation id -> its turn being decided
        self._hosts: dict[str, bool] = {}  # host -> `_host_may_restore`, for `_hosts_for`
        self._hosts_for: tuple[VaultOptions, Rules | None] | None = None
        engine.use_chat(self)

    # -- options -------------------------------------------------------------------------------

    def load(self, loader: Any) -> None:
        declare_options(loader, VAULT_OPTIONS)

    def configure(self, updated: set[str]) -> None:
        from mitmproxy import ctx

        if not set(VAULT_OPTIONS) & updated:
            return
        try:
            options = VaultOptions.from_options(ctx.options)
        except GuardianError as e:
            raise exceptions.OptionsError(str(e)) from e
        old = self.options
        if (options.path, options.ttl, options.max_entries, options.store) != (old.path, old.ttl, old.max_entries, old.store):
            self._open(options)
        self.options = options

    def _open(self, options: VaultOptions) -> None:
        if self.vault is not None:
            self.vault.close()
        if options.path is None:
            self.vault = Vault(ttl=options.ttl, max_entries=options.max_entries)
            return
        try:
            self.vault, problem = open_vault(
                options.path, options.path.with_name("vault.key"), ttl=options.ttl, max_entries=options.max_entries,
                store=options.store,
            )
        except (GuardianError, OSError) as e:
            raise exceptions.OptionsError(f"guardian_vault={str(options.path)!r}: {e}") from e
        if problem:
            log.error("guardian: vault: %s", problem)
        where = self.vault.store.where if isinstance(self.vault.store, VaultDB) else options.path  # never the password
        log.info("guardian: vault %s: %d conversations, %d values", where, self.vault.conversations, len(self.vault))

    def done(self) -> None:
        if self.vault is not None:
            self.vault.close()

    # -- a request's turn ----------------------------------------------------------------------

    def _may_restore(self, request: HttpRequest) -> bool:
        """Whether the request may be a chat turn: the pipeline decides (an AI service, a host the
        options or rules name, any transform with `guardian_pseudonyms_all`), this only spares
        every other request a conversation."""
        options = self.options
        if options.all_flows:
            return True
        rules = self.engine.rules
        kept_for = self._hosts_for
        if kept_for is None or kept_for[0] is not options or kept_for[1] is not rules:  # asked again with new ones
            self._hosts.clear()
            self._hosts_for = (options, rules)
        host = request.host
        by_host = self._hosts.get(host)
        if by_host is None:
            if len(self._hosts) >= HOSTS_REMEMBERED:
                self._hosts.clear()
            by_host = self._hosts[host] = self._host_may_restore(host, rules)
        return by_host or is_ai_api_path(request.url_path) or is_chat_body(request)

    def _host_may_restore(self, host: str, rules: Rules | None) -> bool:
        """The host's part of `_may_restore`, the same for every request to it: an AI service's
        domain, a host the options name, or (in a rules file) `restore_answers` or a recipient."""
        if self.options.restores_host(host) or is_ai_host(host):
            return True
        if rules is None:
            return False
        rule = rules.override_for(host)
        if rule is not None and rule.recipient is RecipientType.AI_SERVICE:
            return True
        return any(domain_matches(host, d) for d in rules.restore_answers)

    async def begin(self, flow: http.HTTPFlow, request: HttpRequest) -> _Turn | None:
        """The conversation of a request that may be a chat turn, as a book for the pipeline's chat
        operator; None for the others. A shared vault is read in a thread (a slow database must
        not hold up every other flow). The turns of one conversation are decided one after the
        other: two at once would both make its next pseudonym, for different values."""
        vault, options = self.vault, self.options
        if vault is None or options.style == "off" or self.engine.mode != "enforce":
            return None
        if not self._may_restore(request):
            return None
        address = flow.client_conn.peername[0] if flow.client_conn and flow.client_conn.peername else ""
        user = user_key(flow, self.engine.settings.users)
        key = conversation_key(request, client_identity(request.headers, str(address)), options.window, user)
        if vault.shared:
            await off_loop(vault.refresh, key.key)  # a read with a deadline, on the store's threads
        conversation = vault.conversation(key.key, window=key.window, refreshed=vault.shared)
        if request.body:  # a prompt; a page's assets and reads (no body) do not queue behind it
            await self._after_earlier_turns(conversation.id)
        turn = _Turn(self._turns, conversation, ChatBook.of(
            conversation, options.style, source=key.source, restores=options.restores_host(request.host),
            all_flows=options.all_flows,
        ), queued=bool(request.body))
        return turn

    async def _after_earlier_turns(self, cid: str) -> None:
        """Wait until no other turn of conversation `cid` is being decided (at most a decision's
        timeout each: a turn stuck longer loses its place, and a clash is logged at `settle`)."""
        while (earlier := self._turns.get(cid)) is not None and not earlier.done():
            try:
                await asyncio.wait_for(asyncio.shield(earlier), self.engine.timeout + ANSWER_MARGIN_S)
            except (asyncio.TimeoutError, TimeoutError):
                return

    def settle(self, flow: http.HTTPFlow, turn: ChatTurn, decision: Decided) -> None:
        """After the decision: the values the chat operator made join the conversation (kept in the
        vault's store), and the flow's answer is restored from it."""
        outcome = decision.chat
        if outcome is None or not isinstance(turn, _Turn) or decision.verdict is Verdict.DENY:
            return
        conversation = turn.conversation
        if outcome.entries:
            clashes = conversation.adopt(outcome.entries, dict(outcome.counters))
            if clashes:  # another instance gave these values or pseudonyms meanwhile (a shared vault)
                log.warning("guardian: %d new pseudonyms of a conversation clashed with another proxy's", clashes)
        if outcome.restores and self.options.restore:
            flow.metadata[CONVERSATION_KEY] = conversation.id

    # -- answers -------------------------------------------------------------------------------

    def _conversation(self, flow: http.HTTPFlow) -> Conversation | None:
        cid = flow.metadata.get(CONVERSATION_KEY)
        if cid is None or self.vault is None or not self.options.restore or self.engine.mode != "enforce":
            return None
        return self.vault.find(cid)

    def _learn(self, flow: http.HTTPFlow, conversation: Conversation) -> Callable[[Any], None]:
        """Links the ids an answer hands out (for the next turn) to this flow's conversation."""
        vault, host = self.vault, flow.request.host

        def learn(obj: Any) -> None:
            if vault is not None:
                for value in answer_ids(obj):
                    vault.link(id_key(host, value), conversation.id)

        return learn

    def responseheaders(self, flow: http.HTTPFlow) -> None:
        if flow.response is None or flow.error or callable(flow.response.stream):
            return
        if CONVERSATION_KEY not in flow.metadata:  # no chat turn (most flows): no header to read
            return
        media = _media_type(flow.response.headers)
        sse = is_event_stream(flow.response)
        if not sse and not _streams_json(flow, media):
            return
        conversation = self._conversation(flow)
        if conversation is None:
            return
        headers = flow.response.headers
        coding = headers.get("content-encoding", "").strip().lower()
        decoder = None
        if coding not in ("", "identity"):
            if coding not in Decompressor.SUPPORTED:
                flow.metadata[RESTORE_KEY] = {"skipped": f"content-encoding {coding}"}
                return
            decoder = Decompressor(coding)
            del headers["content-encoding"]  # the client gets the restored stream as identity
        if "content-length" in headers:  # the restored stream has another length
            del headers["content-length"]
            if flow.response.http_version.startswith("HTTP/1"):
                headers["transfer-encoding"] = "chunked"
        make = StreamRestorer if sse else JsonStreamRestorer
        restorer = make(conversation, on_answer=self._learn(flow, conversation))
        protocol = "sse" if sse else "json-stream"
        flow.response.stream = _StreamHook(
            restorer, decoder, lambda r, ms: self._report(flow, r.restored, protocol, max_chunk_ms=round(ms, 3), held_max=r.held_max)
        )
        flow.metadata["guardian_stream"] = f"response:{media}"

    def response(self, flow: http.HTTPFlow) -> None:
        if flow.response is None or flow.error or flow.response.stream:
            return
        conversation = self._conversation(flow)
        if conversation is None:
            return
        media = _media_type(flow.response.headers)
        is_json = _is_json_type(media)
        if media not in RESTORABLE_TYPES and not is_json:
            return
        try:
            text = flow.response.get_text(strict=True)
        except ValueError:  # an encoding mitmproxy cannot decode: leave it as it is
            return
        if not text:
            return
        restored, count = self._restore_text(text, conversation, is_json, self._learn(flow, conversation))
        if count:
            flow.response.text = restored  # re-encoded in its Content-Encoding, Content-Length fixed
        self._report(flow, count, "http")

    def websocket_message(self, flow: http.HTTPFlow) -> None:
        if flow.websocket is None or not flow.websocket.messages:
            return
        message = flow.websocket.messages[-1]
        if message.from_client or not message.is_text or message.dropped:
            return
        conversation = self._conversation(flow)
        if conversation is None:
            return
        text = message.text
        restored, count = self._restore_text(text, conversation, text.lstrip()[:1] in ("{", "["), None)
        if count:
            message.text = restored
            self._report(flow, count, "websocket")

    @staticmethod
    def _restore_text(text: str, conversation: Conversation, is_json: bool, learn: Callable[[Any], None] | None) -> tuple[str, int]:
        """A whole answer restored: JSON token by token (valid after, `arguments` included), else as text."""
        if is_json and len(text) <= MAX_ANSWER_JSON_BYTES:
            return restore_json_answer(text, conversation, on_answer=learn)
        return conversation.restore(text, escape=json_escape if is_json else None)

    def _report(self, flow: http.HTTPFlow, count: int, protocol: str, **extra: Any) -> None:
        """Counts on the flow and, when something was restored, one audit line; never a value."""
        info = {"restored": count, "protocol": protocol, **extra}
        previous = flow.metadata.get(RESTORE_KEY)
        if isinstance(previous, dict) and protocol == "websocket":
            info["restored"] = count + int(previous.get("restored", 0))
        flow.metadata[RESTORE_KEY] = info
        if count:
            self.engine.record_event(
                {"v": 1, "ts": now_iso(), "event": "restore", "id": flow.id, "host": flow.request.host, **info, "restored": count}
            )
