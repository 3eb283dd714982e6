"""Jitted play of one deal (docs/reversis.md §2-§5): the deal, the exchange, the espagnolette,
then the tricks (``_tricks.play_tricks``), asking the search (``_search``) whenever a searching
seat has a choice. Writes the deal's record (``layout.D_*``) into ``row`` and leaves the
settlement to ``_settle``. No input checks.

Scratch arrays (allocated once per thread by the caller):
  ``hands`` uint64[4]; ``pack`` int64[48]; ``talon`` int64[3]; ``obs`` int64[N_OBS];
  ``pay`` int64[N_CATEGORIES, 5]; ``deferred`` int64[8, 4] (category, holder, base, trick);
  ``gifts`` int64[8, N_GIFT_FIELDS] (payer, amount, receiver); ``scratch`` int64[N_SCRATCH] (the trick in progress and the
  play's counters, ``S_*``); ``rollout`` the search's own buffers (``_search.rollout_buffers``).
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import bit, lowest, popcount

from . import layout as L
from ._deal import deal_cards, deal_cards_fixed
from .layout import N_SCRATCH, S_FORCED, S_N_DEFERRED, S_N_GIFTS, S_RUN, S_TRICK
from ._policies import discard_card
from ._search import search_card
from ._tricks import is_espagnolette, pay, play_tricks

QUINOLA = 15


@njit(cache=True, _nrt=False, forceinline=True)
def play_deal(state, pool_start, pids, params, rules, suit_masks, points, hands, pack, talon, obs, pay_table,
              deferred, gifts, scratch, row, rollout, fixed_pos=-1, fixed=np.uint64(0)):
    """One deal from ``state`` (already seeded); ``pids`` int64[4], ``params`` int64[4, N_POLICY_COLUMNS]
    by position; ``fixed_pos`` >= 0 deals that position the cards of ``fixed`` (for `evaluate`).
    Returns (n_deferred, n_gifts); the row holds everything but the settlement."""
    begin_deal(state, pool_start, pids, params, rules, suit_masks, points, hands, pack, talon, pay_table, scratch, row,
               fixed_pos, fixed)
    while play_tricks(pids, params, rules, suit_masks, points, hands, obs, pay_table, deferred, gifts, scratch,
                      row, state):
        scratch[S_FORCED] = search_card(params, rules, suit_masks, points, hands, obs, pay_table, deferred, gifts,
                                        scratch, row, state, rollout)
    return scratch[S_N_DEFERRED], scratch[S_N_GIFTS]


@njit(cache=True, _nrt=False, forceinline=True)
def begin_deal(state, pool_start, pids, params, rules, suit_masks, points, hands, pack, talon, pay_table, scratch, row,
               fixed_pos=-1, fixed=np.uint64(0)):
    """The deal, the exchange and the espagnolette, and ``scratch`` set at trick 1: what comes
    before the tricks (``play_tricks`` plays them)."""
    for i in range(L.N_RECORD):
        row[i] = 0
    for c in range(L.N_CATEGORIES):
        for a in range(L.N_ACCOUNTS):
            pay_table[c, a] = 0
    if fixed_pos >= 0:
        deal_cards_fixed(state, pack, hands, talon, fixed_pos, fixed)
    else:
        deal_cards(state, pack, hands, talon)
    for p in range(4):
        row[L.D_HAND + p] = np.int64(hands[p])
    talon_mask = np.uint64(0)
    for i in range(3):
        talon_mask |= bit(talon[i])
    row[L.D_TALON] = np.int64(talon_mask)
    pay(pay_table, L.C_DEALER, 3, L.POOL, rules[L.R_DEALER_ADDS])
    row[L.D_POOL_START] = pool_start
    # ---- the exchange
    ecart = np.uint64(0)
    for p in range(4):
        may_keep = rules[L.R_OPTIONAL_EXCHANGE] == 1 and p < 3
        c = discard_card(pids[p], params[p, L.P_FORCE_DISCARD], params[p, L.P_DISCARD], hands[p], may_keep, suit_masks,
                         points, state)
        row[L.D_DISCARD + p] = c
        if c < 0:
            ecart |= bit(talon[p])
            continue
        hands[p] &= ~bit(c)
        ecart |= bit(c)
        if p < 3:
            hands[p] |= bit(talon[p])
    row[L.D_ECART] = np.int64(ecart)
    ecart_points = 0
    m = ecart
    while m:
        c = lowest(m)
        m &= m - np.uint64(1)
        ecart_points += points[c]
    row[L.D_ECART_POINTS] = ecart_points
    # ---- the espagnolette, the quinola's holder
    privileged = -1
    quinola_holder = -1
    for p in range(4):
        if is_espagnolette(hands[p], rules[L.R_ESPAGNOLETTE]):
            privileged = p
        if hands[p] & bit(QUINOLA):
            quinola_holder = p
    row[L.D_ESP_POS] = privileged
    row[L.D_QUINOLA_HOLDER] = quinola_holder
    own_discard = scratch[8:12]                  # each position's own discard, as a mask
    for p in range(4):
        own_discard[p] = np.int64(bit(row[L.D_DISCARD + p])) if row[L.D_DISCARD + p] >= 0 else 0
    for k in range(S_TRICK, N_SCRATCH):
        scratch[k] = 0
    scratch[S_TRICK] = 1
    scratch[S_RUN] = -1
    scratch[S_FORCED] = -1


