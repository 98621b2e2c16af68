#!/usr/bin/env python3
"""Live-clients benchmark: real npm browser SDKs in Chromium, through mitmdump (with and without
GuardianAgent), to a fake internet. See README.md.

    .venv/bin/python lab/bench/live_clients/run.py --out /tmp/live --set all --mode both
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lab.bench.live_clients.livebench.bench import BenchConfig, prepare, run_bench
from lab.bench.live_clients.livebench.report import markdown
from lab.bench.live_clients.livebench.sdks import select


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, type=Path, help="folder for report.json, report.md and raw records")
    p.add_argument("--set", dest="which", choices=("dev", "blind", "all"), default="all")
    p.add_argument("--sdks", help="comma-separated slugs or package names (within --set)")
    p.add_argument("--trackers", help="guardian_trackers: tracker list files or a folder of them")
    p.add_argument("--mode", choices=("baseline", "guardian", "both"), default="both")
    p.add_argument("--reveal-blind", action="store_true", help="show the blind SDKs' details (not for the proxy's tuners)")
    p.add_argument("--keep-blind-raw", action="store_true", help="also write the blind SDKs' raw records under DIR/raw")
    p.add_argument("--mitmdump", type=Path, help="mitmdump binary (default: the project's .venv)")
    p.add_argument("--users", type=int, default=1,
                   help="N >= 2: the multi-user mode (N proxy users, fresh profiles, interleaved; README)")
    p.add_argument("--rounds", type=int, default=1,
                   help="multi-user: repeat the interleaved visits R times against the same proxies (README)")
    p.add_argument("--truth", type=Path, help="multi-user, --mode guardian alone: a baseline run's multiuser_truth.json")
    p.add_argument("--rescore", action="store_true",
                   help="multi-user: score DIR/multiuser_observed.json against --truth, run nothing")
    p.add_argument("--setup-only", action="store_true", help="install and bundle (setup.sh), run nothing")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run and print the markdown table."""
    args = parse(sys.argv[1:] if argv is None else argv)
    modes = ("baseline", "guardian") if args.mode == "both" else (args.mode,)
    cfg = BenchConfig(out=args.out.resolve(), sdks=select(args.which, args.sdks), modes=modes, trackers=args.trackers,
                      reveal_blind=args.reveal_blind, keep_blind_raw=args.keep_blind_raw, mitmdump=args.mitmdump,
                      handle_signals=True, users=args.users, rounds=args.rounds, truth=args.truth.resolve() if args.truth else None,
                      rescore=args.rescore)
    if args.rounds < 1 or (args.rounds > 1 and args.users < 2):
        raise SystemExit("--rounds takes R >= 1, and R > 1 only with --users N >= 2")
    if args.users < 1 or (args.users == 1 and (args.truth or args.rescore)):
        raise SystemExit("--users takes N >= 2 for the multi-user mode (1: the single-user run); --truth/--rescore need it")
    if args.setup_only:
        bundles, errors = prepare(cfg)
        print(f"[setup] {len(bundles)} bundles in {cfg.build_dir / 'bundles'}" + (f"; failed: {errors}" if errors else ""))
        return 1 if errors else 0
    report = run_bench(cfg)
    if "multiuser" in report:
        from lab.bench.live_clients.livebench.multiuser import markdown_multiuser

        print(markdown_multiuser(report["multiuser"]))
        print(f"\n{report['seconds']:.0f}s; report: {cfg.out / 'report.json'}")
        return 0
    print(markdown(report))
    print(f"\n{report['seconds']:.0f}s; report: {cfg.out / 'report.json'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
