"""Run methods over data sets and seeds on the same samples, in one process, and score them.

For each data set and seed, `pick(samples, n, seed)` draws the samples; every method sees the
same ones. An output is computed once per (method, sample) and reused when a later seed draws
the same sample again (every method here is deterministic: the LLM runs at temperature 0), so
its latency is that of its first computation. Per seed, each metric is the mean over its
samples; the reported figure is the mean and std over the seeds (`*_sample_std` is the std over
all scored samples, pooled).

Guess = the max confidence among the attacker's guesses on the final output that the verifier V
supports against the original text (0 when none is supported or the output is empty); the
attacker runs once more on the final output for it, whatever the method did. The LLM attacker
scores the LLM methods; the fast attacker scores the others, with the escalation
loop's verifier (a guess counts when the ladder-generalisable words it relied on are in the
original, `EscalationLoop.supported`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

from lab.eval.datasets import Sample, pick
from lab.eval.journal import Journal
from lab.eval.methods.base import Method, MethodOutput
from lab.eval.metrics import UTILITY_METRIC, MiniLMCosine, mean_std, privacy, token_jaccard
from lab.eval.results import SampleResult
from guardian.errors import LLMError

__all__ = ["SampleResult", "run_methods", "summarize"]  # SampleResult: from lab.eval.results

log = logging.getLogger(__name__)

_WARM_UP = "Warm-up: Jane Doe, jane.doe@example.org, lives in Leeds since 3 May 2005."


def attack_confidence(llm: Any, original: str, output: str, timeout: float) -> float | None:
    """Max verified attacker confidence on `output` (None when the attacker cannot answer)."""
    from guardian.anonymize.attacker import Attacker
    from guardian.anonymize.verifier import verify

    if not output.strip():
        return 0.0
    try:
        guesses = Attacker(llm).guess(output, timeout=timeout)
    except LLMError as e:
        log.warning("attacker failed: %s", e)
        return None
    return max((g.confidence for g in guesses if verify(g.guess, original)), default=0.0)


def fast_confidence(method: Method, original: str, output: str) -> float | None:
    """Max verified fast-attacker confidence on `output` (None without a fast attacker)."""
    resources = getattr(method, "resources", None)
    if resources is None:
        return None
    loop = resources.pipeline(with_llm=False).escalation
    if loop is None or loop.fast_attacker is None:
        return None
    if not output.strip():
        return 0.0
    guesses = loop.fast_attacker.guess(output)
    return max((g.confidence for g in guesses if loop.supported(g, original).verified), default=0.0)


def run_methods(
    datasets: dict[str, Sequence[Sample]],
    methods: Sequence[Method],
    *,
    n: int | None,
    seeds: Sequence[int],
    llm: Any | None = None,
    attack_timeout: float = 120.0,
    progress: Callable[..., Any] | None = None,
    journal: Journal | None = None,
) -> dict[str, dict[str, dict[int, list[SampleResult]]]]:
    """{dataset: {method: {seed: [SampleResult]}}}.

    With a `journal`, samples it already holds are not computed again, and every newly scored
    sample is added to it at once (an LLM method's after each sample, the others' per batch).
    """
    plan: list[tuple[str, int, list[Sample]]] = [
        (name, seed, pick(samples, n, seed)) for name, samples in datasets.items() for seed in seeds
    ]
    # A journalled failure (a dead LLM, say) is tried again; a scored sample is not.
    cache = {k: r for k, r in (journal.rows.items() if journal is not None else ()) if r.error is None}
    unique = {(ds, m.name, s.id) for ds, _, chosen in plan for s in chosen for m in methods}
    bar = progress(total=len(unique), initial=len(unique & cache.keys()), unit="sample", desc="eval") if progress else None
    embed = MiniLMCosine()
    out: dict[str, dict[str, dict[int, list[SampleResult]]]] = {}
    for method in methods:  # model loads (spaCy, Presidio) stay out of the first sample's latency
        if not method.needs_llm:
            method.anonymize(_WARM_UP)
    for ds, seed, chosen in plan:
        for method in methods:
            todo = [s for s in chosen if (ds, method.name, s.id) not in cache]
            # LLM methods are scored (and journalled) one sample at a time: each is many seconds.
            step = 1 if method.needs_llm else max(1, len(todo))
            for start in range(0, len(todo), step):
                for row in _score(ds, method, todo[start:start + step], embed, llm, attack_timeout, bar):
                    cache[(ds, method.name, row.sample_id)] = row
                    if journal is not None:
                        journal.add(row)
            out.setdefault(ds, {}).setdefault(method.name, {})[seed] = [cache[(ds, method.name, s.id)] for s in chosen]
    if bar is not None:
        bar.close()
    return out


def _score(
    ds: str, method: Method, samples: Sequence[Sample], embed: MiniLMCosine, llm: Any | None,
    attack_timeout: float, bar: Any | None,
) -> list[SampleResult]:
    """Run `method` on `samples` and score each output."""
    fresh: list[tuple[Sample, MethodOutput | None, float, str | None]] = []
    for s in samples:
        if bar is not None:
            bar.set_postfix_str(f"{ds} {method.name}", refresh=False)
        t0 = time.perf_counter()
        try:
            result: MethodOutput | None = method.anonymize(s.text)
            error = None
        except Exception as e:  # one failing sample must not lose the run
            log.warning("%s failed on %s %s: %s", method.name, ds, s.id, e, exc_info=True)
            result, error = None, f"{type(e).__name__}: {e}"
        fresh.append((s, result, (time.perf_counter() - t0) * 1000, error))
        if bar is not None:
            bar.update(1)
    utilities = _utilities(ds, [(s.text, r.text if r else "") for s, r, _, _ in fresh], embed)
    rows: list[SampleResult] = []
    for (s, r, ms, error), util in zip(fresh, utilities):
        if r is None:
            rows.append(SampleResult(ds, method.name, s.id, None, None, None, round(ms, 2), error=error))
            continue
        if method.needs_llm and llm:
            guess = attack_confidence(llm, s.text, r.text, attack_timeout)
        else:
            guess = fast_confidence(method, s.text, r.text)
        rows.append(SampleResult(
            ds, method.name, s.id, privacy(s.spans, r.text), util, guess, round(ms, 2), r.level, r.decision, None, r.info,
        ))
    return rows


def _utilities(ds: str, pairs: list[tuple[str, str]], embed: MiniLMCosine) -> list[float]:
    if UTILITY_METRIC[ds] == "minilm_cosine":
        return embed.many(pairs)
    return [token_jaccard(a, b) for a, b in pairs]


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def summarize(results: dict[str, dict[str, dict[int, list[SampleResult]]]]) -> dict[str, Any]:
    """Per data set and method: mean and std over seeds of the per-seed means, and the per-seed rows."""
    summary: dict[str, Any] = {}
    for ds, by_method in results.items():
        summary[ds] = {"utility_metric": UTILITY_METRIC[ds], "methods": {}}
        for name, by_seed in by_method.items():
            per_seed = []
            everything: list[SampleResult] = []
            for seed, rows in sorted(by_seed.items()):
                everything.extend(rows)
                row: dict[str, Any] = {"seed": seed, "n": len(rows), "errors": sum(r.error is not None for r in rows)}
                for key in ("privacy", "utility", "guess", "latency_ms"):
                    row[key] = _round(mean_std(getattr(r, key) for r in rows)[0])
                per_seed.append(row)
            entry: dict[str, Any] = {"n_per_seed": per_seed[0]["n"] if per_seed else 0, "seeds": [p["seed"] for p in per_seed]}
            for key in ("privacy", "utility", "guess", "latency_ms"):
                m, s = mean_std(p[key] for p in per_seed)
                # One seed has no spread over seeds: std is None (not 0), the pooled sample std remains.
                entry[key] = {"mean": _round(m), "std": _round(s) if len(per_seed) > 1 else None,
                              "sample_std": _round(mean_std(getattr(r, key) for r in everything)[1])}
            levels = [r.level for r in everything if r.level is not None]
            if levels:
                entry["mean_level"] = round(sum(levels) / len(levels), 3)
            decisions = [r.decision for r in everything if r.decision]
            if decisions:
                entry["decisions"] = {d: round(decisions.count(d) / len(decisions), 4) for d in sorted(set(decisions))}
            entry["unique_samples"] = len({r.sample_id for r in everything})
            entry["per_seed"] = per_seed
            summary[ds]["methods"][name] = entry
    return summary
