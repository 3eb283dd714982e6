"""Sampling until an interval decides: a group-sequential design with a Bonferroni boundary.

A comparison is looked at after ``first`` draws, then after twice as many, and so on up to
``cap``: K looks fixed before any draw. Look k's interval is taken at level 1 - alpha_k, where
the alpha_k add up to alpha, so the chance that any of the K intervals misses the true mean is at
most alpha (Bonferroni over the looks), whatever rule decides to stop or go on: the intervals form
a 95% confidence sequence over the looks. The alpha_k are an equal share each, or (``final_share``)
most of alpha kept for the last look and the rest shared by the earlier ones, as in the
Haybittle-Peto design: a clear comparison still stops early, and one that needs every draw is
judged at nearly the plain level. A comparison is *decided* at the first look where its interval
excludes 0 (its sign is known) or lies within +-``margin`` (the two sides are practically the
same), and stops there; one that reaches the cap undecided says so, with its n. The union bound
is conservative (an exact group-sequential boundary would be a little narrower), but it holds for
looks spaced any way and is plain to state. Intervals use Student's t.

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
    final_share: float | None = None   # the share of alpha spent at the cap (None: an equal share every look)
    growth: int = 2                     # each look after the first has this many times the draws of the one before

    def __post_init__(self):
        if not 2 <= self.first <= self.cap:
            raise ValueError(f"a sequential design needs 2 <= first <= cap, not first {self.first}, cap {self.cap}")
        if self.final_share is not None and not 0 < self.final_share < 1:
            raise ValueError(f"final_share must lie strictly between 0 and 1, not {self.final_share}")
        if self.growth < 2:
            raise ValueError(f"each look must have at least twice the draws of the one before, not {self.growth}")

    @property
    def looks(self) -> tuple[int, ...]:
        looks, n = [], self.first
        while n < self.cap:
            looks.append(n)
            n *= self.growth
        return (*looks, self.cap)

    def confidence_at(self, n: int) -> float:
        """The level of the interval at the look of ``n`` draws: 1 - alpha_k."""
        k = len(self.looks)
        if k == 1 or self.final_share is None:
            return 1.0 - self.alpha / k
        if n >= self.cap:
            return 1.0 - self.alpha * self.final_share
        return 1.0 - self.alpha * (1.0 - self.final_share) / (k - 1)

    @property
    def levels(self) -> tuple[float, ...]:
        return tuple(self.confidence_at(look) for look in self.looks)

    def next_look(self, n: int) -> int | None:
        """The first look after ``n`` draws (None: past the cap)."""
        return next((look for look in self.looks if look > n), None)

    def levels_text(self) -> str:
        """'99% at every look', or '99.8% at the first 4 looks and 96% at the last'."""
        first, last = self.levels[0], self.levels[-1]
        if len(self.looks) == 1 or first == last:
            return f"{_percent(last)} at every look"
        return f"{_percent(first)} at the first {len(self.looks) - 1} looks and {_percent(last)} at the last"

    def describe(self) -> str:
        looks = ", ".join(f"{look:,} ({level:.2%})" for look, level in zip(self.looks, self.levels))
        return (f"looks at n = {looks} (Bonferroni over {len(self.looks)} looks: a {1 - self.alpha:.0%} confidence "
                f"sequence); decided once the interval excludes 0 or lies within ±{self.margin:g}")


def _percent(level: float) -> str:
    """99% or 99.83%: as few decimals as tell the level apart from its neighbours."""
    for decimals in range(0, 4):
        text = f"{100 * level:.{decimals}f}"
        if abs(float(text) - 100 * level) < 5e-3:
            return text + "%"
    return f"{100 * level:.2f}%"


def fixed_design(n: int) -> Design:
    """One look at n draws: a plain 95% interval."""
    return Design(first=n, cap=n)


def interval(values: np.ndarray, design: Design, outcome_range=None) -> tuple[int, float, float, float]:
    """(n, mean, low, high) of integer draws at the design's per-look level. Student's t, not the
    normal quantile: at a first look of 20 draws and 99% the normal one would miss about 1.7% of
    the time instead of 1%, and the looks' misses add up."""
    values = np.asarray(values, dtype=np.int64)
    n = int(values.size)
    level = design.confidence_at(n)
    mean, stderr, low, high = mean_interval(n, int(values.sum()), int((values * values).sum()),
                                            confidence=level, outcome_range=outcome_range)
    if n >= 2 and stderr > 0:
        half = _t_quantile(level, n - 1) * stderr
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
    z = z_value(design.confidence_at(design.next_look(values.size) or design.cap))   # a projection
    need = (z * spread / mean) ** 2 if mean > 0 else math.inf
    if mean < design.margin:
        need = min(need, (z * spread / (design.margin - mean)) ** 2)
    return need
