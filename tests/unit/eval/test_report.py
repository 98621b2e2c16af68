from __future__ import annotations

import json

import pytest

from lab.eval.datasets import load_dataset
from lab.eval.methods import build_method
from lab.eval.report import markdown, plot_pareto
from lab.eval.risk_tables import risk_tables
from lab.eval.runner import run_methods, summarize


def test_run_summarize_and_markdown(fixtures, regex_resources) -> None:  # type: ignore[no-untyped-def]
    data = {"pii300k": load_dataset("pii300k", fixtures), "tab": load_dataset("tab", fixtures)}
    methods = [build_method(n, regex_resources) for n in ("L1", "L3")]
    raw = run_methods(data, methods, n=2, seeds=[1, 2])
    summary = summarize(raw)
    l3 = summary["pii300k"]["methods"]["L3"]
    assert l3["n_per_seed"] == 2 and l3["seeds"] == [1, 2]
    assert 0.0 <= l3["privacy"]["mean"] <= 1.0 and 0.0 <= l3["guess"]["mean"] <= 1.0  # the fast attacker's
    assert summary["pii300k"]["methods"]["L1"]["utility"]["mean"] >= l3["utility"]["mean"]
    risk = risk_tables(data["pii300k"], regex_resources.detector, n=2, seeds=[1, 2])
    assert set(risk["contexts"]) == {"C_low", "C_med", "C_high", "C_ext"}
    assert risk["contexts"]["C_low"]["allow"]["mean"] == 1.0
    results = {"meta": {"started": "now", "seeds": [1, 2], "llm": None, "notes": []}, "summary": summary, "risk_tables": risk}
    json.dumps(results)
    md = markdown(results, {m.name: m.label for m in methods})
    assert "| Fixed L3 |" in md and "0.909" in md and "paper l0" in md


def test_pareto_plot_is_written(fixtures, regex_resources, tmp_path) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("matplotlib")
    data = {"pii300k": load_dataset("pii300k", fixtures)}
    raw = run_methods(data, [build_method("L2", regex_resources), build_method("L1", regex_resources)], n=2, seeds=[1])
    summary = summarize(raw)
    l2 = summary["pii300k"]["methods"]["L2"]
    assert l2["privacy"]["std"] is None and l2["privacy"]["sample_std"] is not None  # one seed: no spread over seeds
    paths = plot_pareto(summary, {}, tmp_path)
    assert [p.name for p in paths] == ["pareto_pii300k.png"]
    assert paths[0].read_bytes()[:4] == b"\x89PNG"


def test_cli_parses_and_registers() -> None:
    from lab.cli import build_parser

    args = build_parser().parse_args(["eval", "--n", "3", "--seeds", "1", "2", "--methods", "L1", "presidio", "--out", "x"])
    assert (args.n, args.seeds, args.methods, args.out) == (3, [1, 2], ["L1", "presidio"], "x")


def test_markdown_lists_the_context_decisions_of_guardian_rows() -> None:
    entry = {
        "n_per_seed": 2, "seeds": [1], "privacy": {"mean": 1.0, "std": 0.0}, "utility": {"mean": 0.5, "std": 0.0},
        "guess": {"mean": 0.1, "std": 0.0}, "latency_ms": {"mean": 10.0, "std": 0.0}, "mean_level": 2.5,
        "decisions": {"allow": 0.5, "transform": 0.5},
    }
    summary = {"tab": {"utility_metric": "token_jaccard", "methods": {"guardian": entry}}}
    meta = {"started": "now", "seeds": [1], "llm": "m", "notes": [], "context": "T_strong", "enforce_decisions": False}
    md = markdown({"meta": meta, "summary": summary}, {"guardian": "GuardianAgent"})
    assert "Decisions of the action context T_strong" in md and "every text was anonymized" in md
    assert "- GuardianAgent, TAB: allow 50%, transform 50%" in md
    meta["enforce_decisions"] = True
    assert "allowed texts left unchanged" in markdown({"meta": meta, "summary": summary}, {"guardian": "GuardianAgent"})
