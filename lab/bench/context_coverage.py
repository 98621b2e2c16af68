"""How much of the Disconnect and DuckDuckGo tracker lists the context stage classifies, and how
it does on 20 hand-picked real-world requests, with and without the lists.

    .venv/bin/python lab/bench/context_coverage.py                       # report (lists from ../shared)
    .venv/bin/python lab/bench/context_coverage.py --lists PATH [--json]
    .venv/bin/python lab/bench/context_coverage.py --show [--lists PATH]  # `guardian check` context
                                                                     # of every fixture

Coverage counts, for each list, its distinct tracker host names (Disconnect: every domain of
``services.json``; DuckDuckGo: every key of ``trackers``), and asks the map that GuardianAgent
builds from the lists (above the built-in map) what each is: a known kind (our recipient
type), ``Other`` (listed, kind unknown: unknown third party) or nothing. It then asks the
built-in map alone, to show how far the tool gets with no list at all. The lists are read
from the user's path and never copied.

``loader`` is the map of all the lists found plus the built-in map (what ``--trackers DIR``
gives), ``this_list_alone`` the list by itself.

The 20 examples live in ``tests/fixtures/context/real_world.yaml`` with the answer a careful
human gives; an example counts as right for a field when GuardianAgent's answer equals it
(purposes compared as sets).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from guardian.context import ContextResolver, builtin_trackers, load_lists, load_trackers  # noqa: E402
from guardian.context.recipients import CATEGORY_RECIPIENT  # noqa: E402
from guardian.context.trackers import OTHER, TrackerMap  # noqa: E402
from guardian.records import HttpRequest  # noqa: E402

FIXTURE = ROOT / "tests" / "fixtures" / "context" / "real_world.yaml"
DEFAULT_LISTS = ROOT.parent / "shared" / "data" / "trackers"


# -- the 20 examples ------------------------------------------------------------------------------


def load_examples(path: Path = FIXTURE) -> list[dict[str, Any]]:
    """The examples, each with its `request` (an HttpRequest) built from browser + own headers."""
    data = yaml.safe_load(path.read_text("utf-8"))
    browsers = {name: [tuple(h) for h in hs] for name, hs in data["browsers"].items()}
    examples = []
    for ex in data["examples"]:
        headers = tuple(browsers.get(ex.get("browser", ""), [])) + tuple(tuple(h) for h in ex["headers"])
        body = str(ex.get("body", "")).encode("utf-8")
        ex = dict(ex, request=HttpRequest(ex["method"], ex["url"], headers, body))  # type: ignore[arg-type]
        examples.append(ex)
    return examples


def answer(resolver: ContextResolver, example: dict[str, Any]) -> dict[str, Any]:
    """GuardianAgent's recipient, purposes (sorted) and basis for one example."""
    ctx = resolver.resolve(example["request"])
    return {
        "recipient": ctx.recipient.value,
        "purposes": sorted(p.value for p in ctx.purposes),
        "basis": ctx.basis.value,
    }


def truth(example: dict[str, Any], deviation: str | None = None) -> dict[str, Any]:
    """The expected answer; with `deviation` ("builtin" | "lists"), overlaid by the known misses."""
    want = dict(example["expect"])
    for key, value in (example.get(deviation) or {} if deviation else {}).items():
        if key != "why":
            want[key] = value
    want["purposes"] = sorted(want["purposes"])
    return want


def score(resolver: ContextResolver, examples: list[dict[str, Any]]) -> dict[str, Any]:
    """Right answers per field against the human truth, and the names of the misses."""
    right: Counter[str] = Counter()
    misses = []
    for ex in examples:
        got, want = answer(resolver, ex), truth(ex)
        ok = {field: got[field] == want[field] for field in ("recipient", "purposes", "basis")}
        right.update(field for field, good in ok.items() if good)
        if all(ok.values()):
            right["all"] += 1
        else:
            misses.append({"name": ex["name"], "got": got, "want": want})
    return {"n": len(examples), **{k: right[k] for k in ("recipient", "purposes", "basis", "all")}, "misses": misses}


# -- list coverage --------------------------------------------------------------------------------


def list_domains(lists: Path) -> dict[str, tuple[Path, set[str]]]:
    """Per list found under `lists`: where it is, and its distinct tracker host names."""
    out: dict[str, tuple[Path, set[str]]] = {}
    services = next(iter(sorted(lists.rglob("services.json"))), None)
    if services is not None:
        data = json.loads(services.read_text("utf-8"))
        domains = {
            d.lower()
            for entities in data["categories"].values()
            for item in entities
            for sites in item.values()
            for values in sites.values()
            if isinstance(values, list)
            for d in values
        }
        out["disconnect"] = (services.parent, domains)
    tds = next(iter(sorted(lists.rglob("tds.json"))), None)
    if tds is not None:
        out["duckduckgo"] = (tds, {d.lower() for d in json.loads(tds.read_text("utf-8"))["trackers"]})
    return out


def classify(tracker_map: TrackerMap, domains: set[str]) -> dict[str, Any]:
    """How `tracker_map` classifies `domains`: recipient types, Other, unmatched."""
    kinds: Counter[str] = Counter()
    for domain in domains:
        found = tracker_map.lookup(domain)
        if found is None:
            kinds["(not matched)"] += 1
        elif found[1].category == OTHER:
            kinds["(listed, kind unknown)"] += 1
        else:
            kinds[CATEGORY_RECIPIENT[found[1].category].value] += 1
    n = len(domains)
    known = n - kinds["(not matched)"] - kinds["(listed, kind unknown)"]
    return {
        "domains": n,
        "classified": known,
        "classified_share": round(known / n, 4) if n else 0.0,
        "matched_share": round((n - kinds["(not matched)"]) / n, 4) if n else 0.0,
        "by_type": dict(kinds.most_common()),
    }


def report(lists: Path | None) -> dict[str, Any]:
    examples = load_examples()
    out: dict[str, Any] = {"examples_builtin": score(ContextResolver(builtin_trackers()), examples)}
    if lists is not None and lists.exists():
        with_lists = load_trackers(str(lists))
        out["examples_lists"] = score(ContextResolver(with_lists), examples)
        out["coverage"] = {}
        for name, (where, domains) in list_domains(lists).items():
            out["coverage"][name] = {
                "loader": classify(with_lists, domains),
                "this_list_alone": classify(load_lists([str(where)])[0], domains),
                "builtin_only": classify(builtin_trackers(), domains),
            }
    return out


def print_report(out: dict[str, Any]) -> None:
    for name, cov in out.get("coverage", {}).items():
        for which, c in cov.items():
            print(
                f"{name:10} {which:15} {c['domains']:5} domains  classified {c['classified']:5} "
                f"({c['classified_share']:.1%})  matched {c['matched_share']:.1%}"
            )
            print("    " + ", ".join(f"{k} {v}" for k, v in c["by_type"].items()))
    for key in ("examples_builtin", "examples_lists"):
        s = out.get(key)
        if s is None:
            continue
        print(
            f"{key:17} recipient {s['recipient']}/{s['n']}  purposes {s['purposes']}/{s['n']}  "
            f"basis {s['basis']}/{s['n']}  all three {s['all']}/{s['n']}"
        )
        for miss in s["misses"]:
            print(f"    miss: {miss['name']}: got {miss['got']} want {miss['want']}")


# -- guardian check for every fixture ------------------------------------------------------------


def browser_cases() -> list[tuple[str, HttpRequest]]:
    """The Chrome/Firefox/curl header sets of tests/unit/context/test_context_browsers.py."""
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "context"))
    import test_context_browsers  # type: ignore[import-not-found]

    return [(name, request) for name, (request, _) in test_context_browsers.CASES.items()]


def check_argv(request: HttpRequest, lists: Path | None) -> list[str]:
    argv = ["check", "--url", request.url, "--method", request.method]
    for name, value in request.headers:
        argv += ["-H", f"{name}: {value}"]
    if request.body:
        argv += ["--body", request.body.decode("utf-8")]
    if lists is not None:
        argv += ["--trackers", str(lists)]
    return argv


def show(lists: Path | None) -> int:
    """Run `guardian check` on every fixture and print its context section."""
    from guardian.cli import main

    cases = [(ex["name"], ex["request"]) for ex in load_examples()] + browser_cases()
    failed = 0
    for name, request in cases:
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            rc = main(check_argv(request, lists))
        record = json.loads(buf.getvalue()) if rc == 0 else {}
        if "context" not in record:
            failed += 1
        print(f"== {name}: {request.method} {request.url[:100]}")
        print(f"   decision {record.get('decision')}")
        print("   context " + json.dumps(record.get("context"), indent=2).replace("\n", "\n   "))
    print(f"{len(cases)} fixtures, {len(cases) - failed} with a context section")
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lists", type=Path, default=DEFAULT_LISTS, help="tracker lists (default ../shared/data/trackers)")
    parser.add_argument("--no-lists", action="store_true", help="built-in map only")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--show", action="store_true", help="print `guardian check` context for every fixture")
    args = parser.parse_args()
    lists = None if args.no_lists or not args.lists.exists() else args.lists
    if args.lists != DEFAULT_LISTS and lists is None and not args.no_lists:
        parser.error(f"{args.lists} does not exist")
    if args.show:
        return show(lists)
    out = report(lists)
    if args.json:
        json.dump(out, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        if lists is None:
            print(f"no tracker lists at {args.lists}: list coverage and the lists run are skipped")
        print_report(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
