"""`guardian-lab eval`: the paper's tables on TAB, SynthPAI and PII-Masking-300k, in one command."""

from __future__ import annotations

import argparse
import datetime as _dt
import logging
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lab.eval.datasets import Sample

__all__ = ["register", "DEFAULT_DATA", "DEFAULT_OUT"]

_REPO = Path(__file__).resolve().parents[2]
DEFAULT_DATA = _REPO.parent / "shared" / "data"
DEFAULT_OUT = _REPO / "lab" / "bench" / "results" / "eval"


def _say(msg: str) -> None:
    print(f"[guardian-lab eval] {msg}", file=sys.stderr, flush=True)


def _llm(args: argparse.Namespace) -> tuple[Any, Any, str | None]:
    """(SyncLLM or None, embedded server to stop or None, description)."""
    choice = args.llm or os.environ.get("GUARDIAN_LLM_BASE_URL", "") or "off"
    if choice.lower() in ("off", "none"):
        return None, None, None
    from guardian.llm import LLMSettings, SyncLLM

    server = None
    if choice == "embedded":
        from guardian.llm.provision import ensure_model, ensure_server_package
        from guardian.llm.server import EmbeddedServer, free_port

        ensure_server_package()
        server = EmbeddedServer(ensure_model(), port=free_port())
        _say(f"starting the embedded LLM on {server.base_url}")
        server.start()
        choice = server.base_url
    settings = LLMSettings.from_env(base_url=choice, timeout=args.deadline)
    assert settings is not None
    return SyncLLM(settings), server, f"{settings.model} at {choice}"


def _cmd_eval(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from lab.eval.datasets import load_dataset
    from lab.eval.journal import Journal, code_revision
    from lab.eval.methods import METHODS, NO_LLM_METHODS, Resources, build_method
    from lab.eval.report import markdown, plot_pareto, write_results
    from lab.eval.risk_tables import risk_tables
    from lab.eval.runner import run_methods, summarize

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    started = _dt.datetime.now().isoformat(timespec="seconds")
    t_start = time.monotonic()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    llm, server, llm_desc = _llm(args)
    notes: list[str] = []
    journal: Journal | None = None
    try:
        if not args.risk_only:  # the risk tables score no samples: leave the journal alone
            journal = Journal(out, llm=llm_desc, context=args.context, deadline_s=args.deadline,
                              enforce_decisions=args.enforce_decisions, resume=args.resume)
        if journal is not None and journal.kept is not None:
            _say(f"started a new journal; the earlier one is kept as {journal.kept} (--resume continues a run)")
        if journal is not None and journal.rows:
            _say(f"resuming: {len(journal.rows)} scored samples in {journal.path}")
        resources = Resources(llm, deadline_s=args.deadline, context=args.context, enforce_decisions=args.enforce_decisions)
        names = [] if args.risk_only else args.methods or (list(METHODS) if llm else list(NO_LLM_METHODS))
        methods = [build_method(n, resources) for n in names]
        skipped = [m.name for m in methods if m.needs_llm and llm is None]
        if skipped:
            notes.append(f"skipped (no LLM configured; pass --llm URL or --llm embedded): {', '.join(skipped)}")
            _say(notes[-1])
        methods = [m for m in methods if not (m.needs_llm and llm is None)]
        wanted = ["pii300k"] if args.risk_only else args.datasets
        data = {d: load_dataset(d, args.data) for d in wanted}
        if "synthpai" in data and args.synthpai_authors != "all":
            data["synthpai"] = _authors_of_split(data["synthpai"], args.data, args.synthpai_authors)
            notes.append(f"SynthPAI: only the fast attacker's {args.synthpai_authors} authors (split by author, seed 0)")
        for d, samples in data.items():
            _say(f"{d}: {len(samples)} samples with gold spans")
        results: dict[str, Any] = {}
        plain = [m for m in methods if not m.needs_llm]
        with_llm = [m for m in methods if m.needs_llm]
        raw: dict[str, Any] = {}
        if plain:
            raw = run_methods(data, plain, n=args.n, seeds=args.seeds, progress=tqdm, journal=journal)
        if with_llm:
            n_llm = args.llm_n if args.llm_n is not None else args.n
            seeds_llm = args.llm_seeds or args.seeds
            notes.append(f"LLM methods ({', '.join(m.name for m in with_llm)}): n = {n_llm} per seed, seeds {seeds_llm}, "
                         f"the first {n_llm} of each seed's draw (the same samples as the other methods)")
            more = run_methods(data, with_llm, n=n_llm, seeds=seeds_llm, llm=llm, attack_timeout=args.deadline,
                               progress=tqdm, journal=journal)
            for d, by_method in more.items():
                raw.setdefault(d, {}).update(by_method)
        if raw:
            results["summary"] = summarize(raw)
            _write_samples(out / "samples.jsonl", raw)
        if args.risk_only or (not args.no_risk and "pii300k" in data):
            pii = data["pii300k"]
            _say("risk-control tables (L = 0.7)")
            results["risk_tables"] = risk_tables(pii, resources.detector, n=args.n, seeds=args.seeds)
        labels = {m.name: m.label for m in methods}
        if journal is not None and set(journal.revisions) - {journal.header["revision"]}:
            reused = ", ".join(f"{rev} ({k} rows)" for rev, k in journal.revisions.items())
            notes.append(f"resumed from a journal written by code revisions {reused}; this run is {journal.header['revision']}")
        results["meta"] = {
            "started": started,
            "duration_s": round(time.monotonic() - t_start, 1),
            "data": str(Path(args.data).resolve()),
            "datasets": args.datasets,
            "n": args.n,
            "seeds": args.seeds,
            "methods": [m.name for m in methods],
            "labels": labels,
            "llm": llm_desc,
            "deadline_s": args.deadline,
            "context": args.context,
            "enforce_decisions": args.enforce_decisions,
            "revision": journal.header["revision"] if journal is not None else code_revision(),
            "notes": notes,
        }
        results = {"meta": results.pop("meta"), **results}
        write_results(out / "results.json", results)
        (out / "results.md").write_text(markdown(results, labels), encoding="utf-8")
        plots = [] if args.no_plot or "summary" not in results else plot_pareto(results["summary"], labels, out)
        _say(f"wrote {out / 'results.json'}, {out / 'results.md'}" + "".join(f", {p}" for p in plots))
        _say(f"took {results['meta']['duration_s']:.0f} s")
        print((out / "results.md").read_text(encoding="utf-8"))
        return 0
    finally:
        if journal is not None:
            journal.close()
        if llm is not None:
            llm.close()
        if server is not None:
            server.stop()


def _write_samples(path: Path, raw: dict[str, Any]) -> None:
    """One line per (data set, method, seed, sample): scores only, never the texts."""
    import json
    from dataclasses import asdict

    with path.open("w", encoding="utf-8") as fh:
        for by_method in raw.values():
            for by_seed in by_method.values():
                for seed, rows in by_seed.items():
                    for r in rows:
                        fh.write(json.dumps({"seed": seed, **asdict(r)}, ensure_ascii=False) + "\n")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`guardian-lab eval`."""
    from lab.eval.contexts import CONTEXTS
    from lab.eval.datasets import DATASETS
    from lab.eval.methods import METHODS

    p = sub.add_parser(
        "eval",
        help="benchmark GuardianAgent and baselines on TAB, SynthPAI, PII-Masking-300k",
        description="Run the methods on the same samples of each data set and seed, and write results.json, "
        "results.md (the paper's layout, its numbers beside ours), samples.jsonl and one Pareto plot per data set.",
    )
    p.add_argument("--data", default=str(DEFAULT_DATA), help=f"data directory laid out as ../shared/data (default {DEFAULT_DATA})")
    p.add_argument("--datasets", nargs="+", choices=DATASETS, default=list(DATASETS), help="data sets (default all)")
    p.add_argument("--n", type=int, default=50, help="samples per data set and seed (default 50)")
    p.add_argument("--seeds", type=int, nargs="+", default=[42, 43, 44, 45], help="seeds (default 42 43 44 45)")
    p.add_argument("--methods", nargs="+", choices=list(METHODS), default=None,
                   help="methods (default: all; only the ones without an LLM when none is configured)")
    p.add_argument("--out", default=str(DEFAULT_OUT), help=f"output directory (default {DEFAULT_OUT})")
    p.add_argument("--llm", default=None,
                   help="OpenAI-compatible base URL, 'embedded' (start the local model), or 'off' (default: $GUARDIAN_LLM_BASE_URL, else off)")
    p.add_argument("--llm-n", type=int, default=None, help="samples per data set and seed for the LLM methods (default --n)")
    p.add_argument("--llm-seeds", type=int, nargs="+", default=None, help="seeds for the LLM methods (default --seeds)")
    p.add_argument("--context", choices=sorted(CONTEXTS), default="C_med",
                   help="action context GuardianAgent full is scored in, L fixed at 0.7 (default C_med; "
                        "on SynthPAI it allows 14 of 44 texts, T_strong 2 of 44)")
    p.add_argument("--synthpai-authors", choices=("all", "dev", "test"), default="all",
                   help="SynthPAI samples of these authors only: the fast attacker's held-out dev or test "
                        "authors (it trained on the others), for an honest guardian-fast row (default all)")
    p.add_argument("--enforce-decisions", action="store_true",
                   help="score GuardianAgent full as the proxy acts: texts its context allows leave unchanged, "
                        "texts it denies are sent empty (default: every text is anonymized from the context's start "
                        "level, and the context's decisions are reported beside it)")
    p.add_argument("--deadline", type=float, default=120.0, help="seconds per sample for the escalation loop and per LLM call (default 120)")
    p.add_argument("--resume", action="store_true",
                   help="reuse the samples scored in OUT/journal.jsonl by an earlier run with the same LLM, context, "
                        "deadline and --enforce-decisions, and compute only the rest (without it a new journal is "
                        "started and the old one kept beside it)")
    p.add_argument("--no-risk", action="store_true", help="skip the risk-control tables")
    p.add_argument("--risk-only", action="store_true", help="only the risk-control tables (no method runs)")
    p.add_argument("--no-plot", action="store_true", help="no PNG plots")
    p.set_defaults(func=_cmd_eval)


def _authors_of_split(samples: list[Sample], data: str, split: str) -> list[Sample]:
    """The samples written by the fast attacker's `split` authors (guardian/anonymize/fast_attacker)."""
    from lab.training.fast_attacker.data import load_authors, split_authors

    keep = {a.author for a in split_authors(load_authors(Path(data) / "synthpai"))[split]}
    return [s for s in samples if s.meta.get("author") in keep]
