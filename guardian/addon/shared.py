"""What the addons share: the narrow views of the decision addon each one reads, and flow helpers.

Every addon but the decision addon (`guardian.py`) takes one of these protocols in its
constructor, with only the members it reads; the decision addon offers them all, over its
`guardian.engine.Engine` and its record writer. No addon reaches into another's attributes, and
none assigns into another: the AI-chat addon registers its turns with `use_chat`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from mitmproxy import exceptions, http

from guardian.errors import GuardianError
from guardian.records import HttpRequest
from guardian.settings import check_options

if TYPE_CHECKING:
    from guardian.anonymize.operators.chat_pseudonym import ChatBook
    from guardian.decider import Decided, FlowDecider
    from guardian.engine import Offload
    from guardian.pipeline import Pipeline
    from guardian.rules import Rules
    from guardian.session import Session
    from guardian.session_sync import ProxySessions
    from guardian.settings import Settings
    from guardian.vault.memory import Vault

__all__ = [
    "ChatTurn", "ChatTurns", "SettingsView", "RulesView", "PolicyView", "DecideView", "ChatView", "ShownView", "StateView",
    "VaultView",
    "check_own_options", "flow_request", "wants_html",
]


class ChatTurn(Protocol):
    """One request's place in an AI conversation, from `begin` to `end` (guardian/addon/restore.py)."""

    book: ChatBook  # the conversation's mapping, for the pipeline's chat operator

    def end(self) -> None: ...


class ChatTurns(Protocol):
    """What the AI-chat addon adds around a decision: the conversation a request may belong to
    (read off the event loop when the vault is shared) and, after the decision, its new pseudonyms
    kept and the answer marked for restoring."""

    async def begin(self, flow: http.HTTPFlow, request: HttpRequest) -> ChatTurn | None: ...

    def settle(self, flow: http.HTTPFlow, turn: ChatTurn, decision: Decided) -> None: ...


class SettingsView(Protocol):
    """The settings in force (LLMLink)."""

    @property
    def settings(self) -> Settings: ...


class RulesView(Protocol):
    """The rules in force (IgnoreHosts, PacServer)."""

    @property
    def rules(self) -> Rules | None: ...


class PolicyView(Protocol):
    """The settings and the pipeline in force, whose policy store is fetched (PolicyFetcher)."""

    @property
    def settings(self) -> Settings: ...

    @property
    def pipeline(self) -> Pipeline | None: ...


class DecideView(Protocol):
    """Deciding a flow's request and writing its record (StreamGate, WebSocketGuard)."""

    @property
    def settings(self) -> Settings: ...

    @property
    def mode(self) -> str: ...

    def current_pipeline(self) -> Pipeline | None: ...

    async def session_of(self, flow: http.HTTPFlow) -> Session: ...

    async def decide(self, pipeline: Pipeline, request: HttpRequest, session: Session, chat: ChatBook | None = None) -> Decided: ...

    async def decide_turn(self, flow: http.HTTPFlow, pipeline: Pipeline, request: HttpRequest) -> Decided: ...

    def record(
        self, flow: http.HTTPFlow, line: dict[str, Any], *, message: bool = False, encoded: bytes | None = None
    ) -> dict[str, Any]: ...


class ChatView(Protocol):
    """What the AI-chat addon reads, and where it registers its turns (ChatRestore)."""

    @property
    def settings(self) -> Settings: ...

    @property
    def mode(self) -> str: ...

    @property
    def timeout(self) -> float: ...

    @property
    def rules(self) -> Rules | None: ...

    def record_event(self, line: dict[str, Any]) -> None: ...

    def use_chat(self, turns: ChatTurns | None) -> None: ...


class ShownView(Protocol):
    """Where the literals of a script a user's browser loaded are taught (PageScripts)."""

    async def shown(self, flow: http.HTTPFlow, values: Sequence[str]) -> None: ...


class StateView(Protocol):
    """The state read when the metrics are scraped (MetricsServer)."""

    @property
    def decider(self) -> FlowDecider: ...

    @property
    def process(self) -> Offload: ...

    @property
    def sessions(self) -> ProxySessions: ...


class VaultView(Protocol):
    """The AI-chat vault, for its size (MetricsServer)."""

    @property
    def vault(self) -> Vault | None: ...


def check_own_options(updated: set[str], names: tuple[str, ...]) -> None:
    """An addon's `configure` check of its own options: `OptionsError` naming option and value."""
    from mitmproxy import ctx

    if set(names) & updated:
        try:
            check_options(ctx.options, names)
        except GuardianError as e:
            raise exceptions.OptionsError(str(e)) from e


def wants_html(flow: http.HTTPFlow) -> bool:
    """A page load (document, frame) gets the HTML block page; anything else JSON."""
    dest = flow.request.headers.get("sec-fetch-dest", "")
    return dest in ("document", "iframe") or "text/html" in flow.request.headers.get("accept", "")[:40]


def flow_request(flow: http.HTTPFlow, body: bytes | None = None) -> HttpRequest:
    """The pipeline's view of a flow's request (`body` given: that instead of the flow's)."""
    request = flow.request
    return HttpRequest(
        method=request.method,
        url=request.url,
        # as `headers.items(multi=True)` decodes them, without a call per header
        headers=tuple([(k.decode("utf-8", "surrogateescape"), v.decode("utf-8", "surrogateescape")) for k, v in request.headers.fields]),
        body=(request.raw_content or b"") if body is None else body,
    )
