"""How far better move ordering could take the solver: the evidence behind docs/speed.md's "What
is left: the mean and the p99".

An oracle orders the moves: each of the bench's 200 full deals is solved once as the solver
stands, recording at every node the card that cut (keyed on the exact position and target),
then solved again with that card tried first wherever the same node comes up (the card that cut
there on the first pass is one that cuts). Nodes the first pass never reached keep the solver's
own order, and the second pass records its cuts too; ``--passes`` solves repeat that. The oracle
is applied at leads only, at the later cards of a trick only, or at both, so the two halves of
the ordering can be weighed. Only nodes are counted, never time: the oracle's table lookups
cost more than they save. Every pass must return the solver's values (the script checks).

Usage: .venv/bin/python docs/evidence/dd_order_ceiling.py [--passes 2]
The copy of ``kernel/quadrille/search/_dd.py`` with the oracle lives in a temporary folder and
is compiled without a cache (about a minute); the source is not touched.
"""
import argparse
import importlib.util
import sys
import tempfile
from pathlib import Path

import numpy as np

SOURCE = Path(__file__).resolve().parents[2] / "kernel" / "quadrille" / "search" / "_dd.py"

KEY = '''
@njit(inline="always")
def _oracle_key(hands, on_table, leader, n_in, side_won, target):
    """A 64-bit hash of the exact position and the target."""
    mixed = np.uint64(0x9E3779B97F4A7C15)
    for seat in range(4):
        mixed = (mixed ^ hands[seat]) * np.uint64(0xBF58476D1CE4E5B9)
        mixed ^= mixed >> np.uint64(31)
    mixed = (mixed ^ on_table) * np.uint64(0x94D049BB133111EB)
    mixed ^= mixed >> np.uint64(29)
    mixed = (mixed ^ np.uint64(leader * 64 + n_in * 16 + side_won + target * 4096)) * np.uint64(0xBF58476D1CE4E5B9)
    mixed ^= mixed >> np.uint64(32)
    return mixed


'''

# (anchor, replacement): each anchor must occur in the source exactly once
PATCHES = [
    ("    scores: np.ndarray\n    counters: np.ndarray\n",
     "    scores: np.ndarray\n    counters: np.ndarray\n    oracle: np.ndarray\n"),
    ("    stack, scores, counters = work\n", "    stack, scores, counters, oracle = work\n"),
    ("# _nrt=False: the search allocates nothing", KEY + "# _nrt=False: the search allocates nothing"),
    ("            count = ordered_moves(seat, hands, n_seats, n_in, leader, led_pos, best_pos, best_seat, live, side_mask,",
     """            # counters[10]: 1 record only; 2, 3, 4 also try the recorded card first at leads, later cards, both
            mode = counters[10]
            key = _oracle_key(hands, on_table, leader, n_in, side_won, target)
            slot = np.int64(key & np.uint64(oracle.shape[0] - 1))
            counters[11 + ply] = slot
            if np.uint64(oracle[slot, 0]) == key and ((mode == 2 and n_in == 0) or (mode == 3 and n_in > 0)
                                                      or mode == 4):
                hint_card = oracle[slot, 1]
            count = ordered_moves(seat, hands, n_seats, n_in, leader, led_pos, best_pos, best_seat, live, side_mask,"""),
    ("        if value == maximising:\n            stack[ply, CUT] = card",
     """        if value == maximising:
            slot = counters[11 + ply]
            oracle[slot, 0] = np.int64(_oracle_key(hands, on_table, leader, n_in, side_won, target))
            oracle[slot, 1] = card
            stack[ply, CUT] = card"""),
    ("def _work_arrays():\n    return SearchWork(",
     "def _work_arrays(oracle, mode):\n    counters = np.zeros(64, dtype=np.int64)\n    counters[10] = mode\n"
     "    return SearchWork("),
    ("                      np.zeros(5, dtype=np.int64))", "                      counters, oracle)"),
    ("""def solve_counted(hands, side_mask, to_move, trick_cards, n_in, side_won, trump, rules, block_of_pos, block_mask,
                  top_pos, compress8, table, shapes, stamp):""",
     """def solve_counted(hands, side_mask, to_move, trick_cards, n_in, side_won, trump, rules, block_of_pos, block_mask,
                  top_pos, compress8, table, shapes, stamp, oracle, mode):"""),
    ("    left = popcount(hands[to_move])\n    work = _work_arrays()\n",
     "    left = popcount(hands[to_move])\n    work = _work_arrays(oracle, mode)\n"),
]


def oracle_module(folder: Path):
    """The solver's source with the oracle patched in, imported as a module of its own."""
    text = SOURCE.read_text()
    for anchor, replacement in PATCHES:
        if text.count(anchor) != 1:
            sys.exit(f"Error: the solver's source changed; update this script's patch at {anchor.strip()[:60]!r}")
        text = text.replace(anchor, replacement)
    text = text.replace("from ._dd_", "from spadille.kernel.quadrille.search._dd_")
    text = text.replace("@njit(cache=True", "@njit(cache=False").replace('@njit(inline="always", cache=True',
                                                                        '@njit(inline="always"')
    path = folder / "_dd_oracle.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("_dd_oracle", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passes", type=int, default=2, help="solves a deal, the first without the oracle")
    options = parser.parse_args()
    from spadille.kernel.quadrille import bench_dd
    from spadille.kernel.quadrille.ruleset import load_ruleset
    from spadille.kernel.quadrille.search.solver import DoubleDummySolver
    from spadille.kernel.quadrille.tables import build_tables

    tables = build_tables(load_ruleset())
    solver = DoubleDummySolver(tables)
    deals = bench_dd.random_deals(tables, 200)
    arguments = bench_dd._kernel_arguments(solver, deals)
    with tempfile.TemporaryDirectory() as folder:
        module = oracle_module(Path(folder))
        oracle = np.zeros((1 << 22, 2), dtype=np.int64)
        print(f"{'oracle at':<22}{'mean nodes':>12}{'median':>10}{'p99':>10}{'largest':>10}")
        for name, mode in (("none (the solver)", 1), ("leads", 2), ("later cards", 3), ("both", 4)):
            nodes = np.zeros(len(arguments))
            for i, args in enumerate(arguments):
                oracle[:] = 0
                values = []
                for attempt in range(options.passes if mode > 1 else 1):
                    solver.clear()  # the first pass records only; the later ones use what it recorded
                    value, counters = module.solve_counted(*args, solver.compress8, solver.table, solver.shapes,
                                                           np.int64(solver.stamp), oracle,
                                                           np.int64(mode if attempt else 1))
                    values.append(value)
                if len(set(values)) > 1:
                    sys.exit(f"Error: deal {i} changed value under the oracle ({values})")
                nodes[i] = counters[0]
            print(f"{name:<22}{nodes.mean():>12,.0f}{np.median(nodes):>10,.0f}{np.percentile(nodes, 99):>10,.0f}"
                  f"{nodes.max():>10,.0f}")
        largest = np.argsort(-nodes)[:4]
        print("largest under the oracle at both:", ", ".join(
            f"deal {i} ({'lone ombre' if len(deals[i].side) == 1 else 'ombre and friend'}, {nodes[i]:,.0f})"
            for i in largest))


if __name__ == "__main__":
    main()
