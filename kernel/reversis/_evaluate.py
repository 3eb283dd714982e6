"""Jitted evaluation of one hand: deals of the other cards around a fixed hand, each action (a
policy vector for the hand's seat) replayed on the same deals. No input checks."""

import numpy as np
from numba import njit, prange

from spadille.kernel.common._rng import seed_deal

from . import layout as L
from ._play import play_deal
from ._session import deal_buffers
from ._settle import settle_deal


@njit(parallel=True, cache=True)
def evaluate_actions(seed, n_deals, fixed_pos, fixed, action_ids, action_params, ids, params, rules, suit_masks,
                     points, pool_start, out):
    """``out`` int64[n_actions, n_deals]: the fixed seat's net in deal k under action a, where
    action a gives the fixed seat policy ``action_ids[a]`` with ``action_params[a]`` and the
    others ``ids``/``params`` (by position). Deal k's other cards come from ``seed_deal(seed, k)``."""
    n_actions = action_ids.shape[0]
    for k in prange(n_deals):
        state, hands, pack, talon, obs, pay_table, deferred, gifts, row, scratch, rollout = deal_buffers()
        pids = ids.copy()
        pparams = params.copy()
        for a in range(n_actions):
            pids[fixed_pos] = action_ids[a]
            for x in range(params.shape[1]):
                pparams[fixed_pos, x] = action_params[a, x]
            seed_deal(state, seed, k)
            n_deferred, n_gifts = play_deal(state, pool_start, pids, pparams, rules, suit_masks, points, hands, pack,
                                            talon, obs, pay_table, deferred, gifts, scratch, row, rollout,
                                            fixed_pos, fixed)
            settle_deal(pool_start, rules, points, pay_table, deferred, n_deferred, gifts, n_gifts, row)
            out[a, k] = row[L.D_NET + fixed_pos]
