"""The policy store as the pipeline and the CLI use it: lookup, ingest, fetch, background worker.

The request path calls `lookup(action, context)`: it reads only memory (and, once per site, the
SQLite file), never the network. A site with no stored policy gets "no evidence" and a fetch
request; a background worker (its own thread and asyncio loop, started and stopped by the
addon) discovers, fetches, segments, annotates and stores the policy, so later flows to the
site get evidence. Failed fetches are remembered with exponential back-off.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import re
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import httpx

from guardian.context.trackers import TrackerMap
from guardian.policies.annotate import Annotator, RuleAnnotator, looks_english
from guardian.policies.discover import privacy_links, rule_url, tracker_url, well_known_urls
from guardian.policies.errors import PolicyFetchError
from guardian.policies.fetch import FetchLimits, fetch_page, make_client
from guardian.policies.records import NO_URLS, PolicyEvidence, PolicyLookup, PolicyVersion
from guardian.policies.retrieve import ActionQuery, PolicyIndex, transparency_signals
from guardian.policies.segment import detect_format, segment_document
from guardian.store.policies import FetchState, PolicyDB
from guardian.records import Action, RequestContext, TransparencySignals
from guardian.store import StoreError, StoreUnavailable

__all__ = ["PolicyStore", "DEFAULT_TTL_S", "swap_fetcher"]

log = logging.getLogger("guardian.policy")

DEFAULT_TTL_S = 7 * 24 * 3600.0  # a stored policy is refreshed in the background after a week
BACKOFF_BASE_S = 300.0  # first retry after 5 min, then doubling ...
BACKOFF_MAX_S = 24 * 3600.0  # ... up to a day
SITE_DEADLINE_S = 60.0  # whole discovery for one site
# A site with nothing stored and no fetch tried is looked up in the database again after this
# long, not on every request (a fetch that stores a policy makes it known at once).
ABSENT_RECHECK_S = 30.0
ABSENT_MEMO_SIZE = 10_000
MIN_PRACTICE_STATEMENTS = 3  # fewer statements stating a practice: not a policy
_POLICY_WORDS = re.compile(r"privacy|personal (?:data|information)|cookies?", re.I)


class PolicyStore:
    """Stored policies of sites, with their statement indexes cached in memory."""

    def __init__(
        self,
        db: PolicyDB | str | os.PathLike[str],
        *,
        annotator: Annotator | None = None,
        limits: FetchLimits = FetchLimits(),
        ttl_s: float = DEFAULT_TTL_S,
        backoff_base_s: float = BACKOFF_BASE_S,
        backoff_max_s: float = BACKOFF_MAX_S,
        trackers: TrackerMap | None = None,
        base_url: Callable[[str], str] | None = None,
        workers: int = 2,
    ) -> None:
        self.db = db if isinstance(db, PolicyDB) else PolicyDB(db)
        self.annotator = annotator or RuleAnnotator()
        self.limits = limits
        self.ttl_s = ttl_s
        self.backoff_base_s = backoff_base_s
        self.backoff_max_s = backoff_max_s
        self.trackers = trackers
        self.base_url = base_url or (lambda site: f"https://{site}/")
        self.workers = workers
        self._lock = threading.Lock()
        self._cache: dict[str, tuple[PolicyVersion, PolicyIndex]] = {}
        self._failed: dict[str, tuple[str, str | None, float]] = {}  # site -> (outcome, detail, next try)
        self._pending: set[str] = set()
        self._absent: dict[str, float] = {}  # site -> when to look in the database again
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: asyncio.Queue[tuple[str, str | None, str | None]] | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()

    def configure(
        self,
        *,
        annotator: Annotator | None = None,
        trackers: TrackerMap | None = None,
    ) -> None:
        """Change how new policies are found and read (assembly calls it; a running fetch keeps
        what it started with). Only the values given change."""
        with self._lock:
            if annotator is not None:
                self.annotator = annotator
            if trackers is not None:
                self.trackers = trackers

    # -- the request path ----------------------------------------------------------------------

    def _stored(self, site: str) -> tuple[PolicyVersion | None, FetchState | None]:
        version = self.db.latest(site)
        return version, (self.db.fetch_state(site) if version is None else None)

    def lookup_site(
        self, site: str, host: str | None = None, *, request_fetch: bool = True, first_url: str | None = None,
    ) -> tuple[str, PolicyVersion | None, PolicyIndex | None, str | None]:
        """(status, version, index, detail) for a site, from memory or the database, no network.
        `first_url`, the user's URL for the site (the rules' `policies`), is tried first by a fetch."""
        now = time.time()
        with self._lock:
            cached = self._cache.get(site)
            failed = self._failed.get(site)
            pending = site in self._pending
            absent = self._absent.get(site, 0.0) > now
        if cached is None and not pending and not absent and (failed is None or failed[2] <= now):
            try:  # a shared store is read within its gate's deadline: a frozen one costs no flow more
                version, state = self.db.store.call(lambda: self._stored(site))
            except StoreUnavailable:  # a shared store that is down or too slow: no evidence, ask again in a while
                with self._lock:
                    if len(self._absent) >= ABSENT_MEMO_SIZE:
                        self._absent.clear()
                    self._absent[site] = now + ABSENT_RECHECK_S
                return "unavailable", None, None, "the policy store is unavailable"
            if version is not None:
                cached = self._remember(version)
            else:
                with self._lock:
                    if state is not None and state.outcome != "stored":
                        failed = (state.outcome, state.detail, state.next_attempt_at)
                        self._failed[site] = failed
                    else:  # nothing stored nor tried: ask the database again in a while, not per request
                        if len(self._absent) >= ABSENT_MEMO_SIZE:
                            self._absent.clear()
                        self._absent[site] = now + ABSENT_RECHECK_S
        if cached is not None:
            version, index = cached
            if request_fetch and now - version.fetched_at > self.ttl_s:
                self.request_fetch(site, host, first_url)  # stale: use it, refresh in the background
            if not version.statements:
                return "unusable", version, None, "the stored policy has no statements"
            return "stored", version, index, None
        if pending:
            return "pending", None, None, "policy fetch in progress"
        if failed is not None and failed[2] > now:
            return "failed", None, None, f"{failed[0]}: {failed[1] or ''}".strip(": ")
        if request_fetch:
            self.request_fetch(site, host, first_url)
        return "unknown", None, None, "no stored policy; fetch requested" if self.running else "no stored policy"

    def lookup(self, action: Action, context: RequestContext, policy_urls: Mapping[str, str] = NO_URLS) -> PolicyLookup:
        """Evidence for one action sent to `context.destination_site`; `policy_urls` are the rules'."""
        site = context.destination_site or context.destination
        status, version, index, detail = self.lookup_site(site, context.destination, first_url=rule_url(site, policy_urls))
        if index is None:
            return PolicyLookup(site=site, status=status, version=version, detail=detail)
        evidence = index.top_k(ActionQuery.from_action(action))
        return PolicyLookup(site=site, status=status, version=version, evidence=evidence)

    def transparency(self, action: Action, context: RequestContext, policy_urls: Mapping[str, str] = NO_URLS) -> PolicyEvidence:
        """The M_T signals for one action, its evidence and the `transparency` section of its record;
        `policy_urls` (the rules' `policies`) say where a site's policy is when discovery misses it.

        Never raises: a store failure scores the action with no evidence and says why.
        """
        try:
            found = self.lookup(action, context, policy_urls)
        except Exception as e:  # noqa: BLE001 - the request path must get an answer
            log.warning("guardian: policy lookup failed: %s", type(e).__name__)
            return PolicyEvidence(record={"evidence": "none", "status": "error", "detail": type(e).__name__})
        signals = transparency_signals(ActionQuery.from_action(action), found.evidence)
        record: dict[str, Any] = {
            "evidence": "policy" if found.evidence else "none",
            "status": found.status,
            "site": found.site,
        }
        if found.detail:
            record["detail"] = found.detail
        if found.version is not None:
            v = found.version
            record["policy"] = {"version": v.id, "url": v.url, "fetched_at": round(v.fetched_at, 3), "sha256": v.sha256[:16]}
        record["evidence_ids"] = [e.statement.id for e in found.evidence]
        record["evidence_scores"] = [e.score for e in found.evidence]
        record["signals"] = signals.as_record()
        return PolicyEvidence(signals=signals, evidence=found.evidence, record=record)

    def _remember(self, version: PolicyVersion) -> tuple[PolicyVersion, PolicyIndex]:
        entry = (version, PolicyIndex(version.statements))
        with self._lock:
            self._cache[version.site] = entry
            self._failed.pop(version.site, None)
            self._absent.pop(version.site, None)
        return entry

    # -- ingest ---------------------------------------------------------------------------------

    def ingest(self, site: str, url: str, text: str, content_type: str | None = None) -> PolicyVersion:
        """Segment, annotate and store one policy document; raises when it is not a usable policy."""
        fmt = detect_format(content_type, text, url)
        segments = segment_document(text, fmt)
        plain = " ".join(s.text for s in segments)
        if not looks_english(plain):
            raise PolicyFetchError("other_language", f"{url} is not in English; the rule annotator reads English only")
        annotated = [(s.text, s.heading, self.annotator.annotate(s.text, s.heading)) for s in segments]
        practices = sum(1 for _, _, f in annotated if f.actions and (f.data or f.recipients or f.purposes or f.rights))
        if practices < MIN_PRACTICE_STATEMENTS or not _POLICY_WORDS.search(plain):
            raise PolicyFetchError("no_policy_text", f"{url} states {practices} data practices; not a privacy policy")
        digest = hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()
        version = self.db.add_version(site, url, digest, "en", fmt, annotated)
        self._remember(version)
        return version

    def ingest_file(self, site: str, path: str | os.PathLike[str]) -> PolicyVersion:
        p = Path(path)
        return self.ingest(site, p.resolve().as_uri(), p.read_text("utf-8", errors="replace"))

    # -- fetching -------------------------------------------------------------------------------

    async def fetch_site(
        self, site: str, host: str | None = None, *, url: str | None = None, first_url: str | None = None,
        client: httpx.AsyncClient | None = None,
    ) -> PolicyVersion:
        """Discover and fetch a site's policy (or only `url`; `first_url` before the tracker list's
        and the site's own pages), store it; record the failure otherwise."""
        own = client is None
        client = client or make_client(self.limits)
        try:
            return await asyncio.wait_for(self._discover_and_fetch(site, host, url, first_url, client), timeout=SITE_DEADLINE_S)
        except PolicyFetchError as e:
            self._fail(site, e.outcome, str(e), url)
            raise
        except asyncio.TimeoutError as e:
            self._fail(site, "timeout", f"no policy found for {site} within {SITE_DEADLINE_S:g}s", url)
            raise PolicyFetchError("timeout", f"no policy found for {site} within {SITE_DEADLINE_S:g}s") from e
        finally:
            if own:
                await client.aclose()

    async def _discover_and_fetch(
        self, site: str, host: str | None, url: str | None, first_url: str | None, client: httpx.AsyncClient,
    ) -> PolicyVersion:
        candidates = [url] if url else [first_url, tracker_url(host or site, self.trackers)]
        last: PolicyFetchError | None = None
        tried: set[str] = set()

        async def attempt(candidate: str) -> PolicyVersion | None:
            nonlocal last
            tried.add(candidate)
            try:
                page = await fetch_page(client, candidate, self.limits)
                return self.ingest(site, page.url, page.text, page.content_type)
            except PolicyFetchError as e:
                last = e
                return None

        for candidate in filter(None, candidates):
            version = await attempt(candidate)
            if version is not None:
                return version
        if url:
            raise last or PolicyFetchError("not_found", f"nothing at {url}")
        base = self.base_url(site)
        for candidate in well_known_urls(base):
            version = await attempt(candidate)
            if version is not None:
                return version
            if last is not None and last.outcome in ("network", "timeout"):
                break  # the host does not answer: the other paths will not either
        if last is None or last.outcome not in ("network", "timeout"):
            try:
                home = await fetch_page(client, base, self.limits)
                for link in privacy_links(home.text, home.url):
                    if link not in tried:
                        version = await attempt(link)
                        if version is not None:
                            return version
            except PolicyFetchError as e:
                last = e
        raise last or PolicyFetchError("not_found", f"no privacy policy found for {site}")

    def _fail(self, site: str, outcome: str, detail: str, url: str | None) -> None:
        try:
            next_at = self.db.record_failure(site, outcome, detail, url, base_s=self.backoff_base_s, max_s=self.backoff_max_s).next_attempt_at
        except StoreError:  # the store is down: remember the back-off in memory, try the site again later
            next_at = time.time() + self.backoff_base_s
        with self._lock:
            self._failed[site] = (outcome, detail, next_at)
        log.info("guardian: policy for %s not stored (%s); next try in %.0fs", site, outcome, next_at - time.time())

    def fetch_now(self, site: str, *, url: str | None = None, first_url: str | None = None) -> PolicyVersion:
        """Fetch synchronously (the CLI): raises `PolicyFetchError` with the outcome."""
        return asyncio.run(self.fetch_site(site, url=url, first_url=first_url))

    # -- background worker ----------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def request_fetch(self, site: str, host: str | None = None, first_url: str | None = None) -> bool:
        """Queue a background fetch for a site unless one is queued; False when no worker runs."""
        if not site or not self.running or self._loop is None or self._queue is None:
            return False
        with self._lock:
            if site in self._pending:
                return True
            self._pending.add(site)
        queue = self._queue
        try:
            self._loop.call_soon_threadsafe(queue.put_nowait, (site, host, first_url))
        except RuntimeError:  # the loop closed meanwhile
            with self._lock:
                self._pending.discard(site)
            return False
        return True

    def start(self) -> None:
        """Start the worker thread (idempotent)."""
        if self.running:
            return
        self._ready.clear()
        self._thread = threading.Thread(target=self._run, name="guardian-policy-fetcher", daemon=True)
        self._thread.start()
        self._ready.wait(timeout=10)

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the worker: in-flight fetches are cancelled, not awaited beyond `timeout`."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        try:
            loop.call_soon_threadsafe(self._stop_event.set)
        except RuntimeError:
            pass
        thread.join(timeout)
        self._thread = None
        with self._lock:
            self._pending.clear()

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        finally:
            self._loop = None
            self.db.close()
            loop.close()

    async def _main(self) -> None:
        self._queue = asyncio.Queue()
        self._stop_event = asyncio.Event()
        self._ready.set()
        async with make_client(self.limits) as client:
            tasks = [asyncio.create_task(self._worker(client)) for _ in range(self.workers)]
            await self._stop_event.wait()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _worker(self, client: httpx.AsyncClient) -> None:
        assert self._queue is not None
        while True:
            site, host, first_url = await self._queue.get()
            try:
                version = await self.fetch_site(site, host, first_url=first_url, client=client)
                log.info("guardian: policy for %s stored from %s (%d statements)", site, version.url, len(version.statements))
            except PolicyFetchError:
                pass  # recorded with back-off by fetch_site
            except Exception as e:  # noqa: BLE001 - a bad page must never kill the worker
                self._fail(site, "error", type(e).__name__, None)
            finally:
                with self._lock:
                    self._pending.discard(site)


def swap_fetcher(fetching: PolicyStore | None, wanted: PolicyStore | None) -> PolicyStore | None:
    """Stop the background fetcher of `fetching` and start `wanted`'s, unless they are the same
    store; returns the store whose fetcher runs now (the proxy's and the decision process's)."""
    if wanted is fetching:
        return fetching
    if fetching is not None:
        fetching.stop()
    if wanted is not None:
        wanted.start()
        log.info("guardian: policy store at %s, background fetching on", wanted.db.path)
    return wanted
