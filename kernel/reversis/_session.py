"""Jitted sessions (docs/reversis.md §7): ``length`` deals at one table with the pool carried
over, in parallel over sessions. Deal j of session i is deal ``i * length + j`` of the seed's
stream, and in it position p is player ``(p + j) % 4``, so the results do not depend on threads
or batches. Aggregates are int64 sums (``A_*``) per session chunk; rows are copied out only when
``want_rows``. No input checks.
"""

import numpy as np
from numba import njit, prange

from spadille.kernel.common._rng import seed_deal

from . import layout as L
from ._play import play_deal
from ._search import rollout_buffers
from ._settle import settle_deal

# ---------------------------------------------------------------- aggregates (int64 sums)
A_DEALS = 0
A_NET = 1                     # 5: by position and the pool
A_NET_SQ = 6                  # 5
A_REVERSIS = 11               # 3: none, made, broken
A_QUINOLA = 14                # 4: by fate
A_ESP_PRIVILEGED = 18
A_ESP_USED = 19
A_ALL_COSTS = 20
A_ACES = 21                   # 3: given, forced, played
A_PARTIE_WINS = 24            # 4: by position
A_POINTS = 28                 # 4
A_TRICKS = 32                 # 4
A_PAY = 36                    # N_CATEGORIES x 5
A_SESSIONS = A_PAY + L.N_CATEGORIES * L.N_ACCOUNTS
A_PLAYER_NET = A_SESSIONS + 1     # 4: each player's session total (opening stake included)
A_PLAYER_NET_SQ = A_PLAYER_NET + 4
A_POOL_END = A_PLAYER_NET_SQ + 4  # the pool left at the end of each session
N_AGG = A_POOL_END + 1


@njit(cache=True)
def _aggregate(row, agg):
    agg[A_DEALS] += 1
    for a in range(L.N_ACCOUNTS):
        v = row[L.D_NET + a]
        agg[A_NET + a] += v
        agg[A_NET_SQ + a] += v * v
    agg[A_REVERSIS + row[L.D_REVERSIS]] += 1
    agg[A_QUINOLA + row[L.D_QUINOLA_FATE]] += 1
    if row[L.D_ESP_POS] >= 0:
        agg[A_ESP_PRIVILEGED] += 1
    agg[A_ESP_USED] += row[L.D_ESP_USED]
    agg[A_ALL_COSTS] += row[L.D_ESP_ALL_COSTS]
    agg[A_ACES] += row[L.D_ACES_GIVEN]
    agg[A_ACES + 1] += row[L.D_ACES_FORCED]
    agg[A_ACES + 2] += row[L.D_ACES_PLAYED]
    if row[L.D_PARTIE_WINNER] >= 0:
        agg[A_PARTIE_WINS + row[L.D_PARTIE_WINNER]] += 1
    for p in range(4):
        agg[A_POINTS + p] += row[L.D_POINTS + p]
        agg[A_TRICKS + p] += row[L.D_TRICKS + p]
    for i in range(L.N_CATEGORIES * L.N_ACCOUNTS):
        agg[A_PAY + i] += row[L.D_PAY + i]


@njit(cache=True)
def deal_buffers():
    """The working arrays one thread deals and plays in: (rng state, hands, pack, talon, obs,
    pay table, deferred payments, gifts, row, scratch, the search's rollout buffers)."""
    return (np.zeros(2, dtype=np.uint64), np.zeros(4, dtype=np.uint64), np.zeros(48, dtype=np.int64),
            np.zeros(3, dtype=np.int64), np.zeros(L.N_OBS, dtype=np.int64),
            np.zeros((L.N_CATEGORIES, L.N_ACCOUNTS), dtype=np.int64), np.zeros((8, 4), dtype=np.int64),
            np.zeros((8, L.N_GIFT_FIELDS), dtype=np.int64), np.zeros(L.N_RECORD, dtype=np.int64),
            np.zeros(L.N_SCRATCH, dtype=np.int64), rollout_buffers())


@njit(parallel=True, cache=True)
def play_sessions(seed, first_session, n_sessions, length, ids, params, rules, suit_masks, points, chunk,
                  want_rows, rows, aggs):
    """Sessions first_session .. +n_sessions-1. ``ids`` int64[4], ``params`` int64[4, N_PARAMS] by
    player; ``aggs`` int64[n_chunks, N_AGG] gets each chunk of ``chunk`` sessions' sums; ``rows``
    int64[n_sessions * length, N_RECORD] (when ``want_rows``, else any array) the deals' records."""
    n_chunks = (n_sessions + chunk - 1) // chunk
    for k in prange(n_chunks):
        state, hands, pack, talon, obs, pay_table, deferred, gifts, row, scratch, rollout = deal_buffers()
        pids = np.zeros(4, dtype=np.int64)
        pparams = np.zeros((4, params.shape[1]), dtype=np.int64)
        totals = np.zeros(4, dtype=np.int64)
        agg = aggs[k]
        stop = min(n_sessions, (k + 1) * chunk)
        for s in range(k * chunk, stop):
            opening = rules[L.R_POOL_OPENING]
            pool = 4 * opening
            for q in range(4):
                totals[q] = -opening
            for j in range(length):
                for p in range(4):
                    player = (p + j) % 4
                    pids[p] = ids[player]
                    for x in range(params.shape[1]):
                        pparams[p, x] = params[player, x]
                seed_deal(state, seed, (first_session + s) * length + j)
                n_deferred, n_gifts = play_deal(state, pool, pids, pparams, rules, suit_masks, points, hands, pack,
                                                talon, obs, pay_table, deferred, gifts, scratch, row,
                                                rollout)
                pool = settle_deal(pool, rules, points, pay_table, deferred, n_deferred, gifts, n_gifts, row)
                _aggregate(row, agg)
                for p in range(4):
                    totals[(p + j) % 4] += row[L.D_NET + p]
                if want_rows:
                    out = rows[s * length + j]
                    for i in range(L.N_RECORD):
                        out[i] = row[i]
            agg[A_SESSIONS] += 1
            for q in range(4):
                agg[A_PLAYER_NET + q] += totals[q]
                agg[A_PLAYER_NET_SQ + q] += totals[q] * totals[q]
            agg[A_POOL_END] += pool
