"""Interval estimates from counts and sums, as the kernel aggregates hand them over.

The kernel keeps, per cell, a count, a sum and a sum of squares (all int64), never the
individual deals, so every estimate here is computed from those three numbers. The
variance uses exact integer arithmetic (``n * sum_sq - sum**2``): for long runs the float
version loses most of its digits to cancellation.
"""

from __future__ import annotations

import math
from statistics import NormalDist

CONFIDENCE = 0.95


def z_value(confidence: float = CONFIDENCE) -> float:
    """The two-sided normal quantile, 1.96 for 95%."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must lie strictly between 0 and 1, not {confidence!r}")
    # The standard library's quantile: scipy.stats would add 0.4 s to every command's start.
    return NormalDist().inv_cdf(0.5 + confidence / 2.0)


def wilson_interval(successes: int, n: int, confidence: float = CONFIDENCE) -> tuple[float, float, float]:
    """(share, low, high) for ``successes`` out of ``n``, Wilson score interval without
    continuity correction. Wilson rather than the normal interval because contract and
    outcome shares are often near 0 (vole, self-called) where the normal one leaves [0, 1].
    NaNs when ``n`` is 0."""
    successes, n = int(successes), int(n)
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} out of {n}")
    if n == 0:
        return math.nan, math.nan, math.nan
    z = z_value(confidence)
    share = successes / n
    denominator = 1.0 + z * z / n
    centre = (share + z * z / (2 * n)) / denominator
    half_width = z * math.sqrt(share * (1.0 - share) / n + z * z / (4 * n * n)) / denominator
    # At 0 or n successes the bound is exactly 0 or 1; the subtraction would leave rounding dust.
    low = 0.0 if successes == 0 else max(0.0, centre - half_width)
    high = 1.0 if successes == n else min(1.0, centre + half_width)
    return share, low, high


def unseen_share_bound(n: int, confidence: float = CONFIDENCE) -> float:
    """The most a share can be, at ``confidence``, when none of ``n`` draws showed it: the
    Wilson upper bound for 0 of n, z^2 / (n + z^2), about 3.84 / n at 95% (the "rule of three",
    3 / n, is its one-sided cousin). Shares use this bound already (``wilson_interval``); a mean
    whose every draw was equal uses it through ``mean_interval``'s ``outcome_range``."""
    n = int(n)
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    z = z_value(confidence)
    return z * z / (n + z * z)


def mean_interval(n: int, total: int, total_sq: int, confidence: float = CONFIDENCE,
                  outcome_range: tuple[float, float] | None = None) -> tuple[float, float, float, float]:
    """(mean, standard error, low, high) of a quantity seen ``n`` times with the given sum and
    sum of squares; normal interval on the mean. NaNs for n = 0; the error and interval are
    NaN for n = 1 (no spread can be measured).

    When every draw was the same value (no spread), the normal interval would be that point,
    [49, 49], as if no other outcome were possible. Instead the interval admits the outcomes not
    seen: with ``outcome_range = (lowest, highest)``, the values one draw can take, another
    outcome may have up to ``unseen_share_bound(n)`` of the mass (about 3.84 / n), so the mean
    lies within [mean - p (mean - lowest), mean + p (highest - mean)]. Without a range the
    unseen outcomes are unbounded and the interval is NaN: unknown, never a point."""
    n, total, total_sq = int(n), int(total), int(total_sq)
    if n < 0:
        raise ValueError(f"n must not be negative, got {n}")
    if n == 0:
        return math.nan, math.nan, math.nan, math.nan
    mean = total / n
    if n == 1:
        return mean, math.nan, math.nan, math.nan
    spread = n * total_sq - total * total  # exact: n * sum of squared deviations
    if spread < 0:
        raise ValueError(f"sum of squares {total_sq} is too small for n={n}, sum={total}")
    if spread == 0:
        low, high = unseen_outcome_interval(mean, n, confidence, outcome_range)
        return mean, 0.0, low, high
    variance = spread / (n * (n - 1))
    stderr = math.sqrt(variance / n)
    z = z_value(confidence)
    return mean, stderr, mean - z * stderr, mean + z * stderr


def unseen_outcome_interval(value: float, n: int, confidence: float = CONFIDENCE,
                            outcome_range: tuple[float, float] | None = None) -> tuple[float, float]:
    """(low, high) for a mean whose ``n`` draws all equalled ``value`` (see ``mean_interval``)."""
    if outcome_range is None:
        return math.nan, math.nan
    lowest, highest = (float(v) for v in outcome_range)
    if not lowest <= value <= highest:
        raise ValueError(f"the value {value:g} seen lies outside the range of outcomes [{lowest:g}, {highest:g}]")
    share = unseen_share_bound(n, confidence)
    return value - share * (value - lowest), value + share * (highest - value)
