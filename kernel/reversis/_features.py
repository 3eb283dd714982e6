"""What the strong policy sees of each legal card: the features of a card in its decision.

At a choice among two or more cards the strong policy (``_policies.strong_card``) describes each
legal card by the features below, from what the seat sees (its hand, the cards played, the trick
so far), and scores it by a weighted sum with the weights of the decision's kind (leading,
following suit, renouncing). The weights are fitted to the search policy's rollout values of
every legal card (``spadille train reversis``, analyses/reversis/strong_fit.py); the training
kernel (``_training.py``) records the same features, so both read this one function.
No input checks.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import above, below, bit, lowest, popcount

from . import layout as L

QUINOLA = 15
DIAMOND_ACE = 24
N_RANKS = 12

LEAD, FOLLOW, RENOUNCE = 0, 1, 2
KIND_NAMES = ("lead", "follow", "renounce")
N_KINDS = L.N_KINDS

FEATURE_NAMES = (
    "heuristic_card",        # 1: the heuristic (with the seat's parameters) would play this card
    "points",                # the card's points (A 4, K 3, Q 2, J 1)
    "quinola",
    "ace",
    "diamond_ace",
    "rank",                  # 0 the ace .. 1 the two
    "unseen_higher",         # unseen cards of its suit above it, / 11
    "unseen_lower",          # unseen cards of its suit below it, / 11
    "suit_left",             # the seat's cards of its suit after playing it, / 11
    "wins_now",              # 1: it would be the trick's best card so far (a lead counts)
    "sure_take",             # 1: it takes the trick whatever the others hold (last to play, or top of the suit)
    "points_taken",          # wins_now x (the trick's points so far + its own), / 10
    "bonne_take",            # wins_now at trick 10 or 11
    "late_take",             # wins_now x the trick's number / 11
    "last_to_play",          # wins_now when the seat plays last
    "gift_to_opposite",      # an ace or the quinola given while the seat opposite wins the trick
    "heart_quinola_out",     # a heart while the quinola is unseen (leading it may force the quinola)
    "own_heart_guard",       # a heart, the seat holding the quinola (a guard of it goes)
    "makes_void",            # playing it leaves the seat void of its suit
    "run_take",              # wins_now while the seat has taken every trick so far
    "break_take",            # wins_now while another seat has taken every trick (at trick 9 or later)
    "privileged_renounce",   # off the suit led while holding it (the espagnolette's privilege)
    "highest_held",          # the seat's highest card of its suit
    "lowest_held",           # the seat's lowest card of its suit
    "privileged_take",       # wins_now while the seat holds the espagnolette's privilege this trick
    "privileged_points",     # the card's points, the seat privileged
    "privileged_gift",       # an ace or the quinola given on a renounce, the seat privileged
)
N_FEATURES = L.N_FEATURES
assert len(FEATURE_NAMES) == N_FEATURES and len(KIND_NAMES) == N_KINDS


@njit(cache=True, _nrt=False)
def decision_kind(in_trick, led, follow, suit_masks):
    if in_trick == 0:
        return LEAD
    if follow & suit_masks[led]:
        return FOLLOW
    return RENOUNCE


@njit(cache=True, _nrt=False)
def card_features(c, hand, seat, trick, in_trick, led, win_card, win_pos, trick_points, run, privileged, unseen,
                  heuristic, suit_masks, points):
    """The features of card ``c`` of ``hand`` (a tuple of N_FEATURES floats, in FEATURE_NAMES'
    order); ``unseen`` = the cards neither in the hand, nor played, nor the seat's own discard."""
    suit = c // N_RANKS
    in_suit = suit_masks[suit]
    mine = hand & in_suit
    higher = unseen & in_suit & below(c)
    leading = in_trick == 0
    wins = leading or (suit == led and c < win_card)
    w = 1.0 if wins else 0.0
    sure = wins and (in_trick == 3 or popcount(higher) == 0)
    given = (c % N_RANKS == 0 or c == QUINOLA) and not leading and suit != led
    lowest_card = c
    m = mine
    while m:                                   # the seat's lowest card of the suit: its last set bit
        lowest_card = lowest(m)
        m &= m - np.uint64(1)
    return (
        1.0 if c == heuristic else 0.0,
        float(points[c]),
        1.0 if c == QUINOLA else 0.0,
        1.0 if c % N_RANKS == 0 else 0.0,
        1.0 if c == DIAMOND_ACE else 0.0,
        (c % N_RANKS) / 11.0,
        popcount(higher) / 11.0,
        popcount(unseen & in_suit & above(c)) / 11.0,
        (popcount(mine) - 1) / 11.0,
        w,
        1.0 if sure else 0.0,
        w * (trick_points + points[c]) / 10.0,
        w if trick >= 10 else 0.0,
        w * trick / 11.0,
        w if in_trick == 3 else 0.0,
        1.0 if given and win_pos == (seat ^ 2) else 0.0,
        1.0 if suit == 1 and (unseen & bit(QUINOLA)) else 0.0,
        1.0 if suit == 1 and c != QUINOLA and (hand & bit(QUINOLA)) else 0.0,
        1.0 if popcount(mine) == 1 else 0.0,
        w if run == seat else 0.0,
        w if (run >= 0 and run != seat and trick >= 9) else 0.0,
        1.0 if (not leading and suit != led and (hand & suit_masks[led])) else 0.0,
        1.0 if lowest(mine) == c else 0.0,
        1.0 if lowest_card == c else 0.0,
        w if privileged else 0.0,
        float(points[c]) if privileged else 0.0,
        1.0 if given and privileged else 0.0,
    )
