"""Interval estimates against published values, scipy and brute force."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import binomtest

from spadille.analyses.paired import float_mean_ci, mean_ci
from spadille.analyses.stats import mean_interval, unseen_share_bound, wilson_interval, z_value


def test_z_value_is_the_two_sided_normal_quantile():
    assert z_value() == pytest.approx(1.959964, abs=1e-6)
    assert z_value(0.90) == pytest.approx(1.644854, abs=1e-6)


def test_wilson_interval_of_five_out_of_ten_matches_the_textbook_value():
    share, low, high = wilson_interval(5, 10)
    assert share == 0.5
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)


@pytest.mark.parametrize("successes, n", [(0, 10), (1, 10), (10, 10), (3, 7), (17, 1000), (999_999, 1_000_000)])
def test_wilson_interval_agrees_with_scipy(successes, n):
    expected = binomtest(successes, n).proportion_ci(confidence_level=0.95, method="wilson")
    _, low, high = wilson_interval(successes, n)
    assert low == pytest.approx(expected.low, abs=1e-12)
    assert high == pytest.approx(expected.high, abs=1e-12)


def test_wilson_interval_stays_inside_zero_one_at_the_edges():
    assert wilson_interval(0, 10)[1] == 0.0
    assert wilson_interval(10, 10)[2] == 1.0


def test_wilson_interval_of_nothing_is_nan_and_bad_counts_raise():
    assert all(math.isnan(v) for v in wilson_interval(0, 0))
    with pytest.raises(ValueError, match="need 0 <= successes <= n, got 11 out of 10"):
        wilson_interval(11, 10)


def test_mean_interval_of_one_two_three_four():
    mean, stderr, low, high = mean_interval(4, 10, 30)
    assert mean == 2.5
    assert stderr == pytest.approx(math.sqrt(5 / 3) / 2)  # sample sd sqrt(5/3), over sqrt(4)
    assert low == pytest.approx(2.5 - 1.959964 * stderr, abs=1e-6)
    assert high == pytest.approx(2.5 + 1.959964 * stderr, abs=1e-6)


def test_mean_interval_agrees_with_numpy_on_random_integers():
    values = np.random.default_rng(7).integers(-60, 90, size=5000)
    mean, stderr, _, _ = mean_interval(values.size, int(values.sum()), int((values * values).sum()))
    assert mean == pytest.approx(values.mean())
    assert stderr == pytest.approx(values.std(ddof=1) / math.sqrt(values.size))


def test_mean_interval_is_exact_where_floats_cancel():
    # 10**9 deals all paying 1_000_001: the float formula loses the zero variance.
    n, value = 10**9, 1_000_001
    mean, stderr, low, high = mean_interval(n, n * value, n * value * value)
    assert (mean, stderr) == (value, 0.0)
    # No spread seen: without the range of outcomes the interval is unknown, never the point.
    assert math.isnan(low) and math.isnan(high)
    _, _, low, high = mean_interval(n, n * value, n * value * value, outcome_range=(0, 2_000_000))
    assert low < value < high


def test_equal_draws_get_an_interval_that_admits_the_other_outcomes():
    # "49 [49, 49]" at n = 200: a sans prendre that won every time. A loss stays possible.
    n, value, lowest, highest = 200, 49, -120, 60
    mean, stderr, low, high = mean_interval(n, n * value, n * value * value, outcome_range=(lowest, highest))
    share = unseen_share_bound(n)
    assert share == pytest.approx(wilson_interval(0, n)[2])   # the bound a share 0 of n already gets
    assert share == pytest.approx(1.96**2 / (n + 1.96**2), rel=1e-4) and 3 / n < share < 4 / n
    assert (mean, stderr) == (49, 0.0)
    assert low == pytest.approx(value - share * (value - lowest)) and low < 49 - 2
    assert high == pytest.approx(value + share * (highest - value)) and 49 < high < highest
    # The same through the paired helpers, integer and float.
    assert mean_ci(np.full(n, value), outcome_range=(lowest, highest)) == pytest.approx((n, value, low, high))
    assert float_mean_ci(np.full(n, 43.0), outcome_range=(-10.0, 50.0))[2] < 43.0
    assert all(math.isnan(v) for v in float_mean_ci(np.full(n, 43.0))[2:])
    # More draws, a narrower bound; at the edge of the range only the other side opens.
    assert mean_interval(20 * n, 20 * n * value, 20 * n * value * value, outcome_range=(lowest, highest))[2] > low
    _, _, low, high = mean_interval(n, n * highest, n * highest * highest, outcome_range=(lowest, highest))
    assert low < highest == high
    with pytest.raises(ValueError, match="outside the range of outcomes"):
        mean_interval(n, n * value, n * value * value, outcome_range=(0, 10))


def test_the_bound_covers_a_rare_loss():
    # A payment of +49 that turns into -120 with probability 1/400: at n = 200 most samples see
    # no loss at all, and their interval must still hold the true mean.
    rng = np.random.default_rng(7)
    true_mean = 49 - (49 + 120) / 400
    covered = 0
    for _ in range(400):
        draws = np.where(rng.random(200) < 1 / 400, -120, 49)
        _, low, high = mean_ci(draws, outcome_range=(-120, 60))[1:]
        covered += low <= true_mean <= high
    assert covered / 400 >= 0.95


def test_mean_interval_small_samples():
    assert all(math.isnan(v) for v in mean_interval(0, 0, 0))
    mean, *rest = mean_interval(1, 7, 49)
    assert mean == 7 and all(math.isnan(v) for v in rest)
    with pytest.raises(ValueError, match="sum of squares 1 is too small for n=2, sum=4"):
        mean_interval(2, 4, 1)
