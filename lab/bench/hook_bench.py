"""The proxy's own CPU per flow in the addon's hooks, with the decision process answering at once.

    .venv/bin/python lab/bench/hook_bench.py [--rounds 9] [--flows 2000] [--events] [--tree PATH]

The addons of `guardian_addon.py` run in mitmproxy's test context (`taddons`) on workload a of
`proxy_bench.py` (first-party JSON and form posts, new values in every flow). The decision
process is replaced by one that answers at once with a real decision that went through a pickle,
as the child's does: what is timed is the proxy's side of a flow (the request's view, the
session, the AI-chat check, the frame out, the decision read back, enforcing, the record and its
audit line), without the socket and without the decision itself. Reported: CPU microseconds per
flow, the minimum and the median of the rounds.

`--events` times the four HTTP events of a flow through mitmproxy's addon manager instead of the
request hook alone, and lists the other hooks' own time. `--tree` imports `guardian` and
`guardian_addon.py` from another checkout (a worktree of the base commit), for before/after pairs.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib.util
import inspect
import pickle
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
HOOKS = ("requestheaders", "request", "responseheaders", "response", "error")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=9, help="timed rounds (default 9)")
    ap.add_argument("--flows", type=int, default=2000, help="flows per round (default 2000)")
    ap.add_argument("--events", action="store_true", help="all four HTTP events through mitmproxy, and each hook's time")
    ap.add_argument("--tree", type=Path, default=BENCH.parents[1], help="the checkout to import (default: this one)")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    sys.path.insert(0, str(args.tree.resolve()))
    sys.path.insert(0, str(BENCH))
    return asyncio.run(_run(args))


def _flows(workload: Callable[[int], list[Any]], n: int, start: int) -> list[Any]:
    from mitmproxy import http
    from mitmproxy.test import tflow

    out = []
    for req in workload(start + n)[start:]:
        head, body = req.raw.split(b"\r\n\r\n", 1)
        lines = head.decode().split("\r\n")
        method, url, _ = lines[0].split(" ")
        flow = tflow.tflow()
        flow.request = http.Request.make(method, url, body, dict(line.split(": ", 1) for line in lines[1:]))
        out.append(flow)
    return out


async def _run(args: argparse.Namespace) -> int:
    import proxy_bench
    from mitmproxy import http
    from mitmproxy.proxy.layers.http import (
        HttpRequestHeadersHook, HttpRequestHook, HttpResponseHeadersHook, HttpResponseHook,
    )
    from mitmproxy.test import taddons

    spec = importlib.util.spec_from_file_location("guardian_addon_bench", args.tree.resolve() / "guardian_addon.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    import guardian
    from guardian._wire import Answer, Decide, received, sent
    from guardian.decider import FlowDecider
    from guardian.session import NO_CHANGES

    tmp = Path(tempfile.mkdtemp(prefix="hook-bench-"))
    with taddons.context(*script.addons) as tctx:
        tctx.options.update(guardian_rules=str(proxy_bench.BENCH / "rules.yaml"), guardian_audit=str(tmp / "audit.jsonl"),
                            guardian_decision_process="off")
        addon = script.guardian
        answers: dict[str, bytes] = {}
        decider = FlowDecider()

        class AnsweringProcess:
            """The decision process as the proxy sees it, answering at once."""

            settings = addon.settings
            ready = True
            pending = 1  # never idle: every flow goes "to the child", as under load
            restarts = 0
            pid = None

            async def decide(self, request: Any, session: Any, sessions: Any, *, fail: str, timeout: float, chat: Any = None, partial: Any = None) -> Any:
                pickle.dumps(Decide(1, request, fail, timeout, session.user, None, None, chat), protocol=5)  # the frame out
                if request.url not in answers:  # decided once per URL here; the bench times the proxy's side
                    made = decider.decide_inline(addon.pipeline, request, session, fail=fail, chat=chat)
                    answers[request.url] = pickle.dumps(Answer(1, sent(made)), protocol=5)
                decision = received(pickle.loads(answers[request.url]).decision, NO_CHANGES)
                sessions.learnt_in_copy(session, decision.changes)
                return decision

            def close(self) -> None:
                pass

        addon.process = AnsweringProcess()
        hook_ns: dict[str, int] = defaultdict(int)
        if args.events:
            _time_hooks(script.addons, addon, hook_ns)
        manager = tctx.master.addons

        async def one(flow: Any) -> None:
            if not args.events:
                await addon.request(flow)
                return
            await manager.handle_lifecycle(HttpRequestHeadersHook(flow))
            await manager.handle_lifecycle(HttpRequestHook(flow))
            flow.response = http.Response.make(200, b"ok", {"content-type": "text/plain"})
            await manager.handle_lifecycle(HttpResponseHeadersHook(flow))
            await manager.handle_lifecycle(HttpResponseHook(flow))

        for flow in _flows(proxy_bench.workload_a, 200, 0):
            await one(flow)
        gc.collect()
        gc.freeze()  # as the proxy does after loading (guardian.heap): no full collection over the models
        hook_ns.clear()
        per_flow = []
        for i in range(args.rounds):
            flows = _flows(proxy_bench.workload_a, args.flows, 200 + i * args.flows)
            t0 = time.process_time()
            for flow in flows:
                await one(flow)
            per_flow.append((time.process_time() - t0) / len(flows) * 1e6)
        last = flows[-1].metadata.get("guardian", {})
        if last.get("decision") != "allow":
            print(f"unexpected record: {last}", file=sys.stderr)
            return 1
    what = "four HTTP events, all addons" if args.events else "request hook"
    print(f"guardian from {Path(guardian.__file__).parent.parent}: {what}, CPU us per flow: "
          f"min {min(per_flow):.1f}, median {statistics.median(per_flow):.1f} ({args.rounds} rounds of {args.flows})")
    total = args.rounds * args.flows
    for name, ns in sorted(hook_ns.items(), key=lambda kv: -kv[1]):
        print(f"  {ns / 1000 / total:7.2f} us  {name}")
    return 0


def _time_hooks(addons: list[Any], decision_addon: Any, totals: dict[str, int]) -> None:
    """Wrap every HTTP hook but the decision addon's request hook (timed as a whole) with a timer."""
    for addon in addons:
        for name in HOOKS:
            hook = getattr(addon, name, None)
            if hook is None or (addon is decision_addon and name == "request"):
                continue
            setattr(addon, name, _timed(hook, f"{type(addon).__name__}.{name}", totals))


def _timed(hook: Callable[..., Any], key: str, totals: dict[str, int]) -> Callable[..., Any]:
    if inspect.iscoroutinefunction(hook):
        async def timed_async(*args: Any) -> Any:
            t0 = time.perf_counter_ns()
            try:
                return await hook(*args)
            finally:
                totals[key] += time.perf_counter_ns() - t0
        return timed_async

    def timed(*args: Any) -> Any:
        t0 = time.perf_counter_ns()
        try:
            return hook(*args)
        finally:
            totals[key] += time.perf_counter_ns() - t0
    return timed


if __name__ == "__main__":
    sys.exit(main())
