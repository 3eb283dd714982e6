"""Instructions a deal under callgrind, for comparing two versions of the deal loop on a shared machine
(instruction counts do not depend on the load, where CPU seconds moved by ±15% a round at load 6).

  valgrind --tool=callgrind --instr-atstart=no --smc-check=all-non-file --callgrind-out-file=/tmp/cg.%p \
      .venv/bin/python docs/evidence/deal_loop_instructions.py 2048
  grep -a "^desc: Trigger\\|^summary" /tmp/cg.*.*     # one dump a part: its instructions / DEALS a deal

Warms every part up first (numba's cache loaded, and compiled if need be: run the script once without
valgrind, with NO_CALLGRIND=1, so that nothing compiles under it), then for the bare playout and for
each policy switches instrumentation on, zeroes the counters, plays DEALS deals of one chunk (the
warmed-up path) and dumps. The old side of a comparison imports its own tree, as deal_loop_speed.py's."""
from __future__ import annotations

import os
import subprocess
import sys

import numba
import numpy as np

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille._playout import greedy_playout
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.simulate import RunConfig, iter_batches
from spadille.kernel.quadrille.tables import build_tables

CHUNK = 2048


def control(*flags: str) -> None:
    """callgrind_control on this process (nothing without callgrind)."""
    if not os.environ.get("NO_CALLGRIND"):
        subprocess.run(["callgrind_control", *flags, str(os.getpid())], check=True, capture_output=True)


def main(deals: int) -> None:
    numba.set_num_threads(1)
    ruleset = load_ruleset()
    tables = build_tables(ruleset)
    tricks = np.zeros((deals // CHUNK + 1, L.MAX_SEATS), dtype=np.int64)
    args = (tables.rules, tables.pos_of_card, tables.block_of_pos, tables.block_mask, tables.top_pos)
    greedy_playout(1, 0, CHUNK, CHUNK, *args, tricks)
    configs = {}
    for policy in ("random", "heuristic", "strong"):
        seats = tuple(make_seat_policy(policy) for _ in range(4))
        for _ in iter_batches(RunConfig(ruleset, seats, seed=777, deals=CHUNK, threads=1), tables=tables):
            pass
        configs[policy] = RunConfig(ruleset, seats, seed=12345, deals=deals, threads=1)
    control("--instr=on")
    control("-z")
    greedy_playout(12345, 0, deals, CHUNK, *args, tricks)
    control("--dump=playout")
    for policy, config in configs.items():
        control("-z")
        for _ in iter_batches(config, tables=tables):
            pass
        control(f"--dump={policy}")


if __name__ == "__main__":
    deals = int(sys.argv[1])
    if deals > CHUNK:
        sys.exit(f"Error: at most {CHUNK} deals (one chunk, the path the warm-up compiled)")
    main(deals)
