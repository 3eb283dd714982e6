"""The bench's yardstick: a bare greedy playout of a Quadrille deal, the least a deal loop can do.

Each deal is shuffled and dealt as the deal loop deals it, a trump is named without an auction, and
ten tricks are played under the ruleset's legal-play rule, every player taking the trick as cheaply
as he can or else playing his lowest legal card; no bidding, no calling, no scoring and no row. How
far the full deal loop stays behind this playout (``spadille bench``'s ratio) is the price of the
auction, the players' judgement and the settlement.
"""

import numpy as np
from numba import njit, prange

from spadille.kernel.common._bits import ZERO, above, lowest, nth_set, popcount

from . import layout as L
from ._engine import deal_hands
from ._rules import beats, legal_plays, to_ordered


@njit(cache=True, _nrt=False)
def _greedy_tricks(hands, n_seats, hand_size, trump, rules, block_of_pos, block_mask, top_pos, tricks):
    """Play out ``hands`` (ordered masks): the cheapest winning card, else the lowest legal one."""
    leader = 0
    for _ in range(hand_size):
        led_pos = -1
        best_pos = -1
        best_seat = -1
        for i in range(n_seats):
            seat = leader + i
            if seat >= n_seats:
                seat -= n_seats
            legal = legal_plays(hands[seat], led_pos, best_pos, trump, rules, block_of_pos, block_mask, top_pos)
            card = lowest(legal)
            if i > 0:
                led_block = block_of_pos[trump, led_pos]
                if block_of_pos[trump, best_pos] == trump:
                    winners = legal & block_mask[trump, trump] & above(best_pos)
                else:
                    winners = (legal & block_mask[trump, led_block] & above(best_pos)) | (legal & block_mask[trump, trump])
                if winners != ZERO:
                    card = lowest(winners)
            hands[seat] ^= np.uint64(1) << np.uint64(card)
            if i == 0:
                led_pos = card
                best_pos = card
                best_seat = seat
            elif beats(card, best_pos, trump, block_of_pos):
                best_pos = card
                best_seat = seat
        tricks[best_seat] += 1
        leader = best_seat


@njit(parallel=True, cache=True)
def greedy_playout(seed, first_deal, n_deals, chunk_size, rules, pos_of_card, block_of_pos, block_mask, top_pos,
                   tricks):
    """Play deals first_deal .. first_deal + n_deals - 1 of ``seed`` greedily; tricks
    int64[n_chunks, MAX_SEATS] receives the tricks each seat took, so no work can be optimised away.
    The trump of deal k is the (k mod n)-th of the n suits the ruleset lets be named."""
    n_chunks = (n_deals + chunk_size - 1) // chunk_size
    n_seats = rules[L.R_SEATS]
    hand_size = rules[L.R_HAND]
    allowed = np.uint64(rules[L.R_ALLOWED_TRUMPS])
    n_allowed = popcount(allowed)
    for chunk in prange(n_chunks):
        rng = np.zeros(2, dtype=np.uint64)
        deck = np.zeros(40, dtype=np.int64)
        hands_nat = np.zeros(L.MAX_SEATS, dtype=np.uint64)
        hands = np.zeros(L.MAX_SEATS, dtype=np.uint64)
        begin = first_deal + chunk * chunk_size
        end = min(first_deal + n_deals, begin + chunk_size)
        for deal in range(begin, end):
            deal_hands(seed, deal, rules, rng, deck, hands_nat)
            trump = nth_set(allowed, deal % n_allowed)
            for seat in range(n_seats):
                hands[seat] = to_ordered(hands_nat[seat], trump, pos_of_card)
            _greedy_tricks(hands, n_seats, hand_size, trump, rules, block_of_pos, block_mask, top_pos, tricks[chunk])
