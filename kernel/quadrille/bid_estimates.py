"""The heuristic's hand estimate (its rough count of the tricks a hand takes alone), for arrays of hands.

``choose_bid`` (_policies.py) goes sans prendre when the hand's best estimate reaches
``alone_threshold`` and asks when its best estimate among the suits where a king can be called
reaches ``ask_threshold``. Knowing both numbers for every hand lets an analysis ask what any
pair of thresholds would have bid, without replaying the auction.
"""

from __future__ import annotations

import numpy as np

from .ruleset import Ruleset
from .tables import build_tables


def bid_estimates(hands, ruleset: Ruleset) -> np.ndarray:
    """float64[n, 2]: per hand (natural masks, uint64[n]) its best estimate over the allowed
    trumps, and its best over the trumps where an ask finds a partner (-1 when there is none)."""
    from ._bid_estimates import bid_estimates as kernel

    hands = np.ascontiguousarray(hands, dtype=np.uint64)
    if hands.ndim != 1:
        raise ValueError(f"hands must be a one-dimensional array of masks, not shape {hands.shape}")
    tables = build_tables(ruleset)
    out = np.zeros((hands.shape[0], 2), dtype=np.float64)
    kernel(hands, tables.rules, tables.card_of_pos, tables.nat_suit_mask, tables.top_pos, out)
    return out
