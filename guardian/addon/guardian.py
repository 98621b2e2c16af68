"""The GuardianAgent mitmproxy addon: options, the request hook, fail-open/closed handling.

Thin glue: it turns a flow into an `HttpRequest`, runs the pipeline in a worker thread (so a
slow flow never stalls the event loop or other flows), applies the outcome, stores the
decision record in `flow.metadata["guardian"]` and appends it to the audit log.
"""

from __future__ import annotations

import asyncio
import logging
import os
import traceback
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from typing import Any, Optional

from mitmproxy import exceptions, http

from guardian.addon.enforce import apply_rewrite, block_response
from guardian.policy_store.addon import PolicyAddonPart
from guardian.audit import AuditLog
from guardian.context import ContextResolver, load_trackers
from guardian.errors import GuardianError
from guardian.llm.addon import LLMAddonPart
from guardian.matcher import Matcher
from guardian.overrides import RulesWatcher
from guardian.pipeline import DEFAULT_MAX_BODY_BYTES, Pipeline, safe_path
from guardian.records import HttpRequest, Verdict
from guardian.rules import Rules, load_rules

__all__ = ["GuardianAddon"]

log = logging.getLogger("guardian")

MODES = ("enforce", "monitor")
FAIL_MODES = ("closed", "open")
MATCHER_ENCODERS = ("multihot", "minilm-lora", "minilm")  # those with shipped weights


def _error_summary(exc: BaseException) -> dict[str, str]:
    """Where an error happened, without its message: messages may quote request data."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = next((f for f in reversed(frames) if "/guardian/" in f.filename.replace("\\", "/")), None)
    where = where or (frames[-1] if frames else None)
    loc = f"{os.path.basename(where.filename)}:{where.name}:{where.lineno}" if where else "unknown"
    return {"type": type(exc).__name__, "where": loc}


def keep_last_set_values() -> list[str]:
    """Make a guardian option given twice with --set take its last value, as a command line reads.

    mitmproxy 11 refuses such an option only when the script declares it ("Received multiple
    values"), and then drops the script's addons without a word: the proxy would run with no
    privacy checks at all. Call this at script import, before the addons declare their options;
    it returns the names it fixed (each is logged)."""
    try:
        from mitmproxy import ctx
        from mitmproxy.optmanager import _UnconvertedStrings

        deferred = ctx.options.deferred
    except Exception:  # noqa: BLE001 - not under mitmproxy (tests, imports): nothing to fix
        return []
    fixed = []
    for name, value in list(deferred.items()):
        if name.startswith("guardian_") and isinstance(value, _UnconvertedStrings) and len(value.val) > 1:
            deferred[name] = _UnconvertedStrings(value.val[-1:])
            fixed.append(name)
            log.warning("guardian: %s was set %d times; using the last value", name, len(value.val))
    return fixed


class GuardianAddon:
    """Decides every outgoing request: allow, rewrite in place, or block."""

    def __init__(self, pipeline: Pipeline | None = None) -> None:
        self.pipeline = pipeline
        self.audit: AuditLog | None = None
        self.mode = "enforce"
        self.fail = "closed"
        self.timeout = 10.0
        self._rules_watch: RulesWatcher | None = None  # reloads an edited rules file
        self.context: ContextResolver | None = None  # built from guardian_trackers once, shared by every flow
        self._executor = ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2), thread_name_prefix="guardian")
        self.policy = PolicyAddonPart()  # the policy store and its background fetcher
        self.llm = LLMAddonPart()  # L4/L5 and verified escalation when an LLM is configured

    # -- options -----------------------------------------------------------------------------

    def load(self, loader: Any) -> None:
        loader.add_option("guardian_rules", Optional[str], None, "Path of the YAML rules file (default: built-in rules).")
        loader.add_option("guardian_audit", Optional[str], None, "Path of the JSONL audit log (default: no log).")
        loader.add_option(
            "guardian_mode", str, "enforce", "enforce: allow, rewrite or block. monitor: decide and log only.", choices=MODES
        )
        loader.add_option(
            "guardian_fail",
            str,
            "closed",
            "When the pipeline fails or times out: closed blocks the request, open lets it through unchanged.",
            choices=FAIL_MODES,
        )
        loader.add_option("guardian_timeout", float, 10.0, "Seconds a request may wait for a decision.")
        loader.add_option(
            "guardian_max_body", int, DEFAULT_MAX_BODY_BYTES, "Largest (decoded) body inspected, in bytes."
        )
        PolicyAddonPart.load(loader)
        LLMAddonPart.load(loader)
        loader.add_option(
            "guardian_matcher",
            str,
            "multihot",
            "System 1's encoder (the fast path of the violation likelihood L): multihot reads the annotated "
            "fields and loads no model; minilm-lora reads the statement text with a fine-tuned MiniLM "
            "(fewer System 2 calls, about 100 MB more memory); minilm the frozen MiniLM.",
            choices=MATCHER_ENCODERS,
        )
        loader.add_option(
            "guardian_trackers",
            Optional[str],
            None,
            "Tracker lists (Disconnect services.json/entities.json, DuckDuckGo tds.json): comma-separated files "
            "or directories, first wins; used above the built-in map (default: built-in map only).",
        )

    def configure(self, updated: set[str]) -> None:
        from mitmproxy import ctx

        self.policy.configure(updated)  # first: a bad guardian_policy_db fails before anything changes

        opts = ctx.options
        if "guardian_mode" in updated:
            if opts.guardian_mode not in MODES:
                raise exceptions.OptionsError(f"guardian_mode must be one of {MODES}, not {opts.guardian_mode!r}")
            self.mode = opts.guardian_mode
        if "guardian_fail" in updated:
            if opts.guardian_fail not in FAIL_MODES:
                raise exceptions.OptionsError(f"guardian_fail must be one of {FAIL_MODES}, not {opts.guardian_fail!r}")
            self.fail = opts.guardian_fail
        if "guardian_timeout" in updated:
            if not opts.guardian_timeout > 0:
                raise exceptions.OptionsError("guardian_timeout must be a positive number of seconds")
            self.timeout = float(opts.guardian_timeout)
        if "guardian_max_body" in updated and opts.guardian_max_body <= 0:
            raise exceptions.OptionsError("guardian_max_body must be a positive number of bytes")
        if "guardian_trackers" in updated or self.context is None:
            try:
                self.context = ContextResolver(load_trackers(opts.guardian_trackers))
            except GuardianError as e:
                raise exceptions.OptionsError(f"guardian_trackers: {e}") from e
        if "guardian_matcher" in updated and opts.guardian_matcher not in MATCHER_ENCODERS:
            raise exceptions.OptionsError(f"guardian_matcher must be one of {MATCHER_ENCODERS}, not {opts.guardian_matcher!r}")
        if {"guardian_rules", "guardian_max_body", "guardian_trackers", "guardian_matcher"} & updated or self.pipeline is None:
            watch = RulesWatcher(opts.guardian_rules) if opts.guardian_rules else None
            try:
                rules = load_rules(opts.guardian_rules) if opts.guardian_rules else Rules()
            except GuardianError as e:
                raise exceptions.OptionsError(str(e)) from e
            if self.pipeline is None or {"guardian_max_body", "guardian_trackers", "guardian_matcher"} & updated:
                matcher = Matcher.shipped(opts.guardian_matcher)
                if matcher.s1 is not None:  # a MiniLM loads in the background, not on the first request
                    self._executor.submit(matcher.s1.encoder.warm)
                self.pipeline = Pipeline(rules, context=self.context, max_body_bytes=opts.guardian_max_body, matcher=matcher)
            else:
                self.pipeline = self.pipeline.with_rules(rules)
            log.info("guardian: rules loaded from %s", rules.source)
            self._rules_watch = watch
        self.policy.attach(self.pipeline, self.context)
        self.llm.configure(updated, opts, self.timeout)
        self.llm.attach(self.pipeline)
        self.policy.use_llm(self.llm.client)
        if "guardian_audit" in updated:
            if self.audit is not None:
                self.audit.close()
                self.audit = None
            if opts.guardian_audit:
                try:
                    self.audit = AuditLog(os.path.expanduser(opts.guardian_audit))
                except OSError as e:
                    raise exceptions.OptionsError(f"cannot open guardian_audit {opts.guardian_audit!r}: {e}") from e

    def running(self) -> None:
        self.policy.start()

    def done(self) -> None:
        self.policy.stop()
        self.llm.stop()
        if self.audit is not None:
            self.audit.close()
        self._executor.shutdown(wait=False, cancel_futures=True)

    # -- hooks ---------------------------------------------------------------------------------

    async def request(self, flow: http.HTTPFlow) -> None:
        if flow.response or flow.error or not flow.live:
            return
        if "guardian" in flow.metadata:  # already decided (e.g. a replayed flow)
            return
        self.reload_rules()
        pipeline = self.pipeline
        if pipeline is None:
            return
        if flow.request.raw_content is None:  # a streamed body is decided in requestheaders (later issue)
            return
        request = HttpRequest(
            method=flow.request.method,
            url=flow.request.url,
            headers=tuple(flow.request.headers.items(multi=True)),
            body=flow.request.raw_content,
        )
        loop = asyncio.get_running_loop()
        try:
            outcome = await asyncio.wait_for(
                loop.run_in_executor(self._executor, pipeline.decide, request), timeout=self.timeout
            )
        except Exception as e:  # noqa: BLE001 - any failure must become the configured fail mode
            self._fail(flow, request, e)
            return

        record = outcome.record
        record["id"] = flow.id
        record["mode"] = self.mode
        enforced = self.mode == "enforce" and outcome.verdict is not Verdict.ALLOW
        if enforced and outcome.verdict is Verdict.DENY:
            flow.response = block_response(request.host, outcome.reason, record, html=self._wants_html(flow))
        elif enforced and outcome.verdict is Verdict.TRANSFORM and outcome.rewrite is not None:
            apply_rewrite(flow.request, outcome.rewrite)
        record["enforced"] = enforced and not (outcome.verdict is Verdict.TRANSFORM and outcome.rewrite is None)
        self._record(flow, record)

    # -- helpers -------------------------------------------------------------------------------

    def reload_rules(self) -> None:
        """Pick up an edited rules file (`guardian allow ...`) without a restart; one stat a second."""
        if self._rules_watch is not None and self.pipeline is not None:
            rules = self._rules_watch.poll()
            if rules is not None:
                self.pipeline = self.pipeline.with_rules(rules)
                self.policy.attach(self.pipeline, self.context)

    @staticmethod
    def _wants_html(flow: http.HTTPFlow) -> bool:
        dest = flow.request.headers.get("sec-fetch-dest", "")
        return dest in ("document", "iframe") or "text/html" in flow.request.headers.get("accept", "")[:40]

    def _fail(self, flow: http.HTTPFlow, request: HttpRequest, exc: BaseException) -> None:
        timed_out = isinstance(exc, (asyncio.TimeoutError, TimeoutError))
        what = f"no decision within {self.timeout:g}s" if timed_out else "the privacy pipeline failed"
        record: dict[str, Any] = {
            "v": 1,
            "ts": datetime.now(timezone.utc).isoformat(timespec="milliseconds"),  # for `guardian report --since`
            "id": flow.id,
            "method": request.method,
            "host": request.host,
            "path": safe_path(request.url),
            "decision": "deny" if self.fail == "closed" else "allow",
            "reason": f"{what}; guardian_fail={self.fail}",
            "error": {"timeout": True} if timed_out else _error_summary(exc),
            "mode": self.mode,
            "categories": [],
        }
        log.warning("guardian: %s for %s %s (%s)", what, request.method, request.host, record["error"])
        enforced = self.mode == "enforce" and self.fail == "closed"
        if enforced:
            flow.response = block_response(request.host, str(record["reason"]), record, html=self._wants_html(flow))
        record["enforced"] = enforced
        self._record(flow, record)

    def _record(self, flow: http.HTTPFlow, record: dict[str, Any]) -> None:
        flow.metadata["guardian"] = record
        if record["decision"] != "allow" or record.get("categories"):
            flow.marked = {"deny": ":no_entry:", "transform": ":pencil2:"}.get(record["decision"], ":eyes:")
        log.info(
            "guardian: %s %s %s%s [%s] R=%s",
            record["decision"],
            record["method"],
            record["host"],
            record["path"],
            ",".join(record.get("categories", [])),
            record.get("R"),
        )
        if self.audit is not None:
            try:
                self.audit.write(record)
            except OSError as e:
                log.error("guardian: cannot write the audit log: %s", e)
