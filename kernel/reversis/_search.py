"""The search policy: Monte Carlo rollouts over worlds consistent with what the seat has seen.

At each choice among two or more cards the seat samples ``params[P_WORLDS]`` worlds: the cards it
has not seen (not in its hand, not played, not its own discard) dealt at random to the three other
hands, at their current sizes, and to the rest of the écart, respecting the voids their renounces
showed (if twenty tries cannot, the voids are dropped for that world). Every legal card is then
tried in every world (the same worlds for every card), the rest of the deal played out by the
heuristic for all four seats (``_tricks.play_tricks``) and settled (``_settle.settle_deal``); the
seat plays the card with the highest total net. Simplifications: in a world, whether the
espagnolette has used his privilege is taken from the real deal; the random draws come from the
deal's own stream. No input checks.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import bit, lowest, popcount
from spadille.kernel.common._rng import below_n

from . import layout as L
from .layout import S_FORCED, S_IN_TRICK, S_LEADER, S_LEGAL, S_N_DEFERRED, S_N_GIFTS, S_PLAYED, S_TRICK
from ._settle import settle_deal
from ._tricks import is_espagnolette, play_tricks

MAX_WORLDS = 256
FULL_PACK = np.uint64((1 << 48) - 1)


@njit(cache=True)
def rollout_buffers():
    """The search's scratch arrays, allocated once per thread (a tuple the kernels pass through)."""
    return (np.zeros(L.N_RECORD, dtype=np.int64), np.zeros((L.N_CATEGORIES, L.N_ACCOUNTS), dtype=np.int64),
            np.zeros((8, 4), dtype=np.int64), np.zeros((8, L.N_GIFT_FIELDS), dtype=np.int64), np.zeros(L.N_SCRATCH, dtype=np.int64),
            np.zeros(4, dtype=np.uint64), np.zeros((MAX_WORLDS, 5), dtype=np.uint64), np.zeros(48, dtype=np.int64),
            np.zeros(4, dtype=np.int64), np.zeros(L.N_OBS, dtype=np.int64), np.zeros(48, dtype=np.int64))


@njit(cache=True)
def _voids(row, t, i, leader_now):
    """int64[4]: bit s set when a position renounced on a lead of suit s (tricks so far, and this one)."""
    voids = np.zeros(4, dtype=np.int64)
    for tt in range(1, t + 1):
        lead_pos = row[L.D_TAKER + tt - 2] if tt > 1 else 0
        if tt == t:
            lead_pos = leader_now
        n = 4 if tt < t else i
        if n == 0:
            continue
        led = row[L.D_PLAY + 4 * (tt - 1)] // 12
        for k in range(1, n):
            c = row[L.D_PLAY + 4 * (tt - 1) + k]
            if c // 12 != led:
                voids[(lead_pos + k) & 3] |= 1 << led
    return voids


@njit(cache=True)
def _sample_world(me, hands, unknown, known_ecart, voids, cards, state, world, respect_voids):
    """Deal the ``unknown`` cards to the other hands (at their sizes) and the écart; False if stuck."""
    n = 0
    m = unknown
    while m:
        cards[n] = lowest(m)
        m &= m - np.uint64(1)
        n += 1
    for k in range(n - 1):
        j = k + below_n(state, n - k)
        tmp = cards[k]
        cards[k] = cards[j]
        cards[j] = tmp
    room = np.zeros(5, dtype=np.int64)
    for q in range(4):
        world[q] = np.uint64(0)
        room[q] = 0 if q == me else popcount(hands[q])
    world[me] = hands[me]
    world[4] = known_ecart
    room[4] = 4 - popcount(known_ecart)
    for k in range(n):
        c = cards[k]
        suit = c // 12
        options = 0
        for q in range(5):
            if room[q] > 0 and (q == 4 or not respect_voids or not (voids[q] >> suit) & 1):
                options += 1
        if options == 0:
            return False
        pick = below_n(state, options)
        for q in range(5):
            if room[q] > 0 and (q == 4 or not respect_voids or not (voids[q] >> suit) & 1):
                if pick == 0:
                    world[q] |= bit(c)
                    room[q] -= 1
                    break
                pick -= 1
    return True


# _nrt=True although the deal loop that calls it runs without reference counts: the search
# allocates its worlds (tests/test_kernel_refcounts.py), and a searching seat is rare and slow.
@njit(cache=True, _nrt=True, forceinline=False)
def search_card(params, rules, suit_masks, points, hands, obs, pay_table, deferred, gifts, scratch, row, state,
                rollout):
    """The card the paused seat (scratch's S_TRICK, S_IN_TRICK, S_LEADER) plays: the legal card of
    the highest total (ties: the lowest card)."""
    values = rollout[10]
    candidate_totals(params, rules, suit_masks, points, hands, obs, pay_table, deferred, gifts, scratch, row, state,
                     rollout)
    best, best_value = -1, -(1 << 62)
    m = np.uint64(scratch[S_LEGAL])
    while m:
        c = lowest(m)
        m &= m - np.uint64(1)
        if values[c] > best_value:
            best, best_value = c, values[c]
    return best


@njit(cache=True, _nrt=True, forceinline=False)
def candidate_totals(params, rules, suit_masks, points, hands, obs, pay_table, deferred, gifts, scratch, row, state,
                     rollout):
    """The paused seat's total net over its sampled worlds for each legal card: ``rollout``'s
    last array (int64[48]) at the card's index, the same worlds for every card."""
    r_row, r_pay, r_def, r_gifts, r_scratch, r_hands, worlds, cards, heuristic, r_obs, values = rollout
    t, i, leader = scratch[S_TRICK], scratch[S_IN_TRICK], scratch[S_LEADER]
    me = (leader + i) & 3
    legal = np.uint64(scratch[S_LEGAL])
    played = np.uint64(scratch[S_PLAYED])
    known_ecart = np.uint64(scratch[8 + me])
    unknown = FULL_PACK & ~hands[me] & ~played & ~known_ecart
    voids = _voids(row, t, i, leader)
    n_worlds = min(params[me, L.P_WORLDS], MAX_WORLDS)
    for w in range(n_worlds):
        ok = False
        for _ in range(20):
            if _sample_world(me, hands, unknown, known_ecart, voids, cards, state, worlds[w], True):
                ok = True
                break
        if not ok:
            _sample_world(me, hands, unknown, known_ecart, voids, cards, state, worlds[w], False)
    # who plays the rollouts out: the seat's own guess of every player, the heuristic with each
    # seat's parameters, or the strong policy with the searching seat's weights
    rollout_params = params
    for q in range(4):
        heuristic[q] = L.POLICY_STRONG if params[me, L.P_ROLLOUT] == 1 else L.POLICY_HEURISTIC
    if params[me, L.P_ROLLOUT] == 1:
        rollout_params = params.copy()
        for q in range(4):
            rollout_params[q, L.P_WEIGHTS:] = params[me, L.P_WEIGHTS:]
    m = legal
    while m:
        c = lowest(m)
        m &= m - np.uint64(1)
        total = 0
        for w in range(n_worlds):
            r_row[:] = row
            r_pay[:, :] = pay_table
            r_def[:, :] = deferred
            r_gifts[:, :] = gifts
            r_scratch[:] = scratch
            for q in range(4):
                r_hands[q] = worlds[w, q]
            r_row[L.D_ECART] = np.int64(worlds[w, 4])
            if row[L.D_QUINOLA_TRICK] == 0:
                r_row[L.D_QUINOLA_HOLDER] = -1
                for q in range(4):
                    if r_hands[q] & bit(15):
                        r_row[L.D_QUINOLA_HOLDER] = q
            r_row[L.D_ESP_POS] = -1
            for q in range(4):
                at_play = r_hands[q]
                for k in range(4 * (t - 1) + i):
                    lead_pos = row[L.D_TAKER + k // 4 - 1] if k >= 4 else 0
                    if k // 4 == t - 1:
                        lead_pos = leader
                    if ((lead_pos + k % 4) & 3) == q:
                        at_play |= bit(row[L.D_PLAY + k])
                if is_espagnolette(at_play, rules[L.R_ESPAGNOLETTE]):
                    r_row[L.D_ESP_POS] = q
            esp = r_row[L.D_ESP_POS]
            r_row[L.D_ESP_TRICK] = 0             # the first trick the world's espagnolette kept
            for k in range(t - 1):
                if r_row[L.D_ESP_TRICK] == 0 and esp >= 0 and row[L.D_TAKER + k] == esp:
                    r_row[L.D_ESP_TRICK] = k + 1
            r_scratch[S_FORCED] = c
            play_tricks(heuristic, rollout_params, rules, suit_masks, points, r_hands, r_obs, r_pay, r_def, r_gifts,
                        r_scratch, r_row, state)
            settle_deal(row[L.D_POOL_START], rules, points, r_pay, r_def, r_scratch[S_N_DEFERRED], r_gifts,
                        r_scratch[S_N_GIFTS], r_row)
            total += r_row[L.D_NET + me]
        values[c] = total
