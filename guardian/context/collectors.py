"""Telemetry collectors known by the request's shape, on any host.

Analytics, RUM, logging and error-tracking SDKs often send to no listed host: a self-hosted
collector, or one proxied through the site's own domain. What they send still has the shape
their protocol documents, and that shape says who receives it. `recognise_collector` returns
the collector's kind and the evidence, first match wins:

1. A documented ingestion path (`collectors.yaml`: OTLP `/v1/traces`, Sentry's
   `/api/<project>/envelope/`, Matomo's `matomo.php` ...), with the field names a generic path
   also needs (`keys`).
2. The body's documented envelope:
   - OTLP/JSON: a top-level `resourceSpans`, `resourceLogs` or `resourceMetrics`
     (https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding): monitoring;
   - a Sentry envelope (the envelope codec read it;
     https://develop.sentry.dev/sdk/data-model/envelopes/): monitoring;
   - an Application Insights telemetry envelope: an `iKey` and a `name` of the form
     `Microsoft.ApplicationInsights.<key>.<type>`
     (https://learn.microsoft.com/en-us/azure/azure-monitor/app/data-model-complete): monitoring;
   - a Segment Spec event: a `type` of track, page, screen, identify, group or alias beside a
     `messageId` or `anonymousId` (https://segment.com/docs/connections/spec/common/), the
     format of analytics.js and of the CDPs built on it: analytics;
   - structured log records: objects at the top (or in a top-level list, or a list under a
     top-level key) with a message, a log level and a time (keys in any case; Serilog's CLEF and
     Seq's raw events too) (pino and bunyan `{level, time, msg}`, ECS `{@timestamp, log.level,
     message}`, the OpenTelemetry log data model): monitoring.
3. An SDK's description of itself: an object under `sdk`, `library`, `lib`, `notifier` or
   `agent` holding a short `name` and a version-shaped `version` (`1.2`, `8.1.0`; Segment's `context.library`,
   Bugsnag's and Rollbar's `notifier`, Sentry's and Faro's `sdk`, Elastic's `service.agent`).
   A notifier or agent reports errors: monitoring. Otherwise monitoring when the body carries
   errors, stack traces, spans or logs (`MONITORING_WORDS` among its keys), else analytics.

4. Weakest, for a host nothing else names (`recipients.py` uses it only for a third party in no
   list): the last path segments say it collects (`track`, `event(s)`, `collect`, `log`,
   `ingest`, `capture`, `beacon`, `telemetry`, `rum` ...) and the request carries an event (a
   POST with a JSON, NDJSON or form body, or a GET with three or more query parameters): an
   event collector of some SDK. Monitoring when the words or the body's keys say errors, logs or
   traces, else analytics.

5. Weakest too, for a host nothing else names: a search API by its shape. The last path segment
   names a search (`SEARCH_PATH_WORDS`: "search", "_search", "autocomplete", "suggest" ...) and
   the request carries the text searched for, a string under a query's name (`SEARCH_QUERY_KEYS`:
   `q`, `query`, `term` ...): the site's search box, whatever vendor answers it. Over GraphQL the
   operation says it: a query whose operation name or first root field has a search word
   ("SearchIssues", "searchDocuments"), with the text under a query's name in its `variables`.

0. Before all of these: a chat model's request (`ai_services.is_chat_request`: a top-level
   `model` and `messages` with chat roles, one the user's), on any host and path: kind ``model``,
   a model API no list names (Cohere's `/v2/chat`, Ollama's `/api/chat`, a gateway's own
   path), or a completion model's (`is_completion_request`: a top-level `model` and `prompt`, the
   OpenAI legacy completions and Ollama's `/api/generate`); its family is the model APIs'
   dictionary (vendors/ai_services.yaml), so the request's
   settings and roles are its machinery, and `recipients.py` makes its recipient an AI service.

Kinds: ``analytics`` (events, page views, flag evaluations) and ``monitoring`` (errors, RUM,
traces, logs) both go to the recipient type analytics (`recipients.py`): telemetry about how
people use a site is analytics, whoever hosts it. ``search`` (a hosted search API's documented
path: Algolia, Elastic App Search, Typesense, Meilisearch, Coveo, Solr) goes to a service
provider: the query is the site's own search box, answered by the site's processor. ``model``
(rule 0) goes to an AI service.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from guardian import yamlfile
from guardian.codecs.json_ import json_locator
from guardian.context.ai_services import is_chat_request, is_completion_request
from guardian.errors import ConfigError
from guardian.fieldkinds.shapes import is_version
from guardian.records import Field, HttpRequest, Payload

__all__ = ["Collector", "CollectorPath", "recognise_collector", "shipped_paths", "ANALYTICS", "MONITORING", "SEARCH", "MODEL",
           "MODEL_FAMILY"]

ANALYTICS = "analytics"
MONITORING = "monitoring"
SEARCH = "search"
MODEL = "model"
KINDS = frozenset({ANALYTICS, MONITORING, SEARCH, MODEL})
MODEL_FAMILY = "ai_services"  # the model APIs' vendor dictionary (fieldkinds/vendors/ai_services.yaml)

OTLP_ROOTS = frozenset({"resourceSpans", "resourceLogs", "resourceMetrics"})
_OTLP_PATHS = tuple(f"json:$.{root}" for root in sorted(OTLP_ROOTS))
# a log record's message: pino, bunyan and ECS; Serilog's compact format (CLEF `@m`, `@mt`) and Seq's raw
# events (`MessageTemplate`, `RenderedMessage`, https://docs.datalust.co/docs/posting-raw-events)
LOG_MESSAGE_NAMES = ("message", "msg", "Message", "@m", "@mt", "MessageTemplate", "RenderedMessage")
SEGMENT_TYPES = frozenset({"track", "page", "screen", "identify", "group", "alias"})
SEGMENT_SIBLINGS = frozenset({"messageId", "anonymousId"})
APP_INSIGHTS_NAME = re.compile(r"Microsoft\.ApplicationInsights\.[^.]{0,64}\.?\w{1,64}\Z")
SDK_BLOCKS: Mapping[str, str | None] = {  # block key -> its kind, None: by the rest of the body
    "sdk": None,
    "library": None,
    "lib": None,
    "notifier": MONITORING,
    "agent": MONITORING,
}
MONITORING_WORDS = frozenset({
    "exception", "exceptions", "stacktrace", "stack_trace", "stack", "frames", "breadcrumbs", "errors",
    "error", "spans", "span", "logs", "log", "traces", "severity", "crash", "measurements", "vitals",
})
MAX_SDK_NAME_CHARS = 80  # "Bugsnag JavaScript", "@scope/browser-sdk"; longer is no product name


@dataclass(frozen=True)
class Collector:
    """A request recognised as telemetry: its kind and what showed it."""

    kind: str  # analytics | monitoring | search | model
    evidence: str  # one phrase for the record ("path: OpenTelemetry OTLP/HTTP", "body: sdk block")
    documented: bool = True  # False: only its path's word and an event in it say so (rule 4)
    family: str | None = None  # the vendor dictionary whose documented format it has (`segment`)


@dataclass(frozen=True)
class CollectorPath:
    """One `collectors.yaml` entry."""

    name: str
    kind: str
    paths: tuple[re.Pattern[str], ...]
    keys: frozenset[str]
    source: str

    def matches(self, path: str, names: frozenset[str]) -> bool:
        return any(p.match(path) for p in self.paths) and self.keys <= names


def _glob(pattern: str) -> re.Pattern[str]:
    body = "".join(".*" if c == "*" else re.escape(c) for c in pattern.rstrip("/"))
    return re.compile(body + r"/?\Z")


def _entry(raw: Any, where: str) -> CollectorPath:
    if not isinstance(raw, dict) or not {"name", "kind", "paths", "source"} <= set(raw):
        raise ConfigError(f"{where}: a collector needs name, kind, paths and source")
    kind = raw["kind"]
    if kind not in KINDS:
        raise ConfigError(f"{where}: kind {kind!r} is not one of {sorted(KINDS)}")
    paths = raw["paths"]
    if not isinstance(paths, list) or not paths or not all(isinstance(p, str) and p.startswith(("/", "*")) for p in paths):
        raise ConfigError(f"{where}: paths must be a list of path globs")
    keys = raw.get("keys", [])
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        raise ConfigError(f"{where}: keys must be a list of field names")
    return CollectorPath(str(raw["name"]), kind, tuple(_glob(p) for p in paths), frozenset(keys), str(raw["source"]))


def load_paths(text: str, where: str = "collectors.yaml") -> tuple[CollectorPath, ...]:
    """The entries of a collectors file; `ConfigError` naming the entry when one is malformed."""
    data = yamlfile.safe_load(text) or {}
    entries = data.get("collectors") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise ConfigError(f"{where}: expected a top-level `collectors:` list")
    return tuple(_entry(raw, f"{where} entry {i}") for i, raw in enumerate(entries))


@lru_cache(maxsize=1)
def shipped_paths() -> tuple[CollectorPath, ...]:
    text = resources.files("guardian.context").joinpath("collectors.yaml").read_text("utf-8")
    return load_paths(text)


def _any_path(entries: Sequence[CollectorPath]) -> re.Pattern[str]:
    """One pattern that matches any entry's path: most requests are turned away by it alone."""
    return re.compile("|".join(f"(?:{p.pattern})" for entry in entries for p in entry.paths) or r"(?!)")


@lru_cache(maxsize=1)
def _shipped() -> tuple[tuple[CollectorPath, ...], re.Pattern[str]]:
    entries = shipped_paths()
    return entries, _any_path(entries)


# Field names without which no body signal can match: most bodies are turned away by them.
_SIGNAL_NAMES = frozenset({"version", "iKey", "type", *LOG_MESSAGE_NAMES})


def _body_signal(fields: Sequence[Field]) -> Collector | None:
    """Rules 2 and 3 of the module docstring, over the body's JSON fields."""
    if _SIGNAL_NAMES.isdisjoint([f.name for f in fields]) and not any(f.path.startswith(_OTLP_PATHS) for f in fields):
        return None
    located = [(f, loc) for f in fields if "json:" in f.path and (loc := json_locator(f.path)) is not None]
    if not located:
        return None
    for field, loc in located:
        if loc and loc[0] in OTLP_ROOTS:
            return Collector(MONITORING, "body: OTLP/JSON export")
    if _log_record(located):
        return Collector(MONITORING, "body: log records (message, level, time)")
    values: dict[tuple[str, ...], str] = {loc: f.value for f, loc in located}
    keys = {word for _, loc in located for word in loc if not word.isdigit()}
    monitoring_body = bool(keys & MONITORING_WORDS)
    for field, loc in located:
        if not loc:
            continue
        parent, last = loc[:-1], loc[-1]
        if last == "iKey" and APP_INSIGHTS_NAME.match(values.get((*parent, "name"), "")):
            return Collector(MONITORING, "body: Application Insights telemetry envelope")
        if last == "type" and field.value in SEGMENT_TYPES and any((*parent, s) in values for s in SEGMENT_SIBLINGS):
            return Collector(ANALYTICS, "body: Segment Spec event", family="segment")
        if last == "version" and parent and parent[-1] in SDK_BLOCKS and is_version(field.value.strip()):
            name = values.get((*parent, "name"), "").strip()
            if 0 < len(name) <= MAX_SDK_NAME_CHARS:
                kind = SDK_BLOCKS[parent[-1]] or (MONITORING if monitoring_body else ANALYTICS)
                return Collector(kind, f"body: an SDK's {parent[-1]} block")
    return None


COLLECT_WORDS = frozenset({
    "track", "tracking", "event", "events", "collect", "collector", "log", "logs", "ingest", "intake", "capture",
    "beacon", "telemetry", "rum", "analytics", "hit", "hits", "pageview", "pageviews", "batch", "report", "errors",
})
# In a host's own labels (left of its registrable domain) only the words no other service uses:
# "events.", "report." or "hits." name ticket shops and newsrooms as often as collectors.
HOST_COLLECT_WORDS = frozenset({"rum", "telemetry", "analytics", "collector", "beacon", "tracking", "ingest", "intake",
                                "logs"})
MONITORING_PATH_WORDS = frozenset({"log", "logs", "rum", "telemetry", "errors", "report", "intake", "traces"})
EVENT_BODIES = frozenset({"json", "ndjson", "envelope", "form", "formlines", "multipart", "graphql"})
MIN_EVENT_QUERY_FIELDS = 3
# Rule 5: the last path segment of a search API, and the names its query goes under (Algolia,
# Typesense, Meilisearch, Elasticsearch, Orama, Trieve ... each documents one of these)
SEARCH_PATH_WORDS = frozenset({"search", "_search", "multi-search", "multi_search", "msearch", "_msearch",
                               "autocomplete", "suggest", "_suggest", "suggestions", "typeahead"})
SEARCH_QUERY_KEYS = frozenset({"q", "query", "term", "search", "searchterm", "search_term", "keyword", "keywords",
                               "querytext", "query_text"})
MAX_HOST_LABELS = 4  # host labels read for a collecting word
_WORDS = re.compile(r"[a-z]{1,32}")


# A collect word as a whole word of one of the last two path segments (one search turns most away).
_COLLECT_WORD = re.compile(
    r"(?<![a-z])(?:" + "|".join(sorted(COLLECT_WORDS, key=len, reverse=True)) + r")(?![a-z])(?=[^/]{0,64}(?:/[^/]{0,64})?/?\Z)",
    re.I,
)


def _event_beacon(request: HttpRequest, payload: Payload, path: str) -> Collector | None:
    """Rule 4: an event collector by the word of its path (or of its host's own labels:
    "dataplane.rum.<region>.amazonaws.com") and the event it carries."""
    found: set[str] = set()
    if _COLLECT_WORD.search(path[-160:]) is not None:
        segments = [s for s in path.lower().split("/") if s][-2:]
        found = {w for s in segments for w in _WORDS.findall(s)} & COLLECT_WORDS
    if not found:
        found = _host_words(request.url) & HOST_COLLECT_WORDS
    if not found:
        return None
    method = request.method.upper()
    if method == "POST":
        if payload.body_codec not in EVENT_BODIES:
            return None
    elif method != "GET" or sum(1 for f in payload.fields if f.path.startswith("query:")) < MIN_EVENT_QUERY_FIELDS:
        return None
    keys = {f.name.lower() for f in payload.fields}
    kind = MONITORING if (found & MONITORING_PATH_WORDS or keys & MONITORING_WORDS) else ANALYTICS
    return Collector(kind, f"path word {sorted(found)[0]!r} and an event in it", documented=False)


def _search_request(request: HttpRequest, payload: Payload, path: str) -> Collector | None:
    """Rule 5: a search API by its shape, on any host: the path's last segment names a search
    ("/api/chunk/search", "/v1/indexes/<index>/search", "/autocomplete") and the request carries
    the text searched for under a query's name (`q`, `query`, `term` ...), as a string. That text
    is the search box's, the service's input (`stages/detect.py`): it must reach the service, and
    only the personal data inside it is rewritten. No list names the host, so the recipient stays
    what the other rules say (`recipients.py`)."""
    segments = [s for s in path.lower().split("/") if s]
    if segments and segments[-1] not in SEARCH_PATH_WORDS and (graphql := _graphql_search(request, payload)) is not None:
        return Collector(SEARCH, f"a GraphQL search ({graphql!r}) and a query in its variables", documented=False)
    if not segments or segments[-1] not in SEARCH_PATH_WORDS:
        return None
    method = request.method.upper()
    if method == "POST" and payload.body_codec not in EVENT_BODIES:
        return None
    if method not in ("POST", "GET"):
        return None
    if not any(f.name.lower() in SEARCH_QUERY_KEYS and isinstance(f.value, str) and f.value.strip()
               for f in payload.fields):
        return None
    return Collector(SEARCH, f"a search path ({segments[-1]!r}) and a query in it", documented=False)


# A GraphQL operation's document: its operation name, else its first root field ("query
# SearchIssues($term: String!) { searchIssues(term: $term) { ... } }", "{ search(q: $q) { ... } }")
_GRAPHQL_OPERATION = re.compile(r"^\s{0,64}(?:query\s{1,8}(?P<name>[_A-Za-z]\w{0,80})?[^{]{0,400})?\{\s{0,64}(?:\w{1,80}\s{0,8}:\s{0,8})?(?P<root>[_A-Za-z]\w{0,80})")
_CAMEL_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
MAX_GRAPHQL_DOCUMENT = 20_000  # characters of a document read for its operation
MAX_GRAPHQL_BODY = 256 * 1024  # a bigger body is no search box's
_GRAPHQL_VARIABLE = re.compile(r"graphql:\$(?:\[0\])?\.variables\.")


def _graphql_search(request: HttpRequest, payload: Payload) -> str | None:
    """Rule 5 for GraphQL: a query (not a mutation) whose operation name or first root field names
    a search (`SEARCH_PATH_WORDS`, as a word of its camelCase: "SearchIssues", "searchDocuments",
    "autocompletePlaces"), with the text searched for as a string under a query's name among its
    `variables`. The operation, else None."""
    if payload.body_codec != "graphql" or len(request.body) > MAX_GRAPHQL_BODY:
        return None
    if not any(_GRAPHQL_VARIABLE.match(f.path) and f.name.lower() in SEARCH_QUERY_KEYS
               and isinstance(f.value, str) and f.value.strip() for f in payload.fields):
        return None
    try:
        body = json.loads(request.body)
    except (ValueError, UnicodeDecodeError):
        return None
    if isinstance(body, list):
        body = body[0] if body else None  # a batch: its first operation
    if not isinstance(body, dict) or not isinstance(body.get("query"), str):
        return None
    m = _GRAPHQL_OPERATION.match(body["query"][:MAX_GRAPHQL_DOCUMENT])
    if m is None:
        return None  # a mutation or a subscription changes or follows data: no search box's
    operation = body.get("operationName")
    for name in (operation if isinstance(operation, str) else None, m.group("name"), m.group("root")):
        if name and {w.lower() for w in _CAMEL_WORDS.findall(name)} & SEARCH_PATH_WORDS:
            return name
    return None


def _host_words(url: str) -> set[str]:
    """The words of a URL's host labels but its last two ("dataplane.rum.us-west-2.amazonaws.com"
    -> dataplane, rum, us, west)."""
    host = urlsplit(url).hostname or ""
    labels = host.lower().split(".")[:-2]
    return {w for label in labels[-MAX_HOST_LABELS:] for w in _WORDS.findall(label)}


# Keys compared in lower case: a format's own casing ("Level", "Timestamp") says nothing else.
LOG_MESSAGE_KEYS = frozenset(n.lower() for n in LOG_MESSAGE_NAMES)
LOG_LEVEL_KEYS = frozenset({"level", "severity", "severitytext", "severity_text", "log.level", "loglevel", "levelname",
                            "status", "@l"})
LOG_LEVELS = frozenset({"trace", "verbose", "debug", "info", "information", "informational", "notice", "warn", "warning",
                        "error", "err", "critical", "crit", "alert", "emergency", "fatal", "10", "20", "30", "40", "50",
                        "60"})
LOG_TIME_KEYS = frozenset({"dt", "time", "timestamp", "@timestamp", "@t", "ts", "date", "datetime", "timeunixnano"})


def _log_record(located: Sequence[tuple[Field, tuple[str, ...]]]) -> bool:
    """Rule 2's log records: an object at the top (or in a top-level list, or in a list under a
    top-level key: Seq's {"Events": [...]}) with a message, a log level and a time, as structured
    loggers write them (pino and bunyan {level, time, msg}, ECS {@timestamp, log.level, message},
    Serilog's CLEF {@t, @l, @mt}, the OpenTelemetry log data model)."""
    objects: dict[tuple[str, ...], dict[str, str]] = {}
    for field, loc in located:
        if len(loc) == 1 or (len(loc) == 2 and loc[0].isdigit()) or (len(loc) == 3 and loc[1].isdigit()):
            objects.setdefault(loc[:-1], {})[loc[-1].lower()] = field.value.strip()
    for members in objects.values():
        keys = set(members)
        level = next((members[k] for k in keys & LOG_LEVEL_KEYS), None)
        if keys & LOG_MESSAGE_KEYS and keys & LOG_TIME_KEYS and level is not None and level.lower() in LOG_LEVELS:
            return True
        if "@t" in keys and keys & {"@m", "@mt"}:  # CLEF: a level left out is Information (clef-json.org)
            return True
    return False


def _model_request(fields: Sequence[Field]) -> Collector | None:
    """Rule 0: a chat model's request, by the body's own top-level `model` and its `messages`'
    roles (a body nested in a string, a tool's result, is not the request)."""
    if not any(f.name in ("role", "prompt") for f in fields):
        return None
    model: str | None = None
    roles: list[str] = []
    prompts: list[str] = []
    for field in fields:
        if not field.path.startswith("json:$.") or "|>" in field.path:
            continue
        loc = json_locator(field.path)
        if loc == ("model",):
            model = field.value
        elif loc is not None and len(loc) == 3 and loc[0] == "messages" and loc[1].isdigit() and loc[2] == "role":
            roles.append(field.value)
        elif loc is not None and loc[0] == "prompt" and (len(loc) == 1 or (len(loc) == 2 and loc[1].isdigit())):
            prompts.append(field.value)
    if is_chat_request(model, roles):
        return Collector(MODEL, "body: a chat model's request (model, messages with roles)", family=MODEL_FAMILY)
    if not roles and prompts and is_completion_request(model, prompts):
        return Collector(MODEL, "body: a completion model's request (model, prompt)", family=MODEL_FAMILY)
    return None


def _field_names(fields: Iterable[Field]) -> frozenset[str]:
    return frozenset(f.name for f in fields if f.name)


def recognise_collector(
    request: HttpRequest, payload: Payload, paths: Sequence[CollectorPath] | None = None
) -> Collector | None:
    """The telemetry collector this request goes to, by its documented shape; None when none says so."""
    path = request.url_path or "/"
    if payload.body_codec == "json" and (model := _model_request(payload.fields)) is not None:
        return model
    entries, any_path = _shipped() if paths is None else (tuple(paths), _any_path(paths))
    if any_path.match(path):
        names = _field_names(payload.fields)
        for entry in entries:
            if entry.matches(path, names):
                return Collector(entry.kind, f"path: {entry.name}")
    if payload.body_codec == "envelope":
        return Collector(MONITORING, "body: Sentry envelope")
    return _body_signal(payload.fields) or _event_beacon(request, payload, path) or _search_request(request, payload, path)
