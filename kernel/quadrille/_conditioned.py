"""Jitted dealing around fixed cards: attempt k of seed s is always the same deal.

No input checks here: conditions.py validates the fixed cards and allocates. Attempt
``first + a`` seeds its own counter-based stream (kernel/common/_rng.py), shuffles the free cards
with the same Fisher-Yates loop as _engine.deal_hands and gives them out, in order, to the
free places of seat 0, then seat 1, and so on. With nothing fixed the free cards are the
whole pack in natural order, so attempt k is exactly the engine's deal k.
"""

import numpy as np
from numba import njit, prange

from spadille.kernel.common._bits import bit
from spadille.kernel.common._rng import below_n, seed_deal

CHUNK = 4096  # attempts per parallel task; results never depend on it


@njit(cache=True)
def _deal_range(seed, first, begin, end, free_cards, fixed_hands, free_slots, out, rng, deck):
    n_free = free_cards.shape[0]
    for row in range(begin, end):
        seed_deal(rng, seed, first + row)
        for i in range(n_free):
            deck[i] = free_cards[i]
        for i in range(n_free - 1, 0, -1):
            j = below_n(rng, i + 1)
            held = deck[i]
            deck[i] = deck[j]
            deck[j] = held
        given = 0
        for seat in range(fixed_hands.shape[0]):
            mask = fixed_hands[seat]
            for _ in range(free_slots[seat]):
                mask |= bit(deck[given])
                given += 1
            out[row, seat] = mask


@njit(parallel=True, cache=True)
def deal_attempts(seed, first, free_cards, fixed_hands, free_slots, out):
    """Deal attempts first .. first + m - 1 into out.

    seed, first   int64
    free_cards    int64[k]        the cards not fixed, in ascending natural order
    fixed_hands   uint64[n_seats] each seat's fixed cards
    free_slots    int64[n_seats]  how many free cards each seat receives (they sum to k)
    out           uint64[m, 4]    row a gets attempt first + a (seats past n_seats untouched)
    """
    m = out.shape[0]
    n_chunks = (m + CHUNK - 1) // CHUNK
    for chunk in prange(n_chunks):
        rng = np.zeros(2, dtype=np.uint64)
        deck = np.zeros(max(free_cards.shape[0], 1), dtype=np.int64)
        begin = chunk * CHUNK
        end = min(m, begin + CHUNK)
        _deal_range(seed, first, begin, end, free_cards, fixed_hands, free_slots, out, rng, deck)
