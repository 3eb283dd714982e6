"""Deals a second on one core, the deal loop against the bare greedy playout, for interleaved runs of two
checkouts of the code (the old side imports its own tree, e.g. with PYTHONPATH pointing at a copy).

  .venv/bin/python docs/evidence/deal_loop_speed.py DEALS          # one round: a JSON line of rates
  .venv/bin/python docs/evidence/deal_loop_speed.py DEALS --ab OLD_PYTHONPATH ROUNDS [OLD_NUMBA_CACHE_DIR]
      # ROUNDS rounds of old, new, old, new ... in fresh processes; prints each round and the medians
      # (a cache folder of the old side's own keeps the two sides from evicting each other's code)

Every figure is CPU seconds of the process (steadier than wall time on a shared machine), measured after a
warm-up run in the same process (the numba cache loaded or compiled),
on the default ruleset, with the same seed for both sides."""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

POLICIES = ("random", "heuristic", "strong")


def one_round(deals: int) -> dict[str, float]:
    import numba
    import numpy as np

    from spadille.kernel.quadrille import layout as L
    from spadille.kernel.quadrille._playout import greedy_playout
    from spadille.kernel.quadrille.policies import make_seat_policy
    from spadille.kernel.quadrille.ruleset import load_ruleset
    from spadille.kernel.quadrille.simulate import RunConfig, iter_batches
    from spadille.kernel.quadrille.tables import build_tables

    numba.set_num_threads(1)
    rs = load_ruleset()
    tables = build_tables(rs)
    rates = {}
    chunk = 2048
    tricks = np.zeros(((deals + chunk - 1) // chunk, L.MAX_SEATS), dtype=np.int64)
    args = (tables.rules, tables.pos_of_card, tables.block_of_pos, tables.block_mask, tables.top_pos)
    greedy_playout(1, 0, chunk, chunk, *args, tricks)
    started = time.process_time()
    greedy_playout(12345, 0, deals, chunk, *args, tricks)
    rates["playout"] = deals / (time.process_time() - started)
    for policy in POLICIES:
        seats = tuple(make_seat_policy(policy) for _ in range(4))
        for n in (4096, deals):
            config = RunConfig(rs, seats, seed=12345, deals=n, threads=1)
            started = time.process_time()
            for _ in iter_batches(config, tables=tables):
                pass
            rates[policy] = n / (time.process_time() - started)
    return rates


def alternate(script: str, deals: int, old_path: str, rounds: int,
              old_cache: str | None = None) -> dict[str, list[dict[str, float]]]:
    """``rounds`` rounds of ``script DEALS`` in fresh processes, the old side then the new: each side's
    JSON lines of rates, printed as they come (learned_speed.py alternates its own rounds with it)."""
    sides = {"old": dict(os.environ, PYTHONPATH=old_path), "new": dict(os.environ)}
    if old_cache:
        sides["old"]["NUMBA_CACHE_DIR"] = old_cache
    sides["new"].pop("PYTHONPATH", None)
    results: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    for round_ in range(rounds):
        for side, env in sides.items():
            out = subprocess.run([sys.executable, script, str(deals)], env=env, capture_output=True, text=True,
                                 check=True)
            rates = json.loads(out.stdout.strip().splitlines()[-1])
            results[side].append(rates)
            print(round_, side, {k: round(v, 3) for k, v in rates.items()}, flush=True)
    return results


def interleaved(deals: int, old_path: str, rounds: int, old_cache: str | None = None) -> None:
    results = alternate(__file__, deals, old_path, rounds, old_cache)
    for side, runs in results.items():
        medians = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
        ratios = {key: medians[key] / medians["playout"] for key in POLICIES}
        print(side, "medians", {k: round(v) for k, v in medians.items()},
              "ratio to playout", {k: round(v, 3) for k, v in ratios.items()}, flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[2] == "--ab":
        interleaved(int(sys.argv[1]), sys.argv[3], int(sys.argv[4]), sys.argv[5] if len(sys.argv) > 5 else None)
    else:
        print(json.dumps(one_round(int(sys.argv[1]))))
