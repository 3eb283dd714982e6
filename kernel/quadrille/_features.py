"""Jitted loops behind features.py: one count per hand over an array of natural masks.

No input checks here: features.py coerces the arrays and builds the tables. Shapes and
dtypes, shared by every kernel:

    hands        uint64[n]      natural masks (bit ``card`` set for each card held)
    suits        int64[k]       the trump suits asked for; column j of ``out`` is suits[j]
    trump_mask   uint64[4]      trump -> natural mask of its trumps (0 for a suit not in the pack)
    trump_order  int64[4, 12]   trump -> its trumps, strongest first (spadille first), -1 padded
    ponto        int64[4]       trump -> the natural card of ponto, -1 where there is none
    suit_mask    uint64[4]      natural suit -> mask of its cards in the pack (black aces included)
    out          int64[n, k] / float64[n, k] / int64[n, 4] / int64[n], written, never read
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import ZERO, bit, popcount

_KING = 9
_QUEEN = 8
_TRUE_MATADORS = 3  # spadille, manille, basto: the first three of every trump order
_FOURTH_TRUMP = 3   # index in trump_order of ponto (red) or the king of trumps (black)
_BLACK_ACES = (1 << 0) | (1 << 10)  # spadille and basto: trumps whatever the suit, never plain


@njit(cache=True)
def count_trumps(hands, suits, trump_mask, out):
    for i in range(hands.shape[0]):
        for j in range(suits.shape[0]):
            out[i, j] = popcount(hands[i] & trump_mask[suits[j]])


@njit(cache=True)
def count_true_matadors(hands, suits, trump_order, out):
    for i in range(hands.shape[0]):
        for j in range(suits.shape[0]):
            held = 0
            for depth in range(_TRUE_MATADORS):
                card = trump_order[suits[j], depth]
                if card >= 0 and hands[i] & bit(card) != ZERO:
                    held += 1
            out[i, j] = held


@njit(cache=True)
def count_matador_run(hands, suits, trump_order, require_top3, out):
    """The engine's count_matadors (kernel/quadrille/_rules.py) for one hand: the unbroken run of
    trumps from spadille down, and nothing under three when ``require_top3`` is set."""
    for i in range(hands.shape[0]):
        for j in range(suits.shape[0]):
            run = 0
            for depth in range(trump_order.shape[1]):
                card = trump_order[suits[j], depth]
                if card < 0 or hands[i] & bit(card) == ZERO:
                    break
                run += 1
            if require_top3 and run < _TRUE_MATADORS:
                run = 0
            out[i, j] = run


@njit(cache=True)
def holds_ponto(hands, suits, ponto, out):
    for i in range(hands.shape[0]):
        for j in range(suits.shape[0]):
            card = ponto[suits[j]]
            out[i, j] = 1 if card >= 0 and hands[i] & bit(card) != ZERO else 0


@njit(cache=True)
def count_suit_lengths(hands, suit_mask, out):
    for i in range(hands.shape[0]):
        for suit in range(4):
            out[i, suit] = popcount(hands[i] & suit_mask[suit])


@njit(cache=True)
def count_kings(hands, suit_mask, out):
    for i in range(hands.shape[0]):
        held = 0
        for suit in range(4):
            if hands[i] & suit_mask[suit] & bit(suit * 10 + _KING) != ZERO:
                held += 1
        out[i] = held


@njit(cache=True)
def count_guarded_queens(hands, suit_mask, out):
    """Queens held with at least one other card of their natural suit (a king guards too)."""
    for i in range(hands.shape[0]):
        held = 0
        for suit in range(4):
            in_suit = hands[i] & suit_mask[suit]
            if in_suit & bit(suit * 10 + _QUEEN) != ZERO and popcount(in_suit) >= 2:
                held += 1
        out[i] = held


@njit(cache=True)
def count_voids(hands, suit_mask, out):
    """Natural suits of the pack the hand holds no card of (a black ace counts in its suit)."""
    for i in range(hands.shape[0]):
        empty = 0
        for suit in range(4):
            if suit_mask[suit] != ZERO and hands[i] & suit_mask[suit] == ZERO:
                empty += 1
        out[i] = empty


@njit(cache=True)
def count_quick_tricks(hands, suits, trump_mask, trump_order, suit_mask, out):
    """features.quick_tricks: 1 per true matador; 1 for the fourth trump with another trump;
    in each plain suit K+Q 1.5, K 1, Q with another card of the suit 0.5."""
    black_aces = np.uint64(_BLACK_ACES)
    for i in range(hands.shape[0]):
        hand = hands[i]
        for j in range(suits.shape[0]):
            trump = suits[j]
            value = 0.0
            if trump_mask[trump] != ZERO:
                own_trumps = hand & trump_mask[trump]
                for depth in range(_TRUE_MATADORS):
                    if own_trumps & bit(trump_order[trump, depth]) != ZERO:
                        value += 1.0
                fourth = trump_order[trump, _FOURTH_TRUMP]
                if fourth >= 0 and own_trumps & bit(fourth) != ZERO and popcount(own_trumps) >= 2:
                    value += 1.0
            for suit in range(4):
                if suit == trump:
                    continue
                plain = hand & suit_mask[suit] & ~(trump_mask[trump] | black_aces)
                king = plain & bit(suit * 10 + _KING) != ZERO
                queen = plain & bit(suit * 10 + _QUEEN) != ZERO
                if king and queen:
                    value += 1.5
                elif king:
                    value += 1.0
                elif queen and popcount(plain) >= 2:
                    value += 0.5
            out[i, j] = value


@njit(cache=True)
def choose_best_suit(hands, trump_mask, trump_order, out):
    """The suit of the pack with most trumps; ties go to more true matadors, then the lower suit."""
    for i in range(hands.shape[0]):
        best = -1
        best_trumps = -1
        best_matadors = -1
        for suit in range(4):
            if trump_mask[suit] == ZERO:
                continue
            n_trumps = popcount(hands[i] & trump_mask[suit])
            matadors = 0
            for depth in range(_TRUE_MATADORS):
                if hands[i] & bit(trump_order[suit, depth]) != ZERO:
                    matadors += 1
            if n_trumps > best_trumps or (n_trumps == best_trumps and matadors > best_matadors):
                best = suit
                best_trumps = n_trumps
                best_matadors = matadors
        out[i] = best
