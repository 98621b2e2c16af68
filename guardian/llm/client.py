"""One async client for every LLM role (System 2, L4, L5, attacker) over the `openai` package.

`LLMClient.complete_json` asks for strict JSON (streamed, so a caller that gives up stops the
server's generation), reads it tolerantly, retries once with a repair message, clamps numbers
to the schema, caches answers by (role, model, prompt), bounds the time and the calls in flight,
and turns every failure into an `LLMError`. It never hangs: the whole call, retry and queueing
included, ends by its deadline.

`SyncLLM` runs the async client on one private event-loop thread, for the synchronous
pipeline (which runs in the addon's worker threads).
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import json
import logging
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

import httpx

from guardian.errors import ConfigError, LLMBadResponse, LLMError, LLMTimeout, LLMUnavailable
from guardian.llm.jsonparse import SchemaMismatch, conform, extract_json
from guardian.llm.settings import LLMSettings, RoleEndpoint

__all__ = ["LLMClient", "SyncLLM", "Message"]

log = logging.getLogger(__name__)

Message = dict[str, str]

_REPAIR = (
    "Your previous answer was not the JSON asked for ({problem}). Answer again with one JSON "
    "value only, no prose and no code fences."
)
_PROBE_TIMEOUT = 5.0  # llama-cpp-python answers GET /models only between generations


def _openai() -> Any:
    try:
        import openai
    except ImportError as e:  # pragma: no cover - a dependency, but say clearly what is missing
        raise ConfigError("the LLM client needs the 'openai' package (pip install 'openai>=2,<3')") from e
    return openai


class LLMClient:
    """Async, JSON-only client; one instance is shared by every role and every flow."""

    def __init__(self, settings: LLMSettings) -> None:
        self.settings = settings
        self.stats: Counter[str] = Counter()
        self._cache: OrderedDict[str, Any] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._clients: dict[tuple[int, str, str], Any] = {}
        self._semaphores: dict[int, asyncio.Semaphore] = {}
        self._formats: dict[str, str] = {}  # base URL -> json_object | json_schema | none

    # -- public ------------------------------------------------------------------------------

    async def complete_json(
        self,
        role: str,
        messages: Sequence[Message],
        schema: dict[str, Any],
        *,
        timeout: float | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
        use_cache: bool = True,
        coerce: Callable[[Any], Any] | None = None,
        background: bool = False,
    ) -> Any:
        """The model's JSON answer to `messages`, conformed to `schema`; raises an LLMError.

        `coerce` reshapes a near miss (a lone object where a wrapper was asked for) before the check.
        `background`: no flow waits for the call, so it may take `background_timeout`.
        """
        endpoint = self.settings.endpoint(role)
        limit = self.settings.limit(timeout, background=background)
        if limit <= 0:
            raise LLMTimeout(role, "no time left for the call")
        key = self._cache_key(role, endpoint.model, messages, schema)
        if use_cache:
            hit = self._cache_get(key)
            if hit is not None:
                self.stats["cache_hits"] += 1
                return hit
        try:
            answer = await asyncio.wait_for(
                self._call_with_retry(role, endpoint, list(messages), schema, max_tokens, temperature, limit, coerce),
                timeout=limit,
            )
        except (asyncio.TimeoutError, TimeoutError):
            self.stats["timeouts"] += 1
            raise LLMTimeout(role, f"no answer within {limit:g}s") from None
        if use_cache:
            self._cache_put(key, answer)
        return copy.deepcopy(answer)

    async def aclose(self) -> None:
        for client in list(self._clients.values()):
            try:
                await client.close()
            except Exception:  # noqa: BLE001 - closing is best effort
                pass
        self._clients.clear()

    # -- one call ------------------------------------------------------------------------------

    async def _call_with_retry(
        self,
        role: str,
        endpoint: RoleEndpoint,
        messages: list[Message],
        schema: dict[str, Any],
        max_tokens: int,
        temperature: float,
        limit: float,
        coerce: Callable[[Any], Any] | None = None,
    ) -> Any:
        async with self._semaphore():
            problem = ""
            for attempt in range(2):  # the answer, then one bounded repair retry
                if attempt:
                    self.stats["retries"] += 1
                    messages = messages + [{"role": "user", "content": _REPAIR.format(problem=problem)}]
                text = await self._chat(role, endpoint, messages, schema, max_tokens, temperature, limit)
                try:
                    value = extract_json(text)
                    return conform(coerce(value) if coerce else value, schema)
                except (ValueError, SchemaMismatch) as e:
                    problem = str(e)[:120]
                    messages = messages + [{"role": "assistant", "content": text[:2000]}]
            self.stats["bad_responses"] += 1
            raise LLMBadResponse(role, f"no usable JSON after one retry ({problem})")

    async def _chat(
        self,
        role: str,
        endpoint: RoleEndpoint,
        messages: list[Message],
        schema: dict[str, Any],
        max_tokens: int,
        temperature: float,
        limit: float,
    ) -> str:
        openai = _openai()
        client = self._client(endpoint, limit)
        fmt = await self._format_for(endpoint)
        for switch in range(2):
            kwargs: dict[str, Any] = {}
            if fmt == "json_object":
                kwargs["response_format"] = {"type": "json_object", "schema": schema}
            elif fmt == "json_schema":
                kwargs["response_format"] = {
                    "type": "json_schema",
                    "json_schema": {"name": f"guardian_{role}", "schema": schema},
                }
            if self.settings.stream:
                kwargs["stream"] = True
            self.stats["calls"] += 1
            try:
                response = await client.chat.completions.create(
                    model=endpoint.model,
                    messages=messages,
                    max_tokens=max_tokens,
                    temperature=temperature,
                    timeout=limit,
                    **kwargs,
                )
                if self.settings.stream:
                    return await _collect(response)
            except openai.APITimeoutError:
                raise LLMTimeout(role, f"no answer within {limit:g}s") from None
            except openai.APIConnectionError as e:
                self.stats["unavailable"] += 1
                raise LLMUnavailable(role, f"cannot reach {endpoint.base_url} ({type(e).__name__})") from None
            except openai.APIStatusError as e:
                # An endpoint that rejects this way of asking for JSON (llama-cpp-python answers
                # 500 to json_schema) is asked by prompt only from then on.
                auto = self.settings.response_format == "auto"
                if auto and switch == 0 and e.status_code in (400, 422, 500) and fmt != "none":
                    fmt = "none"
                    self._formats[endpoint.base_url] = fmt
                    log.info("llm: %s rejected the response format; asking by prompt only", endpoint.base_url)
                    continue
                self.stats["unavailable"] += 1
                raise LLMUnavailable(role, f"{endpoint.base_url} answered HTTP {e.status_code}") from None
            except openai.OpenAIError as e:
                raise LLMUnavailable(role, f"{type(e).__name__}") from None
            except httpx.HTTPError as e:  # a stream cut off half way
                self.stats["unavailable"] += 1
                raise LLMUnavailable(role, f"the answer from {endpoint.base_url} broke off ({type(e).__name__})") from None
            try:
                content = response.choices[0].message.content
            except (AttributeError, IndexError, TypeError):
                content = None
            return content if isinstance(content, str) else ""
        raise LLMUnavailable(role, "the endpoint rejected both ways of asking for JSON")  # pragma: no cover

    async def _format_for(self, endpoint: RoleEndpoint) -> str:
        """The configured format, or for `auto` the one the endpoint's server understands."""
        chosen = self.settings.response_format
        if chosen != "auto":
            return chosen
        known = self._formats.get(endpoint.base_url)
        if known:
            return known
        fmt = "none"  # the endpoint is busy or down: prompt only works everywhere; probe again later
        try:
            models = await self._client(endpoint, _PROBE_TIMEOUT).models.list(timeout=_PROBE_TIMEOUT)
            owners = {getattr(m, "owned_by", "") for m in getattr(models, "data", [])}
            # llama-cpp-python's server lists its models as owned by "me". It takes json_object +
            # schema, but enforces it by grammar over the whole vocabulary (151k for Qwen): measured
            # here 2.4 s per token against 0.2 s unconstrained. So auto asks it by prompt only and
            # relies on the tolerant parse and the retry; set json_object to force the grammar.
            fmt = "none" if "me" in owners else "json_schema"
            self._formats[endpoint.base_url] = fmt
        except Exception:  # noqa: BLE001 - a failed probe only leaves the choice open
            pass
        return fmt

    # -- plumbing ------------------------------------------------------------------------------

    def _client(self, endpoint: RoleEndpoint, limit: float) -> Any:
        loop_id = id(asyncio.get_running_loop())
        key = (loop_id, endpoint.base_url, endpoint.api_key)
        client = self._clients.get(key)
        if client is None:
            openai = _openai()
            client = openai.AsyncOpenAI(
                base_url=endpoint.base_url, api_key=endpoint.api_key, timeout=self.settings.timeout, max_retries=0
            )
            self._clients[key] = client
        return client

    def _semaphore(self) -> asyncio.Semaphore:
        loop_id = id(asyncio.get_running_loop())
        sem = self._semaphores.get(loop_id)
        if sem is None:
            sem = self._semaphores[loop_id] = asyncio.Semaphore(self.settings.max_concurrency)
        return sem

    @staticmethod
    def _cache_key(role: str, model: str, messages: Sequence[Message], schema: dict[str, Any]) -> str:
        blob = json.dumps([role, model, list(messages), schema], sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()

    def _cache_get(self, key: str) -> Any:
        with self._cache_lock:
            if key not in self._cache:
                return None
            self._cache.move_to_end(key)
            return copy.deepcopy(self._cache[key])

    def _cache_put(self, key: str, value: Any) -> None:
        if self.settings.cache_size <= 0:
            return
        with self._cache_lock:
            self._cache[key] = copy.deepcopy(value)
            self._cache.move_to_end(key)
            while len(self._cache) > self.settings.cache_size:
                self._cache.popitem(last=False)


class SyncLLM:
    """The async client driven from synchronous code: one private event loop on its own thread."""

    def __init__(self, client: LLMClient | LLMSettings) -> None:
        self.client = client if isinstance(client, LLMClient) else LLMClient(client)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="guardian-llm", daemon=True)
        self._thread.start()

    @property
    def settings(self) -> LLMSettings:
        return self.client.settings

    def complete_json(self, role: str, messages: Sequence[Message], schema: dict[str, Any], **kwargs: Any) -> Any:
        """`LLMClient.complete_json`, blocking; never waits much past its timeout."""
        limit = self.settings.limit(kwargs.get("timeout"), background=bool(kwargs.get("background")))
        t0 = time.monotonic()
        future = asyncio.run_coroutine_threadsafe(self.client.complete_json(role, messages, schema, **kwargs), self._loop)
        try:
            return future.result(timeout=max(0.0, limit) + 0.25)  # the async side ends by `limit`
        except FutureTimeout:
            future.cancel()
            raise LLMTimeout(role, f"no answer within {time.monotonic() - t0:.1f}s") from None
        except LLMError:
            raise
        except Exception as e:  # noqa: BLE001 - nothing else may escape into a flow
            raise LLMUnavailable(role, f"{type(e).__name__}") from None

    def close(self) -> None:
        if self._loop.is_closed():
            return
        try:
            asyncio.run_coroutine_threadsafe(self.client.aclose(), self._loop).result(timeout=2)
        except Exception:  # noqa: BLE001 - best effort
            pass
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=2)
        if not self._thread.is_alive():
            self._loop.close()


async def _collect(stream: Any) -> str:
    """The text of a streamed answer. The stream is closed however this ends: on a timeout
    (cancellation) that closes the connection, which tells the server to stop generating."""
    parts: list[str] = []
    try:
        response = getattr(stream, "response", None)
        kind = response.headers.get("content-type", "") if response is not None else ""
        if kind.startswith("application/json"):  # a server that ignores "stream" answers in one piece
            try:
                content = json.loads(await response.aread() or b"{}")["choices"][0]["message"]["content"]
            except (ValueError, KeyError, IndexError, TypeError):
                content = None
            return content if isinstance(content, str) else ""
        async for chunk in stream:
            for choice in getattr(chunk, "choices", None) or ():
                delta = getattr(getattr(choice, "delta", None), "content", None)
                if isinstance(delta, str):
                    parts.append(delta)
    finally:
        await stream.close()
    return "".join(parts)
