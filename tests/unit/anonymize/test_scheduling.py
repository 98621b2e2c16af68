"""The latency estimator: EWMA + a high quantile per endpoint and role, and the start rule."""

from __future__ import annotations

from guardian.anonymize.scheduling import MARGIN_S, LatencyEstimator

KEY = ("http://llm:8000/v1", "attacker")


def test_unmeasured_role_uses_the_cold_start_prior() -> None:
    assert LatencyEstimator(cold_start_s=None).plan(KEY, 100.0) == "no latency measured yet"
    assert LatencyEstimator(cold_start_s=0.5).plan(KEY, 1.0) is None
    assert LatencyEstimator(cold_start_s=0.5).plan(KEY, 0.5) is not None  # the margin counts


def test_estimate_is_the_larger_of_ewma_and_the_high_quantile() -> None:
    est = LatencyEstimator()
    for x in [1.0] * 9 + [10.0]:
        est.observe(KEY, x)
    q = est.estimate(KEY)
    assert q is not None and q >= 1.9  # the slow tail counts, not only the mean
    assert est.plan(KEY, q + MARGIN_S + 0.01) is None and est.plan(KEY, 1.5) is not None
    assert est.snapshot(KEY)["calls"] == 10
    assert est.estimate(("other", "attacker")) is None  # per endpoint and role


def test_timed_observes_failures_too() -> None:
    now = [0.0]
    est = LatencyEstimator(clock=lambda: now[0])

    def slow_failure() -> None:
        now[0] += 7.0
        raise TimeoutError

    try:
        est.timed(KEY, slow_failure)
    except TimeoutError:
        pass
    assert est.estimate(KEY) == 7.0


def test_probe_runs_at_most_once_per_interval() -> None:
    est = LatencyEstimator()
    calls: list[int] = []
    assert est.probe(KEY, lambda: calls.append(1)) is True
    assert est.probe(KEY, lambda: calls.append(2)) is False
