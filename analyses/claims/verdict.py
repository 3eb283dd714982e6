"""The rule that turns an estimate into a verdict: supported, contradicted or inconclusive.

A claim file states what it expects in ``[verdict]``:

* ``expect = "greater"`` (or ``"less"``) with ``than = X``: supported when the whole 95% CI
  lies above (below) X, contradicted when the whole CI lies on the other side, inconclusive
  when the CI contains X.
* ``expect = "equal"`` with ``value = V`` and an optional ``tolerance = T`` (default 0):
  supported when the whole CI lies within V ± T, contradicted when it lies entirely outside,
  inconclusive otherwise. Counts are exact (the CI is the point itself), so they are always
  supported or contradicted; their ``value`` may be a list, compared item by item, and items
  may be fractions written as text ("203/494").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from .reader import Table

SUPPORTED, CONTRADICTED, INCONCLUSIVE = "supported", "contradicted", "inconclusive"
VERDICTS = (SUPPORTED, CONTRADICTED, INCONCLUSIVE)
ERROR = "error"                 # not a verdict: the claim's run failed (the reason says why)
OUTCOMES = (*VERDICTS, ERROR)   # what a claim's row may read
EXPECTATIONS = {
    "greater": "the estimate is above `than`",
    "less": "the estimate is below `than`",
    "equal": "the estimate equals `value` within `tolerance`",
}
VERDICT_KEYS = {
    "expect": "greater, less or equal",
    "than": "the threshold of greater / less (a number)",
    "value": "the stated figure of equal: a number, a fraction as text ('203/494'), or a list of them",
    "tolerance": "for equal: how far the estimate may be from the value (default 0)",
}


@dataclass(frozen=True)
class Estimate:
    """What an experiment measured: the estimate, its 95% CI and the sample it rests on.

    Counts are exact: ``values`` holds them (item by item), ``n`` is None and the interval is
    the point itself when there is one value (NaN for a list). ``deals`` is how many deals
    were played, ``n`` how many the estimate averages (fewer under ``among``), ``tried`` how
    many were dealt to find ``deals`` meeting the condition."""

    n: int | None
    estimate: float
    ci_low: float
    ci_high: float
    text: str
    values: tuple[Fraction, ...] | None = None
    labels: tuple[str, ...] = ()
    deals: int = 0
    tried: int = 0
    places: int = 4       # decimals shown for the estimate and its interval
    method: str = ""      # how it was obtained, when the kind says: "exact", "Monte Carlo, n = 10,000"
    alike: bool = False   # a paired comparison whose two arms gave the same value on every deal
    caveat: str = ""      # what the reason must add: fixed decisions that were not open on some deals

    def ci_text(self) -> str:
        """'[low, high]' for an estimate with an interval, 'exact' for counts, '' when not run."""
        if self.values is not None:
            return "exact"
        if math.isnan(self.ci_low) or math.isnan(self.ci_high):
            return ""
        return f"[{self.ci_low:.{self.places}f}, {self.ci_high:.{self.places}f}]"


@dataclass(frozen=True)
class VerdictRule:
    expect: str
    than: float | None = None
    value: tuple[Fraction, ...] = ()
    value_is_list: bool = False
    tolerance: Fraction = Fraction(0)

    def stated(self) -> str:
        """'> 0', '< 0.5', '= 12', '= 0 ± 1', '= 14, 42, 56'."""
        if self.expect == "greater":
            return f"> {self.than:g}"
        if self.expect == "less":
            return f"< {self.than:g}"
        places = decimals_of(self.tolerance)
        # A stated figure as written: to the tolerance's decimals, or a fraction (odds "5 to 4": 5/9)
        # that those decimals would round.
        shown = ", ".join(format_exact(v, decimals=None if places is None or v * 10**places % 1 else places)
                          for v in self.value)
        return f"= {shown}" + (f" ± {format_exact(self.tolerance)}" if self.tolerance else "")


def format_exact(value: Fraction, like: Fraction | None = None, decimals: int | None = None) -> str:
    """A whole number as such, else a decimal (``decimals`` places) or, when it is not a finite
    decimal and no places are asked, the fraction 'p/q'."""
    if value.denominator == 1:
        return str(value.numerator)
    if decimals is not None:
        return f"{float(value):.{decimals}f}"
    denominator, places = value.denominator, 0
    for prime in (2, 5):
        count = 0
        while denominator % prime == 0:
            denominator //= prime
            count += 1
        places = max(places, count)
    return f"{float(value):.{places}f}" if denominator == 1 else f"{value.numerator}/{value.denominator}"


def interval_places(low: float, high: float, base: int, most: int = 8) -> int:
    """Decimals that show an interval: ``base`` at least, more while its two ends round to the same
    figure or a nonzero end rounds to zero (+0.0077 with [0.0052, 0.0102] would read [0.01, 0.01] at two)."""
    if not (math.isfinite(low) and math.isfinite(high)) or low == high:
        return base
    places = base
    while places < most:
        rounded_low, rounded_high = round(low, places), round(high, places)
        if rounded_low != rounded_high and (low == 0 or rounded_low != 0) and (high == 0 or rounded_high != 0):
            break
        places += 1
    return places


def significant(value: float, digits: int = 4, least: int = 4) -> str:
    """A decimal with ``digits`` significant figures (and at least ``least`` decimals), never in
    scientific notation: 1/43355 is 0.00002307, 435/988 is 0.4403."""
    if value == 0 or not math.isfinite(value):
        return f"{value:.{least}f}"
    places = max(least, digits - 1 - math.floor(math.log10(abs(value))))
    return f"{value:.{places}f}"


def parse_verdict(table: Table, exact_only: bool) -> VerdictRule:
    """Read ``[verdict]``; ``exact_only`` (counts) allows only ``equal``."""
    table.only(VERDICT_KEYS)
    allowed = ["equal"] if exact_only else list(EXPECTATIONS)
    expect = table.choice("expect", allowed, "expectation")
    if expect in ("greater", "less"):
        for name in ("value", "tolerance"):
            if table.has(name):
                table.fail(name, f"only expect = \"equal\" takes {name} (use than = ... with {expect})")
        return VerdictRule(expect, than=table.number("than", "the threshold, a number"))
    if table.has("than"):
        table.fail("than", "expect = \"equal\" takes value = ... (and tolerance), not than")
    value, is_list = table.exact("value", "the stated figure, or a list of figures")
    if is_list and not exact_only:
        table.fail("value", "a simulated estimate is one number, not a list")
    tolerance = Fraction(str(table.number("tolerance", "how far from the value counts as equal", default=0.0, low=0.0)))
    return VerdictRule(expect, value=value, value_is_list=is_list, tolerance=tolerance)


def judge_interval(rule: VerdictRule, low: float, high: float, places: int | None = None) -> tuple[str, str]:
    """(verdict, reason) for a 95% interval [low, high], written in ``places`` decimals (the
    estimate's, so the reason reads like the table's interval beside it) or, without them, to
    four significant figures."""
    if math.isnan(low) or math.isnan(high):
        return INCONCLUSIVE, "too few deals for an interval"
    ci = (f"the 95% CI [{low:.4g}, {high:.4g}]" if places is None else
          f"the 95% CI [{low:.{places}f}, {high:.{places}f}]")
    if rule.expect in ("greater", "less"):
        than = rule.than
        above, below = low > than, high < than
        if (above and rule.expect == "greater") or (below and rule.expect == "less"):
            return SUPPORTED, f"{ci} lies {'above' if above else 'below'} {than:g}"
        if above or below:
            return CONTRADICTED, f"{ci} lies {'above' if above else 'below'} {than:g}"
        return INCONCLUSIVE, f"{ci} contains {than:g}"
    centre, tolerance = float(rule.value[0]), float(rule.tolerance)
    zone = f"{centre:g} ± {tolerance:g}" if tolerance else f"{centre:g}"
    if low >= centre - tolerance and high <= centre + tolerance:
        return SUPPORTED, f"{ci} lies within {zone}"
    if high < centre - tolerance or low > centre + tolerance:
        return CONTRADICTED, f"{ci} lies outside {zone}"
    return INCONCLUSIVE, f"{ci} overlaps {zone} without lying within it"


def judge_exact(rule: VerdictRule, computed: tuple[Fraction, ...], labels: tuple[str, ...] = ()) -> tuple[str, str]:
    """(verdict, reason) for exact values against the stated ones, item by item."""
    if len(computed) != len(rule.value):
        raise ValueError(f"{len(computed)} values computed for {len(rule.value)} stated")
    misses = []
    for index, (mine, stated) in enumerate(zip(computed, rule.value)):
        if abs(mine - stated) > rule.tolerance:
            name = labels[index] if index < len(labels) else (f"item {index}" if len(computed) > 1 else "")
            places = decimals_of(rule.tolerance)
            misses.append(f"{name + ': ' if name else ''}computed {format_exact(mine, decimals=places)}, "
                          f"stated {format_exact(stated)}")
    how = f" within {format_exact(rule.tolerance)}" if rule.tolerance else ""
    if not misses:
        if len(computed) > 1:
            return SUPPORTED, f"the computed values match every stated figure{how}"
        return SUPPORTED, f"the computed value matches the stated figure{how}"
    return CONTRADICTED, "; ".join(misses)


def decimals_of(tolerance: Fraction) -> int | None:
    """Decimal places a tolerance speaks to: 0.00005 (half a unit in the 4th place) -> 4."""
    if tolerance <= 0:
        return None
    return max(0, math.ceil(-math.log10(float(tolerance) * 2) - 1e-9))
