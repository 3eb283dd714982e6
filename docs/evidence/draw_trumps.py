"""Evidence behind the heuristic's draw_trumps default (kernel/quadrille/policies.py): paired replays of the same
400,000 deals (seed 5) with every seat's draw_trumps at 0.8, 0.6, 0.4, 0.2 and 0; the ombre's net
payment difference against 0.8, by contract. Run: .venv/bin/python docs/evidence/draw_trumps.py
"""
import numpy as np
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.variants import Variant, play_variants, deals_of_seed
from spadille.kernel.quadrille import layout as L
from spadille.analyses.paired import mean_ci
rs = load_ruleset("encyclopedie-1765")
base = (make_seat_policy("heuristic"),)*4
hands, ids = deals_of_seed(rs, 5, 0, 400_000)
vals = [0.8, 0.6, 0.4, 0.2, 0.0]
vs = [Variant(f"d{x}", policies=(make_seat_policy("heuristic", {"draw_trumps": x}),)*4) for x in vals]
out = play_variants(rs, base, vs, hands, ids, 5)
ombre = out[:, 0, L.OUT_OMBRE]
ok = ombre >= 0
for c, name in ((L.CALLED, "called"), (L.SANS_PRENDRE, "sans prendre"), (L.FORCED, "forced")):
    sel = ok & (out[:, 0, L.OUT_CONTRACT] == c)
    rows = np.nonzero(sel)[0]
    pays = [out[rows, v, L.OUT_PAY + ombre[rows]] for v in range(len(vals))]
    wins = [(out[rows, v, L.OUT_OUTCOME] == L.WIN).mean() for v in range(len(vals))]
    print(name, len(rows), ["%.3f" % w for w in wins])
    for v in range(1, len(vals)):
        print("   draw", vals[v], "- 0.8:", ["%.3f" % x for x in mean_ci(pays[v] - pays[0])[1:]])
