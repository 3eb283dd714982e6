"""Paired estimates: means and rates with 95% intervals from exact integer sums, and the
difference of two arms deal by deal.

Every comparison between actions or policies replays the very same deals, so the interval on a
difference is far narrower than the two separate intervals suggest. Nothing here knows a game:
each game's analyses turn its kernel's rows into the arrays these take.
"""

from __future__ import annotations

import math

import numpy as np

from .stats import mean_interval, unseen_outcome_interval, wilson_interval


def mean_ci(values: np.ndarray, outcome_range: tuple[float, float] | None = None) -> tuple[int, float, float, float]:
    """(n, mean, low, high) of integer values, from exact integer sums. ``outcome_range``: the
    values one draw can take, which bounds the interval when every draw was equal (see
    ``stats.mean_interval``: never a zero-width interval)."""
    values = np.asarray(values, dtype=np.int64)
    n = int(values.size)
    mean, _, low, high = mean_interval(n, int(values.sum()), int((values * values).sum()),
                                       outcome_range=outcome_range)
    return n, mean, low, high


def float_mean_ci(values: np.ndarray,
                  outcome_range: tuple[float, float] | None = None) -> tuple[int, float, float, float]:
    """(n, mean, low, high) of float values; equal draws as in ``mean_ci``."""
    values = np.asarray(values, dtype=np.float64)
    n = int(values.size)
    if n == 0:
        return 0, math.nan, math.nan, math.nan
    mean = float(values.mean())
    if n == 1:
        return 1, mean, math.nan, math.nan
    if bool(np.all(values == values[0])):
        low, high = unseen_outcome_interval(float(values[0]), n, outcome_range=outcome_range)
        return n, float(values[0]), low, high
    half = 1.959963984540054 * float(values.std(ddof=1)) / math.sqrt(n)
    return n, mean, mean - half, mean + half


def rate_ci(flags: np.ndarray) -> tuple[float, float, float]:
    flags = np.asarray(flags, dtype=bool)
    return wilson_interval(int(flags.sum()), int(flags.size))


def paired_difference(first: np.ndarray, second: np.ndarray,
                      outcome_range: tuple[float, float] | None = None) -> tuple[int, float, float, float]:
    """(n, mean, low, high) of first - second, deal by deal; ``outcome_range`` is the range of
    one difference (as in ``mean_ci``)."""
    return mean_ci(np.asarray(first, dtype=np.int64) - np.asarray(second, dtype=np.int64), outcome_range)


def ratio_mean_ci(sums: np.ndarray, counts: np.ndarray) -> tuple[int, float, float, float]:
    """(observations, mean, low, high) of observations that come in clusters: cluster i holds
    ``counts[i]`` of them, adding up to ``sums[i]``. The mean is sum(sums) / sum(counts) and its
    interval the ratio estimator's (linearised) normal interval, so the clusters, not the
    observations, are taken as independent: what a deal replayed for each seat in turn needs,
    since its seats share the deal. Clusters without an observation still count as draws (of
    zero observations). With equal counts it is the plain interval of the clusters' means.
    NaN interval for fewer than two clusters, or no spread at all (nothing to measure it from)."""
    sums = np.asarray(sums, dtype=np.float64)
    counts = np.asarray(counts, dtype=np.float64)
    n = int(sums.size)
    observations = int(counts.sum())
    if observations == 0:
        return 0, math.nan, math.nan, math.nan
    mean = float(sums.sum()) / observations
    residuals = sums - mean * counts
    spread = float((residuals * residuals).sum())
    if n < 2 or spread == 0.0:
        return observations, mean, math.nan, math.nan
    per_cluster = observations / n
    stderr = math.sqrt(spread / (n * (n - 1))) / per_cluster
    half = 1.959963984540054 * stderr
    return observations, mean, mean - half, mean + half


def stratified_ratio_ci(sums: np.ndarray, counts: np.ndarray, strata: np.ndarray, weights: dict,
                        screened: int | None = None) -> tuple[int, float, float, float]:
    """``ratio_mean_ci`` over a sample drawn stratum by stratum: cluster i lies in stratum
    ``strata[i]``, and stratum h makes up a share ``weights[h]`` of the population (the shares sum
    to 1) though its clusters were drawn in any number. The mean is the population's:
    sum_h w_h ybar_h / sum_h w_h xbar_h (ybar_h, xbar_h: the stratum's mean sum and count a cluster).
    Its interval is the linearised one, each stratum's clusters independent, plus, when the shares
    were themselves counted on ``screened`` clusters (a multinomial draw), their own error. A stratum
    of the population with no cluster drawn leaves the mean unknown (NaN); one with a single cluster,
    or no spread anywhere, the interval. With one stratum of share 1 it is ``ratio_mean_ci``."""
    sums = np.asarray(sums, dtype=np.float64)
    counts = np.asarray(counts, dtype=np.float64)
    strata = np.asarray(strata)
    observations = int(counts.sum())
    shares = {h: float(w) for h, w in weights.items() if w > 0}
    means = {}
    for h in shares:
        members = strata == h
        if not members.any():
            return observations, math.nan, math.nan, math.nan
        means[h] = (sums[members], counts[members])
    total = float(sum(w * means[h][1].mean() for h, w in shares.items()))
    if observations == 0 or total == 0:
        return observations, math.nan, math.nan, math.nan
    ratio = float(sum(w * means[h][0].mean() for h, w in shares.items()) / total)
    variance, spread, deviations = 0.0, 0.0, {}
    for h, w in shares.items():
        y, x = means[h]
        residuals = y - ratio * x
        deviations[h] = float(residuals.mean()) / total
        if x.sum() == 0:
            continue
        if y.size < 2:
            return observations, ratio, math.nan, math.nan
        square = float(((residuals - residuals.mean()) ** 2).sum())
        spread += square
        variance += w * w * square / (y.size * (y.size - 1)) / (total * total)
    if screened:
        centre = sum(w * deviations[h] for h, w in shares.items())
        variance += sum(w * (deviations[h] - centre) ** 2 for h, w in shares.items()) / screened
    if spread == 0.0 and variance == 0.0:
        return observations, ratio, math.nan, math.nan
    half = 1.959963984540054 * math.sqrt(variance)
    return observations, ratio, ratio - half, ratio + half
