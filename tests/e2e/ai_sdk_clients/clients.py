"""The official `openai` and `anthropic` SDKs as clients, run by tests/e2e/test_ai_sdk_e2e.py with
the interpreter of their own venv (requirements.txt beside this file), through the proxy.

    python clients.py '{"proxy": "http://127.0.0.1:PORT", "prompt": "...", "image_b64": "...", "tag": "tags"}'

Each scenario sends the prompt (with an image where the API takes one) and reports what the
client got, as one JSON object on stdout: {scenario: {"text", "args", "events", ...}} or
{scenario: {"error": ...}}. `args` are the tool call's arguments as the SDK hands them over,
parsed here (so a restored value that broke the JSON shows as an error). `events` are the
stream's events as the SDK saw them (types, ids, indices, finish reasons), to compare with what
the service sent. Every request carries `X-Scenario: <tag>:<scenario>`.
"""

from __future__ import annotations

import asyncio
import json
import sys
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

import anthropic
import openai

PARAMS = {"type": "object", "properties": {"name": {"type": "string"}, "email": {"type": "string"}, "phone": {"type": "string"}}}
CHAT_TOOLS = [{"type": "function", "function": {"name": "save_contact", "description": "Save a contact card", "parameters": PARAMS}}]
RESPONSES_TOOLS = [{"type": "function", "name": "save_contact", "description": "Save a contact card", "parameters": PARAMS}]
ANTHROPIC_TOOLS = [{"name": "save_contact", "description": "Save a contact card", "input_schema": PARAMS}]

Result = dict[str, Any]


class Run:
    """One run's settings and clients."""

    def __init__(self, config: dict[str, Any]) -> None:
        self.prompt: str = config["prompt"]
        self.image_b64: str = config["image_b64"]
        self.tag: str = config["tag"]
        proxy = config["proxy"]
        common: dict[str, Any] = {"max_retries": 0, "timeout": 120.0}
        key = f"e2e-sdk-{self.tag}"  # one conversation per run: a client's key is its identity
        self.openai = openai.OpenAI(api_key=f"sk-{key}", base_url="http://api.openai.com/v1",
                                    http_client=openai.DefaultHttpxClient(proxy=proxy), **common)
        self.aopenai = openai.AsyncOpenAI(api_key=f"sk-{key}", base_url="http://api.openai.com/v1",
                                          http_client=openai.DefaultAsyncHttpxClient(proxy=proxy), **common)
        self.anthropic = anthropic.Anthropic(api_key=f"sk-ant-{key}", base_url="http://api.anthropic.com",
                                             http_client=anthropic.DefaultHttpxClient(proxy=proxy), **common)
        self.aanthropic = anthropic.AsyncAnthropic(api_key=f"sk-ant-{key}", base_url="http://api.anthropic.com",
                                                   http_client=anthropic.DefaultAsyncHttpxClient(proxy=proxy), **common)
        self.response_id: str | None = None

    def headers(self, scenario: str) -> dict[str, str]:
        return {"X-Scenario": f"{self.tag}:{scenario}"}

    # -- messages with an image ----------------------------------------------------------------

    def chat_messages(self) -> list[dict[str, Any]]:
        url = f"data:image/png;base64,{self.image_b64}"
        return [{"role": "user", "content": [{"type": "text", "text": self.prompt}, {"type": "image_url", "image_url": {"url": url}}]}]

    def responses_input(self) -> list[dict[str, Any]]:
        url = f"data:image/png;base64,{self.image_b64}"
        return [{"role": "user", "content": [{"type": "input_text", "text": self.prompt}, {"type": "input_image", "image_url": url}]}]

    def anthropic_messages(self) -> list[dict[str, Any]]:
        image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": self.image_b64}}
        return [{"role": "user", "content": [image, {"type": "text", "text": self.prompt}]}]


# -- OpenAI chat completions ---------------------------------------------------------------------


def openai_chat(run: Run) -> Result:
    raw = run.openai.chat.completions.with_raw_response.create(
        model="gpt-4o", messages=run.chat_messages(), tools=CHAT_TOOLS, extra_headers=run.headers("openai_chat"))  # type: ignore[arg-type]
    completion = raw.parse()
    message = completion.choices[0].message
    return {"text": message.content, "args": json.loads(message.tool_calls[0].function.arguments),
            "content_encoding": raw.headers.get("content-encoding"), "finish": completion.choices[0].finish_reason}


def openai_chat_stream(run: Run) -> Result:
    stream = run.openai.chat.completions.create(
        model="gpt-4o", messages=run.chat_messages(), tools=CHAT_TOOLS, stream=True,  # type: ignore[arg-type]
        stream_options={"include_usage": True}, extra_headers=run.headers("openai_chat_stream"))
    text, args, events = "", "", []
    for chunk in stream:
        events.append({"id": chunk.id, "finish": [c.finish_reason for c in chunk.choices], "usage": chunk.usage is not None})
        for choice in chunk.choices:
            text += choice.delta.content or ""
            for call in choice.delta.tool_calls or []:
                args += (call.function.arguments if call.function else None) or ""
    return {"text": text, "args": json.loads(args), "events": events}


async def openai_chat_stream_async(run: Run) -> Result:
    async with run.aopenai.chat.completions.stream(
        model="gpt-4o", messages=run.chat_messages(), tools=CHAT_TOOLS,  # type: ignore[arg-type]
        extra_headers=run.headers("openai_chat_stream_async"),
    ) as stream:
        kinds = [event.type async for event in stream]
        final = await stream.get_final_completion()
    message = final.choices[0].message
    return {"text": message.content, "args": json.loads(message.tool_calls[0].function.arguments), "kinds": sorted(set(kinds))}


async def openai_chat_async(run: Run) -> Result:
    completion = await run.aopenai.chat.completions.create(
        model="gpt-4o", messages=[{"role": "user", "content": run.prompt}], extra_headers=run.headers("openai_chat_async"))
    return {"text": completion.choices[0].message.content}


# -- OpenAI responses ----------------------------------------------------------------------------


def openai_responses(run: Run) -> Result:
    response = run.openai.responses.create(
        model="gpt-4o", input=run.responses_input(), tools=RESPONSES_TOOLS, extra_headers=run.headers("openai_responses"))  # type: ignore[arg-type]
    run.response_id = response.id
    call = next(item for item in response.output if item.type == "function_call")
    return {"text": response.output_text, "args": json.loads(call.arguments), "id": response.id}


def openai_responses_stream(run: Run) -> Result:
    """The next turn: `previous_response_id` names the answer above."""
    stream = run.openai.responses.create(
        model="gpt-4o", previous_response_id=run.response_id, input=run.prompt, tools=RESPONSES_TOOLS,  # type: ignore[arg-type]
        stream=True, extra_headers=run.headers("openai_responses_stream"))
    text, args, events, done = "", "", [], {}
    for event in stream:
        events.append({"type": event.type, "seq": event.sequence_number})
        if event.type == "response.output_text.delta":
            text += event.delta
        elif event.type == "response.function_call_arguments.delta":
            args += event.delta
        elif event.type == "response.output_text.done":
            done["text"] = event.text
        elif event.type == "response.function_call_arguments.done":
            done["args"] = json.loads(event.arguments)
        elif event.type == "response.completed":
            final = event.response
            done["completed_text"] = final.output_text
            done["completed_args"] = json.loads(next(i for i in final.output if i.type == "function_call").arguments)
            done["previous_response_id"] = final.previous_response_id
    return {"text": text, "args": json.loads(args), "events": events, "done": done}


async def openai_responses_stream_async(run: Run) -> Result:
    async with run.aopenai.responses.stream(
        model="gpt-4o", input=run.responses_input(), tools=RESPONSES_TOOLS,  # type: ignore[arg-type]
        extra_headers=run.headers("openai_responses_stream_async"),
    ) as stream:
        async for _ in stream:
            pass
        final = await stream.get_final_response()
    call = next(item for item in final.output if item.type == "function_call")
    return {"text": final.output_text, "args": json.loads(call.arguments)}


# -- Anthropic messages --------------------------------------------------------------------------


def anthropic_messages(run: Run) -> Result:
    message = run.anthropic.messages.create(
        model="claude-e2e-test", max_tokens=512, messages=run.anthropic_messages(), tools=ANTHROPIC_TOOLS,  # type: ignore[arg-type]
        extra_headers=run.headers("anthropic_messages"))
    text = "".join(b.text for b in message.content if b.type == "text")
    return {"text": text, "args": next(b.input for b in message.content if b.type == "tool_use"), "stop": message.stop_reason}


def anthropic_messages_stream(run: Run) -> Result:
    stream = run.anthropic.messages.create(
        model="claude-e2e-test", max_tokens=512, messages=run.anthropic_messages(), tools=ANTHROPIC_TOOLS,  # type: ignore[arg-type]
        stream=True, extra_headers=run.headers("anthropic_messages_stream"))
    text, args, events = "", "", []
    for event in stream:
        events.append({"type": event.type, "index": getattr(event, "index", None)})
        if event.type == "content_block_delta" and event.delta.type == "text_delta":
            text += event.delta.text
        elif event.type == "content_block_delta" and event.delta.type == "input_json_delta":
            args += event.delta.partial_json
    return {"text": text, "args": json.loads(args), "events": events}


async def anthropic_messages_stream_async(run: Run) -> Result:
    async with run.aanthropic.messages.stream(
        model="claude-e2e-test", max_tokens=512, messages=run.anthropic_messages(), tools=ANTHROPIC_TOOLS,  # type: ignore[arg-type]
        extra_headers=run.headers("anthropic_messages_stream_async"),
    ) as stream:
        async for _ in stream:
            pass
        message = await stream.get_final_message()
    text = "".join(b.text for b in message.content if b.type == "text")
    return {"text": text, "args": next(b.input for b in message.content if b.type == "tool_use"), "stop": message.stop_reason}


SYNC: list[Callable[[Run], Result]] = [openai_chat, openai_chat_stream, openai_responses, openai_responses_stream,
                                       anthropic_messages, anthropic_messages_stream]
ASYNC: list[Callable[[Run], Awaitable[Result]]] = [openai_chat_stream_async, openai_chat_async, openai_responses_stream_async, anthropic_messages_stream_async]


def _failure(error: Exception) -> Result:
    return {"error": f"{type(error).__name__}: {error}", "trace": traceback.format_exc()[-2000:]}


def _run_sync(run: Run) -> dict[str, Result]:
    out = {}
    for scenario in SYNC:
        try:
            out[scenario.__name__] = scenario(run)
        except Exception as e:  # noqa: BLE001 - the test reports what the client saw
            out[scenario.__name__] = _failure(e)
    return out


async def _run_async(run: Run) -> dict[str, Result]:
    out = {}
    for scenario in ASYNC:
        try:
            out[scenario.__name__] = await scenario(run)
        except Exception as e:  # noqa: BLE001
            out[scenario.__name__] = _failure(e)
    return out


def main(argv: list[str]) -> int:
    run = Run(json.loads(argv[1]))
    results = _run_sync(run)
    results.update(asyncio.run(_run_async(run)))
    results["versions"] = {"openai": openai.__version__, "anthropic": anthropic.__version__}
    json.dump(results, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
