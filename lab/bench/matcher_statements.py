"""System 1 trained and tested the way the request path uses it (an experiment).

On the request path the policy store splits a policy into sentence-level statements, and System 1
takes the lowest L over the statements retrieved for an action (consistent when any statement
permits it). The `segment` scheme instead annotates a whole OPP-115 segment as one statement.
Here each segment is split with the policy store's own `segment_document`, every piece is read by
the rule annotator, and the multihot model is trained multi-instance: a pair's alpha is that of
its statement with the lowest L (hard min, as `System1.score`), on the same pairs, labels and
split as `guardian-lab matcher train --scheme segment`. Prints the test metrics as
`guardian-lab matcher eval` does. About 8 minutes on the 2-core dev machine.

    .venv/bin/python lab/bench/matcher_statements.py [--data ../shared/data/opp115] [--seed 0] [--epochs 30]
"""
import argparse
import time
from pathlib import Path

import numpy as np

from guardian.matcher.model import _torch, _net, _features, evidential_loss, HIDDEN
from guardian.matcher.schema import multihot, statement_practice
from lab.training.matcher import opp115
from lab.training.matcher.metrics import classification_metrics
from guardian.policies.annotate import RuleAnnotator
from guardian.policies.segment import segment_document
ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("--data", default=str(Path(__file__).resolve().parents[3] / "shared" / "data" / "opp115"))
ap.add_argument("--seed", type=int, default=0)
ap.add_argument("--epochs", type=int, default=30)
args = ap.parse_args()
root = Path(args.data)
t0 = time.time()
segs = opp115.load_segments(root)
ann = RuleAnnotator()
bags = {}
nst = []
for s in segs:
    parts = segment_document(s.text, "text") or []
    ps = [statement_practice(ann.annotate(p.text, p.heading)) for p in parts] or [s.practice]
    bags[s.sid] = np.stack([multihot(p) for p in ps]); nst.append(len(ps))
print("segments", len(segs), "statements/segment", np.mean(nst), "t", round(time.time()-t0,1), flush=True)
pairs = opp115.derive_pairs(segs)
tr_ids, te_ids = opp115.split_policies([p.policy for p in pairs])
train = [p for p in pairs if p.policy in tr_ids]; test = [p for p in pairs if p.policy in te_ids]
torch = _torch()
def tensors(ps):
    rows_b, rows_p, owner = [], [], []
    for i, p in enumerate(ps):
        bag = bags[p.statement.sid]; a = multihot(p.action)
        for v in bag:
            rows_b.append(a); rows_p.append(v); owner.append(i)
    return (torch.from_numpy(np.stack(rows_b).astype(np.float32)), torch.from_numpy(np.stack(rows_p).astype(np.float32)),
            torch.tensor(owner), torch.tensor([p.label for p in ps]))
def pooled(net, x, owner, n):
    """alpha of each pair's statement with the lowest L (rows of x belong to pairs by owner)."""
    alpha = torch.nn.functional.softplus(net(x)) + 1
    L = alpha[:, 1] / alpha.sum(1)
    # index of the min-L row per owner
    big = torch.full((n,), float("inf"))
    Lmin = big.scatter_reduce(0, owner, L, reduce="amin", include_self=True)
    is_min = (L == Lmin[owner])
    idx = torch.full((n,), -1, dtype=torch.long)
    rows = torch.arange(len(L))
    idx = idx.scatter_reduce(0, owner[is_min], rows[is_min], reduce="amax", include_self=True)
    return alpha[idx]
seed, epochs = args.seed, args.epochs
torch.manual_seed(seed)
bt, pt, ot, yt = tensors(train)
x = _features(torch, bt, pt)
net = _net(torch, 42, HIDDEN["multihot"])
opt = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-5)
n = len(train)
# group rows by pair for batching
starts = np.searchsorted(ot.numpy(), np.arange(n + 1))
gen = torch.Generator().manual_seed(seed)
for epoch in range(epochs):
    net.train(); kl = min(1.0, epoch / 10)
    perm = torch.randperm(n, generator=gen).numpy()
    for i in range(0, n, 256):
        pids = perm[i:i+256]
        rows = np.concatenate([np.arange(starts[j], starts[j+1]) for j in pids])
        local = np.concatenate([np.full(starts[j+1]-starts[j], k) for k, j in enumerate(pids)])
        a = pooled(net, x[rows], torch.from_numpy(local), len(pids))
        loss = evidential_loss(a, yt[pids], kl)
        opt.zero_grad(); loss.backward(); opt.step()
net.eval()
with torch.no_grad():
    tb, tpp, to, ty = tensors(test)
    a = pooled(net, _features(torch, tb, tpp), to, len(test))
    S = a.sum(1); L = (a[:, 1] / S).numpy(); u = (2 / S).numpy()
m = classification_metrics(L, u, ty.numpy())
print({k: (round(v, 4) if isinstance(v, float) else v) for k, v in m.items()}, "t", round(time.time()-t0,1))
