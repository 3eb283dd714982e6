"""Sampling until an interval decides: a group-sequential design with a Bonferroni boundary.

A comparison is looked at after ``first`` draws, then after twice as many, and so on up to
``cap``: K looks fixed before any draw. At each look its interval is taken at level 1 - alpha / K,
so the chance that any of the K intervals misses the true mean is at most alpha (Bonferroni over
the looks), whatever rule decides to stop or go on: the intervals form a 95% confidence sequence
over the looks. A comparison is *decided* at the first look where its interval excludes 0 (its
sign is known) or lies within +-``margin`` (the two sides are practically the same), and stops
there; one that reaches the cap undecided says so, with its n. Bonferroni is conservative (a
Pocock or O'Brien-Fleming boundary would be a little narrower for equally spaced looks), but it
holds for looks spaced any way and is plain to state.

Nothing here knows a game: the check of a game's rules (analyses/quadrille/rule_check.py) draws
its hands and asks ``decide`` after each look; ``hands_to_decide`` ranks the comparisons by the
draws each still seems to need, so that a limited budget goes first where a decision is near.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .stats import mean_interval, z_value

POSITIVE, NEGATIVE, INDIFFERENT, UNDECIDED = "positive", "negative", "indifferent", "undecided"


@dataclass(frozen=True)
class Design:
    """Looks at first, 2 first, 4 first, ... and cap; ``budget``: the draws every comparison of a
    check may take together (None: only the cap limits them); ``margin``: within it, practically
    indifferent."""

    first: int
    cap: int
    budget: int | None = None
    margin: float = 1.5
    alpha: float = 0.05

    def __post_init__(self):
        if not 2 <= self.first <= self.cap:
            raise ValueError(f"a sequential design needs 2 <= first <= cap, not first {self.first}, cap {self.cap}")

    @property
    def looks(self) -> tuple[int, ...]:
        looks, n = [], self.first
        while n < self.cap:
            looks.append(n)
            n *= 2
        return (*looks, self.cap)

    @property
    def confidence(self) -> float:
        """The level of each look's interval: 1 - alpha / K."""
        return 1.0 - self.alpha / len(self.looks)

    def next_look(self, n: int) -> int | None:
        """The first look after ``n`` draws (None: past the cap)."""
        return next((look for look in self.looks if look > n), None)

    def describe(self) -> str:
        looks = ", ".join(f"{look:,}" for look in self.looks)
        return (f"looks at n = {looks}; each look's interval at {self.confidence:.2%} (Bonferroni over "
                f"{len(self.looks)} looks: a {1 - self.alpha:.0%} confidence sequence); decided once it excludes 0 "
                f"or lies within ±{self.margin:g}")


def fixed_design(n: int) -> Design:
    """One look at n draws: a plain 95% interval."""
    return Design(first=n, cap=n)


def interval(values: np.ndarray, design: Design, outcome_range=None) -> tuple[int, float, float, float]:
    """(n, mean, low, high) of integer draws at the design's per-look level. Student's t, not the
    normal quantile: at a first look of 20 draws and 99% the normal one would miss about 1.7% of
    the time instead of 1%, and the looks' misses add up."""
    values = np.asarray(values, dtype=np.int64)
    n = int(values.size)
    mean, stderr, low, high = mean_interval(n, int(values.sum()), int((values * values).sum()),
                                            confidence=design.confidence, outcome_range=outcome_range)
    if n >= 2 and stderr > 0:
        half = _t_quantile(design.confidence, n - 1) * stderr
        low, high = mean - half, mean + half
    return n, mean, low, high


@lru_cache(maxsize=4096)
def _t_quantile(confidence: float, degrees: int) -> float:
    from scipy.special import stdtrit   # Student's t quantile, without importing all of scipy.stats

    return float(stdtrit(degrees, 0.5 + confidence / 2))


def decide(low: float, high: float, margin: float) -> str:
    """POSITIVE or NEGATIVE when the interval excludes 0, INDIFFERENT when it lies within
    ±margin, else UNDECIDED (an unknown interval decides nothing)."""
    if math.isnan(low) or math.isnan(high):
        return UNDECIDED
    if low > 0:
        return POSITIVE
    if high < 0:
        return NEGATIVE
    if -margin <= low and high <= margin:
        return INDIFFERENT
    return UNDECIDED


def hands_to_decide(values: np.ndarray, design: Design) -> float:
    """The draws the comparison seems to need to decide, from its mean and spread so far: its
    interval's half-width shrinks as 1 / sqrt(n) until it clears 0 or fits within the margin."""
    values = np.asarray(values, dtype=np.float64)
    if values.size < 2:
        return math.inf
    mean, spread = abs(float(values.mean())), float(values.std(ddof=1))
    if spread == 0.0:
        return float(values.size)
    z = z_value(design.confidence)   # the normal quantile: a projection, not an interval
    need = (z * spread / mean) ** 2 if mean > 0 else math.inf
    if mean < design.margin:
        need = min(need, (z * spread / (design.margin - mean)) ** 2)
    return need
