"""Full deals a second on one core, the learned player against the heuristic in the same process, for
interleaved runs of two checkouts of the code (the old side imports its own tree with PYTHONPATH
pointing at a copy of it, and keeps its own numba cache). OLD_PYTHONPATH is a folder holding a
``spadille/`` of symlinks to the old checkout's package folders (analyses, cli, kernel, openspiel,
reports, seeds): a bare checkout on PYTHONPATH would import the new code through the editable finder.

  .venv/bin/python docs/evidence/learned_speed.py DEALS                       # one round: a JSON line
  .venv/bin/python docs/evidence/learned_speed.py DEALS --ab OLD_PYTHONPATH OLD_NUMBA_CACHE_DIR ROUNDS
      # ROUNDS rounds of old, new, old, new ... in fresh processes; prints each round and the medians

Every figure is CPU seconds of the process, after a warm-up run (the numba cache loaded or compiled), on
the default ruleset with the same seed for both sides: on a shared machine the CPU time of a process is
steadier than the wall time `spadille bench` reports, though other work still slows it (caches)."""
from __future__ import annotations

import json
import statistics
import sys
import time

POLICIES = ("heuristic", "learned")


def one_round(deals: int) -> dict[str, float]:
    import numba

    from spadille.kernel.quadrille.policies import make_seat_policy
    from spadille.kernel.quadrille.ruleset import load_ruleset
    from spadille.kernel.quadrille.simulate import RunConfig, iter_batches
    from spadille.kernel.quadrille.tables import build_tables

    numba.set_num_threads(1)
    ruleset = load_ruleset()
    tables = build_tables(ruleset)
    rates = {}
    for policy in POLICIES:
        seats = tuple(make_seat_policy(policy) for _ in range(4))
        for n in (4096, deals):   # the first is the warm-up
            started = time.process_time()
            for _ in iter_batches(RunConfig(ruleset, seats, seed=12345, deals=n, threads=1), tables=tables):
                pass
            rates[policy] = n / (time.process_time() - started)
    rates["ratio"] = rates["learned"] / rates["heuristic"]
    return rates


def interleaved(deals: int, old_path: str, old_cache: str, rounds: int) -> None:
    from deal_loop_speed import alternate   # the deal loop's evidence alternates its rounds the same way

    results = alternate(__file__, deals, old_path, rounds, old_cache)
    for side, runs in results.items():
        print(side, "medians", {key: round(statistics.median(run[key] for run in runs), 3) for key in runs[0]},
              flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[2] == "--ab":
        interleaved(int(sys.argv[1]), sys.argv[3], sys.argv[4], int(sys.argv[5]))
    else:
        print(json.dumps(one_round(int(sys.argv[1]))))
