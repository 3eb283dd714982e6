"""Estimates from one cell of a decision map's sums (``decision_maps.empty_stats``): a cell holds
the count of deals, each action's payment sum and every product of two actions' payments, all
int64 and exact, so an action's mean and the paired difference of two actions come with their 95%
intervals whatever the number of deals."""

from __future__ import annotations

import numpy as np

from spadille.analyses.stats import mean_interval

from .map_actions import K_N, K_SUM, MapLayout


def cell_mean(cell: np.ndarray, a: int, layout: MapLayout) -> tuple[float, float, float, float]:
    """(mean, stderr, ci_low, ci_high) of action ``a``'s payment over the cell's deals."""
    gram, n = layout.k_gram, layout.n_act
    return mean_interval(int(cell[K_N]), int(cell[K_SUM + a]), int(cell[gram + a * n + a]),
                         outcome_range=layout.pay_range)


def difference_sums(cell: np.ndarray, a: int, b: int, layout: MapLayout) -> tuple[int, int]:
    """(sum, sum of squares) of pay_a - pay_b over the cell's deals, exact."""
    gram, n = layout.k_gram, layout.n_act
    total = int(cell[K_SUM + a]) - int(cell[K_SUM + b])
    squares = int(cell[gram + a * n + a]) - 2 * int(cell[gram + a * n + b]) + int(cell[gram + b * n + b])
    return total, squares


def cell_difference(cell: np.ndarray, a: int, b: int, layout: MapLayout) -> tuple[float, float, float, float]:
    """(mean, stderr, ci_low, ci_high) of pay_a - pay_b over the cell's deals, paired."""
    total, squares = difference_sums(cell, a, b, layout)
    return mean_interval(int(cell[K_N]), total, squares, outcome_range=difference_range(layout.pay_range))


def difference_range(pay_range: tuple[int, int] | None, widen: int = 0) -> tuple[int, int] | None:
    """The range of a difference of two payments each in ``pay_range`` (None stays None), widened
    by ``widen`` on each side."""
    if pay_range is None:
        return None
    span = pay_range[1] - pay_range[0] + widen
    return -span, span
