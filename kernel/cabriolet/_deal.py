"""Jitted dealing and counting: the exact enumeration of hands and the Monte Carlo of holdings
and throws. Private: the wrappers in ``exact.py`` and ``simulate.py`` check inputs and allocate;
these kernels do no checks.

Deal k of seed s: ``seed_deal(state, s, k)`` then a partial Fisher-Yates shuffle of the 32 cards
(``below_n``), so it is the same deal whatever the chunking or threads. Hands are dealt in the
order of speaking: hand 0 is the eldest's, hand n-1 the dealer's, whose last card is turned.
"""

import numpy as np
from numba import njit, prange

from spadille.kernel.common._rng import below_n, seed_deal

from .cases import case_bits
from .layout import COL_DEALS, COL_OPPOSED, COL_SOMEONE, N_HOLDINGS



@njit(cache=True, _nrt=False)
def holding_bits(bits):
    """case_bits (bit 9 = four aces) -> bits over the nine HOLDINGS (bit 8 = four aces)."""
    return (bits & 0xFF) | ((bits >> 9) & 1) << 8


@njit(cache=True)
def deal_hands(state, deck, n_players, hands):
    """Shuffle the first 5*n_players places of ``deck`` (int64[32], reset here) and fill
    ``hands`` (uint64[>= n_players]). Returns the turned card (the dealer's last)."""
    for c in range(32):
        deck[c] = c
    n = 5 * n_players
    for i in range(n):
        j = i + below_n(state, 32 - i)
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t
    for p in range(n_players):
        h = np.uint64(0)
        for i in range(5):
            h |= np.uint64(1) << np.uint64(deck[5 * p + i])
        hands[p] = h
    return deck[n - 1]


@njit(cache=True)
def enumerate_hands(rank_masks, suit_masks, confiance_same_suit, parts_of_mariage, histogram):
    """Every 5-card hand of 32 once: ``histogram`` (int64[1024]) counts hands by case_bits."""
    one = np.uint64(1)
    for a in range(32):
        for b in range(a + 1, 32):
            for c in range(b + 1, 32):
                for d in range(c + 1, 32):
                    for e in range(d + 1, 32):
                        hand = (one << np.uint64(a)) | (one << np.uint64(b)) | (one << np.uint64(c)) \
                            | (one << np.uint64(d)) | (one << np.uint64(e))
                        histogram[case_bits(hand, rank_masks, suit_masks, confiance_same_suit, parts_of_mariage)] += 1


@njit(parallel=True, cache=True)
def count_holdings(seed, first, n_deals, n_players, chunk, rank_masks, suit_masks, confiance_same_suit,
                   parts_of_mariage, out):
    """Deals first .. first+n_deals-1 of ``seed``; ``out`` int64[n_chunks, layout.N_COUNT_COLS] gets each
    chunk's counts: per seat (speaking order) and holding, someone holds it, two or more hold it."""
    n_chunks = (n_deals + chunk - 1) // chunk
    for k in prange(n_chunks):
        state = np.zeros(2, dtype=np.uint64)
        deck = np.zeros(32, dtype=np.int64)
        hands = np.zeros(6, dtype=np.uint64)
        row = out[k]
        stop = min(n_deals, (k + 1) * chunk)
        for deal in range(k * chunk, stop):
            seed_deal(state, seed, first + deal)
            deal_hands(state, deck, n_players, hands)
            holders = np.zeros(N_HOLDINGS, dtype=np.int64)
            for p in range(n_players):
                bits = holding_bits(case_bits(hands[p], rank_masks, suit_masks, confiance_same_suit,
                                              parts_of_mariage))
                for h in range(N_HOLDINGS):
                    if bits >> h & 1:
                        row[p * N_HOLDINGS + h] += 1
                        holders[h] += 1
            for h in range(N_HOLDINGS):
                if holders[h] >= 1:
                    row[COL_SOMEONE + h] += 1
                if holders[h] >= 2:
                    row[COL_OPPOSED + h] += 1
            row[COL_DEALS] += 1


@njit(parallel=True, cache=True)
def count_throws(seed, first, n_throws, chunk, throw_case, n_outcomes, out):
    """Throws of three dice: ``throw_case`` int64[216] maps (d1-1)*36+(d2-1)*6+(d3-1) to an outcome
    index; ``out`` int64[n_chunks, n_outcomes] gets each chunk's counts."""
    n_chunks = (n_throws + chunk - 1) // chunk
    for k in prange(n_chunks):
        state = np.zeros(2, dtype=np.uint64)
        stop = min(n_throws, (k + 1) * chunk)
        for t in range(k * chunk, stop):
            seed_deal(state, seed, first + t)
            code = below_n(state, 6) * 36 + below_n(state, 6) * 6 + below_n(state, 6)
            out[k, throw_case[code]] += 1
