"""What the focal seat got under each variant, and paired comparisons between variants.

``play_variants`` returns, for every deal and variant, the deal's result (_layout.OUT_*).
Here it becomes the focal seat's view: its net jetons for the deal (antes included, at a
fresh table, so what a remise leaves on the table counts as spent), and whether it played
the contract itself and won, was remised or lost codille, or made the vole. Estimates carry
n and a 95% interval; differences between variants are paired deal by deal, so the interval
on a difference is far narrower than the two separate intervals suggest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from spadille.kernel import _layout as L

from .stats import mean_interval, wilson_interval


@dataclass(frozen=True)
class FocalView:
    """Per deal and variant (arrays [n, V]) what the focal seat saw."""

    pay: np.ndarray          # int64 net jetons of the focal seat
    declared: np.ndarray     # bool: the focal seat played the contract (ombre by its own bid)
    win: np.ndarray          # bool: declared and won
    remise: np.ndarray
    codille: np.ndarray
    vole_made: np.ndarray
    vole_point: np.ndarray   # bool: declared and its side reached the vole point


def focal_view(out: np.ndarray, focal_seat: int) -> FocalView:
    ombre = out[:, :, L.OUT_OMBRE]
    declared = (ombre == focal_seat) & (out[:, :, L.OUT_CONTRACT] != L.FORCED) & (out[:, :, L.OUT_CONTRACT] != L.NO_CONTRACT)
    outcome = out[:, :, L.OUT_OUTCOME]
    return FocalView(
        pay=out[:, :, L.OUT_PAY + focal_seat],
        declared=declared,
        win=declared & (outcome == L.WIN),
        remise=declared & (outcome == L.REMISE),
        codille=declared & (outcome == L.CODILLE),
        vole_made=declared & (out[:, :, L.OUT_VOLE] == L.VOLE_MADE),
        vole_point=declared & (out[:, :, L.OUT_VOLE_DECIDER] >= 0),
    )


def mean_ci(values: np.ndarray) -> tuple[int, float, float, float]:
    """(n, mean, low, high) of integer values, from exact integer sums."""
    values = np.asarray(values, dtype=np.int64)
    n = int(values.size)
    mean, _, low, high = mean_interval(n, int(values.sum()), int((values * values).sum()))
    return n, mean, low, high


def float_mean_ci(values: np.ndarray) -> tuple[int, float, float, float]:
    values = np.asarray(values, dtype=np.float64)
    n = int(values.size)
    if n == 0:
        return 0, math.nan, math.nan, math.nan
    mean = float(values.mean())
    if n == 1:
        return 1, mean, math.nan, math.nan
    half = 1.959963984540054 * float(values.std(ddof=1)) / math.sqrt(n)
    return n, mean, mean - half, mean + half


def rate_ci(flags: np.ndarray) -> tuple[float, float, float]:
    flags = np.asarray(flags, dtype=bool)
    return wilson_interval(int(flags.sum()), int(flags.size))


def variant_table(view: FocalView, labels: list[str]) -> pd.DataFrame:
    """One row per variant: n, mean payment with its CI, and the shares (with CIs) of deals
    the focal seat declared, won, was remised, lost codille and made the vole."""
    records = []
    for index, label in enumerate(labels):
        n, mean, low, high = mean_ci(view.pay[:, index])
        record = {"action": label, "n": n, "mean_pay": mean, "pay_ci_low": low, "pay_ci_high": high}
        for name in ("declared", "win", "remise", "codille", "vole_made"):
            share, lo, hi = rate_ci(getattr(view, name)[:, index])
            record[f"p_{name}"] = share
            record[f"p_{name}_ci_low"] = lo
            record[f"p_{name}_ci_high"] = hi
        records.append(record)
    return pd.DataFrame(records)


def paired_difference(first: np.ndarray, second: np.ndarray) -> tuple[int, float, float, float]:
    """(n, mean, low, high) of first - second, deal by deal."""
    return mean_ci(np.asarray(first, dtype=np.int64) - np.asarray(second, dtype=np.int64))


def ranked(table: pd.DataFrame, view: FocalView) -> pd.DataFrame:
    """The variant table best-first, with each action's paired margin over the next one down
    (and, for the best, over the runner-up) with its CI."""
    order = table.sort_values("mean_pay", ascending=False, kind="stable").index.to_list()
    table = table.loc[order].reset_index(drop=True)
    margins, lows, highs = [], [], []
    for position, index in enumerate(order):
        if position + 1 < len(order):
            _, mean, low, high = paired_difference(view.pay[:, index], view.pay[:, order[position + 1]])
        else:
            mean = low = high = math.nan
        margins.append(mean)
        lows.append(low)
        highs.append(high)
    table.insert(1, "rank", range(1, len(order) + 1))
    table["margin_over_next"] = margins
    table["margin_ci_low"] = lows
    table["margin_ci_high"] = highs
    return table
