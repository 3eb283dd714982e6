"""The jitted loop behind paired comparisons: the same hands played under several variants.

A *variant* is one way to play a deal: the focal seat's fixed decisions (force, F_* in
layout.py), every seat's policy and parameters, and the rule vector. Each deal is replayed
under every variant from the same random stream, so the variants differ only by what they
change: the comparison is paired, deal by deal (common random numbers).

A variant may name a *twin*: an earlier variant that differs from it only in the fixed vole
choice. Where the twin's focal ombre never reached the vole point the vole choice was never
read, so the deal played out identically and its result is copied instead of replayed.
"""

import numpy as np
from numba import njit, prange

from spadille.kernel.common._rng import seed_deal

from . import layout as L
from ._engine import deal_hands, play_hands
from ._scratch import deal_scratch, set_hands
from ._settle import TABLE_LEN


@njit(parallel=True, cache=True)
def play_variants(play_seed, hands_in, deal_ids, forces, twins, policy_ids, policy_params, rules, bete_chains, cards,
                  out_cols, out, chunk_size, compress8, dd_table_bits, search):
    """Play every deal of ``hands_in`` (uint64[n, MAX_SEATS], natural masks) under every variant.

    Deal d is played with the stream of (play_seed, deal_ids[d]) at an empty table. Per
    variant v: forces[v] int64[N_FORCE], twins[v] (-1 or an earlier variant), policy_ids[v]
    int64[MAX_SEATS], policy_params[v] float64[MAX_SEATS, N_POLICY_PARAMS], rules[v]
    int64[N_RULE_PARAMS], bete_chains[v] int64[2, BETE_CHAIN_LEN]; ``cards`` is the base
    ruleset's CardTables. out int64[n, n_variants, N_OUT] receives the row entries named by
    out_cols (OUT_ROW_COLUMNS), then the vole decider and where the seats' situation first held
    (OUT_SITUATION).
    """
    n_deals = hands_in.shape[0]
    n_variants = forces.shape[0]
    n_out = out_cols.shape[0]  # == OUT_VOLE_DECIDER
    n_chunks = (n_deals + chunk_size - 1) // chunk_size
    for chunk in prange(n_chunks):
        # the hands and the stream are set by jitted callees, never through the bundle (_scratch.py)
        scratch = deal_scratch(compress8, dd_table_bits)
        res = scratch.res
        table = np.zeros(TABLE_LEN, dtype=np.int64)
        begin = chunk * chunk_size
        end = min(n_deals, begin + chunk_size)
        for d in range(begin, end):
            for v in range(n_variants):
                twin = twins[v]
                if twin >= 0:
                    # the twin's vole choice was read only if its focal seat was the ombre by
                    # its own bid and the side reached the point
                    reached = out[d, twin, L.OUT_VOLE_DECIDER] >= 0
                    focal_ombre = (out[d, twin, L.OUT_OMBRE] == forces[v, L.F_SEAT]
                                   and out[d, twin, L.OUT_CONTRACT] != L.FORCED)
                    if not (reached and focal_ombre):
                        out[d, v, :] = out[d, twin, :]
                        continue
                set_hands(scratch, hands_in, d)
                table[:] = 0
                seed_deal(scratch.rng, play_seed, deal_ids[d])
                decider = play_hands(deal_ids[d], rules[v], bete_chains[v], cards, policy_ids[v], policy_params[v],
                                     table, scratch, False, search, forces[v])
                for k in range(n_out):
                    out[d, v, k] = res[out_cols[k]]
                out[d, v, n_out] = decider
                out[d, v, L.OUT_SITUATION] = res[L.COL_SITUATION]
                out[d, v, L.OUT_SITUATION + 1] = res[L.COL_SITUATION_SEAT]


@njit(parallel=True, cache=True)
def deal_range(seed, first_deal, rules, hands_out):
    """hands_out[i] = the hands of deal first_deal + i of ``seed``, as ``run_chunks`` deals them."""
    n = hands_out.shape[0]
    n_chunks = (n + 1023) // 1024
    for chunk in prange(n_chunks):
        rng = np.zeros(2, dtype=np.uint64)
        deck = np.zeros(40, dtype=np.int64)
        for i in range(chunk * 1024, min(n, (chunk + 1) * 1024)):
            deal_hands(seed, first_deal + i, rules, rng, deck, hands_out[i])
