"""The policies both engines ask: jitted functions of what a seat holds and sees.

``choose_discard`` names the card a seat puts in the écart (or -1: keep the hand, when the
exchange is optional); ``choose_card`` the card it plays among ``legal``. ``follow`` is the legal
set without the espagnolette's privilege (equal to ``legal`` for everyone else). The observation
``obs`` is laid out per ``layout.O_*``; ``params`` per ``layout.P_*``; ``state`` is the deal's
random stream (uint64[2]), drawn from only when a random choice has two or more options.
Tables come as arguments: ``suit_masks`` uint64[4], ``points`` int64[48]. No input checks.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import above, bit, highest, lowest, nth_set, popcount
from spadille.kernel.common._rng import below_n

from . import layout as L
from ._features import N_FEATURES, card_features, decision_kind

assert N_FEATURES == 27, "_score writes out the 27 features' terms"

QUINOLA = 15
DIAMOND_ACE = 24
N_RANKS = 12


@njit(cache=True, _nrt=False)
def _shed_score(c, points):
    """How much a seat wants to get rid of ``c`` on a trick it will not take."""
    score = 50 * points[c] + (N_RANKS - 1 - c % N_RANKS)
    if c == QUINOLA:
        score += 1000
    if c == DIAMOND_ACE:
        score += 200
    return score


@njit(cache=True, _nrt=False)
def _best_shed(mask, points):
    best, best_score = -1, -1
    m = mask
    while m:
        c = lowest(m)
        m &= m - np.uint64(1)
        s = _shed_score(c, points)
        if s > best_score:
            best, best_score = c, s
    return best


@njit(cache=True, _nrt=False)
def _lead(hand, legal, played, suit_masks):
    """The lowest card, forcing aces and the quinola where they are still out; never the quinola if avoidable."""
    best, best_score = -1, 1 << 30
    m = legal
    while m:
        c = lowest(m)
        m &= m - np.uint64(1)
        suit = c // N_RANKS
        score = 4 * (N_RANKS - 1 - c % N_RANKS)
        if c == QUINOLA:
            score += 1000
        ace = suit * N_RANKS
        if not ((played | hand) & bit(ace)):
            score -= 2
        if suit == 1 and not ((played | hand) & bit(QUINOLA)):
            score -= 1
        if score < best_score:
            best, best_score = c, score
    return best


@njit(cache=True, _nrt=False)
def _strongest(mask):
    """The card of the highest rank (ties: the lowest card index)."""
    best, best_rank = -1, N_RANKS
    m = mask
    while m:
        c = lowest(m)
        m &= m - np.uint64(1)
        if c % N_RANKS < best_rank:
            best, best_rank = c, c % N_RANKS
    return best


@njit(cache=True, _nrt=False)
def heuristic_card(reversis_from, break_on, use_privilege, hand, legal, follow, seat, trick, in_trick, led, win_card,
                   run, privileged, played, suit_masks, points):
    """The heuristic's card, from scalars: the kernel's play loop calls this directly (no
    observation array, no parameter view: nothing to count references to per card)."""
    # Towards a reversis: having taken the first tricks, keep taking them.
    if run == seat and trick - 1 >= reversis_from:
        if in_trick == 0:
            return _strongest(follow)
        of_suit = follow & suit_masks[led]
        if of_suit and lowest(of_suit) < win_card:
            return lowest(of_suit)
    # Breaking a reversis under way at la bonne: take the trick if the suit allows it.
    if break_on and run >= 0 and run != seat and trick >= 10 and in_trick > 0:
        of_suit = follow & suit_masks[led]
        if of_suit and lowest(of_suit) < win_card:
            return lowest(of_suit)
    # The espagnolette sheds its costliest card that does not take the trick.
    if privileged and use_privilege and in_trick > 0:
        safe = (legal & ~suit_masks[led]) | (legal & suit_masks[led] & above(win_card))
        if safe:
            return _best_shed(safe, points)
    if popcount(follow) == 1:
        return lowest(follow)
    if in_trick == 0:
        return _lead(hand, follow, played, suit_masks)
    of_suit = follow & suit_masks[led]
    if of_suit:
        plain = of_suit & ~bit(QUINOLA)
        if not plain:
            plain = of_suit
        below = plain & above(win_card)       # the cards of the suit under the one winning
        if below:
            return lowest(below)          # the highest card that still ducks
        if in_trick == 3:
            return lowest(plain)          # taking anyway: with the highest
        return highest(plain)            # else the lowest, hoping a later card takes it
    return _best_shed(follow, points)


@njit(cache=True, _nrt=False, forceinline=True)
def _score(params, row, x):
    """The weighted sum of the features ``x`` (a tuple): written out term by term, since a tuple
    indexed by a loop variable compiles to a search over its items at every step."""
    return (params[row + 0] * x[0] + params[row + 1] * x[1] + params[row + 2] * x[2] + params[row + 3] * x[3]
            + params[row + 4] * x[4] + params[row + 5] * x[5] + params[row + 6] * x[6] + params[row + 7] * x[7]
            + params[row + 8] * x[8] + params[row + 9] * x[9] + params[row + 10] * x[10] + params[row + 11] * x[11]
            + params[row + 12] * x[12] + params[row + 13] * x[13] + params[row + 14] * x[14] + params[row + 15] * x[15]
            + params[row + 16] * x[16] + params[row + 17] * x[17] + params[row + 18] * x[18] + params[row + 19] * x[19]
            + params[row + 20] * x[20] + params[row + 21] * x[21] + params[row + 22] * x[22] + params[row + 23] * x[23]
            + params[row + 24] * x[24] + params[row + 25] * x[25] + params[row + 26] * x[26])


@njit(cache=True, _nrt=False)
def strong_card(params, hand, legal, follow, seat, trick, in_trick, led, win_card, win_pos, trick_points, run,
                privileged, played, own_discard, suit_masks, points):
    """The strong policy's card: the legal card whose features (_features.py) score highest under
    the seat's weights (``params[P_WEIGHTS:]``; ties: the lowest card). The heuristic's named
    parameters keep their meaning: ``espagnolette = 0`` never renounces by privilege, and
    ``reversis_from`` hands the play to the heuristic's reversis (take every trick) once the seat
    has taken the first N tricks, so the experiments that vary them mean the same under both."""
    reversis_from, break_on, use_privilege = params[L.P_REVERSIS_FROM], params[L.P_BREAK], params[L.P_ESPAGNOLETTE]
    if privileged and not use_privilege:
        legal, privileged = follow, False
    heuristic = heuristic_card(reversis_from, break_on, use_privilege, hand, legal, follow, seat, trick, in_trick, led,
                               win_card, run, privileged, played, suit_masks, points)
    if run == seat and trick - 1 >= reversis_from:
        return heuristic
    unseen = np.uint64((1 << 48) - 1) & ~hand & ~played & ~own_discard
    row = L.P_WEIGHTS + N_FEATURES * decision_kind(in_trick, led, follow, suit_masks)
    best, best_score = -1, -np.inf
    m = legal
    while m:
        c = lowest(m)
        m &= m - np.uint64(1)
        score = _score(params, row, card_features(c, hand, seat, trick, in_trick, led, win_card, win_pos,
                                                  trick_points, run, privileged, unseen, heuristic, suit_masks,
                                                  points))
        if score > best_score:
            best, best_score = c, score
    return best


@njit(cache=True, _nrt=False)
def _heuristic_card(params, hand, legal, follow, obs, suit_masks, points):
    return heuristic_card(params[L.P_REVERSIS_FROM], params[L.P_BREAK], params[L.P_ESPAGNOLETTE], hand, legal, follow,
                          obs[L.O_SEAT], obs[L.O_TRICK], obs[L.O_IN_TRICK], obs[L.O_LED_SUIT], obs[L.O_WIN_CARD],
                          obs[L.O_RUN], obs[L.O_PRIVILEGED], np.uint64(obs[L.O_PLAYED]), suit_masks, points)


@njit(cache=True, _nrt=False)
def choose_card(policy, params, hand, legal, follow, obs, suit_masks, points, state):
    """The card ``obs[O_SEAT]`` plays: a member of ``legal`` (uint64 masks)."""
    n = popcount(legal)
    if n == 1:
        return lowest(legal)
    if policy == L.POLICY_RANDOM:
        return nth_set(legal, below_n(state, n))
    if policy == L.POLICY_STRONG:
        return strong_card(params, hand, legal, follow, obs[L.O_SEAT], obs[L.O_TRICK], obs[L.O_IN_TRICK],
                           obs[L.O_LED_SUIT], obs[L.O_WIN_CARD], obs[L.O_WIN_POS], obs[L.O_TRICK_POINTS], obs[L.O_RUN],
                           obs[L.O_PRIVILEGED] == 1, np.uint64(obs[L.O_PLAYED]), np.uint64(obs[L.O_ECART]),
                           suit_masks, points)
    return _heuristic_card(params, hand, legal, follow, obs, suit_masks, points)


@njit(cache=True)
def choose_discard(policy, params, hand, may_keep, suit_masks, points, state):
    """The card the seat puts in the écart, or -1 to keep its hand (only when ``may_keep``)."""
    return discard_card(policy, params[L.P_FORCE_DISCARD], params[L.P_DISCARD], hand, may_keep, suit_masks, points,
                        state)


@njit(cache=True, _nrt=False)
def discard_card(policy, forced, rule, hand, may_keep, suit_masks, points, state):
    """``choose_discard`` from scalars (``forced`` = P_FORCE_DISCARD, ``rule`` = P_DISCARD), as the
    kernel's deal loop calls it."""
    n = popcount(hand) + (1 if may_keep else 0)
    if policy == L.POLICY_RANDOM:
        pick = below_n(state, n)
        return -1 if pick == popcount(hand) else nth_set(hand, pick)
    if forced >= 0 and hand & bit(forced):
        return forced
    if rule == 3 and may_keep:
        return -1
    if rule == 1:
        return nth_set(hand, below_n(state, popcount(hand)))
    if rule == 2:                      # the lowest card: the highest rank index, ties to the lowest card
        best, best_rank = -1, -1
        m = hand
        while m:
            c = lowest(m)
            m &= m - np.uint64(1)
            if c % N_RANKS > best_rank:
                best, best_rank = c, c % N_RANKS
        return best
    aces = 0
    for s in range(4):
        if hand & bit(s * N_RANKS):
            aces += 1
    keep_aces = aces >= 3          # three aces or more: keep them, for the espagnolette
    best, best_score = -1, -(1 << 30)
    m = hand
    while m:
        c = lowest(m)
        m &= m - np.uint64(1)
        length = popcount(hand & suit_masks[c // N_RANKS])
        score = 10 * points[c] + (N_RANKS - 1 - c % N_RANKS) + 4 * max(0, 4 - length)
        if c == QUINOLA or (keep_aces and c % N_RANKS == 0):
            score -= 1000
        if score > best_score:
            best, best_score = c, score
    return best
