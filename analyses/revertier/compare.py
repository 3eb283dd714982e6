"""Paired policy comparisons: policy A against B on the same games, colours swapped.

Game k is played twice with the same dice (each seat draws its policy's randomness from its own
stream, the dice from the game's): once A in seat 0 and B in seat 1, once swapped. A's net points
in game k is the sum of its two results, so the luck of the dice and of the seat cancels within
each pair; the interval is over the pairs.
"""

from __future__ import annotations

import numpy as np

from spadille.analyses.paired import mean_ci, rate_ci

from .games import seat_points


def paired_points(a_first: np.ndarray, b_first: np.ndarray) -> np.ndarray:
    """Per game, policy A's points over the pair (A in seat 0 in ``a_first``, in seat 1 in ``b_first``)."""
    return seat_points(a_first, 0) + seat_points(b_first, 1)


def comparison_row(name_a: str, name_b: str, a_first: np.ndarray, b_first: np.ndarray) -> dict:
    pairs = paired_points(a_first, b_first)
    n, mean, low, high = mean_ci(pairs)
    wins = np.concatenate([seat_points(a_first, 0) > 0, seat_points(b_first, 1) > 0])
    share, share_low, share_high = rate_ci(wins)
    return {"policy": name_a, "against": name_b, "pairs": n,
            "points": mean / 2, "ci_low": low / 2, "ci_high": high / 2,
            "wins": share, "wins_low": share_low, "wins_high": share_high,
            "clear": bool(low > 0 or high < 0)}
