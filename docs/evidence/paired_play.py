"""Paired comparison of heuristic, pimc and dd card play on the same deals (same bids).

Usage: .venv/bin/python docs/evidence/paired_play.py N   (N deals of seed 2026; about 0.3 s a deal for pimc on 2 cores)
The evidence behind issue 3's closing note; issue 4 turns this into a proper analysis.
Kept as that note's record; `spadille ladder quadrille --policies heuristic,dd,pimc` now measures
policies against each other properly (one seat at a time, every seat in turn, intervals over deals).
"""
import math, sys, time
import numpy as np
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.policies import make_seat_policy as m
from spadille.kernel.quadrille.simulate import RunConfig, simulate
from spadille.kernel.quadrille import layout as L
from spadille.analyses.stats import wilson_interval

n = int(sys.argv[1]); seed = 2026
rs = load_ruleset()
rows = {}
for name in ["heuristic", "dd", "pimc"]:
    t = time.time()
    rows[name] = simulate(RunConfig(rs, (m(name),) * 4, seed=seed, deals=n, record=True)).rows
    print(f"{name}: {n} deals in {time.time()-t:.0f} s", flush=True)
base = rows["heuristic"]
assert all(np.array_equal(r[:, L.COL_CONTRACT], base[:, L.COL_CONTRACT]) for r in rows.values())
played = base[:, L.COL_CONTRACT] != L.NO_CONTRACT
def side_pay(r):
    pay = r[:, L.COL_PAY:L.COL_PAY + 4]
    idx = np.arange(len(r))
    ombre = r[:, L.COL_OMBRE]; friend = r[:, L.COL_FRIEND]
    out = pay[idx, ombre].astype(float)
    has = friend >= 0
    out[has] += pay[idx[has], friend[has]]
    return out
print(f"\nseed {seed}, deals 0..{n-1}, ruleset encyclopedie-1765, all four seats play the named policy; "
      f"contracts identical (all bid like the heuristic); n = {played.sum()} played deals")
print(f"{'play':10} {'win':>22} {'remise':>22} {'codille':>22} {'vole':>22} {'side mean jetons':>24}")
for name, r in rows.items():
    r = r[played]
    cells = []
    for code in (L.WIN, L.REMISE, L.CODILLE):
        k = int((r[:, L.COL_OUTCOME] == code).sum()); share, lo, hi = wilson_interval(k, len(r))
        cells.append(f"{share:6.1%} [{lo:5.1%},{hi:5.1%}]")
    k = int((r[:, L.COL_VOLE] == L.VOLE_MADE).sum()); share, lo, hi = wilson_interval(k, len(r))
    cells.append(f"{share:6.2%} [{lo:5.2%},{hi:5.2%}]")
    p = side_pay(r); half = 1.96 * p.std(ddof=1) / math.sqrt(len(p))
    cells.append(f"{p.mean():+7.2f} ± {half:5.2f}")
    print(f"{name:10} " + " ".join(f"{c:>22}" for c in cells))
print("\npaired differences against heuristic play, same deals (mean ± 95% CI half-width):")
for name in ("pimc", "dd"):
    r = rows[name][played]; b = base[played]
    d = side_pay(r) - side_pay(b); half = 1.96 * d.std(ddof=1) / math.sqrt(len(d))
    w = (r[:, L.COL_OUTCOME] == L.WIN).astype(float) - (b[:, L.COL_OUTCOME] == L.WIN).astype(float)
    hw = 1.96 * w.std(ddof=1) / math.sqrt(len(w))
    print(f"  {name}: side payment {d.mean():+.2f} ± {half:.2f} jetons; win rate {w.mean():+.3f} ± {hw:.3f}")
