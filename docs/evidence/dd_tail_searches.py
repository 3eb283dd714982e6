"""Where the bench's slowest solves spend their nodes: the evidence behind docs/speed.md's "The
tail is one question" (issue 15, point 2).

A full-deal solve is a bisection of zero-window searches ("can the side take at least t
tricks?") sharing one table (``_dd._exact``). This script runs the same bisection search by
search and prints, for the solves with the most nodes, each search's target, answer and nodes.
It also prints the p99 of the nodes a solve on other seeds' 200 deals, since the bench's p99 of
200 solves is its third largest, and so moves with the sample.

Usage: .venv/bin/python docs/evidence/dd_tail_searches.py [--top 10] [--seeds 4242 777]
Takes a few seconds (it compiles one small caller of the search).
"""
import argparse

import numpy as np
from numba import njit

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import bench_dd
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.search import _dd
from spadille.kernel.quadrille.search.solver import DoubleDummySolver
from spadille.kernel.quadrille.tables import build_tables

# _reaches' parameters after the target, in order: the caller below passes them by position
REACHES_PARAMETERS = ["target", "hands", "n_seats", "side_mask", "trump", "leader", "n_in", "led_pos", "best_pos",
                      "best_seat", "side_won", "on_table", "fixed", "context", "table", "shapes", "stamp", "work"]


@njit
def _one_search(target, hands, side_mask, to_move, trick_cards, n_in, side_won, trump, rules, block_of_pos,
                block_mask, top_pos, compress8, table, shapes, stamp):
    """(answer, nodes) of one zero-window search, on the table as the earlier searches left it."""
    n_seats = rules[L.R_SEATS]
    context = _dd._context(n_seats, trump, rules, block_mask, top_pos)
    leader, led_pos, best_pos, best_seat, on_table = _dd._trick_state(hands, n_seats, to_move, trick_cards, n_in,
                                                                       trump, block_of_pos)
    work = _dd._work_arrays()
    fixed = _dd.SolverTables(rules, block_of_pos, block_mask, top_pos, compress8)
    answer = _dd._reaches(target, hands, n_seats, side_mask, trump, leader, n_in, led_pos, best_pos, best_seat,
                          side_won, on_table, fixed, context, table, shapes, stamp, work)
    return answer, work.counters[0]


def searches(solver: DoubleDummySolver, arguments: tuple, tricks: int) -> tuple[int, list[tuple[int, bool, int]]]:
    """(value, [(target, reached, nodes)]) of one full deal, bisecting as ``_dd._exact`` does."""
    solver.clear()
    lower, upper, out = 0, tricks, []
    while lower < upper:
        target = (lower + upper + 1) // 2
        answer, nodes = _one_search(np.int64(target), *arguments, solver.compress8, solver.table, solver.shapes,
                                    np.int64(solver.stamp))
        out.append((target, answer == _dd.YES, int(nodes)))
        if answer == _dd.YES:
            lower = target
        else:
            upper = target - 1
    return lower, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=10, help="the solves with the most nodes to list")
    parser.add_argument("--seeds", type=int, nargs="*", default=[4242, 777], help="other seeds for the p99")
    options = parser.parse_args()
    tables = build_tables(load_ruleset())
    solver = DoubleDummySolver(tables)
    tricks = int(tables.rules[L.R_HAND])
    for seed in [bench_dd.SEED, *options.seeds]:
        deals = bench_dd.random_deals(tables, 200, seed)
        arguments = bench_dd._kernel_arguments(solver, deals)
        results = [searches(solver, args, tricks) for args in arguments]
        totals = np.array([sum(nodes for _, _, nodes in found) for _, found in results])
        print(f"seed {seed}: 200 full deals, nodes a solve: mean {totals.mean():,.0f}, "
              f"p99 {np.percentile(totals, 99):,.0f}, the three largest {[int(n) for n in sorted(totals)[-3:]]}")
        if seed != bench_dd.SEED:
            continue
        largest_share = []
        for i in np.argsort(-totals)[:options.top]:
            value, found = results[i]
            biggest = max(found, key=lambda item: item[2])
            largest_share.append(biggest[2] / totals[i])
            side = "ombre alone" if len(deals[i].side) == 1 else "ombre and friend"
            steps = ", ".join(f"{target} {'yes' if reached else 'no'} {nodes:,}" for target, reached, nodes in found)
            print(f"  deal {i} ({side}, value {value}): {totals[i]:,} nodes; searches {steps}")
        print(f"  the largest search's share of its solve, over these {options.top}: "
              f"min {min(largest_share):.1%}, median {np.median(largest_share):.1%}")


if __name__ == "__main__":
    main()
