"""results.json, the Markdown tables in the paper's layout (the paper's numbers beside ours),
and one privacy-utility Pareto plot per data set (PNG, matplotlib)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lab.eval.datasets import DATASETS
from lab.eval.paper import PAPER_MAIN
from lab.eval.risk_tables import C_NAMES, T_NAMES

__all__ = ["write_results", "markdown", "plot_pareto"]

DS_TITLE = {"tab": "TAB", "synthpai": "SynthPAI", "pii300k": "PII-Masking"}


def write_results(path: Path, results: dict[str, Any]) -> None:
    path.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _f(stat: dict[str, Any] | None, digits: int = 3, std: bool = True) -> str:
    if not stat or stat.get("mean") is None:
        return "n/a"
    m = f"{stat['mean']:.{digits}f}".lstrip("0") if stat["mean"] < 1 else f"{stat['mean']:.{digits}f}"
    if std and stat.get("std") is not None:
        return f"{m}±{stat['std']:.{digits}f}".replace("±0.", "±.")
    return m


def markdown(results: dict[str, Any], labels: dict[str, str]) -> str:
    """Main table (privacy / utility, ours beside the paper's), then guess and latency, then risk."""
    meta = results["meta"]
    summary = results.get("summary", {})
    datasets = [d for d in DATASETS if d in summary]
    methods = list(dict.fromkeys(m for d in datasets for m in summary[d]["methods"]))
    lines = [f"# GuardianAgent evaluation ({meta['started']})", ""]
    lines.append(
        f"Seeds {', '.join(map(str, meta['seeds']))}; n per seed: "
        + ", ".join(f"{DS_TITLE[d]} {_n(summary[d])}" for d in datasets)
        + f". Mean±std over seeds (a figure without ± comes from one seed). LLM: {meta.get('llm') or 'none'}. Utility: token Jaccard (TAB, PII-Masking), "
        "MiniLM-L6 cosine (SynthPAI; the paper used BERTScore). Privacy matching: lab/eval/metrics.py."
    )
    lines.append("")
    if datasets:
        head = "| method | " + " | ".join(f"{DS_TITLE[d]} ours P / U | {DS_TITLE[d]} paper P / U" for d in datasets) + " |"
        lines += [head, "|---" * (1 + 2 * len(datasets)) + "|"]
        for m in methods:
            cells = []
            for d in datasets:
                e = summary[d]["methods"].get(m)
                ours = f"{_f(e['privacy'])} / {_f(e['utility'])}" if e else "—"
                paper = PAPER_MAIN.get(m, {}).get(d)
                cells += [ours, f"{paper[0]:.3f} / {paper[1]:.3f}".replace("0.", ".") if paper else "—"]
            lines.append(f"| {labels.get(m, m)} | " + " | ".join(cells) + " |")
        lines += ["", "Guess (max verified attacker confidence: the LLM attacker's for LLM methods, the fast attacker's for the others), mean final level, latency (ms/sample):", ""]
        lines += ["| method | " + " | ".join(f"{DS_TITLE[d]} guess | {DS_TITLE[d]} level | {DS_TITLE[d]} ms" for d in datasets) + " |",
                  "|---" * (1 + 3 * len(datasets)) + "|"]
        for m in methods:
            cells = []
            for d in datasets:
                e = summary[d]["methods"].get(m)
                if not e:
                    cells += ["—", "—", "—"]
                    continue
                lvl = e.get("mean_level")
                cells += [_f(e["guess"]), "n/a" if lvl is None else f"{lvl:.2f}", _f(e["latency_ms"], 1, std=False)]
            lines.append(f"| {labels.get(m, m)} | " + " | ".join(cells) + " |")
        decided = [(m, d, summary[d]["methods"][m]["decisions"]) for m in methods for d in datasets
                   if "decisions" in summary[d]["methods"].get(m, {})]
        if decided:
            how = ("enforced: allowed texts left unchanged, denied ones sent empty" if meta.get("enforce_decisions")
                   else "not enforced: every text was anonymized, from L1 where the context allows it and L4 where it denies it")
            lines += ["", f"Decisions of the action context {meta.get('context', 'C_med')} for GuardianAgent's texts ({how}):", ""]
            lines += [f"- {labels.get(m, m)}, {DS_TITLE[d]}: " + ", ".join(f"{k} {v * 100:.0f}%" for k, v in shares.items())
                      for m, d, shares in decided]
    risk = results.get("risk_tables")
    if risk:
        lines += ["", f"## Risk control (L = {risk['L']}, PII-Masking texts with a detected finding, n = {risk['n_per_seed']} per seed, "
                  f"seeds {', '.join(map(str, risk['seeds']))}; {risk['no_findings']} of {risk['texts']} texts had no finding)", ""]
        lines += ["| context | recipient / purpose / basis / transparency | mean R | paper R | allow | transform | deny | paper |",
                  "|---|---|---|---|---|---|---|---|"]
        for name in C_NAMES:
            c = risk["contexts"][name]
            p = c["paper"]
            lines.append(
                f"| {name} | {c['context']} | {_f(c['R'])} | {p['R']:.3f} | {_pct(c['allow'])} | {_pct(c['transform'])} | "
                f"{_pct(c['deny'])} | {p['share'] * 100:g}% {p['decision']} |"
            )
        lines += ["", "| band context | recipient / purpose / basis / transparency | in band | mean R | mean z | l0 distribution (1/2/3/4) | mean l0 | paper l0 | mean l_final (no LLM) |",
                  "|---|---|---|---|---|---|---|---|---|"]
        for name in T_NAMES:
            t = risk["transform_band"][name]
            dist = "/".join(f"{t['l0_dist'].get(str(k), 0) * 100:.0f}%" for k in (1, 2, 3, 4))
            lines.append(
                f"| {name} | {t['context']} | {_pct(t['band_share'])} | {_f(t['band_R'])} | {_f(t['z'])} | {dist} | "
                f"{_f(t['l0'], 2)} | {t['paper']['l0']:.2f} | {_f(t['l_final_no_llm'], 2)} |"
            )
    if meta.get("notes"):
        lines += ["", "Notes:", ""] + [f"- {n}" for n in meta["notes"]]
    return "\n".join(lines) + "\n"


def _n(ds_summary: dict[str, Any]) -> str:
    ns = sorted({e["n_per_seed"] for e in ds_summary["methods"].values()})
    return "/".join(map(str, ns))


def _pct(stat: dict[str, Any]) -> str:
    if stat.get("mean") is None:
        return "n/a"
    return f"{stat['mean'] * 100:.1f}%"


def plot_pareto(summary: dict[str, Any], labels: dict[str, str], out_dir: Path) -> list[Path]:
    """One PNG per data set: privacy against utility, our methods (with seed std as error bars),
    the paper's points hollow, and our Pareto front as a step line."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths: list[Path] = []
    for ds in DATASETS:
        if ds not in summary:
            continue
        fig, ax = plt.subplots(figsize=(7, 5.2))
        points: list[tuple[float, float]] = []
        for i, (name, e) in enumerate(summary[ds]["methods"].items()):
            u, p = e["utility"]["mean"], e["privacy"]["mean"]
            if u is None or p is None:
                continue
            color = f"C{i % 10}"
            ax.errorbar(u, p, xerr=e["utility"]["std"] or 0, yerr=e["privacy"]["std"] or 0, fmt="o", color=color,
                        capsize=3, label=labels.get(name, name))
            ax.annotate(labels.get(name, name), (u, p), textcoords="offset points", xytext=(5, 4), fontsize=7)
            points.append((u, p))
            paper = PAPER_MAIN.get(name, {}).get(ds)
            if paper:
                ax.scatter([paper[1]], [paper[0]], facecolors="none", edgecolors=color, s=80, marker="s",
                           label=f"paper: {labels.get(name, name)}")
        for name, by_ds in PAPER_MAIN.items():  # the paper's points for methods not in this run
            if name not in summary[ds]["methods"] and ds in by_ds:
                ax.scatter([by_ds[ds][1]], [by_ds[ds][0]], facecolors="none", edgecolors="black", s=80, marker="D",
                           label=f"paper: {labels.get(name, 'GuardianAgent' if name == 'guardian' else name)}")
        front = _pareto(points)
        if len(front) > 1:
            ax.step([u for u, _ in front], [p for _, p in front], where="post", color="grey", lw=0.8, ls="--", label="Pareto front (ours)")
        metric = "MiniLM-L6 cosine" if summary[ds]["utility_metric"] == "minilm_cosine" else "token Jaccard"
        ax.set_xlabel(f"utility ({metric})")
        ax.set_ylabel("privacy (1 - gold spans still present)")
        ax.set_title(f"{DS_TITLE[ds]}: privacy vs utility")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7, loc="lower left")
        fig.tight_layout()
        path = out_dir / f"pareto_{ds}.png"
        fig.savefig(path, dpi=120)
        plt.close(fig)
        paths.append(path)
    return paths


def _pareto(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The points no other point beats on both utility and privacy, by utility ascending."""
    front = [p for p in points if not any(q != p and q[0] >= p[0] and q[1] >= p[1] for q in points)]
    return sorted(set(front))
