"""CPU seconds a deal with pimc in all four seats, one thread, deal by deal, appended as JSON lines
with each deal's record: the evidence behind docs/speed.md's "The trump count" table, where
two checkouts of the code (each with its own venv) timed the same deals of seed 2026.

Usage: PYTHON docs/evidence/pimc_seconds_across_code.py POLICY FIRST COUNT OUT.jsonl
  POLICY  pimc, or pimc:samples=20:window=0:stop_z=0 (the exact pimc before issue 15's speed-up; on
          code with pimc's node budget, add :node_budget=0, which older code does not know)
That run alternated the codes in blocks of 8 deals, so the machine's load fell on both:
  for b in $(seq 0 8 88); do
    OLD/.venv/bin/python docs/evidence/pimc_seconds_across_code.py pimc:samples=20:window=0:stop_z=0 $b 8 old.jsonl
    .venv/bin/python docs/evidence/pimc_seconds_across_code.py pimc $b 8 new.jsonl
  done
Each process plays one deal of another seed before timing (numba loads or compiles). Comparing
the records of two files tells whether the codes played the same cards.
"""
import json
import sys
import time

import numba

from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.simulate import RunConfig, simulate

spec, first, count, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
params = {key: float(value) for key, value in (part.split("=") for part in spec.split(":")[1:])}
policy = make_seat_policy("pimc", params)
ruleset = load_ruleset()
numba.set_num_threads(1)
simulate(RunConfig(ruleset, (policy,) * 4, seed=2027, deals=1, threads=1))
lines = []
for deal in range(first, first + count):
    started = time.process_time()
    result = simulate(RunConfig(ruleset, (policy,) * 4, seed=2026, deals=1, first_deal=deal, threads=1, record=True))
    lines.append(json.dumps({"deal": deal, "seconds": time.process_time() - started, "row": result.rows[0].tolist()}))
with open(out, "a", encoding="utf-8") as file:
    file.write("\n".join(lines) + "\n")
