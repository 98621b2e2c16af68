"""NER beside a busy thread: what the GIL switch interval does to a costly decision.

spaCy 3.8's compiled NER takes the GIL back after every C call that returns -1 (Cython 3's
exception check), thousands of times per text. Alone that costs nothing; next to a thread that
runs Python without pause (the event loop deciding cheap requests back to back under load), each
take waits up to the switch interval. This decides workload d's prose bodies (proxy_bench.py: a
comment that makes NER run) in this thread, first alone, then while a second thread decides
workload a's cheap requests back to back, at each switch interval, with NER's text cache off:

    .venv/bin/python lab/bench/gil_bench.py [--intervals 0.0001 0.0005 0.005] [--texts 4]

It prints per interval the prose decision's median and max ms, and the cheap decisions per
second the busy thread kept meanwhile (against its pace alone). guardian.decider.GIL_SWITCH_S
is the interval the proxy and the decision process use. The default 5 ms can take minutes per
text: it runs last, on `--texts` texts only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "lab" / "bench"))

import proxy_bench  # noqa: E402
from decision_process_bench import _parse  # noqa: E402

from guardian.assemble import assemble  # noqa: E402
from guardian.detect.prose_tagger import set_tag_cache  # noqa: E402
from guardian.detect.detector import set_remember_prose  # noqa: E402
from guardian.detect.presidio_engine import set_ner_cache  # noqa: E402
from guardian.records import HttpRequest  # noqa: E402
from guardian.session import Session  # noqa: E402
from guardian.settings import Settings  # noqa: E402

ALONE_S = 3.0  # seconds the cheap decisions run alone, for their pace


def _prose_ms(pipeline: object, prose: list[HttpRequest]) -> tuple[float, float]:
    times = []
    for request in prose:
        t0 = time.perf_counter()
        pipeline.decide(request, Session("prose"))  # type: ignore[attr-defined]
        times.append((time.perf_counter() - t0) * 1000)
    return round(statistics.median(times), 1), round(max(times), 1)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--intervals", type=float, nargs="+", default=[0.0001, 0.0005, 0.005])
    ap.add_argument("--texts", type=int, default=4, help="prose bodies decided per measurement")
    args = ap.parse_args()
    set_ner_cache(0)  # every text read by the model, as a first visit is
    set_tag_cache(0)
    set_remember_prose(False)
    pipeline = assemble(Settings(rules_path=str(ROOT / "lab" / "bench" / "rules.yaml")))
    cheap = [_parse(r.raw) for r in proxy_bench.workload_a()]
    prose = [_parse(r.raw) for r in proxy_bench.workload_d() if r.kind == "prose"][: args.texts]
    _prose_ms(pipeline, prose)  # warm: models loaded, first calls paid
    print(f"prose decisions alone, ms median / max: {_prose_ms(pipeline, prose)}", flush=True)
    done = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < ALONE_S:
        pipeline.decide_fast(cheap[done % len(cheap)], Session("cheap"))
        done += 1
    print(f"cheap decisions alone: {done / ALONE_S:.0f}/s", flush=True)
    default = sys.getswitchinterval()
    for interval in sorted(args.intervals):
        stop = threading.Event()
        count = [0]

        def busy() -> None:
            i = 0
            while not stop.is_set():
                pipeline.decide_fast(cheap[i % len(cheap)], Session("cheap"))
                i += 1
            count[0] = i

        sys.setswitchinterval(interval)
        thread = threading.Thread(target=busy)
        start = time.perf_counter()
        thread.start()
        median, worst = _prose_ms(pipeline, prose)
        stop.set()
        thread.join()
        pace = count[0] / (time.perf_counter() - start)
        print(f"switch interval {interval * 1000:g} ms: prose ms median / max {median} / {worst}; "
              f"cheap decisions meanwhile {pace:.0f}/s", flush=True)
    sys.setswitchinterval(default)
    return 0


if __name__ == "__main__":
    sys.exit(main())
