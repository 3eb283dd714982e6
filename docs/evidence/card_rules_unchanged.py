"""Evidence that the heuristic's card play as rules (issue 14) plays exactly as the code it replaced:
the rows of 30,000 deals (sessions of three) under each ruleset and four parameter sets, hashed.
Run it at the commit before the change (829c358) and after, then compare the two files; after issue
13's fix add `side.cash_winners_first=0`, the one default that changed:
  .venv/bin/python docs/evidence/card_rules_unchanged.py 30000 before.json
  .venv/bin/python docs/evidence/card_rules_unchanged.py 30000 after.json side.cash_winners_first=0
Only the first 90 row columns are hashed: the columns added since (the vole point, the situation)
did not exist before."""
import hashlib
import json
import sys

import numpy as np

from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.simulate import RunConfig, simulate

deals, path = int(sys.argv[1]), sys.argv[2]
extra = dict(item.split("=") for item in sys.argv[3:])
out = {}
for name in ("encyclopedie-1765", "quadrille-a-trois", "mediateur", "italian-modern"):
    ruleset = load_ruleset(name)
    for params in ({}, {"draw_trumps": 0.0}, {"vole_losers": 10.0}, {"draw_trumps": 1.0, "call_long_suit": 0}):
        policies = tuple(make_seat_policy("heuristic", {**params, **{k: float(v) for k, v in extra.items()}})
                         for _ in range(ruleset["pack.seats"]))
        result = simulate(RunConfig(ruleset, policies, seed=11, deals=deals, session_length=3, record=True))
        out[f"{name} {params}"] = hashlib.sha256(np.ascontiguousarray(result.rows[:, :90]).tobytes()).hexdigest()
        print(name, params, out[f"{name} {params}"][:16], flush=True)
json.dump(out, open(path, "w"), indent=1)
