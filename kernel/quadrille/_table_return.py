"""Jitted measure of what the jetons a deal leaves on the table bring back to each seat.

Sample i plays deal ``base = first_deal + i * (horizon + 1)`` at a fresh table, then follows the
session it starts twice, on the same deals ``base + 1 ..``: once from the table the first deal
left, once from an empty table. The policies never read the table, so both follow the same
cards, bids and tricks, and the difference of each deal's payments is what the left table alone
paid out. A seat at position p of the first deal sits at (p - j) mod seats in deal j, the deal
passing in the direction of play, to the right (RULES.md §1.1), so its return is the sum of those positions' differences.
The two sessions stop as soon as their tables agree: from there on they are the same.
"""

import numpy as np
from numba import njit, prange

from . import layout as L
from ._engine import play_deal
from ._scratch import deal_scratch
from ._settle import T_BETES, T_CHAIN_FIRST, T_CHAIN_LEN, TABLE_LEN, table_total

# per sample: the return to each first-deal position, then these
R_LEFT = L.MAX_SEATS          # what the first deal left on the table
R_BETE = R_LEFT + 1           # the bêtes among it
R_UNSETTLED = R_LEFT + 2      # still on the table, in excess, after the horizon
R_DEALS = R_LEFT + 3          # deals followed until the tables agreed (horizon if never)
N_RETURN_COLS = R_LEFT + 4


@njit(cache=True, _nrt=False)
def _tables_agree(a, b):
    """Do two tables hold the same money and the same bête chain? How a chain began is moot
    once it is broken (a win leaves the old value behind)."""
    for k in range(TABLE_LEN):
        if a[k] != b[k] and not (k == T_CHAIN_FIRST and a[T_CHAIN_LEN] == 0 and b[T_CHAIN_LEN] == 0):
            return False
    return True


@njit(parallel=True, cache=True)
def table_returns(seed, first_deal, n_samples, horizon, chunk_size, rules, bete_chain, cards, policy_ids, policy_params,
                  compress8, search, out):
    """out int64[n_samples, N_RETURN_COLS] (zeroed by the caller) receives each sample's returns;
    ``search`` is the policies' _decide.Kinds (they never search here)."""
    n_seats = rules[L.R_SEATS]
    n_chunks = (n_samples + chunk_size - 1) // chunk_size
    for chunk in prange(n_chunks):
        scratch = deal_scratch(compress8, 2)
        res = scratch.res  # read only here: a parallel kernel never writes through a bundle (_scratch.py)
        left = np.zeros(TABLE_LEN, dtype=np.int64)
        empty = np.zeros(TABLE_LEN, dtype=np.int64)
        force = np.full(L.N_FORCE, L.FREE, dtype=np.int64)
        kept = np.zeros(L.MAX_SEATS, dtype=np.int64)
        begin = chunk * chunk_size
        end = min(n_samples, begin + chunk_size)
        for i in range(begin, end):
            base = first_deal + i * (horizon + 1)
            left[:] = 0
            empty[:] = 0
            play_deal(seed, base, rules, bete_chain, cards, policy_ids, policy_params, left, scratch, False, search,
                      force)
            out[i, R_LEFT] = table_total(left)
            out[i, R_BETE] = left[T_BETES]
            followed = 0
            for j in range(1, horizon + 1):
                if _tables_agree(left, empty):
                    break
                followed = j
                play_deal(seed, base + j, rules, bete_chain, cards, policy_ids, policy_params, left, scratch, False,
                          search, force)
                for seat in range(n_seats):
                    kept[seat] = res[L.COL_PAY + seat]
                play_deal(seed, base + j, rules, bete_chain, cards, policy_ids, policy_params, empty, scratch, False,
                          search, force)
                for first_position in range(n_seats):
                    now = (first_position - j) % n_seats
                    out[i, first_position] += kept[now] - res[L.COL_PAY + now]
            out[i, R_UNSETTLED] = table_total(left) - table_total(empty)
            out[i, R_DEALS] = followed
