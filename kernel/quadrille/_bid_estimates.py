"""Jitted: the trick estimates the heuristic bids on, for many hands at once."""

from numba import njit, prange

from . import layout as L
from ._policies import best_trumps


@njit(parallel=True, cache=True)
def bid_estimates(hands, rules, card_of_pos, nat_suit_mask, top_pos, out):
    """hands uint64[n] natural masks; out float64[n, 2] receives (the best estimate over the
    trumps the rules allow, the best among the trumps where an ask can find a partner; -1 if
    none): choose_bid's ``value`` and ``with_partner_value``."""
    allowed = rules[L.R_ALLOWED_TRUMPS]
    for i in prange(hands.shape[0]):
        _, value, _, with_partner_value = best_trumps(hands[i], allowed, card_of_pos, nat_suit_mask, top_pos)
        out[i, 0] = value
        out[i, 1] = with_partner_value
