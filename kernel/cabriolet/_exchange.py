"""Jitted exchange of the card game (``declare.exchange = one-call``; docs/cabriolet.md).

"On pourra appeller une carte qu'on désire, & la remplacer par une carte du même ordre ou d'un
degré supérieur, sans nommer, ni montrer celle que l'on donne en échange." Reconstruction: right
after the deal, before three jacks are looked at, each player in speaking order may call one
card. If another player holds it he must give it, and receives from the caller, unseen, a card of
the same rank or higher (A > K > Q > J > 10 ...). One call per player per deal; a call of a card
nobody holds (it is undealt) is lost. The turned card, shown, is neither called nor given.

Policy (every seat): call the card that completes the most valuable case the hand is one card
short of and does not already hold, in the order cabriolet (a third jack), mariage légitime,
confiance, confidence, conférence, secret, confidens (the first candidate in suit order); give
the lowest-ranked eligible card that is not part of that case; no eligible card, no call.
Private: no checks.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import popcount

from .cases import case_bits

ACE, KING, QUEEN, JACK = 0, 1, 2, 3


@njit(cache=True, _nrt=False)
def _bit(suit, rank):
    return np.uint64(1) << np.uint64(suit * 8 + rank)


@njit(cache=True)
def choose_call(hand, turned_bit, rank_masks, suit_masks, confiance_same_suit, parts_of_mariage):
    """(called card, keep mask) for ``hand`` under the policy, or (-1, 0) when nothing to call."""
    held = case_bits(hand, rank_masks, suit_masks, confiance_same_suit, parts_of_mariage)
    free = ~hand & ~turned_bit
    # cabriolet: a third jack
    if not held >> 7 & 1 and popcount(hand & rank_masks[JACK]) == 2:
        for s in range(4):
            if free & _bit(s, JACK):
                return s * 8 + JACK, hand & rank_masks[JACK]
    # mariage légitime: two of K Q J of one suit
    if not held & 1:
        for s in range(4):
            have = 0
            missing = -1
            for r in (KING, QUEEN, JACK):
                if hand & _bit(s, r):
                    have += 1
                else:
                    missing = r
            if have == 2 and free & _bit(s, missing):
                keep = hand & suit_masks[s] & (rank_masks[KING] | rank_masks[QUEEN] | rank_masks[JACK])
                return s * 8 + missing, keep
    # confiance (K + J), confidence (Q + J) of one suit
    for case, top in ((1, KING), (2, QUEEN)):
        if not held >> case & 1:
            for s in range(4):
                if hand & _bit(s, top) and free & _bit(s, JACK):
                    return s * 8 + JACK, _bit(s, top)
                if hand & _bit(s, JACK) and free & _bit(s, top):
                    return s * 8 + top, _bit(s, JACK)
    # conférence, secret, confidens: a second king, queen, jack
    for case, rank in ((4, KING), (5, QUEEN), (6, JACK)):
        if not held >> case & 1 and popcount(hand & rank_masks[rank]) == 1:
            for s in range(4):
                if free & _bit(s, rank):
                    return s * 8 + rank, hand & rank_masks[rank]
    return -1, np.uint64(0)


@njit(cache=True)
def exchange_calls(hands, n, turned, rank_masks, suit_masks, confiance_same_suit, parts_of_mariage, log):
    """Each hand j = 0..n-1 (speaking order) in turn calls one card; updates ``hands``
    (uint64[>= n]) and writes log int64[n, 3] = (holder, called, given) per caller, -1 where no
    exchange took place. Returns the number of exchanges."""
    turned_bit = np.uint64(1) << np.uint64(turned)
    done = 0
    for j in range(n):
        log[j, 0] = -1
        log[j, 1] = -1
        log[j, 2] = -1
        called, keep = choose_call(hands[j], turned_bit, rank_masks, suit_masks, confiance_same_suit,
                                   parts_of_mariage)
        if called < 0:
            continue
        called_bit = np.uint64(1) << np.uint64(called)
        holder = -1
        for o in range(n):
            if o != j and hands[o] & called_bit:
                holder = o
        log[j, 1] = called
        if holder < 0:
            continue
        # the lowest-ranked card of the same rank or higher, not kept for the case, not the turned card
        given = -1
        rank = called % 8
        for r in range(rank, -1, -1):
            for s in range(4):
                b = _bit(s, r)
                if given < 0 and hands[j] & b and not keep & b and b != turned_bit:
                    given = s * 8 + r
            if given >= 0:
                break
        if given < 0:
            continue
        given_bit = np.uint64(1) << np.uint64(given)
        hands[j] = (hands[j] & ~given_bit) | called_bit
        hands[holder] = (hands[holder] & ~called_bit) | given_bit
        log[j, 0] = holder
        log[j, 2] = given
        done += 1
    return done
