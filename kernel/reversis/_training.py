"""Jitted data for fitting the strong policy: the search's value of every legal card, with the card's
features, on the search's own deals. No input checks.

Deal k of seed s is played with the search at every seat (``params``: its worlds and rollouts).
At each choice among two or more cards the deciding seat's search computes its total net over
its worlds for every legal card (``_search.candidate_totals``, the same worlds for every card);
each card becomes one row: its features (``_features.card_features``, as the strong policy
computes them), that total, the decision's number and kind. The seat then plays the search's
card, so the deals are the search's and the rows are what the strong policy imitates. Deal k's
rows are the same whatever the threads.
"""

import numpy as np
from numba import njit, prange

from spadille.kernel.common._bits import lowest
from spadille.kernel.common._rng import seed_deal

from . import layout as L
from ._features import N_FEATURES, card_features, decision_kind
from .layout import S_FOLLOW, S_FORCED, S_LEGAL
from ._play import begin_deal
from ._policies import heuristic_card
from ._search import candidate_totals
from ._session import deal_buffers
from ._tricks import play_tricks

MAX_ROWS = 400           # rows a deal may leave (44 cards at most, each choice among at most 12 legal cards)


@njit(cache=True)
def _record_deal(state, params, rules, suit_masks, points, buffers, features, totals, decision, kind):
    """Play one deal (``state`` seeded), the search at every seat, writing each choice's rows;
    returns the rows written."""
    _, hands, pack, talon, obs, pay_table, deferred, gifts, row, scratch, rollout = buffers
    pids = np.full(4, L.POLICY_SEARCH, dtype=np.int64)
    begin_deal(state, 4 * rules[L.R_POOL_OPENING], pids, params, rules, suit_masks, points, hands, pack, talon,
               pay_table, scratch, row)
    values = rollout[10]
    n, decisions = 0, 0
    while play_tricks(pids, params, rules, suit_masks, points, hands, obs, pay_table, deferred, gifts, scratch, row,
                      state):
        seat, trick, in_trick, led = obs[L.O_SEAT], obs[L.O_TRICK], obs[L.O_IN_TRICK], obs[L.O_LED_SUIT]
        legal, follow = np.uint64(scratch[S_LEGAL]), np.uint64(scratch[S_FOLLOW])
        played, hand = np.uint64(obs[L.O_PLAYED]), hands[seat]
        candidate_totals(params, rules, suit_masks, points, hands, obs, pay_table, deferred, gifts, scratch, row, state,
                         rollout)
        p = params[seat]
        heuristic = heuristic_card(p[L.P_REVERSIS_FROM], p[L.P_BREAK], p[L.P_ESPAGNOLETTE], hand, legal, follow, seat,
                                   trick, in_trick, led, obs[L.O_WIN_CARD], obs[L.O_RUN], obs[L.O_PRIVILEGED] == 1,
                                   played, suit_masks, points)
        unseen = np.uint64((1 << 48) - 1) & ~hand & ~played & ~np.uint64(obs[L.O_ECART])
        this_kind = decision_kind(in_trick, led, follow, suit_masks)
        best, best_value = -1, -(1 << 62)
        m = legal
        while m:
            c = lowest(m)
            m &= m - np.uint64(1)
            if values[c] > best_value:
                best, best_value = c, values[c]
            if n < features.shape[0]:
                found = card_features(c, hand, seat, trick, in_trick, led, obs[L.O_WIN_CARD], obs[L.O_WIN_POS],
                                      obs[L.O_TRICK_POINTS], obs[L.O_RUN], obs[L.O_PRIVILEGED] == 1, unseen,
                                      heuristic, suit_masks, points)
                for f in range(N_FEATURES):
                    features[n, f] = found[f]
                totals[n] = values[c]
                decision[n] = decisions
                kind[n] = this_kind
                n += 1
        decisions += 1
        scratch[S_FORCED] = best
    return n


@njit(parallel=True, cache=True)
def record_decisions(seed, deals, params, rules, suit_masks, points, features, totals, decision, kind, counts):
    """The deals ``deals`` (int64[count]) of ``seed``: deal i's rows go to ``features[i]``
    (float32[count, MAX_ROWS, N_FEATURES]), ``totals[i]``, ``decision[i]`` and ``kind[i]``
    (int64[count, MAX_ROWS]), and their number to ``counts[i]``."""
    for i in prange(len(deals)):
        buffers = deal_buffers()
        state = buffers[0]
        seed_deal(state, seed, deals[i])
        counts[i] = _record_deal(state, params, rules, suit_masks, points, buffers, features[i], totals[i],
                                 decision[i], kind[i])
