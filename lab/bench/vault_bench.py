"""What restoring an AI answer's event stream costs: ms per network chunk, and what is held back.

    .venv/bin/python lab/bench/vault_bench.py [--chunks 256] [--names 300] [--words 3000]

An OpenAI-style SSE stream of 1-8 character deltas (placeholders cut across them), a fifth of the words pseudonyms of a conversation
that knows `--names` people, fed to `guardian.vault.sse.StreamRestorer` in `--chunks`-byte
pieces. Prints p50 / p95 / max ms per chunk and the most characters held back at once (the
targets: at most 5 ms per chunk, at most the longest placeholder's length held back).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from guardian.vault.sse import StreamRestorer  # noqa: E402
from guardian.vault.memory import Vault  # noqa: E402


def _openai(pieces: list[str]) -> bytes:
    events = [{"id": "c1", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": p}}]} for p in pieces]
    return b"".join(f"data: {json.dumps(e)}\n\n".encode() for e in events) + b"data: [DONE]\n\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--chunks", type=int, default=256, help="bytes per network chunk")
    ap.add_argument("--names", type=int, default=300, help="pseudonyms the conversation knows")
    ap.add_argument("--words", type=int, default=3000, help="words in the answer")
    args = ap.parse_args()
    conv = Vault().conversation("bench")
    tags = [conv.pseudonym(f"Person Number {i}", "PERSON", "tags")[0] for i in range(args.names)]
    rnd = random.Random(1)
    words = [rnd.choice(tags) if rnd.random() < 0.2 else "word" for _ in range(args.words)]
    text = " ".join(words)
    pieces, pos = [], 0
    while pos < len(text):  # deltas of 1-8 characters: tags are cut across deltas, as models stream
        size = rnd.randint(1, 8)
        pieces.append(text[pos : pos + size])
        pos += size
    stream = _openai(pieces)
    restorer = StreamRestorer(conv)
    times = []
    for i in range(0, len(stream), args.chunks):
        t = time.perf_counter()
        restorer.feed(stream[i : i + args.chunks])
        times.append((time.perf_counter() - t) * 1000)
    restorer.finish()
    times.sort()
    print(f"{len(times)} chunks of {args.chunks} bytes: p50 {statistics.median(times):.3f} ms, "
          f"p95 {times[int(len(times) * 0.95)]:.3f} ms, max {times[-1]:.3f} ms per chunk")
    print(f"held back at most {restorer.held_max} characters (longest placeholder {max(len(t) for t in tags)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
