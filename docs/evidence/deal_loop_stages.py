"""Where a deal of the deal loop spends its time, stage by stage, on one core: the shuffle and deal,
the auction (with the antes), the whole deal (trump, call, ten tricks with the card choices, the
settlement), against the bench's yardstick, the bare greedy playout, timed in the same process.

  .venv/bin/python docs/evidence/deal_loop_stages.py [POLICY[,POLICY...]] [DEALS] [ROUNDS]

Each stage is a jitted loop over the same deals of one seed; the rounds alternate the stages, and
the medians are printed, in nanoseconds a deal and as a share of the whole deal."""
from __future__ import annotations

import sys
import time

import numba
import numpy as np
from numba import njit

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille._decide import kinds_of
from spadille.kernel.quadrille._engine import _auction, deal_hands, deal_scratch, play_deal
from spadille.kernel.quadrille._playout import greedy_playout
from spadille.kernel.quadrille._settle import TABLE_LEN, pay_antes
from spadille.kernel.quadrille.policies import kernel_arrays, make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.search.solver import compress8_table
from spadille.kernel.quadrille.tables import build_tables


@njit(cache=True)
def _deals(seed, n, rules):
    rng, res, hands_nat = np.zeros(2, np.uint64), np.zeros(L.N_ROW_COLS, np.int64), np.zeros(L.MAX_SEATS, np.uint64)
    deck = np.zeros(40, np.int64)
    total = 0
    for deal in range(n):
        deal_hands(seed, deal, rules, rng, deck, hands_nat)
        total += np.int64(hands_nat[0] & np.uint64(1))
    return total


@njit(cache=True)
def _auctions(seed, n, rules, card_of_pos, nat_suit_mask, top_pos, ids, params):
    rng, res, hands_nat = np.zeros(2, np.uint64), np.zeros(L.N_ROW_COLS, np.int64), np.zeros(L.MAX_SEATS, np.uint64)
    deck = np.zeros(40, np.int64)
    nets = np.zeros(L.MAX_SEATS, np.int64)
    table = np.zeros(TABLE_LEN, np.int64)
    force = np.full(L.N_FORCE, L.FREE, dtype=np.int64)
    total = 0
    for deal in range(n):
        deal_hands(seed, deal, rules, rng, deck, hands_nat)
        table[:] = 0
        pay_antes(table, nets, rules[L.R_SEATS], 0, rules)
        declarer, kind, _ = _auction(hands_nat, rules, card_of_pos, nat_suit_mask, top_pos, ids, params, force, rng,
                                     res)
        total += declarer + kind
    return total


@njit(cache=True)
def _whole(seed, n, rules, bete_chain, cards, ids, params, compress8, kinds):
    scratch = deal_scratch(compress8, 2)
    res = scratch.res
    table = np.zeros(TABLE_LEN, np.int64)
    force = np.full(L.N_FORCE, L.FREE, dtype=np.int64)
    total = 0
    for deal in range(n):
        table[:] = 0
        play_deal(seed, deal, rules, bete_chain, cards, ids, params, table, scratch, False, kinds, force)
        total += res[L.COL_SIDE_TRICKS]
    return total


def main(policies: str = "heuristic", deals: int = 400_000, rounds: int = 5) -> None:
    for policy in policies.split(","):
        stages(policy, deals, rounds)


def stages(policy: str, deals: int, rounds: int) -> None:
    numba.set_num_threads(1)
    rs = load_ruleset()
    t = build_tables(rs)
    ids, params = kernel_arrays(tuple(make_seat_policy(policy) for _ in range(4)))
    compress8, kinds = compress8_table(), kinds_of(make_seat_policy(policy) for _ in range(4))
    tricks = np.zeros(((deals + 4095) // 4096, L.MAX_SEATS), np.int64)
    stages = {
        "deal": lambda n: _deals(12345, n, t.rules),
        "deal+auction": lambda n: _auctions(12345, n, t.rules, t.card_of_pos, t.nat_suit_mask, t.top_pos, ids, params),
        "whole deal": lambda n: _whole(12345, n, t.rules, t.bete_chain, t.cards, ids, params, compress8, kinds),
        "playout": lambda n: greedy_playout(12345, 0, n, 4096, t.rules, t.pos_of_card, t.block_of_pos, t.block_mask,
                                            t.top_pos, tricks),
    }
    for run in stages.values():
        run(1000)  # compile or load
    seconds = {name: [] for name in stages}
    for _ in range(rounds):
        for name, run in stages.items():
            started = time.perf_counter()
            run(deals)
            seconds[name].append(time.perf_counter() - started)
    whole = np.median(seconds["whole deal"])
    for name, values in seconds.items():
        median = float(np.median(values))
        print(f"{policy:10s} {name:14s} {median / deals * 1e9:7.0f} ns a deal  {median / whole:5.2f} of the whole deal")
    print(f"{policy:10s} whole / playout speed: {np.median(seconds['playout']) / whole:.3f}x")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "heuristic", int(sys.argv[2]) if len(sys.argv) > 2 else 400_000,
         int(sys.argv[3]) if len(sys.argv) > 3 else 5)
