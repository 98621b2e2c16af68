"""The one place the object graph is built: `assemble(settings) -> Pipeline`.

Every entry point calls it: the proxy (`guardian.addon`), `guardian check` (one request or a
HAR recording), `guardian-lab eval` and the benchmarks, so they cannot drift apart.

    Settings ──build_components──> Components ──assemble(+ Rules)──> Pipeline (immutable)
      │                              classifier        (field kinds: vendor dictionaries)
      │                              detector          (spaCy, loaded once per process)
      │                              prompt_detector   (the prose tagger, prompts to AI services)
      │                              context           (tracker lists)
      │                              matcher           (System 1; System 2 = llm)
      │                              anonymizer        (L1-L3)
      │                              hasher            (keyed, the audit log's key)
      │                              llm               (SyncLLM, or None: rule levels only)
      │                              llm_background    (the LLM calls no flow waits for; teach the next decision)
      │                              escalation        (Algorithm 1: fast attacker + llm when it fits)
      └─────────────────────────     policy_store      (SQLite or guardian_store + background fetcher, or None)

Components are the costly, long-lived parts. A change of options rebuilds only the parts whose
settings changed (`build_components(settings, previous=...)`); a rules reload reuses them all and
builds a new `Pipeline`, which the addon swaps in with one assignment: a flow always sees one
whole pipeline, never a half-built one. The pipeline holds the parts it runs, never the
`Components`: whoever built them (the addon, the decision process, `guardian check`) keeps them,
hands them to the next build and closes them.
"""

from __future__ import annotations

import atexit
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from guardian.anonymize.operators.identifier import IdentifierSwap
from guardian.anonymize import Anonymizer
from guardian import heap
from guardian.audit import ValueHasher
from guardian.context import ContextResolver, load_trackers
from guardian.detect import Detector, default_recognizers
from guardian.detect.recognizers import CustomRecognizer, NerRecognizer, ProseTaggerRecognizer
from guardian.errors import ConfigError, cut_by_exit
from guardian.fieldkinds import FieldKindClassifier
from guardian.matcher import Matcher, PriorLikelihood
from guardian.pipeline import Pipeline
from guardian.rules import Rules, load_rules
from guardian.settings import Settings

from guardian.types import JsonLLM

if TYPE_CHECKING:
    from guardian.anonymize.escalation import EscalationLoop
    from guardian.llm.background import BackgroundLLM
    from guardian.anonymize.fast_attacker import FastAttacker
    from guardian.policies.service import PolicyStore

__all__ = ["Components", "build_components", "assemble", "load_settings_rules", "wait_warm"]

log = logging.getLogger("guardian")

WARM_JOIN_AT_EXIT_S = 30.0  # the most an exiting process waits for a MiniLM (fast attacker, prose tagger) to finish loading
_warming: list[threading.Thread] = []  # the model loads started in this process (`wait_warm`)
_warming_lock = threading.Lock()


def _start_warm(target: Callable[[], None], name: str) -> None:
    """`target` (a model's load) on a thread of its own, now; `wait_warm` waits for it. A process
    that exits while torch is still loading in a daemon thread aborts ("terminate called without
    an active exception", exit 134): the exit lets the load finish first, within a bound."""
    def load() -> None:
        try:
            target()
        except RuntimeError as e:
            if not cut_by_exit(e):  # the process exits during the load: nothing is left to warm for
                raise

    warming = threading.Thread(target=load, name=name, daemon=True)
    with _warming_lock:
        _warming[:] = [t for t in _warming if t.is_alive()]
        _warming.append(warming)
    warming.start()
    atexit.register(warming.join, WARM_JOIN_AT_EXIT_S)


def wait_warm(timeout_s: float) -> bool:
    """Wait, at most `timeout_s` in all, for the model loads this process started; whether all
    ended. A process about to take flows calls it, so that no flow waits for a model load."""
    deadline = time.monotonic() + timeout_s
    with _warming_lock:
        threads = list(_warming)
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    return not any(t.is_alive() for t in threads)


@dataclass(frozen=True)
class Components:
    """The long-lived parts of a pipeline, built from one `Settings`."""

    settings: Settings
    classifier: FieldKindClassifier
    detector: Detector
    context: ContextResolver
    matcher: Matcher  # System 1 only; each pipeline derives its own with the rules' prior and System 2
    anonymizer: Anonymizer
    hasher: ValueHasher
    llm: JsonLLM | None  # guardian.llm.SyncLLM, built here (or handed in: eval, tests)
    escalation: EscalationLoop | None
    policy_store: PolicyStore | None
    owns_llm: bool = True  # False: the llm was handed in, and its owner closes it
    fast_attacker: FastAttacker | None = None  # the escalation loop's attacker on the request path
    fast_attacker_error: str | None = None  # why it is off (unreadable weights)
    prompt_detector: Detector | None = None  # prompts to AI services (settings.prose); None: `detector`
    llm_background: BackgroundLLM | None = None  # System 2, L4/L5 and the attacker ask there (settings.llm_background)

    def close(self, *, keep: Components | None = None) -> None:
        """Stop the LLM client built here and the policy store, except those `keep` still uses."""
        from guardian.llm.client import SyncLLM

        if self.llm_background is not None and (keep is None or keep.llm_background is not self.llm_background):
            self.llm_background.close()
        if self.owns_llm and isinstance(self.llm, SyncLLM) and (keep is None or keep.llm is not self.llm):
            self.llm.close()
        if self.policy_store is not None and (keep is None or keep.policy_store is not self.policy_store):
            self.policy_store.stop()


def load_settings_rules(settings: Settings) -> Rules:
    """The rules the settings name (built-in rules when none); `RulesError` names file and line."""
    return load_rules(settings.rules_path) if settings.rules_path else Rules()


def _hasher(settings: Settings, previous: Components | None, given: ValueHasher | None = None) -> ValueHasher:
    """The audit log's keyed hasher (key beside the log), so records hash values as documented;
    without a log, the one `given`, else the previous one, else a new random key."""
    if settings.audit_path:
        if previous is not None and previous.settings.audit_path == settings.audit_path:
            return previous.hasher
        path = Path(settings.audit_path)
        path.parent.mkdir(parents=True, exist_ok=True)
        return ValueHasher.beside(path)
    if given is not None:
        return given
    return previous.hasher if previous is not None and not previous.settings.audit_path else ValueHasher()


def _llm(settings: Settings, previous: Components | None) -> JsonLLM | None:
    if settings.llm is None:
        return None
    if previous is not None and previous.llm is not None and previous.settings.llm == settings.llm:
        return previous.llm
    from guardian.llm.client import SyncLLM

    log.info("guardian: LLM levels and escalation on, endpoint %s", settings.llm.base_url)
    return SyncLLM(settings.llm)


def _llm_background(settings: Settings, llm: JsonLLM | None, previous: Components | None) -> BackgroundLLM | None:
    """The runner of the LLM calls no flow waits for: one per LLM client, kept with it."""
    if llm is None or not settings.llm_background:
        return None
    if previous is not None and previous.llm is llm and previous.llm_background is not None:
        return previous.llm_background
    from guardian.llm.background import BackgroundLLM

    return BackgroundLLM(llm)


def _fast_attacker(settings: Settings, previous: Components | None,
                   warm: bool = True) -> tuple[FastAttacker | None, str | None]:
    """The fast attacker, built once: its small weights now, MiniLM in the background
    (`warm`) or at its first use. Unreadable weights: (None, why); the loop then runs the rule
    levels and its record says why. Turned off (`guardian_fast_attacker`): (None, None)."""
    if not settings.fast_attacker:
        return None, None
    if previous is not None and (previous.fast_attacker is not None or previous.fast_attacker_error):
        return previous.fast_attacker, previous.fast_attacker_error
    from guardian.anonymize.fast_attacker import FastAttacker

    try:
        attacker = FastAttacker.shipped()
    except ConfigError as e:
        log.warning("guardian: the fast attacker is off: %s", e)  # not error: mitmdump exits on an error at start
        return None, str(e)
    if not warm:
        return attacker, None
    _start_warm(lambda: _warm(attacker), "guardian-attacker-warm")
    return attacker, None


def _warm(attacker: FastAttacker) -> None:
    try:
        attacker.warm()
        heap.freeze()  # MiniLM's objects are long-lived too (a no-op outside the proxy)
    except (ConfigError, ImportError, OSError, RuntimeError) as e:  # the first guess reports it again
        if cut_by_exit(e):  # the process ended while the model loaded: nothing is wrong
            log.debug("guardian: the fast attacker's model load stopped at exit: %s", e)
            return
        log.error("guardian: the fast attacker's model did not load: %s", e)


def _escalation(
    settings: Settings, llm: JsonLLM | None, anonymizer: Anonymizer, fast: FastAttacker | None, fast_error: str | None,
    background: BackgroundLLM | None = None,
) -> EscalationLoop | None:
    if llm is None and fast is None and fast_error is None:
        return None
    from guardian.anonymize.escalation import EscalationLoop

    return EscalationLoop(
        llm,
        anonymizer=anonymizer,
        fast_attacker=fast,
        fast_attacker_error=fast_error,
        # with a background runner an unmeasured role counts as slow and is asked there; without
        # one it gets one call (bounded by the flow's deadline) that measures it; after that a
        # call starts only when its measured latency fits (anonymize/scheduling.py)
        cold_start_s=0.0,
        background=background,
        deadlines=settings.deadlines,
        l_max=settings.escalation_l_max,
        verify_guesses=settings.llm_verify,
        rewrite_all_text=settings.escalation_scope == "all_text",
    )


def _policy_store(
    settings: Settings, previous: Components | None, context: ContextResolver, llm: JsonLLM | None
) -> PolicyStore | None:
    if settings.policy_db is None:
        return None
    from guardian.policies.service import PolicyStore
    from guardian.policies.annotate import Annotator, RuleAnnotator

    reuse = (
        previous is not None
        and previous.policy_store is not None
        and (previous.settings.policy_db, previous.settings.policy_ttl, previous.settings.store)
        == (settings.policy_db, settings.policy_ttl, settings.store)
    )
    # guardian_store: the policies in that shared database instead of the SQLite file
    where = settings.store or settings.policy_db
    store = previous.policy_store if reuse and previous is not None else PolicyStore(where, ttl_s=settings.policy_ttl)
    assert store is not None
    annotator: Annotator = RuleAnnotator()
    if settings.policy_annotator == "llm":
        if llm is not None:
            from guardian.policies.llm_annotator import LLMAnnotator

            annotator = LLMAnnotator(llm)
        else:
            log.warning("guardian: guardian_policy_annotator=llm but no LLM is configured; using rules")
    store.configure(annotator=annotator, trackers=context.trackers)
    return store


def build_components(
    settings: Settings,
    *,
    previous: Components | None = None,
    llm: JsonLLM | None = None,
    detector: Detector | None = None,
    warm: bool = True,
    hasher: ValueHasher | None = None,
) -> Components:
    """Build (or, from `previous`, reuse) every long-lived part the settings call for; an `llm` or
    `detector` handed in is used as it is (the evaluation's own client, a test's fake). `warm`
    loads the MiniLM models in the background now; without it they load at their first use (the
    proxy's own pipeline when a decision process decides, which then rarely needs them). A `hasher`
    handed in (the decision process gets its proxy's) keys the records' hashes and the identifier
    swap when no audit log fixes the key, so both processes rewrite an id to the same value.

    Raises `ConfigError` (e.g. a tracker list that cannot be read) before anything is replaced."""
    prev = previous.settings if previous is not None else None
    if previous is not None and prev is not None and prev.trackers == settings.trackers:
        context = previous.context
    else:
        context = ContextResolver(load_trackers(settings.trackers))
    if previous is not None and prev is not None and prev.matcher == settings.matcher:
        base = previous.matcher
    else:
        base = Matcher.shipped(settings.matcher)
        if base.s1 is not None and warm:  # a MiniLM loads in the background, not on the first request
            _start_warm(base.s1.encoder.warm, "guardian-matcher-warm")
    prompt_detector: Detector | None = None
    if detector is None:
        if previous is not None and prev is not None and prev.prose == settings.prose:
            detector, prompt_detector = previous.detector, previous.prompt_detector
        else:
            detector, prompt_detector = _detectors(settings.prose, warm)
    anonymizer = previous.anonymizer if previous is not None else Anonymizer()
    owns_llm = llm is None and (previous is None or previous.owns_llm or settings.llm != previous.settings.llm)
    llm = llm if llm is not None else _llm(settings, previous)
    store = _policy_store(settings, previous, context, llm)
    background = _llm_background(settings, llm, previous)
    fast, fast_error = _fast_attacker(settings, previous, warm)
    matcher = base
    if store is not None and base.s1 is not None and base.bootstrap is None:
        # System 2's answers are kept beside the policy store (or in guardian_store) and fine-tune System 1 there
        folder = Path(settings.policy_db).expanduser().parent if settings.policy_db else Path(store.db.path).parent
        matcher = base.derive(bootstrap=Matcher.bootstrapper_in(base.s1, folder, store=settings.store))
    return Components(
        settings=settings,
        classifier=previous.classifier if previous is not None else FieldKindClassifier(),
        detector=detector,
        context=context,
        matcher=matcher,
        anonymizer=anonymizer,
        hasher=_hasher(settings, previous, hasher),
        llm=llm,
        escalation=_escalation(settings, llm, anonymizer, fast, fast_error, background),
        policy_store=store,
        owns_llm=owns_llm,
        fast_attacker=fast,
        fast_attacker_error=fast_error,
        prompt_detector=prompt_detector,
        llm_background=background,
    )


def _detectors(prose: str, warm: bool) -> tuple[Detector, Detector | None]:
    """The detector for all traffic and, when `prose` names another model for prompts to AI
    services (auto: the prose tagger there, spaCy elsewhere), the detector for those prompts.
    `warm` loads the tagger's MiniLM in the background now, not on the first prompt."""
    web = "tagger" if prose == "tagger" else "spacy"
    prompts = "spacy" if prose == "spacy" else "tagger"
    # "spacy" asks for no MiniLM at all: NER then has no second reader for the words it does not know
    detector = Detector(default_recognizers(web, unknown_words=prose != "spacy"))
    prompt_detector = None if prompts == web else Detector(default_recognizers(prompts))
    if warm:
        readers = [*(prompt_detector.recognizers if prompt_detector is not None else ()), *detector.recognizers]
        for r in readers:  # the tagger's MiniLM (shared by both detectors: `load_tagger` is per process)
            if isinstance(r, ProseTaggerRecognizer) or (isinstance(r, NerRecognizer) and r.unknown_words):
                _start_warm(r.warm, "guardian-prose-tagger-warm")
    return detector, prompt_detector


def assemble(settings: Settings, *, rules: Rules | None = None, components: Components | None = None) -> Pipeline:
    """The pipeline for these settings: the rules they name (or `rules`), over `components`
    (built here when not given: a pipeline for the process's life, as the pipeline keeps no hold
    on them; whoever closes them builds them, `build_components`). The same call serves the
    proxy, the decision process, the CLI, eval and benches."""
    rules = rules if rules is not None else load_settings_rules(settings)
    parts = components if components is not None else build_components(settings)
    # The rules' own recognisers on top of the long-lived detectors, which stay as they are (the
    # same detectors when the rules declare none); both detectors share the new instances.
    own = tuple(CustomRecognizer(spec) for spec in rules.recognizers)
    return Pipeline(
        rules,
        classifier=parts.classifier,
        detector=parts.detector.with_recognizers(own),
        prompt_detector=parts.prompt_detector.with_recognizers(own) if parts.prompt_detector is not None else None,
        context=parts.context,
        likelihood=PriorLikelihood(rules.likelihood_prior),
        matcher=parts.matcher.derive(llm=parts.llm, background=parts.llm_background),
        anonymizer=parts.anonymizer,
        hasher=parts.hasher,
        max_body_bytes=settings.max_body,
        policy_store=parts.policy_store,
        escalation=parts.escalation,
        own_endpoints=_own_endpoints(settings),
        identifier_swap=IdentifierSwap(parts.hasher.derive("identifier-swap"), rotation_s=settings.id_rotation),
    )


def _own_endpoints(settings: Settings) -> tuple[str, ...]:
    """The configured LLM's base URLs (every role's), so its calls are never decided as AI-service flows."""
    if settings.llm is None:
        return ()
    from guardian.llm.settings import ROLES

    urls = {settings.llm.endpoint(role).base_url.rstrip("/") + "/" for role in ROLES}
    return tuple(sorted(urls))
