"""Jitted dealing (docs/reversis.md §2): a Fisher-Yates pass over the 48 cards from the deal's
own stream; places 0-10, 11-21, 22-32 to positions 0, 1, 2, places 33-44 to the dealer, and
45, 46, 47 the talon cards of positions 0, 1, 2. No input checks.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import popcount
from spadille.kernel.common._rng import below_n, seed_deal

N_CARDS = 48


@njit(cache=True, _nrt=False)
def deal_cards(state, pack, hands, talon):
    """Shuffle ``pack`` (int64[48], reset here); fill ``hands`` (uint64[4]) and ``talon`` (int64[3])."""
    for c in range(N_CARDS):
        pack[c] = c
    for i in range(N_CARDS - 1):
        j = i + below_n(state, N_CARDS - i)
        t = pack[i]
        pack[i] = pack[j]
        pack[j] = t
    for p in range(4):
        hands[p] = np.uint64(0)
    for i in range(45):
        p = min(i // 11, 3)
        hands[p] |= np.uint64(1) << np.uint64(pack[i])
    for i in range(3):
        talon[i] = pack[45 + i]


@njit(cache=True, _nrt=False)
def deal_cards_fixed(state, pack, hands, talon, fixed_pos, fixed):
    """As ``deal_cards``, with position ``fixed_pos`` holding the cards of ``fixed`` (uint64, 11
    cards, or 12 for the dealer): the other 37 or 36 cards are shuffled into the other places."""
    n = 0
    for c in range(N_CARDS):
        if not (fixed >> np.uint64(c)) & np.uint64(1):
            pack[n] = c
            n += 1
    for i in range(n - 1):
        j = i + below_n(state, n - i)
        t = pack[i]
        pack[i] = pack[j]
        pack[j] = t
    for p in range(4):
        hands[p] = np.uint64(0)
    hands[fixed_pos] = fixed
    k = 0
    for p in range(4):
        if p == fixed_pos:
            continue
        size = 12 if p == 3 else 11
        for _ in range(size):
            hands[p] |= np.uint64(1) << np.uint64(pack[k])
            k += 1
    for i in range(3):
        talon[i] = pack[k + i]


@njit(cache=True)
def count_features(seed, first, n_deals, ace_mask, suit_masks, out):
    """Dealing frequencies for tests: ``out`` int64[4, 13] counts, for each position's hand as dealt,
    the deals with k aces (0-4, columns 0-4), holding the quinola (5), void in spades (6), no
    hearts (7), and the number of spades 0-4+ (8-12)."""
    state = np.zeros(2, dtype=np.uint64)
    pack = np.zeros(N_CARDS, dtype=np.int64)
    hands = np.zeros(4, dtype=np.uint64)
    talon = np.zeros(3, dtype=np.int64)
    for k in range(n_deals):
        seed_deal(state, seed, first + k)
        deal_cards(state, pack, hands, talon)
        for p in range(4):
            h = hands[p]
            out[p, popcount(h & ace_mask)] += 1
            if h >> np.uint64(15) & np.uint64(1):
                out[p, 5] += 1
            if not (h & suit_masks[0]):
                out[p, 6] += 1
            if not (h & suit_masks[1]):
                out[p, 7] += 1
            out[p, 8 + min(popcount(h & suit_masks[0]), 4)] += 1
