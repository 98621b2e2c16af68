"""One frozen `Settings` for the whole object graph, from mitmproxy options or CLI flags alike.

Every option the pipeline reads is declared once, in `OPTIONS` (name, type, default, help,
choices). The addons declare theirs from this table in `load` with `declare_options`, so
mitmproxy's `--set` and the CLI read the same names; an option only one addon reads (a server's
port) is an `OptionSpec` of that addon, declared the same way;
`Settings.from_options(ctx.options)` and `Settings.from_values({...})` (the CLI) both end in
`Settings.from_values`, which checks every value and raises `SettingsError` naming the option and
the value. `guardian.assemble.assemble(settings)` builds the pipeline from it.

The LLM endpoint and its key also come from the environment (`GUARDIAN_LLM_*`, see
`guardian.llm.settings`): an explicit option wins, the key is only ever read from there.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, NamedTuple, Optional

from guardian.errors import ConfigError, SettingsError
from guardian.llm.settings import FORMATS, LLMSettings
from guardian.records import Basis
from guardian.store.errors import StoreURLError
from guardian.store.url import check_store_url, redact_url

__all__ = [
    "Settings",
    "OptionSpec",
    "OPTIONS",
    "declare_options",
    "parse_set",
    "check_options",
    "parse_deadlines",
    "DEFAULT_MAX_BODY_BYTES",
    "DEFAULT_STREAM_THRESHOLD",
    "DEFAULT_DEADLINES_S",
    "MODES",
    "FAIL_MODES",
    "MATCHER_ENCODERS",
    "PROSE_MODELS",
    "ANNOTATORS",
    "USER_MODES",
]

DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024
DEFAULT_STREAM_THRESHOLD = 8 * 1024 * 1024  # = the default max body: larger bodies are opaque anyway
DEFAULT_TIMEOUT_S = 10.0
DEFAULT_POLICY_TTL_S = 7 * 24 * 3600.0
DEFAULT_ID_ROTATION_S = 24 * 3600.0  # guardian.anonymize.operators.identifier
# Per-flow deadline of the escalation loop by action basis: a click waits least, a beacon longest.
DEFAULT_DEADLINES_S: Mapping[Basis, float] = MappingProxyType(
    {Basis.USER_INITIATED: 4.0, Basis.DEFAULT: 8.0, Basis.BACKGROUND: 20.0}
)
DEADLINE_SHARE_OF_TIMEOUT = 0.9  # a deadline never reaches the flow's own timeout
MODES = ("enforce", "monitor")
FAIL_MODES = ("closed", "open")
MATCHER_ENCODERS = ("multihot", "minilm-lora", "minilm")  # minilm-lora: opt-in weights only (guardian/weights.py)
# The model that reads prose: auto (the prose tagger for prompts to AI services, spaCy for the rest),
# or one of guardian.detect.registry.PROSE_CHOICES everywhere (not imported: it loads the detector).
PROSE_MODELS = ("auto", "spacy", "tagger")
ANNOTATORS = ("rules", "llm")
USER_MODES = ("one", "proxyauth", "client")  # guardian_users
# guardian.session's bounds (not imported: it loads the pipeline's stages)
MAX_SESSIONS = 10_000
SESSION_TTL_S = 24 * 3600.0


class OptionSpec(NamedTuple):
    """One option: its mitmproxy type, default and help (and choices, when closed)."""

    typespec: Any
    default: Any
    help: str
    choices: tuple[str, ...] | None = None


OPTIONS: Mapping[str, OptionSpec] = MappingProxyType({
    # the decision addon
    "guardian_rules": OptionSpec(
        Optional[str], None,
        "Path of the YAML rules file (default: built-in rules); a bad file stops the start, naming file and "
        "line; edits are picked up while running.",
    ),
    "guardian_audit": OptionSpec(
        Optional[str], None,
        "Path of the JSONL audit log (default: no log); the key of its value hashes is kept beside it "
        "(.guardian-audit-key).",
    ),
    "guardian_mode": OptionSpec(str, "enforce", "enforce: allow, rewrite or block. monitor: decide and log only.", MODES),
    "guardian_fail": OptionSpec(
        str, "closed",
        "When the pipeline fails or times out: closed blocks the request, open lets it through unchanged.", FAIL_MODES,
    ),
    # Seconds are strings: mitmproxy's --set parses str, int and bool options only (a float option
    # makes mitmdump exit at start), and "2.5" must work. Settings reads them as numbers.
    "guardian_timeout": OptionSpec(str, f"{DEFAULT_TIMEOUT_S:g}", "Seconds a request may wait for a decision."),
    "guardian_max_body": OptionSpec(int, DEFAULT_MAX_BODY_BYTES, "Largest (decoded) body inspected, in bytes; a larger one is opaque."),
    "guardian_matcher": OptionSpec(
        str, "multihot",
        "System 1's encoder (the fast path of the violation likelihood L): multihot reads the annotated "
        "fields and loads no model; minilm reads the statement text with the frozen MiniLM; minilm-lora "
        "with a MiniLM fine-tuned on OPP-115, an opt-in (research use only: train it into the opt-in "
        "folder, `guardian weights`).",
        MATCHER_ENCODERS,
    ),
    "guardian_prose": OptionSpec(
        str, "auto",
        "The model that reads free text for names, places, organisations and dates. auto: the MiniLM "
        "prose tagger trained here for prompts to AI services (it leaves public names, places and "
        "products in questions alone, so far fewer prompts change) and Presidio's spaCy NER for all "
        "other traffic (it finds more names in documents about other people), with the tagger as a "
        "second reader of the capitalised words no English dictionary knows; spacy or tagger: that "
        "model everywhere (spacy loads no MiniLM). docs/detection.md (Prose tagger) has the figures.",
        PROSE_MODELS,
    ),
    "guardian_trackers": OptionSpec(
        Optional[str], None,
        "Tracker lists (Disconnect services.json/entities.json, DuckDuckGo tds.json): comma-separated files "
        "or directories, first wins; used above the built-in map (default: built-in map only).",
    ),
    "guardian_decision_process": OptionSpec(
        str, "auto",
        "Decide requests in a second process, on another CPU core than the proxy's event loop: on, off, "
        "or auto (on with two or more CPUs). The decisions are the same; the proxy decides itself while "
        "that process starts or if it stops.",
        ("auto", "on", "off"),
    ),
    "guardian_users": OptionSpec(
        str, "one",
        "Whose flow a request is, so that each user's decisions remember only that user's pages, ids "
        "and chats: one (everyone behind the proxy is one user), proxyauth (the user name of "
        "mitmproxy's proxy authentication; set proxyauth too), or client (the client's IP address).",
        USER_MODES,
    ),
    "guardian_user_rules": OptionSpec(
        Optional[str], None,
        "A folder of users' own rules files, NAME.yaml for the user NAME (guardian_users=proxyauth) or "
        "ADDRESS.yaml (client), each layered over the proxy's rules for that user only; the proxy's "
        "blocks stay in force (default: none).",
    ),
    "guardian_sessions_max": OptionSpec(
        int, MAX_SESSIONS,
        "Users whose session is kept at once; the least recently active one is forgotten first.",
    ),
    "guardian_session_ttl": OptionSpec(
        str, f"{SESSION_TTL_S:g}",
        "Seconds a user's session (frames, identifiers seen) is kept after that user's last request.",
    ),
    "guardian_id_rotation": OptionSpec(
        str, f"{DEFAULT_ID_ROTATION_S:g}",
        "Seconds a recipient keeps seeing the same substitute for a user id it receives rewritten "
        "(a new one after that; each recipient site gets its own).",
    ),
    # the LLM link
    "guardian_llm": OptionSpec(
        Optional[str], None,
        "Base URL of an OpenAI-compatible LLM endpoint for L4/L5 and escalation "
        "(default $GUARDIAN_LLM_BASE_URL; 'off' or unset: rule levels only).",
    ),
    "guardian_llm_model": OptionSpec(
        Optional[str], None, "LLM model name (default $GUARDIAN_LLM_MODEL; the key only from $GUARDIAN_LLM_API_KEY)."
    ),
    "guardian_llm_format": OptionSpec(
        str, "auto",
        "How strict JSON is asked for: json_object (+schema), json_schema, none (prompt only), or auto "
        "(by the server behind the endpoint).",
        FORMATS,
    ),
    "guardian_fast_attacker": OptionSpec(
        bool, True,
        "Run the fast attacker (a MiniLM model, about 90 MB) on the request path: it tries to re-identify "
        "the writer of rewritten free text and escalates the rewrite when it can. Off: the rule levels "
        "alone, or the LLM's attacker with guardian_llm; the proxy starts faster and uses less memory.",
    ),
    "guardian_llm_verify": OptionSpec(bool, True, "Escalate only on attacker guesses the original text supports (the verifier)."),
    "guardian_llm_deadline": OptionSpec(
        Optional[str], None,
        "Per-basis seconds for the escalation loop (default user_initiated=4,default=8,background=20), "
        "each capped at 90% of guardian_timeout.",
    ),
    # policy fetching
    "guardian_policy_db": OptionSpec(
        Optional[str], None,
        "SQLite file of the privacy-policy store (default: ~/.local/state/guardian/policies.sqlite3); "
        "'off' disables policy evidence.",
    ),
    "guardian_policy_fetch": OptionSpec(
        bool, True, "Fetch the privacy policy of unknown sites in the background (off: use only `guardian policy fetch`)."
    ),
    "guardian_policy_ttl": OptionSpec(str, f"{DEFAULT_POLICY_TTL_S:g}", "Seconds before a stored policy is refetched."),
    "guardian_policy_annotator": OptionSpec(
        str, "rules",
        "How fetched statements are annotated: rules (lexicon, fast, offline) or llm (the configured "
        "LLM endpoint, in the background; rules where it fails).",
        ANNOTATORS,
    ),
    # the store shared by many proxies (guardian/store/)
    "guardian_store": OptionSpec(
        Optional[str], None,
        "Where the policy store, the disk vault and the matcher's labels live: unset, the SQLite files "
        "beside guardian_policy_db (as always); postgresql://user@host/db (or postgres://...), all three "
        "in that PostgreSQL database, shared by every proxy pointed at it (the vault key stays in a file "
        "on each machine). The password is never logged.",
    ),
    # streaming
    "guardian_stream_threshold": OptionSpec(
        int, DEFAULT_STREAM_THRESHOLD,
        "Uploads larger than this many bytes (or of unknown size) are decided from URL, headers "
        "and rules alone, then streamed, never buffered.",
    ),
    # AI chats: consistent pseudonyms, the vault, answers restored (guardian/vault/, guardian/addon/restore.py)
    "guardian_pseudonyms": OptionSpec(
        str, "tags",
        "Pseudonyms in AI prompts, the same for a value across a conversation: tags ([PERSON_1]), surrogates "
        "(made-up names, example.com e-mails, 555-01xx phones, cities), or off (one-off tags, nothing restored).",
        ("tags", "surrogates", "off"),
    ),
    "guardian_pseudonyms_all": OptionSpec(
        bool, False, "Consistent pseudonyms for every transformed flow, not only AI services (a form sent twice: one pseudonym)."
    ),
    "guardian_restore": OptionSpec(bool, True, "Put the originals back into AI services' answers (JSON, SSE, WebSocket)."),
    "guardian_restore_hosts": OptionSpec(
        Optional[str], None, "More hosts whose answers are restored, comma-separated (a domain covers its subdomains)."
    ),
    "guardian_vault": OptionSpec(
        Optional[str], None,
        "Where the pseudonym vault lives: memory (default), disk (vault.sqlite3 beside the policy store, "
        "values encrypted with a 0600 key file), or a file path.",
    ),
    "guardian_vault_ttl": OptionSpec(str, "86400", "Seconds an idle conversation's pseudonyms are kept."),
    "guardian_vault_max": OptionSpec(int, 100_000, "Most values the vault keeps; the least recently used conversations go first."),
    "guardian_vault_window": OptionSpec(
        str, "1800", "Seconds of idleness that end a conversation the service gives no id to (host + client)."
    ),
})


def declare_options(loader: Any, names: Iterable[str] | Mapping[str, OptionSpec]) -> None:
    """Declare options on a mitmproxy loader, in an addon's `load`: names of `OPTIONS`, or an
    addon's own `OptionSpec`s (an option no pipeline reads, such as a server's port, stays with
    the addon that serves it; the style of declaring is the same)."""
    specs = names if isinstance(names, Mapping) else {name: OPTIONS[name] for name in names}
    for name, spec in specs.items():
        if spec.choices:
            loader.add_option(name, spec.typespec, spec.default, spec.help, choices=spec.choices)
        else:
            loader.add_option(name, spec.typespec, spec.default, spec.help)


def check_options(options: Any, names: Iterable[str]) -> None:
    """Raise the `SettingsError` of one of `names`, if any: an addon validates its own options."""
    try:
        Settings.from_options(options)
    except SettingsError as e:
        if e.option in set(names):
            raise


def parse_set(assignments: Iterable[str]) -> dict[str, Any]:
    """`NAME=VALUE` strings (the CLI's `--set`, as mitmdump's) as typed option values."""
    out: dict[str, Any] = {}
    for text in assignments:
        name, sep, raw = text.partition("=")
        name = name.strip()
        if not sep or name not in OPTIONS:
            raise SettingsError(name or text, raw, f"use NAME=VALUE with one of: {', '.join(OPTIONS)}")
        kind = OPTIONS[name].typespec
        if kind is bool:
            low = raw.strip().lower()
            if low not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                raise SettingsError(name, raw, "must be true or false")
            out[name] = low in ("true", "1", "yes", "on")
        elif kind is int:
            try:
                out[name] = kind(raw)
            except ValueError:
                raise SettingsError(name, raw, "not an integer") from None
        else:
            out[name] = raw or None
    return out


def parse_deadlines(spec: str | None, timeout: float) -> dict[Basis, float]:
    """'background=20,default=8' over the defaults, each capped below the flow timeout."""
    out = dict(DEFAULT_DEADLINES_S)
    for part in (spec or "").split(","):
        if not part.strip():
            continue
        name, sep, value = part.partition("=")
        try:
            basis = Basis(name.strip())
            seconds = float(value)
        except ValueError:
            raise ConfigError(f"bad deadline {part.strip()!r}; use e.g. user_initiated=4,default=8,background=20") from None
        if not sep or not seconds > 0:
            raise ConfigError(f"bad deadline {part.strip()!r}")
        out[basis] = seconds
    return {b: min(s, DEADLINE_SHARE_OF_TIMEOUT * timeout) for b, s in out.items()}


def _default_policy_db() -> str:
    from guardian.store.policies import default_db_path

    return str(default_db_path())


def _matcher_weights(encoder: str) -> None:
    """The chosen System 1 has weights: shipped (licence-clean), or the user's opt-in ones trained
    from OPP-115 (research use only), which the package cannot ship."""
    from guardian.weights import locate, opt_in_dir

    path, _ = locate("matcher", f"{encoder}.npz")
    if not path.is_file():
        raise SettingsError(
            "guardian_matcher", encoder,
            f"no weights: they are trained on OPP-115 (research, teaching and scholarship use only), so none ship; "
            f"train them from your own copy (guardian-lab matcher train --data OPP115_DIR --encoder {encoder} "
            f"--out {opt_in_dir() / 'matcher' / f'{encoder}.npz'}), or use multihot")


@dataclass(frozen=True)
class Settings:
    """Everything the assembly and the addons need, checked; the same from options or flags."""

    rules_path: str | None = None
    audit_path: str | None = None
    mode: str = "enforce"
    fail: str = "closed"
    timeout: float = DEFAULT_TIMEOUT_S
    max_body: int = DEFAULT_MAX_BODY_BYTES
    matcher: str = "multihot"
    prose: str = "auto"  # one of PROSE_MODELS
    trackers: str | None = None  # comma-separated files or folders
    llm: LLMSettings | None = None  # None: rule levels only
    llm_verify: bool = True
    fast_attacker: bool = True  # the MiniLM attacker on the request path (guardian_fast_attacker)
    deadlines: Mapping[Basis, float] = field(default_factory=lambda: dict(DEFAULT_DEADLINES_S))
    escalation_scope: str = "findings"  # all_text: every prose value is in scope (evaluation)
    # True: no flow waits for an LLM it has not measured fast; the rest is asked in the background
    # and teaches the next decision (guardian/llm/background.py). False: Algorithm 1 waits for the
    # LLM within the deadline (evaluation, benchmarks).
    llm_background: bool = True
    escalation_l_max: int = 5  # l_max; the evaluation's ablations lower it
    policy_db: str | None = None  # None: no policy store, no evidence
    policy_fetch: bool = True
    policy_ttl: float = DEFAULT_POLICY_TTL_S
    policy_annotator: str = "rules"
    stream_threshold: int = DEFAULT_STREAM_THRESHOLD
    id_rotation: float = DEFAULT_ID_ROTATION_S  # seconds a substituted user id stays the same
    decision_process: str = "auto"  # the proxy only: auto | on | off (guardian/addon/offload.py)
    store: str | None = field(default=None, repr=False)  # guardian_store: a postgresql:// URL (with its password); None: the SQLite files
    users: str = "one"  # one of USER_MODES: how the proxy tells users apart (guardian/addon/users.py)
    user_rules: str | None = None  # a folder of users' own rules files (guardian/user_rules.py)
    sessions_max: int = MAX_SESSIONS
    session_ttl: float = SESSION_TTL_S

    def __post_init__(self) -> None:
        object.__setattr__(self, "deadlines", MappingProxyType(dict(self.deadlines)))

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    @classmethod
    def from_options(cls, options: Any, *, env: Mapping[str, str] | None = None) -> Settings:
        """From mitmproxy's `ctx.options` (only the guardian options that are declared)."""
        values = {name: getattr(options, name) for name in OPTIONS if hasattr(options, name)}
        return cls.from_values(values, env=env)

    @classmethod
    def from_values(cls, values: Mapping[str, Any], *, env: Mapping[str, str] | None = None) -> Settings:
        """From option names and values (missing ones take their defaults); `SettingsError` names
        the first bad one."""
        unknown = sorted(set(values) - set(OPTIONS))
        if unknown:
            raise SettingsError(unknown[0], values[unknown[0]], f"no such option; known: {', '.join(OPTIONS)}")
        v = {name: spec.default for name, spec in OPTIONS.items()}
        v.update({k: val for k, val in values.items()})
        for name, spec in OPTIONS.items():
            if spec.choices and v[name] not in spec.choices:
                raise SettingsError(name, v[name], f"must be one of {', '.join(spec.choices)}")
        _matcher_weights(v["guardian_matcher"])
        timeout = _positive(v, "guardian_timeout", float)
        max_body = int(_positive(v, "guardian_max_body", int))
        try:
            deadlines = parse_deadlines(v["guardian_llm_deadline"], timeout)
        except ConfigError as e:
            raise SettingsError("guardian_llm_deadline", v["guardian_llm_deadline"], str(e)) from None
        try:
            fmt = v["guardian_llm_format"]
            llm = LLMSettings.from_env(
                env,
                base_url=v["guardian_llm"],
                model=v["guardian_llm_model"],
                response_format=None if fmt == "auto" else fmt,
                timeout=timeout,
            )
        except ConfigError as e:
            raise SettingsError("guardian_llm", v["guardian_llm"], str(e)) from None
        try:
            store = check_store_url(v["guardian_store"])
        except StoreURLError as e:
            raise SettingsError("guardian_store", redact_url(v["guardian_store"]), str(e)) from None
        db = v["guardian_policy_db"]
        policy_db = None if isinstance(db, str) and db.strip().lower() == "off" else os.path.expanduser(db or _default_policy_db())
        return cls(
            rules_path=v["guardian_rules"] or None,
            audit_path=os.path.expanduser(v["guardian_audit"]) if v["guardian_audit"] else None,
            mode=v["guardian_mode"],
            fail=v["guardian_fail"],
            timeout=timeout,
            max_body=max_body,
            matcher=v["guardian_matcher"],
            prose=v["guardian_prose"],
            trackers=v["guardian_trackers"] or None,
            llm=llm,
            llm_verify=bool(v["guardian_llm_verify"]),
            fast_attacker=bool(v["guardian_fast_attacker"]),
            deadlines=deadlines,
            policy_db=policy_db,
            policy_fetch=bool(v["guardian_policy_fetch"]),
            policy_ttl=_positive(v, "guardian_policy_ttl", float),
            id_rotation=_positive(v, "guardian_id_rotation", float),
            policy_annotator=v["guardian_policy_annotator"],
            stream_threshold=int(_positive(v, "guardian_stream_threshold", int)),
            decision_process=v["guardian_decision_process"],
            store=store,
            users=v["guardian_users"],
            user_rules=os.path.expanduser(v["guardian_user_rules"]) if v["guardian_user_rules"] else None,
            sessions_max=int(_positive(v, "guardian_sessions_max", int)),
            session_ttl=_positive(v, "guardian_session_ttl", float),
        )


def _positive(values: Mapping[str, Any], name: str, kind: type) -> float:
    raw = values[name]
    try:
        number = kind(raw)
    except (TypeError, ValueError):
        raise SettingsError(name, raw, "not a number") from None
    if not number > 0:
        raise SettingsError(name, raw, "must be positive")
    return float(number)
