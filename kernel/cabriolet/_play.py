"""Jitted play for the jeu (a reconstruction; docs/cabriolet.md): five tricks, the eldest leads,
follow suit, the turned card's suit is trumps, a void player discards or trumps (must trump
under ``must_trump``). Every seat plays the same greedy card: lead the highest card (trumps
highest); when the trick is already won by a partner (the defenders are partners against the
player), play the lowest card; otherwise the lowest card that beats the winner, else the lowest.
Private: no checks.
"""

import numpy as np
from numba import njit


@njit(cache=True, _nrt=False)
def _power(c, trump):
    return (8 if c // 8 == trump else 0) + 7 - c % 8


@njit(cache=True, _nrt=False)
def _beats(c, w, trump):
    if c // 8 == w // 8:
        return c % 8 < w % 8
    return c // 8 == trump


@njit(cache=True)
def choose_card(hand, led_suit, win_card, partner_winning, trump, must_trump):
    """The greedy card of ``hand`` (uint64) for a trick whose led suit is ``led_suit`` (-1 when
    leading) and winning card ``win_card``."""
    legal = hand
    if led_suit >= 0:
        follow = hand & (np.uint64(0xFF) << np.uint64(8 * led_suit))
        trumps = hand & (np.uint64(0xFF) << np.uint64(8 * trump))
        if follow:
            legal = follow
        elif must_trump and trumps:
            legal = trumps
    best, best_power = -1, -1
    low, low_power = -1, 99
    low_win, low_win_power = -1, 99
    for c in range(32):
        if not (legal >> np.uint64(c)) & np.uint64(1):
            continue
        p = _power(c, trump)
        if p > best_power:
            best, best_power = c, p
        if p < low_power:
            low, low_power = c, p
        if led_suit >= 0 and p < low_win_power and _beats(c, win_card, trump):
            low_win, low_win_power = c, p
    if led_suit < 0:
        return best
    if partner_winning or low_win < 0:
        return low
    return low_win


@njit(cache=True)
def play_tricks(hands_in, n, trump, player, must_trump, tricks):
    """Play five tricks; ``hands_in`` uint64[>= n] in speaking order (0 = eldest, who leads),
    ``player`` the position who plays for the jeu; ``tricks`` int64[>= n] (zeroed here) gets
    each position's tricks."""
    hands = hands_in[:n].copy()
    for i in range(n):
        tricks[i] = 0
    leader = 0
    for _ in range(5):
        led_suit, win_card, win_pos = -1, -1, -1
        for i in range(n):
            pos = (leader + i) % n
            partner = win_pos >= 0 and pos != player and win_pos != player
            c = choose_card(hands[pos], led_suit, win_card, partner, trump, must_trump)
            hands[pos] &= ~(np.uint64(1) << np.uint64(c))
            if led_suit < 0:
                led_suit, win_card, win_pos = c // 8, c, pos
            elif _beats(c, win_card, trump):
                win_card, win_pos = c, pos
        tricks[win_pos] += 1
        leader = win_pos


@njit(cache=True, _nrt=False)
def player_wins(tricks, n, player, most_tricks):
    if not most_tricks:
        return tricks[player] >= 3
    for i in range(n):
        if i != player and tricks[i] >= tricks[player]:
            return False
    return True
